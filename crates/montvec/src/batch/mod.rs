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
//! | file | what |
//! |---|---|
//! | `pow.rs`, `product.rs` | the entry points: exponentiations, products |
//! | `engine.rs` | [`Engine`], and the one a batch's [`Options`] choose |
//! | `calls.rs` | jobs grouped by size, cut into calls, run on the workers, put back in order |
//! | `plan.rs` | the measured costs of each kind of call, and the split of a size into calls |
//! | `threads.rs` | worker threads: the kept pools, [`on_threads`], [`current_workers`] |
//! | `group.rs` | one call's lanes on a SIMD engine, built from its moduli's cached constants |
//! | `avx2/`, `ifma/` | the engines |
//! | `constants.rs`, `sliced.rs` | the IFMA engines' per-modulus constants and sliced layout |
//! | `lanes.rs`, `reduction.rs` | the IFMA engines' register widths, their reductions |
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
mod calls;
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) mod constants;
mod engine;
#[cfg(target_arch = "x86_64")]
mod group;
#[cfg(target_arch = "x86_64")]
pub(crate) mod ifma;
#[cfg(target_arch = "x86_64")]
pub(crate) mod lanes;
mod plan;
mod pow;
mod product;
mod reduction;
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) mod sliced;
mod threads;

#[cfg(doc)]
use crate::backend::Backend;
use crate::modulus::Modulus;
use crate::nat::Nat;

pub use self::calls::default_engine;
pub use self::engine::Engine;
pub use self::pow::{pow, pow_vartime, pow_vartime_with, pow_with};
pub use self::product::{
    mul_mod, mul_mod_with, mul_montgomery, square_mod, square_mod_with, square_montgomery,
};
pub use self::reduction::Reduction;
pub use self::threads::{current_workers, on_threads, MAX_THREADS};

/// The largest modulus the SIMD engines take; larger ones run on the scalar engine.
pub const MAX_SIMD_BITS: usize = 8192;

/// The largest modulus the split engines ([`Engine::Ifma256Split`], [`Engine::Ifma512Split`])
/// split across a pair of lanes: 32 limbs, 40 digits of 52 bits (RSA-4096's halves). Larger
/// ones are held in pairs of lanes but reduced whole in each, at the cost of a full call.
pub const MAX_SPLIT_BITS: usize = 2048;

/// Moduli of at most this many digits run sixteen to a group on the 8-lane IFMA engine, in
/// pairs of zmm registers (`lanes::Pair`; measured in the module notes at the top).
const PAIRED_DIGITS: usize = 13;

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
