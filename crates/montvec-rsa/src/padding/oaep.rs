//! RSAES-OAEP (RFC 8017 §7.1): EME-OAEP encoding with a label hash and an MGF1 hash that may
//! differ, and a decoding that fails with one error, in constant time, whatever check failed.
//!
//! The encoding steps (`encode`, `decode`) are kept apart from the RSA operation so the
//! batch functions ([`crate::batch`]) can reuse them.

use rand_core::CryptoRngCore;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroizing;

use crate::error::{Error, Result};
use crate::hash::{mgf_xor, HashAlg, HashFunction};
use crate::hazmat::{rsa_decrypt, rsa_encrypt};
use crate::key::{PublicKeyParts, RsaPrivateKey, RsaPublicKey};
use crate::padding::PaddingScheme;

/// RSAES-OAEP parameters: the label hash, the MGF1 hash and the label.
///
/// ```
/// use montvec_rsa::padding::Oaep;
/// use montvec_rsa::HashAlg;
///
/// // SHA-256 for the label and for MGF1, empty label (the common choice).
/// let oaep = Oaep::new::<sha2::Sha256>();
/// assert_eq!(oaep.hash(), HashAlg::Sha256);
/// // SHA-256 label hash with MGF1-SHA-1 (Java's and many HSMs' default pairing) and a label.
/// let oaep = Oaep::with_hash(HashAlg::Sha256)
///     .with_mgf_hash(HashAlg::Sha1)
///     .with_label(b"context".to_vec());
/// assert_eq!(oaep.mgf_hash(), HashAlg::Sha1);
/// assert_eq!(oaep.label(), b"context");
/// ```
///
/// SHAKE128/256 are refused ([`Error::UnsupportedHash`]): no standard defines OAEP with them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Oaep {
    hash: HashAlg,
    mgf_hash: HashAlg,
    label: Vec<u8>,
}

impl Oaep {
    /// OAEP with the hash `D` for the label and for MGF1, and an empty label.
    pub fn new<D: HashFunction>() -> Self {
        Self::with_hash(D::ALG)
    }

    /// OAEP with the hash `D` for the label and for MGF1, and the label `label`: RustCrypto
    /// `rsa`'s name for `Oaep::new::<D>().with_label(label)` (a `&str`, a `String` or bytes).
    ///
    /// ```
    /// use montvec_rsa::{sha2::Sha256, Oaep};
    /// assert_eq!(Oaep::new_with_label::<Sha256, _>("tag").label(), b"tag");
    /// ```
    pub fn new_with_label<D: HashFunction, S: AsRef<[u8]>>(label: S) -> Self {
        Self::new::<D>().with_label(label.as_ref())
    }

    /// OAEP with `D` for the label and `MGD` for MGF1, and an empty label (RustCrypto `rsa`'s
    /// name for `Oaep::new::<D>().with_mgf_hash(MGD::ALG)`).
    pub fn new_with_mgf_hash<D: HashFunction, MGD: HashFunction>() -> Self {
        Self::new::<D>().with_mgf_hash(MGD::ALG)
    }

    /// OAEP with `D` for the label, `MGD` for MGF1 and the label `label`.
    pub fn new_with_mgf_hash_and_label<D: HashFunction, MGD: HashFunction, S: AsRef<[u8]>>(
        label: S,
    ) -> Self {
        Self::new_with_mgf_hash::<D, MGD>().with_label(label.as_ref())
    }

    /// OAEP with `hash` for the label and for MGF1, and an empty label.
    pub fn with_hash(hash: HashAlg) -> Self {
        Oaep {
            hash,
            mgf_hash: hash,
            label: Vec::new(),
        }
    }

    /// The same parameters with MGF1 over `mgf_hash`.
    pub fn with_mgf_hash(mut self, mgf_hash: HashAlg) -> Self {
        self.mgf_hash = mgf_hash;
        self
    }

