//! Montgomery-form operations on `MontElem`: mul, square, add, sub, one, and the
//! foreign-element check. Every result is compared, limb for limb, with the canonical
//! (fully reduced) Montgomery form x*R mod n computed by the oracle.

mod common;
use common::*;

use montvec::{Error, Modulus, MontElem, Nat};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;

fn value(m: &Modulus, e: &MontElem) -> BigUint {
    to_big(&m.from_montgomery(e).unwrap())
}

/// Check every operation on every pair from `xs` (values below n) for every way to build n,
/// then a chain of operations on unreduced intermediate results.
fn check_ops(n: &BigUint, xs: &[BigUint]) {
    for (label, m) in moduli(n) {
        let elems: Vec<MontElem> = xs.iter().map(|x| m.to_montgomery(&nat(x))).collect();
        for (i, (a, ea)) in xs.iter().zip(&elems).enumerate() {
            assert_elem(&m, ea, a, n, &format!("{label}: to_montgomery({a:x})"));
            let sq = m.square(ea).unwrap();
            assert_elem(&m, &sq, &(a * a), n, &format!("{label}: square a = {a:x}"));
            // Into a kept element holding another value (the last one of xs).
            let mut into = elems[elems.len() - 1].clone();
            m.square_into(&mut into, ea).unwrap();
            assert_elem(
                &m,
                &into,
                &(a * a),
                n,
                &format!("{label}: square_into a = {a:x}"),
            );
            for (b, eb) in xs[i..].iter().zip(&elems[i..]) {
                let ctx = |op: &str| format!("{label}: {op} a = {a:x}, b = {b:x}");
                assert_elem(&m, &m.mul(ea, eb).unwrap(), &(a * b), n, &ctx("mul"));
                m.mul_into(&mut into, eb, ea).unwrap();
                assert_elem(&m, &into, &(a * b), n, &ctx("mul_into"));
                assert_elem(&m, &m.mul(eb, ea).unwrap(), &(a * b), n, &ctx("mul'"));
                assert_elem(&m, &m.add(ea, eb).unwrap(), &(a + b), n, &ctx("add"));
                assert_elem(&m, &m.add(eb, ea).unwrap(), &(a + b), n, &ctx("add'"));
                let want = (a + n - b) % n;
                assert_elem(&m, &m.sub(ea, eb).unwrap(), &want, n, &ctx("sub"));
                let want = (b + n - a) % n;
                assert_elem(&m, &m.sub(eb, ea).unwrap(), &want, n, &ctx("sub'"));
            }
        }
        // one() is R mod n and the multiplicative identity.
        let one = m.one();
        assert_elem(&m, &one, &BigUint::one(), n, &format!("{label}: one"));
        for (x, e) in xs.iter().zip(&elems) {
            let p = m.mul(e, &one).unwrap();
            assert_elem(&m, &p, x, n, &format!("{label}: x*1, x = {x:x}"));
        }
        // A chain: products of products, squares of sums, differences of squares, so each
        // operation gets the previous one's output (unreduced, for almost-Montgomery forms).
        let (mut acc, mut want) = (m.one(), BigUint::one());
        for (x, e) in xs.iter().zip(&elems).cycle().take(3 * xs.len()) {
            acc = m.mul(&acc, e).unwrap();
            want = want * x % n;
            acc = m.square(&m.add(&acc, e).unwrap()).unwrap();
            want = (&want + x) * (&want + x) % n;
            acc = m.sub(&m.mul(&acc, &acc).unwrap(), e).unwrap();
            want = (&want * &want + n - x) % n;
        }
        assert_elem(&m, &acc, &want, n, &format!("{label}: chain"));
    }
}

/// 0, 1, 2, n-1, n-2, (n-1)/2, (n+1)/2 and a few random values below n.
fn interesting_values(n: &BigUint, r: &mut impl rand::Rng, random: usize) -> Vec<BigUint> {
    let mut v = vec![
        BigUint::zero(),
        BigUint::one(),
        BigUint::from(2u32) % n,
        n - 1u32,
        n - 2u32,
        (n - 1u32) >> 1,
        (n + 1u32) >> 1,
    ];
    for _ in 0..random {
        v.push(random_below(r, n));
    }
    v.sort();
    v.dedup();
    v
}

