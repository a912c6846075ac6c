//! Generate one RSA key and print nothing: one key per process, for timing whole runs
//! against `openssl genpkey` (`farm-bench -n 20 --pin 0 --vs '...' -- genkey 2048`).
//!
//! Usage: `genkey [BITS]` (default 2048).

use montvec_rsa::RsaPrivateKey;

fn main() {
    let bits = std::env::args()
        .nth(1)
        .map(|s| s.parse().expect("BITS must be a number"))
        .unwrap_or(2048);
    let key = RsaPrivateKey::new(&mut rand_core::OsRng, bits).expect("key generation");
    std::hint::black_box(&key);
}
