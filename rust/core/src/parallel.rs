//! Running batches on rayon threads.

use rayon::prelude::*;

/// Fills a vector with `W` numbers for each of games `0..n`, `game(i)` computing game `i`'s, on `threads`
/// threads (`None`: rayon's default, one per core). Games are handed out in chunks so that each thread fills
/// its own stretch; the result does not depend on the threads.
pub fn batch<const W: usize>(
    n: usize,
    chunk: usize,
    threads: Option<usize>,
    game: impl Fn(u64) -> [i32; W] + Sync,
) -> Vec<i32> {
    let mut out = vec![0; n * W];
    let fill = |out: &mut [i32]| {
        out.par_chunks_mut(chunk * W).enumerate().for_each(|(c, games)| {
            for (i, record) in games.chunks_exact_mut(W).enumerate() {
                record.copy_from_slice(&game((c * chunk + i) as u64));
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
