//! The options `sign` and `verify` share: padding, hash, MGF1 hash and PSS salt length, and
//! the signature scheme they select.

use montvec_rsa::{HashAlg, Pkcs1v15Sign, Pss, RsaPrivateKey, RsaPublicKey, SignatureScheme};

use super::failure::Failure;
use super::option_values::{parse_hash, parse_salt_len, SaltLen};

/// The signature padding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SignaturePadding {
    /// RSASSA-PKCS1-v1_5 (RFC 8017 §8.2): deterministic, DigestInfo of the hash
    Pkcs1,
    /// RSASSA-PSS (RFC 8017 §8.1): randomized by a salt
    Pss,
}

/// Padding, hash, MGF1 hash and salt length of a signature.
#[derive(clap::Args, Debug)]
pub struct SignatureOptions {
    /// Signature padding (openssl `-pkeyopt rsa_padding_mode:pkcs1|pss`)
    #[arg(long, value_enum, default_value = "pkcs1")]
    padding: SignaturePadding,
    /// Hash of the message: sha1, sha224, sha256, sha384, sha512, sha512-224, sha512-256,
    /// sha3-224, sha3-256, sha3-384, sha3-512 (shake128 and shake256 with PSS only)
    #[arg(long, default_value = "sha256", value_parser = parse_hash, value_name = "HASH")]
    hash: HashAlg,
    /// PSS only: hash of the mask generation function MGF1 [default: the --hash]
    /// (openssl `-pkeyopt rsa_mgf1_md:HASH`)
    #[arg(long = "mgf1-hash", value_parser = parse_hash, value_name = "HASH")]
    mgf1_hash: Option<HashAlg>,
    /// PSS only: salt length in bytes, `digest` or `max` [default: digest]
    ///
    /// `digest` is the hash's output length (openssl `-pkeyopt rsa_pss_saltlen:digest`, or
    /// `-1`); `max` is the most the key holds, ⌈(bits − 1)/8⌉ − hLen − 2 (openssl
    /// `rsa_pss_saltlen:max`, or `-3`; OpenSSL 3.0's `pkeyutl -sign` and `dgst -sign` use it
    /// when no length is given); a number N is `rsa_pss_saltlen:N`. Verification accepts
    /// exactly this salt length, so give the signer's: openssl verifies with `auto` (any
    /// length) when none is given, which has no equivalent here.
    #[arg(long = "saltlen", value_parser = parse_salt_len, value_name = "N|digest|max")]
    salt_len: Option<SaltLen>,
}

/// A signature scheme chosen on the command line.
pub enum Scheme {
    Pkcs1(Pkcs1v15Sign),
    Pss(Pss),
}

impl SignatureOptions {
    /// The message's digest under `--hash`.
    pub fn digest(&self, message: &[u8]) -> Vec<u8> {
        self.hash.digest(message)
    }

    /// The scheme for a `bits`-bit key; `key` names the key option and file in errors.
    pub fn scheme(&self, bits: usize, key: &str) -> Result<Scheme, Failure> {
        match self.padding {
            SignaturePadding::Pkcs1 => {
                if self.mgf1_hash.is_some() || self.salt_len.is_some() {
                    return Err(Failure::Usage(
                        "--mgf1-hash and --saltlen apply to --padding pss only".into(),
                    ));
                }
                if self.hash.digest_info_prefix().is_none() {
                    return Err(Failure::Usage(format!(
                        "--hash {}: PKCS#1 v1.5 signatures have no DigestInfo for it; use \
                         --padding pss",
                        self.hash
                    )));
                }
                Ok(Scheme::Pkcs1(Pkcs1v15Sign::with_hash(self.hash)))
            }
            SignaturePadding::Pss => {
                let salt = self.salt_len.unwrap_or(SaltLen::Digest);
                let len = salt
                    .resolve(bits, self.hash)
                    .map_err(|why| Failure::Usage(format!("--saltlen with {key}: {why}")))?;
                let mgf = self.mgf1_hash.unwrap_or(self.hash);
                Ok(Scheme::Pss(
                    Pss::with_hash(self.hash)
                        .with_mgf_hash(mgf)
                        .with_salt_len(len),
                ))
            }
        }
    }
}

impl Scheme {
    /// Sign the digest `hashed`.
    pub fn sign(self, key: &RsaPrivateKey, hashed: &[u8]) -> montvec_rsa::Result<Vec<u8>> {
        match self {
            Scheme::Pkcs1(s) => key.sign(s, hashed),
            Scheme::Pss(s) => key.sign(s, hashed),
        }
    }

    /// Verify `sig` over the digest `hashed`.
    pub fn verify(self, key: &RsaPublicKey, hashed: &[u8], sig: &[u8]) -> montvec_rsa::Result<()> {
        match self {
            Scheme::Pkcs1(s) => s.verify(key, hashed, sig),
            Scheme::Pss(s) => s.verify(key, hashed, sig),
        }
    }
}
