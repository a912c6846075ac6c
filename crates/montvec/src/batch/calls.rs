//! Which calls a batch's jobs run in: grouped by size, cut into the calls of an engine's lanes
//! (planned from measured costs when no engine is asked for), run on the workers, and put back
//! in input order.

use rayon::prelude::*;

use crate::error::Error;
use crate::modulus::Modulus;
use crate::nat::Nat;

use super::engine::{resolve, Engine};
#[cfg(all(doc, target_arch = "x86_64"))]
use super::lanes;
use super::threads::{current_workers, on_threads};
use super::{constants, plan, Options, MAX_SIMD_BITS, PAIRED_DIGITS};

/// The engine [`pow`](super::pow()) runs `jobs` exponentiations modulo `bits`-bit moduli on, all of
/// one size, when no engine is asked for, on one worker: the active backend's
/// ([`Engine::for_backend`]), or where its lanes would lose to one at a time for that count and
/// size, [`Engine::Scalar`] (or on IFMA, [`Engine::Ifma256`] or [`Engine::Ifma256Split`] where four
/// lanes or a split call win: the calls planned from measured costs, in the [`batch`](super)
/// module's documentation). When the jobs take calls of more than one engine, the engine of the
/// largest call.
///
/// ```
/// use montvec::batch::{self, Engine};
/// # fn main() -> Result<(), montvec::Error> {
/// // A single small exponentiation never takes a lane engine.
/// assert_eq!(batch::default_engine(1, 256)?, Engine::Scalar);
/// # Ok(()) }
/// ```
///
/// Errors: [`Error::UnsupportedBackend`] (a bad `MONTVEC_BACKEND`).
///
/// Leaks: nothing (a function of the public count and size).
pub fn default_engine(jobs: usize, bits: usize) -> Result<Engine, Error> {
    let engine = resolve(&Options::default())?;
    if bits > MAX_SIMD_BITS {
        return Ok(Engine::Scalar);
    }
    let limbs = bits.div_ceil(64);
    // The first call of a plan is a full group from 16 jobs up (the most lanes a call takes);
    // past a few groups the count changes only how many follow, so the plan of at most 1024
    // jobs answers for any count without listing a call per group.
    let split = calls_of_size(
        engine,
        Some(plan::Work::Powers),
        1.0,
        limbs,
        jobs.clamp(1, 1024),
        &|| 1,
    );
    Ok(split.calls.first().map_or(Engine::Scalar, |c| c.0))
}

