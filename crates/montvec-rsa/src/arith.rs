//! The few integer operations RSA needs beyond montvec's modular arithmetic: plain products
//! and sums for Garner's recombination, constant-time division with remainder by an even or
//! odd number, modular products of standard-form numbers, and for key generation shifts by a
//! secret amount, the gcd of two even numbers and inverses modulo a power of two.

use montvec::limb::{adc, bit_position, sbb, sub_assign, Limb};
use montvec::{Modulus, Nat};
use subtle::Choice;
use zeroize::Zeroize;

/// `a * b`, announced as `a.limb_len() + b.limb_len()` limbs.
///
/// Leaks: the announced lengths only.
pub(crate) fn product(a: &Nat, b: &Nat) -> Nat {
    let mut out = vec![0; a.limb_len() + b.limb_len()];
    montvec::mul::product(&mut out, a.as_limbs(), b.as_limbs());
    Nat::from_limbs(out)
}

/// `a + b` in `limbs` limbs (the caller knows the sum fits), written straight into the
/// result (one allocation; a limb past either operand's length counts as zero).
///
/// Leaks: the announced lengths only.
pub(crate) fn sum(a: &Nat, b: &Nat, limbs: usize) -> Nat {
    let (a, b) = (a.as_limbs(), b.as_limbs());
    let mut words = vec![0; limbs];
    let mut carry = 0;
    for (i, w) in words.iter_mut().enumerate() {
        // The index is public: only the announced lengths decide which limbs are read.
        let (x, y) = (limb_or_zero(a, i), limb_or_zero(b, i));
        (*w, carry) = adc(x, y, carry);
    }
    debug_assert_eq!(carry, 0);
    Nat::from_limbs(words)
}

/// Limb `i` of `x`, or zero past its announced length.
fn limb_or_zero(x: &[Limb], i: usize) -> Limb {
    x.get(i).copied().unwrap_or(0)
}

/// `x - 1` for x ≥ 1 (as for p − 1 of an odd prime, which only clears bit 0).
///
/// Leaks: the announced length only.
pub(crate) fn minus_one(x: &Nat) -> Nat {
    let mut words = x.as_limbs().to_vec();
    let borrow = sub_assign(&mut words, &[1]);
    debug_assert_eq!(borrow, 0);
    Nat::from_limbs(words)
}

/// `p - 2` for p ≥ 2: the exponent of a Fermat inverse x^(p−2) mod a prime p.
///
/// Leaks: the announced length only.
pub(crate) fn fermat_exponent(p: &Nat) -> Nat {
    let mut words = p.as_limbs().to_vec();
    let borrow = sub_assign(&mut words, &[2]);
    debug_assert_eq!(borrow, 0);
    Nat::from_limbs(words)
}

/// `x mod m` for any m ≥ 1 (even too): the remainder of [`div_rem`].
///
/// Leaks: the announced lengths of x and m. Cost: `bits(x)` masked subtractions of m's length.
pub(crate) fn rem(x: &Nat, m: &Nat) -> Nat {
    div_rem(x, m).1
}

/// `(x / m, x mod m)` for any m ≥ 1 (even too), by binary long division over every bit of x's
/// announced length: each step doubles the remainder, brings in one bit and subtracts m under a
/// mask; the mask is the quotient bit. No division instruction and no branch on the values.
/// The quotient has x's announced length, the remainder m's.
///
/// Leaks: the announced lengths of x and m. Cost: `bits(x)` masked subtractions of m's length.
pub(crate) fn div_rem(x: &Nat, m: &Nat) -> (Nat, Nat) {
    let k = m.limb_len();
    // r < m < 2^(64k) before each step, so 2r + 1 < 2^(64k+1): one extra limb holds it.
    let mut r: Vec<Limb> = vec![0; k + 1];
    let mut t: Vec<Limb> = vec![0; k + 1];
    let mut quotient: Vec<Limb> = vec![0; x.limb_len()];
    // Allocated at its final length: a push onto a copy would move it and free the old
    // buffer, m and all, without wiping it.
    let mut mm: Vec<Limb> = vec![0; k + 1];
    mm[..k].copy_from_slice(m.as_limbs());
    for i in (0..x.announced_bits()).rev() {
        // r = 2r + bit i of x
        let mut carry = x.bit(i);
        for w in r.iter_mut() {
            let top = *w >> 63;
            *w = (*w << 1) | carry;
            carry = top;
        }
        // t = r - m; keep t when no borrow (r >= m), and that is quotient bit i.
        t.copy_from_slice(&r);
        let borrow = sub_assign(&mut t, &mm);
        montvec::ct::conditional_assign(&mut r, &t, Choice::from((borrow ^ 1) as u8));
        let (limb, shift) = bit_position(i);
        quotient[limb] |= (borrow ^ 1) << shift;
    }
    // m is often secret (p - 1, a prime, gcd(p - 1, q - 1)): its copy goes with t.
    t.zeroize();
    mm.zeroize();
    r.truncate(k);
    (Nat::from_limbs(quotient), Nat::from_limbs(r))
}

