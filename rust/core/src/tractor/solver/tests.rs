use super::*;
use crate::cards::{Rank, Suit};
use crate::rng::Rng;
use crate::tractor::hand::hand;
use crate::tractor::position::Position;
use crate::tractor::rules::{KittyMultiplier, Rules, TractorFollow};
use crate::tractor::trump::Trump;
use std::time::Instant;

/// Plain minimax over the `Game` trait, card by card through the legal actions, no pruning and no table: the
/// final P with the opponents maximising it and the declarers minimising it.
fn brute_force(s: &State) -> i32 {
    let Some(seat) = s.current_player() else { return s.points() };
    let maximise = Some(team(seat)) != s.declarers();
    let values = s.legal_actions().map(|a| {
        let mut child = s.clone();
        child.apply_unchecked(a);
        brute_force(&child)
    });
    if maximise {
        values.max().expect("a legal action")
    } else {
        values.min().expect("a legal action")
    }
}

/// A round dealt from `seed`, played at random until no hand holds more than `cards` cards, then a few random
/// actions more (into the trick, or into a play being built); `None` if it ended first.
fn endgame(seed: u64, cards: u32, rules: Rules, rng: &mut Rng) -> Option<State> {
    let mut s = State::deal(seed, rules);
    while s.phase() != Phase::Play || (0..4).any(|i| s.hand(i).len() > cards) {
        let a = s.random_action(rng);
        s.apply_unchecked(a);
        if s.is_terminal() {
            return None;
        }
    }
    // Stop at a trick's start half the time, else a few actions further.
    let extra = if rng.below(2) == 0 { 0 } else { rng.below(6) };
    for _ in 0..extra {
        let a = s.random_action(rng);
        s.apply_unchecked(a);
        if s.is_terminal() {
            return None;
        }
    }
    Some(s)
}

fn rules_of(k: u64) -> Rules {
    Rules {
        kitty_multiplier: if k % 2 == 0 { KittyMultiplier::Seed2c } else { KittyMultiplier::Exp },
        tractor_follow: if k % 3 == 0 { TractorFollow::Full } else { TractorFollow::None },
        ..Rules::default()
    }
}

/// Checks a solution against brute force: the value, every move's value, and the moves being exactly the
/// legal whole plays.
fn check(s: &State, label: &str) {
    let solution = solve(s).expect("a play-phase position");
    assert_eq!(solution.value, brute_force(s), "{label}: the value");
    assert_eq!(solution.moves.len(), s.legal_plays().len(), "{label}: one move a legal play");
    for (ids, value) in &solution.moves {
        let mut child = s.clone();
        for &a in ids {
            child.apply(u32::from(a)).unwrap_or_else(|e| panic!("{label}: move {ids:?}: {e}"));
        }
        assert!(child.partial().is_empty(), "{label}: a move makes a whole play");
        assert_eq!(*value, brute_force(&child), "{label}: move {ids:?}");
    }
    assert!(solution.moves.iter().any(|(ids, v)| *ids == solution.best && *v == solution.value));
}

#[test]
fn the_solver_agrees_with_brute_force_minimax_on_random_endgames() {
    let mut rng = Rng::new(2024);
    let (mut positions, mut mid_trick, mut mid_play, mut three) = (0, 0, 0, 0);
    let mut seed = 0;
    while positions < 2400 {
        seed += 1;
        let cards = match seed % 8 {
            0 => 3,
            1..=4 => 2,
            _ => 1,
        };
        let Some(game) = endgame(seed, cards, rules_of(seed), &mut rng) else { continue };
        // Solve the game itself, or the round built from its position.
        let s = if seed % 2 == 0 {
            State::from_position(&game.position().expect("in play"), game.rules()).expect("its own position")
        } else {
            game
        };
        check(&s, &format!("seed {seed}"));
        positions += 1;
        mid_trick += usize::from(!s.trick_plays().is_empty());
        mid_play += usize::from(!s.partial().is_empty());
        three += usize::from(cards == 3);
    }
    assert!(mid_trick > 500 && mid_play > 100 && three > 200, "{mid_trick} {mid_play} {three}");
}

