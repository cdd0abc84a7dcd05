//! Toads-and-Frogs benchmarks; each asserts the answer it times.
//!
//! Side-by-side figures against the `cgt` crate are in BENCHMARKS.md (measured with the CLI
//! and a comparison program built outside this repository).

use criterion::{criterion_group, criterion_main, Criterion};
use onag::games::toads_and_frogs::{family, length_stats, Board, Solver};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::thermograph::Thermographs;
use onag::StopFlag;

/// Runs `f` on a thread with a deep stack (the Toads solver recurses once per move).
fn deep<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    onag::deep_stack::on_deep_stack("test", f).unwrap()
}

fn all_boards_10(c: &mut Criterion) {
    c.bench_function(
        "toads all boards <= 10: canonical form + temperature",
        |b| {
            b.iter(|| {
                let mut solver = Solver::new();
                let mut th = Thermographs::new();
                let stats =
                    length_stats(&mut solver, &mut th, 10, &StopFlag::new(), |_| {}).unwrap();
                assert_eq!(stats[9].distinct, 1613);
                assert_eq!(stats[9].hot, 6894);
            })
        },
    );
}

fn t9_2_f9(c: &mut Criterion) {
    c.bench_function("toads T9□2F9", |b| {
        b.iter(|| {
            deep(|| {
                let mut solver = Solver::new();
                let g = solver.value(&Board::standard(9, 2, 9).unwrap()).unwrap();
                assert!(name(solver.arena(), g, NameStyle::Ascii).starts_with("+-({6|*},"));
            })
        })
    });
}

fn t2_b_f2(c: &mut Criterion) {
    c.bench_function("toads T2□bF2, b = 1..=20, one memo", |b| {
        b.iter(|| {
            deep(|| {
                let mut solver = Solver::new();
                let values =
                    family(&mut solver, 2, 2, 1..=20, &StopFlag::new(), |_, _| {}).unwrap();
                let zeros = values.iter().filter(|(_, g)| g.index() == 0).count();
                assert_eq!(zeros, 13);
            })
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = all_boards_10, t9_2_f9, t2_b_f2
}
criterion_main!(benches);
