//! Sheepshead (`docs/rules/sheepshead.md`): 5 players, 32 cards, picker and blind, called ace, leaster.
//!
//! One module per concept: [`cards`] (the deck, card sets), [`ranking`] (suits and trick winners),
//! [`rules`] (options), [`actions`] (numbered decisions), [`state`] (the hand), [`scoring`] (settlement),
//! [`information`] (what a seat knows: keys, observations, resampling), [`game`] (the hand as a
//! [`crate::game::Game`], for everything generic: batches, rollouts, saves).

pub mod actions;
pub mod cards;
pub mod display;
pub mod game;
pub mod information;
pub mod ranking;
pub mod rules;
pub mod scoring;
pub mod state;

pub use actions::{Action, NUM_ACTIONS};
pub use cards::{CardSet, SCard};
pub use rules::Rules;
pub use state::{Deal, Phase, State, NUM_PLAYERS};
