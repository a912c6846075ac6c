//! Shared test support: conversions between `Nat` and the `num-bigint` oracle, seeded
//! generators of moduli and operands, and the list of (algorithm, backend) pairs under test.
//!
//! Every test builds its moduli through [`moduli`], which yields one `Modulus` per entry of
//! `Algorithm::CONCRETE` x the backends under test, plus `Modulus::new` (automatic algorithm,
//! active backend). New algorithms and backends are picked up without touching the tests.
//!
//! The backends under test are `Backend::supported()`, or only the forced one when
//! `MONTVEC_BACKEND` is set (so `MONTVEC_BACKEND=portable cargo test` checks the portable
//! path alone, and `scripts/test` splits the work by backend).
#![allow(dead_code)]

use montvec::{Algorithm, Backend, Modulus, MontElem, Nat};
use num_bigint::BigUint;
use num_traits::One;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `Nat` to the oracle's type.
pub fn to_big(x: &Nat) -> BigUint {
    limbs_to_big(x.as_limbs())
}

/// Little-endian 64-bit limbs to the oracle's type.
pub fn limbs_to_big(limbs: &[u64]) -> BigUint {
    let mut digits = Vec::with_capacity(limbs.len() * 2);
    for &w in limbs {
        digits.push(w as u32);
        digits.push((w >> 32) as u32);
    }
    BigUint::new(digits)
}

/// The oracle's type to a `Nat` of exactly `limbs` limbs (`limbs` large enough).
pub fn from_big(x: &BigUint, limbs: usize) -> Nat {
    let mut v = x.to_u64_digits();
    assert!(v.len() <= limbs, "value does not fit {limbs} limbs");
    v.resize(limbs, 0);
    Nat::from_limbs(v)
}

/// The oracle's type to a `Nat` of the fewest limbs that hold it (one for zero).
pub fn nat(x: &BigUint) -> Nat {
    from_big(x, x.to_u64_digits().len().max(1))
}

/// Limb count k of a modulus of `bits` bits.
pub fn limbs_for(bits: usize) -> usize {
    bits.div_ceil(64)
}

/// R = 2^(64k) for the modulus `n`.
pub fn r_for(n: &BigUint) -> BigUint {
    BigUint::one() << (64 * limbs_for(n.bits() as usize))
}

/// `x * R mod n`: the Montgomery form the library must produce, fully reduced.
pub fn mont_form(x: &BigUint, n: &BigUint) -> BigUint {
    (x * r_for(n)) % n
}

/// `x * R^-1 mod n`: the ordinary value of the Montgomery form `x`.
pub fn mont_value(x: &BigUint, n: &BigUint) -> BigUint {
    let r_inv = (r_for(n) % n).modinv(n).expect("n odd, so R is invertible");
    (x * r_inv) % n
}

/// A seeded RNG, so failures reproduce.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A random value of exactly `bits` bits (top bit set), as the oracle's type.
pub fn random_bits(rng: &mut impl Rng, bits: usize) -> BigUint {
    assert!(bits >= 1);
    let words = bits.div_ceil(64);
    let mut v: Vec<u64> = (0..words).map(|_| rng.gen()).collect();
    let top = bits - 64 * (words - 1);
    v[words - 1] &= if top == 64 {
        u64::MAX
    } else {
        (1u64 << top) - 1
    };
    v[words - 1] |= 1u64 << (top - 1);
    limbs_to_big(&v)
}

/// A random odd modulus of exactly `bits` bits (bits >= 2).
pub fn random_odd_modulus(rng: &mut impl Rng, bits: usize) -> BigUint {
    random_bits(rng, bits) | BigUint::one()
}

/// A random value below `n`.
pub fn random_below(rng: &mut impl Rng, n: &BigUint) -> BigUint {
    let bits = n.bits() as usize;
    random_bits(rng, bits + 64) % n
}

/// The backends under test: the one `MONTVEC_BACKEND` forces, or every supported one.
pub fn backends() -> Vec<Backend> {
    match std::env::var("MONTVEC_BACKEND") {
        Ok(name) if !name.is_empty() => {
            let active = Backend::active().unwrap_or_else(|e| {
                panic!("MONTVEC_BACKEND={name:?} is not usable on this machine: {e}")
            });
            vec![active]
        }
        _ => Backend::supported(),
    }
}

