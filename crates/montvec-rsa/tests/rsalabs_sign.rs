//! The RSA Laboratories signature vectors in `vectors/pkcs1-rsalabs/` (SOURCE.md there):
//! `pss-vect.txt` (10 keys of 1024..1031, 1536 and 2048 bits, 60 PSS signatures with SHA-1
//! and the given salts), the worked example `pss-int.txt` step by step, and
//! `pkcs1v15sign-vectors.txt` (15 keys, 300 PKCS#1 v1.5 SHA-1 signatures). Every signature is
//! reproduced byte for byte and verified, through the padding types and through the
//! `signature`-trait keys. The keys also check the recovery of p and q from (n, e, d).

mod support;

use montvec_rsa::key::recover::recover_primes_vartime;
use montvec_rsa::{
    hash::mgf_xor, hazmat::rsa_encrypt, pkcs1v15, pss, HashAlg, Nat, Pkcs1v15Sign, Pss,
    PublicKeyParts, RsaPrivateKey,
};
use num_bigint::BigUint;
use rand::SeedableRng;
use sha1::Sha1;
use signature::{Keypair, RandomizedSigner, Signer, Verifier};
use support::{rsalabs_fields, rsalabs_keys_and_cases};

#[test]
fn pss_vect_signatures_with_the_given_salts() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    let keys = rsalabs_keys_and_cases(
        "pss-vect.txt",
        "RSA public exponent e",
        &["Message to be signed", "Salt", "Signature"],
    );
    let bits: Vec<usize> = keys.iter().map(|(k, _)| k.bits()).collect();
    assert_eq!(
        bits,
        [1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031, 1536, 2048]
    );
    let scheme = Pss::with_hash(HashAlg::Sha1);
    let mut count = 0;
    for (key, cases) in &keys {
        assert_eq!(cases.len(), 6);
        let verifying_key = pss::VerifyingKey::<Sha1>::new(key.to_public_key());
        for case in cases {
            let [msg, salt, expected] = &case[..] else {
                unreachable!()
            };
            assert_eq!(salt.len(), 20);
            let digest = HashAlg::Sha1.digest(msg);
            let sig = scheme.sign_with_salt(&mut rng, key, &digest, salt).unwrap();
            assert_eq!(&sig, expected, "{} bits", key.bits());
            key.to_public_key().verify(scheme, &digest, &sig).unwrap();
            let sig = pss::Signature::try_from(&sig[..]).unwrap();
            verifying_key.verify(msg, &sig).unwrap();
            assert!(verifying_key.verify(&msg[1..], &sig).is_err());
            count += 1;
        }
        // A fresh random salt through the trait key verifies too.
        let signing_key = pss::SigningKey::<Sha1>::new(key.clone());
        let sig = signing_key.sign_with_rng(&mut rng, b"fresh salt");
        signing_key
            .verifying_key()
            .verify(b"fresh salt", &sig)
            .unwrap();
    }
    assert_eq!(count, 60);
}

#[test]
fn pkcs1v15_sign_vectors() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
    let keys = rsalabs_keys_and_cases(
        "pkcs1v15sign-vectors.txt",
        "Public exponent",
        &["Message to be signed", "Signature"],
    );
    assert_eq!(keys.len(), 15);
    let mut count = 0;
    for (key, cases) in &keys {
        assert_eq!(cases.len(), 20);
        let signing_key = pkcs1v15::SigningKey::<Sha1>::new(key.clone());
        let verifying_key = signing_key.verifying_key();
        for case in cases {
            let [msg, expected] = &case[..] else {
                unreachable!()
            };
            let digest = HashAlg::Sha1.digest(msg);
            let sig = key
                .sign_with_rng(&mut rng, Pkcs1v15Sign::new::<Sha1>(), &digest)
                .unwrap();
            assert_eq!(&sig, expected, "{} bits", key.bits());
            key.to_public_key()
                .verify(Pkcs1v15Sign::new::<Sha1>(), &digest, &sig)
                .unwrap();
            let trait_sig = signing_key.try_sign(msg).unwrap();
            assert_eq!(trait_sig.as_bytes(), &expected[..]);
            verifying_key.verify(msg, &trait_sig).unwrap();
            count += 1;
        }
    }
    assert_eq!(count, 300);
}

