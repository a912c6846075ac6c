//! Montgomery parameters shared by every variant: n' = -n^-1 mod 2^64, R mod n and R^2 mod n
//! for R = 2^(64k), k the limb count of n; plus conversion into and out of Montgomery form.
//!
//! All of it is computed without division, in time that depends only on the size of n
//! (RSA primes are secret moduli): n' by Newton's iteration, R mod n by doubling with a masked
//! subtraction, R^2 mod n by a few Montgomery squarings of a power of two (seed 002 §3 computes
//! R^2 mod n for the conversion; we avoid its division).

use subtle::Choice;
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::ct;
use crate::limb::{adc, bit_position, sbb, Limb, LIMB_BITS};
use crate::mont::cios::kernel as cios;

/// A conversion kernel `(out, a, b)`: `out = a b / R mod n` fully reduced, for `a` of k
/// limbs below R and `b` below n (see [`MontParams::to_montgomery_by`]).
pub type ConversionProduct<'a> = dyn FnMut(&mut [Limb], &[Limb], &[Limb]) + 'a;

/// The parameters of one odd modulus n >= 3.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct MontParams {
    /// n, exactly `k` limbs, the top limb nonzero.
    pub(crate) n: Vec<Limb>,
    /// -n^-1 mod 2^64.
    pub(crate) n0: Limb,
    /// R mod n: one in Montgomery form.
    pub(crate) one: Vec<Limb>,
    /// R^2 mod n: multiplying by it converts into Montgomery form.
    pub(crate) r2: Vec<Limb>,
    /// Bit length of n (public: the size of the modulus).
    pub(crate) bits: usize,
}

impl MontParams {
    /// Precompute for `n`, given exactly as `k = ceil(bits / 64)` limbs, odd, `bits >= 2`.
    ///
    /// Leaks: `bits` (the modulus size), nothing of the value.
    pub(crate) fn new(n: Vec<Limb>, bits: usize) -> Self {
        let k = n.len();
        debug_assert!(k == bits.div_ceil(LIMB_BITS) && bits >= 2 && n[0] & 1 == 1);
        let n0 = neg_inverse_mod_word(n[0]);
        let w = k * LIMB_BITS;
        // 2^w = R. Start from 2^(bits-1) < n (n odd, so n > 2^(bits-1)) and double up to
        // 2^(w + k) mod n, the Montgomery form of 2^k; then 6 Montgomery squarings give the
        // Montgomery form of 2^(64k) = R, which is R^2 mod n (k * 2^6 = w).
        let mut x = vec![0; k];
        let (limb, shift) = bit_position(bits - 1);
        x[limb] = 1 << shift;
        let mut scratch = vec![0; k];
        let mut one = Vec::new();
        for step in (bits - 1)..(w + k) {
            if step == w {
                one = x.clone();
            }
            double_mod(&mut x, &n, &mut scratch);
        }
        // After the loop x = 2^(w+k) mod n. (When bits - 1 == w it cannot be: bits <= w.)
        let mut t = vec![0; k];
        for _ in 0..6 {
            cios::mont_mul(&mut t, &x, &x, &n, n0, &mut scratch);
            core::mem::swap(&mut x, &mut t);
        }
        scratch.zeroize();
        t.zeroize();
        MontParams {
            n,
            n0,
            one,
            r2: x,
            bits,
        }
    }

