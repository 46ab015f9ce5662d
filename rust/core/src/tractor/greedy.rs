//! A fast rule-of-thumb policy for rollouts: better judges of a position than uniformly random play, at about
//! the same speed.
//!
//! In the play phase, card by card:
//! * Leading: the highest pair of the hand's longest plain suit (both copies, then `finish`), else that suit's
//!   highest card; with only trumps, the highest trump pair or trump.
//! * Following: if the partner is winning the trick, the card with the most points (then the weakest);
//!   otherwise, on a single-card lead, the weakest card that would win the trick if the trick holds points or
//!   the card does; otherwise the card that costs least (no trump before a plain card, fewest points, then the
//!   weakest).
//!
//! With probability `EXPLORE` (and in the draw and the kitty) the action is uniformly random, so that rollouts
//! from one position differ.

use super::actions::{FINISH, PLAY};
use super::hand::Hand;
use super::round::{team, Phase, State};
use super::trick::{points, winner_with};
use super::trump::{TrumpContext, TRUMP};
use crate::cards::Card;
use crate::game::Game;
use crate::policy::{Policy, Random};
use crate::rng::Rng;

/// The chance that an action of the play is chosen at random instead.
const EXPLORE: f64 = 0.1;

/// The greedy rollout policy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Greedy;

impl Policy<State> for Greedy {
    fn action(&self, state: &State, rng: &mut Rng) -> u8 {
        greedy_action(state, rng)
    }
}

/// The policy's action for the player to move (the round must not be over).
pub fn greedy_action(state: &State, rng: &mut Rng) -> u8 {
    if state.phase() != Phase::Play || rng.uniform() <= EXPLORE {
        return state.random_action(rng);
    }
    let ctx = state.trump_context().expect("play has a trump");
    let playable = state.playable();
    let card = match state.lead() {
        None => lead_card(state, ctx, playable),
        Some(_) => Some(follow_card(state, ctx, playable)),
    };
    card.map_or(FINISH, |c| PLAY + c.id())
}

/// Tractor's rollout policies: uniformly random, or the rules of thumb of [`super::greedy`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RolloutPolicy {
    Random,
    Greedy,
}

impl Policy<State> for RolloutPolicy {
    #[inline(always)]
    fn action(&self, state: &State, rng: &mut Rng) -> u8 {
        match self {
            RolloutPolicy::Random => Random.action(state, rng),
            RolloutPolicy::Greedy => Greedy.action(state, rng),
        }
    }

    /// One choice of policy per rollout, not per action.
    #[inline(always)]
    fn finish(&self, state: &mut State, rng: &mut Rng) {
        match self {
            RolloutPolicy::Random => Random.finish(state, rng),
            RolloutPolicy::Greedy => Greedy.finish(state, rng),
        }
    }
}

fn kinds(mask: u64) -> impl Iterator<Item = Card> {
    Hand::from_masks(mask, 0).kinds_iter()
}

/// The next card of a lead, or `None` to finish it.
fn lead_card(state: &State, ctx: &TrumpContext, playable: u64) -> Option<Card> {
    let seat = usize::from(state.current_player().expect("a player to move"));
    let hand = state.hand(seat);
    match state.partial().first() {
        // The second copy of a pair being led.
        Some(c) => {
            (state.partial().len() == 1 && hand.count(c) == 2 && playable >> c.id() & 1 == 1).then_some(c)
        }
        None => {
            let plain = (0..TRUMP).max_by_key(|&s| (hand.restrict(ctx.suit_mask(s)).len(), s));
            let suit = plain.filter(|&s| !hand.restrict(ctx.suit_mask(s)).is_empty()).unwrap_or(TRUMP);
            let cards = hand.restrict(ctx.suit_mask(suit));
            let pairs = kinds(cards.pairs()).max_by_key(|&c| ctx.strength(c));
            pairs.or_else(|| kinds(cards.kinds()).max_by_key(|&c| ctx.strength(c)))
        }
    }
}

/// The next card of a follow.
fn follow_card(state: &State, ctx: &TrumpContext, playable: u64) -> Card {
    let seat = state.current_player().expect("a player to move");
    let lead = state.lead().expect("a lead to follow");
    let plays = state.trick_plays();
    let compare = state.rules().throw_compare;
    let winner = (state.leader() + winner_with(ctx, lead, plays, compare) as u8) % 4;
    let card_points = |c: Card| points(Hand::EMPTY.add(c).expect("one card"));
    if team(winner) == team(seat) {
        return kinds(playable).max_by_key(|&c| (card_points(c), u8::MAX - ctx.strength(c))).expect("a card");
    }
    if lead.size() == 1 {
        let on_table = plays.iter().map(|&p| points(p)).sum::<u32>();
        let mut with = [Hand::EMPTY; 4];
        with[..plays.len()].copy_from_slice(plays);
        let mut wins = |c: Card| {
            with[plays.len()] = Hand::EMPTY.add(c).expect("one card");
            winner_with(ctx, lead, &with[..=plays.len()], compare) == plays.len()
        };
        let winning =
            kinds(playable).filter(|&c| wins(c)).min_by_key(|&c| (ctx.is_trump(c), ctx.strength(c)));
        if let Some(c) = winning.filter(|&c| on_table + card_points(c) > 0) {
            return c;
        }
    }
    kinds(playable).min_by_key(|&c| (ctx.is_trump(c), card_points(c), ctx.strength(c))).expect("a card")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tractor::rules::Rules;

    #[test]
    fn greedy_rounds_are_legal_and_beat_random_play() {
        // Seats 0 and 2 greedy, 1 and 3 random: the greedy team's mean return is well above zero.
        let mut total = 0i64;
        for seed in 0..300u64 {
            let mut s =
                State::new(seed, Rules::default(), [2, 2], Some((seed % 2) as u8), Some((seed % 2) as u8))
                    .unwrap();
            let mut rng = Rng::new(seed);
            while !s.is_terminal() {
                let a = if s.phase() == Phase::Play && s.current_player().unwrap() % 2 == 0 {
                    greedy_action(&s, &mut rng)
                } else {
                    s.random_action(&mut rng)
                };
                s.apply(u32::from(a)).unwrap();
            }
            total += i64::from(s.returns()[0]);
        }
        assert!(total > 150, "the greedy team won only {total} over 300 rounds");
    }
}
