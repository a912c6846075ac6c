//! How the exponentiations (or products) of one modulus size are cut into calls when no
//! engine is asked for and the default is [`Engine::Ifma512`]: calls of eight lanes, of four
//! lanes ([`Engine::Ifma256`]), of two jobs split across lane pairs ([`Engine::Ifma256Split`])
//! and single jobs ([`Engine::Scalar`]), chosen so that the calls finish soonest on the
//! workers at hand, from measured costs of each kind of call ([`Work`] names the table).
//!
//! A lane call costs about the same whatever its count of jobs, so the choice is between
//! mostly empty lanes, one at a time, and how the calls share the workers. The costs differ by
//! CPU: on Zen 5 eight lanes cost about what four do, and one exponentiation a fifth to a
//! quarter of them above 1024 bits; on Zen 4, which runs 512-bit instructions as two 256-bit
//! halves, eight lanes cost about two calls of four ([`crate::backend::zmm_in_halves`]
//! chooses the table). On Zen 4 at 3072 bits, for example, four jobs take 6.9 ms in four lanes
//! against 9.6 one at a time, and five about 9.3 ms as four lanes and one alone against 13.2
//! in eight lanes; on two workers, eight jobs take two calls of four side by side.
//!
//! Leaks: nothing (a function of the public count, size and worker count).

use super::Engine;

/// Times of the four kinds of call at one modulus size, in microseconds (on one thread,
/// medians; for exponentiations, an exponent as long as the modulus).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct CallCosts {
    /// One exponentiation on the scalar engine.
    pub one: f64,
    /// A call of the split engine ([`Engine::Ifma256Split`], two jobs); infinite where it
    /// would not split (above its kernel's digits) or was not measured.
    pub two: f64,
    /// A call of the 4-lane engine.
    pub four: f64,
    /// A call of the 8-lane engine.
    pub eight: f64,
}

impl CallCosts {
    /// Every cost times `weight` (work per job relative to the table's).
    pub(crate) fn scaled(self, weight: f64) -> CallCosts {
        CallCosts {
            one: self.one * weight,
            two: self.two * weight,
            four: self.four * weight,
            eight: self.eight * weight,
        }
    }
}

/// Rows `(bits, costs)` by ascending size; a modulus takes the first row at least its size
/// (the last above them all).
pub(crate) type CostTable = [(usize, CallCosts)];

const fn row(bits: usize, one: f64, two: f64, four: f64, eight: f64) -> (usize, CallCosts) {
    (
        bits,
        CallCosts {
            one,
            two,
            four,
            eight,
        },
    )
}

/// The split engine where it does not split or was not measured: never planned.
const NO_SPLIT: f64 = f64::INFINITY;

/// Zen 5 (family 26, 2026-11-22, one core): one exponentiation from the same-day bench
/// (`montvec bench --ops exp,batch`; 512 bits from the README's bench), the 8-lane call as
/// eight times the lane time of that run, the 4-lane call as 0.94 of it (four jobs on each
/// engine: 0.92-0.96x at every size; at 512 bits those runs' own 54 and 56 us). The split
/// call was not measured on Zen 5: it is estimated as the 4-lane call times their ratio on
/// Zen 4 (0.77 / 0.66 / 0.68 / 0.67 at 512 / 1024 / 1536 / 2048 bits), both being the same
/// ymm IFMA instructions.
pub(crate) const POW_ZEN5: &CostTable = &[
    row(512, 24.2, 41.6, 54.0, 56.0),
    row(1024, 170.0, 189.0, 286.0, 304.0),
    row(1536, 380.0, 629.0, 925.0, 984.0),
    row(2048, 625.0, 1537.0, 2294.0, 2440.0),
    row(3072, 1512.0, NO_SPLIT, 6824.0, 7260.0),
    row(4096, 3331.0, NO_SPLIT, 15119.0, 16084.0),
];

