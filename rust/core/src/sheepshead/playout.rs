//! Whole hands played at random, one after another or spread over threads.

use super::rules::Rules;
use super::state::{Phase, State};
use crate::bits::{select128, select64};
use crate::rng::{derive_seed, Rng};

/// Plays `state` to the end choosing uniformly among the legal actions.
#[inline(always)]
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

/// Game `index` of a batch seeded with `seed`: a fresh deal (dealer 0) played at random to the end.
/// The result depends on `seed` and `index` only, never on the threads or the CPU.
#[inline]
pub fn random_hand(seed: u64, index: u64, rules: Rules) -> State {
    #[cfg(target_arch = "x86_64")]
    if crate::bits::has_fast_bit_ops() {
        // SAFETY: the CPU has every feature the kernel is compiled for, checked just above.
        return unsafe { random_hand_bmi2(seed, index, rules) };
    }
    random_hand_portable(seed, index, rules)
}

/// `random_hand_portable` compiled for CPUs with BMI2 and POPCNT: a generic x86-64 build counts bits in software.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
fn random_hand_bmi2(seed: u64, index: u64, rules: Rules) -> State {
    random_hand_portable(seed, index, rules)
}

/// The same hand as [`random_hand`], compiled for any CPU of the target (what runs without BMI2).
#[inline(always)]
pub fn random_hand_portable(seed: u64, index: u64, rules: Rules) -> State {
    let game_seed = derive_seed(seed, index);
    let mut state = State::new(game_seed, rules, 0, 1).expect("dealer 0 and multiplier 1 are valid");
    let mut rng = Rng::new(game_seed ^ 0x5DEE_CE66_D1CE_5EED);
    finish_randomly(&mut state, &mut rng);
    state
}

/// Plays `n` random hands on a pool of `threads` threads (`None`: rayon's default, one per core) and writes
/// `record(hand)` for each, `W` numbers per hand, into one flat vector. Hands are handed out in chunks so that
/// each thread fills its own stretch.
pub fn random_batch<const W: usize>(
    n: usize,
    seed: u64,
    rules: Rules,
    threads: Option<usize>,
    record: impl Fn(&State) -> [i32; W] + Sync,
) -> Vec<i32> {
    crate::parallel::batch(n, 1024, threads, |i| record(&random_hand(seed, i, rules)))
}

/// The returns of `n` random hands, 5 numbers per hand.
pub fn random_playouts(n: usize, seed: u64, rules: Rules, threads: Option<usize>) -> Vec<i32> {
    random_batch(n, seed, rules, threads, State::returns)
}

/// Finishes `state` at random `n` times (rollouts from one position): the returns of each, 5 numbers per
/// hand. Rollout `i` chooses with a generator seeded from `seed` and `i`, so the result does not depend on the
/// threads.
pub fn rollouts(state: &State, n: usize, seed: u64, threads: Option<usize>) -> Vec<i32> {
    crate::parallel::batch(n, 256, threads, |i| {
        let mut s = *state;
        finish_randomly(&mut s, &mut Rng::new(derive_seed(seed, i)));
        s.returns()
    })
}

/// The columns of [`summary`].
pub const SUMMARY_COLUMNS: [&str; 11] = [
    "return_0",
    "return_1",
    "return_2",
    "return_3",
    "return_4",
    "picker",
    "partner",
    "called",
    "picking_side_points",
    "picking_side_tricks",
    "leaster",
];

/// What happened in a finished hand, as numbers: the returns, the picker, the partner and the called card's
/// index (-1 when there is none), the picking side's points (R26) and tricks (-1 without a picker), and 1 for a
/// leaster. A doubler has picker -1 and leaster 0.
pub fn summary(s: &State) -> [i32; SUMMARY_COLUMNS.len()] {
    let r = s.returns();
    let or_none = |x: Option<u8>| x.map_or(-1, i32::from);
    let side_tricks = s.picker().map_or(-1, |p| {
        let t = s.tricks_won();
        i32::from(t[p as usize]) + s.secret_partner().map_or(0, |q| i32::from(t[q as usize]))
    });
    [
        r[0],
        r[1],
        r[2],
        r[3],
        r[4],
        or_none(s.picker()),
        or_none(s.secret_partner()),
        or_none(s.called_card().map(|c| c.index())),
        s.picking_side_points().map_or(-1, |p| p as i32),
        side_tricks,
        i32::from(s.is_leaster()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheepshead::state::NUM_PLAYERS;

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

    #[test]
    fn the_cpu_specific_kernel_plays_the_same_hands() {
        for i in 0..500 {
            assert_eq!(random_hand(3, i, Rules::default()), random_hand_portable(3, i, Rules::default()));
        }
    }

    #[test]
    fn summaries_agree_with_the_returns() {
        let rules = Rules::default();
        let returns = random_playouts(2000, 4, rules, None);
        let summaries = random_batch(2000, 4, rules, None, summary);
        for (r, s) in returns.chunks(5).zip(summaries.chunks(SUMMARY_COLUMNS.len())) {
            assert_eq!(r, &s[..5]);
            let (picker, leaster) = (s[5], s[10]);
            assert!(picker >= 0 || leaster == 1);
            if picker >= 0 {
                assert!((0..=120).contains(&s[8]) && (0..=6).contains(&s[9]));
                assert_eq!(r[picker as usize] > 0, s[8] > 60, "the picking side wins with 61 or more");
            }
        }
    }
}
