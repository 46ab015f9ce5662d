//! The evaluators each game offers PIMC by name, so that a binding or a bot chooses one by its text:
//! `"rollouts"` for every game (the player's return after finishing the game with a policy), and whatever
//! else the game has (an exact solver's value, rollouts scored by card points…).

use super::pimc::{Evaluator, Rollouts};
use super::SearchError;
use crate::game::{Game, Information};
use crate::policy::Policy;
use crate::rng::Rng;

/// A game's evaluators by name.
pub trait NamedEvaluators: Game + Information {
    /// Any of the game's evaluators.
    type Named: Evaluator<Self>;
    /// The names [`NamedEvaluators::named_evaluator`] knows, `"rollouts"` first.
    const EVALUATORS: &'static [&'static str];
    /// The evaluator called `name`; those that roll out finish the game `rollouts` times with `policy`.
    fn named_evaluator(name: &str, policy: Self::Policy, rollouts: u32) -> Option<Self::Named>;
}

/// One of a game's evaluators: rollouts by one of its policies (scored as the game chooses), or an evaluator
/// of its own `S` (an exact solver). A game's [`NamedEvaluators::Named`] is this type with its own `S`.
pub enum Named<G, P, S> {
    Rollouts(Rollouts<G, P>),
    Own(S),
}

impl<G: Game, P: Policy<G>, S: Evaluator<G>> Evaluator<G> for Named<G, P, S> {
    fn values(&self, world: &G, player: u8, lines: &[Vec<u8>], rng: &mut Rng, out: &mut [f64]) {
        match self {
            Named::Rollouts(r) => r.values(world, player, lines, rng, out),
            Named::Own(e) => e.values(world, player, lines, rng, out),
        }
    }
    fn work(&self) -> u64 {
        match self {
            Named::Rollouts(r) => r.work(),
            Named::Own(e) => e.work(),
        }
    }
    fn check(&self) -> Result<(), SearchError> {
        match self {
            Named::Rollouts(r) => r.check(),
            Named::Own(e) => e.check(),
        }
    }
    fn check_state(&self, state: &G) -> Result<(), SearchError> {
        match self {
            Named::Rollouts(r) => r.check_state(state),
            Named::Own(e) => e.check_state(state),
        }
    }
}
