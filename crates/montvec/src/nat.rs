//! [`Nat`]: a natural number of any size, stored as heap limbs with an *announced* length.
//!
//! The announced length (the number of limbs) is public: it depends on how the number was
//! made (the length of its string or byte encoding, or the size of its modulus), never on its
//! value. A `Nat` may hold leading zero limbs; every constant-time routine works over the
//! whole announced length, so `0x0001` and `0x1` behave identically except for their size.

use core::fmt;

use subtle::{Choice, ConstantTimeEq, ConstantTimeLess};
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::error::Error;
use crate::limb::{bit_position, mac_row, Limb, LIMB_BITS};

/// A natural number with a value-independent length. Zeroized on drop.
///
/// `Debug` prints the value (in variable time), as for any number type: a `Nat` holding a
/// secret (an RSA key's d or primes) must not be logged with `{:?}`. The key types redact
/// their own `Debug`.
#[derive(Clone, Default, Zeroize, ZeroizeOnDrop)]
pub struct Nat {
    limbs: Vec<Limb>,
}

impl Nat {
    /// Zero, announced as `limbs` limbs long.
    pub fn zero(limbs: usize) -> Self {
        Nat {
            limbs: vec![0; limbs],
        }
    }

    /// A one-limb number.
    pub fn from_u64(x: u64) -> Self {
        Nat { limbs: vec![x] }
    }

    /// From little-endian limbs; the announced length is `limbs.len()`.
    pub fn from_limbs(limbs: Vec<Limb>) -> Self {
        Nat { limbs }
    }

    /// The limbs, least significant first.
    pub fn as_limbs(&self) -> &[Limb] {
        &self.limbs
    }

    /// The announced length in limbs.
    pub fn limb_len(&self) -> usize {
        self.limbs.len()
    }

    /// The announced length in bits (limbs x 64).
    pub fn announced_bits(&self) -> usize {
        self.limbs.len() * LIMB_BITS
    }

    /// A copy announced as `limbs` limbs: zero-extended, or truncated to the low `limbs` limbs
    /// (truncation drops high limbs whatever they hold; check [`Nat::bit_length_vartime`] first
    /// if that matters).
    ///
    /// Leaks: the announced lengths only.
    pub fn resized(&self, limbs: usize) -> Nat {
        let mut out = vec![0; limbs];
        let n = limbs.min(self.limbs.len());
        out[..n].copy_from_slice(&self.limbs[..n]);
        Nat { limbs: out }
    }

    /// The product `self · other`, announced as long as both operands together (which any
    /// product of such numbers fits), by montvec's product kernels: for equal announced
    /// lengths the ADX assembly (2 to 9 limbs), Comba, or Karatsuba (from 17 limbs); for
    /// unequal ones Comba, or, when both have 17 limbs or more, Karatsuba on chunks of the
    /// longer.
    ///
    /// ```
    /// use montvec::Nat;
    /// let (p, q) = (Nat::from_u64(1_000_003), Nat::from_u64(999_983));
    /// let n = p.mul(&q);
    /// assert_eq!(n.limb_len(), 2);
    /// assert_eq!(n, Nat::from_u64(1_000_003 * 999_983));
    /// ```
    ///
    /// Leaks: the announced lengths only.
    pub fn mul(&self, other: &Nat) -> Nat {
        let mut limbs = vec![0; self.limbs.len() + other.limbs.len()];
        crate::mul::product(&mut limbs, &self.limbs, &other.limbs);
        Nat { limbs }
    }

    /// The position of the highest set bit plus one (0 for zero), in constant time: every
    /// announced limb is read, each one's bit length found by masked halvings, and the top
    /// nonzero one's kept by mask. For secret values whose size is then released by design (an
    /// RSA prime's bit length): a caller that branches on the result declassifies it first
    /// ([`crate::ct::declassify`]).
    ///
    /// ```
    /// use montvec::Nat;
    ///
    /// assert_eq!(Nat::from_hex("00000001ffffffffffffffffff").unwrap().bit_length(), 73);
    /// assert_eq!(Nat::zero(3).bit_length(), 0);
    /// ```
    ///
    /// Leaks: the announced length only.
    pub fn bit_length(&self) -> usize {
        let mut bits: Limb = 0;
        for (i, &w) in self.limbs.iter().enumerate() {
            let here = (i * LIMB_BITS) as Limb + crate::ct::word_bit_length(w);
            bits = crate::ct::select_word(here, bits, !w.ct_eq(&0));
        }
        bits as usize
    }

