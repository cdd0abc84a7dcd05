//! `onag reproduce`: re-checks every published table and claim the project makes and writes
//! one report (Markdown + JSON: claim, source, expected, computed, agrees?, seconds).
//!
//! Each claim is computed by the library's own functions (the same ones the CLI and the web
//! app call); the expected values are the published ones (SPEC, OEIS fixtures, the papers'
//! tables, the committed research results). `--quick` uses smaller ranges (the report says
//! which) and fits in a few minutes on a 2-core machine; the full mode reproduces the
//! published sizes, including the Wythoff a(21) = 1250 audit (about an hour).

use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context};
use onag::games::toads_and_frogs::{family, length_stats, reduce, verify_all, Board, Solver};
use onag::games::turning_corners::definition::corners_mex;
use onag::impartial::coins::{Rule, MOCK_TURTLES, MOEBIUS, MOGUL};
use onag::impartial::lexicode::{lexicode, p_positions_at_most, weight_distribution};
use onag::impartial::product::Product;
use onag::impartial::solver::{solve, Board as CoinBoard};
use onag::nimber::table::NimTable;
use onag::nimber::{gf65536_generator, Nimber, Nimber128};
use onag::partizan::game::Arena;
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::parse;
use onag::partizan::search::{equal_by_search, ArenaPosition};
use onag::partizan::thermograph::{thermograph, Thermographs};
use onag::wythoff::gpoints::{self, reference as gref};
use onag::wythoff::periodicity::{search, PeriodConfig, PeriodSearch, RowResult};
use onag::wythoff::runs::{audit, period_runs};
use onag::wythoff::variants::check::check;
use onag::wythoff::variants::table::grundy_table as queens_table;
use onag::wythoff::{self as wyt, WythoffError};
use onag::StopFlag;
use serde_json::{json, Value};

use super::common::{progress, write_atomic, Internal};
use super::output::{outln, print_json, Output};

/// Arguments of `onag reproduce`.
#[derive(clap::Args)]
pub struct Args {
    /// Smaller ranges (said so in the report): a few minutes on 2 cores instead of about an hour.
    #[arg(long)]
    pub quick: bool,
    /// Write the report to PATH.json and PATH.md.
    #[arg(long, value_name = "PATH", default_value = "reproduce")]
    pub out: PathBuf,
    /// Only the claims of these families (nim, coins, wythoff, queens, partizan, toads).
    #[arg(long, value_delimiter = ',')]
    pub only: Vec<String>,
    /// Only the claims whose text contains TEXT.
    #[arg(long, value_name = "TEXT")]
    pub filter: Option<String>,
    /// The committed Wythoff results file the audits read.
    #[arg(long, default_value = "results/wythoff-periods.json")]
    pub wythoff_results: PathBuf,
    /// `--json`: print the report JSON on stdout too; `--quiet`: no progress bar.
    #[command(flatten)]
    pub output: Output,
}

const FAMILIES: [&str; 6] = ["nim", "coins", "wythoff", "queens", "partizan", "toads"];

/// What one check found.
struct Found {
    expected: String,
    computed: String,
    agrees: bool,
}

fn same<T: PartialEq + Display>(expected: T, computed: T) -> Found {
    Found {
        agrees: expected == computed,
        expected: expected.to_string(),
        computed: computed.to_string(),
    }
}

fn list<T: Display>(items: impl IntoIterator<Item = T>) -> String {
    items
        .into_iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

type Run = Box<dyn FnOnce(&StopFlag) -> anyhow::Result<Found>>;

/// One claim to re-check.
struct Claim {
    family: &'static str,
    claim: String,
    source: &'static str,
    command: String,
    run: Run,
}

fn claim(
    family: &'static str,
    claim: impl Into<String>,
    source: &'static str,
    command: impl Into<String>,
    run: impl FnOnce(&StopFlag) -> anyhow::Result<Found> + 'static,
) -> Claim {
    Claim {
        family,
        claim: claim.into(),
        source,
        command: command.into(),
        run: Box::new(run),
    }
}

/// `(n, a(n))` pairs of an OEIS fixture (`crates/onag/tests/data/oeis/`, compiled in).
fn oeis(text: &str) -> Vec<(i64, i128)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            Some((f.next()?.parse().ok()?, f.next()?.parse().ok()?))
        })
        .collect()
}

macro_rules! fixture {
    ($id:literal) => {
        oeis(include_str!(concat!(
            "../../../onag/tests/data/oeis/oeis_",
            $id,
            ".txt"
        )))
    };
}

fn terms(pairs: &[(i64, i128)]) -> String {
    list(pairs.iter().map(|p| p.1))
}

fn wyt_err(e: WythoffError) -> anyhow::Error {
    anyhow::anyhow!("{e}")
}

/// The sizes of the two modes.
struct Sizes {
    quick: bool,
}

