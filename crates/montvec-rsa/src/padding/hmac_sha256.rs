//! SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) whose secret-derived state is wiped on
//! drop, over the `sha2` crate's compression function.
//!
//! The implicit-rejection KDF of [`super::pkcs1v15_encrypt`] hashes d and keys an HMAC with
//! that hash. The `sha2` and `hmac` hashers (digest 0.10) implement no zeroizing: a finished
//! SHA-256 of d leaves its last block of d in the hasher's buffer, and a keyed HMAC holds the
//! two chaining values that stand in for its key. Here the chaining value, the block buffer
//! and every finished inner hash live in values that are zeroized when dropped; the
//! compression itself is `sha2::compress256` (the crate's SHA-NI or portable code), whose
//! own stack frame is not wiped.

use sha2::compress256;
use sha2::digest::generic_array::{typenum::U64, GenericArray};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

/// SHA-256's initial chaining value (FIPS 180-4 §5.3.3).
const IV: [u32; 8] = [
    0x6a09_e667,
    0xbb67_ae85,
    0x3c6e_f372,
    0xa54f_f53a,
    0x510e_527f,
    0x9b05_688c,
    0x1f83_d9ab,
    0x5be0_cd19,
];

/// Bytes of a SHA-256 block.
const BLOCK: usize = 64;

/// `block` (64 bytes) as the one-block slice `compress256` takes, without a copy (a copy
/// would leave the block on the stack).
fn block_of(block: &[u8]) -> &[GenericArray<u8, U64>] {
    core::slice::from_ref(GenericArray::from_slice(block))
}

/// A SHA-256 computation in progress; its chaining value and buffered bytes are zeroized on
/// drop.
#[derive(Clone)]
pub(crate) struct Sha256State {
    state: [u32; 8],
    buffer: [u8; BLOCK],
    /// Bytes in `buffer`, below [`BLOCK`].
    buffered: usize,
    /// Bytes hashed so far, buffered ones included.
    length: u64,
}

impl Sha256State {
    /// The state before any input.
    pub(crate) fn new() -> Self {
        Self {
            state: IV,
            buffer: [0; BLOCK],
            buffered: 0,
            length: 0,
        }
    }

    /// Hashes `data` after what came before.
    ///
    /// Leaks: the lengths only.
    pub(crate) fn update(&mut self, mut data: &[u8]) {
        self.length += data.len() as u64;
        if self.buffered > 0 {
            let take = (BLOCK - self.buffered).min(data.len());
            self.buffer[self.buffered..self.buffered + take].copy_from_slice(&data[..take]);
            self.buffered += take;
            data = &data[take..];
            if self.buffered < BLOCK {
                return;
            }
            compress256(&mut self.state, block_of(&self.buffer));
            self.buffered = 0;
        }
        let mut blocks = data.chunks_exact(BLOCK);
        for block in &mut blocks {
            compress256(&mut self.state, block_of(block));
        }
        let rest = blocks.remainder();
        self.buffer[..rest.len()].copy_from_slice(rest);
        self.buffered = rest.len();
    }

    /// The hash of everything given to [`update`](Self::update) (FIPS 180-4 §5.1.1 padding:
    /// 0x80, zeros, the bit length as 64 bits big-endian).
    ///
    /// Leaks: the length only.
    pub(crate) fn finalize(mut self) -> Zeroizing<[u8; 32]> {
        let bits = self.length.wrapping_mul(8);
        self.update_padding(bits);
        let mut out = Zeroizing::new([0u8; 32]);
        for (chunk, word) in out.chunks_exact_mut(4).zip(self.state) {
            chunk.copy_from_slice(&word.to_be_bytes());
        }
        out
    }

    /// Appends the padding for a message of `bits` bits and compresses the last block(s).
    fn update_padding(&mut self, bits: u64) {
        let mut tail = [0u8; 2 * BLOCK];
        let n = self.buffered;
        tail[..n].copy_from_slice(&self.buffer[..n]);
        tail[n] = 0x80;
        // One block if the 0x80 byte and the 8 length bytes fit after the data, else two.
        let end = if n + 1 + 8 <= BLOCK { BLOCK } else { 2 * BLOCK };
        tail[end - 8..end].copy_from_slice(&bits.to_be_bytes());
        for block in tail[..end].chunks_exact(BLOCK) {
            compress256(&mut self.state, block_of(block));
        }
        tail.zeroize();
        self.buffer.zeroize();
        self.buffered = 0;
    }
}

impl Drop for Sha256State {
    fn drop(&mut self) {
        self.state.zeroize();
        self.buffer.zeroize();
    }
}