    /// The position of the highest set bit plus one (0 for zero), for public values; see
    /// [`Nat::bit_length`] for secret ones.
    ///
    /// Leaks: the value's bit length, through the loop that finds the top limb.
    pub fn bit_length_vartime(&self) -> usize {
        match self.limbs.iter().rposition(|&w| w != 0) {
            Some(i) => i * LIMB_BITS + (LIMB_BITS - self.limbs[i].leading_zeros() as usize),
            None => 0,
        }
    }

    /// Bit `i` (0 = least significant) as 0 or 1; bits past the announced length are 0.
    ///
    /// Leaks: nothing of the value (`i` is public).
    pub fn bit(&self, i: usize) -> Limb {
        let (limb, shift) = bit_position(i);
        match self.limbs.get(limb) {
            Some(w) => (w >> shift) & 1,
            None => 0,
        }
    }

    /// Whether the value is zero. Leaks: nothing but the length.
    pub fn is_zero(&self) -> Choice {
        crate::ct::is_zero(&self.limbs)
    }

    /// Whether the value is odd.
    ///
    /// Leaks: nothing (a [`Choice`]; an empty `Nat` is even).
    pub fn is_odd(&self) -> Choice {
        Choice::from(self.limbs.first().map_or(0, |w| (w & 1) as u8))
    }

    /// From big-endian bytes; announced length `ceil(bytes.len() / 8)` limbs.
    ///
    /// Leaks: the byte length.
    pub fn from_be_bytes(bytes: &[u8]) -> Nat {
        let n = bytes.len().div_ceil(8);
        let mut limbs = vec![0; n];
        // Eight bytes a limb from the least significant end; the last chunk may be shorter.
        for (limb, chunk) in limbs.iter_mut().zip(bytes.rchunks(8)) {
            *limb = chunk.iter().fold(0, |acc, &b| (acc << 8) | b as Limb);
        }
        Nat { limbs }
    }

    /// Big-endian bytes, exactly `len` of them: left-padded with zeros, or, when the value
    /// needs more than `len` bytes, its low `len` bytes only (the fixed-length encoding
    /// I2OSP of RFC 8017 §4.1 is this with the value known to fit; for the shortest encoding,
    /// [`Nat::to_be_bytes_vartime`]).
    ///
    /// Leaks: `len` only.
    ///
    /// ```
    /// use montvec::Nat;
    /// let x = Nat::from_u64(0x0102_0304);
    /// assert_eq!(x.to_be_bytes(6), [0, 0, 1, 2, 3, 4]);
    /// assert_eq!(x.to_be_bytes(2), [3, 4]); // truncated: only the low two bytes
    /// ```
    pub fn to_be_bytes(&self, len: usize) -> Vec<u8> {
        let mut out = vec![0u8; len];
        // Eight bytes a limb from the least significant end (the first chunk may be shorter:
        // the limb's low bytes); limbs past `len` bytes are not read.
        for (chunk, w) in out.rchunks_mut(8).zip(&self.limbs) {
            let bytes = w.to_be_bytes();
            chunk.copy_from_slice(&bytes[8 - chunk.len()..]);
        }
        out
    }

    /// Big-endian bytes without leading zero bytes, `[0]` for zero (as `BigUint::to_bytes_be`
    /// gives them; JWK's `n` and `e`, ASN.1 after its sign byte).
    ///
    /// Leaks: the value's byte length (the leading zeros are trimmed).
    ///
    /// ```
    /// use montvec::Nat;
    /// assert_eq!(Nat::from_u64(65537).to_be_bytes_vartime(), [1, 0, 1]);
    /// assert_eq!(Nat::zero(3).to_be_bytes_vartime(), [0]);
    /// ```
    pub fn to_be_bytes_vartime(&self) -> Vec<u8> {
        self.to_be_bytes(self.bit_length_vartime().div_ceil(8).max(1))
    }

