//! Tests of PIMC and ISMCTS, each written over the game and run on both.

use super::pimc::EVAL_STREAM;
use super::*;
use crate::game::{Game, Information};
use crate::playout::finish;
use crate::policy::Random;
use crate::rng::{derive_seed, Rng};
use crate::sheepshead::rules::NoLegalCall;
use crate::sheepshead::{self, Phase};
use crate::tractor::round::{self, Phase as TPhase};

type Sheepshead = sheepshead::State;
type Tractor = round::State;

/// A game dealt from `seed` and played at random until `stop` holds (or `None` if it never does).
fn reach<G: Game>(seed: u64, stop: impl Fn(&G) -> bool) -> Option<G> {
    reach_with(seed, G::Rules::default(), stop)
}

/// [`reach`] under `rules`.
fn reach_with<G: Game>(seed: u64, rules: G::Rules, stop: impl Fn(&G) -> bool) -> Option<G> {
    let mut s = G::deal(seed, rules);
    let mut rng = Rng::new(seed ^ 0xABCD);
    while !stop(&s) {
        if s.is_terminal() {
            return None;
        }
        let a = s.random_action(&mut rng);
        s.apply_unchecked(a);
    }
    Some(s)
}

/// The first of seeds 0.. whose random game reaches `stop` (within 3000 seeds).
fn find<G: Game>(stop: impl Fn(&G) -> bool) -> G {
    (0..3000).find_map(|seed| reach(seed, &stop)).expect("some random game reaches the position")
}

fn to_act<G: Game>(s: &G) -> u8 {
    s.current_player().expect("the game is not over")
}

/// A Sheepshead hand in `phase`; the under phase needs the "unknown" call of R16.
fn sheepshead_phase(phase: Phase) -> Sheepshead {
    let rules = sheepshead::Rules { no_legal_call: NoLegalCall::Unknown, ..Default::default() };
    (0..3000)
        .find_map(|seed| reach_with(seed, rules, |s: &Sheepshead| s.phase() == phase))
        .expect("some random hand reaches the phase")
}

fn sheepshead_first_lead() -> Sheepshead {
    find(|s: &Sheepshead| s.phase() == Phase::Play && s.trick_number() == 0 && s.current_trick().1.is_empty())
}

fn tractor_phase(phase: TPhase) -> Tractor {
    find(|s: &Tractor| s.phase() == phase)
}

fn tractor_first_lead() -> Tractor {
    find(|s: &Tractor| s.phase() == TPhase::Play && s.tricks_played() == 0 && s.partial().is_empty())
}

/// A position one action before the end.
fn last_action<G: Game>() -> G {
    let mut finished = G::deal(1, G::Rules::default());
    finish(&mut finished, &Random, &mut Rng::new(3));
    let history = finished.history().to_vec();
    let mut s = G::deal(1, G::Rules::default());
    for &a in &history[..history.len() - 1] {
        s.apply_unchecked(a);
    }
    assert_eq!(s.legal_mask().count_ones(), 1, "the last action of a hand is forced");
    s
}

/// Every line of actions `player` can take from `s` before the turn passes (at most `max` of them).
fn player_lines<G: Game>(s: &G, player: u8, max: usize) -> Vec<Vec<u8>> {
    fn walk<G: Game>(s: &mut G, player: u8, line: &mut Vec<u8>, out: &mut Vec<Vec<u8>>, max: usize) {
        if out.len() >= max {
            return;
        }
        if !line.is_empty() && s.current_player() != Some(player) {
            out.push(line.clone());
            return;
        }
        for a in s.legal_actions().collect::<Vec<_>>() {
            s.apply_unchecked(a);
            line.push(a);
            walk(s, player, line, out, max);
            line.pop();
            s.undo();
        }
    }
    let mut out = Vec::new();
    walk(&mut s.clone(), player, &mut Vec::new(), &mut out, max);
    out
}

// ---------------------------------------------------------------- PIMC

fn pimc_is_reproducible_on_any_threads<G: Game + Information>(s: &G, worlds: usize) {
    let p = to_act(s);
    let e = Rollouts::new(Random, 2);
    let one = pimc(s, p, worlds, &e, None, 5, Some(1)).unwrap();
    assert_eq!(one, pimc(s, p, worlds, &e, None, 5, Some(1)).unwrap());
    assert_eq!(one, pimc(s, p, worlds, &e, None, 5, Some(2)).unwrap(), "threads do not change the result");
    assert_ne!(one.values, pimc(s, p, worlds, &e, None, 6, Some(2)).unwrap().values, "the seed does");
    assert_eq!(one.lines.len(), s.legal_mask().count_ones() as usize);
    assert_eq!(one.values.len(), worlds * one.lines.len());
    assert!(one.stderr.iter().all(|&e| e.is_finite() && e >= 0.0));
}

