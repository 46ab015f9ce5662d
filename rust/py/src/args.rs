//! Arguments every game's bindings read the same way: ints (seeds, seats, counts, threads, action ids), rule
//! objects, policies and save texts. Every check happens before anything is allocated or spawned, and every
//! refusal is a typed error naming the argument and its bound: `ArgumentTypeError` (a `TypeError`) for a value
//! that is not an int or is a `bool`, `ArgumentError` (a `ValueError`) for an int out of range.

use crate::errors::{self, ArgumentError, ArgumentTypeError, Result};
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::PyClass;
use tricktaker_core::Game;

/// The most bytes a batch's result may take (`random_playouts`, `playouts`, `resamples`, `VectorState`…):
/// 1 GiB, e.g. 53 million Sheepshead hands of returns. Larger batches are refused before anything runs; run
/// them in several calls.
pub const MAX_BATCH_BYTES: usize = 1 << 30;

/// A value's `repr` for an error message, cut to 60 characters; a value whose `repr` fails (an int of more
/// than 4300 digits, a list nested too deep) is "that value".
pub fn repr(obj: &Bound<'_, PyAny>) -> String {
    let text = obj.repr().map(|r| r.to_string()).unwrap_or_else(|_| "that value".into());
    if text.chars().count() > 60 {
        format!("{}…", text.chars().take(57).collect::<String>())
    } else {
        text
    }
}

/// An int argument as Python passed it: an `int` or anything with `__index__` (a numpy integer), never a
/// `bool`. Its range is checked where it is used, by [`Int::within`], which names the argument.
#[derive(Clone, Copy, Debug)]
pub struct Int {
    /// The value, or `None` for an int beyond ±2**127 (out of every range).
    value: Option<i128>,
    negative: bool,
}

impl Int {
    pub const fn new(value: i128) -> Int {
        Int { value: Some(value), negative: value < 0 }
    }

    /// The value as a `T` if it lies in `lo..=hi`; otherwise an `ArgumentError` saying `name` must lie there.
    pub fn within<T: TryFrom<i128>>(self, name: &str, lo: i128, hi: i128) -> PyResult<T> {
        self.within_or(name, lo, hi, "")
    }

    /// [`Int::within`], with `why` (the reason for the bound) added to the error's text.
    pub fn within_or<T: TryFrom<i128>>(self, name: &str, lo: i128, hi: i128, why: &str) -> PyResult<T> {
        self.value.filter(|v| (lo..=hi).contains(v)).and_then(|v| T::try_from(v).ok()).ok_or_else(|| {
            ArgumentError::new_err(format!("{name} must be an int from {lo} to {hi}, not {self}{why}"))
        })
    }

    /// The value if it fits an `i128` (an action id, say, whose range error is the caller's).
    pub fn value(self) -> Option<i128> {
        self.value
    }
}

impl std::fmt::Display for Int {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.value {
            Some(v) => write!(f, "{v}"),
            None if self.negative => write!(f, "an int below -2**127"),
            None => write!(f, "an int above 2**127"),
        }
    }
}

impl<'py> FromPyObject<'_, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Int> {
        // The common case first, as cheap as reading an `i64` (a `bool` is never an exact `int`).
        if obj.is_exact_instance_of::<pyo3::types::PyInt>() {
            if let Ok(v) = obj.extract::<i64>() {
                return Ok(Int::new(v.into()));
            }
        }
        let type_error = || {
            let kind = obj.get_type().name().map(|n| n.to_string()).unwrap_or_default();
            ArgumentTypeError::new_err(format!("expected an int, not {kind} {}", repr(&obj)))
        };
        if obj.is_instance_of::<pyo3::types::PyBool>() {
            return Err(type_error());
        }
        match obj.extract::<i128>() {
            Ok(v) => Ok(Int::new(v)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                let negative = obj.lt(0).unwrap_or(false);
                Ok(Int { value: None, negative })
            }
            Err(e) if e.is_instance_of::<PyTypeError>(obj.py()) => Err(type_error()),
            Err(e) => Err(e),
        }
    }
}

