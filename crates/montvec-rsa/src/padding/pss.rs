//! RSASSA-PSS (RFC 8017 §8.1) with the EMSA-PSS encoding (§9.1), MGF1 over a hash that may
//! differ from the message hash, and the SHAKE variants of RFC 8702 (the SHAKE is both the
//! hash, with 32 or 64 output bytes, and the mask generation function).
//!
//! The encoded message has emBits = modBits − 1 bits, so for moduli of 8m + 1 bits it is one
//! byte shorter than the modulus (RFC 8017 §8.1.1 step 1, §8.1.2 step 2c).

use rand_core::CryptoRngCore;
use subtle::{Choice, ConstantTimeEq};
use zeroize::Zeroize;

use crate::error::{Error, Result};
use crate::hash::{mgf_xor, HashAlg, HashFunction};
use crate::hazmat::{rsa_decrypt, rsa_encrypt};
use crate::key::{KeyAlgorithm, PublicKeyParts, RsaPrivateKey, RsaPublicKey};
use crate::padding::SignatureScheme;

/// PSS signatures: message hash, MGF1 hash and salt length.
///
/// ```
/// use montvec_rsa::{HashAlg, Pss};
/// let pss = Pss::new::<sha2::Sha256>().with_mgf_hash(HashAlg::Sha1).with_salt_len(20);
/// assert_eq!(pss.hash(), HashAlg::Sha256);
/// assert_eq!(pss.mgf_hash(), HashAlg::Sha1);
/// assert_eq!(pss.salt_len(), 20);
/// assert_eq!(Pss::with_hash(HashAlg::Sha384).salt_len(), 48);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pss {
    hash: HashAlg,
    mgf_hash: HashAlg,
    salt_len: usize,
    /// Verification takes the salt length from the signature ([`Pss::with_any_salt_len`]).
    any_salt_len: bool,
}

impl Pss {
    /// PSS with the hash type `D` for the message and MGF1, and a salt as long as its output.
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn new<D: HashFunction>() -> Self {
        Self::with_hash(D::ALG)
    }

    /// PSS with the hash type `D` for the message and MGF1, and a salt of `salt_len` bytes
    /// (RustCrypto `rsa`'s name for `Pss::new::<D>().with_salt_len(salt_len)`).
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn new_with_salt<D: HashFunction>(salt_len: usize) -> Self {
        Self::new::<D>().with_salt_len(salt_len)
    }

    /// The same as [`Pss::new`]: RustCrypto `rsa`'s blinded variant, kept for its callers;
    /// here every private operation is blinded.
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn new_blinded<D: HashFunction>() -> Self {
        Self::new::<D>()
    }

    /// The same as [`Pss::new_with_salt`] (every private operation is blinded).
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn new_blinded_with_salt<D: HashFunction>(salt_len: usize) -> Self {
        Self::new_with_salt::<D>(salt_len)
    }

    /// PSS with `hash` for the message and MGF1, and a salt as long as its output. For
    /// SHAKE128 / SHAKE256 the mask is the XOF itself and the hash output 32 / 64 bytes
    /// (RFC 8702 §2).
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn with_hash(hash: HashAlg) -> Self {
        Pss {
            hash,
            mgf_hash: hash,
            salt_len: hash.output_len(),
            any_salt_len: false,
        }
    }

    /// The same, with MGF1 over `mgf_hash`.
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn with_mgf_hash(self, mgf_hash: HashAlg) -> Self {
        Pss { mgf_hash, ..self }
    }

    /// The same, with a salt of `salt_len` bytes (0 makes signatures deterministic).
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn with_salt_len(self, salt_len: usize) -> Self {
        Pss {
            salt_len,
            any_salt_len: false,
            ..self
        }
    }

