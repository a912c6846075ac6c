//! The Miller–Rabin probabilistic primality test, FIPS 186-5 Appendix B.3.1 (FIPS 186-4
//! C.3.1), on montvec's constant-time arithmetic.
//!
//! For a prime w the test runs the same operations whatever w is: the split w − 1 = 2^a·m is
//! found by a masked scan and a masked barrel shift, b^m by `Modulus::pow`, and the squaring
//! loop of step 4.5 always runs to the public bound wlen − 1, its state kept in masks (the
//! shape of BoringSSL's `bn_miller_rabin_iteration`). A composite may stop early: its exit
//! reveals that it was composite, and where, which is of no use (it is discarded).

use montvec::{Modulus, Nat};
use rand_core::CryptoRngCore;
use subtle::{Choice, ConstantTimeEq};
use zeroize::Zeroize;

use crate::arith;
use crate::error::{Error, Result};

/// `rounds` rounds of Miller–Rabin on the odd w ≥ 5 whose Montgomery constants are
/// `w_mod`: `true` for "probably prime", `false` for "composite".
///
/// Leaks: the bit length of w and `rounds`; for a composite w also the round and step that
/// proved it; for a probable prime nothing else (see the module doc). Base draws rejected at
/// step 4.2 (b ≤ 1 or b ≥ w − 1) are redrawn, up to [`BASE_DRAWS`] times ([`Error::Rng`]).
pub(crate) fn miller_rabin(
    w_mod: &Modulus,
    rounds: usize,
    rng: &mut dyn CryptoRngCore,
) -> Result<bool> {
    let split = Split::of(w_mod)?;
    let wlen = w_mod.bits();
    let two = Nat::from_u64(2);
    let mut bytes = vec![0u8; wlen.div_ceil(8) + 8];
    // Step 4: the rounds.
    let mut verdict = true;
    for _ in 0..rounds {
        // Steps 4.1–4.2: b uniform in [0, w) up to 2^-64 (wlen + 64 random bits reduced mod w),
        // redrawn when b ≤ 1 or b ≥ w − 1: at most BASE_DRAWS times, as a generator that
        // repeats zeros would be redrawn for ever.
        let mut base = None;
        for _ in 0..BASE_DRAWS {
            rng.try_fill_bytes(&mut bytes).map_err(|_| Error::Rng)?;
            let mut wide = Nat::from_be_bytes(&bytes);
            let b = w_mod.reduce(&wide);
            wide.zeroize();
            let bad = arith::lt(&b, &two) | !arith::lt(&b, &split.w_minus_1);
            // Released: a base at 0, 1 or w - 1 is drawn again.
            if !montvec::ct::declassify_choice(bad) {
                base = Some(b);
                break;
            }
        }
        let Some(mut b) = base else {
            bytes.zeroize();
            return Err(Error::Rng);
        };
        let round = split.round(w_mod, &b);
        b.zeroize();
        if !round? {
            verdict = false;
            break;
        }
    }
    bytes.zeroize();
    // Step 5: probably prime.
    Ok(verdict)
}

/// Base draws a round makes before [`Error::Rng`]: a random draw is refused with probability
/// 3/w, below 2^-62 for the w above 2^64 this crate tests (smaller w are tested exactly), so
/// four refused in a row mean the generator's output is not random.
const BASE_DRAWS: usize = 4;

/// One round of Miller–Rabin with the base 2 (w's strong probable-prime test to base 2): `true`
/// when w passes. Every Fermat pseudoprime to base 2 that is not a strong one fails it, most
/// Carmichael numbers among them; the strong pseudoprimes to base 2 pass (2047 = 23·89 is the
/// smallest; 15841 = 7·31·73 the smallest Carmichael number among them). Odd w ≥ 5.
///
/// Leaks: as [`miller_rabin`] with one round.
pub(crate) fn strong_test_base_2(w_mod: &Modulus) -> Result<bool> {
    Split::of(w_mod)?.round(w_mod, &Nat::from_u64(2))
}

