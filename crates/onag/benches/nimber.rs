//! Nim-product benchmarks, all in the same run: the carry-less-multiply product (when the CPU
//! has it), the portable table product, the plain reference recursion and the `nimber` crate
//! (MIT); throughput on 10^7 random pairs, `mul_slice`, latency of a dependent chain, 128-bit
//! products, inverse / square root / power (one at a time and on slices, eight at a time where
//! the CPU has AVX-512 + GFNI), and the 1023×1023 table (one lookup per product).
//! Every benchmark asserts its answer.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use nimber::FiniteNimber;
use onag::nimber::clmul::Clmul;
use onag::nimber::{
    fast, inverse_slice, mul128_slice, mul_slice, pow_slice, reference, sqrt_slice, Nimber,
    Nimber128,
};

const PAIRS: usize = 10_000_000;
/// The slow peers run on a prefix (their per-product figure is what is compared).
const PEER_PAIRS: usize = 20_000;

fn words(count: usize, seed: u64) -> Vec<u64> {
    let mut s = seed;
    (0..count)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        })
        .collect()
}

fn pairs(count: usize) -> Vec<(u64, u64)> {
    let w = words(2 * count, 0x2545_F491_4F6C_DD1D);
    w.chunks(2).map(|c| (c[0], c[1])).collect()
}

fn crate_mul(a: u64, b: u64) -> u64 {
    let p = &FiniteNimber::from(a) * &FiniteNimber::from(b);
    p.as_slice().first().copied().unwrap_or(0)
}

fn crate_mul128(a: u128, b: u128) -> u128 {
    let n = |x: u128| FiniteNimber::from(&[x as u64, (x >> 64) as u64]);
    let p = &n(a) * &n(b);
    let s = p.as_slice();
    let w = |i: usize| u128::from(s.get(i).copied().unwrap_or(0));
    w(0) | w(1) << 64
}

fn xor_of_products<T>(pairs: &[(T, T)], zero: T, mul: impl Fn(T, T) -> T) -> T
where
    T: Copy + std::ops::BitXor<Output = T>,
{
    pairs
        .iter()
        .fold(zero, |acc, &(a, b)| acc ^ mul(black_box(a), black_box(b)))
}

/// x ← (x ⊗ b) ⊕ a: each product waits for the previous one.
fn chain(pairs: &[(u64, u64)], mul: impl Fn(u64, u64) -> u64) -> u64 {
    pairs.iter().fold(1, |x, &(a, b)| mul(x, b) ^ a)
}

fn group<'a>(
    c: &'a mut Criterion,
    name: &str,
    secs: u64,
) -> BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(secs));
    g
}

