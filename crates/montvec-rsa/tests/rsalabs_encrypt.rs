//! The RSA Labs encryption vectors through the paddings: `oaep-vect.txt` (10 keys, 1024 to
//! 2048 bits including 1025..1031, 60 cases), the worked example `oaep-int.txt`, and
//! `pkcs1v15crypt-vectors.txt` (15 keys, 300 cases). Encryption runs with the file's seed or
//! padding string fed through [`FixedBytes`] and must give the file's ciphertext byte for byte,
//! using every seed byte; decryption must give the message back.

mod support;

use montvec_rsa::hash::mgf_xor;
use montvec_rsa::hazmat::rsa_decrypt;
use montvec_rsa::{HashAlg, Nat, Oaep, Pkcs1v15Encrypt, PublicKeyParts, RsaPrivateKey};
use num_bigint::BigUint;
use rand::SeedableRng;
use support::{
    pkcs1v15_crypt_vectors, rsalabs_field, rsalabs_fields, rsalabs_key, rsalabs_keys_and_cases,
    FixedBytes,
};

#[test]
fn oaep_vect_encrypts_with_the_given_seed_and_decrypts() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let all = rsalabs_keys_and_cases(
        "oaep-vect.txt",
        "RSA public exponent e",
        &["Message to be encrypted", "Seed", "Encryption"],
    );
    let (keys, mut count) = (all.len(), 0);
    for (number, (key, cases)) in all.iter().enumerate() {
        let public = key.to_public_key();
        for case in cases {
            let [msg, seed, ct] = &case[..] else {
                unreachable!("three fields a case")
            };
            let mut fixed = FixedBytes::new(seed);
            let got = public
                .encrypt(&mut fixed, Oaep::new::<sha1::Sha1>(), msg)
                .unwrap();
            assert_eq!(&got, ct, "key {} case {count}", number + 1);
            assert_eq!(fixed.remaining(), 0, "the whole seed is used");
            let back = key
                .decrypt_blinded(&mut rng, Oaep::new::<sha1::Sha1>(), ct)
                .unwrap();
            assert_eq!(&back, msg);
            count += 1;
        }
    }
    assert_eq!((keys, count), (10, 60));
}

/// A number's k-byte big-endian form, through num-bigint.
fn be(x: &BigUint, k: usize) -> Vec<u8> {
    let b = x.to_bytes_be();
    let mut out = vec![0; k - b.len()];
    out.extend(b);
    out
}

