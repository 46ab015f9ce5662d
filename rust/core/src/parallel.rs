//! Running batches on rayon threads.

use rayon::prelude::*;

/// Games handed to a thread at a time: enough to make the hand-out cost nothing, few enough to balance.
const CHUNK: usize = 256;

/// Fills a vector with `width` numbers for each of games `0..n`, `game(i, row)` writing game `i`'s into its
/// row, on `threads` threads (`None`: rayon's default, one per core). Each thread fills its own stretch; the
/// result does not depend on the threads.
pub fn batch(
    n: usize,
    width: usize,
    threads: Option<usize>,
    game: impl Fn(u64, &mut [i32]) + Sync,
) -> Vec<i32> {
    let mut out = vec![0; n * width];
    if width == 0 {
        return out;
    }
    let fill = |out: &mut [i32]| {
        out.par_chunks_mut(CHUNK * width).enumerate().for_each(|(c, games)| {
            for (i, row) in games.chunks_exact_mut(width).enumerate() {
                game((c * CHUNK + i) as u64, row);
            }
        })
    };
    on_threads(threads, || fill(&mut out));
    out
}

/// Runs `work` on rayon's global pool (`None`) or on a pool of `threads` threads.
pub fn on_threads(threads: Option<usize>, work: impl FnOnce() + Send) {
    match threads {
        None => work(),
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .expect("a thread pool can be built")
            .install(work),
    }
}
