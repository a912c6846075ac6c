//! Folding Montgomery multiplication (seed 003, Gopal et al., "Fast and Constant-Time
//! Implementation of Modular Exponentiation", §III), generalised from 512 bits to every k.
//!
//! Multiply first (`crate::mul::product`, or [`square::square`] for squaring), then reduce the
//! 2k-limb product in place in [`reduce::reduce`]: two folds by precomputed constants (each a
//! few multiply-accumulate rows into the product itself), a Montgomery
//! reduction by 128-bit digits, a carry correction read by mask from a four-entry table, and a
//! masked final subtraction. The result is fully reduced below n.
//!
//! ## Why the folds are mirrored
//!
//! The seed folds the *top* of X with `2^(3N/2) mod m` and `2^(5N/4) mod m` (N = 64k bits),
//! which keeps X's value mod m, then divides by one digit C = 2^128: its `montmul` returns
//! `a b / C`. Every variant here shares R = 2^(64k), so the whole reduction must divide by
//! 2^(64k); top folds divide by nothing, and only steps that remove *low* limbs can. We
//! therefore fold from the bottom: with `X = Xh 2^(64h) + Xl`,
//! `X 2^(-64h) = Xh + Xl 2^(-64h) (mod n)`, a multiplication of the h low limbs by the
//! precomputed `2^(-64h) mod n`. The cut points are the seed's (h1 = k/2 and h2 = k/4 limbs,
//! then k/4 limbs of Montgomery digits: at k = 8, 1024 -> 768 -> 640 -> 512 bits), each fold
//! costs the same h x k product, leaves at most one carry bit, and the product count is the
//! seed's. The carries all land at weight R of the result, so the correction table is
//! `T[s] = s R mod n` for s = c1 + c2 + c3 in 0..=3 (the seed's 8-entry table indexes three
//! bits of different weights; ours needs only their sum).
//!
//! Small sizes: k = 1 has no fold (one 64-bit Montgomery digit), k = 2, 3 only fold 1 (see
//! [`geometry`]).
//!
//! Where it pays (instruction counts against CIOS): the notes below (docs/mont-fold.md).
#![doc = include_str!("../../../docs/mont-fold.md")]
pub mod constants;
pub mod geometry;
pub mod reduce;
pub mod rows;
pub mod square;

use crate::limb::Limb;
use crate::mont::params::MontParams;
use crate::mont::MontMul;
use constants::FoldConstants;
use geometry::Geometry;

/// The folding variant: full product, two folds, 128-bit-digit Montgomery reduction.
#[derive(Clone)]
pub struct Fold {
    params: MontParams,
    geometry: Geometry,
    constants: FoldConstants,
}

impl Fold {
    /// Precompute the fold constants for the modulus of `params`.
    ///
    /// Leaks: k only.
    pub fn new(params: MontParams) -> Self {
        let geometry = Geometry::new(params.limbs());
        let constants = FoldConstants::new(&params, &geometry);
        Fold {
            params,
            geometry,
            constants,
        }
    }

    /// The cut points in use.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Reduce the 2k-limb product in `scratch[..2k]` into `out`; returns the carry count.
    fn reduce_product(&self, out: &mut [Limb], scratch: &mut [Limb]) -> Limb {
        let k = self.geometry.k;
        let (x, work) = scratch.split_at_mut(2 * k);
        reduce::reduce(
            out,
            x,
            &self.params.n,
            self.params.n0,
            &self.constants,
            &self.geometry,
            work,
        )
    }
}

impl MontMul for Fold {
    fn params(&self) -> &MontParams {
        &self.params
    }
    /// 2k limbs of product (folded in place), then k for the masked subtraction.
    fn scratch_len(&self) -> usize {
        3 * self.geometry.k
    }
    fn mul(&self, out: &mut [Limb], a: &[Limb], b: &[Limb], scratch: &mut [Limb]) {
        let k = self.geometry.k;
        crate::mul::product(&mut scratch[..2 * k], a, b);
        self.reduce_product(out, scratch);
    }
    fn sqr(&self, out: &mut [Limb], a: &[Limb], scratch: &mut [Limb]) {
        let k = self.geometry.k;
        square::square(&mut scratch[..2 * k], a);
        self.reduce_product(out, scratch);
    }
}

#[cfg(test)]
mod tests;
