//! What a seat knows in a Tractor round: information keys and observations.
//!
//! A seat knows the cards it drew (and in which order), after which draws each drawer stopped to declare or
//! pass (R18), every declaration and the cards exposed for it (R15), every pass, the talon cards turned over
//! (R20), the talon and the discards if it is the starter (R23), every card played, including the cards of a
//! failed throw and what was led instead (R34), and the kitty once the round is over (R41). The others' hands,
//! the undrawn stack, and the kitty of another starter until the end are hidden.

use super::actions::{Action, DISCARD};
use super::hand::Hand;
use super::round::{Origin, Phase, State};
use super::rules::{KittyMultiplier, TractorFollow};
use crate::cards::Card;
use crate::error::ResampleError;
use crate::game::{Game, Information};
use crate::rng::{splitmix64, Rng};

/// Whether `seat` knows the kitty: the starter who took the talon (it knows the talon and its own discards),
/// and everyone once the round is over (R41: the kitty is turned over).
pub(crate) fn knows_kitty(state: &State, seat: u8) -> bool {
    state.phase() == Phase::Done
        || state.starter() == Some(seat) && matches!(state.phase(), Phase::Kitty | Phase::Play)
}

/// The options of A.4 in the key (bits 0 to 5; the kitty multiplier's later choices included).
fn rules_code(state: &State) -> u64 {
    let r = state.rules();
    u64::from(r.allow_self_reinforce)
        | u64::from(r.red_pair_overrides_black_pair) << 1
        | u64::from(r.plain_suit_gap_closing) << 2
        | u64::from(r.tractor_follow == TractorFollow::Full) << 3
        | (r.kitty_multiplier as u64) << 4
}

/// The options of A.5 in the key, 0 at their defaults (so that a default round's key is what it was): what a
/// seat may infer depends on some (a failed throw's choice, F26; which declarations were open to a player,
/// F8, F10), what the points and the trump mean on others.
fn variant_code(state: &State) -> u64 {
    let r = state.rules();
    (r.throw_penalty as u64)
        | (r.failed_throw_forced as u64) << 2
        | (r.negative_points as u64) << 3
        | u64::from(!r.deadzone) << 4
        | u64::from(r.defend_points) << 5
        | (r.game_end as u64) << 6
        | (r.first_landlord as u64) << 7
        | (r.bid_override as u64) << 8
        | (r.joker_declaration_min as u64) << 10
        | u64::from(r.joker_pair_declaration_keeps_rank) << 11
        | u64::from(r.kitty_flip_joker_no_trump) << 12
        | u64::from(r.min_tractor_length - 2) << 13
        | u64::from(r.tractor_follow == TractorFollow::Fallback) << 17
        | u64::from(!r.format_based_draw) << 18
        | (r.throw_compare as u64) << 19
        | (r.after_ace as u64) << 21
        | u64::from(r.kitty_size ^ super::deal::DEFAULT_KITTY) << 22
}

/// Length of an observation (see [`observe`] for the layout).
pub const OBSERVATION_SIZE: usize = 939;

impl Information for State {
    fn observation_size(_: &super::rules::Rules) -> usize {
        OBSERVATION_SIZE
    }