/// Zen 4 (family 25, model 17, 2026-11-28, `taskset -c 1`, medians of 11 calls of
/// `batch::pow_with` with one thread and the engine forced): four jobs on `Ifma256`, eight on
/// `Ifma512`; two on `Ifma256Split` (the same day, `taskset -c 0`). One job on the scalar
/// engine measured again (`taskset -c 0`, 11 calls) after `Modulus::pow` took the quarters
/// kernel (`mont::ifma::quarters`): 7.92 / 35.1 / 77.8 / 131.8 / 352 / 733 / 2390 us at
/// 256 / 512 / 768 / 1024 / 1536 / 2048 / 3072 bits, against 7.88 / 37.3 / 93.1 / 186.5 /
/// 451 / 917 / 2922 before; at 4096 bits 5141 against 5374, once the kernel reached 80
/// digits (3072 bits 2357 then).
pub(crate) const POW_ZEN4: &CostTable = &[
    row(256, 7.92, 12.3, 13.7, 19.7),
    row(512, 35.1, 38.2, 51.5, 80.4),
    row(768, 77.8, 97.1, 138.8, 243.1),
    row(1024, 131.8, 193.0, 291.0, 542.1),
    row(1536, 352.2, 651.8, 958.5, 1868.6),
    row(2048, 733.3, 1451.4, 2157.1, 4107.1),
    row(3072, 2390.5, NO_SPLIT, 6897.7, 13178.5),
    row(4096, 5141.2, NO_SPLIT, 15671.7, 29563.7),
];

/// Products `a b mod n` ([`super::mul_mod`]) on Zen 5 (2026-11-22, one core, eight products
/// of one modulus a call against one at a time, ns a product: 341 against 596 at 1024 bits,
/// 1109 against 1781 at 3072). The 4-lane call was not measured there and is taken as the
/// 8-lane one's.
pub(crate) const PRODUCT_ZEN5: &CostTable = &[
    row(1024, 0.596, NO_SPLIT, 2.728, 2.728),
    row(3072, 1.781, NO_SPLIT, 8.872, 8.872),
];

/// Products `a b mod n` on Zen 4 (family 25, model 17, 2026-11-28, `taskset -c 0`, medians of
/// 21 runs of 95 calls of `batch::mul_mod_with` with one thread and the engine forced): one
/// product on the scalar engine, four on `Ifma256`, eight on `Ifma512`; two on
/// `Ifma256Split` (the same day, the same way: 3.92 us at 2048 bits, and at 256 / 512 / 1024
/// bits 1.50 / 1.81 / 2.38, no less than the 4-lane call, so never planned there).
pub(crate) const PRODUCT_ZEN4: &CostTable = &[
    row(256, 0.601, NO_SPLIT, 1.332, 1.885),
    row(512, 0.764, NO_SPLIT, 1.644, 2.497),
    row(1024, 1.076, NO_SPLIT, 2.360, 3.823),
    row(2048, 2.081, 3.924, 4.672, 8.125),
    row(3072, 3.810, NO_SPLIT, 7.697, 14.156),
    row(4096, 5.217, NO_SPLIT, 11.789, 21.667),
];

/// What a batch computes, for its table of costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Work {
    /// Exponentiations ([`super::pow()`], [`super::pow_vartime`]).
    Powers,
    /// Products ([`super::mul_mod`], [`super::mul_montgomery`]; the Montgomery-form product
    /// is planned with the costs of `a b mod n`).
    Products,
}