/// A field of pss-int.txt by label.
fn field<'a>(fields: &'a [(String, Vec<u8>)], label: &str) -> &'a [u8] {
    &fields
        .iter()
        .find(|(l, _)| l == label)
        .unwrap_or_else(|| panic!("pss-int.txt has no {label}"))
        .1
}

#[test]
fn pss_int_worked_example_step_by_step() {
    let fields = rsalabs_fields("pss-int.txt");
    let f = |label: &str| field(&fields, label);
    let (n, e, p, q) = (
        f("RSA modulus n"),
        f("RSA public exponent e"),
        f("Prime p"),
        f("Prime q"),
    );
    // The file gives no d: d = e^-1 mod (p-1)(q-1), from num-bigint.
    let big = BigUint::from_bytes_be;
    let one = BigUint::from(1u8);
    let phi = (big(p) - &one) * (big(q) - &one);
    let d = big(e).modinv(&phi).expect("e invertible").to_bytes_be();
    let nat = Nat::from_be_bytes;
    let key = RsaPrivateKey::from_crt_components(
        nat(n),
        nat(e),
        nat(&d),
        nat(p),
        nat(q),
        nat(f("p's CRT exponent dP")),
        nat(f("q's CRT exponent dQ")),
        nat(f("CRT coefficient qInv")),
    )
    .unwrap();
    assert_eq!(key.bits(), 1024);

    let msg = f("Message M to be signed");
    let salt = f("salt");
    // mHash = Hash(M); M' = 0x00 * 8 || mHash || salt; H = Hash(M').
    let m_hash = HashAlg::Sha1.digest(msg);
    assert_eq!(m_hash, f("mHash"));
    let m_prime = [&[0u8; 8][..], &m_hash, salt].concat();
    assert_eq!(m_prime, f("M'"));
    let h = HashAlg::Sha1.digest(&m_prime);
    assert_eq!(h, f("H"));
    // DB = PS || 0x01 || salt; dbMask = MGF1(H, 107); maskedDB = DB xor dbMask, top bit 0.
    let db = f("DB");
    assert_eq!(db.len(), 107);
    let mut db_mask = vec![0u8; db.len()];
    mgf_xor(&mut db_mask, HashAlg::Sha1, &h);
    assert_eq!(db_mask, f("dbMask"));
    let mut masked_db: Vec<u8> = db.iter().zip(&db_mask).map(|(a, b)| a ^ b).collect();
    masked_db[0] &= 0x7f;
    assert_eq!(masked_db, f("maskedDB"));
    // EM = maskedDB || H || 0xbc; emBits = 1023 so emLen = 128 = k.
    let em = [&masked_db[..], &h, &[0xbc]].concat();
    assert_eq!(em, f("Encoded message EM"));

    // The library's signature with this salt, and its inverse.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    let scheme = Pss::with_hash(HashAlg::Sha1);
    let sig = scheme
        .sign_with_salt(&mut rng, &key, &m_hash, salt)
        .unwrap();
    assert_eq!(sig, f("Signature S, the RSA decryption of EM"));
    assert_eq!(rsa_encrypt(key.as_public_key(), &sig).unwrap(), em);
    key.to_public_key().verify(scheme, &m_hash, &sig).unwrap();
}

#[test]
fn primes_are_recovered_from_n_e_d_of_every_key() {
    let mut keys = rsalabs_keys_and_cases("pss-vect.txt", "RSA public exponent e", &[]);
    keys.extend(rsalabs_keys_and_cases(
        "pkcs1v15sign-vectors.txt",
        "Public exponent",
        &[],
    ));
    assert_eq!(keys.len(), 25);
    for (key, _) in &keys {
        let (p, q) = recover_primes_vartime(key.n(), key.e(), key.d()).unwrap();
        let [kp, kq] = key.primes();
        assert!(
            (&p, &q) == (kp, kq) || (&p, &q) == (kq, kp),
            "{} bits",
            key.bits()
        );
        // from_n_e_d_vartime rebuilds the same key (primes in the order found).
        let rebuilt =
            RsaPrivateKey::from_n_e_d_vartime(key.n().clone(), key.e().clone(), key.d().clone())
                .unwrap();
        assert_eq!(rebuilt.as_public_key(), key.as_public_key());
        assert_eq!(rebuilt.primes(), [&p, &q]);
    }
}
