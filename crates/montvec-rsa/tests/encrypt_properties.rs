//! Property tests of the encryption paddings on a few fixed keys (the RSA Labs 1024- and
//! 1031-bit keys and a 2048-bit one): round trips over every message length and over labels and
//! (label hash, MGF1 hash) pairs, the exact OAEP length limit, and random ciphertexts that
//! must never panic (OAEP: one error; v1.5: a message of at most k − 11 bytes).

mod support;

use montvec_rsa::{
    Error, HashAlg, Oaep, PaddingScheme, Pkcs1v15Encrypt, PublicKeyParts, RsaPrivateKey,
};
use proptest::prelude::*;
use rand::SeedableRng;
use support::pkcs1v15_crypt_keys;

/// Keys of 1024, 1031 and 2048 bits from pkcs1v15crypt-vectors.txt.
fn keys() -> Vec<RsaPrivateKey> {
    pkcs1v15_crypt_keys(&[1024, 1031, 2048])
}

const OAEP_HASHES: [HashAlg; 7] = [
    HashAlg::Sha1,
    HashAlg::Sha224,
    HashAlg::Sha256,
    HashAlg::Sha384,
    HashAlg::Sha512_224,
    HashAlg::Sha512_256,
    HashAlg::Sha3_256,
];

#[test]
fn oaep_round_trips_at_every_length_and_stops_one_past_the_limit() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
    for key in keys() {
        let public = key.to_public_key();
        let k = key.size();
        for hash in [HashAlg::Sha1, HashAlg::Sha256] {
            let oaep = Oaep::with_hash(hash).with_label(b"label".to_vec());
            let max = k - 2 * hash.output_len() - 2;
            assert_eq!(oaep.max_message_len(k), Some(max));
            for len in 0..=max {
                let msg: Vec<u8> = (0..len).map(|i| (i * 7 + len) as u8).collect();
                let ct = public.encrypt(&mut rng, oaep.clone(), &msg).unwrap();
                assert_eq!(ct.len(), k);
                assert_eq!(
                    key.decrypt_blinded(&mut rng, oaep.clone(), &ct).unwrap(),
                    msg
                );
            }
            assert_eq!(
                public.encrypt(&mut rng, oaep.clone(), &vec![0; max + 1]),
                Err(Error::MessageTooLong)
            );
        }
        // SHA-512 on a 1024-bit key: 2*64+2 = 130 > 128, nothing fits.
        if k < 130 {
            let oaep = Oaep::with_hash(HashAlg::Sha512);
            assert_eq!(oaep.max_message_len(k), None);
            assert_eq!(
                public.encrypt(&mut rng, oaep, b""),
                Err(Error::MessageTooLong)
            );
        }
    }
}

#[test]
fn pkcs1v15_round_trips_at_every_length_and_stops_one_past_the_limit() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(42);
    for key in keys() {
        let public = key.to_public_key();
        let k = key.size();
        for len in 0..=k - 11 {
            let msg: Vec<u8> = (0..len).map(|i| (i * 13 + len) as u8).collect();
            let ct = public.encrypt(&mut rng, Pkcs1v15Encrypt, &msg).unwrap();
            assert_eq!(
                key.decrypt_blinded(&mut rng, Pkcs1v15Encrypt, &ct).unwrap(),
                msg
            );
        }
        assert_eq!(
            public.encrypt(&mut rng, Pkcs1v15Encrypt, &vec![1; k - 10]),
            Err(Error::MessageTooLong)
        );
    }
}

#[test]
fn shake_is_refused_for_oaep() {
    let key = &keys()[0];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
    for oaep in [
        Oaep::with_hash(HashAlg::Shake128),
        Oaep::with_hash(HashAlg::Sha256).with_mgf_hash(HashAlg::Shake256),
    ] {
        assert!(matches!(
            oaep.clone().encrypt(&mut rng, key.as_public_key(), b"x"),
            Err(Error::UnsupportedHash(_))
        ));
        assert!(matches!(
            oaep.decrypt(&mut rng, key, &[1; 128]),
            Err(Error::UnsupportedHash(_))
        ));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn oaep_round_trips_with_any_label_and_hash_pair(
        key_index in 0usize..3,
        hash in 0usize..7,
        mgf in 0usize..7,
        label in proptest::collection::vec(any::<u8>(), 0..100),
        msg_seed in any::<u64>(),
        len_fraction in 0.0f64..=1.0,
    ) {
        let key = &keys()[key_index];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(msg_seed);
        let oaep = Oaep::with_hash(OAEP_HASHES[hash])
            .with_mgf_hash(OAEP_HASHES[mgf])
            .with_label(label.clone());
        let max = oaep.max_message_len(key.size()).unwrap();
        let len = ((max as f64) * len_fraction) as usize;
        let msg: Vec<u8> = (0..len).map(|i| (msg_seed >> (i % 57)) as u8).collect();
        let ct = key.to_public_key().encrypt(&mut rng, oaep.clone(), &msg).unwrap();
        prop_assert_eq!(key.decrypt_blinded(&mut rng, oaep.clone(), &ct).unwrap(), msg);
        // Another label (or hash pair) is one and the same error.
        let mut other_label = label;
        other_label.push(0);
        let other = oaep.with_label(other_label);
        prop_assert_eq!(key.decrypt_blinded(&mut rng, other, &ct), Err(Error::Decryption));
    }

    #[test]
    fn random_ciphertexts_never_panic(
        key_index in 0usize..3,
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
        seed in any::<u64>(),
    ) {
        let key = &keys()[key_index];
        let k = key.size();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        // Also a k-byte version of the same bytes, so most cases reach the padding check.
        let mut sized = bytes.clone();
        sized.resize(k, 0x5c);
        sized[0] = 0;
        for ct in [bytes, sized] {
            let shaped = ct.len() == k && ct < key.n().to_be_bytes(k);
            let oaep = key.decrypt_blinded(&mut rng, Oaep::new::<sha2::Sha256>(), &ct);
            let v15 = key.decrypt_blinded(&mut rng, Pkcs1v15Encrypt, &ct);
            if shaped {
                // Random bytes are a valid OAEP encoding with probability about 2^-256.
                prop_assert_eq!(oaep, Err(Error::Decryption));
                let out = v15.unwrap();
                prop_assert!(out.len() <= k - 11);
            } else {
                prop_assert_eq!(oaep, Err(Error::InvalidInputLength));
                prop_assert_eq!(v15, Err(Error::InvalidInputLength));
            }
        }
    }
}
