//! Montgomery multiplication on x86-64 with BMI2 and ADX: `mulx` and the two independent carry
//! chains `adcx` (CF) and `adox` (OF), in length-specific kernels for N = 2 to 8, 10, 12, 16, 20,
//! 24, 32, 40, 48, 56, 64, 80, 96 and 128 limbs (128 to 8192 bits). Multiplication is a full
//! product then a reduction (seed 000 §2.1); squaring computes the off-diagonal triangle once and
//! doubles it (seed 000 §2.3) before the same reduction, about 3/4 of a multiplication's word
//! products.
//!
//! | piece | file | sizes |
//! |---|---|---|
//! | fused square / multiply, all in registers | [`fused`] | N = 2 to 8 |
//! | product rows (`.rept`-unrolled) | [`product`] | N even |
//! | product by one Karatsuba step over the rows ([`mul_product_karatsuba`]) | here, on `mul::karatsuba` | N = 32, 40, 48, 56, 64, 80, 96, 128 |
//! | triangle squaring in register blocks of 8 rows | [`sqr_blocked`] | N = 8m, any m |
//! | square by one Karatsuba step over the triangles ([`sqr_product_karatsuba`]) | here, on `mul::karatsuba` | N = 64, 80, 96, 128 |
//! | triangle squaring rows (`.rept`-unrolled) | [`product`] | N = 10, 12, 20 (and any even N not 8m, in tests) |
//! | REDC in register blocks of 8 rows, final subtraction | [`redc_blocked`] | N = 8m, any m |
//! | REDC rows (`.rept`-unrolled) | [`redc`] | N = 10, 12, 20 (and any even N not 8m, in tests) |
//! | the kernels above on n padded with zero limbs | [`padded`] | every other count from 9 to 127 |
//!
//! All `unsafe` of the ADX backend lives in those files; every kernel takes an [`AdxToken`],
//! so none can run on a CPU without the instructions.
//!
//! Leaks: N only (the modulus size); the kernels have no data-dependent branch or address.

mod block_rows;
pub mod fused;
pub mod padded;
pub mod product;
pub mod redc;
pub mod redc_blocked;
pub mod sqr_blocked;

use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::backend::{AdxToken, Avx2Token};
use crate::exp::table::MaskedTable;
use crate::limb::Limb;
use crate::mont::params::MontParams;
use crate::mont::MontMul;
use crate::mul::karatsuba;

/// Limb counts with an ADX kernel: the fused ones ([`fused::SIZES`], 2 to 8) and the row
/// kernels (10, 12 and 20 on the unrolled rows of [`product`] and [`redc`]; 16 and the
/// other multiples of 8 in register blocks).
pub const SIZES: [usize; 20] = [
    2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 20, 24, 32, 40, 48, 56, 64, 80, 96, 128,
];

/// Products of at least this many limbs take one Karatsuba step ([`mul_product_karatsuba`]).
const KARATSUBA_LIMBS: usize = 32;

/// Squares of at least this many limbs take one Karatsuba step ([`sqr_product_karatsuba`]).
const KARATSUBA_SQUARE_LIMBS: usize = 64;

/// Scratch limbs of [`mul_product_karatsuba`] on N limbs: the product's 2N and one step's own.
pub fn karatsuba_scratch_len(n: usize) -> usize {
    2 * n + karatsuba::step_scratch_len(n)
}

/// Whether `k` limbs have an ADX kernel.
pub fn has_kernel(k: usize) -> bool {
    SIZES.contains(&k)
}

/// `out = a * b / R mod n` for N limbs. `t` has at least 3N limbs.
///
/// Leaks: N only.
pub fn mont_mul<const N: usize>(
    token: AdxToken,
    out: &mut [Limb],
    a: &[Limb],
    b: &[Limb],
    n: &[Limb],
    n0: Limb,
    t: &mut [Limb],
) {
    let (out, a, b, n) = (arr_mut::<N>(out), arr::<N>(a), arr::<N>(b), arr::<N>(n));
    product::mul_product::<N>(token, t, a, b);
    reduce::<N>(token, out, t, n, n0);
}

/// `t[0..2N] = a * b` by one Karatsuba step ([`karatsuba::mul_step`]) over the rows of
/// [`product::mul_product`] at H = N / 2 limbs. `t` has at least
/// [`karatsuba_scratch_len`]`(N)` limbs.
///
/// Used from 32 limbs (`KARATSUBA_LIMBS`). The combining passes (the two differences, the
/// middle term) are portable Rust; with one carry chain a pass ([`crate::limb::adc_chain`])
/// they take 139 ns at 32-limb halves, against 216 ns before (Zen 3, 2026-11-29). AMD EPYC
/// without AVX-512, one core, before that, the product alone, rows / one step: 32 limbs
/// 471 / 456 ns, 48 limbs 1050 / 954, 64 limbs 1862 / 1707; `Modulus::pow` (median of 21 or
/// 31, three or four runs each way) 6698 -> 6604 us at 3072 bits, 15368 -> 15269 at 4096.
/// With the faster passes (Zen 3, 2026-11-29, `taskset -c 0 montvec bench --ops mul,exp
/// --algorithms cios`, two runs of each build alternating), rows / one step: the 32-limb
/// multiplication 1.03-1.07 / 0.99 us, 40 limbs 1.56-1.57 / 1.51-1.52 us; `pow` with this and
/// [`sqr_product_karatsuba`] at 64 limbs, 2048 bits 2.060-2.063 / 2.046-2.051 ms, 2560 bits
/// 3.898-3.902 / 3.870-3.873 ms, 4096 bits 15.11-15.19 / 14.92-14.95 ms.
///
/// Leaks: N only.
pub fn mul_product_karatsuba<const N: usize, const H: usize>(
    token: AdxToken,
    t: &mut [Limb],
    a: &[Limb; N],
    b: &[Limb; N],
) {
    const { assert!(N == 2 * H) };
    let (out, scratch) = t.split_at_mut(2 * N);
    karatsuba::mul_step(out, a, b, scratch, |z, x, y, _| {
        product::mul_product::<H>(token, z, arr::<H>(x), arr::<H>(y));
    });
}

