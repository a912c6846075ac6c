//! Montgomery multiplication: the parameters every variant shares, the one trait they all
//! implement, and the variants themselves.
//!
//! These are kernels over limb slices, public for the benchmarks and for `montvec-rsa`: their
//! length preconditions are the caller's, checked in debug builds only, and a wrong length
//! may panic or give a wrong result. [`Modulus`](crate::Modulus) and [`Nat`](crate::Nat) are
//! the checked interface.
//!
//! | variant | file | source |
//! |---|---|---|
//! | CIOS, any size | `cios/` | seed 000 Alg. 1 |
//! | IFMA single operand, radix 2^52 | `ifma/` | OpenSSL's rsaz-avx512 layout |
//! | product, two folds, 128-bit-digit Montgomery | `fold/` | seed 003 §III |
//! | product then REDC | `redc.rs` | seeds 004, 002, 001 |
//! | 2-way SIMD D - E split, 32-bit digits | `simd2/` | seed 000 Alg. 2 |
//! | CIOS + squaring, N = 4..64 limbs | `fixed.rs` | seed 000 Alg. 1, §2.3 |
//! | ADX product + REDC, N = 2..8 (fused), 16..64 limbs | `adx/` | seed 000 §2.1, §2.3 |
//!
//! The scalar variants keep elements as k limbs, fully reduced below n, in Montgomery form with
//! R = 2^(64k) (the shared form, also OpenSSL's), except CIOS on the padded ADX kernels (K > k
//! limbs, R = 2^(64K)); IFMA keeps its own (52-bit digits below 2n). Those convert at the edges
//! through [`MontMul::to_own_form`] / [`MontMul::to_shared_form`].
//! Either way tables and exponentiation are shared (see [`crate::exp`]).

// The ADX kernels use ELF assembler directives and System V symbol names: Linux only; other
// x86-64 systems run the portable kernels on Backend::Adx.
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
pub mod adx;
pub mod cios;
pub mod fixed;
pub mod fold;
#[cfg(target_arch = "x86_64")]
pub mod ifma;
pub mod params;
pub mod redc;
pub mod simd2;

use crate::exp::table::MaskedTable;
use crate::limb::Limb;
pub use params::MontParams;

