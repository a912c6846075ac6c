//! The ADX kernels for limb counts without one of their own: n is padded with zero limbs to the
//! next kernel size K (the row kernels of 10, 12, 16, 20, 24, 32, 40, 48, 56, 64, 80, 96 and 128
//! limbs, for up to a quarter fewer limbs, see [`padded_len`]) and the elements are Montgomery
//! forms for R' = 2^(64 K) instead of R = 2^(64 k). REDC with R' > n is exact for any n below R'
//! (the quotient and the bound (a b + m n) / R' < 2n do not care that n's top limbs are zero), so
//! the kernels run unchanged; only the conversions to and from the shared form (R) cost one product
//! each, by a constant computed once (as for [`crate::mont::ifma`]).
//!
//! One padded product does the work of K, not k, limbs, yet the row kernels beat the
//! portable REDC where K is at most 4/3 of k (see [`crate::Algorithm::auto_for_bits`] for
//! the figures). Every count from 2 to 8 limbs has a fused kernel of its own
//! ([`super::fused`]).
//!
//! Leaks: the size of n (k and K); the kernels have no data-dependent branch or address.

use super::{fused, kernel_mul, kernel_scratch_len, kernel_sqr, SIZES};
use crate::backend::AdxToken;
use crate::limb::Limb;
use crate::mont::params::MontParams;
use crate::mont::{cios, MontMul};
use zeroize::{Zeroize, ZeroizeOnDrop};

/// The kernel size for a modulus of `k` limbs, when it runs padded: from 9 limbs, the next
/// row-kernel size K when 3K <= 4k (9 limbs on 10, 11 on 12, 13-15 on 16, 17-19 on 20, 21-23 on 24,
/// 25-31 on 32, 33-39 on 40, 41-47 on 48, 49-55 on 56, 57-63 on 64, 65-79 on 80, 81-95 on 96,
/// 97-127 on 128: every count from 9 to 128, 8192 bits, runs on an ADX kernel). A padded
/// exponentiation costs about (K/k)^2 an unpadded one on the same kernels, against about 1.8x for
/// the portable REDC the other sizes run (AMD EPYC without AVX-512, see
/// [`crate::Algorithm::auto_for_bits`]).
pub fn padded_len(k: usize) -> Option<usize> {
    if SIZES.contains(&k) {
        return None;
    }
    SIZES
        .into_iter()
        .find(|&big| big > k && k > 8 && 3 * big <= 4 * k)
}

/// The padded ADX variant: n as K limbs and the constants of its form. Zeroized on drop (n
/// may be a secret prime).
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct PaddedAdx {
    params: MontParams,
    #[zeroize(skip)]
    token: AdxToken,
    /// n, padded with zero limbs to K.
    n: Vec<Limb>,
    /// n' = -n^-1 mod 2^128.
    np: [Limb; 2],
    /// R' mod n: one in this form.
    one: Vec<Limb>,
    /// R'^2 / R mod n: from the shared form into this one.
    into_form: Vec<Limb>,
    /// R mod n: from this form to the shared one.
    out_of_form: Vec<Limb>,
    /// R'^2 mod n: from a value straight into this form.
    from_value: Vec<Limb>,
    /// 1: from this form straight to the value.
    unit: Vec<Limb>,
}

