//! The hash functions the paddings use, chosen at run time ([`HashAlg`]) or by type
//! ([`HashFunction`], implemented for the RustCrypto digest types), and MGF1 (RFC 8017 B.2.1).

use core::fmt;
use core::str::FromStr;

use digest::const_oid::{AssociatedOid, ObjectIdentifier};
use digest::{Digest, ExtendableOutput, Update, XofReader};
use zeroize::Zeroizing;

use crate::error::Error;

/// A hash function, chosen at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HashAlg {
    /// SHA-1 (legacy: accepted for verification and interoperability).
    Sha1,
    /// SHA-224.
    Sha224,
    /// SHA-256.
    Sha256,
    /// SHA-384.
    Sha384,
    /// SHA-512.
    Sha512,
    /// SHA-512/224.
    Sha512_224,
    /// SHA-512/256.
    Sha512_256,
    /// SHA3-224.
    Sha3_224,
    /// SHA3-256.
    Sha3_256,
    /// SHA3-384.
    Sha3_384,
    /// SHA3-512.
    Sha3_512,
    /// SHAKE128 with 32 output bytes, as RSASSA-PSS uses it (RFC 8702 §2).
    Shake128,
    /// SHAKE256 with 64 output bytes, as RSASSA-PSS uses it (RFC 8702 §2).
    Shake256,
}

impl HashAlg {
    /// Every supported hash.
    pub const ALL: [HashAlg; 13] = [
        HashAlg::Sha1,
        HashAlg::Sha224,
        HashAlg::Sha256,
        HashAlg::Sha384,
        HashAlg::Sha512,
        HashAlg::Sha512_224,
        HashAlg::Sha512_256,
        HashAlg::Sha3_224,
        HashAlg::Sha3_256,
        HashAlg::Sha3_384,
        HashAlg::Sha3_512,
        HashAlg::Shake128,
        HashAlg::Shake256,
    ];

    /// The digest of `data`.
    ///
    /// Leaks: the length of `data` (the hash functions have no data-dependent branch or
    /// address).
    pub fn digest(self, data: &[u8]) -> Vec<u8> {
        self.digest_parts(&[data])
    }

    /// The digest of the concatenation of `parts`.
    ///
    /// Leaks: the lengths of the parts.
    pub fn digest_parts(self, parts: &[&[u8]]) -> Vec<u8> {
        let fed = self.digest_fed(|update| {
            parts.iter().for_each(|p| update(p));
            Ok::<(), core::convert::Infallible>(())
        });
        match fed {
            Ok(digest) => digest,
            Err(never) => match never {},
        }
    }