    /// A 64-bit key equal for two rounds exactly when `seat`'s information in them is equal (up to collisions;
    /// the cards of a deal abandoned by a redeal, R19, are not part of it).
    fn information_key(&self, seat: u8) -> u64 {
        let state = self;
        let mut h = 0x0007_AC70_u64;
        let mut feed = |x: u64| h = splitmix64(&mut (h ^ x));
        let levels = state.levels();
        let (declarers, starter) = state.start_setup();
        feed(u64::from(seat) | u64::from(levels[0]) << 8 | u64::from(levels[1]) << 16);
        feed(u64::from(declarers.map_or(9, |d| d)) | u64::from(starter.map_or(9, |s| s)) << 8);
        feed(rules_code(state) | u64::from(state.first_drawer()) << 16 | u64::from(state.deals()) << 24);
        let variants = variant_code(state);
        if variants != 0 {
            feed(variants);
        }
        match state.origin() {
            Origin::Deal(_) | Origin::Restacked(_) => {
                // The seat's own draws, in order.
                let drawn = usize::from(state.drawn());
                let first = usize::from(state.first_drawer());
                let talon = state.deal_shape().talon();
                for k in (0..drawn.min(talon.start)).filter(|k| (first + k) % 4 == usize::from(seat)) {
                    feed(u64::from(state.stack_card(k).id()) | (k as u64) << 8);
                }
                if state.starter() == Some(seat) && state.phase() != Phase::Draw {
                    for k in talon.clone() {
                        feed(u64::from(state.stack_card(k).id()) | 1 << 20);
                    }
                }
                for k in 0..usize::from(state.flipped()) {
                    feed(u64::from(state.stack_card(talon.start + k).id()) | 1 << 21);
                }
            }
            Origin::Trick(start) => {
                // A position at a trick's start: the seat's cards there, the trump, and what everyone saw
                // before it (the cards already played, the leader, the scores).
                let own = start.hands[usize::from(seat)];
                feed(own.kinds() | 1 << 58);
                feed(own.pairs() | 1 << 59);
                let played = start.played(&state.rules());
                feed(played.kinds() | 1 << 57);
                feed(played.pairs() | 1 << 56);
                let trump = start.trump;
                feed(
                    u64::from(trump.rank().map_or(0, |r| r.value()))
                        | u64::from(trump.suit().map_or(9, |x| x as u8)) << 8
                        | u64::from(start.leader) << 16
                        | u64::from(start.tricks) << 24
                        | u64::from(start.failed_throws) << 40,
                );
                feed(u64::from(start.points as u32) | u64::from(start.penalties as u32) << 32);
                feed(u64::from(start.deals) | 1 << 55);
            }
            Origin::Position { hands, trump, .. } => {
                // A position from explicit cards: the seat's cards there and the trump.
                let own = hands[usize::from(seat)];
                feed(own.kinds());
                feed(own.pairs() | 1 << 60);
                feed(
                    u64::from(trump.rank().map_or(0, |r| r.value()))
                        | u64::from(trump.suit().map_or(9, |x| x as u8)) << 8,
                );
            }
        }
        if knows_kitty(state, seat) {
            feed(state.kitty().kinds() | 1 << 63);
            feed(state.kitty().pairs() | 1 << 62);
        }
        // When each drawer could declare, and how the failed throws failed: seen by all, implied by no history.
        feed(state.stops() as u64);
        feed((state.stops() >> 64) as u64 | 1 << 62);
        feed(state.throw_outcomes());
        let hide_discards = state.starter() != Some(seat);
        for &a in state.history() {
            let masked = hide_discards && matches!(Action::from_id(a), Some(Action::Discard(_)));
            feed(if masked { u64::from(DISCARD) | 1 << 22 } else { u64::from(a) });
        }
        h
    }