#[test]
fn r41_the_kitty_counts_for_the_last_trick() {
    // Seat 1 (an opponent) leads the last trick: its ace of hearts wins it, and the kitty's 10 doubles (R41).
    let trump = Trump::new(Rank::from_value(2), Some(Suit::Spades)).unwrap();
    let hands = [hand("3H"), hand("AH"), hand("4H"), hand("KH")];
    let p =
        Position { leader: 1, tricks: 24, ..Position::first_lead(hands, hand("10C"), trump, 0, 0, [2, 2]) };
    let s = State::from_position(&p, Rules::default()).unwrap();
    let solution = solve(&s).unwrap();
    // K is 10 points, the kitty's 10 counts twice for a single lead: 10 + 20.
    assert_eq!(solution.value, 30);
    assert_eq!(solution.best, vec![hand("AH").first().unwrap().id(), FINISH]);
}

#[test]
fn a_play_being_built_is_solved_from_its_cards() {
    let trump = Trump::new(Rank::from_value(2), Some(Suit::Spades)).unwrap();
    let hands = [hand("3H 4H 5C"), hand("AC KC 6D"), hand("7H 8H 9D"), hand("QD JD 6C")];
    let p = Position {
        partial: hand("3H"),
        tricks: 22,
        ..Position::first_lead(hands, Hand::EMPTY, trump, 0, 0, [2, 2])
    };
    let s = State::from_position(&p, Rules::default()).unwrap();
    let solution = solve(&s).unwrap();
    assert!(solution.moves.iter().all(|(ids, _)| !ids.contains(&hand("3H").first().unwrap().id())));
    assert_eq!(solution.moves.len(), s.legal_plays().len());
    assert_eq!(solution.value, brute_force(&s));
}

#[test]
fn only_the_play_phase_is_solved_and_the_node_limit_holds() {
    let s = State::deal(3, Rules::default());
    assert_eq!(solve(&s), Err(SolveError::NotInPlay(Phase::Draw)));
    let done = crate::playout::random_game::<State>(3, 0, Rules::default());
    assert_eq!(
        solve(&done).unwrap_err().to_string(),
        "only a round in the play phase can be solved; this one is in the done phase"
    );
    let mut rng = Rng::new(9);
    let s = (0..).find_map(|seed| endgame(seed, 3, Rules::default(), &mut rng)).unwrap();
    let full = solve(&s).unwrap();
    assert!(full.nodes > 3);
    assert_eq!(solve_with_limit(&s, 3), Err(SolveError::NodeLimit(3)));
    assert_eq!(solve_with_limit(&s, full.nodes).unwrap(), full);
}

/// Prints the time and nodes a solve takes by cards left per hand, at a trick's start in random rounds:
/// `cargo test --release -p tricktaker-core tractor::solver -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_solve_times() {
    let mut rng = Rng::new(7);
    for cards in 1..=6u32 {
        let mut times = Vec::new();
        let mut nodes = Vec::new();
        let mut over = 0;
        let samples = if cards <= 5 { 200 } else { 40 };
        let mut seed = 1000 * u64::from(cards);
        while times.len() + over < samples {
            seed += 1;
            let mut s = State::deal(seed, Rules::default());
            while s.phase() != Phase::Play
                || (0..4).any(|i| s.hand(i).len() > cards)
                || !s.trick_plays().is_empty()
            {
                let a = s.random_action(&mut rng);
                s.apply_unchecked(a);
                if s.is_terminal() {
                    break;
                }
            }
            if s.is_terminal() || s.hand(usize::from(s.leader())).len() != cards {
                continue;
            }
            let start = Instant::now();
            match solve_with_limit(&s, 20_000_000) {
                Ok(sol) => {
                    times.push(start.elapsed().as_secs_f64() * 1e3);
                    nodes.push(sol.nodes);
                }
                Err(_) => over += 1,
            }
        }
        times.sort_by(f64::total_cmp);
        nodes.sort_unstable();
        let p99 = |n: usize| (n * 99).div_ceil(100).saturating_sub(1);
        println!(
            "{cards} cards per hand: {} solved, {over} over 20M nodes; time mean {:.3} ms p99 {:.3} ms max {:.3} ms; nodes mean {:.0} p99 {}",
            times.len(),
            times.iter().sum::<f64>() / times.len() as f64,
            times[p99(times.len())],
            times[times.len() - 1],
            nodes.iter().sum::<u64>() as f64 / nodes.len() as f64,
            nodes[p99(nodes.len())],
        );
    }
}
