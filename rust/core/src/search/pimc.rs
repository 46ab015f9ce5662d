//! Perfect-information Monte Carlo: each candidate line of the player to act is valued in worlds sampled from
//! what that player knows ([`Information::resample`]), every candidate in the same worlds with the same
//! rollout seeds (common random numbers), and the values averaged over the worlds.
//!
//! World `k` is `state.resample(player, Rng::new(derive_seed(seed, k)))` and is evaluated with
//! `Rng::new(derive_seed(seed ^ EVAL_STREAM, k))`; the values are kept world by world and reduced in world
//! order, so the result is the same on any number of threads.

use super::{check_size, check_threads, check_to_act, SearchError};
use crate::game::{Game, Information};
use crate::parallel::{on_threads, BatchError};
use crate::playout::finish;
use crate::policy::Policy;
use crate::rng::{derive_seed, Rng};
use rayon::prelude::*;

/// The most worlds a search may sample.
pub const MAX_WORLDS: usize = 1_000_000;
/// The most candidate lines a search may value.
pub const MAX_CANDIDATES: usize = 4096;
/// The most actions in one candidate line (a Tractor play of 25 cards and its `finish` is 26).
pub const MAX_LINE: usize = 256;
/// The most rollouts a [`Rollouts`] evaluator may play for each line in each world.
pub const MAX_ROLLOUTS: u32 = 100_000;
/// The most evaluations a search may ask for: worlds × candidates × [`Evaluator::work`] (for rollouts, about
/// twenty minutes of Sheepshead on one core), which also bounds the per-world values matrix.
pub const MAX_WORK: u64 = 1 << 30;

/// The generator that evaluates world `k` is seeded from `derive_seed(seed ^ EVAL_STREAM, k)`.
pub(super) const EVAL_STREAM: u64 = 0xE7A1_0A7E_5EED_0001;

/// How a candidate line is valued in one world.
pub trait Evaluator<G: Game>: Sync {
    /// The value for `player` of playing each candidate line in `world` (a full state `player` cannot tell
    /// from the real one), its actions applied in order from `world`: `out[i]` for `lines[i]`. Each line is
    /// legal in `world`. May use `rng`; the same line in the same world with the same generator must give the
    /// same value.
    fn values(&self, world: &G, player: u8, lines: &[Vec<u8>], rng: &mut Rng, out: &mut [f64]);

    /// The cost of valuing one line in one world, in rollouts (for the bound [`MAX_WORK`]).
    fn work(&self) -> u64 {
        1
    }

    /// Whether the evaluator's own settings are acceptable (checked before any work).
    fn check(&self) -> Result<(), SearchError> {
        Ok(())
    }

    /// Whether the evaluator can value the lines of `state`'s decision (an exact solver needs the card play,
    /// say); checked before any work.
    fn check_state(&self, _state: &G) -> Result<(), SearchError> {
        Ok(())
    }
}

/// Values a line by `rollouts` rollouts with `policy` after it, scoring each finished game with `score`.
/// The rollouts of every line use the same seeds (drawn once from the world's generator).
pub struct Rollouts<G, P> {
    pub policy: P,
    /// Rollouts for each line in each world, in `1..=`[`MAX_ROLLOUTS`].
    pub rollouts: u32,
    /// The value of a finished game for a player; [`Rollouts::new`] takes the player's return.
    pub score: fn(&G, u8) -> f64,
}

/// A finished game's return for `player`, the default score.
pub fn return_of<G: Game>(state: &G, player: u8) -> f64 {
    f64::from(state.returns()[usize::from(player)])
}

impl<G: Game, P> Rollouts<G, P> {
    /// `rollouts` rollouts with `policy`, scored by the player's return.
    pub fn new(policy: P, rollouts: u32) -> Self {
        Rollouts { policy, rollouts, score: return_of::<G> }
    }
}

impl<G: Game, P: Policy<G>> Evaluator<G> for Rollouts<G, P> {
    fn values(&self, world: &G, player: u8, lines: &[Vec<u8>], rng: &mut Rng, out: &mut [f64]) {
        let base = rng.next_u64();
        let mut after = world.clone();
        let mut game = world.clone();
        for (line, value) in lines.iter().zip(out.iter_mut()) {
            after.clone_from(world);
            for &action in line {
                debug_assert!(
                    after.is_legal(u32::from(action)),
                    "a line legal in the state is legal in its worlds"
                );
                after.apply_unchecked(action);
            }
            let mut total = 0.0;
            for r in 0..self.rollouts {
                game.clone_from(&after);
                finish(&mut game, &self.policy, &mut Rng::new(derive_seed(base, u64::from(r))));
                total += (self.score)(&game, player);
            }
            *value = total / f64::from(self.rollouts);
        }
    }

    fn work(&self) -> u64 {
        u64::from(self.rollouts)
    }

    fn check(&self) -> Result<(), SearchError> {
        check_size("rollouts", u64::from(self.rollouts), u64::from(MAX_ROLLOUTS))
    }
}

/// What a PIMC search found: for each candidate line, the mean of its values over the worlds and the standard
/// error of that mean.
#[derive(Clone, Debug, PartialEq)]
pub struct PimcResult {
    /// The candidate lines, in the order given (or each legal action alone, in increasing order).
    pub lines: Vec<Vec<u8>>,
    /// The mean value of each line over the worlds.
    pub mean: Vec<f64>,
    /// The standard error of each mean (the sample standard deviation over the worlds / √worlds; 0 for one
    /// world).
    pub stderr: Vec<f64>,
    /// Worlds sampled.
    pub worlds: usize,
    /// The value of line `i` in world `k` at `values[k * lines.len() + i]`.
    pub values: Vec<f64>,
}

