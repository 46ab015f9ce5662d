//! The solver against an independent brute-force minimax over the engine's own `State` (no pruning, no table,
//! nothing shared with the solver), on random positions under every rule option; threshold consistency; errors;
//! and (ignored) speed measurements.

use super::*;
use crate::rng::Rng;
use crate::sheepshead::actions::PASS;
use crate::sheepshead::rules::{JackOrder, NoLegalCall};
use crate::sheepshead::Rules;
use std::time::Instant;

// ---- the oracle: plain minimax over `State` ----

/// The picking side of a state (picker and partner), by seat.
fn on_side(s: &State, seat: u8) -> bool {
    s.picker() == Some(seat) || s.secret_partner() == Some(seat)
}

/// Minimax of `leaf` over every line of play, `maximising(seat)` choosing the maximum.
fn minimax(s: &State, maximising: &dyn Fn(&State, u8) -> bool, leaf: &dyn Fn(&State) -> i32) -> i32 {
    let Some(seat) = s.current_player() else {
        return leaf(s);
    };
    let max = maximising(s, seat);
    let mut best = if max { i32::MIN } else { i32::MAX };
    for a in s.legal_actions() {
        let mut child = *s; // `State` is `Copy`: a clone
        child.apply_unchecked(a);
        let v = minimax(&child, maximising, leaf);
        best = if max { best.max(v) } else { best.min(v) };
    }
    best
}

fn oracle_points(s: &State) -> i32 {
    minimax(s, &on_side, &|t| t.picking_side_points().map_or(-1, |p| p as i32))
}

/// The class as its rank 0..=5, from the finished hand's points and tricks.
fn oracle_class(s: &State) -> i32 {
    minimax(s, &on_side, &|t| {
        let points = t.picking_side_points().unwrap_or(0);
        let won = t.tricks_won();
        let tricks: u32 = (0..5u8).filter(|&x| on_side(t, x)).map(|x| u32::from(won[x as usize])).sum();
        // V17: schwarz by tricks, or by points (P = 120; no card point in tricks, the bury aside).
        let (every, none) = match t.rules().schwarz {
            Schwarz::Tricks => (tricks == 6, tricks == 0),
            Schwarz::Points => (points == 120, points == t.bury().points()),
        };
        match (points, tricks) {
            _ if every => 5,
            _ if none => 0,
            (91.., _) => 4,
            (61..=90, _) => 3,
            (31..=60, _) => 2,
            _ => 1,
        }
    })
}

fn oracle_leaster(s: &State, seat: u8) -> i32 {
    minimax(s, &|_, x| x == seat, &|t| t.returns()[seat as usize])
}

/// Each legal action and the oracle's value after it.
fn oracle_moves(s: &State, value: &dyn Fn(&State) -> i32) -> Vec<(u8, i32)> {
    s.legal_actions()
        .map(|a| {
            let mut child = *s; // `State` is `Copy`: a clone
            child.apply_unchecked(a);
            (a, value(&child))
        })
        .collect()
}

// ---- random positions ----

fn random_rules(rng: &mut Rng) -> Rules {
    Rules {
        jack_order: if rng.below(2) == 0 { JackOrder::Standard } else { JackOrder::Seed },
        called_card_no_discard: rng.below(2) == 0,
        no_legal_call: if rng.below(2) == 0 { NoLegalCall::Alone } else { NoLegalCall::Unknown },
        double_on_the_bump: rng.below(2) == 0,
        hold_card_lead: if rng.below(2) == 0 { HoldCardLead::Allowed } else { HoldCardLead::Forbidden },
        schwarz: if rng.below(2) == 0 { Schwarz::Tricks } else { Schwarz::Points },
        no_trick_split: rng.below(2) == 0,
        ..Rules::default()
    }
}

/// A random hand in the play phase with `tricks_left` tricks to play (counting the one under way) and
/// `on_table` cards of it played; `leaster` makes everyone pass. `None` if the deal went elsewhere.
fn position(seed: u64, rules: Rules, tricks_left: usize, on_table: usize, leaster: bool) -> Option<State> {
    let mut rng = Rng::new(seed ^ 0x5EED);
    let mut s = State::new(seed, rules, (seed % 5) as u8, 1).ok()?;
    while s.phase() != Phase::Play {
        if s.phase() == Phase::Done {
            return None;
        }
        let a = if leaster && s.phase() == Phase::Pick { PASS } else { s.random_action(&mut rng) };
        s.apply_unchecked(a);
    }
    if s.is_leaster() != leaster {
        return None;
    }
    while s.trick_number() < NUM_TRICKS - tricks_left || s.current_trick().1.len() < on_table {
        let a = s.random_action(&mut rng);
        s.apply_unchecked(a);
    }
    Some(s)
}

