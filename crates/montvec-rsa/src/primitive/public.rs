//! RSAEP / RSAVP1 (RFC 8017 §5.1.1, §5.2.2): x^e mod n for a public key.

use montvec::Nat;

use crate::arith;
use crate::error::{Error, Result};
use crate::key::{PublicKeyParts, RsaPublicKey};

/// `x^e mod n`, with x checked to be below n. The exponent is public, so the sliding-window
/// exponentiation runs.
///
/// Errors: [`Error::InvalidInputLength`] when x ≥ n.
///
/// Leaks: e (public) and the sizes; nothing of x beyond its announced length.
pub fn public_op(key: &RsaPublicKey, x: &Nat) -> Result<Nat> {
    if !bool::from(arith::lt(x, key.n())) {
        return Err(Error::InvalidInputLength);
    }
    Ok(key.modulus().pow_vartime(x, key.e()))
}