/// The calls that `count` jobs modulo `limbs`-limb moduli run in, and whether they go to the
/// workers: moduli above [`MAX_SIMD_BITS`] one job a call on the scalar engine; with
/// `planned` work (no engine asked for) on the 8-lane IFMA engine, the split of
/// [`plan::split`] over `workers()` with that work's costs times `weight` (16-lane calls as in
/// [`group_lanes`] where they pay, the rest split as on one worker); on AVX2, exponentiations
/// in calls of four that take the lanes where [`avx2_default_for_group`] says they win and
/// otherwise run one job a call, products four to a scalar call (which computes them one
/// after the other); otherwise calls of [`group_lanes`] jobs on `engine`. Calls not planned
/// go to the workers when there are more than one. `workers` is asked only where the answer
/// can change the calls (asking rayon outside a pool starts its global pool, threads a single
/// operation never uses).
///
/// Leaks: nothing (a function of the public count and size).
#[allow(clippy::integer_division_remainder_used, reason = "public counts")]
fn calls_of_size(
    engine: Engine,
    planned: Option<plan::Work>,
    weight: f64,
    limbs: usize,
    count: usize,
    workers: &dyn Fn() -> usize,
) -> plan::Split {
    let bits = 64 * limbs;
    let chunks = |lanes: usize, engine: Engine| {
        (0..count)
            .step_by(lanes)
            .map(move |start| (engine, lanes.min(count - start)))
    };
    let unplanned = |calls: plan::Calls| plan::Split {
        calls,
        spread: true,
    };
    if bits > MAX_SIMD_BITS {
        return unplanned(vec![(Engine::Scalar, 1); count]);
    }
    let lanes_8 = Engine::Ifma512.lanes();
    match (engine, planned) {
        (Engine::Ifma512, Some(work)) => {
            let costs = plan::costs_here(work, bits).scaled(weight);
            // One job is alone on every worker count.
            let workers = if count > 1 { workers() } else { 1 };
            // Sixteen lanes in pairs of registers, where those pay, take all but the rest.
            let lanes = group_lanes(engine, limbs, count, workers);
            if work == plan::Work::Powers && lanes > lanes_8 {
                let rest = count % lanes;
                let mut calls = vec![(Engine::Ifma512, lanes); count / lanes];
                if rest > lanes_8 {
                    calls.push((Engine::Ifma512, rest));
                } else if rest > 0 {
                    calls.extend(plan::split(rest, costs, 1).calls);
                }
                unplanned(calls)
            } else {
                plan::split(count, costs, workers)
            }
        }
        (Engine::Avx2, Some(plan::Work::Powers)) => unplanned(
            chunks(Engine::Avx2.lanes(), Engine::Avx2)
                .flat_map(|(_, n)| match avx2_default_for_group(n, bits) {
                    Engine::Avx2 => vec![(Engine::Avx2, n)],
                    _ => vec![(Engine::Scalar, 1); n],
                })
                .collect(),
        ),
        (Engine::Avx2, Some(plan::Work::Products)) => {
            unplanned(chunks(Engine::Avx2.lanes(), Engine::Scalar).collect())
        }
        _ => {
            let many = count > lanes_8;
            let lanes = group_lanes(engine, limbs, count, if many { workers() } else { 1 });
            unplanned(chunks(lanes, engine).collect())
        }
    }
}

/// The engine [`pow`](super::pow()) and [`pow_vartime`](super::pow_vartime()) give a group of
/// `count` jobs of `bits` bits when no engine is asked for and the default is [`Engine::Avx2`]: its
/// four lanes when they beat `count` exponentiations one at a time, else [`Engine::Scalar`]. A
/// 4-lane call costs about the same whatever its count, so with r = one exponentiation's time / a
/// lane's, four lanes win for count r > 4.
///
/// The measurements behind the rule, on AMD EPYC Zen 3 machines from 2026-11-23 to 2026-12-03
/// (r at each size, as the lanes changed), are in the AVX2 engine's notes
/// (`docs/batch-avx2.md`, "When a group takes the lanes"): with ADX kernels a full group takes
/// the lanes above 512 bits (the 8-limb fused kernel keeps 512 and below); without, full groups
/// from 257 bits and groups of three from 449.
///
/// Leaks: nothing (a function of the public count and size).
fn avx2_default_for_group(count: usize, bits: usize) -> Engine {
    let fewest = if scalar_has_adx_kernel(bits.div_ceil(64)) {
        (bits > 512).then_some(4)
    } else if bits <= 256 {
        None
    } else {
        Some(if bits <= 448 { 4 } else { 3 })
    };
    if fewest.is_some_and(|f| count >= f) {
        Engine::Avx2
    } else {
        Engine::Scalar
    }
}

/// Whether one exponentiation modulo `k` limbs runs on an ADX kernel (the automatic algorithm
/// on a CPU with ADX), of its own size or with n padded to a kernel's size.
fn scalar_has_adx_kernel(k: usize) -> bool {
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    {
        crate::backend::AdxToken::detect().is_some()
            && (crate::mont::adx::has_kernel(k)
                || crate::mont::adx::padded::padded_len(k).is_some())
    }
    #[cfg(not(all(target_arch = "x86_64", target_os = "linux")))]
    {
        let _ = k;
        false
    }
}

