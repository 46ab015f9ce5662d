//! Batches of whole games and of rollouts, for any [`Game`], on rayon threads; one kernel, compiled twice on
//! x86-64 (with BMI2 and POPCNT, chosen at run time, and for any CPU).

use crate::game::{Game, Summary};
use crate::parallel::BatchError;
use crate::policy::{Policy, Random};
use crate::rng::{derive_seed, Rng};

/// The generator that plays game `index` of a batch seeded with `seed`, from the game's own seed.
const PLAY_STREAM: u64 = 0x5DEE_CE66_D1CE_5EED;

/// Game `index` of a batch seeded with `seed`: [`Game::deal`] from `derive_seed(seed, index)`, played to the
/// end uniformly at random. The result depends on `seed`, `index` and `rules` only, never on the threads or
/// the CPU.
#[inline]
pub fn random_game<G: Game>(seed: u64, index: u64, rules: G::Rules) -> G {
    let (mut state, mut rng) = batch_game::<G>(seed, index, rules);
    finish(&mut state, &Random, &mut rng);
    state
}

/// `look(game)` of [`random_game`]'s game, which stays where it was played (a game's state is large: a batch
/// does not copy it out to read its result).
#[inline(always)]
fn with_random_game<G: Game, R>(seed: u64, index: u64, rules: G::Rules, look: impl FnOnce(&G) -> R) -> R {
    let game_seed = derive_seed(seed, index);
    let mut state = G::deal(game_seed, rules);
    let mut rng = Rng::new(game_seed ^ PLAY_STREAM);
    finish(&mut state, &Random, &mut rng);
    look(&state)
}

/// Game `index` of a batch as dealt, and the generator that plays it.
#[inline(always)]
fn batch_game<G: Game>(seed: u64, index: u64, rules: G::Rules) -> (G, Rng) {
    let game_seed = derive_seed(seed, index);
    (G::deal(game_seed, rules), Rng::new(game_seed ^ PLAY_STREAM))
}

/// Plays `state` to the end with `policy`, in the kernel compiled for the CPU.
#[inline]
pub fn finish<G: Game, P: Policy<G>>(state: &mut G, policy: &P, rng: &mut Rng) {
    #[cfg(target_arch = "x86_64")]
    if crate::bits::has_fast_bit_ops() {
        // SAFETY: the CPU has every feature the kernel is compiled for, checked just above.
        return unsafe { finish_bmi2(state, policy, rng) };
    }
    policy.finish(state, rng)
}

/// [`Policy::finish`] compiled for CPUs with BMI2 and POPCNT: a generic x86-64 build counts bits in software
/// and picks the k-th set bit with a loop.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
fn finish_bmi2<G: Game, P: Policy<G>>(state: &mut G, policy: &P, rng: &mut Rng) {
    policy.finish(state, rng)
}

/// The same game as [`random_game`], played by the portable kernel (for tests of the CPU-specific one).
pub fn random_game_portable<G: Game>(seed: u64, index: u64, rules: G::Rules) -> G {
    let (mut state, mut rng) = batch_game::<G>(seed, index, rules);
    Random.finish(&mut state, &mut rng);
    state
}

/// Plays `n` random games and writes `record(game, row)` for each into one flat vector of `width` numbers a
/// game, on `threads` threads (`None`: one per core).
pub fn random_batch<G: Game>(
    n: usize,
    seed: u64,
    rules: G::Rules,
    threads: Option<usize>,
    width: usize,
    record: impl Fn(&G, &mut [i32]) + Sync,
) -> Result<Vec<i32>, BatchError> {
    crate::parallel::batch(n, width, threads, |i, row| {
        with_random_game::<G, ()>(seed, i, rules, |g| record(g, row))
    })
}

/// The returns of `n` random games, `G::seats(&rules)` numbers a game.
pub fn random_playouts<G: Game>(
    n: usize,
    seed: u64,
    rules: G::Rules,
    threads: Option<usize>,
) -> Result<Vec<i32>, BatchError> {
    random_batch::<G>(n, seed, rules, threads, G::seats(&rules), write_returns)
}

