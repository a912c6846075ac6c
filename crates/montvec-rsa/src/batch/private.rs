//! RSADP / RSASP1 for many jobs: the steps of [`crate::primitive::private`] with the
//! exponentiations of every job in one batch call.
//!
//! 1. Per job, check c < n and draw a blinding factor rᵢ (serially, from the one generator).
//! 2. One public-exponent batch call ([`montvec::batch::pow_vartime_with`]) for every rᵢ^e;
//!    per job, c'ᵢ = cᵢ·rᵢ^e mod n; per key, the prefix products Pᵢ = r₁⋯rᵢ mod n
//!    (Montgomery's simultaneous inversion: one inverse for all of a key's jobs), all on
//!    Montgomery forms of n.
//! 3. One [`montvec::batch::pow_with`] call: (c'ᵢ mod p)^dP and (c'ᵢ mod q)^dQ for every job
//!    (and (c'ᵢ mod r)^dᵣ for each further prime r of a multi-prime key).
//! 4. Per key, P⁻¹ for the last prefix product P by montvec's constant-time safegcd modulo
//!    each prime, joined by Garner and checked (P·P⁻¹ = 1; [`crt_inverse`]), then
//!    rᵢ⁻¹ = Pᵢ₋₁·(Pᵢ)⁻¹ and (Pᵢ₋₁)⁻¹ = rᵢ·(Pᵢ)⁻¹ going down. A single two-prime job whose
//!    halves go to the 4-lane engine (primes of up to 1024 bits) has r^(p−2) mod p and
//!    r^(q−2) mod q computed in step 3's two free lanes instead, joined and checked the same
//!    way: 1.08-1.2x on a 1024- or 2048-bit operation, whose 1024- or 2048-bit safegcd
//!    modulo n took 11-16% of it.
//! 5. Per job, Garner; one public-exponent batch call for every m'ᵢ^e; per job, the
//!    re-encryption check and unblinding, as the single operation.
//!
//! A key whose product P is not invertible (some rᵢ shares a factor with n, probability about
//! 2^-(bits/2)) or whose P·P⁻¹ is not 1 (a fault), or a single job whose r·r⁻¹ is not 1, has
//! its jobs drawn and run again.

use montvec::batch::{Engine, Job, Options};
use montvec::{Modulus, MontElem, Nat};
use rand_core::CryptoRngCore;

use crate::arith;
use crate::error::{Error, Result};
use crate::key::{PublicKeyParts, RsaPrivateKey};
use crate::primitive::private::{
    blind, blinding_factor, check_and_unblind, check_input, crt_inverse, crt_recombine,
    join_inverses, Blinded,
};

