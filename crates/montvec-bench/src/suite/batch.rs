//! The batch rows (`batch_exp`): `montvec::batch::pow_with` on every engine this CPU runs,
//! beside OpenSSL and GMP computing the same lanes one exponentiation at a time, and, where it
//! is linked, Intel's crypto_mb computing them eight at a time (`mbx_exp_mb8`).
//!
//! A call computes [`JOBS_PER_THREAD`] exponentiations per worker thread, each lane with its
//! own modulus, base and full-size exponent (the operands of seeds `seed`, `seed + 1`, ...):
//! one full group of the 8-lane engine per thread, two of the 4-lane ones. The time per
//! exponentiation is the time per call over the jobs per call. OpenSSL and GMP compute one lane
//! per call, lane after lane; crypto_mb eight lanes per call, on one thread, eight after eight.
//! Every lane's result is compared before anything is timed.
//!
//! On more than one thread, the default engine's row (or the first, where the selection
//! leaves the default out) has a twin on one thread ([`ONE_THREAD_SUFFIX`]): the same lanes,
//! in the same calls of [`JOBS_PER_THREAD`] jobs one after the other, timed in the same job, so
//! that the two thread counts are sampled in turn. Rows of separate jobs are minutes apart, and
//! this machine's speed drifts by more than the scaling over minutes.

use std::hint::black_box;

use montvec::batch::{self, Engine, Options, MAX_SIMD_BITS, MAX_SPLIT_BITS};
use montvec::{Algorithm, Backend, Modulus, Nat};

use super::{gmp_exp, label, openssl_exp, BenchError, Contender, Impl, Job, Op, Selection};
#[cfg(montvec_crypto_mb)]
use super::{Rotation, NO_BACKEND};
use crate::operands::Operands;

/// Exponentiations per call and worker thread.
pub const JOBS_PER_THREAD: usize = 8;

/// The algorithm label of an IFMA engine's row with the plain reduction: the engine's name
/// and this suffix.
pub const PLAIN_SUFFIX: &str = "-plain";

/// The algorithm label of the one-thread twin of a row on more threads: the engine's name and
/// this suffix.
pub const ONE_THREAD_SUFFIX: &str = "-1-thread";

/// The batch job at `bits` on `threads` worker threads.
pub(super) fn prepare(bits: usize, threads: usize, sel: &Selection) -> Result<Job, BenchError> {
    let lanes: Vec<Operands> = (0..JOBS_PER_THREAD * threads)
        .map(|i| Operands::new(bits, sel.seed.wrapping_add(i as u64)))
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("bench-batch-{i}"))
        .build()
        .map_err(|e| BenchError::Pool(e.to_string()))?;
    let rows = rows(bits, sel);
    // The row with a twin: the default engine's, or the first where the selection leaves it
    // out (`--backends portable` on a CPU with IFMA).
    let default = batch::default_engine(JOBS_PER_THREAD, bits)?;
    let twinned = (threads > 1)
        .then(|| {
            rows.iter()
                .position(|r| r.engine == default && !r.plain)
                .unwrap_or(0)
        })
        .filter(|&i| i < rows.len());
    let mut contenders = Vec::new();
    for (i, &row) in rows.iter().enumerate() {
        let mut c = pool.install(|| engine_contender(&lanes, row, None))?;
        c.label.threads = threads;
        contenders.push(c);
        if twinned == Some(i) {
            contenders.push(engine_contender(&lanes, row, Some(1))?);
        }
    }
    if sel.peers {
        contenders.push(openssl_exp(Op::BatchExp, &lanes)?);
        contenders.push(gmp_exp(Op::BatchExp, &lanes, true));
        contenders.extend(crypto_mb_exp(&lanes));
    }
    Job::checked(Op::BatchExp, bits, threads, contenders, Some(pool))
}

/// The function name of crypto_mb's rows.
pub const CRYPTO_MB_EXP: &str = "mbx_exp_mb8";

/// crypto_mb's `mbx_exp_mb8` on `lanes` (a multiple of eight of them): the answer holds every
/// lane's result in order; each call computes eight lanes, the next eight after the last.
/// `None` where crypto_mb is not linked, has no kernel for the size, or cannot run on this CPU
/// (no AVX-512 IFMA): the batch rows are then without it.
#[cfg(montvec_crypto_mb)]
fn crypto_mb_exp(lanes: &[Operands]) -> Option<Contender> {
    use crate::crypto_mb::{Exp8, LANES};
    let bits = lanes[0].bits;
    let mut exp8 = Exp8::new(bits)?;
    if !lanes.len().is_multiple_of(LANES) {
        return None;
    }
    let k = bits / 64;
    // Eight lanes of each number, as crypto_mb reads them: one vector per lane.
    type Lanes = [Vec<u64>; LANES];
    let numbers: [fn(&Operands) -> &Nat; 3] = [|o| &o.x, |o| &o.exponent, |o| &o.modulus];
    let groups: Vec<[Lanes; 3]> = lanes
        .chunks(LANES)
        .map(|group| numbers.map(|f| core::array::from_fn(|i| f(&group[i]).as_limbs().to_vec())))
        .collect();
    fn view(v: &Lanes) -> [&[u64]; LANES] {
        core::array::from_fn(|i| &v[i][..])
    }
    let mut out: Lanes = core::array::from_fn(|_| vec![0u64; k]);
    let mut answer = Vec::with_capacity(k * lanes.len());
    let run = |exp8: &mut Exp8, out: &mut Lanes, [x, e, n]: &[Lanes; 3]| {
        exp8.pow(
            out.each_mut().map(|o| &mut o[..]),
            view(x),
            view(e),
            view(n),
        )
    };
    for group in &groups {
        run(&mut exp8, &mut out, group).ok()?;
        answer.extend(out.iter().flatten());
    }
    let mut group = Rotation::new(groups.len());
    let call = Box::new(move || {
        black_box(run(&mut exp8, &mut out, black_box(&groups[group.next()])).is_ok());
    });
    let mut lab = label(
        Op::BatchExp,
        Impl::CryptoMb,
        CRYPTO_MB_EXP,
        NO_BACKEND,
        bits,
    );
    lab.batch = LANES;
    lab.per_call = LANES;
    Some(Contender {
        label: lab,
        answer,
        call,
    })
}