#[test]
fn pimc_is_the_same_for_a_seed_on_one_or_two_threads() {
    pimc_is_reproducible_on_any_threads(&sheepshead_phase(Phase::Pick), 40);
    pimc_is_reproducible_on_any_threads(&sheepshead_first_lead(), 40);
    pimc_is_reproducible_on_any_threads(&tractor_first_lead(), 8);
}

/// One world and the one (forced) action that ends the game: the value is that world's returns.
fn pimc_of_the_last_action_is_the_return<G: Game + Information>() {
    let s = last_action::<G>();
    let p = to_act(&s);
    let a = s.legal_actions().next().unwrap();
    let r = pimc(&s, p, 1, &Rollouts::new(Random, 3), Some(&[vec![a]]), 11, None).unwrap();
    let mut world = s.resample(p, &mut Rng::new(derive_seed(11, 0))).unwrap();
    world.apply_unchecked(a);
    assert!(world.is_terminal());
    assert_eq!(r.mean, vec![f64::from(world.returns()[usize::from(p)])]);
    assert_eq!(r.stderr, vec![0.0], "one world has no spread");
    assert_eq!(r.worlds, 1);
}

#[test]
fn pimc_values_a_game_ending_line_by_its_returns() {
    pimc_of_the_last_action_is_the_return::<Sheepshead>();
    pimc_of_the_last_action_is_the_return::<Tractor>();
}

/// The rollout evaluator's means and standard errors, computed again by hand from the documented seeds.
fn pimc_rollouts_match_a_direct_computation<G: Game + Information>(s: &G, lines: Vec<Vec<u8>>) {
    let (p, worlds, rollouts, seed) = (to_act(s), 7usize, 3u32, 99u64);
    let r = pimc(s, p, worlds, &Rollouts::new(Random, rollouts), Some(&lines), seed, Some(2)).unwrap();
    let mut per_world = vec![vec![0.0; lines.len()]; worlds];
    for (k, row) in per_world.iter_mut().enumerate() {
        let world = s.resample(p, &mut Rng::new(derive_seed(seed, k as u64))).unwrap();
        let base = Rng::new(derive_seed(seed ^ EVAL_STREAM, k as u64)).next_u64();
        for (line, value) in lines.iter().zip(row.iter_mut()) {
            let mut total = 0.0;
            for i in 0..rollouts {
                let mut g = world.clone();
                for &a in line {
                    g.apply(u32::from(a)).unwrap();
                }
                finish(&mut g, &Random, &mut Rng::new(derive_seed(base, u64::from(i))));
                total += f64::from(g.returns()[usize::from(p)]);
            }
            *value = total / f64::from(rollouts);
        }
    }
    for i in 0..lines.len() {
        let column: Vec<f64> = per_world.iter().map(|row| row[i]).collect();
        let mean = column.iter().sum::<f64>() / worlds as f64;
        let var = column.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (worlds as f64 - 1.0);
        assert!((r.mean[i] - mean).abs() < 1e-9, "line {i}: {} vs {mean}", r.mean[i]);
        assert!((r.stderr[i] - (var / worlds as f64).sqrt()).abs() < 1e-9);
    }
    assert_eq!(r.values, per_world.concat(), "the per-world matrix, world by world");
}

#[test]
fn pimc_rollout_means_are_the_direct_computation_with_the_same_seeds() {
    let s = sheepshead_first_lead();
    let lines = s.legal_actions().map(|a| vec![a]).collect();
    pimc_rollouts_match_a_direct_computation(&s, lines);
    // Tractor's bots pass whole plays: each line is a lead built card by card and finished.
    let t = tractor_first_lead();
    let lines = player_lines(&t, to_act(&t), 12);
    assert!(lines.iter().any(|l| l.len() > 1), "a Tractor lead is a line of several actions");
    pimc_rollouts_match_a_direct_computation(&t, lines);
}