/// `c^d mod n` for every `(key, c)`, in input order, each by CRT with its own blinding factor
/// and a re-encryption check (the steps of [`crate::primitive::private`], whose `private_op`
/// is this with one job); the half-size exponentiations of all jobs run in one
/// [`montvec::batch::pow_with`] call with `options` (engine, threads).
///
/// Jobs may use one key or many, of one size or several. Each job's result is its own:
/// [`Error::InvalidInputLength`] when its c ≥ n, [`Error::FaultDetected`] when its result does
/// not re-encrypt to its input, [`Error::Rng`] when the generator failed while drawing its
/// blinding factor, [`Error::Arithmetic`] for every job when the batch engine refuses
/// `options` (an engine this CPU lacks, zero threads).
///
/// ```
/// use montvec_rsa::{batch, Nat, RsaPrivateKey};
/// # fn main() -> Result<(), montvec_rsa::Error> {
/// let hex = |s: &str| Nat::from_hex(s).unwrap();
/// let key = RsaPrivateKey::from_components(
///     hex("dc8b3f795b0f2a5441ee70557f0affb8def117fd16c2db75baf779efce9b774da23c99da2e44e1f45f65f05b7d50ab58d4c6a693e1383528cd24e69a1e5a18fb"),
///     Nat::from_u64(65537),
///     hex("c6952fb35335e59476c57f2accb917a7dc3ed4add447e29a309ed39205c460f7bebf5ee199d1acb685bf97155da1258d6df6c602f3712c2d510bc4782c492269"),
///     vec![
///         hex("fd2fc5550ff9e4128bba621801d6865e8007e24e5f98e8346b40f5d3bf8ab7c5"),
///         hex("defe9eb2469376846932a5ae66f7e60df22e54e4f8a82a470845a3687c11d9bf"),
///     ],
/// )?;
/// let (two, three) = (Nat::from_u64(2), Nat::from_u64(3));
/// let too_big = Nat::from_hex("ff".repeat(64).as_str()).unwrap(); // above n
/// let jobs = [(&key, &two), (&key, &three), (&key, &too_big)];
/// let out = batch::private_ops(&jobs, &mut rand_core::OsRng, &batch::Options::default());
/// let mut rng = rand_core::OsRng;
/// let single = montvec_rsa::primitive::private::private_op(&key, &three, &mut rng)?;
/// assert_eq!(out[1].as_ref().unwrap(), &single);
/// assert_eq!(out[2], Err(montvec_rsa::Error::InvalidInputLength));
/// # Ok(()) }
/// ```
///
/// Leaks: the count of jobs, which jobs share a key (by address), each key's sizes, whether
/// each c is below its n, and the engine's leaks (per lane group the longest announced
/// exponent length); nothing of c, d, p, q, the blinding factors or the results. The only
/// branches on secret-derived values are the fault check and the redraw of a blinding factor
/// that is not invertible (probability about 2^-(bits/2)), as in the single operation.
pub fn private_ops(
    jobs: &[(&RsaPrivateKey, &Nat)],
    rng: &mut dyn CryptoRngCore,
    options: &Options,
) -> Vec<Result<Nat>> {
    let mut results: Vec<Option<Result<Nat>>> = jobs
        .iter()
        .map(|&(key, c)| check_input(key, c).err().map(Err))
        .collect();
    let mut pending: Vec<usize> = (0..jobs.len()).filter(|&i| results[i].is_none()).collect();
    while !pending.is_empty() {
        // Step 1: a blinding factor per job, drawn serially; the jobs of a key together.
        let mut groups: Vec<KeyGroup<'_>> = Vec::new();
        for &i in &pending {
            let key = jobs[i].0;
            let r = match blinding_factor(key, rng) {
                Ok(r) => r,
                Err(e) => {
                    results[i] = Some(Err(e));
                    continue;
                }
            };
            match groups.iter_mut().find(|g| core::ptr::eq(g.key, key)) {
                Some(g) => g.members.push((i, r)),
                None => groups.push(KeyGroup {
                    key,
                    members: vec![(i, r)],
                }),
            }
        }
        let done = super::on_pool(options, |inner| blinded_batch(jobs, &groups, inner));
        match done {
            Ok(Ok(out)) => {
                for (i, r) in out {
                    results[i] = Some(r);
                }
            }
            Ok(Err(e)) | Err(e) => {
                for &(i, _) in groups.iter().flat_map(|g| &g.members) {
                    results[i] = Some(Err(e.clone()));
                }
            }
        }
        // The jobs of a key whose blinding product was not invertible, again.
        pending.retain(|&i| results[i].is_none());
    }
    results
        .into_iter()
        .map(|r| r.unwrap_or(Err(Error::FaultDetected)))
        .collect()
}

/// The valid jobs of one key and their blinding factors: (job index, r).
struct KeyGroup<'a> {
    key: &'a RsaPrivateKey,
    members: Vec<(usize, Nat)>,
}