    /// Parse hexadecimal: either case, optional leading zeros, no prefix, no separators.
    /// The announced length is `ceil(digits / 16)` limbs.
    ///
    /// Leaks: the string length, and which character is malformed when one is (digits are
    /// decoded arithmetically: no branch or table lookup on a character).
    pub fn from_hex(s: &str) -> Result<Nat, Error> {
        if s.is_empty() {
            return Err(Error::Empty);
        }
        let bytes = s.as_bytes();
        let n = bytes.len().div_ceil(16);
        let mut limbs = vec![0; n];
        let mut valid = Choice::from(1);
        // Sixteen digits a limb from the least significant end; the last chunk may be shorter.
        for (limb, chunk) in limbs.iter_mut().zip(bytes.rchunks(16)) {
            for &c in chunk {
                let (d, is_digit) = hex_value(c);
                valid &= is_digit;
                *limb = (*limb << 4) | d as Limb;
            }
        }
        if !crate::ct::declassify_choice(valid) {
            limbs.zeroize();
            // The error path: name the first malformed character, as `from_decimal` does.
            // Every byte of a multi-byte character is malformed, so the first one met is the
            // character's first byte (a boundary: slicing there cannot panic).
            let pos = bytes
                .iter()
                .position(|&c| !bool::from(hex_value(c).1))
                .unwrap_or(0);
            return Err(Error::InvalidDigit {
                position: pos,
                found: s[pos..].chars().next().unwrap_or('?'),
            });
        }
        Ok(Nat { limbs })
    }

    /// Hexadecimal, lowercase, exactly `16 * limbs` digits (leading zeros kept).
    ///
    /// Leaks: the announced length only (digits are formed arithmetically, not by table lookup).
    pub fn to_hex_padded(&self) -> String {
        let mut s = String::with_capacity(self.limbs.len() * 16);
        for w in self.limbs.iter().rev() {
            for k in (0..16).rev() {
                s.push(hex_digit(((w >> (4 * k)) & 0xf) as u8) as char);
            }
        }
        s
    }

    /// Hexadecimal, lowercase, without leading zeros; `"0"` for zero.
    ///
    /// Leaks: the value's bit length (the leading zeros are trimmed).
    pub fn to_hex_vartime(&self) -> String {
        let padded = self.to_hex_padded();
        let trimmed = padded.trim_start_matches('0');
        if trimmed.is_empty() {
            "0".to_string()
        } else {
            trimmed.to_string()
        }
    }

    /// Parse decimal digits (optional leading zeros). The announced length,
    /// ⌈digits · 3402 / 65536⌉ limbs (at least one), depends only on the number of digits:
    /// enough for any number of that many digits, sometimes one limb more than the largest of
    /// them needs.
    ///
    /// Leaks: the string length, and which character is malformed when one is.
    pub fn from_decimal(s: &str) -> Result<Nat, Error> {
        if s.is_empty() {
            return Err(Error::Empty);
        }
        // 10^d < 2^(64 * limbs) when limbs * 64 >= d * log2(10); 3402 / 1024 > log2(10).
        let n = (s.len() * 3402).div_ceil(1024 * LIMB_BITS).max(1);
        let mut limbs = vec![0; n];
        // Horner's rule, nineteen digits (the most a limb holds: 10^19 < 2^64) at a time.
        let bytes = s.as_bytes();
        // Every character is checked, then the verdict taken once (the first malformed one is
        // named only on the error path): no branch on a digit.
        let mut valid = Choice::from(1);
        for &c in bytes {
            valid &= (c.wrapping_sub(b'0') as Limb).ct_lt(&10);
        }
        if !crate::ct::declassify_choice(valid) {
            let pos = bytes.iter().position(|c| !c.is_ascii_digit()).unwrap_or(0);
            return Err(Error::InvalidDigit {
                position: pos,
                found: s[pos..].chars().next().unwrap_or('?'),
            });
        }
        for chunk in bytes.chunks(19) {
            let mut value: Limb = 0;
            let mut scale: Limb = 1;
            for &c in chunk {
                value = value * 10 + (c - b'0') as Limb;
                scale *= 10;
            }
            // limbs = limbs * 10^len + value; the top carry is zero by the choice of n.
            let mut acc = vec![0; n];
            let _top = mac_row(&mut acc, &limbs, scale);
            debug_assert_eq!(_top, 0);
            crate::limb::add_assign(&mut acc, &[value]);
            // The partial value left behind is as secret as the result.
            core::mem::swap(&mut limbs, &mut acc);
            acc.zeroize();
        }
        Ok(Nat { limbs })
    }