/// Without crypto_mb linked, no row.
#[cfg(not(montvec_crypto_mb))]
fn crypto_mb_exp(_: &[Operands]) -> Option<Contender> {
    None
}

/// One montvec batch row: the engine, the plain reduction or not, and the backend of the
/// moduli (the one the scalar engine computes on).
#[derive(Debug, Clone, Copy)]
struct Row {
    engine: Engine,
    plain: bool,
    backend: Backend,
}

/// The rows at `bits`, widest engine first: every SIMD engine this CPU runs (only the engines
/// of the selected backends unless `backend_fallback`; none above [`MAX_SIMD_BITS`], where
/// they would hand over to the scalar engine, and no split engine above [`MAX_SPLIT_BITS`],
/// where it would not split), the 8-lane IFMA engine again with the plain reduction, and the
/// scalar engine on each selected backend.
fn rows(bits: usize, sel: &Selection) -> Vec<Row> {
    let mut out = Vec::new();
    for engine in Engine::ALL.into_iter().rev() {
        match engine.backend() {
            Some(backend) => {
                let wanted = sel.backend_fallback || sel.backends.contains(&backend);
                let split = matches!(engine, Engine::Ifma256Split | Engine::Ifma512Split);
                let takes = bits <= if split { MAX_SPLIT_BITS } else { MAX_SIMD_BITS };
                if !(wanted && engine.is_supported() && takes) {
                    continue;
                }
                out.push(Row {
                    engine,
                    plain: false,
                    backend,
                });
                if engine == Engine::Ifma512 && cfg!(target_arch = "x86_64") {
                    out.push(Row {
                        engine,
                        plain: true,
                        backend,
                    });
                }
            }
            None => out.extend(sel.backends.iter().map(|&backend| Row {
                engine,
                plain: false,
                backend,
            })),
        }
    }
    out
}

/// The contender of `row` on `lanes`: on the pool it is measured in for `threads` `None`
/// (its answer computed on the current pool), else on `threads` threads (labelled with
/// [`ONE_THREAD_SUFFIX`] for one).
fn engine_contender(
    lanes: &[Operands],
    row: Row,
    threads: Option<usize>,
) -> Result<Contender, BenchError> {
    let moduli = lanes
        .iter()
        .map(|o| Modulus::with_options(&o.modulus, Algorithm::Auto, row.backend))
        .collect::<Result<Vec<Modulus>, _>>()?;
    let operands: Vec<(Nat, Nat)> = lanes
        .iter()
        .map(|o| (o.x.clone(), o.exponent.clone()))
        .collect();
    let options = Options {
        engine: Some(row.engine),
        reduction: row.plain.then_some(batch::Reduction::Plain),
        threads,
    };
    // The one-thread twin calls `pow_with` once per thread of its row, with that thread's
    // jobs: the same calls one after the other (in one call, one thread would run sixteen
    // small jobs in pairs of registers, a kernel the row's threads do not run).
    let per_call = match threads {
        Some(1) => JOBS_PER_THREAD,
        _ => lanes.len(),
    };
    let run = move || {
        let jobs: Vec<batch::Job<'_>> = moduli
            .iter()
            .zip(&operands)
            .map(|(m, (x, e))| batch::Job::new(m, black_box(x), black_box(e)))
            .collect();
        let mut out = Vec::with_capacity(jobs.len());
        for call in jobs.chunks(per_call) {
            out.extend(batch::pow_with(call, &options)?);
        }
        Ok::<_, montvec::Error>(out)
    };
    let answer: Vec<u64> = run()?
        .iter()
        .zip(lanes)
        .flat_map(|(y, o)| y.resized(o.modulus.limb_len()).as_limbs().to_vec())
        .collect();
    let name = match (row.plain, threads) {
        (true, _) => format!("{}{PLAIN_SUFFIX}", row.engine.name()),
        (false, Some(1)) => format!("{}{ONE_THREAD_SUFFIX}", row.engine.name()),
        (false, _) => row.engine.name().to_string(),
    };
    let mut lab = label(
        Op::BatchExp,
        Impl::Montvec,
        &name,
        row.backend.name(),
        lanes[0].bits,
    );
    lab.batch = row.engine.lanes();
    lab.per_call = lanes.len();
    lab.threads = threads.unwrap_or(1);
    let call = Box::new(move || {
        black_box(run()).ok();
    });
    Ok(Contender {
        label: lab,
        answer,
        call,
    })
}
