//! Criterion benches of the Sheepshead core: whole random hands, legal moves, clone + undo.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tricktaker_core::playout;
use tricktaker_core::policy::{Policy, Random};
use tricktaker_core::rng::Rng;
use tricktaker_core::sheepshead::{Phase, Rules, State};
use tricktaker_core::Game;

fn bench(c: &mut Criterion) {
    let rules = Rules::default();
    let mut i = 0u64;
    c.bench_function("sheepshead random hand", |b| {
        b.iter(|| {
            i += 1;
            black_box(playout::random_game::<State>(7, i, rules).returns()[0])
        })
    });
    c.bench_function("sheepshead random hand, portable kernel", |b| {
        b.iter(|| {
            i += 1;
            black_box(playout::random_game_portable::<State>(7, i, rules).returns()[0])
        })
    });
    c.bench_function("sheepshead deal", |b| {
        b.iter(|| {
            i += 1;
            black_box(State::new(black_box(i), rules, 0, 1).unwrap())
        })
    });
    // Pick, bury the first two legal cards, make the first legal call: the play phase is next.
    let mut called = State::new(3, rules, 0, 1).unwrap();
    while called.phase() != Phase::Play {
        let first = called.legal_actions().next().unwrap();
        called.apply_unchecked(first);
    }
    let mut rng = Rng::new(9);
    c.bench_function("sheepshead play phase (30 cards)", |b| {
        b.iter(|| {
            let mut s = black_box(called);
            playout::finish(&mut s, &Random, &mut rng);
            s.returns()[0]
        })
    });
    let mut state = State::new(3, rules, 0, 1).unwrap();
    let mut rng = Rng::new(1);
    Random.finish(&mut state, &mut rng);
    let mut mid = State::new(3, rules, 0, 1).unwrap();
    for &a in &state.history()[..12] {
        mid.apply_unchecked(a);
    }
    c.bench_function("sheepshead legal_mask (play)", |b| b.iter(|| black_box(&mid).legal_mask()));
    c.bench_function("sheepshead undo", |b| {
        b.iter(|| {
            let mut s = black_box(mid);
            s.undo();
            s
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