impl PaddedAdx {
    /// The padded kernels for `params`, or `None` when the limb count has no padded size.
    ///
    /// Leaks: the size of n.
    pub fn new(params: MontParams, token: AdxToken) -> Option<Self> {
        let k = params.limbs();
        let big = padded_len(k)?;
        let pad = |x: &[Limb]| {
            let mut v = vec![0; big];
            v[..x.len()].copy_from_slice(x);
            v
        };
        // R' mod n, then R'^2 / R = Mont_R(R', R') and R'^2 = Mont_R(R'^2 / R, R^2).
        let mut one = params.pow2_mod(64 * big);
        let mut into = vec![0; k];
        let mut from_value = vec![0; k];
        let mut scratch = vec![0; k];
        let (n, n0) = (params.modulus(), params.n0());
        cios::mont_mul(&mut into, &one, &one, n, n0, &mut scratch);
        cios::mont_mul(&mut from_value, &into, params.r2(), n, n0, &mut scratch);
        let n = pad(n);
        let v = PaddedAdx {
            np: fused::neg_inverse_128(&n),
            n,
            one: pad(&one),
            into_form: pad(&into),
            out_of_form: pad(params.one()),
            from_value: pad(&from_value),
            unit: pad(&[1]),
            params,
            token,
        };
        // scratch ends holding CIOS's last t - n: derived from n too.
        for x in [&mut one, &mut into, &mut from_value, &mut scratch] {
            x.zeroize();
        }
        Some(v)
    }

    /// `a b / R' mod n`, fully reduced (the kernels' output), for a below 2^(64 K) and
    /// b below n: (a b + m n) / R' < 2n, so the kernels' one subtraction finishes. `t` has
    /// [`MontMul::scratch_len`] limbs.
    fn product(&self, out: &mut [Limb], a: &[Limb], b: &[Limb], t: &mut [Limb]) {
        kernel_mul(self.token, out, a, b, &self.n, self.np, t);
    }

    /// `x c / R' mod n` as K limbs, for `x` of at most K limbs (zero-extended) and `c` below
    /// n. The result is below n, so limbs k.. are zero: callers that want the shared length
    /// truncate.
    fn product_to_limbs(&self, x: &[Limb], c: &[Limb]) -> Vec<Limb> {
        let big = self.n.len();
        let mut xp = vec![0; big];
        xp[..x.len()].copy_from_slice(x);
        let mut out = vec![0; big];
        let mut t = vec![0; self.scratch_len()];
        self.product(&mut out, &xp, c, &mut t);
        xp.zeroize();
        t.zeroize();
        out
    }
}

impl MontMul for PaddedAdx {
    fn params(&self) -> &MontParams {
        &self.params
    }
    fn elem_len(&self) -> usize {
        self.n.len()
    }
    fn one(&self) -> &[Limb] {
        &self.one
    }
    fn scratch_len(&self) -> usize {
        kernel_scratch_len(self.n.len())
    }
    fn mul(&self, out: &mut [Limb], a: &[Limb], b: &[Limb], t: &mut [Limb]) {
        self.product(out, a, b, t);
    }
    fn sqr(&self, out: &mut [Limb], a: &[Limb], t: &mut [Limb]) {
        kernel_sqr(self.token, out, a, &self.n, self.np, t);
    }
    fn to_own_form(&self, mut x: Vec<Limb>) -> Vec<Limb> {
        let out = self.product_to_limbs(&x, &self.into_form);
        x.zeroize();
        out
    }
    fn to_shared_form(&self, mut x: Vec<Limb>) -> Vec<Limb> {
        let mut out = self.product_to_limbs(&x, &self.out_of_form);
        x.zeroize();
        out.truncate(self.params.limbs());
        out
    }
    /// Any x below 2^(64k) < R': x R'^2 / R' + n < 2n.
    fn own_from_value(&self, x: &[Limb]) -> Option<Vec<Limb>> {
        if x.len() > self.params.limbs() {
            return None;
        }
        Some(self.product_to_limbs(x, &self.from_value))
    }
    /// Not the default's single product: our elements are not the shared form.
    fn value_times_own(&self, x: &[Limb], y: &[Limb]) -> Option<Vec<Limb>> {
        let _ = (x, y);
        None
    }
    /// No value product (above), so nothing to end a power on.
    fn value_product_ends_powers(&self) -> bool {
        false
    }
    fn value_from_own(&self, y: &[Limb]) -> Option<Vec<Limb>> {
        let mut out = self.product_to_limbs(y, &self.unit);
        out.truncate(self.params.limbs());
        Some(out)
    }
}