    /// The same, verifying signatures whatever their salt length: the length is read from
    /// the signature (the zero bytes before DB's 0x01, RFC 8017 §9.1.2 step 10 with sLen
    /// unknown), as OpenSSL verifies by default (`rsa_pss_saltlen:auto`). Signing still uses
    /// [`Pss::salt_len`]. Against an `id-RSASSA-PSS` key the salt read must still be at
    /// least the key's minimum.
    ///
    /// Leaks: nothing; no secret is involved.
    ///
    /// ```
    /// use montvec_rsa::{HashAlg, Pss, RsaPrivateKey};
    /// # fn main() -> montvec_rsa::Result<()> {
    /// let key = RsaPrivateKey::new(&mut rand_core::OsRng, 1024)?;
    /// let digest = HashAlg::Sha256.digest(b"message");
    /// // Signed with the longest salt the key holds, as OpenSSL signs by default.
    /// let sha256 = Pss::with_hash(HashAlg::Sha256);
    /// let sig = key.sign(sha256.with_salt_len(128 - 32 - 2), &digest)?;
    /// assert!(key.as_public_key().verify(sha256, &digest, &sig).is_err());
    /// key.as_public_key().verify(sha256.with_any_salt_len(), &digest, &sig)?;
    /// # Ok(()) }
    /// ```
    pub fn with_any_salt_len(self) -> Self {
        Pss {
            any_salt_len: true,
            ..self
        }
    }

    /// Whether verification reads the salt length from the signature
    /// ([`Pss::with_any_salt_len`]).
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn accepts_any_salt_len(&self) -> bool {
        self.any_salt_len
    }

    /// The message hash.
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn hash(&self) -> HashAlg {
        self.hash
    }

    /// The hash under MGF1.
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn mgf_hash(&self) -> HashAlg {
        self.mgf_hash
    }

    /// The salt length in bytes.
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn salt_len(&self) -> usize {
        self.salt_len
    }

    /// Sign the digest `hashed` with the given `salt` (whose length replaces the scheme's salt
    /// length), blinding with `rng`.
    ///
    /// Hazardous: a fixed salt makes PSS deterministic. This exists for known-answer tests
    /// (RSA Labs, CAVP) and for interoperability checks; use [`SignatureScheme::sign`], which
    /// draws the salt from its generator, otherwise.
    ///
    /// Errors: [`Error::KeyRestricted`] (a PSS key with other parameters),
    /// [`Error::UnsupportedHash`] (a SHAKE with another hash), [`Error::InvalidDigestLength`],
    /// [`Error::InvalidSaltLength`], and the private operation's errors.
    ///
    /// Leaks: the sizes only.
    ///
    /// ```
    /// use montvec_rsa::{HashAlg, Pss, RsaPrivateKey};
    /// # fn main() -> montvec_rsa::Result<()> {
    /// let key = RsaPrivateKey::new(&mut rand_core::OsRng, 1024)?;
    /// let digest = HashAlg::Sha256.digest(b"message");
    /// let pss = Pss::with_hash(HashAlg::Sha256);
    /// let sig = pss.sign_with_salt(&mut rand_core::OsRng, &key, &digest, &[7u8; 32])?;
    /// // The same salt gives the same signature: PSS is deterministic given its salt.
    /// let again = pss.sign_with_salt(&mut rand_core::OsRng, &key, &digest, &[7u8; 32])?;
    /// assert_eq!(sig, again);
    /// key.as_public_key().verify(pss, &digest, &sig)?;
    /// # Ok(()) }
    /// ```
    pub fn sign_with_salt(
        &self,
        rng: &mut dyn CryptoRngCore,
        key: &RsaPrivateKey,
        hashed: &[u8],
        salt: &[u8],
    ) -> Result<Vec<u8>> {
        let em = self.signing_input(key.as_public_key(), hashed, salt)?;
        // RFC 8017 §8.1.1 step 2: RSASP1 on OS2IP(EM); the signature is I2OSP(s, k).
        rsa_decrypt(key, &em, rng)
    }

