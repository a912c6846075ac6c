//! Montgomery reduction in blocks of eight rows held in registers, for N a multiple of 8
//! (the blocking of OpenSSL's `sqrx8x` reduction; seed 000 §2.1's REDC, reordered).
//!
//! REDC(T) = (T + m n) / R, where m < R makes T + m n = 0 mod R; T < n R, so the quotient is
//! below 2n and one masked subtraction (done here too) finishes.
//!
//! Block b handles rows 8b..8b+7: the eight words t[8b..8b+8] sit in registers r8..r15, and the
//! first chunk (n[0..8]) both computes q_r = t[8b+r] n' and adds q_r n[0..8], rotating the
//! window one register a row (the freed low register takes the row's top word). Each further
//! chunk n[8c..8c+8] first adds the memory words t[8b+8c..] (carry bit kept in a stack slot),
//! then applies the same eight q's, storing each finished low word. Every word product is one
//! `mulx` and two flag-chain adds on registers; memory is touched once a row, not once a word.
//!
//! The quotients come one row at a time. Taking them two at a time from n' = -n^-1 mod 2^128,
//! as the fused kernels of 2 to 8 limbs do (`fused`), halves the serial chain through a
//! block's first chunk but adds instructions, and the rows here are bound by issue, not by
//! that chain: on a Zen 3 (2026-11-29, `montvec bench --ops exp,sqr,mul --sizes 1024,2048`,
//! two runs of each build alternating) the 16-limb square went 238.5-239.1 -> 246.0-246.8 ns,
//! the product 278.4-280.2 -> 286.0-286.3 ns, the 1024-bit `pow` 304.9-305.3 -> 307.8-308.3
//! us; 2048 bits did not move.
//!
//! Leaks: N only (loop counts); no data-dependent branch or address.

use core::arch::global_asm;

use super::block_rows::{block_row_macros, block_row_macros_end};
use crate::backend::AdxToken;
use crate::limb::Limb;

