//! Property tests of the action invariants of every game, written once in `invariants/mod.rs` (shared with
//! the cargo-fuzz targets of `rust/fuzz`): random walks from random seeds under random rule options, mixing
//! legal actions, raw ids anywhere in 0..=255 and beyond `NUM_ACTIONS`, random and near-miss action texts,
//! and undos. At every state every legal action applies and undo takes it back exactly, every other id or
//! text is refused and changes nothing (`==` and the save text), texts round-trip, saves load back; every
//! game ends within its bound, and undoing everything gives the deal back.
//!
//! Cases per test: `PROPTEST_CASES` when set (proptest's standard variable; e.g. `PROPTEST_CASES=2000` for a
//! long run), else a count sized to keep the suite within seconds in a debug build.

mod invariants;

use invariants::{check_random_walk, Depth, Step, Walk};
use proptest::collection::vec;
use proptest::prelude::*;
use tricktaker_core::{sheepshead, tractor};

/// `default` cases, or `PROPTEST_CASES` when it is set.
fn config(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    ProptestConfig { cases, max_shrink_time: 120_000, ..ProptestConfig::default() }
}

/// Texts near actions' texts: a verb and up to three card-like words.
const NEAR_ACTION: &str = "(play|bury|call|under|alone|pick|pass|declare|discard|finish|PLAY|Declare| ){0,2}\
     ( {0,2}(10|[2-9TJQKAjqka1]|11)?([CDHScdhs\u{2663}\u{2666}\u{2665}\u{2660}X]|BJ|RJ|rj|bj)){0,3} ?";

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => NEAR_ACTION,
        1 => any::<String>(),
        1 => "[ -~]{0,16}",
    ]
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        24 => any::<u16>().prop_map(Step::Legal),
        3 => (0u32..=255).prop_map(Step::Id),
        1 => any::<u32>().prop_map(Step::Id),
        1 => (120u32..=300).prop_map(Step::Id),
        2 => text().prop_map(Step::Text),
        2 => (any::<u16>(), any::<u8>()).prop_map(|(pick, how)| Step::Mangled { pick, how }),
        1 => Just(Step::Undo),
    ]
}

fn walk(max_steps: usize) -> impl Strategy<Value = Walk> {
    (any::<u64>(), vec(any::<u64>(), 16), vec(step(), 0..=max_steps)).prop_map(|(seed, rules, steps)| Walk {
        seed,
        rules,
        steps,
    })
}

proptest! {
    #![proptest_config(config(32))]

    /// Action invariants (every legal action applies and undoes exactly; every other id or text is refused
    /// and changes nothing; texts and saves round-trip; the hand ends within 39 actions) on Sheepshead walks.
    #[test]
    fn sheepshead_walks_keep_the_action_invariants(walk in walk(120)) {
        check_random_walk::<sheepshead::State>(&walk, Depth::FULL);
    }
}

proptest! {
    #![proptest_config(config(6))]

    /// The same action invariants on Tractor walks (draw with declarations and redeals, kitty, card-by-card
    /// plays and throws); the round ends within its bound.
    #[test]
    fn tractor_walks_keep_the_action_invariants(walk in walk(420)) {
        check_random_walk::<tractor::round::State>(&walk, Depth::FULL);
    }
}

/// Action invariants at full depth on a whole Tractor round of legal actions only (the walks above mix in
/// refusals and undos, so fewer of their states are deep in the play).
#[test]
fn a_whole_tractor_round_keeps_the_action_invariants() {
    for seed in 0..1u16 {
        let steps = (0..300u16).map(|k| Step::Legal(k * 7 + seed)).collect();
        let walk = Walk { seed: seed.into(), rules: vec![seed.into(); 16], steps };
        check_random_walk::<tractor::round::State>(&walk, Depth::FULL);
    }
}

/// Walks read from fuzzer bytes (the decoder of the cargo-fuzz targets) keep the action invariants too.
#[test]
fn walks_from_bytes_keep_the_action_invariants() {
    let mut runner = proptest::test_runner::TestRunner::new(config(6));
    runner
        .run(&vec(any::<u8>(), 0..500), |bytes| {
            let walk = Walk::from_bytes(&bytes);
            check_random_walk::<sheepshead::State>(&walk, Depth::FULL);
            check_random_walk::<tractor::round::State>(&walk, Depth::FULL);
            Ok(())
        })
        .unwrap();
}
