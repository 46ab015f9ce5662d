//! Sheepshead's rollout policies: uniformly random, or a greedy one that plays the card play by rules of thumb
//! (a much better judge of a position than random play, for PIMC's rollouts).
//!
//! The greedy policy plays as if it saw the teams (a rollout runs in a full deal: the partner is known): when
//! its side already holds the trick it adds the most points it can (a fail card before a trump); when the
//! trick is the other side's and it can take it, it takes it with its cheapest winning card if the trick holds
//! points or it plays last, and otherwise throws its cheapest card (fewest points, then the weakest). It leads at
//! random, and in a leaster (everyone for itself, the fewest points winning) it plays at random. One card in
//! eight is random anyway, so that rollouts differ.
//!
//! The pick, the bury, the call and the under it decides by rules of thumb, [`bidding_action`] (the Python
//! package's `SheepsheadHeuristicBot` bids through it, as `sheepshead.bidding_action`): pick with at
//! least four trumps or two queens (R10); bury the fail cards with the most points, keeping the lowest card of
//! the shortest fail suit without its ace in hand (the hold card), and a trump only when nothing else is left
//! (R11); call the first ace offered, else the first ten, else go alone (R14, R15); lay the cheapest card as the
//! under (R16). So PIMC over those decisions (`SolverPIMCBot`) sees each world played on by seats that decide
//! them as that bot does.

use super::actions::{
    ALONE, BLITZ, BURY, CALL, CALLABLE, CALL_UP, CRACK, FIRST_TRICK, JACK_PARTNER, PASS, PICK, PLAY, RECRACK,
    UNDER,
};
use super::cards::{CardSet, SCard};
use super::ranking::{suit_of, ESuit, Ranking};
use super::state::{Phase, State};
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
    if trick.is_empty() || state.all_pass_game().is_some() {
        return None;
    }
    let seat = state.current_player()?;
    let ranking: &Ranking = state.ranking();
    let under = state.under().zip(state.called_card()).map(|(u, c)| (u, suit_of(c)));
    let led = Ranking::led_suit(trick[0], under);
    let power = |c: SCard| ranking.power_in_trick(c, led, under);
    // The card holding the trick so far; after a lone led under (V11.3), the seat to act's own.
    let best_at = super::ranking::trick_winner(ranking, trick, under);
    let best_power = trick.get(best_at).map_or(0, |&c| power(c));
    let team = state.side();
    let side = |s: u8| team >> s & 1 == 1;
    let ours = side(state.seating().after(leader, best_at as u8)) == side(seat);
    let playable: CardSet = state.playable();
    let cheap = |c: &SCard| (c.points(), ranking.power(*c));
    if ours {
        // Schmear: the most points, a fail card before a trump.
        return playable
            .into_iter()
            .max_by_key(|c| (c.points(), !suit_of(*c).is_trump(), std::cmp::Reverse(ranking.power(*c))));
    }
    let last = trick.len() + 1 == usize::from(state.seating().active());
    let on_table: u32 = trick.iter().map(|c| u32::from(c.points())).sum();
    let winners = playable.into_iter().filter(|&c| power(c) > best_power);
    if on_table > 0 || last {
        if let Some(c) = winners.min_by_key(|&c| (power(c), c.points())) {
            return Some(c);
        }
    }
    playable.into_iter().min_by_key(cheap)
}

/// The rule-of-thumb pick, bury, call or under of the seat to act (`None` in the card play).
pub fn bidding_action(state: &State) -> Option<u8> {
    let seat = state.current_player()?;
    let hand = state.hand(seat as usize);
    let ranking: &Ranking = state.ranking();
    let is_trump = |c: SCard| suit_of(c).is_trump();
    let cheap = |c: &SCard| (c.points(), ranking.power(*c));
    match state.phase() {
        Phase::Pick => {
            // R10: two thirds of the hand in trumps (four of six) or two queens; V20: the forced picker picks.
            let trumps = hand.into_iter().filter(|&c| is_trump(c)).count();
            let queens = hand.into_iter().filter(|c| c.rank() == QUEEN).count();
            let strong = 3 * trumps >= 2 * state.num_tricks() || queens >= 2;
            Some(if strong || !state.is_legal(u32::from(PASS)) { PICK } else { PASS })
        }
        Phase::Bury => {
            // R11: keep a hold card, the lowest of the shortest fail suit whose ace is not in hand.
            let hold = [ESuit::CLUBS, ESuit::SPADES, ESuit::HEARTS]
                .into_iter()
                .filter(|&s| !hand.contains(SCard::of(s.plain(), ACE)))
                .map(|s| hand.intersection(s.cards()))
                .filter(|cards| !cards.is_empty())
                .min_by_key(|cards| cards.len())
                .and_then(|cards| cards.into_iter().min_by_key(|&c| ranking.power(c)));
            // The most points among the other fail cards, then the hold card, then the weakest trump.
            let key = |c: SCard| match () {
                _ if is_trump(c) => (0, -i32::from(ranking.power(c)), 0),
                _ if Some(c) == hold => (1, 0, 0),
                _ => (2, i32::from(c.points()), i32::from(ranking.power(c))),
            };
            first_max(hand, key).map(|c| BURY + c.index())
        }
        Phase::Call => {
            // V13, V14: the jack's holder, a call up, the first trick's winner; R14, R15: the first ace offered
            // that is not the picker's own (V12), else the first ten, else alone.
            let legal = |a: u8| state.is_legal(u32::from(a));
            if let Some(&a) = [JACK_PARTNER, CALL_UP, FIRST_TRICK].iter().find(|&&a| legal(a)) {
                return Some(a);
            }
            let (calls, _) = state.callable();
            let call =
                (0..CALLABLE.len()).find(|&k| calls.contains(CALLABLE[k]) && !hand.contains(CALLABLE[k]));
            Some(call.map_or(ALONE, |k| CALL + k as u8))
        }
        Phase::Under => hand.into_iter().min_by_key(cheap).map(|c| UNDER + c.index()),
        // V27: a pair shown doubles the stakes, and only a holder of both cards can show it.
        Phase::Blitz => Some(BLITZ + state.deciding().expect("a pair is being decided").index()),
        Phase::Crack | Phase::Recrack => {
            // V25, V26: double with half the hand in trumps and a queen among them (the partner only passes when
            // cracking; a picker or partner re-cracks on two queens).
            let trumps = hand.into_iter().filter(|&c| is_trump(c)).count();
            let queens = hand.into_iter().filter(|c| c.rank() == QUEEN).count();
            let (double, strong) = match state.phase() {
                Phase::Crack => (CRACK, 2 * trumps >= state.num_tricks() && queens >= 1),
                _ => (RECRACK, queens >= 2),
            };
            Some(if strong && state.is_legal(u32::from(double)) { double } else { PASS })
        }
        Phase::Play | Phase::Done => None,
    }
}

