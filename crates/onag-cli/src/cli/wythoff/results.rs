//! The research results file of the Wythoff period search (`results/wythoff-periods.json`):
//! `onag wythoff results` writes it from a run's checkpoint, and `onag wythoff periods
//! --verify FILE` re-checks its proven rows from scratch.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context};
use serde::Deserialize;

use onag::wythoff::checkpoint::RowRecord;
use onag::wythoff::periodicity::{PeriodConfig, PeriodSearch, RowResult};
use onag::wythoff::report::{BfileReport, VerifyReport};
use onag::wythoff::results::{ResultsFile, RunInfo, RESULTS_FORMAT, RESULTS_VERSION};
use onag::wythoff::runs::{audit, bfile, Discrepancy, RowSequence};
use onag::StopFlag;

use super::super::common::{self, print_json, Internal};
use super::to_anyhow;

/// Arguments of `onag wythoff results`.
#[derive(clap::Args)]
pub struct ResultsArgs {
    /// The checkpoint written by `onag wythoff periods --checkpoint` (rows reported from 0).
    #[arg(long, required_unless_present = "bfile")]
    checkpoint: Option<PathBuf>,
    /// Write the results JSON here (atomically); with `--bfile`, the b-file.
    #[arg(long)]
    out: PathBuf,
    /// Instead of a results file, write the OEIS b-file of A046874 (preperiods) or A046875
    /// (periods): one "n a(n)" line per proven row from 0, read from the results file `--from`.
    #[arg(
        long,
        value_name = "SEQ",
        requires = "from",
        conflicts_with = "checkpoint"
    )]
    bfile: Option<RowSequence>,
    /// The results file a b-file is read from (e.g. results/wythoff-periods.json).
    #[arg(long, value_name = "FILE")]
    from: Option<PathBuf>,
    /// Also write a plain table `row period preperiod proof_column minimal_confirmed`.
    #[arg(long)]
    tsv: Option<PathBuf>,
    /// The run's final `--json` output (for its wall time; empty or absent if unfinished):
    /// sealed by `onag wythoff periods --json`, refused edited or damaged.
    #[arg(long)]
    run_json: Option<PathBuf>,
    /// CPU seconds of the run (all threads), measured outside the process.
    #[arg(long)]
    cpu_seconds: Option<f64>,
    /// Wall seconds of the run, if not taken from `--run-json`.
    #[arg(long)]
    wall_seconds: Option<f64>,
    /// Seconds between checkpoints the run used.
    #[arg(long)]
    checkpoint_secs: Option<u64>,
    /// Threads the run used.
    #[arg(long)]
    threads: Option<u64>,
    /// The machine, in words (nproc, CPU model, load).
    #[arg(long, default_value = "unknown")]
    machine: String,
    /// The git commit of the binary that ran.
    #[arg(long, default_value = "unknown")]
    commit: String,
    /// The exact command line of the run.
    #[arg(long, default_value = "unknown")]
    command: String,
}

/// The one field of a run's final `--json` output the results file takes: its wall time.
#[derive(Deserialize)]
struct RunOutput {
    seconds: Option<f64>,
}

