//! Seeded random moduli and operands, so every run times the same numbers.

use montvec::Nat;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The numbers for one modulus size.
pub struct Operands {
    /// Bits of the modulus.
    pub bits: usize,
    /// An odd modulus of exactly `bits` bits (top bit set).
    pub modulus: Nat,
    /// A value below the modulus (`bits - 1` bits, top bit set).
    pub x: Nat,
    /// Another value below the modulus.
    pub y: Nat,
    /// An exponent of exactly `bits` bits (top bit set), the full size of the modulus.
    pub exponent: Nat,
}

/// `ceil(bits / 64)` random limbs holding a value of exactly `bits` bits (`bits >= 1`).
pub fn random_exact_bits(rng: &mut impl Rng, bits: usize) -> Vec<u64> {
    assert!(bits >= 1, "a value of 0 bits has no top bit");
    let limbs = bits.div_ceil(64);
    let mut v: Vec<u64> = (0..limbs).map(|_| rng.gen()).collect();
    let top = bits - 64 * (limbs - 1); // 1..=64 bits in the top limb
    if top < 64 {
        v[limbs - 1] &= (1u64 << top) - 1;
    }
    v[limbs - 1] |= 1u64 << (top - 1);
    v
}

impl Operands {
    /// The operands for `bits` (at least 2) from `seed`: the same pair always gives the same
    /// numbers.
    pub fn new(bits: usize, seed: u64) -> Operands {
        assert!(
            bits >= 2,
            "the smallest odd modulus with its top bit set is 3 (2 bits)"
        );
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (bits as u64).rotate_left(32));
        let limbs = bits.div_ceil(64);
        let mut n = random_exact_bits(&mut rng, bits);
        n[0] |= 1;
        let below = |rng: &mut ChaCha8Rng| {
            let mut v = random_exact_bits(rng, bits - 1);
            v.resize(limbs, 0);
            Nat::from_limbs(v)
        };
        let x = below(&mut rng);
        let y = below(&mut rng);
        let exponent = Nat::from_limbs(random_exact_bits(&mut rng, bits));
        Operands {
            bits,
            modulus: Nat::from_limbs(n),
            x,
            y,
            exponent,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_parity() {
        for bits in [2, 3, 63, 64, 65, 192, 521, 4096] {
            let o = Operands::new(bits, 1);
            assert_eq!(o.modulus.bit_length_vartime(), bits);
            assert!(bool::from(o.modulus.is_odd()));
            assert_eq!(o.exponent.bit_length_vartime(), bits);
            assert_eq!(o.x.bit_length_vartime(), bits - 1);
            assert_eq!(o.x.limb_len(), bits.div_ceil(64));
        }
        assert_eq!(Operands::new(256, 7).modulus, Operands::new(256, 7).modulus);
        assert_ne!(Operands::new(256, 7).modulus, Operands::new(256, 8).modulus);
    }
}