/// The summaries of `n` random games, `G::summary_columns(&rules).len()` numbers a game.
pub fn random_summaries<G: Summary>(
    n: usize,
    seed: u64,
    rules: G::Rules,
    threads: Option<usize>,
) -> Result<Vec<i32>, BatchError> {
    random_batch::<G>(n, seed, rules, threads, G::summary_columns(&rules).len(), G::summary)
}

/// A game's returns written into a row.
#[inline]
pub fn write_returns<G: Game>(state: &G, row: &mut [i32]) {
    row.copy_from_slice(state.returns());
}

/// Finishes `state` `n` times with `policy` (rollouts from one position) and writes `record(rollout, row)`
/// for each, `width` numbers a rollout. Rollout `i` chooses with a generator seeded from `seed` and `i`, so
/// the result does not depend on the threads.
pub fn rollouts<G: Game, P: Policy<G>>(
    state: &G,
    n: usize,
    seed: u64,
    policy: &P,
    threads: Option<usize>,
    width: usize,
    record: impl Fn(&G, &mut [i32]) + Sync,
) -> Result<Vec<i32>, BatchError> {
    crate::parallel::batch(n, width, threads, |i, row| {
        let mut s = state.clone();
        finish(&mut s, policy, &mut Rng::new(derive_seed(seed, i)));
        record(&s, row)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{sheepshead, tractor};

    fn threads_do_not_matter<G: Summary>(n: usize) {
        let rules = G::Rules::default();
        let one = random_playouts::<G>(n, 9, rules, Some(1)).unwrap();
        assert_eq!(one, random_playouts::<G>(n, 9, rules, Some(2)).unwrap());
        let players = G::seats(&rules);
        for game in one.chunks(players) {
            assert_eq!(game.iter().sum::<i32>(), 0);
            assert!(game.iter().any(|&x| x != 0));
        }
        let summaries = random_summaries::<G>(n, 9, rules, None).unwrap();
        for (r, s) in one.chunks(players).zip(summaries.chunks(G::summary_columns(&rules).len())) {
            assert_eq!(r, &s[..players], "a summary starts with the returns");
        }
    }

    fn kernels_agree<G: Game + std::fmt::Debug>(n: u64) {
        for i in 0..n {
            let rules = G::Rules::default();
            assert_eq!(random_game::<G>(3, i, rules), random_game_portable::<G>(3, i, rules));
        }
    }

    #[test]
    fn results_do_not_depend_on_the_threads_and_are_zero_sum() {
        threads_do_not_matter::<sheepshead::State>(3000);
        threads_do_not_matter::<tractor::round::State>(600);
    }

    #[test]
    fn the_cpu_specific_kernel_plays_the_same_games() {
        kernels_agree::<sheepshead::State>(500);
        kernels_agree::<tractor::round::State>(100);
    }

    #[test]
    fn rollouts_depend_on_the_seed_only() {
        let state = tractor::round::State::deal(5, tractor::rules::Rules::default());
        for policy in [tractor::greedy::RolloutPolicy::Random, tractor::greedy::RolloutPolicy::Greedy] {
            let a = rollouts(&state, 300, 2, &policy, Some(1), 4, write_returns).unwrap();
            assert_eq!(a, rollouts(&state, 300, 2, &policy, Some(2), 4, write_returns).unwrap());
            assert_ne!(a, rollouts(&state, 300, 3, &policy, Some(2), 4, write_returns).unwrap());
        }
    }

    #[test]
    fn summaries_of_sheepshead_agree_with_the_returns() {
        let summaries = random_summaries::<sheepshead::State>(2000, 4, Default::default(), None).unwrap();
        for s in summaries.chunks(sheepshead::scoring::SUMMARY_COLUMNS.len()) {
            let (picker, leaster) = (s[5], s[10]);
            assert!(picker >= 0 || leaster == 1);
            if picker >= 0 {
                assert!((0..=120).contains(&s[8]) && (0..=6).contains(&s[9]));
                assert_eq!(s[picker as usize] > 0, s[8] > 60, "the picking side wins with 61 or more");
            }
        }
    }
}
