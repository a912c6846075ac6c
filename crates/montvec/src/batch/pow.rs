//! Batch exponentiation: constant-time ([`pow`]) and for public exponents ([`pow_vartime`]).

use crate::error::Error;
#[cfg(target_arch = "x86_64")]
use crate::limb::Limb;
use crate::modulus::Modulus;
use crate::nat::Nat;

use super::calls::run_grouped;
use super::engine::resolve;
#[cfg(target_arch = "x86_64")]
use super::engine::Engine;
#[cfg(target_arch = "x86_64")]
use super::group::{avx2_group, ifma_group, moduli};
#[cfg(doc)]
use super::MAX_THREADS;
use super::{plan, Job, Options};

/// `base^exponent mod modulus` for every job, in input order, on every core with the active
/// backend's engine. Constant time per job as [`Modulus::pow`].
///
/// ```
/// use montvec::{batch, Modulus, Nat};
/// # fn main() -> Result<(), montvec::Error> {
/// // Jobs of mixed sizes and moduli: grouped by size, answered in input order.
/// let small = Modulus::new(&Nat::from_u64(197))?;
/// let big = Modulus::new(&Nat::from_hex(&"f".repeat(256))?)?; // 2^1024 - 1
/// let (three, hundred) = (Nat::from_u64(3), Nat::from_u64(100));
/// let modulus = |i: usize| if i % 2 == 0 { &small } else { &big };
/// let jobs: Vec<batch::Job<'_>> =
///     (0..10).map(|i| batch::Job::new(modulus(i), &three, &hundred)).collect();
/// let out = batch::pow(&jobs)?;
/// for (i, y) in out.iter().enumerate() {
///     assert_eq!(*y, modulus(i).pow(&three, &hundred));
/// }
/// assert_eq!(out[0].to_decimal_vartime(), "188"); // 3^100 mod 197
/// # Ok(()) }
/// ```
///
/// Errors: [`Error::UnsupportedBackend`] (a bad `MONTVEC_BACKEND`).
///
/// Leaks: the count of jobs, each modulus's size, each base's announced length (a base longer
/// than its modulus is reduced first, in time that grows with that length), and per group of
/// jobs computed together (same limb count) the longest announced exponent length; nothing of
/// the values of bases, exponents or moduli.
pub fn pow(jobs: &[Job<'_>]) -> Result<Vec<Nat>, Error> {
    pow_with(jobs, &Options::default())
}

/// [`pow`] with explicit [`Options`].
///
/// Errors: [`Error::UnsupportedEngine`] when the engine does not run on this CPU,
/// [`Error::UnsupportedBackend`] (a bad `MONTVEC_BACKEND`),
/// [`Error::Threads`] when `threads` is zero or above [`MAX_THREADS`], or the pool cannot
/// start.
///
/// Leaks: as [`pow`], and the options.
pub fn pow_with(jobs: &[Job<'_>], options: &Options) -> Result<Vec<Nat>, Error> {
    powers(jobs, options, Exponents::Secret)
}

/// `base^exponent mod modulus` for every job, as [`pow`], for **public** exponents (RSA's
/// e, signature verification): square-and-multiply over the exponents' bits, so a batch of
/// jobs sharing e = 65537 costs 16 squarings and one product per lane instead of a fixed
/// window over the exponent's announced length. On the scalar and AVX2 engines each job runs
/// [`Modulus::pow_vartime`].
///
/// ```
/// use montvec::{batch, Modulus, Nat};
/// # fn main() -> Result<(), montvec::Error> {
/// let n = Modulus::new(&Nat::from_hex("c5a3b1e7d9f3")?)?;
/// let (b, e) = (Nat::from_u64(2), Nat::from_u64(65537));
/// let jobs = [batch::Job::new(&n, &b, &e)];
/// assert_eq!(batch::pow_vartime(&jobs)?[0], n.pow_vartime(&b, &e));
/// # Ok(()) }
/// ```
///
/// Errors: as [`pow`].
///
/// Leaks: the exponents (their bits choose the operations), the count of jobs, each modulus's
/// size and each base's announced length; nothing of the values of bases or moduli.
pub fn pow_vartime(jobs: &[Job<'_>]) -> Result<Vec<Nat>, Error> {
    pow_vartime_with(jobs, &Options::default())
}

/// [`pow_vartime`] with explicit [`Options`].
///
/// Errors: as [`pow_with`].
///
/// Leaks: as [`pow_vartime`], and the options.
pub fn pow_vartime_with(jobs: &[Job<'_>], options: &Options) -> Result<Vec<Nat>, Error> {
    powers(jobs, options, Exponents::Public)
}

/// Whether the exponents of [`powers`] are secret (constant-time schedule) or public.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Exponents {
    Secret,
    Public,
}

/// [`pow_with`] and [`pow_vartime_with`].
fn powers(jobs: &[Job<'_>], options: &Options, exponents: Exponents) -> Result<Vec<Nat>, Error> {
    let engine = resolve(options)?;
    let prepared: Vec<(&Modulus, &Nat, &Nat)> = jobs
        .iter()
        .map(|j| (j.modulus, j.base, j.exponent))
        .collect();
    run_grouped(
        &prepared,
        |j| j.0,
        engine,
        options,
        options.engine.is_none().then_some(plan::Work::Powers),
        // The planned costs are for an exponent as long as the modulus; the work grows with
        // the exponent's announced length (secret) or its bits (public, e = 65537: 17).
        |j| {
            let exponent_bits = match exponents {
                Exponents::Secret => 64 * j.2.limb_len(),
                Exponents::Public => j.2.bit_length_vartime(),
            };
            exponent_bits as f64 / (64 * j.0.limbs()) as f64
        },
        |engine, group: &[&(&Modulus, &Nat, &Nat)]| {
            // The lanes take bases below their modulus; `Modulus::pow` reduces its own.
            #[cfg(target_arch = "x86_64")]
            let reduced = || -> Vec<Nat> { group.iter().map(|j| j.0.reduce(j.1)).collect() };
            match engine {
                #[cfg(target_arch = "x86_64")]
                Engine::Ifma512 | Engine::Ifma256 | Engine::Ifma256Split | Engine::Ifma512Split => {
                    // The IFMA lanes take any base of at most k limbs as it is (the first
                    // product, by R^2 mod N, maps x < 2^(64k) <= R / 4 below 2N): only longer
                    // bases are reduced (their announced length, public, decides).
                    let reduced: Vec<Option<Nat>> = group
                        .iter()
                        .map(|j| (j.1.limb_len() > j.0.limbs()).then(|| j.0.reduce(j.1)))
                        .collect();
                    ifma_group(engine, options, &moduli(group), |lanes| {
                        let bases: Vec<&[Limb]> = group
                            .iter()
                            .zip(&reduced)
                            .map(|(j, r)| r.as_ref().unwrap_or(j.1).as_limbs())
                            .collect();
                        let exps: Vec<&[Limb]> = group.iter().map(|j| j.2.as_limbs()).collect();
                        match exponents {
                            Exponents::Secret => lanes.pow(&bases, &exps),
                            Exponents::Public => lanes.pow_vartime(&bases, &exps),
                        }
                    })
                }
                _ if exponents == Exponents::Public => {
                    group.iter().map(|j| j.0.pow_vartime(j.1, j.2)).collect()
                }
                #[cfg(target_arch = "x86_64")]
                Engine::Avx2 => {
                    let reduced = reduced();
                    let bases: Vec<&[Limb]> = reduced.iter().map(|b| b.as_limbs()).collect();
                    // One announced exponent length for the group: the longest, zero-padded.
                    let len = group.iter().map(|j| j.2.limb_len()).max().unwrap_or(0);
                    let padded: Vec<Nat> = group.iter().map(|j| j.2.resized(len)).collect();
                    let exps: Vec<&[Limb]> = padded.iter().map(|e| e.as_limbs()).collect();
                    avx2_group(&moduli(group), |lanes| lanes.pow(&bases, &exps))
                }
                _ => group.iter().map(|j| j.0.pow(j.1, j.2)).collect(),
            }
        },
    )
}
