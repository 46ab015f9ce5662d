//! Sheepshead's rollout policies: uniformly random, or a greedy one that plays the card play by rules of thumb
//! (a much better judge of a position than random play, for PIMC's rollouts).
//!
//! The greedy policy plays as if it saw the teams (a rollout runs in a full deal: the partner is known): when
//! its side already holds the trick it adds the most points it can (a fail card before a trump); when the
//! trick is the other side's and it can take it, it takes it with its cheapest winning card if the trick holds
//! points or it plays last, and otherwise throws its cheapest card (fewest points, then the weakest). It leads,
//! and decides the pick, the bury and the call, at random; in a leaster (everyone for itself, the fewest points
//! winning) it plays at random. One action in eight is random anyway, so that rollouts differ.

use super::actions::PLAY;
use super::cards::{CardSet, SCard};
use super::ranking::{suit_of, Ranking};
use super::state::{left, Phase, State, NUM_PLAYERS};
use crate::game::Game;
use crate::policy::{Policy, Random};
use crate::rng::Rng;

/// Sheepshead's rollout policies, by name: `"random"` and `"greedy"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RolloutPolicy {
    Random,
    Greedy,
}

/// The greedy card of the seat to act, or `None` where it plays at random (a lead, a leaster).
fn greedy_card(state: &State) -> Option<SCard> {
    let (leader, trick) = state.current_trick();
    if trick.is_empty() || state.is_leaster() {
        return None;
    }
    let seat = state.current_player()?;
    let ranking: &Ranking = state.ranking();
    let under = state.under().zip(state.called_card()).map(|(u, c)| (u, suit_of(c)));
    let led = Ranking::led_suit(trick[0], under);
    let power = |c: SCard| ranking.power_in_trick(c, led, under);
    let (best_at, best_power) = trick
        .iter()
        .enumerate()
        .map(|(i, &c)| (i, power(c)))
        .max_by_key(|&(_, p)| p)
        .expect("a card on the table");
    let side = |s: u8| state.picker() == Some(s) || state.secret_partner() == Some(s);
    let ours = side(left(leader, best_at as u8)) == side(seat);
    let playable: CardSet = state.playable();
    let cheap = |c: &SCard| (c.points(), ranking.power(*c));
    if ours {
        // Schmear: the most points, a fail card before a trump.
        return playable
            .into_iter()
            .max_by_key(|c| (c.points(), !suit_of(*c).is_trump(), std::cmp::Reverse(ranking.power(*c))));
    }
    let last = trick.len() == NUM_PLAYERS - 1;
    let on_table: u32 = trick.iter().map(|c| u32::from(c.points())).sum();
    let winners = playable.into_iter().filter(|&c| power(c) > best_power);
    if on_table > 0 || last {
        if let Some(c) = winners.min_by_key(|&c| (power(c), c.points())) {
            return Some(c);
        }
    }
    playable.into_iter().min_by_key(cheap)
}

impl Policy<State> for RolloutPolicy {
    #[inline(always)]
    fn action(&self, state: &State, rng: &mut Rng) -> u8 {
        match self {
            RolloutPolicy::Random => Random.action(state, rng),
            RolloutPolicy::Greedy => {
                if state.phase() == Phase::Play && rng.below(8) != 0 {
                    if let Some(card) = greedy_card(state) {
                        return PLAY + card.index();
                    }
                }
                Random.action(state, rng)
            }
        }
    }

    /// One choice of policy per rollout, not per action.
    #[inline(always)]
    fn finish(&self, state: &mut State, rng: &mut Rng) {
        match self {
            RolloutPolicy::Random => Random.finish(state, rng),
            RolloutPolicy::Greedy => {
                while !state.is_terminal() {
                    let action = self.action(state, rng);
                    state.apply_unchecked(action);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::derive_seed;

    #[test]
    fn the_greedy_policy_plays_only_legal_cards_and_finishes_every_hand() {
        for g in 0..2000 {
            let mut state = <State as Game>::deal(derive_seed(3, g), super::super::Rules::default());
            let mut rng = Rng::new(g);
            while !state.is_terminal() {
                let a = RolloutPolicy::Greedy.action(&state, &mut rng);
                assert!(state.is_legal(u32::from(a)), "game {g}: {a}");
                state.apply_unchecked(a);
            }
            assert_eq!(state.returns().iter().sum::<i32>(), 0);
        }
    }

    #[test]
    fn greedy_rollouts_judge_hands_better_than_random_ones() {
        // Against random defenders, a greedy picking side does better than a random one (R27 returns).
        let mut totals = [0i64; 2];
        for g in 0..3000 {
            for (k, policy) in [RolloutPolicy::Random, RolloutPolicy::Greedy].into_iter().enumerate() {
                let mut state = <State as Game>::deal(derive_seed(4, g), super::super::Rules::default());
                let mut rng = Rng::new(g);
                while !state.is_terminal() {
                    let seat = state.current_player().expect("a seat to act");
                    let side = state.picker() == Some(seat) || state.secret_partner() == Some(seat);
                    let a =
                        if side { policy.action(&state, &mut rng) } else { Random.action(&state, &mut rng) };
                    state.apply_unchecked(a);
                }
                if let Some(p) = state.picker() {
                    totals[k] += i64::from(state.returns()[p as usize]);
                }
            }
        }
        assert!(
            totals[1] > totals[0],
            "greedy picking sides won {} against random ones' {}",
            totals[1],
            totals[0]
        );
    }
}
