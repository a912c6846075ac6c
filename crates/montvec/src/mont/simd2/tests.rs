//! The D - E kernels against `num-bigint`: every k from 1 to 70 and a few larger, moduli at
//! the edges (all ones, just above a power of two, a zero top digit), the invariants of
//! Alg. 2 (D, E < m; D - E = a b / R mod m), the negative D - E case and its masked
//! correction, and the SIMD kernels lane for lane against the portable one.

use num_bigint::BigUint;
use num_traits::One;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::mul::oracle::{big, to_limbs};

fn sizes() -> impl Iterator<Item = usize> {
    (1..=70).chain([96, 128])
}

/// Moduli of exactly k limbs: all ones, 2^(64k-1) + 1, one whose top 32-bit digit is zero
/// (so Alg. 2's n = 2k digits exceed the modulus's), and a random one.
fn moduli(rng: &mut ChaCha8Rng, k: usize) -> Vec<BigUint> {
    let w = 64 * k;
    let one = BigUint::one();
    let random = big(&(0..k).map(|_| rng.gen()).collect::<Vec<Limb>>());
    vec![
        (&one << w) - 1u32,
        (&one << (w - 1)) + 1u32,
        (&random >> 32u32) | &one | (&one << (w - 33)),
        random | &one | (&one << (w - 1)),
    ]
}

/// Operands below m: 0, 1, m - 1, m - 2 and two random ones.
fn operands(rng: &mut ChaCha8Rng, m: &BigUint) -> Vec<BigUint> {
    let mut v = vec![BigUint::from(0u32), BigUint::one(), m - 1u32, m - 2u32];
    let k = m.bits().div_ceil(64) as usize;
    for _ in 0..2 {
        v.push(big(&(0..k).map(|_| rng.gen()).collect::<Vec<Limb>>()) % m);
    }
    v
}

fn params(m: &BigUint, k: usize) -> MontParams {
    MontParams::new(to_limbs(m, k), m.bits() as usize)
}

/// R^-1 mod m for R = 2^(64k).
fn r_inv(m: &BigUint, k: usize) -> BigUint {
    ((BigUint::one() << (64 * k)) % m).modinv(m).unwrap()
}

/// Products and squares of kernel `K`, fully reduced, against the oracle; returns how many
/// products had D < E, the case the masked addition of m repairs.
fn check_kernel<P: LanePair>(name: &str, seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut negative = 0;
    for k in sizes() {
        for m in moduli(&mut rng, k) {
            let v = Simd2::<P>::new(params(&m, k));
            let mut scratch = vec![0; v.scratch_len()];
            let xs = operands(&mut rng, &m);
            let r_inv = r_inv(&m, k);
            for a in &xs {
                for b in &xs {
                    let (al, bl) = (to_limbs(a, k), to_limbs(b, k));
                    let ctx = || format!("{name}: k = {k}, m = {m:x}, a = {a:x}, b = {b:x}");
                    // Alg. 2's invariants before the last step.
                    let (mut d, mut e) = (vec![0; k], vec![0; k]);
                    v.split(&mut d, &mut e, &al, &bl, &mut scratch[2 * k..]);
                    let (db, eb) = (big(&d), big(&e));
                    assert!(db < m && eb < m, "D, E < m: {}", ctx());
                    let w = a * b * &r_inv % &m;
                    assert_eq!((&db + &m - &eb) % &m, w, "D - E: {}", ctx());
                    negative += usize::from(db < eb);
                    // The full product, fully reduced: D - E + m exactly when D < E.
                    let mut out = vec![0; k];
                    v.mul(&mut out, &al, &bl, &mut scratch);
                    assert_eq!(big(&out), w, "mul: {}", ctx());
                    if a == b {
                        v.sqr(&mut out, &al, &mut scratch);
                        assert_eq!(big(&out), w, "sqr: {}", ctx());
                    }
                }
            }
        }
    }
    negative
}