/// `out = a * b / R mod n` for N = 2H limbs: the product by one Karatsuba step
/// ([`mul_product_karatsuba`]), then the reduction. `t` has at least
/// [`karatsuba_scratch_len`]`(N)` limbs.
///
/// Leaks: N only.
fn mont_mul_karatsuba<const N: usize, const H: usize>(
    token: AdxToken,
    out: &mut [Limb],
    a: &[Limb],
    b: &[Limb],
    n: &[Limb],
    n0: Limb,
    t: &mut [Limb],
) {
    mul_product_karatsuba::<N, H>(token, t, arr(a), arr(b));
    reduce::<N>(token, arr_mut(out), t, arr(n), n0);
}

/// `out = a^2 / R mod n` for N limbs (N >= 2). `t` has at least 3N limbs. The triangle runs in
/// register blocks ([`sqr_blocked`]) when N is a multiple of 8, else in the unrolled rows of
/// [`product`].
///
/// The blocked triangle wins at every kernel size in an exponentiation, though not alone: the
/// unrolled rows' code (about 10 KB at 24 limbs) fits the CPU's decoded-instruction cache
/// when timed alone, but not beside the reduction and the window's gather. AMD EPYC without
/// AVX-512, one core, `Modulus::pow` (median of 301): 1037 -> 906 us at 1536 bits,
/// 308 -> 306 us at 1024; the square alone 158 ns unrolled and 161 ns blocked at 24 limbs.
/// Again at 16 limbs on a Zen 3 (2026-11-29, `montvec bench --ops exp --sizes 1024`, two runs
/// each): the unrolled triangle 305.2-307.9 us against 305.5-305.8 blocked; with the unrolled
/// reduction (`redc.rs`) as well, 320.1-321.2 us.
///
/// Leaks: N only.
pub fn mont_sqr<const N: usize>(
    token: AdxToken,
    out: &mut [Limb],
    a: &[Limb],
    n: &[Limb],
    n0: Limb,
    t: &mut [Limb],
) {
    let (out, a, n) = (arr_mut::<N>(out), arr::<N>(a), arr::<N>(n));
    square_product::<N>(token, t, a);
    reduce::<N>(token, out, t, n, n0);
}

/// `t[0..2N] = a^2` on the triangle [`mont_sqr`] chooses: in register blocks ([`sqr_blocked`])
/// when N is a multiple of 8, else in the unrolled rows of [`product`].
///
/// Leaks: N only.
fn square_product<const N: usize>(token: AdxToken, t: &mut [Limb], a: &[Limb; N]) {
    if N & 7 == 0 {
        sqr_blocked::sqr_product_blocked(token, t, a);
    } else {
        product::sqr_product::<N>(token, t, a);
    }
}

/// `t[0..2N] = a^2` by one Karatsuba step ([`karatsuba::square_step`]) over the triangles of
/// [`mont_sqr`] at H = N / 2 limbs (blocked when H is a multiple of 8). `t` has at least
/// [`karatsuba_scratch_len`]`(N)` limbs.
///
/// Used from 64 limbs (`KARATSUBA_SQUARE_LIMBS`): the step saves about a quarter of the
/// triangle's word products, but its portable combining passes cost more than that below.
/// Zen 3 (AMD EPYC family 25 model 1, 2026-11-29, `taskset -c 0 montvec bench --ops sqr,exp
/// --algorithms cios`, two runs of each build alternating; sqr, then `pow`, blocked triangle /
/// one step; the `pow` with the 32- to 40-limb products on one step either way), with the
/// combining passes of one carry chain each: 32 limbs 831-833 / 878-879 ns, 2.06 / 2.16-2.23
/// ms; 48 limbs 1.81 / 1.85 us, 6.52-6.60 / 6.63-6.65 ms; 64 limbs
/// 3.09-3.11 / 3.06-3.07 us. Before those passes: 56 limbs (halves on the unrolled rows)
/// 2.41-2.42 / 2.65 us, 10.30-10.32 / 11.14-11.24 ms; 80 limbs 4.82-4.85 / 4.78-4.81 us,
/// 29.8 / 29.1 ms; 96 limbs 6.83-6.88 / 6.74-6.75 us, 51.0 / 49.1-49.3 ms; 128 limbs
/// 11.90-11.94 / 11.63 us, 117.1-117.3 / 114.4-114.7 ms.
///
/// Leaks: N only.
pub fn sqr_product_karatsuba<const N: usize, const H: usize>(
    token: AdxToken,
    t: &mut [Limb],
    a: &[Limb; N],
) {
    const { assert!(N == 2 * H) };
    let (out, scratch) = t.split_at_mut(2 * N);
    karatsuba::square_step(out, a, scratch, |z, x, _| {
        square_product::<H>(token, z, arr::<H>(x));
    });
}

