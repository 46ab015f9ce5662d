//! What PIMC asks of a sampled Tractor round ([`crate::search::NamedEvaluators`]): rollouts scored by the
//! return or by the card points of the player's team, or the exact solver of the last tricks.

use super::greedy::RolloutPolicy;
use super::round::{team, State};
use super::scoring::{declarer_return, level_outcome};
use super::solver;
use crate::game::Game;
use crate::policy::Policy;
use crate::rng::Rng;
use crate::search::{self, Evaluator, NamedEvaluators, Rollouts, SearchError};

/// The most cards a hand may hold for the `"solver"` evaluator: the last tricks (4 cards a hand solve in
/// about 3 ms, 5 in 15, 6 in 200).
pub const SOLVER_CARDS: u32 = 4;

/// The most nodes the `"solver"` evaluator searches per line and world (a fraction of a second; 4 cards a
/// hand need under 10,000): a position beyond it is valued by one rollout of the policy instead.
pub const SOLVER_NODES: u64 = 200_000;

/// +1 for a seat of the declaring team, −1 for an opponent of it.
fn declarer_sign(state: &State, player: u8) -> f64 {
    if Some(team(player)) == state.declarers() {
        1.0
    } else {
        -1.0
    }
}

/// `player`'s return from a round whose final P is `points` (R43, as the engine settles it).
pub fn return_at(state: &State, player: u8, points: i32) -> f64 {
    declarer_sign(state, player) * f64::from(declarer_return(level_outcome(points, &state.rules())))
}

/// A finished round's worth to `player` in card points: P (R40–R42) for the opponents of the declarers,
/// -P for the declarers. The levels follow P (R43), and P is a far finer signal than whole levels.
pub fn points_of(state: &State, player: u8) -> f64 {
    -declarer_sign(state, player) * f64::from(state.points())
}

/// The return under perfect play of both teams from a line on ([`solver::solve`]), as a PIMC evaluator (the
/// last tricks only); a position too large for [`SOLVER_NODES`] is finished once by the policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solver(pub RolloutPolicy);

/// Tractor's PIMC evaluators: rollouts valued by the player's return (`"rollouts"`) or its team's points
/// (`"points"`), or the solver.
pub type Named = search::Named<State, RolloutPolicy, Solver>;

fn solved(
    world: &State,
    player: u8,
    lines: &[Vec<u8>],
    policy: RolloutPolicy,
    rng: &mut Rng,
    out: &mut [f64],
) {
    let mut after = world.clone();
    for (line, value) in lines.iter().zip(out.iter_mut()) {
        after.clone_from(world);
        for &action in line {
            after.apply_unchecked(action);
        }
        *value = if after.is_terminal() {
            f64::from(after.returns()[usize::from(player)])
        } else {
            match solver::solve_with_limit(&after, SOLVER_NODES) {
                Ok(solution) => return_at(&after, player, solution.value),
                Err(_) => {
                    policy.finish(&mut after, rng);
                    f64::from(after.returns()[usize::from(player)])
                }
            }
        };
    }
}

impl Evaluator<State> for Solver {
    fn values(&self, world: &State, player: u8, lines: &[Vec<u8>], rng: &mut Rng, out: &mut [f64]) {
        solved(world, player, lines, self.0, rng, out);
    }
    /// The solver values the last tricks of the card play only.
    fn check_state(&self, state: &State) -> Result<(), SearchError> {
        let most = (0..4).map(|s| state.hand(s).len()).max().unwrap_or(0);
        if state.phase() != super::round::Phase::Play || most > SOLVER_CARDS {
            return Err(SearchError::Invalid {
                what: "evaluator",
                reason: format!(
                    "the exact solver values the last tricks of the card play (at most {SOLVER_CARDS} cards a \
                     hand), and this round is in the {} phase with up to {most} cards a hand (use points or \
                     rollouts)",
                    state.phase().name()
                ),
            });
        }
        Ok(())
    }
}

impl NamedEvaluators for State {
    type Named = Named;
    const EVALUATORS: &'static [&'static str] = &["rollouts", "points", "solver"];
    fn named_evaluator(name: &str, policy: RolloutPolicy, rollouts: u32) -> Option<Named> {
        match name {
            "rollouts" => Some(Named::Rollouts(Rollouts::new(policy, rollouts))),
            "points" => Some(Named::Rollouts(Rollouts { policy, rollouts, score: points_of })),
            "solver" => Some(Named::Own(Solver(policy))),
            _ => None,
        }
    }
}
