//! `onag reproduce`: re-checks every published table and claim the project makes and writes
//! one report (Markdown + JSON: claim, source, expected, computed, agrees?, seconds).
//!
//! The claims are data: one module per family ([`Family`]), each a table of claims — what is
//! claimed, where it is published, the command that re-checks it by hand, and the library call
//! that computes it (the same functions the CLI and the web app call). The expected values are
//! the published ones (the literature, OEIS fixtures, the committed research results; the
//! bibliography is `docs/literature.md`). `--quick` uses smaller ranges (the report says which)
//! and fits in a few minutes on a 2-core machine; the full mode reproduces the published
//! sizes, including the Wythoff a(21) = 1250 audit (about 1.5 hours on 2 cores, most of it
//! that audit). The report is one typed
//! [`Report`], written as JSON (read by the web app's findings panels) and as Markdown.

use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context};
use onag::games::toads_and_frogs::{family, length_stats, reduce, verify_all, Board, Solver};
use onag::games::turning_corners::definition::corners_mex;
use onag::impartial::coins::{Rule, MOCK_TURTLES, MOEBIUS, MOGUL};
use onag::impartial::lexicode::{lexicode, p_positions_at_most, weight_distribution};
use onag::impartial::product::Product;
use onag::impartial::solver::{solve, Board as CoinBoard, WINNING_WAYS_BOARDS};
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

use super::common::{check_output, progress, write_atomic, Internal};
use super::output::{outln, print_json, Output};

/// `(n, a(n))` pairs of the OEIS fixture `$id`, compiled in.
macro_rules! fixture {
    ($id:literal) => {
        oeis(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../onag/tests/data/oeis/oeis_",
            $id,
            ".txt"
        )))
    };
}

mod coins;
mod heaps;
mod nim;
mod partizan;
mod queens;
mod report;
mod toads;
mod wythoff;

pub use report::{ClaimReport, Family, Mode, Report};

/// Arguments of `onag reproduce`.
#[derive(clap::Args)]
pub struct Args {
    /// Smaller ranges (said so in the report): about 5 minutes on 2 cores instead of about 1.5
    /// hours (most of it the Wythoff a(21) audit).
    #[arg(long)]
    pub quick: bool,
    /// Write the report to PATH.json and PATH.md.
    #[arg(long, value_name = "PATH", default_value = "reproduce")]
    pub out: PathBuf,
    /// Only the claims of these families.
    #[arg(long, value_delimiter = ',', value_enum)]
    pub only: Vec<Family>,
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
    family: Family,
    claim: String,
    source: &'static str,
    command: String,
    run: Run,
}

fn claim(
    family: Family,
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

/// Runs `onag reproduce` (on a thread with a deep stack, as the Toads-and-Frogs solver needs).
pub fn run(args: Args) -> anyhow::Result<()> {
    super::common::on_deep_stack(move || run_here(args))
}

fn run_here(args: Args) -> anyhow::Result<()> {
    let path = |ext: &str| {
        let mut p = args.out.clone().into_os_string();
        p.push(ext);
        PathBuf::from(p)
    };
    // both outputs are checked before the hour of work, and again before either is written:
    // all or nothing (a symbolic link at PATH.md left PATH.json written and exited 2)
    let check_outputs = || -> anyhow::Result<()> {
        check_output(&path(".json"))?;
        check_output(&path(".md"))
    };
    check_outputs()?;
    let sizes = Sizes { quick: args.quick };
    let mut claims = Vec::new();
    claims.extend(nim::claims(&sizes));
    claims.extend(coins::claims(&sizes));
    claims.extend(wythoff::claims(&sizes, args.wythoff_results.clone()));
    claims.extend(queens::claims(&sizes));
    claims.extend(partizan::claims(&sizes));
    claims.extend(toads::claims(&sizes));
    claims.extend(heaps::claims(&sizes));
    claims.retain(|c| args.only.is_empty() || args.only.contains(&c.family));
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
            c.family.name(),
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
        rows.push(ClaimReport {
            family: c.family,
            claim: c.claim,
            source: c.source.to_string(),
            expected: found.expected,
            computed: found.computed,
            agrees: found.agrees,
            seconds,
            command: c.command,
        });
        bar.inc(1);
    }
    bar.finish_and_clear();
    let agree = rows.iter().filter(|r| r.agrees).count();
    let disagree = rows.len() - agree;
    let report = Report {
        mode: if args.quick { Mode::Quick } else { Mode::Full },
        commit: commit(),
        machine: machine(),
        version: env!("CARGO_PKG_VERSION").to_string(),
        seconds: (started.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        agree,
        disagree,
        claims: rows,
    };
    let mut text = serde_json::to_string_pretty(&report).map_err(|e| Internal(e.to_string()))?;
    text.push('\n');
    check_outputs()?;
    write_atomic(&path(".json"), text.as_bytes())?;
    write_atomic(&path(".md"), report.markdown().as_bytes())?;
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
