//! The full square t = a^2 with the off-diagonal triangle in blocks of eight rows held in
//! registers, for N a multiple of 8: the triangle rows of [`super::product`] (seed 000 §2.3)
//! reordered as [`super::redc_blocked`] reorders REDC, the blocking of OpenSSL's `sqrx8x`.
//!
//! Block b takes the rows of the eight multipliers a[8b..8b+8]. Its window, the eight words of
//! t from position 16b on, sits in registers r8..r15. First the diagonal chunk: row r
//! multiplies a[8b+r] by a[8b+r+1..8b+8] only, the triangle's corner. Then each full chunk of
//! eight multiplicands a[8c..8c+8], c > b, first adds the words t already holds there (from
//! earlier blocks) and applies the eight rows, each storing its finished low word and rotating
//! the window one register. After the last chunk the window is the block's top eight words,
//! stored fresh. Every word product is one `mulx` and two flag-chain adds on registers; t is
//! touched once a row, not once a word. Last, one pass doubles the triangle and adds the
//! squares `a[i]^2`.
//!
//! Against the `.rept`-unrolled rows of [`super::product`], whose code for 32 limbs and more
//! outgrows the CPU's decoded-instruction cache, the blocked loop takes 274 instead of 351 ns
//! at 32 limbs, 588 instead of 874 at 48 and 1020 instead of 1546 at 64 (AMD EPYC without
//! AVX-512, one core, the square alone). At 16 and 24 limbs the unrolled rows are as fast or
//! 2% faster alone, but not inside an exponentiation, where their code shares that cache with
//! the reduction's (see [`super::mont_sqr`]). Blocking the rectangular product the same way
//! was 1-3% slower than its rows (at 8 to 64 limbs), so only the square is blocked.
//!
//! Leaks: N only (loop counts); no data-dependent branch or address.

use core::arch::global_asm;

use super::block_rows::{block_row_macros, block_row_macros_end};
use crate::backend::AdxToken;
use crate::limb::Limb;

