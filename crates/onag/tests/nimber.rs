//! Nimbers: the field facts of Conway, On Numbers and Games, ch. 6, OEIS A051775/A051776/A051917, fast vs reference products,
//! the by-definition mex table, and field laws.

mod common;

use onag::nimber::table::{mex_table, FieldMarking, NimTable};
use onag::nimber::{fast, generates_gf65536, gf65536_generator, reference, Nimber, Nimber128};
use proptest::prelude::*;

fn nim(a: u64, b: u64) -> u64 {
    (Nimber(a) * Nimber(b)).0
}

#[test]
fn spec_small_products() {
    assert_eq!(nim(2, 2), 3);
    assert_eq!(nim(4, 4), 6);
    assert_eq!(nim(2, 4), 8);
    assert_eq!(nim(4, 16), 64);
    assert_eq!(nim(5, 51), 255);
}

#[test]
fn fermat_square_is_three_halves() {
    let expected = [3u64, 6, 24, 384, 98304];
    for (&f, &e) in onag::nimber::FERMAT_POWERS.iter().zip(&expected) {
        assert_eq!(nim(f, f), e, "F = {f}");
        assert_eq!(reference::mul(f.into(), f.into()), e.into());
    }
    // And the larger Fermat powers: F ⊗ F = 3F/2.
    assert_eq!(nim(1 << 32, 1 << 32), 3 << 31);
    let f = Nimber128(1 << 64);
    assert_eq!((f * f).0, 3u128 << 63);
}

#[test]
fn largest_products_below_64_and_512() {
    let t = NimTable::new(64);
    assert_eq!(t.max(), 255);
    assert_eq!(
        t.marking(),
        FieldMarking::Overflows {
            max: 255,
            field: 256
        }
    );
    let max512 = (0..512u64)
        .flat_map(|a| (0..512u64).map(move |b| nim(a, b)))
        .max();
    assert_eq!(max512, Some(65535));
}

#[test]
fn fermat_tables_are_closed_fields() {
    for n in [2usize, 4, 16, 256] {
        assert_eq!(
            NimTable::new(n).marking(),
            FieldMarking::ClosedField,
            "n = {n}"
        );
    }
    for n in [3usize, 8, 64, 100] {
        assert!(
            matches!(NimTable::new(n).marking(), FieldMarking::Overflows { .. }),
            "n = {n}"
        );
    }
}

#[test]
fn oeis_a051775_products_by_antidiagonals_from_0() {
    let terms = common::oeis_terms("A051775");
    let mut expected = Vec::new();
    for d in 0u64.. {
        if expected.len() >= terms.len() {
            break;
        }
        // The table is symmetric, so the direction along an antidiagonal does not matter.
        expected.extend((0..=d).map(|n| i128::from(nim(n, d - n))));
    }
    expected.truncate(terms.len());
    assert_eq!(expected, terms);
}

#[test]
fn oeis_a051776_products_by_antidiagonals_from_1() {
    let terms = common::oeis_terms("A051776");
    let mut expected = Vec::new();
    for d in 2u64.. {
        if expected.len() >= terms.len() {
            break;
        }
        expected.extend((1..d).map(|n| i128::from(nim(n, d - n))));
    }
    expected.truncate(terms.len());
    assert_eq!(expected, terms);
}

#[test]
fn oeis_a051917_inverses() {
    for (n, a) in common::oeis("A051917") {
        let inv = Nimber(n as u64).inverse().expect("nonzero");
        assert_eq!(i128::from(inv.0), a, "inverse of {n}");
    }
}

#[test]
fn fast_equals_reference_on_all_pairs_below_256_and_samples() {
    for a in 0..256u64 {
        for b in 0..256u64 {
            assert_eq!(u128::from(nim(a, b)), reference::mul(a.into(), b.into()));
        }
    }
    for a in (0..65536u32).step_by(97) {
        for b in (0..65536u32).step_by(89) {
            assert_eq!(
                u128::from(fast::mul16(a as u16, b as u16)),
                reference::mul(a.into(), b.into())
            );
        }
    }
}

#[test]
fn mex_definition_equals_fast_product_below_128() {
    let t = mex_table(128);
    for (a, row) in t.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            assert_eq!(v, nim(a as u64, b as u64), "({a}, {b})");
        }
    }
}

#[test]
fn every_nonzero_below_65536_has_an_inverse() {
    for x in 1..65536u64 {
        let inv = Nimber(x).inverse().expect("nonzero");
        assert!(inv.0 < 65536, "the inverse stays in GF(65536)");
        assert_eq!(Nimber(x) * inv, Nimber::ONE, "x = {x}");
    }
    assert_eq!(Nimber(0).inverse(), None);
    assert_eq!(Nimber(7).checked_div(Nimber(0)), None);
}

