//! The IFMA batch engine (seed 001): up to 8 (zmm) or 4 (ymm, AVX-512VL) independent
//! modular exponentiations at once, one per 64-bit lane, word-sliced in radix 2^52, each lane
//! with its own modulus and exponent.
//!
//! - [`product`]: column-blocked schoolbook products and squarings over any digit count;
//! - [`reduce`]: almost-Montgomery multiplication with the truncated-product reduction (and
//!   the plain one it is measured against);
//! - [`pow`]: the fixed-window exponentiation, table entries selected by mask.
//!
//! Per lane this module precomputes, in scalar code and without division: N' = -N^-1 mod R
//! (Newton), R mod N (doubling) and R^2 mod N (two Montgomery products), R = 2^(52 d) with
//! d = ceil((64k + 2) / 52) digits for k-limb moduli, so that 4N < R.

pub(crate) mod pow;
pub(crate) mod product;
pub(crate) mod reduce;

use core::marker::PhantomData;

use zeroize::Zeroize;

use self::reduce::{Reduction, SlicedModulus};
use crate::backend::IfmaToken;
use crate::batch::lanes::Lanes;
use crate::batch::sliced::{self, AlignedWords};
use crate::limb::{Limb, LIMB_BITS};
use crate::mont::cios::kernel as cios;
use crate::mont::params::{neg_inverse_mod_limbs, MontParams};

/// Digits for moduli of `limbs` 64-bit limbs: 52 d >= 64 k + 2, so 4N < R.
pub(crate) fn digits_for_limbs(limbs: usize) -> usize {
    (limbs * LIMB_BITS + 2).div_ceil(52)
}

/// Up to `V::LANES` moduli of one limb count, prepared for the IFMA batch kernels.
pub(crate) struct IfmaLanes<V: Lanes> {
    token: IfmaToken,
    limbs: usize,
    digits: usize,
    /// N, word-sliced.
    n: AlignedWords,
    /// -N^-1 mod R, word-sliced.
    n_prime: AlignedWords,
    /// R mod N, word-sliced: one in Montgomery form.
    one: AlignedWords,
    /// R^2 mod N, word-sliced: into Montgomery form.
    r2: AlignedWords,
    reduction: Reduction,
    _lanes: PhantomData<V>,
}

impl<V: Lanes> IfmaLanes<V> {
    /// Precompute for `moduli` (1 to `V::LANES` of them), each odd, at least 3 and exactly
    /// `limbs` limbs (leading zero limbs allowed). Missing lanes repeat the first modulus.
    ///
    /// Leaks: `limbs`, the count of moduli and each modulus's bit length (its size).
    pub(crate) fn new(token: IfmaToken, limbs: usize, moduli: &[&[Limb]]) -> Self {
        let lanes = V::LANES;
        assert!(!moduli.is_empty() && moduli.len() <= lanes);
        let digits = digits_for_limbs(limbs);
        let prime_limbs = (52 * digits).div_ceil(LIMB_BITS);
        let mut n_rows = Vec::with_capacity(lanes);
        let mut n_prime_rows = Vec::with_capacity(lanes);
        let mut one_rows = Vec::with_capacity(lanes);
        let mut r2_rows = Vec::with_capacity(lanes);
        for l in 0..lanes {
            let n = moduli.get(l).copied().unwrap_or(moduli[0]);
            assert!(n.len() == limbs && n[0] & 1 == 1);
            let bits = bit_length(n);
            assert!(bits >= 2, "moduli are at least 3");
            let k = bits.div_ceil(LIMB_BITS);
            let params = MontParams::new(n[..k].to_vec(), bits);
            // R mod N by doubling from 2^(bits-1); R^2 mod N = Mont64(Mont64(R, R), R64^2).
            let one = params.pow2_mod(52 * digits);
            let mut scratch = vec![0; k];
            let mut t = vec![0; k];
            cios::mont_mul(
                &mut t,
                &one,
                &one,
                params.modulus(),
                params.n0(),
                &mut scratch,
            );
            let mut r2 = vec![0; k];
            cios::mont_mul(
                &mut r2,
                &t,
                params.r2(),
                params.modulus(),
                params.n0(),
                &mut scratch,
            );
            t.zeroize();
            n_rows.push(n.to_vec());
            n_prime_rows.push(neg_inverse_mod_limbs(n, prime_limbs));
            one_rows.push(one);
            r2_rows.push(r2);
        }
        let as_refs = |rows: &[Vec<Limb>]| {
            sliced::slice(
                &rows.iter().map(|r| &r[..]).collect::<Vec<_>>(),
                digits,
                lanes,
            )
        };
        let v = IfmaLanes {
            token,
            limbs,
            digits,
            n: as_refs(&n_rows),
            n_prime: as_refs(&n_prime_rows),
            one: as_refs(&one_rows),
            r2: as_refs(&r2_rows),
            reduction: Reduction::Truncated,
            _lanes: PhantomData,
        };
        for rows in [&mut n_prime_rows, &mut one_rows, &mut r2_rows, &mut n_rows] {
            for r in rows.iter_mut() {
                r.zeroize();
            }
        }
        v
    }