    /// The digest of everything `reader` yields, read 64 KiB at a time: a message of any
    /// length (a large file, a pipe) in constant memory.
    ///
    /// Errors: the reader's (an interrupted read is retried).
    ///
    /// Leaks: the length of the input.
    pub fn digest_reader(self, mut reader: impl std::io::Read) -> std::io::Result<Vec<u8>> {
        self.digest_fed(|update| {
            let mut buf = Zeroizing::new(vec![0u8; 1 << 16]);
            loop {
                match reader.read(&mut buf) {
                    Ok(0) => return Ok(()),
                    Ok(n) => update(&buf[..n]),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
        })
    }

    /// The digest of the bytes `feed` passes to the update function it is given (the output
    /// length of [`Self::output_len`], for SHAKE too).
    fn digest_fed<E, F>(self, feed: F) -> Result<Vec<u8>, E>
    where
        F: FnOnce(&mut dyn FnMut(&[u8])) -> Result<(), E>,
    {
        fn fixed<D: Digest, E, F>(feed: F) -> Result<Vec<u8>, E>
        where
            F: FnOnce(&mut dyn FnMut(&[u8])) -> Result<(), E>,
        {
            let mut h = D::new();
            feed(&mut |bytes| Digest::update(&mut h, bytes))?;
            Ok(h.finalize().to_vec())
        }
        fn extendable<X: Default + Update + ExtendableOutput, E, F>(
            feed: F,
            len: usize,
        ) -> Result<Vec<u8>, E>
        where
            F: FnOnce(&mut dyn FnMut(&[u8])) -> Result<(), E>,
        {
            let mut h = X::default();
            feed(&mut |bytes| h.update(bytes))?;
            let mut out = vec![0; len];
            h.finalize_xof().read(&mut out);
            Ok(out)
        }
        match self {
            HashAlg::Sha1 => fixed::<sha1::Sha1, E, F>(feed),
            HashAlg::Sha224 => fixed::<sha2::Sha224, E, F>(feed),
            HashAlg::Sha256 => fixed::<sha2::Sha256, E, F>(feed),
            HashAlg::Sha384 => fixed::<sha2::Sha384, E, F>(feed),
            HashAlg::Sha512 => fixed::<sha2::Sha512, E, F>(feed),
            HashAlg::Sha512_224 => fixed::<sha2::Sha512_224, E, F>(feed),
            HashAlg::Sha512_256 => fixed::<sha2::Sha512_256, E, F>(feed),
            HashAlg::Sha3_224 => fixed::<sha3::Sha3_224, E, F>(feed),
            HashAlg::Sha3_256 => fixed::<sha3::Sha3_256, E, F>(feed),
            HashAlg::Sha3_384 => fixed::<sha3::Sha3_384, E, F>(feed),
            HashAlg::Sha3_512 => fixed::<sha3::Sha3_512, E, F>(feed),
            HashAlg::Shake128 => extendable::<sha3::Shake128, E, F>(feed, self.output_len()),
            HashAlg::Shake256 => extendable::<sha3::Shake256, E, F>(feed, self.output_len()),
        }
    }

    /// `len` bytes of SHAKE output over `parts` (for the SHAKE variants; the others return
    /// an empty vector).
    ///
    /// Leaks: the lengths of the parts and `len`.
    pub fn xof(self, parts: &[&[u8]], len: usize) -> Vec<u8> {
        fn run<X: Default + Update + ExtendableOutput>(parts: &[&[u8]], len: usize) -> Vec<u8> {
            let mut h = X::default();
            for p in parts {
                h.update(p);
            }
            let mut out = vec![0; len];
            h.finalize_xof().read(&mut out);
            out
        }
        match self {
            HashAlg::Shake128 => run::<sha3::Shake128>(parts, len),
            HashAlg::Shake256 => run::<sha3::Shake256>(parts, len),
            _ => Vec::new(),
        }
    }

    /// Whether this is an extendable-output function (SHAKE).
    pub fn is_xof(self) -> bool {
        matches!(self, HashAlg::Shake128 | HashAlg::Shake256)
    }

    /// Output length in bytes.
    pub fn output_len(self) -> usize {
        match self {
            HashAlg::Sha1 => 20,
            HashAlg::Sha224 | HashAlg::Sha512_224 | HashAlg::Sha3_224 => 28,
            HashAlg::Sha256 | HashAlg::Sha512_256 | HashAlg::Sha3_256 | HashAlg::Shake128 => 32,
            HashAlg::Sha384 | HashAlg::Sha3_384 => 48,
            HashAlg::Sha512 | HashAlg::Sha3_512 | HashAlg::Shake256 => 64,
        }
    }

    /// The algorithm's object identifier.
    pub fn oid(self) -> ObjectIdentifier {
        match self {
            HashAlg::Sha1 => sha1::Sha1::OID,
            HashAlg::Sha224 => sha2::Sha224::OID,
            HashAlg::Sha256 => sha2::Sha256::OID,
            HashAlg::Sha384 => sha2::Sha384::OID,
            HashAlg::Sha512 => sha2::Sha512::OID,
            HashAlg::Sha512_224 => sha2::Sha512_224::OID,
            HashAlg::Sha512_256 => sha2::Sha512_256::OID,
            HashAlg::Sha3_224 => sha3::Sha3_224::OID,
            HashAlg::Sha3_256 => sha3::Sha3_256::OID,
            HashAlg::Sha3_384 => sha3::Sha3_384::OID,
            HashAlg::Sha3_512 => sha3::Sha3_512::OID,
            HashAlg::Shake128 => sha3::Shake128::OID,
            HashAlg::Shake256 => sha3::Shake256::OID,
        }
    }

    /// The DER `DigestInfo` header that precedes the digest in a PKCS#1 v1.5 signature
    /// (RFC 8017 §9.2 step 2): `SEQUENCE { SEQUENCE { OID, NULL }, OCTET STRING (hLen) }`
    /// without the digest bytes. `None` for SHAKE, which v1.5 signatures do not use.
    pub fn digest_info_prefix(self) -> Option<Vec<u8>> {
        if self.is_xof() {
            return None;
        }
        let oid = self.oid();
        let oid = oid.as_bytes();
        let h = self.output_len();
        // Every length here is below 128, so each DER length is one byte.
        let algorithm_len = 2 + oid.len() + 2;
        let total = 2 + algorithm_len + 2 + h;
        let mut out = vec![
            0x30,
            total as u8,
            0x30,
            algorithm_len as u8,
            0x06,
            oid.len() as u8,
        ];
        out.extend_from_slice(oid);
        out.extend_from_slice(&[0x05, 0x00, 0x04, h as u8]);
        Some(out)
    }

    /// The name used on the command line and in errors: `sha256`, `sha512-256`, `sha3-256`,
    /// `shake128`, ...
    pub fn name(self) -> &'static str {
        match self {
            HashAlg::Sha1 => "sha1",
            HashAlg::Sha224 => "sha224",
            HashAlg::Sha256 => "sha256",
            HashAlg::Sha384 => "sha384",
            HashAlg::Sha512 => "sha512",
            HashAlg::Sha512_224 => "sha512-224",
            HashAlg::Sha512_256 => "sha512-256",
            HashAlg::Sha3_224 => "sha3-224",
            HashAlg::Sha3_256 => "sha3-256",
            HashAlg::Sha3_384 => "sha3-384",
            HashAlg::Sha3_512 => "sha3-512",
            HashAlg::Shake128 => "shake128",
            HashAlg::Shake256 => "shake256",
        }
    }
}

impl fmt::Display for HashAlg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for HashAlg {
    type Err = Error;