/// w − 1 = 2^a·m (step 1), and 1 and w − 1 in the form the rounds compare in (each `Nat`
/// zeroized on drop).
struct Split {
    w_minus_1: Nat,
    a: u64,
    m: Nat,
    one: Nat,
    minus_one: Nat,
}

impl Split {
    /// Step 1 in constant time: a = the largest power of 2 dividing w − 1, m = (w − 1) / 2^a.
    fn of(w_mod: &Modulus) -> Result<Split> {
        let w_minus_1 = arith::minus_one(&w_mod.modulus());
        let a = arith::trailing_zeros(&w_minus_1);
        let m = arith::shift_right(&w_minus_1, a);
        // The comparisons run in the standard Montgomery form (x·R mod w, canonical), so z
        // stays in Montgomery form through the squarings.
        let one = w_mod.to_standard_form(&w_mod.one())?;
        let minus_one = w_mod.to_standard_form(&w_mod.to_montgomery(&w_minus_1))?;
        Ok(Split {
            w_minus_1,
            a,
            m,
            one,
            minus_one,
        })
    }

    /// Steps 4.3–4.7 for the base b (1 < b < w − 1): `false` when b is a witness that w is
    /// composite.
    fn round(&self, w_mod: &Modulus, b: &Nat) -> Result<bool> {
        let (a, one, minus_one) = (self.a, &self.one, &self.minus_one);
        // Step 4.3: z = b^m mod w.
        let mut z = w_mod.to_montgomery(&w_mod.pow(b, &self.m));
        // Step 4.4: z = 1 or z = w − 1 means this base is no witness.
        let mut std = w_mod.to_standard_form(&z)?;
        let mut possibly_prime = std.ct_eq(one) | std.ct_eq(minus_one);
        // Step 4.5: j = 1 .. a − 1, run to the public bound wlen − 1 for a prime.
        for j in 1..w_mod.bits() as u64 {
            let loop_done: Choice = j.ct_eq(&a);
            // Released verdicts (a composite's is its end; a prime's is always false).
            if montvec::ct::declassify_choice(loop_done & !possibly_prime) {
                // Step 4.7: a squarings without meeting w − 1: composite.
                return Ok(false);
            }
            z = w_mod.square(&z)?;
            std = w_mod.to_standard_form(&z)?;
            // Step 4.5.2: z = w − 1 before the loop ends: no witness.
            let before_end = montvec::ct::lt_word(j, a);
            possibly_prime |= std.ct_eq(minus_one) & before_end;
            // Step 4.5.3: z = 1 without having met w − 1: a non-trivial square root of 1.
            if montvec::ct::declassify_choice(std.ct_eq(one) & !possibly_prime) {
                return Ok(false);
            }
        }
        std.zeroize();
        Ok(montvec::ct::declassify_choice(possibly_prime))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strong_test_base_2_matches_the_reference() {
        let mut pseudoprimes = Vec::new();
        for w in (5u64..20_000).step_by(2) {
            let w_mod = Modulus::new(&Nat::from_u64(w)).expect("odd w >= 5");
            let passes = strong_test_base_2(&w_mod).expect("the test runs");
            // The u64 test beside the exact one for small numbers (u128 arithmetic).
            assert_eq!(
                passes,
                super::super::is_strong_probable_prime_u64(w, 2),
                "w = {w}"
            );
            let composite = (3..w).step_by(2).any(|d| d * d <= w && w % d == 0);
            // Every prime passes (trial division is the reference here).
            assert!(passes || composite, "the prime {w} refused");
            if passes && composite {
                pseudoprimes.push(w);
            }
        }
        // The strong pseudoprimes to base 2 below 20000 (OEIS A001262): they pass, as the
        // doc says, 15841 (a Carmichael number) among them; the other Carmichael numbers below
        // 20000 (561, 1105, 1729, 2465, 2821, 6601, 8911, 10585) are not in the list: refused.
        assert_eq!(pseudoprimes, [2047, 3277, 4033, 4681, 8321, 15841]);
    }
}
