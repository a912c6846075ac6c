//! [`RsaPublicKey`]: a modulus and a public exponent, checked when built.

use std::sync::Arc;

use montvec::{Modulus, Nat};

use crate::arith;
use crate::error::{Error, Result};
use crate::key::{
    KeyAlgorithm, PublicKeyParts, MAX_EXPONENT_BITS, MAX_MODULUS_BITS, MIN_MODULUS_BITS,
};

/// An RSA public key (n, e), and the [`KeyAlgorithm`] it is bound to.
///
/// Built only through [`RsaPublicKey::new`] (or a decoder), which checks that n is odd and of
/// a supported size and that e is odd, at least 3, below n and at most [`MAX_EXPONENT_BITS`]
/// bits long. Keys are
/// [`KeyAlgorithm::RsaEncryption`] (any padding) unless read from an `id-RSASSA-PSS`
/// encoding or restricted by [`RsaPublicKey::with_algorithm`].
#[derive(Clone)]
pub struct RsaPublicKey {
    /// n, announced as exactly `ceil(bits / 64)` limbs.
    n: Nat,
    /// e, announced as its own minimal length.
    e: Nat,
    /// Montgomery constants for n, shared by clones.
    modulus: Arc<Modulus>,
    /// The paddings the key may be used with.
    algorithm: KeyAlgorithm,
}

impl RsaPublicKey {
    /// The public key (n, e).
    ///
    /// ```
    /// use montvec_rsa::{Nat, PublicKeyParts, RsaPublicKey};
    /// // n = 2^521 - 1 is odd and 521 bits long; e = 65537.
    /// let n = Nat::from_hex(&format!("1{}", "f".repeat(130)))?;
    /// let key = RsaPublicKey::new(n, Nat::from_u64(65537))?;
    /// assert_eq!(key.bits(), 521);
    /// assert!(RsaPublicKey::new(Nat::from_u64(3233), Nat::from_u64(17)).is_err()); // too small
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// Errors: [`Error::InvalidModulus`] (even, below [`MIN_MODULUS_BITS`] or above
    /// [`MAX_MODULUS_BITS`]), [`Error::InvalidExponent`] (even, below 3, longer than
    /// [`MAX_EXPONENT_BITS`], or not below n), [`Error::Arithmetic`] when
    /// `MONTVEC_BACKEND` names a backend this CPU lacks.
    ///
    /// Leaks: everything; a public key is public.
    pub fn new(n: Nat, e: Nat) -> Result<Self> {
        let bits = n.bit_length_vartime();
        if bits < MIN_MODULUS_BITS {
            return Err(Error::InvalidModulus("fewer than 512 bits"));
        }
        if bits > MAX_MODULUS_BITS {
            return Err(Error::InvalidModulus("more than 16384 bits"));
        }
        if !bool::from(n.is_odd()) {
            return Err(Error::InvalidModulus("even"));
        }
        let n = n.resized(bits.div_ceil(64));
        let e_bits = e.bit_length_vartime();
        // RFC 8017 §3.1 asks for 3 <= e < n. The last two tests cannot fail while
        // MAX_EXPONENT_BITS (256) is below MIN_MODULUS_BITS (512): they stay in case either
        // constant changes.
        if !(2..=MAX_EXPONENT_BITS).contains(&e_bits)
            || !bool::from(e.is_odd())
            || e_bits > bits
            || !bool::from(arith::lt(&e, &n))
        {
            return Err(Error::InvalidExponent);
        }
        let e = e.resized(e_bits.div_ceil(64));
        let modulus = Arc::new(Modulus::new(&n)?);
        Ok(RsaPublicKey {
            n,
            e,
            modulus,
            algorithm: KeyAlgorithm::RsaEncryption,
        })
    }

    /// From big-endian bytes of n and e (as in a JWK or a test vector).
    pub fn from_be_bytes(n: &[u8], e: &[u8]) -> Result<Self> {
        Self::new(Nat::from_be_bytes(n), Nat::from_be_bytes(e))
    }

    /// The Montgomery constants of n.
    pub fn modulus(&self) -> &Modulus {
        &self.modulus
    }

    /// Shared Montgomery constants of n (for batch jobs).
    pub fn modulus_arc(&self) -> &Arc<Modulus> {
        &self.modulus
    }

    /// The paddings the key may be used with.
    pub fn algorithm(&self) -> KeyAlgorithm {
        self.algorithm
    }

    /// The same key bound to `algorithm`: [`KeyAlgorithm::RsaPss`] restricts it to PSS
    /// signatures, and its SPKI and PKCS#8 encodings then name `id-RSASSA-PSS` (its PKCS#1
    /// encoding, which has no algorithm identifier, is refused).
    pub fn with_algorithm(self, algorithm: KeyAlgorithm) -> Self {
        RsaPublicKey { algorithm, ..self }
    }
}

impl PublicKeyParts for RsaPublicKey {
    fn n(&self) -> &Nat {
        &self.n
    }
    fn e(&self) -> &Nat {
        &self.e
    }
    fn size(&self) -> usize {
        self.modulus.bits().div_ceil(8)
    }
    fn bits(&self) -> usize {
        self.modulus.bits()
    }
}

impl PartialEq for RsaPublicKey {
    fn eq(&self, other: &Self) -> bool {
        self.n == other.n && self.e == other.e && self.algorithm == other.algorithm
    }
}

impl Eq for RsaPublicKey {}

/// Consistent with `==`: n is announced as exactly its limbs and e as its minimal length,
/// so keys of equal values hash the same limbs. (Clippy's `mutable_key_type` lint flags sets
/// of keys for the modulus's constants, computed on first use behind a `OnceLock`; neither
/// this nor `==` reads them.)
impl core::hash::Hash for RsaPublicKey {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.n.as_limbs().hash(state);
        self.e.as_limbs().hash(state);
        self.algorithm.hash(state);
    }
}

impl core::fmt::Debug for RsaPublicKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RsaPublicKey")
            .field("bits", &self.bits())
            .field("n", &self.n.to_hex_vartime())
            .field("e", &self.e.to_hex_vartime())
            .field("algorithm", &self.algorithm)
            .finish()
    }
}
