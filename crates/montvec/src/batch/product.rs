//! Batch products: `a b mod n` ([`mul_mod`], [`square_mod`]) and Montgomery products of
//! elements ([`mul_montgomery`], [`square_montgomery`]).

use std::borrow::Cow;

use crate::error::Error;
#[cfg(target_arch = "x86_64")]
use crate::limb::Limb;
use crate::modulus::{Modulus, MontElem};
use crate::nat::Nat;

use super::calls::run_grouped;
use super::engine::resolve;
#[cfg(target_arch = "x86_64")]
use super::engine::Engine;
#[cfg(target_arch = "x86_64")]
use super::group::{avx2_group, ifma_group, moduli};
#[cfg(all(doc, target_arch = "x86_64"))]
use super::ifma;
#[cfg(doc)]
use super::pow::{pow, pow_with};
use super::{plan, MulJob, Options};

/// `a * b mod modulus` for every job, in input order, batched like [`pow`] (each product is
/// two almost-Montgomery products in the lanes; operands longer than the modulus's limb
/// count are reduced first, the others go into the lanes as they are).
///
/// ```
/// use montvec::batch::{self, MulJob};
/// use montvec::{Modulus, Nat};
/// # fn main() -> Result<(), montvec::Error> {
/// let m = Modulus::new(&Nat::from_u64(1_000_003))?;
/// let (a, b, big) = (Nat::from_u64(1234), Nat::from_u64(5678), Nat::from_u64(u64::MAX));
/// let out = batch::mul_mod(&[MulJob::new(&m, &a, &b), MulJob::new(&m, &big, &big)])?;
/// assert_eq!(out[0], Nat::from_u64(1234 * 5678 % 1_000_003));
/// let max = u64::MAX as u128 % 1_000_003;
/// assert_eq!(out[1], Nat::from_u64((max * max % 1_000_003) as u64));
/// # Ok(()) }
/// ```
///
/// Errors: as [`pow`].
///
/// Leaks: the count of jobs, each modulus's size and each operand's announced length (an
/// operand longer than its modulus is reduced first).
pub fn mul_mod(jobs: &[MulJob<'_>]) -> Result<Vec<Nat>, Error> {
    mul_mod_with(jobs, &Options::default())
}

/// [`mul_mod`] with explicit [`Options`].
///
/// Errors: as [`pow_with`].
///
/// Leaks: as [`mul_mod`], and the options.
pub fn mul_mod_with(jobs: &[MulJob<'_>], options: &Options) -> Result<Vec<Nat>, Error> {
    let prepared: Vec<Operands<'_>> = jobs
        .iter()
        .map(|j| (j.modulus, Cow::Borrowed(j.a), Cow::Borrowed(j.b)))
        .collect();
    products(&prepared, options, Product::Standard)
}

/// `a^2 mod modulus` for every `(modulus, a)`, in input order.
///
/// Errors: as [`pow`].
///
/// Leaks: as [`mul_mod`].
pub fn square_mod(jobs: &[(&Modulus, &Nat)]) -> Result<Vec<Nat>, Error> {
    square_mod_with(jobs, &Options::default())
}

/// [`square_mod`] with explicit [`Options`].
///
/// Errors: as [`pow_with`].
///
/// Leaks: as [`square_mod`], and the options.
pub fn square_mod_with(jobs: &[(&Modulus, &Nat)], options: &Options) -> Result<Vec<Nat>, Error> {
    let muls: Vec<MulJob<'_>> = jobs.iter().map(|&(m, a)| MulJob::new(m, a, a)).collect();
    mul_mod_with(&muls, options)
}

/// The Montgomery product `a * b / R mod modulus` of elements of each job's modulus (as
/// [`Modulus::mul`], batched: the elements' values, whatever the modulus's algorithm, go
/// through the lanes and come back as elements of that modulus).
///
/// Errors: [`Error::ForeignElement`] when an element belongs to another modulus,
/// [`Error::ZeroizedElement`] when one was zeroized, and those of [`pow_with`].
///
/// Leaks: the count of jobs and each modulus's size.
pub fn mul_montgomery(
    jobs: &[(&Modulus, &MontElem, &MontElem)],
    options: &Options,
) -> Result<Vec<MontElem>, Error> {
    let prepared = jobs
        .iter()
        .map(|&(m, a, b)| {
            let (a, b) = (m.to_standard_form(a)?, m.to_standard_form(b)?);
            Ok((m, Cow::Owned(a), Cow::Owned(b)))
        })
        .collect::<Result<Vec<Operands<'_>>, Error>>()?;
    let out = products(&prepared, options, Product::Montgomery)?;
    Ok(jobs
        .iter()
        .zip(out)
        .map(|(&(m, _, _), x)| m.elem_from_shared(x.as_limbs().to_vec()))
        .collect())
}

/// The Montgomery square `a * a / R mod modulus` of each element, batched as
/// [`mul_montgomery`].
///
/// Errors: as [`mul_montgomery`].
///
/// Leaks: as [`mul_montgomery`].
pub fn square_montgomery(
    jobs: &[(&Modulus, &MontElem)],
    options: &Options,
) -> Result<Vec<MontElem>, Error> {
    let muls: Vec<(&Modulus, &MontElem, &MontElem)> =
        jobs.iter().map(|&(m, a)| (m, a, a)).collect();
    mul_montgomery(&muls, options)
}

/// Which product [`products`] computes of two values below n.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Product {
    /// `a b mod n`.
    Standard,
    /// `a b / R64 mod n`, R64 = 2^(64k): the scalar Montgomery form.
    Montgomery,
}

/// One product's modulus and operands, borrowed from the caller or computed for it.
type Operands<'a> = (&'a Modulus, Cow<'a, Nat>, Cow<'a, Nat>);

