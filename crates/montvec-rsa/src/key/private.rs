//! [`RsaPrivateKey`]: a key with its CRT values (RFC 8017 §3.2, second form): two primes, or
//! more ([`OtherPrime`], the `OtherPrimeInfo` of a multi-prime key), checked when built and
//! zeroized on drop.

use std::sync::Arc;

use montvec::{Modulus, MontElem, Nat};
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::arith;
use crate::error::{Error, Result};
use crate::key::{KeyAlgorithm, PublicKeyParts, RsaPublicKey, MIN_PRIME_BITS};
use crate::primitive::blinding::BlindingCache;

/// An RSA private key: two primes p, q, and for a multi-prime key (RFC 8017 §3.2) further
/// primes r₃, r₄, … ([`RsaPrivateKey::other_primes`]).
///
/// Every constructor checks that the parts agree: the product of the primes is n,
/// e·d ≡ 1 modulo each prime minus one, and the CRT values dP = d mod (p − 1),
/// dQ = d mod (q − 1), qInv = q⁻¹ mod p, and for each further prime rᵢ its exponent
/// dᵢ = d mod (rᵢ − 1) and coefficient tᵢ = (p·q·r₃⋯rᵢ₋₁)⁻¹ mod rᵢ, and that each prime passes
/// the strong probable-prime test to base 2 (one round of Miller–Rabin with base 2). That
/// refuses the composites a damaged or hand-made key holds, and most Carmichael numbers, which
/// pass Fermat's test, but it is no proof of primality: a strong pseudoprime to base 2 passes
/// (15841 = 7·31·73, a Carmichael number too, is the smallest such; as with most libraries,
/// importing a private key trusts its maker), and the fault check of every private operation
/// stays. Keys generated here have two primes.
///
/// The secret parts are zeroized on drop (the [`Modulus`] values hold copies of p and q and
/// zeroize their own constants).
///
/// A key keeps a blinding pair between private operations, squared after each one and drawn
/// afresh every [`USES_PER_FACTOR`](crate::primitive::blinding::USES_PER_FACTOR) operations
/// ([`crate::primitive::blinding`]); a clone starts without one.
pub struct RsaPrivateKey {
    public: RsaPublicKey,
    d: Nat,
    p: Nat,
    q: Nat,
    dp: Nat,
    dq: Nat,
    qinv: Nat,
    /// qInv in p's Montgomery form, for Garner's step (converted once, not every operation).
    qinv_form: MontElem,
    p_mod: Arc<Modulus>,
    q_mod: Arc<Modulus>,
    others: Vec<OtherPrime>,
    blinding: BlindingCache,
}

/// A prime of a multi-prime key beyond p and q (RFC 8017 §3.2 `OtherPrimeInfo`): rᵢ, its CRT
/// exponent dᵢ = d mod (rᵢ − 1) and coefficient tᵢ = Rᵢ⁻¹ mod rᵢ, where Rᵢ = p·q·r₃⋯rᵢ₋₁
/// is the product of the primes before it. Its parts zeroize themselves on drop.
#[derive(Clone)]
pub struct OtherPrime {
    prime: Nat,
    exponent: Nat,
    coefficient: Nat,
    /// Rᵢ, the product of the primes before this one.
    before: Nat,
    modulus: Arc<Modulus>,
}

impl OtherPrime {
    /// The prime r (its `modulus`, exponent and coefficient) following the primes whose product
    /// is `before`; `before` becomes the product with r.
    fn after(
        before: &mut Nat,
        prime: Nat,
        exponent: Nat,
        coefficient: Nat,
        modulus: Modulus,
    ) -> Self {
        let other = OtherPrime {
            exponent,
            coefficient: coefficient.resized(prime.limb_len()),
            before: before.clone(),
            modulus: Arc::new(modulus),
            prime,
        };
        *before = arith::product(before, &other.prime);
        other
    }

    /// The prime rᵢ.
    pub fn prime(&self) -> &Nat {
        &self.prime
    }