impl Sizes {
    fn pick<T>(&self, quick: T, full: T) -> T {
        if self.quick {
            quick
        } else {
            full
        }
    }
}

fn nim_claims(s: &Sizes) -> Vec<Claim> {
    let src = "SPEC §1 (Conway, On Numbers and Games, ch. 6)";
    let mex_n = s.pick(256, 1024);
    let law_n = s.pick(64u64, 256);
    vec![
        claim(
            "nim",
            "2⊗2, 4⊗4, 2⊗4, 4⊗16, 5⊗51",
            src,
            "onag nim mul 5 51",
            |_| {
                let p = [(2, 2), (4, 4), (2, 4), (4, 16), (5, 51)];
                Ok(same(
                    "3, 6, 8, 64, 255".to_string(),
                    list(p.iter().map(|&(a, b)| (Nimber(a) * Nimber(b)).0)),
                ))
            },
        ),
        claim(
            "nim",
            "F⊗F = 3F/2 for the Fermat 2-powers F = 2, 4, 16, 256, 65536, 2^32, 2^64",
            src,
            "onag nim mul 0x10000000000000000 0x10000000000000000",
            |_| {
                let fs: [u128; 7] = [2, 4, 16, 256, 65536, 1 << 32, 1 << 64];
                Ok(same(
                    list(fs.iter().map(|f| f * 3 / 2)),
                    list(fs.iter().map(|&f| (Nimber128(f) * Nimber128(f)).0)),
                ))
            },
        ),
        claim(
            "nim",
            "largest product of two numbers below 64 is 255 (64×64 overflows into GF(256)), below 512 is 65,535",
            src,
            "onag nim table 64",
            |_| Ok(same("255, 65535".to_string(), list([NimTable::new(64).max(), NimTable::new(512).max()]))),
        ),
        claim(
            "nim",
            format!("the by-definition mex table equals the fast product on 1..{} × 1..{}", mex_n - 1, mex_n - 1),
            "SPEC §1 (full size 1..1023)",
            format!("onag corners mex {mex_n}"),
            move |stop| {
                let r = corners_mex(mex_n, stop, &|_| {})?;
                let cells = ((mex_n - 1) * (mex_n - 1)) as u64;
                Ok(Found {
                    expected: format!("{cells} cells, 0 mismatches"),
                    computed: format!("{} cells, {} mismatches", r.cells, r.mismatches),
                    agrees: r.cells == cells && r.mismatches == 0,
                })
            },
        ),
        claim(
            "nim",
            format!("associativity and distributivity on all {} triples below {law_n}", law_n.pow(3)),
            "SPEC §1 (full size: 16,777,216 triples below 256)",
            "cargo test --release -p onag --test nimber",
            move |stop| {
                let mut bad = 0u64;
                for a in 0..law_n {
                    stop.check()?;
                    for b in 0..law_n {
                        let ab = Nimber(a) * Nimber(b);
                        for c in 0..law_n {
                            let (x, y, z) = (Nimber(a), Nimber(b), Nimber(c));
                            if ab * z != x * (y * z) || x * (y + z) != ab + x * z {
                                bad += 1;
                            }
                        }
                    }
                }
                Ok(same(0, bad))
            },
        ),
        claim(
            "nim",
            "every nonzero x < 65536 has an inverse (x ⊗ x⁻¹ = 1)",
            src,
            "onag nim inv 2",
            |_| {
                let ok = (1..65536u64)
                    .filter(|&x| Nimber(x).inverse().is_some_and(|i| Nimber(x) * i == Nimber::ONE))
                    .count();
                Ok(same(65535, ok))
            },
        ),
        claim(
            "nim",
            "258 is the smallest generator of the multiplicative group of GF(65536)",
            src,
            "onag nim pow 258 65535",
            |_| Ok(same(258, gf65536_generator())),
        ),
        claim(
            "nim",
            "2 is never a cube: 2^((q−1)/3) is 2 or 3 for q = 4, 16, 256, 65536, 2^32",
            src,
            "onag nim pow 2 21845",
            |_| {
                let qs: [u128; 5] = [4, 16, 256, 65536, 1 << 32];
                let got: Vec<u128> = qs.iter().map(|q| Nimber128(2).pow((q - 1) / 3).0).collect();
                Ok(Found {
                    expected: "each 2 or 3".into(),
                    computed: list(&got),
                    agrees: got.iter().all(|&v| v == 2 || v == 3),
                })
            },
        ),
        claim(
            "nim",
            "OEIS A051775: the nim-product table by antidiagonals",
            "OEIS A051775",
            "onag nim table 16 --json",
            |_| {
                let t = fixture!("A051775");
                let mut got = Vec::new();
                'outer: for d in 0u64.. {
                    for n in 0..=d {
                        if got.len() == t.len() {
                            break 'outer;
                        }
                        got.push(i128::from((Nimber(n) * Nimber(d - n)).0));
                    }
                }
                Ok(same(terms(&t), list(got)))
            },
        ),
        claim(
            "nim",
            "OEIS A051917: nim reciprocals",
            "OEIS A051917",
            "onag nim inv 2",
            |_| {
                let t = fixture!("A051917");
                let got = t.iter().map(|&(n, _)| {
                    Nimber(n as u64).inverse().map_or(0, |i| i128::from(i.0))
                });
                Ok(same(terms(&t), list(got)))
            },
        ),
    ]
}

