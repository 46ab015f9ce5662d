//! Arguments every game's bindings read the same way: seeds, seats, action ids, rule objects, policies.

use crate::errors::{self, Result};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::PyClass;
use tricktaker_core::Game;

fn repr(obj: &Bound<'_, PyAny>) -> String {
    obj.repr().map(|r| r.to_string()).unwrap_or_default()
}

/// A seed: any int from 0 to 2**64 - 1.
pub fn seed_arg(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    seed.extract::<u64>().map_err(|_| {
        PyValueError::new_err(format!("seed must be an int from 0 to 2**64 - 1, not {}", repr(seed)))
    })
}

/// A seat of game `G`.
pub fn seat_arg<G: Game>(seat: i64) -> PyResult<u8> {
    u8::try_from(seat)
        .ok()
        .filter(|&s| usize::from(s) < G::NUM_PLAYERS)
        .ok_or_else(|| PyValueError::new_err(format!("seat must be 0-{}, not {seat}", G::NUM_PLAYERS - 1)))
}

/// An action id of game `G` (any other int is an illegal action).
pub fn action_arg<G: Game>(action: i64) -> PyResult<u8> {
    u8::try_from(action).ok().filter(|&a| usize::from(a) < G::NUM_ACTIONS).ok_or_else(|| {
        errors::IllegalActionError::new_err(format!(
            "illegal action {action}: action ids run from 0 to {}",
            G::NUM_ACTIONS - 1
        ))
    })
}

/// A game's `Rules` object (`None`: the defaults); anything else raises `RulesError` naming `expected`.
pub fn rules_arg<T: PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Copy + Default + Sync>(
    rules: Option<&Bound<'_, PyAny>>,
    expected: &str,
) -> PyResult<T> {
    match rules {
        None => Ok(T::default()),
        Some(r) => r.cast::<T>().map(|r| *r.get()).map_err(|_| {
            errors::RulesError::new_err(format!(
                "rules must be a {expected}, not {}",
                r.get_type().name().map(|n| n.to_string()).unwrap_or_default()
            ))
        }),
    }
}

/// A rollout policy of game `G` by name.
pub fn policy_arg<G: Game>(name: &str) -> Result<G::Policy> {
    G::policy(name).ok_or_else(|| {
        errors::Error::Python(PyValueError::new_err(format!(
            "{name:?} is not a rollout policy of {}",
            G::NAME
        )))
    })
}

/// A count `what` (`n` of a batch): a non-negative int; a bool or anything else is refused.
pub fn count_arg(n: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    let refuse = || PyValueError::new_err(format!("{what} must be a non-negative int, not {}", repr(n)));
    if n.is_instance_of::<pyo3::types::PyBool>() {
        return Err(refuse());
    }
    n.extract::<usize>().map_err(|_| refuse())
}

/// `threads`: a positive int, or `None` for one per core.
pub fn threads_arg(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let Some(t) = threads.filter(|t| !t.is_none()) else { return Ok(None) };
    let refuse = || PyValueError::new_err(format!("threads must be a positive int or None, not {}", repr(t)));
    if t.is_instance_of::<pyo3::types::PyBool>() {
        return Err(refuse());
    }
    t.extract::<usize>().ok().filter(|&t| t > 0).map(Some).ok_or_else(refuse)
}

/// The text of a save: a `str`, or `bytes`/`bytearray` of UTF-8 (a byte-order mark is skipped). Anything else,
/// or text that is not Unicode, is an `InvalidStateError`.
pub fn save_text(text: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let invalid = |why: String| errors::InvalidStateError::new_err(format!("corrupted saved game: {why}"));
    let bytes: Vec<u8> = if let Ok(s) = text.cast::<pyo3::types::PyString>() {
        s.to_str().map_err(|e| invalid(format!("the text is not Unicode: {e}")))?.as_bytes().to_vec()
    } else if let Ok(b) = text.cast::<pyo3::types::PyBytes>() {
        b.as_bytes().to_vec()
    } else if let Ok(b) = text.cast::<pyo3::types::PyByteArray>() {
        b.to_vec()
    } else {
        return Err(invalid(format!("a save is a str or bytes, not {}", text.get_type().name()?)));
    };
    Ok(match bytes.strip_prefix("\u{feff}".as_bytes()) {
        Some(rest) => rest.to_vec(),
        None => bytes,
    })
}