#[test]
fn pimc_refuses_what_it_cannot_do() {
    let s = sheepshead_first_lead();
    let p = to_act(&s);
    let e = Rollouts::new(Random, 1);
    let other = (p + 1) % 5;
    assert_eq!(
        pimc(&s, other, 1, &e, None, 0, None),
        Err(SearchError::NotToAct { player: other, to_act: p })
    );
    let mut done = s;
    finish(&mut done, &Random, &mut Rng::new(1));
    assert_eq!(pimc(&done, p, 1, &e, None, 0, None), Err(SearchError::Terminal));
    assert_eq!(pimc(&s, p, 0, &e, None, 0, None), Err(SearchError::Empty { what: "worlds" }));
    assert!(matches!(
        pimc(&s, p, usize::MAX, &e, None, 0, None),
        Err(SearchError::TooLarge { what: "worlds", .. })
    ));
    assert!(matches!(pimc(&s, p, 1, &e, Some(&[]), 0, None), Err(SearchError::Empty { .. })));
    let illegal = (0..32u8).find(|&a| !s.is_legal(u32::from(a))).unwrap();
    assert!(matches!(
        pimc(&s, p, 1, &e, Some(&[vec![illegal]]), 0, None),
        Err(SearchError::IllegalLine { index: 0, .. })
    ));
    let legal = s.legal_actions().next().unwrap();
    let mut after = s;
    after.apply_unchecked(legal);
    let next = after.legal_actions().next().unwrap();
    let err = pimc(&s, p, 1, &e, Some(&[vec![legal], vec![legal, next]]), 0, None).unwrap_err();
    assert!(
        matches!(&err, SearchError::IllegalLine { index: 1, reason } if reason.contains("not player")),
        "{err}"
    );
    assert!(matches!(pimc(&s, p, 1, &e, Some(&[vec![]]), 0, None), Err(SearchError::IllegalLine { .. })));
    let long = vec![vec![legal; MAX_LINE + 1]];
    assert!(matches!(pimc(&s, p, 1, &e, Some(&long), 0, None), Err(SearchError::IllegalLine { .. })));
    let many = vec![vec![legal]; MAX_CANDIDATES + 1];
    assert!(matches!(pimc(&s, p, 1, &e, Some(&many), 0, None), Err(SearchError::TooLarge { .. })));
    assert_eq!(
        pimc(&s, p, 1, &Rollouts::new(Random, 0), None, 0, None),
        Err(SearchError::Empty { what: "rollouts" })
    );
    let heavy = Rollouts::new(Random, MAX_ROLLOUTS);
    assert!(matches!(pimc(&s, p, MAX_WORLDS, &heavy, None, 0, None), Err(SearchError::TooLarge { .. })));
    assert_eq!(pimc(&s, p, 1, &e, None, 0, Some(0)), Err(SearchError::Empty { what: "threads" }));
    assert!(matches!(pimc(&s, p, 1, &e, None, 0, Some(1 << 40)), Err(SearchError::TooLarge { .. })));
}

// ---------------------------------------------------------------- ISMCTS

fn config(simulations: u64, seed: u64, threads: usize) -> IsmctsConfig<Random> {
    IsmctsConfig { threads: Some(threads), ..IsmctsConfig::new(simulations, Random, seed) }
}

/// Visits add up to the simulations, every root action is a legal one, and the search is reproducible.
fn ismcts_works_from<G: Game + Information>(s: &G, simulations: u64) {
    let p = to_act(s);
    for threads in [1, 2] {
        let r = ismcts(s, p, &config(simulations, 3, threads)).unwrap();
        assert_eq!(r.simulations, simulations);
        assert_eq!(r.visits.iter().sum::<u64>(), simulations, "every simulation chooses one root action");
        assert_eq!(r.actions, s.legal_actions().collect::<Vec<_>>());
        assert!(r.nodes > threads && r.nodes <= simulations as usize + threads);
        assert!(s.is_legal(u32::from(r.best_action().unwrap())));
        assert!(r.values.iter().all(|v| v.is_finite()));
        assert_eq!(r, ismcts(s, p, &config(simulations, 3, threads)).unwrap(), "same seed, same threads");
        if s.legal_mask().count_ones() > 1 {
            assert_ne!(r, ismcts(s, p, &config(simulations, 4, threads)).unwrap(), "another seed");
        }
    }
}

#[test]
fn ismcts_searches_every_phase_of_sheepshead() {
    for phase in [Phase::Pick, Phase::Bury, Phase::Call, Phase::Under, Phase::Play] {
        ismcts_works_from(&sheepshead_phase(phase), 300);
    }
    ismcts_works_from(&sheepshead_first_lead(), 300);
}

