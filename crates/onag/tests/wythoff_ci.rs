//! Heavier Wythoff checks, run in CI with `cargo test --release -- --ignored ci_`.
#![allow(clippy::needless_range_loop)] // index loops read like the tables they check

use onag::wythoff::gpoints::{GPointSweep, Placement};
use onag::wythoff::grundy_table;
use onag::wythoff::periodicity::{PeriodConfig, PeriodSearch};
use onag::wythoff::sweep::Sweep;
use onag::StopFlag;

#[test]
#[ignore]
fn ci_sweep_matches_definition_table_400_rows() {
    let (rows, cols) = (400, 6000);
    let t = grundy_table(rows, cols).unwrap();
    let mut s = Sweep::new(rows - 1).unwrap();
    for y in 0..cols {
        let col = s.step().unwrap();
        for x in 0..rows {
            assert_eq!(col[x], u64::from(t.get(x, y)), "({x},{y})");
        }
    }
}

#[test]
#[ignore]
fn ci_two_threads_equal_one_rows_0_150() {
    let cfg = PeriodConfig {
        top: 150,
        columns: 250_000,
        period_cap: 6144,
    };
    let mut one = PeriodSearch::new(cfg).unwrap();
    one.run(cfg.columns, &StopFlag::new(), &mut |_| {}).unwrap();
    let mut two = PeriodSearch::new(cfg).unwrap();
    two.set_threads(2).unwrap();
    two.run(cfg.columns, &StopFlag::new(), &mut |_| {}).unwrap();
    assert_eq!(one.results(), two.results());
    assert_eq!(one.checkpoint(), two.checkpoint());
    let proven = one.results().iter().take_while(|r| r.proven).count();
    assert!(proven > 60, "only {proven} rows proven");
}

#[test]
#[ignore]
fn ci_gpoints_match_table_1500_rows() {
    let (rows, max_g) = (1500usize, 60u32);
    let t = grundy_table(rows, 3 * rows).unwrap();
    let mut s = GPointSweep::new(max_g).unwrap();
    for r in 0..rows {
        let row = t.row(r);
        for (g, p) in s.next_row().iter().enumerate() {
            let cell = row.iter().position(|&v| v == g as u32).unwrap();
            match *p {
                Placement::Point { column, .. } => assert_eq!(column as usize, cell),
                Placement::Mirror => assert!(cell < r),
            }
        }
    }
}
