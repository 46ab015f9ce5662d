//! Batches of games run in Rust with the GIL released, and observations, handed back as numpy arrays.

use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyAny;
use tricktaker_core::Game;

/// Runs `play(threads)` without the GIL and returns its `n × width` numbers as an `(n, width)` int32 array.
pub fn to_numpy<'py>(
    py: Python<'py>,
    n: usize,
    width: usize,
    threads: Option<usize>,
    play: impl FnOnce(Option<usize>) -> Vec<i32> + Send,
) -> PyResult<Bound<'py, PyAny>> {
    let out = py.detach(|| play(threads));
    Ok(PyArray1::from_vec(py, out).reshape([n, width])?.into_any())
}

/// An observation as a new float32 array, or copied into `out` (which must be C-contiguous of the same length).
pub fn observation_out<'py>(
    py: Python<'py>,
    values: &[f32],
    out: Option<Bound<'py, PyArray1<f32>>>,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let Some(array) = out else { return Ok(PyArray1::from_slice(py, values)) };
    {
        let mut view = array
            .try_readwrite()
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("out is not writable: {e}")))?;
        let slice = view.as_slice_mut().map_err(|_| {
            pyo3::exceptions::PyValueError::new_err("out must be a C-contiguous float32 array")
        })?;
        if slice.len() != values.len() {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "out must have shape ({},), not ({},)",
                values.len(),
                slice.len()
            )));
        }
        slice.copy_from_slice(values);
    }
    Ok(array)
}

/// The observations of many states, one row each, as an `(n, OBSERVATION_SIZE)` float32 array (or into `out`).
pub fn observations_out<'py, G: Game>(
    py: Python<'py>,
    states: &[(&G, u8)],
    out: Option<Bound<'py, numpy::PyArray2<f32>>>,
) -> PyResult<Bound<'py, PyAny>> {
    let width = G::OBSERVATION_SIZE;
    let mut values = vec![0.0f32; states.len() * width];
    for ((state, seat), row) in states.iter().zip(values.chunks_exact_mut(width)) {
        state.observe(*seat, row);
    }
    let Some(array) = out else {
        return Ok(PyArray1::from_vec(py, values).reshape([states.len(), width])?.into_any());
    };
    let shape = array.shape().to_vec();
    if shape != [states.len(), width] {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "out must have shape ({}, {width}), not {shape:?}",
            states.len()
        )));
    }
    {
        let mut view = array
            .try_readwrite()
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("out is not writable: {e}")))?;
        let slice = view.as_slice_mut().map_err(|_| {
            pyo3::exceptions::PyValueError::new_err("out must be a C-contiguous float32 array")
        })?;
        slice.copy_from_slice(&values);
    }
    Ok(array.into_any())
}
