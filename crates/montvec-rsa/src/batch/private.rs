//! RSADP / RSASP1 for many jobs: the steps of [`crate::primitive::private`] with the
//! exponentiations of every job in one batch call.
//!
//! 1. Per job, check c < n. Blinding pairs: per key, from its kept pair for as many of its
//!    jobs as that serves ([`BlindingCache::take`](crate::primitive::blinding)); for the other
//!    jobs a fresh factor rᵢ each (drawn serially, from the one generator), one
//!    public-exponent batch call ([`montvec::batch::pow_vartime_with`]) for every rᵢ^e, and
//!    per key one inverse for all its rᵢ ([`fresh_pairs`]); the key keeps the square of its
//!    last fresh pair. A key whose fresh pairs are refused (some rᵢ shares a prime with n,
//!    probability about 2^-(bits/2), or a fault) draws again.
//! 2. Per job, c'ᵢ = cᵢ·rᵢ^e mod n.
//! 3. One [`montvec::batch::pow_with`] call: (c'ᵢ mod p)^dP and (c'ᵢ mod q)^dQ for every job
//!    (and (c'ᵢ mod r)^dᵣ for each further prime r of a multi-prime key).
//! 4. Per job, Garner, then unblinding: mᵢ = m'ᵢ·rᵢ⁻¹ mod n.
//! 5. One public-exponent batch call for every mᵢ^e; per job, the check against cᵢ, as the
//!    single operation. (Tried, 2026-11-25: the powers and the comparison modulo each prime,
//!    the same check by the CRT for half the IFMAs, plus a reduction of c and of m per prime:
//!    even at 2048 bits and 0-4% slower at 3072, batched, one key, three alternating runs.)

use montvec::batch::{Job, Options};
use montvec::{Modulus, Nat};
use rand_core::CryptoRngCore;

use crate::error::{Error, Result};
use crate::key::{PublicKeyParts, RsaPrivateKey};
use crate::primitive::blinding::{blinding_factor, fresh_pairs, BlindingPair};
use crate::primitive::crt::crt_recombine;
use crate::primitive::private::{blind, check_input, released, unblind};

/// `c^d mod n` for every `(key, c)`, in input order, each by CRT with its own blinding factor
/// and a re-encryption check (the steps of [`crate::primitive::private`], whose `private_op`
/// is this with one job); the half-size exponentiations of all jobs run in one
/// [`montvec::batch::pow_with`] call with `options` (engine, threads). With no engine asked
/// for, that call plans them from measured costs: the two halves of a single operation share
/// one call of the split engine ([`montvec::batch::Engine::Ifma256Split`], each half in a
/// pair of lanes) where that is cheapest, on Zen 4 up to 2048-bit primes (RSA-2048 one at a
/// time: 309 -> 209 µs, one core).
///
/// Jobs may use one key or many, of one size or several. Each job's result is its own:
/// [`Error::InvalidInputLength`] when its c ≥ n, [`Error::FaultDetected`] when its result does
/// not re-encrypt to its input (or its key's fresh blinding pairs were refused four draws in
/// a row: with every prime of at least [`MIN_PRIME_BITS`](crate::key::MIN_PRIME_BITS), a
/// group of m jobs is refused a draw with probability below m k 2^-127 for k primes),
/// [`Error::Rng`] when the generator failed while drawing its blinding factor,
/// [`Error::Arithmetic`] for every job when the batch engine refuses `options` (an engine
/// this CPU lacks, zero threads).
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
/// exponent length), and per key which jobs draw a fresh blinding factor (the count of its
/// operations since the last draw, modulo 32); nothing of c, d, p, q, the blinding factors or
/// the results. The branches on secret-derived values are those of the single operation
/// ([`crate::primitive::private::private_op`]): the fault check, and the refusals of a
/// blinding draw outside [1, n), of a factor not invertible, and of an inverse that fails its
/// check.
pub fn private_ops(
    jobs: &[(&RsaPrivateKey, &Nat)],
    rng: &mut dyn CryptoRngCore,
    options: &Options,
) -> Vec<Result<Nat>> {
    let mut results: Vec<Option<Result<Nat>>> = jobs
        .iter()
        .map(|&(key, c)| check_input(key, c).err().map(Err))
        .collect();
    let mut pairs: Vec<Option<BlindingPair>> = jobs.iter().map(|_| None).collect();
    // Step 1: the kept pairs, per key for as many of its jobs as they serve.
    let valid: Vec<usize> = (0..jobs.len()).filter(|&i| results[i].is_none()).collect();
    for (key, members) in by_key(jobs, &valid) {
        let kept = key
            .blinding()
            .take(key.as_public_key().modulus(), members.len());
        for (&i, pair) in members.iter().zip(kept) {
            pairs[i] = Some(pair);
        }
    }
    // Fresh pairs for the other jobs; a key whose pairs were refused draws again, up to
    // FRESH_DRAWS times.
    for draw in 0.. {
        let pending: Vec<usize> = (0..jobs.len())
            .filter(|&i| results[i].is_none() && pairs[i].is_none())
            .collect();
        if pending.is_empty() {
            break;
        }
        if draw == FRESH_DRAWS {
            for i in pending {
                results[i] = Some(Err(Error::FaultDetected));
            }
            break;
        }
        let mut groups: Vec<FreshGroup<'_>> = Vec::new();
        for (key, members) in by_key(jobs, &pending) {
            let mut group = FreshGroup {
                key,
                members: Vec::with_capacity(members.len()),
                rs: Vec::with_capacity(members.len()),
            };
            for i in members {
                match blinding_factor(key, rng) {
                    Ok(r) => {
                        group.members.push(i);
                        group.rs.push(r);
                    }
                    Err(e) => results[i] = Some(Err(e)),
                }
            }
            groups.push(group);
        }
        match super::on_pool(options, |inner| fresh_group_pairs(&groups, inner)) {
            Ok(Ok(per_group)) => {
                for (g, got) in groups.iter().zip(per_group) {
                    let Some(got) = got else {
                        continue;
                    };
                    if let Some(last) = got.last() {
                        g.key
                            .blinding()
                            .keep_after(g.key.as_public_key().modulus(), last);
                    }
                    for (&i, pair) in g.members.iter().zip(got) {
                        pairs[i] = Some(pair);
                    }
                }
            }
            Ok(Err(e)) | Err(e) => {
                for &i in groups.iter().flat_map(|g| &g.members) {
                    results[i] = Some(Err(e.clone()));
                }
            }
        }
    }
    // Steps 2 to 5 for every job with a pair.
    let ready: Vec<(usize, BlindingPair)> = pairs
        .into_iter()
        .enumerate()
        .filter(|(i, _)| results[*i].is_none())
        .filter_map(|(i, pair)| pair.map(|pair| (i, pair)))
        .collect();
    match super::on_pool(options, |inner| blinded_ops(jobs, &ready, inner)) {
        Ok(Ok(out)) => {
            for ((i, _), r) in ready.iter().zip(out) {
                results[*i] = Some(r);
            }
        }
        Ok(Err(e)) | Err(e) => {
            for (i, _) in &ready {
                results[*i] = Some(Err(e.clone()));
            }
        }
    }
    results
        .into_iter()
        .map(|r| r.unwrap_or(Err(Error::FaultDetected)))
        .collect()
}

