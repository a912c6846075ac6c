//! The few integer operations RSA needs beyond montvec's modular arithmetic: plain products
//! and sums for Garner's recombination, a constant-time remainder by an even or odd number,
//! and modular products of standard-form numbers.

use montvec::limb::{add_assign, sub_assign, Limb};
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

/// `a + b` in `limbs` limbs (the caller knows the sum fits).
///
/// Leaks: the announced lengths only.
pub(crate) fn sum(a: &Nat, b: &Nat, limbs: usize) -> Nat {
    let mut out = a.resized(limbs);
    let mut limbs_of_b = b.resized(limbs);
    let mut words = out.as_limbs().to_vec();
    let carry = add_assign(&mut words, limbs_of_b.as_limbs());
    debug_assert_eq!(carry, 0);
    limbs_of_b.zeroize();
    out.zeroize();
    Nat::from_limbs(words)
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

/// `x mod m` for any m ≥ 1 (even too), by binary long division over every bit of x's
/// announced length: each step doubles the remainder, brings in one bit and subtracts m under a
/// mask. No division instruction and no branch on the values.
///
/// Leaks: the announced lengths of x and m. Cost: `bits(x)` masked subtractions of m's length.
pub(crate) fn rem(x: &Nat, m: &Nat) -> Nat {
    let k = m.limb_len();
    // r < m < 2^(64k) before each step, so 2r + 1 < 2^(64k+1): one extra limb holds it.
    let mut r: Vec<Limb> = vec![0; k + 1];
    let mut t: Vec<Limb> = vec![0; k + 1];
    let mut mm: Vec<Limb> = m.as_limbs().to_vec();
    mm.push(0);
    for i in (0..x.announced_bits()).rev() {
        // r = 2r + bit i of x
        let mut carry = x.bit(i);
        for w in r.iter_mut() {
            let top = *w >> 63;
            *w = (*w << 1) | carry;
            carry = top;
        }
        // t = r - m; keep t when no borrow (r >= m)
        t.copy_from_slice(&r);
        let borrow = sub_assign(&mut t, &mm);
        montvec::ct::conditional_assign(&mut r, &t, Choice::from((borrow ^ 1) as u8));
    }
    t.zeroize();
    r.truncate(k);
    Nat::from_limbs(r)
}

/// `a * b mod n` for standard-form a, b of any length.
///
/// Leaks: the announced lengths and the size of n.
pub(crate) fn mul_mod(m: &Modulus, a: &Nat, b: &Nat) -> Nat {
    let x = m.to_montgomery(a);
    let y = m.to_montgomery(b);
    let z = m.mul(&x, &y).expect("elements of this modulus");
    m.from_montgomery(&z).expect("element of this modulus")
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
