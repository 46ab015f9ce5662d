//! Multisets of the 108-card Tractor deck: up to two copies of each of the 54 kinds (R2), on two 64-bit masks.

use crate::cards::Card;
use std::fmt;

/// A multiset of cards: `one` holds the kinds present at least once, `two` the kinds present twice (`two ⊆ one`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Hand {
    one: u64,
    two: u64,
}

/// A third copy of a kind: the deck has two of each (R2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyCopies(pub Card);

impl fmt::Display for TooManyCopies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} appears more than twice; the deck has two of each card (R2)", self.0)
    }
}

impl std::error::Error for TooManyCopies {}

const fn bit(c: Card) -> u64 {
    1 << c.id()
}

impl Hand {
    pub const EMPTY: Hand = Hand { one: 0, two: 0 };
    /// Both decks: two copies of every kind.
    pub const FULL: Hand = Hand { one: (1 << 54) - 1, two: (1 << 54) - 1 };

    /// The multiset with these masks; `two` is clipped to `one`.
    pub const fn from_masks(one: u64, two: u64) -> Hand {
        Hand { one: one | two, two }
    }

    /// Kinds present at least once.
    #[inline]
    pub const fn kinds(self) -> u64 {
        self.one
    }

    /// Kinds present twice: the pairs (R12).
    #[inline]
    pub const fn pairs(self) -> u64 {
        self.two
    }

    /// Kinds present exactly once.
    #[inline]
    pub const fn singles(self) -> u64 {
        self.one & !self.two
    }

    #[inline]
    pub const fn len(self) -> u32 {
        self.one.count_ones() + self.two.count_ones()
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.one == 0
    }

    #[inline]
    pub const fn count(self, c: Card) -> u32 {
        ((self.one >> c.id()) & 1) as u32 + ((self.two >> c.id()) & 1) as u32
    }

    /// One more copy of `c`.
    #[inline]
    pub const fn add(self, c: Card) -> Result<Hand, TooManyCopies> {
        if self.two & bit(c) != 0 {
            return Err(TooManyCopies(c));
        }
        if self.one & bit(c) != 0 {
            Ok(Hand { one: self.one, two: self.two | bit(c) })
        } else {
            Ok(Hand { one: self.one | bit(c), two: self.two })
        }
    }

    /// One copy of `c` fewer; `None` if there is none.
    #[inline]
    pub const fn remove(self, c: Card) -> Option<Hand> {
        if self.two & bit(c) != 0 {
            Some(Hand { one: self.one, two: self.two & !bit(c) })
        } else if self.one & bit(c) != 0 {
            Some(Hand { one: self.one & !bit(c), two: self.two })
        } else {
            None
        }
    }

    /// The cards whose kinds are in `mask` (e.g. one effective suit), with their copies.
    #[inline]
    pub const fn restrict(self, mask: u64) -> Hand {
        Hand { one: self.one & mask, two: self.two & mask }
    }

    /// Whether every card of `self` is in `other`, copies counted.
    #[inline]
    pub const fn is_subset(self, other: Hand) -> bool {
        self.one & !other.one == 0 && self.two & !other.two == 0
    }

    /// The multiset sum; an error if a kind would have three copies.
    #[inline]
    pub fn sum(self, other: Hand) -> Result<Hand, TooManyCopies> {
        let over = (self.two & other.one) | (other.two & self.one);
        if over != 0 {
            return Err(TooManyCopies(Card::from_id(over.trailing_zeros() as u8).expect("a kind bit")));
        }
        Ok(Hand { one: self.one | other.one, two: self.two | other.two | (self.one & other.one) })
    }

    /// The multiset difference `self − other`; `other` must be a subset.
    #[inline]
    pub const fn minus(self, other: Hand) -> Hand {
        debug_assert!(other.is_subset(self));
        Hand { one: (self.one & !other.one) | (self.two & !other.two), two: self.two & !other.one }
    }

    /// The multiset union: each kind as many times as in the hand that holds more of it.
    #[inline]
    pub const fn union(self, other: Hand) -> Hand {
        Hand { one: self.one | other.one, two: self.two | other.two }
    }

    /// The multiset difference `self − other` where `other` need not be a subset: each kind as many times as
    /// `self` holds more of it than `other`.
    #[inline]
    pub const fn saturating_minus(self, other: Hand) -> Hand {
        self.minus(self.intersection(other))
    }

    /// The multiset intersection: each kind as many times as in both.
    #[inline]
    pub const fn intersection(self, other: Hand) -> Hand {
        Hand { one: self.one & other.one, two: self.two & other.two }
    }