    /// dᵢ = d mod (rᵢ − 1).
    pub fn exponent(&self) -> &Nat {
        &self.exponent
    }

    /// tᵢ = (p·q·r₃⋯rᵢ₋₁)⁻¹ mod rᵢ.
    pub fn coefficient(&self) -> &Nat {
        &self.coefficient
    }

    /// Rᵢ = p·q·r₃⋯rᵢ₋₁.
    pub(crate) fn product_before(&self) -> &Nat {
        &self.before
    }

    /// Montgomery constants of rᵢ.
    pub fn modulus(&self) -> &Arc<Modulus> {
        &self.modulus
    }
}

impl RsaPrivateKey {
    /// A key from n, e, d and its primes, computing the CRT values.
    ///
    /// `primes` holds p, q and, for a multi-prime key, the further primes in the order of
    /// their `OtherPrimeInfo`s (which fixes their coefficients). Without the primes, use
    /// [`RsaPrivateKey::from_n_e_d_vartime`].
    ///
    /// Errors: [`Error::InvalidKey`] when the parts disagree (or fewer than two primes are
    /// given, or two primes share a factor, or one is not prime, or one is shorter than
    /// [`MIN_PRIME_BITS`], or d is not below n), and the errors of
    /// [`RsaPublicKey::new`]. Sizes are checked before any arithmetic (d must fit n's limbs,
    /// no prime may be longer than n, nor the primes together), so an oversized part is
    /// refused at once.
    ///
    /// Leaks: the announced lengths of the parts, the primes' bit lengths, and whether the
    /// parts are consistent.
    pub fn from_components(n: Nat, e: Nat, d: Nat, primes: Vec<Nat>) -> Result<Self> {
        if primes.len() < 2 {
            return Err(Error::InvalidKey(
                "two primes are needed (from_n_e_d_vartime recovers them from n, e and d)",
            ));
        }
        let public = RsaPublicKey::new(n, e)?;
        // Sizes first, so that a key with oversized parts is refused before any arithmetic
        // on them (whose cost grows with their announced lengths).
        let d = within_n(&d, &public)?;
        let primes: Vec<Nat> = primes.iter().map(trim).collect();
        Self::from_checked_parts(public, d, primes)
    }

    /// A two-prime key from n, e and d alone: p and q are recovered first (the method of
    /// NIST SP 800-56B Appendix C, by
    /// [`recover_primes_vartime`](crate::key::recover::recover_primes_vartime)), then the
    /// key is built as [`RsaPrivateKey::from_components`] builds it.
    ///
    /// ```
    /// use montvec_rsa::{PublicKeyParts, RsaPrivateKey};
    /// let key = RsaPrivateKey::new(&mut rand_core::OsRng, 1024)?;
    /// let (n, e, d) = (key.n().clone(), key.e().clone(), key.d().clone());
    /// let rebuilt = RsaPrivateKey::from_n_e_d_vartime(n, e, d)?;
    /// let (mut found, mut want) = (rebuilt.primes(), key.primes());
    /// found.sort_by_key(|p| p.to_hex_vartime());
    /// want.sort_by_key(|p| p.to_hex_vartime());
    /// assert_eq!(found, want);
    /// # Ok::<(), montvec_rsa::Error>(())
    /// ```
    ///
    /// Errors: as [`RsaPrivateKey::from_components`], and [`Error::InvalidKey`] when no
    /// factorisation is found (d e - 1 is not a multiple of the group's order).
    ///
    /// Leaks: what [`RsaPrivateKey::from_components`] leaks, and timing that depends on p, q
    /// and d (the recovery runs in variable time): use it only where that is acceptable, as
    /// on import from a trusted store.
    pub fn from_n_e_d_vartime(n: Nat, e: Nat, d: Nat) -> Result<Self> {
        let public = RsaPublicKey::new(n, e)?;
        let d = within_n(&d, &public)?;
        let (p, q) = crate::key::recover::recover_primes_vartime(public.n(), public.e(), &d)?;
        Self::from_checked_parts(public, d, vec![p, q])
    }

