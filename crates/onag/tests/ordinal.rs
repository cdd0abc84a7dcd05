//! Transfinite nimbers (ordinals below ω^(ω^54) with coefficients below 2^128): Conway's and
//! Lenstra's values, a re-derivation of the excess table, field laws on random ordinals, and
//! agreement of the finite part with `Nimber128`.

use onag::nimber::ordinal::{Exponent, Ordinal, OrdinalError};
use onag::nimber::Nimber128;
use proptest::prelude::*;

fn o(text: &str) -> Ordinal {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mul(a: &str, b: &str) -> String {
    o(a).mul(&o(b)).unwrap().to_string()
}

#[test]
fn conway_and_lenstra_values() {
    // ONAG ch. 6: ω ⊗ ω = ω², ω³ = 2; the ordinal ω^3 is a cube root of ω.
    assert_eq!(mul("w", "w"), "w^2");
    assert_eq!(mul("w^2", "w"), "2");
    assert_eq!(o("w").pow(3).unwrap().to_string(), "2");
    assert_eq!(o("w^3").pow(3).unwrap().to_string(), "w");
    assert_eq!(o("w^9").pow(3).unwrap().to_string(), "w^3");
    assert_eq!(mul("w", "2"), "w*2");
    assert_eq!(o("w").inverse().unwrap().to_string(), "w^2*3");
    // Lenstra's table: (ω^ω)^5 = 4, (ω^(ω²))^7 = ω + 1, (ω^(ω³))^11 = ω^ω + 1,
    // (ω^(ω⁴))^13 = ω + 4, and the higher powers κ_{p²}^p = κ_p.
    assert_eq!(o("w^w").pow(5).unwrap().to_string(), "4");
    assert_eq!(o("w^(w*5)").pow(5).unwrap().to_string(), "w^w");
    assert_eq!(o("w^(w^2)").pow(7).unwrap().to_string(), "w+1");
    assert_eq!(o("w^(w^3)").pow(11).unwrap().to_string(), "w^w+1");
    assert_eq!(o("w^(w^4)").pow(13).unwrap().to_string(), "w+4");
    // the larger primes of the table: κ_17 = ω^(ω^5), κ_19 = ω^(ω^6), κ_29 = ω^(ω^8),
    // κ_61 = ω^(ω^16), κ_257 = ω^(ω^53)
    assert_eq!(o("w^(w^5)").pow(17).unwrap().to_string(), "16");
    assert_eq!(o("w^(w^6)").pow(19).unwrap().to_string(), "w^3+4");
    assert_eq!(o("w^(w^8)").pow(29).unwrap().to_string(), "w^(w^2)+4");
    assert_eq!(o("w^(w^16)").pow(61).unwrap().to_string(), "w^w+w");
    assert_eq!(o("w^(w^53)").pow(257).unwrap().to_string(), "256");
    assert_eq!(o("w^(w^53*257)").pow(257).unwrap().to_string(), "w^(w^53)");
    assert_eq!(o("w^(w^53*2)").pow(257).unwrap().to_string(), "384"); // 256 ⊗ 256
    for text in ["w^(w^5)+w", "w^(w^6)*3+w^2+1", "w^(w^53)*5+7"] {
        let x = o(text);
        assert!(x.mul(&x.inverse().unwrap()).unwrap().is_one(), "{text}");
        let r = x.sqrt().unwrap();
        assert_eq!(r.mul(&r).unwrap(), x, "{text}");
    }
    // distinct κ-powers multiply as ordinals: ω^ω ⊗ ω = ω^(ω+1)
    assert_eq!(mul("w^w", "w"), "w^(w+1)");
    assert_eq!(mul("w^(w^2)", "w^(w+2)*3"), "w^(w^2+w+2)*3");
}

#[test]
fn printing_and_parsing() {
    for text in [
        "0",
        "7",
        "w",
        "w^2*3+w+5",
        "w^w",
        "w^(w^4*2+w^2+7)*9+w^(w+1)+1",
    ] {
        assert_eq!(o(text).to_string(), text);
    }
    assert_eq!(o("ω^ω · 3 + 0x10").to_string(), "w^w*3+16");
    let beyond = |t: &str| matches!(t.parse::<Ordinal>(), Err(OrdinalError::BeyondSegment(_)));
    assert!(beyond("w^(w^54)"));
    assert!(o("w^(w^53)").to_string() == "w^(w^53)");
    assert!(beyond("w^(w^w)"));
    assert!(beyond("w*340282366920938463463374607431768211456"));
    assert!(matches!(
        "1+w".parse::<Ordinal>(),
        Err(OrdinalError::Parse { .. })
    ));
    assert!(matches!(
        "w^".parse::<Ordinal>(),
        Err(OrdinalError::Parse { .. })
    ));
    assert!(matches!(
        "w^x".parse::<Ordinal>(),
        Err(OrdinalError::Parse { .. })
    ));
    // The position counts characters of the text as given: 'ω' is two bytes, spaces count.
    let at = |t: &str| match t.parse::<Ordinal>() {
        Err(OrdinalError::Parse { span, .. }) => (span.byte, span.char),
        other => panic!("{t}: {other:?}"),
    };
    assert_eq!(at("ω^2 + x"), (7, 6));
    assert_eq!(at("ω^ x"), (4, 3));
    assert_eq!(
        "ω·3 + ".parse::<Ordinal>().unwrap_err().to_string(),
        "not an ordinal: expected a number at character 7"
    );
    assert_eq!(Ordinal::zero().inverse(), Err(OrdinalError::ZeroInverse));
    assert!(matches!(
        o("w^(w^4*12+w^3*10+w^2*6)").inverse(),
        Err(OrdinalError::TooLarge(_))
    ));
}

/// Whether x is a p-th power in GF(2^n) (x in it, p | 2^n − 1): x^((2^n − 1)/p) = 1.
fn pth_power_in(x: &Ordinal, p: u128, n: u32) -> bool {
    let q = if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    };
    assert_eq!(q % p, 0);
    x.pow(q / p).unwrap().is_one()
}

