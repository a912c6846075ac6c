//! Single-operand Montgomery multiplication on AVX-512 IFMA: one number spread over the lanes
//! of a few registers in radix 2^52 (the idea of OpenSSL's `rsaz-avx512`, here for one
//! operation at a time and any size up to [`MAX_BITS`]), by one of two kernels:
//!
//! | digits d | layout | kernel |
//! |---|---|---|
//! | 9 to 80 (415 to 4158 bits), on a CPU that runs zmm in halves | ymm, lane k of register j digit j + k ceil(d/4) | `quarters.rs` |
//! | others | zmm, lane l of register j digit 8j + l | `amm.rs` |
//!
//! The quarters kernel needs no register shifts (each lane's window of columns moves by
//! renaming) and ran 1.05-1.5x faster where both run on Zen 4 (see `quarters.rs`), whose
//! vector unit runs zmm instructions as two ymm halves. On Zen 5, where zmm instructions run
//! whole, `amm.rs` keeps these sizes (see [`Ifma::new`]).
//!
//! Elements are d digits of 52 bits (stored one per 64-bit word in the kernel's layout,
//! zero-padded to whole registers), with R' = 2^(52 d) and d = ceil((bits + 2) / 52), so
//! R' >= 4n. The multiplication is *almost* Montgomery: inputs below 2n give an output below 2n,
//! (a b + q n) / R' < (4n^2 + R' n) / R' <= 2n, so no final subtraction happens inside an
//! exponentiation; [`MontMul::to_shared_form`] reduces fully, by mask.
//!
//! A Montgomery-friendly multiple (the quarters kernel, where the size allows): the products
//! may run modulo n~ = n m, m = -n^-1 mod 2^52 < 2^52, instead of n. Then n~ = -1 mod 2^52,
//! so -n~^-1 = 1 and each quotient digit is its column's low digit: the product by k0 (one
//! IFMA, 4 cycles of each step's chain) is gone, for one more digit (n~ < 2^(bits + 52)).
//! Values are then kept below 2 n~ and only their residue mod n matters: every constant
//! (R' mod n, the conversion factors) is any representative mod n, and the exits run one
//! product modulo n itself, (y b + q n) / R' < 2 n~ n / R' + n <= n / 2 + n for y below
//! 2 n~ and b below n, then the one masked subtraction. It is taken where the extra digit
//! keeps the register count (d not a multiple of 4, d + 1 at most 80).
//! n~ derives from n: a secret prime's is secret, made by one constant-time row product and
//! wiped on drop. Only m's bound, not its value, sets the digit count.
//!
//! Conversions from the shared 64-bit form x R mod n: into ours by one almost-Montgomery
//! product with K = R'^2 / R mod n (x R K / R' = x R'), out of ours by one with R mod n
//! (x R' R / R' = x R), then the masked subtraction.
//!
//! Measurements and the variants tried: the notes below (docs/mont-ifma.md).
#![doc = include_str!("../../../docs/mont-ifma.md")]

mod amm;
pub(crate) mod quarters;

use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::aligned::AlignedLimbs;
use crate::backend::IfmaToken;
use crate::limb::{bit_position, Limb, LIMB_BITS};
use crate::mont::{cios, MontMul, MontParams};

/// Bits in one digit.
pub(crate) const DIGIT_BITS: usize = 52;
/// The digit mask, 2^52 - 1.
pub(crate) const DIGIT_MASK: u64 = (1 << DIGIT_BITS) - 1;
/// Digits in one zmm register.
pub(crate) const LANES: usize = 8;
/// Elements of up to this many registers (16638 bits) run a kernel unrolled for their
/// register count (in registers as far as the 32 zmm go); larger ones run one loop over
/// vectors in memory, about 2.5x slower a product.
pub const MAX_REGS: usize = 40;
/// The largest modulus the lane bound of the kernel admits (512 digits).
pub const MAX_BITS: usize = 512 * DIGIT_BITS - 2;

/// Whether a modulus of `bits` bits fits this variant.
pub fn supports_bits(bits: usize) -> bool {
    bits <= MAX_BITS
}