/// `onag wythoff results`: the results file from a checkpoint (see the module docs).
pub fn results(args: ResultsArgs) -> anyhow::Result<()> {
    common::check_output(&args.out)?;
    let (Some(checkpoint), None) = (&args.checkpoint, args.bfile) else {
        return write_bfile(&args);
    };
    if let Some(path) = &args.tsv {
        common::check_output(path)?;
    }
    let file = super::read_checkpoint(checkpoint)?;
    let (top, target, cap) = (
        file.config.top as u64,
        file.config.columns,
        file.config.period_cap,
    );
    let column = file.column;
    let from_checkpoint = file.rows_from_checkpoint(0);
    let rows: Vec<RowResult> = file.rows.iter().map(RowRecord::result).collect();
    if rows.first().map(|r| r.row) != Some(0) || rows.len() as u64 != top + 1 {
        bail!("the checkpoint must report every row from 0 (run `periods --rows 0..X`)");
    }
    // The published rows are re-derived from the checkpoint's state, never copied from it.
    let derived = super::rederive_rows(file)?;
    if let Some((have, want)) = rows.iter().zip(&derived).find(|(a, b)| a != b) {
        bail!(
            "checkpoint {} reports row {} as {:?}, but its own state gives {:?}: refusing it",
            checkpoint.display(),
            have.row,
            have,
            want
        );
    }
    let run =
        match &args.run_json {
            Some(p) if std::fs::metadata(p).is_ok_and(|m| m.len() > 0) => Some(
                common::read_sealed::<RunOutput>(p, "a run's --json output")?,
            ),
            _ => None,
        };
    let wall = args.wall_seconds.or_else(|| run.and_then(|r| r.seconds));
    let config = PeriodConfig {
        top: top as usize,
        columns: target,
        period_cap: cap,
    };
    let info = RunInfo {
        checkpoint_secs: args.checkpoint_secs,
        threads: args.threads,
        git_commit: args.commit.clone(),
        command: args.command.clone(),
        machine: args.machine.clone(),
        wall_seconds: wall,
        cpu_seconds: args.cpu_seconds,
        rows_from_checkpoint: from_checkpoint,
    };
    let file = ResultsFile::new(&rows, column, config, info);
    let text = serde_json::to_string_pretty(&file).map_err(|e| Internal(e.to_string()))?;
    common::write_atomic(&args.out, format!("{text}\n").as_bytes())?;
    if let Some(path) = &args.tsv {
        let show = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
        let mut tsv = String::from("# row\tperiod\tpreperiod\tproof_column\tminimal_confirmed\n");
        for r in &rows {
            tsv.push_str(&format!(
                "{}\t{}\t{}\t{}\t{}\n",
                r.row,
                show(r.period),
                show(r.preperiod),
                show(r.proof_column),
                r.proven
            ));
        }
        common::write_atomic(path, tsv.as_bytes())?;
    }
    print_json(&file.a046876)
}

/// `onag wythoff results --bfile SEQ --from FILE --out B`: the OEIS b-file of SEQ over the
/// proven rows of the results file.
fn write_bfile(args: &ResultsArgs) -> anyhow::Result<()> {
    let (Some(seq), Some(from)) = (args.bfile, &args.from) else {
        bail!("--bfile needs --from FILE (a results file) and --out FILE");
    };
    let (_, rows) = read_results(from)?;
    let source = from.file_name().map_or(from.display().to_string(), |n| {
        n.to_string_lossy().into_owned()
    });
    let header = format!(
        "{} (Wythoff's game, row {}): rows proven by state equality, from {source} (onag)",
        seq.id(),
        match seq {
            RowSequence::A046874 => "preperiods",
            RowSequence::A046875 => "periods",
        }
    );
    let text = bfile(&rows, seq, &header)
        .with_context(|| format!("{}: row 0 is not proven, no term to write", from.display()))?;
    common::write_atomic(&args.out, text.as_bytes())?;
    let terms = text.lines().filter(|l| !l.starts_with('#')).count();
    print_json(&BfileReport {
        sequence: seq.id().to_string(),
        terms,
        out: args.out.display().to_string(),
    })
}

/// The period cap and rows of a results file.
pub(crate) fn read_results(path: &Path) -> anyhow::Result<(u64, Vec<RowResult>)> {
    let what = "an onag Wythoff results file";
    let text = common::read_capped(path, common::MAX_INPUT_FILE, what)?;
    common::check_header(path, &text, RESULTS_FORMAT, &[RESULTS_VERSION], what)?;
    let file: ResultsFile = serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("{} is not {what} ({e})", path.display()))?;
    file.check().with_context(|| path.display().to_string())?;
    Ok((file.parameters.period_cap, file.results()))
}

/// What `--verify` found: rows audited and discrepancies.
pub struct Verdict {
    audited: usize,
    discrepancies: Vec<Discrepancy>,
    cap: u64,
    seconds: f64,
}

