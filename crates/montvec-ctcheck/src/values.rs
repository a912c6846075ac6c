//! Deterministic test values of exact bit lengths (xorshift64; no randomness is needed: memcheck
//! follows where values flow, whatever they are).

use montvec::Nat;

/// A stream of pseudo-random words.
pub struct Words(u64);

impl Words {
    /// A stream from a non-zero seed.
    pub fn new(seed: u64) -> Self {
        Words(seed | 1)
    }

    /// The next word.
    pub fn next_word(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number of exactly `bits` bits (top bit set).
    pub fn number(&mut self, bits: usize) -> Nat {
        let limbs = bits.div_ceil(64);
        let mut v: Vec<u64> = (0..limbs).map(|_| self.next_word()).collect();
        let top = bits - 64 * (limbs - 1);
        v[limbs - 1] = (v[limbs - 1] >> (64 - top)) | (1 << (top - 1));
        Nat::from_limbs(v)
    }

    /// An odd number of exactly `bits` bits, a valid modulus.
    pub fn odd(&mut self, bits: usize) -> Nat {
        let mut v = self.number(bits).as_limbs().to_vec();
        v[0] |= 1;
        Nat::from_limbs(v)
    }
}
