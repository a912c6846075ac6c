mod common;
use common::*;
use montvec::{Algorithm, Backend, Modulus};

#[test]
fn pow_matches_oracle_smoke() {
    let mut r = rng(1);
    for bits in [
        2usize, 3, 17, 50, 51, 52, 53, 64, 65, 127, 128, 129, 414, 415, 416, 521, 1024, 2048, 4096,
        6655, 8192,
    ] {
        for (i, alg) in Algorithm::CONCRETE.into_iter().enumerate() {
            let backend = if alg.runs_on(Backend::Portable) {
                Backend::Portable
            } else {
                Backend::best()
            };
            let n = if i % 2 == 0 {
                random_odd_modulus(&mut r, bits)
            } else {
                (num_bigint::BigUint::from(1u32) << bits) - 1u32
            };
            let m = Modulus::with_options(&from_big(&n, bits.div_ceil(64)), alg, backend).unwrap();
            let b = random_below(&mut r, &(n.clone() * 5u32));
            let e = random_bits(&mut r, bits + 3);
            let want = b.modpow(&e, &n);
            let bn = from_big(&b, b.to_u64_digits().len().max(1));
            let en = from_big(&e, e.to_u64_digits().len());
            assert_eq!(to_big(&m.pow(&bn, &en)), want, "pow bits={bits}");
            assert_eq!(to_big(&m.pow_ladder(&bn, &en)), want, "ladder bits={bits}");
            assert_eq!(
                to_big(&m.pow_vartime(&bn, &en)),
                want,
                "vartime bits={bits}"
            );
        }
    }
}