fn bench(c: &mut Criterion) {
    let hw = Clmul::detect();
    eprintln!("carry-less multiply: {hw:?}");
    let all = pairs(PAIRS);
    let few = &all[..PEER_PAIRS];
    let portable = fast::mul64;
    let recursion = |a: u64, b: u64| reference::mul(a.into(), b.into()) as u64;
    // The answers every timed loop must reproduce.
    let expect_few = xor_of_products(few, 0, recursion);
    assert_eq!(xor_of_products(few, 0, portable), expect_few);
    assert_eq!(xor_of_products(few, 0, crate_mul), expect_few);
    let expect_all = xor_of_products(&all, 0, portable);
    let expect_chain = chain(few, recursion);
    assert_eq!(chain(few, crate_mul), expect_chain);
    assert_eq!(chain(few, portable), expect_chain);
    if let Some(h) = hw {
        assert_eq!(xor_of_products(&all, 0, |a, b| h.mul64(a, b)), expect_all);
        assert_eq!(chain(few, |a, b| h.mul64(a, b)), expect_chain);
    }

    let mut g = group(c, "nim_product_throughput", 5);
    g.throughput(Throughput::Elements(PAIRS as u64));
    if let Some(h) = hw {
        g.bench_function("onag_clmul_1e7", |bch| {
            bch.iter(|| assert_eq!(xor_of_products(&all, 0, |a, b| h.mul64(a, b)), expect_all))
        });
    }
    g.bench_function("onag_star_1e7", |bch| {
        bch.iter(|| {
            assert_eq!(
                xor_of_products(&all, 0, |a, b| (Nimber(a) * Nimber(b)).0),
                expect_all
            )
        })
    });
    g.bench_function("onag_portable_1e7", |bch| {
        bch.iter(|| assert_eq!(xor_of_products(&all, 0, portable), expect_all))
    });
    let (xs, ys): (Vec<Nimber>, Vec<Nimber>) =
        all.iter().map(|&(a, b)| (Nimber(a), Nimber(b))).unzip();
    let mut out = vec![Nimber::ZERO; PAIRS];
    g.bench_function("onag_mul_slice_1e7", |bch| {
        bch.iter(|| {
            mul_slice(&xs, &ys, &mut out);
            assert_eq!(out.iter().fold(0, |acc, p| acc ^ p.0), expect_all);
        })
    });
    if let Some(h) = hw {
        // The slice one word at a time, for the eight-at-a-time path's ratio (same as
        // `onag_mul_slice_1e7` where the CPU lacks AVX-512 + GFNI).
        g.bench_function("onag_mul_slice_narrow_1e7", |bch| {
            bch.iter(|| {
                h.narrow().mul_slice(&xs, &ys, &mut out);
                assert_eq!(out.iter().fold(0, |acc, p| acc ^ p.0), expect_all);
            })
        });
    }
    g.throughput(Throughput::Elements(PEER_PAIRS as u64));
    g.bench_function("onag_recursion", |bch| {
        bch.iter(|| assert_eq!(xor_of_products(few, 0, recursion), expect_few))
    });
    g.bench_function("nimber_crate", |bch| {
        bch.iter(|| assert_eq!(xor_of_products(few, 0, crate_mul), expect_few))
    });
    g.finish();

    let mut g = group(c, "nim_product_latency", 3);
    g.throughput(Throughput::Elements(PEER_PAIRS as u64));
    if let Some(h) = hw {
        g.bench_function("onag_clmul", |bch| {
            bch.iter(|| assert_eq!(chain(few, |a, b| h.mul64(a, b)), expect_chain))
        });
    }
    g.bench_function("onag_portable", |bch| {
        bch.iter(|| assert_eq!(chain(few, portable), expect_chain))
    });
    g.bench_function("nimber_crate", |bch| {
        bch.iter(|| assert_eq!(chain(few, crate_mul), expect_chain))
    });
    g.finish();

    // 128-bit products.
    let w = words(4 * PEER_PAIRS, 99);
    let wide: Vec<(u128, u128)> = w
        .chunks(4)
        .map(|c| {
            let x = |i: usize| u128::from(c[i]);
            (x(0) << 64 | x(1), x(2) << 64 | x(3))
        })
        .collect();
    let short = &wide[..10_000];
    let expect_wide = xor_of_products(&wide, 0, fast::mul128);
    let expect_short = xor_of_products(short, 0, reference::mul);
    assert_eq!(xor_of_products(short, 0, fast::mul128), expect_short);
    assert_eq!(xor_of_products(short, 0, crate_mul128), expect_short);
    let mut g = group(c, "nim_product_128", 3);
    g.throughput(Throughput::Elements(wide.len() as u64));
    if let Some(h) = hw {
        assert_eq!(
            xor_of_products(&wide, 0, |a, b| h.mul128(a, b)),
            expect_wide
        );
        g.bench_function("onag_clmul", |bch| {
            bch.iter(|| {
                assert_eq!(
                    xor_of_products(&wide, 0, |a, b| h.mul128(a, b)),
                    expect_wide
                )
            })
        });
    }
    g.bench_function("onag_portable", |bch| {
        bch.iter(|| assert_eq!(xor_of_products(&wide, 0, fast::mul128), expect_wide))
    });
    let (xs128, ys128): (Vec<Nimber128>, Vec<Nimber128>) = wide
        .iter()
        .map(|&(a, b)| (Nimber128(a), Nimber128(b)))
        .unzip();
    let mut out128 = vec![Nimber128(0); wide.len()];
    let fold128 = |o: &[Nimber128]| o.iter().fold(0, |acc, p| acc ^ p.0);
    g.bench_function("onag_mul128_slice", |bch| {
        bch.iter(|| {
            mul128_slice(&xs128, &ys128, &mut out128);
            assert_eq!(fold128(&out128), expect_wide);
        })
    });
    g.throughput(Throughput::Elements(short.len() as u64));
    g.bench_function("onag_recursion", |bch| {
        bch.iter(|| assert_eq!(xor_of_products(short, 0, reference::mul), expect_short))
    });
    g.bench_function("nimber_crate", |bch| {
        bch.iter(|| assert_eq!(xor_of_products(short, 0, crate_mul128), expect_short))
    });
    g.finish();

    // Inverse, square root, power (64-bit, nonzero operands).
    let xs64: Vec<u64> = words(PEER_PAIRS, 5).into_iter().map(|x| x | 1).collect();
    let fold = |f: &dyn Fn(u64) -> u64| xs64.iter().fold(0, |acc, &x| acc ^ f(black_box(x)));
    let expect_inv = fold(&|x| fast::inv64(x).unwrap_or(0));
    let expect_sqrt = fold(&fast::sqrt64);
    let e: u128 = 0xFEDC_BA98_7654_3210;
    let expect_pow = fold(&|x| Nimber(x).pow(e).0);
    let crate_inv = |x: u64| {
        FiniteNimber::from(x)
            .inverse()
            .and_then(|i| i.as_slice().first().copied())
            .unwrap_or(0)
    };
    assert_eq!(fold(&crate_inv), expect_inv);
    let mut g = group(c, "nim_inverse_sqrt_pow", 3);
    g.throughput(Throughput::Elements(PEER_PAIRS as u64));
    g.bench_function("onag_inverse", |bch| {
        bch.iter(|| {
            assert_eq!(
                fold(&|x| Nimber(x).inverse().map_or(0, |i| i.0)),
                expect_inv
            )
        })
    });
    g.bench_function("onag_sqrt_table", |bch| {
        bch.iter(|| assert_eq!(fold(&|x| Nimber(x).sqrt().0), expect_sqrt))
    });
    g.bench_function("onag_sqrt_recursion", |bch| {
        bch.iter(|| assert_eq!(fold(&fast::sqrt64), expect_sqrt))
    });
    g.bench_function("onag_pow_64bit_exponent", |bch| {
        bch.iter(|| assert_eq!(fold(&|x| Nimber(x).pow(e).0), expect_pow))
    });
    if let Some(h) = hw {
        g.bench_function("onag_clmul_inverse_by_pow", |bch| {
            bch.iter(|| assert_eq!(fold(&|x| h.pow64(x, u128::from(u64::MAX) - 1)), expect_inv))
        });
    }
    let nims: Vec<Nimber> = xs64.iter().map(|&x| Nimber(x)).collect();
    let mut out64 = vec![Nimber::ZERO; nims.len()];
    let fold_out = |o: &[Nimber]| o.iter().fold(0, |acc, p| acc ^ p.0);
    g.bench_function("onag_inverse_slice", |bch| {
        bch.iter(|| {
            inverse_slice(&nims, &mut out64);
            assert_eq!(fold_out(&out64), expect_inv);
        })
    });
    g.bench_function("onag_sqrt_slice", |bch| {
        bch.iter(|| {
            sqrt_slice(&nims, &mut out64);
            assert_eq!(fold_out(&out64), expect_sqrt);
        })
    });
    g.bench_function("onag_pow_slice_64bit_exponent", |bch| {
        bch.iter(|| {
            pow_slice(&nims, e, &mut out64);
            assert_eq!(fold_out(&out64), expect_pow);
        })
    });
    g.throughput(Throughput::Elements(1000));
    let thousand = &xs64[..1000];
    let expect_thousand = thousand
        .iter()
        .fold(0, |acc, &x| acc ^ fast::inv64(x).unwrap_or(0));
    g.bench_function("nimber_crate_inverse", |bch| {
        bch.iter(|| {
            assert_eq!(
                thousand
                    .iter()
                    .fold(0, |acc, &x| acc ^ crate_inv(black_box(x))),
                expect_thousand
            )
        })
    });
    g.finish();

    // The 1023×1023 table of Turning Corners values (1,046,529 products, all below 2^16).
    // Generic, not `&dyn Fn`: an indirect call per product would cost about as much as the
    // one-lookup product itself.
    fn table(mul: impl Fn(u64, u64) -> u64) -> u64 {
        (1..1024u64).fold(0u64, |acc, a| {
            (1..1024u64).fold(acc, |acc, b| acc ^ mul(a, b).rotate_left(b as u32))
        })
    }
    let expect_table = table(recursion);
    assert_eq!(table(|a, b| (Nimber(a) * Nimber(b)).0), expect_table);
    let mut g = group(c, "nim_table_1023x1023", 3);
    g.throughput(Throughput::Elements(1023 * 1023));
    g.bench_function("onag_star_one_lookup", |bch| {
        bch.iter(|| assert_eq!(table(|a, b| (Nimber(a) * Nimber(b)).0), expect_table))
    });
    g.bench_function("onag_portable_karatsuba", |bch| {
        bch.iter(|| assert_eq!(table(portable), expect_table))
    });
    g.bench_function("onag_recursion", |bch| {
        bch.iter(|| assert_eq!(table(recursion), expect_table))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
