//! Running batches on rayon threads.

use rayon::prelude::*;
use rayon::ThreadPool;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

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

/// Runs `work` on rayon's global pool (`None`) or on a pool of `threads` threads. Pools of up to one thread per
/// core are started once and kept (starting one took longer than a whole late-trick PIMC decision: 0.2–0.6 ms
/// against 0.2 ms), so their threads' per-thread state, such as a solver's table, carries over from call to
/// call; a pool of more threads is started for the call alone.
pub fn on_threads<T: Send>(threads: Option<usize>, work: impl FnOnce() -> T + Send) -> Result<T, BatchError> {
    match threads {
        None => Ok(work()),
        Some(t) => Ok(pool(t)?.install(work)),
    }
}

/// The kept pools, by thread count (index `t - 1`).
static POOLS: Mutex<Vec<Option<Arc<ThreadPool>>>> = Mutex::new(Vec::new());

/// A pool of `threads` threads: a kept one if `threads` is at most the number of cores.
fn pool(threads: usize) -> Result<Arc<ThreadPool>, BatchError> {
    let build = || {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map(Arc::new)
            .map_err(|e| BatchError::Threads(e.to_string()))
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if threads == 0 || threads > cores {
        return build();
    }
    // A panic elsewhere while the lock was held leaves the list as it was: still usable.
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if pools.len() < threads {
        pools.resize(threads, None);
    }
    if let Some(pool) = &pools[threads - 1] {
        return Ok(Arc::clone(pool));
    }
    let pool = build()?;
    pools[threads - 1] = Some(Arc::clone(&pool));
    Ok(pool)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_of_up_to_one_thread_a_core_is_kept_between_calls() {
        let seat = || on_threads(Some(1), || std::thread::current().id()).expect("a pool");
        let first = seat();
        assert_ne!(first, std::thread::current().id());
        assert_eq!(seat(), first);
        // More threads than cores: a pool of the call's own, which still runs the work.
        let many = max_threads();
        assert_eq!(on_threads(Some(many), rayon::current_num_threads).expect("a pool"), many);
    }
}
