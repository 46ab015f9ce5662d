//! Declaring the trump during the draw (R15–R20).

use super::hand::Hand;
use super::rules::Rules;
use super::trump::Trump;
use crate::cards::{Card, Rank, Suit};

/// What a player exposes to declare (R15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Declaration {
    /// (a) one card of the trump rank: its suit becomes trumps.
    Single(Suit),
    /// (b) two identical cards of the trump rank.
    Pair(Suit),
    /// (c) two identical jokers (`true` for the red ones): no trump suit, no trump rank.
    Jokers { red: bool },
}

/// The declaration that stands, and who made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Standing {
    pub by: u8,
    pub declaration: Declaration,
}

impl Declaration {
    /// The cards exposed, given the round's trump rank.
    pub fn cards(self, rank: Rank) -> Hand {
        let card = match self {
            Declaration::Single(s) | Declaration::Pair(s) => Card::new(rank, s),
            Declaration::Jokers { red: true } => Card::RED_JOKER,
            Declaration::Jokers { red: false } => Card::BLACK_JOKER,
        };
        let one = Hand::EMPTY.add(card).expect("one copy");
        match self {
            Declaration::Single(_) => one,
            _ => one.add(card).expect("two copies"),
        }
    }

    /// What it is, as a player says it: `single 2H`, `pair 2H 2H`, `black jokers BJ BJ`.
    pub fn describe(self, rank: Rank) -> String {
        let kind = match self {
            Declaration::Single(_) => "single",
            Declaration::Pair(_) => "pair",
            Declaration::Jokers { red: true } => "red jokers",
            Declaration::Jokers { red: false } => "black jokers",
        };
        format!("{kind} {}", self.cards(rank))
    }

    /// The trump it makes (R15).
    pub fn trump(self, rank: Rank) -> Trump {
        match self {
            Declaration::Single(s) | Declaration::Pair(s) => {
                Trump::new(Some(rank), Some(s)).expect("a rank and a suit")
            }
            Declaration::Jokers { .. } => Trump::NO_TRUMP,
        }
    }

    /// Whether `by` may make this declaration over `standing` (R16, R17).
    pub fn may_override(self, standing: Option<Standing>, by: u8, rules: &Rules) -> bool {
        let Some(st) = standing else { return true };
        let other = by != st.by;
        match (st.declaration, self) {
            (Declaration::Single(s), Declaration::Pair(t)) => other || (rules.allow_self_reinforce && s == t),
            (Declaration::Single(_) | Declaration::Pair(_), Declaration::Jokers { .. }) => other,
            (Declaration::Jokers { red: false }, Declaration::Jokers { red: true }) => {
                other && rules.red_pair_overrides_black_pair
            }
            _ => false,
        }
    }
}

/// Every declaration `by` may make now with `hand`.
pub fn legal_declarations(
    hand: Hand,
    rank: Rank,
    standing: Option<Standing>,
    by: u8,
    rules: &Rules,
) -> impl Iterator<Item = Declaration> + '_ {
    let singles = Suit::ALL.into_iter().map(Declaration::Single);
    let pairs = Suit::ALL.into_iter().map(Declaration::Pair);
    let jokers = [false, true].into_iter().map(|red| Declaration::Jokers { red });
    singles
        .chain(pairs)
        .chain(jokers)
        .filter(move |d| d.cards(rank).is_subset(hand) && d.may_override(standing, by, rules))
}

/// Whether `by` has any legal declaration: `legal_declarations(…).next().is_some()` on masks, for the draw's
/// hot loop.
#[inline(always)] // inlined into the CPU-specific playout kernel
pub fn can_declare(hand: Hand, rank: Rank, standing: Option<Standing>, by: u8, rules: &Rules) -> bool {
    let bit = |c: Card| 1u64 << c.id();
    let rank_cards = Suit::ALL.iter().fold(0, |m, &s| m | bit(Card::new(rank, s)));
    let (singles, pairs) = (hand.kinds() & rank_cards, hand.pairs() & rank_cards);
    let jokers = hand.pairs() & (bit(Card::BLACK_JOKER) | bit(Card::RED_JOKER));
    let Some(st) = standing else { return singles != 0 || jokers != 0 };
    let other = st.by != by;
    match st.declaration {
        Declaration::Single(s) => {
            let reinforce = rules.allow_self_reinforce && pairs & bit(Card::new(rank, s)) != 0;
            (pairs != 0 && (other || reinforce)) || (jokers != 0 && other)
        }
        Declaration::Pair(_) => jokers != 0 && other,
        Declaration::Jokers { red: false } => {
            other && rules.red_pair_overrides_black_pair && jokers & bit(Card::RED_JOKER) != 0
        }
        Declaration::Jokers { red: true } => false,
    }
}

