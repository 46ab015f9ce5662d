//! Property tests of the text and JSON entry points, written once in `invariants/mod.rs` (shared with the
//! cargo-fuzz targets of `rust/fuzz`): no input makes the core panic or hang. `from_json` of arbitrary bytes,
//! of real saves (dealt, mid-game, resampled, and Tractor positions) mutated byte by byte (flips, deletions,
//! insertions, numbers made huge or negative, strings swapped, deep nesting, long histories) either refuses
//! with a reason or loads a state that re-saves identically and plays on to its end under the action
//! invariants; card, rank, suit, action and rule-option parsing of any string returns, and what parses prints
//! back to itself.
//!
//! Cases per test: `PROPTEST_CASES` when set (proptest's standard variable), else a count sized to keep the
//! suite within seconds in a debug build.

mod invariants;

use invariants::{check_save_bytes, check_texts, mutate, real_save, Depth, Mutation};
use proptest::collection::vec;
use proptest::prelude::*;
use tricktaker_core::game::{Game, Information, Saved};
use tricktaker_core::save::{self, MAX_SAVE_BYTES};
use tricktaker_core::tractor::{Hand, Trump};
use tricktaker_core::{sheepshead, tractor, Card, Rank, Suit};

/// `default` cases, or `PROPTEST_CASES` when it is set.
fn config(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    ProptestConfig { cases, max_shrink_time: 120_000, ..ProptestConfig::default() }
}

/// Texts that start like a save: the game and the format, then a few fields of brackets, digits and words.
const SAVE_LIKE: &str = "\\{\"game\": \"(tractor|sheepshead)\", \"format\": 1\
     (, \"[a-z]{1,8}\": [\\[\\]{}0-9,\"a-z: ]{0,40}){0,4}\\}";

/// Texts near cards and actions: a verb and up to three card-like words (ranks, suit letters and symbols).
const CARD_LIKE: &str = "(play|bury|call|under|declare|discard|finish|pass|pick|alone)?\
     ( ?(10|[0-9TJQKAjqka]|1[0-9])?\
     [CDHScdhs\u{2663}\u{2666}\u{2665}\u{2660}\u{2667}\u{2662}\u{2661}\u{2664}XJ]?(J|j)?){0,3}[ \t]?";

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<usize>(), any::<u8>()).prop_map(|(at, bit)| Mutation::Flip { at, bit }),
        2 => (any::<usize>(), 1usize..40).prop_map(|(at, len)| Mutation::Delete { at, len }),
        2 => (any::<usize>(), vec(any::<u8>(), 1..12)).prop_map(|(at, bytes)| Mutation::Insert { at, bytes }),
        4 => (any::<usize>(), any::<usize>()).prop_map(|(k, with)| Mutation::Number { k, with }),
        3 => (any::<usize>(), any::<usize>()).prop_map(|(k, with)| Mutation::Text { k, with }),
        4 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Swap { a, b }),
        1 => (any::<usize>(), prop_oneof![1usize..300, Just(100_000)], any::<bool>())
            .prop_map(|(at, depth, close)| Mutation::Nest { at, depth, close }),
        1 => (any::<usize>(), 1usize..20, 1usize..300)
            .prop_map(|(at, len, times)| Mutation::Repeat { at, len, times }),
    ]
}

/// A real save of `G`: a deal, a state some legal actions into it, or a resample of one.
fn real<G: Information + Saved>() -> impl Strategy<Value = String>
where
    G::Rules: std::fmt::Debug,
{
    (any::<u64>(), vec(any::<u64>(), 16), vec(any::<u16>(), 0..250), any::<Option<(u8, u64)>>())
        .prop_map(|(seed, rules, picks, resample)| real_save::<G>(seed, &rules, &picks, resample))
}