#[test]
fn every_bit_length_2_to_130() {
    let mut r = rng(21);
    for bits in 2..=130usize {
        let mut ns = boundary_moduli(bits);
        ns.push(random_odd_modulus(&mut r, bits));
        for n in &ns {
            let xs = interesting_values(n, &mut r, 3);
            check_ops(n, &xs);
        }
    }
}

#[test]
fn specialised_sizes_up_to_8192() {
    let mut r = rng(22);
    for bits in specialised_sizes() {
        let mut ns = vec![random_odd_modulus(&mut r, bits)];
        ns.extend(boundary_ends(bits));
        for n in &ns {
            let mut xs = interesting_values(n, &mut r, 2);
            if bits > 2112 {
                // Fewer pairs at the largest sizes: 0, 1, n-1 and one random value.
                xs = vec![
                    BigUint::zero(),
                    BigUint::one(),
                    n - 1u32,
                    random_below(&mut r, n),
                ];
            }
            check_ops(n, &xs);
        }
    }
}

/// Every limb count 1..=70 and a few up to 130 (moduli with a full top limb), then moduli up
/// to 16384 bits and one bit short of it: products and squares at n-1 and a random value, and
/// a short exponentiation (full-length exponents stop at 8192 bits in `pow.rs`, for time).
#[test]
fn every_limb_count() {
    let mut r = rng(23);
    let limb_counts = (1..=70usize).chain([95, 96, 97, 127, 128, 129, 130]);
    let e = BigUint::from(0x1_0001u32);
    for bits in limb_counts.map(|k| 64 * k).chain([12288, 16383, 16384]) {
        let n = random_odd_modulus(&mut r, bits);
        let xs = [n.clone() - 1u32, random_below(&mut r, &n)];
        for (label, m) in moduli(&n) {
            for a in &xs {
                let ea = m.to_montgomery(&nat(a));
                for b in &xs {
                    let eb = m.to_montgomery(&nat(b));
                    let p = m.mul(&ea, &eb).unwrap();
                    assert_elem(&m, &p, &(a * b), &n, &format!("{label}: mul, {bits} bits"));
                }
                let sq = m.square(&ea).unwrap();
                let what = format!("{label}: square, {bits} bits");
                assert_elem(&m, &sq, &(a * a), &n, &what);
                let y = m.pow(&nat(a), &nat(&e));
                assert_eq!(to_big(&y), a.modpow(&e, &n), "{label}: pow, {bits} bits");
            }
        }
    }
}

/// A clone computes as its original, on every variant and backend, and takes the original's
/// elements (and the original the clone's), also once the original is gone; the batch engine
/// runs on a clone too.
#[test]
fn a_clone_computes_as_its_original() {
    for bits in [61usize, 521, 1024, 2048] {
        let n = (BigUint::one() << bits) - 159u32; // odd
        let (a, b) = (&n - 2u32, (&n >> 3) + 12345u32);
        for (label, m) in moduli(&n) {
            let copy = m.clone();
            assert_eq!(format!("{m:?}"), format!("{copy:?}"), "{label}");
            let (xa, xb) = (m.to_montgomery(&nat(&a)), copy.to_montgomery(&nat(&b)));
            let p = copy.mul(&xa, &xb).unwrap();
            assert_eq!(value(&m, &p), &a * &b % &n, "{label}: {bits} bits");
            let s = m.square(&xb).unwrap();
            assert_eq!(value(&copy, &s), &b * &b % &n, "{label}: {bits} bits");
            let e = nat(&(&n - 3u32));
            let want = a.modpow(&(&n - 3u32), &n);
            assert_eq!(
                to_big(&copy.pow(&nat(&a), &e)),
                want,
                "{label}: {bits} bits"
            );
            drop(m);
            assert_eq!(
                value(&copy, &copy.mul(&p, &s).unwrap()),
                &a * &b % &n * (&b * &b) % &n
            );
            let batch = montvec::batch::pow(&[montvec::batch::Job::new(&copy, &nat(&a), &e)]);
            assert_eq!(
                to_big(&batch.unwrap()[0]),
                want,
                "{label}: batch, {bits} bits"
            );
        }
    }
}

