//! Per-modulus constants of the radix-2^52 batch engines, computed in scalar code without
//! division and cached in each [`crate::Modulus`] (RSA primes are secret moduli; a key signs
//! many batches):
//! - N' = -N^-1 mod R in full (the truncated-product reduction needs all of it, not one
//!   digit), by Newton's iteration;
//! - R mod N, by doubling from 2^(bits-1) with masked subtractions;
//! - R^2 mod N = Mont64(Mont64(R mod N, R mod N), R64^2 mod N), two Montgomery products,
//!   and R^2 / R64 mod N = Mont64(R^2 mod N, 1) (R64 = 2^(64k), the scalar engines' R);
//!
//! for R = 2^(52 d) and d = ceil((64k + 2) / 52) digits, k the limb count of N: 4N < R.

use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::batch::sliced::slice;
use crate::limb::{Limb, LIMB_BITS};
use crate::mont::cios::kernel as cios;
use crate::mont::params::{neg_inverse_mod_limbs, MontParams};

/// Digits of 52 bits for moduli of `limbs` 64-bit limbs: 52 d >= 64 k + 2, so 4N < R.
pub(crate) fn digits_for_limbs(limbs: usize) -> usize {
    (limbs * LIMB_BITS + 2).div_ceil(52)
}

/// (R mod N, R^2 mod N) for R = 2^r, r >= bits - 1, as k limbs: R mod N by doubling from
/// 2^(bits-1) with masked subtractions ([`MontParams::pow2_mod`]), then R^2 mod N =
/// Mont64(Mont64(R mod N, R mod N), R64^2 mod N), two Montgomery products by the scalar R64 =
/// 2^(64k). No division: N may be a secret prime.
///
/// Leaks: r and the size of N.
pub(crate) fn radix_powers(params: &MontParams, r: usize) -> (Vec<Limb>, Vec<Limb>) {
    let (n, n0) = (params.modulus(), params.n0());
    let k = n.len();
    let one = params.pow2_mod(r);
    let mut scratch = vec![0; k];
    let mut t = vec![0; k];
    cios::mont_mul(&mut t, &one, &one, n, n0, &mut scratch);
    let mut r2 = vec![0; k];
    cios::mont_mul(&mut r2, &t, params.r2(), n, n0, &mut scratch);
    // Both held values modulo n.
    t.zeroize();
    scratch.zeroize();
    (one, r2)
}

/// The constants of one modulus for the batch engines. Zeroized on drop.
#[derive(Zeroize, ZeroizeOnDrop)]
pub(crate) struct LaneConstants {
    /// The digit count d they are for.
    #[zeroize(skip)]
    pub(crate) digits: usize,
    /// N and its constants as d digits of 52 bits each, what the lanes hold: a batch builds
    /// its lanes by copying digits, not by re-splitting limbs each call (the split of the five
    /// numbers was 11% of a 1024-bit public-exponent batch, e = 65537).
    pub(crate) digit_forms: DigitForms,
}

/// N and its constants for R = 2^(52 d) as d digits of 52 bits. Zeroized on drop.
#[derive(Zeroize, ZeroizeOnDrop)]
pub(crate) struct DigitForms {
    pub(crate) n: Vec<u64>,
    /// -N^-1 mod R.
    pub(crate) n_prime: Vec<u64>,
    /// R mod N.
    pub(crate) one: Vec<u64>,
    /// R^2 mod N.
    pub(crate) r2: Vec<u64>,
    /// R^2 / 2^(64 k) mod N: multiplying by it (over R) turns a lane product of two elements
    /// in the scalar Montgomery form x 2^(64 k) into that form again.
    pub(crate) r2_over_r64: Vec<u64>,
}

impl LaneConstants {
    /// The constants for `params`'s modulus, of `limbs` limbs.
    ///
    /// Leaks: the size of N.
    pub(crate) fn new(params: &MontParams, limbs: usize) -> Self {
        let digits = digits_for_limbs(limbs);
        let (n, n0) = (params.modulus(), params.n0());
        let k = n.len();
        // 52 d >= 64 limbs + 2 > bits - 1, as radix_powers needs.
        let (mut one, mut r2) = radix_powers(params, 52 * digits);
        let mut scratch = vec![0; k];
        let mut unit = vec![0; k];
        unit[0] = 1;
        let mut r2_over_r64 = vec![0; k];
        cios::mont_mul(&mut r2_over_r64, &r2, &unit, n, n0, &mut scratch);
        // It held values modulo n, which may be a secret prime.
        scratch.zeroize();
        let mut n_prime = neg_inverse_mod_limbs(n, (52 * digits).div_ceil(LIMB_BITS));
        let split = |x: &[Limb]| slice(&[x], digits, 1).as_slice().to_vec();
        let digit_forms = DigitForms {
            n: split(n),
            n_prime: split(&n_prime),
            one: split(&one),
            r2: split(&r2),
            r2_over_r64: split(&r2_over_r64),
        };
        for x in [&mut n_prime, &mut one, &mut r2, &mut r2_over_r64] {
            x.zeroize();
        }
        LaneConstants {
            digits,
            digit_forms,
        }
    }
}
