//! `onag corners …` commands.

use std::path::Path;
use std::time::Instant;

use anyhow::bail;
use clap::Subcommand;
use onag::games::turning_corners::definition::{MexCheck, MexCheckpoint, MexRun, MAX_N};
use onag::StopFlag;

use super::common::{check_output, parse_usize, progress, stop_on_ctrl_c, Internal, Resume};
use super::output::{outln, print_json, Output};

/// The `corners` subcommands.
#[derive(Subcommand)]
pub enum Cmd {
    /// Turning Corners coin values by definition (mex) against the fast nim product on
    /// 1..N−1 × 1..N−1 (N ≤ 4096). Exits 1 if any cell differs.
    Mex {
        /// The table side N.
        #[arg(value_parser = parse_usize, allow_hyphen_values = true)]
        n: usize,
        #[command(flatten)]
        output: Output,
        /// Checkpoints: every 16 rows and on Ctrl-C.
        #[command(flatten)]
        save: Resume,
    },
}

/// Rows checked between two checkpoints.
const CHECKPOINT_ROWS: usize = 16;

/// Runs one `corners` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {
        Cmd::Mex {
            n,
            output: Output { json, quiet },
            save: Resume { checkpoint, resume },
        } => {
            if !(2..=MAX_N).contains(&n) {
                bail!("N must be between 2 and {MAX_N}, not {n}");
            }
            let mut check = MexCheck::corners(n);
            let mut rechecked = 0;
            if let Some(path) = &checkpoint {
                if resume {
                    load(&mut check, path)?;
                    rechecked = recheck_sample(&check, path)?;
                } else {
                    check_output(path)?;
                }
            }
            let stop = StopFlag::new();
            let bar = progress((n - 1) as u64, "rows", quiet);
            let start = Instant::now();
            let tick = |done: u64| bar.set_position(done);
            let resumed = check.done().count();
            let stopped = |e: onag::Stopped| Internal(e.to_string());
            match &checkpoint {
                None => check.run(&check.pending(), &stop, &tick).map_err(stopped)?,
                Some(path) => {
                    stop_on_ctrl_c(&stop);
                    for rows in check.pending().chunks(CHECKPOINT_ROWS) {
                        let ran = check.run(rows, &stop, &tick);
                        save(&check, path)?;
                        ran.map_err(stopped)?;
                    }
                }
            }
            let report = check
                .report()
                .ok_or_else(|| Internal("rows missing".into()))?;
            bar.finish_and_clear();
            let seconds = start.elapsed().as_secs_f64();
            if json {
                print_json(&MexRun {
                    n,
                    report,
                    rows_resumed: resumed,
                    rows_resumed_rechecked: rechecked,
                    seconds,
                })?;
            } else {
                outln!(
                    "cells 1..{m} × 1..{m}: {} cells, {} mismatches, max value {}, {} options \
                     evaluated, {seconds:.2} s",
                    report.cells,
                    report.mismatches,
                    report.max_value,
                    report.options_evaluated,
                    m = n - 1
                );
            }
            if report.mismatches > 0 {
                return Err(Internal(format!(
                    "{} cells differ from the definition",
                    report.mismatches
                ))
                .into());
            }
            Ok(())
        }
    }
}

/// Rows of a resumed checkpoint checked again: beyond its tag, a sample spread over the rows
/// it holds (the first, the last and up to six between) is recomputed and must agree, so a
/// file that claims rows it never computed is caught even under the right key.
const RECHECKED_ROWS: usize = 8;

/// Recomputes a sample of the rows `check` holds (see [`RECHECKED_ROWS`]); a row that
/// differs refuses the checkpoint. Returns how many were rechecked.
fn recheck_sample(check: &MexCheck, path: &Path) -> anyhow::Result<usize> {
    let done: Vec<usize> = check.done().map(|r| r.a).collect();
    if done.is_empty() {
        return Ok(0);
    }
    let picks: std::collections::BTreeSet<usize> = (0..RECHECKED_ROWS)
        .map(|i| done[i * (done.len() - 1) / (RECHECKED_ROWS - 1)])
        .collect();
    for &a in &picks {
        if check.recheck(a).as_ref() != check.row(a) {
            bail!(
                "checkpoint {}: row {a} does not match the row computed again; refusing it",
                path.display()
            );
        }
    }
    Ok(picks.len())
}

/// Writes the finished rows of `check` ([`MexCheckpoint`], tagged and sealed with this user's
/// key).
fn save(check: &MexCheck, path: &Path) -> anyhow::Result<()> {
    let key = super::common::checkpoint_key()?;
    super::common::write_sealed(path, &MexCheckpoint::of(check, &key))
}

/// Reads the rows saved by [`save`] into `check` (same `n`). A wrong file is bad input.
fn load(check: &mut MexCheck, path: &Path) -> anyhow::Result<()> {
    let bad = |what: &str| anyhow::anyhow!("checkpoint {}: {what}", path.display());
    let saved: MexCheckpoint = super::common::read_sealed(path, "an onag corners checkpoint")?;
    saved
        .restore(check, &super::common::checkpoint_key()?)
        .map_err(|e| bad(&e))
}
