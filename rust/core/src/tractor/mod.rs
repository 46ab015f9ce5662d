//! Tractor (Sheng Ji, `shared/rules/tractor.md`): the card-level rules on bitset hands.
//!
//! [`hand`] (multisets of the 108 cards), [`trump`] (effective suits and positions), [`format`] (splitting a
//! lead), [`follow`] (legal follows), [`throw`] (throw validity), [`trick`] (trick winners and points).

pub mod actions;
pub mod declare;
pub mod follow;
pub mod format;
pub mod greedy;
pub mod hand;
pub mod information;
pub mod playout;
pub mod resample;
pub mod round;
pub mod rules;
pub mod scoring;
pub mod throw;
pub mod trick;
pub mod trump;

#[cfg(test)]
mod tests;

pub use follow::FollowRules;
pub use format::{decompose, Component, Format, FormatError};
pub use hand::Hand;
pub use trump::{Trump, TrumpContext, TRUMP};
