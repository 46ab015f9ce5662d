//! The 32-card Sheepshead deck (R2) and sets of its cards on a 32-bit mask.
//!
//! Index of a card: `8 * suit + rank`, suits C, D, H, S and ranks 7, 8, 9, 10, J, Q, K, A (0..7).

use crate::cards::{Card, Rank, Suit};
use std::fmt;

/// A card of the Sheepshead deck, 0..32.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SCard(u8);

/// Ranks in index order (R2).
pub const RANKS: [Rank; 8] = [
    Rank::SEVEN,
    Rank::from_value(8).unwrap(),
    Rank::from_value(9).unwrap(),
    Rank::TEN,
    Rank::JACK,
    Rank::QUEEN,
    Rank::KING,
    Rank::ACE,
];

impl SCard {
    pub const COUNT: usize = 32;

    pub const fn from_index(i: u8) -> Option<SCard> {
        if i < 32 {
            Some(SCard(i))
        } else {
            None
        }
    }

    /// The card with this suit and rank index (0 = seven … 7 = ace).
    pub const fn of(suit: Suit, rank: u8) -> SCard {
        SCard(suit as u8 * 8 + rank)
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn suit(self) -> Suit {
        Suit::from_index(self.0 / 8)
    }

    /// Rank index: 0 = seven, 1 = eight, 2 = nine, 3 = ten, 4 = jack, 5 = queen, 6 = king, 7 = ace.
    pub const fn rank(self) -> u8 {
        self.0 % 8
    }

    /// Card points (R6): A 11, 10 10, K 4, Q 3, J 2, 9/8/7 nothing.
    pub const fn points(self) -> u8 {
        [0, 0, 0, 10, 2, 3, 4, 11][self.rank() as usize]
    }

    pub const fn card(self) -> Card {
        Card::new(RANKS[self.rank() as usize], self.suit())
    }

    /// The Sheepshead card of a kind, `None` for kinds not in the 32-card deck (2–6, jokers).
    pub fn from_card(c: Card) -> Option<SCard> {
        let r = c.rank()?.index();
        let suit = c.suit()?;
        (r >= Rank::SEVEN.index()).then(|| SCard::of(suit, r - Rank::SEVEN.index()))
    }

    pub const fn bit(self) -> u32 {
        1 << self.0
    }
}

impl fmt::Display for SCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.card(), f)
    }
}

impl fmt::Debug for SCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.card(), f)
    }
}

/// A set of Sheepshead cards.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u32);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    pub const ALL: CardSet = CardSet(u32::MAX);

    pub const fn contains(self, c: SCard) -> bool {
        self.0 & c.bit() != 0
    }

    pub const fn with(self, c: SCard) -> CardSet {
        CardSet(self.0 | c.bit())
    }

    pub const fn without(self, c: SCard) -> CardSet {
        CardSet(self.0 & !c.bit())
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn union(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }

    pub const fn intersection(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }

    pub const fn difference(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }

    pub const fn is_disjoint(self, o: CardSet) -> bool {
        self.0 & o.0 == 0
    }

    /// The lowest-index card, if any.
    pub const fn first(self) -> Option<SCard> {
        if self.0 == 0 {
            None
        } else {
            Some(SCard(self.0.trailing_zeros() as u8))
        }
    }

    /// Card points of the set (R6), counted rank by rank.
    #[inline]
    pub const fn points(self) -> u32 {
        const fn of_rank(rank: u8) -> u32 {
            0x0101_0101 << rank
        }
        let x = self.0;
        11 * (x & of_rank(7)).count_ones()
            + 10 * (x & of_rank(3)).count_ones()
            + 4 * (x & of_rank(6)).count_ones()
            + 3 * (x & of_rank(5)).count_ones()
            + 2 * (x & of_rank(4)).count_ones()
    }
}

impl FromIterator<SCard> for CardSet {
    fn from_iter<I: IntoIterator<Item = SCard>>(iter: I) -> CardSet {
        iter.into_iter().fold(CardSet::EMPTY, CardSet::with)
    }
}

/// Iterates a set in index order.
pub struct Iter(u32);

impl Iterator for Iter {
    type Item = SCard;

    #[inline]
    fn next(&mut self) -> Option<SCard> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(SCard(i as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for CardSet {
    type Item = SCard;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        Iter(self.0)
    }
}

impl std::ops::BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, o: CardSet) -> CardSet {
        self.union(o)
    }
}

impl std::ops::BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, o: CardSet) -> CardSet {
        self.intersection(o)
    }
}

impl std::ops::Sub for CardSet {
    type Output = CardSet;
    fn sub(self, o: CardSet) -> CardSet {
        self.difference(o)
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tv_s3_deck_has_32_cards_worth_120() {
        assert_eq!(CardSet::ALL.len(), 32);
        assert_eq!(CardSet::ALL.points(), 120);
        for i in 0..32 {
            let c = SCard::from_index(i).unwrap();
            assert_eq!(CardSet::EMPTY.with(c).points(), u32::from(c.points()));
        }
    }

    #[test]
    fn index_round_trips_through_card_kind() {
        for i in 0..32 {
            let c = SCard::from_index(i).unwrap();
            assert_eq!(SCard::from_card(c.card()), Some(c));
        }
        assert_eq!(SCard::from_card("6H".parse().unwrap()), None);
        assert_eq!(SCard::from_card(Card::RED_JOKER), None);
        assert_eq!(SCard::from_card("AC".parse().unwrap()).unwrap().index(), 7);
        assert_eq!(SCard::from_card("QD".parse().unwrap()).unwrap().index(), 13);
        assert_eq!(SCard::from_card("10H".parse().unwrap()).unwrap().index(), 19);
    }

    #[test]
    fn set_operations() {
        let a: CardSet = [0, 3, 5].iter().map(|&i| SCard::from_index(i).unwrap()).collect();
        let b: CardSet = [3, 7].iter().map(|&i| SCard::from_index(i).unwrap()).collect();
        assert_eq!((a | b).len(), 4);
        assert_eq!((a & b).len(), 1);
        assert_eq!((a - b).into_iter().map(SCard::index).collect::<Vec<_>>(), vec![0, 5]);
        assert!(!a.is_disjoint(b));
        assert_eq!(format!("{a:?}"), "{7C, 10C, QC}");
    }
}