    /// Writes what `seat` may know into `out`, seats counted from `seat` (relative seat r = seat + r, teams: the
    /// seat's own is "us"). Card planes have 54 entries (card ids) holding copies / 2.
    ///
    /// | offset | size | what |
    /// |---|---|---|
    /// | 0 | 54 | the seat's hand |
    /// | 54 | 4×54 | cards played in completed tricks by each relative seat |
    /// | 270 | 4×54 | the plays of the trick on the table, by relative seat |
    /// | 486 | 54 | the play being built by the seat to act, if it is this seat |
    /// | 540 | 4×54 | cards exposed to declare, by relative seat |
    /// | 756 | 54 | the kitty, if this seat is the starter or the round is over |
    /// | 810 | 54 | talon cards turned over (R20) |
    /// | 864 | 14 | the trump rank (2…A), or none (no-trump) |
    /// | 878 | 5 | the trump suit C D H S, or none |
    /// | 883 | 13 | the round's rank (the declarers' level); none at the level NT (F35) |
    /// | 896 | 4 | the phase: draw, kitty, play, done |
    /// | 900 | 2 | levels / 14: us, them (15/14 at NT) |
    /// | 902 | 3 | declarers: us, them, not yet known |
    /// | 905 | 4 | the starter |
    /// | 909 | 4 | the trick's leader |
    /// | 913 | 4 | the seat to act |
    /// | 917 | 7 | the standing declaration: by (4), single / pair / jokers (3) |
    /// | 924 | 4 | P / 200; trick points us / 200, them / 200; the kitty bonus / 200 |
    /// | 928 | 1 | cards drawn / the cards the hands draw (100; 4h with hands of h under `kitty_size`, F5) |
    /// | 929 | 4 | the lead: cards / 25 (h), pairs / 12, longest tractor / 12 (h / 2 if more), a throw |
    /// | 933 | 1 | failed throws so far / 25 (h: at most one a trick) |
    /// | 934 | 5 | options: self-reinforce, red over black, gap closing, `tractor_follow = full`, exp kitty |
    ///
    /// The cards F5 takes out are in no plane: they are the same in every round of the rules and trump rank.
    fn observe(&self, seat: u8, out: &mut [f32]) {
        let (state, out): (&State, &mut [f32; OBSERVATION_SIZE]) =
            (self, out.try_into().expect("a row of OBSERVATION_SIZE"));
        out.fill(0.0);
        let rel = |s: u8| usize::from((s + 4 - seat) % 4);
        let plane = |out: &mut [f32; OBSERVATION_SIZE], base: usize, h: Hand| {
            for c in h.kinds_iter() {
                out[base + usize::from(c.id())] = h.count(c) as f32 / 2.0;
            }
        };
        plane(out, 0, state.hand(usize::from(seat)));
        for (s, &h) in state.played_by().iter().enumerate() {
            plane(out, 54 + 54 * rel(s as u8), h);
        }
        for (i, &h) in state.trick_plays().iter().enumerate() {
            plane(out, 270 + 54 * rel((state.leader() + i as u8) % 4), h);
        }
        if state.current_player() == Some(seat) {
            plane(out, 486, state.partial());
        }
        for (s, &h) in state.exposed().iter().enumerate() {
            plane(out, 540 + 54 * rel(s as u8), h);
        }
        if knows_kitty(state, seat) {
            plane(out, 756, state.kitty());
        }
        let talon = state.deal_shape().talon().start;
        let turned: Vec<Card> =
            (0..usize::from(state.flipped())).map(|k| state.stack_card(talon + k)).collect();
        plane(out, 810, Hand::try_from(turned.as_slice()).expect("distinct stack positions"));
        if let Some(t) = state.trump() {
            out[864 + t.rank().map_or(13, |r| usize::from(r.index()))] = 1.0;
            out[878 + t.suit().map_or(4, |s| s as usize)] = 1.0;
        }
        if let Some(rank) = state.rank() {
            out[883 + usize::from(rank.index())] = 1.0; // none at the level NT
        }
        out[896 + state.phase() as usize] = 1.0;
        let us = seat % 2;
        let levels = state.levels();
        out[900] = f32::from(levels[usize::from(us)]) / 14.0;
        out[901] = f32::from(levels[usize::from(1 - us)]) / 14.0;
        out[902 + state.declarers().map_or(2, |d| usize::from(d != us))] = 1.0;
        if let Some(s) = state.starter() {
            out[905 + rel(s)] = 1.0;
        }
        if state.phase() == Phase::Play {
            out[909 + rel(state.leader())] = 1.0;
        }
        if let Some(s) = state.current_player() {
            out[913 + rel(s)] = 1.0;
        }
        if let Some(st) = state.standing() {
            out[917 + rel(st.by)] = 1.0;
            let kind = match st.declaration {
                super::declare::Declaration::Single(_) => 0,
                super::declare::Declaration::Pair(_) => 1,
                super::declare::Declaration::Jokers { .. } => 2,
            };
            out[921 + kind] = 1.0;
        }
        let points = state.trick_points();
        out[924] = state.points() as f32 / 200.0;
        out[925] = points[usize::from(us)] as f32 / 200.0;
        out[926] = points[usize::from(1 - us)] as f32 / 200.0;
        out[927] = state.kitty_bonus() as f32 / 200.0;
        let deal = state.deal_shape();
        out[928] = f32::from(state.drawn()) / f32::from(deal.drawn());
        if let Some(lead) = state.lead() {
            out[929] = lead.size() as f32 / f32::from(deal.hand);
            // At most h / 2 pairs: 12 under R13, 13 with hands of 26 or 27 (F5).
            let pairs = f32::from((deal.hand / 2).max(12));
            out[930] = lead.pair_count() as f32 / pairs;
            out[931] = f32::from(lead.longest_tractor()) / pairs;
            out[932] = f32::from(u8::from(lead.is_throw()));
        }
        out[933] = f32::from(state.failed_throws()) / f32::from(deal.hand);
        let r = state.rules();
        let flags = [
            r.allow_self_reinforce,
            r.red_pair_overrides_black_pair,
            r.plain_suit_gap_closing,
            r.tractor_follow == TractorFollow::Full,
            r.kitty_multiplier == KittyMultiplier::Exp,
        ];
        for (i, flag) in flags.into_iter().enumerate() {
            out[934 + i] = f32::from(u8::from(flag));
        }
    }

