//! What `montvec bench` measures: for each operation and modulus size, every montvec
//! algorithm (and backend) beside the peers, each answer checked against the others before
//! any timing. The batch rows (`batch_exp`) are built in its `batch` module.

use std::hint::black_box;

use montvec::{Algorithm, Backend, Modulus, Nat};

mod batch;
mod rsa;

pub use self::batch::{CRYPTO_MB_EXP, JOBS_PER_THREAD, ONE_THREAD_SUFFIX, PLAIN_SUFFIX};
pub use self::rsa::{
    CRYPTO_MB_PRIVATE, CRYPTO_MB_PUBLIC, OPENSSL_PRIVATE, OPENSSL_PUBLIC, PRIVATE_OP, PUBLIC_OP,
    RSA_JOBS, RUSTCRYPTO_PRIVATE, RUSTCRYPTO_PUBLIC,
};

use crate::gmp::{self, Mpz};
use crate::openssl::{BigNum, OpensslError, OpensslModulus};
use crate::operands::Operands;
use crate::rustcrypto::{self, CtModulus, RustcryptoError};
use crate::timing::{self, Clock, Plan, Timing};

/// The operation timed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    /// Montgomery multiplication a*b/R mod n.
    Mul,
    /// Montgomery squaring a^2/R mod n.
    Sqr,
    /// Constant-time modular exponentiation with a full-size exponent.
    Exp,
    /// The full product of two k-limb numbers (no reduction): `mul::product` vs `mpn_mul_n`.
    Product,
    /// Constant-time exponentiations with full-size exponents, many at once on the batch
    /// engines (`montvec::batch::pow_with`), each lane with its own modulus.
    BatchExp,
    /// montvec-rsa's private operation (CRT, blinding, re-encryption check), one at a time
    /// and batched, beside OpenSSL's on the same key.
    RsaPrivate,
    /// The RSA public operation (e = 65537), one at a time and batched, beside OpenSSL's.
    RsaPublic,
}

impl Op {
    /// Every operation, in table order.
    pub const ALL: [Op; 7] = [
        Op::Mul,
        Op::Sqr,
        Op::Exp,
        Op::Product,
        Op::BatchExp,
        Op::RsaPrivate,
        Op::RsaPublic,
    ];

    /// The operations of a run that names none (the RSA rows are asked for separately).
    pub const DEFAULT: [Op; 5] = [Op::Mul, Op::Sqr, Op::Exp, Op::Product, Op::BatchExp];

    /// The RSA operations.
    pub const RSA: [Op; 2] = [Op::RsaPrivate, Op::RsaPublic];

    /// The lowercase name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Op::Mul => "mul",
            Op::Sqr => "sqr",
            Op::Exp => "exp",
            Op::Product => "product",
            Op::BatchExp => "batch_exp",
            Op::RsaPrivate => "rsa_private",
            Op::RsaPublic => "rsa_public",
        }
    }
}

/// Whose code ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Impl {
    /// This project.
    Montvec,
    /// The system GMP.
    Gmp,
    /// The system OpenSSL (libcrypto).
    Openssl,
    /// The RustCrypto crates (`rsa`, `crypto-bigint`).
    Rustcrypto,
    /// Intel's crypto_mb, the 8-way AVX-512 IFMA engine (batch rows, where it is linked).
    CryptoMb,
}

impl Impl {
    /// The lowercase name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Impl::Montvec => "montvec",
            Impl::Gmp => "gmp",
            Impl::Openssl => "openssl",
            Impl::Rustcrypto => "rustcrypto",
            Impl::CryptoMb => "crypto_mb",
        }
    }
}

/// The algorithm label of montvec's ladder exponentiation (`Modulus::pow_ladder`).
pub const LADDER: &str = "ladder";
/// The algorithm label of montvec's full product (`montvec::mul::product`).
pub const PRODUCT: &str = "product";
/// The backend label of peers (and of montvec code that has no backend choice).
pub const NO_BACKEND: &str = "-";

/// What one measurement is of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The operation.
    pub op: Op,
    /// Whose code.
    pub imp: Impl,
    /// montvec's algorithm name, or the peer's function name.
    pub algorithm: String,
    /// montvec's backend name, or [`NO_BACKEND`].
    pub backend: String,
    /// Bits of the modulus (for `product`: of the operands).
    pub bits: usize,
    /// Operations computed together in SIMD lanes: 8 or 4 on the batch engines, else 1.
    pub batch: usize,
    /// Worker threads the call runs on.
    pub threads: usize,
    /// Independent operations per timed call; `ns_per_op` is per single operation.
    pub per_call: usize,
}

