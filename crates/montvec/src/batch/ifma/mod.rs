//! The IFMA batch engine (seed 001): up to 8 (zmm) or 4 (ymm, AVX-512VL) independent
//! modular exponentiations at once, one per 64-bit lane, word-sliced in radix 2^52, each lane
//! with its own modulus and exponent.
//!
//! - [`product`]: column-blocked schoolbook products and squarings over any digit count;
//! - [`reduce`]: almost-Montgomery multiplication with the truncated-product reduction (and
//!   the plain one it is measured against);
//! - [`pow`]: the fixed-window exponentiation, table entries selected by mask.
//!
//! Each lane takes its modulus's [`LaneConstants`] (N' = -N^-1 mod R, R mod N, R^2 mod N for
//! R = 2^(52 d), d = ceil((64k + 2) / 52) digits for k-limb moduli, so that 4N < R), computed
//! once per [`crate::Modulus`].

pub(crate) mod pow;
pub(crate) mod product;
pub(crate) mod reduce;

use core::marker::PhantomData;

use self::reduce::{Reduction, SlicedModulus};
use crate::backend::IfmaToken;
use crate::batch::constants::{digits_for_limbs, LaneConstants};
use crate::batch::lanes::Lanes;
use crate::batch::sliced::{self, AlignedWords};
use crate::limb::Limb;

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
    /// Lanes for `moduli` (1 to `V::LANES` of them, each with its [`LaneConstants`] for this
    /// digit count), each odd, at least 3 and exactly `limbs` limbs. Missing lanes repeat the
    /// first modulus.
    ///
    /// Leaks: `limbs` and the count of moduli.
    pub(crate) fn new(
        token: IfmaToken,
        limbs: usize,
        moduli: &[(&[Limb], &LaneConstants)],
    ) -> Self {
        let lanes = V::LANES;
        assert!(!moduli.is_empty() && moduli.len() <= lanes);
        let digits = digits_for_limbs(limbs);
        let lanes_of: Vec<(&[Limb], &LaneConstants)> = (0..lanes)
            .map(|l| moduli.get(l).copied().unwrap_or(moduli[0]))
            .collect();
        for (n, c) in &lanes_of {
            assert!(n.len() == limbs && n[0] & 1 == 1 && c.digits == digits);
        }
        let rows = |f: fn(&(&[Limb], &LaneConstants)) -> Vec<Limb>| {
            let r: Vec<Vec<Limb>> = lanes_of.iter().map(f).collect();
            let refs: Vec<&[Limb]> = r.iter().map(|v| &v[..]).collect();
            sliced::slice(&refs, digits, lanes)
        };
        IfmaLanes {
            token,
            limbs,
            digits,
            n: rows(|x| x.0.to_vec()),
            n_prime: rows(|x| x.1.n_prime.clone()),
            one: rows(|x| x.1.one.clone()),
            r2: rows(|x| x.1.r2.clone()),
            reduction: Reduction::Truncated,
            _lanes: PhantomData,
        }
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
