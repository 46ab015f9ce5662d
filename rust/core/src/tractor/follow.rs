//! Following a lead (R26, R28–R32): which plays are legal, every distinct legal play, and, for playing card by
//! card, which cards can still extend a partial play to a legal one.
//!
//! R32's general rule covers every lead type: with S the follower's cards of the led suit and n the lead's size,
//! a follower with |S| ≥ n plays n cards of S holding at least min(P_L, P_S) disjoint pairs (P_L pairs in the
//! lead, P_S in S); a follower with fewer plays all of S and fills up with any cards.

use super::format::Format;
use super::hand::Hand;
use super::trump::{runs, TrumpContext};
use crate::cards::Card;
use std::fmt;

/// Options of the follow rules (A.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FollowRules {
    /// A follower holding, in the led suit, a tractor as long as the lead's longest must play one.
    pub tractor_must_follow_tractor: bool,
}

/// Why a play does not follow a lead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FollowError {
    /// R26: the play has another number of cards than the lead.
    Size { lead: u32, play: u32 },
    /// The play holds a card the follower does not have.
    NotInHand(Card),
    /// R28: the follower holds enough of the led suit and played another card.
    MustFollowSuit(Card),
    /// R28: the follower has too few of the led suit and left one in hand.
    MustPlayAllOfSuit(Card),
    /// R30–R32: too few pairs.
    TooFewPairs { required: u32, played: u32 },
    /// The `tractor_must_follow_tractor` option.
    MustPlayTractor(u8),
}

impl fmt::Display for FollowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FollowError::Size { lead, play } => {
                write!(f, "the lead has {lead} cards and the play {play}; every player plays as many (R26)")
            }
            FollowError::NotInHand(c) => write!(f, "{c} is not in the hand"),
            FollowError::MustFollowSuit(c) => {
                write!(f, "{c} is not of the led suit, and the hand holds enough of it to follow (R28)")
            }
            FollowError::MustPlayAllOfSuit(c) => {
                write!(
                    f,
                    "{c} is of the led suit and must be played: the hand has fewer than the lead (R28, R32)"
                )
            }
            FollowError::TooFewPairs { required, played } => write!(
                f,
                "the play has {played} pair(s) of the led suit where {required} are required (R30–R32)"
            ),
            FollowError::MustPlayTractor(k) => {
                write!(
                    f,
                    "a tractor of {k} pairs must follow the lead's tractor (tractor_must_follow_tractor)"
                )
            }
        }
    }
}

impl std::error::Error for FollowError {}

/// What a follower owes a lead: precomputed once per (hand, lead).
#[derive(Clone, Copy, Debug)]
pub struct Duty {
    /// The lead's size.
    pub n: u32,
    /// The follower's cards of the led suit (S).
    pub suit_cards: Hand,
    /// Pairs required when |S| ≥ n: min(P_L, P_S).
    pub pairs: u32,
    /// With the option: a tractor of this many pairs is required (0: none).
    pub tractor: u8,
}

impl Duty {
    #[inline(always)] // inlined into the CPU-specific playout kernel
    pub fn new(ctx: &TrumpContext, hand: Hand, lead: &Format, rules: FollowRules) -> Duty {
        let suit_cards = hand.restrict(ctx.suit_mask(lead.suit));
        let held_pairs = suit_cards.pairs().count_ones();
        let k = lead.longest_tractor();
        let tractor = if rules.tractor_must_follow_tractor
            && k >= 2
            && runs(ctx.pair_levels(suit_cards, lead.suit), u32::from(k)) != 0
        {
            k
        } else {
            0
        };
        Duty { n: lead.size(), suit_cards, pairs: lead.pair_count().min(held_pairs), tractor }
    }

    /// Whether the follower holds enough of the led suit to play only it.
    #[inline]
    pub fn follows_suit(&self) -> bool {
        self.suit_cards.len() >= self.n
    }
}

