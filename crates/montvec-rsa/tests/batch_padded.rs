//! The padded batch functions (`sign_many`, `verify_many`, `encrypt_many`, `decrypt_many`)
//! against the single-message operations, over the 15 RSA Labs keys (1024 to 2048 bits,
//! including 1025..1031) mixed in one batch: PKCS#1 v1.5 signatures must equal the single
//! signer's byte for byte (they are deterministic) and the RSA Labs vectors; PSS signatures
//! and encryptions must be accepted by the single verifier and decrypter; bad jobs fail alone.

mod support;

use montvec_rsa::batch::{
    decrypt_many, encrypt_many, sign_many, verify_many, EncryptionPadding, Options,
};
use montvec_rsa::{
    Error, HashAlg, Oaep, Pkcs1v15Encrypt, Pkcs1v15Sign, Pss, RsaPrivateKey, RsaPublicKey,
};
use rand::SeedableRng;
use support::crypt_cases;

fn keys() -> Vec<RsaPrivateKey> {
    crypt_cases().into_iter().map(|(key, _)| key).collect()
}

/// 23 jobs cycling through the keys, each with its own digest.
fn digests(keys: &[RsaPrivateKey], hash: HashAlg) -> Vec<(&RsaPrivateKey, Vec<u8>)> {
    (0..23u8)
        .map(|i| (&keys[i as usize % keys.len()], hash.digest(&[i; 3])))
        .collect()
}

#[test]
fn pkcs1v15_signatures_equal_the_single_signer_and_verify_in_a_batch() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let keys = keys();
    let publics: Vec<RsaPublicKey> = keys.iter().map(|k| k.to_public_key()).collect();
    for hash in [HashAlg::Sha1, HashAlg::Sha256, HashAlg::Sha512] {
        let scheme = Pkcs1v15Sign::with_hash(hash);
        let jobs = digests(&keys, hash);
        let refs: Vec<(&RsaPrivateKey, &[u8])> =
            jobs.iter().map(|(k, d)| (*k, d.as_slice())).collect();
        let sigs = sign_many(&refs, scheme, &mut rng, &Options::default());
        assert_eq!(sigs.len(), refs.len());
        for ((key, digest), sig) in refs.iter().zip(&sigs) {
            let sig = sig.as_ref().expect("signed");
            assert_eq!(sig, &key.sign_with_rng(&mut rng, scheme, digest).unwrap());
        }
        let checks: Vec<(&RsaPublicKey, &[u8], &[u8])> = refs
            .iter()
            .zip(&sigs)
            .enumerate()
            .map(|(i, ((_, d), s))| (&publics[i % keys.len()], *d, s.as_ref().unwrap().as_slice()))
            .collect();
        assert!(verify_many(&checks, scheme, &Options::default())
            .iter()
            .all(Result::is_ok));
    }
}

#[test]
fn pss_signatures_from_a_batch_verify_and_tampering_fails_alone() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let keys = keys();
    let publics: Vec<RsaPublicKey> = keys.iter().map(|k| k.to_public_key()).collect();
    let scheme = Pss::with_hash(HashAlg::Sha256)
        .with_mgf_hash(HashAlg::Sha1)
        .with_salt_len(20);
    let jobs = digests(&keys, HashAlg::Sha256);
    let mut refs: Vec<(&RsaPrivateKey, &[u8])> =
        jobs.iter().map(|(k, d)| (*k, d.as_slice())).collect();
    // Job 5 has a digest of the wrong length: its own error, the others sign.
    let short = [0u8; 5];
    refs[5].1 = &short;
    let sigs = sign_many(&refs, scheme, &mut rng, &Options::default());
    assert!(matches!(sigs[5], Err(Error::InvalidDigestLength { .. })));
    let mut checks = Vec::new();
    for (i, ((_, d), s)) in refs.iter().zip(&sigs).enumerate() {
        if i == 5 {
            continue;
        }
        let public = &publics[i % keys.len()];
        let s = s.as_ref().expect("signed");
        public
            .verify(scheme, d, s)
            .expect("single verifier accepts");
        checks.push((public, *d, s.clone()));
    }
    // Flip a bit in the third signature: that job alone fails.
    checks[2].2[7] ^= 1;
    let as_refs: Vec<(&RsaPublicKey, &[u8], &[u8])> = checks
        .iter()
        .map(|(k, d, s)| (*k, *d, s.as_slice()))
        .collect();
    let verdicts = verify_many(&as_refs, scheme, &Options::default());
    for (i, v) in verdicts.iter().enumerate() {
        assert_eq!(v.is_ok(), i != 2, "job {i}: {v:?}");
    }
    assert_eq!(verdicts[2], Err(Error::Verification));
}

