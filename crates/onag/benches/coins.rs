//! Coin-game benchmarks: the full-position solver on 5×5 Turning Corners (2^25 positions)
//! against the plain solver on a smaller board in the same run, and the by-definition corners
//! mex check against the literal O(n⁴) mex table. Every benchmark asserts its answer.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use onag::games::turning_corners::definition::corners_mex;
use onag::impartial::solver::{solve, solve_reference, Board};
use onag::nimber::table::mex_table;
use onag::nimber::Nimber;
use onag::StopFlag;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("solver");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    for name in ["corners:5x5", "corners:4x5"] {
        let board: Board = name.parse().unwrap();
        g.throughput(Throughput::Elements(1 << board.coins()));
        g.bench_function(format!("{name}_block"), |b| {
            b.iter(|| {
                let r = solve(&board, &StopFlag::new(), &mut |_| {}).unwrap();
                assert_eq!(r.mismatches, 0);
                assert!(r.p_positions.is_power_of_two());
            })
        });
    }
    let board: Board = "corners:4x5".parse().unwrap();
    g.throughput(Throughput::Elements(1 << board.coins()));
    g.bench_function("corners:4x5_plain", |b| {
        b.iter(|| assert_eq!(solve_reference(&board).0.mismatches, 0))
    });
    g.finish();

    let mut g = c.benchmark_group("corners_mex");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    g.throughput(Throughput::Elements(127 * 127));
    g.bench_function("verify_128", |b| {
        b.iter(|| {
            assert_eq!(
                corners_mex(128, &StopFlag::new(), &|_| {})
                    .unwrap()
                    .mismatches,
                0
            )
        })
    });
    g.bench_function("literal_mex_table_128", |b| {
        b.iter(|| {
            let t = mex_table(128);
            assert_eq!(t[127][127], (Nimber(127) * Nimber(127)).0);
        })
    });
    g.throughput(Throughput::Elements(255 * 255));
    g.bench_function("verify_256", |b| {
        b.iter(|| {
            assert_eq!(
                corners_mex(256, &StopFlag::new(), &|_| {})
                    .unwrap()
                    .mismatches,
                0
            )
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
