//! The assembler macros shared by the kernels that work in blocks of eight rows held in
//! registers ([`super::redc_blocked`], [`super::sqr_blocked`]): one row of eight word
//! products into a rotating window of eight registers, the eight rotations of a chunk, the
//! window's load and store, and the carry-in of a chunk of t.
//!
//! A kernel's `global_asm!` starts with [`block_row_macros!`] and ends with
//! [`block_row_macros_end!`], which removes the definitions again, so that two kernels in one
//! assembler module do not define them twice.
//!
//! Conventions (every kernel using them): rdx is the multiplier, rax/rbx the low and high word
//! of a product, rsi the chunk of eight multiplicands, rcx the chunk of t the row stores into,
//! r8..r15 the window; the row multipliers sit at 0..64(%rsp), a zero word at 72(%rsp), the
//! chunk's carry bit at 80(%rsp).
//!
//! A row ends by moving the last product's high word into the freed register. Writing it there
//! directly instead (the low word stored right after the row's first product) saved nothing:
//! on a Zen 3 (2026-11-29, a standalone loop, medians of 201) the 16-limb triangle and REDC
//! took 81.3 and 143.7 ns against 80.5 and 142.4; at 32 limbs the two took 804 ns against 788.

/// The macro definitions, as an assembler template string for `global_asm!`.
macro_rules! block_row_macros {
    () => {
        r#"
    // window += rdx * rsi[0..8], low words by adcx (CF), high words by adox (OF). The window
    // is below 2^512 and rdx * rsi[0..8] <= (2^64-1)(2^512-1), so the 9-word sum fits: the
    // top word rbx + OF + CF (taken by the callers) cannot overflow.
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

    // Row r of a chunk: window += m_r * rsi[0..8] for the multiplier m_r at r*8(%rsp); the low
    // word w0 is final for this block: stored at r*8(%rcx), its register takes the top word.
    .macro montvec_adx_row r, w0, w1, w2, w3, w4, w5, w6, w7
        movq \r*8(%rsp), %rdx
        montvec_adx_row_body \w0, \w1, \w2, \w3, \w4, \w5, \w6, \w7
        movq \w0, \r*8(%rcx)
        movq %rbx, \w0
        adoxq 72(%rsp), \w0
        adcxq 72(%rsp), \w0
    .endm

    // The eight rows of a chunk by the row macro `row` (montvec_adx_row here, the REDC's and
    // the square's own rows in their kernels), the window rotating one register a row;
    // afterwards register r8+j holds the window's word j again.
    .macro montvec_adx_rotated_rows row
        \row 0, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15
        \row 1, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r8
        \row 2, %r10, %r11, %r12, %r13, %r14, %r15, %r8, %r9
        \row 3, %r11, %r12, %r13, %r14, %r15, %r8, %r9, %r10
        \row 4, %r12, %r13, %r14, %r15, %r8, %r9, %r10, %r11
        \row 5, %r13, %r14, %r15, %r8, %r9, %r10, %r11, %r12
        \row 6, %r14, %r15, %r8, %r9, %r10, %r11, %r12, %r13
        \row 7, %r15, %r8, %r9, %r10, %r11, %r12, %r13, %r14
    .endm

    // window = the eight words at off(base).
    .macro montvec_adx_load_window base, off=0
        movq \off+0(\base), %r8
        movq \off+8(\base), %r9
        movq \off+16(\base), %r10
        movq \off+24(\base), %r11
        movq \off+32(\base), %r12
        movq \off+40(\base), %r13
        movq \off+48(\base), %r14
        movq \off+56(\base), %r15
    .endm

    // The eight words at off(base) = window.
    .macro montvec_adx_store_window base, off=0
        movq %r8, \off+0(\base)
        movq %r9, \off+8(\base)
        movq %r10, \off+16(\base)
        movq %r11, \off+24(\base)
        movq %r12, \off+32(\base)
        movq %r13, \off+40(\base)
        movq %r14, \off+48(\base)
        movq %r15, \off+56(\base)
    .endm

    // window += rcx[0..8] + the chunk carry bit; the carry out is the next chunk's, left in
    // rax and at 80(%rsp).
    .macro montvec_adx_chunk_carry_in
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
    .endm
"#
    };
}
pub(super) use block_row_macros;

/// The end of a template started with [`block_row_macros!`]: the definitions removed.
macro_rules! block_row_macros_end {
    () => {
        r#"
    .purgem montvec_adx_row_body
    .purgem montvec_adx_row
    .purgem montvec_adx_rotated_rows
    .purgem montvec_adx_load_window
    .purgem montvec_adx_store_window
    .purgem montvec_adx_chunk_carry_in
"#
    };
}
pub(super) use block_row_macros_end;
