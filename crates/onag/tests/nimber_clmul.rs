//! The carry-less-multiply nim product against the portable table product and the reference
//! recursion: 10^7 random pairs, the exhaustive 256² table (also shifted into the high bytes),
//! 128-bit products, powers, square roots, `mul_slice`, and forcing the portable fallback.
//! On a CPU without the instruction the hardware checks say so and pass; the fallback checks
//! (software carry-less product through the same basis, forced portable backend) always run.

use onag::nimber::basis::{clmul_soft, mul64_poly_soft};
use onag::nimber::clmul::{Clmul, Poly128, Poly64};
use onag::nimber::{
    backend, fast, force_portable, inverse_slice, mul128_slice, mul_slice, pow_slice, reference,
    sqrt_slice, Backend, Nimber, Nimber128,
};

fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut s = seed;
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    }
}

fn hardware() -> Option<Clmul> {
    let c = Clmul::detect();
    if c.is_none() {
        eprintln!("no carry-less multiply on this CPU: hardware checks skipped");
    }
    c
}

#[test]
fn clmul_equals_portable_on_10_million_random_pairs() {
    let Some(c) = hardware() else { return };
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    for i in 0..10_000_000u64 {
        let (a, b) = (next(), next());
        let (hw, sw) = (c.mul64(a, b), fast::mul64(a, b));
        assert_eq!(hw, sw, "pair {i}: {a:#x} ⊗ {b:#x}");
    }
}

#[test]
fn clmul_equals_reference_on_the_256_squared_table_in_every_byte_position() {
    let Some(c) = hardware() else { return };
    for (s, t) in [(0, 0), (0, 56), (24, 40), (56, 56), (8, 32)] {
        for a in 0..256u64 {
            for b in 0..256u64 {
                let (x, y) = (a << s, b << t);
                let expect = if (s, t) == (0, 0) {
                    reference::mul(x.into(), y.into()) as u64
                } else {
                    fast::mul64(x, y)
                };
                assert_eq!(c.mul64(x, y), expect, "{x:#x} ⊗ {y:#x}");
            }
        }
    }
}

#[test]
fn clmul_128_equals_portable_on_random_pairs() {
    let Some(c) = hardware() else { return };
    let mut next = xorshift(7);
    for _ in 0..300_000 {
        let a = u128::from(next()) << 64 | u128::from(next());
        let b = u128::from(next()) << 64 | u128::from(next());
        let expect = fast::mul128(a, b);
        // One product: through the batched change of basis where `wide`, else byte tables.
        assert_eq!(c.mul128(a, b), expect, "{a:#x} ⊗ {b:#x}");
        assert_eq!(c.narrow().mul128(a, b), expect, "narrow: {a:#x} ⊗ {b:#x}");
    }
    for _ in 0..200 {
        let (a, b) = (u128::from(next()) << 64 | 5, u128::from(next()));
        assert_eq!(c.mul128(a, b), reference::mul(a, b));
        assert_eq!(c.narrow().mul128(a, b), reference::mul(a, b));
    }
}

#[test]
fn clmul_powers_stay_in_the_polynomial_basis() {
    let Some(c) = hardware() else { return };
    let mut next = xorshift(11);
    for _ in 0..2000 {
        let x = next();
        let e = u128::from(next()) << 32 ^ u128::from(next());
        let mut portable = (Nimber::ONE, Nimber(x));
        let mut k = e;
        while k > 0 {
            if k & 1 == 1 {
                portable.0 = Nimber(fast::mul64(portable.0 .0, portable.1 .0));
            }
            portable.1 = Nimber(fast::mul64(portable.1 .0, portable.1 .0));
            k >>= 1;
        }
        assert_eq!(c.pow64(x, e), portable.0 .0, "{x:#x}^{e}");
    }
    assert_eq!(c.pow64(0, 0), 1);
    assert_eq!(c.pow64(0, 5), 0);
    assert_eq!(c.pow64(12345, u128::from(u64::MAX)), 1);
    // 2^128 − 1 = (2^64 − 1)(2^64 + 1), and x^(q − 1) = 1.
    assert_eq!(c.pow64(12345, u128::MAX), 1);
    assert_eq!(c.pow64(12345, u128::from(u64::MAX) + 1), 12345);
    let x = 0xDEAD_BEEF_0BAD_F00D;
    assert_eq!(fast::mul64(c.pow64(x, u128::from(u64::MAX) - 1), x), 1);
}

