//! Batches of games run in Rust with the GIL released, and observations, handed back as numpy arrays.

use crate::args::{count_arg, policy_arg, seed_arg, threads_arg, Int};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyAny;
use tricktaker_core::game::{Information, Summary};
use tricktaker_core::parallel::BatchError;
use tricktaker_core::playout;

/// Runs `play(threads)` without the GIL and returns its `n × width` numbers as an `(n, width)` int32 array
/// (`n` is checked against the memory budget by [`count_arg`] before this is called).
pub fn to_numpy<'py>(
    py: Python<'py>,
    n: usize,
    width: usize,
    threads: Option<usize>,
    play: impl FnOnce(Option<usize>) -> Result<Vec<i32>, BatchError> + Send,
) -> PyResult<Bound<'py, PyAny>> {
    let out = py.detach(|| play(threads)).map_err(crate::errors::batch_error)?;
    Ok(PyArray1::from_vec(py, out).reshape([n, width])?.into_any())
}

/// What a batch records of each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Record {
    /// Its returns: a number a seat.
    Returns,
    /// Its summary: the numbers of `summary_columns`.
    Summary,
}

impl Record {
    fn width<G: Summary>(self, rules: &G::Rules) -> usize {
        match self {
            Record::Returns => G::seats(rules),
            Record::Summary => G::summary_columns(rules).len(),
        }
    }

    fn write<G: Summary>(self, state: &G, row: &mut [i32]) {
        match self {
            Record::Returns => playout::write_returns(state, row),
            Record::Summary => state.summary(row),
        }
    }
}

/// `n` random games of `G` (the `random_playouts` and `random_summaries` of every game), each recorded as
/// `record` says, as an int32 array.
pub fn random_games<'py, G: Summary>(
    py: Python<'py>,
    n: Int,
    seed: Int,
    threads: Option<Int>,
    rules: G::Rules,
    record: Record,
) -> PyResult<Bound<'py, PyAny>> {
    let width = record.width::<G>(&rules);
    let (n, threads, seed) = (count_arg(n, "n", 4 * width)?, threads_arg(threads)?, seed_arg(seed)?);
    to_numpy(py, n, width, threads, |t| {
        playout::random_batch::<G>(n, seed, rules, t, width, |g, row| record.write(g, row))
    })
}

/// `state` (a copy: the caller's state stays free for other threads) finished `n` times with the policy
/// called `policy` (the `playouts` and `playout_summaries` of every game), each rollout recorded as `record`
/// says, as an int32 array.
pub fn rollouts<'py, G: Summary>(
    py: Python<'py>,
    state: G,
    n: Int,
    seed: Int,
    threads: Option<Int>,
    policy: &str,
    record: Record,
) -> crate::errors::Result<Bound<'py, PyAny>> {
    let width = record.width::<G>(&state.rules());
    let (n, threads, seed) = (count_arg(n, "n", 4 * width)?, threads_arg(threads)?, seed_arg(seed)?);
    let policy = policy_arg::<G>(policy)?;
    Ok(to_numpy(py, n, width, threads, |t| {
        playout::rollouts(&state, n, seed, &policy, t, width, |g, row| record.write(g, row))
    })?)
}

/// Copies `values` into `out`, which must be writable, C-contiguous and of their length (callers check shapes).
fn copy_into<D: numpy::ndarray::Dimension>(
    out: &Bound<'_, numpy::PyArray<f32, D>>,
    values: &[f32],
) -> PyResult<()> {
    let mut view = out
        .try_readwrite()
        .map_err(|e| crate::errors::ArgumentError::new_err(format!("out is not writable: {e}")))?;
    let slice = view
        .as_slice_mut()
        .map_err(|_| crate::errors::ArgumentError::new_err("out must be a C-contiguous float32 array"))?;
    slice.copy_from_slice(values);
    Ok(())
}

/// An observation as a new float32 array, or copied into `out` (which must be C-contiguous of the same length).
pub fn observation_out<'py>(
    py: Python<'py>,
    values: &[f32],
    out: Option<Bound<'py, PyArray1<f32>>>,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let Some(array) = out else { return Ok(PyArray1::from_slice(py, values)) };
    if array.len() != values.len() || array.ndim() != 1 {
        return Err(crate::errors::ArgumentError::new_err(format!(
            "out must have shape ({},), not {:?}",
            values.len(),
            array.shape()
        )));
    }
    copy_into(&array, values)?;
    Ok(array)
}

/// The observations of many states, one row each, as an `(n, observation size)` float32 array (or into
/// `out`); the states' rules must give one observation size.
pub fn observations_out<'py, G: Information>(
    py: Python<'py>,
    states: &[(&G, u8)],
    out: Option<Bound<'py, numpy::PyArray2<f32>>>,
) -> PyResult<Bound<'py, PyAny>> {
    let size = |s: &G| G::observation_size(&s.rules());
    let width = states.first().map_or_else(|| G::observation_size(&G::Rules::default()), |(s, _)| size(s));
    if let Some((i, _)) = states.iter().enumerate().find(|(_, (s, _))| size(s) != width) {
        return Err(crate::errors::ArgumentError::new_err(format!(
            "states[{i}] has observations of size {}, states[0] of size {width}: their rules differ in layout",
            size(states[i].0)
        )));
    }
    let mut values = vec![0.0f32; states.len() * width];
    for ((state, seat), row) in states.iter().zip(values.chunks_exact_mut(width)) {
        state.observe(*seat, row);
    }
    let Some(array) = out else {
        return Ok(PyArray1::from_vec(py, values).reshape([states.len(), width])?.into_any());
    };
    let shape = array.shape().to_vec();
    if shape != [states.len(), width] {
        return Err(crate::errors::ArgumentError::new_err(format!(
            "out must have shape ({}, {width}), not {shape:?}",
            states.len()
        )));
    }
    copy_into(&array, &values)?;
    Ok(array.into_any())
}
