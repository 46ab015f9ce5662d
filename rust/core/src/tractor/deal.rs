//! How a deal shares out the two decks (F4, F5): the kitty's size, each hand's, and the cards taken out first.
//!
//! With a kitty of k cards, r = (108 − k) mod 4 cards are taken out of the shuffled pack before the draw so that
//! the four hands get h = (108 − k − r) / 4 cards each (F5). The cards taken out are copies of one rank ρ, the
//! lowest of 2, 3, 4, … that is neither a point rank (5, 10, K) nor the round's trump rank, one copy a suit in
//! the cycle ♣, ♦, ♥, ♠; they hold no points and take no part in the round. R13's kitty of 8 takes nothing out.

use super::hand::Hand;
use super::round::{NUM_PLAYERS, STACK};
use crate::cards::{Card, Rank, Suit};

/// The kitty of R13 (F4's size for four players and two decks): the default of `kitty_size`.
pub const DEFAULT_KITTY: u8 = 8;
/// The largest kitty that leaves every hand a card (F5).
pub const MAX_KITTY: u8 = (STACK - NUM_PLAYERS) as u8;
/// The most cards a hand is dealt: 27, with no kitty (F5).
pub const MAX_HAND: usize = STACK / NUM_PLAYERS;
/// The most cards F5 takes out: fewer than the players.
const MAX_REMOVED: usize = NUM_PLAYERS - 1;

/// The shape of a deal: the cards each hand draws, the kitty, the cards taken out (F4, F5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    /// h: the cards each player draws.
    pub hand: u8,
    /// k: the cards of the talon and of the kitty (R13, R23).
    pub kitty: u8,
    /// The cards taken out before the draw, in the order they are taken (F5); `removed[..n_removed]`.
    removed: [Card; MAX_REMOVED],
    n_removed: u8,
}

impl Deal {
    /// R13's deal: 25 cards each, a kitty of 8, nothing taken out.
    pub const STANDARD: Deal =
        Deal { hand: 25, kitty: DEFAULT_KITTY, removed: [Card::RED_JOKER; 3], n_removed: 0 };

    /// The deal of a kitty of `kitty` cards (at most [`MAX_KITTY`]) in a round whose trump rank is `rank` (the
    /// declarers' level; in round 1 the level of every player). The level NT (F35) has no trump rank: pass
    /// `None`.
    pub fn new(kitty: u8, rank: Option<Rank>) -> Deal {
        let kitty = kitty.min(MAX_KITTY); // `Rules::set` checks it; a struct literal may not have
        if kitty == DEFAULT_KITTY {
            return Deal::STANDARD;
        }
        let left = STACK - usize::from(kitty);
        let n_removed = left % NUM_PLAYERS;
        let taken = taken_rank(rank);
        let removed = std::array::from_fn(|i| Card::new(taken, Suit::ALL[i % 4]));
        Deal { hand: (left / NUM_PLAYERS) as u8, kitty, removed, n_removed: n_removed as u8 }
    }

    /// The cards drawn into the hands: 4h.
    #[inline(always)]
    pub const fn drawn(&self) -> u8 {
        self.hand * NUM_PLAYERS as u8
    }

    /// The stack positions of the talon: after the hands' draws, before the cards taken out.
    pub fn talon(&self) -> std::ops::Range<usize> {
        let start = usize::from(self.drawn());
        start..start + usize::from(self.kitty)
    }

    /// The cards taken out, in the order they were taken (they end the stack in this order).
    pub fn removed_cards(&self) -> &[Card] {
        &self.removed[..usize::from(self.n_removed)]
    }

    /// The cards taken out, as a hand.
    pub fn removed(&self) -> Hand {
        self.removed_cards().iter().fold(Hand::EMPTY, |h, &c| h.add(c).expect("distinct suits"))
    }

