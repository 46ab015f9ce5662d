//! Throw validity (R33) and the failed throw (R34).

use super::format::{Component, Format};
use super::hand::Hand;
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

/// `None` when `lead` is not a throw or no component of it can be beaten by one of `others`; otherwise the
/// component that must be led instead (R34: the fewest cards, ties → the lowest-ranked).
#[inline(always)] // inlined into the CPU-specific playout kernel
pub fn check_throw(ctx: &TrumpContext, lead: &Format, others: &[Hand]) -> Option<FailedThrow> {
    if !lead.is_throw() {
        return None;
    }
    let forced = lead
        .components()
        .iter()
        .filter(|c| others.iter().any(|&o| beats(ctx, lead.suit, c, o)))
        .min_by_key(|c| (c.size(), c.top))?;
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
        check_throw(&t, &f, &others.map(hand)).map(|x| (format!("{:?}", x.forced.cards), x.taken_back))
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
