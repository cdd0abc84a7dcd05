//! `onag nim …` commands: the nim calculator and product tables.

use anyhow::bail;
use clap::Subcommand;
use onag::nimber::table::{FieldMarking, NimTable};
use onag::nimber::Nimber128;
use serde_json::json;

use std::io::Write;

use super::common::{parse_u128, parse_usize, print_json, Internal};

/// The largest `nim table` side.
const MAX_TABLE: usize = 1024;

/// The `nim` subcommands.
#[derive(Subcommand)]
pub enum Cmd {
    /// The nim product A ⊗ B (A, B below 2^128, decimal or 0x-hex).
    Mul {
        /// First factor.
        #[arg(value_parser = parse_u128)]
        a: u128,
        /// Second factor.
        #[arg(value_parser = parse_u128)]
        b: u128,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The nim inverse of A (A ≠ 0) in GF(2^128).
    Inv {
        /// The number to invert.
        #[arg(value_parser = parse_u128)]
        a: u128,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The nim square root of A.
    Sqrt {
        /// The number.
        #[arg(value_parser = parse_u128)]
        a: u128,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The nim power A^E.
    Pow {
        /// The base.
        #[arg(value_parser = parse_u128)]
        a: u128,
        /// The exponent (an ordinary integer below 2^128).
        #[arg(value_parser = parse_u128)]
        e: u128,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The N×N nim-multiplication table with its field marking (N ≤ 1024).
    Table {
        /// The side N (the numbers 0..N).
        #[arg(value_parser = parse_usize)]
        n: usize,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

fn answer(op: &str, args: serde_json::Value, result: u128, json: bool) -> anyhow::Result<()> {
    if json {
        // Numbers beyond 2^53 lose precision in JSON readers: results are strings too.
        print_json(&json!({"op": op, "args": args, "result": result.to_string()}))
    } else {
        println!("{result}");
        Ok(())
    }
}

/// Runs one `nim` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {
        Cmd::Mul { a, b, json } => {
            let r = (Nimber128(a) * Nimber128(b)).0;
            answer("mul", json!([a.to_string(), b.to_string()]), r, json)
        }
        Cmd::Inv { a, json } => match Nimber128(a).inverse() {
            Some(r) => answer("inv", json!([a.to_string()]), r.0, json),
            None => bail!("0 has no nim inverse"),
        },
        Cmd::Sqrt { a, json } => {
            answer("sqrt", json!([a.to_string()]), Nimber128(a).sqrt().0, json)
        }
        Cmd::Pow { a, e, json } => answer(
            "pow",
            json!([a.to_string(), e.to_string()]),
            Nimber128(a).pow(e).0,
            json,
        ),
        Cmd::Table { n, json } => table(n, json),
    }
}

fn table(n: usize, json: bool) -> anyhow::Result<()> {
    if !(1..=MAX_TABLE).contains(&n) {
        bail!("the table side must be between 1 and {MAX_TABLE}, not {n}");
    }
    let t = NimTable::new(n);
    let (marking, field) = match t.marking() {
        FieldMarking::ClosedField => ("closed field".to_string(), n as u64),
        FieldMarking::Overflows { field, .. } => (format!("overflows into GF({field})"), field),
    };
    if json {
        let rows: Vec<&[u64]> = t.rows().collect();
        return print_json(&json!({
            "n": n,
            "closed_field": matches!(t.marking(), FieldMarking::ClosedField),
            "field": field,
            "max": t.max(),
            "rows": rows,
        }));
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut write = || -> std::io::Result<()> {
        writeln!(
            out,
            "{n}×{n} nim-multiplication table: {marking} (largest product {})",
            t.max()
        )?;
        let width = t.max().to_string().len();
        for row in t.rows() {
            let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
            writeln!(out, "{}", cells.join(" "))?;
        }
        out.flush()
    };
    match write() {
        // A closed pipe (`| head`) is the reader's choice, not an error.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Internal(format!("cannot write to stdout: {e}")).into())
        }
        _ => Ok(()),
    }
}