    /// [`RsaPrivateKey::from_components`] after the size checks on d, with at least two
    /// primes of their own lengths.
    fn from_checked_parts(public: RsaPublicKey, d: Nat, mut primes: Vec<Nat>) -> Result<Self> {
        check_prime_sizes(&public, &primes)?;
        let further = primes.split_off(2);
        let [p, q] = <[Nat; 2]>::try_from(primes)
            .unwrap_or_else(|_| unreachable!("two primes left after split_off(2)"));
        let (p, q) = (trim(&p), trim(&q));
        check_prime_shape(&p)?;
        check_prime_shape(&q)?;
        let dp = arith::rem(&d, &arith::minus_one(&p));
        let dq = arith::rem(&d, &arith::minus_one(&q));
        let p_mod = Modulus::new(&p)?;
        // qInv = q^(p-2) mod p (Fermat; p is prime), in constant time. Checked: primes that
        // share a factor (p = q, for a square n) have no coefficient, and Fermat gives 0.
        let qinv = fermat_inverse(&p_mod, &q, &p);
        if !montvec::ct::declassify_choice(checked_coefficient(&p_mod, &p, &q, &qinv)) {
            return Err(Error::InvalidKey(
                "the primes share a factor, or one is not prime",
            ));
        }
        let mut before = arith::product(&p, &q);
        let mut others = Vec::with_capacity(further.len());
        for r in further {
            let r = trim(&r);
            check_prime_shape(&r)?;
            let modulus = Modulus::new(&r)?;
            let exponent = arith::rem(&d, &arith::minus_one(&r));
            let coefficient = fermat_inverse(&modulus, &before, &r);
            if !montvec::ct::declassify_choice(checked_coefficient(
                &modulus,
                &r,
                &before,
                &coefficient,
            )) {
                return Err(Error::InvalidKey(
                    "the primes share a factor, or one is not prime",
                ));
            }
            others.push(OtherPrime::after(
                &mut before,
                r,
                exponent,
                coefficient,
                modulus,
            ));
        }
        Self::assemble(public, d, p, q, dp, dq, qinv, p_mod, others)
    }

    /// A key from every part of an RFC 8017 `RSAPrivateKey` with two primes: n, e, d, p, q,
    /// dP, dQ, qInv. The given CRT values are checked against d, p and q.
    ///
    /// Errors: as [`RsaPrivateKey::from_components`], and [`Error::InvalidKey`] when dP, dQ or
    /// qInv does not match d, p and q.
    ///
    /// Leaks: the announced lengths of the parts, the bit lengths of p and q, and whether the
    /// parts are consistent.
    #[allow(clippy::too_many_arguments)]
    pub fn from_crt_components(
        n: Nat,
        e: Nat,
        d: Nat,
        p: Nat,
        q: Nat,
        dp: Nat,
        dq: Nat,
        qinv: Nat,
    ) -> Result<Self> {
        Self::from_multi_prime_crt_components(n, e, d, p, q, dp, dq, qinv, Vec::new())
    }

