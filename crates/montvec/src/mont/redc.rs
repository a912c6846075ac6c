//! Product then REDC: the full product `T = a * b` (Comba, Karatsuba, or the dedicated
//! squaring: `crate::mul`), then Montgomery's reduction REDC of the 2k-limb T.
//!
//! Two reductions, both exact and constant time:
//!
//! - [`Reduction::Wordwise`], the default ([`Reduction::for_limbs`]): separated operand
//!   scanning, one word of the quotient at a time (`m = T[i] n0 mod 2^64`,
//!   `T += m n 2^(64i)`), k^2 + k word products; fully unrolled up to 16 limbs, two rows a
//!   pass above that ([`reduce_wordwise_paired`]).
//! - [`Reduction::HalfProduct`] (seed 002 §1 eq. 1.1-1.2 and §3.4, seed 001): the quotient for
//!   the whole block at once, `q = (T mod R) * N' mod R` with `N' = -n^-1 mod R` as a full
//!   k-limb value, computed by a truncated low-half product (about k^2/2 word products, or a
//!   split into one Karatsuba half product and two half-size low halves for large k); then
//!   `U = (T + q n) / R`, taking only the high half of `q n`. Selectable with
//!   [`Redc::with_reduction`]; it measured slower than the word-by-word reduction at every
//!   size from 4 to 128 limbs (see [`Reduction::for_limbs`]).
//!
//! Either way `U < 2n` and one masked subtraction of n leaves the result below n.

use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::ct;
use crate::limb::{adc, mac, mac_row, Limb};
use crate::mont::cios::final_subtract;
use crate::mont::params::MontParams;
use crate::mont::MontMul;
use crate::mul::{self, half};

/// How the 2k-limb product is reduced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reduction {
    /// One quotient word at a time (separated operand scanning).
    Wordwise,
    /// The whole quotient by a low-half product with N', then the high half of `q n`.
    HalfProduct,
}

impl Reduction {
    /// The faster reduction for k limbs on this machine: word by word at every size measured.
    ///
    /// Measured (AMD Zen 5, `taskset -c 0`, 10th percentile of 31 runs, ns per Montgomery
    /// multiplication, word-by-word (unrolled up to 16 limbs, two rows a pass above) vs half
    /// product, both over the same product kernels): k=4 28 vs 39, k=8 80 vs 111,
    /// k=16 294 vs 395, k=24 740 vs 870, k=32 1315 vs 1502, k=40 1846 vs 2309,
    /// k=48 2590 vs 3129, k=56 4201 vs 5253, k=64 5547 vs 6809, k=96 9279 vs 10593,
    /// k=128 15690 vs 17130. The half product needs about 1.5 full products (a low half, then
    /// `q n`); with Karatsuba only about 1.9x faster than the word-by-word rows at 64 limbs,
    /// that does not pay here.
    ///
    /// Leaks: nothing; a function of the public size.
    pub fn for_limbs(_k: usize) -> Reduction {
        Reduction::Wordwise
    }
}

/// `N' = -n^-1 mod 2^(64k)` for odd n of k limbs, by Newton-Hensel lifting without division:
/// from the word inverse `x = n^-1 mod 2^64`, each step `x = x (2 - n x)` doubles the number
/// of correct limbs (1, 2, 4, ... up to k), each product a truncated low-half product.
///
/// Leaks: k only (the number of steps and every length depend on k alone).
pub fn neg_inverse_mod_r(n: &[Limb], n0: Limb) -> Vec<Limb> {
    let k = n.len();
    let mut x = vec![0; k];
    // n0 = -n^-1 mod 2^64, so -n0 is the inverse to one limb.
    x[0] = n0.wrapping_neg();
    let mut e = vec![0; k];
    let mut t = vec![0; k];
    let mut p = 1;
    while p < k {
        let p2 = (2 * p).min(k);
        // e = n x mod B^p2 = 1 + (multiple of B^p).
        half::mul_low(&mut e[..p2], &n[..p2], &x[..p2]);
        // e = 2 - e mod B^p2 = !e + 1 + 2 (two's complement negation, plus 2): add 3 to the
        // low limb, then propagate the carry (each step's sum is below 2^65: carry <= 1).
        let mut carry = 0;
        for (i, w) in e[..p2].iter_mut().enumerate() {
            let addend = if i == 0 { 3 } else { 0 };
            (*w, carry) = adc(!*w, addend, carry);
        }
        // x = x (2 - n x) mod B^p2: now right to 2p limbs (p2 limbs).
        half::mul_low(&mut t[..p2], &x[..p2], &e[..p2]);
        x[..p2].copy_from_slice(&t[..p2]);
        p = p2;
    }
    // N' = -x mod R.
    let mut carry = 1;
    for w in x.iter_mut() {
        (*w, carry) = adc(!*w, 0, carry);
    }
    e.zeroize();
    t.zeroize();
    x
}

