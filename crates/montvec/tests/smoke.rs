mod common;
use common::*;
use montvec::{Modulus, Nat};

#[test]
fn pow_matches_oracle_smoke() {
    let mut r = rng(1);
    for bits in [2usize, 3, 17, 64, 65, 127, 128, 129, 521, 1024, 2048] {
        for _ in 0..4 {
            let n = random_odd_modulus(&mut r, bits);
            let m = Modulus::new(&from_big(&n, bits.div_ceil(64))).unwrap();
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
