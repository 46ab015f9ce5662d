//! Whole hands played at random, one after another or spread over threads.

use super::rules::Rules;
use super::state::{Phase, State, NUM_PLAYERS};
use crate::bits::{select128, select64};
use crate::rng::{derive_seed, Rng};
use rayon::prelude::*;

/// Plays `state` to the end choosing uniformly among the legal actions.
#[inline]
pub fn finish_randomly(state: &mut State, rng: &mut Rng) {
    while !state.is_terminal() {
        let action = if state.phase() == Phase::Play {
            let cards = state.playable().0;
            let k = rng.below(u64::from(cards.count_ones())) as u32;
            super::actions::PLAY + select64(u64::from(cards), k) as u8
        } else {
            let mask = state.legal_mask();
            select128(mask, rng.below(u64::from(mask.count_ones())) as u32) as u8
        };
        state.apply_unchecked(action);
    }
}

/// The returns of game `index` of a batch seeded with `seed`: a fresh deal (dealer 0) played at random.
/// The result depends on `seed` and `index` only, never on the threads.
pub fn random_hand(seed: u64, index: u64, rules: Rules) -> [i32; NUM_PLAYERS] {
    let game_seed = derive_seed(seed, index);
    let mut state = State::new(game_seed, rules, 0, 1).expect("dealer 0 and multiplier 1 are valid");
    let mut rng = Rng::new(game_seed ^ 0x5DEE_CE66_D1CE_5EED);
    finish_randomly(&mut state, &mut rng);
    state.returns()
}

/// Fills `out` (5 entries per game) with the returns of `out.len() / 5` random hands, on the current rayon
/// pool. Games are handed out in chunks so that each thread works on its own stretch of `out`.
pub fn random_playouts_into(out: &mut [i32], seed: u64, rules: Rules) {
    const CHUNK: usize = 1024;
    out.par_chunks_mut(CHUNK * NUM_PLAYERS).enumerate().for_each(|(chunk, games)| {
        for (i, game) in games.chunks_exact_mut(NUM_PLAYERS).enumerate() {
            game.copy_from_slice(&random_hand(seed, (chunk * CHUNK + i) as u64, rules));
        }
    });
}

/// `random_playouts_into` on a pool of `threads` threads (`None`: rayon's default, one per core).
pub fn random_playouts(n: usize, seed: u64, rules: Rules, threads: Option<usize>) -> Vec<i32> {
    let mut out = vec![0; n * NUM_PLAYERS];
    match threads {
        None => random_playouts_into(&mut out, seed, rules),
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .expect("a thread pool can be built")
            .install(|| random_playouts_into(&mut out, seed, rules)),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_do_not_depend_on_the_threads_and_are_zero_sum() {
        let rules = Rules::default();
        let one = random_playouts(3000, 9, rules, Some(1));
        let two = random_playouts(3000, 9, rules, Some(2));
        assert_eq!(one, two);
        for game in one.chunks(NUM_PLAYERS) {
            assert_eq!(game.iter().sum::<i32>(), 0);
            assert!(game.iter().any(|&x| x != 0));
        }
    }
}
