//! How the exponentiations of one modulus size are cut into calls when no engine is asked for
//! and the default is [`Engine::Ifma512`]: calls of eight lanes, of four lanes
//! ([`Engine::Ifma256`]) and single exponentiations ([`Engine::Scalar`]), chosen so that the
//! calls finish soonest on the workers at hand, from measured costs of each kind of call.
//!
//! A lane call costs about the same whatever its count of jobs, so the choice is between
//! mostly empty lanes, one at a time, and how the calls share the workers. The costs differ by
//! CPU: on Zen 5 eight lanes cost about what four do, and one exponentiation a fifth to a
//! quarter of them above 1024 bits; on Zen 4, which runs 512-bit instructions as two 256-bit
//! halves, eight lanes cost about two calls of four ([`crate::backend::zmm_in_halves`]
//! chooses the table). On Zen 4 at 3072 bits, for example, four jobs take 6.9 ms in four lanes
//! against 11.5 one at a time, and five take 9.8 ms as four lanes and one alone against 13.2 in
//! eight lanes; on two workers, eight jobs take two calls of four side by side.
//!
//! Leaks: nothing (a function of the public count, size and worker count).

use super::Engine;

/// Measured times of the three kinds of call at one modulus size, in microseconds (exponent as
/// long as the modulus, `batch::pow_with` on one thread, medians).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct CallCosts {
    /// One exponentiation on the scalar engine.
    pub one: f64,
    /// A call of the 4-lane engine.
    pub four: f64,
    /// A call of the 8-lane engine.
    pub eight: f64,
}

/// Rows `(bits, costs)` by ascending size; a modulus takes the first row at least its size
/// (the last above them all).
pub(crate) type CostTable = [(usize, CallCosts)];

const fn row(bits: usize, one: f64, four: f64, eight: f64) -> (usize, CallCosts) {
    (bits, CallCosts { one, four, eight })
}

/// Zen 5 (family 26, 2026-11-22, one core): one exponentiation from the same-day bench
/// (`montvec bench --ops exp,batch`; 512 bits from the README's bench), the 8-lane call as
/// eight times the lane time of that run, the 4-lane call as 0.94 of it (four jobs on each
/// engine: 0.92-0.96x at every size; at 512 bits those runs' own 54 and 56 us).
pub(crate) const ZEN5: &CostTable = &[
    row(512, 24.2, 54.0, 56.0),
    row(1024, 170.0, 286.0, 304.0),
    row(1536, 380.0, 925.0, 984.0),
    row(2048, 625.0, 2294.0, 2440.0),
    row(3072, 1512.0, 6824.0, 7260.0),
    row(4096, 3331.0, 15119.0, 16084.0),
];

/// Zen 4 (family 25, model 17, 2026-11-28, `taskset -c 1`, medians of 11 calls of
/// `batch::pow_with` with one thread and the engine forced): one job on the scalar engine,
/// four on `Ifma256`, eight on `Ifma512`.
pub(crate) const ZEN4: &CostTable = &[
    row(256, 7.88, 13.7, 19.7),
    row(512, 37.3, 51.5, 80.4),
    row(768, 93.1, 138.8, 243.1),
    row(1024, 186.5, 291.0, 542.1),
    row(1536, 451.1, 958.5, 1868.6),
    row(2048, 916.8, 2157.1, 4107.1),
    row(3072, 2922.1, 6897.7, 13178.5),
    row(4096, 5373.8, 15671.7, 29563.7),
];

/// The costs for `bits`-bit moduli on this CPU.
pub(crate) fn costs_here(bits: usize) -> CallCosts {
    let table = if crate::backend::zmm_in_halves() {
        ZEN4
    } else {
        ZEN5
    };
    costs(table, bits)
}

/// The row of `table` for `bits`-bit moduli.
pub(crate) fn costs(table: &CostTable, bits: usize) -> CallCosts {
    table
        .iter()
        .find(|(size, _)| bits <= *size)
        .or(table.last())
        .map(|(_, c)| *c)
        .unwrap_or(CallCosts {
            one: 1.0,
            four: 4.0,
            eight: 8.0,
        })
}