    /// RFC 8017 §8.1.1 step 1: EM = EMSA-PSS-ENCODE(M, modBits − 1), left-padded to k bytes
    /// (EM has emBits < modBits bits, so it is below n). The input of RSASP1, for one
    /// signature or a batch.
    ///
    /// Leaks: the lengths only.
    pub(crate) fn signing_input(
        &self,
        key: &RsaPublicKey,
        hashed: &[u8],
        salt: &[u8],
    ) -> Result<Vec<u8>> {
        // The salt given is the one signed with: its length is what the key must allow.
        self.with_salt_len(salt.len()).check_use(key)?;
        let em = self.encode(hashed, key.bits() - 1, salt)?;
        let mut padded = vec![0u8; key.size() - em.len()];
        padded.extend_from_slice(&em);
        Ok(padded)
    }

    /// Errors for a scheme `key` may not use ([`crate::key::KeyAlgorithm::check_pss`]: its
    /// hashes and its salt length, which must be the length of the salt signed with), and for
    /// a SHAKE paired with another hash: RFC 8702 defines SHAKE128 and SHAKE256 in PSS only as
    /// both the message hash and the mask.
    ///
    /// Leaks: nothing secret (the scheme and the key's algorithm are public).
    pub(crate) fn check_use(&self, key: &RsaPublicKey) -> Result<()> {
        if (self.hash.is_xof() || self.mgf_hash.is_xof()) && self.hash != self.mgf_hash {
            return Err(Error::UnsupportedHash(format!(
                "{} with the mask {} in PSS (SHAKE is used for both or neither)",
                self.hash, self.mgf_hash
            )));
        }
        key.algorithm().check_pss(self)
    }

    /// A random salt of this scheme's length for `key` (RFC 8017 §9.1.1 step 4), after step 3's
    /// length check, so that a salt length the key cannot hold is refused before anything is
    /// allocated.
    ///
    /// Errors: those of `check_use` (first, so that a scheme the key refuses is reported as
    /// such whatever its salt length), and [`Error::InvalidSaltLength`] when
    /// hLen + sLen + 2 > emLen.
    ///
    /// Leaks: the length only.
    pub(crate) fn draw_salt(
        &self,
        key: &RsaPublicKey,
        rng: &mut dyn CryptoRngCore,
    ) -> Result<Vec<u8>> {
        self.check_use(key)?;
        let em_len = (key.bits() - 1).div_ceil(8);
        if !salt_fits(em_len, self.hash.output_len(), self.salt_len) {
            return Err(Error::InvalidSaltLength);
        }
        let mut salt = vec![0u8; self.salt_len];
        rng.try_fill_bytes(&mut salt).map_err(|_| Error::Rng)?;
        Ok(salt)
    }

    /// RFC 8017 §8.1.2 steps 2c and 3 on m = s^e mod n (k bytes): EM = I2OSP(m, emLen), then
    /// EMSA-PSS-VERIFY. The callers check `check_use` first, before the public operation's
    /// result is looked at.
    ///
    /// Leaks: everything (the inputs are public).
    pub(crate) fn verify_recovered(
        &self,
        key: &RsaPublicKey,
        hashed: &[u8],
        m: &[u8],
    ) -> Result<()> {
        let em_bits = key.bits() - 1;
        let em_len = em_bits.div_ceil(8);
        let (high, em) = m.split_at(m.len() - em_len);
        let fits = high
            .iter()
            .fold(Choice::from(1), |acc, b| acc & b.ct_eq(&0));
        let salt_len = self.verify_encoded_salt(hashed, em, em_bits)?;
        // With the salt length read from the signature, the key's minimum is checked here
        // (`check_pss` checked the scheme's own length otherwise).
        let min_salt_len = match key.algorithm() {
            KeyAlgorithm::RsaPss(Some(p)) if self.any_salt_len => p.min_salt_len(),
            _ => 0,
        };
        if bool::from(fits) && salt_len >= min_salt_len {
            Ok(())
        } else {
            Err(Error::Verification)
        }
    }