    /// `2^j mod n` for `j >= bits - 1`, by doubling from 2^(bits-1) with masked subtractions.
    ///
    /// Leaks: `j` and the size of n.
    // Portable arithmetic, tested on every target, but called only by the x86-64 SIMD kernels.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) fn pow2_mod(&self, j: usize) -> Vec<Limb> {
        let k = self.limbs();
        debug_assert!(j + 1 >= self.bits);
        let mut x = vec![0; k];
        let (limb, shift) = bit_position(self.bits - 1);
        x[limb] = 1 << shift;
        let mut scratch = vec![0; k];
        for _ in (self.bits - 1)..j {
            double_mod(&mut x, &self.n, &mut scratch);
        }
        // It held x - n (n may be a secret prime).
        scratch.zeroize();
        x
    }

    /// `x mod n` (k limbs) for `x` of at most k limbs, where n fills its k limbs: x is then
    /// below R64 < 2n, and one masked subtraction reduces it. `None` when n has fewer than
    /// 64k bits.
    ///
    /// Leaks: the length of `x` and the size of n.
    pub(crate) fn reduced_once(&self, x: &[Limb]) -> Option<Vec<Limb>> {
        let k = self.limbs();
        if self.bits < k * LIMB_BITS || x.len() > k {
            return None;
        }
        let mut out = vec![0; k];
        out[..x.len()].copy_from_slice(x);
        crate::scratch::with_limbs(k, |scratch| subtract_n_once(&mut out, 0, &self.n, scratch));
        Some(out)
    }

    /// Number of limbs, k.
    pub fn limbs(&self) -> usize {
        self.n.len()
    }

    /// Bit length of the modulus.
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// The modulus, k limbs.
    pub fn modulus(&self) -> &[Limb] {
        &self.n
    }

    /// -n^-1 mod 2^64.
    pub fn n0(&self) -> Limb {
        self.n0
    }

    /// R mod n (one in Montgomery form).
    pub fn one(&self) -> &[Limb] {
        &self.one
    }

    /// R^2 mod n.
    pub fn r2(&self) -> &[Limb] {
        &self.r2
    }

    /// `x * R mod n` for any `x` of any announced length (values above n are reduced):
    /// Horner's rule over k-limb chunks from the top, each step a Montgomery multiplication
    /// by R^2 (which maps a chunk c < R to c*R mod n, as CIOS accepts one operand below R).
    ///
    /// Leaks: the announced length of `x`.
    pub fn to_montgomery(&self, x: &[Limb]) -> Vec<Limb> {
        self.to_montgomery_by(x, &mut self.portable_mont_mul())
    }

    /// `x * R^-1 mod n`, fully reduced, for `x` of k limbs below R.
    ///
    /// Leaks: the size of n.
    pub fn from_montgomery(&self, x: &[Limb]) -> Vec<Limb> {
        self.from_montgomery_by(x, &mut self.portable_mont_mul())
    }

    /// Generic CIOS as a conversion kernel for [`MontParams::to_montgomery_by`].
    pub(crate) fn portable_mont_mul(&self) -> impl FnMut(&mut [Limb], &[Limb], &[Limb]) + '_ {
        let mut scratch = zeroize::Zeroizing::new(vec![0; self.limbs()]);
        move |out, a, b| cios::mont_mul(out, a, b, &self.n, self.n0, &mut scratch)
    }

    /// [`MontParams::to_montgomery`] with `mont_mul(out, a, b)` = `a b / R mod n` fully
    /// reduced (for `a` of k limbs below R and `b` below n) as its kernel: the caller's
    /// fastest one.
    ///
    /// Leaks: the announced length of `x`.
    pub fn to_montgomery_by(&self, x: &[Limb], mont_mul: &mut ConversionProduct<'_>) -> Vec<Limb> {
        let k = self.limbs();
        let mut acc = vec![0; k];
        if x.len() == k {
            // One whole chunk, the common case: no copy.
            mont_mul(&mut acc, x, &self.r2);
            return acc;
        }
        // The current chunk, the shifted accumulator and the addition's scratch, in one buffer.
        crate::scratch::with_limbs(3 * k, |work| {
            let (chunk, rest) = work.split_at_mut(k);
            let (t, scratch) = rest.split_at_mut(k);
            let chunks = x.len().div_ceil(k).max(1);
            for c in (0..chunks).rev() {
                load_chunk(chunk, x, c);
                if c + 1 == chunks {
                    // The top chunk: acc is still 0, so acc = chunk * R = Mont(chunk, R^2).
                    mont_mul(&mut acc, chunk, &self.r2);
                    continue;
                }
                // acc = acc * R + chunk (all in Montgomery form): acc*R = Mont(acc, R^2).
                mont_mul(t, &acc, &self.r2);
                mont_mul(&mut acc, chunk, &self.r2);
                self.add_assign_mod(&mut acc, t, scratch);
            }
        });
        acc
    }

    /// [`MontParams::from_montgomery`] with the kernel `mont_mul` of
    /// [`MontParams::to_montgomery_by`].
    ///
    /// Leaks: the size of n.
    pub fn from_montgomery_by(
        &self,
        x: &[Limb],
        mont_mul: &mut ConversionProduct<'_>,
    ) -> Vec<Limb> {
        let k = self.limbs();
        let mut unit = vec![0; k];
        unit[0] = 1;
        let mut out = vec![0; k];
        mont_mul(&mut out, x, &unit);
        out
    }

    /// `x mod n` (k limbs) for `x` of any length, on the conversion kernel `mont_mul`.
    ///
    /// When n fills its k limbs (its top bit set, as RSA primes and moduli do), every k-limb
    /// chunk of x is below R64 < 2n, so one masked subtraction reduces it, and Horner's rule
    /// over the chunks from the top needs one product a lower chunk: acc = Mont(acc, R^2)
    /// (= acc R64 mod n) + (chunk mod n). A 2k-limb x (an RSA CRT half's input) then takes
    /// one product instead of four through the Montgomery form. Otherwise x goes into the
    /// Montgomery form ([`MontParams::to_montgomery_by`]) and out again.
    ///
    /// Leaks: the announced length of `x` and the size of n (whether n's top bit is set).
    pub fn reduce_by(&self, x: &[Limb], mont_mul: &mut ConversionProduct<'_>) -> Vec<Limb> {
        let k = self.limbs();
        if self.bits < k * LIMB_BITS {
            let mut shared = self.to_montgomery_by(x, mont_mul);
            let out = self.from_montgomery_by(&shared, mont_mul);
            shared.zeroize();
            return out;
        }
        // The current chunk, the shifted accumulator and the scratch, in one buffer.
        let mut acc = vec![0; k];
        crate::scratch::with_limbs(3 * k, |work| {
            let (chunk, rest) = work.split_at_mut(k);
            let (t, scratch) = rest.split_at_mut(k);
            let chunks = x.len().div_ceil(k).max(1);
            for c in (0..chunks).rev() {
                load_chunk(chunk, x, c);
                subtract_n_once(chunk, 0, &self.n, scratch);
                if c + 1 == chunks {
                    acc.copy_from_slice(chunk);
                    continue;
                }
                // acc R64 mod n: Mont(acc, R^2), acc below n.
                mont_mul(t, &acc, &self.r2);
                acc.copy_from_slice(t);
                self.add_assign_mod(&mut acc, chunk, scratch);
            }
        });
        acc
    }

    /// `x = x + y mod n` for x, y < n. `scratch` has k limbs.
    ///
    /// Leaks: the size of n.
    pub fn add_assign_mod(&self, x: &mut [Limb], y: &[Limb], scratch: &mut [Limb]) {
        let mut carry = 0;
        for i in 0..x.len() {
            (x[i], carry) = adc(x[i], y[i], carry);
        }
        // x + y < 2n.
        subtract_n_once(x, carry, &self.n, scratch);
    }

    /// `x = x - y mod n` for x, y < n. `scratch` has k limbs.
    ///
    /// Leaks: the size of n.
    pub fn sub_assign_mod(&self, x: &mut [Limb], y: &[Limb], scratch: &mut [Limb]) {
        let mut borrow = 0;
        for i in 0..x.len() {
            (x[i], borrow) = sbb(x[i], y[i], borrow);
        }
        let mut carry = 0;
        for i in 0..x.len() {
            (scratch[i], carry) = adc(x[i], self.n[i], carry);
        }
        ct::conditional_assign(x, scratch, ct::choice_from_bit(borrow));
    }
}

