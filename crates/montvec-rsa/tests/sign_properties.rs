//! Property tests of the signature schemes over the ten RSA Labs PSS keys (1024..1031, 1536
//! and 2048 bits: every count of top bits that PSS masks): sign/verify round trips over random
//! messages, hashes, MGF1 hashes and salt lengths; a flipped bit in the message or the
//! signature is rejected; random bytes as a signature never panic and are rejected.

mod support;

use std::sync::OnceLock;

use montvec_rsa::{
    pkcs1v15, pss, Error, HashAlg, Pkcs1v15Sign, Pss, PublicKeyParts, RsaPrivateKey,
    SignatureScheme,
};
use proptest::prelude::*;
use rand::SeedableRng;
use signature::{Keypair, RandomizedSigner, Verifier};
use support::rsalabs_keys_and_cases;

fn keys() -> &'static [RsaPrivateKey] {
    static KEYS: OnceLock<Vec<RsaPrivateKey>> = OnceLock::new();
    KEYS.get_or_init(|| {
        rsalabs_keys_and_cases("pss-vect.txt", "RSA public exponent e", &[])
            .into_iter()
            .map(|(k, _)| k)
            .collect()
    })
}

/// The hashes with a DigestInfo (v1.5 signatures take no SHAKE).
fn v15_hashes() -> Vec<HashAlg> {
    HashAlg::ALL
        .into_iter()
        .filter(|h| h.digest_info_prefix().is_some())
        .collect()
}

/// A scheme for `key`: v1.5 or PSS with the given hashes and salt length.
#[derive(Debug, Clone, Copy)]
enum Scheme {
    V15(Pkcs1v15Sign),
    Pss(Pss),
}

impl Scheme {
    fn hash(self) -> HashAlg {
        match self {
            Scheme::V15(s) => s.hash().unwrap(),
            Scheme::Pss(s) => s.hash(),
        }
    }

    fn sign(self, seed: u64, key: &RsaPrivateKey, digest: &[u8]) -> montvec_rsa::Result<Vec<u8>> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        match self {
            Scheme::V15(s) => s.sign(&mut rng, key, digest),
            Scheme::Pss(s) => s.sign(&mut rng, key, digest),
        }
    }

    fn verify(self, key: &RsaPrivateKey, digest: &[u8], sig: &[u8]) -> montvec_rsa::Result<()> {
        match self {
            Scheme::V15(s) => s.verify(key.as_public_key(), digest, sig),
            Scheme::Pss(s) => s.verify(key.as_public_key(), digest, sig),
        }
    }
}

fn scheme() -> impl Strategy<Value = Scheme> {
    let v15 =
        prop::sample::select(v15_hashes()).prop_map(|h| Scheme::V15(Pkcs1v15Sign::with_hash(h)));
    let pss = (
        prop::sample::select(HashAlg::ALL.to_vec()),
        prop::sample::select(HashAlg::ALL.to_vec()),
        0usize..=80,
    )
        .prop_map(|(h, mgf, salt)| {
            Scheme::Pss(Pss::with_hash(h).with_mgf_hash(mgf).with_salt_len(salt))
        });
    prop_oneof![v15, pss]
}

/// Whether the scheme pairs a SHAKE with another hash, which PSS refuses (RFC 8702 uses SHAKE
/// as both the hash and the mask).
fn mixes_shake(scheme: Scheme) -> bool {
    match scheme {
        Scheme::V15(_) => false,
        Scheme::Pss(s) => (s.hash().is_xof() || s.mgf_hash().is_xof()) && s.hash() != s.mgf_hash(),
    }
}

