//! Differential fuzzing: every algorithm on every supported backend, all three
//! exponentiation paths, against num-bigint's modpow. Input: three length-prefixed byte
//! strings (modulus, base, exponent).
#![no_main]

use libfuzzer_sys::fuzz_target;
use montvec::{Algorithm, Backend, Error, Modulus, Nat};
use num_bigint::BigUint;

mod length_prefixed;
use length_prefixed::take;

fuzz_target!(|data: &[u8]| {
    let mut data = data;
    let (n, b, e) = (take(&mut data), take(&mut data), take(&mut data));
    let nb = BigUint::from_bytes_be(n);
    for backend in Backend::supported() {
        for alg in Algorithm::CONCRETE.into_iter().filter(|a| a.runs_on(backend)) {
            match Modulus::with_options(&Nat::from_be_bytes(n), alg, backend) {
                Err(Error::EvenModulus) => assert!(nb.bit(0) == false && nb > BigUint::from(1u32)),
                Err(Error::ModulusTooSmall) => assert!(nb <= BigUint::from(1u32)),
                Err(other) => panic!("unexpected error {other:?}"),
                Ok(m) => {
                    let want = BigUint::from_bytes_be(b).modpow(&BigUint::from_bytes_be(e), &nb);
                    let (bn, en) = (Nat::from_be_bytes(b), Nat::from_be_bytes(e));
                    for got in [m.pow(&bn, &en), m.pow_ladder(&bn, &en), m.pow_vartime(&bn, &en)] {
                        assert_eq!(BigUint::from_bytes_be(&got.to_be_bytes(n.len())), want);
                    }
                }
            }
        }
    }
});
