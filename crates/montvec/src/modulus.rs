//! [`Modulus`]: an odd modulus with its precomputation and chosen Montgomery variant, and the
//! public operations on it; [`MontElem`]: an element in Montgomery form.

use std::sync::atomic::{AtomicU64, Ordering};

use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::algorithm::Algorithm;
use crate::backend::Backend;
use crate::error::Error;
use crate::exp;
use crate::limb::{Limb, LIMB_BITS};
use crate::mont::params::ConversionProduct;
use crate::mont::{cios, fold, with_engine, Engine, MontMul, MontParams};
use crate::nat::Nat;

/// The largest modulus accepted, in bits.
pub const MAX_MODULUS_BITS: usize = 65536;

/// The exponentiation schedules of [`Modulus::exponentiate`].
#[derive(Clone, Copy)]
enum Schedule {
    Window,
    Ladder,
    Vartime,
}

/// Whether a public-exponent power by `e` ends on the product by the base's value
/// ([`Modulus::pow_vartime_odd`]): e odd and the variant's value product worth it.
fn ends_on_value_product<M: MontMul>(m: &M, e: &[Limb]) -> bool {
    e.first().is_some_and(|w| w & 1 == 1) && m.value_product_ends_powers()
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// An addition or subtraction modulo n on k-limb values below n: `MontParams::add_assign_mod`
/// or `MontParams::sub_assign_mod` (x, y, k limbs of scratch).
type ModOp = fn(&MontParams, &mut [Limb], &[Limb], &mut [Limb]);

/// An odd modulus n >= 3 of any bit length up to [`MAX_MODULUS_BITS`], ready for Montgomery
/// arithmetic.
///
/// ```
/// use montvec::{Modulus, Nat};
/// let n = Nat::from_hex("c5")?;                  // 197
/// let m = Modulus::new(&n)?;
/// let y = m.pow(&Nat::from_u64(3), &Nat::from_u64(100));
/// assert_eq!(y.to_decimal_vartime(), "188");     // 3^100 mod 197
/// # Ok::<(), montvec::Error>(())
/// ```
pub struct Modulus {
    engine: Engine,
    algorithm: Algorithm,
    backend: Backend,
    id: u64,
    /// The batch engines' constants, computed on first use.
    #[cfg(target_arch = "x86_64")]
    lane_constants: std::sync::OnceLock<crate::batch::constants::LaneConstants>,
    /// The AVX2 lanes' R mod n and R^2 mod n, computed on first use.
    #[cfg(target_arch = "x86_64")]
    avx2_constants: std::sync::OnceLock<crate::batch::avx2::ModulusConstants>,
    /// The kernel of the conversions into and out of the shared form (x R64 mod n), when
    /// the backend runs the ADX kernels and the size has one (whatever the variant computes
    /// in: the IFMA and folding variants convert through it too); else portable CIOS.
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    conversions: Option<crate::mont::adx::AdxMont>,
}

/// An element in Montgomery form for one [`Modulus`], in the form its variant computes on,
/// which depends on the variant and the backend: k limbs below n with R = 2^(64k) for most
/// scalar ones; K limbs with R = 2^(64K) for CIOS on the padded ADX kernels (a limb count from
/// 9 to 127 without its own kernel runs on the next one's, K > k); 52-bit digits below 2n for
/// IFMA. [`Modulus::to_standard_form`] gives the one form that does not vary (k limbs,
/// R = 2^(64k)). Zeroized on drop.
/// Zeroized earlier (`Zeroize::zeroize`) it is empty: as an operand it is refused with
/// [`Error::ZeroizedElement`], as the output of [`Modulus::mul_into`] it takes the result.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct MontElem {
    limbs: Vec<Limb>,
    #[zeroize(skip)]
    owner: u64,
}

/// The size and the choices only: n may be a secret prime.
impl core::fmt::Debug for Modulus {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Modulus")
            .field("bits", &self.bits())
            .field("algorithm", &self.algorithm)
            .field("backend", &self.backend)
            .finish_non_exhaustive()
    }
}

