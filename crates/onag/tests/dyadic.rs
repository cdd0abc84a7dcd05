//! Exact dyadic arithmetic: fixed values, limits (overflow is an error), and laws against an
//! `i128` rational reference.

use onag::partizan::dyadic::{Dyadic, DyadicError};
use proptest::prelude::*;

fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}

#[test]
fn parse_and_display_round_trip() {
    for s in [
        "0",
        "-3",
        "5/8",
        "-95/16",
        "1/4611686018427387904",
        "9223372036854775807",
    ] {
        assert_eq!(d(s).to_string(), s);
    }
    assert_eq!(d("+7/2").to_string(), "7/2");
    assert_eq!(d("6/8").to_string(), "3/4");
    assert_eq!(d("-0").to_string(), "0");
    assert_eq!(d("-9223372036854775808").numerator(), i64::MIN);
}

#[test]
fn parse_errors_are_typed() {
    assert_eq!("1/3".parse::<Dyadic>(), Err(DyadicError::NotDyadic));
    assert!(matches!(
        "1/0".parse::<Dyadic>(),
        Err(DyadicError::Parse(_))
    ));
    assert!(matches!("".parse::<Dyadic>(), Err(DyadicError::Parse(_))));
    assert!(matches!(
        "abc".parse::<Dyadic>(),
        Err(DyadicError::Parse(_))
    ));
    assert!(matches!("1/".parse::<Dyadic>(), Err(DyadicError::Parse(_))));
    assert!(matches!(
        "--1".parse::<Dyadic>(),
        Err(DyadicError::Parse(_))
    ));
    assert_eq!(
        "9223372036854775808".parse::<Dyadic>(),
        Err(DyadicError::Overflow)
    );
    assert_eq!(
        "1/9223372036854775808".parse::<Dyadic>(),
        Err(DyadicError::Overflow)
    );
    assert_eq!(
        "99999999999999999999999999999999999999999999".parse::<Dyadic>(),
        Err(DyadicError::Overflow)
    );
}

#[test]
fn normalisation_and_accessors() {
    let x = Dyadic::new(12, 3).unwrap();
    assert_eq!((x.numerator(), x.exponent()), (3, 1));
    assert_eq!(Dyadic::new(0, 40).unwrap(), Dyadic::ZERO);
    assert_eq!(Dyadic::new(1 << 40, 70).unwrap().exponent(), 30);
    assert_eq!(Dyadic::new(1, 63), Err(DyadicError::Overflow));
    assert!(d("5").is_integer() && !d("5/2").is_integer());
    assert_eq!((d("5/2").floor(), d("5/2").ceil()), (2, 3));
    assert_eq!((d("-5/2").floor(), d("-5/2").ceil()), (-3, -2));
    assert_eq!((d("-3").floor(), d("-3").ceil()), (-3, -3));
}

#[test]
fn simplest_between_follows_conway() {
    let cases = [
        ("0", "1", "1/2"),
        ("1/2", "1", "3/4"),
        ("-1", "1", "0"),
        ("0", "5", "1"),
        ("-7/2", "-1/4", "-1"),
        ("-1/2", "0", "-1/4"),
        ("3/8", "7/8", "1/2"),
        ("5", "11/2", "21/4"),
        ("-100", "-99", "-199/2"),
        ("1/1024", "3/1024", "1/512"),
    ];
    for (lo, hi, want) in cases {
        assert_eq!(
            Dyadic::simplest_between(d(lo), d(hi)).unwrap(),
            d(want),
            "{lo}..{hi}"
        );
    }
    assert!(Dyadic::simplest_between(d("1"), d("1")).is_err());
    // the only dyadics strictly between need a denominator of 2^63
    let lo = Dyadic::new(1, 62).unwrap();
    let hi = Dyadic::new(2, 62).unwrap();
    assert_eq!(Dyadic::simplest_between(lo, hi), Err(DyadicError::Overflow));
}

