//! Word-by-word Montgomery reduction (seed 000 Alg. 1, one B-bit quotient digit at a time)
//! in product-scanning order and fused with the product's own column scan (Koc, Acar and
//! Kaliski's "FIPS" order), on the sliced layout with R = 2^(B d); carries move once per
//! column (seed 004's delayed carry).
//!
//! For the columns i = 0 .. 2d-1 of x y + q n, left to right, with a running carry:
//! 1. s = carry + (column i of x y) + sum over j < i of q_j n_{i-j};
//! 2. for i < d: q_i = s n0' mod 2^B (n0' = -n^-1 mod 2^B, per lane), s += q_i n_0, so s
//!    is 0 mod 2^B; for i >= d: output digit i - d = s mod 2^B;
//! 3. carry = s >> B.
//!
//! Block by block of K = 8 columns ([`Mont::montgomery`]): the x y terms and the q_j n terms of
//! the quotient digits found in earlier blocks are summed in registers, in one loop as far as
//! both reach ([`super::columns`]); then the block's own columns are walked in order, each new
//! q_i going at once into the columns above it in the block (a triangle of K(K-1)/2
//! products). The walk is a dependency chain of about ten cycles a column (q_i, its carry, the
//! next column's q): the one serial part of the engine; the next block's independent terms
//! overlap it in part.
//!
//! Why the per-digit n0' rather than the full N' = -n^-1 mod R of seed 001's truncated
//! reduction: counting `vpmuludq`, a multiplication costs 2d^2 + d this way against d^2 +
//! d(d+1)/2 + d^2 (product, truncated Q = T N' mod R, full Q n) there, a squaring 1.5 d^2
//! against 2 d^2; Hars' truncated high half of Q n would bring those to a tie at best. The
//! truncated form has no serial chain, but the chain costs about a tenth here (measured by
//! cutting it: 10% off a 2048-bit squaring), less than the extra products. On Zen 3 with 28-bit
//! digits, taking q_i = s mod 2^B with no `vpmuludq` by n0' (wrong results, timing only) saved
//! 3.5% of a 2048-bit batch (0.60 against 0.62 s for 320 jobs, `montvec modexp --batch`, three
//! runs each): too little for a modulus scaled by n0' (so that -n^-1 = 1 mod 2^B), which would
//! cost a digit more, 2.7% more products at 2048 bits.
//!
//! **Bound** (why the delayed carries cannot overflow a 64-bit lane). Every input digit is
//! below 2^B, so every product is below 2^(2B). Column i holds at most d product terms and at
//! most d reduction terms (a square's doubled half-column counts as at most d terms of
//! 2^(2B)), plus the carry in. If every column is below (2d + 1) 2^(2B), its carry out is
//! below (2d + 1) 2^B <= 2^(2B), which keeps the next column below (2d + 1) 2^(2B) too
//! (induction). That fits 64 bits while 2d + 1 <= 2^(64 - 2B) ([`super::max_digits`]): for
//! B = 28, d <= 127 (moduli up to 3,520 bits); for B = 27, d <= 511 (about 13,800 bits;
//! 8192-bit moduli have d = 304, columns below 609 * 2^54 < 2^63.3).
//! [`super::digit_bits_for`] never picks a width beyond its bound; radix 2^29 would stop at
//! d = 31 (about 900 bits).
//!
//! **Almost Montgomery.** With a, b < 2n and R > 4n: (a b + q n) / R < (4n^2 + R n) / R < 2n,
//! so outputs below 2n feed the next product directly; only the end of an exponentiation
//! subtracts n by mask ([`super::carry::sub_if_ge`]). The output has d digits each below 2^B.

use core::arch::x86_64::*;

use zeroize::Zeroize;

use super::columns::{full_range, full_range_pair, mac, top_of_square, Terms};
use super::{digit_mask, BLOCK};

/// Repeats `$body` with `$t` a constant 0, 1, .., BLOCK - 1 (BLOCK = 8).
macro_rules! unroll_block {
    ($t:ident => $body:block) => {
        const { assert!(BLOCK == 8) };
        unroll_block!(@ $t $body 0 1 2 3 4 5 6 7);
    };
    (@ $t:ident $body:block $($v:literal)*) => {
        $({
            const $t: usize = $v;
            $body
        })*
    };
}

/// One modulus per lane in sliced B-bit digits, its n0', and the scratch of a product in
/// progress: what every Montgomery product needs.
pub(super) struct Mont<'a, const B: i32> {
    n: &'a [__m256i],
    /// n0' = -n^-1 mod 2^B per lane.
    n0: __m256i,
    /// n with [`PAD`] zero digits below and above.
    n_padded: Vec<__m256i>,
    /// Scratch: the current product's y with [`PAD`] zero digits below and above.
    y_padded: Vec<__m256i>,
    /// q_0 .. q_{d-1} of the current product.
    q: Vec<__m256i>,
    /// The doubled digits of a square's operand.
    pub(super) doubled: Vec<__m256i>,
}