// The rows: `montvec_adx_row`, `montvec_adx_rotated_rows` and `montvec_adx_chunk_carry_in` of
// [`super::block_rows`], and `montvec_adx_rowq` here, which also computes the row's q. Stack
// slots (after the prologue): q[0..8] at 0..64, n' at 64, a zero word at 72, the chunk carry
// bit at 80, the base of n at 88, blocks left at 96, chunks at 104, the block carry bit at 112,
// `out` at 120, the address of t[N] at 128. Register roles: rdx multiplier, rax/rbx product
// low/high, rsi n chunk, rcx t chunk, rdi t block, rbp chunk counter, r8..r15 the window.
global_asm!(
    block_row_macros!(),
    r#"
    .macro montvec_adx_rowq r, w0, w1, w2, w3, w4, w5, w6, w7
        // q = t[8b+r] n' mod 2^64, kept for the later chunks.
        movq \w0, %rdx
        imulq 64(%rsp), %rdx
        movq %rdx, \r*8(%rsp)
        montvec_adx_row_body \w0, \w1, \w2, \w3, \w4, \w5, \w6, \w7
        // w0 + lo(q n[0]) = 0 mod 2^64: the register is free and takes the top word.
        movq %rbx, \w0
        adoxq 72(%rsp), \w0
        adcxq 72(%rsp), \w0
    .endm

    .text
    .p2align 5
    .globl montvec_adx_redc_blocks
    .hidden montvec_adx_redc_blocks
    .type montvec_adx_redc_blocks, @function
// (rdi = t, rsi = n, rdx = n', rcx = N / 8, r8 = out), System V ABI.
montvec_adx_redc_blocks:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $136, %rsp
    movq %rdx, 64(%rsp)
    movq $0, 72(%rsp)
    movq %rsi, 88(%rsp)
    movq %rcx, 96(%rsp)
    movq %rcx, 104(%rsp)
    movq $0, 112(%rsp)
    movq %r8, 120(%rsp)
3:
    movq 88(%rsp), %rsi
    movq $0, 80(%rsp)
    montvec_adx_load_window %rdi
    montvec_adx_rotated_rows montvec_adx_rowq
    // After eight rows register r8+j holds position 8+j of the block again.
    leaq 64(%rdi), %rcx
    movq 104(%rsp), %rbp
    decq %rbp
    jz 5f
4:
    addq $64, %rsi
    // window += t[chunk] + carry; the carry out belongs to the next chunk's first word.
    montvec_adx_chunk_carry_in
    montvec_adx_rotated_rows montvec_adx_row
    addq $64, %rcx
    decq %rbp
    jnz 4b
5:
    // Positions N..N+7 of the block: t there still holds the product's words (no block has
    // stored that far yet). Add them, the chunk carry, and the previous block's carry. All the
    // sum below position 8b+8+N is under 2^(64(8b+8+N)) + T (< 2 * 2^(64(8b+8+N)) there), so
    // the two carries out of these eight words total at most 1. The chunk carry-in leaves
    // its carry out in rax.
    montvec_adx_chunk_carry_in
    movq 112(%rsp), %rbx
    addq %rbx, %r8
    adcq $0, %r9
    adcq $0, %r10
    adcq $0, %r11
    adcq $0, %r12
    adcq $0, %r13
    adcq $0, %r14
    adcq $0, %r15
    adcq $0, %rax
    movq %rax, 112(%rsp)
    montvec_adx_store_window %rcx
    addq $64, %rdi
    decq 96(%rsp)
    jnz 3b
    // (bit : t[N..2N]) = (T + m n) / R < 2n. out = that - n, the borrow chain running through
    // the chunks (lea, mov and dec leave CF alone).
    movq %rdi, 128(%rsp)
    movq 88(%rsp), %rsi
    movq 120(%rsp), %rdx
    movq 104(%rsp), %rbp
    clc
6:
    movq 0(%rdi), %r8
    sbbq 0(%rsi), %r8
    movq %r8, 0(%rdx)
    movq 8(%rdi), %r9
    sbbq 8(%rsi), %r9
    movq %r9, 8(%rdx)
    movq 16(%rdi), %r10
    sbbq 16(%rsi), %r10
    movq %r10, 16(%rdx)
    movq 24(%rdi), %r11
    sbbq 24(%rsi), %r11
    movq %r11, 24(%rdx)
    movq 32(%rdi), %r12
    sbbq 32(%rsi), %r12
    movq %r12, 32(%rdx)
    movq 40(%rdi), %r13
    sbbq 40(%rsi), %r13
    movq %r13, 40(%rdx)
    movq 48(%rdi), %r14
    sbbq 48(%rsi), %r14
    movq %r14, 48(%rdx)
    movq 56(%rdi), %r15
    sbbq 56(%rsi), %r15
    movq %r15, 56(%rdx)
    leaq 64(%rdi), %rdi
    leaq 64(%rsi), %rsi
    leaq 64(%rdx), %rdx
    decq %rbp
    jnz 6b
    // CF = borrow past the top bit: the quotient was below n, keep it instead. cmov with a
    // memory source always loads, so the memory trace does not depend on CF.
    movq 112(%rsp), %rax
    sbbq $0, %rax
    movq 128(%rsp), %rdi
    movq 120(%rsp), %rdx
    movq 104(%rsp), %rbp
7:
    movq 0(%rdx), %r8
    cmovcq 0(%rdi), %r8
    movq %r8, 0(%rdx)
    movq 8(%rdx), %r9
    cmovcq 8(%rdi), %r9
    movq %r9, 8(%rdx)
    movq 16(%rdx), %r10
    cmovcq 16(%rdi), %r10
    movq %r10, 16(%rdx)
    movq 24(%rdx), %r11
    cmovcq 24(%rdi), %r11
    movq %r11, 24(%rdx)
    movq 32(%rdx), %r12
    cmovcq 32(%rdi), %r12
    movq %r12, 32(%rdx)
    movq 40(%rdx), %r13
    cmovcq 40(%rdi), %r13
    movq %r13, 40(%rdx)
    movq 48(%rdx), %r14
    cmovcq 48(%rdi), %r14
    movq %r14, 48(%rdx)
    movq 56(%rdx), %r15
    cmovcq 56(%rdi), %r15
    movq %r15, 56(%rdx)
    leaq 64(%rdi), %rdi
    leaq 64(%rdx), %rdx
    decq %rbp
    jnz 7b
    addq $136, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_redc_blocks, .-montvec_adx_redc_blocks
    .purgem montvec_adx_rowq
    "#,
    block_row_macros_end!(),
    options(att_syntax)
);

extern "sysv64" {
    /// out = (t + m n) / R mod n for t = t[0..2N] < n R, N = 8 * blocks; t is destroyed.
    fn montvec_adx_redc_blocks(
        t: *mut Limb,
        n: *const Limb,
        n0: Limb,
        blocks: usize,
        out: *mut Limb,
    );
}

/// `out = t * R^-1 mod n`, fully reduced, for `t = t[0..2N] < n R` and N = n.len() a multiple
/// of 8. `t` has at least 2N limbs and is destroyed.
///
/// Leaks: N only.
pub fn redc_blocked(token: AdxToken, out: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    let _ = token;
    let k = n.len();
    assert!(k >= 8 && k & 7 == 0 && out.len() == k && t.len() >= 2 * k);
    // SAFETY: the token proves BMI2 and ADX. The function reads and writes t[0..2k] (t has at
    // least 2k limbs), reads n[0..k] and writes out[0..k] (k = 8 * (k >> 3); `out` is a
    // distinct &mut, so it aliases neither t nor n); it saves and restores every callee-saved
    // register it uses (System V ABI), uses only its own stack frame, and returns with rsp
    // restored. The direction flag is never set.
    unsafe { montvec_adx_redc_blocks(t.as_mut_ptr(), n.as_ptr(), n0, k >> 3, out.as_mut_ptr()) };
}
