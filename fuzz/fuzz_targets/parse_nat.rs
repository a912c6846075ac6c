//! Parsers never panic, and what they accept round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use montvec::Nat;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else { return };
    if let Ok(x) = Nat::from_hex(s) {
        assert_eq!(Nat::from_hex(&x.to_hex_vartime()).unwrap(), x);
    }
    if let Ok(x) = Nat::from_decimal(s) {
        assert_eq!(Nat::from_decimal(&x.to_decimal_vartime()).unwrap(), x);
    }
    let _ = s.parse::<Nat>();
});
