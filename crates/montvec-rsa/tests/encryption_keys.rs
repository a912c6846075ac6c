//! The typed encryption keys (`oaep::{EncryptingKey, DecryptingKey}`,
//! `pkcs1v15::{EncryptingKey, DecryptingKey}`) and the traits of `montvec_rsa::traits` they
//! implement, as in RustCrypto `rsa`: each agrees with the untyped API in both directions,
//! takes an unsized generator (`&mut dyn CryptoRngCore`), and refuses what the padding
//! refuses (a wrong label or hash: one OAEP error; bad v1.5 padding: the implicit-rejection
//! message, the same as the untyped decryption's).

mod support;

use montvec_rsa::oaep;
use montvec_rsa::pkcs1v15;
use montvec_rsa::rand_core::CryptoRngCore;
use montvec_rsa::traits::{Decryptor, EncryptingKeypair, RandomizedDecryptor, RandomizedEncryptor};
use montvec_rsa::{Error, HashAlg, Oaep, Pkcs1v15Encrypt, PublicKeyParts, RsaPrivateKey};
use rand::SeedableRng;
use sha1::Sha1;
use sha2::{Sha256, Sha384};
use support::pkcs1v15_crypt_keys;

/// The RSA Labs 1024- and 2048-bit keys of pkcs1v15crypt-vectors.txt.
fn keys() -> Vec<RsaPrivateKey> {
    pkcs1v15_crypt_keys(&[1024, 2048])
}

#[test]
fn oaep_keys_agree_with_the_untyped_api() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for key in keys() {
        let label = "invoices";
        let untyped = Oaep::new::<Sha256>()
            .with_mgf_hash(HashAlg::Sha1)
            .with_label(label);
        let dk = oaep::DecryptingKey::<Sha256, Sha1>::new_with_label(key.clone(), label);
        let ek: oaep::EncryptingKey<Sha256, Sha1> = dk.encrypting_key();
        assert_eq!(ek.key(), &key.to_public_key());
        let msg = b"typed keys";
        // Typed encryption, untyped decryption, and the reverse.
        let ct = ek.encrypt_with_rng(&mut rng, msg).unwrap();
        assert_eq!(ct.len(), key.size());
        assert_eq!(key.decrypt(untyped.clone(), &ct).unwrap(), msg);
        let ct2 = key
            .to_public_key()
            .encrypt(&mut rng, untyped.clone(), msg)
            .unwrap();
        assert_eq!(dk.decrypt(&ct2).unwrap(), msg);
        // An unsized generator, for both traits that take one.
        let dyn_rng: &mut dyn CryptoRngCore = &mut rng;
        let ct3 = ek.encrypt_with_rng(dyn_rng, msg).unwrap();
        assert_eq!(dk.decrypt_with_rng(dyn_rng, &ct3).unwrap(), msg);
        // The label and both hashes are part of the key.
        let other_label = oaep::DecryptingKey::<Sha256, Sha1>::new_with_label(key.clone(), "x");
        assert_eq!(other_label.decrypt(&ct), Err(Error::Decryption));
        let no_label = oaep::DecryptingKey::<Sha256, Sha1>::new(key.clone());
        assert_eq!(no_label.decrypt(&ct), Err(Error::Decryption));
        let other_mgf = oaep::DecryptingKey::<Sha256>::new_with_label(key.clone(), label);
        assert_eq!(other_mgf.decrypt(&ct), Err(Error::Decryption));
        let other_hash = oaep::DecryptingKey::<Sha384, Sha1>::new_with_label(key.clone(), label);
        assert_eq!(other_hash.decrypt(&ct), Err(Error::Decryption));
        // Too long a message for the key: the padding's error.
        let too_long = vec![0u8; key.size() - 2 * 32 - 1];
        assert_eq!(
            ek.encrypt_with_rng(&mut rng, &too_long),
            Err(Error::MessageTooLong)
        );
        // A clone works as the original.
        assert_eq!(dk.clone().decrypt(&ct).unwrap(), msg);
        assert_eq!(ek.clone(), ek);
    }
}

#[test]
fn pkcs1v15_keys_agree_with_the_untyped_api() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    for key in keys() {
        let dk = pkcs1v15::DecryptingKey::new(key.clone());
        let ek: pkcs1v15::EncryptingKey = dk.encrypting_key();
        assert_eq!(ek, pkcs1v15::EncryptingKey::new(key.to_public_key()));
        let msg = b"typed v1.5";
        let ct = ek.encrypt_with_rng(&mut rng, msg).unwrap();
        assert_eq!(key.decrypt(Pkcs1v15Encrypt, &ct).unwrap(), msg);
        let ct2 = key
            .to_public_key()
            .encrypt(&mut rng, Pkcs1v15Encrypt, msg)
            .unwrap();
        assert_eq!(dk.decrypt(&ct2).unwrap(), msg);
        let dyn_rng: &mut dyn CryptoRngCore = &mut rng;
        let ct3 = ek.encrypt_with_rng(dyn_rng, msg).unwrap();
        assert_eq!(dk.decrypt_with_rng(dyn_rng, &ct3).unwrap(), msg);
        // A ciphertext whose padding is bad: the same implicit-rejection message both ways,
        // not the message and not an error.
        // (A k-byte block 00 42 42 ...: no 00 02 prefix.)
        let mut block = vec![0x42u8; key.size()];
        block[0] = 0;
        let raw = montvec_rsa::hazmat::rsa_encrypt(&key.to_public_key(), &block).unwrap();
        let typed = dk.decrypt(&raw).unwrap();
        assert_eq!(typed, key.decrypt(Pkcs1v15Encrypt, &raw).unwrap());
        assert_eq!(typed, dk.decrypt_with_rng(&mut rng, &raw).unwrap());
        assert!(typed.len() <= key.size() - 11);
        // Wrong length: a typed error.
        assert_eq!(dk.decrypt(&ct[1..]), Err(Error::InvalidInputLength));
    }
}