/// `a < b` for any announced lengths (the shorter is zero-extended).
///
/// Leaks: the announced lengths only.
pub(crate) fn lt(a: &Nat, b: &Nat) -> Choice {
    // The borrow of a − b over the longer length, with no copies of either.
    let (a, b) = (a.as_limbs(), b.as_limbs());
    let mut borrow = 0;
    for i in 0..a.len().max(b.len()) {
        (_, borrow) = sbb(limb_or_zero(a, i), limb_or_zero(b, i), borrow);
    }
    montvec::ct::choice_from_bit(borrow)
}

/// The number of trailing zero bits of x (its announced bit length when x = 0).
///
/// Leaks: the announced length only: every bit is visited, the count kept by masks.
pub(crate) fn trailing_zeros(x: &Nat) -> u64 {
    let (mut count, mut seen) = (0u64, 0u64);
    for i in 0..x.announced_bits() {
        seen |= x.bit(i);
        count += seen ^ 1;
    }
    count
}

/// Shift by a public amount: `x >> s` (`right`) or `x << s` truncated, within x's length.
#[allow(clippy::integer_division_remainder_used, reason = "a public shift")]
fn shift_public(x: &[Limb], s: usize, right: bool) -> Vec<Limb> {
    let n = x.len();
    let (words, bits) = (s / 64, s % 64);
    let get = |i: isize| -> Limb {
        if i >= 0 && (i as usize) < n {
            x[i as usize]
        } else {
            0
        }
    };
    (0..n as isize)
        .map(|i| {
            let w = words as isize;
            let (lo, hi) = if right {
                (get(i + w), get(i + w + 1))
            } else {
                (get(i - w), get(i - w - 1))
            };
            match (bits, right) {
                (0, _) => lo,
                (b, true) => (lo >> b) | (hi << (64 - b)),
                (b, false) => (lo << b) | (hi >> (64 - b)),
            }
        })
        .collect()
}

/// Shift by a secret amount `s` (below x's announced bit length): one masked stage for each
/// bit of s, shifting by 2^j under bit j (a barrel shifter).
fn shift_secret(x: &Nat, s: u64, right: bool) -> Nat {
    let bits = x.announced_bits();
    debug_assert!((s as usize) < bits.max(1));
    let mut out = x.as_limbs().to_vec();
    let mut j = 0;
    while (1usize << j) < bits {
        let mut shifted = shift_public(&out, 1 << j, right);
        montvec::ct::conditional_assign(&mut out, &shifted, Choice::from(((s >> j) & 1) as u8));
        shifted.zeroize();
        j += 1;
    }
    Nat::from_limbs(out)
}

/// `x >> s` for a secret s below x's announced bit length; x's length.
///
/// Leaks: the announced length only.
pub(crate) fn shift_right(x: &Nat, s: u64) -> Nat {
    shift_secret(x, s, true)
}

/// `x << s` in `limbs` limbs (the caller knows it fits), for a secret s below 64·`limbs`.
///
/// Leaks: the announced lengths only.
pub(crate) fn shift_left(x: &Nat, s: u64, limbs: usize) -> Nat {
    let mut wide = x.resized(limbs);
    let out = shift_secret(&wide, s, false);
    wide.zeroize();
    out
}