// Stack slots (after the prologue): a[8b..8b+8] at 0..64, a zero word at 72, the chunk carry
// bit at 80, a at 88, blocks left at 96, N / 8 at 104, the next block's a[8b..] at 112, t at
// 120, the next block's t[16b..] at 128. Register roles as in `block_rows`: rdx multiplier,
// rax/rbx product, rsi multiplicand chunk, rcx t chunk, rbp chunk counter, r8..r15 the window.
global_asm!(
    block_row_macros!(),
    r#"
    // Row r of a diagonal chunk: window words r+1..8 += a[8b+r] a[8b+r+1..8b+8] (rsi = a + 8b).
    // Word 0 gets nothing: it is final, stored first, and its register then takes the top
    // word. The sum is below 2^512 + (2^64 - 1)(2^(64(7-r)) - 1) 2^(64(r+1)) < 2^576: the top
    // word rbx + OF + CF does not overflow.
    .macro montvec_adx_diagonal_row r, w0, w1, w2, w3, w4, w5, w6, w7
        movq \w0, \r*8(%rcx)
    .if \r == 7
        movq $0, \w0
    .else
        movq \r*8(%rsp), %rdx
        xorl %eax, %eax
    .if \r < 1
        mulxq 8(%rsi), %rax, %rbx
        adcxq %rax, \w1
        adoxq %rbx, \w2
    .endif
    .if \r < 2
        mulxq 16(%rsi), %rax, %rbx
        adcxq %rax, \w2
        adoxq %rbx, \w3
    .endif
    .if \r < 3
        mulxq 24(%rsi), %rax, %rbx
        adcxq %rax, \w3
        adoxq %rbx, \w4
    .endif
    .if \r < 4
        mulxq 32(%rsi), %rax, %rbx
        adcxq %rax, \w4
        adoxq %rbx, \w5
    .endif
    .if \r < 5
        mulxq 40(%rsi), %rax, %rbx
        adcxq %rax, \w5
        adoxq %rbx, \w6
    .endif
    .if \r < 6
        mulxq 48(%rsi), %rax, %rbx
        adcxq %rax, \w6
        adoxq %rbx, \w7
    .endif
        mulxq 56(%rsi), %rax, %rbx
        adcxq %rax, \w7
        movq %rbx, \w0
        adoxq 72(%rsp), \w0
        adcxq 72(%rsp), \w0
    .endif
    .endm

    // One pair of t = 2t + a[i]^2 2^(128 i): the doubling carries in CF (adcx x, x = 2x + CF),
    // the squares in OF. rsi = a, rdi = t.
    .macro montvec_adx_double_add i, x, y
        movq \i*8(%rsi), %rdx
        mulxq %rdx, %rax, %rbx
        movq 2*\i*8(%rdi), \x
        movq 2*\i*8+8(%rdi), \y
        adcxq \x, \x
        adoxq %rax, \x
        adcxq \y, \y
        adoxq %rbx, \y
        movq \x, 2*\i*8(%rdi)
        movq \y, 2*\i*8+8(%rdi)
    .endm

    .text
    .p2align 5
    .globl montvec_adx_sqr_blocks
    .hidden montvec_adx_sqr_blocks
    .type montvec_adx_sqr_blocks, @function
// t[0..2N] = a^2. (rdi = t, rsi = a, rdx = N / 8), System V ABI.
montvec_adx_sqr_blocks:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $136, %rsp
    movq $0, 72(%rsp)
    movq %rsi, 88(%rsp)
    movq %rdx, 96(%rsp)
    movq %rdx, 104(%rsp)
    movq %rsi, 112(%rsp)
    movq %rdi, 120(%rsp)
    movq %rdi, 128(%rsp)
    // t[0..N] = 0: the blocks add what t holds there, and nothing has been stored yet.
    movq %rdi, %rax
    xorl %ebx, %ebx
1:
    movq %rbx, 0(%rax)
    movq %rbx, 8(%rax)
    movq %rbx, 16(%rax)
    movq %rbx, 24(%rax)
    movq %rbx, 32(%rax)
    movq %rbx, 40(%rax)
    movq %rbx, 48(%rax)
    movq %rbx, 56(%rax)
    addq $64, %rax
    decq %rdx
    jnz 1b
2:
    // Block b: the multipliers a[8b..8b+8] onto the stack, rsi = a + 8b for the diagonal
    // chunk, the window from t[16b..16b+8].
    movq 112(%rsp), %rsi
    movq 0(%rsi), %rax
    movq %rax, 0(%rsp)
    movq 8(%rsi), %rax
    movq %rax, 8(%rsp)
    movq 16(%rsi), %rax
    movq %rax, 16(%rsp)
    movq 24(%rsi), %rax
    movq %rax, 24(%rsp)
    movq 32(%rsi), %rax
    movq %rax, 32(%rsp)
    movq 40(%rsi), %rax
    movq %rax, 40(%rsp)
    movq 48(%rsi), %rax
    movq %rax, 48(%rsp)
    movq 56(%rsi), %rax
    movq %rax, 56(%rsp)
    addq $64, 112(%rsp)
    movq $0, 80(%rsp)
    movq 128(%rsp), %rcx
    addq $128, 128(%rsp)
    montvec_adx_load_window %rcx
    montvec_adx_rotated_rows montvec_adx_diagonal_row
    // The full chunks c = b+1 .. N/8-1, as many as the blocks after this one.
    movq 96(%rsp), %rbp
    decq %rbp
    jz 5f
4:
    addq $64, %rsi
    addq $64, %rcx
    montvec_adx_chunk_carry_in
    montvec_adx_rotated_rows montvec_adx_row
    decq %rbp
    jnz 4b
5:
    // The block's top eight words, window + chunk carry, stored where no block has stored
    // yet. The rows so far, a[0..8b+8] times a (at most), are below 2^(64(8b+8+N)), so no
    // carry leaves the top word.
    movq 80(%rsp), %rax
    addq %rax, %r8
    adcq $0, %r9
    adcq $0, %r10
    adcq $0, %r11
    adcq $0, %r12
    adcq $0, %r13
    adcq $0, %r14
    adcq $0, %r15
    montvec_adx_store_window %rcx, 64
    decq 96(%rsp)
    jnz 2b
    // t = 2 t + sum a[i]^2 2^(128 i), eight limbs of a a pass. The triangle is
    // (a^2 - sum a[i]^2) / 2, so the total is a^2 < 2^(128 N) and both chains end at zero.
    // lea and jrcxz leave the flags alone, so the chains run through the loop.
    movq 88(%rsp), %rsi
    movq 120(%rsp), %rdi
    movq 104(%rsp), %rcx
    xorl %eax, %eax
6:
    montvec_adx_double_add 0, %r8, %r9
    montvec_adx_double_add 1, %r10, %r11
    montvec_adx_double_add 2, %r12, %r13
    montvec_adx_double_add 3, %r14, %r15
    montvec_adx_double_add 4, %r8, %r9
    montvec_adx_double_add 5, %r10, %r11
    montvec_adx_double_add 6, %r12, %r13
    montvec_adx_double_add 7, %r14, %r15
    leaq 64(%rsi), %rsi
    leaq 128(%rdi), %rdi
    leaq -1(%rcx), %rcx
    jrcxz 7f
    jmp 6b
7:
    addq $136, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_sqr_blocks, .-montvec_adx_sqr_blocks
    .purgem montvec_adx_diagonal_row
    .purgem montvec_adx_double_add
    "#,
    block_row_macros_end!(),
    options(att_syntax)
);