/// One timed result.
#[derive(Debug, Clone, PartialEq)]
pub struct Measurement {
    /// What was timed.
    pub label: Label,
    /// The time per call; divide by `label.per_call` for the time per operation.
    pub timing: Timing,
    /// The clock the samples were read on.
    pub clock: Clock,
}

impl Measurement {
    /// Median nanoseconds per single operation.
    pub fn ns_per_op(&self) -> f64 {
        self.timing.median_ns / self.label.per_call as f64
    }
}

/// Which contenders to build.
#[derive(Debug, Clone)]
pub struct Selection {
    /// montvec algorithms (concrete ones; `Auto` is resolved per size).
    pub algorithms: Vec<Algorithm>,
    /// Also time `Modulus::pow_ladder` for `exp`.
    pub ladder: bool,
    /// Also time `mul::product` for `product`.
    pub product: bool,
    /// montvec backends.
    pub backends: Vec<Backend>,
    /// An algorithm that none of `backends` accepts at a size is timed on the first other
    /// supported backend that does (an algorithm that exists for one backend only, say); and
    /// batch rows run on every engine this CPU supports, not only the engines of `backends`.
    pub backend_fallback: bool,
    /// Time GMP and OpenSSL too.
    pub peers: bool,
    /// Worker threads of the batch rows: one [`Job`] per count and size.
    pub threads: Vec<usize>,
    /// Seed of the operands.
    pub seed: u64,
}

/// A contender ready to run: its label, its answer (checked against the others) and the call
/// to time.
pub struct Contender {
    /// What it is.
    pub label: Label,
    answer: Vec<u64>,
    call: Box<dyn FnMut() + Send>,
}

/// All contenders of one operation at one size (and for batch rows, one thread count).
pub struct Job {
    /// The operation.
    pub op: Op,
    /// The size in bits.
    pub bits: usize,
    /// The algorithm `Algorithm::Auto` picks at this size.
    pub auto_pick: Algorithm,
    /// Worker threads of the batch rows (1 for the other operations).
    pub threads: usize,
    /// The contenders, montvec first.
    pub contenders: Vec<Contender>,
    /// The pool the batch rows are measured in (`None` for the other operations).
    pool: Option<rayon::ThreadPool>,
}

/// Why a benchmark could not run.
#[derive(Debug)]
pub enum BenchError {
    /// An OpenSSL call failed.
    Openssl(OpensslError),
    /// montvec refused an input.
    Montvec(montvec::Error),
    /// The batch rows' thread pool could not be started.
    Pool(String),
    /// montvec-rsa refused a key or an input.
    Rsa(String),
    /// A RustCrypto crate refused a key or an input.
    Rustcrypto(RustcryptoError),
    /// Two contenders computed different answers.
    Disagree {
        /// The operation.
        op: Op,
        /// The size.
        bits: usize,
        /// The first contender (the reference).
        reference: String,
        /// The one that differs.
        other: String,
    },
}

impl core::fmt::Display for BenchError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BenchError::Openssl(e) => write!(f, "{e}"),
            BenchError::Montvec(e) => write!(f, "montvec: {e}"),
            BenchError::Pool(e) => write!(f, "thread pool: {e}"),
            BenchError::Rsa(e) => write!(f, "montvec-rsa: {e}"),
            BenchError::Rustcrypto(e) => write!(f, "{e}"),
            BenchError::Disagree {
                op,
                bits,
                reference,
                other,
            } => write!(
                f,
                "{} at {bits} bits: {other} disagrees with {reference}",
                op.name()
            ),
        }
    }
}

impl std::error::Error for BenchError {}

impl From<OpensslError> for BenchError {
    fn from(e: OpensslError) -> Self {
        BenchError::Openssl(e)
    }
}

impl From<RustcryptoError> for BenchError {
    fn from(e: RustcryptoError) -> Self {
        BenchError::Rustcrypto(e)
    }
}

impl From<montvec::Error> for BenchError {
    fn from(e: montvec::Error) -> Self {
        BenchError::Montvec(e)
    }
}

fn label(op: Op, imp: Impl, algorithm: &str, backend: &str, bits: usize) -> Label {
    Label {
        op,
        imp,
        algorithm: algorithm.to_string(),
        backend: backend.to_string(),
        bits,
        batch: 1,
        threads: 1,
        per_call: 1,
    }
}

