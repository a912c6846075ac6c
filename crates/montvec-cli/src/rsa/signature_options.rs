//! The options `sign` and `verify` share: padding, hash, MGF1 hash and PSS salt length, and
//! the signature scheme they select with the key.
//!
//! A key bound to `id-RSASSA-PSS` (as `openssl genpkey -algorithm RSA-PSS` writes) makes PSS
//! signatures only: its padding is PSS, and what its `RSASSA-PSS-params` name (hash, MGF1 hash,
//! salt length) are the defaults of the options, as with `openssl pkeyutl`. Options that
//! contradict the key are refused by the library's check.

use montvec_rsa::key::KeyAlgorithm;
use montvec_rsa::{HashAlg, Pkcs1v15Sign, Pss, RsaPrivateKey, RsaPublicKey, SignatureScheme};

use super::failure::Failure;
use super::option_values::{min_key_bits, parse_hash, parse_salt_len, SaltLen};

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
    /// Signature padding (openssl `-pkeyopt rsa_padding_mode:pkcs1|pss`) [default: pkcs1; pss
    /// for an RSA-PSS key]
    #[arg(long, value_enum)]
    padding: Option<SignaturePadding>,
    /// Hash of the message: sha1, sha224, sha256, sha384, sha512, sha512-224, sha512-256,
    /// sha3-224, sha3-256, sha3-384, sha3-512 (shake128 and shake256 with PSS only)
    /// [default: sha256, or an RSA-PSS key's hash]
    #[arg(long, value_parser = parse_hash, value_name = "HASH")]
    hash: Option<HashAlg>,
    /// PSS only: hash of the mask generation function MGF1 [default: the --hash, or an RSA-PSS
    /// key's MGF1 hash] (openssl `-pkeyopt rsa_mgf1_md:HASH`)
    #[arg(long = "mgf1-hash", value_parser = parse_hash, value_name = "HASH")]
    mgf1_hash: Option<HashAlg>,
    /// PSS only: salt length in bytes, `digest`, `max` or `auto` [default: digest, or an
    /// RSA-PSS key's minimum]
    ///
    /// `digest` (or `-1`, as openssl writes it) is the hash's output length (openssl
    /// `-pkeyopt rsa_pss_saltlen:digest`); `max` (or `-3`) is the most the key holds,
    /// ⌈(bits − 1)/8⌉ − hLen − 2 (openssl `rsa_pss_saltlen:max`; OpenSSL 3.0's `pkeyutl
    /// -sign` and `dgst -sign` use it when no length is given); a number N is
    /// `rsa_pss_saltlen:N`. Verification accepts exactly this salt length, except with `auto`
    /// (or `-2`): any length, read from the signature (at least an RSA-PSS key's minimum), as
    /// openssl verifies when no length is given; signing with `auto` uses `max`, as openssl
    /// does.
    #[arg(
        long = "saltlen",
        value_parser = parse_salt_len,
        value_name = "N|digest|max|auto",
        allow_negative_numbers = true
    )]
    salt_len: Option<SaltLen>,
}

/// A signature scheme chosen on the command line.
pub enum Scheme {
    Pkcs1(Pkcs1v15Sign),
    Pss(Pss),
}

impl SignatureOptions {
    /// The scheme for a `bits`-bit key bound to `algorithm`; `key` names the key option and
    /// file in errors.
    pub fn scheme(
        &self,
        algorithm: KeyAlgorithm,
        bits: usize,
        key: &str,
    ) -> Result<Scheme, Failure> {
        let (padding, params) = match algorithm {
            KeyAlgorithm::RsaPss(params) => (SignaturePadding::Pss, params),
            _ => (SignaturePadding::Pkcs1, None),
        };
        let padding = self.padding.unwrap_or(padding);
        let hash = self
            .hash
            .or(params.map(|p| p.hash()))
            .unwrap_or(HashAlg::Sha256);
        match padding {
            SignaturePadding::Pkcs1 => {
                if self.mgf1_hash.is_some() || self.salt_len.is_some() {
                    return Err(Failure::Usage(
                        "--mgf1-hash and --saltlen apply to --padding pss only".into(),
                    ));
                }
                let Some(prefix) = hash.digest_info_prefix() else {
                    return Err(Failure::Usage(format!(
                        "--hash {hash}: PKCS#1 v1.5 signatures have no DigestInfo for it; use \
                         --padding pss"
                    )));
                };
                // RFC 8017 §9.2 step 3: k >= tLen + 11 bytes, tLen the DigestInfo's length.
                // Said here, for `sign` and `verify` alike (a public fact about the key).
                let needed = prefix.len() + hash.output_len() + 11;
                if bits.div_ceil(8) < needed {
                    return Err(Failure::Input {
                        subject: key.to_string(),
                        why: format!(
                            "a {bits}-bit key is too small for a {hash} PKCS#1 v1.5 signature \
                             (its DigestInfo needs a key of at least {} bits)",
                            min_key_bits(needed)
                        ),
                    });
                }
                Ok(Scheme::Pkcs1(Pkcs1v15Sign::with_hash(hash)))
            }
            SignaturePadding::Pss => {
                // RFC 8702: SHAKE in PSS is both the hash and the mask, or neither. Said first,
                // about the options, not later as a fault of the key file.
                if let Some(m) = self.mgf1_hash {
                    if (hash.is_xof() || m.is_xof()) && m != hash {
                        return Err(Failure::Usage(format!(
                            "--hash {hash} with --mgf1-hash {m}: PSS uses SHAKE as both the \
                             hash and the mask (RFC 8702), or neither"
                        )));
                    }
                }
                let (salt, source) = match (self.salt_len, params) {
                    (Some(salt), _) => (salt, "--saltlen"),
                    (None, Some(p)) => (
                        SaltLen::Bytes(p.min_salt_len()),
                        "the key's RSASSA-PSS-params salt length",
                    ),
                    (None, None) => (SaltLen::Digest, "--saltlen (default digest)"),
                };
                let len = salt
                    .resolve(bits, hash)
                    .map_err(|why| Failure::Usage(format!("{source} with {key}: {why}")))?;
                let mgf = self
                    .mgf1_hash
                    .or(params.map(|p| p.mgf_hash()))
                    .unwrap_or(hash);
                let pss = Pss::with_hash(hash).with_mgf_hash(mgf).with_salt_len(len);
                Ok(Scheme::Pss(if salt == SaltLen::Auto {
                    pss.with_any_salt_len()
                } else {
                    pss
                }))
            }
        }
    }
}

impl Scheme {
    /// The scheme's message hash.
    pub fn hash(&self) -> HashAlg {
        match self {
            // Every PKCS#1 v1.5 scheme the options build has a hash (`with_hash`).
            Scheme::Pkcs1(s) => s.hash().unwrap_or(HashAlg::Sha256),
            Scheme::Pss(s) => s.hash(),
        }
    }

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
