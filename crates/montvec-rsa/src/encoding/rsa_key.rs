//! PKCS#1 `RSAPublicKey` and `RSAPrivateKey` (RFC 8017 Appendix A.1.1 and A.1.2) to and from
//! this crate's keys. The DER itself is read and written by the `pkcs1` crate, which insists on
//! positive, minimally encoded INTEGERs.

use pkcs1::UintRef;
use pkcs8::der::{Document, SecretDocument};
use zeroize::Zeroizing;

use crate::error::{Error, Result};
use crate::key::{PublicKeyParts, RsaPrivateKey, RsaPublicKey};
use crate::Nat;

/// A private key from a parsed `RSAPrivateKey`, two-prime (version 0) or multi-prime
/// (version 1, with `otherPrimeInfos`), checked by
/// [`RsaPrivateKey::from_multi_prime_crt_components`] (the product of the primes is n,
/// e·d ≡ 1 modulo each prime minus one, every CRT exponent and coefficient).
///
/// Errors: [`Error::Encoding`] for a version 1 key with an empty `otherPrimeInfos`, and those
/// of [`RsaPrivateKey::from_multi_prime_crt_components`].
///
/// Leaks: the byte lengths of the integers (stated by the DER anyway), and whether the parts
/// are consistent.
pub(crate) fn private_key_from_pkcs1(key: &pkcs1::RsaPrivateKey<'_>) -> Result<RsaPrivateKey> {
    let nat = |x: UintRef<'_>| Nat::from_be_bytes(x.as_bytes());
    // RFC 8017 A.1.2: version 1 (multi) iff otherPrimeInfos is present; the pkcs1 crate has
    // already checked that the two agree. The sequence holds at least one prime (SIZE(1..MAX)):
    // an empty one is malformed, as OpenSSL also finds.
    if key
        .other_prime_infos
        .as_ref()
        .is_some_and(|infos| infos.is_empty())
    {
        return Err(Error::Encoding(
            "PKCS#1: a multi-prime key (version 1) whose otherPrimeInfos is empty".into(),
        ));
    }
    let others: Vec<[Nat; 3]> = key
        .other_prime_infos
        .iter()
        .flatten()
        .map(|info| [nat(info.prime), nat(info.exponent), nat(info.coefficient)])
        .collect();
    RsaPrivateKey::from_multi_prime_crt_components(
        nat(key.modulus),
        nat(key.public_exponent),
        nat(key.private_exponent),
        nat(key.prime1),
        nat(key.prime2),
        nat(key.exponent1),
        nat(key.exponent2),
        nat(key.coefficient),
        others,
    )
}

/// A public key from a parsed `RSAPublicKey`.
///
/// Errors: those of [`RsaPublicKey::new`].
///
/// Leaks: everything; a public key is public.
pub(crate) fn public_key_from_pkcs1(key: &pkcs1::RsaPublicKey<'_>) -> Result<RsaPublicKey> {
    RsaPublicKey::new(
        Nat::from_be_bytes(key.modulus.as_bytes()),
        Nat::from_be_bytes(key.public_exponent.as_bytes()),
    )
}

/// Big-endian bytes of the whole announced length, zeroized when dropped. `UintRef::new`
/// strips the leading zeros and the encoder adds a 0x00 when the top bit is set.
fn be_bytes(x: &Nat) -> Zeroizing<Vec<u8>> {
    Zeroizing::new(x.to_be_bytes(x.limb_len() * 8))
}

/// The DER `RSAPrivateKey` of a key (version 0 for two primes; version 1 with
/// `otherPrimeInfos` for more), in a buffer zeroized on drop.
///
/// Leaks: the byte lengths of the key's integers, which the DER states.
pub(crate) fn private_key_to_pkcs1_der(key: &RsaPrivateKey) -> pkcs8::der::Result<SecretDocument> {
    let [p, q] = key.primes();
    let (n, e) = (be_bytes(key.n()), be_bytes(key.e()));
    let (d, p, q) = (be_bytes(key.d()), be_bytes(p), be_bytes(q));
    let (dp, dq, qinv) = (be_bytes(key.dp()), be_bytes(key.dq()), be_bytes(key.qinv()));
    let others: Vec<[Zeroizing<Vec<u8>>; 3]> = key
        .other_primes()
        .iter()
        .map(|o| {
            [
                be_bytes(o.prime()),
                be_bytes(o.exponent()),
                be_bytes(o.coefficient()),
            ]
        })
        .collect();
    let other_prime_infos = others
        .iter()
        .map(|[r, d, t]| {
            Ok(pkcs1::OtherPrimeInfo {
                prime: UintRef::new(r)?,
                exponent: UintRef::new(d)?,
                coefficient: UintRef::new(t)?,
            })
        })
        .collect::<pkcs8::der::Result<Vec<_>>>()?;
    let der = pkcs1::RsaPrivateKey {
        modulus: UintRef::new(&n)?,
        public_exponent: UintRef::new(&e)?,
        private_exponent: UintRef::new(&d)?,
        prime1: UintRef::new(&p)?,
        prime2: UintRef::new(&q)?,
        exponent1: UintRef::new(&dp)?,
        exponent2: UintRef::new(&dq)?,
        coefficient: UintRef::new(&qinv)?,
        other_prime_infos: (!other_prime_infos.is_empty()).then_some(other_prime_infos),
    };
    SecretDocument::encode_msg(&der)
}

/// The DER `RSAPublicKey` of a key.
///
/// Leaks: everything; a public key is public.
pub(crate) fn public_key_to_pkcs1_der(key: &RsaPublicKey) -> pkcs8::der::Result<Document> {
    let (n, e) = (be_bytes(key.n()), be_bytes(key.e()));
    Document::encode_msg(&pkcs1::RsaPublicKey {
        modulus: UintRef::new(&n)?,
        public_exponent: UintRef::new(&e)?,
    })
}
