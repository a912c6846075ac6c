//! Where the two folds and the Montgomery step cut the double-length product, as limb counts
//! derived from k alone (public).
//!
//! Seed 003 §III, for k = 8 limbs (512 bits): fold 1 removes k/2 = 4 limbs (its 2^768 =
//! 2^(3N/2) boundary), fold 2 removes k/4 = 2 limbs (its 2^640 = 2^(5N/4) boundary), and one
//! 128-bit Montgomery digit removes the last k/4 = 2 limbs. For every k we take
//! `h1 = floor(k/2)`, `h2 = floor(k/4)`, `d = k - h1 - h2`, so that:
//!
//! - `2 h1 <= k` and `h1 + 2 h2 <= k`: each fold's product fits the length it folds into, so
//!   each fold leaves at most one carry bit (see `reduce.rs`);
//! - `h2 <= d` and `h1 <= h2 + d`: the reduced value stays below 4n for every n (`reduce.rs`).
//!
//! Small k degrade gracefully: k = 1 has no fold (plain one-limb Montgomery), k = 2 and 3 have
//! only fold 1, k >= 4 has both. A fold of zero limbs is skipped (a public branch on k).

/// The cut points for a k-limb modulus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Limb count of n.
    pub k: usize,
    /// Limbs removed by fold 1 (seed: k/2, the 2^(3N/2) boundary).
    pub h1: usize,
    /// Limbs removed by fold 2 (seed: k/4, the 2^(5N/4) boundary).
    pub h2: usize,
    /// Limbs removed by the Montgomery step, in 128-bit digits (a final 64-bit digit if odd).
    pub d: usize,
}

impl Geometry {
    /// The cut points for `k >= 1` limbs.
    pub fn new(k: usize) -> Self {
        debug_assert!(k >= 1);
        let h1 = k >> 1;
        let h2 = k >> 2;
        let d = k - h1 - h2;
        Geometry { k, h1, h2, d }
    }

    /// Length of the value after fold 1: `2k - h1` limbs (plus one carry bit).
    pub fn len_after_fold1(&self) -> usize {
        2 * self.k - self.h1
    }

    /// Length of the value after fold 2: `2k - h1 - h2 = k + d` limbs (plus one carry bit).
    pub fn len_after_fold2(&self) -> usize {
        self.k + self.d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_points_satisfy_the_bounds() {
        assert_eq!(
            Geometry::new(8),
            Geometry {
                k: 8,
                h1: 4,
                h2: 2,
                d: 2
            }
        );
        assert_eq!(
            Geometry::new(1),
            Geometry {
                k: 1,
                h1: 0,
                h2: 0,
                d: 1
            }
        );
        for k in 1..=1024 {
            let g = Geometry::new(k);
            assert_eq!(g.h1 + g.h2 + g.d, k);
            assert!(2 * g.h1 <= k && g.h1 + 2 * g.h2 <= k, "k = {k}");
            assert!(g.h2 <= g.d && g.h1 <= g.h2 + g.d, "k = {k}");
            assert!(g.d >= 1);
            assert_eq!(g.len_after_fold1() - g.h2, g.len_after_fold2());
        }
    }
}
