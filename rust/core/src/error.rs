//! The errors of the core, in one place: an action that may not be applied, a bad rule option, a text that
//! names no action, an impossible start or save, and a resample that found no consistent deal.
//!
//! [`Error`] gathers them for code that handles any of them (the bindings map each kind to one Python
//! exception); each kind is also its own type, so a function says exactly what it may refuse.

use std::fmt;

pub use crate::cards::CardParseError;

/// An action that may not be applied now, with the reason. `text` is the action's text form when the id names
/// an action of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAction {
    pub action: u32,
    pub text: Option<String>,
    pub reason: String,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.text {
            Some(text) => write!(f, "illegal action {} ({text}): {}", self.action, self.reason),
            None => write!(f, "illegal action {}: {}", self.action, self.reason),
        }
    }
}

impl std::error::Error for IllegalAction {}

/// A rule option that does not exist, or a value that is not one of its choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    pub option: String,
    pub message: String,
}

impl RulesError {
    /// `value` is not one of `choices` of `option`.
    pub fn not_a_choice(option: &str, value: &str, choices: &[&str]) -> RulesError {
        RulesError {
            option: option.to_owned(),
            message: format!("{option} must be one of {choices:?}, not {value:?}"),
        }
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RulesError {}

/// A text that names no action of a game, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionParseError {
    pub game: &'static str,
    pub text: String,
    pub reason: String,
}

impl fmt::Display for ActionParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a {} action: {:?} ({})", self.game, self.text, self.reason)
    }
}

impl std::error::Error for ActionParseError {}

/// A start that cannot be (bad cards, seats, levels), or a save that does not describe a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidState(pub String);

impl fmt::Display for InvalidState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidState {}

/// A resample that found no deal consistent with what the player saw within its budget of proposals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResampleError(pub String);

impl fmt::Display for ResampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ResampleError {}

/// Any error of the core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    IllegalAction(IllegalAction),
    Rules(RulesError),
    ActionParse(ActionParseError),
    CardParse(CardParseError),
    InvalidState(InvalidState),
    Resample(ResampleError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::IllegalAction(e) => e.fmt(f),
            Error::Rules(e) => e.fmt(f),
            Error::ActionParse(e) => e.fmt(f),
            Error::CardParse(e) => e.fmt(f),
            Error::InvalidState(e) => e.fmt(f),
            Error::Resample(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

macro_rules! into_error {
    ($($variant:ident($kind:ty)),+) => {
        $(impl From<$kind> for Error {
            fn from(e: $kind) -> Error {
                Error::$variant(e)
            }
        })+
    };
}
into_error!(
    IllegalAction(IllegalAction),
    Rules(RulesError),
    ActionParse(ActionParseError),
    CardParse(CardParseError),
    InvalidState(InvalidState),
    Resample(ResampleError)
);