#[test]
fn smallest_generator_of_gf65536_is_258() {
    assert_eq!(gf65536_generator(), 258);
    assert!((2..258).all(|g| !generates_gf65536(g)));
    // Direct check of the order: 258 has order exactly 65535.
    let g = Nimber(258);
    let mut x = g;
    let mut order = 1u32;
    while x != Nimber::ONE {
        x *= g;
        order += 1;
    }
    assert_eq!(order, 65535);
}

#[test]
fn two_is_never_a_cube() {
    for bits in [2u32, 4, 8, 16, 32] {
        let q = 1u128 << bits;
        let r = Nimber(2).pow((q - 1) / 3);
        assert!(
            r == Nimber(2) || r == Nimber(3),
            "q = 2^{bits}: 2^((q-1)/3) = {r}"
        );
        let r_ref = reference::pow(2, (q - 1) / 3);
        assert_eq!(u128::from(r.0), r_ref);
    }
}

#[test]
fn associativity_and_distributivity_on_all_triples_below_256() {
    // 16,777,216 triples; products below 256 stay in GF(256), so a 256×256 table suffices
    // for the right-hand sides, while the left-hand sides use the fast product.
    let t = NimTable::new(256);
    let m = |a: u64, b: u64| t.get(a as usize, b as usize);
    for a in 0..256u64 {
        for b in 0..256u64 {
            let ab = m(a, b);
            for c in 0..256u64 {
                assert_eq!(m(ab, c), m(a, m(b, c)), "associativity {a} {b} {c}");
                assert_eq!(m(a, b ^ c), ab ^ m(a, c), "distributivity {a} {b} {c}");
            }
        }
    }
}

#[test]
fn field_laws_on_200000_random_triples() {
    // A fixed xorshift stream: reproducible, no dependency.
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        Nimber(s)
    };
    for _ in 0..200_000 {
        let (a, b, c) = (next(), next(), next());
        assert_eq!((a * b) * c, a * (b * c));
        assert_eq!(a * (b + c), a * b + a * c);
    }
}

#[test]
fn display_and_field_bits() {
    assert_eq!(Nimber(5).to_string(), "*5");
    assert_eq!(Nimber(0).field_bits(), 1);
    assert_eq!(Nimber(3).field_bits(), 2);
    assert_eq!(Nimber(255).field_bits(), 8);
    assert_eq!(Nimber(256).field_bits(), 16);
}

proptest! {
    #[test]
    fn fast_equals_reference_u64(a: u64, b: u64) {
        prop_assert_eq!(u128::from(nim(a, b)), reference::mul(a.into(), b.into()));
    }

    #[test]
    fn fast_equals_reference_u128(a: u128, b: u128) {
        prop_assert_eq!((Nimber128(a) * Nimber128(b)).0, reference::mul(a, b));
    }

    #[test]
    fn field_laws_u64(a: u64, b: u64, c: u64) {
        let (a, b, c) = (Nimber(a), Nimber(b), Nimber(c));
        prop_assert_eq!(a * b, b * a);
        prop_assert_eq!((a * b) * c, a * (b * c));
        prop_assert_eq!(a * (b + c), a * b + a * c);
        prop_assert_eq!(a * Nimber::ONE, a);
    }

    #[test]
    fn field_laws_u128(a: u128, b: u128, c: u128) {
        let (a, b, c) = (Nimber128(a), Nimber128(b), Nimber128(c));
        prop_assert_eq!(a * b, b * a);
        prop_assert_eq!((a * b) * c, a * (b * c));
        prop_assert_eq!(a * (b + c), a * b + a * c);
    }

    #[test]
    fn inverse_division_u64(a in 1u64.., b: u64) {
        let a = Nimber(a);
        let inv = a.inverse().unwrap();
        prop_assert_eq!(a * inv, Nimber::ONE);
        prop_assert_eq!(u128::from(inv.0), reference::inverse_in(a.0.into(), 64).unwrap());
        prop_assert_eq!((Nimber(b) / a) * a, Nimber(b));
    }

    #[test]
    fn inverse_u128(a in 1u128..) {
        let a = Nimber128(a);
        let inv = a.inverse().unwrap();
        prop_assert_eq!(a * inv, Nimber128::ONE);
    }

    #[test]
    fn sqrt_u64(a: u64) {
        let r = Nimber(a).sqrt();
        prop_assert_eq!(r * r, Nimber(a));
        prop_assert_eq!(u128::from(r.0), reference::sqrt_in(a.into(), 64));
    }

    #[test]
    fn sqrt_u128(a: u128) {
        let r = Nimber128(a).sqrt();
        prop_assert_eq!(r * r, Nimber128(a));
    }

    #[test]
    fn pow_adds_exponents(a: u64, e in 0u128..1 << 70, f in 0u128..1 << 70) {
        let a = Nimber(a);
        prop_assert_eq!(a.pow(e) * a.pow(f), a.pow(e + f));
        // Lagrange: x^(q−1) = 1 in GF(2^64).
        if a.0 != 0 {
            prop_assert_eq!(a.pow(u128::from(u64::MAX)), Nimber::ONE);
        }
    }
}
