//! The Toads-and-Frogs claims: published values, reductions, verification, statistics,
//! research families and table cells.

use super::*;

/// The value of a board in a fresh solver, named in ASCII.
fn board_value(solver: &mut Solver, board: &Board, stop: &StopFlag) -> anyhow::Result<String> {
    let g = solver.value_with_stop(board, stop)?;
    Ok(name(solver.arena(), g, NameStyle::Ascii))
}

/// Whether `text` (a published value) names the same game as `computed`.
fn same_game(text: &str, computed: &str) -> anyhow::Result<bool> {
    let mut arena = Arena::new();
    let a = parse(&mut arena, text).map_err(|e| anyhow::anyhow!("{text}: {e}"))?;
    let b = parse(&mut arena, computed).map_err(|e| anyhow::anyhow!("{computed}: {e}"))?;
    Ok(a == b)
}

pub(super) fn claims(s: &Sizes) -> Vec<Claim> {
    let mut out = Vec::new();
    for line in include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../onag/tests/data/toads_values.txt"
    ))
    .lines()
    {
        let Some((board, value)) = line.split_once('\t') else {
            continue;
        };
        if line.starts_with('#') {
            continue;
        }
        out.push(claim(
            Family::Toads,
            format!("{board} = {value}"),
            "Winning Ways ch. 1; Erickson 1996; \
            tests/data/toads_values.txt",
            format!("onag toads value '{board}'"),
            move |stop| {
                let b: Board = board.parse()?;
                let got = board_value(&mut Solver::new(), &b, stop)?;
                Ok(Found {
                    agrees: same_game(value, &got)?,
                    expected: value.to_string(),
                    computed: got,
                })
            },
        ));
    }
    out.push(claim(
        Family::Toads,
        "T5□4F3 = {{3*|5/2}|2}, not {{5/2|2}|2}, by the value-free \
        difference check (no comparisons)",
        "docs/toads-and-frogs.md (a published table gives \
        {{5/2|2}|2})",
        "onag toads equals T5□4F3 '{{3*|5/2}|2}'",
        |_| {
            let b: Board = "T5.4F3".parse()?;
            let mut arena = Arena::new();
            let right = parse(&mut arena, "{{3*|5/2}|2}").map_err(|e| anyhow::anyhow!("{e}"))?;
            let wrong = parse(&mut arena, "{{5/2|2}|2}").map_err(|e| anyhow::anyhow!("{e}"))?;
            let a = equal_by_search(&b, &ArenaPosition::new(&arena, right));
            let w = equal_by_search(&b, &ArenaPosition::new(&arena, wrong));
            Ok(same(
                "= {{3*|5/2}|2}: true, = {{5/2|2}|2}: false".to_string(),
                format!("= {{{{3*|5/2}}|2}}: {a}, = {{{{5/2|2}}|2}}: {w}"),
            ))
        },
    ));
    out.push(claim(
        Family::Toads,
        "TFTFF.FT..TTFF.TFF..TT reduces to 1 without search",
        "Erickson, New Toads and Frogs Results (1996): the reductions",
        "onag toads value TFTFF.FT..TTFF.TFF..TT",
        |_| {
            let r = reduce(&"TFTFF.FT..TTFF.TFF..TT".parse()?);
            Ok(same(
                "1 + no parts".to_string(),
                format!(
                    "{} + {}",
                    r.integer,
                    if r.parts.is_empty() {
                        "no parts".to_string()
                    } else {
                        format!("{} parts", r.parts.len())
                    }
                ),
            ))
        },
    ));
    let top = s.pick(12usize, 16);
    out.push(claim(
        Family::Toads,
        format!(
            "T□TF□F□^n = {{3|1}}, {{5|1}} for n = 4, 5 and {{n + 1/2 | \
            1}} with temperature (2n − 1)/4 for n = 6..{top}"
        ),
        "docs/toads-and-frogs.md",
        "onag toads value 'T.TF.F.8'",
        move |stop| {
            let mut solver = Solver::new();
            let (mut expected, mut got, mut ok) = (Vec::new(), Vec::new(), true);
            for n in 4..=top {
                let board: Board = format!("T.TF.F.{n}").parse()?;
                let g = solver.value_with_stop(&board, stop)?;
                let th = thermograph(solver.arena_mut(), g)?;
                let v = name(solver.arena(), g, NameStyle::Ascii);
                let e = match n {
                    4 => "{3|1}".to_string(),
                    5 => "{5|1}".to_string(),
                    n => format!("{{{}/2|1}}", 2 * n + 1),
                };
                ok &= same_game(&e, &v)?
                    && (n < 6 || th.temperature().to_string() == format!("{}/4", 2 * n - 1));
                expected.push(e);
                got.push(format!("{v} (t = {})", th.temperature()));
            }
            Ok(Found {
                expected: list(expected),
                computed: list(got),
                agrees: ok,
            })
        },
    ));
    let len = s.pick(10usize, 12);
    out.push(claim(
        Family::Toads,
        format!(
            "every board of length ≤ {len}: value with reductions = \
            without = value-free outcome (both first), mirror = negation"
        ),
        "docs/toads-and-frogs.md (full mode: 797,160 boards of \
        length ≤ 12)",
        format!("onag toads verify --max-len {len}"),
        move |stop| {
            let v = verify_all(len, stop, |_| {})?;
            let boards: u64 = (1..=len as u32).map(|l| 3u64.pow(l)).sum();
            Ok(same(
                format!("{boards} boards, 0 mismatches"),
                format!("{} boards, {} mismatches", v.boards, v.mismatches),
            ))
        },
    ));
    out.push(claim(
        Family::Toads,
        format!(
            "per-length statistics, lengths 1..{len}: 3^n boards each, \
            numbers + infinitesimals + hot ≤ boards, and the hottest \
            board's temperature recomputed without reductions"
        ),
        "results/toads-families.json (statistics per length, the \
        hottest board of each length)",
        format!("onag toads stats --max-len {len}"),
        move |stop| {
            let mut solver = Solver::new();
            let mut thermographs = Thermographs::new();
            let stats = length_stats(&mut solver, &mut thermographs, len, stop, |_| {})?;
            let mut plain = Solver::without_reductions();
            let (mut ok, mut hottest) = (stats.len() == len, Vec::new());
            for st in &stats {
                ok &= st.boards == 3u64.pow(st.length as u32)
                    && st.numbers + st.infinitesimals + st.hot <= st.boards;
                if let Some((board, _, t)) = &st.hottest {
                    let g = plain.value_with_stop(board, stop)?;
                    let again = thermograph(plain.arena_mut(), g)?.temperature();
                    ok &= again == *t;
                    hottest.push(format!("{}: {board} t = {t}", st.length));
                }
            }
            Ok(Found {
                expected: format!("{len} lengths consistent; hottest temperatures reproduced"),
                computed: list(hottest),
                agrees: ok,
            })
        },
    ));
    let hi = s.pick(40usize, 70);
    out.push(claim(
        Family::Toads,
        format!(
            "T2□bF2 for 21 ≤ b ≤ {hi}: 0 except b = 25, 31, 37, … (b ≡ 1 \
            mod 6), each *"
        ),
        "docs/toads-and-frogs.md (research runs: to b = 150)",
        format!("onag toads family --toads 2 --frogs 2 --blanks 21..{hi}"),
        move |stop| family_claim(2, 2, 21, hi, stop, |b| if b % 6 == 1 { "*" } else { "0" }),
    ));
    if !s.quick {
        out.push(claim(
            Family::Toads,
            "T3□bF3 for 21 ≤ b ≤ 29: 0 except b = 29 (*)",
            "docs/toads-and-frogs.md (research runs: to b = 53)",
            "onag toads family --toads 3 --frogs 3 --blanks 21..29",
            |stop| family_claim(3, 3, 21, 29, stop, |b| if b == 29 { "*" } else { "0" }),
        ));
    }
    let cells: &[(&str, &str)] = if s.quick {
        &[("T4.9F3", "43/8"), ("T6.6F3", "{8,8v*|{15/2|7}}")]
    } else {
        &[
            ("T4.9F3", "43/8"),
            ("T4.10F3", "23/4"),
            ("T5.7F4", "43/16"),
            ("T5.8F4", "29/8"),
            ("T6.5F5", "2v4"),
            ("T6.6F3", "{8,8v*|{15/2|7}}"),
            ("T7.6F4", "{{35/4|23/4}|{5*|{{{{6v|5*}|5,{5|3*}}|5}|5}}}"),
        ]
    };
    for &(board, value) in cells {
        out.push(claim(
            Family::Toads,
            format!(
                "{board} = {value} (a table cell the literature gives only \
                as bounds)"
            ),
            "docs/cli.md (values computed by this project)",
            format!("onag toads value {board}"),
            move |stop| {
                let got = board_value(&mut Solver::new(), &board.parse()?, stop)?;
                Ok(Found {
                    agrees: same_game(value, &got)?,
                    expected: value.to_string(),
                    computed: got,
                })
            },
        ));
    }
    out
}

fn family_claim(
    t: usize,
    f: usize,
    lo: usize,
    hi: usize,
    stop: &StopFlag,
    want: fn(usize) -> &'static str,
) -> anyhow::Result<Found> {
    let mut solver = Solver::new();
    let values = family(&mut solver, t, f, lo..=hi, stop, |_, _| {})?;
    let arena = solver.arena();
    let stars = |v: &[(usize, String)]| {
        list(
            v.iter()
                .filter(|(_, n)| n != "0")
                .map(|(b, n)| format!("{b}: {n}")),
        )
    };
    let got: Vec<(usize, String)> = values
        .iter()
        .map(|&(b, g)| (b, name(arena, g, NameStyle::Ascii)))
        .collect();
    let expected: Vec<(usize, String)> = (lo..=hi).map(|b| (b, want(b).to_string())).collect();
    Ok(Found {
        agrees: got == expected,
        expected: format!("0 except {}", stars(&expected)),
        computed: format!("0 except {}", stars(&got)),
    })
}
