//! Whole-file input and output for `montvec rsa`: binary, read and written in one piece, `-`
//! for standard input or output. Secret output (private keys, decrypted plaintexts) going to a
//! regular file is written with mode 0600 and synced to disk.

use std::fs::{self, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;

use montvec_rsa::HashAlg;
use zeroize::Zeroizing;

use super::failure::Failure;

/// Whether a file's content is secret.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Secrecy {
    /// Written with the usual mode (0666 less the umask).
    Public,
    /// Written with mode 0600, also when the file already existed, and synced; a pipe, FIFO
    /// or device is written as is (its mode is left alone).
    Secret,
}

/// True when `path` means a standard stream.
pub fn is_stream(path: &Path) -> bool {
    path == Path::new("-")
}

/// The most bytes [`read`] takes: 1 MiB, far more than any key file (a 16384-bit private key
/// in PEM is about 13 KB), signature, ciphertext or plaintext (at most the modulus length)
/// holds, so that an endless input (`/dev/zero`) is refused instead of filling memory.
pub const MAX_READ_BYTES: u64 = 1 << 20;

/// The bytes of `path` (`-`: all of standard input), at most [`MAX_READ_BYTES`]; `option`
/// names it in errors.
pub fn read(option: &'static str, path: &Path) -> Result<Vec<u8>, Failure> {
    read_at_most(option, path, MAX_READ_BYTES)
}

/// The bytes of `path` (`-`: all of standard input); more than `limit` bytes is an error.
pub fn read_at_most(option: &'static str, path: &Path, limit: u64) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    with_input(option, path, |input| {
        input.take(limit + 1).read_to_end(&mut bytes)
    })?;
    if bytes.len() as u64 > limit {
        return Err(Failure::input(
            option,
            path,
            format!("more than {limit} bytes, more than this command reads"),
        ));
    }
    Ok(bytes)
}

/// The digest under `hash` of all of `path` (`-`: standard input), read a piece at a time:
/// a message of any size in constant memory.
pub fn digest(option: &'static str, path: &Path, hash: HashAlg) -> Result<Vec<u8>, Failure> {
    with_input(option, path, |input| hash.digest_reader(input))
}

/// `f` on `path` opened for reading (`-`: standard input); an error of either is named by
/// `option` and `path`.
fn with_input<T>(
    option: &'static str,
    path: &Path,
    f: impl FnOnce(&mut dyn Read) -> io::Result<T>,
) -> Result<T, Failure> {
    let failed = |error| Failure::Read {
        option,
        path: path.to_path_buf(),
        error,
    };
    if is_stream(path) {
        f(&mut io::stdin().lock()).map_err(failed)
    } else {
        f(&mut fs::File::open(path).map_err(failed)?).map_err(failed)
    }
}

/// [`read`] for a file holding secrets: the bytes are zeroized when dropped.
pub fn read_secret(option: &'static str, path: &Path) -> Result<Zeroizing<Vec<u8>>, Failure> {
    read(option, path).map(Zeroizing::new)
}

/// Check, before a long computation, that [`write()`] could write `path`, without creating or
/// changing anything: standard output passes; an existing regular file must open for writing;
/// any other existing path must not be a directory; a new file's directory must exist. (Write
/// permission on that directory shows only when the file is created.)
pub fn check_writable(option: &'static str, path: &Path) -> Result<(), Failure> {
    let failed = |error| Failure::Write {
        option,
        path: path.to_path_buf(),
        error,
    };
    if is_stream(path) {
        return Ok(());
    }
    match fs::metadata(path) {
        // Opened without truncation: the content stays as it is.
        Ok(meta) if meta.is_file() => OpenOptions::new()
            .write(true)
            .open(path)
            .map(drop)
            .map_err(failed),
        Ok(meta) if meta.is_dir() => Err(failed(io::Error::new(
            io::ErrorKind::IsADirectory,
            "is a directory",
        ))),
        // A pipe, FIFO or device: opening a FIFO would wait for a reader.
        Ok(_) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let dir = match path.parent() {
                Some(dir) if !dir.as_os_str().is_empty() => dir,
                _ => Path::new("."),
            };
            if fs::metadata(dir).is_ok_and(|m| m.is_dir()) {
                Ok(())
            } else {
                Err(failed(io::Error::new(
                    io::ErrorKind::NotFound,
                    format!("no directory {}", dir.display()),
                )))
            }
        }
        Err(e) => Err(failed(e)),
    }
}

/// Write `bytes` to `path` (`-`: standard output), replacing what was there.
pub fn write(
    option: &'static str,
    path: &Path,
    bytes: &[u8],
    secrecy: Secrecy,
) -> Result<(), Failure> {
    let failed = |error| Failure::Write {
        option,
        path: path.to_path_buf(),
        error,
    };
    if is_stream(path) {
        let mut out = io::stdout().lock();
        return out
            .write_all(bytes)
            .and_then(|()| out.flush())
            .map_err(failed);
    }
    let mut options = OpenOptions::new();
    options.write(true).create(true);
    #[cfg(unix)]
    if secrecy == Secrecy::Secret {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        // Not truncated on opening: an existing file keeps its content until it is narrowed
        // (narrowing fails on a file of another owner, which must not be emptied first).
        options.truncate(false).mode(0o600);
        let mut file = options.open(path).map_err(failed)?;
        // Only a regular file is narrowed and synced: a pipe, a FIFO or a device (`/dev/stdout`
        // into a pipe, `/dev/null`) has no content of its own to protect, a device's mode is
        // shared by every user of it, and `fsync` refuses all three.
        if file.metadata().map_err(failed)?.is_file() {
            // `mode` applies only to a file this call creates: narrow an existing one too,
            // before anything secret is written into it, then empty it.
            file.set_permissions(fs::Permissions::from_mode(0o600))
                .map_err(failed)?;
            return file
                .set_len(0)
                .and_then(|()| file.write_all(bytes))
                .and_then(|()| file.sync_all())
                .map_err(failed);
        }
        return file.write_all(bytes).map_err(failed);
    }
    let mut file = options.truncate(true).open(path).map_err(failed)?;
    file.write_all(bytes).map_err(failed)
}

/// Write the lines of a command's report (`text`) to standard output, or to standard error
/// when `to_stderr` (standard output then carries the command's data, `--out -`).
pub fn report(text: &str, to_stderr: bool) -> Result<(), Failure> {
    let written = if to_stderr {
        let mut err = io::stderr().lock();
        err.write_all(text.as_bytes()).and_then(|()| err.flush())
    } else {
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes()).and_then(|()| out.flush())
    };
    written.map_err(Failure::Report)
}

/// Refuse more than one of `paths` (option, path) reading standard input: the first would
/// take all of it.
pub fn one_stdin(paths: &[(&str, &Path)]) -> Result<(), Failure> {
    let streams: Vec<&str> = paths
        .iter()
        .filter(|(_, p)| is_stream(p))
        .map(|(o, _)| *o)
        .collect();
    if streams.len() > 1 {
        return Err(Failure::Usage(format!(
            "only one input can be standard input (-), not {}",
            streams.join(" and ")
        )));
    }
    Ok(())
}
