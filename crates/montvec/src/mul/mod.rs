//! Full products of limb slices (no reduction): the first half of the product-then-REDC
//! Montgomery variant (`mont/redc.rs`), and a public entry point for benchmarks against
//! GMP's `mpn_mul_n`.
//!
//! These are kernels over limb slices, public for the benchmarks and for `montvec-rsa`: their
//! length preconditions are the caller's, checked in debug builds only, and a wrong length
//! may panic or give a wrong result. [`Modulus`](crate::Modulus) and [`Nat`](crate::Nat) are
//! the checked interface.
//!
//! | kernel | file | source |
//! |---|---|---|
//! | schoolbook (operand scanning), slices and fixed `[u64; N]` | `schoolbook.rs` | reference |
//! | Comba with delayed carry, slices and fixed `[u64; N]` | `comba.rs` | seed 004 Alg. 2 |
//! | Karatsuba (constant-time signs), products and squares | `karatsuba.rs` | seed 001 |
//! | dedicated Comba squaring | `square.rs` | seed 004 |
//! | low / high half products | `half.rs` | seed 002 §3.4, seed 001 |
//!
//! | `mulx`/`adcx`/`adox` rows, unrolled assembly for 2 to 9 limbs | `adx/` | seed 004 (target), x86 ADX |
//!
//! [`product()`] and [`square()`] pick a kernel from the length alone (public): on x86-64 with
//! BMI2 and ADX (unless `MONTVEC_BACKEND=portable`) the assembly rows for 2 to 9 limbs, else
//! unrolled schoolbook rows for 2 to 5 limbs, unrolled Comba for 6 to 16 limbs (squares: unrolled Comba
//! squaring for 2 to 16), Karatsuba from [`karatsuba::THRESHOLD`] limbs (its halves land on
//! the unrolled kernels), for unequal lengths generic Comba, or, when both have at least that
//! many limbs, Karatsuba on chunks of the longer (in [`product()`]; [`product_with_scratch`]
//! keeps Comba there).
//!
//! Measurements and the variants tried: the notes below (docs/mul.md).
#![doc = include_str!("../../docs/mul.md")]

#[cfg(target_arch = "x86_64")]
pub mod adx;
pub mod comba;
pub mod half;
pub mod karatsuba;
pub mod schoolbook;
pub mod square;

use zeroize::Zeroize;

use crate::limb::Limb;

/// `out = a * b`, `out.len() == a.len() + b.len()`. Allocates scratch only for Karatsuba
/// lengths; use [`product_with_scratch`] to avoid that.
///
/// Leaks: the lengths only.
#[inline]
pub fn product(out: &mut [Limb], a: &[Limb], b: &[Limb]) {
    // Small enough to inline: the ADX path is one load, one jump on the length and the
    // straight-line kernel.
    #[cfg(target_arch = "x86_64")]
    if let Some(token) = adx::token() {
        if adx::product(token, out, a, b) {
            return;
        }
    }
    product_portable(out, a, b);
}

/// [`product`] without the ADX kernels, out of line so that `product` stays small.
#[inline(never)]
fn product_portable(out: &mut [Limb], a: &[Limb], b: &[Limb]) {
    if a.len() == b.len() && a.len() < karatsuba::THRESHOLD {
        product_base_portable(out, a, b);
    } else {
        product_allocating(out, a, b);
    }
}

/// [`product`] for Karatsuba and unequal lengths, out of line so that `product` stays small.
#[inline(never)]
fn product_allocating(out: &mut [Limb], a: &[Limb], b: &[Limb]) {
    if a.len() != b.len() && a.len().min(b.len()) >= karatsuba::THRESHOLD {
        product_unbalanced(out, a, b);
        return;
    }
    let mut scratch = vec![0; product_scratch_len(a.len().max(b.len()))];
    product_with_scratch(out, a, b, &mut scratch);
    scratch.zeroize();
}

