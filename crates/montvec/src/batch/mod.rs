//! Batches: many modular exponentiations (or multiplications) at once, on the word-sliced
//! SIMD engines of seed 001.
//!
//! Jobs may mix moduli of any sizes: they are grouped by limb count, each group filled up to
//! the engine's lane count (the last one padded), and groups are spread over cores with rayon.
//! Results come back in input order.
//!
//! | [`Engine`] | lanes | needs |
//! |---|---|---|
//! | `Ifma512` | 8 (16 up to 13 digits) | AVX-512 F/IFMA/VL (the default on [`Backend::Ifma`]) |
//! | `Ifma256` | 4 | the same, in 256-bit registers |
//! | `Ifma256Split` | 2 jobs, each in a pair of lanes | the same, in 256-bit registers |
//! | `Ifma512Split` | 4 jobs, each in a pair of lanes | the same, in 512-bit registers |
//! | `Avx2` | 4 | AVX2 (`vpmuludq`; the default on [`Backend::Avx2`]) |
//! | `Scalar` | 1 | nothing: [`Modulus::pow`] job by job (the default elsewhere) |
//!
//! Moduli above [`MAX_SIMD_BITS`] run on the scalar engine whatever the choice. With no engine
//! asked for on `Ifma512`, the exponentiations of one size are cut into calls of eight lanes, of
//! four (`Ifma256`), of two jobs split across lane pairs (`Ifma256Split`, up to 2048-bit moduli)
//! and single exponentiations, whichever end soonest on the workers at hand by the measured costs
//! of each call on this kind of CPU (`plan`): a few jobs run one at a time (up to four at 3072 bits
//! on Zen 5), in a split call or in four lanes rather than in mostly empty lanes (two 1024-bit jobs
//! on Zen 4, one thread: 193 us split, 292 in four lanes, 264 one at a time; on two workers one
//! each, 146), and on Zen 4, whose eight lanes cost two calls of four, five jobs take four lanes
//! and one alone, and two workers take two calls of four side by side. Each worker takes the next
//! call, the largest first; calls go to the workers only where that pays for the handoff. Products
//! ([`mul_mod`], [`mul_montgomery`]) are planned the same way with their own costs: one to four
//! products run one at a time on Zen 5, and on Zen 4 one or two (before, a single 2048-bit product
//! took an 8-lane call, 7.26 us against 2.12 one at a time). An explicit engine is always used as
//! asked. Where the default is `Avx2` (AVX2 without AVX-512), a group takes the four lanes only
//! where they beat its jobs one at a time (full groups above 512 bits when the scalar path has an
//! ADX kernel; full groups above 256 bits and groups of three above 448 when it has none:
//! `avx2_default_for_group`), and products ([`mul_mod`]) run one at a time unless the engine is
//! asked for: on an AMD EPYC Zen 3 the lanes were 0.52x one at a time at 256 bits, 0.77x at
//! 512, 1.18x at 1024 and 1.32x at 2048, and a single RSA-2048 private operation (its halves
//! then one at a time) went from 1563 to 727 us. On `Ifma512`, moduli of at
//! most 13 digits of 52 bits (640 bits) go sixteen to a group, in pairs of zmm registers, when
//! there are more such jobs than groups of eight on every thread would hold (on one thread: more
//! than eight): at those sizes one register's kernels wait on the quotient chain of each reduction
//! step, and the second register's independent instructions fill the waits (16 jobs per call
//! against two groups of 8, paired whole-process runs on Zen 5: 1.31x at 512 bits, 1.07x at 640,
//! 0.99x at 768, 0.78x at 1024, where the pairs' accumulators no longer fit the register file).
//!
//! ```
//! use montvec::{batch, Modulus, Nat};
//! # fn main() -> Result<(), montvec::Error> {
//! let n = Modulus::new(&Nat::from_hex("c5a3b1e7d9f3")?)?;
//! let m = Modulus::new(&Nat::from_u64(1_000_003))?;
//! let (b, e) = (Nat::from_u64(2), Nat::from_u64(10));
//! let jobs = [batch::Job::new(&n, &b, &e), batch::Job::new(&m, &e, &b)];
//! let out = batch::pow(&jobs)?;
//! assert_eq!(out[0].to_hex_vartime(), "400");
//! assert_eq!(out[1].to_hex_vartime(), "64"); // 10^2 mod 1000003 = 100
//! # Ok(()) }
//! ```

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
// The radix-2^52 constants and the word-sliced layout serve the x86-64 SIMD engines; other
// targets compile and test them but run the scalar engine.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) mod constants;
#[cfg(target_arch = "x86_64")]
pub(crate) mod ifma;
#[cfg(target_arch = "x86_64")]
pub(crate) mod lanes;
mod plan;
mod reduction;
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) mod sliced;

use std::borrow::Cow;

use rayon::prelude::*;

use crate::backend::Backend;
use crate::error::Error;
#[cfg(target_arch = "x86_64")]
use crate::limb::Limb;
use crate::modulus::{Modulus, MontElem};
use crate::nat::Nat;

pub use self::reduction::Reduction;

/// The most worker threads [`Options::threads`] may ask for (a pool's threads live as long as
/// the pool is kept: see [`on_threads`]).
pub const MAX_THREADS: usize = 1024;