/// `out = a^2 / R mod n` for N = 2H limbs: the square by one Karatsuba step
/// ([`sqr_product_karatsuba`]), then the reduction. `t` has at least
/// [`karatsuba_scratch_len`]`(N)` limbs.
///
/// Leaks: N only.
fn mont_sqr_karatsuba<const N: usize, const H: usize>(
    token: AdxToken,
    out: &mut [Limb],
    a: &[Limb],
    n: &[Limb],
    n0: Limb,
    t: &mut [Limb],
) {
    sqr_product_karatsuba::<N, H>(token, t, arr(a));
    reduce::<N>(token, arr_mut(out), t, arr(n), n0);
}

/// REDC of t[0..2N] into `out`: the register-blocked reduction when N is a multiple of 8.
/// `t` has at least 3N limbs.
fn reduce<const N: usize>(
    token: AdxToken,
    out: &mut [Limb; N],
    t: &mut [Limb],
    n: &[Limb; N],
    n0: Limb,
) {
    if N & 7 == 0 {
        redc_blocked::redc_blocked(token, out, t, n, n0);
    } else {
        redc::redc::<N>(token, out, t, n, n0);
    }
}

fn arr<const N: usize>(x: &[Limb]) -> &[Limb; N] {
    x.try_into().expect("operand has N limbs")
}

fn arr_mut<const N: usize>(x: &mut [Limb]) -> &mut [Limb; N] {
    x.try_into().expect("operand has N limbs")
}

/// The ADX variant: the modulus parameters, the detection proof, and the kernel size.
/// Zeroized on drop (n may be a secret prime, and n' holds its low 128 bits).
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct AdxMont {
    params: MontParams,
    #[zeroize(skip)]
    token: AdxToken,
    /// n' = -n^-1 mod 2^128 for the fused 2- to 8-limb kernels.
    np: [Limb; 2],
    /// AVX2, when the window's lookups run on it ([`crate::exp::table::avx2_lookups`]): the
    /// fused kernels then look up their own entry.
    #[zeroize(skip)]
    lookup: Option<Avx2Token>,
}

impl AdxMont {
    /// The ADX kernels for `params`, or `None` when the limb count has no kernel.
    ///
    /// Leaks: the limb count only (-n^-1 mod 2^128 is found by Newton's iteration, no branch).
    pub fn new(params: MontParams, token: AdxToken) -> Option<Self> {
        let np = fused::neg_inverse_128(&params.n);
        let lookup = crate::exp::table::avx2_lookups();
        has_kernel(params.limbs()).then_some(AdxMont {
            params,
            token,
            np,
            lookup,
        })
    }
}

impl MontMul for AdxMont {
    fn params(&self) -> &MontParams {
        &self.params
    }
    fn scratch_len(&self) -> usize {
        kernel_scratch_len(self.params.limbs())
    }
    fn mul(&self, out: &mut [Limb], a: &[Limb], b: &[Limb], t: &mut [Limb]) {
        kernel_mul(self.token, out, a, b, &self.params.n, self.np, t);
    }
    fn sqr(&self, out: &mut [Limb], a: &[Limb], t: &mut [Limb]) {
        kernel_sqr(self.token, out, a, &self.params.n, self.np, t);
    }
    fn sqr_times(&self, x: &mut [Limb], times: usize, tmp: &mut [Limb], t: &mut [Limb]) {
        let (tk, n, np) = (self.token, &self.params.n[..], self.np);
        // The fused kernels loop inside: one call per window instead of one per squaring.
        match n.len() {
            2 => fused::mont_sqr_times_in_place::<2>(tk, arr_mut(x), arr(n), np, times),
            3 => fused::mont_sqr_times_in_place::<3>(tk, arr_mut(x), arr(n), np, times),
            4 => fused::mont_sqr_times_in_place::<4>(tk, arr_mut(x), arr(n), np, times),
            5 => fused::mont_sqr_times_in_place::<5>(tk, arr_mut(x), arr(n), np, times),
            6 => fused::mont_sqr_times_in_place::<6>(tk, arr_mut(x), arr(n), np, times),
            7 => fused::mont_sqr_times_in_place::<7>(tk, arr_mut(x), arr(n), np, times),
            8 => fused::mont_sqr_times_in_place::<8>(tk, arr_mut(x), arr(n), np, times),
            _ => crate::mont::sqr_times_by_calls(self, x, times, tmp, t),
        }
    }
    fn sqr_times_mul(
        &self,
        x: &mut [Limb],
        times: usize,
        b: &[Limb],
        tmp: &mut [Limb],
        t: &mut [Limb],
    ) {
        let (tk, n, np) = (self.token, &self.params.n[..], self.np);
        // Up to 8 limbs the whole window step is one kernel call (see `fused`).
        match n.len() {
            2 => fused::mont_sqr_times_mul_in_place::<2>(tk, arr_mut(x), arr(b), arr(n), np, times),
            3 => fused::mont_sqr_times_mul_in_place::<3>(tk, arr_mut(x), arr(b), arr(n), np, times),
            4 => fused::mont_sqr_times_mul_in_place::<4>(tk, arr_mut(x), arr(b), arr(n), np, times),
            5 => fused::mont_sqr_times_mul_in_place::<5>(tk, arr_mut(x), arr(b), arr(n), np, times),
            6 => fused::mont_sqr_times_mul_in_place::<6>(tk, arr_mut(x), arr(b), arr(n), np, times),
            7 => fused::mont_sqr_times_mul_in_place::<7>(tk, arr_mut(x), arr(b), arr(n), np, times),
            8 => fused::mont_sqr_times_mul_in_place::<8>(tk, arr_mut(x), arr(b), arr(n), np, times),
            _ => crate::mont::sqr_times_mul_by_calls(self, x, times, b, tmp, t),
        }
    }
    fn sqr_times_lookup_mul(
        &self,
        x: &mut [Limb],
        times: usize,
        table: &mut MaskedTable,
        index: Limb,
        sel: &mut [Limb],
        tmp: &mut [Limb],
        t: &mut [Limb],
    ) {
        // Up to 8 limbs, with AVX2 and the window's 16 entries, the lookup runs inside the
        // step's kernel, beside its first squaring (see `fused`).
        let in_kernel = match self.lookup {
            Some(avx2) if times >= 1 && table.entries() == fused::LOOKUP_ENTRIES => {
                fused::mont_sqr_times_lookup_mul_in_place(
                    self.token,
                    avx2,
                    x,
                    table.as_limbs(),
                    index,
                    &self.params.n,
                    self.np,
                    times,
                )
            }
            _ => false,
        };
        if !in_kernel {
            crate::mont::lookup_then_sqr_times_mul(self, x, times, table, index, sel, tmp, t);
        }
    }
}

