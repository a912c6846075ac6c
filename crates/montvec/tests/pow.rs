//! Modular exponentiation: `pow`, `pow_window`, `pow_ladder` and `pow_vartime` against
//! `BigUint::modpow`, for every (algorithm, backend) and `Modulus::new`, at every bit length
//! 2..=130 and the specialised sizes up to 8192, with edge bases and exponents.

mod common;
use common::*;

use montvec::{Modulus, Nat};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;
use rand::Rng as _;

type PowFn = fn(&Modulus, &Nat, &Nat) -> Nat;

/// The four exponentiations, by name: `pow` (the variant's preferred constant-time schedule),
/// `pow_window`, `pow_ladder` and `pow_vartime`.
const POWS: [(&str, PowFn); 4] = [
    ("pow", Modulus::pow),
    ("pow_window", Modulus::pow_window),
    ("pow_ladder", Modulus::pow_ladder),
    ("pow_vartime", Modulus::pow_vartime),
];

/// `base^exp mod n` by every exponentiation on every prepared modulus equals `want`.
fn check_pow(ms: &[(String, Modulus)], n: &BigUint, base: &Nat, exp: &Nat) {
    let want = to_big(base).modpow(&to_big(exp), n);
    let k = limbs_for(n.bits() as usize);
    for (label, m) in ms {
        for (name, f) in POWS {
            let got = f(m, base, exp);
            assert_eq!(got.limb_len(), k, "{label} {name}: result length");
            assert!(
                to_big(&got) == want,
                "{label} {name}: n = {n:x}\n base = {base:?} ({} limbs)\n exp = {exp:?} ({} limbs)\n \
                 got  {got:?}\n want {want:x}",
                base.limb_len(),
                exp.limb_len()
            );
        }
    }
}

/// Edge bases: 0 (one limb and none), 1, 2, n-1, n, n+1, 2n-1, 2n, a value far above n
/// (many more limbs), and a random value with leading zero limbs.
fn edge_bases(n: &BigUint, r: &mut impl rand::Rng) -> Vec<Nat> {
    let bits = n.bits() as usize;
    let k = limbs_for(bits);
    vec![
        Nat::zero(0),
        Nat::zero(1),
        Nat::from_u64(1),
        Nat::from_u64(2),
        nat(&(n - 1u32)),
        nat(n),
        nat(&(n + 1u32)),
        nat(&((n << 1) - 1u32)),
        nat(&(n << 1)),
        nat(&random_bits(r, 8 * bits + 100)),
        from_big(&random_below(r, n), k + 2),
    ]
}

/// Edge exponents: 0 (no limbs, one limb, three limbs), 1, 2, n-1, n, a random exponent three
/// times the modulus length, one with leading zero limbs, and all ones.
fn edge_exponents(n: &BigUint, r: &mut impl rand::Rng) -> Vec<Nat> {
    let bits = n.bits() as usize;
    vec![
        Nat::zero(0),
        Nat::zero(1),
        Nat::zero(3),
        Nat::from_u64(1),
        from_big(&BigUint::one(), 4),
        Nat::from_u64(2),
        nat(&(n - 1u32)),
        nat(n),
        nat(&random_bits(r, 3 * bits + 5)),
        from_big(&random_bits(r, 70), 5),
        nat(&((BigUint::one() << 130) - 1u32)),
    ]
}

#[test]
fn known_answers() {
    let m = Modulus::new(&Nat::from_hex("c5").unwrap()).unwrap();
    assert_eq!(
        m.pow(&Nat::from_u64(3), &Nat::from_u64(100))
            .to_decimal_vartime(),
        "188"
    );
    // Fermat: a^(p-1) = 1 and a^p = a for the Mersenne primes 2^127 - 1 and 2^521 - 1.
    for p in [127u32, 521] {
        let n = (BigUint::one() << p) - 1u32;
        for (label, m) in moduli(&n) {
            for a in [2u64, 3, 0xdead_beef_cafe_f00d] {
                let pm1 = nat(&(&n - 1u32));
                for (name, f) in POWS {
                    assert_eq!(
                        to_big(&f(&m, &Nat::from_u64(a), &pm1)),
                        BigUint::one(),
                        "{label} {name}"
                    );
                    assert_eq!(
                        to_big(&f(&m, &Nat::from_u64(a), &nat(&n))),
                        a.into(),
                        "{label} {name}"
                    );
                }
            }
        }
    }
}

/// 0^0 = 1, x^0 = 1 and 0^e = 0 whatever the announced lengths.
#[test]
fn zero_exponent_and_zero_base() {
    for n in [3u64, 5, 0xffff_ffff_ffff_ffff, 0x8000_0000_0000_0001] {
        let n = BigUint::from(n);
        for (label, m) in moduli(&n) {
            for (name, f) in POWS {
                for zl in [0usize, 1, 3] {
                    for el in [0usize, 1, 2] {
                        let one = f(&m, &Nat::zero(zl), &Nat::zero(el));
                        assert_eq!(to_big(&one), BigUint::one(), "{label} {name}: 0^0");
                    }
                    let zero = f(&m, &Nat::zero(zl), &Nat::from_u64(7));
                    assert_eq!(to_big(&zero), BigUint::zero(), "{label} {name}: 0^7");
                    let zero = f(&m, &nat(&n), &Nat::from_u64(1));
                    assert_eq!(to_big(&zero), BigUint::zero(), "{label} {name}: n^1");
                }
            }
        }
    }
}

