//! The shape every game has: the search protocol of `docs/design.md`, written once.
//!
//! A game implements the required methods of [`Game`] (the state machine), [`Information`] (what a seat knows),
//! [`Summary`] and [`Saved`]; the provided ones (legal actions as ids, legality, `apply` that refuses with the
//! reason, random actions) follow from them. Everything generic — batches of
//! random games and rollouts ([`crate::playout`]), rollout policies ([`crate::policy`]), saves
//! ([`crate::save`]), the conformance suite ([`crate::conformance`]) and the Python bindings — is written over
//! this trait with static dispatch, so a new game or a variant gets all of it by implementing it.

use crate::bits::{ones128, select128};
use crate::error::{ActionParseError, IllegalAction, InvalidState, ResampleError};
use crate::options::RuleOptions;
use crate::policy::Policy;
use crate::rng::Rng;

/// One game (a hand, a round) as a state machine over numbered actions. What each seat knows of it
/// ([`Information`]), what a finished game comes to ([`Summary`]) and how it is saved ([`Saved`]) are traits of
/// their own, each implemented in the game's module of that concept; a game implements all four.
pub trait Game: Clone + PartialEq + Send + Sync + Sized + 'static {
    /// The rule options (declared with `rule_options!`).
    type Rules: RuleOptions;
    /// The rollout policies the game offers, by name (`"random"` always among them).
    type Policy: Policy<Self> + Copy + Send + Sync;

    /// The game's name as saves and errors spell it (`"sheepshead"`).
    const NAME: &'static str;
    /// Action ids run from 0 to `NUM_ACTIONS - 1`; a legal-action mask has one bit per id.
    const NUM_ACTIONS: usize;

    /// Game `index` of a batch seeded with `seed` is `deal(derive_seed(seed, index), rules)`: a fresh game of
    /// the default setup (dealer 0, round 1…). It depends on the seed and the rules only.
    fn deal(seed: u64, rules: Self::Rules) -> Self;
    fn rules(&self) -> Self::Rules;
    /// Seats at the table under `rules` (a game may seat a different number under different options).
    fn seats(rules: &Self::Rules) -> usize;
    /// Seats at this game's table.
    fn num_players(&self) -> usize {
        Self::seats(&self.rules())
    }
    /// The seat to act, `None` once the game is over.
    fn current_player(&self) -> Option<u8>;
    /// The legal actions as a mask: bit `a` is set when action `a` is legal. Zero once the game is over.
    fn legal_mask(&self) -> u128;
    /// Applies an action known to be legal (anything else may corrupt the state).
    fn apply_unchecked(&mut self, action: u8);
    /// Why `action` is not legal now (it is not).
    fn why_illegal(&self, action: u32) -> String;
    /// Takes back the last action; `false` if there is none.
    fn undo(&mut self) -> bool;
    /// Zero-sum payoffs of the `num_players()` seats, zeros before the end.
    fn returns(&self) -> &[i32];
    /// The actions applied so far.
    fn history(&self) -> &[u8];
    /// The text form of action `action` (a valid id) in this state: `"play 10D"`.
    fn action_text(&self, action: u8) -> String;
    /// The action a text names in this state (legal or not).
    fn parse_action(&self, text: &str) -> Result<u8, ActionParseError>;
    /// The policy called `name`.
    fn policy(name: &str) -> Option<Self::Policy>;

    /// A legal action, uniformly at random (the game must not be over). A game may override it with a faster
    /// draw of the same distribution.
    #[inline(always)]
    fn random_action(&self, rng: &mut Rng) -> u8 {
        let mask = self.legal_mask();
        select128(mask, rng.below(u64::from(mask.count_ones())) as u32) as u8
    }

    fn is_terminal(&self) -> bool {
        self.current_player().is_none()
    }

    /// The legal action ids in increasing order.
    fn legal_actions(&self) -> impl Iterator<Item = u8> {
        ones128(self.legal_mask())
    }

    fn is_legal(&self, action: u32) -> bool {
        (action as usize) < Self::NUM_ACTIONS && self.legal_mask() >> action & 1 == 1
    }

    /// Applies a legal action; an illegal one is refused with the reason, and the state is unchanged.
    fn apply(&mut self, action: u32) -> Result<(), IllegalAction> {
        if !self.is_legal(action) {
            let text = u8::try_from(action)
                .ok()
                .filter(|&a| usize::from(a) < Self::NUM_ACTIONS)
                .map(|a| self.action_text(a));
            return Err(IllegalAction { action, text, reason: self.why_illegal(action) });
        }
        self.apply_unchecked(action as u8);
        Ok(())
    }

    /// Applies the action a text names, refused as [`Game::apply`] refuses.
    fn apply_text(&mut self, text: &str) -> Result<(), crate::error::Error> {
        let action = self.parse_action(text)?;
        Ok(self.apply(u32::from(action))?)
    }
}

/// What each seat knows of a game: observations, information keys, and the states it cannot tell apart.
pub trait Information: Game {
    /// The length of an observation vector under `rules` (its layout may depend on them).
    fn observation_size(rules: &Self::Rules) -> usize;
    /// What `seat` may know, written into `out` (of length `observation_size`).
    fn observe(&self, seat: u8, out: &mut [f32]);
    /// A 64-bit key, equal for two states exactly when `seat`'s information in them is equal.
    fn information_key(&self, seat: u8) -> u64;
    /// A state `seat` cannot tell from this one, every card hidden from it dealt again at random among the
    /// deals consistent with what it has seen.
    fn resample(&self, seat: u8, rng: &mut Rng) -> Result<Self, ResampleError>;
    /// `n` resamples at once (a game may read what `seat` saw once for all of them).
    fn resamples(&self, seat: u8, n: usize, rng: &mut Rng) -> Result<Vec<Self>, ResampleError> {
        (0..n).map(|_| self.resample(seat, rng)).collect()
    }
}

/// What a finished game came to, as numbers (for batches of games).
pub trait Summary: Game {
    /// The names of the numbers under `rules`: the returns first (`return_0`, …), then the game's own.
    fn summary_columns(rules: &Self::Rules) -> Vec<&'static str>;
    /// The numbers of [`Summary::summary_columns`], written into `out`.
    fn summary(&self, out: &mut [i32]);
}

/// How a game is saved: the fields, besides the game's name, the format, the rules and the history, from
/// which the state before its first action is rebuilt (see [`crate::save`]).
pub trait Saved: Game {
    fn saved_start(&self) -> Vec<(&'static str, serde_json::Value)>;
    /// The state before the first action of a save, from its fields.
    fn from_saved(
        fields: &serde_json::Map<String, serde_json::Value>,
        rules: Self::Rules,
    ) -> Result<Self, InvalidState>;
}