    /// The same parameters with the label `label` (RFC 8017's L).
    pub fn with_label(mut self, label: impl Into<Vec<u8>>) -> Self {
        self.label = label.into();
        self
    }

    /// The label hash.
    pub fn hash(&self) -> HashAlg {
        self.hash
    }

    /// The MGF1 hash.
    pub fn mgf_hash(&self) -> HashAlg {
        self.mgf_hash
    }

    /// The label.
    pub fn label(&self) -> &[u8] {
        &self.label
    }

    /// The longest message a key of `k` bytes can carry: k − 2·hLen − 2 (RFC 8017 §7.1.1
    /// step 1.b), or `None` when the key is too small for this hash.
    ///
    /// Leaks: nothing secret (sizes only).
    pub fn max_message_len(&self, k: usize) -> Option<usize> {
        k.checked_sub(2 * self.hash.output_len() + 2)
    }

    /// Errors for hashes OAEP cannot use.
    fn check_hashes(&self) -> Result<()> {
        for h in [self.hash, self.mgf_hash] {
            if h.is_xof() {
                return Err(Error::UnsupportedHash(format!("{h} in OAEP")));
            }
        }
        Ok(())
    }
}

impl Oaep {
    /// What this padding is, in the error of a key that does not allow it.
    pub(crate) const USE: &'static str = "OAEP";

    /// RSAES-OAEP-ENCRYPT (RFC 8017 §7.1.1) steps 1–2: a fresh seed and EM (k bytes), the
    /// input of RSAEP, for one encryption or a batch.
    ///
    /// Errors: [`Error::UnsupportedHash`], [`Error::MessageTooLong`], [`Error::Rng`].
    ///
    /// Leaks: the lengths only.
    pub(crate) fn encryption_input(
        &self,
        rng: &mut dyn CryptoRngCore,
        k: usize,
        msg: &[u8],
    ) -> Result<Zeroizing<Vec<u8>>> {
        self.check_hashes()?;
        let mut seed = Zeroizing::new(vec![0u8; self.hash.output_len()]);
        rng.try_fill_bytes(&mut seed).map_err(|_| Error::Rng)?;
        Ok(Zeroizing::new(encode(self, k, msg, &seed)?))
    }

    /// RSAES-OAEP-DECRYPT (RFC 8017 §7.1.2) step 1, on public facts: usable hashes, a
    /// ciphertext of k bytes, a key large enough for the hash.
    ///
    /// Leaks: everything (the inputs are public).
    pub(crate) fn check_ciphertext_length(&self, k: usize, ciphertext: &[u8]) -> Result<()> {
        self.check_hashes()?;
        if ciphertext.len() != k {
            return Err(Error::InvalidInputLength);
        }
        if self.max_message_len(k).is_none() {
            return Err(Error::Decryption);
        }
        Ok(())
    }
}

impl PaddingScheme for Oaep {
    /// RSAES-OAEP-ENCRYPT (RFC 8017 §7.1.1), with a seed of hLen bytes drawn from `rng` in a
    /// single `fill_bytes` call.
    ///
    /// Errors: [`Error::KeyRestricted`] for an `id-RSASSA-PSS` key,
    /// [`Error::MessageTooLong`] (more than k − 2·hLen − 2 bytes), [`Error::UnsupportedHash`],
    /// [`Error::Rng`].
    ///
    /// Leaks: the lengths of the message and label.
    fn encrypt(
        self,
        rng: &mut dyn CryptoRngCore,
        key: &RsaPublicKey,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        key.algorithm().check_other(Self::USE)?;
        let em = self.encryption_input(rng, key.size(), msg)?;
        // Step 3: RSAEP. EM starts with 0x00, so it is below n.
        rsa_encrypt(key, &em)
    }

