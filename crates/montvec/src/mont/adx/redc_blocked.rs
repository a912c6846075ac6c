//! Montgomery reduction in blocks of eight rows held in registers, for N a multiple of 8
//! (the blocking of OpenSSL's `sqrx8x` reduction; seed 000 §2.1's REDC, reordered).
//!
//! REDC(T) = (T_lo + m n) / R + T_hi, where m < R makes T_lo + m n = 0 mod R. We compute
//! U = (T_lo + m n) / R over a buffer that holds only T_lo, then add T_hi at the end:
//! U <= n and T_hi < n, so U + T_hi < 2n and one masked subtraction finishes.
//!
//! Block b handles rows 8b..8b+7: the eight words t[8b..8b+8] sit in registers r8..r15, and the
//! first chunk (n[0..8]) both computes q_r = t[8b+r] n' and adds q_r n[0..8], rotating the
//! window one register a row (the freed low register takes the row's top word). Each further
//! chunk n[8c..8c+8] first adds the memory words t[8b+8c..] (carry bit kept in a stack slot),
//! then applies the same eight q's, storing each finished low word. Every word product is one
//! `mulx` and two flag-chain adds on registers; memory is touched once a row, not once a word.
//!
//! Leaks: N only (loop counts); no data-dependent branch or address.

use core::arch::global_asm;

use crate::backend::AdxToken;
use crate::ct;
use crate::limb::{adc, sbb, Limb};

// The row macros. Stack slots (after the prologue): q[0..8] at 0..64, n' at 64, a zero word
// at 72, the chunk carry bit at 80, the base of n at 88, blocks left at 96, chunks at 104.
// Register roles: rdx multiplier, rax/rbx product low/high, rsi n chunk, rcx t chunk, rdi t
// block, rbp chunk counter, r8..r15 the window.
global_asm!(
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

    .macro montvec_adx_row r, w0, w1, w2, w3, w4, w5, w6, w7
        movq \r*8(%rsp), %rdx
        montvec_adx_row_body \w0, \w1, \w2, \w3, \w4, \w5, \w6, \w7
        // w0 is final for this block: store it, then it takes the top word.
        movq \w0, \r*8(%rcx)
        movq %rbx, \w0
        adoxq 72(%rsp), \w0
        adcxq 72(%rsp), \w0
    .endm

    // window += q * n[chunk], low words by adcx (CF), high words by adox (OF). The window is
    // below 2^512 and q n[chunk] <= (2^64-1)(2^512-1), so the 9-word sum fits: the top word
    // rbx + OF + CF (taken by the callers) cannot overflow.
    .macro montvec_adx_row_body w0, w1, w2, w3, w4, w5, w6, w7
        xorl %eax, %eax
        mulxq 0(%rsi), %rax, %rbx
        adcxq %rax, \w0
        adoxq %rbx, \w1
        mulxq 8(%rsi), %rax, %rbx
        adcxq %rax, \w1
        adoxq %rbx, \w2
        mulxq 16(%rsi), %rax, %rbx
        adcxq %rax, \w2
        adoxq %rbx, \w3
        mulxq 24(%rsi), %rax, %rbx
        adcxq %rax, \w3
        adoxq %rbx, \w4
        mulxq 32(%rsi), %rax, %rbx
        adcxq %rax, \w4
        adoxq %rbx, \w5
        mulxq 40(%rsi), %rax, %rbx
        adcxq %rax, \w5
        adoxq %rbx, \w6
        mulxq 48(%rsi), %rax, %rbx
        adcxq %rax, \w6
        adoxq %rbx, \w7
        mulxq 56(%rsi), %rax, %rbx
        adcxq %rax, \w7
    .endm

    .text
    .p2align 5
    .globl montvec_adx_redc_blocks
    .hidden montvec_adx_redc_blocks
    .type montvec_adx_redc_blocks, @function
// (rdi = t, rsi = n, rdx = n', rcx = N / 8), System V ABI.
montvec_adx_redc_blocks:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $120, %rsp
    movq %rdx, 64(%rsp)
    movq $0, 72(%rsp)
    movq %rsi, 88(%rsp)
    movq %rcx, 96(%rsp)
    movq %rcx, 104(%rsp)
3:
    movq 88(%rsp), %rsi
    movq $0, 80(%rsp)
    movq 0(%rdi), %r8
    movq 8(%rdi), %r9
    movq 16(%rdi), %r10
    movq 24(%rdi), %r11
    movq 32(%rdi), %r12
    movq 40(%rdi), %r13
    movq 48(%rdi), %r14
    movq 56(%rdi), %r15
    montvec_adx_rowq 0, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15
    montvec_adx_rowq 1, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r8
    montvec_adx_rowq 2, %r10, %r11, %r12, %r13, %r14, %r15, %r8, %r9
    montvec_adx_rowq 3, %r11, %r12, %r13, %r14, %r15, %r8, %r9, %r10
    montvec_adx_rowq 4, %r12, %r13, %r14, %r15, %r8, %r9, %r10, %r11
    montvec_adx_rowq 5, %r13, %r14, %r15, %r8, %r9, %r10, %r11, %r12
    montvec_adx_rowq 6, %r14, %r15, %r8, %r9, %r10, %r11, %r12, %r13
    montvec_adx_rowq 7, %r15, %r8, %r9, %r10, %r11, %r12, %r13, %r14
    // After eight rows register r8+j holds position 8+j of the block again.
    leaq 64(%rdi), %rcx
    movq 104(%rsp), %rbp
    decq %rbp
    jz 5f
4:
    addq $64, %rsi
    // window += t[chunk] + carry; the carry out belongs to the next chunk's first word.
    movq 80(%rsp), %rax
    negq %rax
    adcq 0(%rcx), %r8
    adcq 8(%rcx), %r9
    adcq 16(%rcx), %r10
    adcq 24(%rcx), %r11
    adcq 32(%rcx), %r12
    adcq 40(%rcx), %r13
    adcq 48(%rcx), %r14
    adcq 56(%rcx), %r15
    sbbq %rax, %rax
    negq %rax
    movq %rax, 80(%rsp)
    montvec_adx_row 0, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15
    montvec_adx_row 1, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r8
    montvec_adx_row 2, %r10, %r11, %r12, %r13, %r14, %r15, %r8, %r9
    montvec_adx_row 3, %r11, %r12, %r13, %r14, %r15, %r8, %r9, %r10
    montvec_adx_row 4, %r12, %r13, %r14, %r15, %r8, %r9, %r10, %r11
    montvec_adx_row 5, %r13, %r14, %r15, %r8, %r9, %r10, %r11, %r12
    montvec_adx_row 6, %r14, %r15, %r8, %r9, %r10, %r11, %r12, %r13
    montvec_adx_row 7, %r15, %r8, %r9, %r10, %r11, %r12, %r13, %r14
    addq $64, %rcx
    decq %rbp
    jnz 4b
5:
    // Positions N..N+7 of the block: nothing stored there yet; add the last carry. The
    // running sum is below 2^(64(8b+8+N)), so this add carries nothing out.
    movq 80(%rsp), %rax
    addq %rax, %r8
    adcq $0, %r9
    adcq $0, %r10
    adcq $0, %r11
    adcq $0, %r12
    adcq $0, %r13
    adcq $0, %r14
    adcq $0, %r15
    movq %r8, 0(%rcx)
    movq %r9, 8(%rcx)
    movq %r10, 16(%rcx)
    movq %r11, 24(%rcx)
    movq %r12, 32(%rcx)
    movq %r13, 40(%rcx)
    movq %r14, 48(%rcx)
    movq %r15, 56(%rcx)
    addq $64, %rdi
    decq 96(%rsp)
    jnz 3b
    addq $120, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_redc_blocks, .-montvec_adx_redc_blocks
    "#,
    options(att_syntax)
);

