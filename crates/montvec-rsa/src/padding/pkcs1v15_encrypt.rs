//! RSAES-PKCS1-v1_5 (RFC 8017 §7.2) with decryption by implicit rejection, the Marvin
//! mitigation of draft-irtf-cfrg-rsa-guidance as OpenSSL 3.2+ implements it
//! (`ossl_rsa_padding_check_PKCS1_type_2`): a bad padding does not fail, it yields a
//! deterministic pseudo-random message chosen in constant time.
//!
//! The encoding steps (`encode`, `derive_kdk`, `decode_implicit`) are kept apart from
//! the RSA operation so the batch functions ([`crate::batch`]) can reuse them.

use rand_core::CryptoRngCore;
use subtle::{
    Choice, ConditionallySelectable, ConstantTimeEq, ConstantTimeGreater, ConstantTimeLess,
};
use zeroize::Zeroizing;

use crate::error::{Error, Result};
use crate::hazmat::{rsa_decrypt, rsa_encrypt};
use crate::key::{PublicKeyParts, RsaPrivateKey, RsaPublicKey};
use crate::padding::hmac_sha256::{sha256, HmacSha256};
use crate::padding::PaddingScheme;

/// The fixed part of a v1.5 encryption block: 0x00, 0x02, at least 8 bytes of PS, 0x00.
const OVERHEAD: usize = 11;

/// How many 16-bit length candidates the PRF draws (OpenSSL's `MAX_LEN_GEN_TRIES`): the chance
/// that none is small enough is below 2⁻¹²⁸, and then the length is 0.
const LENGTH_CANDIDATES: usize = 128;

/// RSAES-PKCS1-v1_5 encryption; decryption by implicit rejection.
///
/// **Use OAEP for anything new.** This scheme exists for interoperability (TLS 1.2 RSA key
/// exchange, CMS, old protocols).
///
/// # The Marvin mitigation
///
/// Telling a caller whether a v1.5 padding was valid, by an error or by timing, is a
/// Bleichenbacher oracle: about a million such answers decrypt any ciphertext (the 2023 Marvin
/// attack found the timing variant in most libraries). So [`PaddingScheme::decrypt`] here never
/// reports a padding failure. It follows draft-irtf-cfrg-rsa-guidance (implicit rejection),
/// byte for byte as OpenSSL 3.2+ does:
///
/// 1. KDK = HMAC-SHA256(key = SHA-256(d as k big-endian bytes), C).
/// 2. A synthetic message of k bytes, PRF(KDK, "message"), and 128 length candidates,
///    PRF(KDK, "length"), each masked to the bit length of k − 10; the last candidate below
///    k − 10 is the synthetic length L (so L ≤ k − 11). The PRF is HMAC-SHA256(KDK,
///    counter ‖ label ‖ output bits).
/// 3. The real padding is checked in constant time (0x00 0x02, a zero separator at index ≥ 10).
/// 4. If it is good, the message after the separator is returned; if not, the last L bytes of
///    the synthetic message. Both are selected with masks, and the result is moved into place
///    by a constant-time shift, so only the final length is visible.
///
/// A caller that needs to know whether decryption "worked" must not use this scheme: it has to
/// check the plaintext by some other means (a MAC, a protocol transcript), as TLS does with the
/// premaster secret.
///
/// ```
/// use montvec_rsa::padding::Pkcs1v15Encrypt;
/// # use montvec_rsa::{Nat, RsaPrivateKey};
/// # fn key() -> RsaPrivateKey {
/// #     let h = |s: &str| Nat::from_hex(s).unwrap();
/// #     RsaPrivateKey::from_components(
/// #         h("a8b3b284af8eb50b387034a860f146c4919f318763cd6c5598c8ae4811a1e0abc4c7e0b082d693a5e7fced675cf4668512772c0cbc64a742c6c630f533c8cc72f62ae833c40bf25842e984bb78bdbf97c0107d55bdb662f5c4e0fab9845cb5148ef7392dd3aaff93ae1e6b667bb3d4247616d4f5ba10d4cfd226de88d39f16fb"),
/// #         h("010001"),
/// #         h("53339cfdb79fc8466a655c7316aca85c55fd8f6dd898fdaf119517ef4f52e8fd8e258df93fee180fa0e4ab29693cd83b152a553d4ac4d1812b8b9fa5af0e7f55fe7304df41570926f3311f15c4d65a732c483116ee3d3d2d0af3549ad9bf7cbfb78ad884f84d5beb04724dc7369b31def37d0cf539e9cfcdd3de653729ead5d1"),
/// #         vec![
/// #             h("d32737e7267ffe1341b2d5c0d150a81b586fb3132bed2f8d5262864a9cb9f30af38be448598d413a172efb802c21acf1c11c520c2f26a471dcad212eac7ca39d"),
/// #             h("cc8853d1d54da630fac004f471f281c7b8982d8224a490edbeb33d3e3d5cc93c4765703d1dd791642f1f116a0dd852be2419b2af72bfe9a030e860b0288b5d77"),
/// #         ],
/// #     ).unwrap()
/// # }
/// let key = key();
/// let ct = key
///     .to_public_key()
///     .encrypt(&mut rand_core::OsRng, Pkcs1v15Encrypt, b"premaster")
///     .unwrap();
/// assert_eq!(key.decrypt(Pkcs1v15Encrypt, &ct).unwrap(), b"premaster");
/// // A corrupted ciphertext gives no error: a deterministic stand-in message.
/// let mut bad = ct.clone();
/// bad[127] ^= 1;
/// let a = key.decrypt(Pkcs1v15Encrypt, &bad).unwrap();
/// assert_eq!(a, key.decrypt(Pkcs1v15Encrypt, &bad).unwrap());
/// assert!(a.len() <= 128 - 11);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pkcs1v15Encrypt;

