//! Full double-width products with `mulx`/`adcx`/`adox`, the first half of Montgomery
//! multiplication by product then reduction (seed 000 §2.1, "separated operand scanning").
//!
//! Every row `t[i..i+N] += a * w` runs two carry chains at once: `adox` adds the low words of
//! `a[j] * w` into `t[i+j]` (carry in OF), `adcx` adds the high word of `a[j-1] * w` (carry in
//! CF). The limb loop is unrolled by the assembler (`.rept N`), so no counter touches the flags.
//! Only the row loop of [`mul_product`] is a real loop; [`sqr_product`] is unrolled entirely.
//!
//! Leaks: N only. Every instruction sequence and address depends on N alone.

use core::arch::asm;

use crate::backend::AdxToken;
use crate::limb::Limb;

/// `t[0..2N] = a * b`.
///
/// Leaks: N only.
#[inline(never)]
pub fn mul_product<const N: usize>(_token: AdxToken, t: &mut [Limb], a: &[Limb; N], b: &[Limb; N]) {
    assert!(t.len() >= 2 * N && N >= 2 && N & 1 == 0);
    // SAFETY: the token proves BMI2 and ADX. The asm writes t[0..2N] (t has at least 2N limbs,
    // checked above) and reads a[0..N], b[0..N]; every register it changes is an output; the
    // flags are clobbered (no `preserves_flags`); it does not touch the stack.
    unsafe {
        asm!(
            // t[0..N] = 0; row i then writes its top word t[i+N] fresh.
            ".set mvj, 0",
            ".rept {n}",
            "movq {z}, mvj*8({t})",
            ".set mvj, mvj+1",
            ".endr",
            "movq ${n}, {cnt}",
            "2:",
            "movq ({b}), %rdx",
            // Clears CF and OF; h0 = 0 is the high word carried into limb 0.
            "xorl {h0:e}, {h0:e}",
            // Pairs of limbs, the carried high word alternating between h0 and h1 (no moves).
            ".set mvj, 0",
            ".rept {n}/2",
            // (h1 : lo) = a[j] * b[i] <= (2^64-1)^2.
            "mulxq mvj*8({a}), {lo}, {h1}",
            // t[i+j] + lo + OF + h0(prev) + CF: two 65-bit chains, each carry one bit.
            "adoxq mvj*8({t}), {lo}",
            "adcxq {h0}, {lo}",
            "movq {lo}, mvj*8({t})",
            "mulxq mvj*8+8({a}), {lo}, {h0}",
            "adoxq mvj*8+8({t}), {lo}",
            "adcxq {h1}, {lo}",
            "movq {lo}, mvj*8+8({t})",
            ".set mvj, mvj+2",
            ".endr",
            // t[i..i+N] + a*b[i] < 2^(64(N+1)), so the top word h0 + OF + CF does not overflow.
            "adoxq {z}, {h0}",
            "adcxq {z}, {h0}",
            "movq {h0}, {n}*8({t})",
            "leaq 8({t}), {t}",
            "leaq 8({b}), {b}",
            "decq {cnt}",
            "jnz 2b",
            n = const N,
            t = inout(reg) t.as_mut_ptr() => _,
            a = in(reg) a.as_ptr(),
            b = inout(reg) b.as_ptr() => _,
            z = in(reg) 0u64,
            cnt = out(reg) _,
            lo = out(reg) _,
            h0 = out(reg) _,
            h1 = out(reg) _,
            out("rdx") _,
            options(att_syntax, nostack),
        );
    }
}

/// `t[0..2N] = a^2`: the off-diagonal triangle `sum_{i<j} a[i] a[j]`, doubled, plus the
/// diagonal squares (seed 000 §2.3: N(N-1)/2 + N word products instead of N^2).
///
/// Leaks: N only.
#[inline(never)]
pub fn sqr_product<const N: usize>(_token: AdxToken, t: &mut [Limb], a: &[Limb; N]) {
    assert!(t.len() >= 2 * N && N >= 2);
    // SAFETY: as in `mul_product`: the token proves BMI2 and ADX; the asm writes t[0..2N]
    // (length checked) and reads a[0..N]; changed registers are outputs; flags clobbered.
    unsafe {
        asm!(
            ".set mvj, 0",
            ".rept {n}",
            "movq {z}, mvj*8({t})",
            ".set mvj, mvj+1",
            ".endr",
            "movq {z}, 2*{n}*8-8({t})",
            // Row i (i = 0..N-2): t[2i+1..i+N] += a[i] * a[i+1..N], top word into t[i+N].
            ".set mvi, 0",
            ".rept {n}-1",
            "movq mvi*8({a}), %rdx",
            "xorl {h0:e}, {h0:e}",
            ".set mvj, mvi+1",
            // An odd row length starts with one single limb, then pairs as in mul_product.
            ".if ({n}-1-mvi) & 1",
            "mulxq mvj*8({a}), {lo}, {h1}",
            "adoxq (mvi+mvj)*8({t}), {lo}",
            "adcxq {h0}, {lo}",
            "movq {lo}, (mvi+mvj)*8({t})",
            "movq {h1}, {h0}",
            ".set mvj, mvj+1",
            ".endif",
            ".rept ({n}-1-mvi)/2",
            "mulxq mvj*8({a}), {lo}, {h1}",
            "adoxq (mvi+mvj)*8({t}), {lo}",
            "adcxq {h0}, {lo}",
            "movq {lo}, (mvi+mvj)*8({t})",
            "mulxq mvj*8+8({a}), {lo}, {h0}",
            "adoxq (mvi+mvj)*8+8({t}), {lo}",
            "adcxq {h1}, {lo}",
            "movq {lo}, (mvi+mvj)*8+8({t})",
            ".set mvj, mvj+2",
            ".endr",
            // The row sum fits N - i words plus this top word (as in mul_product).
            "adoxq {z}, {h0}",
            "adcxq {z}, {h0}",
            "movq {h0}, (mvi+{n})*8({t})",
            ".set mvi, mvi+1",
            ".endr",
            // t = 2t + sum a[i]^2 2^(128i): the doubling carries in CF (adcx x, x = 2x + CF),
            // the squares in OF. The total is a^2 < 2^(128N), so both chains end at zero.
            "xorl {h0:e}, {h0:e}",
            ".set mvi, 0",
            ".rept {n}",
            "movq mvi*8({a}), %rdx",
            "mulxq %rdx, {lo}, {h1}",
            "movq 2*mvi*8({t}), {h0}",
            "adcxq {h0}, {h0}",
            "adoxq {lo}, {h0}",
            "movq {h0}, 2*mvi*8({t})",
            "movq 2*mvi*8+8({t}), {h0}",
            "adcxq {h0}, {h0}",
            "adoxq {h1}, {h0}",
            "movq {h0}, 2*mvi*8+8({t})",
            ".set mvi, mvi+1",
            ".endr",
            n = const N,
            t = in(reg) t.as_mut_ptr(),
            a = in(reg) a.as_ptr(),
            z = in(reg) 0u64,
            lo = out(reg) _,
            h0 = out(reg) _,
            h1 = out(reg) _,
            out("rdx") _,
            options(att_syntax, nostack),
        );
    }
}
