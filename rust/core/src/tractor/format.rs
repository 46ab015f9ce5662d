//! Lead formats (R12, R27, R33): a lead split into tractors, pairs and singles of one effective suit.

use super::deal::MAX_HAND;
use super::hand::Hand;
use super::trump::{runs, ESuit, TrumpContext};
use crate::cards::Card;
use std::fmt;

/// The most components a lead can have: one per kind of an effective suit (the trumps have at most 18 kinds:
/// two jokers, four rank cards, twelve of the trump suit).
pub const MAX_COMPONENTS: usize = 18;

/// One component of a lead: a single, a pair, or a tractor of `pairs` ≥ 2 consecutive pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Component {
    /// 0 for a single, 1 for a pair, k ≥ 2 for a tractor of k pairs.
    pub pairs: u8,
    /// The position of the highest card (R11).
    pub top: u8,
    pub cards: Hand,
}

impl Component {
    pub const fn size(&self) -> u32 {
        if self.pairs == 0 {
            1
        } else {
            2 * self.pairs as u32
        }
    }

    pub const fn kind(&self) -> &'static str {
        match self.pairs {
            0 => "single",
            1 => "pair",
            _ => "tractor",
        }
    }
}

/// A lead split canonically (R33): the longest tractors first (ties: the highest), one pair per position, then
/// the pairs from the highest, then the singles from the highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Format {
    pub suit: ESuit,
    components: [Component; MAX_COMPONENTS],
    len: u8,
    /// Totals kept as components are added: cards, pairs (those in tractors too), the longest tractor.
    size: u8,
    pairs: u8,
    longest: u8,
}

/// Why cards do not make a lead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    Empty,
    /// Two cards of different effective suits (R27).
    MixedSuits(Card, Card),
    TooMany(u32),
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Empty => f.write_str("a lead has at least one card"),
            FormatError::MixedSuits(a, b) => {
                write!(f, "{a} and {b} are of different effective suits; a lead is of one suit (R27)")
            }
            FormatError::TooMany(n) => {
                write!(f, "a lead of {n} cards is longer than a hand ({MAX_HAND}, with no kitty: F5)")
            }
        }
    }
}

impl std::error::Error for FormatError {}

impl Format {
    /// The lead made of one component of `suit` (the forced lead of a failed throw, R34).
    pub fn of_component(suit: ESuit, c: Component) -> Format {
        let mut format = Format::empty(suit);
        format.push(c);
        format
    }

    fn empty(suit: ESuit) -> Format {
        let none = Component { pairs: 0, top: 0, cards: Hand::EMPTY };
        Format { suit, components: [none; MAX_COMPONENTS], len: 0, size: 0, pairs: 0, longest: 0 }
    }

    pub fn components(&self) -> &[Component] {
        &self.components[..self.len as usize]
    }

    /// A single, a pair or a tractor: one component. Two or more make a throw (R27).
    pub fn is_throw(&self) -> bool {
        self.len > 1
    }

    /// Pairs in the lead, those inside tractors included (P_L of R32).
    pub fn pair_count(&self) -> u32 {
        u32::from(self.pairs)
    }

    /// The length in pairs of the longest tractor (0 without one).
    pub fn longest_tractor(&self) -> u8 {
        self.longest
    }

    pub fn size(&self) -> u32 {
        u32::from(self.size)
    }

    fn push(&mut self, c: Component) {
        self.components[self.len as usize] = c;
        self.len += 1;
        self.size += c.size() as u8;
        self.pairs += c.pairs;
        if c.pairs >= 2 {
            self.longest = self.longest.max(c.pairs);
        }
    }
}

/// [`decompose_with`] where every run of two pairs or more is a tractor (R12, R33).
#[inline(always)]
pub fn decompose(ctx: &TrumpContext, lead: Hand) -> Result<Format, FormatError> {
    decompose_with(ctx, lead, 2)
}