/// Rank indices (`SCard::rank`).
const QUEEN: u8 = 5;
const ACE: u8 = 7;

/// The first card of `cards` (in index order) with the greatest key.
fn first_max<K: Ord>(cards: CardSet, key: impl Fn(SCard) -> K) -> Option<SCard> {
    let mut best: Option<(SCard, K)> = None;
    for c in cards {
        let k = key(c);
        if best.as_ref().is_none_or(|(_, b)| k > *b) {
            best = Some((c, k));
        }
    }
    best.map(|(c, _)| c)
}

impl Policy<State> for RolloutPolicy {
    #[inline(always)]
    fn action(&self, state: &State, rng: &mut Rng) -> u8 {
        match self {
            RolloutPolicy::Random => Random.action(state, rng),
            RolloutPolicy::Greedy => {
                if state.phase() != Phase::Play {
                    if let Some(action) = bidding_action(state) {
                        return action;
                    }
                } else if rng.below(8) != 0 {
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

    /// The bidding rule's actions from `state` on, applied one after another while they are not the card play.
    fn bids(mut state: State) -> Vec<String> {
        let mut out = vec![];
        while let Some(a) = bidding_action(&state) {
            assert!(state.is_legal(u32::from(a)), "{a} is legal");
            out.push(super::super::Action::from_id(a).expect("an action").to_string());
            state.apply_unchecked(a);
        }
        assert_eq!(state.phase(), Phase::Play);
        out
    }

    fn table(hands: [&str; 5], blind: &str, rules: super::super::Rules) -> State {
        let cards = |s: &str| -> CardSet {
            s.split_whitespace()
                .map(|t| SCard::from_card(t.parse().expect("a card")).expect("in the deck"))
                .collect()
        };
        let deal =
            super::super::Deal::new(&hands.map(cards), cards(blind), &rules.form(), 4).expect("a deal");
        State::from_deal(deal, rules, 4, 1, Rng::new(0)).expect("a hand")
    }

    #[test]
    fn r10_r11_r14_bids_pick_on_four_trumps_and_bury_around_the_hold_card() {
        // Seat 0 holds four trumps (R10). With the blind: clubs 7C KC and spades 10S 8S, neither ace held, so
        // the shortest suit, clubs first on a tie, keeps its lowest card 7C as the hold card (R11); 10S, then
        // KC (the most points) go down, and the ace of the hold suit is called (R14).
        let hands = [
            "QC QS JD 9D 7C KC",
            "8C 9C 10C JC AC 7D",
            "8D 10D QD KD AD 7H",
            "8H 9H 10H JH QH KH",
            "AH 7S 9S JS KS AS",
        ];
        let state = table(hands, "10S 8S", super::super::Rules::default());
        assert_eq!(bids(state), ["pick", "bury 10S", "bury KC", "call AC"]);
    }

    #[test]
    fn r10_r16_bids_pass_short_of_the_rule_pick_on_two_queens_and_lay_the_cheapest_under() {
        // Seat 0: three trumps, one queen: pass. Seat 1: two trumps, both queens: pick (R10). It buries its two
        // richest cards (AS, 10S) and, holding no club or heart to call, goes alone (R20) or, with
        // `no_legal_call = unknown`, calls the first ace and lays its cheapest card as the under (R16).
        let hands = [
            "QC JC AD 7C 8C 9C",
            "QS QH 7S 8S 9S 10S",
            "10C KC AC 7D 8D 9D",
            "10D JD QD KD 7H 8H",
            "9H 10H JH KH AH JS",
        ];
        let alone = table(hands, "KS AS", super::super::Rules::default());
        assert_eq!(bids(alone), ["pass", "pick", "bury AS", "bury 10S", "alone"]);
        let rules = super::super::Rules {
            no_legal_call: super::super::rules::NoLegalCall::Unknown,
            ..super::super::Rules::default()
        };
        assert_eq!(
            bids(table(hands, "KS AS", rules)),
            ["pass", "pick", "bury AS", "bury 10S", "call AC", "under 7S"]
        );
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