fn digits_for(bits: usize) -> usize {
    (bits + 2).div_ceil(DIGIT_BITS)
}

fn regs_for(digits: usize) -> usize {
    digits.div_ceil(LANES)
}

/// Digit `i` (bits 52 i .. 52 i + 52) of `x` (64-bit limbs; bits past its end read as 0).
/// Leaks: lengths only.
fn digit_of(x: &[Limb], i: usize) -> u64 {
    let (limb, shift) = bit_position(i * DIGIT_BITS);
    let lo = x.get(limb).copied().unwrap_or(0) >> shift;
    let hi = match (shift + DIGIT_BITS > LIMB_BITS, x.get(limb + 1)) {
        (true, Some(&w)) => w << (LIMB_BITS - shift),
        _ => 0,
    };
    (lo | hi) & DIGIT_MASK
}

/// `out` = the first `out.len()` limbs of the number whose digit i (each below 2^52) is
/// `digit(i)` for i below `digits`; returns the bits that lie above them (the OR of the two
/// limbs above, zero exactly when the number fits). Leaks: lengths only.
fn limbs_from_digits(digit: impl Fn(usize) -> u64, digits: usize, out: &mut [Limb]) -> Limb {
    let limbs = out.len();
    out.fill(0);
    let mut above = [0 as Limb; 2];
    let mut put = |at: usize, bits: Limb| match at.checked_sub(limbs) {
        None => out[at] |= bits,
        Some(j) if j < 2 => above[j] |= bits,
        Some(_) => {}
    };
    for i in 0..digits {
        let d = digit(i);
        let (limb, shift) = bit_position(i * DIGIT_BITS);
        put(limb, d << shift);
        if shift + DIGIT_BITS > LIMB_BITS {
            put(limb + 1, d >> (LIMB_BITS - shift));
        }
    }
    let hi = above[0] | above[1];
    above.zeroize();
    hi
}

/// `out` = `x` (64-bit limbs) as the words of an element of `digits` digits: digit r at
/// [`word_of_digit`], every other word zero. Leaks: lengths only.
fn lay_out_limbs(x: &[Limb], digits: usize, in_quarters: bool, out: &mut [u64]) {
    out.fill(0);
    for r in 0..digits {
        out[word_of_digit(r, digits, in_quarters)] = digit_of(x, r);
    }
}

/// The word of an element that holds digit `r` of `digits`: in the quarters layout
/// (`quarters::word_of`) when `in_quarters`, else word r.
fn word_of_digit(r: usize, digits: usize, in_quarters: bool) -> usize {
    if in_quarters {
        quarters::word_of(r, digits)
    } else {
        r
    }
}

/// `words` in a buffer from a line boundary (the input is wiped).
fn aligned(mut words: Vec<u64>) -> AlignedLimbs {
    let mut out = AlignedLimbs::zeroed(words.len());
    out.as_mut_slice().copy_from_slice(&words);
    words.zeroize();
    out
}

/// The IFMA variant for one modulus. Zeroized on drop (n may be a secret prime).
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct Ifma {
    params: MontParams,
    #[zeroize(skip)]
    token: IfmaToken,
    /// Registers per element (zmm, the layout of `amm.rs`).
    regs: usize,
    /// Whether elements take the quarters layout of `quarters.rs` (ymm, d from
    /// `quarters::MIN_DIGITS` to `quarters::MAX_DIGITS`), else digit i at word i.
    quarters: bool,
    /// Digits d that carry value (R' = 2^(52 d)).
    digits: usize,
    /// n as an element's words ([`MontMul::elem_len`]), from a line boundary.
    n: AlignedLimbs,
    /// -n^-1 mod 2^52.
    k0: u64,
    /// When the products run modulo the Montgomery-friendly multiple n~ = n k0 (quarters
    /// kernel only, see [`Ifma::with_kernel`]): n~ as an element's words.
    multiple: Option<AlignedLimbs>,
    /// R' mod n, as an element: one in our form.
    one: Vec<u64>,
    /// R'^2 / R mod n, as an element: into our form.
    into_form: Vec<u64>,
    /// R mod n, as an element: out of our form.
    out_of_form: Vec<u64>,
    /// R'^2 mod n, as an element: from a value straight into our form.
    from_value: Vec<u64>,
    /// 1, as an element: from our form straight to the value.
    unit: Vec<u64>,
}

