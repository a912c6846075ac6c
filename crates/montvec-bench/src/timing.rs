//! The timing harness: calibrate an iteration count to a target time per sample, take several
//! samples, report the median time per operation with the minimum and maximum.
//!
//! Contenders for one size are sampled in turn (sample 1 of each, then sample 2 of each, ...),
//! in an order that rotates every round, so slow drifts of the machine (frequency, other
//! people's jobs on a shared core) fall on all of them alike.
//!
//! Iteration counts are calibrated on the wall clock, so a run lasts about its planned time
//! whatever the load; each sample is read on the [`Clock`] of the plan, by default the thread's
//! CPU time, which does not count the time other jobs hold the core.

use std::time::{Duration, Instant};

use crate::clock::thread_cpu_time;

/// Which clock a sample is read on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    /// CPU time of the measuring thread (`CLOCK_THREAD_CPUTIME_ID`).
    ThreadCpu,
    /// Elapsed real time (`Instant`).
    Wall,
}

impl Clock {
    /// The lowercase name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Clock::ThreadCpu => "cpu",
            Clock::Wall => "wall",
        }
    }
}

/// How long and how often to measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// Target duration of one sample (a sample never has fewer than one iteration).
    pub sample_time: Duration,
    /// Samples per contender; the median of these is reported.
    pub samples: usize,
    /// The clock samples are read on.
    pub clock: Clock,
}

/// The result of timing one contender.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    /// Median over the samples of the nanoseconds per call.
    pub median_ns: f64,
    /// Fastest sample, nanoseconds per call.
    pub min_ns: f64,
    /// Slowest sample, nanoseconds per call.
    pub max_ns: f64,
    /// Calls per sample.
    pub iterations: u64,
    /// Number of samples.
    pub samples: usize,
}

/// Both clocks' reading of one run of calls.
#[derive(Debug, Clone, Copy)]
struct Elapsed {
    wall: Duration,
    cpu: Duration,
}

impl Elapsed {
    fn on(self, clock: Clock) -> Duration {
        match clock {
            Clock::ThreadCpu => self.cpu,
            Clock::Wall => self.wall,
        }
    }
}

fn time_calls(f: &mut dyn FnMut(), iterations: u64) -> Elapsed {
    let cpu = thread_cpu_time();
    let start = Instant::now();
    for _ in 0..iterations {
        f();
    }
    let wall = start.elapsed();
    Elapsed {
        wall,
        cpu: thread_cpu_time().saturating_sub(cpu),
    }
}

/// The number of calls of `f` that take about `target` of wall-clock time, at least 1. Calls `f` a few times
/// first (warm-up), then grows the count until a run lasts an eighth of the target and scales.
pub fn calibrate(f: &mut dyn FnMut(), target: Duration) -> u64 {
    calibrate_on(f, target, &mut |f, iterations| {
        time_calls(f, iterations).wall
    })
}

/// [`calibrate`] with the wall-clock time of `iterations` calls of `f` measured by `time` (the
/// tests give it calls of a known length, which a shared machine's timer cannot).
fn calibrate_on(
    f: &mut dyn FnMut(),
    target: Duration,
    time: &mut dyn FnMut(&mut dyn FnMut(), u64) -> Duration,
) -> u64 {
    f();
    let floor = target / 8;
    let mut iterations = 1u64;
    loop {
        let elapsed = time(f, iterations);
        let per_call = elapsed.as_secs_f64() / iterations as f64;
        if elapsed >= floor || iterations >= 1 << 40 {
            let scaled = target.as_secs_f64() / per_call.max(1e-12);
            return (scaled as u64).clamp(1, 1 << 40);
        }
        // Grow by at least 2 and at most 100 towards the floor.
        let wanted = floor.as_secs_f64() / per_call.max(1e-12) / iterations as f64;
        iterations = iterations.saturating_mul((wanted.ceil() as u64).clamp(2, 100));
    }
}

/// The median, minimum and maximum of `per_call_ns` (non-empty).
pub fn summarize(mut per_call_ns: Vec<f64>, iterations: u64) -> Timing {
    assert!(!per_call_ns.is_empty(), "no samples");
    per_call_ns.sort_by(f64::total_cmp);
    let n = per_call_ns.len();
    let mid = n >> 1;
    let median_ns = if n & 1 == 1 {
        per_call_ns[mid]
    } else {
        (per_call_ns[mid - 1] + per_call_ns[mid]) * 0.5
    };
    Timing {
        median_ns,
        min_ns: per_call_ns[0],
        max_ns: per_call_ns[n - 1],
        iterations,
        samples: n,
    }
}