/// Random positions: 2 or 3 tricks left, mid-trick ones included, every rule option sampled; leasters one in
/// `leaster_every`.
fn positions(count: usize, seed: u64, tricks: &[usize], leaster_every: u64) -> Vec<State> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    let mut k = 0u64;
    while out.len() < count {
        k += 1;
        let rules = random_rules(&mut rng);
        let left = tricks[rng.below(tricks.len() as u64) as usize];
        let on_table = rng.below(5) as usize;
        let leaster = k % leaster_every == 0;
        if let Some(s) =
            position(seed.wrapping_mul(1_000_003).wrapping_add(k), rules, left, on_table, leaster)
        {
            // The hands the solver does not model (V10's called ten, V11.3's under in play) are refused, and
            // `unsupported_hands_are_refused_with_the_reason` checks that.
            if Solver::supported(&s).is_ok() {
                out.push(s);
            }
        }
    }
    out
}

fn class_rank(c: Class) -> i32 {
    Class::ALL.iter().position(|&x| x == c).map_or(-1, |i| i as i32)
}

/// The answer with [`Moves::Best`] has the value of the answer with [`Moves::All`] and an optimal action,
/// without the moves: `all` is the value and the moves' values, `best` the value, the action, the moves.
fn check_best<T: PartialEq + Copy + std::fmt::Debug>(all: (T, &[(u8, T)]), best: (T, u8, usize), s: &State) {
    assert_eq!(best.0, all.0, "value with Moves::Best: {s:?}");
    assert!(all.1.contains(&(best.1, all.0)), "Moves::Best's action {} is not optimal: {s:?}", best.1);
    assert_eq!(best.2, 0, "Moves::Best answers no moves");
}

/// Compares every answer of the solver with the oracle on one position; returns what was compared.
fn check(solver: &mut Solver, s: &State, thresholds: &[u32]) -> (bool, bool) {
    let legal: Vec<u8> = s.legal_actions().collect();
    if s.is_leaster() {
        for seat in 0..5u8 {
            let got = solver.values_for(s, seat, Moves::All).expect("a leaster in play");
            let want = oracle_moves(s, &|t| oracle_leaster(t, seat));
            assert_eq!(got.moves, want, "leaster moves for seat {seat}: {s:?}");
            assert_eq!(got.value, oracle_leaster(s, seat), "leaster value for seat {seat}: {s:?}");
            let b = solver.values_for(s, seat, Moves::Best).expect("a leaster in play");
            check_best((got.value, &got.moves), (b.value, b.best, b.moves.len()), s);
        }
        let mover = s.current_player().unwrap_or(0);
        let got = solver.solve(s, Moves::Best).map(|v| v.value);
        assert_eq!(got, Ok(oracle_leaster(s, mover)));
        assert_eq!(solve(s, Moves::All).map(|x| x.value), Ok(oracle_leaster(s, mover)));
        assert_eq!(solver.reaches(s, 61, Moves::All).map(|v| v.value), Err(SolveError::Leaster));
        return (true, s.under().is_some());
    }
    let got = solver.solve(s, Moves::All).expect("a picked hand in play");
    let b = solver.solve(s, Moves::Best).expect("a picked hand in play");
    check_best((got.value, &got.moves), (b.value, b.best, b.moves.len()), s);
    let want = oracle_moves(s, &oracle_points);
    assert_eq!(got.moves, want, "points after each move: {s:?}");
    let value = oracle_points(s);
    assert_eq!(got.value, value, "points: {s:?}");
    assert!(got.moves.iter().any(|&(a, v)| a == got.best && v == value), "best move");
    assert_eq!(got.moves.iter().map(|m| m.0).collect::<Vec<_>>(), legal);
    for &t in thresholds {
        let v = solver.reaches(s, t, Moves::All).expect("a picked hand in play");
        assert_eq!(v.value, value >= t as i32, "reaches {t}: {s:?}");
        for (&(a, b), &(a2, p)) in v.moves.iter().zip(&want) {
            assert_eq!((a, b), (a2, p >= t as i32), "reaches {t} after {a}: {s:?}");
        }
        let b = solver.reaches(s, t, Moves::Best).expect("a picked hand in play");
        check_best((v.value, &v.moves), (b.value, b.best, b.moves.len()), s);
    }
    let class = solver.settlement_class(s, Moves::All).expect("a picked hand in play");
    assert_eq!(class_rank(class.class), oracle_class(s), "class: {s:?}");
    let want_classes = oracle_moves(s, &oracle_class);
    let got_classes: Vec<(u8, i32)> = class.moves.iter().map(|&(a, c)| (a, class_rank(c))).collect();
    assert_eq!(got_classes, want_classes, "class after each move: {s:?}");
    let b = solver.settlement_class(s, Moves::Best).expect("a picked hand in play");
    check_best((class.class, &class.moves), (b.class, b.best, b.moves.len()), s);
    (false, s.under().is_some())
}