/// What this padding is, in the error of a key that does not allow it.
pub(crate) const USE: &str = "PKCS#1 v1.5 encryption";

impl PaddingScheme for Pkcs1v15Encrypt {
    /// RSAES-PKCS1-V1_5-ENCRYPT (RFC 8017 §7.2.1): EM = 0x00 ‖ 0x02 ‖ PS ‖ 0x00 ‖ M with PS
    /// k − mLen − 3 nonzero random bytes, drawn in one `fill_bytes` call (zero bytes are then
    /// redrawn one at a time).
    ///
    /// Errors: [`Error::KeyRestricted`] for an `id-RSASSA-PSS` key, [`Error::MessageTooLong`]
    /// (more than k − 11 bytes), [`Error::Rng`].
    ///
    /// Leaks: the message length, and how many zero bytes the generator produced (they are
    /// replaced, so this says nothing about PS).
    fn encrypt(
        self,
        rng: &mut dyn CryptoRngCore,
        key: &RsaPublicKey,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        key.algorithm().check_other(USE)?;
        let em = encryption_input(rng, key.size(), msg)?;
        // Step 3: RSAEP (EM < n since it starts with 0x00).
        rsa_encrypt(key, &em)
    }

    /// RSAES-PKCS1-V1_5-DECRYPT (RFC 8017 §7.2.2) with implicit rejection (see the type's
    /// doc): a bad padding returns a synthetic message, not an error.
    ///
    /// Errors: only for public facts — [`Error::KeyRestricted`] for an `id-RSASSA-PSS` key,
    /// [`Error::InvalidInputLength`] when the ciphertext is not
    /// exactly k bytes or not below n (OpenSSL also accepts shorter ciphertexts as if
    /// left-padded with zeros; this crate does not) — and [`Error::FaultDetected`],
    /// [`Error::Rng`] from the private operation.
    ///
    /// Leaks: the ciphertext length and the output length (which does not tell a real message
    /// from a synthetic one); nothing of whether the padding was valid.
    fn decrypt(
        self,
        rng: &mut dyn CryptoRngCore,
        key: &RsaPrivateKey,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        key.algorithm().check_other(USE)?;
        if ciphertext.len() != key.size() {
            return Err(Error::InvalidInputLength);
        }
        let em = Zeroizing::new(rsa_decrypt(key, ciphertext, rng)?);
        let kdk = derive_kdk(key, ciphertext);
        Ok(decode_implicit(&kdk, &em))
    }
}

/// RSAES-PKCS1-V1_5-ENCRYPT (RFC 8017 §7.2.1) steps 1–2: mLen ≤ k − 11, a random nonzero PS
/// and EM = 0x00 || 0x02 || PS || 0x00 || M (k bytes), the input of RSAEP, for one encryption
/// or a batch.
///
/// Errors: [`Error::MessageTooLong`], [`Error::Rng`].
///
/// Leaks: the lengths only.
pub(crate) fn encryption_input(
    rng: &mut dyn CryptoRngCore,
    k: usize,
    msg: &[u8],
) -> Result<Zeroizing<Vec<u8>>> {
    let ps_len = k
        .checked_sub(msg.len() + 3)
        .filter(|&l| l >= OVERHEAD - 3)
        .ok_or(Error::MessageTooLong)?;
    let ps = nonzero_random(rng, ps_len)?;
    Ok(Zeroizing::new(encode(k, msg, &ps)?))
}