/// Whether `play` from `hand` follows `lead` (R26, R28–R32), and if not, why.
pub fn check_follow(
    ctx: &TrumpContext,
    hand: Hand,
    lead: &Format,
    play: Hand,
    rules: FollowRules,
) -> Result<(), FollowError> {
    let duty = Duty::new(ctx, hand, lead, rules);
    if play.len() != duty.n {
        return Err(FollowError::Size { lead: duty.n, play: play.len() });
    }
    if let Some(c) = first_kind(play.excess_over(hand)) {
        return Err(FollowError::NotInHand(c));
    }
    let off_suit = play.kinds() & !duty.suit_cards.kinds();
    if duty.follows_suit() {
        if let Some(c) = Hand::from_masks(off_suit, 0).first() {
            return Err(FollowError::MustFollowSuit(c));
        }
        let played = play.pairs().count_ones();
        if played < duty.pairs {
            return Err(FollowError::TooFewPairs { required: duty.pairs, played });
        }
        if duty.tractor > 0 && runs(ctx.pair_levels(play, lead.suit), u32::from(duty.tractor)) == 0 {
            return Err(FollowError::MustPlayTractor(duty.tractor));
        }
    } else if let Some(c) = first_kind(duty.suit_cards.excess_over(play)) {
        return Err(FollowError::MustPlayAllOfSuit(c));
    }
    Ok(())
}

fn first_kind(mask: u64) -> Option<Card> {
    Hand::from_masks(mask, 0).first()
}

/// Whether a partial play (drawn from `hand`) can still be completed to a legal follow.
pub fn completable(ctx: &TrumpContext, duty: &Duty, hand: Hand, partial: Hand, lead: &Format) -> bool {
    if !partial.is_subset(hand) || partial.len() > duty.n {
        return false;
    }
    let left = duty.n - partial.len();
    if !duty.follows_suit() {
        // All of S goes in; the other cards fill exactly n − |S| places.
        let others = partial.len() - partial.intersection(duty.suit_cards).len();
        return others <= duty.n - duty.suit_cards.len();
    }
    if !partial.is_subset(duty.suit_cards) {
        return false;
    }
    let rest = duty.suit_cards.minus(partial);
    if duty.tractor > 0 {
        return completes_with_tractor(ctx, duty, partial, rest, left, lead, 0);
    }
    // The most pairs reachable: complete singles (1 card each), then fresh pairs (2 cards each).
    let to_complete = (partial.singles() & rest.kinds()).count_ones().min(left);
    let fresh = (rest.pairs() & !partial.kinds()).count_ones().min((left - to_complete) / 2);
    partial.pairs().count_ones() + to_complete + fresh >= duty.pairs
}

/// `completable` under `tractor_must_follow_tractor`, by search (the option is rare and plays are short).
/// Cards are added in id order from `min_id` on, so that each completion is tried once.
fn completes_with_tractor(
    ctx: &TrumpContext,
    duty: &Duty,
    partial: Hand,
    rest: Hand,
    left: u32,
    lead: &Format,
    min_id: u8,
) -> bool {
    if left == 0 {
        return partial.pairs().count_ones() >= duty.pairs
            && runs(ctx.pair_levels(partial, lead.suit), u32::from(duty.tractor)) != 0;
    }
    let mut kinds = rest.kinds() & (u64::MAX << min_id);
    while kinds != 0 {
        let c = Card::from_id(kinds.trailing_zeros() as u8).expect("a kind bit");
        kinds &= kinds - 1;
        let next = partial.add(c).expect("at most two copies");
        let rest = rest.remove(c).expect("drawn from the rest");
        if completes_with_tractor(ctx, duty, next, rest, left - 1, lead, c.id()) {
            return true;
        }
    }
    false
}

