//! Criterion benches of Tractor's card-level rules: follow generation, throw checks, trick resolution.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tricktaker_core::cards::{Card, Rank, Suit};
use tricktaker_core::tractor::follow::{check_follow, extensions, for_each_follow, FollowRules};
use tricktaker_core::tractor::rules::{FailedThrowForced, ThrowCompare};
use tricktaker_core::tractor::throw::check_throw;
use tricktaker_core::tractor::trick::trick_winner;
use tricktaker_core::tractor::{decompose, Hand, Trump, TrumpContext};
use tricktaker_core::Game;

fn hand(text: &str) -> Hand {
    let cards: Vec<Card> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
    Hand::try_from(cards.as_slice()).unwrap()
}

fn bench(c: &mut Criterion) {
    let ctx = TrumpContext::new(Trump::new(Rank::from_value(2), Some(Suit::Hearts)).unwrap());
    let rules = FollowRules::default();
    let follower = hand("3S 4S 4S 7S 9S JS QS KS 5H 5H 8H 2C AC KC 9C 9C 4D 6D 6D 10D JD QD AD BJ 3C");
    let void = hand("5H 5H 8H 2C AC KC 9C 9C 4D 6D 6D 10D JD QD AD BJ 3C 3D 5D 7D 8D 9D 3H 4H 6H");
    let tractor_lead = decompose(&ctx, hand("9S 9S 10S 10S")).unwrap();
    let single_lead = decompose(&ctx, hand("AS")).unwrap();
    c.bench_function("tractor check_follow (tractor lead)", |b| {
        b.iter(|| check_follow(&ctx, black_box(follower), &tractor_lead, hand("4S 4S 9S JS"), &rules))
    });
    c.bench_function("tractor legal follows (tractor lead, 25-card hand)", |b| {
        b.iter(|| {
            let mut n = 0;
            for_each_follow(&ctx, black_box(follower), &tractor_lead, &rules, |_| n += 1);
            n
        })
    });
    c.bench_function("tractor legal follows (void, 4-card lead: 1000s of plays)", |b| {
        b.iter(|| {
            let mut n = 0;
            for_each_follow(&ctx, black_box(void), &tractor_lead, &rules, |_| n += 1);
            n
        })
    });
    c.bench_function("tractor follow extensions (single lead)", |b| {
        b.iter(|| extensions(&ctx, black_box(follower), &single_lead, Hand::EMPTY, &rules))
    });
    let throw = decompose(&ctx, hand("AS QS QS 9S")).unwrap();
    let others = [hand("KS KS 3S 5C"), hand("6D 7D 8D"), hand("10S 2S RJ")];
    c.bench_function("tractor check_throw (4-card throw, 3 hands)", |b| {
        b.iter(|| check_throw(&ctx, black_box(&throw), &others, FailedThrowForced::FewestCardsThenLowest))
    });
    let plays = [hand("AS KS KS"), hand("3H 4H 4H"), hand("5H 5H 6H"), hand("QS JS 9S")];
    c.bench_function("tractor trick_winner (ruffed throw)", |b| {
        b.iter(|| trick_winner(&ctx, black_box(&plays), 2, ThrowCompare::PairsFirst))
    });
    let singles = [hand("KS"), hand("AS"), hand("2C"), hand("2D")];
    c.bench_function("tractor trick_winner (singles)", |b| {
        b.iter(|| trick_winner(&ctx, black_box(&singles), 2, ThrowCompare::PairsFirst))
    });
    c.bench_function("tractor TrumpContext::new", |b| {
        b.iter(|| TrumpContext::new(black_box(Trump::new(Rank::from_value(7), Some(Suit::Clubs)).unwrap())))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches, round_benches, deal_benches, resample_benches, solver_benches);

fn rounds(c: &mut Criterion) {
    let rules = tricktaker_core::tractor::rules::Rules::default();
    let mut i = 0u64;
    c.bench_function("tractor random round (draw, kitty, play, score)", |b| {
        b.iter(|| {
            i += 1;
            black_box(
                tricktaker_core::playout::random_game::<tricktaker_core::tractor::round::State>(3, i, rules)
                    .returns()[0],
            )
        })
    });
}

criterion_group!(round_benches, rounds);

fn deal(c: &mut Criterion) {
    let rules = tricktaker_core::tractor::rules::Rules::default();
    let mut i = 0u64;
    c.bench_function("tractor new round (shuffle and draw to the first decision)", |b| {
        b.iter(|| {
            i += 1;
            black_box(tricktaker_core::tractor::round::State::new(i, rules, [2, 2], None, None).unwrap())
        })
    });
}

criterion_group!(deal_benches, deal);

/// A round `depth` random actions in (declarers 1, starter 3).
fn round_at(seed: u64, depth: usize) -> tricktaker_core::tractor::round::State {
    let rules = tricktaker_core::tractor::rules::Rules::default();
    let mut s = tricktaker_core::tractor::round::State::new(seed, rules, [2, 2], Some(1), Some(3)).unwrap();
    let mut rng = tricktaker_core::rng::Rng::new(seed);
    for _ in 0..depth {
        let mask = s.legal_mask();
        if mask == 0 {
            break;
        }
        let k = rng.below(u64::from(mask.count_ones())) as u32;
        s.apply_unchecked(tricktaker_core::bits::select128(mask, k) as u8);
    }
    s
}

fn resamples(c: &mut Criterion) {
    use tricktaker_core::tractor::resample::{resample, resamples};
    // Mid-play: about 40 actions into the play, seen by a defender and by the starter.
    let states: Vec<_> = (0..16).map(|seed| round_at(seed, 60)).collect();
    let mut rng = tricktaker_core::rng::Rng::new(1);
    let mut i = 0;
    for (name, seat) in [("a defender (kitty hidden)", 0u8), ("the starter", 3)] {
        c.bench_function(&format!("tractor resample mid-play, seen by {name}"), |b| {
            b.iter(|| {
                i += 1;
                black_box(resample(&states[i % states.len()], seat, &mut rng).unwrap())
            })
        });
    }
    c.bench_function("tractor resamples x100 mid-play, seen by a defender (kitty hidden)", |b| {
        b.iter(|| {
            i += 1;
            black_box(resamples(&states[i % states.len()], 0, 100, &mut rng).unwrap())
        })
    });
}

criterion_group!(resample_benches, resamples);

/// A random round played on until no hand holds more than `cards` cards, at a trick's start.
fn endgame(seed: u64, cards: u32) -> Option<tricktaker_core::tractor::round::State> {
    use tricktaker_core::tractor::round::{Phase, State};
    let mut s = State::deal(seed, tricktaker_core::tractor::rules::Rules::default());
    let mut rng = tricktaker_core::rng::Rng::new(seed);
    while s.phase() != Phase::Play || (0..4).any(|i| s.hand(i).len() > cards) || !s.trick_plays().is_empty() {
        let a = s.random_action(&mut rng);
        s.apply_unchecked(a);
        if s.is_terminal() {
            return None;
        }
    }
    Some(s)
}

fn solves(c: &mut Criterion) {
    use tricktaker_core::tractor::solver::solve;
    for cards in [2, 3, 4] {
        let positions: Vec<_> = (0..).filter_map(|seed| endgame(seed, cards)).take(20).collect();
        c.bench_function(&format!("tractor solve (20 endgames, {cards} cards per hand)"), |b| {
            b.iter(|| positions.iter().map(|s| solve(black_box(s)).map_or(0, |x| x.value)).sum::<i32>())
        });
    }
}

criterion_group!(solver_benches, solves);