/// `out = T / R mod n`, fully reduced, for `t` of 2k limbs with `T < n R` (so `U < 2n`).
/// `t` is overwritten. `scratch` has k limbs.
///
/// Leaks: k only.
pub fn reduce_wordwise(
    out: &mut [Limb],
    t: &mut [Limb],
    n: &[Limb],
    n0: Limb,
    scratch: &mut [Limb],
) {
    let k = n.len();
    debug_assert!(t.len() == 2 * k && out.len() == k);
    // Carry out of limb i + k, 0 or 1: at step i, t[i+k] + c + extra <= 2 (2^64 - 1) + 1.
    let mut extra = 0;
    for i in 0..k {
        // m makes t[i] + m n[0] = 0 mod 2^64 (n0 = -n^-1 mod 2^64).
        let m = t[i].wrapping_mul(n0);
        let c = mac_row(&mut t[i..i + k], n, m);
        (t[i + k], extra) = adc(t[i + k], c, extra);
    }
    // (extra : t[k..2k]) = (T + m n) / R < n R / R + n = 2n.
    out.copy_from_slice(&t[k..]);
    final_subtract(out, extra, n, scratch);
}

/// [`reduce_wordwise`] two quotient words at a time: rows i and i + 1 of `m n` are added in
/// the same pass, position by position, so their two carry chains run side by side instead of
/// one after the other (the word-by-word REDC is otherwise bound by the latency of one chain).
/// `t` is overwritten. `scratch` has k limbs.
///
/// Leaks: k only.
#[inline(always)]
pub fn reduce_wordwise_paired(
    out: &mut [Limb],
    t: &mut [Limb],
    n: &[Limb],
    n0: Limb,
    scratch: &mut [Limb],
) {
    let k = n.len();
    debug_assert!(t.len() == 2 * k && out.len() == k);
    // Carry into limb i + k at the start of step i, 0 or 1 (as in reduce_wordwise).
    let mut extra = 0;
    let mut i = 0;
    while i + 1 < k {
        // Row i: m0 clears limb i.
        let m0 = t[i].wrapping_mul(n0);
        let (_, ca) = mac(t[i], m0, n[0], 0);
        // Limb i + 1 after row i's first two products: m1 clears it.
        let (x1, mut ca) = mac(t[i + 1], m0, n[1], ca);
        let m1 = x1.wrapping_mul(n0);
        let (_, mut cb) = mac(x1, m1, n[0], 0);
        // Limb i + j gets m0 n[j] (chain A) then m1 n[j - 1] (chain B); each mac is at most
        // 2^128 - 1 (limb::mac), so both carries stay single words.
        for j in 2..k {
            let y;
            (y, ca) = mac(t[i + j], m0, n[j], ca);
            (t[i + j], cb) = mac(y, m1, n[j - 1], cb);
        }
        // Limb i + k: row i's last carry, the incoming carry, and row i + 1's last product.
        let (y, e1) = adc(t[i + k], ca, extra);
        (t[i + k], cb) = mac(y, m1, n[k - 1], cb);
        // Limb i + k + 1: row i + 1's carry; the carry out moves on to the next pair.
        (t[i + k + 1], extra) = adc(t[i + k + 1], cb, e1);
        i += 2;
    }
    if i < k {
        // Odd k: one last single row, as in reduce_wordwise.
        let m = t[i].wrapping_mul(n0);
        let c = mac_row(&mut t[i..i + k], n, m);
        (t[i + k], extra) = adc(t[i + k], c, extra);
    }
    // (extra : t[k..2k]) = (T + m n) / R < 2n.
    out.copy_from_slice(&t[k..]);
    final_subtract(out, extra, n, scratch);
}

