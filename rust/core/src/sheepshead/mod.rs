//! Sheepshead (`docs/rules/sheepshead.md`): 5 players, 32 cards, picker and blind, called ace, leaster.
//!
//! One module per concept: [`cards`] (the deck, card sets), [`ranking`] (suits and trick winners),
//! [`rules`] (options), [`actions`] (numbered decisions), [`state`] (the hand), [`position`] (a hand set up in the card play), [`scoring`] (settlement),
//! [`information`] (what a seat knows: keys, observations, resampling), [`saving`] (a hand's start in a save),
//! [`display`] (the table as text). The hand is a [`crate::game::Game`] (in [`state`]), with its
//! [`crate::game::Information`], [`crate::game::Summary`] (in [`scoring`]) and [`crate::game::Saved`], so that
//! everything generic — batches, rollouts, saves, the conformance suite, the bindings — serves it.

pub mod actions;
pub mod cards;
pub mod display;
pub mod evaluate;
pub mod greedy;
pub mod information;
pub mod position;
pub mod ranking;
pub mod rules;
pub mod saving;
pub mod scoring;
pub mod solver;
pub mod state;

pub use actions::{Action, NUM_ACTIONS};
pub use cards::{CardSet, SCard};
pub use position::Position;
pub use rules::Rules;
pub use state::{Deal, Phase, State, NUM_PLAYERS};