/// Every concrete algorithm on every backend under test that runs it.
pub fn configs() -> Vec<(Algorithm, Backend)> {
    let mut out = Vec::new();
    for b in backends() {
        for a in Algorithm::CONCRETE {
            if a.runs_on(b) {
                out.push((a, b));
            }
        }
    }
    out
}

/// `check(algorithm, backend)` for every pair of [`configs`], the pairs dealt in turn to one
/// thread per core: for a test whose cases are too few to spread over the harness's threads
/// but too slow to check every pair on one core. A failing pair's panic fails the test.
pub fn each_config_in_parallel(check: impl Fn(Algorithm, Backend) + Sync) {
    let configs = configs();
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, configs.len().max(1));
    std::thread::scope(|scope| {
        for w in 0..workers {
            let (configs, check) = (&configs, &check);
            scope.spawn(move || {
                for &(a, b) in configs.iter().skip(w).step_by(workers) {
                    check(a, b);
                }
            });
        }
    });
}

/// One prepared modulus per (algorithm, backend) under test, plus `Modulus::new` (automatic
/// algorithm on the active backend), each with a label for assertion messages.
pub fn moduli(n: &BigUint) -> Vec<(String, Modulus)> {
    let k = limbs_for(n.bits() as usize);
    let nn = from_big(n, k);
    let mut out = Vec::new();
    for (a, b) in configs() {
        let m = Modulus::with_options(&nn, a, b)
            .unwrap_or_else(|e| panic!("with_options({a}, {b}) rejected n = {n:x}: {e}"));
        assert_eq!(m.algorithm(), a);
        assert_eq!(m.backend(), b);
        out.push((format!("{a}/{b}"), m));
    }
    let m = Modulus::new(&nn).unwrap_or_else(|e| panic!("Modulus::new rejected n = {n:x}: {e}"));
    assert_ne!(
        m.algorithm(),
        Algorithm::Auto,
        "Modulus::algorithm() must be concrete"
    );
    out.push((format!("new({}/{})", m.algorithm(), m.backend()), m));
    out
}

/// Modulus sizes in bits where length-specific code may live, each with one limb either
/// side, an odd size inside each limb count, the padded kernels' limb counts, and the largest
/// size we test (8192).
pub fn specialised_sizes() -> Vec<usize> {
    let mut v = Vec::new();
    for limbs in [4usize, 8, 16, 24, 32, 48, 64] {
        for l in [limbs - 1, limbs, limbs + 1] {
            v.push(64 * l);
            v.push(64 * l - 1);
        }
    }
    // CIOS on the ADX kernels with n padded by zero limbs: to 4 or 8 limbs at 2-3 and 5-7,
    // and to the next row kernel from 13 limbs where 3K <= 4k (the ends of those ranges that
    // the kernel sizes' neighbours above do not already cover: 12 | 13, 17 | 18, 35 | 36).
    for limbs in [2usize, 3, 5, 6, 7, 12, 13, 18, 35, 36] {
        v.extend([64 * limbs - 1, 64 * limbs]);
    }
    // IFMA (radix 2^52, 8 digits a register, d = ceil((bits + 2) / 52) digits): one, two and
    // sixteen registers (the last size of the in-register kernel) and one digit either side.
    for regs in [1usize, 2, 16] {
        let bits = 416 * regs - 2;
        v.extend([bits - 52, bits - 1, bits, bits + 1]);
    }
    v.push(8191);
    v.push(8192);
    v.sort_unstable();
    v.dedup();
    v
}

/// Moduli at the final-subtraction boundary for a `bits`-bit size: just below 2^bits
/// (2^bits - 1, 2^bits - 3, ...) and just above 2^(bits-1) (2^(bits-1) + 1, + 3).
pub fn boundary_moduli(bits: usize) -> Vec<BigUint> {
    let top = BigUint::one() << bits;
    let half = BigUint::one() << (bits - 1);
    let mut v = vec![&top - 1u32];
    if bits >= 3 {
        v.push(&top - 3u32);
        v.push(&half + 1u32);
    }
    if bits >= 4 {
        v.push(&half + 3u32);
    }
    v.sort();
    v.dedup();
    v
}

/// The two ends of [`boundary_moduli`]: 2^(bits-1) + 1 and 2^bits - 1, the moduli nearest
/// half of R and nearest R (where the final subtraction is taken most often), for tests that
/// can afford only two.
pub fn boundary_ends(bits: usize) -> Vec<BigUint> {
    let mut v = boundary_moduli(bits);
    let top = v.pop().expect("2^bits - 1 is always listed");
    v.truncate(1);
    v.push(top);
    v.dedup();
    v
}

