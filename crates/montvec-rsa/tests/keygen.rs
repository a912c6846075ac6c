//! Key generation: sizes, exponents, the FIPS 186-5 A.1.1 conditions, p and q prime and
//! e·d ≡ 1 mod λ checked with num-bigint, round trips through the raw operations, determinism
//! under a seeded generator, and typed errors for bad sizes and exponents; keys from p, q and
//! e (`from_p_q`) against num-bigint.

use montvec_rsa::hazmat::{rsa_decrypt, rsa_encrypt};
use montvec_rsa::{Error, Nat, PublicKeyParts, RsaPrivateKey};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::One;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn big(x: &Nat) -> BigUint {
    BigUint::from_bytes_be(&x.to_be_bytes(x.limb_len() * 8))
}

/// Miller–Rabin in num-bigint with the 16 primes below 54 as bases: a primality oracle apart
/// from the crate's own test (random bases, its own arithmetic). A composite passes 16 fixed
/// bases only if built for them; generated candidates are not.
fn is_prime_oracle(w: &BigUint) -> bool {
    let one = BigUint::one();
    let w1 = w - 1u32;
    let s = w1.trailing_zeros().expect("w > 1");
    let r = &w1 >> s;
    'bases: for a in [
        2u32, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53,
    ] {
        let mut x = BigUint::from(a).modpow(&r, w);
        if x == one || x == w1 {
            continue;
        }
        for _ in 1..s {
            x = &x * &x % w;
            if x == w1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

#[test]
fn prime_oracle_sanity() {
    // 2^127 - 1 is prime; 561 (Carmichael) and 3215031751 (a strong pseudoprime to 2, 3, 5
    // and 7) are not.
    assert!(is_prime_oracle(&((BigUint::one() << 127u32) - 1u32)));
    assert!(!is_prime_oracle(&BigUint::from(561u32)));
    assert!(!is_prime_oracle(&BigUint::from(3_215_031_751u64)));
}

/// Every property a generated key must have, checked with the oracle.
fn check_key(key: &RsaPrivateKey, bits: usize, e: u64, rng: &mut ChaCha20Rng) {
    let (n, d) = (big(key.n()), big(key.d()));
    let [p, q] = key.primes();
    let (p, q) = (big(p), big(q));
    assert_eq!(&p * &q, n);
    assert_eq!(n.bits() as usize, bits);
    assert_eq!(key.bits(), bits);
    assert_eq!(big(key.e()), BigUint::from(e));
    // Both primes are prime (by the oracle), and have their size and top two bits.
    for (x, size) in [(&p, bits - bits / 2), (&q, bits / 2)] {
        assert!(is_prime_oracle(x), "a generated prime is composite: {x:x}");
        assert_eq!(x.bits() as usize, size);
        assert!(x.bit(size as u64 - 2));
        assert!((x - 1u32).gcd(&BigUint::from(e)).is_one());
    }
    // e·d ≡ 1 mod λ, and 2^(nlen/2) < d < λ.
    let lambda = (&p - 1u32).lcm(&(&q - 1u32));
    assert!((BigUint::from(e) * &d % &lambda).is_one());
    assert!(d < lambda);
    assert!(d > BigUint::one() << (bits / 2));
    // |p − q| > 2^(nlen/2 − 100).
    let diff = if p > q { &p - &q } else { &q - &p };
    assert!(diff > BigUint::one() << (bits / 2 - 100));
    // CRT values.
    assert_eq!(big(key.dp()), &d % (&p - 1u32));
    assert_eq!(big(key.dq()), &d % (&q - 1u32));
    assert!((big(key.qinv()) * &q % &p).is_one());
    // Raw round trips.
    let public = key.to_public_key();
    for m in [2u64, 0xdead_beef] {
        let m = Nat::from_u64(m).to_be_bytes(key.size());
        let c = rsa_encrypt(&public, &m).unwrap();
        assert_eq!(rsa_decrypt(key, &c, rng).unwrap(), m);
    }
}

#[test]
fn generates_1024_and_2048_bit_keys() {
    let mut rng = ChaCha20Rng::seed_from_u64(2048);
    for bits in [1024, 1024, 2048, 2048] {
        let key = RsaPrivateKey::new(&mut rng, bits).unwrap();
        check_key(&key, bits, 65537, &mut rng);
    }
}

#[test]
fn generates_3072_bit_key_and_odd_sizes() {
    let mut rng = ChaCha20Rng::seed_from_u64(3072);
    for bits in [3072, 1025, 1535] {
        let key = RsaPrivateKey::new(&mut rng, bits).unwrap();
        check_key(&key, bits, 65537, &mut rng);
    }
}

#[test]
fn other_exponents() {
    let mut rng = ChaCha20Rng::seed_from_u64(17);
    for e in [65539u64, 0x1_0000_0001, (1 << 63) | 1] {
        let key = RsaPrivateKey::new_with_exp(&mut rng, 1024, &Nat::from_u64(e)).unwrap();
        check_key(&key, 1024, e, &mut rng);
    }
    // A 256-bit exponent (the largest allowed).
    let e = Nat::from_hex(&format!("8{}1", "0".repeat(62))).unwrap();
    let key = RsaPrivateKey::new_with_exp(&mut rng, 1024, &e).unwrap();
    let lambda = (big(key.primes()[0]) - 1u32).lcm(&(big(key.primes()[1]) - 1u32));
    assert!((big(&e) * big(key.d()) % lambda).is_one());
}

/// Keys are equal only when their secret parts are: d and d + λ serve the same public key
/// and primes, and must compare unequal (the comparison runs through every part).
#[test]
fn equality_covers_the_private_exponent() {
    let key = RsaPrivateKey::new(&mut ChaCha20Rng::seed_from_u64(5), 1024).unwrap();
    let [p, q] = key.primes();
    let (p, q) = (big(p), big(q));
    let lambda = (&p - 1u32).lcm(&(&q - 1u32));
    let d_plus = big(key.d()) + &lambda;
    assert!(d_plus < big(key.n()), "d + λ below n for this seed");
    let nat = |x: &BigUint| Nat::from_be_bytes(&x.to_bytes_be());
    let parts = |d: &BigUint| {
        RsaPrivateKey::from_components(
            key.n().clone(),
            key.e().clone(),
            nat(d),
            vec![nat(&p), nat(&q)],
        )
        .unwrap()
    };
    assert_eq!(parts(&big(key.d())), key);
    let other = parts(&d_plus);
    assert_eq!(other.to_public_key(), key.to_public_key());
    assert_ne!(other, key);
}

#[test]
fn deterministic_with_a_seeded_generator() {
    let a = RsaPrivateKey::new(&mut ChaCha20Rng::seed_from_u64(42), 1024).unwrap();
    let b = RsaPrivateKey::new(&mut ChaCha20Rng::seed_from_u64(42), 1024).unwrap();
    let c = RsaPrivateKey::new(&mut ChaCha20Rng::seed_from_u64(43), 1024).unwrap();
    assert_eq!(a, b);
    assert_ne!(a.n(), c.n());
}

#[test]
fn bad_sizes_and_exponents_are_typed_errors() {
    let mut rng = ChaCha20Rng::seed_from_u64(0);
    for bits in [0, 512, 1023, 8193, 16384] {
        assert_eq!(
            RsaPrivateKey::new(&mut rng, bits).unwrap_err(),
            Error::InvalidKeySize { bits }
        );
    }
    let too_big = Nat::from_hex(&format!("1{}1", "0".repeat(63))).unwrap(); // 2^256 + 1
    for e in [
        Nat::from_u64(3),
        Nat::from_u64(65535),
        Nat::from_u64(65536),
        Nat::from_u64(65538),
        Nat::zero(2),
        too_big,
    ] {
        assert_eq!(
            RsaPrivateKey::new_with_exp(&mut rng, 1024, &e).unwrap_err(),
            Error::InvalidExponent,
            "{e:?}"
        );
    }
}

fn nat(x: &BigUint) -> Nat {
    Nat::from_be_bytes(&x.to_bytes_be())
}

/// `from_p_q` against num-bigint: n = p q and d = e^-1 mod lcm(p - 1, q - 1), for generated
/// primes (both orders), primes given with leading zero limbs, and other exponents; the key
/// signs and verifies.
#[test]
fn key_from_p_q() {
    let mut rng = ChaCha20Rng::seed_from_u64(71);
    for bits in [1024usize, 1536, 2050] {
        let key = RsaPrivateKey::new(&mut rng, bits).unwrap();
        let [p, q] = key.primes();
        let (bp, bq) = (big(p), big(q));
        let lambda = (&bp - 1u32).lcm(&(&bq - 1u32));
        for e in [65537u64, 3, 0x1_0000_0001] {
            let be = BigUint::from(e);
            if be.gcd(&lambda) != BigUint::one() {
                assert_eq!(
                    RsaPrivateKey::from_p_q(p.clone(), q.clone(), Nat::from_u64(e)),
                    Err(Error::InvalidKey("e is not coprime to lcm(p - 1, q - 1)"))
                );
                continue;
            }
            let want_d = be.modinv(&lambda).unwrap();
            for (a, b) in [(p, q), (q, p)] {
                let padded = Nat::from_limbs([a.as_limbs(), &[0, 0]].concat());
                for a in [a.clone(), padded] {
                    let got = RsaPrivateKey::from_p_q(a, b.clone(), Nat::from_u64(e)).unwrap();
                    assert_eq!(big(got.n()), &bp * &bq, "{bits} bits, e = {e}");
                    assert_eq!(big(got.d()), want_d, "{bits} bits, e = {e}");
                    let mut m = vec![0x42; got.size()];
                    m[0] = 0; // below n
                    let s = rsa_decrypt(&got, &m, &mut rng).unwrap();
                    assert_eq!(rsa_encrypt(got.as_public_key(), &s).unwrap(), m);
                }
            }
        }
        // Generated keys carry the same, smallest d.
        let again = RsaPrivateKey::from_p_q(p.clone(), q.clone(), Nat::from_u64(65537)).unwrap();
        assert_eq!(again, key);
    }
}

/// Bad primes and exponents: typed errors, before any arithmetic on oversized parts.
#[test]
fn key_from_p_q_refuses_bad_parts() {
    let mut rng = ChaCha20Rng::seed_from_u64(72);
    let key = RsaPrivateKey::new(&mut rng, 1024).unwrap();
    let [p, q] = key.primes();
    let e = Nat::from_u64(65537);
    for bad_e in [0u64, 1, 2, 65536] {
        let got = RsaPrivateKey::from_p_q(p.clone(), q.clone(), Nat::from_u64(bad_e));
        assert_eq!(got, Err(Error::InvalidExponent), "e = {bad_e}");
    }
    let long_e = nat(&((BigUint::one() << 256u32) + 1u32));
    let got = RsaPrivateKey::from_p_q(p.clone(), q.clone(), long_e);
    assert_eq!(got, Err(Error::InvalidExponent));
    let even = nat(&(big(p) + 1u32));
    assert!(matches!(
        RsaPrivateKey::from_p_q(even, q.clone(), e.clone()),
        Err(Error::InvalidKey(_))
    ));
    // Small primes (127 bits: 2^127 - 1 is prime), and the same prime twice.
    let small = nat(&((BigUint::one() << 127u32) - 1u32));
    for (a, b) in [
        (small.clone(), q.clone()),
        (p.clone(), small),
        (p.clone(), p.clone()),
    ] {
        assert!(matches!(
            RsaPrivateKey::from_p_q(a, b, e.clone()),
            Err(Error::InvalidKey(_))
        ));
    }
    // Zero, and primes whose product would pass 16384 bits.
    assert!(RsaPrivateKey::from_p_q(Nat::from_u64(0), q.clone(), e.clone()).is_err());
    let huge = nat(&((BigUint::one() << 9000u32) + 1u32));
    assert!(matches!(
        RsaPrivateKey::from_p_q(huge.clone(), huge, e.clone()),
        Err(Error::InvalidKey(_))
    ));
    // A composite "prime" of the right size: refused by the key checks or by e (never a key
    // that signs wrongly: the consistency checks of from_components run on it).
    let composite = nat(&(big(p) * 3u32));
    if let Ok(k) = RsaPrivateKey::from_p_q(composite, q.clone(), e.clone()) {
        let mut m = vec![0x42; k.size()];
        m[0] = 0;
        assert!(rsa_decrypt(&k, &m, &mut rng).is_err());
    }
}
