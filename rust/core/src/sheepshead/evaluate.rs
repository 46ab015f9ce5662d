//! What PIMC asks of a sampled Sheepshead deal ([`crate::search::NamedEvaluators`]): random rollouts.

use super::state::State;
use crate::policy::Random;
use crate::rng::Rng;
use crate::search::{Evaluator, NamedEvaluators, Rollouts, SearchError};

/// One of Sheepshead's PIMC evaluators.
pub enum Named {
    /// The player's mean return over random finishes.
    Rollouts(Rollouts<State, Random>),
}

impl Evaluator<State> for Named {
    fn values(&self, world: &State, player: u8, lines: &[Vec<u8>], rng: &mut Rng, out: &mut [f64]) {
        match self {
            Named::Rollouts(r) => r.values(world, player, lines, rng, out),
        }
    }
    fn work(&self) -> u64 {
        match self {
            Named::Rollouts(r) => r.work(),
        }
    }
    fn check(&self) -> Result<(), SearchError> {
        match self {
            Named::Rollouts(r) => r.check(),
        }
    }
}

impl NamedEvaluators for State {
    type Named = Named;
    const EVALUATORS: &'static [&'static str] = &["rollouts"];
    fn named_evaluator(name: &str, policy: Random, rollouts: u32) -> Option<Named> {
        match name {
            "rollouts" => Some(Named::Rollouts(Rollouts::new(policy, rollouts))),
            _ => None,
        }
    }
}
