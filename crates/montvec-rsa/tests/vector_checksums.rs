//! The external vectors are the files their `SHA256SUMS` name, byte for byte: a vector file
//! edited by accident (a flipped `result`, a changed digest) fails here even when the tests
//! that read it would still count the same number of cases.

use sha2::{Digest, Sha256};
use std::path::Path;

#[test]
fn every_vector_file_matches_its_checksum() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../vectors");
    let mut folders = 0;
    for folder in ["cavp", "implicit-rejection", "pkcs1-rsalabs", "wycheproof"] {
        let dir = root.join(folder);
        let sums = std::fs::read_to_string(dir.join("SHA256SUMS"))
            .unwrap_or_else(|e| panic!("{folder}/SHA256SUMS: {e}"));
        let mut files = 0;
        for line in sums.lines().filter(|l| !l.trim().is_empty()) {
            let (want, name) = line
                .split_once("  ")
                .unwrap_or_else(|| panic!("{folder}/SHA256SUMS: malformed line {line:?}"));
            let bytes =
                std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{folder}/{name}: {e}"));
            let got: String = Sha256::digest(&bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            assert_eq!(
                got, want,
                "{folder}/{name} differs from its SHA256SUMS entry"
            );
            files += 1;
        }
        assert!(files > 0, "{folder}/SHA256SUMS lists no file");
        folders += 1;
    }
    assert_eq!(folders, 4);
}
