//! The signature value both [`crate::pkcs1v15`] and [`crate::pss`] produce (k big-endian
//! bytes), and the `signature`-crate trait impls the two key pairs share.

use core::fmt;

use signature::SignatureEncoding;

/// An RSA signature: the k-byte big-endian string I2OSP(s, k) of RFC 8017 §8.1.1 / §8.2.1.
///
/// Any byte string converts into one; verification checks its length and range.
///
/// ```
/// use montvec_rsa::pkcs1v15::Signature;
/// use signature::SignatureEncoding;
/// let sig = Signature::try_from(&[0x01, 0xab][..]).unwrap();
/// assert_eq!(sig.to_string(), "01ab");
/// assert_eq!(format!("{sig:X}"), "01AB");
/// assert_eq!(sig.to_vec(), vec![0x01, 0xab]);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Signature {
    bytes: Box<[u8]>,
}

impl Signature {
    /// The signature bytes.
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl From<Vec<u8>> for Signature {
    fn from(bytes: Vec<u8>) -> Self {
        Signature {
            bytes: bytes.into_boxed_slice(),
        }
    }
}

impl TryFrom<&[u8]> for Signature {
    type Error = signature::Error;

    fn try_from(bytes: &[u8]) -> signature::Result<Self> {
        Ok(Signature {
            bytes: bytes.into(),
        })
    }
}

impl From<Signature> for Box<[u8]> {
    fn from(sig: Signature) -> Self {
        sig.bytes
    }
}

impl AsRef<[u8]> for Signature {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

impl SignatureEncoding for Signature {
    type Repr = Box<[u8]>;
}

/// The signature as X.509 carries it: a BIT STRING of its k bytes, no unused bits.
impl spki::SignatureBitStringEncoding for Signature {
    fn to_bitstring(&self) -> pkcs8::der::Result<pkcs8::der::asn1::BitString> {
        pkcs8::der::asn1::BitString::new(0, self.bytes.to_vec())
    }
}

impl fmt::LowerHex for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.bytes.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl fmt::UpperHex for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.bytes.iter().try_for_each(|b| write!(f, "{b:02X}"))
    }
}

impl fmt::Display for Signature {
    /// Lowercase hex.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(self, f)
    }
}

impl fmt::Debug for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Signature({self:x})")
    }
}

impl From<crate::Error> for signature::Error {
    fn from(e: crate::Error) -> Self {
        signature::Error::from_source(e)
    }
}