/// The montvec moduli of the selection at this size: one per (backend, algorithm) that
/// accepts it; a pair that rejects the size (an algorithm limited to some sizes, say) is
/// skipped, and with `backend_fallback` an algorithm no selected backend accepts is tried on
/// the other supported backends.
fn montvec_moduli(n: &Nat, sel: &Selection) -> Vec<Modulus> {
    let mut out = Vec::new();
    for &algorithm in &sel.algorithms {
        let mut accepted: Vec<Modulus> = sel
            .backends
            .iter()
            .filter_map(|&b| Modulus::with_options(n, algorithm, b).ok())
            .collect();
        if accepted.is_empty() && sel.backend_fallback {
            accepted.extend(
                Backend::supported()
                    .into_iter()
                    .filter(|b| !sel.backends.contains(b))
                    .find_map(|b| Modulus::with_options(n, algorithm, b).ok()),
            );
        }
        out.extend(accepted);
    }
    out
}

fn mont_contender(op: Op, o: &Operands, m: Modulus) -> Result<Contender, BenchError> {
    let lab = label(
        op,
        Impl::Montvec,
        m.algorithm().name(),
        m.backend().name(),
        o.bits,
    );
    let a = m.to_montgomery(&o.x);
    let b = m.to_montgomery(&o.y);
    match op {
        Op::Mul => {
            let mut out = m.mul(&a, &b)?;
            let answer = m.to_standard_form(&out)?.as_limbs().to_vec();
            // Into an element kept across calls, as OpenSSL's product writes into its `r`.
            let call = Box::new(move || {
                black_box(m.mul_into(&mut out, black_box(&a), black_box(&b)).is_ok());
            });
            Ok(Contender {
                label: lab,
                answer,
                call,
            })
        }
        Op::Sqr => {
            let mut out = m.square(&a)?;
            let answer = m.to_standard_form(&out)?.as_limbs().to_vec();
            let call = Box::new(move || {
                black_box(m.square_into(&mut out, black_box(&a)).is_ok());
            });
            Ok(Contender {
                label: lab,
                answer,
                call,
            })
        }
        Op::Exp | Op::Product | Op::BatchExp | Op::RsaPrivate | Op::RsaPublic => {
            unreachable!("exp, product, batch and RSA contenders are built elsewhere")
        }
    }
}

fn exp_contender(o: &Operands, m: Modulus, ladder: bool) -> Contender {
    let algorithm = if ladder { LADDER } else { m.algorithm().name() };
    let lab = label(
        Op::Exp,
        Impl::Montvec,
        algorithm,
        m.backend().name(),
        o.bits,
    );
    let (x, e) = (o.x.clone(), o.exponent.clone());
    let pow = move |m: &Modulus, x: &Nat, e: &Nat| {
        if ladder {
            m.pow_ladder(x, e)
        } else {
            m.pow(x, e)
        }
    };
    let answer = pow(&m, &x, &e).as_limbs().to_vec();
    let call = Box::new(move || {
        black_box(pow(&m, black_box(&x), black_box(&e)));
    });
    Contender {
        label: lab,
        answer,
        call,
    }
}

fn openssl_montgomery(op: Op, o: &Operands) -> Result<Contender, BenchError> {
    let mut m = OpensslModulus::new(o.modulus.as_limbs())?;
    let k = m.limbs();
    let a = m.to_montgomery(&BigNum::from_limbs(o.x.as_limbs())?)?;
    let b = m.to_montgomery(&BigNum::from_limbs(o.y.as_limbs())?)?;
    let mut r = BigNum::new()?;
    let second = if op == Op::Sqr { &a } else { &b };
    m.mul_montgomery(&mut r, &a, second)?;
    let answer = r.to_limbs(k)?;
    let sqr = op == Op::Sqr;
    let call = Box::new(move || {
        let second = if sqr { &a } else { &b };
        black_box(
            m.mul_montgomery(&mut r, black_box(&a), black_box(second))
                .is_ok(),
        );
    });
    Ok(Contender {
        label: label(
            op,
            Impl::Openssl,
            "BN_mod_mul_montgomery",
            NO_BACKEND,
            o.bits,
        ),
        answer,
        call,
    })
}