/// `out = a * b` for unequal lengths whose shorter, of s limbs, has at least
/// [`karatsuba::THRESHOLD`]: the longer cut into chunks of s limbs, each chunk's product with
/// the shorter by Karatsuba (the last, shorter chunk by Comba), added in at the chunk's
/// offset. Generic Comba on 1000 x 999 limbs forms all 999,000 word products; this runs a
/// 999-limb Karatsuba and a 1-limb row: `Nat::mul` 1271 -> 252 us (Zen 3, `taskset -c 0`;
/// 64 x 65 limbs 6.25 -> 3.33 us, 32 x 100 4.68 -> 3.02 us).
///
/// Leaks: the lengths only.
fn product_unbalanced(out: &mut [Limb], a: &[Limb], b: &[Limb]) {
    let (long, short) = if a.len() > b.len() { (a, b) } else { (b, a) };
    let s = short.len();
    let mut scratch = vec![0; 2 * s + karatsuba::scratch_len(s)];
    let (part, rest) = scratch.split_at_mut(2 * s);
    out.fill(0);
    for (i, chunk) in long.chunks(s).enumerate() {
        let (offset, len) = (i * s, chunk.len() + s);
        if chunk.len() == s {
            karatsuba::mul(part, chunk, short, rest);
        } else {
            comba::mul(&mut part[..len], chunk, short);
        }
        // Bound: the chunks before wrote below offset + s only, and the sum so far is
        // (long mod B^(offset + chunk.len())) * short < B^(offset + len): no carry out.
        let carry = crate::limb::add_assign(&mut out[offset..offset + len], &part[..len]);
        debug_assert_eq!(carry, 0);
    }
    scratch.zeroize();
}

/// `out = a^2`, `out.len() == 2 a.len()`. Allocates scratch only for Karatsuba lengths.
///
/// Leaks: the length only.
#[inline]
pub fn square(out: &mut [Limb], a: &[Limb]) {
    if a.len() < karatsuba::SQUARE_THRESHOLD {
        square_base(out, a);
        return;
    }
    let mut scratch = vec![0; square_scratch_len(a.len())];
    square_with_scratch(out, a, &mut scratch);
    scratch.zeroize();
}

/// Scratch limbs [`product_with_scratch`] needs for operands of at most n limbs.
///
/// Leaks: nothing; a function of the public length.
pub fn product_scratch_len(n: usize) -> usize {
    karatsuba::scratch_len(n)
}

/// Scratch limbs [`square_with_scratch`] needs for an n-limb operand.
///
/// Leaks: nothing; a function of the public length.
pub fn square_scratch_len(n: usize) -> usize {
    karatsuba::square_scratch_len(n)
}

/// `out = a * b` with caller-provided scratch (`product_scratch_len(max length)` limbs).
///
/// Leaks: the lengths only.
pub fn product_with_scratch(out: &mut [Limb], a: &[Limb], b: &[Limb], scratch: &mut [Limb]) {
    debug_assert_eq!(out.len(), a.len() + b.len());
    if a.len() != b.len() {
        comba::mul(out, a, b);
    } else if a.len() >= karatsuba::THRESHOLD {
        karatsuba::mul(out, a, b, scratch);
    } else {
        product_base(out, a, b);
    }
}

/// `out = a^2` with caller-provided scratch (`square_scratch_len(n)` limbs).
///
/// Leaks: the length only.
pub fn square_with_scratch(out: &mut [Limb], a: &[Limb], scratch: &mut [Limb]) {
    debug_assert_eq!(out.len(), 2 * a.len());
    if a.len() >= karatsuba::SQUARE_THRESHOLD {
        karatsuba::square(out, a, scratch);
    } else {
        square_base(out, a);
    }
}

