//! The dedicated Montgomery squaring: only the off-diagonal half of each column is multiplied
//! (j < i - j, by the doubled digits 2 a_j), and the diagonal a_{i/2}^2 added; the reduction is
//! the multiplication's ([`Mont::montgomery`]). About 1.5 d^2 `vpmuludq` against 2 d^2.

use core::arch::x86_64::*;

use super::columns::Terms;
use super::redc::Mont;

impl<const B: i32> Mont<'_, B> {
    /// `out = a^2 / R mod n` per lane, below 2n when a is (d digits each below 2^B; `out`
    /// distinct from `a`).
    ///
    /// Leaks: d.
    #[target_feature(enable = "avx2")]
    pub(super) fn sqr(&mut self, out: &mut [__m256i], a: &[__m256i]) {
        assert_eq!(a.len(), self.digits());
        // 2 a_j < 2^(B + 1) <= 2^29: the doubled off-diagonal terms come out of one product
        // each, below 2^(2B + 1), half a column of them (see redc.rs for the bound).
        let mut doubled = core::mem::take(&mut self.doubled);
        for (x, &v) in doubled.iter_mut().zip(a) {
            *x = _mm256_add_epi64(v, v);
        }
        self.montgomery(out, &doubled, a, Terms::BelowDiagonal);
        self.doubled = doubled;
    }
}
