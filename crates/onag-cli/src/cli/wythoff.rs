//! `onag wythoff …` commands: single values, tables, P-positions, the periodicity sweep with
//! checkpoints, and Nivasch's g-point tables.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context};
use clap::Subcommand;
use serde_json::{json, Value};

use onag::wythoff::gpoints::{distance_table, excess_tables};
use onag::wythoff::periodicity::{Checkpoint, PeriodConfig, PeriodSearch, RowResult};
use onag::wythoff::sweep::SweepState;
use onag::wythoff::{self, WythoffError};
use onag::StopFlag;

use super::common::{self, parse_u64, parse_usize, print_json, Internal};

pub(crate) mod results;

/// `println!` that reports a closed stdout (e.g. `| head`) as an error instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)
            .map_err(|e| super::common::Internal(format!("cannot write to stdout: {e}")))?;
    }};
}

/// The `wythoff` subcommands.
#[derive(Subcommand)]
pub enum Cmd {
    /// The Grundy value g(X, Y) of one queen.
    G {
        /// First coordinate.
        #[arg(value_parser = parse_u64)]
        x: u64,
        /// Second coordinate.
        #[arg(value_parser = parse_u64)]
        y: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The N×N Grundy table by the definition.
    Table {
        /// Side of the table.
        #[arg(value_parser = parse_usize)]
        n: usize,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The first N P-positions (⌊nφ⌋, ⌊nφ²⌋), exact.
    Pairs {
        /// How many pairs.
        #[arg(value_parser = parse_usize)]
        n: usize,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Row periods and preperiods with proofs, by the column sweep.
    Periods(PeriodsArgs),
    /// Writes the research results file (e.g. results/wythoff-periods.json) from a
    /// `periods` checkpoint: proven rows, A046876 run lengths, run parameters.
    Results(results::ResultsArgs),
    /// Nivasch's g-point tables (Games of No Chance 3, 2009).
    Nivasch {
        /// Which table: 2 (min/max of d_n − n), 3 (max over n ≥ 100) or 4 (distance to 0).
        #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
        table: u8,
        /// Only rows ≥ R (table 4).
        #[arg(long, value_parser = parse_u64, default_value_t = 0)]
        min_row: u64,
        /// Rows to sweep (default: 5,000,000 for tables 2–3, 1,000,000 for table 4).
        #[arg(long, value_parser = parse_u64)]
        rows: Option<u64>,
        /// Threads: 1, or 2 to pipeline the smaller and the larger values (same results).
        #[arg(long, value_parser = parse_usize, default_value_t = 1)]
        threads: usize,
        /// Hide the progress bar.
        #[arg(long)]
        quiet: bool,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// Arguments of `onag wythoff periods`.
#[derive(clap::Args)]
pub struct PeriodsArgs {
    /// Rows to report, `A..B` inclusive (rows below A are swept too: the proofs need them).
    #[arg(long, value_parser = parse_rows)]
    rows: (usize, usize),
    /// Columns to sweep at most (the sweep stops early once every row is proven)
    #[arg(long, value_parser = parse_u64)]
    columns: u64,
    /// The period cap P* = 3·2^k (default: the largest ≤ columns/3 and ≤ 393,216 whose
    /// residue ring fits in 1 GiB).
    #[arg(long, value_parser = parse_u64)]
    period_cap: Option<u64>,
    /// Write a checkpoint (with the results so far) to FILE, atomically.
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// Continue from the checkpoint FILE instead of starting over.
    #[arg(long, requires = "checkpoint")]
    resume: bool,
    /// Seconds between checkpoints.
    #[arg(long, value_parser = parse_u64, default_value_t = 60)]
    checkpoint_secs: u64,
    /// Threads: 1, or 2 to pipeline a lower and an upper band of rows (identical results).
    #[arg(long, value_parser = parse_usize, default_value_t = 1)]
    threads: usize,
    /// Instead of reporting, recompute rows 0..B from scratch and check the proven rows A..B
    /// of a results file (`onag wythoff results`): period, preperiod, and the proof column
    /// when the period cap is the file's (the default). Exits 1 on any discrepancy.
    #[arg(long, conflicts_with_all = ["checkpoint", "resume"])]
    verify: Option<PathBuf>,
    /// Hide the progress bar.
    #[arg(long)]
    quiet: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

fn parse_rows(text: &str) -> Result<(usize, usize), String> {
    let (a, b) = text
        .split_once("..")
        .ok_or_else(|| format!("'{text}' is not a row range A..B"))?;
    let (a, b) = (parse_usize(a)?, parse_usize(b)?);
    if a > b {
        return Err(format!("empty row range {a}..{b}"));
    }
    Ok((a, b))
}

/// Runs one `wythoff` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {
        Cmd::G { x, y, json } => {
            let v = wythoff::g(x, y)?;
            if json {
                print_json(&json!({"x": x, "y": y, "g": v}))
            } else {
                outln!("g({x}, {y}) = {v}");
                Ok(())
            }
        }
        Cmd::Table { n, json } => {
            at_least_one("table side", n)?;
            let t = wythoff::grundy_table(n, n)?;
            if json {
                print_json(&json!({"size": n, "rows": t.to_rows()}))
            } else {
                print_grid(&t.to_rows())
            }
        }
        Cmd::Pairs { n, json } => {
            at_least_one("pairs", n)?;
            common_bound("pairs", n as u64, 10_000_000)?;
            let pairs = wythoff::p_positions(n);
            if json {
                let list: Vec<[u64; 2]> = pairs.iter().map(|&(a, b)| [a, b]).collect();
                print_json(&json!({"count": n, "pairs": list}))
            } else {
                for (i, (a, b)) in pairs.iter().enumerate() {
                    outln!("{i:>6}  ({a}, {b})");
                }
                Ok(())
            }
        }
        Cmd::Periods(args) => match &args.verify {
            Some(file) => results::verify(
                file,
                args.rows,
                args.columns,
                args.period_cap,
                args.threads,
                args.quiet,
                args.json,
            ),
            None => periods(args),
        },
        Cmd::Results(args) => results::results(args),
        Cmd::Nivasch {
            table,
            min_row,
            rows,
            threads,
            quiet,
            json,
        } => nivasch(table, min_row, rows, threads, quiet, json),
    }
}

/// Rejects 0 for a count whose output would be empty (it printed nothing and exited 0).
fn at_least_one(what: &str, value: usize) -> anyhow::Result<()> {
    if value == 0 {
        bail!("{what} 0 asks for nothing: give at least 1");
    }
    Ok(())
}

fn common_bound(what: &str, value: u64, max: u64) -> anyhow::Result<()> {
    if value > max {
        bail!("{what} {value} is too large (at most {max})");
    }
    Ok(())
}

fn print_grid(rows: &[Vec<u32>]) -> anyhow::Result<()> {
    let width = rows
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    for row in rows {
        let line: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
        outln!("{}", line.join(" "));
    }
    Ok(())
}

/// The default period cap: the largest 3·2^k ≤ min(columns/3, 393,216) with a ring ≤ 1 GiB.
fn default_cap(top: usize, columns: u64) -> PeriodConfig {
    let mut cfg = PeriodConfig::with_auto_cap(top, columns, 393_216);
    while cfg.period_cap > 3 && (top as u64 + 1) * cfg.period_cap * 2 > 1 << 30 {
        cfg.period_cap /= 2;
    }
    cfg
}

fn periods(args: PeriodsArgs) -> anyhow::Result<()> {
    let (first, top) = args.rows;
    if let Some(path) = &args.checkpoint {
        common::check_output(path)?;
    }
    let started = Instant::now();
    let mut search = match (&args.checkpoint, args.resume) {
        (Some(path), true) => {
            let mut cp = read_checkpoint(path)?;
            if cp.config.top != top {
                bail!(
                    "checkpoint {} sweeps rows 0..{}, not 0..{top}",
                    path.display(),
                    cp.config.top
                );
            }
            if let Some(cap) = args.period_cap {
                if cap != cp.config.period_cap {
                    bail!("checkpoint uses period cap {}", cp.config.period_cap);
                }
            }
            if args.columns < cp.column {
                bail!("checkpoint is already at column {}", cp.column);
            }
            cp.config.columns = args.columns;
            PeriodSearch::resume(cp)?
        }
        _ => {
            let mut cfg = default_cap(top, args.columns);
            if let Some(cap) = args.period_cap {
                cfg.period_cap = cap;
            }
            PeriodSearch::new(cfg)?
        }
    };
    search.set_threads(args.threads).map_err(to_anyhow)?;
    let start_column = search.column();
    // Resuming re-sweeps from the checkpoint's base state to its column; that time is not
    // part of sweeping the new columns, so µs per cell is measured from here.
    let sweep_started = Instant::now();
    let bar = common::progress(args.columns, "wythoff sweep", args.quiet);
    let stop = StopFlag::new();
    common::stop_on_ctrl_c(&stop);
    let mut last_write = Instant::now();
    let chunk = search.config().spacing().max(4096);
    // Stops early once every row is proven: further columns change no result.
    let finished = |s: &PeriodSearch| s.is_done() || s.all_proven();
    while !finished(&search) {
        let until = search.column() + chunk;
        match search.run(until, &stop, &mut |c| bar.set_position(c)) {
            Err(WythoffError::Stopped) => {
                bar.finish_and_clear();
                // Ctrl-C: the sweep stopped between columns, so its state is a valid
                // checkpoint; write it and say how to go on.
                let Some(path) = &args.checkpoint else {
                    bail!(
                        "interrupted at column {} (no --checkpoint given)",
                        search.column()
                    );
                };
                write_checkpoint(path, &search, first)?;
                bail!(
                    "interrupted at column {}; checkpoint written to {}: continue with --resume",
                    search.column(),
                    path.display()
                );
            }
            other => other.map_err(to_anyhow)?,
        }
        if let Some(path) = &args.checkpoint {
            if finished(&search) || last_write.elapsed().as_secs() >= args.checkpoint_secs {
                write_checkpoint(path, &search, first)?;
                last_write = Instant::now();
            }
        }
    }
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let sweep_seconds = sweep_started.elapsed().as_secs_f64();
    let cells = (search.column() - start_column) as f64 * (top + 1) as f64;
    let per_cell = if cells > 0.0 {
        sweep_seconds * 1e6 / cells
    } else {
        0.0
    };
    let results = search.results();
    let reported = &results[first..=top];
    if args.json {
        print_json(&json!({
            "rows": reported.iter().map(row_json).collect::<Vec<_>>(),
            "columns": args.columns,
            "columns_swept": search.column(),
            "period_cap": search.config().period_cap,
            "threads": args.threads,
            "seconds": seconds,
            "sweep_seconds": sweep_seconds,
            "resumed_from_column": args.resume.then_some(start_column),
            "us_per_cell": per_cell,
        }))
    } else {
        outln!("  row    period  preperiod  proven  proof column");
        for r in reported {
            let show = |v: Option<u64>| v.map_or("?".to_string(), |v| v.to_string());
            outln!(
                "{:>5} {:>9} {:>10}  {:>6}  {}",
                r.row,
                show(r.period),
                show(r.preperiod),
                if r.proven { "yes" } else { "no" },
                show(r.proof_column)
            );
        }
        outln!(
            "{} columns swept (at most {}), period cap {}, {seconds:.2} s ({:.4} µs per cell)",
            search.column(),
            args.columns,
            search.config().period_cap,
            per_cell
        );
        Ok(())
    }
}

fn row_json(r: &RowResult) -> Value {
    json!({
        "row": r.row,
        "period": r.period,
        "preperiod": r.preperiod,
        "proven": r.proven,
        "proof_column": r.proof_column,
        // Proven rows have every divisor of the cap checked on a full period (incl. 2^k).
        "minimal_confirmed": r.proven,
    })
}

fn hex_words(words: &[u64]) -> String {
    words.iter().map(|w| format!("{w:016x}")).collect()
}

fn parse_hex_words(text: &str) -> anyhow::Result<Vec<u64>> {
    if !text.len().is_multiple_of(16) || !text.is_ascii() {
        bail!("bad hex word array in checkpoint");
    }
    (0..text.len() / 16)
        .map(|i| {
            u64::from_str_radix(&text[16 * i..16 * i + 16], 16)
                .context("bad hex word in checkpoint")
        })
        .collect()
}

/// Version 2 added the `checksum` field; version 1 files (no integrity check) are refused.
const CHECKPOINT_VERSION: u64 = 2;

/// The JSON text of `v` with object keys sorted (whatever map type serde_json was built
/// with), the one text a checksum is taken over.
fn canonical_json(v: &Value, out: &mut String) {
    match v {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                canonical_json(&map[k], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical_json(x, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// The integrity check of a checkpoint: FNV-1a (64 bits) over the canonical JSON of every
/// field but `checksum` itself — the configuration, the column, the proof and mismatch
/// columns, the base sweep state and the rows, i.e. everything that determines the results.
/// It detects corruption and hand edits (it is not a signature: someone who recomputes it
/// can still forge a file; resuming re-sweeps from the base state, and `wythoff results`
/// re-derives the rows, so a forged file still cannot report rows its own state disproves).
pub(crate) fn checkpoint_checksum(v: &Value) -> String {
    let mut body = v.clone();
    if let Some(map) = body.as_object_mut() {
        map.remove("checksum");
    }
    let mut text = String::new();
    canonical_json(&body, &mut text);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}")
}

/// Refuses a checkpoint whose version or checksum is wrong (edited, truncated, corrupted).
pub(crate) fn check_checkpoint(v: &Value, path: &Path) -> anyhow::Result<()> {
    if v["format"] != "onag-wythoff-periods-checkpoint" {
        bail!("{} is not an onag periods checkpoint", path.display());
    }
    match v["version"].as_u64() {
        Some(CHECKPOINT_VERSION) => {}
        Some(1) => bail!(
            "checkpoint {} is version 1, which has no integrity check; start the run again",
            path.display()
        ),
        _ => bail!(
            "checkpoint {} has an unknown format version",
            path.display()
        ),
    }
    let stored = v["checksum"].as_str().unwrap_or("");
    if stored != checkpoint_checksum(v) {
        bail!(
            "checkpoint {} fails its integrity check (edited or corrupted): refusing to use it",
            path.display()
        );
    }
    Ok(())
}

fn write_checkpoint(path: &Path, search: &PeriodSearch, first: usize) -> anyhow::Result<()> {
    let cp = search.checkpoint();
    let results = search.results();
    let value = json!({
        "format": "onag-wythoff-periods-checkpoint",
        "version": CHECKPOINT_VERSION,
        "config": {
            "top": cp.config.top,
            "columns": cp.config.columns,
            "period_cap": cp.config.period_cap,
        },
        "column": cp.column,
        "last_mismatch": cp.last_mismatch,
        "proof": cp.proof,
        "base": {
            "top": cp.base.top,
            "column": cp.base.column,
            "words": cp.base.words,
            "mex": cp.base.mex,
            "free": hex_words(&cp.base.free),
            "diags": hex_words(&cp.base.diags),
        },
        "rows": results[first..].iter().map(row_json).collect::<Vec<_>>(),
    });
    let mut value = value;
    let sum = checkpoint_checksum(&value);
    value["checksum"] = Value::String(sum);
    let text = serde_json::to_string(&value).map_err(|e| Internal(e.to_string()))?;
    common::write_atomic(path, text.as_bytes())
}

/// The rows a checkpoint's own state implies: resumes it (re-sweeping from its base state to
/// its column) and reads the results, instead of trusting its `rows` field.
pub(crate) fn rederive_rows(path: &Path) -> anyhow::Result<Vec<RowResult>> {
    let cp = read_checkpoint(path)?;
    let search = PeriodSearch::resume(cp).map_err(to_anyhow)?;
    Ok(search.results())
}

fn read_checkpoint(path: &Path) -> anyhow::Result<Checkpoint> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read checkpoint {}", path.display()))?;
    let v: Value = serde_json::from_str(&text).context("checkpoint is not valid JSON")?;
    check_checkpoint(&v, path)?;
    let u = |v: &Value, what: &str| {
        v.as_u64()
            .with_context(|| format!("checkpoint field '{what}' is missing"))
    };
    let opt_list = |v: &Value, what: &str| -> anyhow::Result<Vec<Option<u64>>> {
        v.as_array()
            .with_context(|| format!("checkpoint field '{what}' is missing"))?
            .iter()
            .map(|x| match x {
                Value::Null => Ok(None),
                x => u(x, what).map(Some),
            })
            .collect()
    };
    let base = &v["base"];
    let mex = base["mex"]
        .as_array()
        .context("checkpoint field 'mex' is missing")?
        .iter()
        .map(|x| u(x, "mex"))
        .collect::<anyhow::Result<Vec<u64>>>()?;
    let s = |x: &Value, what: &str| {
        x.as_str()
            .map(str::to_string)
            .with_context(|| format!("checkpoint field '{what}' is missing"))
    };
    Ok(Checkpoint {
        config: PeriodConfig {
            top: u(&v["config"]["top"], "top")? as usize,
            columns: u(&v["config"]["columns"], "columns")?,
            period_cap: u(&v["config"]["period_cap"], "period_cap")?,
        },
        column: u(&v["column"], "column")?,
        base: SweepState {
            top: u(&base["top"], "base.top")? as usize,
            column: u(&base["column"], "base.column")?,
            words: u(&base["words"], "base.words")? as usize,
            mex,
            free: parse_hex_words(&s(&base["free"], "free")?)?,
            diags: parse_hex_words(&s(&base["diags"], "diags")?)?,
        },
        last_mismatch: opt_list(&v["last_mismatch"], "last_mismatch")?,
        proof: opt_list(&v["proof"], "proof")?,
    })
}

fn nivasch(
    table: u8,
    min_row: u64,
    rows: Option<u64>,
    threads: usize,
    quiet: bool,
    json: bool,
) -> anyhow::Result<()> {
    let stop = StopFlag::new();
    let started = Instant::now();
    let rows = rows.unwrap_or(if table == 4 { 1_000_000 } else { 5_000_000 });
    let bar = common::progress(rows, &format!("nivasch table {table}"), quiet);
    let mut tick = |r: u64| bar.set_position(r);
    if table == 4 {
        let recs =
            distance_table(199, rows, min_row, 10, threads, &stop, &mut tick).map_err(to_anyhow)?;
        bar.finish_and_clear();
        let seconds = started.elapsed().as_secs_f64();
        if json {
            let list: Vec<Value> = recs
                .iter()
                .map(|r| {
                    json!({
                        "distance": r.distance,
                        "value": r.best.map(|b| b.0),
                        "cell": r.best.map(|b| [b.1 .0, b.1 .1]),
                    })
                })
                .collect();
            return print_json(&json!({
                "table": 4, "rows": rows, "min_row": min_row, "max_value": 199,
                "distances": list, "seconds": seconds,
            }));
        }
        outln!("distance  largest g  cell (a, b)");
        for r in &recs {
            match r.best {
                Some((g, (a, b))) => outln!("{:>8}  {g:>9}  ({a}, {b})", r.distance),
                None => outln!("{:>8}  {:>9}  -", r.distance, "-"),
            }
        }
        outln!("rows {min_row}..{rows}, values ≤ 199, {seconds:.2} s");
        return Ok(());
    }
    let stats = excess_tables(30, rows, threads, &stop, &mut tick).map_err(to_anyhow)?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let from = if table == 3 { 7 } else { 0 };
    let shown = &stats[from..];
    if json {
        let list: Vec<Value> = shown
            .iter()
            .map(|s| {
                if table == 3 {
                    json!({"g": s.g, "max": s.max_from_100.map(|m| m.0),
                           "first_n": s.max_from_100.map(|m| m.1)})
                } else {
                    json!({"g": s.g, "points": s.points, "min": s.min.0, "min_n": s.min.1,
                           "max": s.max.0, "max_n": s.max.1})
                }
            })
            .collect();
        return print_json(&json!({
            "table": table, "rows": rows, "values": list, "seconds": seconds,
        }));
    }
    if table == 3 {
        outln!("   g  max d_n−n (n ≥ 100)  first n");
        for s in shown {
            if let Some((m, n)) = s.max_from_100 {
                outln!("{:>4}  {m:>19}  {n}", s.g);
            }
        }
    } else {
        outln!("   g  min d_n−n  first n     max d_n−n  first n");
        for s in shown {
            outln!(
                "{:>4}  {:>9}  {:<10}  {:>9}  {}",
                s.g,
                s.min.0,
                s.min.1,
                s.max.0,
                s.max.1
            );
        }
    }
    outln!("a_n < {rows}, {seconds:.2} s");
    Ok(())
}

fn to_anyhow(e: WythoffError) -> anyhow::Error {
    match e {
        WythoffError::WindowViolated { .. } => Internal(e.to_string()).into(),
        e => e.into(),
    }
}
