//! Keys bound to `id-RSASSA-PSS` ([`KeyAlgorithm::RsaPss`]) make and check PSS signatures
//! only, and with parameters only with theirs (RFC 4055 §3.3): through every single and batch
//! entry point, before the key is used. Keys read from OpenSSL's `genpkey -algorithm RSA-PSS`
//! are checked in `encoding.rs` and in the CLI's interop tests.

mod support;

use montvec_rsa::batch::{
    decrypt_many, encrypt_many, sign_many, verify_many, EncryptionPadding, Options,
};
use montvec_rsa::key::{KeyAlgorithm, PssParameters};
use montvec_rsa::pkcs1::{DecodeRsaPrivateKey, EncodeRsaPrivateKey, EncodeRsaPublicKey};
use montvec_rsa::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey};
use montvec_rsa::{
    Error, HashAlg, Oaep, Pkcs1v15Encrypt, Pkcs1v15Sign, Pss, RsaPrivateKey, RsaPublicKey,
};
use rand_core::OsRng;

/// The RSA Labs OAEP key (1024 bits), bound to `algorithm`.
fn key(algorithm: KeyAlgorithm) -> RsaPrivateKey {
    let (_, private_der, _) = support::oaep_int_der();
    RsaPrivateKey::from_pkcs1_der(&private_der)
        .unwrap()
        .with_algorithm(algorithm)
}

fn restricted(result: Result<impl std::fmt::Debug, Error>) -> bool {
    matches!(result, Err(Error::KeyRestricted(_)))
}

/// A key bound to `id-RSASSA-PSS` is not equal to the same parts bound to `rsaEncryption`:
/// the algorithm is part of the key, whatever its secret parts.
#[test]
fn keys_with_the_same_parts_and_another_algorithm_differ() {
    let plain = key(KeyAlgorithm::RsaEncryption);
    assert_eq!(plain, key(KeyAlgorithm::RsaEncryption));
    assert_ne!(plain, key(KeyAlgorithm::RsaPss(None)));
    assert_ne!(
        plain.to_public_key(),
        key(KeyAlgorithm::RsaPss(None)).to_public_key()
    );
}