/// `len` random nonzero bytes: one draw, then each zero byte redrawn until nonzero.
fn nonzero_random(rng: &mut dyn CryptoRngCore, len: usize) -> Result<Zeroizing<Vec<u8>>> {
    let mut ps = Zeroizing::new(vec![0u8; len]);
    rng.try_fill_bytes(&mut ps).map_err(|_| Error::Rng)?;
    for b in ps.iter_mut() {
        while *b == 0 {
            let mut one = [0u8; 1];
            rng.try_fill_bytes(&mut one).map_err(|_| Error::Rng)?;
            *b = one[0];
        }
    }
    Ok(ps)
}

/// EME-PKCS1-v1_5 encoding (RFC 8017 §7.2.1 step 2): 0x00 ‖ 0x02 ‖ `ps` ‖ 0x00 ‖ `msg`, k
/// bytes. `ps` must be nonzero bytes, k − mLen − 3 ≥ 8 of them.
///
/// Errors: [`Error::MessageTooLong`] when the lengths do not add up to k with PS ≥ 8 bytes.
///
/// Leaks: the lengths only.
pub(crate) fn encode(k: usize, msg: &[u8], ps: &[u8]) -> Result<Vec<u8>> {
    if ps.len() < OVERHEAD - 3 || ps.len() + msg.len() + 3 != k {
        return Err(Error::MessageTooLong);
    }
    debug_assert!(ps.iter().all(|&b| b != 0));
    let mut em = Vec::with_capacity(k);
    em.extend_from_slice(&[0x00, 0x02]);
    em.extend_from_slice(ps);
    em.push(0x00);
    em.extend_from_slice(msg);
    Ok(em)
}

/// The implicit-rejection key-derivation key: HMAC-SHA256 keyed with SHA-256 of d as k
/// big-endian bytes, over the k-byte ciphertext (OpenSSL `derive_kdk`).
///
/// Leaks: the lengths only (HMAC-SHA256 and SHA-256 run in time independent of their data).
pub(crate) fn derive_kdk(key: &RsaPrivateKey, ciphertext: &[u8]) -> Zeroizing<[u8; 32]> {
    let k = key.size();
    let d_bytes = Zeroizing::new(key.d().to_be_bytes(k));
    let mut mac = HmacSha256::new(&sha256(&d_bytes));
    mac.update(ciphertext);
    mac.finalize()
}

/// `len` bytes of the implicit-rejection PRF: blocks HMAC-SHA256(KDK, i ‖ label ‖ bits) for
/// i = 0, 1, ... as 16-bit big-endian counters, `bits` = 8·len as a 16-bit big-endian number.
///
/// Leaks: the lengths only.
fn prf(kdk: &[u8; 32], label: &[u8], len: usize) -> Zeroizing<Vec<u8>> {
    let bits = u16::try_from(len * 8).expect("at most 8191 bytes (k is at most 2048)");
    let mut out = Zeroizing::new(vec![0u8; len]);
    let keyed = HmacSha256::new(kdk);
    for (i, chunk) in out.chunks_mut(32).enumerate() {
        let mut mac = keyed.clone();
        mac.update(&(i as u16).to_be_bytes());
        mac.update(label);
        mac.update(&bits.to_be_bytes());
        let block = mac.finalize();
        chunk.copy_from_slice(&block[..chunk.len()]);
    }
    out
}