    /// RSAES-OAEP-DECRYPT (RFC 8017 §7.1.2).
    ///
    /// Errors: [`Error::KeyRestricted`] for an `id-RSASSA-PSS` key, [`Error::InvalidInputLength`]
    /// when the ciphertext is not k bytes or not below n (public facts, checked first); otherwise [`Error::Decryption`] for every padding
    /// failure, decided in constant time; [`Error::UnsupportedHash`], [`Error::FaultDetected`],
    /// [`Error::Rng`].
    ///
    /// Leaks: the lengths of the ciphertext and label, whether decryption succeeded, and on
    /// success the message length (it is the output's length).
    fn decrypt(
        self,
        rng: &mut dyn CryptoRngCore,
        key: &RsaPrivateKey,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        // Step 1: the key's algorithm and the lengths are public data.
        key.algorithm().check_other(Self::USE)?;
        self.check_ciphertext_length(key.size(), ciphertext)?;
        // Step 2: RSADP (checks c < n, public).
        let em = Zeroizing::new(rsa_decrypt(key, ciphertext, rng)?);
        decode(&self, &em)
    }
}

/// EME-OAEP encoding (RFC 8017 §7.1.1 step 2) of `msg` into k bytes with the given seed
/// (hLen bytes).
///
/// Errors: [`Error::MessageTooLong`] when `msg` exceeds k − 2·hLen − 2 bytes (also when the key
/// is too small for the hash at all).
///
/// Leaks: the lengths only.
pub(crate) fn encode(oaep: &Oaep, k: usize, msg: &[u8], seed: &[u8]) -> Result<Vec<u8>> {
    let h_len = oaep.hash.output_len();
    debug_assert_eq!(seed.len(), h_len);
    // Step 1.b: mLen <= k - 2hLen - 2.
    let max = oaep.max_message_len(k).ok_or(Error::MessageTooLong)?;
    if msg.len() > max {
        return Err(Error::MessageTooLong);
    }
    // EM = 0x00 || maskedSeed || maskedDB, built in place.
    let mut em = vec![0u8; k];
    let (seed_part, db) = em[1..].split_at_mut(h_len);
    // Step 2.a-c: DB = lHash || PS || 0x01 || M, PS zeros (already there).
    db[..h_len].copy_from_slice(&oaep.hash.digest(&oaep.label));
    let m_start = db.len() - msg.len();
    db[m_start - 1] = 0x01;
    db[m_start..].copy_from_slice(msg);
    // Step 2.d-f: maskedDB = DB xor MGF(seed, k - hLen - 1).
    mgf_xor(db, oaep.mgf_hash, seed);
    // Step 2.g-h: maskedSeed = seed xor MGF(maskedDB, hLen).
    seed_part.copy_from_slice(seed);
    mgf_xor(seed_part, oaep.mgf_hash, db);
    Ok(em)
}