/// The `signature` traits and the plumbing of a `SigningKey<D>` / `VerifyingKey<D>` pair
/// whose structs have the fields `inner` (the RSA key), `scheme` (a `Copy`
/// [`crate::SignatureScheme`] of type `$scheme`) and `hash: PhantomData<fn() -> D>`. The
/// message is hashed with `D`; the signing traits without an RNG blind with the operating
/// system's generator.
macro_rules! signature_traits {
    ($signing:ident, $verifying:ident, $scheme:ty, $module:literal) => {
        impl<D> $signing<D> {
            fn with_scheme(inner: RsaPrivateKey, scheme: $scheme) -> Self {
                $signing {
                    inner,
                    scheme,
                    hash: core::marker::PhantomData,
                }
            }
        }

        impl<D> $verifying<D> {
            fn with_scheme(inner: RsaPublicKey, scheme: $scheme) -> Self {
                $verifying {
                    inner,
                    scheme,
                    hash: core::marker::PhantomData,
                }
            }
        }

        impl<D> signature::Keypair for $signing<D> {
            type VerifyingKey = $verifying<D>;

            fn verifying_key(&self) -> $verifying<D> {
                $verifying::with_scheme(self.inner.to_public_key(), self.scheme)
            }
        }

        impl<D: HashFunction> From<RsaPrivateKey> for $signing<D> {
            fn from(key: RsaPrivateKey) -> Self {
                Self::new(key)
            }
        }

        impl<D: HashFunction> From<RsaPublicKey> for $verifying<D> {
            fn from(key: RsaPublicKey) -> Self {
                Self::new(key)
            }
        }

        impl<D> Clone for $signing<D> {
            fn clone(&self) -> Self {
                Self::with_scheme(self.inner.clone(), self.scheme)
            }
        }

        impl<D> Clone for $verifying<D> {
            fn clone(&self) -> Self {
                Self::with_scheme(self.inner.clone(), self.scheme)
            }
        }

        impl<D> PartialEq for $verifying<D> {
            fn eq(&self, other: &Self) -> bool {
                self.inner == other.inner && self.scheme == other.scheme
            }
        }

        impl<D> core::fmt::Debug for $signing<D> {
            /// The public half and the scheme.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(concat!($module, "::SigningKey"))
                    .field("key", &self.inner)
                    .field("scheme", &self.scheme)
                    .finish()
            }
        }

        impl<D> core::fmt::Debug for $verifying<D> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(concat!($module, "::VerifyingKey"))
                    .field("key", &self.inner)
                    .field("scheme", &self.scheme)
                    .finish()
            }
        }

        impl<D: HashFunction> signature::hazmat::RandomizedPrehashSigner<Signature>
            for $signing<D>
        {
            fn sign_prehash_with_rng(
                &self,
                rng: &mut impl rand_core::CryptoRngCore,
                prehash: &[u8],
            ) -> signature::Result<Signature> {
                Ok(SignatureScheme::sign(self.scheme, rng, &self.inner, prehash)?.into())
            }
        }

        impl<D: HashFunction> signature::hazmat::PrehashSigner<Signature> for $signing<D> {
            fn sign_prehash(&self, prehash: &[u8]) -> signature::Result<Signature> {
                use signature::hazmat::RandomizedPrehashSigner;
                self.sign_prehash_with_rng(&mut rand_core::OsRng, prehash)
            }
        }

        impl<D: HashFunction> signature::RandomizedSigner<Signature> for $signing<D> {
            fn try_sign_with_rng(
                &self,
                rng: &mut impl rand_core::CryptoRngCore,
                msg: &[u8],
            ) -> signature::Result<Signature> {
                use signature::hazmat::RandomizedPrehashSigner;
                self.sign_prehash_with_rng(rng, &D::ALG.digest(msg))
            }
        }

        impl<D: HashFunction> signature::Signer<Signature> for $signing<D> {
            fn try_sign(&self, msg: &[u8]) -> signature::Result<Signature> {
                use signature::RandomizedSigner;
                self.try_sign_with_rng(&mut rand_core::OsRng, msg)
            }
        }

        impl<D: HashFunction + digest::Digest> signature::RandomizedDigestSigner<D, Signature>
            for $signing<D>
        {
            fn try_sign_digest_with_rng(
                &self,
                rng: &mut impl rand_core::CryptoRngCore,
                digest: D,
            ) -> signature::Result<Signature> {
                use signature::hazmat::RandomizedPrehashSigner;
                self.sign_prehash_with_rng(rng, &digest.finalize())
            }
        }

        impl<D: HashFunction + digest::Digest> signature::DigestSigner<D, Signature>
            for $signing<D>
        {
            fn try_sign_digest(&self, digest: D) -> signature::Result<Signature> {
                use signature::hazmat::RandomizedPrehashSigner;
                self.sign_prehash_with_rng(&mut rand_core::OsRng, &digest.finalize())
            }
        }

        impl<D: HashFunction> signature::hazmat::PrehashVerifier<Signature> for $verifying<D> {
            fn verify_prehash(
                &self,
                prehash: &[u8],
                signature: &Signature,
            ) -> signature::Result<()> {
                Ok(SignatureScheme::verify(
                    self.scheme,
                    &self.inner,
                    prehash,
                    signature.as_bytes(),
                )?)
            }
        }

        impl<D: HashFunction> signature::Verifier<Signature> for $verifying<D> {
            fn verify(&self, msg: &[u8], signature: &Signature) -> signature::Result<()> {
                use signature::hazmat::PrehashVerifier;
                self.verify_prehash(&D::ALG.digest(msg), signature)
            }
        }

        impl<D: HashFunction + digest::Digest> signature::DigestVerifier<D, Signature>
            for $verifying<D>
        {
            fn verify_digest(&self, digest: D, signature: &Signature) -> signature::Result<()> {
                use signature::hazmat::PrehashVerifier;
                self.verify_prehash(&digest.finalize(), signature)
            }
        }

        impl<D> AsRef<RsaPrivateKey> for $signing<D> {
            fn as_ref(&self) -> &RsaPrivateKey {
                &self.inner
            }
        }

        impl<D> From<$signing<D>> for RsaPrivateKey {
            fn from(key: $signing<D>) -> Self {
                key.inner
            }
        }

        impl<D> AsRef<RsaPublicKey> for $verifying<D> {
            fn as_ref(&self) -> &RsaPublicKey {
                &self.inner
            }
        }

        impl<D> From<$verifying<D>> for RsaPublicKey {
            fn from(key: $verifying<D>) -> Self {
                key.inner
            }
        }

        impl<D> zeroize::ZeroizeOnDrop for $signing<D> {}

        /// Gives `pkcs8::DecodePrivateKey`: the key as [`RsaPrivateKey`] reads it, with this
        /// type's default scheme for `D`.
        impl<D: HashFunction> TryFrom<pkcs8::PrivateKeyInfo<'_>> for $signing<D> {
            type Error = pkcs8::Error;

            fn try_from(info: pkcs8::PrivateKeyInfo<'_>) -> pkcs8::Result<Self> {
                RsaPrivateKey::try_from(info).map(Self::new)
            }
        }

        /// The key as [`RsaPrivateKey`] writes it (the scheme is not part of a PKCS#8 key
        /// unless the key is bound to `id-RSASSA-PSS`).
        impl<D> pkcs8::EncodePrivateKey for $signing<D> {
            fn to_pkcs8_der(&self) -> pkcs8::Result<pkcs8::SecretDocument> {
                self.inner.to_pkcs8_der()
            }
        }

        /// Gives `spki::DecodePublicKey`: the key as [`RsaPublicKey`] reads it, with this
        /// type's default scheme for `D`.
        impl<D: HashFunction> TryFrom<spki::SubjectPublicKeyInfoRef<'_>> for $verifying<D> {
            type Error = spki::Error;

            fn try_from(info: spki::SubjectPublicKeyInfoRef<'_>) -> spki::Result<Self> {
                RsaPublicKey::try_from(info).map(Self::new)
            }
        }

        /// The signature algorithm, for certificate builders (`x509-cert`): the scheme's
        /// `AlgorithmIdentifier` ([`crate::encoding`]'s signature algorithms).
        impl<D> spki::DynSignatureAlgorithmIdentifier for $signing<D> {
            fn signature_algorithm_identifier(
                &self,
            ) -> spki::Result<spki::AlgorithmIdentifierOwned> {
                self.scheme.signature_algorithm()
            }
        }

        /// The signature algorithm the key checks, as for the signing key.
        impl<D> spki::DynSignatureAlgorithmIdentifier for $verifying<D> {
            fn signature_algorithm_identifier(
                &self,
            ) -> spki::Result<spki::AlgorithmIdentifierOwned> {
                self.scheme.signature_algorithm()
            }
        }

        /// The key as [`RsaPublicKey`] writes it.
        impl<D> spki::EncodePublicKey for $verifying<D> {
            fn to_public_key_der(&self) -> spki::Result<spki::Document> {
                self.inner.to_public_key_der()
            }
        }
    };
}

pub(crate) use signature_traits;
