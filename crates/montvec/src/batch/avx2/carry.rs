//! Digit-serial passes over sliced numbers, each lane on its own carry or borrow chain and every
//! lane's choice made by mask: the final subtraction, and the doubling and halving mod n with which
//! the tests reach the constants in the lanes (`params.rs`). Inputs and outputs have d digits, each
//! below 2^B (B = 27 or 28).
//!
//! A borrow is kept as 0/1: each digit of x - n is x_i - n_i - borrow, in (-2^B, 2^B), whose
//! low B bits (two's complement) are the digit and whose sign bit is the next borrow. AVX2 has
//! no 64-bit arithmetic shift, but the logical shift by 63 gives exactly that bit, so each
//! digit adds two operations to the chain (`vpsubq`, `vpsrlq`).
//!
//! Leaks: d only.

use core::arch::x86_64::*;

use super::digit_mask;

/// `tmp = x - n`, returning the lanes where x >= n as an all-ones mask.
#[target_feature(enable = "avx2")]
#[inline]
fn sub_n<const B: i32>(tmp: &mut [__m256i], x: &[__m256i], n: &[__m256i]) -> __m256i {
    let mask = _mm256_set1_epi64x(digit_mask(B) as i64);
    let mut borrow = _mm256_setzero_si256();
    for ((t, &xi), &ni) in tmp.iter_mut().zip(x).zip(n) {
        // x_i - n_i - borrow is in (-2^B, 2^B).
        let v = _mm256_sub_epi64(_mm256_sub_epi64(xi, ni), borrow);
        *t = _mm256_and_si256(v, mask);
        borrow = _mm256_srli_epi64::<63>(v);
    }
    _mm256_cmpeq_epi64(borrow, _mm256_setzero_si256())
}

/// `x = m ? y : x` per lane.
#[target_feature(enable = "avx2")]
#[inline]
fn select(x: &mut [__m256i], y: &[__m256i], m: __m256i) {
    for (xi, &yi) in x.iter_mut().zip(y) {
        *xi = _mm256_blendv_epi8(*xi, yi, m);
    }
}

/// `x = x - n` in the lanes where x >= n, by mask: x below 2n comes out below n.
/// `tmp` has d digits.
#[target_feature(enable = "avx2")]
pub(super) fn sub_if_ge<const B: i32>(x: &mut [__m256i], n: &[__m256i], tmp: &mut [__m256i]) {
    let ge = sub_n::<B>(tmp, x, n);
    select(x, tmp, ge);
}

/// `x = 2x mod n` for x below n (2x < 2n < 2^(Bd - 1): no digit beyond d). One pass doubles
/// and subtracts at once; the select keeps the difference where it did not borrow.
#[cfg(test)]
#[target_feature(enable = "avx2")]
pub(super) fn double_mod<const B: i32>(x: &mut [__m256i], n: &[__m256i], tmp: &mut [__m256i]) {
    let mask = _mm256_set1_epi64x(digit_mask(B) as i64);
    let (mut carry, mut borrow) = (_mm256_setzero_si256(), _mm256_setzero_si256());
    for ((xi, t), &ni) in x.iter_mut().zip(tmp.iter_mut()).zip(n) {
        // 2 x_i + carry < 2^(B + 2).
        let s = _mm256_add_epi64(_mm256_slli_epi64::<1>(*xi), carry);
        *xi = _mm256_and_si256(s, mask);
        carry = _mm256_srli_epi64::<B>(s);
        let v = _mm256_sub_epi64(_mm256_sub_epi64(*xi, ni), borrow);
        *t = _mm256_and_si256(v, mask);
        borrow = _mm256_srli_epi64::<63>(v);
    }
    let ge = _mm256_cmpeq_epi64(borrow, _mm256_setzero_si256());
    select(x, tmp, ge);
}

/// `x = x / 2 mod n` for x below 2n: add n where x is odd (x + n < 3n < 2^(Bd)), then shift
/// right one bit across the digits. The result is below 1.5n.
#[cfg(test)]
#[target_feature(enable = "avx2")]
pub(super) fn halve_mod<const B: i32>(x: &mut [__m256i], n: &[__m256i]) {
    let mask = _mm256_set1_epi64x(digit_mask(B) as i64);
    // The low bit of digit i moves to the top bit, B - 1, of digit i - 1 (a public count).
    let top = _mm_cvtsi32_si128(B - 1);
    let one = _mm256_set1_epi64x(1);
    let odd = _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_and_si256(x[0], one));
    let mut carry = _mm256_setzero_si256();
    let mut prev = _mm256_setzero_si256();
    for i in 0..x.len() {
        // x_i + n_i + carry < 2^(B + 1) + 2.
        let s = _mm256_add_epi64(_mm256_add_epi64(x[i], _mm256_and_si256(n[i], odd)), carry);
        carry = _mm256_srli_epi64::<B>(s);
        let u = _mm256_and_si256(s, mask);
        if i > 0 {
            let low = _mm256_sll_epi64(_mm256_and_si256(u, one), top);
            x[i - 1] = _mm256_or_si256(_mm256_srli_epi64::<1>(prev), low);
        }
        prev = u;
    }
    let last = x.len() - 1;
    x[last] = _mm256_or_si256(_mm256_srli_epi64::<1>(prev), _mm256_sll_epi64(carry, top));
}
