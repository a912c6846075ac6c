//! Step 3 of the private operation ([`crate::primitive::private`]): the result modulo n
//! recombined from its residues modulo each prime by Garner's method, used as well to join the
//! blinding inverse's residues ([`crate::primitive::blinding`]).

use montvec::{Modulus, MontElem, Nat};
use zeroize::Zeroize;

use crate::arith;
use crate::key::{PublicKeyParts, RsaPrivateKey};

/// The x < n with x ≡ mᵢ modulo each prime, from `ms` = [m1 (mod p), m2 (mod q),
/// m3 (mod r₃), …] by Garner (RFC 8017 §5.1.2 step 2b): h = qInv·(m1 − m2) mod p,
/// x = m2 + q·h; then for each further prime rᵢ, h = tᵢ·(mᵢ − x) mod rᵢ, x = x + Rᵢ·h (x stays
/// below the product of the primes so far, so nothing is reduced). Announced as n's length.
///
/// Leaks: the sizes only.
pub(crate) fn crt_recombine(key: &RsaPrivateKey, ms: &[Nat]) -> Nat {
    let others = key.other_primes();
    assert_eq!(ms.len(), 2 + others.len(), "one power per prime");
    let limbs = key.n().limb_len();
    let mut h = garner(key.p_modulus(), &ms[0], &ms[1], key.qinv_form());
    let [_, q] = key.primes();
    let mut rh = arith::product(q, &h);
    let mut out = arith::sum(&rh, &ms[1], limbs);
    for (other, m) in others.iter().zip(&ms[2..]) {
        h.zeroize();
        rh.zeroize();
        let coefficient = other.modulus().to_montgomery(other.coefficient());
        h = garner(other.modulus(), m, &out, &coefficient);
        rh = arith::product(other.product_before(), &h);
        let next = arith::sum(&rh, &out, limbs);
        out.zeroize();
        out = next;
    }
    h.zeroize();
    rh.zeroize();
    out
}

/// Garner's step: h = qInv·(m1 − m2) mod p, for m1 < p, m2 of any size (m2 is reduced
/// mod p first: q may exceed p, and for a further prime m2 is the value recombined so far)
/// and qInv given in p's Montgomery form.
///
/// Leaks: the sizes only.
pub(crate) fn garner(p_mod: &Modulus, m1: &Nat, m2: &Nat, qinv_form: &MontElem) -> Nat {
    // m1 − m2 mod p on the values (m2 reduced first: for a k-limb m2 and a p filling its k
    // limbs, one masked subtraction), then one product of that value by qInv's form.
    let mut m2 = p_mod.reduce(m2);
    let mut diff = arith::sub_mod(p_mod.modulus_limbs(), m1.as_limbs(), m2.as_limbs());
    let h = p_mod.mul_value(&diff, qinv_form).expect("element of p");
    m2.zeroize();
    diff.zeroize();
    h
}
