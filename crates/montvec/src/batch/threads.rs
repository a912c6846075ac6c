//! The worker threads of a batch: the pools kept per thread count, and how many workers the
//! current context has.

use crate::error::Error;

#[cfg(doc)]
use super::Options;

/// The most worker threads [`Options::threads`] may ask for (a pool's threads live as long as
/// the pool is kept: see [`on_threads`]).
pub const MAX_THREADS: usize = 1024;

/// Thread pools [`on_threads`] keeps, one per thread count, the least recently built dropped
/// first (its threads end once no batch runs on it).
const KEPT_POOLS: usize = 4;

std::thread_local! {
    /// Set while [`on_threads`] runs work for one thread on the calling thread.
    static ALONE: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// The workers that batch work started here may use: 1 inside [`on_threads`] with one thread,
/// else those of the current rayon pool (the global one outside any other). Outside every pool
/// on a machine (or CPU set, as `taskset` gives) of one processor, 1 without asking rayon, so
/// that its global pool, whose start would put a thread beside the caller for nothing, is not
/// started (unless `RAYON_NUM_THREADS` asks for more threads); 1 too when the global pool
/// cannot start its threads.
pub fn current_workers() -> usize {
    if ALONE.get() {
        return 1;
    }
    // Read once: the processor count costs system calls and file reads (cgroup quotas).
    static ONE_PROCESSOR: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let one_processor = *ONE_PROCESSOR.get_or_init(|| {
        let more_asked = std::env::var("RAYON_NUM_THREADS")
            .ok()
            .and_then(|v| v.parse::<usize>().ok())
            .is_some_and(|n| n > 1);
        std::thread::available_parallelism().map_or(1, |n| n.get()) == 1 && !more_asked
    });
    if rayon::current_thread_index().is_some() {
        rayon::current_num_threads()
    } else if one_processor || !global_pool_runs() {
        1
    } else {
        rayon::current_num_threads()
    }
}

/// Whether rayon's global pool runs, started here if nothing has started it. When its threads
/// cannot start (a limit on processes, as `ulimit -u` sets), rayon panics on every later use
/// of the global pool, `rayon::current_num_threads` included; batch work then stays on the
/// calling thread.
fn global_pool_runs() -> bool {
    static RUNS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *RUNS.get_or_init(|| match rayon::ThreadPoolBuilder::new().build_global() {
        Ok(()) => true,
        // Started before (by the application, or by rayon on a first use): no source. A
        // failure to start threads carries the I/O error as its source.
        Err(e) => std::error::Error::source(&e).is_none(),
    })
}

/// `threads` is `None` or 1 to [`MAX_THREADS`].
///
/// Errors: [`Error::Threads`], naming the count and the range.
pub(super) fn thread_count_allowed(threads: Option<usize>) -> Result<(), Error> {
    match threads {
        Some(t) if t == 0 || t > MAX_THREADS => Err(Error::Threads(format!(
            "a thread count of {t} (1 to {MAX_THREADS})"
        ))),
        _ => Ok(()),
    }
}

/// `f` on a pool of `threads` workers, or on the current pool (rayon's global one outside any
/// other) for `None`: the pool [`Options::threads`] asks for. One thread is the calling
/// thread, with [`current_workers`] 1 while `f` runs (handing `f` to a pool of one and
/// waiting for it: `montvec_rsa::batch::private_ops` with 8 RSA-1024 operations a call under
/// `taskset -c 0`, three alternating runs, 22.1 -> 19.6 us an operation). Pools are built
/// once per thread count and kept (building one per call, about 40 µs, was a fifth of an
/// 8-lane batch of 2048-bit public-exponent powers), those of the last four thread counts.
///
/// Errors: [`Error::Threads`] for zero threads, more than [`MAX_THREADS`], or a pool that
/// cannot start.
pub fn on_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> Result<T, Error> {
    use std::sync::{Arc, Mutex};
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    let Some(t) = threads else {
        return Ok(f());
    };
    thread_count_allowed(threads)?;
    if t == 1 {
        /// Restores the flag however `f` returns.
        struct Restore(bool);
        impl Drop for Restore {
            fn drop(&mut self) {
                ALONE.set(self.0);
            }
        }
        let _restore = Restore(ALONE.replace(true));
        return Ok(f());
    }
    let pool = {
        let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
        match pools.iter().find(|(count, _)| *count == t) {
            Some((_, pool)) => Arc::clone(pool),
            None => {
                let pool = Arc::new(
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(t)
                        .build()
                        .map_err(|e| Error::Threads(format!("thread pool: {e}")))?,
                );
                if pools.len() == KEPT_POOLS {
                    pools.remove(0);
                }
                pools.push((t, Arc::clone(&pool)));
                pool
            }
        }
    };
    Ok(pool.install(f))
}

#[cfg(test)]
mod tests {
    use super::{current_workers, on_threads};

    /// One thread runs on the calling thread with one worker, also when nested in a wider
    /// pool, and the flag is cleared after; two threads get a pool of two.
    #[test]
    fn one_thread_is_the_calling_thread() {
        let caller = std::thread::current().id();
        let outside = current_workers();
        let (id, inside) = on_threads(Some(1), || (std::thread::current().id(), current_workers()))
            .expect("one thread");
        assert_eq!((id, inside), (caller, 1));
        assert_eq!(current_workers(), outside);
        let nested = on_threads(Some(2), || {
            let one = on_threads(Some(1), current_workers).expect("one thread");
            (current_workers(), one)
        })
        .expect("two threads");
        assert_eq!(nested, (2, 1));
        assert!(matches!(
            on_threads(Some(0), || ()),
            Err(crate::Error::Threads(_))
        ));
    }
}