/// Algorithms whose `MontElem` words are a form of their own rather than the shared x*R mod n
/// in k limbs below n (IFMA: 52-bit digits below 2n); the tests check those through values
/// only. Every other algorithm must keep the shared form exactly, fully reduced, except CIOS
/// on the ADX kernels at the padded limb counts (see [`padded_cios`]).
const OWN_FORM: [&str; 1] = ["ifma"];

/// Whether `m` runs CIOS on the ADX kernels with n padded by zero limbs to K limbs, in the
/// form x*R' mod n for R' = 2^(64 K): at 9, 11, 13-15, 17-19, 21-23, 25-31, 33-39, 41-47,
/// 49-55, 57-63, 65-79, 81-95 and 97-127 limbs (K = 10, 12, 16, 20, 24, 32, 40, 48, 56, 64,
/// 80, 96, 128; `mont::adx::padded`;
/// 2 to 8 limbs have fused kernels of their own), on the backends that use the ADX kernels,
/// on CPUs that have them.
fn padded_cios(m: &Modulus) -> bool {
    padded_limbs(m).is_some()
}

/// K for a modulus that [`padded_cios`] runs padded.
fn padded_limbs(m: &Modulus) -> Option<usize> {
    let runs_padded = cfg!(all(target_arch = "x86_64", target_os = "linux"))
        && m.algorithm() == Algorithm::Cios
        && matches!(m.backend(), Backend::Adx | Backend::Avx2 | Backend::Ifma)
        && montvec::backend::AdxToken::detect().is_some();
    if !runs_padded {
        return None;
    }
    match m.limbs() {
        9 => Some(10),
        11 => Some(12),
        13..=15 => Some(16),
        17..=19 => Some(20),
        21..=23 => Some(24),
        25..=31 => Some(32),
        33..=39 => Some(40),
        41..=47 => Some(48),
        49..=55 => Some(56),
        57..=63 => Some(64),
        65..=79 => Some(80),
        81..=95 => Some(96),
        97..=127 => Some(128),
        _ => None,
    }
}

/// The R of `m`'s own element form: 2^(52 d) with d = ceil((bits + 2) / 52) for the IFMA
/// variant, 2^(64 K) for CIOS padded to K limbs (see [`padded_cios`]), else the shared
/// 2^(64 k). The element of value x * R^-1 mod n then holds the representation x (or, for
/// IFMA, whose elements lie in [0, 2n), possibly x + n).
pub fn own_r(m: &Modulus, n: &BigUint) -> BigUint {
    let bits = n.bits() as usize;
    if m.algorithm().name() == "ifma" {
        return BigUint::one() << (52 * (bits + 2).div_ceil(52));
    }
    match padded_limbs(m) {
        Some(padded) => BigUint::one() << (64 * padded),
        None => r_for(n),
    }
}

/// Whether `m` keeps elements in the shared form x*R mod n, k limbs, below n.
pub fn shared_form(m: &Modulus) -> bool {
    !OWN_FORM.contains(&m.algorithm().name()) && !padded_cios(m)
}

/// `e` is the element of value `x mod n`: by value, by its standard form (the canonical, fully
/// reduced x*R mod n), and word for word as that form when `m` keeps the shared form.
pub fn assert_elem(m: &Modulus, e: &MontElem, x: &BigUint, n: &BigUint, ctx: &str) {
    let value = to_big(&m.from_montgomery(e).unwrap());
    assert_eq!(value, x % n, "{ctx}: value, n = {n:x}");
    let standard = m.to_standard_form(e).unwrap();
    assert_eq!(
        standard.limb_len(),
        limbs_for(n.bits() as usize),
        "{ctx}: standard length"
    );
    assert_eq!(
        to_big(&standard),
        mont_form(x, n),
        "{ctx}: standard form (x*R mod n, fully reduced), n = {n:x}"
    );
    if shared_form(m) {
        assert_eq!(
            e.as_words().len(),
            limbs_for(n.bits() as usize),
            "{ctx}: length"
        );
        assert_eq!(
            limbs_to_big(e.as_words()),
            mont_form(x, n),
            "{ctx}: words (x*R mod n, fully reduced), n = {n:x}"
        );
    }
}
