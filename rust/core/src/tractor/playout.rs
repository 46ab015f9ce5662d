//! Whole rounds played at random: one after another or spread over threads.

use super::round::{State, NUM_PLAYERS};
use super::rules::Rules;
use crate::bits::select128;
use crate::rng::{derive_seed, Rng};

/// Plays `state` to the end choosing uniformly among the legal actions.
#[inline(always)]
pub fn finish_randomly(state: &mut State, rng: &mut Rng) {
    while !state.is_terminal() {
        let action = random_action(state, rng);
        state.apply_unchecked(action);
    }
}

/// A legal action of the player to move, uniformly (the round must not be over).
#[inline(always)]
pub fn random_action(state: &State, rng: &mut Rng) -> u8 {
    let mask = state.legal_mask();
    select128(mask, rng.below(u64::from(mask.count_ones())) as u32) as u8
}

/// Round `index` of a batch seeded with `seed`: a round 1 (levels 2, declarers from the draw) played at random.
/// The result depends on `seed` and `index` only, never on the threads or the CPU.
pub fn random_round(seed: u64, index: u64, rules: Rules) -> State {
    #[cfg(target_arch = "x86_64")]
    if crate::bits::has_fast_bit_ops() {
        // SAFETY: the CPU has every feature the kernel is compiled for, checked just above.
        return unsafe { random_round_bmi2(seed, index, rules) };
    }
    random_round_portable(seed, index, rules)
}

/// `random_round_portable` compiled for CPUs with BMI2 and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
fn random_round_bmi2(seed: u64, index: u64, rules: Rules) -> State {
    random_round_portable(seed, index, rules)
}

/// The same round as [`random_round`], compiled for any CPU of the target.
#[inline(always)]
pub fn random_round_portable(seed: u64, index: u64, rules: Rules) -> State {
    let round_seed = derive_seed(seed, index);
    let mut state = State::new(round_seed, rules, [2, 2], None, None).expect("round 1 at level 2 is valid");
    let mut rng = Rng::new(round_seed ^ 0x5DEE_CE66_D1CE_5EED);
    finish_randomly(&mut state, &mut rng);
    state
}

/// The returns of `n` random rounds, 4 numbers per round, on `threads` threads (`None`: one per core); the
/// result depends on the seed only.
pub fn random_playouts(n: usize, seed: u64, rules: Rules, threads: Option<usize>) -> Vec<i32> {
    random_batch(n, seed, rules, threads, |s| s.returns())
}

/// Plays `n` random rounds and writes `record(round)`, `W` numbers per round, into one flat vector.
pub fn random_batch<const W: usize>(
    n: usize,
    seed: u64,
    rules: Rules,
    threads: Option<usize>,
    record: impl Fn(&State) -> [i32; W] + Sync,
) -> Vec<i32> {
    crate::parallel::batch(n, 256, threads, |i| record(&random_round(seed, i, rules)))
}

/// How a rollout chooses its actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    /// Uniformly among the legal actions.
    Random,
    /// The rules of thumb of [`super::greedy`].
    Greedy,
}

impl Policy {
    pub fn parse(name: &str) -> Option<Policy> {
        match name {
            "random" => Some(Policy::Random),
            "greedy" => Some(Policy::Greedy),
            _ => None,
        }
    }

    /// Plays `state` to the end with this policy.
    pub fn finish(self, state: &mut State, rng: &mut Rng) {
        match self {
            Policy::Random => finish_randomly(state, rng),
            Policy::Greedy => super::greedy::finish_greedily(state, rng),
        }
    }
}

/// Finishes `state` `n` times (rollouts from one position) with `policy`: the returns of each, 4 numbers per
/// round. Rollout `i` chooses with a generator seeded from `seed` and `i`, so the result does not depend on the
/// threads.
pub fn rollouts(state: &State, n: usize, seed: u64, policy: Policy, threads: Option<usize>) -> Vec<i32> {
    rollouts_with(state, n, seed, policy, threads, |s| s.returns())
}

/// Finishes `state` `n` times as [`rollouts`] does, and writes `record(round)`, `W` numbers per rollout, into
/// one flat vector.
pub fn rollouts_with<const W: usize>(
    state: &State,
    n: usize,
    seed: u64,
    policy: Policy,
    threads: Option<usize>,
    record: impl Fn(&State) -> [i32; W] + Sync,
) -> Vec<i32> {
    crate::parallel::batch(n, 256, threads, |i| {
        let mut s = state.clone();
        policy.finish(&mut s, &mut Rng::new(derive_seed(seed, i)));
        record(&s)
    })
}

/// The columns of [`summary`].
pub const SUMMARY_COLUMNS: [&str; 10] = [
    "return_0",
    "return_1",
    "return_2",
    "return_3",
    "declarers",
    "starter",
    "points",
    "failed_throws",
    "deals",
    "no_trump",
];

/// What happened in a finished round, as numbers: the returns, the declaring team, the starter, the opponents'
/// points P, the failed throws, how many deals it took (R19), and 1 for a no-trump round.
pub fn summary(s: &State) -> [i32; SUMMARY_COLUMNS.len()] {
    let r = s.returns();
    let no_trump = s.trump().is_some_and(|t| t.rank().is_none());
    [
        r[0],
        r[1],
        r[2],
        r[3],
        s.declarers().map_or(-1, i32::from),
        s.starter().map_or(-1, i32::from),
        s.reported_points(),
        i32::from(s.failed_throws()),
        i32::from(s.deals()),
        i32::from(no_trump),
    ]
}

const _: () = assert!(NUM_PLAYERS == 4);
