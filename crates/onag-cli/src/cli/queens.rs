//! `onag queens …` commands: Grundy tables of restricted queens and the closed-form checker.

use clap::Subcommand;

use onag::wythoff::variants::formula::Expr;
use onag::wythoff::variants::moves::MoveSet;
use onag::wythoff::variants::report::{check_report, queens_table_report};
use onag::StopFlag;

use super::common::parse_usize;
use super::output::{outln, print_json, Output};

/// The `queens` subcommands.
#[derive(Subcommand)]
pub enum Cmd {
    /// The Grundy table of a move set.
    Table {
        /// Move set: rays left, down, diag (each optionally ':k'), comma-separated; or 'pair'.
        #[arg(long)]
        moves: String,
        /// Side of the table.
        #[arg(long, value_parser = parse_usize)]
        size: usize,
        #[command(flatten)]
        output: Output,
    },
    /// Compare a move set's table with a formula in x and y (+ - * / % ^ min max).
    Check {
        /// Move set (see `queens table`).
        #[arg(long)]
        moves: String,
        /// Integer expression in x and y, e.g. '(x+y)%3 + 3*((x/3)^(y/3))'.
        #[arg(long, allow_hyphen_values = true)]
        formula: String,
        /// Side of the square to check.
        #[arg(long, value_parser = parse_usize)]
        size: usize,
        #[command(flatten)]
        output: Output,
    },
}

fn parse_moves(text: &str) -> anyhow::Result<MoveSet> {
    text.parse::<MoveSet>()
        .map_err(|e| anyhow::anyhow!("--moves: {e}"))
}

/// Runs one `queens` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {
        Cmd::Table {
            moves,
            size,
            output: Output { json, .. },
        } => {
            let set = parse_moves(&moves)?;
            let report = queens_table_report(&set, size, None, &StopFlag::new())?;
            if json {
                return print_json(&report);
            }
            super::output::grid(&report.cells)
        }
        Cmd::Check {
            moves,
            formula,
            size,
            output: Output { json, .. },
        } => {
            let set = parse_moves(&moves)?;
            let expr: Expr =
                formula
                    .parse()
                    .map_err(|e: onag::wythoff::variants::formula::ParseError| {
                        super::located::Located::new(format!("--formula: {e}"), &formula, e.span)
                    })?;
            let r = check_report(&set, &formula, &expr, size, &StopFlag::new())?;
            if json {
                return print_json(&r);
            }
            outln!(
                "{} of {} cells differ from {formula} for {set}",
                r.mismatches,
                r.cells
            );
            for m in r.examples.iter().take(10) {
                let [x, y] = m.cell;
                outln!("  ({x}, {y}): g = {}, formula = {}", m.g, m.formula);
            }
            Ok(())
        }
    }
}