    /// A key from every part of an RFC 8017 `RSAPrivateKey`, multi-prime or not: as
    /// [`RsaPrivateKey::from_crt_components`], plus one `[rᵢ, dᵢ, tᵢ]` per further prime
    /// (its `OtherPrimeInfo`: prime, exponent, coefficient), each checked. Sizes first, as in
    /// [`RsaPrivateKey::from_components`]: every private value must fit n's limbs.
    ///
    /// Errors: as [`RsaPrivateKey::from_crt_components`], and [`Error::InvalidKey`] when a
    /// further prime's exponent or coefficient does not match.
    ///
    /// Leaks: the announced lengths of the parts, the primes' bit lengths, and whether they
    /// are consistent.
    #[allow(clippy::too_many_arguments)]
    pub fn from_multi_prime_crt_components(
        n: Nat,
        e: Nat,
        d: Nat,
        p: Nat,
        q: Nat,
        dp: Nat,
        dq: Nat,
        qinv: Nat,
        other_primes: Vec<[Nat; 3]>,
    ) -> Result<Self> {
        let public = RsaPublicKey::new(n, e)?;
        // Sizes first, as in `from_components`.
        let (p, q) = (trim(&p), trim(&q));
        let primes: Vec<Nat> = [p.clone(), q.clone()]
            .into_iter()
            .chain(other_primes.iter().map(|[r, _, _]| trim(r)))
            .collect();
        check_prime_sizes(&public, &primes)?;
        let d = within_n(&d, &public)?;
        let (dp, dq, qinv) = (
            within_n(&dp, &public)?,
            within_n(&dq, &public)?,
            within_n(&qinv, &public)?,
        );
        let other_primes = other_primes
            .iter()
            .map(|[r, exponent, coefficient]| {
                Ok([
                    trim(r),
                    within_n(exponent, &public)?,
                    within_n(coefficient, &public)?,
                ])
            })
            .collect::<Result<Vec<[Nat; 3]>>>()?;
        check_prime_shape(&p)?;
        check_prime_shape(&q)?;
        let p_mod = Modulus::new(&p)?;
        let (ok_dp, dp) = checked_exponent(&d, &p, &dp);
        let (ok_dq, dq) = checked_exponent(&d, &q, &dq);
        if !montvec::ct::declassify_choice(ok_dp & ok_dq) {
            return Err(Error::InvalidKey("CRT exponents do not match d"));
        }
        if !montvec::ct::declassify_choice(checked_coefficient(&p_mod, &p, &q, &qinv)) {
            return Err(Error::InvalidKey("CRT coefficient is not q^-1 mod p"));
        }
        let qinv = qinv.resized(p.limb_len());
        let mut before = arith::product(&p, &q);
        let mut others = Vec::with_capacity(other_primes.len());
        for [r, exponent, coefficient] in other_primes {
            let r = trim(&r);
            check_prime_shape(&r)?;
            let modulus = Modulus::new(&r)?;
            let (ok_exponent, exponent) = checked_exponent(&d, &r, &exponent);
            if !montvec::ct::declassify_choice(ok_exponent) {
                return Err(Error::InvalidKey("a CRT exponent does not match d"));
            }
            if !montvec::ct::declassify_choice(checked_coefficient(
                &modulus,
                &r,
                &before,
                &coefficient,
            )) {
                return Err(Error::InvalidKey(
                    "a CRT coefficient is not the inverse of the primes before it",
                ));
            }
            others.push(OtherPrime::after(
                &mut before,
                r,
                exponent,
                coefficient,
                modulus,
            ));
        }
        Self::assemble(public, d, p, q, dp, dq, qinv, p_mod, others)
    }

