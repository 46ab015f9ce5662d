//! Rust errors mapped to the Python exceptions of `tricktaker.errors`, in one place.

use pyo3::PyErr;
use tricktaker_core::sheepshead::rules::RulesError as CoreRulesError;
use tricktaker_core::sheepshead::state::{DealError, IllegalAction};
use tricktaker_core::CardParseError as CoreCardParseError;

pyo3::import_exception!(tricktaker.errors, CardParseError);
pyo3::import_exception!(tricktaker.errors, RulesError);
pyo3::import_exception!(tricktaker.errors, IllegalActionError);
pyo3::import_exception!(tricktaker.errors, IllegalPlayError);
pyo3::import_exception!(tricktaker.errors, InvalidStateError);
pyo3::import_exception!(tricktaker.errors, NothingToUndoError);
pyo3::import_exception!(tricktaker.errors, ResampleError);

pub fn card_parse(e: CoreCardParseError) -> PyErr {
    CardParseError::new_err(e.to_string())
}

pub fn rules(e: CoreRulesError) -> PyErr {
    RulesError::new_err(e.to_string())
}

pub fn illegal(e: IllegalAction) -> PyErr {
    IllegalActionError::new_err(e.to_string())
}

pub fn deal(e: DealError) -> PyErr {
    InvalidStateError::new_err(e.to_string())
}

pub fn nothing_to_undo() -> PyErr {
    NothingToUndoError::new_err("no action to undo: the state is as dealt")
}
