//! Wythoff's game: the definition table against OEIS, the slow reference and known bounds;
//! P-positions exact vs greedy.
#![allow(clippy::needless_range_loop)] // index loops read like the tables they check
mod common;

use onag::wythoff::{
    self, grundy_table, p_positions, p_positions_greedy, table::grundy_table_slow,
};

#[test]
fn table_matches_slow_reference() {
    let fast = grundy_table(40, 57).unwrap();
    assert_eq!(fast.to_rows(), grundy_table_slow(40, 57));
}

#[test]
fn table_matches_a317205_triangle() {
    let t = grundy_table(20, 20).unwrap();
    let terms = common::oeis_terms("A317205");
    let mut k = 0;
    for n in 0.. {
        for j in 0..=n {
            if k == terms.len() {
                assert!(k > 70);
                return;
            }
            assert_eq!(t.get(n, j) as i128, terms[k], "T({n},{j})");
            k += 1;
        }
    }
}

#[test]
fn table_matches_a004481_antidiagonals() {
    let t = grundy_table(20, 20).unwrap();
    let terms = common::oeis_terms("A004481");
    let mut k = 0;
    'outer: for d in 0.. {
        for a in 0..=d {
            if k == terms.len() {
                break 'outer;
            }
            assert_eq!(t.get(a, d - a) as i128, terms[k], "antidiagonal {d}");
            k += 1;
        }
    }
    assert!(k > 80);
}

#[test]
fn diagonal_and_rows_match_oeis() {
    let t = grundy_table(100, 100).unwrap();
    let diag = common::oeis("A047708");
    assert!(diag.len() > 60);
    for (n, a) in diag {
        assert_eq!(t.get(n as usize, n as usize) as i128, a, "g({n},{n})");
    }
    for (row, id) in [
        "A004482", "A004483", "A004484", "A004485", "A004486", "A004487",
    ]
    .iter()
    .enumerate()
    {
        let terms = common::oeis(id);
        assert!(terms.len() > 50, "{id}");
        for (n, a) in terms {
            assert_eq!(
                t.get(row + 1, n as usize) as i128,
                a,
                "{id} row {} col {n}",
                row + 1
            );
        }
    }
}

#[test]
fn no_repeats_and_bounds() {
    let n = 150;
    let t = grundy_table(n, n).unwrap();
    for x in 0..n {
        let mut row: Vec<u32> = t.row(x).to_vec();
        row.sort_unstable();
        row.dedup();
        assert_eq!(row.len(), n, "row {x} repeats");
        let mut col: Vec<u32> = (0..n).map(|y| t.get(y, x)).collect();
        col.sort_unstable();
        col.dedup();
        assert_eq!(col.len(), n, "column {x} repeats");
    }
    for d in 0..n {
        let mut diag: Vec<u32> = (0..n - d).map(|k| t.get(k, k + d)).collect();
        diag.sort_unstable();
        diag.dedup();
        assert_eq!(diag.len(), n - d, "diagonal {d} repeats");
    }
    for x in 0..n {
        for y in x..n {
            let v = i64::from(t.get(x, y));
            let (x, y) = (x as i64, y as i64);
            assert!(y - 2 * x <= v && v <= y + x, "bound at ({x},{y})");
        }
    }
}

#[test]
fn zeros_are_wythoff_pairs() {
    let n = 300;
    let t = grundy_table(n, n).unwrap();
    let pairs = p_positions(200);
    for x in 0..n {
        for y in 0..n {
            assert_eq!(
                t.get(x, y) == 0,
                wythoff::pairs::is_p_position(x as u64, y as u64),
                "({x},{y})"
            );
        }
    }
    assert_eq!(pairs[3], (4, 7));
}

#[test]
fn exact_pairs_equal_greedy_for_10000() {
    assert_eq!(p_positions(10_000), p_positions_greedy(10_000));
}

#[test]
fn single_cell_g_uses_the_sweep() {
    let t = grundy_table(64, 200).unwrap();
    for x in 0..64 {
        for y in (0..200).step_by(7) {
            assert_eq!(
                wythoff::g(x as u64, y as u64).unwrap(),
                u64::from(t.get(x, y))
            );
            assert_eq!(
                wythoff::g(y as u64, x as u64).unwrap(),
                u64::from(t.get(x, y))
            );
        }
    }
    assert!(wythoff::g(5000, 5000).is_err());
    assert!(grundy_table(9000, 1).is_err());
}
