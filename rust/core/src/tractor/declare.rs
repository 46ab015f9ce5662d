//! Declaring the trump during the draw (R15–R20).

use super::hand::Hand;
use super::rules::{BidOverride, Rules};
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

    /// The trump it makes (R15; F12: jokers keep the rank under `joker_pair_declaration_keeps_rank`).
    pub fn trump(self, rank: Rank, rules: &Rules) -> Trump {
        match self {
            Declaration::Single(s) | Declaration::Pair(s) => {
                Trump::new(Some(rank), Some(s)).expect("a rank and a suit")
            }
            Declaration::Jokers { .. } => no_trump(rank, rules),
        }
    }

    /// Whether `by` may make this declaration over `standing` (R16, R17, F8, F9).
    pub fn may_override(self, standing: Option<Standing>, by: u8, rules: &Rules) -> bool {
        let Some(st) = standing else { return true };
        let other = by != st.by;
        let equal_count = rules.bid_override != BidOverride::CountOnly; // F8: at equal m
        match (st.declaration, self) {
            (Declaration::Single(s), Declaration::Pair(t)) => other || (rules.allow_self_reinforce && s == t),
            (Declaration::Single(_), Declaration::Jokers { .. }) => other,
            (Declaration::Pair(_), Declaration::Jokers { .. }) => other && equal_count,
            (Declaration::Pair(s), Declaration::Pair(t)) => {
                other && rules.bid_override == BidOverride::HigherSuit && s_order(t) > s_order(s)
            }
            (Declaration::Jokers { red: false }, Declaration::Jokers { red: true }) => {
                other && rules.red_pair_overrides_black_pair && equal_count
            }
            _ => false,
        }
    }
}

/// A suit's place in the S-order ♦ < ♣ < ♥ < ♠ (B.0: F8's `higher_suit`, F26's last tie-break).
pub const fn s_order(suit: Suit) -> u8 {
    match suit {
        Suit::Diamonds => 0,
        Suit::Clubs => 1,
        Suit::Hearts => 2,
        Suit::Spades => 3,
    }
}

