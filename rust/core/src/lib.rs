//! tricktaker-core: exact, fast rules engines for Tractor and Sheepshead, in pure Rust.
//!
//! The Python package `tricktaker` wraps this crate; nothing here knows about Python.

pub mod bits;
pub mod cards;
pub mod options;
pub mod parallel;
pub mod rng;
pub mod sheepshead;
pub mod text;
pub mod tractor;

pub use cards::{Card, CardParseError, Rank, Suit};