/// gcd(a, b) for any a, b > 0 (both may be even, as p − 1 and q − 1 are): with
/// a = 2^s·a', a' odd, gcd(a, b) = 2^min(s, t)·gcd(a', b) where 2^t ‖ b, the odd part by
/// montvec's safegcd. In a's announced length.
///
/// Leaks: the announced lengths only.
pub(crate) fn gcd(a: &Nat, b: &Nat) -> Nat {
    let (s, t) = (trailing_zeros(a), trailing_zeros(b));
    let mut odd = shift_right(a, s);
    // a > 0, so its odd part a' is odd and the gcd is always some. Its low bit, already 1, is
    // set once more so that the unwrap's check reads a constant, not a bit computed from the
    // value (the constant-time check sees the difference; the result does not).
    let mut words = odd.as_limbs().to_vec();
    if let Some(low) = words.first_mut() {
        *low |= 1;
    }
    odd.zeroize();
    odd = Nat::from_limbs(words);
    let mut g = montvec::inverse::gcd_with_odd(&odd, b).unwrap();
    let common = montvec::ct::select_word(s, t, montvec::ct::lt_word(s, t));
    let out = shift_left(&g, common, a.limb_len());
    odd.zeroize();
    g.zeroize();
    out
}

/// x⁻¹ mod 2^(64·limbs) for odd x, by Newton's iteration y ← y(2 − x y), which doubles the
/// correct low bits (from 3: x·x ≡ 1 mod 8).
///
/// Leaks: the announced lengths only (a fixed number of steps for `limbs`).
pub(crate) fn inverse_mod_power_of_two(x: &Nat, limbs: usize) -> Nat {
    debug_assert!(bool::from(x.is_odd()));
    let xs = x.resized(limbs);
    let mut y = vec![0; limbs];
    y[0] = 1;
    let mut t = vec![0; limbs];
    let mut correct = 1usize; // y ≡ x⁻¹ mod 2^correct
    while correct < 64 * limbs {
        // t = 2 - x y  (mod 2^(64 limbs)), then y = y t.
        montvec::mul::half::mul_low(&mut t, xs.as_limbs(), &y);
        let mut two = vec![0; limbs];
        two[0] = 2;
        sub_assign(&mut two, &t);
        montvec::mul::half::mul_low(&mut t, &y, &two);
        y.copy_from_slice(&t);
        correct *= 2;
    }
    Nat::from_limbs(y)
}

/// `a * b mod 2^(64·limbs)`.
///
/// Leaks: the announced lengths only.
pub(crate) fn mul_low(a: &Nat, b: &Nat, limbs: usize) -> Nat {
    let (x, y) = (a.resized(limbs), b.resized(limbs));
    let mut out = vec![0; limbs];
    montvec::mul::half::mul_low(&mut out, x.as_limbs(), y.as_limbs());
    Nat::from_limbs(out)
}

/// `a * b mod n` for standard-form a, b of any length.
///
/// Leaks: the announced lengths and the size of n.
pub(crate) fn mul_mod(m: &Modulus, a: &Nat, b: &Nat) -> Nat {
    m.mul_value(a, &m.to_montgomery(b))
        .expect("element of this modulus")
}