impl ZeroizeOnDrop for Sha256State {}

/// SHA-256 of `data`, in a value zeroized on drop.
///
/// Leaks: the length only.
pub(crate) fn sha256(data: &[u8]) -> Zeroizing<[u8; 32]> {
    let mut h = Sha256State::new();
    h.update(data);
    h.finalize()
}

/// HMAC-SHA256 (RFC 2104: H(K ^ opad ‖ H(K ^ ipad ‖ m))) as the two states after the padded
/// keys, zeroized on drop. Clone it to MAC several messages under one key.
#[derive(Clone)]
pub(crate) struct HmacSha256 {
    inner: Sha256State,
    outer: Sha256State,
}

impl HmacSha256 {
    /// The MAC keyed with the 32-byte `key`, zero-padded to a block (RFC 2104 §2).
    ///
    /// Leaks: nothing.
    pub(crate) fn new(key: &[u8; 32]) -> Self {
        let mut padded = Zeroizing::new([0u8; BLOCK]);
        padded[..key.len()].copy_from_slice(key);
        let mut inner = Sha256State::new();
        let mut outer = Sha256State::new();
        for b in padded.iter_mut() {
            *b ^= 0x36;
        }
        inner.update(&padded[..]);
        for b in padded.iter_mut() {
            *b ^= 0x36 ^ 0x5c;
        }
        outer.update(&padded[..]);
        Self { inner, outer }
    }

    /// Feeds `data` to the MAC.
    ///
    /// Leaks: the length only.
    pub(crate) fn update(&mut self, data: &[u8]) {
        self.inner.update(data);
    }

    /// The tag of everything fed so far.
    ///
    /// Leaks: nothing.
    pub(crate) fn finalize(self) -> Zeroizing<[u8; 32]> {
        let Self { inner, mut outer } = self;
        let inner_hash = inner.finalize();
        outer.update(&inner_hash[..]);
        outer.finalize()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hmac::{Hmac, Mac};
    use proptest::prelude::*;
    use sha2::{Digest, Sha256};

    fn hex(s: &str) -> Vec<u8> {
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }

    #[test]
    fn sha256_known_answers() {
        // FIPS 180-4 examples (NIST CSRC): "abc", the empty string, and the two-block message.
        assert_eq!(
            sha256(b"abc")[..],
            hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")[..]
        );
        assert_eq!(
            sha256(b"")[..],
            hex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")[..]
        );
        assert_eq!(
            sha256(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")[..],
            hex("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")[..]
        );
    }

    #[test]
    fn hmac_rfc4231_case_2() {
        // RFC 4231 test case 2 ("Jefe"), its key zero-padded to 32 bytes (HMAC pads it to a
        // block anyway, so the tag is the RFC's).
        let mut key = [0u8; 32];
        key[..4].copy_from_slice(b"Jefe");
        let mut mac = HmacSha256::new(&key);
        mac.update(b"what do ya want ");
        mac.update(b"for nothing?");
        assert_eq!(
            mac.finalize()[..],
            hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")[..]
        );
    }

    proptest! {
        /// Against the `sha2` and `hmac` crates, over messages fed in arbitrary pieces that
        /// cross every block boundary and padding case (55, 56, 63, 64 bytes...).
        #[test]
        fn agrees_with_the_rustcrypto_hashers(
            key in any::<[u8; 32]>(),
            msg in proptest::collection::vec(any::<u8>(), 0..300),
            cuts in proptest::collection::vec(0usize..300, 0..4),
        ) {
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(msg.len())).collect();
            cuts.push(0);
            cuts.push(msg.len());
            cuts.sort_unstable();
            let mut h = Sha256State::new();
            let mut mac = HmacSha256::new(&key);
            for w in cuts.windows(2) {
                h.update(&msg[w[0]..w[1]]);
                mac.update(&msg[w[0]..w[1]]);
            }
            let want: [u8; 32] = Sha256::digest(&msg).into();
            prop_assert_eq!(&h.finalize()[..], &want[..]);
            let mut oracle = <Hmac<Sha256> as Mac>::new_from_slice(&key).unwrap();
            oracle.update(&msg);
            let want: [u8; 32] = oracle.finalize().into_bytes().into();
            prop_assert_eq!(&mac.finalize()[..], &want[..]);
        }
    }

    #[test]
    fn every_length_across_the_padding_cases() {
        let msg: Vec<u8> = (0..200u8).collect();
        for len in 0..msg.len() {
            let want: [u8; 32] = Sha256::digest(&msg[..len]).into();
            assert_eq!(sha256(&msg[..len])[..], want[..], "length {len}");
        }
    }
}
