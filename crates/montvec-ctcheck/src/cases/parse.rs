//! Numbers in and out: hexadecimal, decimal and big-endian bytes, with every digit secret (a
//! private exponent read from a file; the string's length is public).

use montvec::Nat;

use crate::memcheck::{checked, public, secret};
use crate::values::Words;

/// `from_hex`, `from_decimal`, `from_be_bytes` on secret valid input; `to_hex_padded` and
/// `to_be_bytes` of a secret number.
pub fn run() {
    let mut words = Words::new(10);
    for bits in [64usize, 1000, 2048] {
        let x = words.number(bits);
        let mut hex = x.to_hex_padded().into_bytes();
        // Upper case too: the parser takes either.
        for (i, c) in hex.iter_mut().enumerate() {
            if i % 3 == 0 {
                *c = c.to_ascii_uppercase();
            }
        }
        let hex = String::from_utf8(hex).expect("ascii");
        let decimal = x.to_decimal_vartime();
        let bytes = x.to_be_bytes(bits / 8);
        for input in [hex.as_bytes(), decimal.as_bytes(), &bytes] {
            secret(input);
        }
        let parsed = checked(|| Nat::from_hex(&hex)).expect("valid hex");
        public(parsed.as_limbs());
        let parsed = checked(|| Nat::from_decimal(&decimal)).expect("valid decimal");
        public(parsed.as_limbs());
        let parsed = checked(|| Nat::from_be_bytes(&bytes));
        let out = checked(|| (parsed.to_hex_padded(), parsed.to_be_bytes(bits / 8 + 3)));
        public(out.0.as_bytes());
        public(&out.1);
    }
}