/// A real save of a Tractor position (a play-phase round from explicit cards, `start.position`), some legal
/// actions into it: either the position of a dealt round at its first lead, or hands of 1 to 25 cards of a
/// shuffled double deck with a kitty of 0 to 8, a trump suit at the declarers' level or no trump, any starter
/// and any levels, under random rule options.
fn tractor_position() -> impl Strategy<Value = String> {
    let dealt = any::<u64>().prop_map(|seed| {
        let mut round = tractor::round::State::deal(seed, tractor::rules::Rules::default());
        let mut rng = tricktaker_core::rng::Rng::new(seed);
        while round.phase() != tractor::round::Phase::Play {
            let action = round.random_action(&mut rng);
            round.apply_unchecked(action);
        }
        let hands = std::array::from_fn(|s| round.hand(s));
        let (starter, declarers) =
            (round.starter().expect("a starter"), round.declarers().expect("declarers"));
        let trump = round.trump().expect("a trump in play");
        tractor::round::State::from_cards(
            hands,
            round.kitty(),
            trump,
            starter,
            declarers,
            round.rules(),
            Some(round.levels()),
        )
        .expect("a round's own position is valid")
    });
    let shuffled = (
        (any::<u64>(), 1usize..=25, 0usize..=8, any::<Option<u8>>()),
        (0u8..4, 2u8..=14, 2u8..=14, vec(any::<u64>(), 16)),
    )
        .prop_map(|((seed, size, kitty, suit), (starter, level, other, rule_picks))| {
            let rules: tractor::rules::Rules = invariants::rules_from(&rule_picks);
            let rank = Rank::from_value(level).expect("a level is a rank");
            // The hands and kitty the rules' deal allows, from the cards it leaves in play (F5).
            let deal = tractor::deal::Deal::new(rules.kitty_size, Some(rank));
            let (size, kitty) = (size.min(usize::from(deal.hand)), kitty.min(usize::from(deal.kitty)));
            let mut deck: Vec<Card> = Card::all().flat_map(|c| [c, c]).collect();
            for c in deal.removed_cards() {
                deck.remove(deck.iter().position(|x| x == c).expect("two copies"));
            }
            tricktaker_core::rng::Rng::new(seed).shuffle(&mut deck);
            let hand = |cards: &[Card]| Hand::try_from(cards).expect("at most two copies");
            let hands = std::array::from_fn(|s| hand(&deck[s * size..(s + 1) * size]));
            let kitty = hand(&deck[4 * size..4 * size + kitty]);
            let declarers = starter % 2;
            let trump = match suit {
                Some(s) => Trump::new(Some(rank), Some(Suit::from_index(s))).expect("a rank and a suit"),
                None => Trump::NO_TRUMP,
            };
            let levels = if declarers == 0 { [level, other] } else { [other, level] };
            tractor::round::State::from_cards(hands, kitty, trump, starter, declarers, rules, Some(levels))
                .expect("a valid position")
        });
    (prop_oneof![dealt, shuffled], vec(any::<u16>(), 0..120)).prop_map(|(mut state, picks)| {
        for k in picks {
            let legal: Vec<u8> = state.legal_actions().collect();
            if legal.is_empty() {
                break;
            }
            state.apply_unchecked(legal[usize::from(k) % legal.len()]);
        }
        save::to_json(&state)
    })
}

proptest! {
    #![proptest_config(config(96))]

    /// Save invariant: mutated real Sheepshead saves load and re-save identically (and play on under the
    /// action invariants) or are refused with a reason; never a panic or a hang.
    #[test]
    fn sheepshead_mutated_saves_load_or_are_refused(
        text in real::<sheepshead::State>(),
        ms in vec(mutation(), 0..4),
    ) {
        check_save_bytes::<sheepshead::State>(&mutate(text.as_bytes(), &ms), Depth::FULL, Depth::LIGHT);
    }
}

proptest! {
    #![proptest_config(config(48))]

    /// The same save invariant on mutated real Tractor saves (dealt, mid-round, resampled with restacked
    /// deals).
    #[test]
    fn tractor_mutated_saves_load_or_are_refused(
        text in real::<tractor::round::State>(),
        ms in vec(mutation(), 0..4),
    ) {
        check_save_bytes::<tractor::round::State>(&mutate(text.as_bytes(), &ms), Depth::FULL, Depth::LIGHT);
    }
}

