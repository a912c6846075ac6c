//! Peers (GMP, OpenSSL) and the timing harness for `montvec bench`.
