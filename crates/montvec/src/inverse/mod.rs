//! Constant-time modular inversion and gcd by Bernstein–Yang safegcd ("Fast constant-time gcd
//! computation and modular inversion", TCHES 2019), in batches of 62 divsteps as in
//! libsecp256k1's `modinv64` and crypto-bigint's `safegcd`.
//!
//! | piece | file |
//! |---|---|
//! | 62 divsteps on the low words, giving a 2×2 transition matrix | `divsteps.rs` |
//! | signed 62-bit limbs, applying the matrix to f, g and to the Bézout coefficients d, e | `signed62.rs` |
//!
//! For odd f and any g: start with δ = 1, d = 0, e = 1 (so f ≡ d·g and g ≡ e·g modulo f₀ when
//! g is the number to invert). Each batch maps (f, g) to t·(f, g)/2^62 and (d, e) to
//! t·(d, e)/2^62 mod f₀. After the fixed number of batches that Theorem 11.2 of the paper
//! gives for the bit size, g = 0 and f = ±gcd(f₀, g₀); when that gcd is 1, ±d is g₀⁻¹ mod f₀.
//!
//! Leaks: the announced sizes only. The batch count depends on the public bit size, every
//! batch runs the same instructions, and the ends (sign of f, whether |f| = 1) are taken by
//! masks.

mod divsteps;
mod signed62;

use subtle::{Choice, CtOption};
use zeroize::Zeroize;

use crate::ct;
use crate::limb::Limb;
use crate::modulus::Modulus;
use crate::nat::Nat;
use signed62::{add_masked, negate_masked, update_de, update_fg, ModulusInfo, Signed62, LIMB62};

/// What a safegcd run leaves: |f| = gcd(f₀, g₀) and the inverse candidate ±d mod f₀, both
/// as `k` limbs (k the limb count of f₀), d normalised into [0, f₀).
struct Outcome {
    gcd: Vec<Limb>,
    inverse: Vec<Limb>,
}

/// Run safegcd on odd `f0` and `g0 < 2^bits` (with `f0 < 2^bits` too).
fn safegcd(f0: &[Limb], g0: &[Limb], bits: usize) -> Outcome {
    debug_assert_eq!(f0[0] & 1, 1, "f must be odd");
    let k = f0.len();
    // Room for values below 2^(bits + 1) in magnitude with a sign, in 62-bit limbs, and the
    // same span over the input words.
    let len = (bits.max(k * 64).max(g0.len() * 64) + 2).div_ceil(LIMB62) + 1;
    let info = ModulusInfo::new(f0, len);
    let mut f = Signed62::from_limbs(f0, len);
    let mut g = Signed62::from_limbs(g0, len);
    let mut d = Signed62(vec![0; len]);
    let mut e = Signed62(vec![0; len]);
    e.0[0] = 1;
    let mut delta = 1i64;
    for _ in 0..divsteps::batches_for_bits(bits) {
        let f_low = f.0[0] as u64 | ((f.0[1] as u64) << LIMB62);
        let g_low = g.0[0] as u64 | ((g.0[1] as u64) << LIMB62);
        let (next, t) = divsteps::batch(delta, f_low, g_low);
        delta = next;
        update_fg(&mut f, &mut g, &t);
        update_de(&mut d, &mut e, &t, &info);
    }
    debug_assert!(g.0.iter().all(|&w| w == 0), "g must reach zero");
    // |f| and its sign; then d (in (−2f₀, f₀)) into [0, f₀) with f's sign applied:
    // d + f₀ when negative (now in (−f₀, f₀)), negate under f's sign, + f₀ when negative.
    let words = k + 1;
    // The masks go through `Choice` (an optimisation barrier): built from a shift, the
    // compiler knows they are 0 or all ones and turned `add_masked`'s `w & mask` into a branch
    // on the sign (found by the memcheck check, `montvec-ctcheck`).
    let sign_mask = |top_word: Limb| ct::mask(ct::choice_from_bit(top_word >> 63));
    let f_sign = sign_mask(f.sign_mask() as Limb);
    let mut gcd = f.to_twos_complement(words);
    negate_masked(&mut gcd, f_sign);
    let mut inverse = d.to_twos_complement(words);
    let top = |x: &[Limb]| sign_mask(x[words - 1]);
    let m = top(&inverse);
    add_masked(&mut inverse, f0, m);
    negate_masked(&mut inverse, f_sign);
    let m = top(&inverse);
    add_masked(&mut inverse, f0, m);
    debug_assert_eq!(inverse[k], 0);
    debug_assert_eq!(gcd[k], 0);
    gcd.truncate(k);
    inverse.truncate(k);
    Outcome { gcd, inverse }
}