#[test]
fn excess_table_is_rederived() {
    // p = 3: 2 is not a cube in any GF(2^(2^m)) ⊆ the finite ordinals (m ≤ 7), 0 and 1 are.
    for m in 1..=7 {
        assert!(!pth_power_in(&o("2"), 3, 1 << m), "2 a cube in GF(2^2^{m})");
    }
    // p = 5: 2 and 3 are fifth powers in GF(16); 4 is one in no GF(2^n), 4 | n, n ≤ 108
    // (the fields below ω^ω that contain fifth roots of unity).
    assert!(pth_power_in(&o("2"), 5, 4) && pth_power_in(&o("3"), 5, 4));
    for n in [4, 8, 12, 16, 24, 32, 36, 48, 64, 72, 96, 108] {
        assert!(!pth_power_in(&o("4"), 5, n), "4 a fifth power in GF(2^{n})");
    }
    // p = 7: x ↦ x^7 is a bijection of every GF(2^(2^m)) (7 ∤ 2^(2^m) − 1), so every finite
    // ordinal is a seventh power; ω is one in GF(64) = GF(4)(ω); ω + 1 is one in none of the
    // fields GF(2^n) below ω^(ω²) with 3 | n that we can reach.
    for m in 0..=6u32 {
        assert_ne!(((1u128 << (1 << m)) - 1) % 7, 0);
    }
    assert_ne!(u128::MAX % 7, 0);
    assert!(pth_power_in(&o("w"), 7, 6));
    for n in [6, 12, 18, 24, 36, 48, 60] {
        assert!(
            !pth_power_in(&o("w+1"), 7, n),
            "ω+1 a seventh power in GF(2^{n})"
        );
    }
    // p = 11 (10 | n) and p = 13 (12 | n): the excesses are not p-th powers.
    for n in [20, 40, 60] {
        assert!(!pth_power_in(&o("w^w+1"), 11, n), "GF(2^{n})");
    }
    for n in [12, 24, 36] {
        assert!(!pth_power_in(&o("w+4"), 13, n), "GF(2^{n})");
    }
}

/// Random ordinals: up to `terms` terms with exponent coefficients below `bounds`, and
/// coefficients below 2^bits.
fn ordinals(bounds: [u64; 5], bits: u32, terms: usize) -> impl Strategy<Value = Ordinal> {
    let exponent = (
        0..bounds[0],
        0..bounds[1],
        0..bounds[2],
        0..bounds[3],
        0..bounds[4],
    )
        .prop_map(|(a, b, c, d, e)| Exponent::new(&[a, b, c, d, e]).unwrap());
    let coef = any::<u128>().prop_map(move |c| {
        if bits >= 128 {
            c
        } else {
            c & ((1 << bits) - 1)
        }
    });
    prop::collection::vec((exponent, coef), 0..=terms).prop_map(|ts| {
        ts.into_iter()
            .fold(Ordinal::zero(), |acc, (e, c)| acc.add(&Ordinal::term(e, c)))
    })
}

