//! What PIMC asks of a sampled Sheepshead deal ([`crate::search::NamedEvaluators`]): rollouts, or the
//! exact solver of the card play ([`super::solver`]) in one of three questions.
//!
//! The solver questions value each line for the player from the position after it, every card seen:
//! `"solver"` the return under perfect play (the settlement class of R27/R30 settled for the player, or in a
//! leaster its paranoid return, R31), `"win"` +1 when the player's side makes 61 under perfect play (in a
//! leaster: when the player can force the win) else −1, the cheapest question, and `"points"` its side's card
//! points under perfect play (in a leaster, its paranoid return). When every line is one card of the player
//! to act, one solve of the world values them all (the solver values every move at its root).
//!
//! The solver does not model a called ten before its suit is led (V10) or an under still in play (V11.3):
//! until then, a world is valued by [`FALLBACK_ROLLOUTS`] greedy rollouts instead. A game it does not model
//! at all (another form, V12, another all-pass game: [`Solver::models_rules`]) is refused with the reason.

use super::greedy::RolloutPolicy;
use super::scoring::{settle_picked, Outcome};
use super::solver::{self, Class, Moves};
use super::state::{Phase, State};
use crate::game::Game;
use crate::rng::Rng;
use crate::search::{self, Evaluator, NamedEvaluators, Rollouts, SearchError};

/// The greedy rollouts a world is valued by while the solver cannot solve it (a called ten before its suit is
/// led, an under still in play).
pub const FALLBACK_ROLLOUTS: u32 = 32;

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

/// The exact solver's answer to a question, as a PIMC evaluator (the card play only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solver(pub Question);

/// Sheepshead's PIMC evaluators: random or greedy rollouts, or the solver.
pub type Named = search::Named<State, RolloutPolicy, Solver>;

/// Whether `player` plays on the picking side.
fn picking_side(state: &State, player: u8) -> bool {
    state.picker() == Some(player) || state.secret_partner() == Some(player)
}

/// `player`'s return from a picked hand that ends in `class` (a representative P and trick count of it).
fn settled(state: &State, player: u8, class: Class) -> f64 {
    let picker = state.picker().expect("a picked hand");
    // A P, trick points and tricks of the class under either `schwarz` (V17), no bury counted.
    let (points, tricks) = match class {
        Class::NoTrick => (0, 0),
        Class::Schneidered => (30, 1),
        Class::Lost => (60, 1),
        Class::Won => (61, 1),
        Class::Schneider => (91, 1),
        Class::AllTricks => (120, 6),
    };
    let outcome = Outcome { points, trick_points: points, tricks };
    let r =
        settle_picked(usize::from(picker), state.secret_partner().map(usize::from), outcome, &state.rules());
    f64::from(r[usize::from(player)]) * f64::from(state.stake())
}

/// The answer for `player` at `state` (in the play phase, not over) and after each legal move of the seat to
/// act: one solve gives both.
fn answers(state: &State, player: u8, question: Question) -> (f64, Vec<(u8, f64)>) {
    fn convert<T: Copy>(value: T, moves: Vec<(u8, T)>, f: impl Fn(T) -> f64) -> (f64, Vec<(u8, f64)>) {
        (f(value), moves.into_iter().map(|(a, v)| (a, f(v))).collect())
    }
    let failed = "a play-phase state is solvable";
    if state.is_leaster() {
        let s = solver::values_for(state, player, Moves::All).expect(failed);
        let m = f64::from(state.multiplier());
        let win = question == Question::Win;
        return convert(s.value, s.moves, |v| if win { f64::from(v.signum()) } else { f64::from(v) * m });
    }
    let ours = picking_side(state, player);
    match question {
        Question::Settlement => {
            let s = solver::settlement_class(state, Moves::All).expect(failed);
            convert(s.class, s.moves, |c| settled(state, player, c))
        }
        Question::Win => {
            let s = solver::reaches(state, 61, Moves::All).expect(failed);
            convert(s.value, s.moves, |made| if made == ours { 1.0 } else { -1.0 })
        }
        Question::Points => {
            let s = solver::solve(state, Moves::All).expect(failed);
            convert(s.value, s.moves, |p| f64::from(if ours { p } else { 120 - p }))
        }
    }
}

/// The answer for `player` at `state` itself (any seat to act, or the hand over).
fn value_at(state: &State, player: u8, question: Question) -> f64 {
    if !state.is_terminal() {
        return answers(state, player, question).0;
    }
    let r = f64::from(state.returns()[usize::from(player)]);
    match question {
        Question::Settlement => r,
        Question::Win => r.signum(),
        Question::Points if state.is_leaster() => r,
        Question::Points => {
            let p = state.picking_side_points().unwrap_or(0);
            f64::from(if picking_side(state, player) { p } else { 120 - p })
        }
    }
}

fn solved(world: &State, player: u8, lines: &[Vec<u8>], question: Question, out: &mut [f64]) {
    if world.current_player() == Some(player) && lines.iter().all(|l| l.len() == 1) {
        let (_, values) = answers(world, player, question);
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

impl Evaluator<State> for Solver {
    fn values(&self, world: &State, player: u8, lines: &[Vec<u8>], rng: &mut Rng, out: &mut [f64]) {
        if solver::Solver::supported(world).is_err() {
            // The solver catches up once the called ten's suit is led, or the under played.
            let rollouts: Rollouts<State, RolloutPolicy> =
                Rollouts::new(RolloutPolicy::Greedy, FALLBACK_ROLLOUTS);
            return rollouts.values(world, player, lines, rng, out);
        }
        solved(world, player, lines, self.0, out);
    }
    /// The solver values the card play only, of the games it models.
    fn check_state(&self, state: &State) -> Result<(), SearchError> {
        if state.phase() != Phase::Play {
            return Err(SearchError::Invalid {
                what: "evaluator",
                reason: format!(
                    "the exact solver values the card play, and the hand is in the {} phase (use rollouts)",
                    state.phase().name()
                ),
            });
        }
        solver::Solver::models_rules(state)
            .map_err(|e| SearchError::Invalid { what: "evaluator", reason: format!("{e} (use rollouts)") })
    }
}

impl NamedEvaluators for State {
    type Named = Named;
    const EVALUATORS: &'static [&'static str] = &["rollouts", "solver", "win", "points"];
    fn named_evaluator(name: &str, policy: RolloutPolicy, rollouts: u32) -> Option<Named> {
        match name {
            "rollouts" => Some(Named::Rollouts(Rollouts::new(policy, rollouts))),
            "solver" => Some(Named::Own(Solver(Question::Settlement))),
            "win" => Some(Named::Own(Solver(Question::Win))),
            "points" => Some(Named::Own(Solver(Question::Points))),
            _ => None,
        }
    }
}