    /// EMSA-PSS-ENCODE (RFC 8017 §9.1.1) of the digest `m_hash` with `salt` into
    /// emLen = ceil(em_bits / 8) bytes.
    ///
    /// Errors: [`Error::InvalidDigestLength`] when `m_hash` is not hLen bytes,
    /// [`Error::InvalidSaltLength`] when emLen < hLen + sLen + 2 (step 3).
    ///
    /// Leaks: the lengths only.
    pub(crate) fn encode(&self, m_hash: &[u8], em_bits: usize, salt: &[u8]) -> Result<Vec<u8>> {
        let h_len = self.hash.output_len();
        let em_len = em_bits.div_ceil(8);
        // Steps 1-2: mHash is given; it must be hLen bytes.
        if m_hash.len() != h_len {
            return Err(Error::InvalidDigestLength {
                expected: h_len,
                got: m_hash.len(),
            });
        }
        // Step 3.
        if !salt_fits(em_len, h_len, salt.len()) {
            return Err(Error::InvalidSaltLength);
        }
        // Steps 5-6: H = Hash(0x00 * 8 || mHash || salt).
        let h = self.hash.digest_parts(&[&[0u8; 8], m_hash, salt]);
        // Steps 7-8: DB = PS || 0x01 || salt, of emLen - hLen - 1 bytes.
        let db_len = em_len - h_len - 1;
        let mut em = vec![0u8; em_len];
        let ps_len = db_len - salt.len() - 1;
        em[ps_len] = 0x01;
        em[ps_len + 1..db_len].copy_from_slice(salt);
        // Steps 9-10: maskedDB = DB xor MGF(H, emLen - hLen - 1).
        mgf_xor(&mut em[..db_len], self.mgf_hash, &h);
        // Step 11: clear the leftmost 8emLen - emBits bits.
        em[0] &= top_byte_mask(em_len, em_bits);
        // Step 12: EM = maskedDB || H || 0xbc.
        em[db_len..em_len - 1].copy_from_slice(&h);
        em[em_len - 1] = 0xbc;
        Ok(em)
    }

    /// EMSA-PSS-VERIFY (RFC 8017 §9.1.2) of `em` (emLen bytes) against the digest `m_hash`.
    /// Every check runs and their results are combined before the one branch.
    ///
    /// Errors: [`Error::Verification`] for every failure.
    ///
    /// Leaks: whether it verified, and the lengths; the inputs are public.
    #[cfg(test)]
    pub(crate) fn verify_encoded(&self, m_hash: &[u8], em: &[u8], em_bits: usize) -> Result<()> {
        self.verify_encoded_salt(m_hash, em, em_bits).map(|_| ())
    }

