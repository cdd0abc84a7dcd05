//! Nivasch's g-points against the definition table.
#![allow(clippy::needless_range_loop)] // index loops read like the tables they check
use onag::wythoff::gpoints::{distance_table, excess_tables, GPointSweep, Placement};
use onag::wythoff::{grundy_table, pairs};
use onag::StopFlag;

#[test]
fn gpoints_match_the_table() {
    let (rows, max_g) = (300usize, 40u32);
    let t = grundy_table(rows, 3 * rows).unwrap();
    let mut s = GPointSweep::new(max_g).unwrap();
    let mut counts = vec![0u64; max_g as usize + 1];
    for r in 0..rows {
        let placements = s.next_row().to_vec();
        for (g, p) in placements.into_iter().enumerate() {
            let cell = t.row(r).iter().position(|&v| v == g as u32).unwrap();
            match p {
                Placement::Point { column, n } => {
                    assert_eq!(column as usize, cell, "g={g} row {r}");
                    assert_eq!(n, counts[g]);
                    counts[g] += 1;
                }
                Placement::Mirror => assert!(cell < r, "g={g} row {r}"),
            }
        }
    }
}

#[test]
fn value_zero_points_are_wythoff_pairs() {
    let stats = excess_tables(3, 10_000, 1, &StopFlag::new(), &mut |_| {}).unwrap();
    assert_eq!((stats[0].min.0, stats[0].max.0), (0, 0));
    let mut s = GPointSweep::new(0).unwrap();
    let mut n = 0;
    for r in 0..5000u64 {
        if let Placement::Point { column, .. } = s.next_row()[0] {
            assert_eq!(pairs::p_position(n), (r, column));
            n += 1;
        }
    }
}

#[test]
fn excess_and_distance_tables_agree_with_brute_force() {
    let rows = 400usize;
    let max_g = 12u32;
    let t = grundy_table(rows + 20, 3 * rows).unwrap();
    let stats = excess_tables(max_g, rows as u64, 1, &StopFlag::new(), &mut |_| {}).unwrap();
    for g in 0..=max_g {
        let pts: Vec<(usize, usize)> = (0..rows)
            .filter_map(|a| (a..3 * rows).find(|&b| t.get(a, b) == g).map(|b| (a, b)))
            .collect();
        let ex: Vec<i64> = pts
            .iter()
            .enumerate()
            .map(|(n, &(a, b))| (b - a) as i64 - n as i64)
            .collect();
        let s = stats[g as usize];
        assert_eq!(s.points as usize, pts.len());
        let min = *ex.iter().min().unwrap();
        let max = *ex.iter().max().unwrap();
        assert_eq!(
            s.min,
            (min, ex.iter().position(|&e| e == min).unwrap() as u64)
        );
        assert_eq!(
            s.max,
            (max, ex.iter().position(|&e| e == max).unwrap() as u64)
        );
    }
    // Table 4 by brute force over the table.
    let recs = distance_table(max_g, rows as u64, 0, 6, 1, &StopFlag::new(), &mut |_| {}).unwrap();
    for rec in recs {
        let mut best: Option<(u32, (u64, u64))> = None;
        for a in 0..rows {
            for b in a..2 * rows {
                let g = t.get(a, b);
                if g == 0 || g > max_g {
                    continue;
                }
                let mut dist = usize::MAX;
                for p in a.saturating_sub(8)..a + 9 {
                    for q in b.saturating_sub(8)..b + 9 {
                        if t.get(p, q) == 0 {
                            dist = dist.min(p.abs_diff(a) + q.abs_diff(b));
                        }
                    }
                }
                if dist == rec.distance as usize && best.is_none_or(|(v, _)| g > v) {
                    best = Some((g, (a as u64, b as u64)));
                }
            }
        }
        assert_eq!(rec.best, best, "distance {}", rec.distance);
    }
}

#[test]
fn two_threads_give_the_same_tables() {
    let stop = StopFlag::new();
    assert_eq!(
        excess_tables(30, 20_000, 1, &stop, &mut |_| {}).unwrap(),
        excess_tables(30, 20_000, 2, &stop, &mut |_| {}).unwrap()
    );
    assert_eq!(
        distance_table(40, 9_000, 100, 10, 1, &stop, &mut |_| {}).unwrap(),
        distance_table(40, 9_000, 100, 10, 2, &stop, &mut |_| {}).unwrap()
    );
    let flag = StopFlag::new();
    flag.stop();
    assert!(excess_tables(30, 20_000, 2, &flag, &mut |_| {}).is_err());
}

#[test]
fn published_minima_minus_4_6_8() {
    // Nivasch, Games of No Chance 3 (2009), table 2: min (d_n − n) is −4, −6, −8 for g = 1, 2, 3.
    let s = excess_tables(3, 250_000, 1, &StopFlag::new(), &mut |_| {}).unwrap();
    let minima: Vec<i64> = s[1..].iter().map(|s| s.min.0).collect();
    assert_eq!(minima, vec![-4, -6, -8]);
}