/// Elements carry their modulus: using one with another modulus (even of the same value)
/// is an error, never a wrong answer.
#[test]
fn foreign_elements_are_rejected() {
    let n = BigUint::from(0xffff_ffff_ffff_ffc5u64); // 2^64 - 59, prime
    let all = moduli(&n);
    let other = moduli(&(BigUint::from(1_000_003u32)));
    for (la, ma) in &all {
        let x = ma.to_montgomery(&nat(&BigUint::from(12345u32)));
        let y = ma.to_montgomery(&nat(&BigUint::from(777u32)));
        for (lb, mb) in all.iter().chain(&other) {
            if std::ptr::eq(ma, mb) {
                continue;
            }
            let z = mb.to_montgomery(&nat(&BigUint::from(5u32)));
            let ctx = format!("{la} element used with {lb}");
            assert_eq!(mb.mul(&x, &z).err(), Some(Error::ForeignElement), "{ctx}");
            assert_eq!(mb.mul(&z, &x).err(), Some(Error::ForeignElement), "{ctx}");
            assert_eq!(mb.mul(&x, &y).err(), Some(Error::ForeignElement), "{ctx}");
            assert_eq!(mb.square(&x).err(), Some(Error::ForeignElement), "{ctx}");
            assert_eq!(mb.add(&x, &z).err(), Some(Error::ForeignElement), "{ctx}");
            assert_eq!(mb.add(&z, &x).err(), Some(Error::ForeignElement), "{ctx}");
            assert_eq!(mb.sub(&x, &z).err(), Some(Error::ForeignElement), "{ctx}");
            assert_eq!(mb.sub(&z, &x).err(), Some(Error::ForeignElement), "{ctx}");
            // The in-place forms: a foreign operand or a foreign target, which stays as it was.
            let mut own = z.clone();
            let r = mb.mul_into(&mut own, &x, &z);
            assert_eq!(r.err(), Some(Error::ForeignElement), "{ctx}");
            assert_eq!(own.as_words(), z.as_words(), "{ctx}");
            let r = mb.square_into(&mut own, &x);
            assert_eq!(r.err(), Some(Error::ForeignElement), "{ctx}");
            let mut foreign = x.clone();
            let r = mb.mul_into(&mut foreign, &z, &z);
            assert_eq!(r.err(), Some(Error::ForeignElement), "{ctx}");
            assert_eq!(foreign.as_words(), x.as_words(), "{ctx}");
            let r = mb.square_into(&mut foreign, &z);
            assert_eq!(r.err(), Some(Error::ForeignElement), "{ctx}");
            assert_eq!(
                mb.from_montgomery(&x).err(),
                Some(Error::ForeignElement),
                "{ctx}"
            );
        }
        // A clone stays usable with its own modulus.
        let x2 = x.clone();
        assert_eq!(
            value(ma, &ma.mul(&x2, &y).unwrap()),
            BigUint::from(12345u32 * 777)
        );
    }
}