    /// See [`super::resample`] for the method.
    fn resample(&self, seat: u8, rng: &mut Rng) -> Result<State, ResampleError> {
        super::resample::resample(self, seat, rng)
    }

    /// What the seat saw is read once for all `n`.
    fn resamples(&self, seat: u8, n: usize, rng: &mut Rng) -> Result<Vec<State>, ResampleError> {
        super::resample::resamples(self, seat, n, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::select128;
    use crate::game::Game;
    use crate::rng::Rng;
    use crate::tractor::rules::Rules;

    fn random_round(seed: u64, depth: usize) -> State {
        let mut s = State::new(seed, Rules::default(), [2, 2], None, None).unwrap();
        let mut rng = Rng::new(seed);
        for _ in 0..depth {
            if s.is_terminal() {
                break;
            }
            let mask = s.legal_mask();
            s.apply_unchecked(select128(mask, rng.below(u64::from(mask.count_ones())) as u32) as u8);
        }
        s
    }

    fn observation(s: &State, seat: u8) -> Vec<f32> {
        let mut out = [0.0; OBSERVATION_SIZE];
        s.observe(seat, &mut out);
        out.to_vec()
    }

    #[test]
    fn keys_differ_between_seats_and_change_with_every_action() {
        for seed in 0..30 {
            let s = random_round(seed, (seed * 7) as usize);
            let keys: Vec<u64> = (0..4).map(|seat| s.information_key(seat)).collect();
            assert!(keys.iter().enumerate().all(|(i, k)| !keys[i + 1..].contains(k)), "seed {seed}");
            if !s.is_terminal() {
                let mut t = s.clone();
                let mask = t.legal_mask();
                t.apply_unchecked(mask.trailing_zeros() as u8);
                for seat in 0..4 {
                    assert_ne!(t.information_key(seat), s.information_key(seat));
                }
            }
        }
    }

    #[test]
    fn only_what_the_seat_sees_changes_its_observation_and_key() {
        use crate::tractor::trump::Trump;
        let mut rng = Rng::new(5);
        for round in 0..200 {
            // A position of 6 cards each: seat 0's view must not change when seats 1 and 2 swap a card.
            let mut deck: Vec<Card> = Card::all().flat_map(|c| [c, c]).collect();
            rng.shuffle(&mut deck);
            let hands: [Hand; 4] = std::array::from_fn(|i| Hand::try_from(&deck[6 * i..6 * i + 6]).unwrap());
            let kitty = Hand::try_from(&deck[24..32]).unwrap();
            let trump =
                Trump::new(crate::cards::Rank::from_value(2), Some(crate::cards::Suit::Hearts)).unwrap();
            let (a, b) = (hands[1].first().unwrap(), hands[2].first().unwrap());
            let mut swapped = hands;
            swapped[1] = hands[1].remove(a).unwrap().add(b).unwrap();
            swapped[2] = hands[2].remove(b).unwrap().add(a).unwrap();
            let make =
                |h: [Hand; 4]| State::from_cards(h, kitty, trump, 0, 0, Rules::default(), None).unwrap();
            let (s, t) = (make(hands), make(swapped));
            assert_eq!(observation(&s, 0), observation(&t, 0), "round {round}");
            assert_eq!(s.information_key(0), t.information_key(0));
            if a != b {
                assert_ne!(observation(&s, 1), observation(&t, 1), "seat 1 sees its own hand");
                assert_ne!(s.information_key(1), t.information_key(1));
            }
            // The same after seat 0 leads and seat 1 follows with a card both positions allow.
            let (mut s, mut t) = (s, t);
            let lead = s.legal_actions().next().unwrap();
            for x in [&mut s, &mut t] {
                x.apply_unchecked(lead);
                x.apply_unchecked(crate::tractor::actions::FINISH);
            }
            let common = s.legal_mask() & t.legal_mask();
            if common != 0 && (s.legal_mask() >> crate::tractor::actions::PLAY) as u64 != 0 {
                let follow = common.trailing_zeros() as u8;
                s.apply_unchecked(follow);
                t.apply_unchecked(follow);
                assert_eq!(observation(&s, 0), observation(&t, 0));
                assert_eq!(s.information_key(0), t.information_key(0));
            }
        }
    }
}