impl Ifma {
    /// Precompute for one modulus; `None` when it has more than [`MAX_BITS`] bits.
    ///
    /// Leaks: the size of n.
    pub fn new(params: MontParams, token: IfmaToken) -> Option<Self> {
        let quarters = crate::backend::zmm_in_halves();
        Self::with_kernel(params, token, quarters, quarters)
    }

    /// [`Ifma::new`] with the quarters kernel where it has the size when `use_quarters` (the
    /// default on CPUs that run zmm instructions in halves, where it was measured faster:
    /// Zen 4), else `amm.rs` at every size. On Zen 5 `amm.rs` in zmm registers ran 1024 /
    /// 2048 / 4096-bit exponentiations in 128.6 us / 0.50 ms / 2.75 ms, where the quarters
    /// kernel, in ymm registers at about the cycles it takes on Zen 4, would take about
    /// 120 us / 0.65 ms / 4.7 ms; it was not measured there.
    ///
    /// With `use_multiple` (the default wherever the quarters kernel is), the products run
    /// modulo n~ = n (-n^-1 mod 2^52) when its extra digit leaves the quarters kernel's
    /// register count as it is (d + 1 digits, ceil((d + 1) / 4) = ceil(d / 4)): see the
    /// module doc.
    ///
    /// Leaks: the size of n.
    pub(crate) fn with_kernel(
        params: MontParams,
        token: IfmaToken,
        use_quarters: bool,
        use_multiple: bool,
    ) -> Option<Self> {
        let bits = params.bits();
        if !supports_bits(bits) {
            return None;
        }
        let quarters_for =
            |d| use_quarters && (quarters::MIN_DIGITS..=quarters::MAX_DIGITS).contains(&d);
        // The multiple n~ = n k0 < 2^(bits + 52) takes one digit more (R' >= 4 n~), taken
        // when that digit fits in the registers the quarters kernel already uses.
        let plain = digits_for(bits);
        let multiple = use_multiple
            && quarters_for(plain)
            && quarters_for(plain + 1)
            && quarters::quarter(plain + 1) == quarters::quarter(plain);
        let digits = plain + usize::from(multiple);
        let regs = regs_for(digits);
        let quarters = quarters_for(digits);
        let words = if quarters {
            quarters::words(digits)
        } else {
            regs * LANES
        };
        let layout = |x: &[Limb]| {
            let mut out = vec![0; words];
            lay_out_limbs(x, digits, quarters, &mut out);
            out
        };
        let k = params.limbs();
        // R' mod n = 2^(52 d) mod n (52 d >= bits + 2 > bits - 1).
        let one64 = params.pow2_mod(DIGIT_BITS * digits);
        // R'^2 / R mod n = Mont64(R' mod n, R' mod n).
        let mut into = vec![0; k];
        let mut scratch = vec![0; k];
        cios::mont_mul(
            &mut into,
            &one64,
            &one64,
            params.modulus(),
            params.n0(),
            &mut scratch,
        );
        // R'^2 mod n = Mont64(R'^2 / R mod n, R^2 mod n).
        let mut from_value = vec![0; k];
        cios::mont_mul(
            &mut from_value,
            &into,
            params.r2(),
            params.modulus(),
            params.n0(),
            &mut scratch,
        );
        let mut unit = vec![0; words];
        unit[0] = 1;
        let k0 = params.n0() & DIGIT_MASK;
        // n~ = n k0 = -1 mod 2^52, k + 1 limbs (k0 < 2^52: no carry beyond them).
        let multiple = multiple.then(|| {
            let mut t = vec![0; k + 1];
            t[k] = crate::limb::mac_row(&mut t[..k], params.modulus(), k0);
            let elem = aligned(layout(&t));
            t.zeroize();
            elem
        });
        let v = Ifma {
            multiple,
            n: aligned(layout(params.modulus())),
            from_value: layout(&from_value),
            unit,
            k0,
            one: layout(&one64),
            into_form: layout(&into),
            out_of_form: layout(params.one()),
            params,
            token,
            regs,
            quarters,
            digits,
        };
        // All of them derive from n (R' mod n, and CIOS's last t - n in `scratch`).
        let mut one64 = one64;
        for secret in [&mut into, &mut from_value, &mut one64, &mut scratch] {
            secret.zeroize();
        }
        Some(v)
    }