    /// The cards of `parts` (hands, a kitty…) with the cards taken out: an error naming the first card that
    /// appears more often than the two decks hold it (R2).
    pub fn check_cards<'a>(&self, parts: impl IntoIterator<Item = &'a Hand>) -> Result<Hand, String> {
        parts.into_iter().try_fold(self.removed(), |all, &h| all.sum(h)).map_err(|e| {
            let names: Vec<String> = self.removed_cards().iter().map(Card::to_string).collect();
            match names.is_empty() {
                true => format!("{e}: a card is dealt more often than the two decks hold"),
                false => format!(
                    "{e}: a card is dealt more often than the two decks hold once F5 took out {}",
                    names.join(" ")
                ),
            }
        })
    }

    /// Takes the cards out of a shuffled stack (F5): the last copy in the stack of each, moved to its end in
    /// the order they are taken, the rest keeping their order. A stack that already ends with them is unchanged.
    #[inline(always)]
    pub fn take_out(&self, stack: &mut [Card; STACK]) {
        if self.n_removed == 0 {
            return;
        }
        self.take_out_cold(stack);
    }

    #[cold]
    fn take_out_cold(&self, stack: &mut [Card; STACK]) {
        let mut taken = [false; STACK];
        // The last card taken first, each from the last copy not taken yet: a stack that already ends with the
        // cards in order gives up exactly its end.
        for &c in self.removed_cards().iter().rev() {
            let at =
                (0..STACK).rev().find(|&k| !taken[k] && stack[k] == c).expect("two copies of every card");
            taken[at] = true;
        }
        let mut out = *stack;
        let kept = (0..STACK).filter(|&k| !taken[k]).map(|k| stack[k]);
        for (slot, c) in out.iter_mut().zip(kept.chain(self.removed_cards().iter().copied())) {
            *slot = c;
        }
        *stack = out;
    }
}

/// ρ of F5: the lowest rank from 2 up that holds no points (5, 10, K) and is not `rank`.
fn taken_rank(rank: Option<Rank>) -> Rank {
    (2..=14)
        .filter_map(Rank::from_value)
        .find(|&r| !matches!(r.value(), 5 | 10 | 13) && Some(r) != rank)
        .expect("2 or 3 is free")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tractor::hand::hand;

    fn rank(v: u8) -> Option<Rank> {
        Rank::from_value(v)
    }

    #[test]
    fn the_default_kitty_takes_nothing_out() {
        assert_eq!(Deal::new(8, rank(2)), Deal::STANDARD);
        assert_eq!(
            (Deal::STANDARD.hand, Deal::STANDARD.drawn(), Deal::STANDARD.talon()),
            (25, 100, 100..108)
        );
        assert!(Deal::STANDARD.removed().is_empty());
    }

    #[test]
    fn tv_f2_custom_kitty() {
        // Kitty 6 at trump rank 3: 102 mod 4 = 2, so one 2♣ and one 2♦ go; 25 each.
        let d = Deal::new(6, rank(3));
        assert_eq!((d.hand, d.kitty, d.removed()), (25, 6, hand("2C 2D")));
        assert_eq!(d.talon(), 100..106);
        // At trump rank 2, ρ is 3.
        assert_eq!(Deal::new(6, rank(2)).removed(), hand("3C 3D"));
        // Kitty 4: 104 mod 4 = 0, nothing goes; 26 each.
        let d = Deal::new(4, rank(2));
        assert_eq!((d.hand, d.removed()), (26, Hand::EMPTY));
    }

    #[test]
    fn f5_every_kitty_size_shares_out_the_108_cards() {
        for k in 0..=MAX_KITTY {
            for r in [rank(2), rank(3), rank(7), rank(14), None] {
                let d = Deal::new(k, r);
                let removed = d.removed_cards().len();
                assert_eq!(usize::from(d.drawn()) + usize::from(k) + removed, STACK, "kitty {k}");
                assert!(removed < NUM_PLAYERS && d.hand >= 1 && usize::from(d.hand) <= MAX_HAND);
                assert_eq!(crate::tractor::trick::points(d.removed()), 0, "F5: no point card is taken out");
                assert!(d.removed_cards().iter().all(|c| c.rank() != r));
            }
        }
        assert_eq!(Deal::new(0, rank(2)).hand, 27);
        assert_eq!((Deal::new(1, rank(2)).hand, Deal::new(1, rank(2)).removed()), (26, hand("3C 3D 3H")));
        assert_eq!(Deal::new(104, rank(2)).hand, 1);
        // At NT no rank is barred: ρ is 2.
        assert_eq!(Deal::new(5, None).removed(), hand("2C 2D 2H"));
    }

    #[test]
    fn take_out_moves_the_last_copies_to_the_end_and_is_idempotent() {
        let mut rng = crate::rng::Rng::new(5);
        let d = Deal::new(5, rank(2)); // takes 3♣ 3♦ 3♥
        for _ in 0..50 {
            let mut stack: [Card; STACK] = std::array::from_fn(|i| Card::from_id((i / 2) as u8).unwrap());
            rng.shuffle(&mut stack);
            let before = stack;
            d.take_out(&mut stack);
            assert_eq!(&stack[105..], d.removed_cards());
            let mut rest: Vec<Card> = before.to_vec();
            for c in d.removed_cards() {
                let last = rest.iter().rposition(|x| x == c).unwrap();
                rest.remove(last);
            }
            assert_eq!(&stack[..105], rest.as_slice());
            let again = stack;
            d.take_out(&mut stack);
            assert_eq!(stack, again);
        }
    }
}
