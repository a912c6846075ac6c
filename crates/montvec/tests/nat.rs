//! `Nat`: hexadecimal, decimal and big-endian byte round trips against num-bigint, announced
//! lengths, leading zeros, malformed input, and the small accessors.

mod common;
use common::*;

use montvec::{Error, Nat};
use num_bigint::BigUint;
use proptest::prelude::*;

#[test]
fn hex_announced_length_is_digits_over_16() {
    for d in 1..=200usize {
        let s = "f".repeat(d);
        let x = Nat::from_hex(&s).unwrap();
        assert_eq!(x.limb_len(), d.div_ceil(16), "{d} digits");
        assert_eq!(to_big(&x), (BigUint::from(1u32) << (4 * d)) - 1u32);
        let z = Nat::from_hex(&"0".repeat(d)).unwrap();
        assert_eq!(z.limb_len(), d.div_ceil(16));
        assert_eq!(z.to_hex_vartime(), "0");
        assert_eq!(z.to_hex_padded(), "0".repeat(16 * d.div_ceil(16)));
    }
}

#[test]
fn hex_leading_zeros_and_case() {
    let x = Nat::from_hex("0000000000000000000000000000000001").unwrap();
    assert_eq!(x.limb_len(), 3);
    assert_eq!(x.as_limbs(), [1, 0, 0]);
    assert_eq!(x.to_hex_vartime(), "1");
    assert_eq!(x, Nat::from_u64(1));
    let lower = Nat::from_hex("deadbeefcafef00d0123456789abcdef").unwrap();
    let upper = Nat::from_hex("DEADBEEFCAFEF00D0123456789ABCDEF").unwrap();
    let mixed = Nat::from_hex("DeadBeefCafeF00d0123456789AbCdEf").unwrap();
    assert_eq!(
        lower.as_limbs(),
        [0x0123_4567_89ab_cdef, 0xdead_beef_cafe_f00d]
    );
    assert_eq!(upper.as_limbs(), lower.as_limbs());
    assert_eq!(mixed.as_limbs(), lower.as_limbs());
    assert_eq!(upper.to_hex_vartime(), "deadbeefcafef00d0123456789abcdef");
}

#[test]
fn hex_malformed() {
    assert_eq!(Nat::from_hex(""), Err(Error::Empty));
    let cases: [(&str, usize, char); 10] = [
        ("0x12", 1, 'x'),
        (" 12", 0, ' '),
        ("12 ", 2, ' '),
        ("1g", 1, 'g'),
        ("G", 0, 'G'),
        ("+1", 0, '+'),
        ("-1", 0, '-'),
        ("12\n", 2, '\n'),
        ("12\r", 2, '\r'),
        ("1_000", 1, '_'),
    ];
    for (s, position, found) in cases {
        assert_eq!(
            Nat::from_hex(s),
            Err(Error::InvalidDigit { position, found }),
            "{s:?}"
        );
    }
}

/// Non-ASCII input is an error naming the character, never a panic (the parser must not
/// slice the string inside a multi-byte character).
#[test]
fn hex_non_ascii_is_an_error_not_a_panic() {
    for (s, position, found) in [
        ("1é2", 1, 'é'),
        ("é", 0, 'é'),
        ("ab€", 2, '€'),
        ("٣", 0, '٣'),
        ("0🦀", 1, '🦀'),
    ] {
        let r = std::panic::catch_unwind(|| Nat::from_hex(s));
        let r = r.unwrap_or_else(|_| panic!("Nat::from_hex({s:?}) panicked"));
        assert_eq!(r, Err(Error::InvalidDigit { position, found }), "{s:?}");
    }
}

/// Hex and decimal both name the first malformed character, and `parse` counts positions
/// from the start of its string, `0x` included.
#[test]
fn errors_name_the_first_malformed_character_from_the_string_start() {
    for (s, position, found) in [("g12h", 0, 'g'), ("1g2h", 1, 'g'), ("12é€", 2, 'é')] {
        assert_eq!(
            Nat::from_hex(s),
            Err(Error::InvalidDigit { position, found }),
            "{s:?}"
        );
    }
    assert_eq!(
        Nat::from_decimal("1a2b"),
        Err(Error::InvalidDigit {
            position: 1,
            found: 'a'
        })
    );
    for (s, position, found) in [("0x12g4", 4, 'g'), ("0Xzz", 2, 'z'), ("12x4", 2, 'x')] {
        assert_eq!(
            s.parse::<Nat>(),
            Err(Error::InvalidDigit { position, found }),
            "{s:?}"
        );
    }
    assert_eq!("0x".parse::<Nat>(), Err(Error::Empty));
}