/// One Montgomery multiplication variant: what exponentiation needs from it.
///
/// Elements are in the variant's own form, [`MontMul::elem_len`] words each: for the scalar
/// variants k limbs below n in Montgomery form with R = 2^(64k) (the defaults below); a variant
/// with another radix or R (the IFMA one) overrides the form methods, and exponentiation never
/// looks inside an element. `out` never aliases an input; `scratch` has at least
/// [`MontMul::scratch_len`] limbs and its contents are garbage on entry and exit.
/// Implementations must run in time independent of the values.
pub trait MontMul {
    /// The modulus parameters.
    fn params(&self) -> &MontParams;
    /// Words in one element.
    fn elem_len(&self) -> usize {
        self.params().limbs()
    }
    /// One in the variant's form.
    fn one(&self) -> &[Limb] {
        self.params().one()
    }
    /// An element from the shared form (x R mod n, k limbs, below n).
    fn to_own_form(&self, x: Vec<Limb>) -> Vec<Limb> {
        x
    }
    /// The shared form (x R mod n, k limbs, fully reduced below n) of an element.
    fn to_shared_form(&self, x: Vec<Limb>) -> Vec<Limb> {
        x
    }
    /// The element x R mod n straight from a value x of at most k limbs (any value below
    /// 2^(64k)), where the variant has a shorter way than into the shared form and then its
    /// own (the IFMA variant: one product by R'^2 mod n); `None` otherwise.
    fn own_from_value(&self, x: &[Limb]) -> Option<Vec<Limb>> {
        let _ = x;
        None
    }
    /// The value y / R mod n (k limbs, fully reduced) of an element, where the variant has
    /// a shorter way than through the shared form; `None` otherwise.
    fn value_from_own(&self, y: &[Limb]) -> Option<Vec<Limb>> {
        let _ = y;
        None
    }
    /// The value x y mod n (k limbs, fully reduced) of a value x of at most k limbs (any
    /// value below 2^(64k)) times an element y R mod n, by one Montgomery product of x laid
    /// out as the variant's elements are (x (y R) / R = x y), where the variant allows it;
    /// `None` otherwise. This default is for elements in the shared form, as the defaults of
    /// the conversions above are: where n fills its k limbs, x goes below n by one masked
    /// subtraction and one product gives x y (on Zen 5 at 512 bits, ADX kernel, about 90 ns
    /// against 480 through the form and back). A variant with a form of its own overrides it
    /// (the IFMA variant: x's 52-bit digits).
    fn value_times_own(&self, x: &[Limb], y: &[Limb]) -> Option<Vec<Limb>> {
        let x = zeroize::Zeroizing::new(self.params().reduced_once(x)?);
        let mut xy = vec![0; self.elem_len()];
        crate::scratch::with_limbs(self.scratch_len(), |scratch| {
            self.mul(&mut xy, &x, y, scratch)
        });
        Some(xy)
    }
    /// Whether a power by a public odd exponent should end on [`MontMul::value_times_own`]
    /// (x^(e-1) in the form, times x's value: one product that also leaves the form) rather
    /// than on a product by x's form and the conversion out of the form. True for the shared
    /// form, where the value product is one Montgomery product and the conversion a reduction
    /// saved: `Modulus::pow_vartime` with the CIOS variant took 0.96 / 0.97 / 0.95x the time
    /// at 512 / 1024 / 2048 bits on a Zen 4, and an RSA public operation (e = 65537, ADX
    /// kernels) 0.95 / 0.95 / 0.95 / 0.97x at 1024 / 2048 / 3072 / 4096 bits on a Zen 3
    /// (2026-12-02, medians of 9 to 11 paired runs). A variant whose value product costs more
    /// overrides it.
    fn value_product_ends_powers(&self) -> bool {
        true
    }
    /// Limbs of scratch space [`MontMul::mul`] and [`MontMul::sqr`] need.
    fn scratch_len(&self) -> usize;
    /// `out = a * b / R mod n`.
    fn mul(&self, out: &mut [Limb], a: &[Limb], b: &[Limb], scratch: &mut [Limb]);
    /// `out = a * a / R mod n`.
    fn sqr(&self, out: &mut [Limb], a: &[Limb], scratch: &mut [Limb]);
    /// `x = x^(2^times) / R^(2^times - 1) mod n`: `times` squarings in a row, as the fixed
    /// window runs them; `tmp` has [`MontMul::elem_len`] words. A variant may run the chain
    /// without returning between squarings (the fused ADX kernels loop in place).
    ///
    /// Leaks: `times` (the window width, public).
    fn sqr_times(&self, x: &mut [Limb], times: usize, tmp: &mut [Limb], scratch: &mut [Limb]) {
        sqr_times_by_calls(self, x, times, tmp, scratch);
    }
    /// One step of the fixed window: `times` squarings of x, then the product by the
    /// selected table entry b, so `x = x^(2^times) * b / R^(2^times) mod n`; `tmp` has
    /// [`MontMul::elem_len`] words. A variant may run the whole step in one call (the fused
    /// ADX kernels keep x in their frame throughout).
    ///
    /// Leaks: `times` (the window width, public).
    fn sqr_times_mul(
        &self,
        x: &mut [Limb],
        times: usize,
        b: &[Limb],
        tmp: &mut [Limb],
        scratch: &mut [Limb],
    ) {
        sqr_times_mul_by_calls(self, x, times, b, tmp, scratch);
    }
    /// One step of the fixed window with its lookup: `sel = table[index]` (every entry read,
    /// the wanted one kept by mask: [`MaskedTable::gather`]), then
    /// [`MontMul::sqr_times_mul`] by it; `sel` and `tmp` have [`MontMul::elem_len`] words,
    /// `times` >= 1. A variant may run the lookup inside the step (the fused ADX kernels, with
    /// AVX2, on 16 entries).
    ///
    /// Leaks: `times` and the table's size (public); nothing of `index`.
    #[allow(clippy::too_many_arguments)]
    fn sqr_times_lookup_mul(
        &self,
        x: &mut [Limb],
        times: usize,
        table: &mut MaskedTable,
        index: Limb,
        sel: &mut [Limb],
        tmp: &mut [Limb],
        scratch: &mut [Limb],
    ) {
        lookup_then_sqr_times_mul(self, x, times, table, index, sel, tmp, scratch);
    }
    /// `prod = a * b / R mod n` and `sq = a * a / R mod n`: the two independent products of a
    /// Montgomery-ladder step, which a latency-bound variant may interleave.
    fn mul_and_sqr(
        &self,
        prod: &mut [Limb],
        sq: &mut [Limb],
        a: &[Limb],
        b: &[Limb],
        scratch: &mut [Limb],
    ) {
        self.mul(prod, a, b, scratch);
        self.sqr(sq, a, scratch);
    }
}