    /// The checks every constructor shares, then the key.
    #[allow(clippy::too_many_arguments)]
    fn assemble(
        public: RsaPublicKey,
        d: Nat,
        p: Nat,
        q: Nat,
        dp: Nat,
        dq: Nat,
        qinv: Nat,
        p_mod: Modulus,
        others: Vec<OtherPrime>,
    ) -> Result<Self> {
        // The product of the primes is n (for more than two, the last one's R times itself).
        let product = match others.last() {
            Some(last) => arith::product(last.product_before(), &last.prime),
            None => arith::product(&p, &q),
        };
        if !montvec::ct::declassify_choice(product.ct_eq(public.n())) {
            return Err(Error::InvalidKey("the product of the primes is not n"));
        }
        // e * d_i ≡ 1 (mod r_i - 1) for every prime: then m^(e d) = m for all m.
        let one = Nat::from_u64(1);
        let exponents = [(&dp, &p), (&dq, &q)]
            .into_iter()
            .chain(others.iter().map(|o| (&o.exponent, &o.prime)));
        for (dx, x) in exponents {
            let ed = arith::product(dx, public.e());
            if !montvec::ct::declassify_choice(arith::rem(&ed, &arith::minus_one(x)).ct_eq(&one)) {
                return Err(Error::InvalidKey(
                    "e * d is not 1 modulo each prime minus one",
                ));
            }
        }
        // d < n, compared in constant time (d's bit length is secret). A d from any key
        // generator is below λ(n) or φ(n), both below n.
        if !montvec::ct::declassify_choice(arith::lt(&d, public.n())) {
            return Err(Error::InvalidKey("d is not below n"));
        }
        let q_mod = Modulus::new(&q)?;
        // Each prime passes the strong probable-prime test to base 2 (one Miller–Rabin round,
        // in constant time for a prime): every check above holds for a composite "prime" too
        // (with d made from it, as `from_p_q` makes it). Fermat's test to base 2 was here, and
        // let every Carmichael number through, with which signing and the fault check both
        // work: a key whose modulus has small factors. A strong pseudoprime to base 2 (some
        // Carmichael numbers among them) still passes.
        let moduli = [&p_mod, &q_mod]
            .into_iter()
            .chain(others.iter().map(|o| o.modulus.as_ref()));
        for modulus in moduli {
            if !crate::prime::strong_test_base_2(modulus)? {
                return Err(Error::InvalidKey("a prime factor is not prime"));
            }
        }
        let d = d.resized(public.n().limb_len());
        let qinv_form = p_mod.to_montgomery(&qinv);
        Ok(RsaPrivateKey {
            public,
            d,
            p,
            q,
            dp,
            dq,
            qinv,
            qinv_form,
            p_mod: Arc::new(p_mod),
            q_mod: Arc::new(q_mod),
            others,
            blinding: BlindingCache::default(),
        })
    }

    /// The public half.
    pub fn to_public_key(&self) -> RsaPublicKey {
        self.public.clone()
    }

    /// The public half, borrowed.
    pub fn as_public_key(&self) -> &RsaPublicKey {
        &self.public
    }
}

/// The public half, as RustCrypto's `rsa` writes it: `RsaPublicKey::from(&private_key)`.
impl From<&RsaPrivateKey> for RsaPublicKey {
    fn from(key: &RsaPrivateKey) -> Self {
        key.to_public_key()
    }
}

/// The public half; the private parts are zeroized as the key drops.
impl From<RsaPrivateKey> for RsaPublicKey {
    fn from(key: RsaPrivateKey) -> Self {
        key.to_public_key()
    }
}

impl RsaPrivateKey {
    /// The paddings the key may be used with (its public half's).
    pub fn algorithm(&self) -> KeyAlgorithm {
        self.public.algorithm()
    }

    /// The same key bound to `algorithm`, as [`RsaPublicKey::with_algorithm`].
    pub fn with_algorithm(mut self, algorithm: KeyAlgorithm) -> Self {
        self.public = self.public.clone().with_algorithm(algorithm);
        self
    }

    /// The private exponent d.
    pub fn d(&self) -> &Nat {
        &self.d
    }

    /// The first two primes [p, q]. A multi-prime key's further primes are in
    /// [`RsaPrivateKey::other_primes`] (RustCrypto `rsa`'s `primes()` lists them all).
    pub fn primes(&self) -> [&Nat; 2] {
        [&self.p, &self.q]
    }

    /// dP = d mod (p − 1).
    pub fn dp(&self) -> &Nat {
        &self.dp
    }

    /// dQ = d mod (q − 1).
    pub fn dq(&self) -> &Nat {
        &self.dq
    }

    /// qInv = q⁻¹ mod p.
    pub fn qinv(&self) -> &Nat {
        &self.qinv
    }

    /// qInv = q⁻¹ mod p, under RustCrypto `rsa`'s name (always `Some`: every key here has
    /// its CRT values).
    pub fn crt_coefficient(&self) -> Option<Nat> {
        Some(self.qinv.clone())
    }

    /// qInv in p's Montgomery form (Garner's multiplier).
    pub(crate) fn qinv_form(&self) -> &MontElem {
        &self.qinv_form
    }

    /// Montgomery constants of p.
    pub fn p_modulus(&self) -> &Arc<Modulus> {
        &self.p_mod
    }

