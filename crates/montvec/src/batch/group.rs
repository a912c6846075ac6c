//! One group of jobs on a SIMD engine: the lanes prepared for the group's moduli, and the
//! operations every width of IFMA lanes runs.

use crate::limb::Limb;
use crate::modulus::Modulus;
use crate::nat::Nat;

use super::{avx2, constants, ifma, lanes, Engine, Options, Reduction, PAIRED_DIGITS};

/// The moduli of a group's jobs.
pub(super) fn moduli<'a, A, B>(group: &[&'a (&'a Modulus, A, B)]) -> Vec<&'a Modulus> {
    group.iter().map(|j| j.0).collect()
}

/// Run `f` on the AVX2 lanes prepared for `moduli` (all of one limb count).
pub(super) fn avx2_group(
    moduli: &[&Modulus],
    f: impl FnOnce(&avx2::Avx2Lanes) -> Vec<Vec<Limb>>,
) -> Vec<Nat> {
    let token = crate::backend::Avx2Token::detect()
        .unwrap_or_else(|| unreachable!("Engine::is_supported checked AVX2"));
    let moduli: Vec<(&[Limb], &avx2::ModulusConstants)> = moduli
        .iter()
        .map(|m| (m.modulus_limbs(), m.avx2_constants()))
        .collect();
    let lanes = avx2::Avx2Lanes::from_cached(token, moduli[0].0.len(), &moduli);
    f(&lanes).into_iter().map(Nat::from_limbs).collect()
}

/// Run `f` on the IFMA lanes prepared for `moduli` (all of one limb count).
pub(super) fn ifma_group(
    engine: Engine,
    options: &Options,
    moduli: &[&Modulus],
    f: impl FnOnce(&dyn IfmaRun) -> Vec<Vec<Limb>>,
) -> Vec<Nat> {
    let token = crate::backend::IfmaToken::detect()
        .unwrap_or_else(|| unreachable!("Engine::is_supported checked IFMA"));
    let limbs = moduli[0].limbs();
    let moduli: Vec<(&[Limb], &constants::LaneConstants)> = moduli
        .iter()
        .map(|m| (m.modulus_limbs(), m.lane_constants()))
        .collect();
    let moduli = &moduli[..];
    // `None` keeps the lanes' choice for their digit count.
    let out = if engine == Engine::Ifma256Split {
        f(&ifma::IfmaLanes::<lanes::Ymm>::new_split(
            token, limbs, moduli,
        ))
    } else if engine == Engine::Ifma512Split {
        f(&ifma::IfmaLanes::<lanes::Zmm>::new_split(
            token, limbs, moduli,
        ))
    } else if engine == Engine::Ifma512 && moduli.len() > Engine::Ifma512.lanes() {
        // Pairs of registers run the interleaved reduction only (`Lanes::INTERLEAVED_ONLY`):
        // with another one forced, the group runs as two 8-lane calls.
        assert!(constants::digits_for_limbs(limbs) <= PAIRED_DIGITS);
        match options.reduction {
            None | Some(Reduction::Interleaved) => f(
                &ifma::IfmaLanes::<lanes::Pair<lanes::Zmm>>::new(token, limbs, moduli),
            ),
            Some(reduction) => {
                let half = |moduli| {
                    let mut lanes = ifma::IfmaLanes::<lanes::Zmm>::new(token, limbs, moduli);
                    lanes.set_reduction(reduction);
                    lanes
                };
                let (low, high) = moduli.split_at(Engine::Ifma512.lanes());
                f(&Halves([half(low), half(high)]))
            }
        }
    } else if engine == Engine::Ifma512 {
        let mut lanes = ifma::IfmaLanes::<lanes::Zmm>::new(token, limbs, moduli);
        if let Some(reduction) = options.reduction {
            lanes.set_reduction(reduction);
        }
        f(&lanes)
    } else {
        let mut lanes = ifma::IfmaLanes::<lanes::Ymm>::new(token, limbs, moduli);
        if let Some(reduction) = options.reduction {
            lanes.set_reduction(reduction);
        }
        f(&lanes)
    };
    out.into_iter().map(Nat::from_limbs).collect()
}

/// The operations a group of lanes runs, whatever its width.
pub(super) trait IfmaRun {
    fn pow(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>>;
    fn pow_vartime(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>>;
    fn mul_mod(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>>;
    fn mont_mul(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>>;
}

impl<V: lanes::Lanes> IfmaRun for ifma::IfmaLanes<V> {
    fn pow(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>> {
        ifma::IfmaLanes::pow(self, bases, exps)
    }
    fn pow_vartime(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>> {
        ifma::IfmaLanes::pow_vartime(self, bases, exps)
    }
    fn mul_mod(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>> {
        ifma::IfmaLanes::mul_mod(self, a, b)
    }
    fn mont_mul(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>> {
        ifma::IfmaLanes::mont_mul(self, a, b)
    }
}

/// A group of 9 to 16 jobs as two 8-lane calls, one after the other: the first eight jobs
/// in the first.
struct Halves([ifma::IfmaLanes<lanes::Zmm>; 2]);

type LanesOp = fn(&ifma::IfmaLanes<lanes::Zmm>, &[&[Limb]], &[&[Limb]]) -> Vec<Vec<Limb>>;

impl Halves {
    /// `op` on each half, the outputs in input order.
    fn each(&self, op: LanesOp, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>> {
        let lanes = Engine::Ifma512.lanes();
        let ((a0, a1), (b0, b1)) = (a.split_at(lanes), b.split_at(lanes));
        let mut out = op(&self.0[0], a0, b0);
        out.extend(op(&self.0[1], a1, b1));
        out
    }
}

impl IfmaRun for Halves {
    fn pow(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>> {
        self.each(ifma::IfmaLanes::pow, bases, exps)
    }
    fn pow_vartime(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>> {
        self.each(ifma::IfmaLanes::pow_vartime, bases, exps)
    }
    fn mul_mod(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>> {
        self.each(ifma::IfmaLanes::mul_mod, a, b)
    }
    fn mont_mul(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>> {
        self.each(ifma::IfmaLanes::mont_mul, a, b)
    }
}
