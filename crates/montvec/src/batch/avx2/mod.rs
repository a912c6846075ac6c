//! The AVX2 4-way batch engine: four independent Montgomery exponentiations at once, one per
//! 64-bit lane of the ymm registers, each lane with its own modulus, base and exponent.
//!
//! Word-sliced storage (seed 001, on `vpmuludq` instead of IFMA): digit i of the four numbers
//! sits in one `__m256i`, so an element of d digits is a `[__m256i]` of length d and every
//! kernel runs the four lanes in lock step without a single cross-lane shuffle. The radix is
//! 2^26 (every column of a product fits its 64-bit lane up to 8192-bit moduli and far beyond,
//! with carries propagated once per column: seed 004's delayed carry); the reduction is
//! word-by-word Montgomery with the per-digit constant n0' = -n^-1 mod 2^26, fused into the
//! product's column scan. The design, the bounds and the measurements are in the notes below.
//!
//! | file | what |
//! |---|---|
//! | `layout.rs` | 64-bit limbs in and out of sliced 26-bit digits (4x4 transposes) |
//! | `columns.rs` | register-blocked column sums, shared by product, squaring and reduction |
//! | `redc.rs` | the Montgomery product's block loop and the reduction walk ([`redc::Mont`]) |
//! | `mul.rs`, `sqr.rs` | Montgomery multiplication and the dedicated squaring |
//! | `carry.rs` | digit-serial passes: masked subtraction, doubling and halving mod n |
//! | `params.rs` | the per-lane constants n0', R mod n and R^2 mod n |
//! | `table.rs`, `pow.rs` | the masked window table and the fixed-window exponentiation |
//!
//! Leaks: the limb count of the moduli, the exponents' announced length and how many lanes are
//! used; nothing of the moduli, bases or exponents (no secret-dependent branch, memory index or
//! division anywhere below).
#![doc = include_str!("../../../docs/batch-avx2.md")]
#![deny(clippy::integer_division_remainder_used)]
// Reached from the public `batch` API once it lands; until then only the tests call in.

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

use crate::backend::Avx2Token;

/// Numbers processed at once: one per 64-bit lane of a ymm register.
pub(crate) const LANES: usize = 4;
/// The largest modulus, in 64-bit limbs (8192 bits).
pub(crate) const MAX_LIMBS: usize = 128;
/// Bits in one digit: the radix is 2^26.
pub(crate) const DIGIT_BITS: u32 = 26;
/// 2^26 - 1.
pub(crate) const DIGIT_MASK: u64 = (1 << DIGIT_BITS) - 1;
/// Columns summed at once in registers by the product kernels (see `columns.rs`).
const BLOCK: usize = 8;

/// Digits d of an element for moduli of `limbs` limbs: the least with 2^(26 d) >= 4 * 2^(64 limbs),
/// so R = 2^(26 d) > 4n, which keeps almost-Montgomery outputs below 2n (see `redc.rs`).
pub(crate) fn digits_for(limbs: usize) -> usize {
    (64 * limbs + 2).div_ceil(DIGIT_BITS as usize)
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
    consts: params::LaneConstants,
}

impl Avx2Lanes {
    /// Precompute n0', R mod n and R^2 mod n for every lane (R = 2^(26 d), d = [`digits_for`]).
    ///
    /// Panics unless `1 <= moduli.len() <= 4`, `1 <= limbs <= MAX_LIMBS` and every modulus has
    /// `limbs` limbs and is odd.
    ///
    /// Leaks: `limbs` and `moduli.len()`; nothing of the values (not even their bit lengths: R
    /// mod n is reached by doubling from 1, the same number of steps for every n).
    pub(crate) fn new(token: Avx2Token, limbs: usize, moduli: &[&[u64]]) -> Self {
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
        let lanes = padded_lanes(moduli, moduli[0]);
        let consts = params::LaneConstants::new(token, &lanes, limbs, digits_for(limbs));
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
        let out = pow::pow(self.token, &self.consts, &bases, &exps, exp_limbs);
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
        let out = mul::mul_mod(self.token, &self.consts, &a, &b);
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

/// `x` padded to four lanes with `fill`.
fn padded_lanes<'a>(x: &[&'a [u64]], fill: &'a [u64]) -> [&'a [u64]; LANES] {
    core::array::from_fn(|l| x.get(l).copied().unwrap_or(fill))
}
