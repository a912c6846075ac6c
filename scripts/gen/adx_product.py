#!/usr/bin/env python3
"""Generates crates/montvec/src/mul/adx/kernels.rs: fully unrolled N x N limb products with
mulx/adcx/adox (operand scanning, every partial-product row register-resident).

    python3 scripts/gen/adx_product.py > crates/montvec/src/mul/adx/kernels.rs

Register plan (Intel syntax): rdi = out, rsi = a, rcx = b, rdx = b[i] (mulx's implicit
source); the running row window, the mulx halves and a zero live in rax, r8-r15 and, for
N >= 8, rbx and rbp (saved and restored with push/pop: LLVM reserves them).
"""
import sys

SIZES = range(2, 10)
POOL = ["rax", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rbx", "rbp"]


def kernel(n):
    free = list(POOL)
    used = set()
    lines = []

    def take():
        r = free.pop(0)
        used.add(r)
        return r

    def give(r):
        free.insert(0, r)

    w = {}
    # Row 0: (w[0..=n]) = a * b[0], one add/adc chain over the mulx halves.
    lines.append(("mov rdx, qword ptr [rcx]", "rdx = b[0]"))
    w[0] = take()
    w[1] = take()
    lines.append((f"mulx {w[1]}, {w[0]}, qword ptr [rsi]", "(w1 : w0) = a[0] b[0]"))
    lines.append((f"mov qword ptr [rdi], {w[0]}", "out[0] is final"))
    give(w.pop(0))
    for j in range(1, n):
        w[j + 1] = take()
        t = take()
        lines.append((f"mulx {w[j + 1]}, {t}, qword ptr [rsi + {8 * j}]", f"(hi : lo) = a[{j}] b[0]"))
        op = "add" if j == 1 else "adc"
        lines.append((f"{op} {w[j]}, {t}", f"w{j} += lo + CF"))
        give(t)
    lines.append((f"adc {w[n]}, 0", f"w{n} = hi + CF: the row a b[0] < 2^(64({n}+1)), no carry out"))
    # A register kept at zero when one is spare (N <= 8): `xor zr, zr` both zeroes it and
    # clears CF and OF at the start of each row.
    zr = take() if n + 3 <= len(POOL) else None
    for i in range(1, n):
        # Row i: w[i..=i+n] += a * b[i]; lo halves on the CF chain (adcx), hi halves on the
        # OF chain (adox).
        lo = take()
        hi = take()
        lines.append((f"mov rdx, qword ptr [rcx + {8 * i}]", f"rdx = b[{i}]"))
        if zr is None:
            # No register to spare: the row's first mulx overwrites lo, so zeroing it first
            # clears CF and OF with an idiom that needs no ALU operation (`test` needs one).
            lines.append((f"xor {lo}, {lo}", "CF = OF = 0 (also cuts the flags' dependency on the last row)"))
        else:
            lines.append((f"xor {zr}, {zr}", "CF = OF = 0 (also cuts the flags' dependency on the last row)"))
        for j in range(n):
            lines.append((f"mulx {hi}, {lo}, qword ptr [rsi + {8 * j}]", f"(hi : lo) = a[{j}] b[{i}]"))
            lines.append((f"adcx {w[i + j]}, {lo}", f"w{i + j} += lo + CF"))
            if j == 0:
                lines.append((f"mov qword ptr [rdi + {8 * i}], {w[i]}", f"out[{i}] is final"))
                give(w.pop(i))
            if j < n - 1:
                lines.append((f"adox {w[i + j + 1]}, {hi}", f"w{i + j + 1} += hi + OF"))
        if zr is None:
            # Without a zero register: OF from a zero in memory, then CF by `adc` with an
            # immediate (it clobbers OF, already consumed). Against `mov lo, 0` with two
            # register adds and `xor lo, lo` to start the row: N=9 1.6% faster (Zen 5).
            lines.append((f"adox {hi}, qword ptr [rip + {{zero}}]", "hi += OF"))
            lines.append((f"adc {hi}, 0", f"w{i + n} = hi + OF + CF: the window < 2^(64({n}+1)), no carry out"))
        else:
            lines.append((f"adox {hi}, {zr}", "hi += OF"))
            lines.append((f"adcx {hi}, {zr}", f"w{i + n} = hi + OF + CF: the window < 2^(64({n}+1)), no carry out"))
        w[i + n] = hi
        give(lo)
    for k in range(n, 2 * n):
        lines.append((f"mov qword ptr [rdi + {8 * k}], {w[k]}", f"out[{k}]"))
    # rbx and rbp are reserved by LLVM (no operands): saved here. The other callee-saved
    # registers are declared clobbers, so a caller that loops saves them once.
    saved = [r for r in ("rbx", "rbp") if r in used]
    pre = [(f"push {r}", "reserved by LLVM: saved here") for r in saved]
    # Start on a 64-byte boundary: inlined into a caller's loop, the kernel's placement moved
    # a 6-limb product by 10% between two builds of one source (Zen 4); a 32-byte start fixed
    # that on Zen 4, and a 64-byte start (the same offsets mod 32) also on Zen 3, where the
    # 6-limb product read 19.1-19.7 ns from a 32-byte start and 18.3-18.4 from a 64-byte one.
    pre = [(".p2align 6", "64-byte aligned start (padding runs once per call)")] + pre
    post = [(f"pop {r}", "restored") for r in reversed(saved)]
    clobbers = [r for r in POOL if r in used and r not in saved]
    return pre + lines + post, clobbers, bool(saved), zr is None


def emit(n):
    body, clobbers, pushes, zero = kernel(n)
    muls = n * n
    out = []
    out.append(f"/// `out = a * b` for {n}-limb operands: {muls} `mulx`, rows on the two carry chains.")
    out.append("///")
    out.append("/// Leaks: nothing (straight-line code, fixed addresses).")
    out.append("#[inline(always)]")
    out.append(f"pub fn mul_{n}(_adx: AdxToken, out: &mut [Limb; {2 * n}], a: &[Limb; {n}], b: &[Limb; {n}]) {{")
    out.append("    // SAFETY: the token proves BMI2 (mulx) and ADX (adcx/adox). The block reads")
    reads = " (and the static ZERO)" if zero else ""
    out.append(f"    // a[0..{n}] and b[0..{n}]{reads} and writes out[0..{2 * n}], all in bounds of the borrowed")
    out.append("    // arrays, which cannot alias (`&mut` vs `&`). Every register it writes is declared")
    if pushes:
        out.append("    // below, except rbx/rbp (reserved by LLVM), which are pushed and popped inside, so")
        out.append("    // the block uses the stack (no `nostack`); flags are clobbered.")
    else:
        out.append("    // below; flags are clobbered (no `preserves_flags`).")
    out.append("    unsafe {")
    out.append("        core::arch::asm!(")
    width = max(len(i) for i, _ in body) + 3
    for ins, com in body:
        s = f'"{ins}",'
        out.append(f"            {s.ljust(width)} // {com}")
    out.append("            in(\"rdi\") out.as_mut_ptr(),")
    out.append("            in(\"rsi\") a.as_ptr(),")
    out.append("            in(\"rcx\") b.as_ptr(),")
    out.append("            out(\"rdx\") _,")
    if zero:
        out.append("            zero = sym ZERO,")
    for r in clobbers:
        out.append(f"            out(\"{r}\") _,")
    out.append("            options(nostack)," if not pushes else "")
    out.append("        );")
    out.append("    }")
    out.append("}")
    return "\n".join(l for l in out if l != "")


def main():
    print("// Generated by scripts/gen/adx_product.py, then `cargo fmt`; edit the generator, not this file.")
    print("//! Unrolled `mulx`/`adcx`/`adox` N x N products, one function per N (see `mul::adx`).")
    print()
    print("use crate::backend::AdxToken;")
    print("use crate::limb::Limb;")
    print()
    print("/// A zero limb in memory, for kernels without a register to spare for it.")
    print("static ZERO: Limb = 0;")
    for n in SIZES:
        print()
        print(emit(n))


if __name__ == "__main__":
    sys.exit(main())