#[test]
fn decimal_malformed() {
    assert_eq!(Nat::from_decimal(""), Err(Error::Empty));
    for (s, position, found) in [
        ("12a", 2, 'a'),
        ("-3", 0, '-'),
        ("1.5", 1, '.'),
        (" 1", 0, ' '),
        ("1é", 1, 'é'),
        ("٣", 0, '٣'),
    ] {
        let r = std::panic::catch_unwind(|| Nat::from_decimal(s));
        let r = r.unwrap_or_else(|_| panic!("Nat::from_decimal({s:?}) panicked"));
        assert_eq!(r, Err(Error::InvalidDigit { position, found }), "{s:?}");
    }
    // Every ASCII character between two digits: only '0'..='9' are digits (the neighbours of
    // the range, '/' and ':', are refused: accepting ':' would read it as ten).
    for c in (0u8..128).map(char::from) {
        let s = format!("1{c}2");
        let want = match c.to_digit(10) {
            Some(d) => Ok(Nat::from_u64(102 + 10 * u64::from(d))),
            None => Err(Error::InvalidDigit {
                position: 1,
                found: c,
            }),
        };
        let got = Nat::from_decimal(&s).map(|x| x.resized(1));
        assert_eq!(got, want, "{s:?}");
    }
    // A bad digit after the first 19-digit chunk reports its absolute position.
    let s = format!("{}x", "1".repeat(40));
    assert_eq!(
        Nat::from_decimal(&s),
        Err(Error::InvalidDigit {
            position: 40,
            found: 'x'
        })
    );
}

/// Decimal strings announce at least as many limbs as the largest number of that many digits
/// needs, and at most one more.
#[test]
fn decimal_announced_length_fits_the_largest_value() {
    for d in 1..=700usize {
        let nines = "9".repeat(d);
        let x = Nat::from_decimal(&nines).unwrap();
        let need = (BigUint::from(10u32).pow(d as u32) - 1u32)
            .bits()
            .div_ceil(64) as usize;
        assert!(
            x.limb_len() >= need && x.limb_len() <= need + 1,
            "{d} digits: {} limbs, need {need}",
            x.limb_len()
        );
        assert_eq!(x.to_decimal_vartime(), nines);
        let z = Nat::from_decimal(&"0".repeat(d)).unwrap();
        assert_eq!(z.limb_len(), x.limb_len(), "length depends on digits only");
        assert_eq!(z.to_decimal_vartime(), "0");
    }
}

#[test]
fn decimal_leading_zeros() {
    let x = Nat::from_decimal("000000000000000000000000000000000000000042").unwrap();
    assert_eq!(x.to_decimal_vartime(), "42");
    assert_eq!(x, Nat::from_u64(42));
    assert_eq!(
        Nat::from_decimal("18446744073709551616")
            .unwrap()
            .as_limbs()[..2],
        [0, 1]
    );
}

#[test]
fn bytes_lengths() {
    for len in 0..=40usize {
        let bytes: Vec<u8> = (0..len)
            .map(|i| (i as u8).wrapping_mul(37).wrapping_add(1))
            .collect();
        let x = Nat::from_be_bytes(&bytes);
        assert_eq!(x.limb_len(), len.div_ceil(8));
        assert_eq!(to_big(&x), BigUint::from_bytes_be(&bytes));
        assert_eq!(x.to_be_bytes(len), bytes);
        // Longer: left-padded with zeros; shorter: the low bytes.
        let long = x.to_be_bytes(len + 5);
        assert_eq!(&long[..5], [0; 5]);
        assert_eq!(&long[5..], &bytes[..]);
        if len > 3 {
            assert_eq!(x.to_be_bytes(len - 3), &bytes[3..]);
        }
    }
}

