//! Ruffs of a throw (F29, F30): the readings of a trump play against a throw's components, and which of two
//! qualifying ruffs is stronger under `throw_compare` (R39 is `pairs_first`, in `trick.rs`).
//!
//! A *reading* gives every card of the ruff to a component of the lead: a tractor of k pairs takes k pairs at
//! consecutive positions, a pair takes a pair, a single any card (copies of one card may go to different
//! components, and a tractor may serve as pairs). A reading is written as its components' top positions in a
//! fixed order of slots: the lead's tractors, longest first, then its pairs, then its singles, and within one
//! shape from the highest down. Every reading of every ruff of one lead has the same slots.

use super::format::{Format, MAX_COMPONENTS};
use super::hand::Hand;
use super::rules::ThrowCompare;
use super::trick::pairs_first_key;
use super::trump::{TrumpContext, MAX_LEVELS, TRUMP};

/// The most cards of a lead (a whole hand), so the most slots of a reading.
const MAX_SLOTS: usize = super::deal::MAX_HAND;

/// One reading: the top position of each slot (see the module's documentation).
type Reading = [u8; MAX_SLOTS];

/// The shape of a throw: its tractors' lengths (longest first) and its numbers of pairs and singles.
struct Shape {
    tractors: [u8; MAX_COMPONENTS],
    n_tractors: usize,
    pairs: usize,
    singles: usize,
}

impl Shape {
    fn of(lead: &Format) -> Shape {
        let mut shape = Shape { tractors: [0; MAX_COMPONENTS], n_tractors: 0, pairs: 0, singles: 0 };
        for c in lead.components() {
            match c.pairs {
                0 => shape.singles += 1,
                1 => shape.pairs += 1,
                k => {
                    shape.tractors[shape.n_tractors] = k;
                    shape.n_tractors += 1;
                }
            }
        }
        // The components come longest tractor first (R33), so the lengths are already in order.
        shape
    }

    fn slots(&self) -> usize {
        self.n_tractors + self.pairs + self.singles
    }

    /// The slots `unit_length` compares: every one, or all but the singles when the lead has two or more
    /// components and one of them has two cards or more.
    fn unit_slots(&self) -> usize {
        if self.n_tractors + self.pairs > 0 {
            self.n_tractors + self.pairs
        } else {
            self.slots()
        }
    }
}

/// Pairs and loose cards of a trump play, per position.
struct Counts {
    twos: [u8; MAX_LEVELS + 2],
    ones: [u8; MAX_LEVELS + 2],
    levels: usize,
}

impl Counts {
    fn of(ctx: &TrumpContext, play: Hand) -> Counts {
        let levels = usize::from(ctx.levels(TRUMP));
        let mut counts = Counts { twos: [0; MAX_LEVELS + 2], ones: [0; MAX_LEVELS + 2], levels };
        for p in 1..=levels {
            let at = ctx.level_mask(TRUMP, p as u8);
            counts.twos[p] = (play.pairs() & at).count_ones() as u8;
            counts.ones[p] = (play.singles() & at).count_ones() as u8;
        }
        counts
    }
}

/// Calls `visit` with every reading of a trump `play` against a throw of `shape` (a reading may come more than
/// once).
fn for_each_reading(shape: &Shape, counts: &mut Counts, visit: &mut dyn FnMut(&Reading)) {
    let mut reading = [0; MAX_SLOTS];
    place_tractor(shape, counts, 0, MAX_LEVELS + 1, &mut reading, visit);
}

fn place_tractor(
    shape: &Shape,
    counts: &mut Counts,
    i: usize,
    below: usize,
    reading: &mut Reading,
    visit: &mut dyn FnMut(&Reading),
) {
    if i == shape.n_tractors {
        return place_pair(shape, counts, 0, counts.levels, reading, visit);
    }
    let k = usize::from(shape.tractors[i]);
    // Tractors of one length take their tops from the highest down, so each set of tops is tried once.
    let highest = if i > 0 && shape.tractors[i - 1] == shape.tractors[i] { below } else { counts.levels };
    for top in (k..=highest.min(counts.levels)).rev() {
        let run = top + 1 - k..=top;
        if counts.twos[run.clone()].iter().all(|&n| n > 0) {
            counts.twos[run.clone()].iter_mut().for_each(|n| *n -= 1);
            reading[i] = top as u8;
            place_tractor(shape, counts, i + 1, top, reading, visit);
            counts.twos[run].iter_mut().for_each(|n| *n += 1);
        }
    }
}