    /// Accepts the names of [`HashAlg::name`] in either case, with or without the dash after
    /// `sha` and with `/` or `-` or `_` in the SHA-512/t names: `sha256`, `SHA-256`,
    /// `SHA-512/256`, `sha512_256`, `SHA3-256`.
    fn from_str(s: &str) -> Result<Self, Error> {
        let norm: String = s
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c == '/' || c == '_' { '-' } else { c })
            .collect();
        let norm = norm
            .strip_prefix("sha-")
            .map_or(norm.clone(), |r| format!("sha{r}"));
        HashAlg::ALL
            .into_iter()
            .find(|h| h.name() == norm)
            .ok_or_else(|| Error::UnsupportedHash(s.to_string()))
    }
}

/// A RustCrypto hash type and the [`HashAlg`] it is, so paddings can be built generically:
/// `Pss::new::<sha2::Sha256>()`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a hash type montvec-rsa pads with",
    note = "the hashes are the `sha1`, `sha2` (0.10) and `sha3` (0.10) types montvec-rsa \
            re-exports: `montvec_rsa::sha2::Sha256` is one even when a newer `sha2` is a \
            dependency too"
)]
pub trait HashFunction {
    /// The run-time value for this type.
    const ALG: HashAlg;
}

macro_rules! hash_function {
    ($($ty:ty => $alg:ident),* $(,)?) => {
        $(impl HashFunction for $ty {
            const ALG: HashAlg = HashAlg::$alg;
        })*
    };
}

hash_function! {
    sha1::Sha1 => Sha1,
    sha2::Sha224 => Sha224,
    sha2::Sha256 => Sha256,
    sha2::Sha384 => Sha384,
    sha2::Sha512 => Sha512,
    sha2::Sha512_224 => Sha512_224,
    sha2::Sha512_256 => Sha512_256,
    sha3::Sha3_224 => Sha3_224,
    sha3::Sha3_256 => Sha3_256,
    sha3::Sha3_384 => Sha3_384,
    sha3::Sha3_512 => Sha3_512,
    sha3::Shake128 => Shake128,
    sha3::Shake256 => Shake256,
}

