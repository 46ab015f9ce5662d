//! Rollout policies: how a rollout chooses each action. [`Random`] serves every game; a game adds its own
//! (Tractor's greedy policy) by implementing [`Policy`] for its state.

use crate::game::Game;
use crate::rng::Rng;

/// A way of choosing actions for the player to move.
pub trait Policy<G: Game>: Sync {
    /// A legal action of the player to move (the game must not be over).
    fn action(&self, state: &G, rng: &mut Rng) -> u8;

    /// Plays `state` to the end with this policy.
    #[inline(always)] // inlined into the CPU-specific playout kernels
    fn finish(&self, state: &mut G, rng: &mut Rng) {
        while !state.is_terminal() {
            let action = self.action(state, rng);
            state.apply_unchecked(action);
        }
    }
}

/// Uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Random;

impl<G: Game> Policy<G> for Random {
    #[inline(always)]
    fn action(&self, state: &G, rng: &mut Rng) -> u8 {
        state.random_action(rng)
    }
}