/// `x = 2x mod n` for x < n, by shifting and a masked subtraction. `scratch` has k limbs.
fn double_mod(x: &mut [Limb], n: &[Limb], scratch: &mut [Limb]) {
    let mut top = 0;
    for w in x.iter_mut() {
        let next = *w >> (LIMB_BITS - 1);
        *w = (*w << 1) | top;
        top = next;
    }
    // 2x < 2n.
    subtract_n_once(x, top, n, scratch);
}

/// `(top:x) mod n` into x for (top:x) < 2n, `top` the bit above x's limbs: n subtracted
/// once, by mask, when (top:x) >= n. `scratch` has k limbs.
fn subtract_n_once(x: &mut [Limb], top: Limb, n: &[Limb], scratch: &mut [Limb]) {
    let mut borrow = 0;
    for i in 0..x.len() {
        (scratch[i], borrow) = sbb(x[i], n[i], borrow);
    }
    // (top:x) - n >= 0  <=>  top == 1 or borrow == 0.
    let take: Choice = ct::choice_from_bit(top) | !ct::choice_from_bit(borrow);
    ct::conditional_assign(x, scratch, take);
}

/// `-n^-1 mod 2^(64 m)` for odd n: Newton's iteration `x <- x (2 - n x)` from the word
/// inverse, doubling the precision each step (seed 001 needs the whole of N', not one word).
/// Every step is a truncated schoolbook product: no branch or index depends on n.
///
/// Leaks: `m` and the length of n.
// Portable arithmetic, tested on every target, but called only by the x86-64 SIMD kernels.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn neg_inverse_mod_limbs(n: &[Limb], m: usize) -> Vec<Limb> {
    let mut x = vec![0 as Limb; m];
    x[0] = neg_inverse_mod_word(n[0]).wrapping_neg();
    let mut padded = vec![0 as Limb; m];
    let k = n.len().min(m);
    padded[..k].copy_from_slice(&n[..k]);
    let mut p = 1;
    while p < m {
        p = (2 * p).min(m);
        // e = 2 - n x mod 2^(64p): the two's complement of n x, plus 2.
        let mut e = mul_low(&padded[..p], &x[..p]);
        // !(n x) + 1 + 2, the 3 added into the lowest limb; carries are 0 or 1.
        let (mut add, mut carry) = (3, 0);
        for w in e.iter_mut() {
            (*w, carry) = adc(!*w, add, carry);
            add = 0;
        }
        let mut y = mul_low(&x[..p], &e);
        x[..p].copy_from_slice(&y);
        e.zeroize();
        y.zeroize();
    }
    // n may be a secret prime: its copy goes too.
    padded.zeroize();
    // Negate mod 2^(64m).
    let mut borrow = 0;
    for w in x.iter_mut() {
        (*w, borrow) = sbb(0, *w, borrow);
    }
    x
}