#[test]
fn ismcts_searches_every_phase_of_tractor() {
    let declare = find(|s: &Tractor| s.phase() == TPhase::Draw && s.legal_mask().count_ones() > 1);
    for s in [declare, tractor_phase(TPhase::Kitty), tractor_first_lead(), tractor_phase(TPhase::Play)] {
        ismcts_works_from(&s, 60);
    }
    // A follow in the middle of the play.
    ismcts_works_from(&find(|s: &Tractor| s.phase() == TPhase::Play && s.tricks_played() == 5), 60);
}

#[test]
fn ismcts_honours_the_node_limit() {
    let s = sheepshead_phase(Phase::Pick);
    let p = to_act(&s);
    for threads in [1, 2] {
        let c = IsmctsConfig { max_nodes: 7, ..config(500, 1, threads) };
        let r = ismcts(&s, p, &c).unwrap();
        assert_eq!(r.nodes, 7 * threads, "each tree fills its arena and stops there");
        assert_eq!(r.visits.iter().sum::<u64>(), 500, "simulations go on once the arena is full");
    }
    let r = ismcts(&s, p, &IsmctsConfig { max_nodes: 1, ..config(50, 1, 1) }).unwrap();
    assert_eq!((r.nodes, r.visits.iter().sum::<u64>()), (1, 0), "a root alone: rollouts only");
}

#[test]
fn ismcts_stops_at_the_deadline() {
    let s = tractor_first_lead();
    let c = IsmctsConfig { deadline: Some(std::time::Instant::now()), ..config(MAX_SIMULATIONS, 1, 1) };
    let r = ismcts(&s, to_act(&s), &c).unwrap();
    assert_eq!(r.simulations, 0);
    let soon = std::time::Instant::now() + std::time::Duration::from_millis(50);
    let r = ismcts(&s, to_act(&s), &IsmctsConfig { deadline: Some(soon), ..config(MAX_SIMULATIONS, 1, 2) })
        .unwrap();
    assert!(r.simulations > 0 && r.simulations < MAX_SIMULATIONS);
    assert_eq!(r.visits.iter().sum::<u64>(), r.simulations);
}

#[test]
fn ismcts_refuses_what_it_cannot_do() {
    let s = sheepshead_phase(Phase::Pick);
    let p = to_act(&s);
    let other = (p + 2) % 5;
    assert_eq!(ismcts(&s, other, &config(10, 0, 1)), Err(SearchError::NotToAct { player: other, to_act: p }));
    let mut done = s;
    finish(&mut done, &Random, &mut Rng::new(1));
    assert_eq!(ismcts(&done, p, &config(10, 0, 1)), Err(SearchError::Terminal));
    assert_eq!(ismcts(&s, p, &config(0, 0, 1)), Err(SearchError::Empty { what: "simulations" }));
    assert!(matches!(ismcts(&s, p, &config(u64::MAX, 0, 1)), Err(SearchError::TooLarge { .. })));
    let huge = IsmctsConfig { max_nodes: usize::MAX, ..config(10, 0, 1) };
    assert!(matches!(ismcts(&s, p, &huge), Err(SearchError::TooLarge { what: "nodes", .. })));
    let none = IsmctsConfig { max_nodes: 0, ..config(10, 0, 1) };
    assert_eq!(ismcts(&s, p, &none), Err(SearchError::Empty { what: "nodes" }));
    assert_eq!(ismcts(&s, p, &config(10, 0, 0)), Err(SearchError::Empty { what: "threads" }));
    assert!(matches!(ismcts(&s, p, &config(10, 0, 1 << 30)), Err(SearchError::TooLarge { .. })));
    for c in [f64::NAN, -1.0, f64::INFINITY] {
        let bad = IsmctsConfig { exploration: c, ..config(10, 0, 1) };
        assert!(matches!(ismcts(&s, p, &bad), Err(SearchError::Invalid { what: "exploration", .. })));
    }
}

/// The worst and best return for `player` over every way `s` can be played out.
fn outcome_range(s: &Sheepshead, player: u8) -> (i32, i32) {
    if s.is_terminal() {
        let r = s.returns()[usize::from(player)];
        return (r, r);
    }
    let mut range = (i32::MAX, i32::MIN);
    for a in s.legal_actions() {
        let mut next = *s;
        next.apply_unchecked(a);
        let (lo, hi) = outcome_range(&next, player);
        range = (range.0.min(lo), range.1.max(hi));
    }
    range
}

