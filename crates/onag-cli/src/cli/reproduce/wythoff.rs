//! The Wythoff claims: P-positions, the definition table (OEIS), row periods and preperiods
//! (OEIS A046874–A046876, the committed results file), Nivasch's g-point tables.

use super::*;

/// The periods of rows `0..=top` from scratch, at most `columns` columns, cap `cap`.
fn sweep(
    top: usize,
    columns: u64,
    cap: u64,
    threads: usize,
    stop: &StopFlag,
) -> anyhow::Result<Vec<RowResult>> {
    let mut s = PeriodSearch::new(PeriodConfig {
        top,
        columns,
        period_cap: cap,
    })
    .map_err(wyt_err)?;
    s.set_threads(threads).map_err(wyt_err)?;
    while !(s.is_done() || s.all_proven()) {
        let until = s.column() + s.config().spacing().max(4096);
        s.run(until, stop, &mut |_| {}).map_err(wyt_err)?;
    }
    Ok(s.results())
}

pub(super) fn claims(s: &Sizes, results: PathBuf) -> Vec<Claim> {
    let src = "Wythoff (1907); Dress–Flammenkamp–Pink (1999); \
    docs/wythoff-periods.md";
    let mut out = vec![
        claim(
            Family::Wythoff,
            "the Grundy table by definition = OEIS A047708 (diagonal) \
            and A004482–A004487 (rows 1–6)",
            "OEIS",
            "onag wythoff table 100",
            |_| {
                let t = wyt::grundy_table(100, 100).map_err(wyt_err)?;
                let mut expected = Vec::new();
                let mut got = Vec::new();
                for (n, a) in fixture!("A047708") {
                    expected.push(a);
                    got.push(i128::from(t.get(n as usize, n as usize)));
                }
                for (row, text) in [
                    fixture!("A004482"),
                    fixture!("A004483"),
                    fixture!("A004484"),
                    fixture!("A004485"),
                    fixture!("A004486"),
                    fixture!("A004487"),
                ]
                .into_iter()
                .enumerate()
                {
                    for (n, a) in text {
                        expected.push(a);
                        got.push(i128::from(t.get(row + 1, n as usize)));
                    }
                }
                Ok(Found {
                    expected: format!("{} terms", expected.len()),
                    computed: format!(
                        "{} of {} terms equal",
                        expected.iter().zip(&got).filter(|(a, b)| a == b).count(),
                        got.len()
                    ),
                    agrees: expected == got,
                })
            },
        ),
        claim(
            Family::Wythoff,
            "P-positions (⌊nφ⌋, ⌊nφ²⌋) in exact arithmetic = the greedy \
            construction, 10,000 pairs",
            src,
            "onag wythoff pairs 10000",
            |_| {
                Ok(same(
                    true,
                    wyt::p_positions(10_000) == wyt::p_positions_greedy(10_000),
                ))
            },
        ),
        claim(
            Family::Wythoff,
            "row periods = OEIS A046875 (rows 0–53), preperiods = OEIS \
            A046874 (rows 0–45)",
            "OEIS A046875, A046874",
            "onag wythoff periods --rows 0..53 --columns 40000",
            |stop| {
                let rows = search(
                    PeriodConfig {
                        top: 53,
                        columns: 40_000,
                        period_cap: 3072,
                    },
                    stop,
                )
                .map_err(wyt_err)?;
                let (p, c) = (fixture!("A046875"), fixture!("A046874"));
                let got_p = list(p.iter().map(|&(n, _)| {
                    rows[n as usize]
                        .period
                        .map_or("?".into(), |v| v.to_string())
                }));
                let got_c = list(c.iter().map(|&(n, _)| {
                    rows[n as usize]
                        .preperiod
                        .map_or("?".into(), |v| v.to_string())
                }));
                Ok(same(
                    format!("{} | {}", terms(&p), terms(&c)),
                    format!("{got_p} | {got_c}"),
                ))
            },
        ),
        claim(
            Family::Wythoff,
            "A046876 (run lengths of equal periods): all 19 published \
            terms from scratch (rows 0–261)",
            "OEIS A046876",
            "onag wythoff periods --rows 0..261 --columns 2900000 \
            --period-cap 196608",
            |stop| {
                let rows = sweep(261, 2_900_000, 196_608, 2, stop)?;
                let runs: Vec<usize> = period_runs(&rows)
                    .iter()
                    .filter(|r| r.closed)
                    .map(|r| r.len())
                    .collect();
                Ok(same(terms(&fixture!("A046876")), list(runs)))
            },
        ),
    ];
    let r20 = results.clone();
    out.push(claim(
        Family::Wythoff,
        "a(20) = 143: rows 261–403 have period 196,608, row 404 \
        starts period 393,216 (rows 0–404 re-proven from scratch \
        and audited against results/wythoff-periods.json)",
        "docs/results.md (this project's run 4)",
        "onag wythoff periods --rows 0..404 --columns 10500000 \
        --period-cap 393216 --threads 2 --verify \
        results/wythoff-periods.json",
        move |stop| {
            let published = published_rows(&r20, 0, 404)?;
            let rows = sweep(404, 10_500_000, 393_216, 2, stop)?;
            let runs = period_runs(&rows);
            let a20 = runs.get(19).filter(|r| r.closed).map(|r| r.len());
            let (audited, bad) = audit_rows(&published, &rows);
            Ok(Found {
                expected: "a(20) = 143; 405 rows agree with the results file".into(),
                computed: format!(
                    "a(20) = {}; {audited} rows audited, {} discrepancies",
                    a20.map_or("open".into(), |v| v.to_string()),
                    bad
                ),
                agrees: a20 == Some(143) && audited == 405 && bad == 0,
            })
        },
    ));
    if !s.quick {
        let r21 = results.clone();
        out.push(claim(
            Family::Wythoff,
            "a(21) = 1250: rows 404–1653 have period 393,216, row 1654 \
            starts period 786,432 (rows 0–1654 re-proven from scratch, \
            audited against results/wythoff-periods.json)",
            "docs/results.md (this project's run 4)",
            "onag wythoff periods --rows 1600..1654 --columns 113300000 \
            --threads 2 --verify results/wythoff-periods.json",
            move |stop| {
                let published = published_rows(&r21, 0, 1654)?;
                let rows = sweep(1654, 113_300_000, 786_432, 2, stop)?;
                let runs = period_runs(&rows);
                let a21 = runs.get(20).filter(|r| r.closed).map(|r| r.len());
                let (audited, bad) = audit_rows(&published, &rows);
                Ok(Found {
                    expected: "a(21) = 1250; 1655 rows agree with the results file".into(),
                    computed: format!(
                        "a(21) = {}; {audited} rows audited, {bad} discrepancies",
                        a21.map_or("open".into(), |v| v.to_string())
                    ),
                    agrees: a21 == Some(1250) && audited == 1655 && bad == 0,
                })
            },
        ));
    }
    let rows2 = s.pick(250_000u64, 5_000_000);
    out.push(claim(
        Family::Wythoff,
        format!(
            "Nivasch table 2: min (d_n − n) is −4, −6, −8 for g = 1, 2, \
            3 (a_n < {rows2})"
        ),
        "Nivasch, Games of No Chance 3 (2009), table 2 (the paper: \
        a_n ≤ 5·10⁶)",
        format!("onag wythoff nivasch --table 2 --rows {rows2}"),
        move |stop| {
            let t = gpoints::excess_tables(30, rows2, 2, stop, &mut |_| {}).map_err(wyt_err)?;
            Ok(same(
                "-4, -6, -8".to_string(),
                list(t[1..4].iter().map(|s| s.min.0)),
            ))
        },
    ));
    let rows3 = s.pick(50_000u64, 1_000_000);
    out.push(claim(
        Family::Wythoff,
        format!(
            "Nivasch tables 2–3 (g ≤ 30, a_n < {rows3}): the row-by-row \
            sweep = the first (reference) implementation"
        ),
        "Nivasch (2009), tables 2–3",
        format!("onag wythoff nivasch --table 3 --rows {rows3}"),
        move |stop| {
            let fast = gpoints::excess_tables(30, rows3, 2, stop, &mut |_| {}).map_err(wyt_err)?;
            let slow = gref::excess_tables(30, rows3, 1, stop, &mut |_| {}).map_err(wyt_err)?;
            let max3 = list(
                fast[7..]
                    .iter()
                    .map(|s| s.max_from_100.map_or("-".into(), |m| m.0.to_string())),
            );
            Ok(Found {
                expected: "fast = reference".into(),
                computed: format!(
                    "{} (table 3 maxima g = 7..30: {max3})",
                    if fast == slow {
                        "fast = reference"
                    } else {
                        "DIFFERENT"
                    }
                ),
                agrees: fast == slow,
            })
        },
    ));
    let rows4 = s.pick(100_000u64, 1_000_000);
    for min_row in [0u64, 600] {
        out.push(claim(
            Family::Wythoff,
            format!(
                "Nivasch table 4 (distance 1..10 from a 0, g ≤ 199, rows \
                {min_row}..{rows4}): sweep = reference"
            ),
            "Nivasch (2009), table 4",
            format!(
                "onag wythoff nivasch --table 4 --rows {rows4} --min-row \
                {min_row}"
            ),
            move |stop| {
                let fast = gpoints::distance_table(199, rows4, min_row, 10, 2, stop, &mut |_| {})
                    .map_err(wyt_err)?;
                let slow = gref::distance_table(199, rows4, min_row, 10, 1, stop, &mut |_| {})
                    .map_err(wyt_err)?;
                let cells = list(fast.iter().map(|r| {
                    r.best
                        .map_or("-".into(), |(g, (a, b))| format!("{g}@({a},{b})"))
                }));
                Ok(Found {
                    expected: "fast = reference".into(),
                    computed: format!(
                        "{}: {cells}",
                        if fast == slow {
                            "fast = reference"
                        } else {
                            "DIFFERENT"
                        }
                    ),
                    agrees: fast == slow,
                })
            },
        ));
    }
    out
}

/// The proven rows `first..=last` of the committed results file (read before the sweep, so a
/// missing file fails at once).
fn published_rows(path: &Path, first: usize, last: usize) -> anyhow::Result<Vec<RowResult>> {
    let (_, published) = super::super::wythoff::results::read_results(path).with_context(|| {
        format!(
            "the audit needs {} (run from the repository root or pass \
            --wythoff-results)",
            path.display()
        )
    })?;
    Ok(published
        .into_iter()
        .filter(|r| (first..=last).contains(&r.row))
        .collect())
}

/// Audits published rows against recomputed ones: (rows audited, discrepancies). The caps may
/// differ, so periods and preperiods are compared, proof columns not (the cap fixes them).
fn audit_rows(published: &[RowResult], rows: &[RowResult]) -> (usize, usize) {
    let (audited, bad) = audit(published, rows, false);
    (audited, bad.len())
}