/// `out ^= MGF(seed, out.len())`: MGF1 over `hash` (RFC 8017 B.2.1), or for the SHAKE
/// variants the XOF itself (RFC 8702 §2).
///
/// The masks are wiped after use: in OAEP decoding, the mask XOR the masked DB is the
/// message. (The hashers' own buffers are not: `sha1`, `sha2` and `sha3` do not wipe them.)
///
/// Leaks: the lengths only.
pub fn mgf_xor(out: &mut [u8], hash: HashAlg, seed: &[u8]) {
    if hash.is_xof() {
        let mask = Zeroizing::new(hash.xof(&[seed], out.len()));
        out.iter_mut().zip(mask.iter()).for_each(|(o, m)| *o ^= m);
        return;
    }
    let h = hash.output_len();
    for (counter, chunk) in out.chunks_mut(h).enumerate() {
        let c = (counter as u32).to_be_bytes();
        let mask = Zeroizing::new(hash.digest_parts(&[seed, &c]));
        chunk.iter_mut().zip(mask.iter()).for_each(|(o, m)| *o ^= m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digest_info_prefixes_match_rfc8017() {
        // RFC 8017 §9.2 note 1 lists these DER encodings.
        let sha256 = "3031300d060960864801650304020105000420";
        let sha1 = "3021300906052b0e03021a05000414";
        let hex = |v: Vec<u8>| v.iter().map(|b| format!("{b:02x}")).collect::<String>();
        assert_eq!(hex(HashAlg::Sha256.digest_info_prefix().unwrap()), sha256);
        assert_eq!(hex(HashAlg::Sha1.digest_info_prefix().unwrap()), sha1);
        let sha512_256 = "3031300d060960864801650304020605000420";
        assert_eq!(
            hex(HashAlg::Sha512_256.digest_info_prefix().unwrap()),
            sha512_256
        );
        assert!(HashAlg::Shake128.digest_info_prefix().is_none());
    }

    /// A reader that yields at most 1000 bytes a call and fails once with `Interrupted`.
    struct Trickle<'a> {
        data: &'a [u8],
        interrupted: bool,
    }

    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if !self.interrupted {
                self.interrupted = true;
                return Err(std::io::ErrorKind::Interrupted.into());
            }
            let n = buf.len().min(self.data.len()).min(1000);
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// The streamed digest equals the one-piece digest for every hash, at lengths around
    /// the 64 KiB read buffer, through short reads and an interrupted one; a failing reader's
    /// error comes back.
    #[test]
    fn digest_reader_matches_digest() {
        let data: Vec<u8> = (0..200_000u32).map(|i| (i * 31 + i / 7) as u8).collect();
        for alg in HashAlg::ALL {
            for len in [0, 1, 999, 65_535, 65_536, 65_537, 200_000] {
                let bytes = &data[..len];
                let whole = alg.digest_reader(bytes).unwrap();
                let trickled = Trickle {
                    data: bytes,
                    interrupted: false,
                };
                assert_eq!(whole, alg.digest(bytes), "{alg} {len}");
                assert_eq!(alg.digest_reader(trickled).unwrap(), whole, "{alg} {len}");
            }
            struct Broken;
            impl std::io::Read for Broken {
                fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                    Err(std::io::ErrorKind::BrokenPipe.into())
                }
            }
            let err = alg.digest_reader(Broken).unwrap_err();
            assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe, "{alg}");
        }
    }

    #[test]
    fn names_round_trip() {
        for h in HashAlg::ALL {
            assert_eq!(h.name().parse::<HashAlg>().unwrap(), h);
            assert_eq!(h.digest(b"abc").len(), h.output_len());
        }
        assert_eq!(
            "SHA-512/256".parse::<HashAlg>().unwrap(),
            HashAlg::Sha512_256
        );
        assert_eq!("SHA3-256".parse::<HashAlg>().unwrap(), HashAlg::Sha3_256);
        assert!("md5".parse::<HashAlg>().is_err());
    }

    #[test]
    fn mgf1_matches_rfc8017_example() {
        // pss-int.txt: dbMask = MGF1-SHA1(H, 107) for H below; first bytes of dbMask.
        let h = [
            0xdf, 0x1a, 0x89, 0x6f, 0x9d, 0x8b, 0xc8, 0x16, 0xd9, 0x7c, 0xd7, 0xa2, 0xc4, 0x3b,
            0xad, 0x54, 0x6f, 0xbe, 0x8c, 0xfe,
        ];
        let mut mask = [0u8; 107];
        mgf_xor(&mut mask, HashAlg::Sha1, &h);
        assert_eq!(&mask[..4], &[0x66, 0xe4, 0x67, 0x2e]);
    }
}
