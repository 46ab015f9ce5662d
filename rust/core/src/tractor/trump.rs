//! The trump of a round and everything it decides, precomputed into tables (R6–R11).
//!
//! Each card kind gets an **effective suit** (the trump suit T or its printed suit, R10) and a **strength**:
//! its position inside that suit counted from the bottom (1 = lowest), identical cards and the equal off-suit
//! trump-rank cards (R7) sharing one position, so that two positions are adjacent exactly when they differ by 1.

use super::hand::Hand;
use crate::cards::{Card, Rank, Suit};
use std::fmt;
use std::sync::OnceLock;

/// An effective suit: the four plain suits (by their `Suit` index) and the trumps.
pub type ESuit = u8;
/// The trump suit T as an effective suit.
pub const TRUMP: ESuit = 4;
/// The most positions an effective suit can have (T with a trump suit: RJ, BJ, r of s, other r, 12 cards).
pub const MAX_LEVELS: usize = 16;

/// The trump of a round: a rank and a suit, a rank only, or neither (the no-trump round of R9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trump {
    rank: Option<Rank>,
    suit: Option<Suit>,
}

/// A trump suit without a trump rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuitWithoutRank;

impl fmt::Display for SuitWithoutRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a trump suit needs a trump rank (R5); a round without a rank has no trump suit (R9)")
    }
}

impl std::error::Error for SuitWithoutRank {}

impl Trump {
    pub const fn new(rank: Option<Rank>, suit: Option<Suit>) -> Result<Trump, SuitWithoutRank> {
        if rank.is_none() && suit.is_some() {
            return Err(SuitWithoutRank);
        }
        Ok(Trump { rank, suit })
    }

    /// The no-trump round declared with a joker pair (R9): only the jokers are trumps.
    pub const NO_TRUMP: Trump = Trump { rank: None, suit: None };

    pub const fn rank(self) -> Option<Rank> {
        self.rank
    }

    pub const fn suit(self) -> Option<Suit> {
        self.suit
    }
}

impl fmt::Display for Trump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank, self.suit) {
            (Some(r), Some(s)) => write!(f, "rank {} of {}", r.name(), s),
            (Some(r), None) => write!(f, "rank {}, no trump suit", r.name()),
            _ => f.write_str("no trump (jokers only)"),
        }
    }
}

/// The tables of one trump.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TrumpContext {
    trump: Trump,
    suit: [ESuit; Card::COUNT],
    strength: [u8; Card::COUNT],
    suit_mask: [u64; 5],
    /// `level_mask[s][p]`: the kinds of suit `s` at position `p` (index 0 unused).
    level_mask: [[u64; MAX_LEVELS + 1]; 5],
    /// `above[s][p]`: the kinds of suit `s` positioned higher than `p`.
    above: [[u64; MAX_LEVELS + 1]; 5],
    levels: [u8; 5],
}

impl TrumpContext {
    /// The tables of `trump`, plain suits closing the gap left by the trump rank (R12).
    pub fn new(trump: Trump) -> TrumpContext {
        TrumpContext::with_gap_closing(trump, true)
    }

    /// The tables of `trump`; with `plain_suit_gap_closing` off, the cards on either side of the trump rank in
    /// a plain suit are not adjacent (so with rank 7, 8♠8♠–6♠6♠ is no tractor).
    pub fn with_gap_closing(trump: Trump, plain_suit_gap_closing: bool) -> TrumpContext {
        let mut ctx = TrumpContext {
            trump,
            suit: [0; Card::COUNT],
            strength: [0; Card::COUNT],
            suit_mask: [0; 5],
            level_mask: [[0; MAX_LEVELS + 1]; 5],
            above: [[0; MAX_LEVELS + 1]; 5],
            levels: [0; 5],
        };
        // Each effective suit as groups of equal cards from the top (R6, R8, R9).
        let mut groups: [Vec<Vec<Card>>; 5] = Default::default();
        groups[TRUMP as usize].push(vec![Card::RED_JOKER]);
        groups[TRUMP as usize].push(vec![Card::BLACK_JOKER]);
        if let Some(r) = trump.rank {
            if let Some(s) = trump.suit {
                groups[TRUMP as usize].push(vec![Card::new(r, s)]);
            }
            let others = Suit::ALL.iter().filter(|&&x| Some(x) != trump.suit).map(|&x| Card::new(r, x));
            groups[TRUMP as usize].push(others.collect()); // R7: equal to one another
        }
        for s in Suit::ALL {
            let target = if Some(s) == trump.suit { TRUMP } else { s as u8 };
            for v in (2..=14).rev() {
                let rank = Rank::from_value(v).expect("2..=14 are ranks");
                if Some(rank) != trump.rank {
                    groups[target as usize].push(vec![Card::new(rank, s)]);
                } else if target != TRUMP && !plain_suit_gap_closing && v != 2 && v != 14 {
                    groups[target as usize].push(vec![]); // an empty position keeps the gap open
                }
            }
        }
        for (s, suit_groups) in groups.iter().enumerate() {
            let n = suit_groups.len();
            ctx.levels[s] = n as u8;
            for (i, group) in suit_groups.iter().enumerate() {
                let position = (n - i) as u8;
                for &c in group {
                    ctx.suit[c.id() as usize] = s as u8;
                    ctx.strength[c.id() as usize] = position;
                    ctx.suit_mask[s] |= 1 << c.id();
                    ctx.level_mask[s][position as usize] |= 1 << c.id();
                }
            }
            for p in 0..=MAX_LEVELS {
                ctx.above[s][p] = (p + 1..=MAX_LEVELS).fold(0, |m, q| m | ctx.level_mask[s][q]);
            }
        }
        ctx
    }