#[test]
fn overflow_is_an_error_never_a_wrong_value() {
    let max = Dyadic::from_int(i64::MAX);
    let min = Dyadic::from_int(i64::MIN);
    assert_eq!(max.checked_add(Dyadic::ONE), Err(DyadicError::Overflow));
    assert_eq!(min.checked_sub(Dyadic::ONE), Err(DyadicError::Overflow));
    assert_eq!(min.checked_neg(), Err(DyadicError::Overflow));
    assert_eq!(max.checked_mul_int(2), Err(DyadicError::Overflow));
    assert_eq!(min.checked_mul_int(-1), Err(DyadicError::Overflow));
    assert_eq!(
        max.checked_neg().unwrap().checked_sub(Dyadic::ONE).unwrap(),
        min
    );
    // halving past the exponent limit
    let tiny = Dyadic::new(1, Dyadic::MAX_EXP).unwrap();
    assert_eq!(tiny.half(), Err(DyadicError::Overflow));
    assert_eq!(tiny.checked_mul(tiny), Err(DyadicError::Overflow));
    // sums whose exact value fits, though intermediate alignments are huge
    let a = Dyadic::new(i64::MAX, 62).unwrap();
    let b = Dyadic::new(-i64::MAX, 62).unwrap();
    assert_eq!(a.checked_add(b).unwrap(), Dyadic::ZERO);
    assert_eq!(max.checked_add(tiny), Err(DyadicError::Overflow));
    // max + 1/2 has numerator 2^64 − 1: too large
    assert_eq!(max.checked_add(d("1/2")), Err(DyadicError::Overflow));
    assert_eq!(
        Dyadic::ONE.checked_mul_pow2(62).unwrap().numerator(),
        1 << 62
    );
    assert_eq!(Dyadic::ONE.checked_mul_pow2(63), Err(DyadicError::Overflow));
    assert_eq!(
        Dyadic::ONE.checked_mul_pow2(200),
        Err(DyadicError::Overflow)
    );
}

/// The exact value as a rational with denominator 2^62, in i128.
fn exact(x: Dyadic) -> i128 {
    (x.numerator() as i128) << (62 - x.exponent())
}

fn arb() -> impl Strategy<Value = Dyadic> {
    prop_oneof![
        (-1000i64..1000, 0u32..8).prop_map(|(n, e)| Dyadic::new(n, e).unwrap()),
        (any::<i64>(), 0u32..=62).prop_map(|(n, e)| Dyadic::new(n, e).unwrap()),
    ]
}

proptest! {
    #[test]
    fn add_sub_are_exact_or_overflow(a in arb(), b in arb()) {
        let want = exact(a) + exact(b);
        match a.checked_add(b) {
            Ok(s) => prop_assert_eq!(exact(s), want),
            Err(e) => {
                prop_assert_eq!(e, DyadicError::Overflow);
                // really out of range: the normalised numerator needs more than 64 bits
                let tz = want.trailing_zeros().min(62);
                prop_assert!(i64::try_from(want >> tz).is_err());
            }
        }
        if let Ok(dif) = a.checked_sub(b) {
            prop_assert_eq!(exact(dif), exact(a) - exact(b));
        }
    }

    #[test]
    fn order_is_numeric(a in arb(), b in arb()) {
        prop_assert_eq!(a.cmp(&b), exact(a).cmp(&exact(b)));
        prop_assert_eq!(a == b, exact(a) == exact(b));
    }

    #[test]
    fn display_parses_back(a in arb()) {
        prop_assert_eq!(a.to_string().parse::<Dyadic>().unwrap(), a);
    }

    #[test]
    fn floor_ceil_bracket(a in arb()) {
        let f = Dyadic::from_int(a.floor());
        prop_assert!(f <= a && a.checked_sub(f).unwrap() < Dyadic::ONE);
        let c = Dyadic::from_int(a.ceil());
        prop_assert!(c >= a && c.checked_sub(a).unwrap() < Dyadic::ONE);
    }

    #[test]
    fn simplest_between_is_between_and_simplest(
        a in (-64i64..64, 0u32..6), b in (-64i64..64, 0u32..6)
    ) {
        let (a, b) = (Dyadic::new(a.0, a.1).unwrap(), Dyadic::new(b.0, b.1).unwrap());
        prop_assume!(a < b);
        let s = Dyadic::simplest_between(a, b).unwrap();
        prop_assert!(a < s && s < b);
        // brute force: no number of smaller denominator lies between, and among integers
        // the one of least magnitude wins
        for e in 0..=s.exponent() {
            for n in -1024i64..=1024 {
                let c = Dyadic::new(n, e).unwrap();
                if a < c && c < b {
                    prop_assert!(c.exponent() >= s.exponent());
                    if c.exponent() == 0 {
                        prop_assert!(c.numerator().abs() >= s.numerator().abs());
                    }
                }
            }
        }
    }
}
