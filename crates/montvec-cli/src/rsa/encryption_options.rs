//! The options `encrypt` and `decrypt` share: padding, OAEP hash, MGF1 hash and label, and the
//! operations they select.

use montvec_rsa::{
    hazmat, HashAlg, Oaep, Pkcs1v15Encrypt, PublicKeyParts, RsaPrivateKey, RsaPublicKey,
};
use rand_core::OsRng;

use super::failure::Failure;
use super::option_values::{min_key_bits, parse_hash, parse_label, Label};

/// The encryption padding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EncryptionPadding {
    /// RSAES-OAEP (RFC 8017 §7.1)
    Oaep,
    /// RSAES-PKCS1-v1_5 (RFC 8017 §7.2): legacy; decryption never fails on bad padding but
    /// returns a pseudo-random message (implicit rejection)
    Pkcs1,
    /// Raw RSA, no padding (openssl `rsa_padding_mode:none`): input exactly as long as the
    /// modulus and, as a big-endian number, below it
    #[value(name = "none")]
    Raw,
}

/// Padding, OAEP hash, MGF1 hash and label of an encryption.
#[derive(clap::Args, Debug)]
pub struct EncryptionOptions {
    /// Encryption padding [note: openssl pkeyutl's default is pkcs1; OAEP is the default here
    /// because PKCS#1 v1.5 encryption is legacy]
    #[arg(long, value_enum, default_value = "oaep")]
    padding: EncryptionPadding,
    /// OAEP only: the hash of the label and of the padding [default: sha256] (openssl
    /// `-pkeyopt rsa_oaep_md:HASH`; openssl's own default is sha1)
    #[arg(long, value_parser = parse_hash, value_name = "HASH")]
    hash: Option<HashAlg>,
    /// OAEP only: hash of the mask generation function MGF1 [default: the --hash] (openssl
    /// `-pkeyopt rsa_mgf1_md:HASH`)
    #[arg(long = "mgf1-hash", value_parser = parse_hash, value_name = "HASH")]
    mgf1_hash: Option<HashAlg>,
    /// OAEP only: the label, in hexadecimal [default: empty] (openssl
    /// `-pkeyopt rsa_oaep_label:HEX`)
    #[arg(long, value_parser = parse_label, value_name = "HEX")]
    label: Option<Label>,
}

impl EncryptionOptions {
    /// Refuse OAEP options with another padding, and SHAKE, which OAEP does not use (RFC 8017
    /// and RFC 8702 define no SHAKE OAEP).
    pub fn check(&self) -> Result<(), Failure> {
        let oaep_only = self.hash.is_some() || self.mgf1_hash.is_some() || self.label.is_some();
        if oaep_only && self.padding != EncryptionPadding::Oaep {
            return Err(Failure::Usage(
                "--hash, --mgf1-hash and --label apply to --padding oaep only".into(),
            ));
        }
        for (option, hash) in [("--hash", self.hash), ("--mgf1-hash", self.mgf1_hash)] {
            if let Some(hash) = hash.filter(|h| h.is_xof()) {
                return Err(Failure::Usage(format!(
                    "{option} {hash}: OAEP has no SHAKE variant; use a SHA-1, SHA-2 or SHA-3 hash"
                )));
            }
        }
        Ok(())
    }

    /// OAEP's hash: --hash, or SHA-256.
    fn oaep_hash(&self) -> HashAlg {
        self.hash.unwrap_or(HashAlg::Sha256)
    }

    /// The OAEP padding these options describe.
    fn oaep(&self) -> Oaep {
        let hash = self.oaep_hash();
        let oaep = Oaep::with_hash(hash).with_mgf_hash(self.mgf1_hash.unwrap_or(hash));
        match &self.label {
            Some(Label(label)) => oaep.with_label(label.clone()),
            None => oaep,
        }
    }

    /// The longest message `key` encrypts with this padding, in bytes (raw RSA: exactly this
    /// long), or `None` when the key is too small for the padding.
    pub fn max_message_len(&self, key: &impl PublicKeyParts) -> Option<usize> {
        let k = key.size();
        match self.padding {
            // RFC 8017 §7.1.1 step 1.b: mLen <= k - 2hLen - 2.
            EncryptionPadding::Oaep => k.checked_sub(2 * self.oaep_hash().output_len() + 2),
            // RFC 8017 §7.2.1 step 1: mLen <= k - 11.
            EncryptionPadding::Pkcs1 => k.checked_sub(11),
            EncryptionPadding::Raw => Some(k),
        }
    }

    /// Why `key` takes no message at all with these options (a key too small for OAEP with
    /// this hash, or for PKCS#1 v1.5), or `None` when it takes some. Public facts only: the
    /// key's size and the options.
    pub fn key_too_small(&self, key: &impl PublicKeyParts) -> Option<String> {
        if self.max_message_len(key).is_some() {
            return None;
        }
        let bits = key.bits();
        Some(match self.padding {
            EncryptionPadding::Oaep => {
                let hash = self.oaep_hash();
                let needed = 2 * hash.output_len() + 2;
                format!(
                    "a {bits}-bit key is too small for OAEP with {hash} (2 x {} + 2 bytes: a key \
                     of at least {} bits)",
                    hash.output_len(),
                    min_key_bits(needed)
                )
            }
            // PKCS#1 v1.5 needs 11 bytes; keys that small are not imported.
            _ => format!("a {bits}-bit key is too small for {}", self.padding_name()),
        })
    }

    /// The padding.
    pub fn padding(&self) -> EncryptionPadding {
        self.padding
    }

    /// What the padding is called in messages.
    pub fn padding_name(&self) -> &'static str {
        match self.padding {
            EncryptionPadding::Oaep => "OAEP",
            EncryptionPadding::Pkcs1 => "PKCS#1 v1.5",
            EncryptionPadding::Raw => "raw RSA",
        }
    }

    /// Encrypt `message` to `key`.
    pub fn encrypt(&self, key: &RsaPublicKey, message: &[u8]) -> montvec_rsa::Result<Vec<u8>> {
        match self.padding {
            EncryptionPadding::Oaep => key.encrypt(&mut OsRng, self.oaep(), message),
            EncryptionPadding::Pkcs1 => key.encrypt(&mut OsRng, Pkcs1v15Encrypt, message),
            EncryptionPadding::Raw => {
                // hazmat ignores the key's binding; the command does not.
                key.algorithm().check_other("raw RSA")?;
                hazmat::rsa_encrypt(key, message)
            }
        }
    }

    /// Decrypt `ciphertext` with `key`.
    pub fn decrypt(&self, key: &RsaPrivateKey, ciphertext: &[u8]) -> montvec_rsa::Result<Vec<u8>> {
        match self.padding {
            EncryptionPadding::Oaep => key.decrypt(self.oaep(), ciphertext),
            EncryptionPadding::Pkcs1 => key.decrypt(Pkcs1v15Encrypt, ciphertext),
            EncryptionPadding::Raw => {
                key.algorithm().check_other("raw RSA")?;
                hazmat::rsa_decrypt(key, ciphertext, &mut OsRng)
            }
        }
    }
}
