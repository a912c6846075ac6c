//! Code written for RustCrypto `rsa` 0.9 with `use montvec_rsa as rsa;`: its names for
//! paddings (`Oaep::new_with_label`, `new_with_mgf_hash`, `Pss::new_with_salt`,
//! `new_blinded`), keys (`pss::BlindedSigningKey`, `SigningKey::random`, `AsRef`, `Hash`,
//! `crt_coefficient`), errors (`rsa::errors::Error`) and unsized generators, each checked to do
//! what the name this crate documents for it does.

mod support;

use std::collections::HashSet;

use montvec_rsa as rsa;
use rand::SeedableRng;
use rsa::key::KeyAlgorithm;
use rsa::rand_core::CryptoRngCore;
use rsa::sha2::{Sha256, Sha384};
use rsa::signature::{Keypair, RandomizedSigner, SignatureEncoding, Signer, Verifier};
use rsa::traits::PublicKeyParts;
use rsa::{HashAlg, Oaep, Pss, RsaPrivateKey, RsaPublicKey};

/// The RSA Labs 1024- and 2048-bit keys of pkcs1v15crypt-vectors.txt.
fn keys() -> Vec<RsaPrivateKey> {
    support::pkcs1v15_crypt_keys(&[1024, 2048])
}

#[test]
fn oaep_constructors_are_the_builders() {
    assert_eq!(
        Oaep::new_with_label::<Sha256, _>("invoices"),
        Oaep::new::<Sha256>().with_label("invoices")
    );
    assert_eq!(
        Oaep::new_with_label::<Sha256, _>(String::from("x")).label(),
        b"x"
    );
    assert_eq!(
        Oaep::new_with_mgf_hash::<Sha384, rsa::sha1::Sha1>(),
        Oaep::with_hash(HashAlg::Sha384).with_mgf_hash(HashAlg::Sha1)
    );
    let both = Oaep::new_with_mgf_hash_and_label::<Sha256, rsa::sha1::Sha1, _>(&b"tag"[..]);
    assert_eq!(
        (both.hash(), both.mgf_hash()),
        (HashAlg::Sha256, HashAlg::Sha1)
    );
    assert_eq!(both.label(), b"tag");

    // In use: the label is bound, a different one is refused.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let key = &keys()[0];
    let ct = key
        .to_public_key()
        .encrypt(&mut rng, Oaep::new_with_label::<Sha256, _>("a"), b"m")
        .unwrap();
    assert_eq!(
        key.decrypt(Oaep::new_with_label::<Sha256, _>("a"), &ct)
            .unwrap(),
        b"m"
    );
    assert!(matches!(
        key.decrypt(Oaep::new_with_label::<Sha256, _>("b"), &ct),
        Err(rsa::errors::Error::Decryption)
    ));
}

#[test]
fn pss_constructors_are_the_builders() {
    assert_eq!(
        Pss::new_with_salt::<Sha256>(20),
        Pss::new::<Sha256>().with_salt_len(20)
    );
    assert_eq!(Pss::new_blinded::<Sha384>(), Pss::new::<Sha384>());
    assert_eq!(
        Pss::new_blinded_with_salt::<Sha256>(0),
        Pss::new::<Sha256>().with_salt_len(0)
    );
    // A zero salt makes PSS deterministic: two signatures agree, and verify.
    let key = &keys()[0];
    let digest = HashAlg::Sha256.digest(b"deterministic");
    let a = key.sign(Pss::new_with_salt::<Sha256>(0), &digest).unwrap();
    let b = key.sign(Pss::new_with_salt::<Sha256>(0), &digest).unwrap();
    assert_eq!(a, b);
    key.to_public_key()
        .verify(Pss::new_with_salt::<Sha256>(0), &digest, &a)
        .unwrap();
    assert!(key
        .to_public_key()
        .verify(Pss::new_with_salt::<Sha256>(32), &digest, &a)
        .is_err());
}

