//! tricktaker's Python bindings: a thin layer over `tricktaker-core` (conversions, errors, numpy, the GIL).

use pyo3::prelude::*;

mod args;
mod batch;
mod card;
mod errors;
mod sheepshead;
mod tractor;
mod tractor_round;
mod vector;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<card::Card>()?;
    sheepshead::register(m)?;
    tractor::register(m)?;
    tractor_round::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
