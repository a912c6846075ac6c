//! Numbers as signed 62-bit limbs (libsecp256k1's "signed62" form): the value is
//! Σ limbᵢ·2^(62i) with every limb an `i64`, so that a 62-bit limb times a matrix entry
//! (|entry| ≤ 2^62) plus a carry fits an `i128`. Canonical form: limbs below the top in
//! [0, 2^62), the top limb signed.
//!
//! Leaks: the lengths only. No branch or index depends on a limb value.

use zeroize::Zeroize;

use super::divsteps::Transition;
use crate::limb::{add_assign, Limb, LIMB_BITS};

/// Bits a limb holds in canonical form.
pub(crate) const LIMB62: usize = 62;
const M62: i64 = (1 << 62) - 1;

/// A number in signed 62-bit limbs. Zeroized on drop.
#[derive(Clone, Debug, Zeroize)]
#[zeroize(drop)]
pub(crate) struct Signed62(pub Vec<i64>);

impl Signed62 {
    /// From unsigned 64-bit limbs `x`, in `len` limbs (which must hold x and a sign).
    pub fn from_limbs(x: &[Limb], len: usize) -> Self {
        debug_assert!(len * LIMB62 > x.len() * LIMB_BITS);
        let mut out = vec![0i64; len];
        for (i, o) in out.iter_mut().enumerate() {
            // Bits [62i, 62i + 62) of x: from word w at offset s, and the next word.
            let bit = i * LIMB62;
            let (w, s) = (bit >> 6, bit & (LIMB_BITS - 1));
            let lo = x.get(w).copied().unwrap_or(0) >> s;
            let hi = match (s, x.get(w + 1)) {
                (0, _) | (_, None) => 0,
                (_, Some(&next)) => next << (LIMB_BITS - s),
            };
            *o = ((lo | hi) as i64) & M62;
        }
        Signed62(out)
    }

    /// Two's complement in `words` 64-bit limbs (enough to hold the value and its sign),
    /// from any form (non-canonical limbs are carried).
    pub fn to_twos_complement(&self, words: usize) -> Vec<Limb> {
        let mut out = vec![0 as Limb; words];
        // Accumulate Σ limbᵢ 2^(62i) word by word: `acc` holds the not yet written bits
        // (value scaled by 2^-(64·written)), as a signed 128-bit carry.
        let mut acc: i128 = 0;
        let mut acc_bits = 0usize; // bits of `acc` that are fixed below the next limb's offset
        let mut next = 0usize; // next output word
        for &limb in &self.0 {
            if next == words {
                // The value fits `words` (the caller's promise): the remaining limbs carry
                // only its sign.
                break;
            }
            acc += (limb as i128) << acc_bits;
            acc_bits += LIMB62;
            while acc_bits >= LIMB_BITS && next < words {
                out[next] = acc as Limb;
                acc >>= LIMB_BITS;
                acc_bits -= LIMB_BITS;
                next += 1;
            }
        }
        // The rest is the sign extension of what is left.
        for o in out.iter_mut().skip(next) {
            *o = acc as Limb;
            acc >>= LIMB_BITS;
        }
        out
    }

    /// The sign of the value as a mask (all ones when negative), for canonical form.
    pub fn sign_mask(&self) -> i64 {
        self.0.last().copied().unwrap_or(0) >> 63
    }
}

/// `[f, g] = t·[f, g] / 2^62` (exact: the divsteps made the low 62 bits zero). Outputs are
/// canonical.
pub(crate) fn update_fg(f: &mut Signed62, g: &mut Signed62, t: &Transition) {
    let len = f.0.len();
    let (u, v, q, r) = (t.u as i128, t.v as i128, t.q as i128, t.r as i128);
    // |u·fᵢ + v·gᵢ| ≤ (|u| + |v|)·2^62 ≤ 2^124 for canonical limbs; the top limbs of f and g
    // stay below 2^62 in magnitude too (|f|, |g| never exceed their starting bound), and the
    // carry is below 2^63: the sums fit an i128.
    let mut cf = u * f.0[0] as i128 + v * g.0[0] as i128;
    let mut cg = q * f.0[0] as i128 + r * g.0[0] as i128;
    debug_assert_eq!(cf as i64 & M62, 0);
    debug_assert_eq!(cg as i64 & M62, 0);
    cf >>= LIMB62;
    cg >>= LIMB62;
    for i in 1..len {
        let (fi, gi) = (f.0[i] as i128, g.0[i] as i128);
        cf += u * fi + v * gi;
        cg += q * fi + r * gi;
        f.0[i - 1] = cf as i64 & M62;
        g.0[i - 1] = cg as i64 & M62;
        cf >>= LIMB62;
        cg >>= LIMB62;
    }
    f.0[len - 1] = cf as i64;
    g.0[len - 1] = cg as i64;
}

/// The odd modulus n of the Bézout coefficients, with n⁻¹ mod 2^62.
pub(crate) struct ModulusInfo {
    pub n: Signed62,
    pub n_inv62: i64,
}

