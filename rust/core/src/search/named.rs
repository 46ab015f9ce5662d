//! The evaluators each game offers PIMC by name, so that a binding or a bot chooses one by its text:
//! `"rollouts"` for every game (the player's return after finishing the game with a policy), and whatever
//! else the game has (an exact solver's value, rollouts scored by card points…).

use super::pimc::Evaluator;
use crate::game::{Game, Information};

/// A game's evaluators by name.
pub trait NamedEvaluators: Game + Information {
    /// Any of the game's evaluators.
    type Named: Evaluator<Self>;
    /// The names [`NamedEvaluators::named_evaluator`] knows, `"rollouts"` first.
    const EVALUATORS: &'static [&'static str];
    /// The evaluator called `name`; those that roll out finish the game `rollouts` times with `policy`.
    fn named_evaluator(name: &str, policy: Self::Policy, rollouts: u32) -> Option<Self::Named>;
}
