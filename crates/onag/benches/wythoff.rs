//! Benchmarks of the Wythoff and queens families; each asserts its answer.
use criterion::{criterion_group, criterion_main, Criterion};

use onag::wythoff::gpoints::{distance_table, excess_tables, reference};
use onag::wythoff::grundy_table;
use onag::wythoff::periodicity::{search, PeriodConfig};
use onag::wythoff::sweep::Sweep;
use onag::StopFlag;

fn oeis_terms(id: &str) -> Vec<u64> {
    let path = format!(
        "{}/tests/data/oeis/oeis_{id}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path)
        .expect("fixture")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            l.split_whitespace()
                .nth(1)
                .expect("term")
                .parse()
                .expect("number")
        })
        .collect()
}

type ExcessFn = fn(
    u32,
    u64,
    usize,
    &StopFlag,
    &mut dyn FnMut(u64),
)
    -> Result<Vec<onag::wythoff::gpoints::ExcessStats>, onag::wythoff::WythoffError>;
type DistanceFn =
    fn(
        u32,
        u64,
        u64,
        u32,
        usize,
        &StopFlag,
        &mut dyn FnMut(u64),
    ) -> Result<Vec<onag::wythoff::gpoints::DistanceRecord>, onag::wythoff::WythoffError>;

fn sweep(c: &mut Criterion) {
    // Rows 0..=460 × 8000 columns = 3.7 M cells; the last column is checked against the
    // definition table.
    let (top, cols) = (460usize, 8000usize);
    let table = grundy_table(top + 1, cols).expect("table");
    let expected: Vec<u64> = (0..=top)
        .map(|x| u64::from(table.get(x, cols - 1)))
        .collect();
    let mut group = c.benchmark_group("wythoff");
    group.sample_size(10);
    group.bench_function("sweep rows 0..=460 x 8000 columns", |b| {
        b.iter(|| {
            let mut s = Sweep::new(top).expect("sweep");
            let mut last = Vec::new();
            for _ in 0..cols {
                last = s.step().expect("step").to_vec();
            }
            assert_eq!(last, expected);
        })
    });
    let periods = oeis_terms("A046875");
    group.bench_function("periods rows 0..=53 x 40000 columns (A046875)", |b| {
        b.iter(|| {
            let cfg = PeriodConfig {
                top: 53,
                columns: 40_000,
                period_cap: 1536,
            };
            let rows = search(cfg, &StopFlag::new()).expect("search");
            let got: Vec<u64> = rows.iter().map(|r| r.period.expect("period")).collect();
            assert_eq!(got, periods);
        })
    });
    group.bench_function("nivasch g <= 3, 250000 rows (minima -4 -6 -8)", |b| {
        b.iter(|| {
            let s = excess_tables(3, 250_000, 1, &StopFlag::new(), &mut |_| {}).expect("g-points");
            let minima: Vec<i64> = s[1..].iter().map(|s| s.min.0).collect();
            assert_eq!(minima, vec![-4, -6, -8]);
        })
    });
    // Tables 2-3 work (31 values) and table 4 work (200 values), the fast sweep and the first
    // version (gpoints::reference) side by side in the same run.
    for (name, f) in [
        ("fast", excess_tables as ExcessFn),
        ("reference", reference::excess_tables as ExcessFn),
    ] {
        group.bench_function(
            format!("nivasch tables 2-3, g <= 30, 250000 rows, {name}"),
            |b| {
                b.iter(|| {
                    let s = f(30, 250_000, 1, &StopFlag::new(), &mut |_| {}).expect("g-points");
                    let minima: Vec<i64> = s[1..4].iter().map(|s| s.min.0).collect();
                    assert_eq!(minima, vec![-4, -6, -8]);
                })
            },
        );
    }
    let expected = reference::distance_table(199, 20_000, 0, 10, 1, &StopFlag::new(), &mut |_| {})
        .expect("table 4");
    for (name, f) in [
        ("fast", distance_table as DistanceFn),
        ("reference", reference::distance_table as DistanceFn),
    ] {
        group.bench_function(
            format!("nivasch table 4, g <= 199, 20000 rows, {name}"),
            |b| {
                b.iter(|| {
                    let t =
                        f(199, 20_000, 0, 10, 1, &StopFlag::new(), &mut |_| {}).expect("table 4");
                    assert_eq!(t, expected);
                })
            },
        );
    }
    group.bench_function("queens pair game 200x200 vs closed form", |b| {
        let moves = onag::wythoff::variants::moves::MoveSet::Pair;
        let even: onag::wythoff::variants::formula::Expr =
            "2*(y/2) + x/2".parse().expect("formula");
        b.iter(|| {
            let r = onag::wythoff::variants::check::check(&moves, &even, 200).expect("check");
            // g(2p, 2q) = 2q + p holds on the even-even cells only.
            assert!(r
                .listed
                .iter()
                .all(|&(x, y, _, _)| x % 2 == 1 || y % 2 == 1));
        })
    });
    group.finish();
}

criterion_group!(benches, sweep);
criterion_main!(benches);