/// The most workers a split is planned for: with more, the calls planned for this many are
/// spread over all of them (the search grows with the square of the workers).
const PLANNED_WORKERS: usize = 8;

/// Calls as `(engine, jobs)`.
pub(crate) type Calls = Vec<(Engine, usize)>;

/// What handing calls to the thread pool's workers adds to a batch, in microseconds: two
/// 512-bit exponentiations on two workers took 57-70 us against 37 for one alone, and two
/// 1024-bit ones 201 against 187 (Zen 4, 2026-11-28, medians of 5-7 calls). A batch of a
/// single call, or on one worker, runs on the calling thread without it.
const HANDOFF_US: f64 = 25.0;

/// The calls that `count` exponentiations of one size run in, as `(engine, jobs)`, largest
/// first, on `workers` workers: the split whose calls end soonest when each goes to the least
/// loaded worker, largest first (then the least work, then the fewest calls). Only one call
/// is partly filled. With many jobs, all but the last 8 to 16 per worker go in full 8-lane
/// calls (one 8-lane call costs less than two 4-lane ones at every measured size), a whole
/// number of them per worker.
pub(crate) fn split(count: usize, costs: CallCosts, workers: usize) -> Calls {
    let workers = workers.clamp(1, PLANNED_WORKERS);
    let round = 8 * workers;
    let bulk = if count >= 2 * round {
        (count - round) / round * workers
    } else {
        0
    };
    let tail = count - 8 * bulk;
    let mut best: Option<((f64, f64, usize), Calls)> = None;
    for eights in 0..=tail.div_ceil(8) {
        let after_eights = tail.saturating_sub(8 * eights);
        // The last eight would hold no job.
        if eights > 0 && 8 * (eights - 1) >= tail {
            continue;
        }
        for fours in 0..=after_eights.div_ceil(4) {
            // Likewise the last four.
            if fours > 0 && 4 * (fours - 1) >= after_eights {
                continue;
            }
            let ones = after_eights.saturating_sub(4 * fours);
            let calls = calls_of(tail, eights, fours, ones);
            let mut times: Vec<f64> = calls.iter().map(|&(e, _)| cost(e, costs)).collect();
            // The bulk's full calls, a whole number per worker, load the workers evenly.
            let start = (bulk / workers) as f64 * costs.eight;
            let (mut end, work) = least_loaded_first(&mut times, workers, start);
            if workers > 1 && bulk + calls.len() > 1 {
                end += HANDOFF_US;
            }
            let key = (end, work, calls.len());
            if best.as_ref().is_none_or(|(b, _)| key < *b) {
                best = Some((key, calls));
            }
        }
    }
    let mut out = vec![(Engine::Ifma512, 8); bulk];
    out.extend(best.map(|(_, calls)| calls).unwrap_or_default());
    out
}

/// The calls of `jobs` jobs in `eights` 8-lane calls, `fours` 4-lane calls and `ones` single
/// ones, in that order, each full but the last lane call when no single follows.
fn calls_of(jobs: usize, eights: usize, fours: usize, ones: usize) -> Calls {
    let mut left = jobs;
    let mut out = Vec::with_capacity(eights + fours + ones);
    for (engine, lanes, calls) in [
        (Engine::Ifma512, 8, eights),
        (Engine::Ifma256, 4, fours),
        (Engine::Scalar, 1, ones),
    ] {
        for _ in 0..calls {
            let take = left.min(lanes);
            out.push((engine, take));
            left -= take;
        }
    }
    out
}

/// What one call of `engine` costs.
fn cost(engine: Engine, costs: CallCosts) -> f64 {
    match engine {
        Engine::Ifma512 => costs.eight,
        Engine::Ifma256 => costs.four,
        _ => costs.one,
    }
}

/// When the last of `times` ends if each, largest first, goes to the least loaded of
/// `workers` workers that start at `start`, and the sum of `times`.
fn least_loaded_first(times: &mut [f64], workers: usize, start: f64) -> (f64, f64) {
    times.sort_by(|a, b| b.total_cmp(a));
    let mut load = vec![start; workers];
    for &t in times.iter() {
        if let Some(least) = load.iter_mut().min_by(|a, b| a.total_cmp(b)) {
            *least += t;
        }
    }
    let end = load.iter().copied().fold(start, f64::max);
    (end, times.iter().sum())
}

