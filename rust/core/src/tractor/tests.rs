//! Property tests of the card-level rules on random deals and trumps.

use super::follow::{check_follow, extensions, for_each_follow, FollowRules};
use super::format::{decompose, decompose_with};
use super::hand::Hand;
use super::rules::{ThrowCompare, TractorFollow};
use super::trick::trick_winner;
use super::trump::{Trump, TrumpContext, TRUMP};
use crate::bits::select64;
use crate::cards::{Card, Rank, Suit};
use crate::rng::Rng;
use proptest::prelude::{any, prop_assert, prop_assert_eq, proptest, ProptestConfig};

fn random_trump(rng: &mut Rng) -> Trump {
    match rng.below(10) {
        0 => Trump::NO_TRUMP,
        1 => Trump::new(Rank::from_value(2 + rng.below(13) as u8), None).unwrap(),
        _ => {
            Trump::new(Rank::from_value(2 + rng.below(13) as u8), Some(Suit::from_index(rng.below(4) as u8)))
                .unwrap()
        }
    }
}

/// The 108 cards shuffled.
fn deck(rng: &mut Rng) -> Vec<Card> {
    let mut cards: Vec<Card> = Card::all().flat_map(|c| [c, c]).collect();
    rng.shuffle(&mut cards);
    cards
}

fn hand_of(cards: &[Card]) -> Hand {
    Hand::try_from(cards).unwrap()
}

/// A lead of one effective suit drawn from `hand`, about `size` cards (fewer if the suit is short).
fn lead_from(ctx: &TrumpContext, hand: Hand, size: usize, rng: &mut Rng) -> Hand {
    let suit = ctx.suit_of(hand.first().unwrap());
    let cards: Vec<Card> = hand.restrict(ctx.suit_mask(suit)).cards().collect();
    let start = rng.below(cards.len() as u64) as usize;
    hand_of(&cards[start..cards.len().min(start + size)])
}

