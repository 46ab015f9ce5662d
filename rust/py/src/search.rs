//! Native search from Python: PIMC and ISMCTS of `tricktaker-core`'s `search`, for any game, the GIL
//! released. Each game's module gets `pimc` and `ismcts` from `game_functions!`; `_core.search` holds
//! the limits.

use crate::args::{action_arg, items, seat_arg, seed_arg, threads_arg, Int};
use crate::errors::{self, Result};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;
use std::time::{Duration, Instant};
use tricktaker_core::game::{Game, Information};
use tricktaker_core::search::{self, NamedEvaluators, SearchError};

/// A search's refusal or failure as the exception of its kind.
pub fn search_error(e: SearchError) -> PyErr {
    let message = e.to_string();
    match e {
        SearchError::IllegalLine { .. } => errors::IllegalActionError::new_err(message),
        SearchError::Resample { .. } => errors::ResampleError::new_err(message),
        SearchError::Batch(b) => errors::batch_error(b),
        _ => errors::ArgumentError::new_err(message),
    }
}

/// The seat a search is for: `player`, or the seat to act.
fn player_arg<G: Game>(state: &G, player: Option<Int>) -> PyResult<u8> {
    match player {
        Some(p) => seat_arg(p, "player", state.num_players()),
        None => state.current_player().ok_or_else(|| search_error(SearchError::Terminal)),
    }
}

/// Candidate lines: a sequence of sequences of action ids.
fn lines_arg<G: Game>(lines: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<u8>>> {
    items(lines, "lines", search::MAX_CANDIDATES)?
        .iter()
        .map(|line| {
            items(line, "a line", search::MAX_LINE)?
                .iter()
                .map(|a| action_arg::<G>(a.extract::<Int>()?))
                .collect::<PyResult<Vec<u8>>>()
        })
        .collect()
}

/// `G`'s `pimc`: `(lines, mean, stderr, worlds, values)`.
#[allow(clippy::too_many_arguments)]
pub fn pimc<'py, G: NamedEvaluators>(
    py: Python<'py>,
    state: G,
    player: Option<Int>,
    worlds: Int,
    evaluator: &str,
    policy: &str,
    rollouts: Int,
    lines: Option<&Bound<'py, PyAny>>,
    seed: Int,
    threads: Option<Int>,
) -> Result<Bound<'py, PyTuple>> {
    let player = player_arg(&state, player)?;
    let worlds: usize = worlds.within("worlds", 1, search::MAX_WORLDS as i128)?;
    let rollouts: u32 = rollouts.within("rollouts", 1, i128::from(search::MAX_ROLLOUTS))?;
    let policy = crate::args::policy_arg::<G>(policy)?;
    let evaluator = G::named_evaluator(evaluator, policy, rollouts).ok_or_else(|| {
        errors::ArgumentError::new_err(format!(
            "{evaluator:?} is not an evaluator of {}: the evaluators are {}",
            G::NAME,
            G::EVALUATORS.join(", ")
        ))
    })?;
    let lines = lines.map(lines_arg::<G>).transpose()?;
    let (seed, threads) = (seed_arg(seed)?, threads_arg(threads)?);
    let found = py
        .detach(|| search::pimc(&state, player, worlds, &evaluator, lines.as_deref(), seed, threads))
        .map_err(search_error)?;
    let n = found.lines.len();
    let values = PyArray1::from_vec(py, found.values).reshape([found.worlds, n])?;
    Ok(PyTuple::new(
        py,
        [
            found
                .lines
                .iter()
                .map(|l| l.iter().map(|&a| u16::from(a)).collect::<Vec<u16>>())
                .collect::<Vec<_>>()
                .into_bound_py_any(py)?,
            PyArray1::from_vec(py, found.mean).into_any(),
            PyArray1::from_vec(py, found.stderr).into_any(),
            found.worlds.into_bound_py_any(py)?,
            values.into_any(),
        ],
    )?)
}

/// `G`'s `ismcts`: `(actions, visits, values, simulations, nodes)`.
#[allow(clippy::too_many_arguments)]
pub fn ismcts<'py, G: Information>(
    py: Python<'py>,
    state: G,
    player: Option<Int>,
    simulations: Int,
    seconds: Option<f64>,
    exploration: f64,
    policy: &str,
    seed: Int,
    threads: Option<Int>,
) -> Result<Bound<'py, PyTuple>> {
    let player = player_arg(&state, player)?;
    let simulations: u64 = simulations.within("simulations", 1, i128::from(search::MAX_SIMULATIONS))?;
    let deadline = match seconds {
        None => None,
        Some(s) if s.is_finite() && s > 0.0 && s < 1e6 => Some(Instant::now() + Duration::from_secs_f64(s)),
        Some(s) => {
            return Err(errors::ArgumentError::new_err(format!(
                "seconds must be a positive number below 1e6, or None, not {s}"
            ))
            .into())
        }
    };
    let mut config =
        search::IsmctsConfig::new(simulations, crate::args::policy_arg::<G>(policy)?, seed_arg(seed)?);
    config.deadline = deadline;
    config.exploration = exploration;
    config.threads = threads_arg(threads)?;
    let found = py.detach(|| search::ismcts(&state, player, &config)).map_err(search_error)?;
    Ok(PyTuple::new(
        py,
        [
            found.actions.iter().map(|&a| u16::from(a)).collect::<Vec<u16>>().into_bound_py_any(py)?,
            PyArray1::from_vec(py, found.visits).into_any(),
            PyArray1::from_vec(py, found.values).into_any(),
            found.simulations.into_bound_py_any(py)?,
            found.nodes.into_bound_py_any(py)?,
        ],
    )?)
}

/// The `search` submodule of `_core`: the limits of a search.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MAX_WORLDS", search::MAX_WORLDS)?;
    m.add("MAX_SIMULATIONS", search::MAX_SIMULATIONS)?;
    m.add("MAX_CANDIDATES", search::MAX_CANDIDATES)?;
    m.add("MAX_LINE", search::MAX_LINE)?;
    m.add("MAX_ROLLOUTS", search::MAX_ROLLOUTS)?;
    m.add("DEFAULT_EXPLORATION", search::DEFAULT_EXPLORATION)?;
    Ok(())
}