impl<'a, const B: i32> Mont<'a, B> {
    /// The context for `n` (d sliced digits) with per-lane n0' = -n^-1 mod 2^B.
    #[target_feature(enable = "avx2")]
    pub(super) fn new(n: &'a [__m256i], n0: __m256i) -> Self {
        let d = n.len();
        let mut n_padded = vec![_mm256_setzero_si256(); d + 2 * PAD];
        n_padded[PAD..PAD + d].copy_from_slice(n);
        Mont {
            n,
            n0,
            n_padded,
            y_padded: vec![_mm256_setzero_si256(); d + 2 * PAD],
            q: vec![_mm256_setzero_si256(); d],
            doubled: vec![_mm256_setzero_si256(); d + HALF_BLOCK],
        }
    }

    /// d, the digits of every element.
    pub(super) fn digits(&self) -> usize {
        self.n.len()
    }

    /// `out = (x y + q n) / R`, almost reduced: for a product x = a, y = b and
    /// [`Terms::All`]; for a square x = 2a (digit by digit), y = a and
    /// [`Terms::BelowDiagonal`], the diagonal a_{i/2}^2 being added here. Steps 1-3 block by
    /// block: the product's terms and the quotient terms of digits found in earlier blocks are
    /// summed in registers, then the block's columns are walked in order, each new q_i going at
    /// once into the columns above it in the block.
    ///
    /// Leaks: d.
    #[target_feature(enable = "avx2")]
    pub(super) fn montgomery(
        &mut self,
        out: &mut [__m256i],
        x: &[__m256i],
        y: &[__m256i],
        terms: Terms,
    ) {
        const K: usize = BLOCK;
        let (n, d) = (self.n, self.n.len());
        assert!(out.len() == d && y.len() == d);
        let x_len = match terms {
            Terms::All => d,
            Terms::BelowDiagonal => d + HALF_BLOCK,
        };
        assert_eq!(x.len(), x_len);
        let mut y_padded = core::mem::take(&mut self.y_padded);
        y_padded[PAD..PAD + d].copy_from_slice(y);
        let mut carry = _mm256_setzero_si256();
        for c in (0..2 * d).step_by(K) {
            let mut a = [_mm256_setzero_si256(); K];
            block_terms(&mut a, x, &y_padded, &self.n_padded, &self.q, c, terms);
            if terms == Terms::BelowDiagonal {
                for (t, v) in a.iter_mut().enumerate() {
                    let i = c + t;
                    if i & 1 == 0 && i >> 1 < d {
                        *v = mac(*v, y[i >> 1], y[i >> 1]);
                    }
                }
            }
            // Steps 2 and 3, with fixed loop bounds in the two common cases, so the walk is
            // unrolled with the accumulators in registers (the quotient walk by hand: LLVM
            // keeps a loop with a triangle inside rolled, and the accumulators in memory).
            if c + K <= d {
                let q: &mut [__m256i; K] = (&mut self.q[c..c + K]).try_into().expect("K digits");
                let n: &[__m256i; K] = n[..K].try_into().expect("K digits");
                unroll_block!(T => {
                    let s = quotient_step::<B>(a[T], carry, &mut q[T], n[0], self.n0);
                    // Columns c+T+k, k >= 1, gain q_{c+T} n_k.
                    for (ak, &nk) in a[T + 1..].iter_mut().zip(&n[1..]) {
                        *ak = mac(*ak, q[T], nk);
                    }
                    carry = s;
                });
            } else if c >= d && c + K <= 2 * d {
                let out: &mut [__m256i; K] = (&mut out[c - d..c - d + K]).try_into().expect("K");
                for t in 0..K {
                    out[t] = output_step::<B>(a[t], &mut carry);
                }
            } else {
                self.walk_by_column(a, &mut carry, c, out);
            }
        }
        debug_assert!(is_zero(carry));
        self.y_padded = y_padded;
    }
}

impl<const B: i32> Mont<'_, B> {
    /// Steps 2 and 3 for the block that crosses column d, and the last one: column by column.
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    fn walk_by_column(
        &mut self,
        mut a: [__m256i; BLOCK],
        carry: &mut __m256i,
        c: usize,
        out: &mut [__m256i],
    ) {
        let (n, d) = (self.n, self.n.len());
        for t in 0..BLOCK {
            let i = c + t;
            if i >= 2 * d {
                break;
            }
            if i < d {
                let mut qi = _mm256_setzero_si256();
                let s = quotient_step::<B>(a[t], *carry, &mut qi, n[0], self.n0);
                self.q[i] = qi;
                for t2 in t + 1..BLOCK {
                    if t2 - t < d {
                        a[t2] = mac(a[t2], qi, n[t2 - t]);
                    }
                }
                *carry = s;
            } else {
                out[i - d] = output_step::<B>(a[t], carry);
            }
        }
    }
}

/// Zero digits on each side of the padded operands: a block's window reaches K - 1 digits
/// below digit 0 (its top columns, x_j for j up to c + K - 1) and K - 1 above digit d - 1 (its
/// bottom columns, in the upper half).
pub(super) const PAD: usize = BLOCK - 1;