impl PimcResult {
    /// The index of the line with the highest mean (ties: the first), `None` if there are none.
    pub fn best(&self) -> Option<usize> {
        let mut best: Option<usize> = None;
        for (i, &m) in self.mean.iter().enumerate() {
            if best.is_none_or(|b| m > self.mean[b]) {
                best = Some(i);
            }
        }
        best
    }

    /// The line with the highest mean (ties: the first).
    pub fn best_line(&self) -> Option<&[u8]> {
        self.best().map(|i| self.lines[i].as_slice())
    }
}

/// Values each candidate line of `player` (the seat to act in `state`) in `worlds` worlds sampled from what
/// it knows, with `evaluator`. `candidates = None` takes each legal action alone. A line is a sequence of
/// actions of `player` applied in order; each must be legal in `state` (and so, depending only on the
/// player's own cards, in every world). `threads = None` uses rayon's pool; the result is the same on any.
///
/// Refused: a finished game, a player not to act, zero or more than [`MAX_WORLDS`] worlds, no candidates or
/// more than [`MAX_CANDIDATES`], an empty line or one longer than [`MAX_LINE`], an illegal line, more than
/// [`MAX_WORK`] evaluations in all, a bad thread count; a world that cannot be sampled is an error too.
pub fn pimc<G: Game + Information, E: Evaluator<G>>(
    state: &G,
    player: u8,
    worlds: usize,
    evaluator: &E,
    candidates: Option<&[Vec<u8>]>,
    seed: u64,
    threads: Option<usize>,
) -> Result<PimcResult, SearchError> {
    check_to_act(state, player)?;
    check_size("worlds", worlds as u64, MAX_WORLDS as u64)?;
    check_threads(threads)?;
    evaluator.check()?;
    evaluator.check_state(state)?;
    let lines: Vec<Vec<u8>> = match candidates {
        Some(lines) => {
            check_size("candidate lines", lines.len() as u64, MAX_CANDIDATES as u64)?;
            for (index, line) in lines.iter().enumerate() {
                check_line(state, player, index, line)?;
            }
            lines.to_vec()
        }
        None => state.legal_actions().map(|a| vec![a]).collect(),
    };
    let n = lines.len();
    let work = (worlds as u64).saturating_mul(n as u64).saturating_mul(evaluator.work().max(1));
    if work > MAX_WORK {
        return Err(SearchError::TooLarge {
            what: "evaluations (worlds × lines × rollouts)",
            value: work,
            max: MAX_WORK,
        });
    }
    let cells = worlds * n; // at most MAX_WORK
    let mut values = Vec::new();
    values
        .try_reserve_exact(cells)
        .map_err(|_| BatchError::OutOfMemory { bytes: cells.saturating_mul(8) })?;
    values.resize(cells, 0.0);
    let first_failure = on_threads(threads, || {
        values
            .par_chunks_mut(n)
            .enumerate()
            .filter_map(|(k, row)| {
                let k = k as u64;
                let world = match state.resample(player, &mut Rng::new(derive_seed(seed, k))) {
                    Ok(world) => world,
                    Err(error) => return Some((k, error)),
                };
                evaluator.values(
                    &world,
                    player,
                    &lines,
                    &mut Rng::new(derive_seed(seed ^ EVAL_STREAM, k)),
                    row,
                );
                None
            })
            .min_by_key(|(k, _)| *k)
    })?;
    if let Some((world, error)) = first_failure {
        return Err(SearchError::Resample { world, error });
    }
    let (mean, stderr) = mean_and_stderr(&values, n, worlds);
    Ok(PimcResult { lines, mean, stderr, worlds, values })
}

/// Each action of `line` is `player`'s and legal in turn from `state`.
fn check_line<G: Game>(state: &G, player: u8, index: usize, line: &[u8]) -> Result<(), SearchError> {
    let illegal = |reason: String| Err(SearchError::IllegalLine { index, reason });
    if line.is_empty() {
        return illegal("a line needs at least one action".into());
    }
    if line.len() > MAX_LINE {
        return illegal(format!("{} actions is more than a line may have ({MAX_LINE})", line.len()));
    }
    let mut s = state.clone();
    for (step, &action) in line.iter().enumerate() {
        match s.current_player() {
            Some(p) if p == player => {}
            Some(p) => return illegal(format!("action {step} would be player {p}'s, not player {player}'s")),
            None => return illegal(format!("the game is over before action {step}")),
        }
        if let Err(e) = s.apply(u32::from(action)) {
            return illegal(format!("action {step}: {e}"));
        }
    }
    Ok(())
}

/// The mean over the worlds of each column of a `worlds × n` matrix and the standard error of each, summed
/// in world order.
fn mean_and_stderr(values: &[f64], n: usize, worlds: usize) -> (Vec<f64>, Vec<f64>) {
    let w = worlds as f64;
    let mut mean = vec![0.0; n];
    for row in values.chunks_exact(n) {
        for (m, v) in mean.iter_mut().zip(row) {
            *m += v;
        }
    }
    mean.iter_mut().for_each(|m| *m /= w);
    let mut stderr = vec![0.0; n];
    if worlds > 1 {
        for row in values.chunks_exact(n) {
            for ((s, v), m) in stderr.iter_mut().zip(row).zip(&mean) {
                *s += (v - m) * (v - m);
            }
        }
        stderr.iter_mut().for_each(|s| *s = (*s / (w - 1.0) / w).sqrt());
    }
    (mean, stderr)
}