/// A seed: any int from 0 to 2**64 - 1.
pub fn seed_arg(seed: Int) -> PyResult<u64> {
    seed.within("seed", 0, u64::MAX.into())
}

/// A seat of a table of `players`, the argument called `name` (`player`, `seat`, `dealer`…).
pub fn seat_arg(seat: Int, name: &str, players: usize) -> PyResult<u8> {
    seat.within(name, 0, players as i128 - 1)
}

/// An action id of game `G`: any int that is no id of the game is an illegal action.
pub fn action_arg<G: Game>(action: Int) -> PyResult<u8> {
    action.value().and_then(|a| u8::try_from(a).ok()).filter(|&a| usize::from(a) < G::NUM_ACTIONS).ok_or_else(
        || {
            errors::IllegalActionError::new_err(format!(
                "illegal action {action}: action ids run from 0 to {}",
                G::NUM_ACTIONS - 1
            ))
        },
    )
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
        errors::Error::Python(ArgumentError::new_err(format!(
            "{name:?} is not a rollout policy of {}",
            G::NAME
        )))
    })
}

/// A count `name` of things of `item_bytes` bytes each (the `n` of a batch): from 0 to as many as fit in
/// [`MAX_BATCH_BYTES`].
pub fn count_arg(n: Int, name: &str, item_bytes: usize) -> PyResult<usize> {
    let most = MAX_BATCH_BYTES / item_bytes.max(1);
    let why = format!(" (a batch may take at most {} MiB: run more in several calls)", MAX_BATCH_BYTES >> 20);
    n.within_or(name, 0, most as i128, &why)
}

/// `threads`: from 1 to [`tricktaker_core::parallel::max_threads`] (4 a core), or `None` for one per core.
pub fn threads_arg(threads: Option<Int>) -> PyResult<Option<usize>> {
    let most = tricktaker_core::parallel::max_threads();
    let why = format!(" (4 threads for each of the {} cores)", most / 4);
    threads.map(|t| t.within_or("threads", 1, most as i128, &why)).transpose()
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

/// The items of the iterable argument `name`, at most `most` of them: an iterable with more (an endless
/// generator, say) is refused at item `most + 1`.
pub fn items<'py>(obj: &Bound<'py, PyAny>, name: &str, most: usize) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let mut out = Vec::new();
    for item in obj.try_iter()? {
        if out.len() == most {
            return Err(ArgumentError::new_err(format!("{name} must have at most {most} items")));
        }
        out.push(item?);
    }
    Ok(out)
}

/// `limit`: how many items an enumeration may list (`None`: all); a negative one is refused.
pub fn limit_arg(limit: Option<Int>) -> PyResult<Option<usize>> {
    limit.map(|l| l.within("limit", 0, i128::from(u64::MAX))).transpose()
}

/// The items an enumeration would list, `count()` of them, against `limit` (counted only when there is a
/// limit): a `LimitExceededError` past it, saying how to count them instead.
pub fn check_limit(
    limit: Option<usize>,
    count: impl FnOnce() -> usize,
    what: &str,
    counter: &str,
) -> PyResult<()> {
    let Some(limit) = limit else { return Ok(()) };
    let count = count();
    if count > limit {
        return Err(errors::LimitExceededError::new_err(format!(
            "there are {count} {what}, more than limit={limit}: pass a larger limit (or None), or count them \
             with {counter}()"
        )));
    }
    Ok(())
}

/// A text argument: a `str`, read whole even where it holds lone surrogates (they become U+FFFD, so that the
/// text is refused by whatever reads it, with that reader's typed error, rather than by the conversion).
#[derive(Clone, Debug)]
pub struct Text(pub String);

impl Text {
    pub fn new(text: &str) -> Text {
        Text(text.to_owned())
    }
}

impl std::ops::Deref for Text {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl<'py> FromPyObject<'_, 'py> for Text {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Text> {
        Ok(Text(whole_text(&obj.cast::<pyo3::types::PyString>()?.to_owned())))
    }
}

/// A Python string as Rust text, read whole: lone surrogates (which UTF-8 cannot hold) become U+FFFD.
pub fn whole_text(s: &Bound<'_, pyo3::types::PyString>) -> String {
    s.to_string_lossy().into_owned()
}
