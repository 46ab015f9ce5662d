//! Tractor (Sheng Ji, `docs/rules/tractor.md`): 4 players in fixed partnerships, two decks and four jokers.
//!
//! The card-level rules on bitset hands: [`hand`] (multisets of the 108 cards), [`trump`] (effective suits and
//! positions), [`format`] (splitting a lead), [`follow`] (legal follows), [`throw`] (throw validity),
//! [`trick`] (trick winners and points), [`ruff`] (ruffs of a throw compared, F30). The round: [`deal`] (the
//! kitty's and the hands' sizes, F4/F5), [`declare`] (declarations, R15–R20), [`actions`]
//! (numbered decisions), [`rules`] (options), [`round`] (the state machine), [`scoring`] (R40–R47),
//! [`position`] (any play-phase position, and a round started there), [`solver`] (the last tricks solved
//! exactly), [`information`] and [`resample`] (what a seat knows), [`greedy`] (the rollout policies),
//! [`saving`] (a round's start in a save) and [`display`] (the table as text). The round is a [`crate::game::Game`] (in
//! [`round`]) with its [`crate::game::Information`], [`crate::game::Summary`] (in [`scoring`]) and
//! [`crate::game::Saved`].

pub mod actions;
pub mod deal;
pub mod declare;
pub mod display;
pub mod evaluate;
pub mod follow;
pub mod format;
pub mod greedy;
pub mod hand;
pub mod information;
pub mod position;
pub mod resample;
pub mod round;
pub mod ruff;
pub mod rules;
pub mod saving;
pub mod scoring;
pub mod solver;
pub mod throw;
pub mod trick;
pub mod trump;

#[cfg(test)]
mod tests;

pub use follow::FollowRules;
pub use format::{decompose, decompose_with, Component, Format, FormatError};
pub use hand::Hand;
pub use position::Position;
pub use trump::{Trump, TrumpContext, TRUMP};