    /// EMSA-PSS-VERIFY as `verify_encoded`, returning the salt's length: the scheme's, or with
    /// [`Pss::with_any_salt_len`] the one read from DB.
    ///
    /// Leaks: whether it verified, the lengths, and with any salt length where DB's first
    /// non-zero byte lies; the inputs are public.
    fn verify_encoded_salt(&self, m_hash: &[u8], em: &[u8], em_bits: usize) -> Result<usize> {
        let h_len = self.hash.output_len();
        let em_len = em_bits.div_ceil(8);
        // Steps 1-3: lengths (public parameters). With the salt length unknown, step 3 is
        // checked for the empty salt, and the length read in step 10 fits by construction.
        let scheme_s_len = if self.any_salt_len { 0 } else { self.salt_len };
        if m_hash.len() != h_len || em.len() != em_len || !salt_fits(em_len, h_len, scheme_s_len) {
            return Err(Error::Verification);
        }
        // Step 4: the rightmost octet is 0xbc.
        let mut ok = em[em_len - 1].ct_eq(&0xbc);
        // Step 5: maskedDB || H.
        let db_len = em_len - h_len - 1;
        let (masked_db, rest) = em.split_at(db_len);
        let h = &rest[..h_len];
        // Step 6: the leftmost 8emLen - emBits bits of maskedDB are zero.
        let top = top_byte_mask(em_len, em_bits);
        ok &= (masked_db[0] & !top).ct_eq(&0);
        // Steps 7-9: DB = maskedDB xor MGF(H), with those bits cleared.
        let mut db = masked_db.to_vec();
        mgf_xor(&mut db, self.mgf_hash, h);
        db[0] &= top;
        // Step 10: DB = 0x00 .. 0x00 || 0x01 || salt. With any salt length, PS runs up to
        // DB's first non-zero byte (none: no 0x01, so the check below fails).
        let s_len = if self.any_salt_len {
            let ps_len = db.iter().position(|&b| b != 0).unwrap_or(db_len - 1);
            db_len - ps_len - 1
        } else {
            self.salt_len
        };
        let ps_len = db_len - s_len - 1;
        ok &= db[..ps_len]
            .iter()
            .fold(Choice::from(1), |acc, b| acc & b.ct_eq(&0));
        ok &= db[ps_len].ct_eq(&0x01);
        // Steps 11-13: H' = Hash(0x00 * 8 || mHash || salt).
        let salt = &db[ps_len + 1..];
        let h_prime = self.hash.digest_parts(&[&[0u8; 8], m_hash, salt]);
        // Step 14.
        ok &= h_prime.ct_eq(h);
        db.zeroize();
        if bool::from(ok) {
            Ok(s_len)
        } else {
            Err(Error::Verification)
        }
    }
}

/// EMSA-PSS step 3: whether emLen >= hLen + sLen + 2, without overflow for any salt length.
fn salt_fits(em_len: usize, h_len: usize, s_len: usize) -> bool {
    h_len
        .checked_add(s_len)
        .and_then(|x| x.checked_add(2))
        .is_some_and(|need| em_len >= need)
}

/// The mask keeping the low `8 - (8emLen - emBits)` bits of EM's first byte.
fn top_byte_mask(em_len: usize, em_bits: usize) -> u8 {
    0xff >> (8 * em_len - em_bits)
}

impl SignatureScheme for Pss {
    /// RSASSA-PSS-SIGN (RFC 8017 §8.1.1): a fresh salt of the scheme's length from `rng`,
    /// then [`Pss::sign_with_salt`].
    ///
    /// Leaks: the sizes only.
    fn sign(
        self,
        rng: &mut dyn CryptoRngCore,
        key: &RsaPrivateKey,
        hashed: &[u8],
    ) -> Result<Vec<u8>> {
        // EMSA-PSS-ENCODE step 4: a random octet string salt of length sLen.
        let salt = self.draw_salt(key.as_public_key(), rng)?;
        self.sign_with_salt(rng, key, hashed, &salt)
    }