fn place_pair(
    shape: &Shape,
    counts: &mut Counts,
    j: usize,
    highest: usize,
    reading: &mut Reading,
    visit: &mut dyn FnMut(&Reading),
) {
    if j == shape.pairs {
        // The singles take every card left, from the highest down.
        let mut slot = shape.n_tractors + shape.pairs;
        for p in (1..=counts.levels).rev() {
            for _ in 0..2 * counts.twos[p] + counts.ones[p] {
                reading[slot] = p as u8;
                slot += 1;
            }
        }
        debug_assert_eq!(slot, shape.slots(), "a ruff has the lead's size");
        return visit(reading);
    }
    for p in (1..=highest).rev() {
        if counts.twos[p] > 0 {
            counts.twos[p] -= 1;
            reading[shape.n_tractors + j] = p as u8;
            place_pair(shape, counts, j + 1, p, reading, visit);
            counts.twos[p] += 1;
        }
    }
}

/// Whether a trump play has a reading against the throw (F29: a qualifying ruff).
pub fn qualifies(ctx: &TrumpContext, lead: &Format, play: Hand) -> bool {
    let mut any = false;
    for_each_reading(&Shape::of(lead), &mut Counts::of(ctx, play), &mut |_| any = true);
    any
}

/// Whether qualifying ruff `x` takes the trick from `best`, the best qualifying ruff so far, under `compare`
/// (F30).
pub fn beats(ctx: &TrumpContext, lead: &Format, x: Hand, best: Hand, compare: ThrowCompare) -> bool {
    let shape = Shape::of(lead);
    match compare {
        ThrowCompare::PairsFirst => pairs_first_key(ctx, lead, x) > pairs_first_key(ctx, lead, best),
        ThrowCompare::Highest => highest(ctx, x) > highest(ctx, best),
        ThrowCompare::UnitLength => {
            let n = shape.unit_slots();
            let key = |play: Hand| {
                let mut key = [0; MAX_SLOTS];
                for_each_reading(&shape, &mut Counts::of(ctx, play), &mut |r| key = key.max(*r));
                key[..n].to_vec()
            };
            key(x) > key(best)
        }
        ThrowCompare::AllComponents => {
            // The best ruff read in its most favourable way: the highest top each slot can have.
            let n = shape.slots();
            let mut ceiling = [0; MAX_SLOTS];
            for_each_reading(&shape, &mut Counts::of(ctx, best), &mut |r| {
                for (c, &t) in ceiling.iter_mut().zip(&r[..n]) {
                    *c = (*c).max(t);
                }
            });
            let mut wins = false;
            for_each_reading(&shape, &mut Counts::of(ctx, x), &mut |r| {
                wins |= r[..n].iter().zip(&ceiling).all(|(&t, &c)| t > c);
            });
            wins
        }
    }
}

