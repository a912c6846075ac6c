//! Miller–Rabin (`prime::is_probable_prime_vartime`) against Wycheproof's `primality_test.json`
//! (317 cases): every `valid` (prime) must pass, every `invalid` (composite: small integers,
//! Carmichael numbers, strong pseudoprimes to fixed bases, numbers built to fool weak tests)
//! must fail. The 8 `acceptable` cases are negatives of primes: a `Nat` cannot hold a negative
//! number, so the harness treats them as "not prime" (what the crate answers for anything that
//! is not a natural prime) and checks that the absolute value is prime.
//!
//! The values are chosen adversarially, so the test runs 64 random-base rounds (a composite
//! passes with probability at most 4^-64 = 2^-128), not the Table B.1 counts meant for random
//! candidates.

mod support;

use montvec_rsa::prime::is_probable_prime_vartime;
use montvec_rsa::Nat;
use rand::SeedableRng;

/// A Wycheproof BigInt (big-endian two's complement hex) as (negative, magnitude).
fn signed_value(hex: &str) -> (bool, Nat) {
    let mut bytes: Vec<u8> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"))
        .collect();
    let negative = bytes.first().is_some_and(|&b| b & 0x80 != 0);
    if negative {
        // Magnitude of a two's complement number: invert and add one.
        for b in bytes.iter_mut() {
            *b = !*b;
        }
        for b in bytes.iter_mut().rev() {
            let (s, carry) = b.overflowing_add(1);
            *b = s;
            if !carry {
                break;
            }
        }
    }
    (negative, Nat::from_be_bytes(&bytes))
}

#[test]
fn wycheproof_primality() {
    let path = support::vectors_dir().join("wycheproof/primality_test.json");
    let text = std::fs::read_to_string(&path).expect("vector file");
    let json: serde_json::Value = serde_json::from_str(&text).expect("json");
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x5eed);
    let (mut valid, mut invalid, mut acceptable) = (0, 0, 0);
    for group in json["testGroups"].as_array().expect("groups") {
        for case in group["tests"].as_array().expect("tests") {
            let id = case["tcId"].as_u64().expect("tcId");
            let (negative, w) = signed_value(case["value"].as_str().expect("value"));
            let prime = is_probable_prime_vartime(&w, 64, &mut rng).expect("rng");
            match case["result"].as_str().expect("result") {
                "valid" => {
                    assert!(!negative && prime, "tcId {id}: prime rejected");
                    valid += 1;
                }
                "invalid" => {
                    assert!(negative || !prime, "tcId {id}: composite accepted");
                    invalid += 1;
                }
                "acceptable" => {
                    let flags = case["flags"].to_string();
                    assert!(negative && flags.contains("NegativeOfPrime"), "tcId {id}");
                    assert!(prime, "tcId {id}: |value| should be prime");
                    acceptable += 1;
                }
                other => panic!("tcId {id}: unknown result {other}"),
            }
        }
    }
    assert_eq!((valid, invalid, acceptable), (66, 243, 8));
}

/// The Table B.1 round counts and a few hand-picked numbers either side of 2^64.
#[test]
fn rounds_and_edges() {
    use montvec_rsa::prime::miller_rabin_rounds;
    assert_eq!(miller_rabin_rounds(512), 8);
    assert_eq!(miller_rabin_rounds(1024), 5);
    assert_eq!(miller_rabin_rounds(1536), 4);
    assert_eq!(miller_rabin_rounds(2048), 4);
    assert_eq!(miller_rabin_rounds(4096), 4);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let mut check = |hex: &str, want: bool| {
        let w = Nat::from_hex(hex).unwrap();
        assert_eq!(
            is_probable_prime_vartime(&w, 64, &mut rng).unwrap(),
            want,
            "{hex}"
        );
    };
    check("0", false);
    check("1", false);
    check("2", true);
    check("3", true);
    check("ffffffffffffffc5", true); // 2^64 - 59, the largest 64-bit prime
    check("ffffffffffffffc3", false);
    check("10000000000000000", false); // 2^64
    check("1000000000000000d", true); // 2^64 + 13
    check("1000000000000000f", false); // 2^64 + 15 = 31 * 107 * 5561273462077043

    // 2^127 - 1 (a Mersenne prime) and 2^128 + 1 (the Fermat number F7, = 59649589127497217 *
    // 5704689200685129054721).
    check("7fffffffffffffffffffffffffffffff", true);
    check("100000000000000000000000000000001", false);
    // Odd products of two primes above the sieve bound: 8209 * 8219 (27 bits, for the exact
    // test of 64-bit numbers) and (2^61 - 1) * 1000003 (81 bits, which only Miller-Rabin can
    // refuse).
    check(&format!("{:x}", 8209u128 * 8219), false);
    check(&format!("{:x}", ((1u128 << 61) - 1) * 1_000_003), false);
    // Their factors pass.
    for p in [8209u128, 8219, (1 << 61) - 1, 1_000_003] {
        check(&format!("{p:x}"), true);
    }
}

/// Zero rounds is an error, not a pass: 1099511627791^2 (a square of a 41-bit prime, no
/// factor below the sieve's bound) would otherwise come back "prime".
#[test]
fn zero_rounds_are_refused() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let p = 1_099_511_627_791u128;
    let square = Nat::from_be_bytes(&(p * p).to_be_bytes());
    assert_eq!(
        is_probable_prime_vartime(&square, 0, &mut rng),
        Err(montvec_rsa::Error::NoRounds)
    );
    assert_eq!(is_probable_prime_vartime(&square, 1, &mut rng), Ok(false));
}