#[test]
fn accessors() {
    let x = Nat::from_hex("8000000000000000000000000000000000000005").unwrap();
    assert_eq!(x.limb_len(), 3);
    assert_eq!(x.announced_bits(), 192);
    assert_eq!(x.bit_length_vartime(), 160);
    assert_eq!(
        (x.bit(0), x.bit(1), x.bit(2), x.bit(159), x.bit(158)),
        (1, 0, 1, 1, 0)
    );
    assert_eq!(x.bit(192), 0);
    assert_eq!(x.bit(10_000), 0);
    assert!(bool::from(x.is_odd()));
    assert!(!bool::from(x.is_zero()));
    assert!(bool::from(Nat::zero(0).is_zero()));
    assert!(bool::from(Nat::zero(4).is_zero()));
    // Zero keeps the length it is announced with (found by cargo-mutants: no test read it).
    for limbs in [0usize, 1, 4, 9] {
        let z = Nat::zero(limbs);
        assert_eq!((z.limb_len(), z.announced_bits()), (limbs, 64 * limbs));
        assert_eq!(z.as_limbs(), vec![0; limbs].as_slice());
        assert_eq!(z.to_hex_padded(), "0".repeat(16 * limbs));
    }
    // Nonzero limbs whose XOR or wrapping sum is zero: still not zero.
    assert!(!bool::from(Nat::from_limbs(vec![7, 7]).is_zero()));
    assert!(!bool::from(Nat::from_limbs(vec![1, u64::MAX]).is_zero()));
    assert!(!bool::from(Nat::zero(0).is_odd()));
    assert_eq!(Nat::zero(0).bit_length_vartime(), 0);
    assert_eq!(Nat::zero(0).bit_length(), 0);
    assert_eq!(Nat::zero(0).to_hex_padded(), "");
    assert_eq!(Nat::zero(0).to_hex_vartime(), "0");
    assert_eq!(Nat::zero(0).to_decimal_vartime(), "0");
    assert_eq!(Nat::zero(0), Nat::zero(7));
    assert_ne!(Nat::from_u64(1), Nat::from_limbs(vec![1, 1]));
    assert_eq!(Nat::from(5u64), Nat::from_limbs(vec![5, 0, 0]));
    let from_u32 = Nat::from(u32::MAX);
    assert_eq!(
        (from_u32.limb_len(), from_u32.to_hex_vartime()),
        (1, "ffffffff".into())
    );
    let wide = Nat::from(0x0123_4567_89ab_cdef_fedc_ba98_7654_3210u128);
    assert_eq!(wide.limb_len(), 2);
    assert_eq!(wide.to_hex_vartime(), "123456789abcdeffedcba9876543210");
    let r = x.resized(5);
    assert_eq!(r.limb_len(), 5);
    assert_eq!(r, x);
    let t = x.resized(1);
    assert_eq!(t.as_limbs(), [5]);
    assert_eq!(format!("{:?}", Nat::from_u64(255)), "Nat(0xff)");
}

#[test]
fn from_str_hex_or_decimal() {
    assert_eq!("0x1F".parse::<Nat>().unwrap(), Nat::from_u64(31));
    assert_eq!("0X1f".parse::<Nat>().unwrap(), Nat::from_u64(31));
    assert_eq!("31".parse::<Nat>().unwrap(), Nat::from_u64(31));
    assert_eq!("0x".parse::<Nat>(), Err(Error::Empty));
    assert_eq!("".parse::<Nat>(), Err(Error::Empty));
    assert!("1f".parse::<Nat>().is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn hex_round_trip(limbs in prop::collection::vec(any::<u64>(), 0..12), zeros in 0usize..40) {
        let x = Nat::from_limbs(limbs.clone());
        let big = to_big(&x);
        let padded = x.to_hex_padded();
        prop_assert_eq!(padded.len(), 16 * limbs.len());
        prop_assert_eq!(x.to_hex_vartime(), format!("{big:x}"));
        if !limbs.is_empty() {
            let back = Nat::from_hex(&padded).unwrap();
            prop_assert_eq!(back.as_limbs(), &limbs[..]);
        }
        let s = format!("{}{}", "0".repeat(zeros), x.to_hex_vartime());
        let y = Nat::from_hex(&s).unwrap();
        prop_assert_eq!(y.limb_len(), s.len().div_ceil(16));
        prop_assert_eq!(to_big(&y), big.clone());
        let y = Nat::from_hex(&s.to_uppercase()).unwrap();
        prop_assert_eq!(to_big(&y), big);
    }

    /// `Nat::mul` against num-bigint for lengths 0 to 40 limbs, equal (the ADX kernels at 2-9,
    /// Karatsuba from 17) or not, with all-ones and random limbs.
    #[test]
    fn product_of_any_lengths(
        a in prop::collection::vec(prop_oneof![Just(u64::MAX), Just(0u64), any::<u64>()], 0..40),
        b in prop::collection::vec(prop_oneof![Just(u64::MAX), Just(0u64), any::<u64>()], 0..40),
        equal in any::<bool>(),
    ) {
        let b = if equal { a.iter().rev().copied().collect() } else { b };
        let (x, y) = (Nat::from_limbs(a.clone()), Nat::from_limbs(b.clone()));
        let p = x.mul(&y);
        prop_assert_eq!(p.limb_len(), a.len() + b.len());
        prop_assert_eq!(to_big(&p), limbs_to_big(&a) * limbs_to_big(&b));
    }

    #[test]
    fn decimal_round_trip(limbs in prop::collection::vec(any::<u64>(), 0..12), zeros in 0usize..40) {
        let big = limbs_to_big(&limbs);
        let x = Nat::from_limbs(limbs);
        prop_assert_eq!(x.to_decimal_vartime(), big.to_string());
        let s = format!("{}{}", "0".repeat(zeros), big);
        let y = Nat::from_decimal(&s).unwrap();
        prop_assert_eq!(to_big(&y), big);
    }

    #[test]
    fn bytes_round_trip(bytes in prop::collection::vec(any::<u8>(), 0..100)) {
        let x = Nat::from_be_bytes(&bytes);
        prop_assert_eq!(to_big(&x), BigUint::from_bytes_be(&bytes));
        prop_assert_eq!(x.to_be_bytes(bytes.len()), bytes);
    }

    /// Any string, through every parser: never a panic, and an answer only where num-bigint
    /// reads the same digits to the same value (hexadecimal digits only, decimal digits only;
    /// `0x` then hexadecimal, or decimal, for `FromStr`); otherwise a typed error naming a
    /// character of the string, or `Empty`.
    #[test]
    fn parsers_on_any_string(s in prop_oneof![
        ".{0,40}",
        "[0-9a-fA-F]{0,40}[^0-9a-fA-F]?[0-9a-fA-F]{0,5}",
        "(0x)?[0-9]{0,40}[xX_ +-]?[0-9]{0,5}",
    ]) {
        let digits = |radix: u32| {
            !s.is_empty() && s.chars().all(|c| c.is_digit(radix))
        };
        let check = |got: Result<Nat, Error>, radix: u32, text: &str, valid: bool| {
            match got {
                Ok(x) => {
                    prop_assert!(valid, "{text:?} accepted in base {radix}");
                    let want = BigUint::parse_bytes(text.as_bytes(), radix).expect("digits");
                    prop_assert_eq!(to_big(&x), want);
                }
                Err(Error::Empty) => prop_assert!(text.is_empty()),
                Err(Error::InvalidDigit { position, found }) => {
                    prop_assert!(!valid, "{text:?} refused in base {radix}");
                    prop_assert_eq!(s[position..].chars().next(), Some(found));
                }
                Err(e) => prop_assert!(false, "unexpected error {e:?} for {text:?}"),
            }
            Ok(())
        };
        check(Nat::from_hex(&s), 16, &s, digits(16))?;
        check(Nat::from_decimal(&s), 10, &s, digits(10))?;
        match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
            Some(hex) => {
                let valid = !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit());
                check(s.parse::<Nat>(), 16, hex, valid)?;
            }
            None => check(s.parse::<Nat>(), 10, &s, digits(10))?,
        }
    }

    #[test]
    fn bit_length_and_bits(limbs in prop::collection::vec(any::<u64>(), 0..6)) {
        let x = Nat::from_limbs(limbs);
        let big = to_big(&x);
        prop_assert_eq!(x.bit_length_vartime() as u64, big.bits());
        prop_assert_eq!(x.bit_length() as u64, big.bits());
        for i in 0..x.announced_bits() + 3 {
            prop_assert_eq!(x.bit(i) == 1, big.bit(i as u64));
        }
    }
}