impl ModulusInfo {
    /// For odd n, as unsigned limbs, in `len` signed limbs.
    pub fn new(n: &[Limb], len: usize) -> Self {
        // Newton's iteration x <- x(2 - n x) doubles the correct low bits; x = n is right
        // mod 2^3 for odd n (n² ≡ 1 mod 8), so five steps reach 96 > 62 bits.
        let n0 = n[0];
        debug_assert_eq!(n0 & 1, 1);
        let mut x = n0;
        for _ in 0..5 {
            x = x.wrapping_mul(2u64.wrapping_sub(n0.wrapping_mul(x)));
        }
        ModulusInfo {
            n: Signed62::from_limbs(n, len),
            n_inv62: (x as i64) & M62,
        }
    }
}

/// `[d, e] = t·[d, e] / 2^62 mod n`: a multiple of n is added to each product so that its
/// low 62 bits vanish, then the exact shift. On input and output d and e lie in (−2n, n), and
/// their limbs below the top in [0, 2^62) (libsecp256k1 `modinv64_update_de_62`'s bound).
pub(crate) fn update_de(d: &mut Signed62, e: &mut Signed62, t: &Transition, m: &ModulusInfo) {
    let len = d.0.len();
    let (u, v, q, r) = (t.u, t.v, t.q, t.r);
    // md, me start as u, q (when d < 0) plus v, r (when e < 0): that keeps the results above
    // −2n (the libsecp256k1 argument).
    let (sd, se) = (d.sign_mask(), e.sign_mask());
    let mut md = (u & sd).wrapping_add(v & se);
    let mut me = (q & sd).wrapping_add(r & se);
    let (u, v, q, r) = (u as i128, v as i128, q as i128, r as i128);
    let mut cd = u * d.0[0] as i128 + v * e.0[0] as i128;
    let mut ce = q * d.0[0] as i128 + r * e.0[0] as i128;
    // Choose md ≡ -cd / n (mod 2^62) by subtracting a 62-bit correction, so md stays in
    // (−2^63, 2^63).
    md = md.wrapping_sub((m.n_inv62.wrapping_mul(cd as i64).wrapping_add(md)) & M62);
    me = me.wrapping_sub((m.n_inv62.wrapping_mul(ce as i64).wrapping_add(me)) & M62);
    let (md, me) = (md as i128, me as i128);
    cd += m.n.0[0] as i128 * md;
    ce += m.n.0[0] as i128 * me;
    debug_assert_eq!(cd as i64 & M62, 0);
    debug_assert_eq!(ce as i64 & M62, 0);
    cd >>= LIMB62;
    ce >>= LIMB62;
    // Each column: |u·dᵢ + v·eᵢ| ≤ 2^124, |nᵢ·md| < 2^125, carry < 2^64: below 2^127.
    for i in 1..len {
        let (di, ei, ni) = (d.0[i] as i128, e.0[i] as i128, m.n.0[i] as i128);
        cd += u * di + v * ei + ni * md;
        ce += q * di + r * ei + ni * me;
        d.0[i - 1] = cd as i64 & M62;
        e.0[i - 1] = ce as i64 & M62;
        cd >>= LIMB62;
        ce >>= LIMB62;
    }
    d.0[len - 1] = cd as i64;
    e.0[len - 1] = ce as i64;
}

/// `x = x + n` when `mask` is all ones, over two's complement words (`n` zero-extended).
pub(crate) fn add_masked(x: &mut [Limb], n: &[Limb], mask: Limb) {
    let mut masked: Vec<Limb> = n.iter().map(|&w| w & mask).collect();
    add_assign(x, &masked);
    masked.zeroize();
}

/// `x = -x` when `mask` is all ones, over two's complement words.
pub(crate) fn negate_masked(x: &mut [Limb], mask: Limb) {
    // -x = !x + 1; under a zero mask: x ^ 0 + 0.
    let mut carry = mask & 1;
    for w in x.iter_mut() {
        let (s, c) = crate::limb::adc(*w ^ mask, 0, carry);
        *w = s;
        carry = c;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_through_signed62() {
        let x: Vec<Limb> = vec![0x0123_4567_89ab_cdef, u64::MAX, 0x8000_0000_0000_0001, 7];
        let s = Signed62::from_limbs(&x, 5);
        let back = s.to_twos_complement(5);
        assert_eq!(&back[..4], &x[..]);
        assert_eq!(back[4], 0);
        // A negative value: -1 as [M62, M62, ..., -1].
        let minus_one = Signed62(vec![M62, M62, -1]);
        assert_eq!(minus_one.to_twos_complement(3), vec![u64::MAX; 3]);
        let mut y = vec![5, 0];
        negate_masked(&mut y, u64::MAX);
        assert_eq!(y, vec![5u64.wrapping_neg(), u64::MAX]);
        add_masked(&mut y, &[7], u64::MAX);
        assert_eq!(y, vec![2, 0]);
    }
}