/// `a b mod 2^(64 p)` for `p = a.len() = b.len()`: the low half of the schoolbook product.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn mul_low(a: &[Limb], b: &[Limb]) -> Vec<Limb> {
    let p = a.len();
    let mut out = vec![0 as Limb; p];
    for (i, &ai) in a.iter().enumerate() {
        let mut c = 0;
        for j in 0..p - i {
            (out[i + j], c) = crate::limb::mac(out[i + j], ai, b[j], c);
        }
    }
    out
}

/// `-n0^-1 mod 2^64` for odd `n0`, by Newton's iteration: `inv = n0` is right to 3 bits
/// (n0 * n0 = 1 mod 8), and each step `inv *= 2 - n0 * inv` doubles that: 3, 6, 12, 24, 48, 96.
pub(crate) const fn neg_inverse_mod_word(n0: Limb) -> Limb {
    let mut inv = n0;
    let mut i = 0;
    while i < 5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(n0.wrapping_mul(inv)));
        i += 1;
    }
    inv.wrapping_neg()
}

/// `chunk` = limbs c k .. (c + 1) k of `x` (k = `chunk.len()`), zero beyond x's end.
///
/// Leaks: the announced length of `x`.
fn load_chunk(chunk: &mut [Limb], x: &[Limb], c: usize) {
    let k = chunk.len();
    let lo = c * k;
    let hi = (lo + k).min(x.len());
    chunk.fill(0);
    if lo < hi {
        chunk[..hi - lo].copy_from_slice(&x[lo..hi]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_limbs() {
        use num_bigint::BigUint;
        for n in [3u64, 0xffff_ffff_ffff_ffff, 0x1234_5678_9abc_def1] {
            for extra in [vec![], vec![7], vec![u64::MAX, 1, 0, 5]] {
                let mut limbs = vec![n];
                limbs.extend(extra.iter());
                for m in [1usize, 2, 3, 5, 8] {
                    let x = neg_inverse_mod_limbs(&limbs, m);
                    let r = BigUint::from(1u8) << (64 * m);
                    let big = |v: &[Limb]| {
                        BigUint::from_bytes_le(
                            &v.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<_>>(),
                        )
                    };
                    // n x = -1 mod 2^(64m).
                    assert_eq!((big(&limbs) * big(&x) + 1u8) % &r, BigUint::from(0u8));
                }
            }
        }
    }

    #[test]
    fn inverse_word() {
        for n0 in [1u64, 3, 5, 0xffff_ffff_ffff_ffff, 0x1234_5678_9abc_def1] {
            assert_eq!(n0.wrapping_mul(neg_inverse_mod_word(n0)), u64::MAX);
        }
    }
}
