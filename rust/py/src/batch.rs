//! Batches of games run in Rust with the GIL released and handed back as numpy arrays.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyAny;

/// Runs `play(threads)` without the GIL and returns its `n × width` numbers as an `(n, width)` int32 array.
pub fn to_numpy<'py>(
    py: Python<'py>,
    n: usize,
    width: usize,
    threads: Option<usize>,
    play: impl FnOnce(Option<usize>) -> Vec<i32> + Send,
) -> PyResult<Bound<'py, PyAny>> {
    if threads == Some(0) {
        return Err(pyo3::exceptions::PyValueError::new_err("threads must be at least 1"));
    }
    let out = py.detach(|| play(threads));
    Ok(PyArray1::from_vec(py, out).reshape([n, width])?.into_any())
}