/// `BN_mod_exp_mont_consttime` on `lanes` (one modulus each, prepared once): the answer holds
/// every lane's result in order; each call computes one exponentiation, lane after lane.
fn openssl_exp(op: Op, lanes: &[Operands]) -> Result<Contender, BenchError> {
    let mut each = Vec::with_capacity(lanes.len());
    for o in lanes {
        let m = OpensslModulus::new(o.modulus.as_limbs())?;
        let x = BigNum::from_limbs(o.x.as_limbs())?;
        let e = BigNum::from_limbs(o.exponent.as_limbs())?;
        each.push((m, x, e));
    }
    let mut r = BigNum::new()?;
    let mut answer = Vec::new();
    for (m, x, e) in &mut each {
        m.exp_consttime(&mut r, x, e)?;
        answer.extend(r.to_limbs(m.limbs())?);
    }
    let mut lane = Rotation::new(each.len());
    let call = Box::new(move || {
        let (m, x, e) = &mut each[lane.next()];
        black_box(m.exp_consttime(&mut r, black_box(x), black_box(e)).is_ok());
    });
    Ok(Contender {
        label: label(
            op,
            Impl::Openssl,
            "BN_mod_exp_mont_consttime",
            NO_BACKEND,
            lanes[0].bits,
        ),
        answer,
        call,
    })
}

/// The function name of `crypto-bigint`'s exponentiation rows.
pub const CRYPTO_BIGINT_POW: &str = "BoxedMontyForm::pow";

/// `crypto-bigint`'s `BoxedMontyForm::pow` on `lanes`, as [`openssl_exp`].
fn rustcrypto_exp(op: Op, lanes: &[Operands]) -> Result<Contender, BenchError> {
    let mut each = Vec::with_capacity(lanes.len());
    let mut answer = Vec::new();
    for o in lanes {
        let m = CtModulus::new(o.modulus.as_limbs())?;
        let x = m.to_montgomery(o.x.as_limbs());
        let e = rustcrypto::exponent(o.exponent.as_limbs());
        answer.extend(m.to_limbs(&m.pow(&x, &e)));
        each.push((m, x, e));
    }
    let mut lane = Rotation::new(each.len());
    let call = Box::new(move || {
        let (m, x, e) = &each[lane.next()];
        black_box(m.pow(black_box(x), black_box(e)));
    });
    Ok(Contender {
        label: label(
            op,
            Impl::Rustcrypto,
            CRYPTO_BIGINT_POW,
            NO_BACKEND,
            lanes[0].bits,
        ),
        answer,
        call,
    })
}

/// `mpz_powm_sec` (or with `sec` false, `mpz_powm`) on `lanes`, as [`openssl_exp`].
fn gmp_exp(op: Op, lanes: &[Operands], sec: bool) -> Contender {
    let k = lanes[0].modulus.limb_len();
    let each: Vec<[Mpz; 3]> = lanes
        .iter()
        .map(|o| [&o.modulus, &o.x, &o.exponent].map(|v| Mpz::from_limbs(v.as_limbs())))
        .collect();
    let mut r = Mpz::new();
    let run = move |r: &mut Mpz, [n, x, e]: &[Mpz; 3]| {
        if sec {
            r.powm_sec(x, e, n)
        } else {
            r.powm(x, e, n)
        }
    };
    let mut answer = Vec::with_capacity(k * lanes.len());
    for lane in &each {
        run(&mut r, lane);
        answer.extend(r.to_limbs(k));
    }
    let name = if sec { "mpz_powm_sec" } else { "mpz_powm" };
    let mut lane = Rotation::new(each.len());
    let call = Box::new(move || {
        run(&mut r, black_box(&each[lane.next()]));
        black_box(&r);
    });
    Contender {
        label: label(op, Impl::Gmp, name, NO_BACKEND, lanes[0].bits),
        answer,
        call,
    }
}

/// Lane indices 0, 1, ..., len - 1, 0, 1, ...: which lane a peer's next call computes.
struct Rotation {
    next: usize,
    len: usize,
}

impl Rotation {
    fn new(len: usize) -> Rotation {
        Rotation { next: 0, len }
    }

    fn next(&mut self) -> usize {
        let i = self.next;
        self.next = if i + 1 == self.len { 0 } else { i + 1 };
        i
    }
}

/// Products per timed call of the product rows: a product takes a few nanoseconds, so one
/// product per call of the harness's boxed closure would time the call as much as the product
/// (the same for both contenders, pulling their ratio towards 1). For the same reason each
/// call takes its slices out of the vectors once: `black_box(&vec)` in the loop made every
/// product reload the vectors' pointers and lengths (Zen 3, 4 limbs: montvec 10.5 -> 9.1 ns,
/// GMP 15.0 -> 13.6 ns).
const PRODUCTS_PER_CALL: usize = 32;

