//! RSASSA-PKCS1-v1_5 (RFC 8017 §8.2) with the EMSA-PKCS1-v1_5 encoding (§9.2).
//!
//! Verification does not parse the signature's DigestInfo: it encodes the expected message
//! again and compares the two in constant time (the method RFC 8017 §8.2.2 step 3 describes).
//! Any BER variant, missing NULL, trailing garbage or wrong hash therefore fails the
//! comparison instead of reaching an ASN.1 parser.

use rand_core::CryptoRngCore;
use subtle::ConstantTimeEq;

use crate::error::{Error, Result};
use crate::hash::{HashAlg, HashFunction};
use crate::hazmat::{rsa_decrypt, rsa_encrypt};
use crate::key::{PublicKeyParts, RsaPrivateKey, RsaPublicKey};
use crate::padding::SignatureScheme;

/// PKCS#1 v1.5 signatures: `00 01 FF..FF 00 || DigestInfo(hash, digest)`.
///
/// ```
/// use montvec_rsa::{HashAlg, Pkcs1v15Sign};
/// let scheme = Pkcs1v15Sign::new::<sha2::Sha256>();
/// assert_eq!(scheme, Pkcs1v15Sign::with_hash(HashAlg::Sha256));
/// assert_eq!(scheme.hash(), Some(HashAlg::Sha256));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pkcs1v15Sign {
    /// The hash whose DigestInfo wraps the digest; `None` signs the raw bytes given.
    hash: Option<HashAlg>,
}

impl Pkcs1v15Sign {
    /// What this padding is, in the error of a key that does not allow it.
    pub(crate) const USE: &'static str = "PKCS#1 v1.5 signatures";

    /// Signatures over digests of the hash type `D` (`Pkcs1v15Sign::new::<sha2::Sha256>()`).
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn new<D: HashFunction>() -> Self {
        Self::with_hash(D::ALG)
    }

    /// Signatures over digests of `hash`, chosen at run time. SHAKE has no DigestInfo for
    /// v1.5 signatures: signing or verifying with it gives [`Error::UnsupportedHash`] /
    /// [`Error::Verification`].
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn with_hash(hash: HashAlg) -> Self {
        Pkcs1v15Sign { hash: Some(hash) }
    }

    /// Signatures over the raw bytes given, without a DigestInfo (`EM = 00 01 FF.. 00 || H`),
    /// as TLS 1.1's MD5+SHA-1 signatures used. The bytes may be of any length the key holds.
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn new_unprefixed() -> Self {
        Pkcs1v15Sign { hash: None }
    }

    /// The hash, or `None` for [`Pkcs1v15Sign::new_unprefixed`].
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn hash(&self) -> Option<HashAlg> {
        self.hash
    }

    /// EMSA-PKCS1-v1_5-ENCODE (RFC 8017 §9.2) of the digest `hashed` into `em_len` bytes.
    ///
    /// Errors: [`Error::InvalidDigestLength`] when `hashed` is not the hash's output length,
    /// [`Error::UnsupportedHash`] for SHAKE, [`Error::MessageTooLong`] when
    /// `em_len < tLen + 11` (step 3).
    ///
    /// Leaks: the lengths only.
    pub(crate) fn encode(&self, hashed: &[u8], em_len: usize) -> Result<Vec<u8>> {
        // Step 2: T = DigestInfo prefix || H (or H alone when unprefixed).
        let prefix = match self.hash {
            None => Vec::new(),
            Some(hash) => {
                if hashed.len() != hash.output_len() {
                    return Err(Error::InvalidDigestLength {
                        expected: hash.output_len(),
                        got: hashed.len(),
                    });
                }
                hash.digest_info_prefix()
                    .ok_or_else(|| Error::UnsupportedHash(hash.name().to_string()))?
            }
        };
        let t_len = prefix.len() + hashed.len();
        // Step 3: emLen must hold 00 01, at least eight FF, 00 and T.
        if em_len < t_len + 11 {
            return Err(Error::MessageTooLong);
        }
        // Steps 4-5: EM = 0x00 || 0x01 || PS || 0x00 || T, PS = emLen - tLen - 3 bytes of FF.
        let mut em = Vec::with_capacity(em_len);
        em.extend_from_slice(&[0x00, 0x01]);
        em.resize(em_len - t_len - 1, 0xff);
        em.push(0x00);
        em.extend_from_slice(&prefix);
        em.extend_from_slice(hashed);
        Ok(em)
    }