/// The scratch limbs [`kernel_mul`] and [`kernel_sqr`] take for an N-limb kernel: 3N for the
/// row kernels, 4.5N where the product or the square takes a Karatsuba step, none for the
/// fused 2- to 8-limb ones.
pub(crate) fn kernel_scratch_len(n_limbs: usize) -> usize {
    match n_limbs {
        2..=8 => 0,
        big if big >= KARATSUBA_LIMBS => karatsuba_scratch_len(big),
        big => 3 * big,
    }
}

/// `out = a b / R mod n` on the kernel for n's limb count N (one of [`SIZES`]), fully
/// reduced, for a, b < n; `np` = -n^-1 mod 2^128 (its low word is n0'); `t` has at least
/// [`kernel_scratch_len`] limbs.
///
/// Leaks: N only.
pub(crate) fn kernel_mul(
    tk: AdxToken,
    out: &mut [Limb],
    a: &[Limb],
    b: &[Limb],
    n: &[Limb],
    np: [Limb; 2],
    t: &mut [Limb],
) {
    let n0 = np[0];
    const { assert!(KARATSUBA_LIMBS == 32) };
    match n.len() {
        2 => fused::mont_mul::<2>(tk, arr_mut(out), arr(a), arr(b), arr(n), np),
        3 => fused::mont_mul::<3>(tk, arr_mut(out), arr(a), arr(b), arr(n), np),
        4 => fused::mont_mul::<4>(tk, arr_mut(out), arr(a), arr(b), arr(n), np),
        5 => fused::mont_mul::<5>(tk, arr_mut(out), arr(a), arr(b), arr(n), np),
        6 => fused::mont_mul::<6>(tk, arr_mut(out), arr(a), arr(b), arr(n), np),
        7 => fused::mont_mul::<7>(tk, arr_mut(out), arr(a), arr(b), arr(n), np),
        8 => fused::mont_mul::<8>(tk, arr_mut(out), arr(a), arr(b), arr(n), np),
        10 => mont_mul::<10>(tk, out, a, b, n, n0, t),
        12 => mont_mul::<12>(tk, out, a, b, n, n0, t),
        16 => mont_mul::<16>(tk, out, a, b, n, n0, t),
        20 => mont_mul::<20>(tk, out, a, b, n, n0, t),
        24 => mont_mul::<24>(tk, out, a, b, n, n0, t),
        32 => mont_mul_karatsuba::<32, 16>(tk, out, a, b, n, n0, t),
        40 => mont_mul_karatsuba::<40, 20>(tk, out, a, b, n, n0, t),
        48 => mont_mul_karatsuba::<48, 24>(tk, out, a, b, n, n0, t),
        56 => mont_mul_karatsuba::<56, 28>(tk, out, a, b, n, n0, t),
        64 => mont_mul_karatsuba::<64, 32>(tk, out, a, b, n, n0, t),
        80 => mont_mul_karatsuba::<80, 40>(tk, out, a, b, n, n0, t),
        96 => mont_mul_karatsuba::<96, 48>(tk, out, a, b, n, n0, t),
        128 => mont_mul_karatsuba::<128, 64>(tk, out, a, b, n, n0, t),
        k => unreachable!("no ADX kernel for {k} limbs (the constructors check)"),
    }
}