#[test]
fn oaep_int_worked_example_matches_every_intermediate_value() {
    let fields = rsalabs_fields("oaep-int.txt");
    let f = |name: &str| rsalabs_field(&fields, 0, name).to_vec();
    // The file gives no d: compute it with num-bigint as e^-1 mod (p-1)(q-1).
    let big = |b: &[u8]| BigUint::from_bytes_be(b);
    // e is written "(0x)11", which the hex parser skips: it is 17.
    let e_bytes = [0x11u8];
    let (p, q, e) = (big(&f("Prime p")), big(&f("Prime q")), big(&e_bytes));
    let phi = (&p - 1u32) * (&q - 1u32);
    let d = e.modinv(&phi).expect("e is invertible").to_bytes_be();
    let key = rsalabs_key(&[
        &f("RSA modulus n"),
        &e_bytes,
        &d,
        &f("Prime p"),
        &f("Prime q"),
        &f("p's CRT exponent dP"),
        &f("q's CRT exponent dQ"),
        &f("CRT coefficient qInv"),
    ]);
    let k = key.size();
    assert_eq!(k, 128);
    let (msg, seed) = (f("Message M to be encrypted"), f("seed"));
    // lHash = SHA-1(empty label).
    let l_hash = HashAlg::Sha1.digest(b"");
    assert_eq!(l_hash, f("lHash"));
    // DB = lHash || PS || 0x01 || M.
    let mut db = l_hash.clone();
    db.resize(k - 21 - msg.len() - 1, 0);
    db.push(1);
    db.extend(&msg);
    assert_eq!(db, f("DB"));
    // dbMask = MGF1(seed, k - hLen - 1): MGF of zeros is the mask itself.
    let mut db_mask = vec![0u8; db.len()];
    mgf_xor(&mut db_mask, HashAlg::Sha1, &seed);
    assert_eq!(db_mask, f("dbMask"));
    let masked_db: Vec<u8> = db.iter().zip(&db_mask).map(|(a, b)| a ^ b).collect();
    assert_eq!(masked_db, f("maskedDB"));
    let mut seed_mask = vec![0u8; 20];
    mgf_xor(&mut seed_mask, HashAlg::Sha1, &masked_db);
    assert_eq!(seed_mask, f("seedMask"));
    let masked_seed: Vec<u8> = seed.iter().zip(&seed_mask).map(|(a, b)| a ^ b).collect();
    assert_eq!(masked_seed, f("maskedSeed"));
    let em = f("EM = 00 || maskedSeed || maskedDB");
    assert_eq!(em[0], 0);
    assert_eq!(&em[1..21], &masked_seed[..]);
    assert_eq!(&em[21..], &masked_db[..]);
    // The padding end to end: encryption with the seed gives the ciphertext.
    let ct = f("Ciphertext, the RSA encryption of EM");
    let mut fixed = FixedBytes::new(&seed);
    let got = key
        .to_public_key()
        .encrypt(&mut fixed, Oaep::new::<sha1::Sha1>(), &msg)
        .unwrap();
    assert_eq!(got, ct);
    // Decryption by CRT: the raw private operation gives EM (= m), and the CRT values of the
    // file agree with the key (c mod p, c mod q, m1, m2, h by num-bigint from the key's parts).
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
    assert_eq!(rsa_decrypt(&key, &ct, &mut rng).unwrap(), em);
    assert_eq!(f("m"), em);
    let c = big(&ct);
    let (dp, dq, qinv) = (
        big(&f("p's CRT exponent dP")),
        big(&f("q's CRT exponent dQ")),
        big(&f("CRT coefficient qInv")),
    );
    assert_eq!(be(&(&c % &p), 64), f("c mod p"));
    assert_eq!(be(&(&c % &q), 64), f("c mod q"));
    let m1 = (&c % &p).modpow(&dp, &p);
    let m2 = (&c % &q).modpow(&dq, &q);
    assert_eq!(be(&m1, 64), f("m1"));
    assert_eq!(be(&m2, 64), f("m2"));
    let h = ((&m1 + &p - (&m2 % &p)) * &qinv) % &p;
    assert_eq!(be(&h, 64), f("h"));
    assert_eq!(be(&(&m2 + &q * &h), k), em);
    let back = key.decrypt(Oaep::new::<sha1::Sha1>(), &ct).unwrap();
    assert_eq!(back, msg);
    // Our key holds the same CRT parts.
    let nat = |x: &BigUint| Nat::from_be_bytes(&x.to_bytes_be());
    assert_eq!(key.dp().to_be_bytes(64), nat(&dp).to_be_bytes(64));
    assert_eq!(key.qinv().to_be_bytes(64), nat(&qinv).to_be_bytes(64));
}

#[test]
fn pkcs1v15_crypt_vectors_encrypt_with_the_given_padding_and_decrypt() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
    let keys = pkcs1v15_crypt_vectors();
    assert_eq!(keys.len(), 15);
    let mut count = 0;
    for (key, cases) in &keys {
        assert_eq!(cases.len(), 20);
        let public = key.to_public_key();
        for (msg, ps, ct) in cases {
            let mut fixed = FixedBytes::new(ps);
            let got = public.encrypt(&mut fixed, Pkcs1v15Encrypt, msg).unwrap();
            assert_eq!(&got, ct);
            assert_eq!(fixed.remaining(), 0, "the whole padding string is used");
            let back = key.decrypt_blinded(&mut rng, Pkcs1v15Encrypt, ct).unwrap();
            assert_eq!(&back, msg);
            count += 1;
        }
    }
    assert_eq!(count, 300);
}

/// Sanity: the fixed-bytes generator really drives the seed (a different seed, a different
/// ciphertext), so the equalities above cannot pass by ignoring the generator.
#[test]
fn a_different_seed_gives_a_different_ciphertext() {
    let (key, cases): (RsaPrivateKey, _) = pkcs1v15_crypt_vectors().swap_remove(0);
    let (msg, ps, ct) = &cases[0];
    let mut other = ps.clone();
    other[0] = other[0].wrapping_add(1).max(1);
    let got = key
        .to_public_key()
        .encrypt(&mut FixedBytes::new(&other), Pkcs1v15Encrypt, msg)
        .unwrap();
    assert_ne!(&got, ct);
}
