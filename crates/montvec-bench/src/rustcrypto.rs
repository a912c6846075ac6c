//! The Rust peers: the RustCrypto `rsa` crate's raw RSA (`rsa::hazmat`) and `crypto-bigint`'s
//! constant-time exponentiation (`BoxedMontyForm::pow`), the code a Rust user reaches for
//! today.
//!
//! `rsa` 0.10's private operation (`rsa_decrypt_and_check` with a generator) runs CRT with base
//! blinding, blinds both exponents and both prime moduli afresh on every call, and re-encrypts
//! to check the result; montvec's blinds the base only (its exponentiation is constant time in
//! the exponent), so each does its own idea of a defended private operation.

use crypto_bigint::modular::{BoxedMontyForm, BoxedMontyParams};
use crypto_bigint::{BoxedUint, Odd};
use rsa::rand_core::SeedableRng;
use rsa::traits::PublicKeyParts;

use chacha20::ChaCha20Rng;

/// The crates' releases, as `Cargo.toml` asks for them.
pub const VERSIONS: &str = "rsa 0.10, crypto-bigint 0.7";

/// An error of the RustCrypto peers: the message of the failed step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RustcryptoError(pub String);

impl std::fmt::Display for RustcryptoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RustcryptoError {}

/// A number of `words` (least significant first) at the precision of `words.len()` limbs.
fn boxed(words: &[u64]) -> BoxedUint {
    BoxedUint::from_words(words.iter().copied())
}

/// `crypto-bigint`'s Montgomery parameters of one odd modulus, for `x^e mod n` by
/// `BoxedMontyForm::pow`: a fixed-window exponentiation, constant time in `x` and `e`.
pub struct CtModulus {
    params: BoxedMontyParams,
    limbs: usize,
}

impl CtModulus {
    /// The parameters of the odd modulus `n` (little-endian limbs).
    ///
    /// Errors: `n` even.
    pub fn new(n: &[u64]) -> Result<CtModulus, RustcryptoError> {
        let odd = Option::<Odd<BoxedUint>>::from(Odd::new(boxed(n)))
            .ok_or_else(|| RustcryptoError("crypto-bigint: an even modulus".into()))?;
        Ok(CtModulus {
            params: BoxedMontyParams::new(odd),
            limbs: n.len(),
        })
    }

    /// `x` (below n, at most as many limbs as n) in Montgomery form.
    pub fn to_montgomery(&self, x: &[u64]) -> BoxedMontyForm {
        let mut words = x.to_vec();
        words.resize(self.limbs, 0);
        BoxedMontyForm::new(boxed(&words), &self.params)
    }

    /// `x^e mod n` in Montgomery form, with every bit of `e`'s limbs an exponent bit.
    pub fn pow(&self, x: &BoxedMontyForm, e: &BoxedUint) -> BoxedMontyForm {
        x.pow(e)
    }

    /// A Montgomery-form value back as n's count of little-endian limbs.
    pub fn to_limbs(&self, x: &BoxedMontyForm) -> Vec<u64> {
        let mut words = x.retrieve().as_words().to_vec();
        words.resize(self.limbs, 0);
        words
    }
}

/// An exponent for [`CtModulus::pow`] from its little-endian limbs.
pub fn exponent(e: &[u64]) -> BoxedUint {
    boxed(e)
}

/// The components of an RSA key, big-endian bytes.
pub struct RsaComponents<'a> {
    /// The modulus n.
    pub n: &'a [u8],
    /// The public exponent e.
    pub e: &'a [u8],
    /// The private exponent d.
    pub d: &'a [u8],
    /// The first prime p.
    pub p: &'a [u8],
    /// The second prime q.
    pub q: &'a [u8],
}

/// A key of the RustCrypto `rsa` crate with the generator its private operation blinds with.
pub struct RustcryptoRsa {
    key: rsa::PrivateKey,
    rng: ChaCha20Rng,
}

fn rsa_error(step: &str, e: rsa::Error) -> RustcryptoError {
    RustcryptoError(format!("rsa: {step}: {e}"))
}

impl RustcryptoRsa {
    /// The key of `c` (`rsa::PrivateKey::from_components`, which validates it and precomputes
    /// the CRT values), blinding with a ChaCha20 generator seeded from `seed`.
    pub fn new(c: &RsaComponents<'_>, seed: u64) -> Result<RustcryptoRsa, RustcryptoError> {
        let whole = |b: &[u8]| BoxedUint::from_be_slice_vartime(b);
        let key = rsa::PrivateKey::from_components(
            whole(c.n),
            whole(c.e),
            whole(c.d),
            vec![whole(c.p), whole(c.q)],
        )
        .map_err(|e| rsa_error("from_components", e))?;
        Ok(RustcryptoRsa {
            key,
            rng: ChaCha20Rng::seed_from_u64(seed),
        })
    }

    /// The modulus's length in bytes.
    pub fn size(&self) -> usize {
        self.key.size()
    }

    /// `input` (big-endian, below n) as a number at the modulus's precision.
    fn number(&self, input: &[u8]) -> Result<BoxedUint, RustcryptoError> {
        BoxedUint::from_be_slice(input, self.key.n_bits_precision())
            .map_err(|e| RustcryptoError(format!("crypto-bigint: an input: {e:?}")))
    }

    /// `y` as `out.len()` big-endian bytes.
    fn write(out: &mut [u8], y: &BoxedUint) {
        let bytes = y.to_be_bytes();
        let k = out.len();
        // The number's bytes are at least as many as the modulus's (its precision is n's).
        out.copy_from_slice(&bytes[bytes.len() - k..]);
    }

    /// `input^d mod n` into `out` (the modulus's length): `rsa_decrypt_and_check` with the
    /// key's generator.
    pub fn private_op(&mut self, out: &mut [u8], input: &[u8]) -> Result<(), RustcryptoError> {
        let c = self.number(input)?;
        let m = rsa::hazmat::rsa_decrypt_and_check(&self.key, Some(&mut self.rng), &c)
            .map_err(|e| rsa_error("rsa_decrypt_and_check", e))?;
        Self::write(out, &m);
        Ok(())
    }

    /// `input^e mod n` into `out` (the modulus's length): `rsa_encrypt`.
    pub fn public_op(&mut self, out: &mut [u8], input: &[u8]) -> Result<(), RustcryptoError> {
        let m = self.number(input)?;
        let c = rsa::hazmat::rsa_encrypt(&self.key, &m).map_err(|e| rsa_error("rsa_encrypt", e))?;
        Self::write(out, &c);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pow_agrees_with_small_numbers() {
        // 3^5 mod 7 = 243 mod 7 = 5; 2^10 mod 1023 = 1; 5^0 = 1.
        for (n, x, e, want) in [(7u64, 3u64, 5u64, 5u64), (1023, 2, 10, 1), (1023, 5, 0, 1)] {
            let m = CtModulus::new(&[n]).unwrap();
            let y = m.pow(&m.to_montgomery(&[x]), &exponent(&[e]));
            assert_eq!(m.to_limbs(&y), vec![want]);
        }
        assert!(CtModulus::new(&[10]).is_err());
    }
}
