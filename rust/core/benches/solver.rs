//! Criterion benches of the Sheepshead card-play solver: exact points, `>= 61?` and the settlement class on
//! full deals after the bury (of every move, or of the position alone), and exact points with three tricks
//! left.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tricktaker_core::rng::Rng;
use tricktaker_core::sheepshead::solver::{Moves, Solver};
use tricktaker_core::sheepshead::{Phase, Rules, State};
use tricktaker_core::Game;

/// Picked hands in the play phase with `tricks_left` tricks to play, reached by random legal actions.
fn positions(count: usize, tricks_left: usize) -> Vec<State> {
    let mut out = Vec::with_capacity(count);
    let mut seed = 0u64;
    while out.len() < count {
        seed += 1;
        let mut rng = Rng::new(seed ^ 0x5EED);
        let Ok(mut s) = State::new(seed, Rules::default(), (seed % 5) as u8, 1) else { continue };
        while s.phase() != Phase::Play && s.phase() != Phase::Done {
            let a = s.random_action(&mut rng);
            s.apply_unchecked(a);
        }
        if s.phase() != Phase::Play || s.is_leaster() {
            continue;
        }
        while s.trick_number() < 6 - tricks_left {
            let a = s.random_action(&mut rng);
            s.apply_unchecked(a);
        }
        out.push(s);
    }
    out
}

fn bench(c: &mut Criterion) {
    let deals = positions(200, 6);
    let three = positions(2_000, 3);
    let mut solver = Solver::new();
    let mut i = 0usize;
    let mut next = |v: &[State]| {
        i += 1;
        v[i % v.len()]
    };
    c.bench_function("solver exact solve, full deal", |b| {
        b.iter(|| black_box(solver.solve(&next(&deals), Moves::All).map(|s| s.value)))
    });
    c.bench_function("solver exact value (root), full deal", |b| {
        b.iter(|| black_box(solver.solve(&next(&deals), Moves::Best).map(|s| s.value)))
    });
    c.bench_function("solver reaches 61, every move, full deal", |b| {
        b.iter(|| black_box(solver.reaches(&next(&deals), 61, Moves::All).map(|v| v.value)))
    });
    c.bench_function("solver reaches 61 (root), full deal", |b| {
        b.iter(|| black_box(solver.reaches(&next(&deals), 61, Moves::Best).map(|v| v.value)))
    });
    c.bench_function("solver settlement class (root), full deal", |b| {
        b.iter(|| black_box(solver.settlement_class(&next(&deals), Moves::Best).map(|v| v.class)))
    });
    c.bench_function("solver exact solve, 3 tricks left", |b| {
        b.iter(|| black_box(solver.solve(&next(&three), Moves::All).map(|s| s.value)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
