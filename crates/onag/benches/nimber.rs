//! Nim-product benchmarks: onag's table-driven product against its own reference recursion and
//! the `nimber` crate (MIT), in the same run; throughput on 10^7 random pairs, latency of a
//! dependent chain, and the 1023×1023 table. Every benchmark asserts its answer.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nimber::FiniteNimber;
use onag::nimber::{reference, Nimber};

const PAIRS: usize = 10_000_000;
/// The slow peers run on a prefix (their per-product figure is what is compared).
const PEER_PAIRS: usize = 200_000;

fn pairs(count: usize) -> Vec<(u64, u64)> {
    let mut s = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    (0..count).map(|_| (next(), next())).collect()
}

fn crate_mul(a: u64, b: u64) -> u64 {
    let p = &FiniteNimber::from(a) * &FiniteNimber::from(b);
    p.as_slice().first().copied().unwrap_or(0)
}

fn xor_of_products(pairs: &[(u64, u64)], mul: impl Fn(u64, u64) -> u64) -> u64 {
    pairs
        .iter()
        .fold(0, |acc, &(a, b)| acc ^ mul(black_box(a), black_box(b)))
}

/// x ← (x ⊗ b) ⊕ a: each product waits for the previous one.
fn chain(pairs: &[(u64, u64)], mul: impl Fn(u64, u64) -> u64) -> u64 {
    pairs.iter().fold(1, |x, &(a, b)| mul(x, b) ^ a)
}

fn bench(c: &mut Criterion) {
    let all = pairs(PAIRS);
    let few = &all[..PEER_PAIRS];
    let fast = |a, b| (Nimber(a) * Nimber(b)).0;
    let recursion = |a: u64, b: u64| reference::mul(a.into(), b.into()) as u64;
    // The answers every timed loop must reproduce.
    let expect_few = xor_of_products(few, recursion);
    assert_eq!(xor_of_products(few, fast), expect_few);
    assert_eq!(xor_of_products(few, crate_mul), expect_few);
    let expect_all = xor_of_products(&all, fast);
    let expect_chain = chain(few, recursion);
    assert_eq!(chain(few, crate_mul), expect_chain);
    assert_eq!(chain(few, fast), expect_chain);

    let mut g = c.benchmark_group("nim_product_throughput");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    g.throughput(Throughput::Elements(PAIRS as u64));
    g.bench_function("onag_table_1e7", |bch| {
        bch.iter(|| assert_eq!(xor_of_products(&all, fast), expect_all))
    });
    g.throughput(Throughput::Elements(PEER_PAIRS as u64));
    g.bench_function("onag_table", |bch| {
        bch.iter(|| assert_eq!(xor_of_products(few, fast), expect_few))
    });
    g.bench_function("onag_recursion", |bch| {
        bch.iter(|| assert_eq!(xor_of_products(few, recursion), expect_few))
    });
    g.bench_function("nimber_crate", |bch| {
        bch.iter(|| assert_eq!(xor_of_products(few, crate_mul), expect_few))
    });
    g.finish();

    let mut g = c.benchmark_group("nim_product_latency");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    g.throughput(Throughput::Elements(PEER_PAIRS as u64));
    g.bench_function("onag_table", |bch| {
        bch.iter(|| assert_eq!(chain(few, fast), expect_chain))
    });
    g.bench_function("onag_recursion", |bch| {
        bch.iter(|| assert_eq!(chain(few, recursion), expect_chain))
    });
    g.bench_function("nimber_crate", |bch| {
        bch.iter(|| assert_eq!(chain(few, crate_mul), expect_chain))
    });
    g.finish();

    // The 1023×1023 table of Turning Corners values (1,046,529 products).
    let table = |mul: &dyn Fn(u64, u64) -> u64| {
        (1..1024u64).fold(0u64, |acc, a| {
            (1..1024u64).fold(acc, |acc, b| acc ^ mul(a, b).rotate_left(b as u32))
        })
    };
    let expect_table = table(&|a, b| recursion(a, b));
    assert_eq!(table(&fast), expect_table);
    let mut g = c.benchmark_group("nim_table_1023x1023");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    g.throughput(Throughput::Elements(1023 * 1023));
    g.bench_function("onag_table", |bch| {
        bch.iter(|| assert_eq!(table(&fast), expect_table))
    });
    g.bench_function("onag_recursion", |bch| {
        bch.iter(|| assert_eq!(table(&|a, b| recursion(a, b)), expect_table))
    });
    g.bench_function("nimber_crate", |bch| {
        bch.iter(|| assert_eq!(table(&crate_mul), expect_table))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
