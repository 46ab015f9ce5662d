//! Arguments shared by both games' bindings: seeds and rule objects.

use crate::errors;
use pyo3::prelude::*;
use pyo3::PyClass;

/// A seed: any int from 0 to 2**64 - 1.
pub fn seed_arg(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    seed.extract::<u64>().map_err(|_| {
        pyo3::exceptions::PyValueError::new_err(format!(
            "seed must be an int from 0 to 2**64 - 1, not {}",
            seed.repr().map(|r| r.to_string()).unwrap_or_default()
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