/// `label` for a call that runs `count` operations.
fn per_call(mut label: Label, count: usize) -> Label {
    label.per_call = count;
    label
}

fn product_contenders(o: &Operands, sel: &Selection) -> Vec<Contender> {
    let k = o.bits.div_ceil(64);
    let a: Vec<u64> = o.x.as_limbs().to_vec();
    // A full-width second operand: the product timing does not care about the modulus.
    let b: Vec<u64> = o.exponent.as_limbs().to_vec();
    let mut out = Vec::new();
    if sel.product {
        let (a, b) = (a.clone(), b.clone());
        let mut r = vec![0u64; 2 * k];
        montvec::mul::product(&mut r, &a, &b);
        let answer = r.clone();
        let call = Box::new(move || {
            let (r, a, b) = (&mut r[..], &a[..], &b[..]);
            for _ in 0..PRODUCTS_PER_CALL {
                montvec::mul::product(r, black_box(a), black_box(b));
                black_box(&*r);
            }
        });
        out.push(Contender {
            label: per_call(
                label(Op::Product, Impl::Montvec, PRODUCT, NO_BACKEND, o.bits),
                PRODUCTS_PER_CALL,
            ),
            answer,
            call,
        });
    }
    if sel.peers {
        let mut r = vec![0u64; 2 * k];
        gmp::mpn_mul_n(&mut r, &a, &b);
        let answer = r.clone();
        let call = Box::new(move || {
            let (r, a, b) = (&mut r[..], &a[..], &b[..]);
            for _ in 0..PRODUCTS_PER_CALL {
                gmp::mpn_mul_n(r, black_box(a), black_box(b));
                black_box(&*r);
            }
        });
        out.push(Contender {
            label: per_call(
                label(Op::Product, Impl::Gmp, "mpn_mul_n", NO_BACKEND, o.bits),
                PRODUCTS_PER_CALL,
            ),
            answer,
            call,
        });
    }
    out
}

/// Build and check every contender of `op` at `bits` (at least 2): one [`Job`], or for
/// [`Op::BatchExp`] one per thread count of the selection.
///
/// Errors: an OpenSSL failure, or [`BenchError::Disagree`] when any two contenders compute
/// different answers (the benchmark never times a wrong answer).
pub fn prepare(op: Op, bits: usize, sel: &Selection) -> Result<Vec<Job>, BenchError> {
    if op == Op::BatchExp {
        return sel
            .threads
            .iter()
            .map(|&threads| batch::prepare(bits, threads, sel))
            .collect();
    }
    if Op::RSA.contains(&op) {
        return Ok(vec![rsa::prepare(op, bits, sel)?]);
    }
    let o = Operands::new(bits, sel.seed);
    let mut contenders = Vec::new();
    match op {
        Op::Mul | Op::Sqr => {
            for m in montvec_moduli(&o.modulus, sel) {
                contenders.push(mont_contender(op, &o, m)?);
            }
            if sel.peers {
                contenders.push(openssl_montgomery(op, &o)?);
            }
        }
        Op::Exp => {
            for m in montvec_moduli(&o.modulus, sel) {
                contenders.push(exp_contender(&o, m, false));
            }
            if sel.ladder {
                for &backend in &sel.backends {
                    if let Ok(m) = Modulus::with_options(&o.modulus, Algorithm::Auto, backend) {
                        contenders.push(exp_contender(&o, m, true));
                    }
                }
            }
            if sel.peers {
                let lanes = std::slice::from_ref(&o);
                contenders.push(gmp_exp(op, lanes, true));
                contenders.push(gmp_exp(op, lanes, false));
                contenders.push(openssl_exp(op, lanes)?);
                contenders.push(rustcrypto_exp(op, lanes)?);
            }
        }
        Op::Product => contenders = product_contenders(&o, sel),
        Op::BatchExp | Op::RsaPrivate | Op::RsaPublic => {
            unreachable!("batch and RSA jobs are prepared above")
        }
    }
    Ok(vec![Job::checked(op, bits, 1, contenders, None)?])
}

fn describe(l: &Label) -> String {
    format!("{} {} ({})", l.imp.name(), l.algorithm, l.backend)
}