/// Steps 2 to 5 for every group, on the current thread pool: (job index, result) per job,
/// leaving out the jobs of a group whose blinding product was not invertible (the caller draws
/// those again).
fn blinded_batch(
    jobs: &[(&RsaPrivateKey, &Nat)],
    groups: &[KeyGroup<'_>],
    options: &Options,
) -> Result<Vec<(usize, Result<Nat>)>> {
    // Step 2: rᵢ^e of every job in one public-exponent batch, then the blinded inputs, per
    // group in member order, and each group's prefix products.
    let r_pows = public_powers(
        groups
            .iter()
            .flat_map(|g| g.members.iter().map(move |(_, r)| (g.key, r))),
        options,
    )?;
    let mut r_pows = r_pows.iter();
    let blinded: Vec<Vec<Blinded>> = groups
        .iter()
        .map(|g| {
            let items: Vec<(&Nat, &Nat, &Nat)> = g
                .members
                .iter()
                .map(|(i, r)| (jobs[*i].1, r, r_pows.next().expect("one power per job")))
                .collect();
            super::map_jobs(&items, |&(c, r, r_e)| blind(g.key, c, r, r_e))
        })
        .collect();
    let prefixes: Vec<Vec<MontElem>> = groups
        .iter()
        .zip(&blinded)
        .map(|(g, b)| prefix_products(g, b))
        .collect();
    // Step 3: one batch of every exponentiation modulo a prime (two per job, or one per prime
    // of a multi-prime key).
    let mut pow_jobs: Vec<Job<'_>> = groups
        .iter()
        .zip(&blinded)
        .flat_map(|(g, b)| {
            b.iter().flat_map(move |c| {
                prime_exponents(g.key).map(move |(m, x)| Job::new(m, &c.value, x))
            })
        })
        .collect();
    // A single two-prime operation in the 4-lane engine leaves two lanes empty: r⁻¹ mod p and
    // mod q by Fermat there (see `FermatInputs`), in place of the safegcd inverse of step 4.
    let fermat = FermatInputs::for_batch(groups, pow_jobs.len(), options)?;
    if let Some(f) = &fermat {
        pow_jobs.extend(f.jobs(groups[0].key));
    }
    let widest = groups
        .iter()
        .flat_map(|g| prime_exponents(g.key).map(|(m, _)| m.bits()))
        .max()
        .unwrap_or(0);
    let narrow = super::narrowed_for_bits(options, pow_jobs.len(), widest)?;
    // (`for_batch` asked the same question with the same count and sizes.)
    debug_assert!(fermat.is_none() || narrow.engine == Some(Engine::Ifma256));
    let mut powers =
        if narrow.engine == Some(Engine::Scalar) && pow_jobs.len() <= super::SCALAR_UP_TO {
            // A single operation's two halves, one after the other on the calling thread (as the
            // scalar engine computes them, without handing them to the thread pool).
            groups
                .iter()
                .zip(&blinded)
                .flat_map(|(g, b)| {
                    b.iter()
                        .flat_map(move |c| prime_exponents(g.key).map(|(m, x)| m.pow(&c.value, x)))
                })
                .collect()
        } else {
            montvec::batch::pow_with(&pow_jobs, &narrow)?
        };
    drop(pow_jobs);
    let lane_inverses = fermat.map(|_| powers.split_off(powers.len() - 2));
    // Step 4 per group: the blinding inverses, or the group's jobs are left out (drawn again).
    // Garner for the jobs of the other groups.
    let mut offset = 0;
    let mut recombined: Vec<(usize, &KeyGroup<'_>, &Blinded, MontElem, Nat)> = Vec::new();
    for ((g, b), pre) in groups.iter().zip(&blinded).zip(&prefixes) {
        let per_job = 2 + g.key.other_primes().len();
        let count = g.members.len();
        let powers_of_group = &powers[offset..offset + per_job * count];
        offset += per_job * count;
        let r_invs = match &lane_inverses {
            Some(inverses) => joined_lane_inverse(g, b, inverses),
            None => blinding_inverses(g, b, pre),
        };
        let Some(r_invs) = r_invs else {
            continue;
        };
        let chunks: Vec<&[Nat]> = powers_of_group.chunks(per_job).collect();
        let ms: Vec<Nat> = super::map_jobs(&chunks, |ms| crt_recombine(g.key, ms));
        for ((((i, _), c), r_inv), m) in g.members.iter().zip(b).zip(r_invs).zip(ms) {
            recombined.push((*i, g, c, r_inv, m));
        }
    }
    // Step 5: m'^e of every job in one public-exponent batch, then the check and unblinding.
    let back = public_powers(recombined.iter().map(|(_, g, _, _, m)| (g.key, m)), options)?;
    // Every Nat and MontElem here (blinded values, products, powers) zeroizes itself on drop.
    let checks: Vec<_> = recombined.iter().zip(&back).collect();
    Ok(super::map_jobs(&checks, |((i, g, c, r_inv, m), back)| {
        (*i, check_and_unblind(g.key, c, m, back, r_inv))
    }))
}

/// Each prime's modulus and CRT exponent, in [`crt_recombine`]'s order: (p, dP), (q, dQ),
/// then (rᵢ, dᵢ) for the further primes of a multi-prime key.
fn prime_exponents(key: &RsaPrivateKey) -> impl Iterator<Item = (&Modulus, &Nat)> + '_ {
    [
        (&**key.p_modulus(), key.dp()),
        (&**key.q_modulus(), key.dq()),
    ]
    .into_iter()
    .chain(
        key.other_primes()
            .iter()
            .map(|o| (&**o.modulus(), o.exponent())),
    )
}

/// The inputs of the two Fermat inverses r^(p−2) mod p and r^(q−2) mod q of a single
/// two-prime operation, when its two half-size exponentiations go to the 4-lane IFMA engine
/// (primes up to [`super::HALVES_IN_LANES_UP_TO_BITS`]): the other two lanes would run
/// empty, and the exponents p − 2 and q − 2 are no longer than dP and dQ, so the inverses cost
/// nothing; they replace the safegcd inverses of step 4 (one modulo n took about 11% of a
/// 2048-bit operation; modulo p and q, about 2/3 of that).
/// Zeroized on drop (each `Nat` is).
struct FermatInputs {
    r_mod_p: Nat,
    r_mod_q: Nat,
    p_minus_2: Nat,
    q_minus_2: Nat,
}

impl FermatInputs {
    /// `Some` for one job of a two-prime key whose `halves` exponentiations (two) run in the
    /// 4-lane engine, with p and q of one limb count (one lane group).
    fn for_batch(
        groups: &[KeyGroup<'_>],
        halves: usize,
        options: &Options,
    ) -> Result<Option<FermatInputs>> {
        let [g] = groups else {
            return Ok(None);
        };
        let ([(_, r)], key) = (&g.members[..], g.key) else {
            return Ok(None);
        };
        let (p_mod, q_mod) = (key.p_modulus(), key.q_modulus());
        let bits = p_mod.bits().max(q_mod.bits());
        // The halves alone must go to the 4-lane engine (not one at a time: primes above
        // HALVES_IN_LANES_UP_TO_BITS), and the halves and inverses must fill one group of it.
        let alone = super::narrowed_for_bits(options, halves, bits)?;
        let with_inverses = super::narrowed_for_bits(options, halves + 2, bits)?;
        if alone.engine != Some(Engine::Ifma256)
            || with_inverses.engine != Some(Engine::Ifma256)
            || halves + 2 > Engine::Ifma256.lanes()
            || !key.other_primes().is_empty()
            || p_mod.limbs() != q_mod.limbs()
        {
            return Ok(None);
        }
        let [p, q] = key.primes();
        Ok(Some(FermatInputs {
            r_mod_p: p_mod.reduce(r),
            r_mod_q: q_mod.reduce(r),
            p_minus_2: arith::fermat_exponent(p),
            q_minus_2: arith::fermat_exponent(q),
        }))
    }

    /// The two jobs, after the halves: r^(p−2) mod p, r^(q−2) mod q.
    fn jobs<'a>(&'a self, key: &'a RsaPrivateKey) -> [Job<'a>; 2] {
        [
            Job::new(key.p_modulus(), &self.r_mod_p, &self.p_minus_2),
            Job::new(key.q_modulus(), &self.r_mod_q, &self.q_minus_2),
        ]
    }
}

/// r⁻¹ mod n of a group's single job (Montgomery form) from r⁻¹ mod p and mod q
/// ([`FermatInputs`]), joined and checked by [`join_inverses`] (r·r⁻¹ is not 1 when r shares
/// a prime with n, probability about 2^-(bits/2), or under a fault); `None` then, and the job
/// is drawn again.
///
/// Leaks: the sizes, and whether the check passed.
fn joined_lane_inverse(
    g: &KeyGroup<'_>,
    blinded: &[Blinded],
    inverses: &[Nat],
) -> Option<Vec<MontElem>> {
    let [b] = blinded else {
        return None;
    };
    join_inverses(g.key, &b.r_form, inverses).map(|r_inv| vec![r_inv])
}

/// `x^e mod n` for every `(key, x)` in order, in one [`montvec::batch::pow_vartime_with`]
/// call (e is public: in the IFMA lanes, 16 squarings and a product per lane for 65537).
///
/// Leaks: e, the sizes and the count; nothing of the x.
fn public_powers<'a>(
    items: impl Iterator<Item = (&'a RsaPrivateKey, &'a Nat)>,
    options: &Options,
) -> Result<Vec<Nat>> {
    let jobs: Vec<Job<'_>> = items
        .map(|(key, x)| Job::new(key.as_public_key().modulus(), x, key.e()))
        .collect();
    let narrow = super::narrowed(options, jobs.len())?;
    Ok(montvec::batch::pow_vartime_with(&jobs, &narrow)?)
}