/// Every multiset of `n` cards drawn from `h`.
fn all_plays(h: Hand, n: u32) -> Vec<Hand> {
    fn go(kinds: &[(Card, u32)], need: u32, acc: Hand, out: &mut Vec<Hand>) {
        if need == 0 {
            out.push(acc);
            return;
        }
        let Some((&(c, k), rest)) = kinds.split_first() else {
            return;
        };
        for take in 0..=k.min(need) {
            let next = (0..take).fold(acc, |a, _| a.add(c).unwrap());
            go(rest, need - take, next, out);
        }
    }
    let kinds: Vec<(Card, u32)> = Card::all().filter(|&c| h.count(c) > 0).map(|c| (c, h.count(c))).collect();
    let mut out = vec![];
    go(&kinds, n, Hand::EMPTY, &mut out);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn follows_agree_with_the_check_and_never_dead_end(seed in any::<u64>(), option in 0u8..12) {
        let mut rng = Rng::new(seed);
        let ctx = TrumpContext::new(random_trump(&mut rng));
        let cards = deck(&mut rng);
        let size = 1 + rng.below(8) as usize;
        let leader = hand_of(&cards[..12]);
        let follower = hand_of(&cards[12..12 + 4 + rng.below(8) as usize]);
        let lead = lead_from(&ctx, leader, size, &mut rng);
        // Every follow option (F20, F23, F24).
        let rules = FollowRules {
            tractor_follow: [TractorFollow::None, TractorFollow::Full, TractorFollow::Fallback][usize::from(option % 3)],
            format_based_draw: option / 3 % 2 == 0,
            min_tractor: 2 + option / 6,
        };
        let format = decompose_with(&ctx, lead, rules.min_tractor).unwrap();
        prop_assume_size(&format, follower)?;
        let mut listed = vec![];
        for_each_follow(&ctx, follower, &format, &rules, |p| listed.push(p));
        let mut brute: Vec<Hand> = all_plays(follower, lead.len())
            .into_iter()
            .filter(|&p| check_follow(&ctx, follower, &format, p, &rules).is_ok())
            .collect();
        let key = |h: &Hand| h.cards().map(Card::id).collect::<Vec<_>>();
        listed.sort_by_key(key);
        brute.sort_by_key(key);
        prop_assert_eq!(&listed, &brute);
        prop_assert!(!listed.is_empty());
        for p in &listed {
            prop_assert_eq!(p.len(), lead.len());
            prop_assert!(p.is_subset(follower));
        }
        // Void in the led suit: anything goes.
        if follower.restrict(ctx.suit_mask(format.suit)).is_empty() {
            prop_assert_eq!(listed.len(), all_plays(follower, lead.len()).len());
        }
        // Card by card: every offered card keeps a legal completion, and a completed play is legal.
        let mut partial = Hand::EMPTY;
        while partial.len() < lead.len() {
            let mask = extensions(&ctx, follower, &format, partial, &rules);
            prop_assert!(mask != 0, "dead end after {:?}", partial);
            // Exactly the cards that some legal follow containing the partial play also contains.
            let mut expected = 0u64;
            for c in follower.kinds_iter() {
                if let Ok(next) = partial.add(c) {
                    if listed.iter().any(|p| next.is_subset(*p)) {
                        expected |= 1 << c.id();
                    }
                }
            }
            prop_assert_eq!(mask, expected, "partial {:?}", partial);
            let pick = select64(mask, rng.below(u64::from(mask.count_ones())) as u32);
            partial = partial.add(Card::from_id(pick as u8).unwrap()).unwrap();
        }
        prop_assert!(check_follow(&ctx, follower, &format, partial, &rules).is_ok());
    }

    #[test]
    fn every_trick_has_one_winner_and_trumps_beat_plain_cards(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let ctx = TrumpContext::new(random_trump(&mut rng));
        let cards = deck(&mut rng);
        let hands: Vec<Hand> = (0..4).map(|i| hand_of(&cards[25 * i..25 * i + 25])).collect();
        let lead = lead_from(&ctx, hands[0], 1 + rng.below(5) as usize, &mut rng);
        let format = decompose(&ctx, lead).unwrap();
        let mut plays = vec![lead];
        for h in &hands[1..] {
            let mut options = vec![];
            for_each_follow(&ctx, *h, &format, &FollowRules::default(), |p| options.push(p));
            plays.push(options[rng.below(options.len() as u64) as usize]);
        }
        let w = trick_winner(&ctx, &plays, 2, ThrowCompare::PairsFirst).unwrap();
        prop_assert!(w < 4);
        // F30: the comparison only decides between qualifying ruffs of a throw, so the leader keeps a throw
        // under every comparison exactly when nobody ruffs it, and other tricks go as under R39.
        for compare in [ThrowCompare::AllComponents, ThrowCompare::Highest, ThrowCompare::UnitLength] {
            let other = trick_winner(&ctx, &plays, 2, compare).unwrap();
            if format.is_throw() {
                prop_assert_eq!(other == 0, w == 0, "{:?}", compare);
            } else {
                prop_assert_eq!(other, w, "{:?}", compare);
            }
        }
        // Single-card tricks: a trump never loses to a plain card.
        if lead.len() == 1 {
            let is_trump = |h: &Hand| ctx.is_trump(h.first().unwrap());
            if plays.iter().any(is_trump) {
                prop_assert!(is_trump(&plays[w]));
            }
            let wc = plays[w].first().unwrap();
            for p in &plays {
                let c = p.first().unwrap();
                if ctx.suit_of(c) == ctx.suit_of(wc) {
                    prop_assert!(ctx.strength(c) <= ctx.strength(wc));
                }
            }
        }
        // The leader's play is of one suit, and a trump lead is won by a trump.
        if format.suit == TRUMP {
            prop_assert!(plays[w].kinds() & !ctx.suit_mask(TRUMP) == 0);
        }
    }
}

/// Skips cases where the follower has fewer cards than the lead (impossible at a table).
fn prop_assume_size(
    format: &super::format::Format,
    follower: Hand,
) -> Result<(), proptest::test_runner::TestCaseError> {
    if follower.len() < format.size() {
        return Err(proptest::test_runner::TestCaseError::reject("follower too short"));
    }
    Ok(())
}