#[test]
fn polynomial_basis_products_equal_portable_ones() {
    let Some(c) = hardware() else { return };
    let mut next = xorshift(0xA5A5_5A5A_0F0F_F0F0);
    // Single products, sums and the basis round trip on 10^6 random pairs.
    for _ in 0..1_000_000 {
        let (a, b) = (Nimber(next()), Nimber(next()));
        let (pa, pb) = (c.to_poly(a), c.to_poly(b));
        assert_eq!(c.to_nim(pa), a);
        assert_eq!(
            c.to_nim(c.mul_poly(pa, pb)).0,
            fast::mul64(a.0, b.0),
            "{a:?} ⊗ {b:?}"
        );
        assert_eq!(c.to_nim(pa ^ pb), a + b);
        assert_eq!(Poly64::from_bits(pa.bits()), pa);
    }
    assert_eq!(c.to_poly(Nimber::ONE), Poly64::ONE);
    assert_eq!(c.to_poly(Nimber::ZERO), Poly64::ZERO);
    // A chain that never leaves the basis: x ← x ⊗ b ⊕ a, and the slice form.
    let pairs: Vec<(Nimber, Nimber)> = (0..10_000)
        .map(|_| (Nimber(next()), Nimber(next())))
        .collect();
    let (mut poly, mut nim) = (Poly64::ONE, Nimber::ONE);
    for &(a, b) in &pairs {
        poly = c.mul_poly(poly, c.to_poly(b)) ^ c.to_poly(a);
        nim = Nimber(fast::mul64(nim.0, b.0)) + a;
    }
    assert_eq!(c.to_nim(poly), nim);
    let (xs, ys): (Vec<Poly64>, Vec<Poly64>) = pairs
        .iter()
        .map(|&(a, b)| (c.to_poly(a), c.to_poly(b)))
        .unzip();
    let mut out = vec![Poly64::ZERO; xs.len()];
    c.mul_poly_slice(&xs, &ys, &mut out);
    for (&o, &(a, b)) in out.iter().zip(&pairs) {
        assert_eq!(c.to_nim(o).0, fast::mul64(a.0, b.0));
    }
}

#[test]
fn polynomial_basis_128_bit_products_equal_portable_ones() {
    let Some(c) = hardware() else { return };
    let mut next = xorshift(0x0123_4567_89AB_CDEF);
    let mut word = || u128::from(next()) << 64 | u128::from(next());
    let (mut poly, mut nim) = (Poly128::ONE, Nimber128(1));
    for _ in 0..300_000 {
        let (a, b) = (Nimber128(word()), Nimber128(word()));
        let (pa, pb) = (c.to_poly128(a), c.to_poly128(b));
        assert_eq!(c.to_nim128(pa), a);
        assert_eq!(
            c.to_nim128(c.mul_poly128(pa, pb)),
            Nimber128(fast::mul128(a.0, b.0))
        );
        assert_eq!(c.to_nim128(pa ^ pb), Nimber128(a.0 ^ b.0));
        // A chain x ← x ⊗ b ⊕ a that stays in the basis.
        poly = c.mul_poly128(poly, pb) ^ pa;
        nim = Nimber128(fast::mul128(nim.0, b.0) ^ a.0);
    }
    assert_eq!(c.to_nim128(poly), nim);
    assert_eq!(
        c.to_poly128(Nimber128(1)).halves(),
        (Poly64::ONE, Poly64::ZERO)
    );
    assert_eq!(c.to_nim128(Poly128::ZERO), Nimber128(0));
}