    /// Decimal, without leading zeros; `"0"` for zero.
    ///
    /// Leaks: the value, through the division by 10^19 (hardware division has value-dependent
    /// latency) and the number of digits: only for public numbers.
    #[allow(
        clippy::integer_division_remainder_used,
        reason = "a _vartime function"
    )]
    pub fn to_decimal_vartime(&self) -> String {
        let mut x: Vec<Limb> = self.limbs.clone();
        let mut chunks = Vec::new();
        const BASE: u128 = 10_000_000_000_000_000_000;
        while x.iter().any(|&w| w != 0) {
            let mut rem: u128 = 0;
            for w in x.iter_mut().rev() {
                let cur = (rem << 64) | *w as u128;
                *w = (cur / BASE) as Limb;
                rem = cur % BASE;
            }
            chunks.push(rem as u64);
        }
        x.zeroize();
        match chunks.split_last() {
            None => "0".to_string(),
            Some((top, rest)) => {
                let mut s = top.to_string();
                for c in rest.iter().rev() {
                    s.push_str(&format!("{c:019}"));
                }
                s
            }
        }
    }
}

/// The value of the hex digit `c` (0 when `c` is not one), and whether it is one.
fn hex_value(c: u8) -> (u8, Choice) {
    // A `match` on ranges compiled to branches on the character: a secret read from hex
    // showed, digit by digit, whether it was a numeral or a letter (found by montvec-ctcheck).
    // Each range test is now a borrow: `lo <= c <= hi` when both `c - lo` and `hi - c` stay
    // non-negative in i16 (c, lo, hi < 256, so no wrap).
    let in_range = |lo: u8, hi: u8| -> u8 {
        let below = (c as i16 - lo as i16) >> 15; // -1 when c < lo
        let above = (hi as i16 - c as i16) >> 15; // -1 when c > hi
        !((below | above) as u8) // 0xff inside, 0 outside
    };
    let (digit, lower, upper) = (
        in_range(b'0', b'9'),
        in_range(b'a', b'f'),
        in_range(b'A', b'F'),
    );
    let value = (c.wrapping_sub(b'0') & digit)
        | (c.wrapping_sub(b'a' - 10) & lower)
        | (c.wrapping_sub(b'A' - 10) & upper);
    (value, Choice::from((digit | lower | upper) & 1))
}

/// The lowercase hex digit for a nibble, formed without a table: `'0' + d`, plus 39 when
/// `d > 9` (the gap from `':'` to `'a'`), the comparison done by a borrow.
#[inline]
fn hex_digit(d: u8) -> u8 {
    let above9 = ((9u16.wrapping_sub(d as u16)) >> 8) as u8 & 1; // 1 when d > 9
    b'0' + d + 39 * above9
}

impl ConstantTimeEq for Nat {
    /// Equality of values, whatever the announced lengths (the shorter is zero-extended).
    fn ct_eq(&self, other: &Self) -> Choice {
        let n = self.limbs.len().max(other.limbs.len());
        let mut acc = 0;
        for i in 0..n {
            let a = self.limbs.get(i).copied().unwrap_or(0);
            let b = other.limbs.get(i).copied().unwrap_or(0);
            acc |= a ^ b;
        }
        acc.ct_eq(&0)
    }
}

impl PartialEq for Nat {
    /// Constant-time value equality (see [`ConstantTimeEq`]).
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl Eq for Nat {}

impl fmt::Debug for Nat {
    /// Prints the value: do not log secrets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Nat(0x{})", self.to_hex_vartime())
    }
}

impl From<u64> for Nat {
    fn from(x: u64) -> Self {
        Nat::from_u64(x)
    }
}

impl From<u32> for Nat {
    /// One limb, as [`Nat::from_u64`].
    fn from(x: u32) -> Self {
        Nat::from_u64(x.into())
    }
}