/// EME-OAEP decoding (RFC 8017 §7.1.2 step 3) of the k-byte `em`, in constant time: every
/// check runs on every input and the failures are merged into one [`Error::Decryption`].
///
/// Leaks: the lengths of `em` and the label, whether decoding succeeded, and on success the
/// message length.
pub(crate) fn decode(oaep: &Oaep, em: &[u8]) -> Result<Vec<u8>> {
    let h_len = oaep.hash.output_len();
    let k = em.len();
    if k < 2 * h_len + 2 {
        return Err(Error::Decryption);
    }
    // Step 3.b: EM = Y || maskedSeed || maskedDB.
    let y = em[0];
    let mut seed = Zeroizing::new(em[1..1 + h_len].to_vec());
    let mut db = Zeroizing::new(em[1 + h_len..].to_vec());
    // Step 3.c-f: seed = maskedSeed xor MGF(maskedDB); DB = maskedDB xor MGF(seed).
    mgf_xor(&mut seed, oaep.mgf_hash, &em[1 + h_len..]);
    mgf_xor(&mut db, oaep.mgf_hash, &seed);
    // Step 3.g: DB = lHash' || PS || 0x01 || M. lHash' must equal lHash, Y must be 0, and
    // after lHash' come zeros, then 0x01. Scan every byte: `looking` stays set until the
    // first 0x01, `index` records its position, and a byte that is neither 0 nor 1 before it
    // marks the input bad.
    let l_hash = oaep.hash.digest(&oaep.label);
    let mut good = y.ct_eq(&0) & db[..h_len].ct_eq(&l_hash[..]);
    let mut looking = Choice::from(1);
    let mut index = 0u32;
    for (i, &b) in db[h_len..].iter().enumerate() {
        let is_one = b.ct_eq(&1);
        let is_zero = b.ct_eq(&0);
        index.conditional_assign(&(i as u32), looking & is_one);
        good &= !(looking & !is_zero & !is_one);
        looking &= !is_one;
    }
    good &= !looking;
    // The one branch on the outcome: it decides whether anything is released at all. Then
    // the message's position, released as its length.
    if !montvec::ct::declassify_choice(good) {
        return Err(Error::Decryption);
    }
    montvec::ct::declassify(&mut index);
    // Step 4: M follows the 0x01.
    Ok(db[h_len + index as usize + 1..].to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn oaep() -> Oaep {
        Oaep::with_hash(HashAlg::Sha256).with_label(b"L".to_vec())
    }

    #[test]
    fn encode_then_decode_gives_the_message_back() {
        let o = oaep();
        let seed = [7u8; 32];
        for len in [0, 1, 50, 128 - 66] {
            let msg = vec![0xa5; len];
            let em = encode(&o, 128, &msg, &seed).unwrap();
            assert_eq!(em[0], 0);
            assert_eq!(decode(&o, &em).unwrap(), msg);
        }
        assert_eq!(
            encode(&o, 128, &[0; 128 - 65], &seed),
            Err(Error::MessageTooLong)
        );
    }

    /// k = 2·hLen + 2 is the smallest block OAEP can use (RFC 8017 §7.1.2 step 1.c): it holds
    /// the empty message. Anything shorter is a decryption error, not a panic.
    #[test]
    fn smallest_block_holds_the_empty_message_and_shorter_ones_are_errors() {
        let o = oaep();
        let em = encode(&o, 66, &[], &[5u8; 32]).unwrap();
        assert_eq!(decode(&o, &em), Ok(Vec::new()));
        for k in [0, 1, 2, 33, 34, 64, 65] {
            assert_eq!(decode(&o, &em[..k]), Err(Error::Decryption), "k = {k}");
        }
    }

    #[test]
    fn every_single_bit_flip_is_one_error() {
        let o = oaep();
        let em = encode(&o, 96, b"hello", &[3u8; 32]).unwrap();
        for i in 0..em.len() {
            for bit in 0..8 {
                let mut bad = em.clone();
                bad[i] ^= 1 << bit;
                assert_eq!(
                    decode(&o, &bad),
                    Err(Error::Decryption),
                    "byte {i} bit {bit}"
                );
            }
        }
        // A different label is the same single error.
        let other = Oaep::with_hash(HashAlg::Sha256);
        assert_eq!(decode(&other, &em), Err(Error::Decryption));
    }

    #[test]
    fn a_missing_separator_or_stray_byte_is_rejected() {
        // Hand-built DBs (masks applied with the same MGF): all zeros after lHash (no 0x01),
        // and a 0x02 before the 0x01.
        let o = Oaep::with_hash(HashAlg::Sha1);
        let k = 64;
        let seed = [9u8; 20];
        let l_hash = HashAlg::Sha1.digest(b"");
        for tail in [vec![0u8; k - 41], {
            let mut t = vec![0u8; k - 41];
            t[3] = 2;
            t[5] = 1;
            t
        }] {
            let mut db = l_hash.clone();
            db.extend(&tail);
            mgf_xor(&mut db, HashAlg::Sha1, &seed);
            let mut masked_seed = seed.to_vec();
            mgf_xor(&mut masked_seed, HashAlg::Sha1, &db);
            let mut em = vec![0u8];
            em.extend(masked_seed);
            em.extend(db);
            assert_eq!(decode(&o, &em), Err(Error::Decryption));
        }
    }
}