/// The constant-time bit length against the variable-time one and the oracle, for every top-bit
/// position in up to four limbs (random limbs nearly always have their top bit set), with the
/// bits below it all ones, all zeros or random, and zero limbs above it.
#[test]
fn bit_length_at_every_top_bit() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for limbs in 0..=4 {
        assert_eq!(Nat::zero(limbs).bit_length(), 0);
        for top in 1..=64 * limbs {
            for below in [0, u64::MAX, random()] {
                let mut words = vec![below; limbs];
                let (word, bit) = ((top - 1) / 64, (top - 1) % 64);
                words[word] = (words[word] & ((1u64 << bit) - 1)) | (1u64 << bit);
                words[word + 1..].fill(0);
                let x = Nat::from_limbs(words);
                assert_eq!(x.bit_length(), top, "{x:?}");
                assert_eq!(x.bit_length_vartime(), top, "{x:?}");
                assert_eq!(to_big(&x).bits(), top as u64, "{x:?}");
            }
        }
    }
}

/// The announced length of `from_be_bytes` is ceil(len / 8) whatever the bytes hold: leading
/// zero bytes count (`bytes_lengths` in nat.rs only uses a nonzero first byte, and
/// `bytes_round_trip` checks values, not lengths). A length that followed the value would
/// leak it and change every later operation's announced size.
#[test]
fn from_be_bytes_length_counts_leading_zero_bytes() {
    for len in 0..=40usize {
        for zeros in 0..=len {
            let mut bytes = vec![0u8; zeros];
            bytes.extend((zeros..len).map(|i| (i as u8).wrapping_mul(37) | 1));
            let x = Nat::from_be_bytes(&bytes);
            assert_eq!(
                x.limb_len(),
                len.div_ceil(8),
                "{len} bytes, {zeros} leading zeros"
            );
            assert_eq!(to_big(&x), BigUint::from_bytes_be(&bytes));
            assert_eq!(x.to_be_bytes(len), bytes);
        }
    }
}