#[test]
fn batch_encryption_and_decryption_agree_with_the_single_operations() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let keys = keys();
    let publics: Vec<RsaPublicKey> = keys.iter().map(|k| k.to_public_key()).collect();
    let paddings = [
        EncryptionPadding::from(Oaep::with_hash(HashAlg::Sha256).with_label(b"batch".to_vec())),
        EncryptionPadding::from(Oaep::with_hash(HashAlg::Sha1)),
        EncryptionPadding::from(Pkcs1v15Encrypt),
    ];
    let messages: Vec<Vec<u8>> = (0..19u8).map(|i| vec![i; i as usize * 3]).collect();
    for padding in &paddings {
        let jobs: Vec<(&RsaPublicKey, &[u8])> = messages
            .iter()
            .enumerate()
            .map(|(i, m)| (&publics[i % publics.len()], m.as_slice()))
            .collect();
        let cts = encrypt_many(&jobs, padding, &mut rng, &Options::default());
        let mut dec_jobs = Vec::new();
        for (i, ct) in cts.iter().enumerate() {
            let ct = ct.as_ref().expect("encrypted");
            let key = &keys[i % keys.len()];
            // The single decrypter reads what the batch encrypted.
            let single = match padding {
                EncryptionPadding::Oaep(p) => key.decrypt(p.clone(), ct),
                EncryptionPadding::Pkcs1v15(p) => key.decrypt(*p, ct),
            };
            assert_eq!(single.unwrap(), messages[i]);
            dec_jobs.push((key, ct.clone()));
        }
        // Corrupt job 4's ciphertext and cut job 9's: only they differ.
        dec_jobs[4].1[10] ^= 0x40;
        dec_jobs[9].1.pop();
        let refs: Vec<(&RsaPrivateKey, &[u8])> =
            dec_jobs.iter().map(|(k, c)| (*k, c.as_slice())).collect();
        let plain = decrypt_many(&refs, padding, &mut rng, &Options::default());
        for (i, p) in plain.iter().enumerate() {
            match i {
                4 => match padding {
                    EncryptionPadding::Oaep(_) => assert_eq!(p, &Err(Error::Decryption)),
                    // Implicit rejection: a message, the same one the single decrypter gives.
                    EncryptionPadding::Pkcs1v15(s) => {
                        assert_eq!(
                            p.as_ref().unwrap(),
                            &refs[4].0.decrypt(*s, refs[4].1).unwrap()
                        );
                        assert_ne!(p.as_ref().unwrap(), &messages[4]);
                    }
                },
                9 => assert_eq!(p, &Err(Error::InvalidInputLength)),
                _ => assert_eq!(p.as_ref().unwrap(), &messages[i], "job {i}"),
            }
        }
    }
    // A message too long fails its own job.
    let long = [1u8; 200];
    let jobs = [(&publics[0], &long[..]), (&publics[0], &b"ok"[..])];
    let out = encrypt_many(&jobs, &paddings[0], &mut rng, &Options::default());
    assert_eq!(out[0], Err(Error::MessageTooLong));
    assert!(out[1].is_ok());
}