#[test]
fn edge_values_every_bit_length_2_to_130() {
    let mut r = rng(31);
    for bits in 2..=130usize {
        let ns = boundary_moduli(bits);
        let n = &ns[r.gen_range(0..ns.len())];
        let ms = moduli(n);
        for base in edge_bases(n, &mut r) {
            for exp in edge_exponents(n, &mut r) {
                check_pow(&ms, n, &base, &exp);
            }
        }
        // And a random modulus of this size with random long operands.
        let n = random_odd_modulus(&mut r, bits);
        let ms = moduli(&n);
        for _ in 0..3 {
            let base = nat(&random_bits(&mut r, bits + 70));
            let exp = nat(&random_bits(&mut r, 2 * bits + 1));
            check_pow(&ms, &n, &base, &exp);
        }
    }
}

/// Every specialised size and one limb either side, up to 8192 bits: an exponent of the
/// modulus length (256 bits above 2112 to keep the suite fast; the full 8192-bit exponent is
/// `full_exponent_at_8192`), plus edge bases and the boundary moduli of each size with a
/// one-limb exponent.
fn check_specialised_sizes(keep: impl Fn(usize) -> bool, seed: u64) {
    let mut r = rng(seed);
    for bits in specialised_sizes().into_iter().filter(|&b| keep(b)) {
        let n = random_odd_modulus(&mut r, bits);
        let ms = moduli(&n);
        let base = nat(&random_below(&mut r, &n));
        let exp_bits = if bits <= 2112 { bits } else { 256 };
        check_pow(&ms, &n, &base, &nat(&random_bits(&mut r, exp_bits)));
        // Edge bases with a one-limb exponent; the square of n-1 is 1.
        let short = Nat::from_u64(r.gen::<u64>() | 1 << 63);
        // (Above 2112 bits only four of them: 0, n-1, 2n-1 and the one far above n.)
        let bases = edge_bases(&n, &mut r).into_iter().enumerate();
        for (_, base) in bases.filter(|(i, _)| bits <= 2112 || [0, 4, 7, 9].contains(i)) {
            check_pow(&ms, &n, &base, &short);
        }
        check_pow(&ms, &n, &nat(&(&n - 1u32)), &Nat::from_u64(2));
        // The two ends of this size's boundary moduli.
        for n in boundary_ends(bits) {
            let ms = moduli(&n);
            let base = nat(&random_below(&mut r, &n));
            check_pow(&ms, &n, &base, &Nat::from_u64(r.gen()));
        }
    }
}

#[test]
fn specialised_sizes_up_to_2112() {
    check_specialised_sizes(|bits| bits <= 2112, 32);
}

#[test]
fn specialised_sizes_above_2112() {
    check_specialised_sizes(|bits| bits > 2112, 35);
}

/// Every limb count 1..=70 and a few up to 130 (8320 bits), whatever sizes a kernel may be
/// specialised for: a full top limb and a part-filled one, one-limb exponents.
#[test]
fn every_limb_count() {
    let mut r = rng(36);
    for k in (1..=70usize).chain([95, 96, 97, 127, 128, 129, 130]) {
        for bits in [64 * k, 64 * k - 37] {
            if bits < 2 {
                continue;
            }
            let n = random_odd_modulus(&mut r, bits);
            let ms = moduli(&n);
            let base = nat(&random_bits(&mut r, bits + 64));
            check_pow(&ms, &n, &base, &Nat::from_u64(r.gen::<u64>() | 1 << 63));
        }
    }
}

/// One full-length 8192-bit exponentiation per (algorithm, backend), by `pow` (the
/// constant-time path the RSA code uses); about a second each.
#[test]
fn full_exponent_at_8192() {
    let mut r = rng(34);
    let n = random_odd_modulus(&mut r, 8192);
    let base = random_below(&mut r, &n);
    let exp = random_bits(&mut r, 8192);
    let want = base.modpow(&exp, &n);
    for (label, m) in moduli(&n) {
        assert_eq!(to_big(&m.pow(&nat(&base), &nat(&exp))), want, "{label}");
    }
}

/// Full-length exponents at 3072 and 4096 bits through every exponentiation path (window,
/// ladder, vartime, `pow`) of every (algorithm, backend): the specialised-size test keeps its
/// exponents at 256 bits there.
#[test]
fn full_exponents_at_3072_and_4096() {
    let mut r = rng(37);
    for bits in [3072usize, 4096] {
        let n = random_odd_modulus(&mut r, bits);
        let base = nat(&random_below(&mut r, &n));
        check_pow(&moduli(&n), &n, &base, &nat(&random_bits(&mut r, bits)));
    }
}

/// An exponent much longer than the modulus, and one announced much longer than its value.
#[test]
fn long_exponents() {
    let mut r = rng(33);
    for bits in [2usize, 3, 64, 65, 127, 128, 129, 255, 256, 257, 1024] {
        let n = random_odd_modulus(&mut r, bits);
        let ms = moduli(&n);
        let base = nat(&random_below(&mut r, &n));
        check_pow(&ms, &n, &base, &nat(&random_bits(&mut r, 4 * bits + 200)));
        check_pow(
            &ms,
            &n,
            &base,
            &from_big(&random_bits(&mut r, 65), 3 * limbs_for(bits) + 4),
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Random sizes (mostly small), bases above n, exponents of up to 300 bits.
    #[test]
    fn random_pow(
        bits in prop_oneof![3 => 2usize..=260, 1 => 261usize..=2200],
        base_extra in 0usize..=200,
        exp_bits in 1usize..=300,
        seed in any::<u64>(),
    ) {
        let mut r = rng(seed);
        let n = random_odd_modulus(&mut r, bits);
        let base = nat(&random_bits(&mut r, bits + base_extra));
        let exp = nat(&random_bits(&mut r, exp_bits));
        check_pow(&moduli(&n), &n, &base, &exp);
    }
}
