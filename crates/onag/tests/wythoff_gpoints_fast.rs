//! The fast g-point sweep against the first version (`gpoints::reference`), kept as reference.
use onag::wythoff::gpoints::{self, reference};
use onag::wythoff::gpoints::{DistanceRecord, ExcessStats};
use onag::wythoff::WythoffError;
use onag::StopFlag;

type ExcessFn =
    fn(u32, u64, usize, &StopFlag, &mut dyn FnMut(u64)) -> Result<Vec<ExcessStats>, WythoffError>;
type DistanceFn = fn(
    u32,
    u64,
    u64,
    u32,
    usize,
    &StopFlag,
    &mut dyn FnMut(u64),
) -> Result<Vec<DistanceRecord>, WythoffError>;

/// Rows `0..rows` of values `0..=max_g`, fast sweep against the first version.
fn rows_equal(max_g: u32, rows: u64) {
    let mut fast = gpoints::GPointSweep::new(max_g).unwrap();
    let mut slow = reference::GPointSweep::new(max_g).unwrap();
    for r in 0..rows {
        assert_eq!(fast.row(), r);
        assert_eq!(fast.next_row(), slow.next_row(), "row {r}");
    }
}

#[test]
fn fast_sweep_rows_equal_the_reference() {
    rows_equal(80, 40_000);
}

#[test]
fn wide_sweep_rows_equal_the_reference() {
    // 1000 values (16 words of mirror mask per row): the large values' first 64-diagonal
    // window is often full, so this runs the later windows of the search (about 930,000
    // times) and the smallest-unused-diagonal search past the first window (about 3,400).
    rows_equal(1000, 3_000);
}

#[test]
fn fast_sweep_above_equals_the_reference() {
    // The upper half of a split sweep, fed the lower half's placements.
    let (split, max_g) = (9u32, 20u32);
    let mut lower = reference::GPointSweep::new(split).unwrap();
    let mut fast = gpoints::GPointSweep::new(max_g - split - 1).unwrap();
    let mut slow = reference::GPointSweep::new(max_g - split - 1).unwrap();
    for r in 0..20_000u64 {
        let below = lower.next_row().to_vec();
        assert_eq!(
            fast.next_row_above(&below),
            slow.next_row_above(&below),
            "row {r}"
        );
    }
}

#[test]
fn pipelined_rows_equal_the_reference() {
    // Two threads: the smaller values' rows come from the other thread, in blocks of 4096.
    let (max_g, rows) = (40u32, 10_000u64);
    let mut slow = reference::GPointSweep::new(max_g).unwrap();
    let mut seen = 0;
    gpoints::for_each_row(max_g, rows, 2, &StopFlag::new(), &mut |_| {}, |r, row| {
        assert_eq!(r, seen);
        assert_eq!(row, slow.next_row(), "row {r}");
        seen += 1;
    })
    .unwrap();
    assert_eq!(seen, rows);
}

#[test]
fn fast_excess_tables_equal_the_reference() {
    let stop = StopFlag::new();
    for threads in [1, 2] {
        assert_eq!(
            gpoints::excess_tables(30, 300_000, threads, &stop, &mut |_| {}).unwrap(),
            reference::excess_tables(30, 300_000, threads, &stop, &mut |_| {}).unwrap(),
            "{threads} threads"
        );
    }
}

#[test]
fn fast_distance_table_equals_the_reference() {
    let stop = StopFlag::new();
    for (min_row, threads) in [(0, 1), (600, 2), (0, 2)] {
        assert_eq!(
            gpoints::distance_table(199, 30_000, min_row, 10, threads, &stop, &mut |_| {}).unwrap(),
            reference::distance_table(199, 30_000, min_row, 10, threads, &stop, &mut |_| {})
                .unwrap(),
            "rows ≥ {min_row}, {threads} threads"
        );
    }
    // Small distances and few rows exercise the window edges near row 0.
    for (k, threads) in [(1, 1), (3, 1), (64, 1), (1, 2), (64, 2)] {
        assert_eq!(
            gpoints::distance_table(40, 2_000, 0, k, threads, &stop, &mut |_| {}).unwrap(),
            reference::distance_table(40, 2_000, 0, k, 1, &stop, &mut |_| {}).unwrap(),
            "distance ≤ {k}, {threads} threads"
        );
    }
}

/// Rows for the profiling aids: `ONAG_PROFILE_ROWS` or the default (full size: 5000000 for
/// table 3, 1000000 for table 4).
fn rows(default: u64) -> u64 {
    std::env::var("ONAG_PROFILE_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Table 3 work (31 values) by one implementation, for instruction counts under valgrind:
/// `valgrind --tool=cachegrind target/release/deps/wythoff_gpoints_fast-* --ignored
/// --exact profile_fast_excess` (and `profile_reference_excess`).
fn profile_excess(f: ExcessFn) {
    let s = f(30, rows(300_000), 1, &StopFlag::new(), &mut |_| {}).unwrap();
    let minima: Vec<i64> = s[1..4].iter().map(|s| s.min.0).collect();
    assert_eq!(minima, vec![-4, -6, -8]);
}

#[test]
#[ignore = "profiling aid"]
fn profile_fast_excess() {
    profile_excess(gpoints::excess_tables);
}

#[test]
#[ignore = "profiling aid"]
fn profile_reference_excess() {
    profile_excess(reference::excess_tables);
}

/// Table 4 work (200 values, 50,000 rows) by one implementation, as above.
fn profile_distance(f: DistanceFn) {
    let recs = f(199, rows(50_000), 0, 10, 1, &StopFlag::new(), &mut |_| {}).unwrap();
    assert!(recs.iter().all(|r| r.best.is_some()));
}

#[test]
#[ignore = "profiling aid"]
fn profile_fast_distance() {
    profile_distance(gpoints::distance_table);
}

#[test]
#[ignore = "profiling aid"]
fn profile_reference_distance() {
    profile_distance(reference::distance_table);
}

/// The paper's full sizes, fast vs reference (about 30 s of CPU on one core; run by hand:
/// `cargo test -p onag --release --test wythoff_gpoints_fast -- --ignored full_size`).
#[test]
#[ignore = "about 30 s"]
fn full_size_tables_equal_the_reference() {
    let stop = StopFlag::new();
    assert_eq!(
        gpoints::excess_tables(30, 5_000_000, 1, &stop, &mut |_| {}).unwrap(),
        reference::excess_tables(30, 5_000_000, 1, &stop, &mut |_| {}).unwrap()
    );
    for min_row in [0, 600] {
        assert_eq!(
            gpoints::distance_table(199, 1_000_000, min_row, 10, 1, &stop, &mut |_| {}).unwrap(),
            reference::distance_table(199, 1_000_000, min_row, 10, 1, &stop, &mut |_| {}).unwrap()
        );
    }
}