    /// Use `reduction` from now on (for benchmarks and tests).
    pub(crate) fn set_reduction(&mut self, reduction: Reduction) {
        self.reduction = reduction;
    }

    fn modulus(&self) -> SlicedModulus<'_> {
        SlicedModulus {
            n: self.n.as_slice(),
            n_prime: self.n_prime.as_slice(),
            reduction: self.reduction,
        }
    }

    /// Per lane, `bases[l]^exps[l] mod N_l` (`limbs` limbs each, fully reduced), for bases
    /// below their modulus; exponents of any lengths (padded with zero limbs to the longest).
    ///
    /// Leaks: the sizes and the longest exponent's length; nothing of the values.
    pub(crate) fn pow(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>> {
        let count = bases.len();
        assert!(count == exps.len() && count <= V::LANES);
        let exp_limbs = exps.iter().map(|e| e.len()).max().unwrap_or(0);
        let base = sliced::slice(bases, self.digits, V::LANES);
        let mut out = AlignedWords::zeroed(self.digits * V::LANES);
        // SAFETY: the token proves AVX-512 F, IFMA and VL (and DQ) were detected at run time.
        unsafe {
            pow::pow_sliced::<V>(
                out.as_mut_slice(),
                base.as_slice(),
                exps,
                exp_limbs,
                &self.modulus(),
                self.one.as_slice(),
                self.r2.as_slice(),
            )
        };
        let _ = self.token;
        sliced::unslice(out.as_slice(), V::LANES, count, self.limbs)
    }

    /// Per lane, `a[l] b[l] mod N_l` for inputs below their modulus: two almost-Montgomery
    /// products (`a b / R`, then times `R^2`) and a masked subtraction.
    ///
    /// Leaks: the sizes only.
    pub(crate) fn mul_mod(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>> {
        let count = a.len();
        assert!(count == b.len() && count <= V::LANES);
        let words = self.digits * V::LANES;
        let (xa, xb) = (
            sliced::slice(a, self.digits, V::LANES),
            sliced::slice(b, self.digits, V::LANES),
        );
        let mut out = AlignedWords::zeroed(words);
        let mut scratch = AlignedWords::zeroed(reduce::scratch_words(self.digits, V::LANES));
        // SAFETY: the token proves AVX-512 F, IFMA and VL were detected at run time.
        unsafe {
            reduce::mul_mod::<V>(
                out.as_mut_slice(),
                xa.as_slice(),
                xb.as_slice(),
                self.r2.as_slice(),
                &self.modulus(),
                scratch.as_mut_slice(),
            )
        };
        sliced::unslice(out.as_slice(), V::LANES, count, self.limbs)
    }
}

/// Bit length of a public size (the modulus): its top non-zero bit.
fn bit_length(n: &[Limb]) -> usize {
    n.iter().rposition(|&w| w != 0).map_or(0, |i| {
        i * LIMB_BITS + (LIMB_BITS - n[i].leading_zeros() as usize)
    })
}