#[test]
fn pss_keys_refuse_every_other_padding() {
    let sha256 = HashAlg::Sha256;
    for algorithm in [
        KeyAlgorithm::RsaPss(None),
        KeyAlgorithm::RsaPss(Some(PssParameters::new(sha256, sha256, 32).unwrap())),
    ] {
        let key = key(algorithm);
        let public = key.to_public_key();
        let digest = sha256.digest(b"message");
        // Made with the same key as rsaEncryption, so only the binding can refuse them.
        let plain = key.clone().with_algorithm(KeyAlgorithm::RsaEncryption);
        let v15_sig = plain
            .sign(Pkcs1v15Sign::with_hash(sha256), &digest)
            .unwrap();
        let oaep_ct = plain
            .to_public_key()
            .encrypt(&mut OsRng, Oaep::with_hash(sha256), b"secret")
            .unwrap();
        let v15_ct = plain
            .to_public_key()
            .encrypt(&mut OsRng, Pkcs1v15Encrypt, b"secret")
            .unwrap();

        assert!(restricted(
            key.sign(Pkcs1v15Sign::with_hash(sha256), &digest)
        ));
        assert!(restricted(public.verify(
            Pkcs1v15Sign::with_hash(sha256),
            &digest,
            &v15_sig
        )));
        assert!(restricted(public.encrypt(
            &mut OsRng,
            Oaep::with_hash(sha256),
            b"secret"
        )));
        assert!(restricted(public.encrypt(
            &mut OsRng,
            Pkcs1v15Encrypt,
            b"secret"
        )));
        assert!(restricted(key.decrypt(Oaep::with_hash(sha256), &oaep_ct)));
        assert!(restricted(key.decrypt(Pkcs1v15Encrypt, &v15_ct)));
        // Even a ciphertext of the wrong length gets the key's refusal first.
        assert!(restricted(key.decrypt(Pkcs1v15Encrypt, b"short")));

        // Batches answer per job, the same.
        let options = Options::default();
        let signed = sign_many(
            &[(&key, digest.as_slice())],
            Pkcs1v15Sign::with_hash(sha256),
            &mut OsRng,
            &options,
        );
        assert!(restricted(signed.into_iter().next().unwrap()));
        let verified = verify_many(
            &[(&public, digest.as_slice(), v15_sig.as_slice())],
            Pkcs1v15Sign::with_hash(sha256),
            &options,
        );
        assert!(restricted(verified.into_iter().next().unwrap()));
        for padding in [
            EncryptionPadding::from(Oaep::with_hash(sha256)),
            EncryptionPadding::from(Pkcs1v15Encrypt),
        ] {
            let sealed = encrypt_many(&[(&public, b"secret")], &padding, &mut OsRng, &options);
            assert!(restricted(sealed.into_iter().next().unwrap()));
            let opened = decrypt_many(
                &[(&key, oaep_ct.as_slice())],
                &padding,
                &mut OsRng,
                &options,
            );
            assert!(restricted(opened.into_iter().next().unwrap()));
        }

        // PSS with the key's parameters (or any, for a key without) signs and verifies, one at
        // a time and batched.
        let pss = Pss::with_hash(sha256);
        let sig = key.sign(pss, &digest).unwrap();
        assert_eq!(public.verify(pss, &digest, &sig), Ok(()));
        let signed = sign_many(&[(&key, digest.as_slice())], pss, &mut OsRng, &options);
        let batch_sig = signed.into_iter().next().unwrap().unwrap();
        let verified = verify_many(&[(&public, digest.as_slice(), &batch_sig)], pss, &options);
        assert_eq!(verified, vec![Ok(())]);
    }
}

#[test]
fn pss_parameters_bind_hashes_and_the_shortest_salt() {
    let (sha256, sha1) = (HashAlg::Sha256, HashAlg::Sha1);
    let params = PssParameters::new(sha256, sha1, 32).unwrap();
    let key = key(KeyAlgorithm::RsaPss(Some(params)));
    let public = key.to_public_key();
    let digest = sha256.digest(b"message");
    let own = params.scheme();
    assert_eq!(
        (own.hash(), own.mgf_hash(), own.salt_len()),
        (sha256, sha1, 32)
    );
    let good = key.sign(own, &digest).unwrap();
    assert_eq!(public.verify(own, &digest, &good), Ok(()));
    // A longer salt is allowed.
    let longer = own.with_salt_len(40);
    let sig = key.sign(longer, &digest).unwrap();
    assert_eq!(public.verify(longer, &digest, &sig), Ok(()));

    let options = Options::default();
    for other in [
        Pss::with_hash(sha256),
        own.with_mgf_hash(sha256),
        own.with_salt_len(31),
        Pss::with_hash(HashAlg::Sha384).with_mgf_hash(sha1),
    ] {
        let d = other.hash().digest(b"message");
        assert!(restricted(key.sign(other, &d)), "{other:?}");
        let salt = vec![7; other.salt_len()];
        assert!(
            restricted(other.sign_with_salt(&mut OsRng, &key, &d, &salt)),
            "{other:?}"
        );
        assert!(restricted(public.verify(other, &d, &good)), "{other:?}");
        let signed = sign_many(&[(&key, d.as_slice())], other, &mut OsRng, &options);
        assert!(restricted(signed.into_iter().next().unwrap()), "{other:?}");
        let verified = verify_many(&[(&public, d.as_slice(), good.as_slice())], other, &options);
        assert!(
            restricted(verified.into_iter().next().unwrap()),
            "{other:?}"
        );
    }
    // sign_with_salt signs with the salt it is given: its length is what the key checks,
    // whatever the scheme's own salt length says.
    assert!(restricted(own.sign_with_salt(
        &mut OsRng,
        &key,
        &digest,
        &[]
    )));
    assert!(restricted(
        own.sign_with_salt(&mut OsRng, &key, &digest, &[7; 31])
    ));
    let short_scheme = own.with_salt_len(0);
    let sig = short_scheme
        .sign_with_salt(&mut OsRng, &key, &digest, &[7; 32])
        .unwrap();
    assert_eq!(public.verify(own, &digest, &sig), Ok(()));
    // The same key as rsaEncryption takes any of them.
    let plain = key.clone().with_algorithm(KeyAlgorithm::RsaEncryption);
    assert!(plain.sign(Pss::with_hash(sha256), &digest).is_ok());
}