/// A fifth-trick position where one of the player's two cards beats the other whatever the other seats hold
/// and however the hand ends: in the real deal and in each of 200 resampled ones, the worst end after it is
/// better than the best end after the other (checked exhaustively).
fn dominant_choice(seed: u64) -> Option<(Sheepshead, u8, u8)> {
    let s = reach(seed, |s: &Sheepshead| s.phase() == Phase::Play && s.trick_number() == 4)?;
    let s = reach_within(s, seed)?;
    let p = to_act(&s);
    let actions: Vec<u8> = s.legal_actions().collect();
    if actions.len() != 2 {
        return None;
    }
    let mut rng = Rng::new(seed);
    let mut worlds = vec![s];
    for _ in 0..200 {
        worlds.push(s.resample(p, &mut rng).ok()?);
    }
    let range = |w: &Sheepshead, a: u8| {
        let mut next = *w;
        next.apply_unchecked(a);
        outcome_range(&next, p)
    };
    let beats = |x: u8, y: u8| worlds.iter().all(|w| range(w, x).0 > range(w, y).1);
    let (a, b) = (actions[0], actions[1]);
    if beats(a, b) {
        Some((s, a, b))
    } else if beats(b, a) {
        Some((s, b, a))
    } else {
        None
    }
}

/// Some seat's turn within trick 5 (random play goes on to a random seat of the trick).
fn reach_within(mut s: Sheepshead, seed: u64) -> Option<Sheepshead> {
    let mut rng = Rng::new(seed.wrapping_mul(7));
    for _ in 0..rng.below(5) {
        let a = s.random_action(&mut rng);
        s.apply_unchecked(a);
    }
    (s.phase() == Phase::Play && s.trick_number() == 4).then_some(s)
}

#[test]
fn ismcts_and_pimc_choose_the_card_that_always_wins_more() {
    let found: Vec<_> = (0..3000).filter_map(dominant_choice).take(4).collect();
    assert_eq!(found.len(), 4, "positions with a dominant card are found");
    for (s, good, bad) in found {
        let p = to_act(&s);
        let r = ismcts(&s, p, &config(2000, 8, 1)).unwrap();
        assert_eq!(r.best_action(), Some(good), "{r:?}");
        let (g, b) = (r.actions.binary_search(&good).unwrap(), r.actions.binary_search(&bad).unwrap());
        assert!(r.values[g] > r.values[b]);
        let pm = pimc(&s, p, 50, &Rollouts::new(Random, 1), None, 2, None).unwrap();
        assert_eq!(pm.best_line(), Some(&[good][..]));
    }
}

#[test]
fn ismcts_most_visited_breaks_ties_by_the_lowest_action() {
    let r = IsmctsResult {
        actions: vec![2, 5, 9],
        visits: vec![3, 7, 7],
        values: vec![0.0; 3],
        simulations: 17,
        nodes: 18,
    };
    assert_eq!(r.best_action(), Some(5));
    assert_eq!(ismcts::most_visited(&r), Some(5));
    let empty = IsmctsResult { actions: vec![], visits: vec![], values: vec![], simulations: 0, nodes: 1 };
    assert_eq!(empty.best_action(), None);
}

// ---------------------------------------------------------------- speed (release: `-- --ignored --nocapture`)

/// Runs `work` until a second has passed and returns the rate of `units(result)` per second.
fn rate<T>(mut work: impl FnMut() -> T, mut units: impl FnMut(&T) -> u64) -> f64 {
    let start = std::time::Instant::now();
    let mut done = 0;
    while start.elapsed().as_secs_f64() < 1.0 {
        done += units(&work());
    }
    done as f64 / start.elapsed().as_secs_f64()
}

/// The CPU time of this process so far, in seconds (Linux; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<f64> = after.split_whitespace().map(|f| f.parse().unwrap_or(0.0)).collect();
    fields.get(11).zip(fields.get(12)).map_or(0.0, |(u, s)| (u + s) / 100.0)
}

