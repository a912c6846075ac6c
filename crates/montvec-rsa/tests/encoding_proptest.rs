//! Every key parser on hostile input: random bytes, random DER-shaped and PEM-armoured bytes,
//! truncations and single-byte changes of valid encodings. A parser never panics; it returns
//! a key whose parts agree (checked with `num-bigint`) or a typed error.

mod support;

use std::sync::OnceLock;

use montvec_rsa::encoding::{private_key_from_bytes, public_key_from_bytes};
use montvec_rsa::pkcs1::{
    DecodeRsaPrivateKey, DecodeRsaPublicKey, EncodeRsaPrivateKey, EncodeRsaPublicKey,
};
use montvec_rsa::pkcs8::der::pem;
use montvec_rsa::pkcs8::{
    DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey, LineEnding,
};
use montvec_rsa::{Error, Nat, PublicKeyParts, RsaPrivateKey, RsaPublicKey};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;

fn big(x: &Nat) -> BigUint {
    BigUint::from_bytes_be(&x.to_be_bytes(x.limb_len() * 8))
}

/// The public key is well formed: n odd and of a supported size, e odd with 3 ≤ e < n.
fn assert_public_consistent(key: &RsaPublicKey) {
    let (n, e) = (big(key.n()), big(key.e()));
    assert!(n.bit(0) && (512..=16384).contains(&n.bits()));
    assert!(e.bit(0) && e >= BigUint::from(3u8) && e < n);
}

/// The private key's parts agree (RFC 8017 §3.2), and it re-encodes to a key equal to itself.
fn assert_private_consistent(key: &RsaPrivateKey) {
    assert_public_consistent(key.as_public_key());
    let [p, q] = key.primes();
    let (n, e, d, p, q) = (big(key.n()), big(key.e()), big(key.d()), big(p), big(q));
    let (dp, dq, qinv) = (big(key.dp()), big(key.dq()), big(key.qinv()));
    let one = BigUint::one();
    assert_eq!(&p * &q, n);
    assert_eq!(&d % (&p - &one), dp);
    assert_eq!(&d % (&q - &one), dq);
    assert_eq!((&e * &dp) % (&p - &one), one);
    assert_eq!((&e * &dq) % (&q - &one), one);
    assert!(qinv < p && !qinv.is_zero());
    assert_eq!((&q * &qinv) % &p, one);
    let again = RsaPrivateKey::from_pkcs1_der(key.to_pkcs1_der().unwrap().as_bytes()).unwrap();
    assert_eq!(&again, key);
}

/// The errors a key parser may return.
fn assert_parser_error(err: &Error) {
    assert!(
        matches!(
            err,
            Error::Encoding(_)
                | Error::EncryptedKey
                | Error::NotAPrivateKey
                | Error::InvalidKey(_)
                | Error::InvalidModulus(_)
                | Error::InvalidExponent
        ),
        "unexpected error {err:?}"
    );
}

/// Feeds one input to every parser; whether the autodetecting parsers read a key from it.
fn parse_everywhere(input: &[u8]) -> bool {
    let text = std::str::from_utf8(input).ok();

    let mut private = vec![
        RsaPrivateKey::from_pkcs1_der(input).ok(),
        RsaPrivateKey::from_pkcs8_der(input).ok(),
    ];
    let mut public = vec![
        RsaPublicKey::from_pkcs1_der(input).ok(),
        RsaPublicKey::from_public_key_der(input).ok(),
    ];
    if let Some(text) = text {
        private.push(RsaPrivateKey::from_pkcs1_pem(text).ok());
        private.push(RsaPrivateKey::from_pkcs8_pem(text).ok());
        public.push(RsaPublicKey::from_pkcs1_pem(text).ok());
        public.push(RsaPublicKey::from_public_key_pem(text).ok());
    }
    for key in private.iter().flatten() {
        assert_private_consistent(key);
    }
    for key in public.iter().flatten() {
        assert_public_consistent(key);
    }

    let private_read = match private_key_from_bytes(input) {
        Ok(key) => {
            assert_private_consistent(&key);
            // What the traits accepted, the autodetecting parser accepted too, and the same.
            for other in private.iter().flatten() {
                assert_eq!(other, &key);
            }
            true
        }
        Err(e) => {
            assert_parser_error(&e);
            assert!(private.iter().all(Option::is_none), "{e:?}");
            false
        }
    };
    let public_read = match public_key_from_bytes(input) {
        Ok(key) => {
            assert_public_consistent(&key);
            for other in public.iter().flatten() {
                assert_eq!(other, &key);
            }
            true
        }
        Err(e) => {
            assert_parser_error(&e);
            assert!(public.iter().all(Option::is_none), "{e:?}");
            false
        }
    };
    private_read || public_read
}

