//! RSAEP / RSAVP1 for many jobs.

use montvec::batch::{Job, Options};
use montvec::Nat;

use crate::error::{Error, Result};
use crate::key::{PublicKeyParts, RsaPublicKey};

/// `x^e mod n` for every `(key, x)`, in input order, each equal to what
/// [`crate::primitive::public::public_op`] computes; the exponentiations of all jobs run in
/// one [`montvec::batch::pow_vartime_with`] call with `options` (engine, threads): in the
/// IFMA lanes, jobs sharing e = 65537 cost 16 squarings and one product per lane. With no
/// engine asked for, `montvec::batch` plans the calls from measured costs scaled to e's
/// length (one job alone, as `public_op` computes it; a few in a split call or four lanes;
/// many in eight). Measured with 8 jobs of one key (`montvec bench --rsa`, one
/// core): 1.5 / 3.3 / 6.7 / 11.1 µs per operation at 1024 / 2048 / 3072 / 4096 bits, against
/// 3.9 / 7.2 / 12.3 / 16.7 µs one by one.
///
/// Each job's result is its own: [`Error::InvalidInputLength`] when its x ≥ n; every job gets
/// [`Error::Arithmetic`] when the batch engine refuses `options` (an engine this CPU lacks,
/// zero threads).
///
/// Leaks: everything about e and the sizes (public); nothing of x beyond its announced length
/// and whether x < n.
pub fn public_ops(jobs: &[(&RsaPublicKey, &Nat)], options: &Options) -> Vec<Result<Nat>> {
    let prepared: Vec<Result<(&RsaPublicKey, &Nat)>> = jobs
        .iter()
        .map(|&(key, x)| {
            if bool::from(crate::arith::lt(x, key.n())) {
                Ok((key, x))
            } else {
                Err(Error::InvalidInputLength)
            }
        })
        .collect();
    super::on_valid(prepared, |valid| {
        let pow_jobs: Vec<Job<'_>> = valid
            .iter()
            .map(|&(key, x)| Job::new(key.modulus(), x, key.e()))
            .collect();
        let done = super::on_pool(options, |inner| {
            montvec::batch::pow_vartime_with(&pow_jobs, inner).map_err(Error::from)
        })
        .and_then(|powers| powers);
        match done {
            Ok(out) => out.into_iter().map(Ok).collect(),
            Err(e) => valid.iter().map(|_| Err(e.clone())).collect(),
        }
    })
}