/// `out = a^2 / R mod n`, as [`kernel_mul`].
///
/// Leaks: N only.
pub(crate) fn kernel_sqr(
    tk: AdxToken,
    out: &mut [Limb],
    a: &[Limb],
    n: &[Limb],
    np: [Limb; 2],
    t: &mut [Limb],
) {
    let n0 = np[0];
    const { assert!(KARATSUBA_SQUARE_LIMBS == 64 && KARATSUBA_SQUARE_LIMBS >= KARATSUBA_LIMBS) };
    match n.len() {
        2 => fused::mont_sqr::<2>(tk, arr_mut(out), arr(a), arr(n), np),
        3 => fused::mont_sqr::<3>(tk, arr_mut(out), arr(a), arr(n), np),
        4 => fused::mont_sqr::<4>(tk, arr_mut(out), arr(a), arr(n), np),
        5 => fused::mont_sqr::<5>(tk, arr_mut(out), arr(a), arr(n), np),
        6 => fused::mont_sqr::<6>(tk, arr_mut(out), arr(a), arr(n), np),
        7 => fused::mont_sqr::<7>(tk, arr_mut(out), arr(a), arr(n), np),
        8 => fused::mont_sqr::<8>(tk, arr_mut(out), arr(a), arr(n), np),
        10 => mont_sqr::<10>(tk, out, a, n, n0, t),
        12 => mont_sqr::<12>(tk, out, a, n, n0, t),
        16 => mont_sqr::<16>(tk, out, a, n, n0, t),
        20 => mont_sqr::<20>(tk, out, a, n, n0, t),
        24 => mont_sqr::<24>(tk, out, a, n, n0, t),
        32 => mont_sqr::<32>(tk, out, a, n, n0, t),
        40 => mont_sqr::<40>(tk, out, a, n, n0, t),
        48 => mont_sqr::<48>(tk, out, a, n, n0, t),
        56 => mont_sqr::<56>(tk, out, a, n, n0, t),
        64 => mont_sqr_karatsuba::<64, 32>(tk, out, a, n, n0, t),
        80 => mont_sqr_karatsuba::<80, 40>(tk, out, a, n, n0, t),
        96 => mont_sqr_karatsuba::<96, 48>(tk, out, a, n, n0, t),
        128 => mont_sqr_karatsuba::<128, 64>(tk, out, a, n, n0, t),
        k => unreachable!("no ADX kernel for {k} limbs (the constructors check)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mont::cios;
    use crate::mul::oracle::{big, to_limbs};
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Moduli of k limbs: random full-size, R - 1, 2^(64k-1) + 1, just below R, short top limb.
    fn moduli(rng: &mut ChaCha8Rng, k: usize) -> Vec<Vec<Limb>> {
        let mut out = vec![vec![u64::MAX; k]];
        let mut half = vec![0; k];
        half[0] = 1;
        half[k - 1] = 1 << 63;
        out.push(half);
        let mut below = vec![u64::MAX; k];
        below[0] = u64::MAX - 58; // R - 59, odd
        out.push(below);
        for top in [u64::MAX, 1 << 63, 1, 0x1234_5678] {
            let mut n: Vec<Limb> = (0..k).map(|_| rng.gen()).collect();
            n[0] |= 1;
            n[k - 1] = top | if top > 1 { rng.gen::<u64>() >> 1 } else { 0 };
            n[k - 1] |= 1 << (63 - top.leading_zeros().min(63));
            out.push(n);
        }
        out
    }

    fn operands(rng: &mut ChaCha8Rng, n: &[Limb]) -> Vec<Vec<Limb>> {
        let k = n.len();
        let nb = big(n);
        let mut v = vec![
            vec![0; k],
            to_limbs(&BigUint::from(1u8), k),
            to_limbs(&(&nb - 1u8), k),
        ];
        v.push(to_limbs(&(&nb - 2u8), k));
        v.push(to_limbs(&(&nb >> 1), k));
        for _ in 0..6 {
            let r: Vec<Limb> = (0..k).map(|_| rng.gen()).collect();
            v.push(to_limbs(&(big(&r) % &nb), k));
        }
        v
    }

    fn check_size(k: usize) {
        let Some(token) = AdxToken::detect() else {
            eprintln!("no ADX on this CPU: skipped");
            return;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
        for n in moduli(&mut rng, k) {
            let params = MontParams::new(n.clone(), big(&n).bits() as usize);
            let m = AdxMont::new(params, token).expect("kernel size");
            let nb = big(&n);
            let ops = operands(&mut rng, &n);
            let mut t = vec![0xdead_beef; m.scratch_len()];
            let mut s = vec![0; k];
            let (mut got, mut want) = (vec![0; k], vec![0; k]);
            for a in &ops {
                for b in &ops {
                    m.mul(&mut got, a, b, &mut t);
                    cios::mont_mul(&mut want, a, b, &n, m.params.n0, &mut s);
                    assert_eq!(got, want, "mul k={k} n={n:x?} a={a:x?} b={b:x?}");
                    // Oracle: got * R = a * b (mod n), got < n.
                    let g = big(&got);
                    assert!(g < nb);
                    assert_eq!((g << (64 * k)) % &nb, (big(a) * big(b)) % &nb);
                }
                m.sqr(&mut got, a, &mut t);
                cios::mont_mul(&mut want, a, a, &n, m.params.n0, &mut s);
                assert_eq!(got, want, "sqr k={k} n={n:x?} a={a:x?}");
            }
        }
    }

    #[test]
    fn adx_kernels_match_cios_and_oracle() {
        for k in SIZES {
            check_size(k);
        }
    }

    /// `sqr_times` (one call of the looping fused kernel up to 8 limbs, calls of the square
    /// above) equals that many single squarings, for 0 to 7 squarings, at every fused size
    /// and the row sizes on either side of them, on the edge operands.
    #[test]
    fn sqr_times_equals_repeated_squares() {
        let Some(token) = AdxToken::detect() else {
            return;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(77);
        for k in [2, 3, 4, 5, 6, 7, 8, 16] {
            for n in moduli(&mut rng, k).into_iter().take(5) {
                let m = AdxMont::new(MontParams::new(n.clone(), 64 * k), token).unwrap();
                let mut t = vec![0xdead_beef; m.scratch_len()];
                for a in operands(&mut rng, &n) {
                    for times in 0..8 {
                        let mut want = a.clone();
                        let mut next = vec![0; k];
                        for _ in 0..times {
                            m.sqr(&mut next, &want, &mut t);
                            want.copy_from_slice(&next);
                        }
                        let mut got = a.clone();
                        let mut tmp = vec![0xdead; k];
                        m.sqr_times(&mut got, times, &mut tmp, &mut t);
                        assert_eq!(got, want, "k={k} times={times} n={n:x?} a={a:x?}");
                    }
                }
            }
        }
    }

    /// `sqr_times_mul` (one call of the window kernel up to 8 limbs, the separate calls
    /// above) equals `times` squares then one product by the entry, for every fused size, one
    /// size above them, and `times` = 0 (the product alone).
    #[test]
    fn sqr_times_mul_equals_squares_then_product() {
        let Some(token) = AdxToken::detect() else {
            return;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(78);
        for k in [2, 3, 4, 5, 6, 7, 8, 16] {
            for n in moduli(&mut rng, k).into_iter().take(5) {
                let m = AdxMont::new(MontParams::new(n.clone(), 64 * k), token).unwrap();
                let mut t = vec![0xdead_beef; m.scratch_len()];
                let ops = operands(&mut rng, &n);
                for (a, b) in ops.iter().zip(ops.iter().rev()) {
                    for times in 0..7 {
                        let mut want = a.clone();
                        let mut next = vec![0; k];
                        for _ in 0..times {
                            m.sqr(&mut next, &want, &mut t);
                            want.copy_from_slice(&next);
                        }
                        m.mul(&mut next, &want, b, &mut t);
                        let mut got = a.clone();
                        let mut tmp = vec![0xdead; k];
                        m.sqr_times_mul(&mut got, times, b, &mut tmp, &mut t);
                        assert_eq!(got, next, "k={k} times={times} n={n:x?} a={a:x?} b={b:x?}");
                    }
                }
            }
        }
    }

    /// The window step with its lookup inside the fused kernel (AVX2, 16 entries) against the
    /// lookup then the squarings and the product by calls: every limb count with a fused
    /// kernel, every index, 1 to 5 squarings, entries at the edges (0, 1, n - 1); with the
    /// kernel lookup off and on 32 entries, the same method's plain path too.
    #[test]
    fn sqr_times_lookup_mul_equals_lookup_then_step() {
        let Some(token) = AdxToken::detect() else {
            return;
        };
        let avx2 = Avx2Token::detect();
        let mut rng = ChaCha8Rng::seed_from_u64(79);
        for k in [2, 3, 4, 5, 6, 7, 8, 16] {
            for n in moduli(&mut rng, k).into_iter().take(5) {
                let mut m = AdxMont::new(MontParams::new(n.clone(), 64 * k), token).unwrap();
                let mut t = vec![0xdead_beef; m.scratch_len()];
                let ops = operands(&mut rng, &n);
                for (lookup, entries) in [(avx2, 16), (None, 16), (avx2, 32)] {
                    m.lookup = lookup;
                    let mut table = MaskedTable::new(entries, k);
                    for i in 0..entries {
                        table.store(i, &ops[(i * 7 + k) % ops.len()]);
                    }
                    for index in 0..entries {
                        let a = &ops[(index + 3) % ops.len()];
                        let times = 1 + index % 5;
                        let entry = table.public_entry(index).to_vec();
                        let mut want = a.clone();
                        let mut next = vec![0; k];
                        for _ in 0..times {
                            m.sqr(&mut next, &want, &mut t);
                            want.copy_from_slice(&next);
                        }
                        m.mul(&mut next, &want, &entry, &mut t);
                        let mut got = a.clone();
                        let (mut sel, mut tmp) = (vec![0xdead; k], vec![0xbeef; k]);
                        m.sqr_times_lookup_mul(
                            &mut got,
                            times,
                            &mut table,
                            index as Limb,
                            &mut sel,
                            &mut tmp,
                            &mut t,
                        );
                        assert_eq!(
                            got, next,
                            "k={k} entries={entries} index={index} times={times} n={n:x?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn adx_random_moduli_many() {
        let Some(token) = AdxToken::detect() else {
            return;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(99);
        for k in SIZES {
            for _ in 0..20 {
                let mut n: Vec<Limb> = (0..k).map(|_| rng.gen()).collect();
                n[0] |= 1;
                n[k - 1] |= 1 << 63;
                let m = AdxMont::new(MontParams::new(n.clone(), 64 * k), token).unwrap();
                let nb = big(&n);
                let mut t = vec![0; m.scratch_len()];
                let mut s = vec![0; k];
                let (mut got, mut want) = (vec![0; k], vec![0; k]);
                for _ in 0..20 {
                    let a = to_limbs(
                        &(big(&(0..k).map(|_| rng.gen()).collect::<Vec<_>>()) % &nb),
                        k,
                    );
                    let b = to_limbs(
                        &(big(&(0..k).map(|_| rng.gen()).collect::<Vec<_>>()) % &nb),
                        k,
                    );
                    m.mul(&mut got, &a, &b, &mut t);
                    cios::mont_mul(&mut want, &a, &b, &n, m.params.n0, &mut s);
                    assert_eq!(got, want);
                    m.sqr(&mut got, &a, &mut t);
                    cios::mont_mul(&mut want, &a, &a, &n, m.params.n0, &mut s);
                    assert_eq!(got, want);
                }
            }
        }
    }

    /// Full exponentiation through `Modulus` on both backends, every kernel size and one limb
    /// either side (which take the generic path), against num-bigint's `modpow`.
    #[test]
    fn modulus_pow_matches_oracle_both_backends() {
        use crate::{Algorithm, Backend, Modulus, Nat};
        let mut rng = ChaCha8Rng::seed_from_u64(2024);
        let to_nat = |x: &BigUint, k: usize| Nat::from_limbs(to_limbs(x, k));
        for &k in &[
            1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 47, 48, 49, 63, 64, 65,
        ] {
            for bits in [64 * k, 64 * k - 3] {
                let mut n =
                    big(&(0..k).map(|_| rng.gen()).collect::<Vec<_>>()) | BigUint::from(1u8);
                n.set_bit(bits as u64 - 1, true);
                for b in bits as u64..64 * k as u64 {
                    n.set_bit(b, false);
                }
                let nn = to_nat(&n, k);
                let base = big(&(0..k + 1).map(|_| rng.gen()).collect::<Vec<_>>());
                let exps = [
                    BigUint::from(0u8),
                    BigUint::from(1u8),
                    &n - 1u8,
                    big(&(0..k).map(|_| rng.gen()).collect::<Vec<_>>()),
                ];
                for backend in [Backend::Portable, Backend::Adx] {
                    if !crate::backend::kernels_tested_here(backend) {
                        continue;
                    }
                    let m = Modulus::with_options(&nn, Algorithm::Cios, backend).unwrap();
                    for e in &exps {
                        let want = base.modpow(e, &n);
                        let got = m.pow(&to_nat(&base, k + 1), &to_nat(e, k));
                        assert_eq!(got, to_nat(&want, k), "k={k} bits={bits} {backend:?}");
                    }
                    let e = &exps[3];
                    let want = to_nat(&base.modpow(e, &n), k);
                    assert_eq!(m.pow_ladder(&to_nat(&base, k + 1), &to_nat(e, k)), want);
                    assert_eq!(m.pow_vartime(&to_nat(&base, k + 1), &to_nat(e, k)), want);
                }
            }
        }
    }

    /// The padded variant at every limb count that pads up to 64 and at some above (to 127),
    /// against the oracle: values in and out of its form, products and squares of the edge
    /// operands, and the shared form it converts to and from, for moduli whose top limbs are all
    /// ones, a lone top bit, and just below R.
    #[test]
    fn padded_kernels_match_oracle_at_every_padded_size() {
        let Some(token) = AdxToken::detect() else {
            return;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut padded_sizes: Vec<usize> = (1..=64)
            .filter(|&k| padded::padded_len(k).is_some())
            .collect();
        // 9, 11, 13-15, 17-19, 21-23, 25-31, 33-39, 41-47, 49-55, 57-63.
        assert_eq!(
            padded_sizes.len(),
            1 + 1 + 3 + 3 + 3 + 7 + 7 + 7 + 7 + 7,
            "{padded_sizes:?}"
        );
        // Above 64 limbs every count to 127 pads (to 80, 96 or 128), none from 129 on.
        assert!((65..=127).all(|k| SIZES.contains(&k) || padded::padded_len(k).is_some()));
        assert!((129..=256).all(|k| padded::padded_len(k).is_none()));
        padded_sizes.extend([65, 79, 81, 95, 97, 127]);
        for k in padded_sizes {
            let big_len = padded::padded_len(k).unwrap();
            assert!(SIZES.contains(&big_len) && big_len > k);
            for n in moduli(&mut rng, k).into_iter().take(4) {
                let nb = big(&n);
                let params = MontParams::new(n.clone(), nb.bits() as usize);
                let m = padded::PaddedAdx::new(params.clone(), token).expect("pads");
                assert_eq!(m.elem_len(), big_len);
                let mut t = vec![0xdead_beef; m.scratch_len()];
                let ops = operands(&mut rng, &n);
                let own: Vec<Vec<Limb>> =
                    ops.iter().map(|a| m.own_from_value(a).unwrap()).collect();
                let mut got = vec![0; big_len];
                for (i, a) in ops.iter().enumerate().take(5) {
                    for (j, b) in ops.iter().enumerate() {
                        m.mul(&mut got, &own[i], &own[j], &mut t);
                        let v = big(&m.value_from_own(&got).unwrap());
                        assert_eq!(v, big(a) * big(b) % &nb, "mul k={k} n={n:x?}");
                    }
                    m.sqr(&mut got, &own[i], &mut t);
                    let v = big(&m.value_from_own(&got).unwrap());
                    assert_eq!(v, big(a) * big(a) % &nb, "sqr k={k} n={n:x?}");
                    // Shared form x R mod n (k limbs) in and out.
                    let shared = m.to_shared_form(own[i].clone());
                    assert_eq!(big(&shared), (big(a) << (64 * k)) % &nb, "k={k}");
                    let back = m.to_own_form(shared);
                    assert_eq!(big(&m.value_from_own(&back).unwrap()), big(a), "k={k}");
                }
            }
        }
    }

    /// The blocked REDC is length-generic over multiples of 8: every such k up to 72 (beyond
    /// the kernel sizes), against the oracle, with moduli at both ends of the size.
    #[test]
    fn redc_blocked_every_multiple_of_eight() {
        let Some(token) = AdxToken::detect() else {
            return;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        for k in (8..=72).step_by(8) {
            for n in moduli(&mut rng, k) {
                let nb = big(&n);
                let n0 = crate::mont::params::neg_inverse_mod_word(n[0]);
                let ops = operands(&mut rng, &n);
                let r_inv = BigUint::from(1u8) << (64 * k);
                for a in &ops {
                    for b in ops.iter().take(4) {
                        let prod = big(a) * big(b);
                        let mut t = to_limbs(&prod, 2 * k);
                        let mut out = vec![0; k];
                        redc_blocked::redc_blocked(token, &mut out, &mut t, &n, n0);
                        let g = big(&out);
                        assert!(g < nb, "k={k}");
                        assert_eq!((g * &r_inv) % &nb, prod % &nb, "k={k} n={n:x?}");
                    }
                }
            }
        }
    }

    /// Operands of a Karatsuba step on N = 2H limbs: zero, all ones, equal halves (a zero
    /// difference), either half the bigger, and six random ones.
    fn karatsuba_operands<const N: usize, const H: usize>() -> Vec<[Limb; N]> {
        let mut rng = ChaCha8Rng::seed_from_u64(N as u64);
        let pattern = 0x5555_5555_5555_5555;
        let mut low_half_bigger = [pattern; N];
        low_half_bigger[H - 1] = u64::MAX;
        let mut high_half_bigger = [pattern; N];
        high_half_bigger[N - 1] = u64::MAX;
        let mut ops: Vec<[Limb; N]> = vec![
            [0; N],
            [u64::MAX; N],
            [pattern; N],
            low_half_bigger,
            high_half_bigger,
        ];
        for _ in 0..6 {
            ops.push(core::array::from_fn(|_| rng.gen()));
        }
        ops
    }

    /// The Karatsuba product over the rows and the Karatsuba square over the triangles against
    /// num-bigint, at every size that uses either, the squares on both kinds of half triangle:
    /// blocked (16, 24, 32, 40, 64 limbs) and unrolled (20, 28). Every sign of a0 - a1 against
    /// every sign of b0 - b1, equal halves (a zero difference), zero, all ones and random
    /// operands; the scratch starts dirty.
    #[test]
    fn karatsuba_steps_match_oracle() {
        let Some(token) = AdxToken::detect() else {
            return;
        };
        fn run<const N: usize, const H: usize>(token: AdxToken) {
            let ops = karatsuba_operands::<N, H>();
            let mut t = vec![0xdead_beef; karatsuba_scratch_len(N)];
            for a in &ops {
                for b in &ops {
                    mul_product_karatsuba::<N, H>(token, &mut t, a, b);
                    assert_eq!(big(&t[..2 * N]), big(a) * big(b), "product N={N}");
                }
                sqr_product_karatsuba::<N, H>(token, &mut t, a);
                assert_eq!(big(&t[..2 * N]), big(a) * big(a), "square N={N}");
            }
        }
        run::<32, 16>(token);
        run::<40, 20>(token);
        run::<48, 24>(token);
        run::<56, 28>(token);
        run::<64, 32>(token);
        run::<80, 40>(token);
        run::<128, 64>(token);
    }

    /// The fused kernels' two-word quotient factor: n n' = -1 mod 2^128, low word = n0'.
    #[test]
    fn neg_inverse_128_is_the_two_word_inverse() {
        let mut rng = ChaCha8Rng::seed_from_u64(128);
        for k in fused::SIZES {
            for n in moduli(&mut rng, k) {
                let np = fused::neg_inverse_128(&n);
                assert_eq!(np[0], crate::mont::params::neg_inverse_mod_word(n[0]));
                let r = BigUint::from(1u8) << 128;
                assert_eq!(
                    (big(&n) * big(&np) + 1u8) % &r,
                    BigUint::from(0u8),
                    "n={n:x?}"
                );
            }
        }
    }

    /// The row kernels behind `mont_mul`/`mont_sqr` (used for sizes the fused kernels do not
    /// cover) at N = 4 and 6 (the unrolled triangle and REDC rows) and 8 (the blocked
    /// triangle and REDC), against generic CIOS.
    #[test]
    fn row_kernels_match_cios() {
        let Some(token) = AdxToken::detect() else {
            return;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(48);
        fn run<const N: usize>(token: AdxToken, rng: &mut ChaCha8Rng) {
            for n in moduli(rng, N) {
                let n0 = crate::mont::params::neg_inverse_mod_word(n[0]);
                let ops = operands(rng, &n);
                let mut t = vec![0; 3 * N];
                let (mut got, mut want, mut s) = (vec![0; N], vec![0; N], vec![0; N]);
                for a in &ops {
                    for b in &ops {
                        mont_mul::<N>(token, &mut got, a, b, &n, n0, &mut t);
                        cios::mont_mul(&mut want, a, b, &n, n0, &mut s);
                        assert_eq!(got, want, "mul N={N}");
                    }
                    mont_sqr::<N>(token, &mut got, a, &n, n0, &mut t);
                    cios::mont_mul(&mut want, a, a, &n, n0, &mut s);
                    assert_eq!(got, want, "sqr N={N}");
                }
            }
        }
        run::<4>(token, &mut rng);
        run::<8>(token, &mut rng);
        run::<6>(token, &mut rng);
    }
}