/// Products of `(modulus, a, b)`, grouped and batched: `a, b` of any size for
/// [`Product::Standard`] (reduced where the lanes need it), below the modulus for
/// [`Product::Montgomery`].
fn products(
    prepared: &[Operands<'_>],
    options: &Options,
    kind: Product,
) -> Result<Vec<Nat>, Error> {
    let engine = resolve(options)?;
    run_grouped(
        prepared,
        |j| j.0,
        engine,
        options,
        options.engine.is_none().then_some(plan::Work::Products),
        |_| 1.0,
        |engine, group: &[&Operands<'_>]| match engine {
            #[cfg(target_arch = "x86_64")]
            Engine::Ifma512 | Engine::Ifma256 | Engine::Ifma256Split | Engine::Ifma512Split => {
                let (a, b) = lane_operands(group, kind, engine);
                ifma_group(engine, options, &moduli(group), |lanes| {
                    let a: Vec<&[Limb]> = a.iter().map(|x| x.as_limbs()).collect();
                    let b: Vec<&[Limb]> = b.iter().map(|x| x.as_limbs()).collect();
                    match kind {
                        Product::Standard => lanes.mul_mod(&a, &b),
                        Product::Montgomery => lanes.mont_mul(&a, &b),
                    }
                })
            }
            // Only when asked for: the lanes' per-call set-up (R mod n, R^2 mod n per lane)
            // outweighs one product, 75 against 7 us for four 1024-bit products and 1110
            // against 66 us at 4096 bits (AMD EPYC, AVX2 without AVX-512, one core, 2026-11-23).
            #[cfg(target_arch = "x86_64")]
            Engine::Avx2 if kind == Product::Standard && options.engine == Some(Engine::Avx2) => {
                let (a, b) = lane_operands(group, kind, engine);
                let a: Vec<&[Limb]> = a.iter().map(|x| x.as_limbs()).collect();
                let b: Vec<&[Limb]> = b.iter().map(|x| x.as_limbs()).collect();
                avx2_group(&moduli(group), |lanes| lanes.mul_mod(&a, &b))
            }
            // (The AVX2 lanes have no Montgomery-form product: those run one at a time.)
            _ => group
                .iter()
                .map(|&(m, a, b)| scalar_product(m, a, b, kind))
                .collect(),
        },
    )
}

/// A group's operands as `engine`'s lanes take them. The IFMA lanes take any operand of at
/// most k limbs as it is ([`ifma::IfmaLanes::mul_mod`] multiplies by R^2 first): only longer
/// ones are reduced (their announced length, public, decides), as for an exponentiation's
/// base. The AVX2 lanes take operands below the modulus: [`Product::Standard`]'s are reduced.
/// [`Product::Montgomery`]'s are shared forms, below n already.
///
/// Measured (Zen 5, one core, 8 products of one modulus a call, ns a product): reducing every
/// operand on the scalar engine first (two Montgomery products an operand) made the batch
/// 2-4x slower than one product at a time, 1310 against 596 at 1024 bits and 6920 against
/// 1806 at 3072.
#[cfg(target_arch = "x86_64")]
fn lane_operands<'a>(
    group: &[&'a Operands<'a>],
    kind: Product,
    engine: Engine,
) -> (Vec<Cow<'a, Nat>>, Vec<Cow<'a, Nat>>) {
    let lanes_take = |m: &Modulus, x: &'a Nat| -> Cow<'a, Nat> {
        let reduce = match kind {
            Product::Standard => engine == Engine::Avx2 || x.limb_len() > m.limbs(),
            Product::Montgomery => false,
        };
        if reduce {
            Cow::Owned(m.reduce(x))
        } else {
            Cow::Borrowed(x)
        }
    };
    group
        .iter()
        .map(|(m, a, b)| (lanes_take(m, a), lanes_take(m, b)))
        .unzip()
}

/// One product on the scalar engine.
fn scalar_product(m: &Modulus, a: &Nat, b: &Nat, kind: Product) -> Nat {
    let (x, y) = match kind {
        // a R and b R: their Montgomery product is a b R, whose value out of the form is a b.
        Product::Standard => (m.to_montgomery(a), m.to_montgomery(b)),
        Product::Montgomery => (
            m.elem_from_shared(a.as_limbs().to_vec()),
            m.elem_from_shared(b.as_limbs().to_vec()),
        ),
    };
    let p = m
        .mul(&x, &y)
        .unwrap_or_else(|_| unreachable!("elements of m"));
    let out = match kind {
        Product::Standard => m.from_montgomery(&p),
        Product::Montgomery => m.to_standard_form(&p),
    };
    out.unwrap_or_else(|_| unreachable!("elements of m"))
}
