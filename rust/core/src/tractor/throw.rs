//! Throw validity (R33) and the failed throw (R34).

use super::format::{Component, Format};
use super::hand::Hand;
use super::rules::FailedThrowForced;
use super::trump::{runs, TrumpContext};

/// A throw that fails: the component to lead instead, and the cards taken back (the R42 penalty is 10 each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FailedThrow {
    pub forced: Component,
    pub taken_back: u32,
}

/// Whether `other` (one other player's hand) beats `c`, a component of a lead in `suit` (R33).
#[inline(always)] // inlined into the CPU-specific playout kernel
pub fn beats(ctx: &TrumpContext, suit: u8, c: &Component, other: Hand) -> bool {
    match c.pairs {
        // A single: a higher card of the suit; an equal one does not beat it.
        0 => other.kinds() & ctx.above(suit, c.top) != 0,
        // A pair: a higher pair.
        1 => other.pairs() & ctx.above(suit, c.top) != 0,
        // A tractor of k pairs: a tractor of k pairs whose top is higher.
        k => runs(ctx.pair_levels(other, suit), u32::from(k)) >> (c.top + 1) != 0,
    }
}

/// F26's last tie-break among equal components: the lowest in S-order (♦ < ♣ < ♥ < ♠) of the suits of its cards
/// (equal components differ only in the suit of an off-suit trump-rank card).
fn s_order(c: &Component) -> u8 {
    c.cards.kinds_iter().map(|card| card.suit().map_or(4, super::declare::s_order)).min().unwrap_or(4)
}