/// R20: the trump suit from turning the talon over, and how many cards were turned: the first trump-rank card
/// decides; without one, the highest-ranked non-joker (the first turned on ties).
pub fn talon_flip(talon: &[Card], rank: Rank) -> (Suit, usize) {
    if let Some(i) = talon.iter().position(|c| c.rank() == Some(rank)) {
        return (talon[i].suit().expect("a rank card has a suit"), i + 1);
    }
    let best = talon
        .iter()
        .filter_map(|c| Some((c.rank()?, c.suit()?)))
        .reduce(|best, x| if x.0 > best.0 { x } else { best })
        .expect("only four jokers exist, so eight cards hold a suited one");
    (best.1, talon.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tractor::hand::hand;

    fn rank2() -> Rank {
        Rank::from_value(2).unwrap()
    }

    #[test]
    fn tv_t13_declaration_sequence() {
        let rules = Rules::default();
        let r = rank2();
        let spades = Declaration::Single(Suit::Spades);
        assert!(spades.may_override(None, 1, &rules));
        let st = Some(Standing { by: 1, declaration: spades });
        // A single cannot override a single.
        assert!(!Declaration::Single(Suit::Diamonds).may_override(st, 0, &rules));
        let hearts = Declaration::Pair(Suit::Hearts);
        assert!(hearts.may_override(st, 2, &rules));
        let st = Some(Standing { by: 2, declaration: hearts });
        let black = Declaration::Jokers { red: false };
        assert!(black.may_override(st, 3, &rules));
        let st = Some(Standing { by: 3, declaration: black });
        assert!(!Declaration::Jokers { red: true }.may_override(st, 0, &rules));
        let red_rule = Rules { red_pair_overrides_black_pair: true, ..Rules::default() };
        assert!(Declaration::Jokers { red: true }.may_override(st, 0, &red_rule));
        assert_eq!(black.trump(r), Trump::NO_TRUMP);
        // Only cards of the hand can be exposed.
        let legal: Vec<_> = legal_declarations(hand("2S 2H 2H BJ"), r, None, 0, &rules).collect();
        assert_eq!(
            legal,
            vec![
                Declaration::Single(Suit::Hearts),
                Declaration::Single(Suit::Spades),
                Declaration::Pair(Suit::Hearts)
            ]
        );
    }

    #[test]
    fn self_reinforcing_is_an_option() {
        let st = Some(Standing { by: 0, declaration: Declaration::Single(Suit::Clubs) });
        let pair = Declaration::Pair(Suit::Clubs);
        assert!(!pair.may_override(st, 0, &Rules::default()));
        let rules = Rules { allow_self_reinforce: true, ..Rules::default() };
        assert!(pair.may_override(st, 0, &rules));
        assert!(!Declaration::Pair(Suit::Hearts).may_override(st, 0, &rules));
    }

    proptest::proptest! {
        #[test]
        fn can_declare_agrees_with_the_list(
            kinds in proptest::prelude::any::<u64>(),
            pairs in proptest::prelude::any::<u64>(),
            standing in 0u8..11,
            by in 0u8..4,
            options in 0u8..4,
        ) {
            let mask = (1u64 << 54) - 1;
            let hand = Hand::from_masks(kinds & mask, pairs & kinds & mask);
            let rules = Rules {
                allow_self_reinforce: options & 1 != 0,
                red_pair_overrides_black_pair: options & 2 != 0,
                ..Rules::default()
            };
            let declaration = match standing {
                0..=3 => Some(Declaration::Single(Suit::from_index(standing))),
                4..=7 => Some(Declaration::Pair(Suit::from_index(standing - 4))),
                8 => Some(Declaration::Jokers { red: false }),
                9 => Some(Declaration::Jokers { red: true }),
                _ => None,
            };
            let standing = declaration.map(|declaration| Standing { by: 1, declaration });
            for rank in (2..=14).map(|v| Rank::from_value(v).unwrap()) {
                let listed = legal_declarations(hand, rank, standing, by, &rules).next().is_some();
                proptest::prop_assert_eq!(can_declare(hand, rank, standing, by, &rules), listed);
            }
        }
    }

    #[test]
    fn tv_t14_talon_flip() {
        let five = Rank::from_value(5).unwrap();
        let cards = |t: &str| -> Vec<Card> { t.split_whitespace().map(|c| c.parse().unwrap()).collect() };
        assert_eq!(talon_flip(&cards("9C BJ QD 4S 5H 3C 3D 3S"), five), (Suit::Hearts, 5));
        assert_eq!(talon_flip(&cards("KS RJ AD 3C AC 10H 7D 9S"), five), (Suit::Diamonds, 8));
    }
}