    /// The kinds of which `self` has more copies than `other`.
    #[inline]
    pub const fn excess_over(self, other: Hand) -> u64 {
        (self.one & !other.one) | (self.two & !other.two)
    }

    /// The lowest-id card, if any.
    pub const fn first(self) -> Option<Card> {
        if self.one == 0 {
            None
        } else {
            Card::from_id(self.one.trailing_zeros() as u8)
        }
    }

    /// Every kind present, once each, in id order.
    pub fn kinds_iter(self) -> impl Iterator<Item = Card> {
        let mut m = self.one;
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let i = m.trailing_zeros() as u8;
                m &= m - 1;
                Card::from_id(i).expect("a kind bit")
            })
        })
    }

    /// Calls `visit` once for every distinct sub-multiset of `size` cards.
    pub fn for_each_subset(self, size: u32, visit: &mut dyn FnMut(Hand)) {
        fn walk(kinds: u64, pool: Hand, need: u32, acc: Hand, visit: &mut dyn FnMut(Hand)) {
            if need == 0 {
                return visit(acc);
            }
            if kinds == 0 || pool.restrict(kinds).len() < need {
                return;
            }
            let kind = kinds & kinds.wrapping_neg();
            let c = Card::from_id(kind.trailing_zeros() as u8).expect("a kind bit");
            let mut next = acc;
            for take in 0..=pool.count(c).min(need) {
                if take > 0 {
                    next = next.add(c).expect("at most two copies");
                }
                walk(kinds & !kind, pool, need - take, next, visit);
            }
        }
        walk(self.one, self, size, Hand::EMPTY, visit);
    }

    /// Every card, copies repeated, in id order.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        let mut one = self.one;
        let two = self.two;
        let mut pending: Option<Card> = None;
        std::iter::from_fn(move || {
            if let Some(c) = pending.take() {
                return Some(c);
            }
            if one == 0 {
                return None;
            }
            let i = one.trailing_zeros();
            one &= one - 1;
            let c = Card::from_id(i as u8).expect("a kind bit");
            if two >> i & 1 == 1 {
                pending = Some(c);
            }
            Some(c)
        })
    }
}

impl TryFrom<&[Card]> for Hand {
    type Error = TooManyCopies;

    fn try_from(cards: &[Card]) -> Result<Hand, TooManyCopies> {
        cards.iter().try_fold(Hand::EMPTY, |h, &c| h.add(c))
    }
}

/// The cards in id order, separated by spaces (`2H 2H BJ`); `-` for no card.
impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<String> = self.cards().map(|c| c.to_string()).collect();
        if texts.is_empty() {
            return f.write_str("-");
        }
        f.write_str(&texts.join(" "))
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

#[cfg(test)]
pub(crate) fn hand(text: &str) -> Hand {
    let cards: Vec<Card> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
    Hand::try_from(cards.as_slice()).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn counts(h: Hand) -> Vec<u32> {
        Card::all().map(|c| h.count(c)).collect()
    }

    fn arb_hand() -> impl Strategy<Value = Hand> {
        proptest::collection::vec(0u8..3, 54).prop_map(|cs| {
            cs.iter().enumerate().fold(Hand::EMPTY, |h, (i, &n)| {
                (0..n).fold(h, |h, _| h.add(Card::from_id(i as u8).unwrap()).unwrap())
            })
        })
    }

    #[test]
    fn copies_are_counted_and_a_third_refused() {
        let h = hand("AH AH 10S BJ");
        assert_eq!(h.len(), 4);
        assert_eq!(h.count("AH".parse().unwrap()), 2);
        assert_eq!(h.add("AH".parse().unwrap()), Err(TooManyCopies("AH".parse().unwrap())));
        assert_eq!(format!("{h:?}"), "[AH AH 10S BJ]");
        assert_eq!(Hand::FULL.len(), 108);
    }

    proptest! {
        #[test]
        fn sum_and_minus_are_multiset_operations(a in arb_hand(), b in arb_hand()) {
            match a.sum(b) {
                Ok(s) => {
                    let expected: Vec<u32> = counts(a).iter().zip(counts(b)).map(|(x, y)| x + y).collect();
                    prop_assert_eq!(counts(s), expected);
                    prop_assert_eq!(s.minus(b), a);
                    prop_assert!(a.is_subset(s) && b.is_subset(s));
                }
                Err(_) => prop_assert!(counts(a).iter().zip(counts(b)).any(|(x, y)| x + y > 2)),
            }
            prop_assert_eq!(a.cards().count() as u32, a.len());
            let rebuilt: Vec<Card> = a.cards().collect();
            prop_assert_eq!(Hand::try_from(rebuilt.as_slice()).unwrap(), a);
        }
    }
}
