//! The per-modulus constants of the folding reduction, computed without division in time that
//! depends only on k (n may be a secret RSA prime):
//!
//! - the fold multipliers `f1 = 2^(-64 h1) mod n` and `f2 = 2^(-64 h2) mod n` (the mirror
//!   images of seed 003's `2^(3N/2) mod m` and `2^(5N/4) mod m`, see `mod.rs`);
//! - `n'' = -n^-1 mod 2^128`, the 128-bit Montgomery digit's constant (seed 003's k1);
//! - the carry-correction table `T[s] = s * R mod n`, s = 0..3 (seed 003's adder table T);
//! - `2n` as k + 1 limbs, for the first of the two masked final subtractions.

use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::limb::{Limb, LIMB_BITS};
use crate::mont::cios;
use crate::mont::fold::geometry::Geometry;
use crate::mont::params::MontParams;

/// Entries of the carry-correction table: the carry count s is at most 3.
pub const CARRY_TABLE_ENTRIES: usize = 4;

/// Everything the folding reduction needs beyond n and n0.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct FoldConstants {
    /// `2^(-64 h1) mod n`, k limbs (unused when h1 = 0).
    pub f1: Vec<Limb>,
    /// `2^(-64 h2) mod n`, k limbs (unused when h2 = 0).
    pub f2: Vec<Limb>,
    /// `-n^-1 mod 2^128`.
    pub n_inv128: u128,
    /// `T[s] = s * R mod n` for s = 0..3, entry s at `[s*k, (s+1)*k)`.
    pub carry_table: Vec<Limb>,
    /// `2n`, k + 1 limbs.
    pub two_n: Vec<Limb>,
}

impl FoldConstants {
    /// Compute the constants for `params`' modulus with the cut points `g`.
    ///
    /// Leaks: k only (every step is a fixed sequence of CIOS multiplications, masked
    /// additions and shifts).
    pub fn new(params: &MontParams, g: &Geometry) -> Self {
        let k = g.k;
        let n = params.modulus();
        let mut scratch = vec![0; k];

        // 2^(-64h) mod n = Mont(2^(64(k-h)), 1) = 2^(64(k-h)) * 2^(-64k) mod n, for 1 <= h <= k.
        // CIOS takes the first operand below 2^(64k) (2^(64(k-h)) is) and the second below n
        // (1 is, n >= 3).
        let fold_multiplier = |h: usize, scratch: &mut [Limb]| -> Vec<Limb> {
            let mut out = vec![0; k];
            if h == 0 {
                return out;
            }
            let mut power = vec![0; k];
            power[k - h] = 1;
            let mut unit = vec![0; k];
            unit[0] = 1;
            cios::mont_mul(&mut out, &power, &unit, n, params.n0(), scratch);
            out
        };
        let f1 = fold_multiplier(g.h1, &mut scratch);
        let f2 = fold_multiplier(g.h2, &mut scratch);

        // n'' = -n^-1 mod 2^128 by one Newton step from the 64-bit inverse: if n*v = 1 mod 2^64
        // then n * v(2 - n v) = 1 - (1 - n v)^2 = 1 mod 2^128.
        let n_lo = n[0] as u128 | ((n.get(1).copied().unwrap_or(0) as u128) << LIMB_BITS);
        let inv64 = params.n0().wrapping_neg() as u128; // n^-1 mod 2^64
        let inv128 = inv64.wrapping_mul(2u128.wrapping_sub(n_lo.wrapping_mul(inv64)));
        let n_inv128 = inv128.wrapping_neg();

        // T[s] = s R mod n by masked modular additions of R mod n.
        let mut carry_table = vec![0; CARRY_TABLE_ENTRIES * k];
        let mut acc = vec![0; k];
        for s in 1..CARRY_TABLE_ENTRIES {
            params.add_assign_mod(&mut acc, params.one(), &mut scratch);
            carry_table[s * k..(s + 1) * k].copy_from_slice(&acc);
        }

        // 2n as k + 1 limbs: a one-bit left shift.
        let mut two_n = vec![0; k + 1];
        let mut top = 0;
        for (j, &w) in n.iter().enumerate() {
            two_n[j] = (w << 1) | top;
            top = w >> (LIMB_BITS - 1);
        }
        two_n[k] = top;

        acc.zeroize();
        scratch.zeroize();
        FoldConstants {
            f1,
            f2,
            n_inv128,
            carry_table,
            two_n,
        }
    }
}
