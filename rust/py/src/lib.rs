//! tricktaker's Python bindings: a thin layer over `tricktaker-core` (conversions, errors, numpy, the GIL).
//!
//! Every game is a submodule of `_core` (`_core.sheepshead`, `_core.tractor`) whose protocol methods, `Rules`
//! class and batch functions come from the generic code of [`game`]; its own file adds only what is
//! particular to it.

use pyo3::prelude::*;

mod args;
mod batch;
mod card;
mod errors;
mod game;
mod package;
mod search;
mod sheepshead;
mod tractor;
mod tractor_round;
mod vector;

/// Adds the game module `name`, filled by `fill`, to `_core`, and to `sys.modules` as `tricktaker._core.name`
/// so that it imports like any module.
fn add_game(
    m: &Bound<'_, PyModule>,
    name: &str,
    fill: fn(&Bound<'_, PyModule>) -> PyResult<()>,
) -> PyResult<()> {
    let py = m.py();
    let game = PyModule::new(py, &format!("tricktaker._core.{name}"))?;
    fill(&game)?;
    m.add_submodule(&game)?;
    py.import("sys")?.getattr("modules")?.set_item(format!("tricktaker._core.{name}"), &game)?;
    Ok(())
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // numpy's C API is loaded here, once: loaded lazily by the first array made, a Ctrl-C arriving just then
    // would surface as a panic of the numpy crate in the middle of some call.
    numpy::PyArray1::<f32>::zeros(m.py(), 0, false);
    m.add_class::<card::Card>()?;
    m.add_class::<game::RuleOption>()?;
    add_game(m, "sheepshead", sheepshead::register)?;
    add_game(m, "tractor", tractor_round::register)?;
    add_game(m, "search", search::register)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_THREADS", tricktaker_core::parallel::max_threads())?;
    m.add("MAX_BATCH_BYTES", args::MAX_BATCH_BYTES)?;
    Ok(())
}
