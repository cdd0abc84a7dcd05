//! Benchmarks of the heap-game engines, each asserting its answer: the sparse-space engine
//! beside the definition (O(n²)) on the same ruleset and length, and the long runs of
//! BENCHMARKS.md ("Heap games") at a size a benchmark can repeat.
use criterion::{criterion_group, criterion_main, Criterion};

use onag::heaps::{reference, Ruleset, Sequence};
use onag::StopFlag;

fn sparse(ruleset: &Ruleset, count: usize) -> Sequence {
    let mut seq = Sequence::new(ruleset);
    seq.extend_to(count, &StopFlag::new())
        .expect("never stopped");
    seq
}

/// Grundy's game and Kayles, the sparse engine and the definition on the same heaps: the
/// ratio of the two is the figure (criterion prints both).
fn against_the_definition(c: &mut Criterion) {
    let mut group = c.benchmark_group("heaps: sparse vs definition");
    group.sample_size(10);
    for (name, count) in [("grundy", 1 << 16), ("kayles", 1 << 16)] {
        let ruleset: Ruleset = name.parse().expect("name");
        let want = reference::values(&ruleset.moves(), count, &StopFlag::new()).expect("values");
        group.bench_function(format!("{name} to 2^16, sparse"), |b| {
            b.iter(|| assert_eq!(sparse(&ruleset, count).values(), want))
        });
        group.bench_function(format!("{name} to 2^16, definition"), |b| {
            b.iter(|| {
                let got = reference::values(&ruleset.moves(), count, &StopFlag::new());
                assert_eq!(got.expect("values"), want)
            })
        });
    }
    group.finish();
}

/// The sizes of the targets: Grundy's game to 2^20 (its rare heaps as published by
/// tczajka/octal-games, UnsolvedGames.md: 1,274 with heap 0, the last at 82,860, largest
/// value 231) and Kayles to 10^6 (period 12 from heap 71, Guy and Smith 1956).
fn long_runs(c: &mut Criterion) {
    let mut group = c.benchmark_group("heaps: long runs");
    group.sample_size(10);
    let grundy = Ruleset::Grundy;
    group.bench_function("grundy to 2^20, sparse", |b| {
        b.iter(|| {
            let seq = sparse(&grundy, 1 << 20);
            assert_eq!(seq.rare_heaps().len(), 1273);
            assert_eq!(seq.rare_heaps().last(), Some(&82_860));
            assert_eq!(seq.max_value(), 231);
        })
    });
    let kayles: Ruleset = "kayles".parse().expect("name");
    group.bench_function("kayles to 10^6, sparse", |b| {
        b.iter(|| {
            let seq = sparse(&kayles, 1_000_000);
            let g = seq.values();
            assert!((71..g.len() - 12).all(|n| g[n + 12] == g[n]));
            assert_ne!(g[70 + 12], g[70]);
        })
    });
    group.finish();
}

criterion_group!(benches, against_the_definition, long_runs);
criterion_main!(benches);