/// `a − b mod m` for a, b below m, `b` announced as m's length and `a` at most that (shorter
/// is zero-extended): the difference, plus m masked by its borrow (all ones or zero), in
/// the result's one allocation.
///
/// Leaks: the announced lengths only.
pub(crate) fn sub_mod(m: &[Limb], a: &[Limb], b: &[Limb]) -> Nat {
    debug_assert!(a.len() <= m.len() && b.len() == m.len());
    let mut words = vec![0; m.len()];
    let mut borrow = 0;
    for (i, w) in words.iter_mut().enumerate() {
        (*w, borrow) = sbb(limb_or_zero(a, i), b[i], borrow);
    }
    let mask = borrow.wrapping_neg();
    let mut carry = 0;
    for (w, &mi) in words.iter_mut().zip(m) {
        (*w, carry) = adc(*w, mi & mask, carry);
    }
    Nat::from_limbs(words)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    fn big(x: &Nat) -> BigUint {
        BigUint::from_bytes_be(&x.to_be_bytes(x.limb_len() * 8))
    }

    fn random_nat(rng: &mut impl Rng, limbs: usize) -> Nat {
        Nat::from_limbs((0..limbs).map(|_| rng.gen()).collect())
    }

    #[test]
    fn rem_matches_oracle_for_even_and_odd_divisors() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for (xl, ml) in [(1, 1), (2, 1), (4, 2), (33, 16), (64, 32), (3, 3)] {
            for _ in 0..20 {
                let x = random_nat(&mut rng, xl);
                let mut m = random_nat(&mut rng, ml);
                if bool::from(m.is_zero()) {
                    m = Nat::from_u64(1).resized(ml);
                }
                let r = rem(&x, &m);
                assert_eq!(big(&r), big(&x) % big(&m));
            }
        }
        // edge cases: x < m, x = m, m = 1, m = 2^64 - 1
        let m = Nat::from_u64(u64::MAX);
        assert_eq!(big(&rem(&Nat::from_u64(u64::MAX), &m)), BigUint::from(0u8));
        assert_eq!(
            big(&rem(&Nat::from_u64(5), &Nat::from_u64(1))),
            BigUint::from(0u8)
        );
        assert_eq!(
            big(&rem(&Nat::from_u64(5), &Nat::from_u64(9))),
            BigUint::from(5u8)
        );
    }

    #[test]
    fn sub_mod_matches_oracle() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for limbs in [1usize, 2, 8, 24] {
            let mut m = random_nat(&mut rng, limbs);
            if bool::from(m.is_zero()) {
                m = Nat::from_u64(3).resized(limbs);
            }
            let below = |rng: &mut rand_chacha::ChaCha8Rng| {
                Nat::from_limbs(rem(&random_nat(rng, limbs + 1), &m).as_limbs()[..limbs].to_vec())
            };
            let zero = Nat::from_u64(0).resized(limbs);
            let top = minus_one(&m.resized(limbs));
            let mut values = vec![zero.clone(), top.clone()];
            values.extend((0..6).map(|_| below(&mut rng)));
            for a in &values {
                for b in &values {
                    let want = (big(a) + big(&m) - big(b)) % big(&m);
                    let got = sub_mod(m.as_limbs(), a.as_limbs(), b.as_limbs());
                    assert_eq!(got.limb_len(), limbs);
                    assert_eq!(big(&got), want, "{limbs} limbs");
                    // a announced shorter than m is zero-extended.
                    let short = Nat::from_limbs(a.as_limbs()[..limbs - 1].to_vec());
                    let want = (big(&short) + big(&m) - big(b)) % big(&m);
                    let got = sub_mod(m.as_limbs(), short.as_limbs(), b.as_limbs());
                    assert_eq!(big(&got), want, "{limbs} limbs, a one limb shorter");
                }
            }
        }
    }

    #[test]
    fn shifts_gcd_and_inverses_match_oracle() {
        use num_integer::Integer;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for limbs in [1usize, 2, 16, 33] {
            for _ in 0..20 {
                let x = random_nat(&mut rng, limbs);
                let s = rng.gen_range(0..64 * limbs as u64);
                let mask = (BigUint::from(1u8) << (64 * limbs)) - 1u8;
                assert_eq!(big(&shift_right(&x, s)), big(&x) >> s);
                assert_eq!(big(&shift_left(&x, s, limbs)), (big(&x) << s) & &mask);
                let tz = big(&x).trailing_zeros().unwrap_or(64 * limbs as u64);
                assert_eq!(trailing_zeros(&x), tz);
                // gcd of two numbers with shared powers of two and a shared odd factor.
                let f = random_nat(&mut rng, limbs.div_ceil(2));
                let (a, b) = (product(&x, &f), product(&random_nat(&mut rng, limbs), &f));
                let (a, b) = (
                    shift_left(&a, 3, a.limb_len() + 1),
                    shift_left(&b, 5, b.limb_len() + 1),
                );
                if !bool::from(a.is_zero() | b.is_zero()) {
                    assert_eq!(big(&gcd(&a, &b)), big(&a).gcd(&big(&b)));
                }
                let (q, r) = div_rem(&a, &f.resized(limbs));
                if !bool::from(f.is_zero()) {
                    assert_eq!(big(&q), big(&a) / big(&f));
                    assert_eq!(big(&r), big(&a) % big(&f));
                }
                let odd = sum(&shift_left(&x, 1, limbs + 1), &Nat::from_u64(1), limbs + 1);
                let inv = inverse_mod_power_of_two(&odd, limbs + 1);
                let m = BigUint::from(1u8) << (64 * (limbs + 1));
                assert_eq!((big(&inv) * big(&odd)) % &m, BigUint::from(1u8));
            }
        }
    }

    #[test]
    fn product_sum_minus_one_match_oracle() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        for (al, bl) in [(1, 1), (16, 16), (16, 17), (32, 32)] {
            let a = random_nat(&mut rng, al);
            let b = random_nat(&mut rng, bl);
            assert_eq!(big(&product(&a, &b)), big(&a) * big(&b));
            assert_eq!(big(&sum(&a, &b, al.max(bl) + 1)), big(&a) + big(&b));
        }
        assert_eq!(
            big(&minus_one(&Nat::from_u64(1 << 40))),
            BigUint::from((1u64 << 40) - 1)
        );
    }
}