#[cfg(test)]
mod tests {
    use super::{costs, split, CallCosts, ZEN4, ZEN5};
    use crate::batch::Engine::{self, Ifma256 as Four, Ifma512 as Eight, Scalar as One};

    fn engines(count: usize, table: &[(usize, CallCosts)], bits: usize, w: usize) -> Vec<Engine> {
        split(count, costs(table, bits), w)
            .into_iter()
            .map(|(e, _)| e)
            .collect()
    }

    /// Every split places every job once, in calls no larger than their engine's lanes, with
    /// at most one call partly filled and none empty.
    #[test]
    fn splits_place_every_job() {
        for table in [ZEN4, ZEN5] {
            for &(bits, _) in table {
                for workers in [1, 2, 3, 8, 64] {
                    for count in (1..=150).chain([1000, 4097]) {
                        let calls = split(count, costs(table, bits), workers);
                        assert_eq!(calls.iter().map(|c| c.1).sum::<usize>(), count);
                        assert!(calls.iter().all(|&(e, n)| n >= 1 && n <= e.lanes()));
                        let partial = calls.iter().filter(|&&(e, n)| n < e.lanes()).count();
                        assert!(partial <= 1, "{count} at {bits} on {workers}: {calls:?}");
                    }
                }
            }
        }
    }

    /// On one worker the Zen 5 table gives what its measurements gave before it existed: one
    /// at a time up to 1 job at 1024 bits, 2 at 1536, 3 at 2048, 4 at 3072 and 4096; four
    /// lanes above that up to four jobs; eight lanes for five to eight (and at 512 bits, one
    /// at a time for two: 48 against 54 us).
    #[test]
    fn zen5_on_one_worker() {
        for (bits, alone) in [
            (512, 2),
            (1024, 1),
            (1536, 2),
            (2048, 3),
            (3072, 4),
            (4096, 4),
        ] {
            for count in 1..=8 {
                let want = if count <= alone {
                    vec![One; count]
                } else if count <= 4 {
                    vec![Four]
                } else {
                    vec![Eight]
                };
                assert_eq!(engines(count, ZEN5, bits, 1), want, "{count} x {bits}");
            }
        }
    }

    /// On Zen 4 four lanes take a few large jobs, and a fifth job goes alone rather than
    /// into eight lanes (measured: 9.8 against 13.2 ms at 3072 bits).
    #[test]
    fn zen4_on_one_worker() {
        assert_eq!(engines(3, ZEN4, 2048, 1), vec![Four]);
        assert_eq!(engines(2, ZEN4, 2048, 1), vec![One, One]);
        assert_eq!(engines(4, ZEN4, 4096, 1), vec![Four]);
        assert_eq!(engines(5, ZEN4, 3072, 1), vec![Four, One]);
        assert_eq!(engines(5, ZEN4, 512, 1), vec![Eight]);
        assert_eq!(engines(8, ZEN4, 2048, 1), vec![Eight]);
        assert_eq!(engines(1, ZEN4, 256, 1), vec![One]);
    }

    /// Two workers share the calls: on Zen 4 eight jobs become two calls of four side by
    /// side, and on Zen 5 five 2048-bit jobs run one at a time, three and two.
    #[test]
    fn two_workers_share_the_calls() {
        assert_eq!(engines(8, ZEN4, 2048, 2), vec![Four, Four]);
        assert_eq!(engines(5, ZEN5, 2048, 2), vec![One; 5]);
        assert_eq!(engines(16, ZEN5, 2048, 2), vec![Eight, Eight]);
        // Many jobs: full 8-lane calls, whatever the tail.
        let many = split(1000, costs(ZEN4, 2048), 2);
        assert!(many.iter().filter(|c| c.0 == Eight).count() >= 120);
    }

    /// The bulk rule's premise: one 8-lane call costs less than two 4-lane ones in each
    /// table.
    #[test]
    fn eight_lanes_cost_less_than_two_fours() {
        for table in [ZEN4, ZEN5] {
            for (bits, c) in table {
                assert!(c.eight < 2.0 * c.four, "{bits}");
            }
        }
    }
}
