//! RSA: the private operation (CRT halves, Garner, blinding, the fault check), one at a time
//! and in batches, and the decryptions whose padding checks run on secret plaintexts (PKCS#1
//! v1.5 with implicit rejection, OAEP), on keys whose d and primes are secret (the primes'
//! lowest bits aside; their sizes are found in constant time and then released by design) and
//! with the blinding factors secret.
//!
//! The keys are generated in the open, then imported from their components with d and the
//! primes secret: `from_components` (its validation and CRT values) is checked too. Key
//! generation itself runs on a generator whose output is secret (`generate`).

use montvec::batch::Options;
use montvec::Nat;
use montvec_rsa::{
    batch, hazmat, Oaep, Pkcs1v15Encrypt, Pkcs1v15Sign, Pss, PublicKeyParts, RsaPrivateKey,
    RsaPublicKey,
};
use rand_chacha::ChaCha20Rng;
use rand_core::{CryptoRng, RngCore, SeedableRng};

use crate::cases::exp::hide_modulus;
use crate::memcheck::{checked, public, secret};
use crate::values::Words;

/// A seeded generator whose output is secret (the blinding factors).
struct SecretRng(ChaCha20Rng);

impl RngCore for SecretRng {
    fn next_u32(&mut self) -> u32 {
        rand_core::impls::next_u32_via_fill(self)
    }
    fn next_u64(&mut self) -> u64 {
        rand_core::impls::next_u64_via_fill(self)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.0.fill_bytes(dest);
        secret(dest);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

impl CryptoRng for SecretRng {}

fn rng(seed: u64) -> SecretRng {
    SecretRng(ChaCha20Rng::seed_from_u64(seed))
}

/// A key of `bits` bits, generated in the open (the generation itself is the `generate` case),
/// then imported from its components with d and the primes secret.
fn secret_key(bits: usize, seed: u64) -> RsaPrivateKey {
    let plain = RsaPrivateKey::new(&mut ChaCha20Rng::seed_from_u64(seed), bits).expect("key");
    let [p, q] = plain.primes().map(|x| x.clone());
    let d = plain.d().clone();
    secret(d.as_limbs());
    hide_modulus(&p);
    hide_modulus(&q);
    let n = plain.as_public_key().n().clone();
    let e = plain.as_public_key().e().clone();
    checked(|| RsaPrivateKey::from_components(n, e, d, vec![p, q])).expect("the same key")
}

/// A 766-bit three-prime key (the crate's own test key), imported with d and the primes
/// secret: the multi-prime CRT path.
fn secret_three_prime_key() -> RsaPrivateKey {
    let hex = |s: &str| Nat::from_hex(s).expect("hex");
    let n = hex(concat!(
        "b84dacd0f29b26fba2ed315800b957ff506a60c28f4480c6c000c0e90018c6609c12d7116d6eb57e9817",
        "3bc6a8441967ccb2a9a1a65007c3bdeaa4dfc4cd1d72a0e6c60105d20a574345bbc49632875b2ad36580",
        "78079cf72d16bf42c4f37003"
    ));
    let d = hex(concat!(
        "2dc12adc1cbea3e8e8c3d5f2310bd26ad1fdf6d39659bd569a2815bc4287e407528fc9abca6bdf79881f",
        "79edd8979b60fe04620a6d6627da46d9f6b8b7719d5afd14dfe3f32cb1079a267bd7a09276b22c0a04ff",
        "6980d9f906ab53d029dd799"
    ));
    let primes = [
        "d3d814154ac9f7a5cbe40f7e2672d4811fc1b3d9302cb3403a98a4d0c7d8270f",
        "ec802bdb626577a7e60f7dd92e14fbd283a6d120a515db259d372d24645b0b75",
        "f114f97bbda382eb713c12ccaa65d68c1567c4f4343b02a39f936e77ebd137f9",
    ]
    .map(hex);
    secret(d.as_limbs());
    primes.iter().for_each(hide_modulus);
    let e = Nat::from_u64(65537);
    checked(|| RsaPrivateKey::from_components(n, e, d, primes.to_vec())).expect("valid key")
}

/// Raw private operations, one at a time (past a fresh blinding factor's 32 uses) and in
/// batches on each engine this machine runs, on two-prime keys of 1024 and 2048 bits and a
/// three-prime key.
pub fn private() {
    let mut words = Words::new(5);
    let keys = [
        (1024, secret_key(1024, 1)),
        (2048, secret_key(2048, 2)),
        (766, secret_three_prime_key()),
    ];
    for (seed, (bits, key)) in (1..).zip(keys) {
        let mut rng = rng(seed);
        let k = key.size();
        let c = |words: &mut Words| words.number(bits - 8).to_be_bytes(k);
        for _ in 0..34 {
            let ct = c(&mut words);
            let m = checked(|| hazmat::rsa_decrypt(&key, &ct, &mut rng)).expect("decrypts");
            public(&m);
        }
        for engine in montvec::batch::Engine::ALL
            .into_iter()
            .filter(|e| e.is_supported())
        {
            let cts: Vec<Nat> = (0..5).map(|_| Nat::from_be_bytes(&c(&mut words))).collect();
            let jobs: Vec<_> = cts.iter().map(|ct| (&key, ct)).collect();
            let options = Options {
                threads: Some(1),
                engine: Some(engine),
                ..Default::default()
            };
            for m in checked(|| batch::private_ops(&jobs, &mut rng, &options)) {
                public(m.expect("decrypts").as_limbs());
            }
        }
    }
}

/// PKCS#1 v1.5 decryption with implicit rejection and OAEP decryption, of valid ciphertexts
/// and of ciphertexts that do not decode.
pub fn decrypt() {
    let mut words = Words::new(6);
    let key = secret_key(2048, 3);
    let public_key: RsaPublicKey = key.to_public_key();
    let mut rng = rng(7);
    let mut open_rng = ChaCha20Rng::seed_from_u64(8);
    let message = b"attack at dawn";
    let valid_v15 = public_key
        .encrypt(&mut open_rng, Pkcs1v15Encrypt, message)
        .expect("fits");
    let valid_oaep = public_key
        .encrypt(&mut open_rng, Oaep::new::<sha2::Sha256>(), message)
        .expect("fits");
    let invalid = words.number(2040).to_be_bytes(256);
    for ct in [&valid_v15, &invalid] {
        let m = checked(|| key.decrypt_blinded(&mut rng, Pkcs1v15Encrypt, ct));
        public(&m.expect("implicit rejection answers every ciphertext"));
    }
    for ct in [&valid_oaep, &invalid] {
        let m = checked(|| key.decrypt_blinded(&mut rng, Oaep::new::<sha2::Sha256>(), ct));
        if let Ok(m) = m {
            public(&m);
        }
    }
}

/// PKCS#1 v1.5 and PSS signatures. The PSS salt is public (the verifier recovers it from
/// the signature; `check_input` compares the encoded message, salt included, with n), so it is
/// given in the open; the blinding factors stay secret.
pub fn sign() {
    let key = secret_key(2048, 4);
    let mut rng = rng(9);
    let digest = [0x5c_u8; 32];
    let v15 = Pkcs1v15Sign::new::<sha2::Sha256>();
    public(&checked(|| key.sign_with_rng(&mut rng, v15, &digest)).expect("signs"));
    let pss = Pss::new::<sha2::Sha256>();
    let salt = [0xa5_u8; 32];
    public(&checked(|| pss.sign_with_salt(&mut rng, &key, &digest, &salt)).expect("signs"));
}

/// Key generation with every random byte secret: the sieve, the gcd with e and the
/// Miller-Rabin rounds on each candidate (their verdicts released), p and q's distance, λ and
/// d. The generated key's parts stay secret: only its public half is released. Then the same
/// key from its secret primes alone (`from_p_q`: d from them, and the import's checks, the
/// primes' strong test to base 2 among them).
pub fn generate() {
    let mut rng = rng(11);
    let key = checked(|| RsaPrivateKey::new(&mut rng, 1024)).expect("a key");
    public(key.n().as_limbs());
    let [p, q] = key.primes().map(|x| x.clone());
    hide_modulus(&p);
    hide_modulus(&q);
    let e = key.e().clone();
    let again = checked(|| RsaPrivateKey::from_p_q(p, q, e)).expect("the same key");
    public(again.n().as_limbs());
}