/// `None` when `lead` is not a throw or no component of it can be beaten by one of `others` (the other players
/// in turn order after the leader); otherwise the component that must be led instead (R34, F26, by `forced`):
/// the fewest cards, ties → the lowest, ties → the lowest in S-order, among every beatable component
/// (`fewest_cards_then_lowest`) or among those the first player in turn order who can beat one can beat
/// (`first_in_turn_smallest`).
#[inline(always)] // inlined into the CPU-specific playout kernel
pub fn check_throw(
    ctx: &TrumpContext,
    lead: &Format,
    others: &[Hand],
    forced: FailedThrowForced,
) -> Option<FailedThrow> {
    if !lead.is_throw() {
        return None;
    }
    let beatable_by = |o: Hand| move |c: &&Component| beats(ctx, lead.suit, c, o);
    // The fewest cards, then the lowest; the suits only between equal components (rare: computed then only).
    let smaller = |a: &&Component, b: &&Component| {
        (a.size(), a.top).cmp(&(b.size(), b.top)).then_with(|| s_order(a).cmp(&s_order(b)))
    };
    let forced = match forced {
        FailedThrowForced::FewestCardsThenLowest => {
            lead.components().iter().filter(|c| others.iter().any(|&o| beatable_by(o)(c))).min_by(smaller)?
        }
        FailedThrowForced::FirstInTurnSmallest => {
            let blocker = *others.iter().find(|&&o| lead.components().iter().any(|c| beatable_by(o)(&c)))?;
            lead.components().iter().filter(beatable_by(blocker)).min_by(smaller)?
        }
    };
    Some(FailedThrow { forced: *forced, taken_back: lead.size() - forced.size() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};
    use crate::tractor::format::decompose;
    use crate::tractor::hand::hand;
    use crate::tractor::trump::Trump;

    fn ctx() -> TrumpContext {
        TrumpContext::new(Trump::new(Rank::from_value(2), Some(Suit::Hearts)).unwrap())
    }

    fn check(lead: &str, others: [&str; 3]) -> Option<(String, u32)> {
        let t = ctx();
        let f = decompose(&t, hand(lead)).unwrap();
        check_throw(&t, &f, &others.map(hand), FailedThrowForced::FewestCardsThenLowest)
            .map(|x| (format!("{:?}", x.forced.cards), x.taken_back))
    }

    #[test]
    fn tv_t11_failed_throws() {
        // (a) A♠ + Q♠Q♠ against K♠K♠: lead Q♠Q♠, 1 card back.
        assert_eq!(check("AS QS QS", ["KS KS", "", ""]), Some(("[QS QS]".into(), 1)));
        // (b) A♠A♠ K♠ J♠ against Q♠: lead J♠, 3 back.
        assert_eq!(check("AS AS KS JS", ["", "", "QS 3C"]), Some(("[JS]".into(), 3)));
        // (c) A♠ Q♠Q♠ 9♠ with K♠K♠ and 10♠ out: the single 9♠ (fewest cards), 3 back.
        assert_eq!(check("AS QS QS 9S", ["KS KS", "", "10S"]), Some(("[9S]".into(), 3)));
        // (d) a trump throw with the single 2♣: 2♠ elsewhere is equal, not higher; 2♥, BJ or RJ beat it.
        assert_eq!(check("2C AH AH", ["2S", "2D", ""]), None);
        for beater in ["2H", "BJ", "RJ"] {
            assert_eq!(check("2C AH AH", [beater, "", ""]), Some(("[2C]".into(), 2)));
        }
    }

    #[test]
    fn tv_f17_failed_throw_choice_and_penalty() {
        use crate::tractor::rules::ThrowPenalty;
        use crate::tractor::scoring::throw_penalty;
        let t = ctx();
        let under = |lead: &str, others: [&str; 3], rule| {
            let f = decompose(&t, hand(lead)).unwrap();
            check_throw(&t, &f, &others.map(hand), rule)
                .map(|x| (format!("{:?}", x.forced.cards), x.taken_back))
        };
        // Seat 0 throws J♠ + 9♠9♠; seat 1 holds 10♠10♠ 3♠, seat 2 nothing above 9♠, seat 3 one Q♠.
        let others = ["10S 10S 3S", "8S 4C", "QS 5D"];
        let fewest = under("JS 9S 9S", others, FailedThrowForced::FewestCardsThenLowest);
        let first = under("JS 9S 9S", others, FailedThrowForced::FirstInTurnSmallest);
        assert_eq!(fewest, Some(("[JS]".into(), 2)), "the single, the fewest cards");
        assert_eq!(first, Some(("[9S 9S]".into(), 1)), "seat 1 blocks first and can beat only the pair");
        // P moves down for an opponent's failed throw: per card, per attempt, or not at all.
        let moves = |penalty| [2, 1].map(|back| throw_penalty(penalty, false, back));
        assert_eq!(moves(ThrowPenalty::PerCardTakenBack), [-20, -10]);
        assert_eq!(moves(ThrowPenalty::PerAttempt10), [-10, -10]);
        assert_eq!(moves(ThrowPenalty::None), [0, 0]);
        // Equal ranks: the trump throw 2♠ + 2♦ against seat 2's 2♥: 2♦, the lowest in S-order, either way.
        for rule in [FailedThrowForced::FewestCardsThenLowest, FailedThrowForced::FirstInTurnSmallest] {
            assert_eq!(under("2S 2D", ["3C", "2H", "4C"], rule), Some(("[2D]".into(), 1)), "{rule:?}");
            assert_eq!(under("2S 2C", ["3C", "2H", "4C"], rule), Some(("[2C]".into(), 1)), "{rule:?}");
            assert_eq!(under("2C 2D", ["3C", "2H", "4C"], rule), Some(("[2D]".into(), 1)), "{rule:?}");
        }
    }

    #[test]
    fn tv_f15_min_tractor() {
        use crate::tractor::format::decompose_with;
        let t = ctx();
        let lead = |cards: &str, min| decompose_with(&t, hand(cards), min).unwrap();
        // Under 3, 5♠5♠6♠6♠ is two pairs: a throw, both pairs beaten by seat 2's K♠K♠; 5♠5♠ is led (equal size,
        // lower), two cards taken back.
        let two_pairs = lead("5S 5S 6S 6S", 3);
        assert!(two_pairs.is_throw() && two_pairs.longest_tractor() == 0);
        let failed = check_throw(&t, &two_pairs, &["", "KS KS", ""].map(hand), FailedThrowForced::default());
        let failed = failed.expect("both pairs are beatable");
        assert_eq!((format!("{:?}", failed.forced.cards), failed.taken_back), ("[5S 5S]".into(), 2));
        assert!(!lead("5S 5S 6S 6S 7S 7S", 3).is_throw(), "three pairs are still a tractor");
        // Under 2 it is a tractor lead, never checked.
        assert!(!lead("5S 5S 6S 6S", 2).is_throw());
        // A run of four and a run of two under 3: one tractor and two pairs.
        let parts = lead("5S 5S 6S 6S 7S 7S 8S 8S JS JS QS QS", 3);
        assert_eq!(parts.components().iter().map(|c| c.pairs).collect::<Vec<_>>(), [4, 1, 1]);
        assert_eq!(lead("5S 5S 6S 6S 7S 7S 8S 8S", 5).components().len(), 4);
    }

    #[test]
    fn tv_t12_valid_throw_and_non_throws() {
        // A♠ + K♠K♠: nobody else can hold an A♠ pair (the leader has one A♠).
        assert_eq!(check("AS KS KS", ["AS 3S", "QS QS", "JS"]), None);
        // A single, a pair or a tractor is never a throw.
        assert_eq!(check("3S", ["AS", "", ""]), None);
        assert_eq!(check("3S 3S 4S 4S", ["AS AS KS KS", "", ""]), None);
    }

    #[test]
    fn a_tractor_is_beaten_only_by_a_higher_tractor_of_its_length() {
        assert_eq!(check("AS 9S 9S 10S 10S", ["JS JS QS", "KS KS", ""]), None);
        assert_eq!(check("AS 9S 9S 10S 10S", ["JS JS QS QS", "", ""]), Some(("[9S 9S 10S 10S]".into(), 1)));
    }
}