/// [`reduce_wordwise`] for N limbs with constant loop bounds, so the compiler unrolls it: the
/// same word-by-word REDC, on an N-limb window of T that slides down one limb per step (the
/// step's low word is zero by the choice of m) and takes in the next limb of T at the top.
///
/// Leaks: N only.
pub fn reduce_wordwise_fixed<const N: usize>(
    out: &mut [Limb],
    t: &[Limb],
    n: &[Limb; N],
    n0: Limb,
    scratch: &mut [Limb],
) {
    debug_assert!(t.len() == 2 * N && out.len() == N);
    let mut w: [Limb; N] = t[..N].try_into().expect("N limbs");
    // Carry out of the window's top limb into the next limb of T, 0 or 1 (see reduce_wordwise).
    let mut extra = 0;
    for i in 0..N {
        let m = w[0].wrapping_mul(n0);
        // w[0] + m n[0] = 0 mod 2^64: only its carry is kept.
        let (_, mut c) = mac(w[0], m, n[0], 0);
        for j in 1..N {
            (w[j - 1], c) = mac(w[j], m, n[j], c);
        }
        (w[N - 1], extra) = adc(t[i + N], c, extra);
    }
    out.copy_from_slice(&w);
    final_subtract(out, extra, &n[..], scratch);
}

/// [`reduce_wordwise_paired`] for N limbs: the same code with a constant length, so the
/// compiler can unroll it.
///
/// Leaks: N only.
pub fn reduce_wordwise_paired_fixed<const N: usize>(
    out: &mut [Limb],
    t: &mut [Limb],
    n: &[Limb; N],
    n0: Limb,
    scratch: &mut [Limb],
) {
    reduce_wordwise_paired(&mut out[..N], &mut t[..2 * N], n, n0, scratch);
}

/// The product-then-REDC Montgomery variant.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct Redc {
    params: MontParams,
    /// -n^-1 mod R, k limbs.
    n_prime: Vec<Limb>,
    #[zeroize(skip)]
    reduction: Reduction,
}

impl Redc {
    /// Wrap the parameters of one modulus, with the reduction measured fastest for its size.
    ///
    /// Leaks: the size of n (N' is computed in time depending on k only).
    pub fn new(params: MontParams) -> Self {
        let reduction = Reduction::for_limbs(params.limbs());
        Self::with_reduction(params, reduction)
    }

    /// Wrap the parameters with a chosen reduction (tests, benchmarks).
    ///
    /// Leaks: the size of n.
    pub fn with_reduction(params: MontParams, reduction: Reduction) -> Self {
        let n_prime = neg_inverse_mod_r(&params.n, params.n0);
        Redc {
            params,
            n_prime,
            reduction,
        }
    }

    /// The reduction in use.
    ///
    /// Leaks: nothing secret; the reduction is chosen from the size alone.
    pub fn reduction(&self) -> Reduction {
        self.reduction
    }