#[test]
fn mul_slice_equals_elementwise_products() {
    let mut next = xorshift(3);
    let a: Vec<Nimber> = (0..10_000).map(|_| Nimber(next())).collect();
    let b: Vec<Nimber> = (0..10_000).map(|i| Nimber(next() >> (i % 64))).collect();
    let mut out = vec![Nimber::ZERO; a.len()];
    mul_slice(&a, &b, &mut out);
    for ((&x, &y), &o) in a.iter().zip(&b).zip(&out) {
        assert_eq!(o.0, fast::mul64(x.0, y.0));
    }
    if let Some(c) = hardware() {
        let mut hw = vec![Nimber::ZERO; a.len()];
        c.mul_slice(&a, &b, &mut hw);
        assert_eq!(hw, out);
    }
}

/// Both slice paths — eight at a time on AVX-512 + GFNI ([`Clmul::wide`]) and one at a time
/// ([`Clmul::narrow`]) — against the portable product on 10^7 random pairs, with operands of
/// every size (shifted right by 0..63) and a length that is not a multiple of eight.
#[test]
fn wide_and_narrow_slices_equal_portable_products_on_10_million_pairs() {
    let Some(c) = hardware() else { return };
    if !c.wide() {
        eprintln!("no AVX-512 + GFNI + VPCLMULQDQ: only the narrow slices are checked");
    }
    let n = 10_000_003;
    let mut next = xorshift(0xD1B5_4A32_D192_ED03);
    let a: Vec<Nimber> = (0..n).map(|_| Nimber(next())).collect();
    let b: Vec<Nimber> = (0..n).map(|i| Nimber(next() >> (i % 64))).collect();
    let expect: Vec<Nimber> = a
        .iter()
        .zip(&b)
        .map(|(x, y)| Nimber(fast::mul64(x.0, y.0)))
        .collect();
    for path in [c, c.narrow()] {
        let mut out = vec![Nimber::ZERO; n];
        path.mul_slice(&a, &b, &mut out);
        let bad = (0..n).find(|&i| out[i] != expect[i]);
        assert_eq!(bad, None, "{path:?}: first difference");
        // The same through the polynomial basis, converted as slices.
        let (mut pa, mut pb, mut pp) = (
            vec![Poly64::ZERO; n],
            vec![Poly64::ZERO; n],
            vec![Poly64::ZERO; n],
        );
        path.to_poly_slice(&a, &mut pa);
        path.to_poly_slice(&b, &mut pb);
        assert!((0..n).step_by(997).all(|i| pa[i] == c.to_poly(a[i])));
        path.mul_poly_slice(&pa, &pb, &mut pp);
        let mut back = vec![Nimber::ZERO; n];
        path.to_nim_slice(&pp, &mut back);
        assert!(
            back == expect,
            "{path:?}: the polynomial-basis slices differ"
        );
    }
}

/// The 128-bit slices (both paths and the backend's `mul128_slice`) against the portable
/// product, with operands of every size.
#[test]
fn wide_and_narrow_128_bit_slices_equal_portable_products() {
    let mut next = xorshift(0xA076_1D64_78BD_642F);
    let n = 300_005;
    let word = |next: &mut dyn FnMut() -> u64, i: usize| {
        (u128::from(next()) << 64 | u128::from(next())) >> (i % 128)
    };
    let a: Vec<Nimber128> = (0..n).map(|i| Nimber128(word(&mut next, i / 3))).collect();
    let b: Vec<Nimber128> = (0..n).map(|i| Nimber128(word(&mut next, i))).collect();
    let expect: Vec<Nimber128> = a
        .iter()
        .zip(&b)
        .map(|(x, y)| Nimber128(fast::mul128(x.0, y.0)))
        .collect();
    let mut out = vec![Nimber128(0); n];
    mul128_slice(&a, &b, &mut out);
    assert!(out == expect, "mul128_slice differs");
    if let Some(c) = hardware() {
        for path in [c, c.narrow()] {
            let mut out = vec![Nimber128(0); n];
            path.mul128_slice(&a, &b, &mut out);
            let bad = (0..n).find(|&i| out[i] != expect[i]);
            assert_eq!(bad, None, "{path:?}: first difference");
        }
    }
}

type SliceMap<'a> = dyn Fn(&[Nimber], &mut [Nimber]) + 'a;
type PowMap<'a> = dyn Fn(&[Nimber], u128, &mut [Nimber]) + 'a;

