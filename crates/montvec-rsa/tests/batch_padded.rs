//! The padded batch functions (`sign_many`, `verify_many`, `encrypt_many`, `decrypt_many`)
//! against the single-message operations, over the 15 RSA Labs keys (1024 to 2048 bits,
//! including 1025..1031) mixed in one batch: PKCS#1 v1.5 signatures must equal the RSA Labs
//! vectors byte for byte (`pkcs1v15sign-vectors.txt`, 300 of them in one batch); PSS
//! signatures and encryptions must be accepted by the single verifier and decrypter; bad jobs
//! fail alone.

mod support;

use montvec_rsa::batch::{
    decrypt_many, encrypt_many, sign_many, verify_many, EncryptionPadding, Options,
    SignaturePadding,
};
use montvec_rsa::{
    Error, HashAlg, Oaep, Pkcs1v15Encrypt, Pkcs1v15Sign, Pss, PublicKeyParts, RsaPrivateKey,
    RsaPublicKey,
};
use rand::SeedableRng;
use support::{crypt_cases, rsalabs_keys_and_cases};

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
fn pkcs1v15_signatures_equal_the_rsalabs_vectors_and_verify_in_a_batch() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    // The 15 keys of pkcs1v15sign-vectors.txt (1024 to 2048 bits) and their 20 SHA-1
    // signatures each: all 300 jobs in one batch, keys interleaved.
    let keys = rsalabs_keys_and_cases(
        "pkcs1v15sign-vectors.txt",
        "Public exponent",
        &["Message to be signed", "Signature"],
    );
    assert_eq!(keys.len(), 15);
    let publics: Vec<RsaPublicKey> = keys.iter().map(|(k, _)| k.to_public_key()).collect();
    let mut jobs = Vec::new();
    for case in 0..20 {
        for (index, (key, cases)) in keys.iter().enumerate() {
            assert_eq!(cases.len(), 20);
            let [msg, expected] = &cases[case][..] else {
                unreachable!()
            };
            jobs.push((index, key, HashAlg::Sha1.digest(msg), expected.clone()));
        }
    }
    assert_eq!(jobs.len(), 300);
    let scheme = Pkcs1v15Sign::with_hash(HashAlg::Sha1);
    let refs: Vec<(&RsaPrivateKey, &[u8])> =
        jobs.iter().map(|(_, k, d, _)| (*k, d.as_slice())).collect();
    let sigs = sign_many(&refs, scheme, &mut rng, &Options::default());
    assert_eq!(sigs.len(), jobs.len());
    for ((_, key, _, expected), sig) in jobs.iter().zip(&sigs) {
        assert_eq!(
            sig.as_ref().expect("signed"),
            expected,
            "{} bits",
            key.bits()
        );
    }
    // The vectors' signatures verify in one batch, except one altered in its last byte, one
    // checked against another message's digest, one a byte short, one a byte long and one
    // equal to its modulus: those fail alone, each with `Error::Verification` as the single
    // verifier's (not the raw operation's `InvalidInputLength`).
    let mut checks: Vec<(&RsaPublicKey, &[u8], Vec<u8>)> = jobs
        .iter()
        .map(|(index, _, d, sig)| (&publics[*index], d.as_slice(), sig.clone()))
        .collect();
    let last = checks[17].2.len() - 1;
    checks[17].2[last] ^= 1;
    checks[40].1 = jobs[41].2.as_slice();
    checks[52].2.pop();
    checks[63].2.push(0);
    let public = checks[77].0;
    checks[77].2 = public.n().to_be_bytes(public.size());
    for i in [52, 63, 77] {
        assert_eq!(
            checks[i].0.verify(scheme, checks[i].1, &checks[i].2),
            Err(Error::Verification),
            "the single verifier, job {i}"
        );
    }
    verify_expecting_failures(&checks, scheme, &[17, 40, 52, 63, 77]);
}

/// `verify_many` over `checks` in one batch: exactly the jobs `failing` fail, with
/// [`Error::Verification`].
fn verify_expecting_failures(
    checks: &[(&RsaPublicKey, &[u8], Vec<u8>)],
    scheme: impl Into<SignaturePadding>,
    failing: &[usize],
) {
    let as_refs: Vec<(&RsaPublicKey, &[u8], &[u8])> = checks
        .iter()
        .map(|(k, d, s)| (*k, *d, s.as_slice()))
        .collect();
    let verdicts = verify_many(&as_refs, scheme, &Options::default());
    assert_eq!(verdicts.len(), checks.len());
    for (i, v) in verdicts.iter().enumerate() {
        if failing.contains(&i) {
            assert_eq!(v, &Err(Error::Verification), "job {i}");
        } else {
            assert_eq!(v, &Ok(()), "job {i}");
        }
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
    verify_expecting_failures(&checks, scheme, &[2]);
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

/// Options the batch engine refuses (no threads, an engine this CPU lacks) fail every job
/// with `Error::Arithmetic`, in each padded batch function: `verify_many` called the valid
/// signature below invalid (`Error::Verification`) instead.
#[test]
fn refused_options_are_arithmetic_errors_in_every_padded_batch() {
    let keys = keys();
    let key = &keys[0];
    let public = key.to_public_key();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    let scheme = Pkcs1v15Sign::with_hash(HashAlg::Sha256);
    let digest = HashAlg::Sha256.digest(b"refused options");
    let signature = key
        .sign_with_rng(&mut rng, scheme, &digest)
        .expect("signed");
    let mut refused = vec![Options {
        threads: Some(0),
        ..Options::default()
    }];
    refused.extend(
        montvec::batch::Engine::ALL
            .into_iter()
            .filter(|e| !e.is_supported())
            .map(|engine| Options {
                engine: Some(engine),
                ..Options::default()
            }),
    );
    fn arithmetic<T>(r: &Result<T, Error>) -> bool {
        matches!(r, Err(Error::Arithmetic(_)))
    }
    for options in &refused {
        let verified = verify_many(&[(&public, &digest, &signature)], scheme, options);
        assert!(arithmetic(&verified[0]), "verify_many: {:?}", verified[0]);
        let signed = sign_many(&[(key, &digest)], scheme, &mut rng, options);
        assert!(arithmetic(&signed[0]), "sign_many");
        let oaep = EncryptionPadding::Oaep(Oaep::with_hash(HashAlg::Sha256));
        let encrypted = encrypt_many(&[(&public, &b"m"[..])], &oaep, &mut rng, options);
        assert!(arithmetic(&encrypted[0]), "encrypt_many");
    }
    // With working options the same signature verifies.
    let verified = verify_many(
        &[(&public, &digest, &signature)],
        scheme,
        &Options::default(),
    );
    assert_eq!(verified, [Ok(())]);
}
