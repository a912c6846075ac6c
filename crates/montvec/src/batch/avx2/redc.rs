//! Word-by-word Montgomery reduction (seed 000 Alg. 1, one 26-bit quotient digit at a time)
//! in product-scanning order, on the sliced layout with R = 2^(26 d), applied to the raw column
//! sums of a product (seed 002's product-then-REDC, with seed 004's delayed carries).
//!
//! For the columns i = 0 .. 2d-1 of t + q n (t the product's column sums), left to right, with a
//! running carry:
//! 1. s = carry + t_i + sum over j < i of q_j n_{i-j};
//! 2. for i < d: q_i = s n0' mod 2^26 (n0' = -n^-1 mod 2^26, per lane), s += q_i n_0, so s
//!    is 0 mod 2^26; for i >= d: output digit i - d = s mod 2^26;
//! 3. carry = s >> 26.
//!
//! Block by block of K columns: the q_j n terms of the quotient digits found in earlier blocks
//! are summed in registers as a product's columns are ([`super::columns`]); the block's own
//! columns are then walked in order, each new q_i going at once into the columns above it in
//! the block (a triangle of K(K-1)/2 products). The walk is a dependency chain of about ten
//! cycles a column (q_i, its carry, the next column's q): the one serial part of the engine.
//!
//! Why the per-digit n0' rather than the full N' = -n^-1 mod R of seed 001's truncated
//! reduction: counting `vpmuludq`, a multiplication costs 2d^2 + d this way against d^2 +
//! d(d+1)/2 + d^2 (product, truncated Q = T N' mod R, full Q n) there, a squaring 1.5 d^2
//! against 2 d^2; Hars' truncated high half of Q n would bring those to a tie at best. The
//! truncated form has no serial chain, but the chain costs about a tenth here (measured by
//! cutting it: 10% off a 2048-bit squaring), less than the extra products.
//!
//! **Bound** (why the delayed carries cannot overflow a 64-bit lane). Every input digit is
//! below 2^26, so every product is below 2^52. Column i holds at most d product terms and at
//! most d reduction terms (a square's doubled half-column counts as at most d terms of
//! 2^52), plus the carry in. If every column is below (2d + 1) 2^52, its carry out is below
//! (2d + 1) 2^26 <= 2^52, which keeps the next column below (2d + 1) 2^52 too (induction).
//! With d = 316 (8192-bit moduli) that is 633 * 2^52 < 2^61.4; the bound holds to d = 2047
//! (53,000 bits). Radix 2^28 would allow d <= 127 (3500 bits), radix 2^29 d <= 31.
//!
//! **Almost Montgomery.** With a, b < 2n and R > 4n: (a b + q n) / R < (4n^2 + R n) / R < 2n,
//! so outputs below 2n feed the next product directly; only the end of an exponentiation
//! subtracts n by mask ([`super::carry::sub_if_ge`]). The output has d digits each below 2^26.

#![deny(clippy::integer_division_remainder_used)]

use core::arch::x86_64::*;

use zeroize::Zeroize;

use super::columns::{accumulate, bottom_of_upper, full_range, mac, Terms};
use super::{BLOCK, DIGIT_BITS, DIGIT_MASK};

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

/// One modulus per lane in sliced digits, its n0', and the scratch of a product in progress:
/// what every Montgomery product needs.
pub(super) struct Mont<'a> {
    n: &'a [__m256i],
    n0: __m256i,
    /// The raw column sums of the product (2d rounded up to whole blocks).
    pub(super) t: Vec<__m256i>,
    /// q_0 .. q_{d-1} of the current product.
    q: Vec<__m256i>,
}

impl<'a> Mont<'a> {
    /// The context for `n` (d sliced digits) with per-lane n0' = -n^-1 mod 2^26.
    #[target_feature(enable = "avx2")]
    pub(super) fn new(n: &'a [__m256i], n0: __m256i) -> Self {
        let d = n.len();
        Mont {
            n,
            n0,
            t: vec![_mm256_setzero_si256(); (2 * d).next_multiple_of(BLOCK)],
            q: vec![_mm256_setzero_si256(); d],
        }
    }

    /// d, the digits of every element.
    pub(super) fn digits(&self) -> usize {
        self.n.len()
    }