#[test]
fn r18_r19_r22_r25_solver_matches_brute_force_minimax_with_two_or_three_tricks_left() {
    let mut solver = Solver::new();
    let mut rng = Rng::new(11);
    let (mut leasters, mut unders, mut mid) = (0, 0, 0);
    let all = positions(10_000, 1, &[2, 3], 12);
    for s in &all {
        let extra = rng.below(121) as u32;
        let (leaster, under) = check(&mut solver, s, &[31, 61, 91, extra]);
        leasters += usize::from(leaster);
        unders += usize::from(under);
        mid += usize::from(!s.current_trick().1.is_empty());
    }
    assert!(leasters > 300 && unders > 50 && mid > 5_000, "coverage: {leasters} {unders} {mid}");
}

#[test]
fn r16_unknown_calls_with_unders_played_match_brute_force() {
    let mut solver = Solver::new();
    let mut n = 0;
    let mut seed = 0;
    while n < 300 {
        seed += 1;
        let mut rules = random_rules(&mut Rng::new(seed));
        rules.no_legal_call = NoLegalCall::Unknown;
        let Some(s) = position(seed * 7919, rules, 3, (seed % 5) as usize, false) else { continue };
        if s.under().is_none() || Solver::supported(&s).is_err() {
            continue; // an under still in play is refused (V11.3)
        }
        check(&mut solver, &s, &[61]);
        n += 1;
    }
}

#[test]
fn thresholds_agree_with_exact_points_for_every_target() {
    let mut solver = Solver::new();
    for s in positions(200, 2, &[3, 4], u64::MAX) {
        let value = solver.solve(&s, Moves::All).expect("in play").value;
        for t in 0..=121 {
            for moves in [Moves::All, Moves::Best] {
                let got = solver.reaches(&s, t, moves).expect("in play").value;
                assert_eq!(got, value >= t as i32, "t = {t}, {moves:?}");
            }
        }
    }
}

#[test]
#[ignore = "slow: brute force over four tricks"]
fn solver_matches_brute_force_with_four_tricks_left() {
    let mut solver = Solver::new();
    for s in positions(150, 3, &[4], 10) {
        check(&mut solver, &s, &[61, 91]);
    }
}

#[test]
fn non_play_states_are_refused() {
    let s = State::new(5, Rules::default(), 0, 1).expect("a deal");
    assert_eq!(solve(&s, Moves::All), Err(SolveError::NotInPlay { phase: Phase::Pick }));
    assert!(solve(&s, Moves::All).unwrap_err().to_string().contains("pick phase"));
    let mut done = position(9, Rules::default(), 1, 0, false).expect("a hand");
    while done.current_player().is_some() {
        let a = done.legal_actions().next().expect("a legal card");
        done.apply_unchecked(a);
    }
    assert_eq!(reaches(&done, 61, Moves::Best), Err(SolveError::Terminal));
    assert_eq!(settlement_class(&done, Moves::All), Err(SolveError::Terminal));
    let picked = position(9, Rules::default(), 2, 0, false).expect("a hand");
    assert_eq!(values_for(&picked, 0, Moves::All), Err(SolveError::NotLeaster));
    let leaster = position(9, Rules::default(), 2, 0, true).expect("a hand");
    assert_eq!(values_for(&leaster, 5, Moves::Best), Err(SolveError::Seat { seat: 5 }));
    assert_eq!(settlement_class(&leaster, Moves::Best), Err(SolveError::Leaster));
}

