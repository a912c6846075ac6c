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
/// step 4.2 (b ≤ 1 or b ≥ w − 1, probability about 2^-(wlen+60)) are redrawn.
pub(crate) fn miller_rabin(
    w_mod: &Modulus,
    rounds: usize,
    rng: &mut dyn CryptoRngCore,
) -> Result<bool> {
    let w = w_mod.modulus();
    let wlen = w_mod.bits();
    // Step 1: a = the largest power of 2 dividing w − 1, m = (w − 1) / 2^a, in constant time.
    let mut w_minus_1 = arith::minus_one(&w);
    let a = arith::trailing_zeros(&w_minus_1);
    let mut m = arith::shift_right(&w_minus_1, a);
    // The comparisons run in the standard Montgomery form (x·R mod w, canonical), so z
    // stays in Montgomery form through the squarings.
    let one = w_mod.to_standard_form(&w_mod.one())?;
    let minus_one = w_mod.to_standard_form(&w_mod.to_montgomery(&w_minus_1))?;
    let two = Nat::from_u64(2);
    let mut bytes = vec![0u8; wlen.div_ceil(8) + 8];
    // Step 4: the rounds.
    for _ in 0..rounds {
        // Steps 4.1–4.2: b uniform in [0, w) up to 2^-64 (wlen + 64 random bits reduced mod w),
        // redrawn when b ≤ 1 or b ≥ w − 1.
        let mut b = loop {
            rng.try_fill_bytes(&mut bytes).map_err(|_| Error::Rng)?;
            let mut wide = Nat::from_be_bytes(&bytes);
            let b = w_mod.reduce(&wide);
            wide.zeroize();
            let bad = arith::lt(&b, &two) | !arith::lt(&b, &w_minus_1);
            // Released: a base at 0, 1 or w - 1 is drawn again.
            if !montvec::ct::declassify_choice(bad) {
                break b;
            }
        };
        // Step 4.3: z = b^m mod w.
        let mut z = w_mod.to_montgomery(&w_mod.pow(&b, &m));
        b.zeroize();
        // Step 4.4: z = 1 or z = w − 1 means this base is no witness.
        let mut std = w_mod.to_standard_form(&z)?;
        let mut possibly_prime = std.ct_eq(&one) | std.ct_eq(&minus_one);
        // Step 4.5: j = 1 .. a − 1, run to the public bound wlen − 1 for a prime.
        for j in 1..wlen as u64 {
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
            possibly_prime |= std.ct_eq(&minus_one) & before_end;
            // Step 4.5.3: z = 1 without having met w − 1: a non-trivial square root of 1.
            if montvec::ct::declassify_choice(std.ct_eq(&one) & !possibly_prime) {
                return Ok(false);
            }
        }
        std.zeroize();
        if !montvec::ct::declassify_choice(possibly_prime) {
            return Ok(false);
        }
    }
    w_minus_1.zeroize();
    m.zeroize();
    bytes.zeroize();
    // Step 5: probably prime.
    Ok(true)
}