    pub fn trump(&self) -> Trump {
        self.trump
    }

    /// The tables of every trump, built once per process: a round only looks its trump up.
    pub fn cached(trump: Trump, plain_suit_gap_closing: bool) -> &'static TrumpContext {
        static ALL: OnceLock<Vec<TrumpContext>> = OnceLock::new();
        let index = |t: Trump, gap: bool| {
            let rank = t.rank.map_or(0, |r| r.index() as usize + 1);
            let suit = t.suit.map_or(0, |s| s as usize + 1);
            (rank * 5 + suit) * 2 + usize::from(gap)
        };
        let all = ALL.get_or_init(|| {
            let mut v = Vec::with_capacity(14 * 5 * 2);
            for rank in std::iter::once(None).chain((2..=14).map(Rank::from_value)) {
                for suit in std::iter::once(None).chain(Suit::ALL.map(Some)) {
                    for gap in [false, true] {
                        // A suit without a rank is no trump; its slot is filled so that `index` lines up.
                        let t = Trump::new(rank, suit).unwrap_or(Trump::NO_TRUMP);
                        v.push(TrumpContext::with_gap_closing(t, gap));
                    }
                }
            }
            v
        });
        &all[index(trump, plain_suit_gap_closing)]
    }

    /// The effective suit of a card (R10).
    #[inline]
    pub fn suit_of(&self, c: Card) -> ESuit {
        self.suit[c.id() as usize]
    }

    #[inline]
    pub fn is_trump(&self, c: Card) -> bool {
        self.suit_of(c) == TRUMP
    }

    /// Position inside the effective suit, 1 = lowest; equal cards share it (R11).
    #[inline]
    pub fn strength(&self, c: Card) -> u8 {
        self.strength[c.id() as usize]
    }

    /// Every kind of an effective suit.
    #[inline]
    pub fn suit_mask(&self, s: ESuit) -> u64 {
        self.suit_mask[s as usize]
    }

    /// The kinds of suit `s` at position `p`.
    #[inline]
    pub fn level_mask(&self, s: ESuit, p: u8) -> u64 {
        self.level_mask[s as usize][p as usize]
    }

    /// The kinds of suit `s` positioned higher than `p`.
    #[inline]
    pub fn above(&self, s: ESuit, p: u8) -> u64 {
        self.above[s as usize][p as usize]
    }

    /// The number of positions in suit `s`.
    #[inline]
    pub fn levels(&self, s: ESuit) -> u8 {
        self.levels[s as usize]
    }

    /// The effective suit of every card of `h`, if they share one.
    pub fn common_suit(&self, h: Hand) -> Option<ESuit> {
        let s = self.suit_of(h.first()?);
        (h.kinds() & !self.suit_mask(s) == 0).then_some(s)
    }

    /// A bit per position of suit `s` at which `h` holds a pair (bit `p` for position `p`).
    #[inline(always)] // inlined into the CPU-specific playout kernel
    pub fn pair_levels(&self, h: Hand, s: ESuit) -> u32 {
        let pairs = h.pairs() & self.suit_mask(s);
        let mut bits = 0;
        let mut m = pairs;
        while m != 0 {
            let c = Card::from_id(m.trailing_zeros() as u8).expect("a kind bit");
            bits |= 1 << self.strength(c);
            m &= m - 1;
        }
        bits
    }

    /// The cards of `h` in play order: trumps, then the plain suits C, D, H, S; strongest first; ties by id.
    pub fn sorted(&self, h: Hand) -> Vec<Card> {
        let mut v: Vec<Card> = h.cards().collect();
        v.sort_by_key(|&c| {
            let s = self.suit_of(c);
            ((s + 1) % 5, std::cmp::Reverse(self.strength(c)), c.id())
        });
        v
    }
}

