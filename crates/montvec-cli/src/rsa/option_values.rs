//! Parsers for option values shared by the `montvec rsa` commands: hash names, hexadecimal
//! labels, public exponents and PSS salt lengths. A bad value is a usage error (status 2)
//! whose message names the option (clap adds it).

use std::str::FromStr;

use montvec_rsa::{HashAlg, Nat};

/// The names `--hash` and `--mgf1-hash` accept, for messages.
pub fn hash_names() -> String {
    HashAlg::ALL
        .iter()
        .map(|h| h.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The fewest bits a modulus of at least `bytes` bytes has: k = ⌈bits/8⌉ ≥ bytes exactly when
/// bits > 8·(bytes − 1). For messages naming the smallest key a padding and hash fit.
pub fn min_key_bits(bytes: usize) -> usize {
    8 * (bytes - 1) + 1
}

/// A hash name (`sha256`, `SHA-256`, `sha512-256`, `SHA3-256`, ...).
pub fn parse_hash(s: &str) -> Result<HashAlg, String> {
    HashAlg::from_str(s)
        .map_err(|_| format!("unknown hash {s:?}; expected one of: {}", hash_names()))
}

/// An OAEP label: bytes as hexadecimal digits, two per byte (either case; empty for the
/// empty label), as `openssl pkeyutl -pkeyopt rsa_oaep_label:HEX` takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label(pub Vec<u8>);

/// Parse a [`Label`].
pub fn parse_label(s: &str) -> Result<Label, String> {
    // A stray character first, so that "01 02" names its space rather than counting it.
    if let Some((at, c)) = s.char_indices().find(|(_, c)| !c.is_ascii_hexdigit()) {
        return Err(format!(
            "{c:?} at character {} is not a hexadecimal digit",
            s[..at].chars().count() + 1
        ));
    }
    if !s.len().is_multiple_of(2) {
        return Err(format!(
            "{} hexadecimal digits: a label needs two per byte",
            s.len()
        ));
    }
    let digit = |b: u8| match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        _ => b - b'A' + 10,
    };
    Ok(Label(
        s.as_bytes()
            .chunks_exact(2)
            .map(|pair| (digit(pair[0]) << 4) | digit(pair[1]))
            .collect(),
    ))
}

/// A public exponent in decimal (`65537`) or hexadecimal with `0x` (`0x10001`). Whether it is
/// usable (odd, 2^16 < e < 2^256) is the key generator's check.
pub fn parse_exponent(s: &str) -> Result<Exponent, String> {
    let parsed = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) if !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
            Nat::from_hex(hex).ok()
        }
        Some(_) => None,
        None if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => Nat::from_decimal(s).ok(),
        None => None,
    };
    parsed
        .map(|value| Exponent {
            text: s.to_string(),
            value,
        })
        .ok_or_else(|| format!("{s:?} is not a decimal number or 0x-prefixed hexadecimal"))
}

/// A public exponent as given (for messages) and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exponent {
    /// The option's text, as typed.
    pub text: String,
    /// Its value.
    pub value: Nat,
}

/// A PSS salt length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaltLen {
    /// The hash's output length (openssl `rsa_pss_saltlen:digest`, or `-1`).
    Digest,
    /// The longest the key holds: emLen − hLen − 2 with emLen = ⌈(modBits − 1)/8⌉
    /// (RFC 8017 §9.1.1 step 3; openssl `rsa_pss_saltlen:max`, or `-3`).
    Max,
    /// Verification reads the salt length from the signature; signing uses [`SaltLen::Max`]
    /// (openssl `rsa_pss_saltlen:auto`, or `-2`).
    Auto,
    /// This many bytes.
    Bytes(usize),
}

impl SaltLen {
    /// The length in bytes for a `bits`-bit key and `hash`, or why the key cannot hold a
    /// digest and a salt of that length.
    pub fn resolve(self, bits: usize, hash: HashAlg) -> Result<usize, String> {
        let em_len = (bits - 1).div_ceil(8);
        let h_len = hash.output_len();
        let max = em_len.checked_sub(h_len + 2);
        let len = match self {
            SaltLen::Digest => h_len,
            SaltLen::Max | SaltLen::Auto => max.unwrap_or(0),
            SaltLen::Bytes(n) => n,
        };
        match max {
            Some(max) if len <= max => Ok(len),
            Some(max) => Err(format!(
                "a {bits}-bit key holds a {hash} digest and at most {max} bytes of salt, not {len}"
            )),
            None => Err(format!("a {bits}-bit key is too small for a {hash} digest")),
        }
    }
}