proptest! {
    #![proptest_config(config(24))]

    /// The same save invariant on mutated saves of Tractor positions (`start.position`: hands, kitty, trump),
    /// and the action invariants at full depth at every state of a position played to its end (positions
    /// start only from saves and `from_cards`, never from a deal).
    #[test]
    fn tractor_mutated_position_saves_load_or_are_refused(
        text in tractor_position(),
        ms in vec(mutation(), 0..4),
    ) {
        check_save_bytes::<tractor::round::State>(&mutate(text.as_bytes(), &ms), Depth::FULL, Depth::FULL);
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// Save invariant on arbitrary bytes and text, for both games: refused with a reason (or loaded and
    /// re-saved identically), never a panic.
    #[test]
    fn arbitrary_bytes_load_or_are_refused(bytes in prop_oneof![
        vec(any::<u8>(), 0..512),
        any::<String>().prop_map(String::into_bytes),
        SAVE_LIKE.prop_map(String::into_bytes),
    ]) {
        check_save_bytes::<sheepshead::State>(&bytes, Depth::FULL, Depth::LIGHT);
        check_save_bytes::<tractor::round::State>(&bytes, Depth::FULL, Depth::LIGHT);
    }

    /// Text invariant: parsing any string as a card, rank, suit, action (Sheepshead; Tractor at every trump
    /// rank) or rule option returns, and what parses prints back to itself.
    #[test]
    fn any_text_parses_or_is_refused(text in prop_oneof![
        any::<String>(),
        "[ -~]{0,12}",
        CARD_LIKE,
    ]) {
        check_texts(&text);
    }
}

/// Save invariant at the edges: deep nesting (`[` × 100,000 and others) is refused without overflowing the
/// stack, and so is a save one byte over `MAX_SAVE_BYTES`, while a real save padded to exactly that size
/// loads.
#[test]
fn deep_and_huge_saves_are_refused() {
    for depth in [127, 128, 129, 1000, 100_000] {
        let open = "[".repeat(depth);
        let closed = format!("{open}{}", "]".repeat(depth));
        let objects = "{\"a\": ".repeat(depth);
        let inside =
            format!("{{\"game\": \"tractor\", \"format\": 1, \"rules\": {closed}, \"history\": []}}");
        for text in [open, closed, objects, inside] {
            assert!(!check_save_bytes::<sheepshead::State>(text.as_bytes(), Depth::FULL, Depth::LIGHT));
            assert!(!check_save_bytes::<tractor::round::State>(text.as_bytes(), Depth::FULL, Depth::LIGHT));
        }
    }
    let text = real_save::<tractor::round::State>(3, &[0; 16], &[1, 2, 3], None);
    let mut padded = text.into_bytes();
    padded.resize(MAX_SAVE_BYTES, b' ');
    assert!(
        check_save_bytes::<tractor::round::State>(&padded, Depth::FULL, Depth::LIGHT),
        "a save of the largest size loads"
    );
    padded.push(b' ');
    assert!(
        !check_save_bytes::<tractor::round::State>(&padded, Depth::FULL, Depth::LIGHT),
        "one byte more is refused"
    );
}

/// Save invariant on a long history: a Tractor round-1 save whose first pass is repeated 20,000 times (about
/// 300 R19 redeals, 160 kB) loads, re-saves identically and plays on, in bounded time.
#[test]
fn a_long_history_of_passes_loads() {
    let text = real_save::<tractor::round::State>(11, &[1; 16], &[u16::MAX; 1], None);
    assert!(text.contains("\"history\": [\"pass\"]"), "the round starts with a pass: {text}");
    for times in [10, 1000, 20_000] {
        let bytes = mutate(text.as_bytes(), &[Mutation::Repeat { at: 0, len: 0, times }]);
        assert!(
            check_save_bytes::<tractor::round::State>(&bytes, Depth::FULL, Depth::LIGHT),
            "{times} passes load"
        );
    }
}