    /// The verification after RSAVP1 (RFC 8017 §8.2.2 steps 3-4): `em` (the k-byte
    /// I2OSP(s^e mod n)) must equal the encoding of `hashed`, compared in constant time.
    ///
    /// Errors: [`Error::Verification`] for every failure.
    ///
    /// Leaks: whether `em` matches (public in a verification); nothing about where it
    /// differs.
    pub(crate) fn verify_encoded(&self, hashed: &[u8], em: &[u8]) -> Result<()> {
        let expected = self
            .encode(hashed, em.len())
            .map_err(|_| Error::Verification)?;
        if bool::from(expected.ct_eq(em)) {
            Ok(())
        } else {
            Err(Error::Verification)
        }
    }
}

impl SignatureScheme for Pkcs1v15Sign {
    /// RSASSA-PKCS1-V1_5-SIGN (RFC 8017 §8.2.1): EM = encode(hashed), s = RSASP1(EM) by CRT
    /// with blinding from `rng`, output k bytes.
    ///
    /// Leaks: the sizes only.
    fn sign(
        self,
        rng: &mut dyn CryptoRngCore,
        key: &RsaPrivateKey,
        hashed: &[u8],
    ) -> Result<Vec<u8>> {
        key.algorithm().check_other(Self::USE)?;
        // Step 1: EMSA-PKCS1-v1_5 encoding to k bytes; EM begins 00 01, so it is below n.
        let em = self.encode(hashed, key.size())?;
        // Step 2: RSASP1 and I2OSP to k bytes.
        rsa_decrypt(key, &em, rng)
    }

    /// RSASSA-PKCS1-V1_5-VERIFY (RFC 8017 §8.2.2): `sig` must be exactly k bytes and below
    /// n, and s^e mod n must be the encoding of `hashed`.
    ///
    /// Errors: [`Error::KeyRestricted`] for an `id-RSASSA-PSS` key, then
    /// [`Error::Verification`] for every failure.
    ///
    /// Leaks: everything (the inputs are public).
    fn verify(self, key: &RsaPublicKey, hashed: &[u8], sig: &[u8]) -> Result<()> {
        key.algorithm().check_other(Self::USE)?;
        // Step 1 (length k) and step 2 (RSAVP1, which rejects s >= n).
        let em = rsa_encrypt(key, sig).map_err(|_| Error::Verification)?;
        // Steps 3-4.
        self.verify_encoded(hashed, &em)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_matches_rfc8017_layout() {
        let digest = HashAlg::Sha256.digest(b"abc");
        let em = Pkcs1v15Sign::new::<sha2::Sha256>()
            .encode(&digest, 128)
            .unwrap();
        assert_eq!(em.len(), 128);
        assert_eq!(&em[..2], &[0, 1]);
        let prefix = HashAlg::Sha256.digest_info_prefix().unwrap();
        let ps_len = 128 - prefix.len() - 32 - 3;
        assert!(em[2..2 + ps_len].iter().all(|&b| b == 0xff));
        assert_eq!(em[2 + ps_len], 0);
        assert_eq!(&em[3 + ps_len..3 + ps_len + prefix.len()], &prefix[..]);
        assert_eq!(&em[128 - 32..], &digest[..]);
    }

    #[test]
    fn encoding_rejects_short_outputs_wrong_digests_and_shake() {
        let scheme = Pkcs1v15Sign::with_hash(HashAlg::Sha512);
        let digest = HashAlg::Sha512.digest(b"");
        // tLen = 19 + 64 = 83, so 94 bytes is the minimum.
        assert!(scheme.encode(&digest, 94).is_ok());
        assert_eq!(scheme.encode(&digest, 93), Err(Error::MessageTooLong));
        assert_eq!(
            scheme.encode(&digest[..63], 128),
            Err(Error::InvalidDigestLength {
                expected: 64,
                got: 63
            })
        );
        let shake = Pkcs1v15Sign::with_hash(HashAlg::Shake128);
        assert!(matches!(
            shake.encode(&[0; 32], 256),
            Err(Error::UnsupportedHash(_))
        ));
        let raw = Pkcs1v15Sign::new_unprefixed();
        let em = raw.encode(b"any bytes", 64).unwrap();
        assert_eq!(&em[64 - 10..], b"\x00any bytes");
    }
}