#[test]
fn blinded_signing_key_and_random_keys_sign() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let blinded = rsa::pss::BlindedSigningKey::<Sha256>::new(keys()[1].clone());
    let sig = blinded.sign_with_rng(&mut rng, b"blinded");
    let verifying_key = blinded.verifying_key();
    verifying_key.verify(b"blinded", &sig).unwrap();
    assert!(verifying_key.verify(b"blinded!", &sig).is_err());

    let signer = rsa::pkcs1v15::SigningKey::<Sha256>::random(&mut rng, 1024).unwrap();
    let sig = signer.try_sign(b"fresh").unwrap();
    assert_eq!(sig.to_bytes().len(), 128);
    signer.verifying_key().verify(b"fresh", &sig).unwrap();

    let signer = rsa::pss::SigningKey::<Sha256>::random_with_salt_len(&mut rng, 1024, 5).unwrap();
    assert_eq!(signer.salt_len(), 5);
    let sig = signer.try_sign_with_rng(&mut rng, b"fresh").unwrap();
    rsa::pss::VerifyingKey::<Sha256>::new_with_salt_len(signer.verifying_key().as_ref().clone(), 5)
        .verify(b"fresh", &sig)
        .unwrap();
    assert!(matches!(
        rsa::pss::SigningKey::<Sha256>::random(&mut rng, 512),
        Err(rsa::errors::Error::InvalidKeySize { bits: 512 })
    ));
}

/// Generic code over `AsRef<RsaPublicKey>` takes a private key; public keys hash as they
/// compare. (Clippy's `mutable_key_type` sees the modulus's constants, computed on first use
/// behind a `OnceLock`; neither `Hash` nor `==` reads them.)
#[test]
#[allow(clippy::mutable_key_type)]
fn private_keys_lend_their_public_half_and_public_keys_hash() {
    fn modulus_bits(key: &impl AsRef<RsaPublicKey>) -> usize {
        key.as_ref().n().bit_length_vartime()
    }
    let keys = keys();
    assert_eq!(modulus_bits(&keys[0]), 1024);
    assert_eq!(modulus_bits(&keys[1]), 2048);

    let mut set = HashSet::new();
    for key in &keys {
        assert!(set.insert(key.to_public_key()));
        assert!(!set.insert(key.to_public_key()));
    }
    // Bound to PSS, the same (n, e) is another key, as `==` says.
    let pss = keys[0]
        .to_public_key()
        .with_algorithm(KeyAlgorithm::RsaPss(None));
    assert_ne!(pss, keys[0].to_public_key());
    assert!(set.insert(pss));
    // The same values read back from an encoding (fresh `Nat`s) are found.
    let der = rsa::pkcs1::EncodeRsaPublicKey::to_pkcs1_der(&keys[1].to_public_key()).unwrap();
    let read: RsaPublicKey =
        rsa::pkcs1::DecodeRsaPublicKey::from_pkcs1_der(der.as_bytes()).unwrap();
    assert!(set.contains(&read));
    assert_eq!(set.len(), 3);

    for key in &keys {
        assert_eq!(key.crt_coefficient().as_ref(), Some(key.qinv()));
    }
}

/// Every operation that draws randomness takes `&mut dyn CryptoRngCore`.
#[test]
fn unsized_generators_are_taken() {
    let mut chacha = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let rng: &mut dyn CryptoRngCore = &mut chacha;
    let key = RsaPrivateKey::new(rng, 1024).unwrap();
    let e = rsa::Nat::from_u64(65539);
    assert_eq!(RsaPrivateKey::new_with_exp(rng, 1024, &e).unwrap().e(), &e);
    let public = key.to_public_key();
    let ct = public.encrypt(rng, Oaep::new::<Sha256>(), b"dyn").unwrap();
    assert_eq!(
        key.decrypt_blinded(rng, Oaep::new::<Sha256>(), &ct)
            .unwrap(),
        b"dyn"
    );
    let digest = HashAlg::Sha256.digest(b"dyn");
    let sig = key
        .sign_with_rng(rng, Pss::new::<Sha256>(), &digest)
        .unwrap();
    public.verify(Pss::new::<Sha256>(), &digest, &sig).unwrap();
}