/// The equal-length product below the Karatsuba threshold, by length: for 2 to 5 limbs the
/// unrolled row-by-row schoolbook, for 6 to 16 limbs the unrolled Comba, generic Comba
/// otherwise. Measured (AMD Zen 5, `taskset -c 0`, ns per product, schoolbook vs Comba, two
/// builds): n=2 2.5 vs 3.0, n=3 4.4-4.8 vs 5.6-5.8, n=4 7.3-8.2 vs 9.5-9.6, n=5 11.6-18.8 vs
/// 13.9-20.7; n=6 16.4-18.7 vs 19.1-19.2 and n=7 21.8-28.9 vs 25.6-25.9 changed winner
/// between builds, n=8 35.2 vs 33.2. With BMI2/ADX (detected once, see [`adx::token`]) the
/// assembly kernels take 2 to 9 limbs first.
#[inline]
pub(crate) fn product_base(out: &mut [Limb], a: &[Limb], b: &[Limb]) {
    #[cfg(target_arch = "x86_64")]
    if let Some(token) = adx::token() {
        if adx::product_out_of_line(token, out, a, b) {
            return;
        }
    }
    product_base_portable(out, a, b);
}

/// [`product_base`] without the ADX kernels.
#[inline]
fn product_base_portable(out: &mut [Limb], a: &[Limb], b: &[Limb]) {
    fn unrolled<const N: usize>(
        out: &mut [Limb],
        a: &[Limb],
        b: &[Limb],
        f: fn(&mut [Limb], &[Limb; N], &[Limb; N]),
    ) {
        f(
            out,
            a.try_into().expect("length N"),
            b.try_into().expect("length N"),
        );
    }
    match a.len() {
        2 => unrolled(out, a, b, schoolbook::mul_fixed::<2>),
        3 => unrolled(out, a, b, schoolbook::mul_fixed::<3>),
        4 => unrolled(out, a, b, schoolbook::mul_fixed::<4>),
        5 => unrolled(out, a, b, schoolbook::mul_fixed::<5>),
        6 => unrolled(out, a, b, comba::mul_6),
        7 => unrolled(out, a, b, comba::mul_7),
        8 => unrolled(out, a, b, comba::mul_8),
        9 => unrolled(out, a, b, comba::mul_9),
        10 => unrolled(out, a, b, comba::mul_10),
        11 => unrolled(out, a, b, comba::mul_11),
        12 => unrolled(out, a, b, comba::mul_12),
        13 => unrolled(out, a, b, comba::mul_13),
        14 => unrolled(out, a, b, comba::mul_14),
        15 => unrolled(out, a, b, comba::mul_15),
        16 => unrolled(out, a, b, comba::mul_16),
        _ => comba::mul(out, a, b),
    }
}

/// The square below the Karatsuba threshold: unrolled Comba squaring for 2 to 16 limbs, else
/// generic Comba squaring.
#[inline]
pub(crate) fn square_base(out: &mut [Limb], a: &[Limb]) {
    fn unrolled<const N: usize>(out: &mut [Limb], a: &[Limb], f: fn(&mut [Limb], &[Limb; N])) {
        f(out, a.try_into().expect("length N"));
    }
    match a.len() {
        2 => unrolled(out, a, square::square_2),
        3 => unrolled(out, a, square::square_3),
        4 => unrolled(out, a, square::square_4),
        5 => unrolled(out, a, square::square_5),
        6 => unrolled(out, a, square::square_6),
        7 => unrolled(out, a, square::square_7),
        8 => unrolled(out, a, square::square_8),
        9 => unrolled(out, a, square::square_9),
        10 => unrolled(out, a, square::square_10),
        11 => unrolled(out, a, square::square_11),
        12 => unrolled(out, a, square::square_12),
        13 => unrolled(out, a, square::square_13),
        14 => unrolled(out, a, square::square_14),
        15 => unrolled(out, a, square::square_15),
        16 => unrolled(out, a, square::square_16),
        _ => square::square(out, a),
    }
}

/// Test support shared by the kernels' tests: the `num-bigint` oracle and input sets.
#[cfg(test)]
pub(crate) mod oracle {
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::limb::Limb;

    /// Limbs to the oracle's integer.
    pub fn big(x: &[Limb]) -> BigUint {
        let mut digits = Vec::with_capacity(2 * x.len());
        for &w in x {
            digits.push(w as u32);
            digits.push((w >> 32) as u32);
        }
        BigUint::new(digits)
    }

    /// The oracle's integer to exactly `n` limbs (it must fit).
    pub fn to_limbs(x: &BigUint, n: usize) -> Vec<Limb> {
        let mut v = x.to_u64_digits();
        assert!(v.len() <= n, "value does not fit {n} limbs");
        v.resize(n, 0);
        v
    }