extern "sysv64" {
    /// t[N..2N] = (t[0..N] + m n) / R for N = 8 * blocks (the words t[N..2N] are overwritten,
    /// never read; t[0..N] is destroyed).
    fn montvec_adx_redc_blocks(t: *mut Limb, n: *const Limb, n0: Limb, blocks: usize);
}

/// `out = t * R^-1 mod n`, fully reduced, for `t = t[0..2N] < n R` and N = n.len() a multiple
/// of 8. `t` has at least 3N limbs and is destroyed.
///
/// Leaks: N only.
pub fn redc_blocked(token: AdxToken, out: &mut [Limb], t: &mut [Limb], n: &[Limb], n0: Limb) {
    let _ = token;
    let k = n.len();
    assert!(k >= 8 && k & 7 == 0 && out.len() == k && t.len() >= 3 * k);
    let (lo_hi, rest) = t.split_at_mut(2 * k);
    let t_hi = &mut rest[..k];
    t_hi.copy_from_slice(&lo_hi[k..]);
    // SAFETY: the token proves BMI2 and ADX. The function reads and writes lo_hi[0..2k] (its
    // length is 2k) and reads n[0..k], k = 8 * (k / 8); it saves and restores every callee-saved
    // register it uses (System V ABI), uses only stack below its own frame, and returns with
    // rsp restored.
    unsafe { montvec_adx_redc_blocks(lo_hi.as_mut_ptr(), n.as_ptr(), n0, k >> 3) };
    // out = U + T_hi < 2n, possibly 2^(64k) or more: the carry joins the final subtraction.
    let mut carry = 0;
    for j in 0..k {
        (out[j], carry) = adc(lo_hi[k + j], t_hi[j], carry);
    }
    let scratch = &mut lo_hi[..k];
    let mut borrow = 0;
    for j in 0..k {
        (scratch[j], borrow) = sbb(out[j], n[j], borrow);
    }
    let (_, borrow) = sbb(carry, 0, borrow);
    ct::conditional_assign(out, scratch, !ct::choice_from_bit(borrow));
}