    /// Montgomery constants of q.
    pub fn q_modulus(&self) -> &Arc<Modulus> {
        &self.q_mod
    }

    /// The primes beyond p and q of a multi-prime key, in order (empty for two primes).
    pub fn other_primes(&self) -> &[OtherPrime] {
        &self.others
    }

    /// The blinding pair kept for the next private operation.
    pub(crate) fn blinding(&self) -> &BlindingCache {
        &self.blinding
    }
}

/// x⁻¹ mod the prime r as x^(r−2) mod r (Fermat), in constant time; `modulus` is r's.
fn fermat_inverse(modulus: &Modulus, x: &Nat, r: &Nat) -> Nat {
    modulus.pow(x, &arith::fermat_exponent(r))
}

/// Whether `given` = d mod (r − 1), in constant time, and that value announced as r's length.
fn checked_exponent(d: &Nat, r: &Nat, given: &Nat) -> (subtle::Choice, Nat) {
    let expect = arith::rem(d, &arith::minus_one(r));
    (expect.ct_eq(given), expect)
}

/// Whether `coefficient` is below r and `coefficient`·x ≡ 1 (mod r), in constant time.
fn checked_coefficient(modulus: &Modulus, r: &Nat, x: &Nat, coefficient: &Nat) -> subtle::Choice {
    let below = arith::rem(coefficient, r).ct_eq(coefficient);
    let one = arith::mul_mod(modulus, x, coefficient).ct_eq(&Nat::from_u64(1));
    below & one
}

/// A copy announced as just enough limbs for its value (the primes' sizes are public).
///
/// Leaks: x's bit length.
fn trim(x: &Nat) -> Nat {
    x.resized(public_bit_length(x).div_ceil(64).max(1))
}

/// x's bit length, found in constant time and then released: a prime's size is public.
///
/// Leaks: x's bit length, by design.
pub(crate) fn public_bit_length(x: &Nat) -> usize {
    let mut bits = x.bit_length();
    montvec::ct::declassify(&mut bits);
    bits
}

/// `x` announced with n's limb count, or [`Error::InvalidKey`] when it does not fit them (a
/// private value is below n; one announced longer than n must have zero limbs there). The
/// check reads every announced limb, and only its verdict is released.
///
/// Leaks: x's announced length, and whether it fits.
fn within_n(x: &Nat, public: &RsaPublicKey) -> Result<Nat> {
    let limbs = public.n().limb_len();
    let high = x
        .as_limbs()
        .iter()
        .skip(limbs)
        .fold(0, |acc, &limb| acc | limb);
    if !montvec::ct::declassify_choice(high.ct_eq(&0)) {
        return Err(Error::InvalidKey("a private value is longer than n"));
    }
    Ok(x.resized(limbs))
}

/// Whether the primes (trimmed, their lengths public) can multiply to n: none longer than n
/// or shorter than [`MIN_PRIME_BITS`], and the sum of their bit lengths less one each at most
/// bits(n) - 1 (a product of primes of b_i bits has at least 1 + sum (b_i - 1) bits). This
/// bounds the work of every later check by the size of n, whatever a key file announces.
fn check_prime_sizes(public: &RsaPublicKey, primes: &[Nat]) -> Result<()> {
    let n_bits = public.bits();
    let mut total = 0usize;
    for r in primes {
        let bits = public_bit_length(r);
        if bits > n_bits {
            return Err(Error::InvalidKey("a prime factor is longer than n"));
        }
        if bits < MIN_PRIME_BITS {
            return Err(Error::InvalidKey(
                "a prime factor is shorter than 128 bits (MIN_PRIME_BITS)",
            ));
        }
        total += bits.saturating_sub(1);
    }
    if total >= n_bits {
        return Err(Error::InvalidKey("the prime factors are too long for n"));
    }
    Ok(())
}

