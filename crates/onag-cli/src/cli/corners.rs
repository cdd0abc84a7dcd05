//! `onag corners …` commands.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::bail;
use clap::Subcommand;
use onag::games::turning_corners::definition::{MexCheck, RowCheck, MAX_N};
use onag::StopFlag;
use serde_json::{json, Value};

use super::common::{check_output, parse_usize, progress, stop_on_ctrl_c, write_atomic, Internal};
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
        /// Save the finished rows to this file every 16 rows (and on Ctrl-C), so that an
        /// interrupted run can go on with `--resume`.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
        /// Go on from the rows saved in the `--checkpoint` file.
        #[arg(long, requires = "checkpoint")]
        resume: bool,
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
            checkpoint,
            resume,
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
                print_json(&json!({
                    "n": n,
                    "cells": report.cells,
                    "mismatches": report.mismatches,
                    "max_value": report.max_value,
                    "options_evaluated": report.options_evaluated,
                    "rows_resumed": resumed,
                    "rows_resumed_rechecked": rechecked,
                    "seconds": seconds,
                }))?;
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

/// The canonical text the checkpoint's tag covers: its kind, `n` and rows.
fn tagged_text(n: u64, rows: &Value) -> String {
    format!("corners-mex|{n}|{rows}")
}

/// Writes the finished rows of `check` (JSON: `n`, and per row `a`, `options` and the failing
/// columns of each check), tagged with this user's checkpoint key.
fn save(check: &MexCheck, path: &Path) -> anyhow::Result<()> {
    let rows: Vec<Value> = check
        .done()
        .map(|r| json!([r.a, r.options, r.bad1, r.bad2]))
        .collect();
    let rows = Value::Array(rows);
    let key = super::common::checkpoint_key()?;
    let checksum = onag::checksum::tag(&key, tagged_text(check.n() as u64, &rows).as_bytes());
    let doc = json!({"kind": "corners-mex", "n": check.n(), "rows": rows, "checksum": checksum});
    write_atomic(path, format!("{doc}\n").as_bytes())
}

/// Reads the rows saved by [`save`] into `check` (same `n`). A wrong file is bad input.
fn load(check: &mut MexCheck, path: &Path) -> anyhow::Result<()> {
    let text = super::common::read_capped(
        path,
        super::common::MAX_INPUT_FILE,
        "an onag corners checkpoint",
    )?;
    let bad = |what: &str| anyhow::anyhow!("checkpoint {}: {what}", path.display());
    let doc: Value = serde_json::from_str(&text).map_err(|e| bad(&e.to_string()))?;
    if doc["kind"] != "corners-mex" || doc["n"].as_u64() != Some(check.n() as u64) {
        return Err(bad(&format!(
            "not a `corners mex {}` checkpoint",
            check.n()
        )));
    }
    let key = super::common::checkpoint_key()?;
    let want = onag::checksum::tag(&key, tagged_text(check.n() as u64, &doc["rows"]).as_bytes());
    if doc["checksum"].as_str() != Some(want.as_str()) {
        return Err(bad(
            "fails its integrity check (edited, corrupted, written under another user's \
             checkpoint key, or by an older onag): refusing it",
        ));
    }
    let list = |v: &Value| -> Option<Vec<usize>> {
        v.as_array()?
            .iter()
            .map(|b| b.as_u64().map(|b| b as usize))
            .collect()
    };
    for row in doc["rows"].as_array().ok_or_else(|| bad("no rows"))? {
        let parsed = (|| {
            Some(RowCheck {
                a: row[0].as_u64()? as usize,
                options: row[1].as_u64()?,
                bad1: list(&row[2])?,
                bad2: list(&row[3])?,
            })
        })();
        let row = parsed.ok_or_else(|| bad("a row is not [a, options, bad1, bad2]"))?;
        check.add(row).map_err(|e| bad(&e))?;
    }
    Ok(())
}