extern "sysv64" {
    /// t[0..2N] = a^2 for N = 8 * blocks.
    fn montvec_adx_sqr_blocks(t: *mut Limb, a: *const Limb, blocks: usize);
}

/// `t[0..2N] = a^2` for N = `a.len()`, a multiple of 8. `t` has at least 2N limbs.
///
/// Leaks: N only.
pub fn sqr_product_blocked(token: AdxToken, t: &mut [Limb], a: &[Limb]) {
    let _ = token;
    let k = a.len();
    assert!(k >= 8 && k & 7 == 0 && t.len() >= 2 * k);
    // SAFETY: the token proves BMI2 and ADX. The function writes t[0..2k] (t has at least 2k
    // limbs, and as a distinct &mut it does not alias a) and reads a[0..k] (k = 8 * (k >> 3));
    // it saves and restores every callee-saved register it uses (System V ABI), uses only its
    // own stack frame, and returns with rsp restored. The direction flag is never set.
    unsafe { montvec_adx_sqr_blocks(t.as_mut_ptr(), a.as_ptr(), k >> 3) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mul::oracle::{big, to_limbs};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Operands of k limbs: zero, all ones, one, the top bit alone, random, random with
    /// all-ones runs (long carry chains).
    fn operands(rng: &mut ChaCha8Rng, k: usize) -> Vec<Vec<Limb>> {
        let mut top = vec![0; k];
        top[k - 1] = 1 << 63;
        let mut one = vec![0; k];
        one[0] = 1;
        let mut v = vec![vec![0; k], vec![u64::MAX; k], one, top];
        for _ in 0..6 {
            v.push((0..k).map(|_| rng.gen()).collect());
        }
        v.push(
            (0..k)
                .map(|i| if i % 3 == 0 { rng.gen() } else { u64::MAX })
                .collect(),
        );
        v
    }

    #[test]
    fn blocked_squares_match_oracle() {
        let Some(token) = AdxToken::detect() else {
            eprintln!("no ADX on this CPU: skipped");
            return;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        for k in [8, 16, 24, 32, 40, 48, 64, 72, 128] {
            let ops = operands(&mut rng, k);
            // Garbage in t, and past 2k, which must stay untouched.
            let mut t = vec![0x5a5a_5a5a_5a5a_5a5a; 2 * k + 3];
            for a in &ops {
                sqr_product_blocked(token, &mut t, a);
                assert_eq!(t[..2 * k], to_limbs(&(big(a) * big(a)), 2 * k), "sqr k={k}");
                assert!(t[2 * k..].iter().all(|&w| w == 0x5a5a_5a5a_5a5a_5a5a));
            }
        }
    }
}