    /// `y b / R' mod n` as k limbs, fully reduced, for an element y (below 2n) and b below n:
    /// the product is below n + 1 < 2n, so one masked subtraction finishes.
    ///
    /// With the multiple n~, y is below 2 n~ and the product runs modulo n itself:
    /// (y b + q n) / R' < 2 n~ n / R' + n <= n / 2 + n, since R' >= 4 n~.
    fn reduced_value(&self, y: &[u64], b: &[u64]) -> Vec<Limb> {
        let k = self.params.limbs();
        let mut out = vec![0; k];
        // The product and the subtraction's scratch on the stack (up to 4096-bit moduli):
        // allocating and wiping them cost more than the product itself at 1024 bits.
        crate::scratch::with_limbs(self.elem_len() + k, |s| {
            let (t, scratch) = s.split_at_mut(self.elem_len());
            self.amm_modulo_n(t, y, b);
            // t below 2n: k limbs and a carry bit, then one masked subtraction.
            let hi = limbs_from_digits(|r| t[self.word_of(r)], self.digits, &mut out);
            cios::final_subtract(&mut out, hi, self.params.modulus(), scratch);
        });
        out
    }

    /// The almost-Montgomery product of `x` (limbs, laid out as an element's words) and the
    /// element `b`, as a new element.
    fn value_times(&self, x: &[Limb], b: &[u64]) -> Vec<u64> {
        let words = self.elem_len();
        let mut out = vec![0; words];
        crate::scratch::with_limbs(words, |xd| {
            self.lay_out_value(x, xd);
            self.amm(&mut out, xd, b);
        });
        out
    }

    /// `out` = `x` (limbs) as an element's words (`out` has [`MontMul::elem_len`] words).
    fn lay_out_value(&self, x: &[Limb], out: &mut [u64]) {
        lay_out_limbs(x, self.digits, self.quarters, out);
    }

    /// The word of an element that holds digit `r`.
    fn word_of(&self, r: usize) -> usize {
        word_of_digit(r, self.digits, self.quarters)
    }

    /// An element's digits in order, digit i at index i (for the tests).
    #[cfg(test)]
    fn digits_of(&self, elem: &[u64]) -> Vec<u64> {
        (0..self.digits).map(|r| elem[self.word_of(r)]).collect()
    }

    /// The almost-Montgomery product of our form: modulo n~ when the variant has the
    /// multiple (inputs below 2 n~, output below 2 n~, congruent mod n to a b / R'), else
    /// modulo n.
    fn amm(&self, out: &mut [u64], a: &[u64], b: &[u64]) {
        match &self.multiple {
            Some(multiple) => {
                let multiple = multiple.as_slice();
                quarters::almost_mont_mul(self.token, out, a, b, multiple, None, self.digits)
            }
            None => self.amm_modulo_n(out, a, b),
        }
    }

    /// The almost-Montgomery product modulo n itself.
    fn amm_modulo_n(&self, out: &mut [u64], a: &[u64], b: &[u64]) {
        if self.quarters {
            let k0 = Some(self.k0);
            quarters::almost_mont_mul(self.token, out, a, b, self.n.as_slice(), k0, self.digits);
            return;
        }
        amm::almost_mont_mul(
            self.token,
            self.regs,
            out,
            a,
            b,
            self.n.as_slice(),
            self.k0,
            self.digits,
        );
    }
}