/// gcd(`odd`, `other`) for odd `odd` and any `other`, as `odd.limb_len()` limbs; none when
/// `odd` is even (the divsteps need an odd first argument).
///
/// ```
/// use montvec::{inverse::gcd_with_odd, Nat};
/// let g = gcd_with_odd(&Nat::from_u64(3 * 5 * 7 * 11), &Nat::from_u64(2 * 5 * 11 * 13));
/// assert_eq!(Option::from(g), Some(Nat::from_u64(55)));
/// assert!(bool::from(gcd_with_odd(&Nat::from_u64(10), &Nat::from_u64(4)).is_none()));
/// ```
///
/// Leaks: the announced lengths of both numbers only (an even `odd` runs the same divsteps,
/// on `odd` with its low bit set, and shows only in the returned `Choice`).
pub fn gcd_with_odd(odd: &Nat, other: &Nat) -> CtOption<Nat> {
    let is_odd = odd.is_odd();
    // At least one limb: a zero-limb `odd` (even: zero) still runs on one.
    let mut f = odd.as_limbs().to_vec();
    if f.is_empty() {
        f.push(0);
    }
    f[0] |= 1;
    let bits = odd.announced_bits().max(other.announced_bits());
    let mut out = safegcd(&f, other.as_limbs(), bits);
    f.zeroize();
    out.inverse.zeroize();
    CtOption::new(Nat::from_limbs(core::mem::take(&mut out.gcd)), is_odd)
}

impl Modulus {
    /// `x⁻¹ mod n`, when gcd(x, n) = 1 (`x` of any length, reduced first); none otherwise
    /// (x ≡ 0, or x sharing a factor with a composite n). The result has k limbs.
    ///
    /// ```
    /// use montvec::{Modulus, Nat};
    /// let m = Modulus::new(&Nat::from_u64(101))?;
    /// assert_eq!(Option::from(m.invert(&Nat::from_u64(10))), Some(Nat::from_u64(91)));
    /// let m = Modulus::new(&Nat::from_u64(15))?;
    /// assert!(bool::from(m.invert(&Nat::from_u64(6)).is_none()));
    /// # Ok::<(), montvec::Error>(())
    /// ```
    ///
    /// Leaks: the announced length of `x` and the size of n; nothing of the values (a fixed
    /// number of divstep batches for the bit size of n; the answer's existence only through
    /// the returned `Choice`).
    pub fn invert(&self, x: &Nat) -> CtOption<Nat> {
        let (inverse, invertible) = self.invert_with_choice(x);
        CtOption::new(inverse, invertible)
    }

    /// [`Modulus::invert`] as a pair: `x⁻¹ mod n` and true when gcd(x, n) = 1, else an
    /// unspecified k-limb value and false. For callers that release the `Choice` alone (a
    /// `CtOption` gives its value only through a branch on it).
    ///
    /// Leaks: as [`Modulus::invert`].
    pub fn invert_with_choice(&self, x: &Nat) -> (Nat, Choice) {
        let mut reduced = self.reduce(x);
        let n = self.modulus_limbs();
        let mut out = safegcd(n, reduced.as_limbs(), self.bits());
        reduced.zeroize();
        let mut one = vec![0; n.len()];
        one[0] = 1;
        let invertible: Choice = ct::eq(&out.gcd, &one);
        out.gcd.zeroize();
        (
            Nat::from_limbs(core::mem::take(&mut out.inverse)),
            invertible,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_inverses_exhaustive() {
        for n in (3u64..200).step_by(2) {
            let m = Modulus::new(&Nat::from_u64(n)).unwrap();
            for x in 0..n + 3 {
                let got: Option<Nat> = m.invert(&Nat::from_u64(x)).into();
                let want = (1..n).find(|y| (x * y) % n == 1);
                assert_eq!(got.map(|v| v.as_limbs()[0]), want, "{x}^-1 mod {n}");
            }
        }
    }

    #[test]
    fn small_gcds_exhaustive() {
        fn gcd(a: u64, b: u64) -> u64 {
            if b == 0 {
                a
            } else {
                gcd(b, a % b)
            }
        }
        for f in (1u64..120).step_by(2) {
            for g in 0..300 {
                let got = gcd_with_odd(&Nat::from_u64(f), &Nat::from_u64(g)).unwrap();
                assert_eq!(got.as_limbs()[0], gcd(f, g), "gcd({f}, {g})");
            }
        }
    }
}