impl From<u128> for Nat {
    /// Two limbs, low limb first.
    fn from(x: u128) -> Self {
        Nat::from_limbs(vec![x as Limb, (x >> 64) as Limb])
    }
}

impl core::str::FromStr for Nat {
    type Err = Error;
    /// Hexadecimal with an optional `0x`, or decimal otherwise. An error's position counts
    /// from the start of `s`, prefix included.
    fn from_str(s: &str) -> Result<Self, Error> {
        match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
            Some(hex) => Nat::from_hex(hex).map_err(|e| match e {
                Error::InvalidDigit { position, found } => Error::InvalidDigit {
                    position: position + 2,
                    found,
                },
                other => other,
            }),
            None => Nat::from_decimal(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The branch-free digit decoder against the plain `match`, on every byte.
    #[test]
    fn hex_value_matches_the_ranges_on_every_byte() {
        for c in 0..=255u8 {
            let expected = match c {
                b'0'..=b'9' => Some(c - b'0'),
                b'a'..=b'f' => Some(c - b'a' + 10),
                b'A'..=b'F' => Some(c - b'A' + 10),
                _ => None,
            };
            let (value, is_digit) = hex_value(c);
            assert_eq!(bool::from(is_digit), expected.is_some(), "{c:#04x}");
            if let Some(v) = expected {
                assert_eq!(value, v, "{c:#04x}");
            }
        }
    }

    #[test]
    fn hex_round_trip_and_errors() {
        let x = Nat::from_hex("00Ff0123456789abcdefABCDEF").unwrap();
        assert_eq!(x.to_hex_vartime(), "ff0123456789abcdefabcdef");
        assert_eq!(x.limb_len(), 2);
        assert_eq!(Nat::from_hex("000").unwrap().to_hex_vartime(), "0");
        assert_eq!(Nat::from_hex(""), Err(Error::Empty));
        assert_eq!(
            Nat::from_hex("12g4"),
            Err(Error::InvalidDigit {
                position: 2,
                found: 'g'
            })
        );
        for d in 0..16u8 {
            assert_eq!(hex_digit(d), b"0123456789abcdef"[d as usize]);
        }
    }

    #[test]
    fn decimal_round_trip() {
        let s = "340282366920938463463374607431768211457"; // 2^128 + 1
        let x = Nat::from_decimal(s).unwrap();
        assert_eq!(x.to_hex_vartime(), "100000000000000000000000000000001");
        assert_eq!(x.to_decimal_vartime(), s);
        assert_eq!(Nat::from_decimal("0000").unwrap().to_decimal_vartime(), "0");
        assert!(Nat::from_decimal("12a").is_err());
        let nines = "9".repeat(200);
        assert_eq!(
            Nat::from_decimal(&nines).unwrap().to_decimal_vartime(),
            nines
        );
    }

    #[test]
    fn bytes_round_trip() {
        let b = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        let x = Nat::from_be_bytes(&b);
        assert_eq!(x.to_hex_vartime(), "10203040506070809");
        assert_eq!(x.to_be_bytes(9), b);
        assert_eq!(x.to_be_bytes(11)[..2], [0, 0]);
        assert_eq!(x.bit_length_vartime(), 65);
    }

    /// The shortest bytes against num-bigint's, at every byte length across three limbs and
    /// with leading zero limbs announced, so that each position of the top byte is crossed.
    #[test]
    fn shortest_bytes_match_num_bigint() {
        for len in 0..=24 {
            for pad in [0, 8, 9] {
                let mut bytes = vec![0u8; pad];
                bytes.extend((0..len).map(|i| (i as u8).wrapping_mul(37) | 0x80));
                let x = Nat::from_be_bytes(&bytes);
                let want = num_bigint::BigUint::from_bytes_be(&bytes).to_bytes_be();
                assert_eq!(
                    x.to_be_bytes_vartime(),
                    want,
                    "{len} bytes after {pad} zeros"
                );
                if len > 0 {
                    // A top byte of 1 (fewest bits in it) too.
                    bytes[pad] = 1;
                    let x = Nat::from_be_bytes(&bytes);
                    assert_eq!(x.to_be_bytes_vartime(), &bytes[pad..], "{len} after {pad}");
                }
            }
        }
    }
}