/// [`MontMul::sqr_times`] as `times` calls of [`MontMul::sqr`], alternating between `x` and
/// `tmp` rather than copying after each.
///
/// Leaks: `times`.
pub(crate) fn sqr_times_by_calls<M: MontMul + ?Sized>(
    m: &M,
    x: &mut [Limb],
    times: usize,
    tmp: &mut [Limb],
    scratch: &mut [Limb],
) {
    for i in 0..times {
        if i & 1 == 0 {
            m.sqr(tmp, x, scratch);
        } else {
            m.sqr(x, tmp, scratch);
        }
    }
    if times & 1 == 1 {
        x.copy_from_slice(tmp);
    }
}

/// [`MontMul::sqr_times_mul`] as [`MontMul::sqr_times`] then [`MontMul::mul`].
///
/// Leaks: `times`.
pub(crate) fn sqr_times_mul_by_calls<M: MontMul + ?Sized>(
    m: &M,
    x: &mut [Limb],
    times: usize,
    b: &[Limb],
    tmp: &mut [Limb],
    scratch: &mut [Limb],
) {
    m.sqr_times(x, times, tmp, scratch);
    m.mul(tmp, x, b, scratch);
    x.copy_from_slice(tmp);
}

/// [`MontMul::sqr_times_lookup_mul`] as [`MaskedTable::gather`] then
/// [`MontMul::sqr_times_mul`].
///
/// Leaks: `times` and the table's size.
#[allow(clippy::too_many_arguments)]
pub(crate) fn lookup_then_sqr_times_mul<M: MontMul + ?Sized>(
    m: &M,
    x: &mut [Limb],
    times: usize,
    table: &mut MaskedTable,
    index: Limb,
    sel: &mut [Limb],
    tmp: &mut [Limb],
    scratch: &mut [Limb],
) {
    table.gather(sel, index);
    m.sqr_times_mul(x, times, sel, tmp, scratch);
}

/// The variant a `Modulus` runs on, chosen once when it is built; public entry points
/// match on it once and run monomorphised code inside (see the `with_engine!` macro).
#[derive(Clone)]
pub enum Engine {
    /// Generic CIOS.
    Cios(cios::Cios),
    /// Single-operand AVX-512 IFMA, radix 2^52, almost Montgomery.
    #[cfg(target_arch = "x86_64")]
    Ifma(ifma::Ifma),
    /// Folding with a large Montgomery digit.
    Fold(fold::Fold),
    /// Product (Comba / Karatsuba / squaring) then REDC.
    Redc(redc::Redc),
    /// CIOS, portable, length-specific (N = 4..64 limbs).
    Fixed(fixed::FixedMont),
    /// CIOS on the ADX backend: length-specific `mulx`/`adcx`/`adox` kernels.
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    Adx(adx::AdxMont),
    /// CIOS on the ADX backend for the other limb counts from 9 to 127: the next kernel size's
    /// kernels on n padded with zero limbs.
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    AdxPadded(adx::padded::PaddedAdx),
    /// The 2-way D - E split in plain Rust.
    Simd2(simd2::Portable),
    /// The 2-way D - E split on SSE2.
    #[cfg(target_arch = "x86_64")]
    Simd2Sse2(simd2::Sse2),
}

/// Run `$body` with `$m` bound to the concrete variant inside `$engine`.
macro_rules! with_engine {
    ($engine:expr, $m:ident => $body:expr) => {
        match $engine {
            $crate::mont::Engine::Cios($m) => $body,
            #[cfg(target_arch = "x86_64")]
            $crate::mont::Engine::Ifma($m) => $body,
            $crate::mont::Engine::Fold($m) => $body,
            $crate::mont::Engine::Redc($m) => $body,
            $crate::mont::Engine::Fixed($m) => $body,
            #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
            $crate::mont::Engine::Adx($m) => $body,
            #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
            $crate::mont::Engine::AdxPadded($m) => $body,
            $crate::mont::Engine::Simd2($m) => $body,
            #[cfg(target_arch = "x86_64")]
            $crate::mont::Engine::Simd2Sse2($m) => $body,
        }
    };
}
pub(crate) use with_engine;

impl Engine {
    /// The parameters of the modulus.
    pub fn params(&self) -> &MontParams {
        with_engine!(self, m => m.params())
    }
}