fn coin_claims(s: &Sizes) -> Vec<Claim> {
    let src = "SPEC §2 (Winning Ways ch. 14; Lenstra, Nim multiplication)";
    let mut out = vec![claim(
        "coins",
        "Ruler coin values = OEIS A006519 (from coin 1)",
        "OEIS A006519",
        "onag coins values ruler --count 64",
        |_| {
            let t = fixture!("A006519");
            let v = Rule::Ruler.values(t.len() + 1);
            Ok(same(terms(&t), list(t.iter().map(|&(n, _)| v[n as usize]))))
        },
    )];
    for (k, id, text) in [
        (3u32, "A000069", fixture!("A000069")),
        (4, "A033623", fixture!("A033623")),
        (5, "A054016", fixture!("A054016")),
        (6, "A054043", fixture!("A054043")),
        (7, "A054044", fixture!("A054044")),
        (8, "A054045", fixture!("A054045")),
    ] {
        out.push(claim(
            "coins",
            format!("turn at most {k} coins: values = OEIS {id} (v(x) = a(x+1))"),
            "OEIS",
            format!("onag coins values at-most:{k} --count 64"),
            move |_| {
                let v = Rule::AtMost(k).values(text.len());
                Ok(same(
                    terms(&text),
                    list(text.iter().map(|&(n, _)| v[n as usize - 1])),
                ))
            },
        ));
    }
    out.push(claim(
        "coins",
        "Mogul values 1, 2, 4, 8, 16, 32, 64, 127, 128, 256, 512, 911",
        src,
        "onag coins values mogul --count 12",
        |_| {
            Ok(same(
                "1, 2, 4, 8, 16, 32, 64, 127, 128, 256, 512, 911".to_string(),
                list(MOGUL.values(12)),
            ))
        },
    ));
    let t = s.pick(24, 32);
    for (a, b) in [
        (Rule::Twins, Rule::Twins),
        (Rule::Twins, Rule::Ruler),
        (Rule::Twins, MOCK_TURTLES),
        (Rule::Ruler, Rule::Ruler),
        (Rule::Ruler, MOCK_TURTLES),
        (MOCK_TURTLES, MOCK_TURTLES),
    ] {
        out.push(claim(
            "coins",
            format!("Tartan theorem: {a} × {b} coin values = g(x) ⊗ h(y) on {t}×{t}"),
            "SPEC §2 (the seed checked 32×32)",
            format!("onag coins tartan {a} {b} --size {t} {t}"),
            move |_| {
                let r = Product { g: a, h: b }.tartan_check(t, t);
                Ok(same(
                    "0 mismatches".to_string(),
                    format!("{} mismatches", r.mismatches),
                ))
            },
        ));
    }
    for board in [
        "corners:3x8",
        "corners:4x6",
        "corners:5x5",
        "rugs:5x5",
        "ruler:22",
        "mock-turtles:20",
        "mogul:14",
        "mock-turtles*mock-turtles:4x5",
        "ruler*mock-turtles:4x5",
        "twins*mock-turtles:5x4",
    ] {
        out.push(claim(
            "coins",
            format!("full-position solver on {board}: every value = XOR of single-coin values"),
            "SPEC §2 (the seed's ten boards, 109,068,288 positions)",
            format!("onag coins solve {board}"),
            move |stop| {
                let b: CoinBoard = board.parse()?;
                let r = solve(&b, stop, &mut |_| {})?;
                Ok(Found {
                    expected: format!(
                        "{} positions, 0 mismatches, P-positions a power of 2",
                        1u64 << b.coins()
                    ),
                    computed: format!(
                        "{} positions, {} mismatches, {} P-positions",
                        r.positions, r.mismatches, r.p_positions
                    ),
                    agrees: r.positions == 1 << b.coins()
                        && r.mismatches == 0
                        && r.p_positions.is_power_of_two(),
                })
            },
        ));
    }
    for (n, d, rule, size, weights) in [
        (16u32, 4u32, MOCK_TURTLES, 2048usize, None),
        (18, 6, MOEBIUS, 512, None),
        (24, 8, MOGUL, 4096, Some("0:1 8:759 12:2576 16:759 24:1")),
    ] {
        out.push(claim(
            "coins",
            format!(
                "P-positions of {rule} on {n} coins = lexicode({n}, {d}), {size} words{}",
                weights.map_or(String::new(), |w| format!(", weights {w}"))
            ),
            "SPEC §2 (extended Hamming [16,11,4], [18,9,6], extended Golay [24,12,8])",
            format!("onag coins lexicode {n} {d} --compare-game"),
            move |_| {
                let words = lexicode(n, d);
                let equal = words == p_positions_at_most(n, d - 1);
                let dist: Vec<String> = weight_distribution(&words, n)
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c > 0)
                    .map(|(w, c)| format!("{w}:{c}"))
                    .collect();
                let dist = dist.join(" ");
                Ok(Found {
                    expected: format!(
                        "{size} words = P-positions{}",
                        weights.map_or(String::new(), |w| format!(", weights {w}"))
                    ),
                    computed: format!(
                        "{} words {} P-positions, weights {dist}",
                        words.len(),
                        if equal { "=" } else { "≠" }
                    ),
                    agrees: equal && words.len() == size && weights.is_none_or(|w| w == dist),
                })
            },
        ));
    }
    out
}

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