    /// `out = (t + q n) / R`, almost reduced, for the product's raw column sums in `self.t`:
    /// steps 1-3 block by block. The quotient terms of digits found in earlier blocks are
    /// summed in registers (j below the block); the rest of the walk goes column by column,
    /// each new q_i also going at once into the columns above it in the block.
    ///
    /// Leaks: d.
    #[target_feature(enable = "avx2")]
    pub(super) fn reduce(&mut self, out: &mut [__m256i]) {
        const K: usize = BLOCK;
        let (n, d) = (self.n, self.n.len());
        assert_eq!(out.len(), d);
        let mut carry = _mm256_setzero_si256();
        for c in (0..2 * d).step_by(K) {
            let mut a: [__m256i; K] = self.t[c..c + K].try_into().expect("K columns");
            self.quotient_terms(&mut a, c);
            // Steps 2 and 3, with fixed loop bounds in the two common cases, so the walk is
            // unrolled with the accumulators in registers (the quotient walk by hand: LLVM
            // keeps a loop with a triangle inside rolled, and the accumulators in memory).
            if c + K <= d {
                let q: &mut [__m256i; K] = (&mut self.q[c..c + K]).try_into().expect("K digits");
                let n: &[__m256i; K] = n[..K].try_into().expect("K digits");
                unroll_block!(T => {
                    let s = quotient_step(&mut a[T], &carry, &mut q[T], n[0], self.n0);
                    // Columns c+T+k, k >= 1, gain q_{c+T} n_k.
                    for (ak, &nk) in a[T + 1..].iter_mut().zip(&n[1..]) {
                        *ak = mac(*ak, q[T], nk);
                    }
                    carry = s;
                });
            } else if c >= d && c + K <= 2 * d {
                let out: &mut [__m256i; K] = (&mut out[c - d..c - d + K]).try_into().expect("K");
                for t in 0..K {
                    out[t] = output_step(a[t], &mut carry);
                }
            } else {
                self.walk_by_column(a, &mut carry, c, out);
            }
        }
        debug_assert!(is_zero(carry));
    }
}

impl Mont<'_> {
    /// Step 1 for the block of columns c..c+K: the q_j n terms of the quotient digits found in
    /// earlier blocks, j < min(c, d). Below column d the whole range has terms in every column;
    /// above it, all but a bottom triangle; the two blocks in between go through the general
    /// [`accumulate`].
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    fn quotient_terms(&self, acc: &mut [__m256i; BLOCK], c: usize) {
        const K: usize = BLOCK;
        let (n, d) = (self.n, self.n.len());
        // A local copy: the accumulators stay in registers through the loops.
        let mut a = *acc;
        if c + K <= d {
            if c > 0 {
                full_range(&mut a, &self.q, n, c, 0, c - 1);
            }
        } else if c >= d && c + K <= 2 * d && d >= K {
            full_range(&mut a, &self.q, n, c, c + K - d, d - 1);
            bottom_of_upper(&mut a, &self.q[c + 1 - d..c + K - d], &n[d + 1 - K..]);
        } else {
            accumulate(&mut a, &self.q[..c.min(d)], n, c, Terms::All);
        }
        *acc = a;
    }

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
                let s = quotient_step(&mut a[t], carry, &mut qi, n[0], self.n0);
                self.q[i] = qi;
                for t2 in t + 1..BLOCK {
                    if t2 - t < d {
                        a[t2] = mac(a[t2], qi, n[t2 - t]);
                    }
                }
                *carry = s;
            } else {
                out[i - d] = output_step(a[t], carry);
            }
        }
    }
}

/// Step 2 for a column below d: q = (col + carry) n0' mod 2^26, and the carry out of
/// col + carry + q n_0 (returned; the column itself is then 0 mod 2^26).
#[target_feature(enable = "avx2")]
#[inline]
fn quotient_step(
    col: &mut __m256i,
    carry: &__m256i,
    q: &mut __m256i,
    n0: __m256i,
    n0_inv: __m256i,
) -> __m256i {
    let mask = _mm256_set1_epi64x(DIGIT_MASK as i64);
    // s < (2d + 1) 2^52 (the bound above); vpmuludq reads s mod 2^32, which fixes
    // s n0' mod 2^26.
    let s = _mm256_add_epi64(*col, *carry);
    *q = _mm256_and_si256(_mm256_mul_epu32(s, n0_inv), mask);
    let s = mac(s, *q, n0);
    debug_assert!(low_digit_is_zero(s));
    // Step 3.
    _mm256_srli_epi64::<{ DIGIT_BITS as i32 }>(s)
}

/// Steps 2-3 for a column at or above d: its digit of the result, and the carry out.
#[target_feature(enable = "avx2")]
#[inline]
fn output_step(col: __m256i, carry: &mut __m256i) -> __m256i {
    let s = _mm256_add_epi64(col, *carry);
    *carry = _mm256_srli_epi64::<{ DIGIT_BITS as i32 }>(s);
    _mm256_and_si256(s, _mm256_set1_epi64x(DIGIT_MASK as i64))
}

impl Drop for Mont<'_> {
    fn drop(&mut self) {
        self.t.zeroize();
        self.q.zeroize();
    }
}

/// Whether every lane of `s` is 0 mod 2^26 (for debug assertions).
#[target_feature(enable = "avx2")]
fn low_digit_is_zero(s: __m256i) -> bool {
    let low = _mm256_and_si256(s, _mm256_set1_epi64x(DIGIT_MASK as i64));
    _mm256_testz_si256(low, low) == 1
}

/// Whether every lane of `x` is zero (for debug assertions).
#[target_feature(enable = "avx2")]
pub(super) fn is_zero(x: __m256i) -> bool {
    _mm256_testz_si256(x, x) == 1
}
