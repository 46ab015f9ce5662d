//! Criterion benches of the generic searches: ISMCTS and PIMC with random rollouts, for both games, from a
//! fresh deal and from the first lead of the play.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tricktaker_core::game::Information;
use tricktaker_core::policy::Random;
use tricktaker_core::rng::Rng;
use tricktaker_core::search::{ismcts, pimc, IsmctsConfig, Rollouts};
use tricktaker_core::{sheepshead, tractor, Game};

/// A game dealt from `seed` and played at random until `first_lead` holds.
fn first_lead<G: Game>(seed: u64, first_lead: impl Fn(&G) -> bool) -> G {
    let mut s = G::deal(seed, G::Rules::default());
    let mut rng = Rng::new(seed);
    while !first_lead(&s) {
        assert!(!s.is_terminal(), "the hand reaches its first lead");
        let a = s.random_action(&mut rng);
        s.apply_unchecked(a);
    }
    s
}

fn bench_game<G: Game + Information>(c: &mut Criterion, name: &str, s: &G, simulations: u64) {
    let p = s.current_player().expect("a decision");
    for threads in [1, 2] {
        let config = IsmctsConfig { threads: Some(threads), ..IsmctsConfig::new(simulations, Random, 1) };
        c.bench_function(&format!("{name}: ISMCTS {simulations} simulations, {threads} thread(s)"), |b| {
            b.iter(|| black_box(ismcts(black_box(s), p, &config).expect("a search")))
        });
    }
    let rollouts = Rollouts::new(Random, 1);
    c.bench_function(&format!("{name}: PIMC 100 worlds, 1 random rollout"), |b| {
        b.iter(|| black_box(pimc(black_box(s), p, 100, &rollouts, None, 1, Some(1)).expect("a search")))
    });
}

fn bench(c: &mut Criterion) {
    use sheepshead::{Phase, State};
    let fresh = <State as Game>::deal(1, Default::default());
    bench_game(c, "sheepshead fresh deal", &fresh, 10_000);
    let lead = first_lead(1, |s: &State| s.phase() == Phase::Play && s.current_trick().1.is_empty());
    bench_game(c, "sheepshead first lead", &lead, 10_000);
    use tractor::round::{Phase as TPhase, State as Round};
    let fresh = <Round as Game>::deal(1, Default::default());
    bench_game(c, "tractor fresh deal", &fresh, 1_000);
    let lead = first_lead(1, |s: &Round| s.phase() == TPhase::Play && s.partial().is_empty());
    bench_game(c, "tractor first lead", &lead, 1_000);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
