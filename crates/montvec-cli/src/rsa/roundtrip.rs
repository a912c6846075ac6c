//! `montvec rsa roundtrip`: seed 002's end-to-end test. A fresh key encrypts a file block by
//! block and decrypts it again; the command reports the blocks, bytes and throughput of each
//! direction, and how many blocks came back different (status 1 when any did).
//!
//! Blocks are raw RSA by default, as in seed 002's testbench (RSAEP/RSADP on each symbol, no
//! padding): each block holds k − 1 bytes of the file (k = the modulus length in bytes), read
//! as a big-endian number, so it is below n whatever the bytes are (n has k bytes, its first
//! non-zero). That times the RSA operations themselves. `--padding oaep` uses OAEP with
//! SHA-256 instead (k − 66 bytes a block, randomized), the way a file would really be
//! encrypted, adding the padding's hashing to the time.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use montvec_rsa::{hazmat, HashAlg, Oaep, PublicKeyParts, RsaPrivateKey, RsaPublicKey};
use rand_core::OsRng;

use super::failure::Failure;
use super::files;

/// How the blocks are encrypted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BlockPadding {
    /// Raw RSA on blocks of k − 1 bytes, as seed 002 does
    #[value(name = "none")]
    Raw,
    /// OAEP with SHA-256 on blocks of k − 66 bytes
    Oaep,
}

/// Options of `montvec rsa roundtrip`.
#[derive(clap::Args)]
pub struct Args {
    /// Modulus size of the fresh key, in bits
    #[arg(long, value_name = "N")]
    bits: usize,
    /// Block encryption: none (raw RSA, blocks of k − 1 bytes, seed 002's testbench) or oaep
    /// (SHA-256, blocks of k − 66 bytes)
    #[arg(long, value_enum, default_value = "none")]
    padding: BlockPadding,
    /// Write the decrypted file here too (`-`: standard output, and the report then goes to
    /// standard error), to compare it yourself
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The file to encrypt and decrypt (`-`: standard input), at most 64 MiB
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

/// The largest FILE taken: 64 MiB, about 270,000 blocks of a 2048-bit key, held three times
/// over (the text, the blocks, the decrypted text).
const MAX_FILE_BYTES: u64 = 64 << 20;

/// One block through the round trip.
struct Block {
    /// The block as encrypted: k bytes for raw RSA (the file's bytes right-aligned behind zero
    /// bytes), the file's bytes for OAEP.
    plain: Vec<u8>,
    /// How many of the file's bytes it holds.
    file_bytes: usize,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let text = files::read_at_most("FILE", &args.file, MAX_FILE_BYTES)?;
    // Key generation and every block come before the write: find an unwritable --out first.
    if let Some(out) = &args.out {
        files::check_writable("--out", out)?;
    }
    let started = Instant::now();
    let key = RsaPrivateKey::new(&mut OsRng, args.bits).map_err(|error| match error {
        montvec_rsa::Error::InvalidKeySize { .. } => {
            Failure::Usage(format!("--bits {}: {error}", args.bits))
        }
        error => Failure::Operation {
            what: "key generation",
            error,
        },
    })?;
    let keygen_time = started.elapsed();
    let public = key.to_public_key();
    let k = public.size();
    let block_len = match args.padding {
        BlockPadding::Raw => k - 1,
        // RFC 8017 §7.1.1 step 1.b: mLen <= k - 2hLen - 2.
        BlockPadding::Oaep => k.saturating_sub(2 * HashAlg::Sha256.output_len() + 2),
    };
    if block_len == 0 {
        return Err(Failure::Usage(format!(
            "--bits {}: too small for OAEP with SHA-256",
            args.bits
        )));
    }
    let blocks: Vec<Block> = text
        .chunks(block_len)
        .map(|chunk| Block {
            plain: match args.padding {
                BlockPadding::Raw => [vec![0; k - chunk.len()], chunk.to_vec()].concat(),
                BlockPadding::Oaep => chunk.to_vec(),
            },
            file_bytes: chunk.len(),
        })
        .collect();

    let started = Instant::now();
    let ciphertexts = blocks
        .iter()
        .map(|b| encrypt_block(&public, args.padding, &b.plain))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| Failure::Operation {
            what: "encryption",
            error,
        })?;
    let encrypt_time = started.elapsed();

    let started = Instant::now();
    // A block that fails to decrypt counts as a block that differs.
    let recovered: Vec<Option<Vec<u8>>> = ciphertexts
        .iter()
        .map(|c| decrypt_block(&key, args.padding, c).ok())
        .collect();
    let decrypt_time = started.elapsed();