/// Simulations a second of wall time and of CPU time on `threads` threads.
fn simulations_per_second<G: Game + Information>(s: &G, simulations: u64, threads: usize) -> (f64, f64) {
    let (cpu, mut sims) = (cpu_seconds(), 0);
    let wall = rate(
        || ismcts(s, to_act(s), &config(simulations, 1, threads)).unwrap(),
        |r| {
            sims += r.simulations;
            r.simulations
        },
    );
    (wall, sims as f64 / (cpu_seconds() - cpu))
}

/// Simulations a second on 1 and 2 threads, and resamples and random rollouts a second, from `s`. The machine
/// may be shared: the rate per CPU second shows the scaling that the wall-clock rate hides under contention.
fn measure_ismcts<G: Game + Information>(name: &str, s: &G, simulations: u64) {
    let p = to_act(s);
    let (one, one_cpu) = simulations_per_second(s, simulations, 1);
    let (two, two_cpu) = simulations_per_second(s, 2 * simulations, 2);
    let mut rng = Rng::new(1);
    let resamples = rate(|| s.resample(p, &mut rng).unwrap(), |_| 1);
    let rollouts = rate(
        || {
            let mut g = s.clone();
            finish(&mut g, &Random, &mut rng);
            g
        },
        |_| 1,
    );
    println!(
        "{name}: ISMCTS simulations/s: 1 thread {one:.0} ({one_cpu:.0} per CPU s), 2 threads {two:.0} \
         ({two_cpu:.0} per CPU s), 2 vs 1: {:.2}x wall, {:.2}x per CPU s; resample {resamples:.0}/s, clone + \
         random rollout {rollouts:.0}/s (resample ≈ {:.0}% of a simulation)",
        two / one,
        two_cpu / one_cpu,
        100.0 * one / resamples
    );
}

#[test]
#[ignore = "a measurement: run in release with --ignored --nocapture"]
fn search_speed_ismcts() {
    measure_ismcts("sheepshead fresh deal", &<Sheepshead as Game>::deal(1, Default::default()), 20_000);
    measure_ismcts("sheepshead first lead", &sheepshead_first_lead(), 20_000);
    measure_ismcts("tractor fresh deal", &<Tractor as Game>::deal(1, Default::default()), 2_000);
    measure_ismcts("tractor first lead", &tractor_first_lead(), 2_000);
}

fn measure_pimc<G: Game + Information>(name: &str, s: &G) {
    let p = to_act(s);
    let e = Rollouts::new(Random, 1);
    for threads in [1, 2] {
        let decisions = rate(|| pimc(s, p, 100, &e, None, 1, Some(threads)).unwrap(), |_| 1);
        println!(
            "{name}: PIMC, 100 worlds × {} candidates × 1 random rollout: {decisions:.1} decisions/s on {threads} \
             thread(s)",
            s.legal_mask().count_ones()
        );
    }
}

#[test]
#[ignore = "a measurement: run in release with --ignored --nocapture"]
fn search_speed_pimc() {
    measure_pimc("sheepshead fresh deal", &<Sheepshead as Game>::deal(1, Default::default()));
    measure_pimc("sheepshead first lead", &sheepshead_first_lead());
    measure_pimc("tractor fresh deal", &<Tractor as Game>::deal(1, Default::default()));
    measure_pimc("tractor first lead", &tractor_first_lead());
}

/// From the last (forced) action, every simulation ends at once: the value is the mean of the worlds' returns,
/// which lies between the least and the most of them (and is that return when all worlds agree).
fn ismcts_value_of_the_last_action<G: Game + Information>() {
    let s = last_action::<G>();
    let p = to_act(&s);
    let a = s.legal_actions().next().unwrap();
    let mut rng = Rng::new(4);
    let ends: Vec<f64> = (0..200)
        .map(|_| {
            let mut w = s.resample(p, &mut rng).unwrap();
            w.apply_unchecked(a);
            f64::from(w.returns()[usize::from(p)])
        })
        .collect();
    let (lo, hi) = ends.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &e| (lo.min(e), hi.max(e)));
    let r = ismcts(&s, p, &config(100, 2, 2)).unwrap();
    assert_eq!((r.actions.clone(), r.visits.clone()), (vec![a], vec![100]));
    assert!(lo <= r.values[0] && r.values[0] <= hi, "{} not in {lo}..={hi}", r.values[0]);
    if lo == hi {
        assert_eq!(r.values[0], lo);
    }
}

#[test]
fn ismcts_values_are_mean_returns_for_the_player() {
    ismcts_value_of_the_last_action::<Sheepshead>();
    ismcts_value_of_the_last_action::<Tractor>();
}
