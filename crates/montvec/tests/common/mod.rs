//! Shared test support: conversions between `Nat` and the `num-bigint` oracle, and seeded
//! generators of moduli and operands.
#![allow(dead_code)]

use montvec::Nat;
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `Nat` to the oracle's type.
pub fn to_big(x: &Nat) -> BigUint {
    let mut digits = Vec::with_capacity(x.limb_len() * 2);
    for &w in x.as_limbs() {
        digits.push(w as u32);
        digits.push((w >> 32) as u32);
    }
    BigUint::new(digits)
}

/// The oracle's type to a `Nat` of exactly `limbs` limbs (`limbs` large enough).
pub fn from_big(x: &BigUint, limbs: usize) -> Nat {
    let mut v = x.to_u64_digits();
    assert!(v.len() <= limbs, "value does not fit {limbs} limbs");
    v.resize(limbs, 0);
    Nat::from_limbs(v)
}

/// A seeded RNG, so failures reproduce.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A random value of exactly `bits` bits (top bit set), as the oracle's type.
pub fn random_bits(rng: &mut impl Rng, bits: usize) -> BigUint {
    assert!(bits >= 1);
    let words = bits.div_ceil(64);
    let mut v: Vec<u64> = (0..words).map(|_| rng.gen()).collect();
    let top = bits - 64 * (words - 1);
    v[words - 1] &= if top == 64 {
        u64::MAX
    } else {
        (1u64 << top) - 1
    };
    v[words - 1] |= 1u64 << (top - 1);
    let mut digits = Vec::new();
    for w in v {
        digits.push(w as u32);
        digits.push((w >> 32) as u32);
    }
    BigUint::new(digits)
}

/// A random odd modulus of exactly `bits` bits (bits >= 2).
pub fn random_odd_modulus(rng: &mut impl Rng, bits: usize) -> BigUint {
    random_bits(rng, bits) | BigUint::from(1u32)
}

/// A random value below `n`.
pub fn random_below(rng: &mut impl Rng, n: &BigUint) -> BigUint {
    let bits = n.bits() as usize;
    random_bits(rng, bits + 64) % n
}