/// K/2: the doubled digits of a square carry this many zero digits above digit d - 1, so that
/// the last block's diagonal window (x_j for j up to c/2 + K/2 - 1) stays inside them.
const HALF_BLOCK: usize = BLOCK >> 1;

/// Step 1 for the block of columns c..c+K: the terms of x y and the q_j n terms of the
/// quotient digits found in earlier blocks (j < min(c, d)). `y` and `n` carry [`PAD`] zero
/// digits on each side, so each j range is one loop over whole windows: where a block's top
/// columns (x_j for j up to c + K - 1) or its bottom ones (in the upper half) have fewer
/// terms, the window reads zeros, a triangle of K(K-1)/2 products summed for nothing, in
/// place of code for each shape of block (the triangles, or column by column). Measured
/// against that code on a Zen 3 (paired runs, per lane): 0.81x the time at 1024 bits, 0.82x
/// at 2048, 0.88x at 3072. For a square, x (the doubled digits) has K/2 zero digits above d.
/// Both ranges start at the same j (max(0, c + 1 - d)), so they share one loop as far as
/// both go. Free of the digit width (products only), so one copy serves every radix.
///
/// Leaks: d and c (public sizes and positions).
#[target_feature(enable = "avx2")]
#[inline(never)]
fn block_terms(
    acc: &mut [__m256i; BLOCK],
    x: &[__m256i],
    y_padded: &[__m256i],
    n_padded: &[__m256i],
    q: &[__m256i],
    c: usize,
    terms: Terms,
) {
    const K: usize = BLOCK;
    let d = n_padded.len() - 2 * PAD;
    // A local copy: the accumulators stay in registers through the loops.
    let mut a = *acc;
    let lo = (c + 1).saturating_sub(d);
    // One past the last j of x y where every column has its term (or a zero of the padding),
    // and of the known quotient digits.
    let x_end = match terms {
        Terms::All => d.min(c + K),
        // 2j < c + t for every t: j < c/2 (c is even).
        Terms::BelowDiagonal => c >> 1,
    };
    let q_end = c.min(d);
    let shared = x_end.min(q_end);
    // The windows are y[c - j .. c - j + K]: with the padding, index c + PAD - j.
    let cp = c + PAD;
    if lo < shared {
        full_range_pair(&mut a, (x, y_padded), (q, n_padded), cp, lo, shared - 1);
    }
    let from = shared.max(lo);
    if from < x_end {
        full_range(&mut a, x, y_padded, cp, from, x_end - 1);
    }
    if from < q_end {
        full_range(&mut a, q, n_padded, cp, from, q_end - 1);
    }
    if terms == Terms::BelowDiagonal {
        // j = c/2 + u, u < K/2, in the columns t >= 2u + 1.
        let h = c >> 1;
        top_of_square(
            &mut a,
            &x[h..h + HALF_BLOCK],
            &y_padded[PAD + h + 1..PAD + h + K],
        );
    }
    *acc = a;
}

/// Step 2 for a column below d: q = (col + carry) n0' mod 2^B, and the carry out of
/// col + carry + q n_0 (returned; the column itself is then 0 mod 2^B).
#[target_feature(enable = "avx2")]
#[inline]
fn quotient_step<const B: i32>(
    col: __m256i,
    carry: __m256i,
    q: &mut __m256i,
    n_low: __m256i,
    n0: __m256i,
) -> __m256i {
    let mask = _mm256_set1_epi64x(digit_mask(B) as i64);
    // s < (2d + 1) 2^(2B) (the bound above); vpmuludq reads s mod 2^32, which fixes
    // s n0' mod 2^B (B <= 32).
    let s = _mm256_add_epi64(col, carry);
    *q = _mm256_and_si256(_mm256_mul_epu32(s, n0), mask);
    let s = mac(s, *q, n_low);
    debug_assert!(low_digit_is_zero::<B>(s));
    // Step 3.
    _mm256_srli_epi64::<B>(s)
}

/// Steps 2-3 for a column at or above d: its digit of the result, and the carry out.
#[target_feature(enable = "avx2")]
#[inline]
fn output_step<const B: i32>(col: __m256i, carry: &mut __m256i) -> __m256i {
    let s = _mm256_add_epi64(col, *carry);
    *carry = _mm256_srli_epi64::<B>(s);
    _mm256_and_si256(s, _mm256_set1_epi64x(digit_mask(B) as i64))
}

impl<const B: i32> Drop for Mont<'_, B> {
    fn drop(&mut self) {
        self.q.zeroize();
        self.doubled.zeroize();
        self.y_padded.zeroize();
        self.n_padded.zeroize();
    }
}

/// Whether every lane of `s` is 0 mod 2^B (for debug assertions).
#[target_feature(enable = "avx2")]
fn low_digit_is_zero<const B: i32>(s: __m256i) -> bool {
    let low = _mm256_and_si256(s, _mm256_set1_epi64x(digit_mask(B) as i64));
    _mm256_testz_si256(low, low) == 1
}

/// Whether every lane of `x` is zero (for debug assertions).
#[target_feature(enable = "avx2")]
pub(super) fn is_zero(x: __m256i) -> bool {
    _mm256_testz_si256(x, x) == 1
}
