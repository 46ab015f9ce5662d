//! Search for the player to act, written once over [`Game`] + [`Information`] with static dispatch:
//! [`pimc()`] (perfect-information Monte Carlo: candidate lines valued in sampled worlds) and [`ismcts()`]
//! (single-observer information-set MCTS, Cowling, Powley & Whitehouse 2012). Both see the hidden cards only
//! through [`Information::resample`], so they serve every phase of every game; both are reproducible from a
//! seed, and PIMC's result does not depend on the threads at all. [`NamedEvaluators`] gives each game's
//! PIMC evaluators by name.
//!
//! [`Game`]: crate::game::Game
//! [`Information`]: crate::game::Information
//! [`Information::resample`]: crate::game::Information::resample

pub mod ismcts;
pub mod named;
pub mod pimc;
#[cfg(test)]
mod tests;

pub use ismcts::{
    ismcts, most_visited, IsmctsConfig, IsmctsResult, DEFAULT_EXPLORATION, DEFAULT_MAX_NODES, MAX_NODES,
};
pub use named::{Named, NamedEvaluators};
pub use pimc::{
    pimc, return_of, Evaluator, PimcResult, Rollouts, MAX_CANDIDATES, MAX_LINE, MAX_ROLLOUTS, MAX_WORK,
    MAX_WORLDS,
};

use crate::error::ResampleError;
use crate::game::Game;
use crate::parallel::BatchError;
use std::fmt;

/// The most simulations one ISMCTS search may ask for (about an hour and a half of Sheepshead on one core).
pub const MAX_SIMULATIONS: u64 = 1_000_000_000;

/// Why a search could not run: a request it refuses (said before any work), or a failure on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The game is over: there is no decision to search.
    Terminal,
    /// `player` is not the seat to act (`to_act`).
    NotToAct { player: u8, to_act: u8 },
    /// A budget or size of zero where at least one is needed (`what` names it: "worlds", "simulations"…).
    Empty { what: &'static str },
    /// A size above its documented maximum.
    TooLarge { what: &'static str, value: u64, max: u64 },
    /// A setting that is not a size and has no acceptable value (`what` names it, `reason` says why).
    Invalid { what: &'static str, reason: String },
    /// Candidate line `index` cannot be played by `player` from the state, with the reason.
    IllegalLine { index: usize, reason: String },
    /// World `world` could not be sampled.
    Resample { world: u64, error: ResampleError },
    /// The threads could not be started, or a result's memory could not be allocated.
    Batch(BatchError),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Terminal => f.write_str("the game is over: there is no decision to search"),
            SearchError::NotToAct { player, to_act } => {
                write!(f, "player {player} is not to act (player {to_act} is)")
            }
            SearchError::Empty { what } => write!(f, "a search needs at least one of {what}"),
            SearchError::TooLarge { what, value, max } => {
                write!(f, "{value} {what} is more than a search allows ({max})")
            }
            SearchError::Invalid { what, reason } => write!(f, "{what}: {reason}"),
            SearchError::IllegalLine { index, reason } => write!(f, "candidate line {index}: {reason}"),
            SearchError::Resample { world, error } => {
                write!(f, "world {world} could not be sampled: {error}")
            }
            SearchError::Batch(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SearchError {}

impl From<BatchError> for SearchError {
    fn from(e: BatchError) -> SearchError {
        SearchError::Batch(e)
    }
}

/// `player` is the seat to act in `state` (which is not over).
fn check_to_act<G: Game>(state: &G, player: u8) -> Result<(), SearchError> {
    match state.current_player() {
        None => Err(SearchError::Terminal),
        Some(to_act) if to_act != player => Err(SearchError::NotToAct { player, to_act }),
        Some(_) => Ok(()),
    }
}

/// `value` of `what` lies in `1..=max`.
fn check_size(what: &'static str, value: u64, max: u64) -> Result<(), SearchError> {
    match value {
        0 => Err(SearchError::Empty { what }),
        v if v > max => Err(SearchError::TooLarge { what, value: v, max }),
        _ => Ok(()),
    }
}

/// A thread count, if given, lies in `1..=`[`crate::parallel::max_threads`].
fn check_threads(threads: Option<usize>) -> Result<(), SearchError> {
    match threads {
        None => Ok(()),
        Some(t) => check_size("threads", t as u64, crate::parallel::max_threads() as u64),
    }
}