/// The portable kernel against the oracle. The count makes sure the negative D - E case is
/// exercised: with the masked addition of m removed, those products would come out as
/// D - E + R instead of D - E + m and fail the comparison.
#[test]
fn portable_matches_oracle() {
    let negative = check_kernel::<[u64; 2]>("portable", 1);
    assert!(negative > 100, "only {negative} products had D < E");
}

#[cfg(target_arch = "x86_64")]
#[test]
fn sse2_matches_oracle() {
    let negative = check_kernel::<core::arch::x86_64::__m128i>("sse2", 2);
    assert!(negative > 100, "only {negative} products had D < E");
}

/// A product whose D - E is negative, chosen outright: with a = 1 and b = 1 on m = 2^64 - 59
/// (k = 1), D - E = 1 / R mod m, and Alg. 2 leaves D < E. Removing the masked addition
/// leaves R - (E - D) instead of m - (E - D).
#[test]
fn negative_difference_is_corrected() {
    let m = BigUint::from(u64::MAX - 58);
    let v = Portable::new(params(&m, 1));
    let mut scratch = vec![0; v.scratch_len()];
    let (mut d, mut e) = ([0], [0]);
    v.split(&mut d, &mut e, &[1], &[1], &mut scratch[2..]);
    assert!(d[0] < e[0], "D = {:#x}, E = {:#x}", d[0], e[0]);
    let mut out = [0];
    v.mul(&mut out, &[1], &[1], &mut scratch);
    assert_eq!(big(&out), r_inv(&m, 1));
    assert_eq!(
        out[0],
        (d[0].wrapping_sub(e[0])).wrapping_add(m.to_u64_digits()[0])
    );
}

/// The kernel on the SSE2 pair leaves exactly the lanes it leaves on the plain-Rust pair, for
/// `a` of any value up to R - 1.
#[cfg(target_arch = "x86_64")]
#[test]
fn sse2_pair_equals_portable_pair() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for k in sizes() {
        for m in moduli(&mut rng, k) {
            let ml = to_limbs(&m, k);
            let mu = (crate::mont::params::neg_inverse_mod_word(ml[0]) as u32).wrapping_neg();
            let a: Vec<Limb> = (0..k).map(|_| rng.gen()).collect();
            let b = to_limbs(
                &(big(&(0..k).map(|_| rng.gen()).collect::<Vec<_>>()) % &m),
                k,
            );
            let mut bm = vec![0; 4 * k];
            layout::spread(&mut bm, &b, &ml);
            let mu_b0 = mu.wrapping_mul(b[0] as u32);
            let (bm, []) = bm.as_chunks::<2>() else {
                unreachable!()
            };
            let (mut want, mut got) = (vec![[0; 2]; 2 * k], vec![[0; 2]; 2 * k]);
            kernel::d_and_e::<[u64; 2]>(&mut want, &a, bm, mu, mu_b0);
            kernel::d_and_e::<core::arch::x86_64::__m128i>(&mut got, &a, bm, mu, mu_b0);
            assert_eq!(got, want, "k = {k}, m = {m:x}");
        }
    }
}

/// Exponentiation through `Modulus` with `Algorithm::Simd2` on every supported backend.
#[test]
fn modulus_with_simd2_algorithm() {
    use crate::{Algorithm, Backend, Modulus, Nat};
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for backend in Backend::supported() {
        for k in [1, 2, 3, 8, 17, 32] {
            for m in moduli(&mut rng, k) {
                let n = Nat::from_limbs(to_limbs(&m, k));
                let md = Modulus::with_options(&n, Algorithm::Simd2, backend).unwrap();
                assert_eq!(md.algorithm(), Algorithm::Simd2);
                let base = big(&(0..k).map(|_| rng.gen()).collect::<Vec<Limb>>()) % &m;
                let expo = big(&[rng.gen(), rng.gen()]);
                let y = md.pow(
                    &Nat::from_limbs(to_limbs(&base, k)),
                    &Nat::from_limbs(to_limbs(&expo, 2)),
                );
                assert_eq!(
                    big(y.as_limbs()),
                    base.modpow(&expo, &m),
                    "{backend}, k = {k}"
                );
            }
        }
    }
}