/// A zeroized element (`Zeroize::zeroize` empties it) is refused as an operand by every
/// operation of every variant, at one limb and at 16 (the kernels once indexed past its end or
/// read it as zero); as the output of `mul_into` it takes the result.
#[test]
fn zeroized_elements_are_refused_as_operands() {
    use zeroize::Zeroize;
    let refused = Some(Error::ZeroizedElement);
    for n in [
        BigUint::from(0xffff_ffff_ffff_ffc5u64),
        (BigUint::one() << 1024u32) - 1093u32,
    ] {
        for (label, m) in &moduli(&n) {
            let x = m.to_montgomery(&nat(&BigUint::from(12345u32)));
            let mut z = m.to_montgomery(&nat(&BigUint::from(5u32)));
            z.zeroize();
            let ctx = format!("{label}, {} bits", n.bits());
            assert_eq!(m.mul(&x, &z).err(), refused, "{ctx}");
            assert_eq!(m.mul(&z, &x).err(), refused, "{ctx}");
            assert_eq!(m.square(&z).err(), refused, "{ctx}");
            assert_eq!(m.add(&x, &z).err(), refused, "{ctx}");
            assert_eq!(m.add(&z, &x).err(), refused, "{ctx}");
            assert_eq!(m.sub(&x, &z).err(), refused, "{ctx}");
            assert_eq!(m.sub(&z, &x).err(), refused, "{ctx}");
            assert_eq!(m.from_montgomery(&z).err(), refused, "{ctx}");
            assert_eq!(m.to_standard_form(&z).err(), refused, "{ctx}");
            assert_eq!(m.mul_value(&Nat::from_u64(3), &z).err(), refused, "{ctx}");
            let batch = montvec::batch::mul_montgomery(&[(m, &x, &z)], &Default::default());
            assert_eq!(batch.err(), refused, "{ctx}");
            let mut out = x.clone();
            assert_eq!(m.mul_into(&mut out, &z, &x).err(), refused, "{ctx}");
            assert_eq!(m.square_into(&mut out, &z).err(), refused, "{ctx}");
            assert_eq!(out.as_words(), x.as_words(), "{ctx}");
            // As the output, it takes the result.
            m.mul_into(&mut z, &x, &x).unwrap();
            assert_eq!(value(m, &z), BigUint::from(12345u32 * 12345) % &n, "{ctx}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Random sizes up to 1100 bits, random operands.
    #[test]
    fn random_operands(bits in 2usize..=1100, seed in any::<u64>()) {
        let mut r = rng(seed);
        let n = random_odd_modulus(&mut r, bits);
        let xs: Vec<BigUint> = (0..4).map(|_| random_below(&mut r, &n)).collect();
        check_ops(&n, &xs);
    }

    /// Operands given far above n or with extra limbs are reduced on the way in.
    #[test]
    fn unreduced_inputs(bits in 2usize..=300, extra in 0usize..=400, seed in any::<u64>()) {
        let mut r = rng(seed);
        let n = random_odd_modulus(&mut r, bits);
        let a = random_bits(&mut r, bits + extra);
        let b = random_bits(&mut r, 1 + extra);
        for (label, m) in moduli(&n) {
            let ea = m.to_montgomery(&nat(&a));
            let eb = m.to_montgomery(&from_big(&b, limbs_for(bits + extra) + 2));
            let p = m.mul(&ea, &eb).unwrap();
            assert_elem(&m, &p, &(&a * &b), &n, &label);
        }
    }
}

/// `mul_value` and `to_standard_form` check the element's owner like every other operation
/// (`foreign_elements_are_rejected` in montgomery_ops.rs covers mul, square, add, sub, the
/// `_into` forms and from_montgomery, not these two).
#[test]
fn mul_value_and_standard_form_reject_foreign_elements() {
    let a = moduli(&BigUint::from(0xffff_ffff_ffff_ffc5u64));
    let b = moduli(&BigUint::from(1_000_003u32));
    for (la, ma) in &a {
        let x = ma.to_montgomery(&Nat::from_u64(12345));
        for (lb, mb) in a.iter().chain(&b) {
            if std::ptr::eq(ma, mb) {
                continue;
            }
            let ctx = format!("{la} element used with {lb}");
            assert_eq!(
                mb.mul_value(&Nat::from_u64(7), &x).err(),
                Some(Error::ForeignElement),
                "{ctx}: mul_value"
            );
            assert_eq!(
                mb.to_standard_form(&x).err(),
                Some(Error::ForeignElement),
                "{ctx}: to_standard_form"
            );
        }
        // Its own modulus takes it.
        assert_eq!(
            ma.mul_value(&Nat::from_u64(7), &x).unwrap(),
            ma.reduce(&Nat::from_u64(7 * 12345))
        );
    }
}