/// A copy of the precomputed constants (no new precomputation): the copy computes exactly
/// as the original, so each accepts the other's [`MontElem`]s. The batch engines' constants,
/// made on first use, are made again by the copy when it first needs them. Both copies are
/// zeroized on drop.
///
/// ```
/// use montvec::{Modulus, Nat};
/// let m = Modulus::new(&Nat::from_u64(1_000_003))?;
/// let copy = m.clone();
/// let x = m.to_montgomery(&Nat::from_u64(12_345));
/// let y = copy.square(&x)?; // an element of m, used with its copy
/// assert_eq!(m.from_montgomery(&y)?, Nat::from_u64(12_345 * 12_345 % 1_000_003));
/// # Ok::<(), montvec::Error>(())
/// ```
///
/// Leaks: nothing beyond the original's sizes.
impl Clone for Modulus {
    fn clone(&self) -> Self {
        Modulus {
            engine: self.engine.clone(),
            algorithm: self.algorithm,
            backend: self.backend,
            id: self.id,
            #[cfg(target_arch = "x86_64")]
            lane_constants: std::sync::OnceLock::new(),
            #[cfg(target_arch = "x86_64")]
            avx2_constants: std::sync::OnceLock::new(),
            #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
            conversions: self.conversions.clone(),
        }
    }
}

/// The length only: an element may hold a secret.
impl core::fmt::Debug for MontElem {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MontElem")
            .field("words", &self.limbs.len())
            .finish_non_exhaustive()
    }
}

impl MontElem {
    /// The words of the representation, in the variant's own form, which varies with the
    /// variant and the backend (see [`MontElem`]); [`Modulus::to_standard_form`] for a fixed one.
    pub fn as_words(&self) -> &[Limb] {
        &self.limbs
    }
}

/// The CIOS engine for `backend`: the ADX kernel when the size has one (2 to 8 limbs, and 10, 12,
/// 16, 20, 24, 32, 40, 48, 56, 64, 80, 96, 128; or, for the other limb counts from 9 to 127, the
/// next kernel on n padded with zero limbs), else the portable length-specific kernel, else generic
/// CIOS.
fn cios_engine(params: MontParams, backend: Backend) -> Engine {
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    // Backend::Avx2 and Backend::Ifma run the scalar algorithms on the ADX kernels too, where
    // the CPU has them.
    if let (Backend::Adx | Backend::Avx2 | Backend::Ifma, Some(token)) =
        (backend, crate::backend::AdxToken::detect())
    {
        if let Some(m) = crate::mont::adx::AdxMont::new(params.clone(), token) {
            return Engine::Adx(m);
        }
        if let Some(m) = crate::mont::adx::padded::PaddedAdx::new(params.clone(), token) {
            return Engine::AdxPadded(m);
        }
    }
    // Without the ADX kernels (other systems, or sizes without one) Adx runs portable code.
    let _ = backend;
    if let Some(m) = crate::mont::fixed::FixedMont::new(params.clone()) {
        return Engine::Fixed(m);
    }
    Engine::Cios(cios::Cios::new(params))
}

impl Modulus {
    /// Prepare `n` with the automatic algorithm choice and the active backend.
    ///
    /// ```
    /// use montvec::{Error, Modulus, Nat};
    /// let m = Modulus::new(&Nat::from_hex("ffffffffffffffffffffffffffffffff61")?)?;
    /// assert_eq!(m.bits(), 136);
    /// assert_eq!(Modulus::new(&Nat::from_u64(10)).err(), Some(Error::EvenModulus));
    /// assert_eq!(Modulus::new(&Nat::from_u64(1)).err(), Some(Error::ModulusTooSmall));
    /// # Ok::<(), montvec::Error>(())
    /// ```
    ///
    /// Errors: [`Error::EvenModulus`], [`Error::ModulusTooSmall`] (0 or 1),
    /// [`Error::ModulusTooLarge`], [`Error::UnsupportedBackend`] (a bad `MONTVEC_BACKEND`).
    ///
    /// Leaks: the bit length of n (its size) and whether n is valid; nothing else of the value.
    pub fn new(n: &Nat) -> Result<Self, Error> {
        Self::with_algorithm(n, Algorithm::Auto)
    }

    /// Prepare `n` with a chosen algorithm, on the active backend.
    ///
    /// Errors: as [`Modulus::new`]; [`Error::UnsupportedAlgorithm`] when the algorithm does
    /// not run on the backend.
    ///
    /// Leaks: as [`Modulus::new`].
    pub fn with_algorithm(n: &Nat, algorithm: Algorithm) -> Result<Self, Error> {
        Self::with_options(n, algorithm, Backend::active()?)
    }

