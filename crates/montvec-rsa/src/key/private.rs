//! [`RsaPrivateKey`]: a two-prime key with its CRT values (RFC 8017 §3.2, second form),
//! checked when built and zeroized on drop.

use std::sync::Arc;

use montvec::{Modulus, Nat};
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::arith;
use crate::error::{Error, Result};
use crate::key::{PublicKeyParts, RsaPublicKey};

/// An RSA private key with two primes.
///
/// Every constructor checks that the parts agree: p·q = n, e·d ≡ 1 modulo p − 1 and q − 1,
/// and the CRT values dP = d mod (p − 1), dQ = d mod (q − 1), qInv = q⁻¹ mod p. The primes
/// themselves are not tested for primality on import.
///
/// The secret parts are zeroized on drop (the [`Modulus`] values hold copies of p and q and
/// zeroize their own constants).
pub struct RsaPrivateKey {
    public: RsaPublicKey,
    d: Nat,
    p: Nat,
    q: Nat,
    dp: Nat,
    dq: Nat,
    qinv: Nat,
    p_mod: Arc<Modulus>,
    q_mod: Arc<Modulus>,
}

impl RsaPrivateKey {
    /// A key from n, e, d and its primes, computing the CRT values.
    ///
    /// `primes` must hold exactly two primes; more gives [`Error::MultiPrimeUnsupported`].
    /// An empty `primes` recovers them from (n, e, d) by
    /// [`recover_primes_vartime`](crate::key::recover::recover_primes_vartime).
    ///
    /// Errors: [`Error::InvalidKey`] when the parts disagree, and the errors of
    /// [`RsaPublicKey::new`].
    ///
    /// Leaks: the announced lengths of the parts, and whether they are consistent; with empty
    /// `primes`, also what recovering them leaks (timing that depends on p, q and d).
    pub fn from_components(n: Nat, e: Nat, d: Nat, primes: Vec<Nat>) -> Result<Self> {
        let primes = if primes.is_empty() {
            let (p, q) = crate::key::recover::recover_primes_vartime(&n, &e, &d)?;
            vec![p, q]
        } else {
            primes
        };
        let (p, q) = match <[Nat; 2]>::try_from(primes) {
            Ok([p, q]) => (p, q),
            Err(primes) if primes.len() > 2 => return Err(Error::MultiPrimeUnsupported),
            Err(_) => return Err(Error::InvalidKey("two primes are needed")),
        };
        let public = RsaPublicKey::new(n, e)?;
        let (p, q) = (trim(&p), trim(&q));
        check_prime_shape(&p)?;
        check_prime_shape(&q)?;
        let dp = arith::rem(&d, &arith::minus_one(&p));
        let dq = arith::rem(&d, &arith::minus_one(&q));
        let p_mod = Modulus::new(&p)?;
        // qInv = q^(p-2) mod p (Fermat; p is prime), in constant time.
        let qinv = p_mod.pow(&q, &arith::minus_one(&arith::minus_one(&p)));
        Self::assemble(public, d, p, q, dp, dq, qinv, p_mod)
    }

    /// A key from every part of an RFC 8017 `RSAPrivateKey` (two primes): n, e, d, p, q,
    /// dP, dQ, qInv. The given CRT values are checked against d, p and q.
    ///
    /// Leaks: the announced lengths of the parts, and whether they are consistent.
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
        let public = RsaPublicKey::new(n, e)?;
        let (p, q) = (trim(&p), trim(&q));
        check_prime_shape(&p)?;
        check_prime_shape(&q)?;
        let p_mod = Modulus::new(&p)?;
        let expect_dp = arith::rem(&d, &arith::minus_one(&p));
        let expect_dq = arith::rem(&d, &arith::minus_one(&q));
        let ok_dp = expect_dp.ct_eq(&dp);
        let ok_dq = expect_dq.ct_eq(&dq);
        // qInv must be below p and satisfy q * qInv ≡ 1 (mod p).
        let qinv_below_p = arith::rem(&qinv, &p).ct_eq(&qinv);
        let one = arith::mul_mod(&p_mod, &q, &qinv).ct_eq(&Nat::from_u64(1));
        if !bool::from(ok_dp & ok_dq) {
            return Err(Error::InvalidKey("CRT exponents do not match d"));
        }
        if !bool::from(qinv_below_p & one) {
            return Err(Error::InvalidKey("CRT coefficient is not q^-1 mod p"));
        }
        let qinv = qinv.resized(p.limb_len());
        Self::assemble(public, d, p, q, expect_dp, expect_dq, qinv, p_mod)
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
    ) -> Result<Self> {
        // p * q = n
        let pq = arith::product(&p, &q);
        if !bool::from(pq.ct_eq(public.n())) {
            return Err(Error::InvalidKey("p * q is not n"));
        }
        // e * dP ≡ 1 (mod p - 1) and e * dQ ≡ 1 (mod q - 1): then m^(e d) = m for all m.
        let one = Nat::from_u64(1);
        for (dx, x) in [(&dp, &p), (&dq, &q)] {
            let ed = arith::product(dx, public.e());
            if !bool::from(arith::rem(&ed, &arith::minus_one(x)).ct_eq(&one)) {
                return Err(Error::InvalidKey("e * d is not 1 modulo p - 1 and q - 1"));
            }
        }
        if d.bit_length_vartime() > public.bits() {
            return Err(Error::InvalidKey("d is larger than n"));
        }
        let q_mod = Modulus::new(&q)?;
        let d = d.resized(public.n().limb_len());
        Ok(RsaPrivateKey {
            public,
            d,
            p,
            q,
            dp,
            dq,
            qinv,
            p_mod: Arc::new(p_mod),
            q_mod: Arc::new(q_mod),
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

    /// The private exponent d.
    pub fn d(&self) -> &Nat {
        &self.d
    }

    /// The primes [p, q].
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

    /// Montgomery constants of p.
    pub fn p_modulus(&self) -> &Arc<Modulus> {
        &self.p_mod
    }

    /// Montgomery constants of q.
    pub fn q_modulus(&self) -> &Arc<Modulus> {
        &self.q_mod
    }
}

/// A copy announced as just enough limbs for its value (the primes' sizes are public).
fn trim(x: &Nat) -> Nat {
    x.resized(x.bit_length_vartime().div_ceil(64).max(1))
}

/// A prime factor must be odd and at least 3 for its Montgomery constants to exist.
fn check_prime_shape(p: &Nat) -> Result<()> {
    if p.bit_length_vartime() < 2 || !bool::from(p.is_odd()) {
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
            p_mod: Arc::clone(&self.p_mod),
            q_mod: Arc::clone(&self.q_mod),
        }
    }
}

impl PartialEq for RsaPrivateKey {
    /// Constant-time comparison of every part.
    fn eq(&self, other: &Self) -> bool {
        self.public == other.public
            && bool::from(
                self.d.ct_eq(&other.d)
                    & self.p.ct_eq(&other.p)
                    & self.q.ct_eq(&other.q)
                    & self.qinv.ct_eq(&other.qinv),
            )
    }
}

impl Eq for RsaPrivateKey {}

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
