//! The calling thread's CPU time (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`): unlike the wall
//! clock it does not run while the thread is descheduled, so other jobs sharing the core
//! (a busy shared machine) stretch the run but not the measured time per call.

use std::os::raw::{c_int, c_long};
use std::time::Duration;

/// `struct timespec` on 64-bit Linux.
#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: c_long,
}

/// `CLOCK_THREAD_CPUTIME_ID` from `<time.h>` on Linux.
const CLOCK_THREAD_CPUTIME_ID: c_int = 3;

extern "C" {
    fn clock_gettime(clock: c_int, tp: *mut Timespec) -> c_int;
}

/// CPU time consumed by the calling thread so far.
///
/// Panics if the clock cannot be read (it always can on Linux).
pub fn thread_cpu_time() -> Duration {
    let mut ts = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable `struct timespec`; the clock id is a Linux constant.
    let ret = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(ret, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_work_not_sleep() {
        let t0 = thread_cpu_time();
        std::thread::sleep(Duration::from_millis(30));
        let slept = thread_cpu_time() - t0;
        assert!(
            slept < Duration::from_millis(10),
            "sleep counted as {slept:?} of CPU"
        );
        let t0 = thread_cpu_time();
        let mut x = 1u64;
        let start = std::time::Instant::now();
        while start.elapsed() < Duration::from_millis(30) {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        let busy = thread_cpu_time() - t0;
        assert!(
            busy > Duration::from_millis(1),
            "30 ms of work counted as {busy:?}"
        );
    }
}
