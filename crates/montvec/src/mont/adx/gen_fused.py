# Generator of fused.s, the fused N-limb ADX Montgomery square, multiply and window step for N = 2..8
# (AT&T syntax, included by fused.rs's global_asm!): `python3 gen_fused.py > fused.s`.
# A test (fused.rs) checks that fused.s is what this script prints.
SIZES = range(2, 9)
out = []
def e(s): out.append("    " + s)

# Stack frame (after 6 pushes): T[0..2N] at 0..16N, out at 128, n at 136, n' = -n^-1 mod 2^128
# at 144 (low word n0') and 152 (high word n1'), the window kernel's count of squarings left at
# 160, its accumulator X at 168..168+8N, its entry pointer at 232 and the entry the lookup
# kernel selects at 248..248+8N; 312 bytes keep rsp 16-byte aligned. The lookup kernel's
# seventh argument (the secret index) is on the caller's stack, above the return address.
FRAME = 312
X_AT = 168
ENTRY_AT = 232
SELECTED_AT = 248
INDEX_AT = FRAME + 6 * 8 + 8
# Entries of the table the lookup kernel reads: the fixed window's 2^4 (an exponent of 90 to
# 512 bits, `exp::window::window_width`).
LOOKUP_ENTRIES = 16

def prologue(name):
    out.append(f"    .p2align 5\n    .globl {name}\n    .hidden {name}\n    .type {name}, @function\n{name}:")
    for r in ["%rbx", "%rbp", "%r12", "%r13", "%r14", "%r15"]:
        e(f"pushq {r}")
    e(f"subq ${FRAME}, %rsp")

def epilogue(name):
    e(f"addq ${FRAME}, %rsp")
    for r in ["%r15", "%r14", "%r13", "%r12", "%rbp", "%rbx"]:
        e(f"popq {r}")
    e("ret")
    out.append(f"    .size {name}, .-{name}")

def TO_OUT(j): return f"{8*j}(%rdx)"
def IN_X(j): return f"{X_AT+8*j}(%rsp)"
def IN_RSI(j): return f"{8*j}(%rsi)"

REGS = ["%r8", "%r9", "%r10", "%r11", "%r12", "%r13", "%r14", "%r15", "%rcx", "%rdi"]

def redc_and_finish(reg, dst):
    # reg: list of N registers holding T[0..N]; T[N..2N] at 8N..16N(%rsp). n pointer -> rsi.
    # dst(j): where limb j of the result goes (through rdx = out, or the stack accumulator).
    e("movq 136(%rsp), %rsi")
    w = list(reg)
    for r in range(N):
        if r == N - 1 and r % 2 == 0:
            # Odd N: the last row has no partner; its quotient alone, lo(w0 n0').
            e(f"movq {w[0]}, %rdx")
            e("imulq 144(%rsp), %rdx")
        elif r % 2 == 0:
            # Two rows' quotients at once from the window before both (REDC by 2^128):
            # m = (w0 + 2^64 w1) n' mod 2^128, so m_lo = lo(w0 n0') and
            # m_hi = hi(w0 n0') + lo(w0 n1') + lo(w1 n0'). These are exactly the quotients the
            # two single-word rows would compute, but m_hi no longer waits for the first row:
            # one imul + mulx latency less on the serial chain every two rows.
            e(f"movq {w[0]}, %rdx")
            e("mulxq 144(%rsp), %rcx, %rdi")
            e("imulq 152(%rsp), %rdx")
            e("addq %rdx, %rdi")
            e(f"movq {w[1]}, %rdx")
            e("imulq 144(%rsp), %rdx")
            e("addq %rdx, %rdi")
            e("movq %rcx, %rdx")
        else:
            e("movq %rdi, %rdx")
        e("xorl %eax, %eax")
        for j in range(N):
            # w[0] is zero mod 2^64 once its adcx is done: the last product's high word, the
            # row's top word, goes straight into it (then + OF + CF: fits, window < 2^512).
            e(f"mulxq {8*j}(%rsi), %rax, {w[0] if j == N - 1 else '%rbx'}")
            e(f"adcxq %rax, {w[j]}")
            if j < N - 1:
                e(f"adoxq %rbx, {w[j+1]}")
        e(f"adoxq %rbp, {w[0]}")
        e(f"adcxq %rbp, {w[0]}")
        w = w[1:] + w[:1]
    # window = (T_lo + m n) / R; add T_hi: result < 2n, carry bit into rax.
    for j in range(N):
        e(f"{'addq' if j == 0 else 'adcq'} {8*N+8*j}(%rsp), {w[j]}")
    e("movq %rbp, %rax")
    e("adcq %rbp, %rax")
    # out = window; then window - n in registers; keep the difference unless it borrowed.
    if dst is TO_OUT:
        e("movq 128(%rsp), %rdx")
    for j in range(N):
        e(f"movq {w[j]}, {dst(j)}")
    for j in range(N):
        e(f"{'subq' if j == 0 else 'sbbq'} {8*j}(%rsi), {w[j]}")
    e("sbbq %rbp, %rax")
    for j in range(N):
        e(f"cmovcq {dst(j)}, {w[j]}")
        e(f"movq {w[j]}, {dst(j)}")

