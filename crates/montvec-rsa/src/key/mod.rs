//! RSA keys: the public key (n, e), the private key (two primes or more) with its CRT values,
//! and the traits that read their parts.

pub mod algorithm;
mod from_primes;
mod generate;
pub use generate::{MAX_GENERATED_BITS, MIN_GENERATED_BITS};
pub mod private;
pub mod public;
pub mod recover;

pub use algorithm::{KeyAlgorithm, PssParameters};
pub use private::RsaPrivateKey;
pub use public::RsaPublicKey;

use montvec::Nat;

/// The smallest modulus accepted, in bits. Smaller keys are broken; 1024 bits is accepted as
/// legacy (RSA Labs, CAVP and Wycheproof vectors still use it), 512 only so old test vectors
/// load.
pub const MIN_MODULUS_BITS: usize = 512;

/// The shortest prime factor accepted in a private key, in bits. Blinding draws a random r
/// below n and needs it prime to n: with every prime factor of at least 128 bits, a draw
/// fails with probability below (count of primes) 2^-127, where a key built on 3, 5 and 7
/// would refuse more than half of its draws (and a batch, whose fresh factors are inverted
/// together, nearly all of its groups). No real key has such a factor: a 512-bit modulus of
/// three balanced primes has primes of about 170 bits.
pub const MIN_PRIME_BITS: usize = 128;

/// The largest modulus accepted, in bits.
pub const MAX_MODULUS_BITS: usize = 16384;

/// The longest public exponent accepted, in bits. FIPS 186-5 (§5.4, A.1.1) asks for
/// 2^16 < e < 2^256, and keys are generated so; imported keys may have a smaller e (3 is still
/// met), but not a longer one: every public operation and every private operation's fault
/// check costs a squaring per bit of e, so an e as long as n (allowed by RFC 8017) would let a
/// crafted key cost seconds an operation. (RustCrypto's `rsa` stops at 33 bits, OpenSSL at 64
/// for moduli above 3072 bits.)
pub const MAX_EXPONENT_BITS: usize = 256;

/// The parts every RSA key has.
pub trait PublicKeyParts {
    /// The modulus n.
    fn n(&self) -> &Nat;
    /// The public exponent e.
    fn e(&self) -> &Nat;
    /// The modulus length in bytes, k = ceil(bits(n) / 8).
    fn size(&self) -> usize;
    /// The modulus length in bits.
    fn bits(&self) -> usize;
}