/// EME-PKCS1-v1_5 decoding with implicit rejection, in constant time (see
/// [`Pkcs1v15Encrypt`]): the message of `em` if its padding is good, else the synthetic
/// message derived from `kdk`.
///
/// Leaks: the length of `em` and of the result; nothing of which one was chosen.
pub(crate) fn decode_implicit(kdk: &[u8; 32], em: &[u8]) -> Vec<u8> {
    let k = em.len();
    debug_assert!(k > OVERHEAD, "keys are at least 512 bits");
    // The synthetic message and its length, computed before the real padding is looked at.
    let synthetic = prf(kdk, b"message", k);
    let candidates = prf(kdk, b"length", 2 * LENGTH_CANDIDATES);
    // Lengths are drawn below k - 10 (max_sep_offset): the mask keeps the bits of k - 10.
    let max_len = (k - 10) as u16;
    let mut mask = max_len;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    let mut synthetic_len = 0u16;
    for pair in candidates.chunks_exact(2) {
        let candidate = u16::from_be_bytes([pair[0], pair[1]]) & mask;
        synthetic_len.conditional_assign(&candidate, candidate.ct_lt(&max_len));
    }
    // RFC 8017 §7.2.2 step 3: EM = 0x00 || 0x02 || PS || 0x00 || M, PS at least 8 bytes.
    let mut good = em[0].ct_eq(&0) & em[1].ct_eq(&2);
    let mut found = Choice::from(0);
    let mut zero_index = 0u16;
    for (i, &b) in em.iter().enumerate().skip(2) {
        let is_zero = b.ct_eq(&0);
        zero_index.conditional_assign(&(i as u16), !found & is_zero);
        found |= is_zero;
    }
    // zero_index stays 0 when there is no separator, which fails this test too.
    good &= zero_index.ct_gt(&9);
    let mut msg_index =
        u16::conditional_select(&(k as u16 - synthetic_len), &(zero_index + 1), good);
    // Select every byte, then shift left by msg_index one bit of it at a time: every pass
    // touches every byte, so neither the choice nor the index shows in the memory pattern.
    let mut out = Zeroizing::new(vec![0u8; k]);
    for ((o, &real), &fake) in out.iter_mut().zip(em).zip(synthetic.iter()) {
        *o = u8::conditional_select(&fake, &real, good);
    }
    let mut shift = 1usize;
    while shift < k {
        let apply = !(msg_index & shift as u16).ct_eq(&0);
        for i in 0..k - shift {
            let moved = out[i + shift];
            out[i].conditional_assign(&moved, apply);
        }
        shift <<= 1;
    }
    // The message length is the output's length: released here, as RFC 8017 releases it.
    montvec::ct::declassify(&mut msg_index);
    out[..k - msg_index as usize].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_padding_gives_the_message_at_every_length() {
        let kdk = [1u8; 32];
        let k = 64;
        for len in 0..=k - OVERHEAD {
            let msg: Vec<u8> = (0..len as u8).collect();
            let ps = vec![0x5a; k - len - 3];
            let em = encode(k, &msg, &ps).unwrap();
            assert_eq!(decode_implicit(&kdk, &em), msg);
        }
        assert_eq!(
            encode(k, &[0; 54], &[1; 7]),
            Err(Error::MessageTooLong),
            "PS of 7 bytes"
        );
    }

    #[test]
    fn bad_padding_gives_the_same_synthetic_message_for_the_same_kdk() {
        let k = 64;
        let mut em = encode(k, b"abc", &[0x11; 58]).unwrap();
        em[1] = 1;
        let a = decode_implicit(&[2u8; 32], &em);
        assert_eq!(a, decode_implicit(&[2u8; 32], &em));
        assert_ne!(a, decode_implicit(&[3u8; 32], &em));
        assert!(a.len() <= k - OVERHEAD);
        // The synthetic message is the tail of PRF("message").
        let synthetic = prf(&[2u8; 32], b"message", k);
        assert_eq!(&synthetic[k - a.len()..], &a[..]);
    }

    /// Each byte of the `00 02` prefix checked on its own: a valid encoding with either one
    /// changed gives the synthetic message, not the message.
    #[test]
    fn a_changed_prefix_byte_is_bad() {
        let (k, kdk) = (64, [5u8; 32]);
        let em = encode(k, b"abc", &[0x11; 58]).unwrap();
        assert_eq!(decode_implicit(&kdk, &em), b"abc");
        let synthetic = prf(&kdk, b"message", k);
        for (at, value) in [(0, 1), (0, 0x80), (1, 0), (1, 1), (1, 3)] {
            let mut bad = em.clone();
            bad[at] = value;
            let out = decode_implicit(&kdk, &bad);
            assert_ne!(out, b"abc", "em[{at}] = {value:#x}");
            assert_eq!(
                &synthetic[k - out.len()..],
                &out[..],
                "em[{at}] = {value:#x}"
            );
        }
    }

    #[test]
    fn separator_before_index_ten_is_bad() {
        // PS of 7 nonzero bytes: the zero sits at index 9.
        let k = 32;
        let mut em = vec![0u8, 2, 1, 1, 1, 1, 1, 1, 1, 0];
        em.resize(k, 0x41);
        let kdk = [4u8; 32];
        let synthetic = prf(&kdk, b"message", k);
        let out = decode_implicit(&kdk, &em);
        assert_eq!(&synthetic[k - out.len()..], &out[..]);
    }
}
