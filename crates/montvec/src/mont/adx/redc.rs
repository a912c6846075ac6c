//! Montgomery reduction of a double-width product with `mulx`/`adcx`/`adox` (seed 000 §2.1,
//! the reduction half of separated operand scanning), ending in a masked final subtraction.
//!
//! Row i adds `q * n` at limb i with `q = t[i] * n' mod 2^64`, which clears `t[i]`; the row's top
//! word and the one-bit carry left by the previous row are added at t[i+N], and that addition's
//! carry becomes the bit for the next row. After N rows, `(bit : t[N..2N]) = t / R < 2n`.
//!
//! Leaks: N only.

use core::arch::asm;

use crate::backend::AdxToken;
use crate::limb::Limb;

/// `out = t * R^-1 mod n`, fully reduced, for `t = t[0..2N] < n * R` (any product of two values
/// below n). `t` is destroyed.
///
/// Leaks: N only.
#[inline]
pub fn redc<const N: usize>(
    _token: AdxToken,
    out: &mut [Limb; N],
    t: &mut [Limb],
    n: &[Limb; N],
    n0: Limb,
) {
    assert!(t.len() >= 2 * N && N >= 1);
    // SAFETY: the token proves BMI2 and ADX. The asm reads and writes t[0..2N] (length checked),
    // reads n[0..N], writes out[0..N] (which does not alias t: both are Rust references, one
    // mutable); changed registers are outputs; flags clobbered; no stack use.
    unsafe {
        asm!(
            "xorl {cb:e}, {cb:e}",
            ".rept {n}",
            // q = t[i] * n' mod 2^64, so t[i] + q n[0] = 0 mod 2^64.
            "movq ({t}), %rdx",
            "imulq {n0}, %rdx",
            "xorl {h0:e}, {h0:e}",
            // Limb 0: t[i] + lo(q n[0]) = 0 mod 2^64 by the choice of q; only the carry matters.
            "mulxq ({np}), {lo}, {h1}",
            "adoxq ({t}), {lo}",
            // Then pairs, the carried high word alternating between h1 and h0 (no moves).
            ".set mvj, 1",
            ".rept ({n}-1)/2",
            // (h0 : lo) = n[j] q; t[i+j] + lo + h1 + carries, two one-bit chains (OF, CF).
            "mulxq mvj*8({np}), {lo}, {h0}",
            "adoxq mvj*8({t}), {lo}",
            "adcxq {h1}, {lo}",
            "movq {lo}, mvj*8({t})",
            "mulxq mvj*8+8({np}), {lo}, {h1}",
            "adoxq mvj*8+8({t}), {lo}",
            "adcxq {h0}, {lo}",
            "movq {lo}, mvj*8+8({t})",
            ".set mvj, mvj+2",
            ".endr",
            // An even N leaves one limb; its high word ends in h0 either way.
            ".if ({n}-1) & 1",
            "mulxq mvj*8({np}), {lo}, {h0}",
            "adoxq mvj*8({t}), {lo}",
            "adcxq {h1}, {lo}",
            "movq {lo}, mvj*8({t})",
            ".else",
            "movq {h1}, {h0}",
            ".endif",
            // t[i..i+N] + q n < 2^(64(N+1)): the top word h0 + OF + CF fits.
            "adoxq {z}, {h0}",
            "adcxq {z}, {h0}",
            // t[i+N] += h0 + bit. h0 + bit overflows only to 0 (h0 = 2^64-1, bit = 1), and then
            // the second add cannot carry, so the new bit is the sum of two exclusive carries.
            "xorl {lo:e}, {lo:e}",
            "addq {cb}, {h0}",
            "adcq $0, {lo}",
            "addq {h0}, {n}*8({t})",
            "adcq $0, {lo}",
            "movq {lo}, {cb}",
            "leaq 8({t}), {t}",
            ".endr",
            // t now points at the quotient (cb : t[0..N]) < 2n. out = that - n, and CF of the
            // final sbb from cb says it borrowed: then keep the quotient instead.
            "movq ({t}), {lo}",
            "subq ({np}), {lo}",
            "movq {lo}, ({out})",
            ".set mvj, 1",
            ".rept {n}-1",
            "movq mvj*8({t}), {lo}",
            "sbbq mvj*8({np}), {lo}",
            "movq {lo}, mvj*8({out})",
            ".set mvj, mvj+1",
            ".endr",
            "sbbq $0, {cb}",
            // cmov with a memory source always loads: the access pattern does not depend on CF.
            ".set mvj, 0",
            ".rept {n}",
            "movq mvj*8({out}), {lo}",
            "cmovcq mvj*8({t}), {lo}",
            "movq {lo}, mvj*8({out})",
            ".set mvj, mvj+1",
            ".endr",
            n = const N,
            t = inout(reg) t.as_mut_ptr() => _,
            np = in(reg) n.as_ptr(),
            n0 = in(reg) n0,
            out = in(reg) out.as_mut_ptr(),
            z = in(reg) 0u64,
            cb = out(reg) _,
            lo = out(reg) _,
            h0 = out(reg) _,
            h1 = out(reg) _,
            out("rdx") _,
            options(att_syntax, nostack),
        );
    }
}