impl MontMul for Ifma {
    fn params(&self) -> &MontParams {
        &self.params
    }
    fn elem_len(&self) -> usize {
        if self.quarters {
            quarters::words(self.digits)
        } else {
            self.regs * LANES
        }
    }
    fn one(&self) -> &[Limb] {
        &self.one
    }
    fn scratch_len(&self) -> usize {
        0
    }
    fn mul(&self, out: &mut [Limb], a: &[Limb], b: &[Limb], _scratch: &mut [Limb]) {
        self.amm(out, a, b);
    }
    fn sqr(&self, out: &mut [Limb], a: &[Limb], _scratch: &mut [Limb]) {
        self.amm(out, a, a);
    }
    fn mul_and_sqr(
        &self,
        prod: &mut [Limb],
        sq: &mut [Limb],
        a: &[Limb],
        b: &[Limb],
        _scratch: &mut [Limb],
    ) {
        if self.quarters {
            self.amm(prod, a, b);
            self.amm(sq, a, a);
            return;
        }
        amm::almost_mont_mul_x2(
            self.token,
            self.regs,
            prod,
            sq,
            a,
            b,
            a,
            self.n.as_slice(),
            self.k0,
            self.digits,
        );
    }
    fn to_own_form(&self, mut x: Vec<Limb>) -> Vec<Limb> {
        let out = self.value_times(&x, &self.into_form);
        x.zeroize();
        out
    }
    fn to_shared_form(&self, mut x: Vec<Limb>) -> Vec<Limb> {
        let out = self.reduced_value(&x, &self.out_of_form);
        x.zeroize();
        out
    }
    /// One product where x's length allows it: x < 2^(64 len) <= R' / 4 and R'^2 mod n < n
    /// make x R'^2 / R' + n < 2n, an element (below 2n) of our form. (A k-limb x qualifies
    /// when n has 64k bits, as RSA moduli do; other sizes go through the shared form.)
    fn own_from_value(&self, x: &[Limb]) -> Option<Vec<Limb>> {
        if x.len() * LIMB_BITS + 2 > DIGIT_BITS * self.digits {
            return None;
        }
        Some(self.value_times(x, &self.from_value))
    }
    fn value_from_own(&self, y: &[Limb]) -> Option<Vec<Limb>> {
        Some(self.reduced_value(y, &self.unit))
    }
    /// Not here: the value is laid out in 52-bit digits first, and at 512 bits the product
    /// runs modulo the Montgomery-friendly multiple (two products either way).
    /// `Modulus::pow_vartime` ending on it took 1.07 / 1.01 / 1.04x the time at 512 / 1024 /
    /// 2048 bits on a Zen 4 (2026-12-02).
    fn value_product_ends_powers(&self) -> bool {
        false
    }
    fn value_times_own(&self, x: &[Limb], y: &[Limb]) -> Option<Vec<Limb>> {
        // Bound: x < 2^(64k) <= R' / 4 and y < 2n, so x y < n R' and the almost-Montgomery
        // product x y R' / R' = x y lands below 2n, as `reduced_value` needs.
        if x.len() * LIMB_BITS + 2 > DIGIT_BITS * self.digits {
            return None;
        }
        let words = self.elem_len();
        Some(crate::scratch::with_limbs(2 * words, |s| {
            let (xd, t) = s.split_at_mut(words);
            self.lay_out_value(x, xd);
            match self.multiple {
                // y may reach 2 n~: the product modulo n~ first (x y / R' + n~ < 2 n~), then
                // out by one (R' mod n).
                Some(_) => {
                    self.amm(t, xd, y);
                    self.reduced_value(t, &self.one)
                }
                None => self.reduced_value(xd, y),
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mul::oracle::big;
    use num_bigint::BigUint;

    /// A xorshift64 stream from `seed` (test values, reproducible).
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    fn from_digits_big(d: &[u64]) -> BigUint {
        d.iter()
            .rev()
            .fold(BigUint::from(0u32), |acc, &x| (acc << DIGIT_BITS) + x)
    }

    /// A chain of almost-Montgomery products stays below 2n (2 n~ modulo the multiple) with
    /// normalised digits, and each link equals a b / R' mod n; the last converts back exactly.
    /// Each size runs every kernel ([`KERNELS`]), whichever this CPU would choose: the
    /// multiple's at d + 1 digits for every d where it is taken. The sizes reach every
    /// kernel: `quarters.rs` at each of its digit counts (9 to 80: 415 to 4158 bits), and of
    /// `amm.rs` 1 to 8 registers (two accumulators, scalar chain), 9 to 12 (one accumulator,
    /// scalar chain: 3500, 4096, 4400, 4800 bits), 13 to [`MAX_REGS`] (vector chain,
    /// unrolled: 6656 bits is 17 registers, 16638 bits 40), and above (the loop over memory).
    #[test]
    fn almost_montgomery_chain_matches_oracle() {
        let Some(token) = IfmaToken::for_kernel_tests() else {
            return;
        };
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        let mut sizes = vec![
            2usize, 3, 50, 51, 52, 53, 64, 102, 103, 104, 414, 415, 416, 512, 1024, 2048, 3072,
            3500, 4096, 4400, 4800, 5000, 6654, 6655, 6656, 8192, 12288, 16638, 16639,
        ];
        // Every digit count of the quarters kernel, at its smallest and largest bit length
        // (d digits for 52 (d - 1) - 1 to 52 d - 2 bits), and one either side of its range.
        for d in quarters::MIN_DIGITS - 1..=quarters::MAX_DIGITS + 1 {
            sizes.extend([52 * (d - 1) - 1, 52 * d - 2]);
        }
        for &bits in &sizes {
            for shape in 0..3 {
                let k = bits.div_ceil(64);
                let mut n: Vec<u64> = (0..k).map(|_| next()).collect();
                let top = bits - 64 * (k - 1);
                let top_mask = if top == 64 { u64::MAX } else { (1 << top) - 1 };
                match shape {
                    0 => {}
                    1 => n.iter_mut().for_each(|w| *w = u64::MAX), // 2^bits - 1
                    _ => n.iter_mut().for_each(|w| *w = 0),        // 2^(bits-1) + 1
                }
                n[k - 1] &= top_mask;
                n[k - 1] |= 1 << (top - 1);
                n[0] |= 1;
                for (quarters, multiple) in KERNELS {
                    let params = MontParams::new(n.clone(), bits);
                    let v = Ifma::with_kernel(params, token, quarters, multiple).unwrap();
                    let nb = big(&n);
                    let bound = BigUint::from(2u32) * kernel_modulus(&v, &nb);
                    let rp = BigUint::from(1u32) << (DIGIT_BITS * v.digits);
                    // Start from x = n - 1 (the largest value) in our form.
                    let xm = {
                        let mut t = n.clone();
                        t[0] -= 1;
                        ((big(&t) * (BigUint::from(1u32) << (64 * k))) % &nb).to_u64_digits()
                    };
                    let mut x64 = xm.clone();
                    x64.resize(k, 0);
                    let mut acc = v.to_own_form(x64);
                    let mut want = (big(&n) - 1u32) * &rp % &nb;
                    for step in 0..6 {
                        let mut out = vec![0; v.elem_len()];
                        let other = v.to_own_form({
                            let mut o = params_one(&v);
                            o[0] ^= step;
                            o
                        });
                        let other_val = from_digits_big(&v.digits_of(&other));
                        v.amm(&mut out, &acc, &other);
                        let got = from_digits_big(&v.digits_of(&out));
                        assert!(out.iter().all(|&d| d <= DIGIT_MASK), "digits normalised");
                        assert!(got < bound, "below 2n (or 2 n~) at {bits} bits");
                        let rinv = rp.modinv(&nb).unwrap();
                        assert_eq!(
                            &got % &nb,
                            (&want * &other_val % &nb) * &rinv % &nb,
                            "{bits} bits step {step}"
                        );
                        want = &got % &nb;
                        acc = out;
                    }
                    let back = v.to_shared_form(acc);
                    let rinv = rp.modinv(&nb).unwrap();
                    let r64 = (BigUint::from(1u32) << (64 * k)) % &nb;
                    assert_eq!(
                        big(&back),
                        &want * &rinv % &nb * r64 % &nb,
                        "exit at {bits} bits"
                    );
                }
            }
        }
    }

    /// The kernels `Ifma::with_kernel` builds: `amm.rs`, quarters modulo n, quarters modulo
    /// the multiple n~ (where the size allows it, else quarters modulo n again).
    const KERNELS: [(bool, bool); 3] = [(false, false), (true, false), (true, true)];

    /// The modulus v's products run under: n, or n~ = n (-n^-1 mod 2^52), computed here
    /// independently of the variant.
    fn kernel_modulus(v: &Ifma, n: &BigUint) -> BigUint {
        if v.multiple.is_none() {
            return n.clone();
        }
        let r52 = BigUint::from(1u64 << DIGIT_BITS);
        let k0 = &r52 - n.modinv(&r52).unwrap();
        let nk = n * k0;
        assert_eq!(&nk % &r52, &r52 - 1u32, "n~ = -1 mod 2^52");
        nk
    }

    fn params_one(v: &Ifma) -> Vec<u64> {
        v.params.one().to_vec()
    }

    /// `digits` (digit i at index i, `v.digits` of them) as `words` words of `v`'s element.
    fn lay_out(digits: &[u64], words: usize, v: &Ifma) -> Vec<u64> {
        let mut out = vec![0; words];
        for (r, &d) in digits.iter().enumerate() {
            out[v.word_of(r)] = d;
        }
        out
    }

    /// `x` as `len` digits of 52 bits.
    fn to_digits_big(x: &BigUint, len: usize) -> Vec<u64> {
        let mask = BigUint::from(DIGIT_MASK);
        let out: Vec<u64> = (0..len)
            .map(|i| {
                let d = (x >> (DIGIT_BITS * i)) & &mask;
                d.to_u64_digits().first().copied().unwrap_or(0)
            })
            .collect();
        assert_eq!(&from_digits_big(&out), x, "fits {len} digits");
        out
    }

    /// Where the quarters kernel runs modulo the multiple: exactly where the extra digit keeps
    /// its register count (d not a multiple of 4, d + 1 at most 80), and never without the
    /// quarters kernel or when not asked.
    #[test]
    fn multiple_taken_where_its_digit_costs_no_register() {
        let Some(token) = IfmaToken::for_kernel_tests() else {
            return;
        };
        for bits in (400usize..=4200)
            .step_by(13)
            .chain([512, 1024, 1536, 2048, 3072, 4096])
        {
            let k = bits.div_ceil(64);
            let mut n = vec![u64::MAX; k];
            let top = bits - 64 * (k - 1);
            if top < 64 {
                n[k - 1] = (1 << top) - 1;
            }
            let plain = digits_for(bits);
            let expected =
                (quarters::MIN_DIGITS..quarters::MAX_DIGITS).contains(&plain) && plain & 3 != 0;
            let build = |quarters, multiple| {
                Ifma::with_kernel(MontParams::new(n.clone(), bits), token, quarters, multiple)
                    .unwrap()
            };
            let v = build(true, true);
            assert_eq!(
                v.multiple.is_some(),
                expected,
                "{bits} bits, {plain} digits"
            );
            assert_eq!(v.digits, plain + usize::from(expected), "{bits} bits");
            assert_eq!(
                v.quarters,
                (quarters::MIN_DIGITS..=quarters::MAX_DIGITS).contains(&plain)
            );
            assert!(build(true, false).multiple.is_none());
            assert!(build(false, true).multiple.is_none());
        }
        // The sizes named in the module doc.
        let digits_with_multiple = |bits: usize| {
            let n = vec![u64::MAX; bits.div_ceil(64)];
            let v = Ifma::with_kernel(MontParams::new(n, bits), token, true, true).unwrap();
            (v.digits, v.multiple.is_some())
        };
        assert_eq!(digits_with_multiple(512), (11, true));
        assert_eq!(digits_with_multiple(1024), (20, false));
        assert_eq!(digits_with_multiple(1536), (31, true));
        assert_eq!(digits_with_multiple(4096), (80, true));
    }

    /// The boundary of the almost-Montgomery form, which the shared-form boundary tests
    /// (`tests/final_subtraction.rs`, R = 2^(64k)) cannot aim at: products chosen over inputs
    /// in [0, 2n) must equal t = (A B + Q n) / R' exactly, for the unique Q < R' with
    /// R' | A B + Q n (so the kernel's quotient digits are the canonical ones), with t in
    /// [n, 2n) seen for every modulus and t = n itself (A = n, B = 2n - 1); and the exits of
    /// every such t (`value_from_own`, `to_shared_form`: one masked subtraction) must be fully
    /// reduced, t = n giving 0. Moduli just below R'/4 (where t >= n is likeliest), just
    /// above R'/8, and RSA-shaped ones (64k bits).
    #[test]
    fn outputs_in_n_to_2n_and_their_exits() {
        let Some(token) = IfmaToken::for_kernel_tests() else {
            return;
        };
        let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
        let one = BigUint::from(1u32);
        for bits in [50usize, 102, 154, 414, 512, 1038, 1024, 2048, 2078, 4158] {
            let k = bits.div_ceil(64);
            let top = one.clone() << bits;
            let mut random = BigUint::from(0u32);
            for _ in 0..k {
                random = (random << 64) + next();
            }
            random = (random % (&top >> 1u32)) + (&top >> 1u32);
            random |= &one;
            for n in [&top - 1u32, &top - 3u32, (&top >> 1u32) + 1u32, random] {
                let mut limbs = n.to_u64_digits();
                limbs.resize(k, 0);
                for (quarters, multiple) in KERNELS {
                    let params = MontParams::new(limbs.clone(), bits);
                    let v = Ifma::with_kernel(params, token, quarters, multiple).unwrap();
                    let len = v.elem_len();
                    // The products' modulus: n, or its multiple n~ (then t ranges over
                    // [n~, 2 n~) and the exits reduce modulo n).
                    let nk = kernel_modulus(&v, &n);
                    let rp = one.clone() << (DIGIT_BITS * v.digits);
                    let rp_inv = rp.modinv(&n).unwrap();
                    let r64 = (one.clone() << (64 * k)) % &n;
                    let n_prime = &rp - nk.modinv(&rp).unwrap();
                    let two_n = &nk << 1u32;
                    let mut inputs = vec![
                        BigUint::from(0u32),
                        one.clone(),
                        &nk - 1u32,
                        nk.clone(),
                        &nk + 1u32,
                        &two_n - 2u32,
                        &two_n - 1u32,
                    ];
                    for _ in 0..6 {
                        let mut x = BigUint::from(0u32);
                        for _ in 0..=k {
                            x = (x << 64) + next();
                        }
                        inputs.push(x % &two_n);
                    }
                    let (mut above, mut exactly_n) = (0, 0);
                    for a in &inputs {
                        for b in &inputs {
                            let ab = a * b;
                            let q = (&ab * &n_prime) % &rp;
                            let t = (ab + q * &nk) / &rp;
                            assert!(t < two_n, "t below 2n");
                            let mut out = vec![0; len];
                            let elem = |x: &BigUint| lay_out(&to_digits_big(x, v.digits), len, &v);
                            v.amm(&mut out, &elem(a), &elem(b));
                            let ctx = format!("{bits} bits, n = {n:x}, A = {a:x}, B = {b:x}");
                            assert_eq!(from_digits_big(&v.digits_of(&out)), t, "{ctx}");
                            if t >= nk {
                                above += 1;
                                exactly_n += usize::from(t == nk);
                                // The exits reduce it fully.
                                let value = v.value_from_own(&out).unwrap();
                                assert_eq!(big(&value), &t * &rp_inv % &n, "value: {ctx}");
                                let shared = v.to_shared_form(out);
                                assert_eq!(big(&shared), &t * &rp_inv % &n * &r64 % &n, "{ctx}");
                            }
                        }
                    }
                    assert!(
                        above > 0 && exactly_n > 0,
                        "{bits} bits, n = {n:x}: {above}, {exactly_n}"
                    );
                }
            }
        }
    }
}