/// The no-trump round jokers make (R9, F12): jokers only, or with `joker_pair_declaration_keeps_rank` the
/// jokers and every card of the rank.
pub fn no_trump(rank: Rank, rules: &Rules) -> Trump {
    if rules.joker_pair_declaration_keeps_rank {
        Trump::new(Some(rank), None).expect("a rank without a suit")
    } else {
        Trump::NO_TRUMP
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
    if pairs | jokers == 0 {
        return false; // every override shows a pair (R16, F8): the common case of the draw
    }
    overrides_with(pairs, jokers, rank, st, by, rules)
}

/// [`can_declare`] over a standing declaration, for a hand holding a pair of rank cards or of jokers.
#[inline(never)]
fn overrides_with(pairs: u64, jokers: u64, rank: Rank, st: Standing, by: u8, rules: &Rules) -> bool {
    let bit = |c: Card| 1u64 << c.id();
    let other = st.by != by;
    let equal_count = rules.bid_override != BidOverride::CountOnly;
    match st.declaration {
        Declaration::Single(s) => {
            let reinforce = rules.allow_self_reinforce && pairs & bit(Card::new(rank, s)) != 0;
            (pairs != 0 && (other || reinforce)) || (jokers != 0 && other)
        }
        Declaration::Pair(s) => {
            let higher_pair = || {
                let higher = Suit::ALL.iter().filter(|&&t| s_order(t) > s_order(s));
                pairs & higher.fold(0, |m, &t| m | bit(Card::new(rank, t))) != 0
            };
            other
                && ((jokers != 0 && equal_count)
                    || (rules.bid_override == BidOverride::HigherSuit && higher_pair()))
        }
        Declaration::Jokers { red: false } => {
            other && rules.red_pair_overrides_black_pair && equal_count && jokers & bit(Card::RED_JOKER) != 0
        }
        Declaration::Jokers { red: true } => false,
    }
}

/// R20, F11: the trump suit from turning the talon over (`Some(None)`: a no-trump round), and how many cards
/// were turned: the first trump-rank card decides; without one, the highest-ranked non-joker (the first turned
/// on ties). Under `kitty_flip_joker_no_trump` a joker turned before any rank card stops the turning: no trump.
/// `None` if nothing decides: a talon of jokers only, or none at all (F5's smaller kitties; R13's 8 cards always
/// hold a suited one).
pub fn talon_flip(talon: &[Card], rank: Rank, rules: &Rules) -> Option<(Option<Suit>, usize)> {
    let decides = |c: &Card| c.rank() == Some(rank) || (rules.kitty_flip_joker_no_trump && c.is_joker());
    if let Some(i) = talon.iter().position(decides) {
        return Some((talon[i].suit(), i + 1));
    }
    let best = talon.iter().filter_map(|c| Some((c.rank()?, c.suit()?))).reduce(|best, x| {
        if x.0 > best.0 {
            x
        } else {
            best
        }
    })?;
    Some((Some(best.1), talon.len()))
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
        assert_eq!(black.trump(r, &rules), Trump::NO_TRUMP);
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
    fn tv_f4_declaration_options() {
        let bid = |bid_override| Rules { bid_override, ..Rules::default() };
        let (standard, higher, count) =
            (bid(BidOverride::Standard), bid(BidOverride::HigherSuit), bid(BidOverride::CountOnly));
        let hearts = Some(Standing { by: 1, declaration: Declaration::Pair(Suit::Hearts) });
        let spades = Declaration::Pair(Suit::Spades);
        assert!(!spades.may_override(hearts, 2, &standard));
        assert!(spades.may_override(hearts, 2, &higher), "♠ > ♥ in S-order");
        assert!(!spades.may_override(hearts, 2, &count));
        assert!(!spades.may_override(hearts, 1, &higher), "not over one's own pair (F9)");
        let spades_stand = Some(Standing { by: 2, declaration: spades });
        let black = Declaration::Jokers { red: false };
        for (rules, jokers) in [(&standard, true), (&higher, true), (&count, false)] {
            assert!(!Declaration::Pair(Suit::Diamonds).may_override(spades_stand, 3, rules));
            assert_eq!(black.may_override(spades_stand, 3, rules), jokers, "{:?}", rules.bid_override);
            // Singles are never compared by suit.
            let hearts_single = Some(Standing { by: 1, declaration: Declaration::Single(Suit::Hearts) });
            assert!(!Declaration::Single(Suit::Spades).may_override(hearts_single, 2, rules));
            // More cards always override.
            assert!(Declaration::Pair(Suit::Clubs).may_override(hearts_single, 2, rules));
            assert!(black.may_override(hearts_single, 2, rules));
        }
        // count_only: red jokers gain nothing over black ones at an equal count.
        let red_rule = |b| Rules { red_pair_overrides_black_pair: true, bid_override: b, ..Rules::default() };
        let black_stands = Some(Standing { by: 1, declaration: black });
        let red = Declaration::Jokers { red: true };
        assert!(red.may_override(black_stands, 2, &red_rule(BidOverride::Standard)));
        assert!(!red.may_override(black_stands, 2, &red_rule(BidOverride::CountOnly)));
    }

    #[test]
    fn tv_f23_no_trump_options() {
        use crate::tractor::format::decompose;
        use crate::tractor::trump::TrumpContext;
        let seven = Rank::from_value(7).unwrap();
        let keeps = Rules { joker_pair_declaration_keeps_rank: true, ..Rules::default() };
        assert_eq!(Declaration::Jokers { red: false }.trump(seven, &Rules::default()), Trump::NO_TRUMP);
        let trump = Declaration::Jokers { red: false }.trump(seven, &keeps);
        let ctx = TrumpContext::new(trump);
        let parts = |cards: &str| decompose(&ctx, hand(cards)).unwrap().components().len();
        assert_eq!(parts("7C 7C BJ BJ RJ RJ"), 1, "a 3-pair tractor");
        assert_eq!(parts("7C 7C 7D 7D"), 2, "equal positions are not consecutive");
        assert_eq!(parts("8S 8S 6S 6S"), 1, "spades close the gap of the rank");
        let trumps = Card::all().filter(|&c| ctx.suit_of(c) == crate::tractor::trump::TRUMP).count();
        assert_eq!(trumps, 6, "RJ, BJ and the four sevens: 12 cards");
        // Turning the kitty at rank 5: BJ is skipped (5♥ → hearts), or stops the turning.
        let five = Rank::from_value(5).unwrap();
        let kitty: Vec<Card> = "9C BJ 5H KD 3S 8C 10H 2D".split(' ').map(|c| c.parse().unwrap()).collect();
        assert_eq!(talon_flip(&kitty, five, &Rules::default()), Some((Some(Suit::Hearts), 3)));
        let flip = Rules { kitty_flip_joker_no_trump: true, ..Rules::default() };
        assert_eq!(talon_flip(&kitty, five, &flip), Some((None, 2)));
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
            bid in 0usize..3,
        ) {
            let mask = (1u64 << 54) - 1;
            let hand = Hand::from_masks(kinds & mask, pairs & kinds & mask);
            let rules = Rules {
                allow_self_reinforce: options & 1 != 0,
                red_pair_overrides_black_pair: options & 2 != 0,
                bid_override: [BidOverride::Standard, BidOverride::HigherSuit, BidOverride::CountOnly][bid],
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
        let r = Rules::default();
        assert_eq!(talon_flip(&cards("9C BJ QD 4S 5H 3C 3D 3S"), five, &r), Some((Some(Suit::Hearts), 5)));
        assert_eq!(talon_flip(&cards("KS RJ AD 3C AC 10H 7D 9S"), five, &r), Some((Some(Suit::Diamonds), 8)));
        // F5: a smaller talon may hold nothing that decides.
        assert_eq!(talon_flip(&cards("BJ RJ"), five, &r), None);
        assert_eq!(talon_flip(&[], five, &r), None);
        let flip = Rules { kitty_flip_joker_no_trump: true, ..Rules::default() };
        assert_eq!(talon_flip(&cards("BJ RJ"), five, &flip), Some((None, 1)));
    }
}