/// Time every contender by `plan`, interleaved sample by sample; `tick` is called after each
/// sample (for a progress bar). Returns one [`Timing`] per contender, in order.
pub fn measure_interleaved(
    contenders: &mut [&mut dyn FnMut()],
    plan: Plan,
    tick: &mut dyn FnMut(),
) -> Vec<Timing> {
    let samples = plan.samples.max(1);
    let iterations: Vec<u64> = contenders
        .iter_mut()
        .map(|f| calibrate(&mut **f, plan.sample_time))
        .collect();
    let mut per_call: Vec<Vec<f64>> = vec![Vec::with_capacity(samples); contenders.len()];
    let count = contenders.len();
    // Each round starts one contender further on than the last and goes round once.
    let mut start = 0;
    for _ in 0..samples {
        let mut i = start;
        for _ in 0..count {
            let elapsed = time_calls(&mut *contenders[i], iterations[i]).on(plan.clock);
            per_call[i].push(elapsed.as_nanos() as f64 / iterations[i] as f64);
            tick();
            i += 1;
            if i == count {
                i = 0;
            }
        }
        start += 1;
        if start >= count {
            start = 0;
        }
    }
    per_call
        .into_iter()
        .zip(iterations)
        .map(|(s, it)| summarize(s, it))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        let t = summarize(vec![5.0, 1.0, 3.0], 7);
        assert_eq!(
            (t.median_ns, t.min_ns, t.max_ns, t.iterations, t.samples),
            (3.0, 1.0, 5.0, 7, 3)
        );
        let t = summarize(vec![4.0, 1.0, 3.0, 2.0], 1);
        assert_eq!(t.median_ns, 2.5);
    }

    /// Calls of a known length (a clock that counts them; the timer of a shared machine made a
    /// sleep of 1 ms last up to 5): the count fills the target, the runs grow until one lasts
    /// an eighth of it, and a call longer than the target still gets one.
    #[test]
    fn calibration_scales_to_the_target() {
        let calls_for = |call: Duration, target: Duration| {
            let mut made = 0u64;
            let mut runs = Vec::new();
            let mut f = || made += 1;
            let n = calibrate_on(&mut f, target, &mut |f, iterations| {
                (0..iterations).for_each(|_| f());
                runs.push(iterations);
                call * u32::try_from(iterations).expect("short runs")
            });
            assert_eq!(
                made,
                1 + runs.iter().sum::<u64>(),
                "one warm-up call, then the runs"
            );
            (n, runs)
        };
        let ms = Duration::from_millis;
        // 1 ms calls, a 20 ms target: 1 call (below 2.5 ms), then 3 (a run of 3 ms), 20 calls.
        assert_eq!(calls_for(ms(1), ms(20)), (20, vec![1, 3]));
        // 100 ns calls, a 20 ms target: runs grow by at most 100, by a whole factor (2.5 -> 3)
        // past 2.5 ms; 200,000 calls.
        let (n, runs) = calls_for(Duration::from_nanos(100), ms(20));
        assert_eq!((n, runs), (200_000, vec![1, 100, 10_000, 30_000]));
        // A call slower than the target still gets one call.
        assert_eq!(calls_for(ms(3), ms(1)), (1, vec![1]));
    }

    #[test]
    fn every_contender_gets_every_sample() {
        let (mut a, mut b) = (0u64, 0u64);
        let mut fa = || a += 1;
        let mut fb = || b += 1;
        let mut ticks = 0;
        let plan = Plan {
            sample_time: Duration::from_micros(50),
            samples: 5,
            clock: Clock::ThreadCpu,
        };
        let t = measure_interleaved(&mut [&mut fa, &mut fb], plan, &mut || ticks += 1);
        assert_eq!(ticks, 10);
        assert_eq!(t.len(), 2);
        assert!(t
            .iter()
            .all(|t| t.samples == 5 && t.min_ns <= t.median_ns && t.median_ns <= t.max_ns));
        assert!(a >= 5 && b >= 5);
    }

    /// Each round starts one contender further on, so that no contender always runs first
    /// (or always right after the same one): with three contenders the rounds go 0 1 2,
    /// 1 2 0, 2 0 1, then 0 1 2 again.
    #[test]
    fn each_round_starts_one_contender_further_on() {
        let last = std::cell::Cell::new(usize::MAX);
        let mut f0 = || last.set(0);
        let mut f1 = || last.set(1);
        let mut f2 = || last.set(2);
        let mut order = Vec::new();
        let plan = Plan {
            sample_time: Duration::from_micros(20),
            samples: 4,
            clock: Clock::ThreadCpu,
        };
        measure_interleaved(&mut [&mut f0, &mut f1, &mut f2], plan, &mut || {
            order.push(last.get())
        });
        assert_eq!(order, [0, 1, 2, 1, 2, 0, 2, 0, 1, 0, 1, 2]);
    }
}
