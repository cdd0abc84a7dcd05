//! OEIS A046876 (runs of equal Wythoff row periods) and the committed research results
//! `results/wythoff-periods.{json,tsv}` (issue 6): run lengths from proven rows, audits, and
//! the published A046874 / A046875 / A046876 terms in the committed big run.
mod common;

use std::path::PathBuf;

use onag::wythoff::periodicity::{search, PeriodConfig, RowResult};
use onag::wythoff::runs::{audit, period_runs, proven_prefix, Discrepancy};
use onag::StopFlag;

/// The rows of `results/wythoff-periods.tsv` (written with the JSON by `onag wythoff results`).
fn committed_rows() -> Vec<RowResult> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../results/wythoff-periods.tsv");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let opt = |s: &str| (s != "-").then(|| s.parse::<u64>().expect("number"));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 5, "bad line '{l}'");
            RowResult {
                row: f[0].parse().expect("row"),
                period: opt(f[1]),
                preperiod: opt(f[2]),
                proof_column: opt(f[3]),
                proven: f[4] == "true",
            }
        })
        .collect()
}

fn a046876() -> Vec<usize> {
    common::oeis_terms("A046876")
        .into_iter()
        .map(|a| a as usize)
        .collect()
}

#[test]
fn runs_from_a_fresh_search_give_the_first_twelve_terms() {
    let cfg = PeriodConfig {
        top: 53,
        columns: 40_000,
        period_cap: 1536,
    };
    let rows = search(cfg, &StopFlag::new()).unwrap();
    let runs = period_runs(&rows);
    let closed: Vec<usize> = runs.iter().filter(|r| r.closed).map(|r| r.len()).collect();
    assert_eq!(closed, a046876()[..12]);
    // Rows 44..=53 have period 1536 and the run goes on past the top row.
    let last = runs.last().unwrap();
    assert_eq!(
        (last.period, last.first_row, last.len(), last.closed),
        (1536, 44, 10, false)
    );
}

#[test]
fn runs_stop_at_the_first_unproven_row() {
    let row = |x: usize, p: u64, proven: bool| RowResult {
        row: x,
        period: Some(p),
        preperiod: Some(0),
        proven,
        proof_column: proven.then_some(0),
    };
    let rows = [
        row(0, 1, true),
        row(1, 3, true),
        row(2, 3, true),
        row(3, 6, false),
        row(4, 6, true),
    ];
    assert_eq!(proven_prefix(&rows), 3);
    let runs = period_runs(&rows);
    assert_eq!(runs.len(), 2);
    assert!(runs[0].closed && !runs[1].closed);
    assert_eq!((runs[1].first_row, runs[1].last_row), (1, 2));
    // A tentative period is no proof: the unproven row 3 does not close the run of 3s.
    assert_eq!(period_runs(&rows[..0]), []);
}

#[test]
fn audit_reports_changed_and_unproven_rows() {
    let cfg = PeriodConfig {
        top: 12,
        columns: 20_000,
        period_cap: 768,
    };
    let good = search(cfg, &StopFlag::new()).unwrap();
    assert_eq!(audit(&good, &good, true), (13, vec![]));
    let mut bad = good.clone();
    bad[7].preperiod = bad[7].preperiod.map(|c| c + 1);
    let (n, d) = audit(&bad, &good, true);
    assert_eq!(n, 13);
    assert!(matches!(d.as_slice(), [Discrepancy::Differs { published, .. }] if published.row == 7));
    // Another cap moves proof columns; they are compared only with the same cap.
    let mut moved = good.clone();
    moved[3].proof_column = Some(12_345);
    assert_eq!(audit(&moved, &good, false).1, vec![]);
    assert_eq!(audit(&moved, &good, true).1.len(), 1);
    let short = search(
        PeriodConfig {
            columns: 100,
            ..cfg
        },
        &StopFlag::new(),
    )
    .unwrap();
    let (_, d) = audit(&good, &short, true);
    assert!(d.contains(&Discrepancy::NotProven(12)));
}