#[test]
fn the_binding_survives_spki_and_pkcs8_but_not_pkcs1() {
    let params = PssParameters::new(HashAlg::Sha384, HashAlg::Sha384, 48).unwrap();
    for algorithm in [
        KeyAlgorithm::RsaPss(None),
        KeyAlgorithm::RsaPss(Some(params)),
    ] {
        let key = key(algorithm);
        let public = key.to_public_key();
        assert_eq!(public.algorithm(), algorithm);
        let pkcs8 = key.to_pkcs8_der().unwrap();
        assert_eq!(
            RsaPrivateKey::from_pkcs8_der(pkcs8.as_bytes()).unwrap(),
            key
        );
        let spki = public.to_public_key_der().unwrap();
        assert_eq!(
            RsaPublicKey::from_public_key_der(spki.as_bytes()).unwrap(),
            public
        );
        // PKCS#1 names no algorithm: writing one would drop the restriction.
        assert!(key.to_pkcs1_der().is_err());
        assert!(public.to_pkcs1_der().is_err());
    }
}

#[test]
fn parameters_refuse_shake_and_long_salts() {
    let sha256 = HashAlg::Sha256;
    for h in [HashAlg::Shake128, HashAlg::Shake256] {
        assert!(matches!(
            PssParameters::new(h, h, 32),
            Err(Error::UnsupportedHash(_))
        ));
        assert!(matches!(
            PssParameters::new(sha256, h, 32),
            Err(Error::UnsupportedHash(_))
        ));
    }
    assert!(PssParameters::new(sha256, sha256, 255).is_ok());
    assert_eq!(
        PssParameters::new(sha256, sha256, 256),
        Err(Error::InvalidSaltLength)
    );
}

/// RFC 8702 defines SHAKE in PSS only as both the hash and the mask: a SHAKE beside a SHA-2 is
/// refused by every key.
#[test]
fn shake_is_both_hash_and_mask_or_neither() {
    let key = key(KeyAlgorithm::RsaEncryption);
    let public = key.to_public_key();
    for (hash, mask) in [
        (HashAlg::Sha256, HashAlg::Shake128),
        (HashAlg::Shake128, HashAlg::Sha256),
        (HashAlg::Shake128, HashAlg::Shake256),
    ] {
        let pss = Pss::with_hash(hash).with_mgf_hash(mask);
        let digest = hash.digest(b"message");
        assert!(
            matches!(key.sign(pss, &digest), Err(Error::UnsupportedHash(_))),
            "{pss:?}"
        );
        assert!(
            matches!(
                public.verify(pss, &digest, &[0; 128]),
                Err(Error::UnsupportedHash(_))
            ),
            "{pss:?}"
        );
    }
    for h in [HashAlg::Shake128, HashAlg::Shake256] {
        // A salt of 32 bytes: SHAKE256's 64-byte output and 64 bytes of salt do not fit 1024 bits.
        let pss = Pss::with_hash(h).with_salt_len(32);
        let digest = h.digest(b"message");
        let sig = key.sign(pss, &digest).unwrap();
        assert_eq!(public.verify(pss, &digest, &sig), Ok(()));
    }
}
