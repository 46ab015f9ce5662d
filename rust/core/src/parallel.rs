//! Running batches on rayon threads.

use rayon::prelude::*;
use std::fmt;

/// Games handed to a thread at a time: enough to make the hand-out cost nothing, few enough to balance.
const CHUNK: usize = 256;

/// The most threads a batch may ask for: 4 for each core this process may run on. More only adds the cost of
/// starting them (10,000 threads took over a minute for 10 games).
pub fn max_threads() -> usize {
    4 * std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Why a batch could not run: the machine refused the memory of its result, or its threads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchError {
    /// The result's `bytes` could not be allocated.
    OutOfMemory { bytes: usize },
    /// The thread pool could not be built (the reason as the system gave it).
    Threads(String),
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::OutOfMemory { bytes } => {
                write!(f, "a batch result of {bytes} bytes could not be allocated")
            }
            BatchError::Threads(why) => write!(f, "the batch's threads could not be started: {why}"),
        }
    }
}

impl std::error::Error for BatchError {}

/// Fills a vector with `width` numbers for each of games `0..n`, `game(i, row)` writing game `i`'s into its
/// row, on `threads` threads (`None`: rayon's default, one per core). Each thread fills its own stretch; the
/// result does not depend on the threads. The vector is allocated fallibly: a size the machine cannot hold is
/// an error, never an abort.
pub fn batch(
    n: usize,
    width: usize,
    threads: Option<usize>,
    game: impl Fn(u64, &mut [i32]) + Sync,
) -> Result<Vec<i32>, BatchError> {
    let len = n.checked_mul(width).ok_or(BatchError::OutOfMemory { bytes: usize::MAX })?;
    let mut out = Vec::new();
    out.try_reserve_exact(len).map_err(|_| BatchError::OutOfMemory { bytes: len.saturating_mul(4) })?;
    out.resize(len, 0);
    if width == 0 {
        return Ok(out);
    }
    let fill = |out: &mut [i32]| {
        out.par_chunks_mut(CHUNK * width).enumerate().for_each(|(c, games)| {
            for (i, row) in games.chunks_exact_mut(width).enumerate() {
                game((c * CHUNK + i) as u64, row);
            }
        })
    };
    on_threads(threads, || fill(&mut out))?;
    Ok(out)
}

/// Runs `work` on rayon's global pool (`None`) or on a pool of `threads` threads.
pub fn on_threads<T: Send>(threads: Option<usize>, work: impl FnOnce() -> T + Send) -> Result<T, BatchError> {
    match threads {
        None => Ok(work()),
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map(|pool| pool.install(work))
            .map_err(|e| BatchError::Threads(e.to_string())),
    }
}