/// P₁ = r₁, Pᵢ = Pᵢ₋₁·rᵢ mod n, on Montgomery forms.
///
/// Leaks: the sizes and the member count.
fn prefix_products(g: &KeyGroup<'_>, blinded: &[Blinded]) -> Vec<MontElem> {
    let modulus = g.key.as_public_key().modulus();
    let mut out: Vec<MontElem> = Vec::with_capacity(blinded.len());
    for b in blinded {
        let next = match out.last() {
            Some(prev) => modulus.mul(prev, &b.r_form).expect("elements of n"),
            None => b.r_form.clone(),
        };
        out.push(next);
    }
    out
}

/// Step 4: every rᵢ⁻¹ of a group (Montgomery forms) from its prefix products, by one inverse
/// of the last one P; `None` when P is not invertible (some rᵢ shares a factor with n) or its
/// inverse fails the check of [`join_inverses`].
///
/// Leaks: the sizes, and whether P was invertible and its inverse passed the check.
fn blinding_inverses(
    g: &KeyGroup<'_>,
    blinded: &[Blinded],
    prefixes: &[MontElem],
) -> Option<Vec<MontElem>> {
    let modulus = g.key.as_public_key().modulus();
    let mul = |a: &MontElem, b: &MontElem| modulus.mul(a, b).expect("elements of n");
    // inv = (P_i)^-1, starting at the last prefix.
    let mut inv = crt_inverse(g.key, prefixes.last()?)?;
    let mut out: Vec<MontElem> = Vec::with_capacity(blinded.len());
    for i in (1..blinded.len()).rev() {
        // r_i^-1 = P_(i-1) (P_i)^-1, and (P_(i-1))^-1 = r_i (P_i)^-1.
        out.push(mul(&prefixes[i - 1], &inv));
        inv = mul(&blinded[i].r_form, &inv);
    }
    out.push(inv);
    out.reverse();
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitive::private::{blind, blinding_factor};
    use rand::SeedableRng;
    use subtle::ConstantTimeEq;

    /// A 1024-bit key (two 512-bit primes: the 4-lane engine's case), made once.
    fn key() -> RsaPrivateKey {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        RsaPrivateKey::new(&mut rng, 1024).unwrap()
    }

    /// The Fermat inverses give r⁻¹ mod n, and the check refuses an r that shares a prime
    /// with n (its "inverse" is then not one).
    #[test]
    fn lane_inverse_is_checked() {
        let key = key();
        let modulus = key.as_public_key().modulus();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let c = Nat::from_u64(0x5eed);
        let [p, _] = key.primes();
        let good = blinding_factor(&key, &mut rng).unwrap();
        // p itself, as a k-limb number below n: r ≡ 0 mod p.
        let bad = p.resized(key.n().limb_len());
        for (r, invertible) in [(good, true), (bad, false)] {
            let r_e = modulus.pow_vartime(&r, key.e());
            let b = blind(&key, &c, &r, &r_e);
            let group = KeyGroup {
                key: &key,
                members: vec![(0, r.clone())],
            };
            let inputs =
                FermatInputs::for_batch(core::slice::from_ref(&group), 2, &Options::default())
                    .unwrap();
            let Some(inputs) = inputs else {
                // Only the IFMA backend runs the 4-lane engine.
                assert_ne!(
                    montvec::Backend::active().ok(),
                    Some(montvec::Backend::Ifma)
                );
                return;
            };
            let inverses: Vec<Nat> = inputs
                .jobs(&key)
                .iter()
                .map(|j| {
                    montvec::batch::pow(core::slice::from_ref(j))
                        .unwrap()
                        .remove(0)
                })
                .collect();
            let got = joined_lane_inverse(&group, core::slice::from_ref(&b), &inverses);
            assert_eq!(got.is_some(), invertible);
            if let Some(inv) = got {
                let one = modulus.mul(&b.r_form, &inv[0]).unwrap();
                let one = modulus.from_montgomery(&one).unwrap();
                assert!(bool::from(one.ct_eq(&Nat::from_u64(1))));
            }
        }
    }
}