/// `x^e` by square-and-multiply with the portable product (`x^0 = 1`).
fn portable_pow(x: u64, mut e: u128) -> u64 {
    let (mut base, mut acc) = (x, 1);
    while e > 0 {
        if e & 1 == 1 {
            acc = fast::mul64(acc, base);
        }
        base = fast::mul64(base, base);
        e >>= 1;
    }
    acc
}

/// Square roots, inverses (with zeros among the operands, `0 ↦ 0`) and powers on slices —
/// both paths and the backend's functions — against the one-at-a-time portable operations.
#[test]
fn wide_and_narrow_sqrt_inverse_and_pow_slices_equal_portable_ones() {
    let mut next = xorshift(0xE703_7ED1_A0B4_28DB);
    let n = 200_003;
    // Zeros at irregular places (and a whole zero chunk), operands of every size.
    let x: Vec<Nimber> = (0..n)
        .map(|i| {
            if i % 13 == 5 || (80..88).contains(&i) {
                Nimber::ZERO
            } else {
                Nimber(next() >> (i % 64))
            }
        })
        .collect();
    let sqrt: Vec<Nimber> = x.iter().map(|v| Nimber(fast::sqrt64(v.0))).collect();
    let inv: Vec<Nimber> = x
        .iter()
        .map(|v| Nimber(fast::inv64(v.0).unwrap_or(0)))
        .collect();
    let exponents = [
        0u128,
        1,
        2,
        3,
        0xFFFF_FFFF_FFFF_FFFF,
        1 << 64,
        0x1234_5678_9ABC_DEF0_1357,
    ];
    let pows: Vec<Vec<Nimber>> = exponents
        .iter()
        .map(|&e| {
            x[..20_001]
                .iter()
                .map(|&v| Nimber(portable_pow(v.0, e)))
                .collect()
        })
        .collect();
    let check = |name: &str, sq: &SliceMap<'_>, iv: &SliceMap<'_>, pw: &PowMap<'_>| {
        let mut out = vec![Nimber::ZERO; n];
        sq(&x, &mut out);
        assert!(out == sqrt, "{name}: sqrt_slice differs");
        iv(&x, &mut out);
        assert_eq!(
            (0..n).find(|&i| out[i] != inv[i]),
            None,
            "{name}: inverse_slice"
        );
        for (&e, expect) in exponents.iter().zip(&pows) {
            let mut out = vec![Nimber::ZERO; expect.len()];
            pw(&x[..expect.len()], e, &mut out);
            assert!(out == *expect, "{name}: pow_slice with e = {e:#x}");
        }
    };
    check("backend", &sqrt_slice, &inverse_slice, &pow_slice);
    if let Some(c) = hardware() {
        for path in [c, c.narrow()] {
            let name = format!("{path:?}");
            check(
                &name,
                &|x, o| path.sqrt_slice(x, o),
                &|x, o| path.inverse_slice(x, o),
                &|x, e, o| path.pow_slice(x, e, o),
            );
        }
    }
    // Short slices (below one chunk of eight) and the empty slice.
    for len in 0..20 {
        let mut out = vec![Nimber::ZERO; len];
        inverse_slice(&x[..len], &mut out);
        assert_eq!(out, inv[..len]);
    }
}

#[test]
fn polynomial_basis_with_software_carryless_product_equals_portable() {
    // Checks the change of basis and the Barrett reduction without the instruction, so it
    // runs on every CPU.
    assert_eq!(clmul_soft(0b11, 0b11), 0b101);
    assert_eq!(clmul_soft(u64::MAX, 2), u128::from(u64::MAX) << 1);
    let mut next = xorshift(5);
    for _ in 0..20_000 {
        let (a, b) = (next(), next());
        assert_eq!(mul64_poly_soft(a, b), fast::mul64(a, b));
    }
}