    /// RSASSA-PSS-VERIFY (RFC 8017 §8.1.2) with this scheme's hash, MGF1 hash and salt length.
    ///
    /// Errors: [`Error::KeyRestricted`] and [`Error::UnsupportedHash`] as for signing, before
    /// the signature is looked at; then [`Error::Verification`] for every failure.
    ///
    /// Leaks: everything (the inputs are public).
    fn verify(self, key: &RsaPublicKey, hashed: &[u8], sig: &[u8]) -> Result<()> {
        self.check_use(key)?;
        // Step 1: the signature is k octets. Step 2a-b: s < n, m = s^e mod n.
        let m = rsa_encrypt(key, sig).map_err(|_| Error::Verification)?;
        // Steps 2c and 3.
        self.verify_recovered(key, hashed, &m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_then_verify_with_every_top_bit_count() {
        for em_bits in 1024 - 8..=1024 {
            for pss in [
                Pss::with_hash(HashAlg::Sha256),
                Pss::with_hash(HashAlg::Sha1).with_mgf_hash(HashAlg::Sha512),
                Pss::with_hash(HashAlg::Shake256).with_salt_len(0),
            ] {
                let m_hash = pss.hash().digest(b"msg");
                let salt = vec![0x5a; pss.salt_len()];
                let em = pss.encode(&m_hash, em_bits, &salt).unwrap();
                assert_eq!(em.len(), em_bits.div_ceil(8));
                assert_eq!(em[0] & !top_byte_mask(em.len(), em_bits), 0);
                assert_eq!(pss.verify_encoded(&m_hash, &em, em_bits), Ok(()));
                // A bit flipped in the middle, the trailer 0xbc changed (step 4), a bit set
                // above emBits (step 6): each is refused.
                let mut flips = vec![(em.len() / 2, 1), (em.len() - 1, 1), (em.len() - 1, 0x80)];
                if em_bits % 8 != 0 {
                    flips.push((0, 0x80));
                }
                for (at, bit) in flips {
                    let mut bad = em.clone();
                    bad[at] ^= bit;
                    assert_eq!(
                        pss.verify_encoded(&m_hash, &bad, em_bits),
                        Err(Error::Verification),
                        "emBits {em_bits}: byte {at} ^ {bit:#x}"
                    );
                }
            }
        }
    }

    /// Salt lengths no key can hold, up to usize::MAX: refused, never an overflow, a slice
    /// out of range or an allocation of that size (signing checks before drawing the salt).
    #[test]
    fn salt_lengths_past_every_key_are_refused() {
        let key = crate::primitive::private::tests::key();
        let public = key.as_public_key();
        let m_hash = HashAlg::Sha256.digest(b"msg");
        let em_bits = public.bits() - 1;
        let em = vec![0u8; em_bits.div_ceil(8)];
        let sig = vec![0u8; public.size()];
        let mut rng = rand_core::OsRng;
        for s_len in [
            usize::MAX,
            usize::MAX - 1,
            usize::MAX - 33,
            usize::MAX >> 24,
        ] {
            let pss = Pss::with_hash(HashAlg::Sha256).with_salt_len(s_len);
            assert_eq!(
                pss.verify_encoded(&m_hash, &em, em_bits),
                Err(Error::Verification)
            );
            assert_eq!(pss.verify(public, &m_hash, &sig), Err(Error::Verification));
            assert_eq!(
                pss.draw_salt(public, &mut rng),
                Err(Error::InvalidSaltLength)
            );
            assert_eq!(
                pss.sign(&mut rng, &key, &m_hash),
                Err(Error::InvalidSaltLength)
            );
        }
    }

    /// EMSA-PSS-VERIFY steps 2-3: an EM that is not emLen bytes, or a digest that is not hLen
    /// bytes, is inconsistent, even when a valid encoding is a prefix of the EM.
    #[test]
    fn encoded_message_or_digest_of_the_wrong_length_is_inconsistent() {
        let pss = Pss::with_hash(HashAlg::Sha256);
        let m_hash = HashAlg::Sha256.digest(b"msg");
        let em = pss.encode(&m_hash, 1023, &[0x44; 32]).unwrap();
        assert_eq!(pss.verify_encoded(&m_hash, &em, 1023), Ok(()));
        let mut longer = em.clone();
        longer.push(0);
        assert_eq!(
            pss.verify_encoded(&m_hash, &longer, 1023),
            Err(Error::Verification)
        );
        assert_eq!(
            pss.verify_encoded(&m_hash[..31], &em, 1023),
            Err(Error::Verification)
        );
    }

    /// A public key of 1025 bits (8·128 + 1): emBits = 1024, so EM is 128 bytes, one shorter
    /// than the modulus (RFC 8017 §8.1.1 step 1). The modulus 2^1024 + 2^512 + 1 needs no
    /// factors here: only the public side is exercised.
    fn key_of_8m_plus_1_bits() -> RsaPublicKey {
        let mut hex = String::from("1");
        hex.push_str(&"0".repeat(127));
        hex.push('1');
        hex.push_str(&"0".repeat(127));
        hex.push('1');
        let key = RsaPublicKey::new(
            montvec::Nat::from_hex(&hex).unwrap(),
            montvec::Nat::from_u64(65537),
        )
        .unwrap();
        assert_eq!((key.bits(), key.size()), (1025, 129));
        key
    }

    /// For a modulus of 8m + 1 bits, m = s^e mod n has one byte more than EM (RFC 8017
    /// §8.1.2 step 2c): it must be zero, even when the bytes after it are a valid encoding.
    #[test]
    fn recovered_message_with_a_nonzero_byte_above_em_is_rejected() {
        let key = key_of_8m_plus_1_bits();
        let pss = Pss::with_hash(HashAlg::Sha256);
        let m_hash = HashAlg::Sha256.digest(b"msg");
        let em = pss.encode(&m_hash, 1024, &[0x33; 32]).unwrap();
        assert_eq!(em.len(), 128);
        for (high, want) in [(0x00, Ok(())), (0x01, Err(Error::Verification))] {
            let mut m = vec![high];
            m.extend_from_slice(&em);
            assert_eq!(pss.verify_recovered(&key, &m_hash, &m), want, "{high:#x}");
        }
    }

    /// Signing draws a salt only when hLen + sLen + 2 <= emLen, emLen = ceil((modBits - 1)
    /// / 8) (RFC 8017 §9.1.1 step 3): 128 bytes for a 1025-bit key, so SHA-256 allows 94
    /// salt bytes and not 95; for a 512-bit key, emLen = 64 allows 30 and not 31. A refused
    /// length never reaches the generator.
    #[test]
    fn salt_is_drawn_only_when_it_fits_the_encoded_message() {
        let small = crate::primitive::private::tests::key();
        for (key, longest) in [(&key_of_8m_plus_1_bits(), 94), (small.as_public_key(), 30)] {
            let fits = Pss::with_hash(HashAlg::Sha256).with_salt_len(longest);
            assert_eq!(
                fits.draw_salt(key, &mut rand_core::OsRng).map(|s| s.len()),
                Ok(longest)
            );
            let over = fits.with_salt_len(longest + 1);
            assert_eq!(
                over.draw_salt(key, &mut FailingRng),
                Err(Error::InvalidSaltLength),
                "{} bits",
                key.bits()
            );
        }
    }

    /// A generator that always fails: any draw from it shows as [`Error::Rng`].
    struct FailingRng;

    impl rand_core::RngCore for FailingRng {
        fn next_u32(&mut self) -> u32 {
            unreachable!("drawn from")
        }
        fn next_u64(&mut self) -> u64 {
            unreachable!("drawn from")
        }
        fn fill_bytes(&mut self, _: &mut [u8]) {
            unreachable!("drawn from")
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> core::result::Result<(), rand_core::Error> {
            Err(rand_core::Error::new("no randomness"))
        }
    }

    impl rand_core::CryptoRng for FailingRng {}

    #[test]
    fn salt_that_does_not_fit_is_an_error() {
        let pss = Pss::with_hash(HashAlg::Sha512);
        let m_hash = HashAlg::Sha512.digest(b"");
        // emLen = 128: hLen + sLen + 2 <= 128 allows sLen = 62.
        assert!(pss.encode(&m_hash, 1023, &[0; 62]).is_ok());
        assert_eq!(
            pss.encode(&m_hash, 1023, &[0; 63]),
            Err(Error::InvalidSaltLength)
        );
        assert!(matches!(
            pss.encode(&m_hash[1..], 1023, &[]),
            Err(Error::InvalidDigestLength { .. })
        ));
    }

    /// With the salt length read from the signature, every length the key holds verifies;
    /// a fixed length verifies its own only; changed signatures, digests and DB bytes fail.
    #[test]
    fn any_salt_len_reads_the_salt_length_from_the_signature() {
        let key = crate::primitive::private::tests::key();
        let public = key.as_public_key();
        let m_hash = HashAlg::Sha256.digest(b"msg");
        let other_hash = HashAlg::Sha256.digest(b"other");
        let mut rng = rand_core::OsRng;
        let sha256 = Pss::with_hash(HashAlg::Sha256);
        let any = sha256.with_any_salt_len();
        assert!(any.accepts_any_salt_len() && !sha256.accepts_any_salt_len());
        assert!(!any.with_salt_len(3).accepts_any_salt_len());
        // A 512-bit key: emLen 64 holds a SHA-256 digest and salts of 0 to 30 bytes.
        for s_len in 0..=30 {
            let fixed = sha256.with_salt_len(s_len);
            let sig = fixed.sign(&mut rng, &key, &m_hash).unwrap();
            assert_eq!(any.verify(public, &m_hash, &sig), Ok(()), "{s_len}");
            for other in [0, 15, 30] {
                let verdict = sha256.with_salt_len(other).verify(public, &m_hash, &sig);
                assert_eq!(verdict.is_ok(), other == s_len, "{s_len} as {other}");
            }
            let mut bad = sig.clone();
            bad[10] ^= 1;
            assert_eq!(any.verify(public, &m_hash, &bad), Err(Error::Verification));
            assert_eq!(
                any.verify(public, &other_hash, &sig),
                Err(Error::Verification)
            );

            // On the encoding: DB = PS || 0x01 || salt, and maskedDB = DB xor mask, so
            // flipping a bit of maskedDB flips the same bit of DB.
            let em_bits = public.bits() - 1;
            let salt = vec![0xa5; s_len];
            let em = fixed.encode(&m_hash, em_bits, &salt).unwrap();
            assert_eq!(any.verify_encoded_salt(&m_hash, &em, em_bits), Ok(s_len));
            let ps_len = em.len() - 32 - 1 - s_len - 1;
            // The separator 0x01 made 0x03: not a PSS encoding.
            let mut bad = em.clone();
            bad[ps_len] ^= 0x02;
            assert_eq!(
                any.verify_encoded_salt(&m_hash, &bad, em_bits),
                Err(Error::Verification)
            );
            // A 0x01 earlier in PS: read as a longer salt, whose hash differs.
            if ps_len > 0 {
                let mut bad = em.clone();
                bad[ps_len - 1] ^= 0x01;
                assert_eq!(
                    any.verify_encoded_salt(&m_hash, &bad, em_bits),
                    Err(Error::Verification)
                );
            }
        }
        // DB all zero: no separator at all.
        let em_bits = public.bits() - 1;
        let h = [0x3c; 32];
        let mut em = vec![0u8; 64];
        mgf_xor(&mut em[..31], HashAlg::Sha256, &h);
        em[0] &= top_byte_mask(64, em_bits);
        em[31..63].copy_from_slice(&h);
        em[63] = 0xbc;
        assert_eq!(
            any.verify_encoded_salt(&m_hash, &em, em_bits),
            Err(Error::Verification)
        );
    }

    /// An `id-RSASSA-PSS` key's minimum salt length holds when the length is read from the
    /// signature: shorter salts are refused, the minimum and longer verify.
    #[test]
    fn any_salt_len_keeps_a_pss_key_minimum() {
        use crate::key::PssParameters;
        let key = crate::primitive::private::tests::key();
        let params = PssParameters::new(HashAlg::Sha256, HashAlg::Sha256, 20).unwrap();
        let restricted = key
            .as_public_key()
            .clone()
            .with_algorithm(KeyAlgorithm::RsaPss(Some(params)));
        let m_hash = HashAlg::Sha256.digest(b"msg");
        let any = Pss::with_hash(HashAlg::Sha256).with_any_salt_len();
        for (s_len, valid) in [(0, false), (19, false), (20, true), (30, true)] {
            let sig = Pss::with_hash(HashAlg::Sha256)
                .with_salt_len(s_len)
                .sign(&mut rand_core::OsRng, &key, &m_hash)
                .unwrap();
            assert_eq!(
                any.verify(&restricted, &m_hash, &sig).is_ok(),
                valid,
                "{s_len}"
            );
        }
    }
}