/// Valid encodings of the RSA Labs key (1024 bits, fast to validate) in every format, and a
/// Wycheproof SPKI with the RSASSA-PSS identifier and parameters.
fn seeds() -> &'static [Vec<u8>] {
    static SEEDS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let (_, private_der, _) = support::oaep_int_der();
        let key = RsaPrivateKey::from_pkcs1_der(&private_der).unwrap();
        let public = key.to_public_key();
        let lf = LineEnding::LF;
        let json = support::wycheproof("rsa_pss_2048_sha256_mgf1_32_params_test.json");
        let pss_spki = support::hex(json["testGroups"][0]["publicKeyDer"].as_str().unwrap());
        vec![
            key.to_pkcs1_der().unwrap().as_bytes().to_vec(),
            key.to_pkcs8_der().unwrap().as_bytes().to_vec(),
            key.to_pkcs1_pem(lf).unwrap().as_bytes().to_vec(),
            key.to_pkcs8_pem(lf).unwrap().as_bytes().to_vec(),
            public.to_pkcs1_der().unwrap().as_bytes().to_vec(),
            public.to_public_key_der().unwrap().as_bytes().to_vec(),
            public.to_pkcs1_pem(lf).unwrap().into_bytes(),
            public.to_public_key_pem(lf).unwrap().into_bytes(),
            pss_spki,
        ]
    })
}

/// The PEM labels the parsers know, and one they do not.
const LABELS: [&str; 6] = [
    "RSA PRIVATE KEY",
    "PRIVATE KEY",
    "RSA PUBLIC KEY",
    "PUBLIC KEY",
    "ENCRYPTED PRIVATE KEY",
    "CERTIFICATE",
];

fn armour(label: &str, der: &[u8]) -> Vec<u8> {
    pem::encode_string(label, LineEnding::LF, der)
        .expect("PEM encoding")
        .into_bytes()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn random_bytes(input in proptest::collection::vec(any::<u8>(), 0..700)) {
        parse_everywhere(&input);
    }

    /// Random contents behind a SEQUENCE header, raw and PEM-armoured under every label, so
    /// the parsers get past the first tag.
    #[test]
    fn random_der(body in proptest::collection::vec(any::<u8>(), 0..300), label in 0..LABELS.len()) {
        let len = body.len();
        let mut der = match len {
            0..=0x7f => vec![0x30, len as u8],
            0x80..=0xff => vec![0x30, 0x81, len as u8],
            _ => vec![0x30, 0x82, (len >> 8) as u8, len as u8],
        };
        der.extend_from_slice(&body);
        parse_everywhere(&der);
        parse_everywhere(&armour(LABELS[label], &der));
    }

    #[test]
    fn truncations(seed in 0..9usize, cut in any::<prop::sample::Index>()) {
        let input = &seeds()[seed];
        parse_everywhere(&input[..cut.index(input.len())]);
    }

    #[test]
    fn byte_changes(seed in 0..9usize, at in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let mut input = seeds()[seed].clone();
        let i = at.index(input.len());
        input[i] = byte;
        parse_everywhere(&input);
    }

    /// A changed DER octet inside valid PEM armour under every label, so the change reaches the
    /// ASN.1 parsers behind the base64.
    #[test]
    fn armoured_byte_changes(
        seed in prop::sample::select(vec![0usize, 1, 4, 5, 8]),
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        label in 0..LABELS.len(),
    ) {
        let mut der = seeds()[seed].clone();
        let i = at.index(der.len());
        der[i] = byte;
        parse_everywhere(&armour(LABELS[label], &der));
    }
}

/// The seeds themselves parse, so the mutations start from valid keys.
#[test]
fn seeds_are_valid() {
    for (i, seed) in seeds().iter().enumerate() {
        let ok = if i < 4 {
            private_key_from_bytes(seed).is_ok()
        } else {
            public_key_from_bytes(seed).is_ok()
        };
        assert!(ok, "seed {i}");
        parse_everywhere(seed);
    }
}

/// Every byte value at every position of the PEM seeds' armour: the BEGIN and END lines and
/// every line end. The parsers must agree there whatever the byte (`byte_changes` samples
/// these positions rarely: a lone CR ending the BEGIN line once split them in CI).
#[test]
fn armour_byte_changes_exhaustive() {
    for seed in seeds().iter().filter(|s| s.starts_with(b"-----BEGIN ")) {
        let last_line = seed[..seed.len() - 1]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let first_line_end = seed.iter().position(|&b| b == b'\n').unwrap();
        let positions = (0..=first_line_end)
            .chain(last_line..seed.len())
            .chain((0..seed.len()).filter(|&i| seed[i] == b'\n'));
        let mut accepted = 0;
        for i in positions {
            for byte in 0..=u8::MAX {
                let mut input = seed.clone();
                input[i] = byte;
                accepted += usize::from(parse_everywhere(&input));
            }
        }
        // Both outcomes are exercised: a line end made CR, or the last one a space, still reads.
        assert!(accepted > 0, "no change accepted");
    }
}