/// The costs of `work` for `bits`-bit moduli on this CPU.
pub(crate) fn costs_here(work: Work, bits: usize) -> CallCosts {
    let halves = crate::backend::zmm_in_halves();
    let table = match (work, halves) {
        (Work::Powers, true) => POW_ZEN4,
        (Work::Powers, false) => POW_ZEN5,
        (Work::Products, true) => PRODUCT_ZEN4,
        (Work::Products, false) => PRODUCT_ZEN5,
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
            two: NO_SPLIT,
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

/// A split of one size's jobs: its calls, largest first, and whether they go to the thread
/// pool's workers (otherwise they run one after the other on the calling thread).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Split {
    /// The calls, as `(engine, jobs)`.
    pub calls: Calls,
    /// Whether the calls are handed to the workers.
    pub spread: bool,
}

/// The calls that `count` jobs of one size run in, with `costs` for that size, on `workers`
/// workers or on the calling thread alone, whichever ends soonest: the split whose calls end
/// soonest when each goes to the least loaded worker, largest first (then the least work,
/// then the fewest calls), the workers' handoff counted. Only one call is partly filled.
/// With many jobs, all but the last 8 to 16 per worker go in full 8-lane calls (one 8-lane
/// call costs less than two 4-lane ones at every measured size), a whole number of them per
/// worker.
pub(crate) fn split(count: usize, costs: CallCosts, workers: usize) -> Split {
    let alone = best_split(count, costs, 1);
    let workers = workers.clamp(1, PLANNED_WORKERS);
    // Calls on the workers end at the earliest after the handoff and a single call (one call
    // alone is among the splits on the calling thread): when that cannot beat the calling
    // thread, as for a few small products, those splits are not searched.
    if workers > 1 && alone.0 .0 > HANDOFF_US + costs.one {
        let shared = best_split(count, costs, workers);
        if shared.0 < alone.0 {
            let spread = shared.1.len() > 1;
            return Split {
                calls: shared.1,
                spread,
            };
        }
    }
    Split {
        calls: alone.1,
        spread: false,
    }
}

/// The best split on `workers` workers, and its key: when it ends, the work, the calls.
#[allow(clippy::integer_division_remainder_used, reason = "public counts")]
fn best_split(count: usize, costs: CallCosts, workers: usize) -> ((f64, f64, usize), Calls) {
    let round = 8 * workers;
    let bulk = if count >= 2 * round {
        (count - round) / round * workers
    } else {
        0
    };
    let tail = count - 8 * bulk;
    // The bulk's full calls, a whole number per worker, load the workers evenly.
    let start = (bulk / workers) as f64 * costs.eight;
    let mut best: Option<((f64, f64, usize), [usize; 4])> = None;
    // Split calls (two jobs each) only up to one a worker, and only where at most three jobs
    // a worker are left after the lane calls: more jobs fill lanes more cheaply (a split call
    // costs at least two thirds of a 4-lane one). The bounds keep the search short: each
    // split call a worker may take multiplies the candidates.
    let most_twos = if costs.two.is_finite() { workers } else { 0 };
    for eights in 0..=tail.div_ceil(8) {
        let after_eights = tail.saturating_sub(8 * eights);
        // The last eight would hold no job.
        if eights > 0 && 8 * (eights - 1) >= tail {
            continue;
        }
        for fours in 0..=after_eights.div_ceil(4) {
            let after_fours = after_eights.saturating_sub(4 * fours);
            // Likewise the last four.
            if fours > 0 && 4 * (fours - 1) >= after_eights {
                continue;
            }
            let twos_here = if after_fours <= 3 * workers {
                after_fours.div_ceil(2).min(most_twos)
            } else {
                0
            };
            for twos in 0..=twos_here {
                let ones = after_fours.saturating_sub(2 * twos);
                // Likewise the last two; and at most seven singles a worker on average: else
                // one worker has eight, which cost more than an 8-lane call in every table
                // (`eight_singles_cost_more_than_eight_lanes`), so that one call in their place
                // would end sooner. (A pruning of the search: at 8 workers and 127 jobs it
                // took planning from 383 to 291 us.)
                if (twos > 0 && 2 * (twos - 1) >= after_fours) || ones > 7 * workers {
                    continue;
                }
                let counts = [eights, fours, twos, ones];
                let calls = counts.iter().sum::<usize>();
                let handoff = if workers > 1 && bulk + calls > 1 {
                    HANDOFF_US
                } else {
                    0.0
                };
                // A candidate that must end later than the best so far is left as soon as
                // one worker's load shows it.
                let bound = best.as_ref().map_or(f64::INFINITY, |(b, _)| b.0 - handoff);
                let Some((end, work)) = least_loaded_first(counts, costs, workers, start, bound)
                else {
                    continue;
                };
                let key = (end + handoff, work + bulk as f64 * costs.eight, calls);
                if best.as_ref().is_none_or(|(b, _)| key < *b) {
                    best = Some((key, counts));
                }
            }
        }
    }
    let (key, counts) = best.unwrap_or(((0.0, 0.0, 0), [0; 4]));
    let mut calls = vec![(Engine::Ifma512, 8); bulk];
    calls.extend(calls_of(tail, counts));
    (key, calls)
}

/// The kinds of call by falling cost, as `counts` lists them.
const KINDS: [Engine; 4] = [
    Engine::Ifma512,
    Engine::Ifma256,
    Engine::Ifma256Split,
    Engine::Scalar,
];

/// The calls of `jobs` jobs in `counts` calls of each of [`KINDS`], in that order, each full
/// but the last lane call when no single follows.
fn calls_of(jobs: usize, counts: [usize; 4]) -> Calls {
    let mut left = jobs;
    let mut out = Vec::with_capacity(counts.iter().sum());
    for (engine, calls) in KINDS.into_iter().zip(counts) {
        let lanes = engine.lanes();
        for _ in 0..calls {
            let take = left.min(lanes);
            out.push((engine, take));
            left -= take;
        }
    }
    out
}

/// When the last of `counts` (calls of each of [`KINDS`]) ends if each, largest first,
/// goes to the least loaded of `workers` workers (at most [`PLANNED_WORKERS`]) that start at
/// `start`, and the calls' work; `None` as soon as a worker's load passes `bound`. Without
/// allocating: a batch of two 2048-bit products takes about 4 us, and planning with a vector
/// per candidate cost about 0.5-1 us of it.
fn least_loaded_first(
    counts: [usize; 4],
    costs: CallCosts,
    workers: usize,
    start: f64,
    bound: f64,
) -> Option<(f64, f64)> {
    let mut load = [start; PLANNED_WORKERS];
    let load = &mut load[..workers.clamp(1, PLANNED_WORKERS)];
    let mut work = 0.0;
    // Largest first: the tables' costs fall from eight lanes to four to two to one (checked
    // by `eight_lanes_cost_less_than_two_fours`).
    for (count, t) in counts
        .into_iter()
        .zip([costs.eight, costs.four, costs.two, costs.one])
    {
        for _ in 0..count {
            if let Some(least) = load.iter_mut().min_by(|a, b| a.total_cmp(b)) {
                *least += t;
                if *least > bound {
                    return None;
                }
            }
            work += t;
        }
    }
    Some((load.iter().copied().fold(start, f64::max), work))
}

#[cfg(test)]
mod tests {
    use super::{costs, split, CallCosts, POW_ZEN4, POW_ZEN5, PRODUCT_ZEN4, PRODUCT_ZEN5};
    use crate::batch::Engine::{
        self, Ifma256 as Four, Ifma256Split as Two, Ifma512 as Eight, Scalar as One,
    };

    fn engines(count: usize, table: &[(usize, CallCosts)], bits: usize, w: usize) -> Vec<Engine> {
        split(count, costs(table, bits), w)
            .calls
            .into_iter()
            .map(|(e, _)| e)
            .collect()
    }

    /// Every split places every job once, in calls no larger than their engine's lanes, with
    /// at most one call partly filled and none empty.
    #[test]
    fn splits_place_every_job() {
        for table in [POW_ZEN4, POW_ZEN5, PRODUCT_ZEN4, PRODUCT_ZEN5] {
            for &(bits, _) in table {
                for workers in [1, 2, 3, 8, 64] {
                    for count in (1..=150).chain([1000, 4097]) {
                        let split = split(count, costs(table, bits), workers);
                        assert!(!split.spread || (workers > 1 && split.calls.len() > 1));
                        let calls = split.calls;
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
    /// at a time for two: 48 against 54 us); but for two jobs up to 1536 bits, which take a
    /// split call (at 1024 bits an estimated 189 us against 286 in four lanes).
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
                let want = if count == 2 && bits <= 1536 {
                    vec![Two]
                } else if count <= alone {
                    vec![One; count]
                } else if count <= 4 {
                    vec![Four]
                } else {
                    vec![Eight]
                };
                assert_eq!(engines(count, POW_ZEN5, bits, 1), want, "{count} x {bits}");
            }
        }
    }

    /// On Zen 4 four lanes take a few large jobs, and a fifth job goes alone rather than
    /// into eight lanes (measured before the quarters kernel: 9.8 against 13.2 ms at 3072
    /// bits); two jobs take a split call up to 2048 bits (1.45 against 1.47 ms one at a time
    /// there, 193 us against 264 at 1024 bits), where the split kernel stops.
    #[test]
    fn zen4_on_one_worker() {
        assert_eq!(engines(3, POW_ZEN4, 2048, 1), vec![Four]);
        for bits in [256, 512, 1024, 2048] {
            assert_eq!(engines(2, POW_ZEN4, bits, 1), vec![Two], "{bits}");
        }
        assert_eq!(engines(2, POW_ZEN4, 3072, 1), vec![One, One]);
        assert_eq!(engines(1, POW_ZEN4, 1024, 1), vec![One]);
        assert_eq!(engines(3, POW_ZEN4, 512, 1), vec![Four]);
        assert_eq!(engines(4, POW_ZEN4, 4096, 1), vec![Four]);
        assert_eq!(engines(5, POW_ZEN4, 3072, 1), vec![Four, One]);
        assert_eq!(engines(5, POW_ZEN4, 512, 1), vec![Eight]);
        assert_eq!(engines(8, POW_ZEN4, 2048, 1), vec![Eight]);
        assert_eq!(engines(1, POW_ZEN4, 256, 1), vec![One]);
    }

    /// Two workers share the calls: on Zen 4 eight jobs become two calls of four side by
    /// side, and on Zen 5 five 2048-bit jobs run one at a time, three and two.
    #[test]
    fn two_workers_share_the_calls() {
        assert_eq!(engines(8, POW_ZEN4, 2048, 2), vec![Four, Four]);
        assert_eq!(engines(5, POW_ZEN5, 2048, 2), vec![One; 5]);
        assert_eq!(engines(16, POW_ZEN5, 2048, 2), vec![Eight, Eight]);
        // Many jobs: full 8-lane calls, whatever the tail.
        let many = split(1000, costs(POW_ZEN4, 2048), 2).calls;
        assert!(many.iter().filter(|c| c.0 == Eight).count() >= 120);
    }

    /// The bulk rule's premise: one 8-lane call costs less than two 4-lane ones in each
    /// table; and largest first's: the costs fall from eight lanes to four to two to one.
    #[test]
    fn eight_lanes_cost_less_than_two_fours() {
        for table in [POW_ZEN4, POW_ZEN5, PRODUCT_ZEN4, PRODUCT_ZEN5] {
            for (bits, c) in table {
                assert!(c.eight < 2.0 * c.four, "{bits}");
                assert!(c.one < c.four && c.four <= c.eight, "{bits}");
                // The split call between one job and four lanes, or never planned.
                assert!(
                    c.two == f64::INFINITY || (c.one <= c.two && c.two < c.four),
                    "{bits}"
                );
            }
        }
    }

    /// The premise of searching at most seven singles a worker: eight jobs one at a time
    /// cost more than an 8-lane call, in every table.
    #[test]
    fn eight_singles_cost_more_than_eight_lanes() {
        for table in [POW_ZEN4, POW_ZEN5, PRODUCT_ZEN4, PRODUCT_ZEN5] {
            for (bits, c) in table {
                assert!(8.0 * c.one > c.eight, "{bits}");
            }
        }
    }

    /// The calls go to the workers only where the handoff pays: two 1024- or 2048-bit
    /// exponentiations on two workers (not two 512-bit ones, which a split call on the calling
    /// thread ends sooner), not two 2048-bit products (about 2 us each against a 25 us
    /// handoff), which run in a split call on the calling thread, cheaper than two alone or a
    /// 4-lane call.
    #[test]
    fn spread_only_where_the_handoff_pays() {
        for bits in [1024, 2048] {
            let pows = split(2, costs(POW_ZEN4, bits), 2);
            assert_eq!((pows.calls, pows.spread), (vec![(One, 1), (One, 1)], true));
        }
        let pows = split(2, costs(POW_ZEN4, 512), 2);
        assert_eq!((pows.calls, pows.spread), (vec![(Two, 2)], false));
        let products = split(2, costs(PRODUCT_ZEN4, 2048), 2);
        assert_eq!((products.calls, products.spread), (vec![(Two, 2)], false));
        let products = split(2, costs(PRODUCT_ZEN4, 1024), 2);
        assert_eq!(
            (products.calls, products.spread),
            (vec![(One, 1), (One, 1)], false)
        );
        assert_eq!(engines(1, PRODUCT_ZEN5, 2048, 2), vec![One]);
        assert_eq!(engines(4, PRODUCT_ZEN5, 1024, 1), vec![One; 4]);
        assert_eq!(engines(5, PRODUCT_ZEN5, 1024, 1), vec![Eight]);
        assert_eq!(engines(4, PRODUCT_ZEN4, 2048, 2), vec![Four]);
        // Eight 2048-bit powers: full-length exponents go to both workers, e = 65537 (17
        // bits, about 34 us in eight lanes) stays on the calling thread.
        let full = split(8, costs(POW_ZEN4, 2048), 2);
        assert_eq!(
            (full.calls, full.spread),
            (vec![(Four, 4), (Four, 4)], true)
        );
        let public = split(8, costs(POW_ZEN4, 2048).scaled(17.0 / 2048.0), 2);
        assert_eq!((public.calls, public.spread), (vec![(Eight, 8)], false));
    }
}
