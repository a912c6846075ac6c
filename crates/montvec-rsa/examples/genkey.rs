//! Generate one RSA key and print nothing: one key per process, for timing whole runs
//! against `openssl genpkey` (e.g. 20 alternating runs of each under `/usr/bin/time`,
//! pinned with `taskset -c 0`, and their medians).
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
