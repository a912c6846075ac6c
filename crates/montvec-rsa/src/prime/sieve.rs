//! Trial division of prime candidates by the odd primes below [`SIEVE_BOUND`], without a
//! division instruction on the candidate.
//!
//! The primes are packed into groups whose product m is below 2^62. A candidate x is reduced
//! modulo each m by Horner's rule over its 32-bit digits with one Montgomery reduction per
//! digit (a ≡ P·2^32 mod m for the prefix P read so far: a ← REDC((a + digit)·(2^32·2^64 mod
//! m))), and the residue is tested against each prime s of the group by Lemire's
//! divisibility test (s | a ⇔ a·M mod 2^128 < M for M = ⌊(2^128 − 1)/s⌋ + 1; Lemire, Kaser and
//! Kurz, "Faster remainder by direct computation", 2019).
//!
//! Within a group every prime is tested with masks; between groups the loop stops at the first
//! group that finds a factor. That stop reveals which group divided a *rejected* candidate
//! only: candidates are drawn afresh each time (FIPS 186-5 A.1.3 step 4.2), so a rejected one
//! says nothing about the one kept, and the one kept runs every group.

use std::sync::OnceLock;

use montvec::Nat;

/// The sieve uses the odd primes below this bound (1027 primes in 2^13). Chosen by estimate,
/// not yet tuned by measurement: about 2^-3 of odd candidates survive to Miller–Rabin, and a
/// larger bound would cost more per candidate than the rounds it saves.
pub const SIEVE_BOUND: u32 = 1 << 13;

/// One group of small primes with the constants of its product.
struct Group {
    /// The product m of the group's primes, below 2^62.
    m: u64,
    /// −m⁻¹ mod 2^64, for REDC.
    m_neg_inv: u64,
    /// 2^96 mod m: 2^32 (the digit base) times R = 2^64.
    k: u64,
    /// Each prime's Lemire constant M = ⌊(2^128 − 1)/s⌋ + 1.
    lemire: Vec<u128>,
}

/// The odd primes below [`SIEVE_BOUND`], by the sieve of Eratosthenes (public constants).
pub(crate) fn small_primes() -> &'static [u32] {
    static PRIMES: OnceLock<Vec<u32>> = OnceLock::new();
    PRIMES.get_or_init(|| {
        let n = SIEVE_BOUND as usize;
        let mut composite = vec![false; n];
        let mut out = Vec::new();
        for i in 2..n {
            if !composite[i] {
                if i > 2 {
                    out.push(i as u32);
                }
                for j in (i * i..n).step_by(i) {
                    composite[j] = true;
                }
            }
        }
        out
    })
}

/// The groups, built once.
#[allow(clippy::integer_division_remainder_used, reason = "public constants")]
fn groups() -> &'static [Group] {
    static GROUPS: OnceLock<Vec<Group>> = OnceLock::new();
    GROUPS.get_or_init(|| {
        let mut out = Vec::new();
        let mut primes: Vec<u32> = Vec::new();
        let mut m: u64 = 1;
        let finish = |m: u64, primes: &[u32]| {
            // Newton's iteration for m⁻¹ mod 2^64 (five doublings from 3 correct bits).
            let mut inv = m;
            for _ in 0..5 {
                inv = inv.wrapping_mul(2u64.wrapping_sub(m.wrapping_mul(inv)));
            }
            Group {
                m,
                m_neg_inv: inv.wrapping_neg(),
                k: ((1u128 << 96) % m as u128) as u64,
                lemire: primes.iter().map(|&s| u128::MAX / s as u128 + 1).collect(),
            }
        };
        for &s in small_primes() {
            if (m as u128) * (s as u128) >= 1 << 62 {
                out.push(finish(m, &primes));
                primes.clear();
                m = 1;
            }
            m *= s as u64;
            primes.push(s);
        }
        if !primes.is_empty() {
            out.push(finish(m, &primes));
        }
        out
    })
}

/// REDC(t) = t·2^-64 mod m, in [0, 2m), for t < 2^64·m.
#[inline(always)]
fn redc(t: u128, g: &Group) -> u64 {
    let q = (t as u64).wrapping_mul(g.m_neg_inv);
    // t + q·m < 2^64·m + 2^64·m < 2^127; the low 64 bits are zero by the choice of q.
    ((t + q as u128 * g.m as u128) >> 64) as u64
}

/// x mod m up to a factor 2^32 (a ≡ x·2^32 mod m), in [0, 2m).
fn scaled_residue(x: &[u64], g: &Group) -> u64 {
    let mut a: u64 = 0;
    for &w in x.iter().rev() {
        for digit in [w >> 32, w & 0xffff_ffff] {
            // a < 2m < 2^63 and digit < 2^32: a + digit < 2^64, and (a + digit)·k < 2^64·m,
            // so the REDC result is below (a + digit)·k/2^64 + m < 2m.
            a = redc((a + digit) as u128 * g.k as u128, g);
        }
    }
    a
}

/// Whether one of the odd primes below [`SIEVE_BOUND`] divides `x`. A small prime itself
/// counts as having a factor (itself).
///
/// Leaks: the announced length of x; when a factor is found, which group of primes found it
/// (see the module doc); nothing when none is.
pub(crate) fn has_small_factor(x: &Nat) -> bool {
    for g in groups() {
        let a = scaled_residue(x.as_limbs(), g);
        let mut divides = 0u8;
        for &big_m in &g.lemire {
            // s | a ⇔ a·M mod 2^128 ≤ M − 1: the borrow of (M − 1) − a·M, taken without a
            // branch. (a < 2m < 2^63 fits Lemire's 64-bit bound; the factor 2^32 in a is a
            // unit modulo odd s.)
            let low = big_m.wrapping_mul(a as u128);
            let (_, borrow) = (big_m - 1).overflowing_sub(low);
            divides |= (!borrow) as u8;
        }
        // The group's verdict is released (a candidate with a factor is discarded).
        montvec::ct::declassify(&mut divides);
        if divides != 0 {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_cover_every_prime_once() {
        let total: usize = groups().iter().map(|g| g.lemire.len()).sum();
        assert_eq!(total, small_primes().len());
        assert_eq!(&small_primes()[..5], &[3, 5, 7, 11, 13]);
        assert!(groups().iter().all(|g| g.m < 1 << 62 && g.m & 1 == 1));
    }

    #[test]
    fn agrees_with_division_on_random_numbers() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for limbs in [1usize, 2, 5, 16, 32] {
            for _ in 0..300 {
                let mut v: Vec<u64> = (0..limbs).map(|_| next()).collect();
                // Often multiply in a small prime so both answers occur.
                let s = small_primes()[(next() % small_primes().len() as u64) as usize] as u64;
                if next() & 1 == 1 {
                    // x·s with x < 2^(64 limbs − 20): the product fits, so s divides it.
                    v[limbs - 1] >>= 20;
                    let mut carry = 0u128;
                    for w in v.iter_mut() {
                        let t = *w as u128 * s as u128 + carry;
                        *w = t as u64;
                        carry = t >> 64;
                    }
                    assert_eq!(carry, 0);
                }
                let want = small_primes().iter().any(|&p| {
                    let mut r = 0u128;
                    for &w in v.iter().rev() {
                        r = ((r << 64) | w as u128) % p as u128;
                    }
                    r == 0
                });
                assert_eq!(has_small_factor(&Nat::from_limbs(v.clone())), want);
            }
        }
    }
}