    /// Operand pairs of `la` and `lb` limbs: zeros, all ones (every column carries as much
    /// as it can), one times all ones, top-limb-only, and random ones from a seeded RNG.
    pub fn limbs_of(la: usize, lb: usize, seed: u64) -> Vec<(Vec<Limb>, Vec<Limb>)> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let ones = |n| vec![Limb::MAX; n];
        let top = |n| {
            let mut v = vec![0; n];
            v[n - 1] = 1 << 63;
            v
        };
        let mut unit = vec![0; la];
        unit[0] = 1;
        let mut cases = vec![
            (vec![0; la], vec![0; lb]),
            (ones(la), ones(lb)),
            (unit, ones(lb)),
            (top(la), ones(lb)),
            (ones(la), vec![0; lb]),
        ];
        for _ in 0..4 {
            let a = (0..la).map(|_| rng.gen()).collect();
            let b = (0..lb).map(|_| rng.gen()).collect();
            cases.push((a, b));
        }
        // Sparse: random limbs mixed with zeros and all-ones limbs.
        let pick = |r: &mut ChaCha8Rng| match r.gen_range(0..3) {
            0 => 0,
            1 => Limb::MAX,
            _ => r.gen(),
        };
        let a = (0..la).map(|_| pick(&mut rng)).collect();
        let b = (0..lb).map(|_| pick(&mut rng)).collect();
        cases.push((a, b));
        cases
    }

    /// Assert `out == a * b`.
    pub fn check_product(out: &[Limb], a: &[Limb], b: &[Limb]) {
        let want = to_limbs(&(big(a) * big(b)), a.len() + b.len());
        assert_eq!(out, &want[..], "product of {} x {} limbs", a.len(), b.len());
    }
}

#[cfg(test)]
mod tests {
    use super::oracle::{check_product, limbs_of};
    use super::*;

    #[test]
    fn dispatch_against_oracle() {
        for n in (1..=70).chain([96, 128, 129]) {
            for (a, b) in limbs_of(n, n, 7 * n as u64) {
                let mut out = vec![0; 2 * n];
                product(&mut out, &a, &b);
                check_product(&out, &a, &b);
                square(&mut out, &a);
                check_product(&out, &a, &a);
            }
        }
        for (a, b) in limbs_of(5, 9, 1) {
            let mut out = vec![0; 14];
            product(&mut out, &a, &b);
            check_product(&out, &a, &b);
        }
    }

    /// Unequal lengths, either order: Comba below the Karatsuba threshold, Karatsuba on the
    /// longer's chunks from it (a whole number of chunks, or one short chunk left, of 1 limb
    /// or of s - 1).
    #[test]
    fn unequal_lengths_against_oracle() {
        let t = karatsuba::THRESHOLD;
        let pairs = [
            (t - 1, t + 5),
            (t, t + 1),
            (t, 2 * t),
            (t, 2 * t + 1),
            (t + 3, 3 * (t + 3) - 1),
            (32, 100),
            (64, 65),
            (40, 200),
        ];
        for (s, l) in pairs {
            for (a, b) in limbs_of(s, l, (s * 1000 + l) as u64) {
                let mut out = vec![0; s + l];
                product(&mut out, &a, &b);
                check_product(&out, &a, &b);
                product(&mut out, &b, &a);
                check_product(&out, &b, &a);
            }
        }
    }

    /// An empty operand is zero: an empty product, and zeros the other operand's length.
    #[test]
    fn empty_operands() {
        let mut none: [Limb; 0] = [];
        product(&mut none, &[], &[]);
        square(&mut none, &[]);
        for n in [1, 3, 8, 40] {
            let a = vec![Limb::MAX; n];
            let mut out = vec![7; n];
            product(&mut out, &a, &[]);
            assert_eq!(out, vec![0; n]);
            out.fill(7);
            product(&mut out, &[], &a);
            assert_eq!(out, vec![0; n]);
        }
    }
}