    let differ = differing_blocks(&blocks, &recovered);
    let failed = recovered.iter().filter(|r| r.is_none()).count();

    if let Some(out) = &args.out {
        let decrypted: Vec<u8> = blocks
            .iter()
            .zip(&recovered)
            .flat_map(|(b, r)| {
                let r = r.as_deref().unwrap_or_default();
                r[r.len().saturating_sub(b.file_bytes)..].to_vec()
            })
            .collect();
        files::write("--out", out, &decrypted, files::Secrecy::Public)?;
    }

    let exponent = public.e().to_decimal_vartime();
    let mut report = format!(
        "key: {} bits, e = {exponent}, generated in {:.3} s\n",
        public.bits(),
        keygen_time.as_secs_f64()
    );
    report += &format!(
        "file: {} bytes in {} blocks of up to {block_len} bytes ({})\n",
        text.len(),
        blocks.len(),
        match args.padding {
            BlockPadding::Raw => "raw RSA, as seed 002",
            BlockPadding::Oaep => "OAEP with SHA-256",
        }
    );
    report += &format!(
        "encrypt: {}\n",
        throughput(text.len(), blocks.len(), encrypt_time)
    );
    report += &format!(
        "decrypt: {}\n",
        throughput(text.len(), blocks.len(), decrypt_time)
    );
    if failed > 0 {
        report += &format!("blocks that failed to decrypt: {failed}\n");
    }
    report += &format!("blocks that differ after the round trip: {differ}\n");
    // With `--out -` the decrypted file went to standard output: the report goes beside it, on
    // standard error.
    let data_on_stdout = args.out.as_deref().is_some_and(files::is_stream);
    files::report(&report, data_on_stdout)?;
    Ok(if differ == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// How many blocks did not come back as they went in (`None`: failed to decrypt).
fn differing_blocks(blocks: &[Block], recovered: &[Option<Vec<u8>>]) -> usize {
    blocks
        .iter()
        .zip(recovered)
        .filter(|(b, r)| r.as_deref() != Some(&b.plain[..]))
        .count()
}

fn encrypt_block(
    key: &RsaPublicKey,
    padding: BlockPadding,
    block: &[u8],
) -> montvec_rsa::Result<Vec<u8>> {
    match padding {
        BlockPadding::Raw => hazmat::rsa_encrypt(key, block),
        BlockPadding::Oaep => key.encrypt(&mut OsRng, Oaep::with_hash(HashAlg::Sha256), block),
    }
}

fn decrypt_block(
    key: &RsaPrivateKey,
    padding: BlockPadding,
    ciphertext: &[u8],
) -> montvec_rsa::Result<Vec<u8>> {
    match padding {
        BlockPadding::Raw => hazmat::rsa_decrypt(key, ciphertext, &mut OsRng),
        BlockPadding::Oaep => key.decrypt(Oaep::with_hash(HashAlg::Sha256), ciphertext),
    }
}

/// "`time` s, `MB/s`, `blocks/s`" for `bytes` in `blocks` taking `time`.
fn throughput(bytes: usize, blocks: usize, time: Duration) -> String {
    let secs = time.as_secs_f64();
    if secs == 0.0 {
        return format!("{secs:.6} s");
    }
    format!(
        "{secs:.6} s, {:.3} MB/s, {:.1} blocks/s",
        bytes as f64 / secs / 1e6,
        blocks as f64 / secs
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_blocks_that_differ_or_failed() {
        let block = |bytes: &[u8]| Block {
            plain: bytes.to_vec(),
            file_bytes: bytes.len(),
        };
        let blocks = [block(b"\0ab"), block(b"\0cd"), block(b"\0ef")];
        let same = vec![
            Some(b"\0ab".to_vec()),
            Some(b"\0cd".to_vec()),
            Some(b"\0ef".to_vec()),
        ];
        assert_eq!(differing_blocks(&blocks, &same), 0);
        let mut changed = same.clone();
        changed[1] = Some(b"\0cD".to_vec());
        assert_eq!(differing_blocks(&blocks, &changed), 1);
        changed[2] = None;
        assert_eq!(differing_blocks(&blocks, &changed), 2);
        // A lost leading zero byte is a difference too.
        changed[0] = Some(b"ab".to_vec());
        assert_eq!(differing_blocks(&blocks, &changed), 3);
    }
}