/// Recomputes rows `0..=last` from column 0 and audits rows `first..=last` of the results
/// file (period, preperiod, and the proof column when the cap is the file's).
pub fn verify_rows(
    path: &Path,
    (first, last): (usize, usize),
    columns: u64,
    period_cap: Option<u64>,
    threads: usize,
    quiet: bool,
) -> anyhow::Result<Verdict> {
    let started = Instant::now();
    let (file_cap, published) = read_results(path)?;
    let cap = period_cap.unwrap_or(file_cap);
    let mut search = PeriodSearch::new(PeriodConfig {
        top: last,
        columns,
        period_cap: cap,
    })
    .map_err(to_anyhow)?;
    search.set_threads(threads).map_err(to_anyhow)?;
    let bar = common::progress(columns, "wythoff verify", quiet);
    search
        .run(columns, &StopFlag::new(), &mut |c| bar.set_position(c))
        .map_err(to_anyhow)?;
    bar.finish_and_clear();
    let wanted: Vec<RowResult> = published
        .into_iter()
        .filter(|r| (first..=last).contains(&r.row))
        .collect();
    let (audited, discrepancies) = audit(&wanted, &search.results(), cap == file_cap);
    Ok(Verdict {
        audited,
        discrepancies,
        cap,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// `onag wythoff periods --verify FILE`: prints the verdict; any discrepancy is an error.
pub fn verify(
    path: &Path,
    rows: (usize, usize),
    columns: u64,
    period_cap: Option<u64>,
    threads: usize,
    quiet: bool,
    json: bool,
) -> anyhow::Result<()> {
    let v = verify_rows(path, rows, columns, period_cap, threads, quiet)?;
    let describe = |d: &Discrepancy| match d {
        Discrepancy::NotProven(x) => {
            format!("row {x}: not proven within {columns} columns (give more --columns)")
        }
        Discrepancy::Differs {
            published: p,
            recomputed: r,
        } => format!(
            "row {}: file has period {:?}, preperiod {:?}, proof column {:?}; recomputed {:?}, \
             {:?}, {:?}",
            p.row, p.period, p.preperiod, p.proof_column, r.period, r.preperiod, r.proof_column
        ),
    };
    let problems: Vec<String> = v.discrepancies.iter().map(describe).collect();
    let agree = problems.is_empty();
    if json {
        print_json(&VerifyReport {
            file: path.display().to_string(),
            rows: [rows.0, rows.1],
            columns,
            period_cap: v.cap,
            audited_rows: v.audited,
            agree,
            discrepancies: problems.clone(),
            seconds: v.seconds,
        })?;
    } else {
        for p in &problems {
            eprintln!("{p}");
        }
        println!(
            "{}: {} proven rows in {}..{} recomputed from scratch ({columns} columns, period \
             cap {}, {:.2} s): {}",
            path.display(),
            v.audited,
            rows.0,
            rows.1,
            v.cap,
            v.seconds,
            if problems.is_empty() {
                "all agree".to_string()
            } else {
                format!("{} discrepancies", problems.len())
            }
        );
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Internal(format!(
            "verification failed: {} discrepancies",
            problems.len()
        ))
        .into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed results file at the repository root.
    fn committed() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../results/wythoff-periods.json")
    }

    #[test]
    fn verify_committed_results_rows_0_to_24_from_scratch() {
        let (cap, _) = read_results(&committed()).unwrap();
        // Rows ≤ 24 have preperiods < 2,000, so two caps of columns prove them all.
        let v = verify_rows(&committed(), (0, 24), 2 * cap + 4096, None, 1, true).unwrap();
        assert_eq!(v.audited, 25);
        assert!(v.discrepancies.is_empty(), "{:?}", v.discrepancies);
    }

    #[test]
    fn verify_with_a_smaller_cap_compares_periods_and_preperiods() {
        let v = verify_rows(&committed(), (10, 30), 40_000, Some(1536), 2, true).unwrap();
        assert_eq!(v.audited, 21);
        assert!(v.discrepancies.is_empty(), "{:?}", v.discrepancies);
    }

    #[test]
    fn verify_detects_a_tampered_file_and_too_few_columns() {
        let text = std::fs::read_to_string(committed()).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["rows"][5]["preperiod"] = serde_json::json!(999);
        let dir = std::env::temp_dir().join(format!("onag-verify-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("tampered.json");
        std::fs::write(&path, v.to_string()).unwrap();
        let got = verify_rows(&path, (0, 12), 20_000, Some(768), 1, true).unwrap();
        assert_eq!(got.audited, 13);
        assert!(matches!(
            got.discrepancies.as_slice(),
            [Discrepancy::Differs { published, .. }] if published.row == 5
        ));
        let short = verify_rows(&path, (20, 22), 1_000, Some(768), 1, true).unwrap();
        assert_eq!(short.discrepancies.len(), 3);
        assert!(matches!(short.discrepancies[0], Discrepancy::NotProven(20)));
        assert!(verify(&path, (0, 12), 20_000, Some(768), 1, true, true).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
