//! What PIMC asks of a sampled Sheepshead deal ([`crate::search::NamedEvaluators`]): rollouts, or the
//! exact solver of the card play ([`super::solver`]) in one of three questions.
//!
//! The solver questions value each line for the player from the position after it, every card seen:
//! `"solver"` the return under perfect play (the settlement class of R27/R30 settled for the player, or in a
//! leaster its paranoid return, R31), `"win"` +1 when the player's side makes 61 under perfect play (in a
//! leaster: when the player can force the win) else −1, the cheapest question, and `"points"` its side's card
//! points under perfect play (in a leaster, its paranoid return). When every line is one card of the player
//! to act, one solve of the world values them all (the solver values every move at its root).

use super::greedy::RolloutPolicy;
use super::scoring::settle_picked;
use super::solver::{self, Class};
use super::state::{Phase, State};
use crate::game::Game;
use crate::rng::Rng;
use crate::search::{Evaluator, NamedEvaluators, Rollouts, SearchError};

/// A question the solver answers of a sampled deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// The player's return under perfect play.
    Settlement,
    /// +1 if the player's side makes 61 (a leaster: the player can force its win), else −1.
    Win,
    /// The card points of the player's side under perfect play (a leaster: the paranoid return).
    Points,
}

/// One of Sheepshead's PIMC evaluators.
pub enum Named {
    /// The player's mean return over random finishes.
    Rollouts(Rollouts<State, RolloutPolicy>),
    /// The exact solver's answer to a question.
    Solver(Question),
}

/// Whether `player` plays on the picking side.
fn picking_side(state: &State, player: u8) -> bool {
    state.picker() == Some(player) || state.secret_partner() == Some(player)
}

/// `player`'s return from a picked hand that ends in `class` (a representative P and trick count of it).
fn settled(state: &State, player: u8, class: Class) -> f64 {
    let picker = state.picker().expect("a picked hand");
    let (points, tricks) = match class {
        Class::NoTrick => (0, 0),
        Class::Schneidered => (30, 1),
        Class::Lost => (60, 1),
        Class::Won => (61, 1),
        Class::Schneider => (91, 1),
        Class::AllTricks => (120, 6),
    };
    let r = settle_picked(
        usize::from(picker),
        state.secret_partner().map(usize::from),
        points,
        tricks,
        state.rules().double_on_the_bump,
    );
    f64::from(r[usize::from(player)]) * f64::from(state.multiplier())
}

/// The answer for `player` after each move of the seat to act in `state` (in the play phase, `player` to act).
fn root_values(state: &State, player: u8, question: Question) -> Vec<(u8, f64)> {
    let failed = "a play-phase state with a seat to act is solvable";
    if state.is_leaster() {
        let s = solver::values_for(state, player).expect(failed);
        let m = f64::from(state.multiplier());
        return s
            .moves
            .into_iter()
            .map(|(a, v)| {
                (a, if question == Question::Win { f64::from(v.signum()) } else { f64::from(v) * m })
            })
            .collect();
    }
    let ours = picking_side(state, player);
    match question {
        Question::Settlement => {
            let s = solver::settlement_class(state).expect(failed);
            s.moves.into_iter().map(|(a, c)| (a, settled(state, player, c))).collect()
        }
        Question::Win => {
            let s = solver::reaches(state, 61).expect(failed);
            s.moves.into_iter().map(|(a, made)| (a, if made == ours { 1.0 } else { -1.0 })).collect()
        }
        Question::Points => {
            let s = solver::solve(state).expect(failed);
            s.moves.into_iter().map(|(a, p)| (a, f64::from(if ours { p } else { 120 - p }))).collect()
        }
    }
}

/// The answer for `player` at `state` itself (any seat to act, or the hand over).
fn value_at(state: &State, player: u8, question: Question) -> f64 {
    if state.is_terminal() {
        let r = f64::from(state.returns()[usize::from(player)]);
        return match question {
            Question::Settlement => r,
            Question::Win => r.signum(),
            Question::Points if state.is_leaster() => r,
            Question::Points => {
                let p = state.picking_side_points().unwrap_or(0);
                f64::from(if picking_side(state, player) { p } else { 120 - p })
            }
        };
    }
    let failed = "a play-phase state is solvable";
    if state.is_leaster() {
        let v = solver::values_for(state, player).expect(failed).value;
        return if question == Question::Win {
            f64::from(v.signum())
        } else {
            f64::from(v) * f64::from(state.multiplier())
        };
    }
    let ours = picking_side(state, player);
    match question {
        Question::Settlement => settled(state, player, solver::settlement_class(state).expect(failed).class),
        Question::Win => {
            if solver::reaches(state, 61).expect(failed).value == ours {
                1.0
            } else {
                -1.0
            }
        }
        Question::Points => {
            let p = solver::solve(state).expect(failed).value;
            f64::from(if ours { p } else { 120 - p })
        }
    }
}

fn solved(world: &State, player: u8, lines: &[Vec<u8>], question: Question, out: &mut [f64]) {
    if world.current_player() == Some(player) && lines.iter().all(|l| l.len() == 1) {
        let values = root_values(world, player, question);
        for (line, value) in lines.iter().zip(out.iter_mut()) {
            *value =
                values.iter().find(|(a, _)| *a == line[0]).map(|&(_, v)| v).expect("a legal move is valued");
        }
        return;
    }
    for (line, value) in lines.iter().zip(out.iter_mut()) {
        let mut after = *world;
        for &action in line {
            after.apply_unchecked(action);
        }
        *value = value_at(&after, player, question);
    }
}

impl Evaluator<State> for Named {
    fn values(&self, world: &State, player: u8, lines: &[Vec<u8>], rng: &mut Rng, out: &mut [f64]) {
        match self {
            Named::Rollouts(r) => r.values(world, player, lines, rng, out),
            Named::Solver(q) => solved(world, player, lines, *q, out),
        }
    }
    fn work(&self) -> u64 {
        match self {
            Named::Rollouts(r) => r.work(),
            Named::Solver(_) => 1,
        }
    }
    fn check(&self) -> Result<(), SearchError> {
        match self {
            Named::Rollouts(r) => r.check(),
            Named::Solver(_) => Ok(()),
        }
    }
    /// The solver values the card play only.
    fn check_state(&self, state: &State) -> Result<(), SearchError> {
        match self {
            Named::Solver(_) if state.phase() != Phase::Play => Err(SearchError::Invalid {
                what: "evaluator",
                reason: format!(
                    "the exact solver values the card play, and the hand is in the {} phase (use rollouts)",
                    state.phase().name()
                ),
            }),
            _ => Ok(()),
        }
    }
}

impl NamedEvaluators for State {
    type Named = Named;
    const EVALUATORS: &'static [&'static str] = &["rollouts", "solver", "win", "points"];
    fn named_evaluator(name: &str, policy: RolloutPolicy, rollouts: u32) -> Option<Named> {
        match name {
            "rollouts" => Some(Named::Rollouts(Rollouts::new(policy, rollouts))),
            "solver" => Some(Named::Solver(Question::Settlement)),
            "win" => Some(Named::Solver(Question::Win)),
            "points" => Some(Named::Solver(Question::Points)),
            _ => None,
        }
    }
}