    /// Prepare `n` with a chosen algorithm and backend (for tests and benchmarks).
    ///
    /// `backend` picks the Montgomery kernel of `algorithm`. The helpers beneath it are chosen
    /// once per process from the active backend ([`Backend::active`], `MONTVEC_BACKEND`), not
    /// per modulus: the 2- to 9-limb product kernels of the REDC and folding algorithms
    /// (assembly unless the active backend is portable) and the exponentiation table's
    /// lookup (vector code on the avx2 and ifma backends). Forcing `MONTVEC_BACKEND` runs
    /// all of them on that backend.
    ///
    /// Leaks: as [`Modulus::new`], and which algorithm and backend were asked for.
    pub fn with_options(n: &Nat, algorithm: Algorithm, backend: Backend) -> Result<Self, Error> {
        if !backend.is_supported() {
            return Err(Error::UnsupportedBackend(backend.name().to_string()));
        }
        // Released by design (the `Leaks:` line of `new`): n's bit length and whether it is odd.
        let mut bits = n.bit_length();
        crate::ct::declassify(&mut bits);
        if bits <= 1 {
            return Err(Error::ModulusTooSmall);
        }
        if !crate::ct::declassify_choice(n.is_odd()) {
            return Err(Error::EvenModulus);
        }
        if bits > MAX_MODULUS_BITS {
            return Err(Error::ModulusTooLarge {
                bits,
                max_bits: MAX_MODULUS_BITS,
            });
        }
        if !algorithm.runs_on(backend) {
            return Err(Error::UnsupportedAlgorithm(
                "this algorithm does not run on this backend",
            ));
        }
        let k = bits.div_ceil(LIMB_BITS);
        let params = MontParams::new(n.as_limbs()[..k].to_vec(), bits);
        #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
        let conversions = match (backend, crate::backend::AdxToken::detect()) {
            (Backend::Adx | Backend::Avx2 | Backend::Ifma, Some(token)) => {
                crate::mont::adx::AdxMont::new(params.clone(), token)
            }
            _ => None,
        };
        let algorithm = match algorithm {
            Algorithm::Auto => Algorithm::auto_for_bits(bits, backend),
            a => a,
        };
        let engine = match algorithm {
            Algorithm::Auto | Algorithm::Cios => cios_engine(params, backend),
            Algorithm::Ifma => ifma_engine(params)?,
            Algorithm::Fold => Engine::Fold(fold::Fold::new(params)),
            Algorithm::Redc => Engine::Redc(crate::mont::redc::Redc::new(params)),
            Algorithm::Simd2 => simd2_engine(params, backend),
        };
        Ok(Modulus {
            engine,
            algorithm,
            backend,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            #[cfg(target_arch = "x86_64")]
            lane_constants: std::sync::OnceLock::new(),
            #[cfg(target_arch = "x86_64")]
            avx2_constants: std::sync::OnceLock::new(),
            #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
            conversions,
        })
    }