/// Positions `top` such that `bits` (a bit per position) has `k` consecutive positions ending at `top`.
#[inline]
pub const fn runs(bits: u32, k: u32) -> u32 {
    let mut r = bits;
    let mut i = 1;
    while i < k {
        r &= bits << i;
        i += 1;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn ctx(rank: u8, suit: Option<char>) -> TrumpContext {
        TrumpContext::new(Trump::new(Rank::from_value(rank), suit.and_then(Suit::from_char)).unwrap())
    }

    fn order(ctx: &TrumpContext, cards: &str) -> Vec<u8> {
        cards.split_whitespace().map(|t| ctx.strength(c(t))).collect()
    }

    #[test]
    fn tv_t1_trump_order_rank_2_hearts() {
        let t = ctx(2, Some('H'));
        let trumps = "RJ BJ 2H 2C A♥ KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H";
        let s = order(&t, trumps);
        assert_eq!(s, (1..=16).rev().collect::<Vec<u8>>());
        assert_eq!(t.strength(c("2C")), t.strength(c("2D")));
        assert_eq!(t.strength(c("2S")), t.strength(c("2C")));
        assert!(t.is_trump(c("2S")) && !t.is_trump(c("AS")));
        assert_eq!(t.levels(TRUMP), 16);
        assert_eq!(t.suit_mask(TRUMP).count_ones() * 2, 36);
        assert_eq!(t.levels(Suit::Spades as u8), 12);
        let total: u32 = (0..5).map(|s| t.suit_mask(s).count_ones() * 2).sum();
        assert_eq!(total, 108);
    }

    #[test]
    fn tv_t2_trump_order_rank_7_clubs() {
        let t = ctx(7, Some('C'));
        let s = order(&t, "RJ BJ 7C 7D A♣ KC QC JC 10C 9C 8C 6C 5C 4C 3C 2C");
        assert_eq!(s, (1..=16).rev().collect::<Vec<u8>>());
        assert_eq!(order(&t, "7D 7H 7S"), vec![13; 3]);
        let hearts = order(&t, "AH KH QH JH 10H 9H 8H 6H 5H 4H 3H 2H");
        assert_eq!(hearts, (1..=12).rev().collect::<Vec<u8>>());
    }

    #[test]
    fn tv_t3_no_trump_round() {
        let t = TrumpContext::new(Trump::NO_TRUMP);
        assert_eq!(t.suit_mask(TRUMP).count_ones(), 2);
        assert!(t.strength(c("RJ")) > t.strength(c("BJ")));
        assert_eq!(t.strength(c("8S")), t.strength(c("7S")) + 1);
        assert_eq!(t.strength(c("7S")), t.strength(c("6S")) + 1);
        assert!(!t.is_trump(c("7S")));
    }

    #[test]
    fn without_gap_closing_plain_neighbours_of_the_rank_are_not_adjacent() {
        let t = TrumpContext::with_gap_closing(
            Trump::new(Rank::from_value(7), Some(Suit::Clubs)).unwrap(),
            false,
        );
        assert_eq!(t.strength(c("8S")), t.strength(c("6S")) + 2);
        assert_eq!(t.strength(c("8C")), t.strength(c("6C")) + 1, "the trump suit always closes up");
        assert!(t.levels(Suit::Spades as u8) <= MAX_LEVELS as u8);
    }

    #[test]
    fn runs_find_consecutive_positions() {
        assert_eq!(runs(0b0111_0110, 2), 0b0110_0100);
        assert_eq!(runs(0b0111_0110, 3), 0b0100_0000);
        assert_eq!(runs(0b0111_0110, 4), 0);
    }

    #[test]
    fn a_suit_needs_a_rank() {
        assert_eq!(Trump::new(None, Some(Suit::Hearts)), Err(SuitWithoutRank));
    }
}