/// Group `items` by their modulus's limb count into the calls of [`calls_of_size`] (`planned`
/// work when no engine is asked for, the size's largest `weight` scaling its costs), run `f`
/// on each group over the thread pool (on the calling thread for a single group, or where
/// every size's split keeps its calls there), and put the results back in input order.
pub(super) fn run_grouped<T: Sync>(
    items: &[T],
    modulus: impl Fn(&T) -> &Modulus + Sync,
    engine: Engine,
    options: &Options,
    planned: Option<plan::Work>,
    weight: impl Fn(&T) -> f64,
    f: impl Fn(Engine, &[&T]) -> Vec<Nat> + Sync,
) -> Result<Vec<Nat>, Error> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&i| core::cmp::Reverse(modulus(&items[i]).limbs()));
    let workers = std::cell::OnceCell::new();
    let workers =
        || *workers.get_or_init(|| options.threads.unwrap_or_else(current_workers).max(1));
    let mut groups: Vec<(Engine, Vec<usize>)> = Vec::new();
    let mut spread = false;
    for same_size in
        order.chunk_by(|&i, &j| modulus(&items[i]).limbs() == modulus(&items[j]).limbs())
    {
        let limbs = modulus(&items[same_size[0]]).limbs();
        let mut rest = same_size;
        // Only a planned split reads the weight.
        let weight = match planned {
            Some(_) => same_size
                .iter()
                .map(|&i| weight(&items[i]))
                .fold(0.0, f64::max),
            None => 1.0,
        };
        let split = calls_of_size(engine, planned, weight, limbs, same_size.len(), &workers);
        spread |= split.spread;
        for (e, n) in split.calls {
            let (group, after) = rest.split_at(n);
            groups.push((e, group.to_vec()));
            rest = after;
        }
    }
    let run = |(e, g): &(Engine, Vec<usize>)| {
        let refs: Vec<&T> = g.iter().map(|&i| &items[i]).collect();
        let out = f(*e, &refs);
        // One result a job: `zip` would quietly drop a surplus (an engine returning its spare
        // lanes) and leave a shortfall as jobs without an answer, every later result moved up.
        assert_eq!(out.len(), g.len(), "one result per job of the call");
        g.clone().into_iter().zip(out)
    };
    // One group cannot be split, one worker has nothing to share, and calls planned to stay
    // on the calling thread do: there, without handing the work to a pool and waiting (about
    // 14 µs a call at 1024 bits, measured in a probe, on a batch whose 8 public-exponent
    // powers take 13 µs).
    let done: Vec<(usize, Nat)> = if groups.len() == 1 || !spread || workers() == 1 {
        groups.iter().flat_map(run).collect()
    } else {
        // Each worker takes the next group in order, the largest moduli first and within a
        // size the largest call first: the list scheduling that `plan::split` plans for.
        // (Rayon's halving of the list would give one worker [four, four, one] and the other
        // [one, one, one]: 4395 us for twelve 2048-bit jobs on Zen 4, planned at 3991.)
        let next = std::sync::atomic::AtomicUsize::new(0);
        let take = || {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            groups.get(i)
        };
        let takers = workers().min(groups.len());
        on_threads(options.threads, || {
            (0..takers)
                .into_par_iter()
                .flat_map_iter(|_| std::iter::from_fn(take).flat_map(run).collect::<Vec<_>>())
                .collect()
        })?
    };
    let mut out: Vec<Option<Nat>> = vec![None; items.len()];
    for (i, x) in done {
        out[i] = Some(x);
    }
    Ok(out.into_iter().flatten().collect())
}

/// The most jobs of one group: the engine's lanes, or twice 8 for the 8-lane IFMA engine on
/// moduli of at most [`PAIRED_DIGITS`] digits when the `jobs` of that size outnumber what
/// `workers` groups of 8 hold (otherwise groups of 8 side by side on the workers finish
/// sooner than fewer groups of 16: 16 jobs at 512 bits on 2 workers take one 8-lane time,
/// about 80 us, against one 16-lane time, about 126).
fn group_lanes(engine: Engine, limbs: usize, jobs: usize, workers: usize) -> usize {
    let lanes = engine.lanes();
    if engine == Engine::Ifma512
        && constants::digits_for_limbs(limbs) <= PAIRED_DIGITS
        && jobs > lanes * workers
    {
        2 * lanes
    } else {
        lanes
    }
}

