//! The AVX2 4-way batch engine: four independent Montgomery exponentiations at once, one per
//! 64-bit lane of the ymm registers, each lane with its own modulus, base and exponent.
//!
//! Word-sliced storage (seed 001, on `vpmuludq` instead of IFMA): digit i of the four numbers
//! sits in one `__m256i`, so an element of d digits is a `[__m256i]` of length d and every
//! kernel runs the four lanes in lock step without a single cross-lane shuffle. The radix is
//! 2^B with B = 27 or 28 bits, the largest that keeps every column of a product within its
//! 64-bit lane at the size ([`digit_bits_for`]), with carries propagated once per column:
//! seed 004's delayed carry. The reduction is word-by-word Montgomery with the per-digit
//! constant n0' = -n^-1 mod 2^B, fused into the product's column scan. The design, the bounds
//! and the measurements are in the notes below.
//!
//! | file | what |
//! |---|---|
//! | `layout.rs` | 64-bit limbs in and out of sliced B-bit digits (4x4 transposes) |
//! | `columns.rs` | register-blocked column sums, shared by product, squaring and reduction |
//! | `redc.rs` | the Montgomery product's block loop and the reduction walk ([`redc::Mont`]) |
//! | `mul.rs`, `sqr.rs` | Montgomery multiplication and the dedicated squaring |
//! | `carry.rs` | digit-serial passes: masked subtraction, doubling and halving mod n |
//! | `params.rs` | the per-lane constants n0', R mod n and R^2 mod n (the last two per modulus) |
//! | `table.rs`, `pow.rs` | the masked window table and the fixed-window exponentiation |
//!
//! Leaks: the limb count of the moduli, the exponents' announced length and how many lanes are
//! used; nothing of the moduli, bases or exponents (no secret-dependent branch, memory index or
//! division anywhere below).
#![doc = include_str!("../../../docs/batch-avx2.md")]
mod carry;
mod columns;
mod layout;
mod mul;
mod params;
mod pow;
mod redc;
mod sqr;
mod table;
#[cfg(test)]
mod tests;

use zeroize::Zeroize;

pub(crate) use params::ModulusConstants;

use crate::backend::Avx2Token;

/// Numbers processed at once: one per 64-bit lane of a ymm register.
pub(crate) const LANES: usize = 4;
/// The largest modulus, in 64-bit limbs (8192 bits).
pub(crate) const MAX_LIMBS: usize = 128;
/// Columns summed at once in registers by the product kernels (see `columns.rs`).
const BLOCK: usize = 8;

/// 2^B - 1, the mask of one B-bit digit.
pub(crate) const fn digit_mask(b: i32) -> u64 {
    (1 << b) - 1
}

/// Digits d of an element in radix 2^B for moduli of `limbs` limbs: the least with
/// 2^(B d) >= 4 * 2^(64 limbs), so R = 2^(B d) > 4n, which keeps almost-Montgomery outputs
/// below 2n (see `redc.rs`).
pub(crate) fn digits_for(limbs: usize, b: i32) -> usize {
    (64 * limbs + 2).div_ceil(b as usize)
}

/// The most digits radix 2^B allows: every column of a product and its reduction stays below
/// (2d + 1) 2^(2B) (the bound in `redc.rs`), which must not exceed 2^64: 511 for B = 27, 127
/// for 28.
pub(crate) const fn max_digits(b: i32) -> usize {
    ((1usize << (64 - 2 * b)) - 1) >> 1
}

/// The digit width for moduli of `limbs` limbs: 28 bits up to 3,520-bit moduli (d <= 127),
/// 27 above. Wider digits mean fewer of them: the products fall with d^2, (27/28)^2 = 0.93.
/// Measurements: the notes below (`docs/batch-avx2.md`).
pub(crate) fn digit_bits_for(limbs: usize) -> i32 {
    if digits_for(limbs, 28) <= max_digits(28) {
        28
    } else {
        27
    }
}

/// Precomputed per-lane constants for up to 4 odd moduli (each >= 3) of exactly `limbs` 64-bit
/// limbs (leading zero limbs allowed). Missing lanes (fewer than 4 moduli) are padded with a
/// copy of the first modulus and their results dropped. Zeroized on drop (the moduli may be
/// secret primes).
pub(crate) struct Avx2Lanes {
    token: Avx2Token,
    /// Limbs of every modulus, base and result.
    limbs: usize,
    /// Lanes that carry a caller's modulus (1..=4).
    used: usize,
    consts: Radix,
}

/// The lanes' constants in the radix chosen for their size ([`digit_bits_for`]): the engine is
/// compiled once per digit width.
enum Radix {
    Bits27(params::LaneConstants<27>),
    Bits28(params::LaneConstants<28>),
}