/// Whether the scheme fits the key (PSS: emLen ≥ hLen + sLen + 2, emLen = ceil((bits-1)/8)).
fn fits(scheme: Scheme, key: &RsaPrivateKey) -> bool {
    match scheme {
        Scheme::V15(_) => true,
        Scheme::Pss(s) => (key.bits() - 1).div_ceil(8) >= s.hash().output_len() + s.salt_len() + 2,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn round_trip_and_single_bit_flips(
        key_index in 0usize..10,
        scheme in scheme(),
        msg in prop::collection::vec(any::<u8>(), 0..300),
        flip in any::<prop::sample::Index>(),
        bit in 0u8..8,
        seed in any::<u64>(),
    ) {
        let key = &keys()[key_index];
        let digest = scheme.hash().digest(&msg);
        let signed = scheme.sign(seed, key, &digest);
        if mixes_shake(scheme) {
            prop_assert!(matches!(signed, Err(Error::UnsupportedHash(_))), "{:?}", signed);
            return Ok(());
        }
        if !fits(scheme, key) {
            prop_assert_eq!(signed, Err(Error::InvalidSaltLength));
            return Ok(());
        }
        let sig = signed.unwrap();
        prop_assert_eq!(sig.len(), key.size());
        prop_assert_eq!(scheme.verify(key, &digest, &sig), Ok(()));

        // A flipped bit in the message.
        let mut other = msg.clone();
        if other.is_empty() {
            other.push(0);
        } else {
            other[flip.index(msg.len())] ^= 1 << bit;
        }
        let other_digest = scheme.hash().digest(&other);
        prop_assert_eq!(scheme.verify(key, &other_digest, &sig), Err(Error::Verification));

        // A flipped bit in the signature (it may then exceed n: rejected either way).
        let mut bad = sig.clone();
        bad[flip.index(sig.len())] ^= 1 << bit;
        prop_assert_eq!(scheme.verify(key, &digest, &bad), Err(Error::Verification));

        // A wrong-length digest is rejected too, not a panic.
        prop_assert_eq!(scheme.verify(key, &digest[1..], &sig), Err(Error::Verification));
    }

    #[test]
    fn random_bytes_are_rejected_without_panic(
        key_index in 0usize..10,
        scheme in scheme(),
        sig in prop::collection::vec(any::<u8>(), 0..300),
        exact_length in any::<bool>(),
    ) {
        let key = &keys()[key_index];
        let mut sig = sig;
        if exact_length {
            sig.resize(key.size(), 0xa5);
        }
        let digest = scheme.hash().digest(b"message");
        // A random k-byte string is a valid signature with negligible probability.
        let verdict = scheme.verify(key, &digest, &sig);
        if mixes_shake(scheme) {
            prop_assert!(matches!(verdict, Err(Error::UnsupportedHash(_))), "{:?}", verdict);
        } else {
            prop_assert_eq!(verdict, Err(Error::Verification));
        }
    }

    #[test]
    fn signature_trait_keys_round_trip(
        key_index in 0usize..10,
        msg in prop::collection::vec(any::<u8>(), 0..200),
        salt_len in 0usize..=40,
        seed in any::<u64>(),
    ) {
        let key = keys()[key_index].clone();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let v15 = pkcs1v15::SigningKey::<sha2::Sha256>::new(key.clone());
        let sig = v15.try_sign_with_rng(&mut rng, &msg).unwrap();
        prop_assert!(v15.verifying_key().verify(&msg, &sig).is_ok());
        let pss_key = pss::SigningKey::<sha2::Sha256>::new_with_salt_len(key, salt_len);
        let sig = pss_key.try_sign_with_rng(&mut rng, &msg).unwrap();
        prop_assert!(pss_key.verifying_key().verify(&msg, &sig).is_ok());
        // A verifier expecting another salt length rejects it.
        let other = pss::VerifyingKey::<sha2::Sha256>::new_with_salt_len(
            pss_key.verifying_key().into(), salt_len + 1);
        prop_assert!(other.verify(&msg, &sig).is_err());
        // One reading the salt length from the signature accepts it, and not another message.
        let any = pss::VerifyingKey::<sha2::Sha256>::new_with_any_salt_len(
            pss_key.verifying_key().into());
        prop_assert!(any.verify(&msg, &sig).is_ok());
        let mut other_msg = msg.clone();
        other_msg.push(0);
        prop_assert!(any.verify(&other_msg, &sig).is_err());
    }
}
