//! `onag wythoff …` commands: single values, tables, P-positions, the periodicity sweep with
//! checkpoints, and Nivasch's g-point tables.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context};
use clap::Subcommand;

use onag::wythoff::checkpoint::CheckpointFile;
use onag::wythoff::gpoints::{distance_table, excess_tables};
use onag::wythoff::periodicity::{PeriodConfig, PeriodSearch, RowResult};
use onag::wythoff::report::{value_report, NivaschReport, PeriodsReport};
use onag::wythoff::WythoffError;
use onag::StopFlag;

use super::common::{self, parse_u64, parse_usize, Internal, Resume};
use super::output::{outln, print_json, Output};

pub(crate) mod results;

/// The `wythoff` subcommands.
#[derive(Subcommand)]
pub enum Cmd {
    /// The Grundy value g(X, Y) of one queen.
    G {
        /// First coordinate.
        #[arg(value_parser = parse_u64, allow_hyphen_values = true)]
        x: u64,
        /// Second coordinate.
        #[arg(value_parser = parse_u64, allow_hyphen_values = true)]
        y: u64,
        #[command(flatten)]
        output: Output,
    },
    /// The N×N Grundy table by the definition.
    Table {
        /// Side of the table.
        #[arg(value_parser = parse_usize, allow_hyphen_values = true)]
        n: usize,
        #[command(flatten)]
        output: Output,
    },
    /// The first N P-positions (⌊nφ⌋, ⌊nφ²⌋), exact.
    Pairs {
        /// How many pairs.
        #[arg(value_parser = parse_usize, allow_hyphen_values = true)]
        n: usize,
        #[command(flatten)]
        output: Output,
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
        #[command(flatten)]
        output: Output,
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
    /// Checkpoints (with the results so far): every --checkpoint-secs and when stopped.
    #[command(flatten)]
    save: Resume,
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
    #[command(flatten)]
    output: Output,
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
        Cmd::G {
            x,
            y,
            output: Output { json, .. },
        } => {
            let r = value_report(x, y)?;
            if json {
                print_json(&r)
            } else {
                outln!("g({x}, {y}) = {}", r.g);
                Ok(())
            }
        }
        Cmd::Table {
            n,
            output: Output { json, .. },
        } => {
            let r = onag_api::native::wythoff_table(n, &StopFlag::new())?;
            if json {
                print_json(&r)
            } else {
                super::output::grid(&r.cells)
            }
        }
        Cmd::Pairs {
            n,
            output: Output { json, .. },
        } => {
            let r = onag_api::native::wythoff_pairs(n)?;
            if json {
                print_json(&r)
            } else {
                for (i, [a, b]) in r.pairs.iter().enumerate() {
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
                args.output.quiet,
                args.output.json,
            ),
            None => periods(args),
        },
        Cmd::Results(args) => results::results(args),
        Cmd::Nivasch {
            table,
            min_row,
            rows,
            threads,
            output: Output { json, quiet },
        } => nivasch(table, min_row, rows, threads, quiet, json),
    }
}

fn periods(args: PeriodsArgs) -> anyhow::Result<()> {
    let (first, top) = args.rows;
    if let Some(path) = &args.save.checkpoint {
        common::check_output(path)?;
    }
    let started = Instant::now();
    // rows proven before the checkpoint's base state: taken from its (tagged) columns
    let mut from_checkpoint = 0;
    let mut search = match (&args.save.checkpoint, args.save.resume) {
        (Some(path), true) => {
            let file = read_checkpoint(path)?;
            from_checkpoint = file.rows_from_checkpoint(first);
            let mut cp = file.into_checkpoint(&common::checkpoint_key()?)?;
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
            let mut cfg = PeriodConfig::default_for(top, args.columns);
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
    let bar = common::progress(args.columns, "wythoff sweep", args.output.quiet);
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
                let Some(path) = &args.save.checkpoint else {
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
        if let Some(path) = &args.save.checkpoint {
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
    let results = search.results();
    let reported = &results[first..=top];
    let mut report = PeriodsReport::new(
        reported,
        args.columns,
        search.column(),
        search.config().period_cap,
        args.threads,
    )
    .timed(
        seconds,
        sweep_seconds,
        cells,
        args.save.resume.then_some(start_column),
    );
    report.rows_from_checkpoint = from_checkpoint;
    if args.output.json {
        // sealed: `onag wythoff results --run-json` reads it back
        common::print_sealed_json(&report)
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
            report.us_per_cell
        );
        Ok(())
    }
}

fn write_checkpoint(path: &Path, search: &PeriodSearch, first: usize) -> anyhow::Result<()> {
    let file = CheckpointFile::new(search, first, &common::checkpoint_key()?);
    common::write_sealed(path, &file)
}

/// Reads a checkpoint file and checks its format, version and integrity: its seal on the bytes
/// before any parse ([`common::read_sealed`]), then the tag of its fields.
pub(crate) fn read_checkpoint(path: &Path) -> anyhow::Result<CheckpointFile> {
    let file: CheckpointFile = common::read_sealed(path, "an onag periods checkpoint")?;
    file.check(&common::checkpoint_key()?)
        .with_context(|| format!("checkpoint {}", path.display()))?;
    Ok(file)
}

/// The rows a checkpoint's own state implies: resumes it (re-sweeping from its base state to
/// its column) and reads the results, instead of trusting its `rows` field.
pub(crate) fn rederive_rows(file: CheckpointFile) -> anyhow::Result<Vec<RowResult>> {
    let key = common::checkpoint_key()?;
    let search = PeriodSearch::resume(file.into_checkpoint(&key)?).map_err(to_anyhow)?;
    Ok(search.results())
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
            return print_json(&NivaschReport::distance(rows, min_row, 199, &recs, seconds));
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
        return print_json(&NivaschReport::excess(table, rows, &stats, seconds));
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