/// Splits a lead into its components (R33, F21), a run of pairs being a tractor only if it has at least
/// `min_tractor` pairs (F20); cards of two effective suits are refused (R27).
#[inline(always)] // inlined into the CPU-specific playout kernel
pub fn decompose_with(ctx: &TrumpContext, lead: Hand, min_tractor: u8) -> Result<Format, FormatError> {
    let first = lead.first().ok_or(FormatError::Empty)?;
    if lead.len() > MAX_HAND as u32 {
        return Err(FormatError::TooMany(lead.len()));
    }
    let suit = ctx.suit_of(first);
    let stray = lead.kinds() & !ctx.suit_mask(suit);
    if stray != 0 {
        let other = Card::from_id(stray.trailing_zeros() as u8).expect("a kind bit");
        return Err(FormatError::MixedSuits(first, other));
    }
    let mut format = Format::empty(suit);
    let mut pairs = lead.pairs();
    // Tractors: repeatedly the longest run of positions holding a pair, the highest on ties.
    loop {
        let bits = ctx.pair_levels(Hand::from_masks(pairs, pairs), suit);
        let (mut k, mut tops) = (1, 0);
        while runs(bits, k + 1) != 0 {
            k += 1;
            tops = runs(bits, k);
        }
        if k < u32::from(min_tractor.max(2)) {
            break; // F20: a shorter run is so many pairs
        }
        let top = 31 - tops.leading_zeros();
        let mut cards = Hand::EMPTY;
        for p in (top + 1 - k)..=top {
            // One pair per position: the lowest id among the pairs there.
            let at = pairs & ctx.level_mask(suit, p as u8);
            let kind = at & at.wrapping_neg();
            pairs &= !kind;
            cards = cards.sum(Hand::from_masks(kind, kind)).expect("disjoint pairs");
        }
        format.push(Component { pairs: k as u8, top: top as u8, cards });
    }
    // Then the pairs, then the singles, each from the highest position; ties by id.
    for (pairs_of, kinds) in [(1u8, pairs), (0u8, lead.singles())] {
        if kinds == 0 {
            continue;
        }
        for p in (1..=ctx.levels(suit)).rev() {
            let mut at = kinds & ctx.level_mask(suit, p);
            while at != 0 {
                let kind = at & at.wrapping_neg();
                at &= at - 1;
                let cards = Hand::from_masks(kind, if pairs_of == 1 { kind } else { 0 });
                format.push(Component { pairs: pairs_of, top: p, cards });
            }
        }
    }
    Ok(format)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};
    use crate::tractor::hand::hand;
    use crate::tractor::trump::Trump;

    pub(crate) fn ctx(rank: u8, suit: char) -> TrumpContext {
        TrumpContext::new(Trump::new(Rank::from_value(rank), Suit::from_char(suit)).unwrap())
    }

    fn kinds(ctx: &TrumpContext, text: &str) -> Vec<(u8, String)> {
        decompose(ctx, hand(text))
            .unwrap()
            .components()
            .iter()
            .map(|c| (c.pairs, format!("{:?}", c.cards)))
            .collect()
    }

    #[test]
    fn tv_t4_tractor_validity() {
        let t = ctx(7, 'C');
        let is_tractor = |text: &str| match decompose(&t, hand(text)) {
            Ok(f) => f.components().len() == 1 && f.components()[0].pairs == 2,
            Err(_) => false,
        };
        assert!(is_tractor("8S 8S 6S 6S"), "7 removed from spades");
        assert!(!is_tractor("10S 10S 8S 8S"));
        assert!(!is_tractor("7S 7S 7H 7H"), "equal position");
        assert!(is_tractor("7C 7C 7S 7S"));
        assert!(is_tractor("7S 7S AC AC"));
        assert!(is_tractor("BJ BJ RJ RJ"));
        assert!(is_tractor("BJ BJ 7C 7C"));
        assert!(is_tractor("8C 8C 6C 6C"));
        assert!(is_tractor("KC KC AC AC"));
        assert!(matches!(decompose(&t, hand("2C 2C AS AS")), Err(FormatError::MixedSuits(..))));
        let nt = TrumpContext::new(Trump::NO_TRUMP);
        let nt_tractor = |text: &str| decompose(&nt, hand(text)).unwrap().components()[0].pairs == 2;
        assert!(nt_tractor("7S 7S 6S 6S"));
        assert!(!nt_tractor("8S 8S 6S 6S"));
    }

    #[test]
    fn canonical_split_takes_the_longest_tractor_first() {
        let t = ctx(2, 'H');
        assert_eq!(
            kinds(&t, "AS AS KS KS QS QS 9S 9S 8S 8S 3S 5S 5S"),
            vec![
                (3, "[QS QS KS KS AS AS]".to_string()),
                (2, "[8S 8S 9S 9S]".to_string()),
                (1, "[5S 5S]".to_string()),
                (0, "[3S]".to_string()),
            ]
        );
        // Equal off-suit rank pairs share a position: only one of them sits in a tractor.
        assert_eq!(
            kinds(&t, "2C 2C 2S 2S 2H 2H AH"),
            vec![(2, "[2C 2C 2H 2H]".to_string()), (1, "[2S 2S]".to_string()), (0, "[AH]".to_string())]
        );
        let f = decompose(&t, hand("AS KS KS")).unwrap();
        assert!(f.is_throw() && f.pair_count() == 1 && f.size() == 3);
        assert_eq!(decompose(&t, Hand::EMPTY), Err(FormatError::Empty));
    }
}