    /// `out = T / R mod n` for the 2k-limb `T < n R` at the start of `scratch` (overwritten
    /// with garbage), fully reduced.
    fn reduce(&self, out: &mut [Limb], scratch: &mut [Limb]) {
        let k = self.params.limbs();
        let n = &self.params.n[..];
        let (t, rest) = scratch.split_at_mut(2 * k);
        match self.reduction {
            Reduction::Wordwise => {
                fn fixed<const N: usize>(
                    out: &mut [Limb],
                    t: &[Limb],
                    n: &[Limb],
                    n0: Limb,
                    scratch: &mut [Limb],
                ) {
                    reduce_wordwise_fixed::<N>(out, t, n.try_into().expect("N"), n0, scratch);
                }
                fn paired<const N: usize>(
                    out: &mut [Limb],
                    t: &mut [Limb],
                    n: &[Limb],
                    n0: Limb,
                    scratch: &mut [Limb],
                ) {
                    let n = n.try_into().expect("N");
                    reduce_wordwise_paired_fixed::<N>(out, t, n, n0, scratch);
                }
                // Measured (ns per reduction, one row a pass unrolled / two rows a pass /
                // two rows a pass with a constant length): k=8 46/71/51, k=16 155/179/168,
                // k=24 392/404/368, k=32 831/675/623, k=48 1961/1455/1362, k=64 3562/2537/2351.
                let n0 = self.params.n0;
                match k {
                    2 => fixed::<2>(out, t, n, n0, rest),
                    3 => fixed::<3>(out, t, n, n0, rest),
                    4 => fixed::<4>(out, t, n, n0, rest),
                    5 => fixed::<5>(out, t, n, n0, rest),
                    6 => fixed::<6>(out, t, n, n0, rest),
                    7 => fixed::<7>(out, t, n, n0, rest),
                    8 => fixed::<8>(out, t, n, n0, rest),
                    9 => fixed::<9>(out, t, n, n0, rest),
                    10 => fixed::<10>(out, t, n, n0, rest),
                    11 => fixed::<11>(out, t, n, n0, rest),
                    12 => fixed::<12>(out, t, n, n0, rest),
                    13 => fixed::<13>(out, t, n, n0, rest),
                    14 => fixed::<14>(out, t, n, n0, rest),
                    15 => fixed::<15>(out, t, n, n0, rest),
                    16 => fixed::<16>(out, t, n, n0, rest),
                    24 => paired::<24>(out, t, n, n0, rest),
                    32 => paired::<32>(out, t, n, n0, rest),
                    40 => paired::<40>(out, t, n, n0, rest),
                    48 => paired::<48>(out, t, n, n0, rest),
                    56 => paired::<56>(out, t, n, n0, rest),
                    64 => paired::<64>(out, t, n, n0, rest),
                    _ => reduce_wordwise_paired(out, t, n, n0, rest),
                }
            }
            Reduction::HalfProduct => {
                let (t_lo, t_hi) = t.split_at(k);
                let (q, rest) = rest.split_at_mut(k);
                let (qn, rest) = rest.split_at_mut(2 * k);
                // Step 1 (seed 002 eq. 1.2): q = (T mod R) N' mod R, a low-half product.
                half::mul_low_split(q, t_lo, &self.n_prime, rest);
                // Step 2: U = (T + q n) / R. By the choice of q, T + q n = 0 mod R; so the
                // low halves sum to 0 or exactly R: to R (a carry of 1 into the high half)
                // precisely when T mod R != 0, since both low halves are below R and q n mod R
                // = R - (T mod R) then. That carry is computed from T's low half, and only
                // the high half of q n is needed.
                // The full product through the length dispatch (unrolled Comba or Karatsuba) is
                // faster than a high-half-only column loop, which must still form every word
                // product for the carries.
                mul::product_with_scratch(qn, q, n, rest);
                let hi_qn = &qn[k..];
                let mut carry = (!ct::is_zero(t_lo)).unwrap_u8() as Limb;
                // U = T_hi + hi(q n) + carry < n^2 / R + n < 2n: at most one bit above k limbs.
                for i in 0..k {
                    (out[i], carry) = adc(t_hi[i], hi_qn[i], carry);
                }
                final_subtract(out, carry, n, rest);
            }
        }
    }
}

