//! tricktaker-core: exact, fast rules engines for Tractor and Sheepshead, in pure Rust.
//!
//! Each game lives in its own folder ([`sheepshead`], [`tractor`]) and implements the [`game::Game`] trait;
//! everything generic is written once over it: [`playout`] (batches of random games and rollouts on rayon
//! threads), [`policy`] (rollout policies), [`save`] (JSON saves), [`search`] (PIMC and ISMCTS for the player
//! to act), [`conformance`] (the suite every game passes). [`options`] declares each game's rule options in
//! one table; [`error`] holds every error. The Python package `tricktaker` wraps this crate; nothing here
//! knows about Python.

pub mod bits;
pub mod cards;
pub mod conformance;
pub mod error;
pub mod game;
pub mod options;
pub mod parallel;
pub mod playout;
pub mod policy;
pub mod rng;
pub mod save;
pub mod search;
pub mod sheepshead;
pub mod tractor;

pub use cards::{Card, CardParseError, Rank, Suit};
pub use error::Error;
pub use game::Game;
