//! RSADP / RSASP1 for many jobs: the steps of [`crate::primitive::private`] with the
//! exponentiations of every job in one batch call.
//!
//! 1. Per job, check c < n and draw a blinding factor rᵢ (serially, from the one generator).
//! 2. Per job, c'ᵢ = cᵢ·rᵢ^e mod n; per key, the prefix products Pᵢ = r₁⋯rᵢ mod n
//!    (Montgomery's simultaneous inversion: one inverse for all of a key's jobs).
//! 3. One [`montvec::batch::pow_with`] call: (c'ᵢ mod p)^dP and (c'ᵢ mod q)^dQ for every job,
//!    and per key P^(p−2) mod p and P^(q−2) mod q for the inverse of its last prefix product.
//! 4. Per key, P⁻¹ by Garner, then rᵢ⁻¹ = Pᵢ₋₁·(Pᵢ)⁻¹ and (Pᵢ₋₁)⁻¹ = rᵢ·(Pᵢ)⁻¹ going down.
//! 5. Per job, Garner, the re-encryption check and unblinding, as the single operation.

use montvec::batch::{Job, Options};
use montvec::Nat;
use rand_core::CryptoRngCore;
use rayon::prelude::*;
use zeroize::Zeroize;

use crate::arith;
use crate::error::{Error, Result};
use crate::key::RsaPrivateKey;
use crate::primitive::private::{
    blind, blinding_factor, check_and_unblind, check_input, crt_recombine, inverse_exponents,
    private_op, reencrypt,
};

/// `c^d mod n` for every `(key, c)`, in input order, each by CRT with its own blinding factor
/// and a re-encryption check, as [`private_op`] computes it; the half-size exponentiations of
/// all jobs run in one [`montvec::batch::pow_with`] call with `options` (engine, threads).
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
    // Step 1: a blinding factor per valid job, drawn serially; the jobs of a key together.
    let mut groups: Vec<KeyGroup<'_>> = Vec::new();
    for (i, &(key, _)) in jobs.iter().enumerate() {
        if results[i].is_some() {
            continue;
        }
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
            for g in &groups {
                for &(i, _) in &g.members {
                    results[i] = Some(Err(e.clone()));
                }
            }
        }
    }
    // Groups whose product of blinding factors was not invertible ran one at a time.
    for g in &mut groups {
        for (i, r) in &mut g.members {
            r.zeroize();
            if results[*i].is_none() {
                results[*i] = Some(private_op(g.key, jobs[*i].1, rng));
            }
        }
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
/// leaving out the jobs of a group whose blinding product was not invertible (the caller runs
/// those one at a time).
fn blinded_batch(
    jobs: &[(&RsaPrivateKey, &Nat)],
    groups: &[KeyGroup<'_>],
    options: &Options,
) -> Result<Vec<(usize, Result<Nat>)>> {
    // Step 2: blinded inputs, per group in member order, and each group's prefix products.
    let blinded: Vec<Vec<Nat>> = groups
        .par_iter()
        .map(|g| {
            g.members
                .par_iter()
                .map(|(i, r)| blind(g.key, jobs[*i].1, r))
                .collect()
        })
        .collect();
    let prefixes: Vec<Vec<Nat>> = groups.par_iter().map(prefix_products).collect();
    let inverse_exps: Vec<[Nat; 2]> = groups.iter().map(|g| inverse_exponents(g.key)).collect();
    // Step 3: one batch of every half-size exponentiation.
    let mut pow_jobs: Vec<Job<'_>> = Vec::new();
    for (g, (b, (pre, [exp_p, exp_q]))) in groups
        .iter()
        .zip(blinded.iter().zip(prefixes.iter().zip(&inverse_exps)))
    {
        let (p_mod, q_mod) = (&**g.key.p_modulus(), &**g.key.q_modulus());
        for c in b {
            pow_jobs.push(Job::new(p_mod, c, g.key.dp()));
            pow_jobs.push(Job::new(q_mod, c, g.key.dq()));
        }
        let product = pre.last().expect("a group has a member");
        pow_jobs.push(Job::new(p_mod, product, exp_p));
        pow_jobs.push(Job::new(q_mod, product, exp_q));
    }
    let powers = montvec::batch::pow_with(&pow_jobs, options)?;
    // Steps 4 and 5, per group.
    let mut offset = 0;
    let mut out = Vec::new();
    for ((g, b), pre) in groups.iter().zip(&blinded).zip(&prefixes) {
        let count = g.members.len();
        let halves = &powers[offset..offset + 2 * count + 2];
        offset += 2 * count + 2;
        let Some(r_invs) = blinding_inverses(g, pre, &halves[2 * count], &halves[2 * count + 1])
        else {
            continue;
        };
        let finished: Vec<(usize, Result<Nat>)> = g
            .members
            .par_iter()
            .zip(b.par_iter().zip(r_invs.par_iter()))
            .enumerate()
            .map(|(j, ((i, _), (c, r_inv)))| {
                let m = crt_recombine(g.key, &halves[2 * j], &halves[2 * j + 1]);
                let back = reencrypt(g.key, &m);
                (*i, check_and_unblind(g.key, c, m, back, r_inv))
            })
            .collect();
        out.extend(finished);
        for mut x in r_invs {
            x.zeroize();
        }
    }
    for mut x in powers
        .into_iter()
        .chain(blinded.into_iter().flatten())
        .chain(prefixes.into_iter().flatten())
    {
        x.zeroize();
    }
    Ok(out)
}

/// P₁ = r₁, Pᵢ = Pᵢ₋₁·rᵢ mod n.
///
/// Leaks: the sizes and the member count.
fn prefix_products(g: &KeyGroup<'_>) -> Vec<Nat> {
    let modulus = g.key.as_public_key().modulus();
    let mut out: Vec<Nat> = Vec::with_capacity(g.members.len());
    for (_, r) in &g.members {
        let next = match out.last() {
            Some(prev) => arith::mul_mod(modulus, prev, r),
            None => r.clone(),
        };
        out.push(next);
    }
    out
}

/// Step 4: every rᵢ⁻¹ of a group from its prefix products and (P mod p)^(p−2), (P mod q)^(q−2)
/// for the last one P; `None` when P is not invertible (some rᵢ shares a factor with n).
///
/// Leaks: the sizes, and whether P was invertible.
fn blinding_inverses(
    g: &KeyGroup<'_>,
    prefixes: &[Nat],
    inv_p: &Nat,
    inv_q: &Nat,
) -> Option<Vec<Nat>> {
    if bool::from(inv_p.is_zero() | inv_q.is_zero()) {
        return None;
    }
    let modulus = g.key.as_public_key().modulus();
    // inv = (P_i)^-1, starting at the last prefix.
    let mut inv = crt_recombine(g.key, inv_p, inv_q);
    let mut out = vec![Nat::zero(0); g.members.len()];
    for i in (0..g.members.len()).rev() {
        if i == 0 {
            out[0] = inv.clone();
        } else {
            // r_i^-1 = P_(i-1) (P_i)^-1, and (P_(i-1))^-1 = r_i (P_i)^-1.
            out[i] = arith::mul_mod(modulus, &prefixes[i - 1], &inv);
            let next = arith::mul_mod(modulus, &g.members[i].1, &inv);
            inv.zeroize();
            inv = next;
        }
    }
    inv.zeroize();
    Some(out)
}