impl MontMul for Redc {
    fn params(&self) -> &MontParams {
        &self.params
    }
    fn scratch_len(&self) -> usize {
        let k = self.params.limbs();
        let kernels = mul::product_scratch_len(k)
            .max(mul::square_scratch_len(k))
            .max(half::mul_low_scratch_len(k))
            .max(k);
        // T (2k), q (k), q n (2k), then the kernels' scratch or the final subtraction's.
        5 * k + kernels
    }
    fn mul(&self, out: &mut [Limb], a: &[Limb], b: &[Limb], scratch: &mut [Limb]) {
        let k = self.params.limbs();
        let (t, rest) = scratch.split_at_mut(2 * k);
        mul::product_with_scratch(t, a, b, rest);
        self.reduce(out, scratch);
    }
    fn sqr(&self, out: &mut [Limb], a: &[Limb], scratch: &mut [Limb]) {
        let k = self.params.limbs();
        let (t, rest) = scratch.split_at_mut(2 * k);
        mul::square_with_scratch(t, a, rest);
        self.reduce(out, scratch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mul::oracle::{big, to_limbs};
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn params_of(n: &BigUint) -> MontParams {
        let bits = n.bits() as usize;
        let k = bits.div_ceil(64);
        MontParams::new(to_limbs(n, k), bits)
    }

    /// Moduli of `bits` bits: just below 2^bits, just above 2^(bits-1), a random odd one,
    /// and one with a random top limb over all-ones lower limbs.
    fn moduli(bits: usize, rng: &mut ChaCha8Rng) -> Vec<BigUint> {
        let one = BigUint::from(1u8);
        let pow = |e: usize| BigUint::from(1u8) << e;
        let k = bits.div_ceil(64);
        let random: Vec<u64> = (0..k).map(|_| rng.gen()).collect();
        let mut random = big(&random) % pow(bits);
        random |= pow(bits - 1) | &one;
        let mut out = vec![pow(bits) - &one, random];
        if bits >= 3 {
            out.push(pow(bits - 1) + &one);
            out.push(pow(bits - 1) + BigUint::from(3u8));
        }
        out
    }

    #[test]
    fn n_prime_is_minus_inverse() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        for k in 1..=70 {
            for n in moduli(64 * k, &mut rng) {
                let p = params_of(&n);
                let np = neg_inverse_mod_r(&p.n, p.n0);
                let r = BigUint::from(1u8) << (64 * k);
                assert_eq!((&n * big(&np)) % &r, &r - 1u8, "k={k}");
            }
        }
    }

    #[test]
    fn mul_and_sqr_against_oracle() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        // Every bit length 2..=130, every limb count to 70, the length-specific sizes and
        // their neighbours, and 8192 bits (128 limbs, where the half product splits twice).
        let mut sizes: Vec<usize> = (2..=130).chain((3..=70).map(|k| 64 * k)).collect();
        sizes.extend([
            192, 224, 255, 257, 384, 521, 1023, 2047, 3072, 4095, 4097, 6143, 8191, 8192, 8255,
        ]);
        for bits in sizes {
            let k = bits.div_ceil(64);
            let r = BigUint::from(1u8) << (64 * k);
            for n in moduli(bits, &mut rng) {
                let nm1 = &n - 1u8;
                let rand_below = |rng: &mut ChaCha8Rng| {
                    let v: Vec<u64> = (0..k + 1).map(|_| rng.gen()).collect();
                    big(&v) % &n
                };
                let values = [
                    BigUint::from(0u8),
                    BigUint::from(1u8),
                    nm1.clone(),
                    &nm1 - (&nm1 >> 1),
                    rand_below(&mut rng),
                    rand_below(&mut rng),
                ];
                for reduction in [Reduction::Wordwise, Reduction::HalfProduct] {
                    let m = Redc::with_reduction(params_of(&n), reduction);
                    let mut scratch = vec![0; m.scratch_len()];
                    let mut out = vec![0; k];
                    for (i, a) in values.iter().enumerate() {
                        let al = to_limbs(a, k);
                        // out * R = a * b mod n, and out < n.
                        for b in values[i..].iter().chain([&nm1]) {
                            m.mul(&mut out, &al, &to_limbs(b, k), &mut scratch);
                            let got = big(&out);
                            assert!(got < n, "not reduced: bits={bits} {reduction:?}");
                            assert_eq!(
                                (got * &r) % &n,
                                (a * b) % &n,
                                "mul bits={bits} {reduction:?}"
                            );
                        }
                        m.sqr(&mut out, &al, &mut scratch);
                        let got = big(&out);
                        assert!(got < n, "sqr not reduced: bits={bits} {reduction:?}");
                        assert_eq!(
                            (got * &r) % &n,
                            (a * a) % &n,
                            "sqr bits={bits} {reduction:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn fixed_wordwise_matches_generic() {
        fn case<const N: usize>(rng: &mut ChaCha8Rng) {
            for n in moduli(64 * N, rng) {
                let p = params_of(&n);
                for _ in 0..4 {
                    // T < n R: a product of two values below n.
                    let a: Vec<u64> = (0..N).map(|_| rng.gen()).collect();
                    let b: Vec<u64> = (0..N).map(|_| rng.gen()).collect();
                    let (a, b) = (big(&a) % &n, big(&b) % &n);
                    let t = to_limbs(&(&a * &b), 2 * N);
                    let (mut o1, mut o2, mut s) = (vec![0; N], vec![0; N], vec![0; N]);
                    reduce_wordwise(&mut o1, &mut t.clone(), &p.n, p.n0, &mut s);
                    let mut o3 = vec![0; N];
                    reduce_wordwise_paired(&mut o3, &mut t.clone(), &p.n, p.n0, &mut s);
                    assert_eq!(o1, o3, "paired N={N}");
                    reduce_wordwise_paired_fixed::<N>(
                        &mut o3,
                        &mut t.clone(),
                        p.n[..].try_into().unwrap(),
                        p.n0,
                        &mut s,
                    );
                    assert_eq!(o1, o3, "paired fixed N={N}");
                    reduce_wordwise_fixed::<N>(
                        &mut o2,
                        &t,
                        p.n[..].try_into().unwrap(),
                        p.n0,
                        &mut s,
                    );
                    assert_eq!(o1, o2, "N={N}");
                }
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        case::<1>(&mut rng);
        case::<3>(&mut rng);
        case::<4>(&mut rng);
        case::<6>(&mut rng);
        case::<8>(&mut rng);
        case::<9>(&mut rng);
        case::<12>(&mut rng);
        case::<16>(&mut rng);
        case::<2>(&mut rng);
        case::<5>(&mut rng);
        case::<17>(&mut rng);
        case::<24>(&mut rng);
        case::<33>(&mut rng);
    }

    #[test]
    fn pow_matches_cios_and_oracle() {
        use crate::{Algorithm, Modulus, Nat};
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        for bits in [64, 192, 256, 521, 1024, 2048, 3072] {
            for n in moduli(bits, &mut rng).into_iter().take(2) {
                let k = bits.div_ceil(64);
                let base: Vec<u64> = (0..k).map(|_| rng.gen()).collect();
                let exp: Vec<u64> = (0..4).map(|_| rng.gen()).collect();
                let want = big(&base).modpow(&big(&exp), &n);
                let nn = Nat::from_limbs(to_limbs(&n, k));
                let (b, e) = (Nat::from_limbs(base.clone()), Nat::from_limbs(exp.clone()));
                let redc = Modulus::with_algorithm(&nn, Algorithm::Redc).unwrap();
                assert_eq!(redc.algorithm(), Algorithm::Redc);
                assert_eq!(big(redc.pow(&b, &e).as_limbs()), want, "bits={bits}");
                assert_eq!(
                    big(redc.pow_ladder(&b, &e).as_limbs()),
                    want,
                    "ladder bits={bits}"
                );
            }
        }
    }
}