/// R3, R4, R16, R25: the solver's numbering (suit blocks, weakest first, trumps last) says who wins exactly as
/// the ranking does: for every jack order, every under and its suit, every suit led and every pair of cards,
/// "beats" is "of the suit led or trump, and numbered higher"; and the masks convert both ways.
#[test]
fn r25_numbering_orders_cards_as_the_ranking() {
    let cards: Vec<SCard> = (0..32).filter_map(SCard::from_index).collect();
    let mut unders = vec![None];
    for &u in &cards {
        for s in ESuit::FAILS {
            unders.push(Some((u, s)));
        }
    }
    for jacks in [JackOrder::Standard, JackOrder::Seed] {
        let ranking = Ranking::new(jacks);
        for &under in &unders {
            let mut ctx = Ctx::empty();
            ctx.set_tables(ranking, under);
            let ours = |c: SCard| ctx.ours(c.bit()).trailing_zeros() as u8;
            assert_eq!(ctx.mask.iter().fold(0, |m, s| m | s), u32::MAX);
            for &c in &cards {
                assert_eq!(ctx.ext[ours(c) as usize], c.index(), "{c:?} under {under:?}");
                assert_eq!(ctx.pts[ours(c) as usize], c.points());
            }
            for (k, &led) in SUITS.iter().enumerate() {
                for &a in &cards {
                    for &b in &cards {
                        let (pa, pb) =
                            (ranking.power_in_trick(a, led, under), ranking.power_in_trick(b, led, under));
                        if pb == 0 || a == b {
                            continue; // `b` could not be the best card of a trick led in `led`
                        }
                        let (oa, ob) = (ours(a), ours(b));
                        let beats = (above(ob) & ctx.live[k]) >> oa & 1 == 1;
                        assert_eq!(
                            beats,
                            pa > pb,
                            "{a:?} over {b:?}, led {led:?}, {jacks:?}, under {under:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn tv_s5_and_tv_v2_class_of_points_and_tricks() {
    let of =
        |points, trick_points, tricks, schwarz| Class::of(Outcome { points, trick_points, tricks }, schwarz);
    assert_eq!(of(120, 120, 6, Schwarz::Tricks), Class::AllTricks);
    assert_eq!(of(14, 0, 0, Schwarz::Tricks), Class::NoTrick);
    assert_eq!(of(91, 91, 5, Schwarz::Tricks), Class::Schneider);
    assert_eq!(of(61, 61, 3, Schwarz::Tricks), Class::Won);
    assert_eq!(of(60, 60, 3, Schwarz::Tricks), Class::Lost);
    assert_eq!(of(30, 30, 1, Schwarz::Tricks), Class::Schneidered);
    // V17 with schwarz = points: 120 without every trick, and tricks without a card point.
    assert_eq!(of(120, 120, 5, Schwarz::Points), Class::AllTricks);
    assert_eq!(of(14, 0, 2, Schwarz::Points), Class::NoTrick);
    assert_eq!(of(14, 0, 2, Schwarz::Tricks), Class::Schneidered);
}

// ---- speed (ignored; read with --release -- --ignored --nocapture) ----

/// Full deals after the bury, at trick 0 (picked or leasters).
pub(super) fn full_deals(count: usize, leaster: bool) -> Vec<State> {
    let mut out = Vec::with_capacity(count);
    let mut seed = 0;
    while out.len() < count {
        seed += 1;
        if let Some(s) = position(seed, Rules::default(), NUM_TRICKS, 0, leaster) {
            out.push(s);
        }
    }
    out
}

/// Picked hands at their first lead after the heuristic bot's pick, bury and call (`greedy::bidding_action`):
/// the pickers of real play, stronger than those of random bids, and harder to solve (closer to 61).
pub(super) fn bid_deals(count: usize) -> Vec<State> {
    let mut out = Vec::with_capacity(count);
    let mut seed = 0;
    while out.len() < count {
        seed += 1;
        let Ok(mut s) = State::new(seed, Rules::default(), (seed % 5) as u8, 1) else { continue };
        let mut rng = Rng::new(seed);
        while s.phase() != Phase::Play && s.phase() != Phase::Done {
            let a =
                crate::sheepshead::greedy::bidding_action(&s).unwrap_or_else(|| s.random_action(&mut rng));
            s.apply_unchecked(a);
        }
        if s.phase() == Phase::Play && !s.is_leaster() {
            out.push(s);
        }
    }
    out
}

fn measure(name: &str, states: &[State], mut f: impl FnMut(&State) -> u64) {
    let mut times = Vec::with_capacity(states.len());
    let mut nodes = Vec::with_capacity(states.len());
    let start = Instant::now();
    for s in states {
        let t = Instant::now();
        nodes.push(f(s));
        times.push(t.elapsed().as_secs_f64());
    }
    let total = start.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    nodes.sort_unstable();
    let p99 = |v: usize| (v * 99).div_ceil(100).saturating_sub(1);
    println!(
        "{name:<44} {:>9.0}/s  mean {:>8.3} ms  p99 {:>8.3} ms  nodes mean {:>9.0} p99 {:>9}",
        states.len() as f64 / total,
        1e3 * total / states.len() as f64,
        1e3 * times[p99(times.len())],
        nodes.iter().sum::<u64>() as f64 / nodes.len() as f64,
        nodes[p99(nodes.len())],
    );
}

#[test]
#[ignore = "measurement: run with --release -- --ignored --nocapture"]
fn solver_speed() {
    // SOLVER_SPEED_DEALS=200 for a quick look; the figures of the report use the default 2,000.
    let n: usize = std::env::var("SOLVER_SPEED_DEALS").ok().and_then(|v| v.parse().ok()).unwrap_or(2_000);
    let deals = full_deals(n, false);
    let mut solver = Solver::new();
    let each = |what: &str, moves: Moves| match moves {
        Moves::All => format!("{what} (every move)"),
        Moves::Best => format!("{what} (root)"),
    };
    // Random bids (weak pickers: often far from 61), then the heuristic bot's bids (the hands of real play).
    for (deals, bids) in [(deals, "random"), (bid_deals(n), "heuristic")] {
        println!("full deals after {bids} bids:");
        for moves in [Moves::All, Moves::Best] {
            measure(&each("  exact solve", moves), &deals, |s| solver.solve(s, moves).map_or(0, |x| x.nodes));
            let name = each("  reaches(61)", moves);
            measure(&name, &deals, |s| solver.reaches(s, 61, moves).map_or(0, |x| x.nodes));
            let name = each("  settlement class", moves);
            measure(&name, &deals, |s| solver.settlement_class(s, moves).map_or(0, |x| x.nodes));
        }
    }
    let three = positions(10 * n, 4, &[3], u64::MAX);
    for moves in [Moves::All, Moves::Best] {
        let name = each("exact solve, 3 tricks left", moves);
        measure(&name, &three, |s| solver.solve(s, moves).map_or(0, |x| x.nodes));
        let name = each("reaches(61), 3 tricks left", moves);
        measure(&name, &three, |s| solver.reaches(s, 61, moves).map_or(0, |x| x.nodes));
    }
    let leasters = full_deals(n / 4, true);
    for moves in [Moves::All, Moves::Best] {
        let name = each("leaster, mover's return", moves);
        measure(&name, &leasters, |s| solver.solve(s, moves).map_or(0, |x| x.nodes));
    }
}

#[test]
fn unsupported_hands_are_refused_with_the_reason() {
    let mut rng = Rng::new(5);
    let mut refused = 0;
    for k in 0..4000u64 {
        let rules = random_rules(&mut rng);
        let Some(s) = position(k, rules, 3, 0, false) else { continue };
        if let Err(e) = Solver::supported(&s) {
            refused += 1;
            assert_eq!(solve(&s, Moves::All).map(|x| x.value), Err(e.clone()));
            assert!(e.to_string().contains("V10") || e.to_string().contains("V11"), "{e}");
        }
    }
    assert!(refused > 0, "some hands call a ten or lay an under");
    let rules = Rules { players: 3, ..Rules::default() };
    let mut s = State::new(1, rules, 0, 1).unwrap();
    let mut rng = Rng::new(1);
    while s.phase() != Phase::Play && !s.is_terminal() {
        let a = s.random_action(&mut rng);
        s.apply_unchecked(a);
    }
    if s.phase() == Phase::Play {
        assert!(matches!(solve(&s, Moves::Best), Err(SolveError::Unsupported(_))));
    }
}
