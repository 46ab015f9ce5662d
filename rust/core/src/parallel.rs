//! Running batches on rayon threads.

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