fn highest(ctx: &TrumpContext, play: Hand) -> u8 {
    play.cards().map(|c| ctx.strength(c)).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};
    use crate::tractor::format::decompose;
    use crate::tractor::hand::hand;
    use crate::tractor::trick::winner_with;
    use crate::tractor::trump::Trump;

    fn winner(trump: char, compare: ThrowCompare, plays: &[&str]) -> usize {
        let ctx = TrumpContext::new(Trump::new(Rank::from_value(2), Suit::from_char(trump)).unwrap());
        let plays: Vec<Hand> = plays.iter().map(|p| hand(p)).collect();
        let lead = decompose(&ctx, plays[0]).unwrap();
        winner_with(&ctx, &lead, &plays, compare)
    }

    #[test]
    fn tv_f19a_throw_compare() {
        let plays = ["AS AS KS", "3D 3D 8D", "4D 4D 6D", "5S 6S 7S"];
        assert_eq!(winner('D', ThrowCompare::PairsFirst, &plays), 2);
        assert_eq!(winner('D', ThrowCompare::AllComponents, &plays), 1);
        assert_eq!(winner('D', ThrowCompare::Highest, &plays), 1);
        assert_eq!(winner('D', ThrowCompare::UnitLength, &plays), 2);
    }

    #[test]
    fn the_first_qualifying_ruff_wins_until_a_stronger_one() {
        use ThrowCompare::*;
        for compare in [PairsFirst, AllComponents, Highest, UnitLength] {
            // A trump play without the layout never wins; the first qualifying ruff does, however weak.
            assert_eq!(
                winner('H', compare, &["AS KS KS", "RJ BJ 3H", "3H 3H 4H", "5S 6S 7S"]),
                2,
                "{compare:?}"
            );
            // A throw led in trumps always wins for the leader.
            assert_eq!(
                winner('H', compare, &["AH KH KH", "RJ RJ BJ", "3S 4S 5S", "6S 7S 8S"]),
                0,
                "{compare:?}"
            );
        }
        // Singles only: every rule but pairs_first reads the singles; all_components needs each one higher.
        let plays = ["AS KS", "3H 9H", "4H 8H", "6S 7S"];
        assert_eq!(winner('H', PairsFirst, &plays), 1, "the highest single: 9H");
        assert_eq!(winner('H', AllComponents, &plays), 1, "8H is not above 9H");
        assert_eq!(winner('H', Highest, &plays), 1);
        assert_eq!(winner('H', UnitLength, &plays), 1, "9H > 8H first");
        let plays = ["AS KS", "3H 8H", "4H 9H", "6S 7S"];
        for compare in [PairsFirst, AllComponents, Highest, UnitLength] {
            assert_eq!(winner('H', compare, &plays), 2, "{compare:?}");
        }
    }

    #[test]
    fn readings_let_a_tractor_serve_as_pairs_and_a_pair_as_singles() {
        use ThrowCompare::*;
        // Lead: two pairs and a single. Seat 1 ruffs with a tractor 3H3H 4H4H + 9H; seat 2 with 5H5H 7H7H + 6H.
        let plays = ["AS AS QS QS 9S", "3H 3H 4H 4H 9H", "5H 5H 7H 7H 6H", "2S 3S 4S 5S 6S"];
        assert_eq!(winner('D', PairsFirst, &plays), 0, "diamonds trump: hearts do not ruff");
        assert_eq!(winner('H', PairsFirst, &plays), 2, "the highest pair, 7H");
        assert_eq!(winner('H', AllComponents, &plays), 1, "6H is not above 9H: seat 1 keeps it");
        assert_eq!(winner('H', Highest, &plays), 1, "9H");
        assert_eq!(winner('H', UnitLength, &plays), 2, "pairs 7H, 5H over 4H, 3H");
        // A reading splitting a pair into two singles: lead pair + two singles, ruff 5H5H 6H6H (pair and 2 singles
        // either way); all_components takes the most favourable reading of each.
        let plays = ["AS AS KS QS", "5H 5H 6H 6H", "7H 7H 8H 9H", "2S 3S 4S 6S"];
        assert_eq!(winner('H', AllComponents, &plays), 2, "7H > 6H, and 9H 8H over 6H 6H or 5H 5H");
        assert_eq!(winner('H', UnitLength, &plays), 2);
        let plays = ["AS AS KS QS", "7H 7H 8H 9H", "5H 5H 6H 6H", "2S 3S 4S 6S"];
        for compare in [PairsFirst, AllComponents, Highest, UnitLength] {
            assert_eq!(winner('H', compare, &plays), 1, "{compare:?}");
        }
    }

    #[test]
    fn qualifying_needs_a_reading() {
        let ctx = TrumpContext::new(Trump::new(Rank::from_value(2), Some(Suit::Hearts)).unwrap());
        let lead = decompose(&ctx, hand("3S 3S 4S 4S AS")).unwrap();
        assert!(qualifies(&ctx, &lead, hand("5H 5H 6H 6H 3H")));
        assert!(!qualifies(&ctx, &lead, hand("5H 5H 7H 7H 3H")), "no tractor");
        assert!(qualifies(&ctx, &lead, hand("AH AH 2S 2S 3H")), "A♥ and an off-suit 2 are consecutive");
    }
}
