//! The core's errors mapped to the Python exceptions of `tricktaker.errors`, in one place.
//!
//! Binding functions return [`Result`]; `?` turns any core error into an [`Error`], and pyo3 raises it as
//! the exception of its kind.

use pyo3::PyErr;
use tricktaker_core::error as core;

pyo3::import_exception!(tricktaker.errors, CardParseError);
pyo3::import_exception!(tricktaker.errors, RulesError);
pyo3::import_exception!(tricktaker.errors, IllegalActionError);
pyo3::import_exception!(tricktaker.errors, IllegalPlayError);
pyo3::import_exception!(tricktaker.errors, InvalidStateError);
pyo3::import_exception!(tricktaker.errors, NothingToUndoError);
pyo3::import_exception!(tricktaker.errors, ResampleError);
pyo3::import_exception!(tricktaker.errors, ArgumentError);
pyo3::import_exception!(tricktaker.errors, ArgumentTypeError);
pyo3::import_exception!(tricktaker.errors, LimitExceededError);

/// An error of the core, or one raised by Python itself.
#[derive(Debug)]
pub enum Error {
    Core(core::Error),
    Python(PyErr),
}

/// What binding functions return.
pub type Result<T> = std::result::Result<T, Error>;

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        let core = match e {
            Error::Python(e) => return e,
            Error::Core(core) => core,
        };
        let message = core.to_string();
        match core {
            core::Error::IllegalAction(_) | core::Error::ActionParse(_) => {
                IllegalActionError::new_err(message)
            }
            core::Error::Rules(_) => RulesError::new_err(message),
            core::Error::CardParse(_) => CardParseError::new_err(message),
            core::Error::InvalidState(_) => InvalidStateError::new_err(message),
            core::Error::Resample(_) => ResampleError::new_err(message),
        }
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Error {
        Error::Python(e)
    }
}

macro_rules! from_core {
    ($($kind:ty),+) => {
        $(impl From<$kind> for Error {
            fn from(e: $kind) -> Error {
                Error::Core(e.into())
            }
        })+
    };
}
from_core!(
    core::Error,
    core::IllegalAction,
    core::RulesError,
    core::ActionParseError,
    core::CardParseError,
    core::InvalidState,
    core::ResampleError,
    tricktaker_core::sheepshead::state::DealError
);

/// `undo` at the start.
pub fn nothing_to_undo() -> PyErr {
    NothingToUndoError::new_err("no action to undo: the state is as dealt")
}

/// A batch the machine could not run: `MemoryError` for its result, `RuntimeError` for its threads.
pub fn batch_error(e: tricktaker_core::parallel::BatchError) -> PyErr {
    use tricktaker_core::parallel::BatchError;
    match e {
        BatchError::OutOfMemory { .. } => pyo3::exceptions::PyMemoryError::new_err(e.to_string()),
        BatchError::Threads(_) => pyo3::exceptions::PyRuntimeError::new_err(e.to_string()),
    }
}