#[test]
fn forcing_the_portable_backend_gives_the_same_products() {
    let mut next = xorshift(13);
    let pairs: Vec<(u64, u64)> = (0..100_000).map(|_| (next(), next())).collect();
    let best: Vec<u64> = pairs
        .iter()
        .map(|&(a, b)| (Nimber(a) * Nimber(b)).0)
        .collect();
    force_portable(true);
    assert_eq!(backend(), Backend::Portable);
    let portable: Vec<u64> = pairs
        .iter()
        .map(|&(a, b)| (Nimber(a) * Nimber(b)).0)
        .collect();
    let x = Nimber128(u128::from(next()) << 64 | u128::from(next()));
    let (p128, pow, sqrt) = (x * x, Nimber(pairs[0].0).pow(1 << 40), x.sqrt());
    // The slice functions' portable loops too.
    let (xs, ys): (Vec<Nimber>, Vec<Nimber>) =
        pairs.iter().map(|&(a, b)| (Nimber(a), Nimber(b))).unzip();
    let mut sliced = vec![Nimber::ZERO; xs.len()];
    mul_slice(&xs, &ys, &mut sliced);
    let wide: Vec<Nimber128> = pairs
        .iter()
        .map(|&(a, b)| Nimber128(u128::from(a) << 64 | u128::from(b)))
        .collect();
    let mut sliced128 = vec![Nimber128(0); wide.len()];
    mul128_slice(&wide, &wide, &mut sliced128);
    force_portable(false);
    assert!(
        sliced.iter().zip(&best).all(|(s, &b)| s.0 == b),
        "portable mul_slice"
    );
    assert!(
        sliced128.iter().zip(&wide).all(|(s, &w)| *s == w * w),
        "portable mul128_slice"
    );
    assert_eq!(portable, best);
    assert_eq!(
        (x * x, Nimber(pairs[0].0).pow(1 << 40), x.sqrt()),
        (p128, pow, sqrt)
    );
    assert_eq!(
        backend() == Backend::Clmul,
        Clmul::detect().is_some(),
        "the best backend is the hardware one when it exists"
    );
}

#[test]
fn small_operands_take_the_one_lookup_path() {
    for a in (0..65536u64).step_by(97) {
        for b in (0..65536u64).step_by(89) {
            assert_eq!(
                (Nimber(a) * Nimber(b)).0,
                u64::from(fast::mul16(a as u16, b as u16))
            );
            assert_eq!((Nimber(a) * Nimber(b)).0, fast::mul64(a, b));
        }
    }
}

/// Operands below 2^32 take one Karatsuba level of lookups: equal to the hardware and the
/// reference products, on every backend.
#[test]
fn operands_below_2_to_the_32_take_the_32_bit_path() {
    let mut next = xorshift(0x94D0_49BB_1331_11EB);
    let c = hardware();
    for i in 0..200_000u32 {
        let (a, b) = (next() >> (32 + i % 32), next() >> 32);
        let star = (Nimber(a) * Nimber(b)).0;
        assert_eq!(star, u64::from(fast::mul32(a as u32, b as u32)));
        assert_eq!(star, fast::mul64(a, b));
        if let Some(c) = c {
            assert_eq!(star, c.mul64(a, b));
        }
        if i % 100 == 0 {
            assert_eq!(u128::from(star), reference::mul(a.into(), b.into()));
        }
    }
}

#[test]
fn table_square_roots_equal_the_recursion() {
    let mut next = xorshift(17);
    for _ in 0..100_000 {
        let x = next();
        assert_eq!(Nimber(x).sqrt().0, fast::sqrt64(x));
        let y = u128::from(next()) << 64 | u128::from(next());
        assert_eq!(Nimber128(y).sqrt().0, fast::sqrt128(y));
    }
}

#[test]
fn inverses_through_the_norm_equal_the_portable_ones() {
    let mut next = xorshift(19);
    for i in 0..100_000u32 {
        let x = next() >> (i % 64);
        assert_eq!(Nimber(x).inverse().map(|v| v.0), fast::inv64(x), "{x:#x}");
        let y = u128::from(next()) << (i % 64) | u128::from(next() >> (i % 61));
        assert_eq!(
            Nimber128(y).inverse().map(|v| v.0),
            fast::inv128(y),
            "{y:#x}"
        );
    }
    assert_eq!(Nimber(0).inverse(), None);
    assert_eq!(Nimber128(0).inverse(), None);
}