impl Avx2Lanes {
    /// The lanes for up to four moduli of `limbs` limbs, each with the R mod n and R^2 mod n its
    /// [`crate::Modulus`] keeps for the lanes ([`ModulusConstants`], R = 2^(B d), B =
    /// [`digit_bits_for`], d = [`digits_for`]); n0' is computed here.
    ///
    /// Panics unless `1 <= moduli.len() <= 4`, `1 <= limbs <= MAX_LIMBS` and every modulus has
    /// `limbs` limbs and is odd.
    ///
    /// Leaks: `limbs` and `moduli.len()`; nothing of the values.
    pub(crate) fn from_cached(
        token: Avx2Token,
        limbs: usize,
        moduli: &[(&[u64], &ModulusConstants)],
    ) -> Self {
        let n: Vec<&[u64]> = moduli.iter().map(|m| m.0).collect();
        check_moduli(limbs, &n);
        let lanes = padded_lanes(&n, n[0]);
        let cached: [&ModulusConstants; LANES] =
            core::array::from_fn(|l| moduli.get(l).unwrap_or(&moduli[0]).1);
        let consts = match digit_bits_for(limbs) {
            27 => Radix::Bits27(params::LaneConstants::from_cached(
                token, &lanes, &cached, limbs,
            )),
            _ => Radix::Bits28(params::LaneConstants::from_cached(
                token, &lanes, &cached, limbs,
            )),
        };
        Avx2Lanes {
            token,
            limbs,
            used: moduli.len(),
            consts,
        }
    }

    /// The lanes with n0', R mod n and R^2 mod n computed in the lanes, for the tests: in radix
    /// 2^B for a given B (27 or 28; panics if d would exceed [`max_digits`]), so that they
    /// run every radix at every size it allows, and as an independent check of the constants a
    /// [`crate::Modulus`] keeps.
    ///
    /// Leaks: `limbs` and `moduli.len()`; nothing of the values (not even their bit lengths: R
    /// mod n is reached by doubling from 1, the same number of steps for every n).
    #[cfg(test)]
    fn with_digit_bits(token: Avx2Token, limbs: usize, moduli: &[&[u64]], b: i32) -> Self {
        check_moduli(limbs, moduli);
        let lanes = padded_lanes(moduli, moduli[0]);
        let consts = match b {
            27 => Radix::Bits27(params::LaneConstants::new(token, &lanes, limbs)),
            28 => Radix::Bits28(params::LaneConstants::new(token, &lanes, limbs)),
            _ => panic!("digits of 27 or 28 bits, not {b}"),
        };
        Avx2Lanes {
            token,
            limbs,
            used: moduli.len(),
            consts,
        }
    }

    /// `out[l] = bases[l]^exps[l] mod moduli[l]`, by a constant-time fixed window run by all
    /// lanes on one schedule. Bases are below their modulus with `limbs` limbs; every exponent
    /// has the same number of limbs (its announced length; 0 gives 1). Results have `limbs`
    /// limbs, fully reduced.
    ///
    /// Leaks: `limbs`, the exponents' announced length and the number of lanes; nothing of the
    /// values.
    pub(crate) fn pow(&self, bases: &[&[u64]], exps: &[&[u64]]) -> Vec<Vec<u64>> {
        self.check_inputs(bases);
        assert_eq!(exps.len(), self.used, "one exponent per modulus");
        let exp_limbs = exps[0].len();
        assert!(
            exps.iter().all(|e| e.len() == exp_limbs),
            "every exponent has the same announced length"
        );
        let bases = padded_lanes(bases, &[]);
        let exps = padded_lanes(exps, &[]);
        let t = self.token;
        let out = match &self.consts {
            Radix::Bits27(c) => pow::pow(t, c, &bases, &exps, exp_limbs),
            Radix::Bits28(c) => pow::pow(t, c, &bases, &exps, exp_limbs),
        };
        self.take_used(out)
    }

    /// `out[l] = a[l] * b[l] mod moduli[l]`, inputs below their modulus with `limbs` limbs;
    /// results fully reduced.
    ///
    /// Leaks: `limbs` and the number of lanes.
    pub(crate) fn mul_mod(&self, a: &[&[u64]], b: &[&[u64]]) -> Vec<Vec<u64>> {
        self.check_inputs(a);
        self.check_inputs(b);
        let (a, b) = (padded_lanes(a, &[]), padded_lanes(b, &[]));
        let t = self.token;
        let out = match &self.consts {
            Radix::Bits27(c) => mul::mul_mod(t, c, &a, &b),
            Radix::Bits28(c) => mul::mul_mod(t, c, &a, &b),
        };
        self.take_used(out)
    }

    fn check_inputs(&self, x: &[&[u64]]) {
        assert_eq!(x.len(), self.used, "one operand per modulus");
        for v in x {
            assert_eq!(
                v.len(),
                self.limbs,
                "operands have exactly {} limbs",
                self.limbs
            );
        }
    }

    fn take_used(&self, out: [Vec<u64>; LANES]) -> Vec<Vec<u64>> {
        let mut out = Vec::from(out);
        for spare in &mut out[self.used..] {
            spare.zeroize();
        }
        out.truncate(self.used);
        out
    }
}

/// Panics unless there are 1 to 4 moduli, `limbs` is 1 to [`MAX_LIMBS`] and every modulus has
/// `limbs` limbs and is odd.
fn check_moduli(limbs: usize, moduli: &[&[u64]]) {
    assert!(
        (1..=LANES).contains(&moduli.len()),
        "1 to {LANES} moduli, not {}",
        moduli.len()
    );
    assert!(
        (1..=MAX_LIMBS).contains(&limbs),
        "moduli of 1 to {MAX_LIMBS} limbs, not {limbs}"
    );
    for m in moduli {
        assert_eq!(m.len(), limbs, "every modulus has exactly {limbs} limbs");
        assert_eq!(m[0] & 1, 1, "moduli must be odd");
    }
}

/// `x` padded to four lanes with `fill`.
fn padded_lanes<'a>(x: &[&'a [u64]], fill: &'a [u64]) -> [&'a [u64]; LANES] {
    core::array::from_fn(|l| x.get(l).copied().unwrap_or(fill))
}
