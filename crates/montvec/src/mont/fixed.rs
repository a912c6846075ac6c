//! Portable length-specific Montgomery kernels: CIOS (seed 000 Alg. 1) and a dedicated
//! squaring (triangle, doubling, diagonal, then REDC; seed 000 §2.3), written over
//! `[Limb; N]` with N a const generic so the compiler unrolls and keeps the limb loops in
//! registers. Instantiated for N = 4, 8, 16, 24, 32, 48, 64 (256 to 4096 bits).
//!
//! Leaks: N only. No branch or index depends on a limb value.

use crate::ct;
use crate::limb::{adc, mac, sbb, Limb};
use crate::mont::params::MontParams;
use crate::mont::MontMul;

/// Limb counts with a fixed-size kernel.
pub const SIZES: [usize; 7] = [4, 8, 16, 24, 32, 48, 64];

/// Whether `k` limbs have a fixed-size kernel.
pub fn has_kernel(k: usize) -> bool {
    SIZES.contains(&k)
}

/// `out = a * b / R mod n` by CIOS over N limbs, fully reduced; a, b < n.
///
/// Leaks: N only.
pub fn mont_mul<const N: usize>(
    out: &mut [Limb; N],
    a: &[Limb; N],
    b: &[Limb; N],
    n: &[Limb; N],
    n0: Limb,
) {
    let mut t = [0; N];
    // t = (hi : t) < a + n < 2n (seed 000 Alg. 1 invariant), so hi <= 1.
    let mut hi: Limb = 0;
    for &bi in b {
        // Step 2: t += a * b[i]; each mac <= 2^128 - 1.
        let mut c = 0;
        for j in 0..N {
            (t[j], c) = mac(t[j], a[j], bi, c);
        }
        let (t_n, t_n1) = adc(hi, c, 0);
        // Steps 3-4: q = t[0] n', t = (t + q n) / 2^64.
        let q = t[0].wrapping_mul(n0);
        let (_, mut c) = mac(t[0], q, n[0], 0);
        for j in 1..N {
            (t[j - 1], c) = mac(t[j], q, n[j], c);
        }
        let (top, c2) = adc(t_n, c, 0);
        t[N - 1] = top;
        // t_n1 + c2 <= 1 by the invariant.
        hi = t_n1 + c2;
    }
    subtract_final(out, &t, hi, n);
}

/// `out = a^2 / R mod n` over N limbs: the square's off-diagonal triangle once, doubled, plus
/// the diagonal, then REDC of the 2N-limb square. `wide` has at least 2N limbs.
///
/// Leaks: N only.
pub fn mont_sqr<const N: usize>(
    out: &mut [Limb; N],
    a: &[Limb; N],
    n: &[Limb; N],
    n0: Limb,
    wide: &mut [Limb],
) {
    let t = &mut wide[..2 * N];
    t.fill(0);
    // Triangle: row i adds a[i] * a[i+1..N] at limb 2i+1; its top word lands at i+N, not yet
    // written by earlier rows.
    for i in 0..N {
        let mut c = 0;
        for j in i + 1..N {
            (t[i + j], c) = mac(t[i + j], a[i], a[j], c);
        }
        t[i + N] = c;
    }
    // Double (shift left one bit) and add a[i]^2 at limb 2i; the total a^2 < 2^(128N).
    let mut top = 0;
    let mut carry = 0;
    for i in 0..N {
        let (lo, hi) = crate::limb::mul_wide(a[i], a[i]);
        let (x0, x1) = (t[2 * i], t[2 * i + 1]);
        let d0 = (x0 << 1) | top;
        let d1 = (x1 << 1) | (x0 >> 63);
        top = x1 >> 63;
        (t[2 * i], carry) = adc(d0, lo, carry);
        (t[2 * i + 1], carry) = adc(d1, hi, carry);
    }
    // REDC (seed 000 §2.1): row i adds q n at limb i, clearing t[i]; its top word plus the
    // previous row's carry bit go to t[i+N], whose carry out (at most 1) is the next bit.
    let mut bit = 0;
    for i in 0..N {
        let q = t[i].wrapping_mul(n0);
        let (_, mut c) = mac(t[i], q, n[0], 0);
        for j in 1..N {
            (t[i + j], c) = mac(t[i + j], q, n[j], c);
        }
        // c + bit <= 2^64 and the sum's carry plus t[i+N]'s carry is at most 1 in total.
        let (s, c1) = adc(c, bit, 0);
        let (s, c2) = adc(t[i + N], s, 0);
        t[i + N] = s;
        bit = c1 + c2;
    }
    let mut hi_part = [0; N];
    hi_part.copy_from_slice(&t[N..]);
    subtract_final(out, &hi_part, bit, n);
}

