//! `onag corners …` commands.

use std::time::Instant;

use anyhow::bail;
use clap::Subcommand;
use onag::games::turning_corners::definition::{corners_mex, MAX_N};
use onag::StopFlag;
use serde_json::json;

use super::common::{parse_usize, progress, Internal};
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
    },
}

/// Runs one `corners` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {
        Cmd::Mex {
            n,
            output: Output { json, quiet },
        } => {
            if !(2..=MAX_N).contains(&n) {
                bail!("N must be between 2 and {MAX_N}, not {n}");
            }
            let bar = progress((n - 1) as u64, "rows", quiet);
            let start = Instant::now();
            let report = corners_mex(n, &StopFlag::new(), &|done| bar.set_position(done))
                .map_err(|e| Internal(e.to_string()))?;
            bar.finish_and_clear();
            let seconds = start.elapsed().as_secs_f64();
            if json {
                print_json(&json!({
                    "n": n,
                    "cells": report.cells,
                    "mismatches": report.mismatches,
                    "max_value": report.max_value,
                    "options_evaluated": report.options_evaluated,
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