#[test]
fn committed_results_reproduce_all_published_terms() {
    let rows = committed_rows();
    for (n, p) in common::oeis("A046875") {
        let r = rows[n as usize];
        assert!(r.proven, "row {n} not proven in the committed results");
        assert_eq!(r.period.map(i128::from), Some(p), "A046875({n})");
    }
    for (n, c) in common::oeis("A046874") {
        assert_eq!(
            rows[n as usize].preperiod.map(i128::from),
            Some(c),
            "A046874({n})"
        );
    }
    let runs = period_runs(&rows);
    let lens: Vec<usize> = runs.iter().map(|r| r.len()).collect();
    let published = a046876();
    assert_eq!(published.len(), 19);
    assert!(runs[..19].iter().all(|r| r.closed));
    assert_eq!(lens[..19], published);
    // a(20) = 143 (docs/wythoff-periods.md): rows 261..=403 have period 196,608, row 404 starts 393,216.
    let r20 = runs[19];
    assert_eq!(
        (r20.period, r20.first_row, r20.len(), r20.closed),
        (196_608, 261, 143, true)
    );
    // a(21) = 1250 (new): rows 404..=1653 have period 393,216, row 1654 starts 786,432.
    let r21 = runs[20];
    assert_eq!(
        (r21.period, r21.first_row, r21.len(), r21.closed),
        (393_216, 404, 1250, true)
    );
    assert_eq!((runs[21].period, runs[21].first_row), (786_432, 1654));
    assert!(rows[..=1654].iter().all(|r| r.proven));
    assert_eq!(rows[1654].preperiod, Some(113_222_961));
}

/// A046876's 19 published terms from scratch: rows 0..=261 (row 261 closes the 19th run by
/// starting period 196,608), and every row agrees with the committed results (another cap,
/// so periods and preperiods only). About 0.8·10⁹ cells.
#[test]
#[ignore]
fn ci_a046876_published_terms_from_scratch() {
    let cfg = PeriodConfig {
        top: 261,
        columns: 2_900_000,
        period_cap: 196_608,
    };
    let rows = search(cfg, &StopFlag::new()).unwrap();
    let runs = period_runs(&rows);
    let closed: Vec<usize> = runs.iter().filter(|r| r.closed).map(|r| r.len()).collect();
    assert_eq!(closed, a046876());
    assert_eq!((runs[19].first_row, runs[19].period), (261, 196_608));
    let (n, d) = audit(&committed_rows()[..=261], &rows, false);
    assert_eq!((n, d), (262, vec![]));
}

/// The committed OEIS b-files `results/oeis/b046874.txt` and `b046875.txt` (written by `onag
/// wythoff results --bfile`) hold exactly the proven rows of the committed results, and agree
/// with every published term.
#[test]
fn committed_bfiles_agree_with_the_results_and_the_published_terms() {
    use onag::wythoff::runs::{bfile, RowSequence};
    let rows = committed_rows();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../results/oeis");
    for seq in [RowSequence::A046874, RowSequence::A046875] {
        let path = dir.join(format!("b{}.txt", &seq.id()[1..]));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let terms: Vec<(usize, u64)> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let (n, a) = l.split_once(' ').expect("an 'n a(n)' line");
                (n.parse().expect("n"), a.parse().expect("a(n)"))
            })
            .collect();
        assert_eq!(terms.len(), 1801, "{}: rows 0..=1800", seq.id());
        for (i, &(n, a)) in terms.iter().enumerate() {
            let r = rows[i];
            assert!(n == i && r.proven, "{}: line {i}", seq.id());
            let want = match seq {
                RowSequence::A046874 => r.preperiod,
                RowSequence::A046875 => r.period,
            };
            assert_eq!(Some(a), want, "{}({n})", seq.id());
        }
        for (n, a) in common::oeis(seq.id()) {
            assert_eq!(
                i128::from(terms[n as usize].1),
                a,
                "published {}({n})",
                seq.id()
            );
        }
        // the same lines as the library writes today
        let fresh = bfile(&rows, seq, "").expect("row 0 proven");
        let body: String = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(body, fresh, "{}", seq.id());
    }
}