/// Thread pools [`on_threads`] keeps, one per thread count, the least recently built dropped
/// first (its threads end once no batch runs on it).
const KEPT_POOLS: usize = 4;

/// The largest modulus the SIMD engines take; larger ones run on the scalar engine.
pub const MAX_SIMD_BITS: usize = 8192;

/// The largest modulus the split engines ([`Engine::Ifma256Split`], [`Engine::Ifma512Split`])
/// split across a pair of lanes: 32 limbs, 40 digits of 52 bits (RSA-4096's halves). Larger
/// ones are held in pairs of lanes but reduced whole in each, at the cost of a full call.
pub const MAX_SPLIT_BITS: usize = 2048;

/// How the jobs of a batch are computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// One job at a time with [`Modulus::pow`] (each job's own algorithm and backend).
    Scalar,
    /// Four lanes in 256-bit registers with `vpmuludq` (AVX2).
    Avx2,
    /// Four lanes in 256-bit registers with AVX-512VL IFMA.
    Ifma256,
    /// Eight lanes in 512-bit registers with AVX-512 IFMA.
    Ifma512,
    /// Two jobs in 256-bit registers with AVX-512VL IFMA, each in a pair of lanes that split
    /// its products' digits between them (`ifma/split.rs`): for one or two jobs, which would
    /// leave the other lanes of [`Engine::Ifma256`] idle. Up to [`MAX_SPLIT_BITS`]; larger
    /// moduli are held in pairs too but each lane reduces them whole (correct, at a 4-lane
    /// call's cost). Like every engine, it leaks only the sizes.
    Ifma256Split,
    /// Four jobs in 512-bit registers, each in a pair of lanes, as [`Engine::Ifma256Split`].
    Ifma512Split,
}

impl Engine {
    /// Every engine this build knows.
    pub const ALL: [Engine; 6] = [
        Engine::Scalar,
        Engine::Avx2,
        Engine::Ifma256,
        Engine::Ifma512,
        Engine::Ifma256Split,
        Engine::Ifma512Split,
    ];

    /// The lowercase name used on the command line and in benchmark rows.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Scalar => "scalar",
            Engine::Avx2 => "avx2",
            Engine::Ifma256 => "ifma256",
            Engine::Ifma512 => "ifma512",
            Engine::Ifma256Split => "ifma256-split",
            Engine::Ifma512Split => "ifma512-split",
        }
    }

    /// Jobs computed together.
    pub fn lanes(self) -> usize {
        match self {
            Engine::Scalar => 1,
            Engine::Ifma256Split => 2,
            Engine::Avx2 | Engine::Ifma256 | Engine::Ifma512Split => 4,
            Engine::Ifma512 => 8,
        }
    }

    /// The backend whose instructions the engine needs; `None` for the scalar engine, which
    /// runs on any (each job on its modulus's own backend).
    pub fn backend(self) -> Option<Backend> {
        match self {
            Engine::Scalar => None,
            Engine::Avx2 => Some(Backend::Avx2),
            Engine::Ifma256 | Engine::Ifma512 | Engine::Ifma256Split | Engine::Ifma512Split => {
                Some(Backend::Ifma)
            }
        }
    }

    /// Whether this CPU runs the engine.
    pub fn is_supported(self) -> bool {
        self.backend()
            .is_none_or(|b| b.is_supported() && cfg!(target_arch = "x86_64"))
    }

    /// The engine a backend runs batches on.
    pub fn for_backend(backend: Backend) -> Engine {
        match backend {
            Backend::Ifma => Engine::Ifma512,
            Backend::Avx2 => Engine::Avx2,
            Backend::Portable | Backend::Adx => Engine::Scalar,
        }
    }
}

impl core::fmt::Display for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Engine {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Engine::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| Error::UnsupportedEngine(s.to_string()))
    }
}

/// Settings of a batch run; `Options::default()` uses every core and the active backend's
/// engine.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Worker threads; `None` for the current rayon pool (rayon's global one, a thread per
    /// core, outside any other). `Some(1)` runs everything on the calling thread. At most
    /// [`MAX_THREADS`].
    pub threads: Option<usize>,
    /// The engine; `None` for [`Engine::for_backend`] of [`Backend::active`].
    pub engine: Option<Engine>,
    /// The IFMA engines' reduction (for benchmarks); `None` for the fastest for the size
    /// (interleaved up to 24 digits, else blocked). Read by the IFMA engines only. A group of
    /// more than eight jobs, which the 8-lane engine runs sixteen at a time in pairs of
    /// registers, runs as two calls of eight with a reduction other than the interleaved one.
    pub reduction: Option<Reduction>,
}

/// One exponentiation: `base^exponent mod modulus`.
#[derive(Clone, Copy)]
pub struct Job<'a> {
    modulus: &'a Modulus,
    base: &'a Nat,
    exponent: &'a Nat,
}

impl<'a> Job<'a> {
    /// `base^exponent mod modulus`; `base` of any size (reduced first), any exponent.
    pub fn new(modulus: &'a Modulus, base: &'a Nat, exponent: &'a Nat) -> Self {
        Job {
            modulus,
            base,
            exponent,
        }
    }
}

/// One product: `a * b mod modulus`.
#[derive(Clone, Copy)]
pub struct MulJob<'a> {
    modulus: &'a Modulus,
    a: &'a Nat,
    b: &'a Nat,
}