/// Random ordinals with terms ω^(ω^j·a + b)·c at one high level j (a < 3) over a low part.
fn high_ordinals(terms: usize) -> impl Strategy<Value = Ordinal> {
    let term =
        (5usize..54, 1u64..3, 0u64..3, 0u64..2, any::<u128>()).prop_map(|(j, a, b, c, k)| {
            let mut e = vec![0; j + 1];
            e[j] = a;
            e[0] = b;
            e[1] = c;
            Ordinal::term(Exponent::new(&e).unwrap(), k)
        });
    prop::collection::vec(term, 1..=terms)
        .prop_map(|ts| ts.iter().fold(Ordinal::zero(), |acc, t| acc.add(t)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn ring_laws(
        x in ordinals([12, 7, 3, 2, 2], 128, 3),
        y in ordinals([12, 7, 3, 2, 2], 16, 3),
        z in ordinals([12, 7, 3, 2, 2], 8, 2),
    ) {
        let xy = x.mul(&y).unwrap();
        prop_assert_eq!(&xy, &y.mul(&x).unwrap());
        prop_assert_eq!(xy.mul(&z).unwrap(), x.mul(&y.mul(&z).unwrap()).unwrap());
        prop_assert_eq!(x.square().unwrap(), x.mul(&x).unwrap());
        prop_assert_eq!(
            x.mul(&y.add(&z)).unwrap(),
            xy.add(&x.mul(&z).unwrap())
        );
        prop_assert_eq!(x.add(&x), Ordinal::zero());
        prop_assert_eq!(x.mul(&Ordinal::finite(1)).unwrap(), x);
    }

    #[test]
    fn inverses_and_square_roots(
        x in ordinals([9, 5, 1, 1, 1], 128, 4),
        y in ordinals([3, 1, 7, 1, 1], 32, 3),
        z in ordinals([3, 5, 1, 11, 1], 8, 2),
    ) {
        for v in [&x, &y, &z] {
            if *v != Ordinal::zero() {
                prop_assert!(v.mul(&v.inverse().unwrap()).unwrap().is_one());
            }
            let r = v.sqrt().unwrap();
            prop_assert_eq!(&r.mul(&r).unwrap(), v);
        }
    }

    /// The levels of the larger primes (17 … 257): ring laws, inverses and square roots on
    /// ordinals mixing them with the small ones.
    #[test]
    fn laws_at_the_higher_levels(
        x in high_ordinals(3),
        y in high_ordinals(2),
        z in high_ordinals(2),
    ) {
        let xy = x.mul(&y).unwrap();
        prop_assert_eq!(&xy, &y.mul(&x).unwrap());
        prop_assert_eq!(xy.mul(&z).unwrap(), x.mul(&y.mul(&z).unwrap()).unwrap());
        prop_assert_eq!(x.square().unwrap(), x.mul(&x).unwrap());
        prop_assert_eq!(x.mul(&y.add(&z)).unwrap(), xy.add(&x.mul(&z).unwrap()));
        for v in [&x, &y] {
            match v.inverse() {
                Ok(i) => prop_assert!(v.mul(&i).unwrap().is_one()),
                Err(e) => prop_assert!(v == &Ordinal::zero() || matches!(e, OrdinalError::TooLarge(_)), "{e}"),
            }
            if let Ok(r) = v.sqrt() {
                prop_assert_eq!(&r.mul(&r).unwrap(), v);
            }
        }
    }

    #[test]
    fn finite_part_agrees_with_nimber128(a in any::<u128>(), b in any::<u128>()) {
        let p = Ordinal::finite(a).mul(&Ordinal::finite(b)).unwrap();
        prop_assert_eq!(p.as_finite(), Some((Nimber128(a) * Nimber128(b)).0));
        prop_assert_eq!(Ordinal::finite(a).add(&Ordinal::finite(b)).as_finite(), Some(a ^ b));
        if a != 0 {
            prop_assert_eq!(
                Ordinal::finite(a).inverse().unwrap().as_finite(),
                Nimber128(a).inverse().map(|v| v.0)
            );
        }
    }
}