fn wythoff_claims(s: &Sizes, results: PathBuf) -> Vec<Claim> {
    let src = "SPEC §3";
    let mut out = vec![
        claim("wythoff", "the Grundy table by definition = OEIS A047708 (diagonal) and A004482–A004487 (rows 1–6)", "OEIS", "onag wythoff table 100", |_| {
            let t = wyt::grundy_table(100, 100).map_err(wyt_err)?;
            let mut expected = Vec::new();
            let mut got = Vec::new();
            for (n, a) in fixture!("A047708") {
                expected.push(a);
                got.push(i128::from(t.get(n as usize, n as usize)));
            }
            for (row, text) in [fixture!("A004482"), fixture!("A004483"), fixture!("A004484"), fixture!("A004485"), fixture!("A004486"), fixture!("A004487")].into_iter().enumerate() {
                for (n, a) in text {
                    expected.push(a);
                    got.push(i128::from(t.get(row + 1, n as usize)));
                }
            }
            Ok(Found {
                expected: format!("{} terms", expected.len()),
                computed: format!("{} of {} terms equal", expected.iter().zip(&got).filter(|(a, b)| a == b).count(), got.len()),
                agrees: expected == got,
            })
        }),
        claim("wythoff", "P-positions (⌊nφ⌋, ⌊nφ²⌋) in exact arithmetic = the greedy construction, 10,000 pairs", src, "onag wythoff pairs 10000", |_| {
            Ok(same(true, wyt::p_positions(10_000) == wyt::p_positions_greedy(10_000)))
        }),
        claim("wythoff", "row periods = OEIS A046875 (rows 0–53), preperiods = OEIS A046874 (rows 0–45)", "OEIS A046875, A046874", "onag wythoff periods --rows 0..53 --columns 40000", |stop| {
            let rows = search(PeriodConfig { top: 53, columns: 40_000, period_cap: 3072 }, stop).map_err(wyt_err)?;
            let (p, c) = (fixture!("A046875"), fixture!("A046874"));
            let got_p = list(p.iter().map(|&(n, _)| rows[n as usize].period.map_or("?".into(), |v| v.to_string())));
            let got_c = list(c.iter().map(|&(n, _)| rows[n as usize].preperiod.map_or("?".into(), |v| v.to_string())));
            Ok(same(format!("{} | {}", terms(&p), terms(&c)), format!("{got_p} | {got_c}")))
        }),
        claim("wythoff", "A046876 (run lengths of equal periods): all 19 published terms from scratch (rows 0–261)", "OEIS A046876", "onag wythoff periods --rows 0..261 --columns 2900000 --period-cap 196608", |stop| {
            let rows = sweep(261, 2_900_000, 196_608, 2, stop)?;
            let runs: Vec<usize> = period_runs(&rows).iter().filter(|r| r.closed).map(|r| r.len()).collect();
            Ok(same(terms(&fixture!("A046876")), list(runs)))
        }),
    ];
    let r20 = results.clone();
    out.push(claim("wythoff", "a(20) = 143: rows 261–403 have period 196,608, row 404 starts period 393,216 (rows 0–404 re-proven from scratch and audited against results/wythoff-periods.json)", "README Results (this project's run 4)", "onag wythoff periods --rows 0..404 --columns 10500000 --period-cap 393216 --threads 2 --verify results/wythoff-periods.json", move |stop| {
        let published = published_rows(&r20, 0, 404)?;
        let rows = sweep(404, 10_500_000, 393_216, 2, stop)?;
        let runs = period_runs(&rows);
        let a20 = runs.get(19).filter(|r| r.closed).map(|r| r.len());
        let (audited, bad) = audit_rows(&published, &rows);
        Ok(Found {
            expected: "a(20) = 143; 405 rows agree with the results file".into(),
            computed: format!("a(20) = {}; {audited} rows audited, {} discrepancies", a20.map_or("open".into(), |v| v.to_string()), bad),
            agrees: a20 == Some(143) && audited == 405 && bad == 0,
        })
    }));
    if !s.quick {
        let r21 = results.clone();
        out.push(claim("wythoff", "a(21) = 1250: rows 404–1653 have period 393,216, row 1654 starts period 786,432 (rows 0–1654 re-proven from scratch, audited against results/wythoff-periods.json)", "README Results (this project's run 4)", "onag wythoff periods --rows 1600..1654 --columns 113300000 --threads 2 --verify results/wythoff-periods.json", move |stop| {
            let published = published_rows(&r21, 0, 1654)?;
            let rows = sweep(1654, 113_300_000, 786_432, 2, stop)?;
            let runs = period_runs(&rows);
            let a21 = runs.get(20).filter(|r| r.closed).map(|r| r.len());
            let (audited, bad) = audit_rows(&published, &rows);
            Ok(Found {
                expected: "a(21) = 1250; 1655 rows agree with the results file".into(),
                computed: format!("a(21) = {}; {audited} rows audited, {bad} discrepancies", a21.map_or("open".into(), |v| v.to_string())),
                agrees: a21 == Some(1250) && audited == 1655 && bad == 0,
            })
        }));
    }
    let rows2 = s.pick(250_000u64, 5_000_000);
    out.push(claim(
        "wythoff",
        format!("Nivasch table 2: min (d_n − n) is −4, −6, −8 for g = 1, 2, 3 (a_n < {rows2})"),
        "Nivasch, Games of No Chance 3 (2009), table 2; SPEC §3 (paper: a_n ≤ 5·10⁶)",
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
    out.push(claim("wythoff", format!("Nivasch tables 2–3 (g ≤ 30, a_n < {rows3}): the row-by-row sweep = the first (reference) implementation"), "Nivasch (2009), tables 2–3", format!("onag wythoff nivasch --table 3 --rows {rows3}"), move |stop| {
        let fast = gpoints::excess_tables(30, rows3, 2, stop, &mut |_| {}).map_err(wyt_err)?;
        let slow = gref::excess_tables(30, rows3, 1, stop, &mut |_| {}).map_err(wyt_err)?;
        let max3 = list(fast[7..].iter().map(|s| s.max_from_100.map_or("-".into(), |m| m.0.to_string())));
        Ok(Found { expected: "fast = reference".into(), computed: format!("{} (table 3 maxima g = 7..30: {max3})", if fast == slow { "fast = reference" } else { "DIFFERENT" }), agrees: fast == slow })
    }));
    let rows4 = s.pick(100_000u64, 1_000_000);
    for min_row in [0u64, 600] {
        out.push(claim("wythoff", format!("Nivasch table 4 (distance 1..10 from a 0, g ≤ 199, rows {min_row}..{rows4}): sweep = reference"), "Nivasch (2009), table 4", format!("onag wythoff nivasch --table 4 --rows {rows4} --min-row {min_row}"), move |stop| {
            let fast = gpoints::distance_table(199, rows4, min_row, 10, 2, stop, &mut |_| {}).map_err(wyt_err)?;
            let slow = gref::distance_table(199, rows4, min_row, 10, 1, stop, &mut |_| {}).map_err(wyt_err)?;
            let cells = list(fast.iter().map(|r| r.best.map_or("-".into(), |(g, (a, b))| format!("{g}@({a},{b})"))));
            Ok(Found { expected: "fast = reference".into(), computed: format!("{}: {cells}", if fast == slow { "fast = reference" } else { "DIFFERENT" }), agrees: fast == slow })
        }));
    }
    out
}

/// The proven rows `first..=last` of the committed results file (read before the sweep, so a
/// missing file fails at once).
fn published_rows(path: &Path, first: usize, last: usize) -> anyhow::Result<Vec<RowResult>> {
    let (_, published) = super::wythoff::results::read_results(path).with_context(|| {
        format!(
            "the audit needs {} (run from the repository root or pass --wythoff-results)",
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

fn queens_claims(s: &Sizes) -> Vec<Claim> {
    let n = s.pick(200usize, 1000);
    let src = "SPEC §4 (published closed forms of Corner-the-Queen variants)";
    let formula = |moves: &'static str, f: &'static str, what: &'static str| {
        claim(
            "queens",
            format!("{what}: g = {f} on {n}×{n}"),
            src,
            format!("onag queens check --moves {moves} --formula '{f}' --size {n}"),
            move |_| {
                let r = check(&moves.parse()?, &f.parse()?, n)?;
                Ok(same(
                    format!("{} cells, 0 mismatches", r.cells),
                    format!("{} cells, {} mismatches", r.cells, r.mismatches),
                ))
            },
        )
    };
    let table = |moves: &'static str, what: &'static str, form: fn(i64, i64) -> i64| {
        claim(
            "queens",
            format!("{what} on {n}×{n}"),
            src,
            format!("onag queens table --moves {moves} --size {n}"),
            move |_| {
                let t = queens_table(&moves.parse()?, n)?;
                let mut bad = 0u64;
                for (x, row) in t.iter().enumerate() {
                    for (y, &g) in row.iter().enumerate() {
                        if (moves != "pair" || x <= y) && i64::from(g) != form(x as i64, y as i64) {
                            bad += 1;
                        }
                    }
                }
                Ok(same(0, bad))
            },
        )
    };
    vec![
        formula("left,down", "x ^ y", "rook moves (two-heap Nim)"),
        formula("left,down,diag:1", "(x+y)%3+3*((x/3)^(y/3))", "rook moves plus one diagonal step"),
        table("diag,left:1,down:1", "diagonal moves plus one step left or down: g = min + c(min mod 4, max parity), g(x,x) = x + (0,1,−1,0)[x mod 4]", |x, y| {
            let (m, big) = (x.min(y), x.max(y));
            if x == y {
                return x + [0, 1, -1, 0][(x % 4) as usize];
            }
            let c = [[0, 1], [2, 1], [-1, -2], [-1, 0]][(m % 4) as usize][(big % 2) as usize];
            m + c
        }),
        table("pair", "the unordered pair game {y, z}: g(2p,2q) = 2q+p, g(2p+1,2q) = 2q−p−1−max(0,2p−q+1), g(2p,2q+1) = 2q−p+1−max(0,2p−q), g(2p+1,2q+1) = 2q+p+2", |y, z| {
            let (p, q) = (y / 2, z / 2);
            match (y % 2, z % 2) {
                (0, 0) => 2 * q + p,
                (1, 0) => 2 * q - p - 1 - (2 * p - q + 1).max(0),
                (0, _) => 2 * q - p + 1 - (2 * p - q).max(0),
                _ => 2 * q + p + 2,
            }
        }),
    ]
}

fn value_claim(text: &'static str, expect: [&'static str; 4]) -> Claim {
    claim(
        "partizan",
        format!(
            "{text}: canonical {}, mean {}, temperature {}, outcome {}",
            expect[0], expect[1], expect[2], expect[3]
        ),
        "SPEC §5 / README",
        format!("onag value '{text}' --json"),
        move |_| {
            let mut arena = Arena::new();
            let g = parse(&mut arena, text).map_err(|e| anyhow::anyhow!("{e}"))?;
            let th = thermograph(&mut arena, g)?;
            let got = format!(
                "{}, {}, {}, {}",
                name(&arena, g, NameStyle::Ascii),
                th.mean(),
                th.temperature(),
                arena.outcome(g)
            );
            Ok(same(expect.join(", "), got))
        },
    )
}

fn partizan_claims() -> Vec<Claim> {
    vec![
        value_claim("{1 | {1/2 | 0}}", ["{1|{1/2|0}}", "5/8", "3/8", "L"]),
        value_claim("{5 | {3 | -3}, 1*}", ["{5|+-3,1*}", "3", "2", "L"]),
        value_claim("{3||2|1}", ["{3|{2|1}}", "9/4", "3/4", "L"]),
    ]
}

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

fn toads_claims(s: &Sizes) -> Vec<Claim> {
    let mut out = Vec::new();
    for line in include_str!("../../../onag/tests/data/toads_values.txt").lines() {
        let Some((board, value)) = line.split_once('\t') else {
            continue;
        };
        if line.starts_with('#') {
            continue;
        }
        out.push(claim(
            "toads",
            format!("{board} = {value}"),
            "SPEC §6 (Winning Ways ch. 1; Erickson 1996; tests/data/toads_values.txt)",
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
    out.push(claim("toads", "T5□4F3 = {{3*|5/2}|2}, not {{5/2|2}|2}, by the value-free difference check (no comparisons)", "SPEC §6 (a published table gives {{5/2|2}|2})", "onag toads equals T5□4F3 '{{3*|5/2}|2}'", |_| {
        let b: Board = "T5.4F3".parse()?;
        let mut arena = Arena::new();
        let right = parse(&mut arena, "{{3*|5/2}|2}").map_err(|e| anyhow::anyhow!("{e}"))?;
        let wrong = parse(&mut arena, "{{5/2|2}|2}").map_err(|e| anyhow::anyhow!("{e}"))?;
        let a = equal_by_search(&b, &ArenaPosition::new(&arena, right));
        let w = equal_by_search(&b, &ArenaPosition::new(&arena, wrong));
        Ok(same("= {{3*|5/2}|2}: true, = {{5/2|2}|2}: false".to_string(), format!("= {{{{3*|5/2}}|2}}: {a}, = {{{{5/2|2}}|2}}: {w}")))
    }));
    out.push(claim(
        "toads",
        "TFTFF.FT..TTFF.TFF..TT reduces to 1 without search",
        "SPEC §6 (Erickson's reductions)",
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
    out.push(claim("toads", format!("T□TF□F□^n = {{3|1}}, {{5|1}} for n = 4, 5 and {{n + 1/2 | 1}} with temperature (2n − 1)/4 for n = 6..{top}"), "SPEC §6", "onag toads value 'T.TF.F.8'", move |stop| {
        let mut solver = Solver::new();
        let (mut expected, mut got, mut ok) = (Vec::new(), Vec::new(), true);
        for n in 4..=top {
            let board: Board = format!("T.TF.F.{n}").parse()?;
            let g = solver.value_with_stop(&board, stop)?;
            let th = thermograph(solver.arena_mut(), g)?;
            let v = name(solver.arena(), g, NameStyle::Ascii);
            let e = match n { 4 => "{3|1}".to_string(), 5 => "{5|1}".to_string(), n => format!("{{{}/2|1}}", 2 * n + 1) };
            ok &= same_game(&e, &v)? && (n < 6 || th.temperature().to_string() == format!("{}/4", 2 * n - 1));
            expected.push(e);
            got.push(format!("{v} (t = {})", th.temperature()));
        }
        Ok(Found { expected: list(expected), computed: list(got), agrees: ok })
    }));
    let len = s.pick(10usize, 12);
    out.push(claim("toads", format!("every board of length ≤ {len}: value with reductions = without = value-free outcome (both first), mirror = negation"), "SPEC §6 (full: 797,160 boards of length ≤ 12)", format!("onag toads verify --max-len {len}"), move |stop| {
        let v = verify_all(len, stop, |_| {})?;
        let boards: u64 = (1..=len as u32).map(|l| 3u64.pow(l)).sum();
        Ok(same(format!("{boards} boards, 0 mismatches"), format!("{} boards, {} mismatches", v.boards, v.mismatches)))
    }));
    out.push(claim("toads", format!("per-length statistics, lengths 1..{len}: 3^n boards each, numbers + infinitesimals + hot ≤ boards, and the hottest board's temperature recomputed without reductions"), "SPEC §6 (research runs: statistics per length, the hottest board of each length)", format!("onag toads stats --max-len {len}"), move |stop| {
        let mut solver = Solver::new();
        let mut thermographs = Thermographs::new();
        let stats = length_stats(&mut solver, &mut thermographs, len, stop, |_| {})?;
        let mut plain = Solver::without_reductions();
        let (mut ok, mut hottest) = (stats.len() == len, Vec::new());
        for st in &stats {
            ok &= st.boards == 3u64.pow(st.length as u32) && st.numbers + st.infinitesimals + st.hot <= st.boards;
            if let Some((board, _, t)) = &st.hottest {
                let g = plain.value_with_stop(board, stop)?;
                let again = thermograph(plain.arena_mut(), g)?.temperature();
                ok &= again == *t;
                hottest.push(format!("{}: {board} t = {t}", st.length));
            }
        }
        Ok(Found { expected: format!("{len} lengths consistent; hottest temperatures reproduced"), computed: list(hottest), agrees: ok })
    }));
    let hi = s.pick(40usize, 70);
    out.push(claim(
        "toads",
        format!("T2□bF2 for 21 ≤ b ≤ {hi}: 0 except b = 25, 31, 37, … (b ≡ 1 mod 6), each *"),
        "published notes (SPEC §6: to b = 103)",
        format!("onag toads family --toads 2 --frogs 2 --blanks 21..{hi}"),
        move |stop| family_claim(2, 2, 21, hi, stop, |b| if b % 6 == 1 { "*" } else { "0" }),
    ));
    if !s.quick {
        out.push(claim(
            "toads",
            "T3□bF3 for 21 ≤ b ≤ 29: 0 except b = 29 (*)",
            "published notes (SPEC §6: to b = 53)",
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
            "toads",
            format!("{board} = {value} (a table cell the literature gives only as bounds)"),
            "README (values computed by this project)",
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

/// One line about the machine: cores, CPU model, memory.
fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let cpu = std::fs::read_to_string("/proc/cpuinfo").ok().and_then(|t| {
        t.lines()
            .find(|l| l.starts_with("model name"))
            .and_then(|l| l.split(':').nth(1))
            .map(|s| s.trim().to_string())
    });
    let mem = std::fs::read_to_string("/proc/meminfo").ok().and_then(|t| {
        t.lines()
            .find(|l| l.starts_with("MemTotal"))
            .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
    });
    format!(
        "{cores} cores, {}, {} GiB RAM, {} {}",
        cpu.unwrap_or_else(|| "unknown CPU".into()),
        mem.map_or("?".into(), |kb| format!("{:.0}", kb as f64 / 1048576.0)),
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}

fn commit() -> Option<String> {
    let out = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn markdown(report: &Value) -> String {
    let mut md = String::new();
    let mode = report["mode"].as_str().unwrap_or("?");
    md.push_str("# onag reproduce\n\n");
    md.push_str(&format!(
        "Mode **{mode}**{}; commit `{}`; machine: {}; {} claims, **{} agree**, {} disagree; {:.1} s in all.\n\n",
        if mode == "quick" { " (smaller ranges than the published ones where the claim says so; `onag reproduce` without `--quick` runs the published sizes)" } else { "" },
        report["commit"].as_str().unwrap_or("unknown"),
        report["machine"].as_str().unwrap_or("?"),
        report["claims"].as_array().map_or(0, Vec::len),
        report["agree"], report["disagree"],
        report["seconds"].as_f64().unwrap_or(0.0),
    ));
    md.push_str("| family | claim | source | expected | computed | agrees | seconds | re-check |\n|---|---|---|---|---|---|---|---|\n");
    let cell = |v: &Value| {
        v.as_str()
            .unwrap_or("")
            .replace('|', "\\|")
            .replace('\n', " ")
    };
    for c in report["claims"].as_array().into_iter().flatten() {
        md.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {:.2} | `{}` |\n",
            cell(&c["family"]),
            cell(&c["claim"]),
            cell(&c["source"]),
            cell(&c["expected"]),
            cell(&c["computed"]),
            if c["agrees"].as_bool() == Some(true) {
                "✓"
            } else {
                "✗"
            },
            c["seconds"].as_f64().unwrap_or(0.0),
            cell(&c["command"]),
        ));
    }
    md
}

/// Runs `onag reproduce` (on a thread with a deep stack, as the Toads-and-Frogs solver needs).
pub fn run(args: Args) -> anyhow::Result<()> {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || run_here(args))
        .map_err(|e| Internal(format!("cannot start the reproduce thread: {e}")))?
        .join()
        .map_err(|_| Internal("the reproduce thread panicked".into()))?
}

fn run_here(args: Args) -> anyhow::Result<()> {
    for f in &args.only {
        if !FAMILIES.contains(&f.as_str()) {
            bail!(
                "--only: unknown family '{f}' (expected {})",
                FAMILIES.join(", ")
            );
        }
    }
    let sizes = Sizes { quick: args.quick };
    let mut claims = Vec::new();
    claims.extend(nim_claims(&sizes));
    claims.extend(coin_claims(&sizes));
    claims.extend(wythoff_claims(&sizes, args.wythoff_results.clone()));
    claims.extend(queens_claims(&sizes));
    claims.extend(partizan_claims());
    claims.extend(toads_claims(&sizes));
    claims.retain(|c| args.only.is_empty() || args.only.iter().any(|f| f == c.family));
    if let Some(text) = &args.filter {
        claims.retain(|c| c.claim.contains(text.as_str()));
    }
    if claims.is_empty() {
        bail!("no claim matches --only/--filter");
    }
    let started = Instant::now();
    let bar = progress(claims.len() as u64, "reproduce", args.output.quiet);
    let stop = StopFlag::new();
    let mut rows = Vec::new();
    for c in claims {
        bar.set_message(format!(
            "{}: {}",
            c.family,
            c.claim.chars().take(60).collect::<String>()
        ));
        let t = Instant::now();
        let found = (c.run)(&stop).unwrap_or_else(|e| Found {
            expected: "(see claim)".into(),
            computed: format!("error: {e:#}"),
            agrees: false,
        });
        let seconds = (t.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
        if !found.agrees {
            bar.println(format!(
                "✗ {}: expected {}, computed {}",
                c.claim, found.expected, found.computed
            ));
        }
        rows.push(json!({
            "family": c.family,
            "claim": c.claim,
            "source": c.source,
            "expected": found.expected,
            "computed": found.computed,
            "agrees": found.agrees,
            "seconds": seconds,
            "command": c.command,
        }));
        bar.inc(1);
    }
    bar.finish_and_clear();
    let agree = rows.iter().filter(|r| r["agrees"] == json!(true)).count();
    let disagree = rows.len() - agree;
    let report = json!({
        "mode": if args.quick { "quick" } else { "full" },
        "commit": commit(),
        "machine": machine(),
        "version": env!("CARGO_PKG_VERSION"),
        "seconds": (started.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        "agree": agree,
        "disagree": disagree,
        "claims": rows,
    });
    let mut text = serde_json::to_string_pretty(&report).map_err(|e| Internal(e.to_string()))?;
    text.push('\n');
    let path = |ext: &str| {
        let mut p = args.out.clone().into_os_string();
        p.push(ext);
        PathBuf::from(p)
    };
    write_atomic(&path(".json"), text.as_bytes())?;
    write_atomic(&path(".md"), markdown(&report).as_bytes())?;
    if args.output.json {
        print_json(&report)?;
    } else {
        outln!(
            "{agree} of {} claims agree ({} mode, {:.1} s); report: {} and {}",
            agree + disagree,
            if args.quick { "quick" } else { "full" },
            started.elapsed().as_secs_f64(),
            path(".json").display(),
            path(".md").display()
        );
    }
    if disagree > 0 {
        return Err(Internal(format!("{disagree} claims disagree (see the report)")).into());
    }
    Ok(())
}