impl Job {
    /// The job of `contenders`, once every answer equals the first one's.
    fn checked(
        op: Op,
        bits: usize,
        threads: usize,
        contenders: Vec<Contender>,
        pool: Option<rayon::ThreadPool>,
    ) -> Result<Job, BenchError> {
        if let Some((first, rest)) = contenders.split_first() {
            for c in rest {
                if c.answer != first.answer {
                    return Err(BenchError::Disagree {
                        op,
                        bits,
                        reference: describe(&first.label),
                        other: describe(&c.label),
                    });
                }
            }
        }
        Ok(Job {
            op,
            bits,
            auto_pick: Algorithm::auto_for_bits(bits, Backend::active()?),
            threads,
            contenders,
            pool,
        })
    }

    /// The answer every contender agreed on (empty when there are no contenders).
    pub fn answer(&self) -> &[u64] {
        self.contenders.first().map_or(&[], |c| &c.answer)
    }

    /// The clock this job's samples are read on when `asked` is: the wall clock when its
    /// calls run on more than one thread (the calling thread's CPU time would count only its
    /// own share), else `asked`.
    pub fn clock(&self, asked: Clock) -> Clock {
        if self.threads > 1 {
            Clock::Wall
        } else {
            asked
        }
    }

    /// Time every contender by `plan` (on [`Job::clock`]), interleaved; `tick` runs after each
    /// sample. Batch jobs are measured from inside their thread pool, so with one thread the
    /// whole batch runs on the measuring thread and its CPU clock sees all the work.
    pub fn run(&mut self, plan: Plan, tick: &mut (dyn FnMut() + Send)) -> Vec<Measurement> {
        let plan = Plan {
            clock: self.clock(plan.clock),
            ..plan
        };
        match self.pool.take() {
            Some(pool) => {
                let out = pool.install(|| self.measure(plan, tick));
                self.pool = Some(pool);
                out
            }
            None => self.measure(plan, tick),
        }
    }

    fn measure(&mut self, plan: Plan, tick: &mut (dyn FnMut() + Send)) -> Vec<Measurement> {
        let mut calls: Vec<&mut dyn FnMut()> = self
            .contenders
            .iter_mut()
            .map(|c| &mut *c.call as &mut dyn FnMut())
            .collect();
        let timings = timing::measure_interleaved(&mut calls, plan, tick);
        self.contenders
            .iter()
            .zip(timings)
            .map(|(c, timing)| Measurement {
                label: c.label.clone(),
                timing,
                clock: plan.clock,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contender(imp: Impl, answer: &[u64]) -> Contender {
        Contender {
            label: label(Op::Exp, imp, "test", NO_BACKEND, 128),
            answer: answer.to_vec(),
            call: Box::new(|| {}),
        }
    }

    /// A job whose contenders all agree keeps their answer; one contender that disagrees with
    /// the first, wherever it stands, stops the job naming both (the benchmark never times a
    /// wrong answer).
    #[test]
    fn a_disagreeing_contender_stops_the_job() {
        let agree = vec![
            contender(Impl::Montvec, &[1, 2]),
            contender(Impl::Gmp, &[1, 2]),
        ];
        let job = Job::checked(Op::Exp, 128, 1, agree, None).expect("equal answers");
        assert_eq!(job.answer(), [1, 2]);
        let differ = vec![
            contender(Impl::Montvec, &[1, 2]),
            contender(Impl::Gmp, &[1, 2]),
            contender(Impl::Openssl, &[1, 3]),
        ];
        match Job::checked(Op::Exp, 128, 1, differ, None) {
            Err(BenchError::Disagree {
                op: Op::Exp,
                bits: 128,
                reference,
                other,
            }) => {
                assert!(reference.starts_with(Impl::Montvec.name()), "{reference}");
                assert!(other.starts_with(Impl::Openssl.name()), "{other}");
            }
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("a job of disagreeing contenders"),
        }
    }

    /// Every product row, montvec's and GMP's, times `PRODUCTS_PER_CALL` products a call and
    /// says so, so that `ns_per_op` is per product for both and their ratio is fair.
    #[test]
    fn product_rows_count_every_product_of_a_call() {
        let sel = Selection {
            algorithms: Vec::new(),
            ladder: false,
            product: true,
            backends: vec![Backend::Portable],
            backend_fallback: false,
            peers: true,
            threads: vec![1],
            seed: 3,
        };
        let jobs = prepare(Op::Product, 256, &sel).expect("product job");
        let rows: Vec<(Impl, usize)> = jobs[0]
            .contenders
            .iter()
            .map(|c| (c.label.imp, c.label.per_call))
            .collect();
        assert_eq!(
            rows,
            [
                (Impl::Montvec, PRODUCTS_PER_CALL),
                (Impl::Gmp, PRODUCTS_PER_CALL)
            ]
        );
    }
}