/// A prime factor must be odd and at least 3 for its Montgomery constants to exist.
///
/// Leaks: p's bit length and whether it is odd.
fn check_prime_shape(p: &Nat) -> Result<()> {
    if public_bit_length(p) < 2 || !montvec::ct::declassify_choice(p.is_odd()) {
        return Err(Error::InvalidKey("a prime factor is even or below 3"));
    }
    Ok(())
}

impl PublicKeyParts for RsaPrivateKey {
    fn n(&self) -> &Nat {
        self.public.n()
    }
    fn e(&self) -> &Nat {
        self.public.e()
    }
    fn size(&self) -> usize {
        self.public.size()
    }
    fn bits(&self) -> usize {
        self.public.bits()
    }
}

impl Clone for RsaPrivateKey {
    fn clone(&self) -> Self {
        RsaPrivateKey {
            public: self.public.clone(),
            d: self.d.clone(),
            p: self.p.clone(),
            q: self.q.clone(),
            dp: self.dp.clone(),
            dq: self.dq.clone(),
            qinv: self.qinv.clone(),
            qinv_form: self.qinv_form.clone(),
            p_mod: Arc::clone(&self.p_mod),
            q_mod: Arc::clone(&self.q_mod),
            others: self.others.clone(),
            blinding: BlindingCache::default(),
        }
    }
}

impl PartialEq for RsaPrivateKey {
    /// Constant-time comparison of every secret part: the public key and the prime count are
    /// compared first, then every secret part in full, with no early exit between them.
    fn eq(&self, other: &Self) -> bool {
        if self.public != other.public || self.others.len() != other.others.len() {
            return false;
        }
        let mut same = self.d.ct_eq(&other.d)
            & self.p.ct_eq(&other.p)
            & self.q.ct_eq(&other.q)
            & self.qinv.ct_eq(&other.qinv);
        for (a, b) in self.others.iter().zip(&other.others) {
            same &= a.prime.ct_eq(&b.prime) & a.coefficient.ct_eq(&b.coefficient);
        }
        bool::from(same)
    }
}

impl Eq for RsaPrivateKey {}

/// The public half, as RustCrypto `rsa` lends it (for functions generic over
/// `AsRef<RsaPublicKey>`).
impl AsRef<RsaPublicKey> for RsaPrivateKey {
    fn as_ref(&self) -> &RsaPublicKey {
        self.as_public_key()
    }
}

impl core::fmt::Debug for RsaPrivateKey {
    /// Prints the public half only.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RsaPrivateKey")
            .field("public", &self.public)
            .finish_non_exhaustive()
    }
}

impl Drop for RsaPrivateKey {
    fn drop(&mut self) {
        // Nat zeroizes itself on drop too; this keeps the promise explicit and covers the
        // order of drops.
        self.d.zeroize();
        self.p.zeroize();
        self.q.zeroize();
        self.dp.zeroize();
        self.dq.zeroize();
        self.qinv.zeroize();
    }
}

impl ZeroizeOnDrop for RsaPrivateKey {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitive::private::tests::{big, three_prime_key};
    use num_bigint::BigUint;

    /// Two encodings of one multi-prime key whose d differ by λ(n) (both valid: d mod
    /// (rᵢ − 1) is the same for every prime) are different keys to `==`, as they are for two
    /// primes: every secret part is compared, not only the further primes.
    #[test]
    fn multi_prime_keys_with_another_d_are_not_equal() {
        let key = three_prime_key();
        let [p, q] = key.primes();
        let r = key.other_primes()[0].prime();
        let lambda = [p, q, r].iter().fold(BigUint::from(1u8), |l, x| {
            num_integer::Integer::lcm(&l, &(big(x) - 1u8))
        });
        let other_d = big(key.d()) + lambda;
        assert!(other_d < big(key.n()));
        let other = RsaPrivateKey::from_components(
            key.n().clone(),
            key.e().clone(),
            Nat::from_be_bytes(&other_d.to_bytes_be()),
            vec![p.clone(), q.clone(), r.clone()],
        )
        .expect("d + λ(n) is a valid exponent below n");
        assert!(key == key.clone());
        assert!(key != other);
    }
}
