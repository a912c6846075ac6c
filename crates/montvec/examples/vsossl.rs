use montvec::{Algorithm, Backend, Modulus, Nat};
use std::time::Instant;
#[link(name = "crypto")]
extern "C" {
    fn BN_new() -> *mut u8;
    fn BN_bin2bn(s: *const u8, len: i32, ret: *mut u8) -> *mut u8;
    fn BN_CTX_new() -> *mut u8;
    fn BN_mod_exp_mont_consttime(
        r: *mut u8,
        a: *const u8,
        p: *const u8,
        m: *const u8,
        ctx: *mut u8,
        mont: *mut u8,
    ) -> i32;
}
fn main() {
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let algs: Vec<Algorithm> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    for bits in [512usize, 1024, 2048, 3072, 4096] {
        let k = bits / 64;
        let mut n: Vec<u64> = (0..k).map(|_| next()).collect();
        n[0] |= 1;
        n[k - 1] |= 1 << 63;
        let n = Nat::from_limbs(n);
        let b = Nat::from_limbs((0..k).map(|_| next()).collect::<Vec<_>>());
        let e = Nat::from_limbs((0..k).map(|_| next()).collect());
        let b = Modulus::new(&n).unwrap().reduce(&b);
        let (nb, bb, eb) = (
            n.to_be_bytes(bits / 8),
            b.to_be_bytes(bits / 8),
            e.to_be_bytes(bits / 8),
        );
        let reps = (400_000_000 / (bits * bits)).max(3);
        let mut ossl = vec![];
        let mut mine: Vec<Vec<f64>> = vec![vec![]; algs.len()];
        unsafe {
            let (bn_n, bn_b, bn_e, r) = (
                BN_bin2bn(nb.as_ptr(), nb.len() as i32, std::ptr::null_mut()),
                BN_bin2bn(bb.as_ptr(), bb.len() as i32, std::ptr::null_mut()),
                BN_bin2bn(eb.as_ptr(), eb.len() as i32, std::ptr::null_mut()),
                BN_new(),
            );
            let ctx = BN_CTX_new();
            let ms: Vec<Modulus> = algs
                .iter()
                .map(|&a| {
                    Modulus::with_options(
                        &n,
                        a,
                        if a == Algorithm::Ifma {
                            Backend::Ifma
                        } else {
                            Backend::best()
                        },
                    )
                    .unwrap()
                })
                .collect();
            for _ in 0..7 {
                let t = Instant::now();
                for _ in 0..reps {
                    BN_mod_exp_mont_consttime(r, bn_b, bn_e, bn_n, ctx, std::ptr::null_mut());
                }
                ossl.push(t.elapsed().as_secs_f64() / reps as f64 * 1e6);
                for (i, m) in ms.iter().enumerate() {
                    let t = Instant::now();
                    for _ in 0..reps {
                        std::hint::black_box(m.pow(&b, &e));
                    }
                    mine[i].push(t.elapsed().as_secs_f64() / reps as f64 * 1e6);
                }
            }
        }
        let med = |v: &mut Vec<f64>| {
            v.sort_by(|a, b| a.partial_cmp(b).unwrap());
            v[v.len() / 2]
        };
        let o = med(&mut ossl);
        let mut line = format!("{bits:5} openssl={o:.1}us");
        for (i, a) in algs.iter().enumerate() {
            let x = med(&mut mine[i]);
            line += &format!("  {a}={x:.1}us ({:.2}x)", o / x);
        }
        println!("{line}");
    }
}