/// The kinds that can be added to `partial` on the way to a legal follow (never a dead end).
#[inline(always)] // inlined into the CPU-specific playout kernel
pub fn extensions(ctx: &TrumpContext, hand: Hand, lead: &Format, partial: Hand, rules: FollowRules) -> u64 {
    let duty = Duty::new(ctx, hand, lead, rules);
    if !partial.is_subset(hand) || partial.len() >= duty.n {
        return 0;
    }
    let available = hand.minus(partial).kinds();
    if duty.tractor > 0 {
        return extensions_by_search(ctx, &duty, hand, lead, partial, available);
    }
    let suit = duty.suit_cards;
    if !duty.follows_suit() {
        // All of S goes in; other cards only while places for them are left.
        let others_played = partial.len() - partial.intersection(suit).len();
        let places = duty.n - suit.len();
        let suit_left = suit.saturating_minus(partial).kinds();
        return if others_played < places { available } else { suit_left };
    }
    if !partial.is_subset(suit) {
        return 0;
    }
    // R32 in closed form: a card completes a pair, starts a pair that can be completed, or is a lone card.
    // Each kind of card keeps a completion exactly when the most pairs then reachable meet the duty.
    let rest = suit.minus(partial);
    let left = duty.n - partial.len() - 1; // places after the card added
    let pairs = partial.pairs().count_ones();
    let completing = partial.singles() & rest.kinds();
    let fresh = rest.pairs() & !partial.kinds();
    let lone = rest.kinds() & !partial.kinds() & !rest.pairs();
    let (a, b) = (completing.count_ones(), fresh.count_ones());
    let reach = |pairs: u32, a: u32, b: u32| {
        let by_completing = a.min(left);
        pairs + by_completing + b.min((left - by_completing) / 2) >= duty.pairs
    };
    let mut ok = 0;
    if a > 0 && reach(pairs + 1, a - 1, b) {
        ok |= completing;
    }
    if b > 0 && reach(pairs, a + 1, b - 1) {
        ok |= fresh;
    }
    if reach(pairs, a, b) {
        ok |= lone;
    }
    ok
}

/// `extensions` card by card through `completable` (for the tractor option).
fn extensions_by_search(
    ctx: &TrumpContext,
    duty: &Duty,
    hand: Hand,
    lead: &Format,
    partial: Hand,
    available: u64,
) -> u64 {
    let mut ok = 0;
    let mut kinds = available;
    while kinds != 0 {
        let c = Card::from_id(kinds.trailing_zeros() as u8).expect("a kind bit");
        kinds &= kinds - 1;
        if let Ok(next) = partial.add(c) {
            if completable(ctx, duty, hand, next, lead) {
                ok |= 1 << c.id();
            }
        }
    }
    ok
}

/// How many plays [`for_each_follow`] visits, counted without keeping them.
pub fn count_follows(ctx: &TrumpContext, hand: Hand, lead: &Format, rules: FollowRules) -> usize {
    let mut count = 0;
    for_each_follow(ctx, hand, lead, rules, |_| count += 1);
    count
}

