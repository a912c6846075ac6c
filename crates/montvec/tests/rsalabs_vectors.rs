//! Known answers from RSA Laboratories' PKCS #1 v1.5 encryption vectors, used as raw modular
//! exponentiations: with EM = 00 02 || seed || 00 || message, the vectors fix
//! C = EM^e mod n, so EM = C^d mod n, and (Garner) EM mod p = C^dP mod p, EM mod q = C^dQ mod q.
//! Every algorithm on every backend under test (`common::configs`, spread over the cores):
//! every vector through `pow`, and each key's first two through every exponentiation path
//! (the paths' own sweeps are in `pow.rs`; all 300 vectors through all four took four times as
//! long in each of `scripts/test`'s runs).

mod common;

use montvec::{Modulus, Nat};
use num_bigint::BigUint;

const VECTORS: &str = include_str!("data/pkcs1v15crypt-vectors.txt");

#[derive(Default, Clone)]
struct Key {
    n: Vec<u8>,
    e: Vec<u8>,
    d: Vec<u8>,
    p: Vec<u8>,
    q: Vec<u8>,
    dp: Vec<u8>,
    dq: Vec<u8>,
}

struct Case {
    key: usize,
    em: Vec<u8>,
    c: Vec<u8>,
}

/// Splits the file into `(label, bytes)` fields: a `# Label:` line followed by hex-octet lines.
fn fields(text: &str) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = Vec::new();
    let mut current: Option<(String, Vec<u8>)> = None;
    for line in text.lines().map(str::trim) {
        if let Some(label) = line.strip_prefix("# ").and_then(|l| l.strip_suffix(':')) {
            out.extend(current.take());
            current = Some((label.trim().to_string(), Vec::new()));
        } else if line.starts_with('#') {
            out.extend(current.take());
            out.push((line.to_string(), Vec::new()));
        } else if let Some((_, bytes)) = current.as_mut() {
            for octet in line.split_whitespace() {
                bytes.push(u8::from_str_radix(octet, 16).expect("hex octet"));
            }
        }
    }
    out.extend(current);
    out
}

fn parse() -> (Vec<Key>, Vec<Case>) {
    let mut keys: Vec<Key> = Vec::new();
    let mut cases = Vec::new();
    let mut private = false;
    let (mut message, mut seed) = (Vec::new(), Vec::new());
    for (label, bytes) in fields(VECTORS) {
        match label.as_str() {
            l if l.starts_with("# Public key") => {
                private = false;
                keys.push(Key::default());
            }
            l if l.starts_with("# Private key") => private = true,
            "Modulus" if !private => keys.last_mut().unwrap().n = bytes,
            "Exponent" if !private => keys.last_mut().unwrap().e = bytes,
            "Exponent" => keys.last_mut().unwrap().d = bytes,
            "Prime 1" => keys.last_mut().unwrap().p = bytes,
            "Prime 2" => keys.last_mut().unwrap().q = bytes,
            "Prime exponent 1" => keys.last_mut().unwrap().dp = bytes,
            "Prime exponent 2" => keys.last_mut().unwrap().dq = bytes,
            "Message" => message = bytes,
            "Seed" => seed = bytes,
            "Encryption" => {
                let mut em = vec![0u8, 2];
                em.extend(&seed);
                em.push(0);
                em.extend(&message);
                cases.push(Case {
                    key: keys.len() - 1,
                    em,
                    c: bytes,
                });
            }
            _ => {}
        }
    }
    (keys, cases)
}

#[test]
fn vectors_parse_completely() {
    let (keys, cases) = parse();
    assert_eq!(keys.len(), 15);
    assert_eq!(cases.len(), 300);
    for k in &keys {
        assert!(!k.n.is_empty() && !k.d.is_empty() && !k.p.is_empty() && !k.dq.is_empty());
        assert_eq!(k.e, [1, 0, 1]);
    }
    for c in &cases {
        assert_eq!(c.em.len(), keys[c.key].n.len(), "EM is as long as n");
    }
}

/// `base^exp = want` by `pow`, and with `every_path` by the window, the ladder and
/// `pow_vartime` too.
fn check(m: &Modulus, base: &Nat, exp: &Nat, want: &Nat, what: &str, every_path: bool) {
    let tag = format!(
        "{what} ({} bits, {} / {})",
        m.bits(),
        m.algorithm(),
        m.backend()
    );
    assert_eq!(&m.pow(base, exp), want, "pow {tag}");
    if !every_path {
        return;
    }
    assert_eq!(&m.pow_window(base, exp), want, "window {tag}");
    assert_eq!(&m.pow_ladder(base, exp), want, "ladder {tag}");
    assert_eq!(&m.pow_vartime(base, exp), want, "vartime {tag}");
}

#[test]
fn rsa_labs_pkcs1v15_encryption_as_modexp() {
    let (keys, cases) = parse();
    // Every algorithm on every backend under test (under MONTVEC_BACKEND, that backend's).
    common::each_config_in_parallel(|alg, backend| {
        let moduli: Vec<[Modulus; 3]> = keys
            .iter()
            .map(|k| {
                let m =
                    |b: &[u8]| Modulus::with_options(&Nat::from_be_bytes(b), alg, backend).unwrap();
                [m(&k.n), m(&k.p), m(&k.q)]
            })
            .collect();
        for (i, case) in cases.iter().enumerate() {
            let first_of_key = cases.iter().position(|c| c.key == case.key).unwrap();
            let every_path = i - first_of_key < 2;
            let key = &keys[case.key];
            let [mn, mp, mq] = &moduli[case.key];
            let em = Nat::from_be_bytes(&case.em);
            let c = Nat::from_be_bytes(&case.c);
            let e = Nat::from_be_bytes(&key.e);
            check(mn, &em, &e, &c, "EM^e = C", every_path);
            let d = Nat::from_be_bytes(&key.d);
            check(mn, &c, &d, &em, "C^d = EM", every_path);
            // Garner's halves: C^dP = EM mod p, C^dQ = EM mod q; the base C exceeds p and q.
            // EM mod p and mod q come from the num-bigint oracle, not from montvec.
            let em_mod = |prime: &[u8]| {
                let r = BigUint::from_bytes_be(&case.em) % BigUint::from_bytes_be(prime);
                Nat::from_be_bytes(&r.to_bytes_be())
            };
            check(
                mp,
                &c,
                &Nat::from_be_bytes(&key.dp),
                &em_mod(&key.p),
                "C^dP mod p",
                every_path,
            );
            check(
                mq,
                &c,
                &Nat::from_be_bytes(&key.dq),
                &em_mod(&key.q),
                "C^dQ mod q",
                every_path,
            );
        }
    });
}