    /// `f(params, kernel)` with the conversion kernel: the ADX Montgomery product when the
    /// backend runs it for this size, else portable CIOS; one scratch buffer for every call
    /// `f` makes.
    fn with_conversions<T>(
        &self,
        f: impl FnOnce(&MontParams, &mut ConversionProduct<'_>) -> T,
    ) -> T {
        let params = self.params();
        #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
        if let Some(adx) = &self.conversions {
            // The scratch on the stack, and none for the fused kernels (2 to 8 limbs): with a
            // wiped heap buffer, empty there, a 1024-bit value's reduction modulo a 512-bit
            // prime took 300 ns on Zen 5, 80 of them in the wipe of the empty buffer.
            return crate::scratch::with_limbs(adx.scratch_len(), |t| {
                f(params, &mut |out, a, b| adx.mul(out, a, b, t))
            });
        }
        f(params, &mut params.portable_mont_mul())
    }

    /// `x R64 mod n` (k limbs, below n) for `x` of any length: [`MontParams::to_montgomery`]
    /// on the conversion kernel.
    ///
    /// Leaks: the announced length of `x` and the size of n.
    fn shared_form_of(&self, x: &[Limb]) -> Vec<Limb> {
        self.with_conversions(|params, mul| params.to_montgomery_by(x, mul))
    }

    /// `x / R64 mod n`, fully reduced, for `x` of k limbs below R64: as [`Modulus::shared_form_of`].
    ///
    /// Leaks: the size of n.
    fn value_of_shared(&self, x: &[Limb]) -> Vec<Limb> {
        self.with_conversions(|params, mul| params.from_montgomery_by(x, mul))
    }

    fn params(&self) -> &MontParams {
        self.engine.params()
    }

    /// n as its k limbs, least significant first, borrowed ([`Modulus::modulus`] copies them
    /// into a `Nat`).
    ///
    /// ```
    /// use montvec::{Modulus, Nat};
    /// let m = Modulus::new(&Nat::from_u64(1_000_003))?;
    /// assert_eq!(m.modulus_limbs(), &[1_000_003]);
    /// # Ok::<(), montvec::Error>(())
    /// ```
    ///
    /// Leaks: nothing.
    pub fn modulus_limbs(&self) -> &[crate::limb::Limb] {
        self.params().modulus()
    }

    /// The element whose shared form (x R mod n, k limbs, below n) is `shared`.
    pub(crate) fn elem_from_shared(&self, shared: Vec<Limb>) -> MontElem {
        self.elem(with_engine!(&self.engine, m => m.to_own_form(shared)))
    }

    /// The batch engines' constants for n, computed once.
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn lane_constants(&self) -> &crate::batch::constants::LaneConstants {
        self.lane_constants.get_or_init(|| {
            crate::batch::constants::LaneConstants::new(self.params(), self.limbs())
        })
    }

    /// The AVX2 lanes' R mod n and R^2 mod n, computed once.
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn avx2_constants(&self) -> &crate::batch::avx2::ModulusConstants {
        self.avx2_constants
            .get_or_init(|| crate::batch::avx2::ModulusConstants::new(self.params()))
    }

    /// Bit length of n.
    pub fn bits(&self) -> usize {
        self.params().bits()
    }

    /// Limb count k of n (and of every result in standard form; an element in a variant's own
    /// form may have more words, see [`MontElem`]).
    pub fn limbs(&self) -> usize {
        self.params().limbs()
    }

    /// The modulus itself.
    ///
    /// Leaks: nothing (a copy of n, as secret as n is).
    pub fn modulus(&self) -> Nat {
        Nat::from_limbs(self.params().modulus().to_vec())
    }

    /// The algorithm in use (never `Auto`).
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// `x mod n`, as a k-limb `Nat`, for `x` of any length.
    ///
    /// Leaks: the announced lengths of `x` and n.
    pub fn reduce(&self, x: &Nat) -> Nat {
        Nat::from_limbs(self.with_conversions(|params, mul| params.reduce_by(x.as_limbs(), mul)))
    }

    /// `base^exp mod n` in constant time: `base` of any size (reduced first), any exponent,
    /// `0^0 = 1`. The result has k limbs.
    ///
    /// The schedule is the fixed window over a mask-selected table (seed 003 §IV,
    /// [`crate::exp::window`]) for every variant. (The IFMA variant ran the Montgomery ladder,
    /// whose step interleaves its two products, up to 4 registers, until its products took
    /// their quotient chain to general registers: the window is now 1.17x faster at 1024
    /// bits, 173 against 202 us, and 1.2x at 768 and 1536.)
    ///
    /// ```
    /// use montvec::{Modulus, Nat};
    /// let m = Modulus::new(&Nat::from_u64(1_000_003))?;
    /// // Fermat: a^(p-1) = 1 mod p for the prime p = 1000003; a base above n is reduced.
    /// assert_eq!(m.pow(&Nat::from_u64(5_000_021), &Nat::from_u64(1_000_002)), Nat::from_u64(1));
    /// assert_eq!(m.pow(&Nat::from_u64(0), &Nat::from_u64(0)), Nat::from_u64(1)); // 0^0
    /// # Ok::<(), montvec::Error>(())
    /// ```
    ///
    /// Leaks: the announced lengths of `base` and `exp` and the size of n; nothing of the
    /// values (no secret-dependent branch, memory index or division).
    pub fn pow(&self, base: &Nat, exp: &Nat) -> Nat {
        self.exponentiate(base, exp, Schedule::Window)
    }

    /// `base^exp mod n` by the constant-time fixed window (seed 003 §IV): the schedule
    /// [`Modulus::pow`] runs, named, for benchmarks and tests that compare it with the ladder.
    ///
    /// Leaks: as [`Modulus::pow`].
    pub fn pow_window(&self, base: &Nat, exp: &Nat) -> Nat {
        self.exponentiate(base, exp, Schedule::Window)
    }

    /// `base^exp mod n` by the Montgomery ladder (seed 002): a multiplication and a squaring
    /// per exponent bit.
    ///
    /// Leaks: the announced lengths of `base` and `exp` and the size of n.
    pub fn pow_ladder(&self, base: &Nat, exp: &Nat) -> Nat {
        self.exponentiate(base, exp, Schedule::Ladder)
    }

    /// `base^exp mod n` by sliding windows, for a **public** exponent.
    ///
    /// Leaks: the exponent (its bits set the sequence of operations); nothing of `base`
    /// beyond its announced length.
    pub fn pow_vartime(&self, base: &Nat, exp: &Nat) -> Nat {
        self.exponentiate(base, exp, Schedule::Vartime)
    }

    /// Into the shared Montgomery form, into the variant's own, the schedule, and back (for
    /// an odd public exponent, out of the form by the last product: [`Self::pow_vartime_odd`]).
    fn exponentiate(&self, base: &Nat, exp: &Nat, schedule: Schedule) -> Nat {
        let e = exp.as_limbs();
        let out = with_engine!(&self.engine, m => {
            let mut own = self.own_form_of(m, base.as_limbs());
            let out = match schedule {
                Schedule::Vartime if ends_on_value_product(m, e) => {
                    self.pow_vartime_odd(m, &own, base.as_limbs(), e)
                }
                _ => {
                    let mut y = match schedule {
                        Schedule::Window => exp::window::pow(m, &own, e),
                        Schedule::Ladder => exp::ladder::pow(m, &own, e),
                        Schedule::Vartime => exp::vartime::pow_vartime(m, &own, e),
                    };
                    let out = self.value_of_own(m, &y);
                    y.zeroize();
                    out
                }
            };
            own.zeroize();
            out
        });
        Nat::from_limbs(out)
    }

    /// The value of `base^e` for an odd public e, `own` being base in `m`'s form: base^(e-1)
    /// in the form (e's lowest bit cleared), then its product by base's value, which leaves
    /// the form in the same product ([`MontMul::value_times_own`]): for e = 65537, 16
    /// squarings and one product after the conversion into the form, against a further
    /// product and a conversion out of it. Where the variant cannot take base's value (base
    /// longer than n, or n not filling its limbs), the product by base's form and then the
    /// conversion out.
    ///
    /// Leaks: e, the announced length of `base` and the size of n.
    fn pow_vartime_odd<M: MontMul>(
        &self,
        m: &M,
        own: &[Limb],
        base: &[Limb],
        e: &[Limb],
    ) -> Vec<Limb> {
        let mut even = e.to_vec();
        even[0] &= !1;
        let mut y = exp::vartime::pow_vartime(m, own, &even);
        let out = self.value_times_own_form(m, base, Some(own), &y);
        y.zeroize();
        out
    }

    /// x y mod n (k limbs) for a value x and an element y in `m`'s form: one product where
    /// the variant takes x's value ([`MontMul::value_times_own`]), else x's form (`x_form`
    /// where the caller has it, made here otherwise) times y, and the conversion out.
    ///
    /// Leaks: the announced length of `x` and the size of n.
    fn value_times_own_form<M: MontMul>(
        &self,
        m: &M,
        x: &[Limb],
        x_form: Option<&[Limb]>,
        y: &[Limb],
    ) -> Vec<Limb> {
        m.value_times_own(x, y).unwrap_or_else(|| {
            let made;
            let x_form = match x_form {
                Some(form) => form,
                None => {
                    made = zeroize::Zeroizing::new(self.own_form_of(m, x));
                    &made[..]
                }
            };
            let mut xy = zeroize::Zeroizing::new(vec![0; m.elem_len()]);
            exp::with_scratch(m, |scratch| m.mul(&mut xy, x_form, y, scratch));
            self.value_of_own(m, &xy)
        })
    }

    /// `x R mod n` in `m`'s own form, for `x` of any length: straight from the value where
    /// the variant can, else through the shared form.
    ///
    /// Leaks: the announced length of `x` and the size of n.
    fn own_form_of<M: MontMul>(&self, m: &M, x: &[Limb]) -> Vec<Limb> {
        match m.own_from_value(x) {
            Some(own) => own,
            None => m.to_own_form(self.shared_form_of(x)),
        }
    }

    /// The value (k limbs, below n) of an element in `m`'s own form.
    ///
    /// Leaks: the size of n.
    fn value_of_own<M: MontMul>(&self, m: &M, y: &[Limb]) -> Vec<Limb> {
        match m.value_from_own(y) {
            Some(value) => value,
            None => {
                let mut shared = m.to_shared_form(y.to_vec());
                let out = self.value_of_shared(&shared);
                shared.zeroize();
                out
            }
        }
    }

    /// `x * R mod n`: `x` (any length, reduced first) in Montgomery form.
    ///
    /// Leaks: the announced length of `x` and the size of n.
    pub fn to_montgomery(&self, x: &Nat) -> MontElem {
        self.elem(with_engine!(&self.engine, m => self.own_form_of(m, x.as_limbs())))
    }

    /// The ordinary value of a Montgomery-form element, k limbs.
    ///
    /// Errors: [`Error::ForeignElement`] for an element of another modulus,
    /// [`Error::ZeroizedElement`] for a zeroized one.
    ///
    /// Leaks: the size of n.
    pub fn from_montgomery(&self, a: &MontElem) -> Result<Nat, Error> {
        self.check(a)?;
        Ok(Nat::from_limbs(
            with_engine!(&self.engine, m => self.value_of_own(m, &a.limbs)),
        ))
    }

    /// `x y mod n` (k limbs) for a value `x` (any length, reduced first when longer than n)
    /// and `y` in Montgomery form, as `from_montgomery(mul(to_montgomery(x), y))` computes
    /// it, but by a single Montgomery product of x as it is and y's form where the variant
    /// allows (x (y R) / R = x y): one product instead of three on the IFMA variant, the
    /// automatic choice on the `ifma` backend from 513 bits (449 on a CPU that runs zmm
    /// instructions in halves, as Zen 4).
    ///
    /// ```
    /// use montvec::{Modulus, Nat};
    /// # fn main() -> Result<(), montvec::Error> {
    /// let m = Modulus::new(&Nat::from_u64(1_000_003))?;
    /// let y = m.to_montgomery(&Nat::from_u64(5678));
    /// assert_eq!(m.mul_value(&Nat::from_u64(1234), &y)?, Nat::from_u64(1234 * 5678 % 1_000_003));
    /// # Ok(()) }
    /// ```
    ///
    /// Errors with [`Error::ForeignElement`] when `y` belongs to another modulus,
    /// [`Error::ZeroizedElement`] when it was zeroized.
    ///
    /// Leaks: the announced length of `x` and the size of n.
    pub fn mul_value(&self, x: &Nat, y: &MontElem) -> Result<Nat, Error> {
        self.check(y)?;
        Ok(self.value_times_form(x, y))
    }

    /// [`Modulus::mul_value`] for a `y` known to be this modulus's.
    fn value_times_form(&self, x: &Nat, y: &MontElem) -> Nat {
        let reduced = (x.limb_len() > self.limbs()).then(|| self.reduce(x));
        let x = reduced.as_ref().unwrap_or(x);
        Nat::from_limbs(with_engine!(&self.engine, m => {
            self.value_times_own_form(m, x.as_limbs(), None, &y.limbs)
        }))
    }

    /// `x y mod n` for two values of any length (each reduced first when longer than n), as
    /// a k-limb `Nat`: y's Montgomery form, then [`Modulus::mul_value`] (two or three
    /// Montgomery products; for many products by one y, make its form once and call
    /// `mul_value`).
    ///
    /// ```
    /// use montvec::{Modulus, Nat};
    /// let m = Modulus::new(&Nat::from_u64(1_000_003))?;
    /// let (x, y) = (Nat::from_u64(1234), Nat::from_u64(5678));
    /// assert_eq!(m.mul_mod(&x, &y), Nat::from_u64(1234 * 5678 % 1_000_003));
    /// assert_eq!(m.add_mod(&x, &Nat::from_u64(999_999)), Nat::from_u64(1230));
    /// assert_eq!(m.sub_mod(&x, &y), Nat::from_u64(1_000_003 + 1234 - 5678));
    /// # Ok::<(), montvec::Error>(())
    /// ```
    ///
    /// Leaks: the announced lengths of `x` and `y` and the size of n.
    pub fn mul_mod(&self, x: &Nat, y: &Nat) -> Nat {
        let y = self.to_montgomery(y);
        self.value_times_form(x, &y)
    }

    /// `x + y mod n` for two values of any length (each reduced first), as a k-limb `Nat`;
    /// the final subtraction of n is masked.
    ///
    /// Leaks: the announced lengths of `x` and `y` and the size of n.
    pub fn add_mod(&self, x: &Nat, y: &Nat) -> Nat {
        self.add_or_sub_values(x, y, MontParams::add_assign_mod)
    }

    /// `x - y mod n` for two values of any length (each reduced first), as a k-limb `Nat`;
    /// the correcting addition of n is masked.
    ///
    /// Leaks: the announced lengths of `x` and `y` and the size of n.
    pub fn sub_mod(&self, x: &Nat, y: &Nat) -> Nat {
        self.add_or_sub_values(x, y, MontParams::sub_assign_mod)
    }

    fn add_or_sub_values(&self, x: &Nat, y: &Nat, op: ModOp) -> Nat {
        let mut out = self.reduce(x).as_limbs().to_vec();
        self.apply(op, &mut out, self.reduce(y).as_limbs());
        Nat::from_limbs(out)
    }

    /// `x = op(x, y) mod n` for k-limb x, y < n, with scratch wiped afterwards.
    fn apply(&self, op: ModOp, x: &mut [Limb], y: &[Limb]) {
        let mut scratch = vec![0; self.limbs()];
        op(self.params(), x, y, &mut scratch);
        scratch.zeroize();
    }

    /// The standard Montgomery representation of an element, x 2^(64k) mod n as k limbs below
    /// n (the form OpenSSL's `BN_MONT_CTX` uses), whatever form the variant computes in.
    ///
    /// Errors with [`Error::ForeignElement`] when `a` belongs to another modulus,
    /// [`Error::ZeroizedElement`] when it was zeroized.
    ///
    /// Leaks: the size of n.
    pub fn to_standard_form(&self, a: &MontElem) -> Result<Nat, Error> {
        self.check(a)?;
        Ok(Nat::from_limbs(
            with_engine!(&self.engine, m => m.to_shared_form(a.limbs.clone())),
        ))
    }

    /// Montgomery multiplication: the form of `a * b`, by the variant's kernel alone.
    ///
    /// Errors with [`Error::ForeignElement`] when an operand belongs to another modulus,
    /// [`Error::ZeroizedElement`] when one was zeroized.
    /// Leaks: the size of n.
    pub fn mul(&self, a: &MontElem, b: &MontElem) -> Result<MontElem, Error> {
        let mut out = self.elem(Vec::new());
        self.mul_into(&mut out, a, b)?;
        Ok(out)
    }

    /// Montgomery squaring: the form of `a^2`, by the variant's squaring kernel.
    ///
    /// Errors with [`Error::ForeignElement`] when `a` belongs to another modulus,
    /// [`Error::ZeroizedElement`] when it was zeroized.
    ///
    /// Leaks: the size of n.
    pub fn square(&self, a: &MontElem) -> Result<MontElem, Error> {
        let mut out = self.elem(Vec::new());
        self.square_into(&mut out, a)?;
        Ok(out)
    }

    /// [`Modulus::mul`] into an element the caller keeps: `out` = the form of `a * b`, with
    /// no allocation (as OpenSSL's `BN_mod_mul_montgomery` writes into its `r`), for loops of
    /// many products. `out` must be an element of this modulus too; its old value is
    /// overwritten.
    ///
    /// ```
    /// use montvec::{Modulus, Nat};
    /// # fn main() -> Result<(), montvec::Error> {
    /// let m = Modulus::new(&Nat::from_u64(1_000_003))?;
    /// let (a, b) = (m.to_montgomery(&Nat::from_u64(1234)), m.to_montgomery(&Nat::from_u64(5678)));
    /// let mut out = m.to_montgomery(&Nat::from_u64(0));
    /// m.mul_into(&mut out, &a, &b)?;
    /// assert_eq!(m.from_montgomery(&out)?, Nat::from_u64(1234 * 5678 % 1_000_003));
    /// # Ok(()) }
    /// ```
    ///
    /// Errors with [`Error::ForeignElement`] when any of the three belongs to another modulus,
    /// [`Error::ZeroizedElement`] when `a` or `b` was zeroized (`out` is then left as it was).
    /// Leaks: the size of n.
    pub fn mul_into(&self, out: &mut MontElem, a: &MontElem, b: &MontElem) -> Result<(), Error> {
        self.check(a)?;
        self.check(b)?;
        self.check_owner(out)?;
        with_engine!(&self.engine, m => {
            out.limbs.resize(m.elem_len(), 0);
            exp::with_scratch(m, |scratch| m.mul(&mut out.limbs, &a.limbs, &b.limbs, scratch));
        });
        Ok(())
    }

    /// [`Modulus::square`] into an element the caller keeps, as [`Modulus::mul_into`].
    ///
    /// Errors: as [`Modulus::mul_into`].
    ///
    /// Leaks: as [`Modulus::mul_into`].
    pub fn square_into(&self, out: &mut MontElem, a: &MontElem) -> Result<(), Error> {
        self.check(a)?;
        self.check_owner(out)?;
        with_engine!(&self.engine, m => {
            out.limbs.resize(m.elem_len(), 0);
            exp::with_scratch(m, |scratch| m.sqr(&mut out.limbs, &a.limbs, scratch));
        });
        Ok(())
    }

    /// The form of `a + b`. (A variant with a form of its own, IFMA's radix 2^52, adds in the
    /// shared 64-bit form and converts around it.)
    ///
    /// Errors with [`Error::ForeignElement`] when an operand belongs to another modulus,
    /// [`Error::ZeroizedElement`] when one was zeroized.
    ///
    /// Leaks: the size of n.
    pub fn add(&self, a: &MontElem, b: &MontElem) -> Result<MontElem, Error> {
        self.add_or_sub(a, b, MontParams::add_assign_mod)
    }

    /// The form of `a - b`, as [`Modulus::add`].
    ///
    /// Errors: as [`Modulus::add`].
    ///
    /// Leaks: as [`Modulus::add`].
    pub fn sub(&self, a: &MontElem, b: &MontElem) -> Result<MontElem, Error> {
        self.add_or_sub(a, b, MontParams::sub_assign_mod)
    }

    fn add_or_sub(&self, a: &MontElem, b: &MontElem, op: ModOp) -> Result<MontElem, Error> {
        self.check(a)?;
        self.check(b)?;
        let out = with_engine!(&self.engine, m => {
            let mut x = m.to_shared_form(a.limbs.clone());
            let mut y = m.to_shared_form(b.limbs.clone());
            self.apply(op, &mut x, &y);
            y.zeroize();
            m.to_own_form(x)
        });
        Ok(self.elem(out))
    }

    /// One in Montgomery form, in the variant's own form (R mod n for that variant's R; see
    /// [`MontElem`]).
    ///
    /// Leaks: the size of n.
    pub fn one(&self) -> MontElem {
        self.elem(with_engine!(&self.engine, m => m.one().to_vec()))
    }

    fn elem(&self, limbs: Vec<Limb>) -> MontElem {
        MontElem {
            limbs,
            owner: self.id,
        }
    }

    /// `a` is an operand of this modulus: made by it, and whole (not zeroized since).
    fn check(&self, a: &MontElem) -> Result<(), Error> {
        self.check_owner(a)?;
        if a.limbs.len() == with_engine!(&self.engine, m => m.elem_len()) {
            Ok(())
        } else {
            Err(Error::ZeroizedElement)
        }
    }

    /// `a` was made by this modulus (enough for an output, whose limbs are overwritten).
    fn check_owner(&self, a: &MontElem) -> Result<(), Error> {
        if a.owner == self.id {
            Ok(())
        } else {
            Err(Error::ForeignElement)
        }
    }
}

/// The D - E split: on SSE2 (part of x86-64) except on the portable backend, which runs the
/// same computation in plain Rust.
fn simd2_engine(params: MontParams, backend: Backend) -> Engine {
    use crate::mont::simd2;
    #[cfg(target_arch = "x86_64")]
    if backend != Backend::Portable {
        return Engine::Simd2Sse2(simd2::Sse2::new(params));
    }
    let _ = backend;
    Engine::Simd2(simd2::Portable::new(params))
}

#[cfg(target_arch = "x86_64")]
fn ifma_engine(params: MontParams) -> Result<Engine, Error> {
    let token = crate::backend::IfmaToken::detect()
        .ok_or(Error::UnsupportedAlgorithm("this CPU has no AVX-512 IFMA"))?;
    crate::mont::ifma::Ifma::new(params, token)
        .map(Engine::Ifma)
        .ok_or(Error::UnsupportedAlgorithm(
            "the IFMA variant takes moduli up to 26622 bits",
        ))
}

#[cfg(not(target_arch = "x86_64"))]
fn ifma_engine(_params: MontParams) -> Result<Engine, Error> {
    Err(Error::UnsupportedAlgorithm(
        "AVX-512 IFMA exists only on x86-64",
    ))
}