/// Every distinct legal follow, each a multiset; `visit` is called once per play.
pub fn for_each_follow(
    ctx: &TrumpContext,
    hand: Hand,
    lead: &Format,
    rules: FollowRules,
    mut visit: impl FnMut(Hand),
) {
    let duty = Duty::new(ctx, hand, lead, rules);
    let (base, pool, need) = if duty.follows_suit() {
        (Hand::EMPTY, duty.suit_cards, duty.n)
    } else {
        (duty.suit_cards, hand.minus(duty.suit_cards), duty.n - duty.suit_cards.len())
    };
    pool.for_each_subset(need, &mut |extra| {
        let play = base.sum(extra).expect("disjoint parts of the hand");
        let ok = !duty.follows_suit()
            || (play.pairs().count_ones() >= duty.pairs
                && (duty.tractor == 0
                    || runs(ctx.pair_levels(play, lead.suit), u32::from(duty.tractor)) != 0));
        if ok {
            visit(play);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};
    use crate::tractor::format::decompose;
    use crate::tractor::hand::hand;
    use crate::tractor::trump::{Trump, TrumpContext};

    fn ctx(rank: u8, suit: char) -> TrumpContext {
        TrumpContext::new(Trump::new(Rank::from_value(rank), Suit::from_char(suit)).unwrap())
    }

    fn follows(t: &TrumpContext, h: &str, lead: &str) -> Vec<String> {
        let lead = decompose(t, hand(lead)).unwrap();
        let mut out = vec![];
        for_each_follow(t, hand(h), &lead, FollowRules::default(), |p| out.push(format!("{p:?}")));
        out.sort();
        out
    }

    #[test]
    fn tv_t5_effective_suit_when_following() {
        let t = ctx(2, 'H');
        // 2♠ is a trump: a hand whose only "spade" is 2♠ is void in spades.
        assert_eq!(follows(&t, "2S 3H KC", "5S").len(), 3);
        // Lead 2♣ (a trump): 3♥ must be played.
        assert_eq!(follows(&t, "3H KS", "2C"), vec!["[3H]"]);
    }

    #[test]
    fn tv_t17_follow_obligations() {
        let t = ctx(2, 'H');
        let lead = "9S 9S 10S 10S";
        assert_eq!(follows(&t, "4S 4S JS JS 3S 8H", lead), vec!["[4S 4S JS JS]"]);
        assert_eq!(follows(&t, "4S 4S 3S 7S 8H 9C", lead), vec!["[3S 4S 4S 7S]"]);
        let any3 = follows(&t, "3S 8H 8H 9C KD", lead);
        assert!(any3.iter().all(|p| p.contains("3S")));
        assert_eq!(any3.len(), 3, "3S plus any 3 of 8H 8H 9C KD: {any3:?}");
    }

    #[test]
    fn pair_lead_r30() {
        let t = ctx(2, 'H');
        assert_eq!(follows(&t, "5S 5S 6S 7S", "9S 9S"), vec!["[5S 5S]"]);
        assert_eq!(follows(&t, "5S 6S 7S", "9S 9S").len(), 3);
        assert_eq!(follows(&t, "5S 6C 7C", "9S 9S"), vec!["[6C 5S]", "[7C 5S]"]);
    }

    #[test]
    fn tractor_option_requires_a_tractor_when_held() {
        let t = ctx(2, 'H');
        let lead = decompose(&t, hand("9S 9S 10S 10S")).unwrap();
        let h = hand("4S 4S 6S 6S 7S 7S");
        let on = FollowRules { tractor_must_follow_tractor: true };
        assert!(check_follow(&t, h, &lead, hand("4S 4S 7S 7S"), FollowRules::default()).is_ok());
        assert_eq!(check_follow(&t, h, &lead, hand("4S 4S 7S 7S"), on), Err(FollowError::MustPlayTractor(2)));
        assert!(check_follow(&t, h, &lead, hand("6S 6S 7S 7S"), on).is_ok());
        assert_eq!(extensions(&t, h, &lead, hand("4S"), on), 0, "4S cannot start a tractor here");
    }

    #[test]
    fn refusals_name_the_problem() {
        let t = ctx(2, 'H');
        let lead = decompose(&t, hand("9S 9S")).unwrap();
        let rules = FollowRules::default();
        let h = hand("5S 5S 6S KC");
        assert_eq!(
            check_follow(&t, h, &lead, hand("5S"), rules),
            Err(FollowError::Size { lead: 2, play: 1 })
        );
        assert!(matches!(check_follow(&t, h, &lead, hand("AS 5S"), rules), Err(FollowError::NotInHand(_))));
        assert!(matches!(
            check_follow(&t, h, &lead, hand("5S KC"), rules),
            Err(FollowError::MustFollowSuit(_))
        ));
        assert!(matches!(
            check_follow(&t, h, &lead, hand("5S 6S"), rules),
            Err(FollowError::TooFewPairs { required: 1, played: 0 })
        ));
        let short = hand("5S KC KD");
        assert!(matches!(
            check_follow(&t, short, &lead, hand("KC KD"), rules),
            Err(FollowError::MustPlayAllOfSuit(_))
        ));
    }
}
