//! Errors of reading the text form of an action.

use std::fmt;

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