#[cfg(test)]
mod tests {
    use super::super::plan::Work;
    use super::calls_of_size;
    use crate::batch::Engine;

    /// The calls of one size: alone on the scalar engine above the SIMD sizes; as asked, full
    /// calls of the engine's lanes (sixteen for small moduli with more jobs than eight a
    /// worker); planned, every job placed once, pairs kept, and the rest split.
    #[test]
    fn calls_of_one_size() {
        let one = &|| 1;
        let pows = Some(Work::Powers);
        let calls = |engine, planned, limbs, count| {
            calls_of_size(engine, planned, 1.0, limbs, count, one).calls
        };
        assert_eq!(
            calls(Engine::Ifma512, pows, 129, 3),
            vec![(Engine::Scalar, 1); 3]
        );
        assert_eq!(
            calls(Engine::Ifma512, None, 32, 20),
            vec![
                (Engine::Ifma512, 8),
                (Engine::Ifma512, 8),
                (Engine::Ifma512, 4)
            ]
        );
        assert_eq!(
            calls(Engine::Ifma512, None, 8, 20),
            vec![(Engine::Ifma512, 16), (Engine::Ifma512, 4)]
        );
        // Four 512-bit jobs are cheaper in four lanes than alone or in eight in both tables.
        assert_eq!(
            calls(Engine::Ifma512, pows, 8, 20),
            vec![(Engine::Ifma512, 16), (Engine::Ifma256, 4)]
        );
        assert_eq!(
            calls(Engine::Ifma512, pows, 8, 27),
            vec![(Engine::Ifma512, 16), (Engine::Ifma512, 11)]
        );
        // A single product is never put in lanes.
        assert_eq!(
            calls(Engine::Ifma512, Some(Work::Products), 32, 1),
            vec![(Engine::Scalar, 1)]
        );
        for limbs in [1, 4, 8, 16, 24, 32, 48, 64, 100, 128, 129] {
            for count in 0..=70 {
                for workers in [1, 2, 5] {
                    let w = &|| workers;
                    for (engine, planned) in [
                        (Engine::Ifma512, pows),
                        (Engine::Ifma512, Some(Work::Products)),
                        (Engine::Avx2, pows),
                        (Engine::Avx2, Some(Work::Products)),
                        (Engine::Ifma256, None),
                        (Engine::Scalar, pows),
                    ] {
                        let calls = calls_of_size(engine, planned, 1.0, limbs, count, w).calls;
                        assert_eq!(calls.iter().map(|c| c.1).sum::<usize>(), count);
                        // AVX2's products go four to a scalar call, one after the other.
                        let max = |e: Engine| match e {
                            Engine::Ifma512 => 16,
                            Engine::Scalar if engine == Engine::Avx2 => 4,
                            e => e.lanes(),
                        };
                        assert!(calls.iter().all(|&(e, n)| n >= 1 && n <= max(e)));
                    }
                }
            }
        }
    }

    /// Sixteen-lane groups only when the jobs outnumber what the workers' groups of 8 hold: 16
    /// jobs of 512 bits on 2 workers run as two 8-lane calls side by side (about 80 us), not
    /// as one 16-lane call (about 126 us); a 17th job makes a 16-lane group pay.
    #[test]
    fn sixteen_lanes_only_beyond_eight_jobs_a_worker() {
        let calls = |count, workers: usize| {
            calls_of_size(Engine::Ifma512, None, 1.0, 8, count, &|| workers).calls
        };
        assert_eq!(calls(16, 2), vec![(Engine::Ifma512, 8); 2]);
        assert_eq!(
            calls(17, 2),
            vec![(Engine::Ifma512, 16), (Engine::Ifma512, 1)]
        );
        assert_eq!(calls(24, 3), vec![(Engine::Ifma512, 8); 3]);
        assert_eq!(calls(16, 1), vec![(Engine::Ifma512, 16)]);
    }
}