/// Parse a [`SaltLen`]: `digest`, `max`, `auto`, or a number of bytes; openssl's codes `-1`
/// (digest), `-2` (auto) and `-3` (max) too.
pub fn parse_salt_len(s: &str) -> Result<SaltLen, String> {
    match s {
        "digest" | "-1" => Ok(SaltLen::Digest),
        "max" | "-3" => Ok(SaltLen::Max),
        "auto" | "-2" => Ok(SaltLen::Auto),
        _ if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => s
            .parse()
            .map(SaltLen::Bytes)
            .map_err(|_| format!("{s} is too large")),
        _ => Err(format!(
            "{s:?} is not a number of bytes, `digest`, `max` or `auto`"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(parse_label(""), Ok(Label(vec![])));
        assert_eq!(parse_label("00fF7a"), Ok(Label(vec![0, 0xff, 0x7a])));
        assert_eq!(
            parse_label("ABcdEF09"),
            Ok(Label(vec![0xab, 0xcd, 0xef, 0x09]))
        );
        assert!(parse_label("abc")
            .unwrap_err()
            .contains("3 hexadecimal digits"));
        assert_eq!(
            parse_label("0g").unwrap_err(),
            "'g' at character 2 is not a hexadecimal digit"
        );
        // A sign must not pass as part of a byte: "+f" is not 0x0f.
        assert!(parse_label("00+f")
            .unwrap_err()
            .contains("'+' at character 3"));
        // A space is named, not counted as a digit.
        assert_eq!(
            parse_label("01 02").unwrap_err(),
            "' ' at character 3 is not a hexadecimal digit"
        );
        assert_eq!(
            parse_label("é0").unwrap_err(),
            "'é' at character 1 is not a hexadecimal digit"
        );
    }

    #[test]
    fn exponents() {
        let value = |s: &str| parse_exponent(s).map(|e| e.value);
        assert_eq!(value("65537"), Ok(Nat::from_u64(65537)));
        assert_eq!(value("0x10001"), Ok(Nat::from_u64(65537)));
        assert_eq!(value("0X3"), Ok(Nat::from_u64(3)));
        assert_eq!(parse_exponent("0x010001").unwrap().text, "0x010001");
        for bad in ["", "0x", "-3", "+3", "1e5", "0x1g", "ten", " 3"] {
            assert!(parse_exponent(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn salt_lengths() {
        assert_eq!(parse_salt_len("digest"), Ok(SaltLen::Digest));
        assert_eq!(parse_salt_len("max"), Ok(SaltLen::Max));
        assert_eq!(parse_salt_len("0"), Ok(SaltLen::Bytes(0)));
        assert_eq!(parse_salt_len("20"), Ok(SaltLen::Bytes(20)));
        assert_eq!(parse_salt_len("-1"), Ok(SaltLen::Digest));
        assert_eq!(parse_salt_len("-3"), Ok(SaltLen::Max));
        assert_eq!(parse_salt_len("-2"), Ok(SaltLen::Auto));
        assert_eq!(parse_salt_len("auto"), Ok(SaltLen::Auto));
        for bad in ["", "-4", "-0", "AUTO", "1.5", "99999999999999999999999"] {
            assert!(parse_salt_len(bad).is_err(), "{bad:?}");
        }
        let sha256 = HashAlg::Sha256;
        // 2048 bits: emLen 256, max 256 - 32 - 2 = 222.
        assert_eq!(SaltLen::Max.resolve(2048, sha256), Ok(222));
        assert_eq!(SaltLen::Auto.resolve(2048, sha256), Ok(222));
        assert_eq!(SaltLen::Digest.resolve(2048, sha256), Ok(32));
        assert_eq!(SaltLen::Bytes(222).resolve(2048, sha256), Ok(222));
        let err = SaltLen::Bytes(223).resolve(2048, sha256).unwrap_err();
        assert!(err.contains("at most 222 bytes of salt, not 223"), "{err}");
        // 2049 bits: modBits - 1 = 2048, so emLen is still 256.
        assert_eq!(SaltLen::Max.resolve(2049, sha256), Ok(222));
        // 2050 bits: emLen 257.
        assert_eq!(SaltLen::Max.resolve(2050, sha256), Ok(223));
        // 512 bits, SHA-512: emLen 64 holds the digest but no salt of 64 bytes; SHA-512 with
        // salt 0 needs 66 bytes, more than 64.
        let err = SaltLen::Digest.resolve(512, HashAlg::Sha512).unwrap_err();
        assert!(err.contains("too small for a sha512 digest"), "{err}");
    }

    #[test]
    fn hashes() {
        assert_eq!(parse_hash("SHA-256"), Ok(HashAlg::Sha256));
        assert_eq!(parse_hash("sha512-256"), Ok(HashAlg::Sha512_256));
        let err = parse_hash("md5").unwrap_err();
        assert!(err.contains("md5") && err.contains("sha256"), "{err}");
    }
}