/// How many times a key's fresh blinding pairs are drawn before its jobs fail with
/// [`Error::FaultDetected`]: a draw is refused with probability about 2^-(bits/2) (a factor
/// sharing a prime with n), so a refusal after this many means the key or the arithmetic is
/// wrong, and drawing on would never end.
const FRESH_DRAWS: usize = 4;

/// The job indices `which` grouped by key (by address), keys in order of first appearance.
fn by_key<'a>(
    jobs: &[(&'a RsaPrivateKey, &Nat)],
    which: &[usize],
) -> Vec<(&'a RsaPrivateKey, Vec<usize>)> {
    let mut out: Vec<(&'a RsaPrivateKey, Vec<usize>)> = Vec::new();
    for &i in which {
        let key = jobs[i].0;
        match out.iter_mut().find(|(k, _)| core::ptr::eq(*k, key)) {
            Some((_, members)) => members.push(i),
            None => out.push((key, vec![i])),
        }
    }
    out
}

/// The jobs of one key that need fresh pairs, and their drawn factors.
struct FreshGroup<'a> {
    key: &'a RsaPrivateKey,
    members: Vec<usize>,
    rs: Vec<Nat>,
}

/// Step 1's fresh pairs: every rᵢ^e in one public-exponent batch, then per group
/// [`fresh_pairs`] (`None` for a group whose pairs were refused).
fn fresh_group_pairs(
    groups: &[FreshGroup<'_>],
    options: &Options,
) -> Result<Vec<Option<Vec<BlindingPair>>>> {
    let r_es = public_powers(
        groups
            .iter()
            .flat_map(|g| g.rs.iter().map(move |r| (g.key, r))),
        options,
    )?;
    let mut offset = 0;
    let per_group: Vec<(&FreshGroup<'_>, &[Nat])> = groups
        .iter()
        .map(|g| {
            let of_group = &r_es[offset..offset + g.rs.len()];
            offset += g.rs.len();
            (g, of_group)
        })
        .collect();
    Ok(super::map_jobs(&per_group, |(g, r_es)| {
        fresh_pairs(g.key, &g.rs, r_es)
    }))
}

/// Steps 2 to 5 for the jobs `ready` (job index, its blinding pair), on the current thread
/// pool: one result per entry of `ready`, in its order.
fn blinded_ops(
    jobs: &[(&RsaPrivateKey, &Nat)],
    ready: &[(usize, BlindingPair)],
    options: &Options,
) -> Result<Vec<Result<Nat>>> {
    // Step 2: the blinded inputs.
    let blinded: Vec<Nat> = super::map_jobs(ready, |(i, pair)| {
        let (key, c) = jobs[*i];
        blind(key, c, pair)
    });
    // Step 3: one batch of every exponentiation modulo a prime (two per job, or one per prime
    // of a multi-prime key).
    let pow_jobs: Vec<Job<'_>> = ready
        .iter()
        .zip(&blinded)
        .flat_map(|((i, _), c)| prime_exponents(jobs[*i].0).map(move |(m, x)| Job::new(m, c, x)))
        .collect();
    // No engine asked for: `montvec::batch` plans the calls from measured costs (a single
    // operation's two halves in one split call on the calling thread, up to 2048-bit primes
    // on Zen 4, or on two workers where that ends sooner).
    let powers = montvec::batch::pow_with(&pow_jobs, options)?;
    drop(pow_jobs);
    drop(blinded);
    // Step 4: Garner and unblinding per job.
    let mut offset = 0;
    let per_job: Vec<(&RsaPrivateKey, &[Nat], &BlindingPair)> = ready
        .iter()
        .map(|(i, pair)| {
            let key = jobs[*i].0;
            let count = 2 + key.other_primes().len();
            let ms = &powers[offset..offset + count];
            offset += count;
            (key, ms, pair)
        })
        .collect();
    let unblinded: Vec<Nat> = super::map_jobs(&per_job, |(key, ms, pair)| {
        unblind(key, &crt_recombine(key, ms), pair)
    });
    // Step 5: m^e of every job in one public-exponent batch, then the check.
    let back = public_powers(
        ready
            .iter()
            .zip(&unblinded)
            .map(|((i, _), m)| (jobs[*i].0, m)),
        options,
    )?;
    // Every Nat here (blinded values, powers, results) zeroizes itself on drop.
    Ok(ready
        .iter()
        .zip(unblinded)
        .zip(&back)
        .map(|(((i, _), m), back)| {
            let (key, c) = jobs[*i];
            released(key, c, m, back)
        })
        .collect())
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
    Ok(montvec::batch::pow_vartime_with(&jobs, options)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitive::private::tests::{big, key, oracle_pair, three_prime_key};
    use rand::SeedableRng;

    /// The batch's check (step 5) withholds a wrong result: a key that keeps a pair whose
    /// halves belong to different factors r and r' makes each of its jobs compute
    /// c^d·(r/r')^(2^i), which must come back as `FaultDetected` while the jobs of another key
    /// in the same batch are answered; the key then forgets the pair, and its next batch is
    /// right. Without step 5 every other batch test still passes: it is the only one that sees
    /// a fault.
    #[test]
    fn the_check_withholds_every_job_of_a_faulty_pair() {
        let (faulty, sound) = (key(), three_prime_key());
        let modulus = faulty.as_public_key().modulus();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (good, other) = (
            oracle_pair(&faulty, &mut rng),
            oracle_pair(&faulty, &mut rng),
        );
        let mixed = BlindingPair {
            r_e: good.r_e.clone(),
            r_inv: other.r_inv.clone(),
        };
        let c = [
            Nat::from_hex("5eed").unwrap(),
            Nat::from_hex("c0ffee").unwrap(),
        ];
        let jobs = [
            (&faulty, &c[0]),
            (&sound, &c[0]),
            (&faulty, &c[1]),
            (&sound, &c[1]),
        ];
        let want = |(key, c): &(&RsaPrivateKey, &Nat)| big(c).modpow(&big(key.d()), &big(key.n()));
        for engine in [None, Some(montvec::batch::Engine::Scalar)] {
            let options = Options {
                engine,
                ..Options::default()
            };
            // Replace the pair the last round kept.
            faulty.blinding().forget();
            faulty.blinding().keep_after(modulus, &mixed);
            let out = private_ops(&jobs, &mut rng, &options);
            for (i, (job, got)) in jobs.iter().zip(&out).enumerate() {
                if core::ptr::eq(job.0, &faulty) {
                    assert_eq!(got, &Err(Error::FaultDetected), "job {i}, {engine:?}");
                } else {
                    assert_eq!(big(got.as_ref().unwrap()), want(job), "job {i}, {engine:?}");
                }
            }
            assert!(
                faulty.blinding().take(modulus, 1).is_empty(),
                "the faulty pair is forgotten"
            );
            for (job, got) in jobs.iter().zip(private_ops(&jobs, &mut rng, &options)) {
                assert_eq!(big(&got.unwrap()), want(job), "{engine:?}");
            }
        }
    }
}