# ---- bodies: one Montgomery square / multiply, limb j of the input a at a(j), the result to
# dst(j) (TO_OUT: through the out pointer at 128(%rsp)). The multiply reads b through rdi.
def square_body(a, dst, beside=()):
    # beside: instructions spread evenly through the triangle and the diagonal (the lookup,
    # on vector registers and rsi, which the square leaves alone until its reduction).
    e("xorl %ebp, %ebp")
    start = len(out)
    # Triangle with a register window: pos -> reg.
    free = list(REGS)
    pos = {}
    def take(p):
        r = free.pop(0); pos[p] = r; return r
    def release(p):
        r = pos.pop(p); free.append(r)
    stored = set()
    # Row 0 (a_0 a_j, positions 1..N) into fresh registers: each mulx's high word lands in its
    # position's register, the low words go on one add/adc chain (no zeroing, no OF chain).
    for p in range(1, N + 1):
        take(p)
    e(f"movq {a(0)}, %rdx")
    e(f"mulxq {a(1)}, {pos[1]}, {pos[2]}")
    for j in range(2, N):
        e(f"mulxq {a(j)}, %rax, {pos[j+1]}")
        e(f"{'addq' if j == 2 else 'adcq'} %rax, {pos[j]}")
    if N > 2:
        e(f"adcq %rbp, {pos[N]}")
    e(f"movq {pos[1]}, 8(%rsp)")
    e(f"movq {pos[2]}, 16(%rsp)")
    release(1); release(2); stored.update((1, 2))
    for i in range(1, N - 1):
        # new top position i+N
        new = [p for p in range(2*i+1, i+N+1) if p not in pos]
        for p in new:
            r = take(p)
            e(f"xorl {r}d, {r}d".replace("%r8d","%r8d") if r.startswith("%r1") or r in ("%r8","%r9") else f"xorl %e{r[2:]}, %e{r[2:]}")
        e(f"movq {a(i)}, %rdx")
        e("xorl %eax, %eax")
        for j in range(i+1, N):
            p = i + j
            e(f"mulxq {a(j)}, %rax, %rbx")
            e(f"adcxq %rax, {pos[p]}")
            e(f"adoxq %rbx, {pos[p+1]}")
        e(f"adcxq %rbp, {pos[i+N]}")
        # positions 2i+1, 2i+2 are final: store them.
        for p in (2*i+1, 2*i+2):
            if p in pos and p <= 2*N - 2:
                e(f"movq {pos[p]}, {8*p}(%rsp)")
                release(p); stored.add(p)
    # remaining live positions -> store
    for p in sorted(pos):
        e(f"movq {pos[p]}, {8*p}(%rsp)")
        stored.add(p)
    pos.clear(); free = list(REGS)
    e("movq %rbp, 0(%rsp)")
    e(f"movq %rbp, {8*(2*N-1)}(%rsp)")
    # doubling + diagonal: T = 2T + sum a_i^2 2^(128 i), position by position from the bottom:
    # the doubling on the CF chain (adcx x, x: twice the word plus the bit carried out of the
    # one below), the diagonal's words on the OF chain (adox), two additions a word. T_lo
    # goes into registers, T_hi back to the stack. Both chains end with no carry: T < 2^(128N).
    lo_regs = ["%r8", "%r9", "%r10", "%r11", "%r12", "%r13", "%r14", "%r15"][:N]
    e("xorl %eax, %eax")
    for i in range(N):
        e(f"movq {a(i)}, %rdx")
        e("mulxq %rdx, %rax, %rbx")
        for k, part in ((2*i, "%rax"), (2*i+1, "%rbx")):
            r = lo_regs[k] if k < N else "%rdx"
            e(f"movq {8*k}(%rsp), {r}")
            e(f"adcxq {r}, {r}")
            e(f"adoxq {part}, {r}")
            if k >= N:
                e(f"movq {r}, {8*k}(%rsp)")
    if beside:
        main = out[start:]
        del out[start:]
        # Extra j goes after main line (j + 1) M / (X + 1): evenly, none after the last.
        at = [((j + 1) * len(main)) // (len(beside) + 1) for j in range(len(beside))]
        j = 0
        for k, line in enumerate(main):
            out.append(line)
            while j < len(beside) and at[j] <= k:
                e(beside[j])
                j += 1
    redc_and_finish(lo_regs, dst)

def multiply_body(a, dst):
    e("xorl %ebp, %ebp")
    w = ["%r8", "%r9", "%r10", "%r11", "%r12", "%r13", "%r14", "%r15"][:N]
    # Row 0 (a b_0) into fresh registers: position j + 1 takes the high word of a_j b_0 (the
    # register the rotating window gives it), the low words go on one add/adc chain.
    e("movq 0(%rdi), %rdx")
    e(f"mulxq {a(0)}, %rax, {w[1]}")
    e("movq %rax, 0(%rsp)")
    for j in range(1, N):
        e(f"mulxq {a(j)}, %rax, {w[(j + 1) % N]}")
        e(f"{'addq' if j == 1 else 'adcq'} %rax, {w[j]}")
    e(f"adcq %rbp, {w[0]}")
    w = w[1:] + w[:1]
    for r in range(1, N):
        e(f"movq {8*r}(%rdi), %rdx")
        e("xorl %eax, %eax")
        for j in range(N):
            # w[0] (position r) is final after its adcx: stored, then it takes the row's top word
            # (the last product's high word, + OF + CF).
            e(f"mulxq {a(j)}, %rax, {w[0] if j == N - 1 else '%rbx'}")
            e(f"adcxq %rax, {w[j]}")
            if j == 0:
                e(f"movq {w[0]}, {8*r}(%rsp)")
            if j < N - 1:
                e(f"adoxq %rbx, {w[j+1]}")
        e(f"adoxq %rbp, {w[0]}")
        e(f"adcxq %rbp, {w[0]}")
        w = w[1:] + w[:1]
    # window = T_hi: store, load T_lo.
    for j in range(N):
        e(f"movq {w[j]}, {8*N+8*j}(%rsp)")
    for j in range(N):
        e(f"movq {8*j}(%rsp), {w[j]}")
    redc_and_finish(w, dst)

# ---- square: (rdi = out, rsi = a, rdx = n, rcx = n0', r8 = n1'): one squaring.
def square():
    name = f"montvec_adx_sqr{N}"
    prologue(name)
    e("movq %rdi, 128(%rsp)")
    e("movq %rdx, 136(%rsp)")
    e("movq %rcx, 144(%rsp)")
    e("movq %r8, 152(%rsp)")
    square_body(IN_RSI, TO_OUT)
    epilogue(name)

# ---- multiply: (rdi = out, rsi = a, rdx = b, rcx = n, r8 = n0', r9 = n1')
def multiply():
    name = f"montvec_adx_mul{N}"
    prologue(name)
    e("movq %rdi, 128(%rsp)")
    e("movq %rcx, 136(%rsp)")
    e("movq %r8, 144(%rsp)")
    e("movq %r9, 152(%rsp)")
    e("movq %rdx, %rdi")
    multiply_body(IN_RSI, TO_OUT)
    epilogue(name)

# ---- window step: (rdi = x, rsi = entry or null, rdx = n, rcx = n0', r8 = n1', r9 = times
# >= 1): x = x^(2^times) (times squarings), then x = x * entry unless entry is null, all on a
# copy of x in the frame. Between the steps the accumulator is stored and loaded again at the
# same rsp offsets, which the core forwards from register to register (the memory renaming
# of AMD Zen), where the same values through the caller's buffer wait on store-to-load
# forwarding at every squaring.
def window_prologue(name):
    # The arguments both window kernels share (x, n, n', times) into the frame, x's limbs to X.
    prologue(name)
    e("movq %rdi, 128(%rsp)")
    e("movq %rdx, 136(%rsp)")
    e("movq %rcx, 144(%rsp)")
    e("movq %r8, 152(%rsp)")
    e("movq %r9, 160(%rsp)")
    for j in range(N):
        e(f"movq {8*j}(%rdi), %rax")
        e(f"movq %rax, {IN_X(j)}")

def window():
    name = f"montvec_adx_window{N}"
    window_prologue(name)
    e(f"movq %rsi, {ENTRY_AT}(%rsp)")
    out.append("    .p2align 4")
    out.append(f".Lmontvec_adx_window{N}_again:")
    square_body(IN_X, IN_X)
    # times squarings in all: a branch on the public count only.
    e("decq 160(%rsp)")
    e(f"jnz .Lmontvec_adx_window{N}_again")
    # entry null (public: the caller's choice of operation): no product.
    e(f"movq {ENTRY_AT}(%rsp), %rdi")
    e("testq %rdi, %rdi")
    e(f"jz .Lmontvec_adx_window{N}_done")
    multiply_body(IN_X, IN_X)
    out.append(f".Lmontvec_adx_window{N}_done:")
    e("movq 128(%rsp), %rdx")
    for j in range(N):
        e(f"movq {IN_X(j)}, %rax")
        e(f"movq %rax, {8*j}(%rdx)")
    epilogue(name)

# ---- the lookup: SELECTED = entry[index] of the table at rsi (LOOKUP_ENTRIES entries of N
# limbs), reading every limb of every entry: entry i's mask is a vector compare of i (counted
# up in a register) with the index broadcast (seed 003 §IV's masked selection; the same as
# `exp::table::gather_avx2`). Columns of 4 limbs (ymm) from N = 4, else of 2 (xmm); a last
# column may overlap the one before it (both hold the same limbs of the same entry).
def lookup_lines():
    width, reg = (4, "ymm") if N >= 4 else (2, "xmm")
    cols = sorted({min(width * v, N - width) for v in range(-(-N // width))})
    lines = [
        f"vpbroadcastq {INDEX_AT}(%rsp), %{reg}15",
        "vpxor %xmm14, %xmm14, %xmm14",
        f"vpcmpeqq %{reg}13, %{reg}13, %{reg}13",
        f"vpsrlq $63, %{reg}13, %{reg}13",
    ]
    lines += [f"vpxor %xmm{v}, %xmm{v}, %xmm{v}" for v in range(len(cols))]
    for i in range(LOOKUP_ENTRIES):
        lines.append(f"vpcmpeqq %{reg}15, %{reg}14, %{reg}12")
        if i < LOOKUP_ENTRIES - 1:
            lines.append(f"vpaddq %{reg}13, %{reg}14, %{reg}14")
        for v, c in enumerate(cols):
            t = 8 + v
            lines.append(f"vpand {8 * (i * N + c)}(%rsi), %{reg}12, %{reg}{t}")
            lines.append(f"vpor %{reg}{t}, %{reg}{v}, %{reg}{v}")
    lines += [f"vmovdqu %{reg}{v}, {SELECTED_AT + 8 * c}(%rsp)" for v, c in enumerate(cols)]
    return lines

# ---- window step with its lookup: (rdi = x, rsi = table, rdx = n, rcx = n0', r8 = n1',
# r9 = times >= 1, the index on the stack): the lookup runs on the vector units beside the
# first squaring's triangle and diagonal (the integer units' work), then times - 1 squarings
# more, then x = x * SELECTED. Needs AVX2 as well as BMI2 and ADX.
def window_lookup():
    name = f"montvec_adx_window_lookup{N}"
    window_prologue(name)
    square_body(IN_X, IN_X, beside=lookup_lines())
    e("decq 160(%rsp)")
    e(f"jz .L{name}_product")
    out.append("    .p2align 4")
    out.append(f".L{name}_again:")
    square_body(IN_X, IN_X)
    e("decq 160(%rsp)")
    e(f"jnz .L{name}_again")
    out.append(f".L{name}_product:")
    e(f"leaq {SELECTED_AT}(%rsp), %rdi")
    multiply_body(IN_X, IN_X)
    e("movq 128(%rsp), %rdx")
    for j in range(N):
        e(f"movq {IN_X(j)}, %rax")
        e(f"movq %rax, {8*j}(%rdx)")
    e("vzeroupper")
    epilogue(name)

out.append("# Generated by gen_fused.py (python3 gen_fused.py > fused.s): edit that, not this.")
out.append("    .text")
for N in SIZES:
    square()
    multiply()
    window()
    window_lookup()
print("\n".join(out))