/// `out = (hi : t) mod n` for `(hi : t) < 2n`: subtract n, keep the difference unless it
/// borrowed past hi. Masked, never branched.
fn subtract_final<const N: usize>(out: &mut [Limb; N], t: &[Limb; N], hi: Limb, n: &[Limb; N]) {
    let mut borrow = 0;
    for j in 0..N {
        (out[j], borrow) = sbb(t[j], n[j], borrow);
    }
    let (_, borrow) = sbb(hi, 0, borrow);
    ct::conditional_assign(out, t, ct::choice_from_bit(borrow));
}

/// The portable fixed-size variant.
#[derive(Clone)]
pub struct FixedMont {
    params: MontParams,
}

impl FixedMont {
    /// The fixed kernels for `params`, or `None` when the limb count has none.
    pub fn new(params: MontParams) -> Option<Self> {
        has_kernel(params.limbs()).then_some(FixedMont { params })
    }
}

fn arr<const N: usize>(x: &[Limb]) -> &[Limb; N] {
    x.try_into().expect("operand has N limbs")
}

fn arr_mut<const N: usize>(x: &mut [Limb]) -> &mut [Limb; N] {
    x.try_into().expect("operand has N limbs")
}

macro_rules! dispatch {
    ($k:expr, $n:ident => $body:expr) => {
        match $k {
            4 => {
                const $n: usize = 4;
                $body
            }
            8 => {
                const $n: usize = 8;
                $body
            }
            16 => {
                const $n: usize = 16;
                $body
            }
            24 => {
                const $n: usize = 24;
                $body
            }
            32 => {
                const $n: usize = 32;
                $body
            }
            48 => {
                const $n: usize = 48;
                $body
            }
            64 => {
                const $n: usize = 64;
                $body
            }
            k => unreachable!("no fixed kernel for {k} limbs (FixedMont::new checks)"),
        }
    };
}

impl MontMul for FixedMont {
    fn params(&self) -> &MontParams {
        &self.params
    }
    fn scratch_len(&self) -> usize {
        2 * self.params.limbs()
    }
    fn mul(&self, out: &mut [Limb], a: &[Limb], b: &[Limb], _scratch: &mut [Limb]) {
        let n = &self.params.n[..];
        dispatch!(n.len(), N => mont_mul::<N>(arr_mut(out), arr(a), arr(b), arr(n), self.params.n0))
    }
    fn sqr(&self, out: &mut [Limb], a: &[Limb], scratch: &mut [Limb]) {
        let n = &self.params.n[..];
        dispatch!(n.len(), N => mont_sqr::<N>(arr_mut(out), arr(a), arr(n), self.params.n0, scratch))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mont::cios;
    use crate::mul::oracle::{big, to_limbs};
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn fixed_kernels_match_cios_and_oracle() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for k in SIZES {
            let mut mods = vec![vec![u64::MAX; k]];
            let mut half = vec![0; k];
            half[0] = 1;
            half[k - 1] = 1 << 63;
            mods.push(half);
            for _ in 0..4 {
                let mut n: Vec<Limb> = (0..k).map(|_| rng.gen()).collect();
                n[0] |= 1;
                n[k - 1] |= 1;
                mods.push(n);
            }
            for n in mods {
                let nb = big(&n);
                let m = FixedMont::new(MontParams::new(n.clone(), nb.bits() as usize)).unwrap();
                let mut ops = vec![
                    vec![0; k],
                    to_limbs(&BigUint::from(1u8), k),
                    to_limbs(&(&nb - 1u8), k),
                ];
                for _ in 0..5 {
                    let r: Vec<Limb> = (0..k).map(|_| rng.gen()).collect();
                    ops.push(to_limbs(&(big(&r) % &nb), k));
                }
                let mut scratch = vec![0xabcd; m.scratch_len()];
                let mut s = vec![0; k];
                let (mut got, mut want) = (vec![0; k], vec![0; k]);
                for a in &ops {
                    for b in &ops {
                        m.mul(&mut got, a, b, &mut scratch);
                        cios::mont_mul(&mut want, a, b, &n, m.params.n0, &mut s);
                        assert_eq!(got, want, "mul k={k}");
                        let g = big(&got);
                        assert!(g < nb);
                        assert_eq!((g << (64 * k)) % &nb, (big(a) * big(b)) % &nb);
                    }
                    m.sqr(&mut got, a, &mut scratch);
                    cios::mont_mul(&mut want, a, a, &n, m.params.n0, &mut s);
                    assert_eq!(got, want, "sqr k={k}");
                }
            }
        }
    }
}