impl<'a> MulJob<'a> {
    /// `a * b mod modulus`, for `a` and `b` of any size (reduced first).
    pub fn new(modulus: &'a Modulus, a: &'a Nat, b: &'a Nat) -> Self {
        MulJob { modulus, a, b }
    }
}

/// `base^exponent mod modulus` for every job, in input order, on every core with the active
/// backend's engine. Constant time per job as [`Modulus::pow`].
///
/// ```
/// use montvec::{batch, Modulus, Nat};
/// # fn main() -> Result<(), montvec::Error> {
/// // Jobs of mixed sizes and moduli: grouped by size, answered in input order.
/// let small = Modulus::new(&Nat::from_u64(197))?;
/// let big = Modulus::new(&Nat::from_hex(&"f".repeat(256))?)?; // 2^1024 - 1
/// let (three, hundred) = (Nat::from_u64(3), Nat::from_u64(100));
/// let modulus = |i: usize| if i % 2 == 0 { &small } else { &big };
/// let jobs: Vec<batch::Job<'_>> =
///     (0..10).map(|i| batch::Job::new(modulus(i), &three, &hundred)).collect();
/// let out = batch::pow(&jobs)?;
/// for (i, y) in out.iter().enumerate() {
///     assert_eq!(*y, modulus(i).pow(&three, &hundred));
/// }
/// assert_eq!(out[0].to_decimal_vartime(), "188"); // 3^100 mod 197
/// # Ok(()) }
/// ```
///
/// Errors: [`Error::UnsupportedBackend`] (a bad `MONTVEC_BACKEND`).
///
/// Leaks: the count of jobs, each modulus's size, each base's announced length (a base longer
/// than its modulus is reduced first, in time that grows with that length), and per group of
/// jobs computed together (same limb count) the longest announced exponent length; nothing of
/// the values of bases, exponents or moduli.
pub fn pow(jobs: &[Job<'_>]) -> Result<Vec<Nat>, Error> {
    pow_with(jobs, &Options::default())
}

/// [`pow`] with explicit [`Options`].
///
/// Errors: [`Error::UnsupportedEngine`] when the engine does not run on this CPU,
/// [`Error::UnsupportedBackend`] (a bad `MONTVEC_BACKEND`),
/// [`Error::Threads`] when `threads` is zero or above [`MAX_THREADS`], or the pool cannot
/// start.
///
/// Leaks: as [`pow`], and the options.
pub fn pow_with(jobs: &[Job<'_>], options: &Options) -> Result<Vec<Nat>, Error> {
    powers(jobs, options, Exponents::Secret)
}

/// `base^exponent mod modulus` for every job, as [`pow`], for **public** exponents (RSA's
/// e, signature verification): square-and-multiply over the exponents' bits, so a batch of
/// jobs sharing e = 65537 costs 16 squarings and one product per lane instead of a fixed
/// window over the exponent's announced length. On the scalar and AVX2 engines each job runs
/// [`Modulus::pow_vartime`].
///
/// ```
/// use montvec::{batch, Modulus, Nat};
/// # fn main() -> Result<(), montvec::Error> {
/// let n = Modulus::new(&Nat::from_hex("c5a3b1e7d9f3")?)?;
/// let (b, e) = (Nat::from_u64(2), Nat::from_u64(65537));
/// let jobs = [batch::Job::new(&n, &b, &e)];
/// assert_eq!(batch::pow_vartime(&jobs)?[0], n.pow_vartime(&b, &e));
/// # Ok(()) }
/// ```
///
/// Errors: as [`pow`].
///
/// Leaks: the exponents (their bits choose the operations), the count of jobs, each modulus's
/// size and each base's announced length; nothing of the values of bases or moduli.
pub fn pow_vartime(jobs: &[Job<'_>]) -> Result<Vec<Nat>, Error> {
    pow_vartime_with(jobs, &Options::default())
}

/// [`pow_vartime`] with explicit [`Options`].
///
/// Errors: as [`pow_with`].
///
/// Leaks: as [`pow_vartime`], and the options.
pub fn pow_vartime_with(jobs: &[Job<'_>], options: &Options) -> Result<Vec<Nat>, Error> {
    powers(jobs, options, Exponents::Public)
}

/// Whether the exponents of [`powers`] are secret (constant-time schedule) or public.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Exponents {
    Secret,
    Public,
}

/// [`pow_with`] and [`pow_vartime_with`].
fn powers(jobs: &[Job<'_>], options: &Options, exponents: Exponents) -> Result<Vec<Nat>, Error> {
    let engine = resolve(options)?;
    let prepared: Vec<(&Modulus, &Nat, &Nat)> = jobs
        .iter()
        .map(|j| (j.modulus, j.base, j.exponent))
        .collect();
    run_grouped(
        &prepared,
        |j| j.0,
        engine,
        options,
        options.engine.is_none().then_some(plan::Work::Powers),
        // The planned costs are for an exponent as long as the modulus; the work grows with
        // the exponent's announced length (secret) or its bits (public, e = 65537: 17).
        |j| {
            let exponent_bits = match exponents {
                Exponents::Secret => 64 * j.2.limb_len(),
                Exponents::Public => j.2.bit_length_vartime(),
            };
            exponent_bits as f64 / (64 * j.0.limbs()) as f64
        },
        |engine, group: &[&(&Modulus, &Nat, &Nat)]| {
            // The lanes take bases below their modulus; `Modulus::pow` reduces its own.
            #[cfg(target_arch = "x86_64")]
            let reduced = || -> Vec<Nat> { group.iter().map(|j| j.0.reduce(j.1)).collect() };
            match engine {
                #[cfg(target_arch = "x86_64")]
                Engine::Ifma512 | Engine::Ifma256 | Engine::Ifma256Split | Engine::Ifma512Split => {
                    // The IFMA lanes take any base of at most k limbs as it is (the first
                    // product, by R^2 mod N, maps x < 2^(64k) <= R / 4 below 2N): only longer
                    // bases are reduced (their announced length, public, decides).
                    let reduced: Vec<Option<Nat>> = group
                        .iter()
                        .map(|j| (j.1.limb_len() > j.0.limbs()).then(|| j.0.reduce(j.1)))
                        .collect();
                    ifma_group(engine, options, &moduli(group), |lanes| {
                        let bases: Vec<&[Limb]> = group
                            .iter()
                            .zip(&reduced)
                            .map(|(j, r)| r.as_ref().unwrap_or(j.1).as_limbs())
                            .collect();
                        let exps: Vec<&[Limb]> = group.iter().map(|j| j.2.as_limbs()).collect();
                        match exponents {
                            Exponents::Secret => lanes.pow(&bases, &exps),
                            Exponents::Public => lanes.pow_vartime(&bases, &exps),
                        }
                    })
                }
                _ if exponents == Exponents::Public => {
                    group.iter().map(|j| j.0.pow_vartime(j.1, j.2)).collect()
                }
                #[cfg(target_arch = "x86_64")]
                Engine::Avx2 => {
                    let reduced = reduced();
                    let bases: Vec<&[Limb]> = reduced.iter().map(|b| b.as_limbs()).collect();
                    // One announced exponent length for the group: the longest, zero-padded.
                    let len = group.iter().map(|j| j.2.limb_len()).max().unwrap_or(0);
                    let padded: Vec<Nat> = group.iter().map(|j| j.2.resized(len)).collect();
                    let exps: Vec<&[Limb]> = padded.iter().map(|e| e.as_limbs()).collect();
                    avx2_lanes(&moduli(group))
                        .pow(&bases, &exps)
                        .into_iter()
                        .map(Nat::from_limbs)
                        .collect()
                }
                _ => group.iter().map(|j| j.0.pow(j.1, j.2)).collect(),
            }
        },
    )
}

/// The engine [`pow`] runs `jobs` exponentiations modulo `bits`-bit moduli on, all of one
/// size, when no engine is asked for, on one worker: the active backend's
/// ([`Engine::for_backend`]), or where its lanes would lose to one at a time for that count
/// and size, [`Engine::Scalar`] (or on IFMA, [`Engine::Ifma256`] or [`Engine::Ifma256Split`]
/// where four lanes or a split call win: the calls planned from measured costs, in the module
/// documentation). When the jobs take calls of more than one engine, the engine of the
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

/// The engine [`pow`] and [`pow_vartime`] give a group of `count` jobs of `bits` bits when no
/// engine is asked for and the default is [`Engine::Avx2`]: its four lanes when they beat
/// `count` exponentiations one at a time, else [`Engine::Scalar`]. A 4-lane call costs about
/// the same whatever its count, so with r = one exponentiation's time / a lane's, four lanes
/// win for count r > 4.
///
/// Measured on an AMD EPYC with AVX2 and ADX but no AVX-512 (2026-11-23, `montvec bench
/// --ops batch --backends portable,avx2`, one core, one run; r as defined): where the scalar
/// path has an ADX kernel (its own or padded to one), r = 0.84 at 1024 bits, 0.99 at 1536,
/// 0.81 at 960, 1.16-1.36 at 1152-1280, 1.08 at 2048, 1.33 at 1792, 1.17 at 3072, 1.59 at
/// 2560 and 1.25 at 4096; elsewhere (REDC, or no ADX) r = 0.42 at 256 bits, 0.77 at 512,
/// 0.93-0.94 at 640-768, 1.03 at 896, 1.29 at 1024 and 1.75-2.05 from 1536 to 3072. Four
/// lanes therefore take full groups where r > 1, and groups of three where r > 4/3. At 2048
/// bits, r = 1.08 in that one run, but 0.975-0.985 in five runs on the same kind of CPU
/// (2026-11-29, `montvec bench --ops batch --sizes 2048`: lanes 2.098-2.120 ms, scalar
/// 2.063-2.069 ms an exponentiation), and RSA-4096's batched private operations (2048-bit
/// halves) took 4.358 ms against 4.256 one at a time: the sizes with an ADX kernel of their
/// own (not padded) stay scalar up to 2048 bits. With the kernels for 20 and 40 limbs (the
/// same day, one run): 1280 bits, 20 limbs, lanes 692.7 against 635.0 us one at a time (r =
/// 0.92); 1088 bits, padded to 20, 475.3 against 552.8 (1.16); 1152 bits, padded, 546.0
/// against 567.3 (1.04); 1216 bits, padded, 611.8 against 599.7 (0.98: the lanes lose by 2%
/// there, left as it is); 2304 bits, padded to 40, 2.775 against 3.519 ms (1.27); 2560 bits,
/// 40 limbs, 3.713 against 3.911 (1.05).
///
/// Then the lanes took digits of 28 bits up to 3,520 bits and 27 above (`avx2::digit_bits_for`;
/// 26 before), 9-12% fewer products from 1536 bits (the same kind of CPU, 2026-11-29, `montvec
/// bench --ops batch`, one run, lanes against one at a time): 1088 bits 449.3 against 542.6 us
/// (r = 1.21), 1152 503.4 / 571.4 (1.14), 1216 530.1 / 601.4 (1.13), 1280 622.7 / 637.2
/// (1.02), 1536 945.7 / 924.2 (0.98), 1792 1.345 / 1.820 ms (1.35), 2048 1.914 / 2.078 (1.09;
/// 1.999 and 1.910 against 2.079 and 2.104 in two more runs), 2304 2.548 / 3.532 (1.39), 2560
/// 3.264 / 3.945 (1.21), 3072 5.290 / 6.654 (1.26), 4096 12.03 / 15.36 (1.28). Sizes with an
/// ADX kernel of their own now stay scalar only up to 1536 bits (1280 is a tie, 1536 a loss).
///
/// Then the lanes took R mod n and R^2 mod n from each `Modulus` (computed once) instead of
/// computing them per call, 2.5-4% faster per lane (the same kind of CPU, 2026-11-29, three
/// runs): 1280 bits 595.5-599.3 us against 624.1-626.4 (r = 1.05), 1536 907.8-911.2 against
/// 914.7-915.1 (1.005, a tie). So 1280 bits (20 limbs) takes the lanes; 1536 (24 limbs,
/// RSA-3072's halves) stays scalar.
///
/// Then the lanes read zero-padded operands instead of summing each block's edges by code of
/// their own, and took digits of 28 bits at every size up to 3,520 bits (`avx2::redc`), 0.59x
/// the time per lane at 512 bits, 0.73x at 1024, 0.82x at 2048 and 0.92x at 4096 (paired runs,
/// 2026-12-02, an AMD EPYC Zen 3). `montvec bench --ops batch`, one core, medians of three runs:
/// with ADX kernels r = 0.77 at 512 bits, 1.27 at 576, 1.14 at 640, 1.16 at 768, 1.39 at 896,
/// 1.18 at 1024, 1.24 at 1536 and 1.32 at 2048; without (`--backends portable,avx2`, two
/// runs) r = 0.85-0.94 at 256 bits, 1.30 at 384, 1.27 at 448, 1.4-1.6 at 512, 1.5 at 640 and
/// 768, 1.4-1.8 at 1024. So with ADX a full group takes the lanes above 512 bits (the 8-limb
/// fused kernel keeps 512 and below); without, full groups from 257 bits and groups of three
/// from 449.
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

/// `a * b mod modulus` for every job, in input order, batched like [`pow`] (each product is
/// two almost-Montgomery products in the lanes; operands longer than the modulus's limb
/// count are reduced first, the others go into the lanes as they are).
///
/// ```
/// use montvec::batch::{self, MulJob};
/// use montvec::{Modulus, Nat};
/// # fn main() -> Result<(), montvec::Error> {
/// let m = Modulus::new(&Nat::from_u64(1_000_003))?;
/// let (a, b, big) = (Nat::from_u64(1234), Nat::from_u64(5678), Nat::from_u64(u64::MAX));
/// let out = batch::mul_mod(&[MulJob::new(&m, &a, &b), MulJob::new(&m, &big, &big)])?;
/// assert_eq!(out[0], Nat::from_u64(1234 * 5678 % 1_000_003));
/// let max = u64::MAX as u128 % 1_000_003;
/// assert_eq!(out[1], Nat::from_u64((max * max % 1_000_003) as u64));
/// # Ok(()) }
/// ```
///
/// Errors: as [`pow`].
///
/// Leaks: the count of jobs, each modulus's size and each operand's announced length (an
/// operand longer than its modulus is reduced first).
pub fn mul_mod(jobs: &[MulJob<'_>]) -> Result<Vec<Nat>, Error> {
    mul_mod_with(jobs, &Options::default())
}

/// [`mul_mod`] with explicit [`Options`].
///
/// Errors: as [`pow_with`].
///
/// Leaks: as [`mul_mod`], and the options.
pub fn mul_mod_with(jobs: &[MulJob<'_>], options: &Options) -> Result<Vec<Nat>, Error> {
    let prepared: Vec<Operands<'_>> = jobs
        .iter()
        .map(|j| (j.modulus, Cow::Borrowed(j.a), Cow::Borrowed(j.b)))
        .collect();
    products(&prepared, options, Product::Standard)
}

/// `a^2 mod modulus` for every `(modulus, a)`, in input order.
///
/// Errors: as [`pow`].
///
/// Leaks: as [`mul_mod`].
pub fn square_mod(jobs: &[(&Modulus, &Nat)]) -> Result<Vec<Nat>, Error> {
    square_mod_with(jobs, &Options::default())
}

/// [`square_mod`] with explicit [`Options`].
///
/// Errors: as [`pow_with`].
///
/// Leaks: as [`square_mod`], and the options.
pub fn square_mod_with(jobs: &[(&Modulus, &Nat)], options: &Options) -> Result<Vec<Nat>, Error> {
    let muls: Vec<MulJob<'_>> = jobs.iter().map(|&(m, a)| MulJob::new(m, a, a)).collect();
    mul_mod_with(&muls, options)
}

/// The Montgomery product `a * b / R mod modulus` of elements of each job's modulus (as
/// [`Modulus::mul`], batched: the elements' values, whatever the modulus's algorithm, go
/// through the lanes and come back as elements of that modulus).
///
/// Errors: [`Error::ForeignElement`] when an element belongs to another modulus,
/// [`Error::ZeroizedElement`] when one was zeroized, and those of [`pow_with`].
///
/// Leaks: the count of jobs and each modulus's size.
pub fn mul_montgomery(
    jobs: &[(&Modulus, &MontElem, &MontElem)],
    options: &Options,
) -> Result<Vec<MontElem>, Error> {
    let prepared = jobs
        .iter()
        .map(|&(m, a, b)| {
            let (a, b) = (m.to_standard_form(a)?, m.to_standard_form(b)?);
            Ok((m, Cow::Owned(a), Cow::Owned(b)))
        })
        .collect::<Result<Vec<Operands<'_>>, Error>>()?;
    let out = products(&prepared, options, Product::Montgomery)?;
    Ok(jobs
        .iter()
        .zip(out)
        .map(|(&(m, _, _), x)| m.elem_from_shared(x.as_limbs().to_vec()))
        .collect())
}

/// The Montgomery square `a * a / R mod modulus` of each element, batched as
/// [`mul_montgomery`].
///
/// Errors: as [`mul_montgomery`].
///
/// Leaks: as [`mul_montgomery`].
pub fn square_montgomery(
    jobs: &[(&Modulus, &MontElem)],
    options: &Options,
) -> Result<Vec<MontElem>, Error> {
    let muls: Vec<(&Modulus, &MontElem, &MontElem)> =
        jobs.iter().map(|&(m, a)| (m, a, a)).collect();
    mul_montgomery(&muls, options)
}

/// Which product [`products`] computes of two values below n.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Product {
    /// `a b mod n`.
    Standard,
    /// `a b / R64 mod n`, R64 = 2^(64k): the scalar Montgomery form.
    Montgomery,
}

/// One product's modulus and operands, borrowed from the caller or computed for it.
type Operands<'a> = (&'a Modulus, Cow<'a, Nat>, Cow<'a, Nat>);

/// Products of `(modulus, a, b)`, grouped and batched: `a, b` of any size for
/// [`Product::Standard`] (reduced where the lanes need it), below the modulus for
/// [`Product::Montgomery`].
fn products(
    prepared: &[Operands<'_>],
    options: &Options,
    kind: Product,
) -> Result<Vec<Nat>, Error> {
    let engine = resolve(options)?;
    run_grouped(
        prepared,
        |j| j.0,
        engine,
        options,
        options.engine.is_none().then_some(plan::Work::Products),
        |_| 1.0,
        |engine, group: &[&Operands<'_>]| match engine {
            #[cfg(target_arch = "x86_64")]
            Engine::Ifma512 | Engine::Ifma256 | Engine::Ifma256Split | Engine::Ifma512Split => {
                let (a, b) = lane_operands(group, kind, engine);
                ifma_group(engine, options, &moduli(group), |lanes| {
                    let a: Vec<&[Limb]> = a.iter().map(|x| x.as_limbs()).collect();
                    let b: Vec<&[Limb]> = b.iter().map(|x| x.as_limbs()).collect();
                    match kind {
                        Product::Standard => lanes.mul_mod(&a, &b),
                        Product::Montgomery => lanes.mont_mul(&a, &b),
                    }
                })
            }
            // Only when asked for: the lanes' per-call set-up (R mod n, R^2 mod n per lane)
            // outweighs one product, 75 against 7 us for four 1024-bit products and 1110
            // against 66 us at 4096 bits (AMD EPYC, AVX2 without AVX-512, one core, 2026-11-23).
            #[cfg(target_arch = "x86_64")]
            Engine::Avx2 if kind == Product::Standard && options.engine == Some(Engine::Avx2) => {
                let (a, b) = lane_operands(group, kind, engine);
                let a: Vec<&[Limb]> = a.iter().map(|x| x.as_limbs()).collect();
                let b: Vec<&[Limb]> = b.iter().map(|x| x.as_limbs()).collect();
                avx2_lanes(&moduli(group))
                    .mul_mod(&a, &b)
                    .into_iter()
                    .map(Nat::from_limbs)
                    .collect()
            }
            // (The AVX2 lanes have no Montgomery-form product: those run one at a time.)
            _ => group
                .iter()
                .map(|&(m, a, b)| scalar_product(m, a, b, kind))
                .collect(),
        },
    )
}

/// A group's operands as `engine`'s lanes take them. The IFMA lanes take any operand of at
/// most k limbs as it is ([`ifma::IfmaLanes::mul_mod`] multiplies by R^2 first): only longer
/// ones are reduced (their announced length, public, decides), as for an exponentiation's
/// base. The AVX2 lanes take operands below the modulus: [`Product::Standard`]'s are reduced.
/// [`Product::Montgomery`]'s are shared forms, below n already.
///
/// Measured (Zen 5, one core, 8 products of one modulus a call, ns a product): reducing every
/// operand on the scalar engine first (two Montgomery products an operand) made the batch
/// 2-4x slower than one product at a time, 1310 against 596 at 1024 bits and 6920 against
/// 1806 at 3072.
#[cfg(target_arch = "x86_64")]
fn lane_operands<'a>(
    group: &[&'a Operands<'a>],
    kind: Product,
    engine: Engine,
) -> (Vec<Cow<'a, Nat>>, Vec<Cow<'a, Nat>>) {
    let lanes_take = |m: &Modulus, x: &'a Nat| -> Cow<'a, Nat> {
        let reduce = match kind {
            Product::Standard => engine == Engine::Avx2 || x.limb_len() > m.limbs(),
            Product::Montgomery => false,
        };
        if reduce {
            Cow::Owned(m.reduce(x))
        } else {
            Cow::Borrowed(x)
        }
    };
    group
        .iter()
        .map(|(m, a, b)| (lanes_take(m, a), lanes_take(m, b)))
        .unzip()
}

/// One product on the scalar engine.
fn scalar_product(m: &Modulus, a: &Nat, b: &Nat, kind: Product) -> Nat {
    let (x, y) = match kind {
        // a R and b R: their Montgomery product is a b R, whose value out of the form is a b.
        Product::Standard => (m.to_montgomery(a), m.to_montgomery(b)),
        Product::Montgomery => (
            m.elem_from_shared(a.as_limbs().to_vec()),
            m.elem_from_shared(b.as_limbs().to_vec()),
        ),
    };
    let p = m
        .mul(&x, &y)
        .unwrap_or_else(|_| unreachable!("elements of m"));
    let out = match kind {
        Product::Standard => m.from_montgomery(&p),
        Product::Montgomery => m.to_standard_form(&p),
    };
    out.unwrap_or_else(|_| unreachable!("elements of m"))
}

/// The engine to use: the option if it runs here, else the active backend's.
fn resolve(options: &Options) -> Result<Engine, Error> {
    resolve_among(options, Engine::is_supported)
}

/// [`resolve`] with the engines this CPU runs given by `supported` (tests refuse every engine
/// with it, on a CPU that runs them all).
fn resolve_among(options: &Options, supported: impl Fn(Engine) -> bool) -> Result<Engine, Error> {
    let engine = match options.engine {
        Some(e) => e,
        None => Engine::for_backend(Backend::active()?),
    };
    if !supported(engine) {
        return Err(Error::UnsupportedEngine(engine.name().to_string()));
    }
    // Checked here, for every batch: `on_threads` checks it too, but only batches spread over
    // workers reach it, so that 5000 threads were refused or not by the jobs' count and sizes.
    thread_count_allowed(options.threads)?;
    Ok(engine)
}

/// Group `items` by their modulus's limb count into the calls of [`calls_of_size`] (`planned`
/// work when no engine is asked for, the size's largest `weight` scaling its costs), run `f`
/// on each group over the thread pool (on the calling thread for a single group, or where
/// every size's split keeps its calls there), and put the results back in input order.
fn run_grouped<T: Sync>(
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
fn thread_count_allowed(threads: Option<usize>) -> Result<(), Error> {
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

/// Moduli of at most this many digits run sixteen to a group on the 8-lane IFMA engine, in
/// pairs of zmm registers ([`lanes::Pair`]; measured in the module doc).
const PAIRED_DIGITS: usize = 13;

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

/// The moduli of a group's jobs.
#[cfg(target_arch = "x86_64")]
fn moduli<'a, A, B>(group: &[&'a (&'a Modulus, A, B)]) -> Vec<&'a Modulus> {
    group.iter().map(|j| j.0).collect()
}

/// The AVX2 lanes for `moduli` (all of one limb count).
#[cfg(target_arch = "x86_64")]
fn avx2_lanes(moduli: &[&Modulus]) -> avx2::Avx2Lanes {
    let token = crate::backend::Avx2Token::detect()
        .unwrap_or_else(|| unreachable!("Engine::is_supported checked AVX2"));
    let moduli: Vec<(&[Limb], &avx2::ModulusConstants)> = moduli
        .iter()
        .map(|m| (m.modulus_limbs(), m.avx2_constants()))
        .collect();
    avx2::Avx2Lanes::from_cached(token, moduli[0].0.len(), &moduli)
}

/// Run `f` on the IFMA lanes prepared for `moduli` (all of one limb count).
#[cfg(target_arch = "x86_64")]
fn ifma_group(
    engine: Engine,
    options: &Options,
    moduli: &[&Modulus],
    f: impl FnOnce(&dyn IfmaRun) -> Vec<Vec<Limb>>,
) -> Vec<Nat> {
    let token = crate::backend::IfmaToken::detect()
        .unwrap_or_else(|| unreachable!("Engine::is_supported checked IFMA"));
    let limbs = moduli[0].limbs();
    let moduli: Vec<(&[Limb], &constants::LaneConstants)> = moduli
        .iter()
        .map(|m| (m.modulus_limbs(), m.lane_constants()))
        .collect();
    let moduli = &moduli[..];
    // `None` keeps the lanes' choice for their digit count.
    let out = if engine == Engine::Ifma256Split {
        f(&ifma::IfmaLanes::<lanes::Ymm>::new_split(
            token, limbs, moduli,
        ))
    } else if engine == Engine::Ifma512Split {
        f(&ifma::IfmaLanes::<lanes::Zmm>::new_split(
            token, limbs, moduli,
        ))
    } else if engine == Engine::Ifma512 && moduli.len() > Engine::Ifma512.lanes() {
        // Pairs of registers run the interleaved reduction only (`Lanes::INTERLEAVED_ONLY`):
        // with another one forced, the group runs as two 8-lane calls.
        assert!(constants::digits_for_limbs(limbs) <= PAIRED_DIGITS);
        match options.reduction {
            None | Some(Reduction::Interleaved) => f(
                &ifma::IfmaLanes::<lanes::Pair<lanes::Zmm>>::new(token, limbs, moduli),
            ),
            Some(reduction) => {
                let half = |moduli| {
                    let mut lanes = ifma::IfmaLanes::<lanes::Zmm>::new(token, limbs, moduli);
                    lanes.set_reduction(reduction);
                    lanes
                };
                let (low, high) = moduli.split_at(Engine::Ifma512.lanes());
                f(&Halves([half(low), half(high)]))
            }
        }
    } else if engine == Engine::Ifma512 {
        let mut lanes = ifma::IfmaLanes::<lanes::Zmm>::new(token, limbs, moduli);
        if let Some(reduction) = options.reduction {
            lanes.set_reduction(reduction);
        }
        f(&lanes)
    } else {
        let mut lanes = ifma::IfmaLanes::<lanes::Ymm>::new(token, limbs, moduli);
        if let Some(reduction) = options.reduction {
            lanes.set_reduction(reduction);
        }
        f(&lanes)
    };
    out.into_iter().map(Nat::from_limbs).collect()
}

/// The operations a group of lanes runs, whatever its width.
#[cfg(target_arch = "x86_64")]
trait IfmaRun {
    fn pow(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>>;
    fn pow_vartime(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>>;
    fn mul_mod(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>>;
    fn mont_mul(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>>;
}

#[cfg(target_arch = "x86_64")]
impl<V: lanes::Lanes> IfmaRun for ifma::IfmaLanes<V> {
    fn pow(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>> {
        ifma::IfmaLanes::pow(self, bases, exps)
    }
    fn pow_vartime(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>> {
        ifma::IfmaLanes::pow_vartime(self, bases, exps)
    }
    fn mul_mod(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>> {
        ifma::IfmaLanes::mul_mod(self, a, b)
    }
    fn mont_mul(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>> {
        ifma::IfmaLanes::mont_mul(self, a, b)
    }
}

/// A group of 9 to 16 jobs as two 8-lane calls, one after the other: the first eight jobs
/// in the first.
#[cfg(target_arch = "x86_64")]
struct Halves([ifma::IfmaLanes<lanes::Zmm>; 2]);

#[cfg(target_arch = "x86_64")]
type LanesOp = fn(&ifma::IfmaLanes<lanes::Zmm>, &[&[Limb]], &[&[Limb]]) -> Vec<Vec<Limb>>;

#[cfg(target_arch = "x86_64")]
impl Halves {
    /// `op` on each half, the outputs in input order.
    fn each(&self, op: LanesOp, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>> {
        let lanes = Engine::Ifma512.lanes();
        let ((a0, a1), (b0, b1)) = (a.split_at(lanes), b.split_at(lanes));
        let mut out = op(&self.0[0], a0, b0);
        out.extend(op(&self.0[1], a1, b1));
        out
    }
}

#[cfg(target_arch = "x86_64")]
impl IfmaRun for Halves {
    fn pow(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>> {
        self.each(ifma::IfmaLanes::pow, bases, exps)
    }
    fn pow_vartime(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>> {
        self.each(ifma::IfmaLanes::pow_vartime, bases, exps)
    }
    fn mul_mod(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>> {
        self.each(ifma::IfmaLanes::mul_mod, a, b)
    }
    fn mont_mul(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>> {
        self.each(ifma::IfmaLanes::mont_mul, a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::plan::Work;
    use super::{calls_of_size, current_workers, on_threads, resolve, resolve_among, Engine};
    use super::{Error, Options};

    /// An engine the CPU lacks is refused by its name, whatever else the options say; on a
    /// CPU that runs every engine, the refusal is checked with a CPU that runs none.
    #[test]
    fn an_engine_the_cpu_lacks_is_refused() {
        for engine in Engine::ALL {
            for threads in [None, Some(1), Some(0)] {
                let options = Options {
                    engine: Some(engine),
                    threads,
                    ..Options::default()
                };
                assert_eq!(
                    resolve_among(&options, |_| false),
                    Err(Error::UnsupportedEngine(engine.name().to_string())),
                    "{engine}, {threads:?} threads"
                );
                let here = resolve(&options);
                match (engine.is_supported(), threads) {
                    (true, Some(0)) => assert!(matches!(here, Err(Error::Threads(_)))),
                    (true, _) => assert_eq!(here, Ok(engine)),
                    (false, _) => assert_eq!(
                        here,
                        Err(Error::UnsupportedEngine(engine.name().to_string()))
                    ),
                }
            }
        }
    }

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
