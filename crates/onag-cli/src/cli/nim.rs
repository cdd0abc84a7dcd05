//! `onag nim …` commands: the nim calculator and product tables.

use anyhow::bail;
use clap::Subcommand;
use onag::nimber::calc::Operation;
use onag::nimber::ordinal::{Ordinal, OrdinalError};
use onag::nimber::Nimber128;
use onag::StopFlag;

use super::common::{parse_u128, parse_usize};
use super::located::Located;
use super::output::{outln, print_json, Output};

/// The `nim` subcommands.
#[derive(Subcommand)]
pub enum Cmd {
    /// The nim product A ⊗ B (A, B below 2^128, decimal or 0x-hex, or transfinite: ordinals
    /// below ω^(ω^54) in Cantor normal form such as 'w^2', 'w^w*3+w+1').
    Mul {
        /// First factor.
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// Second factor.
        #[arg(allow_hyphen_values = true)]
        b: String,
        #[command(flatten)]
        output: Output,
    },
    /// The nim inverse of A (A ≠ 0): in GF(2^128), or of a transfinite ordinal.
    Inv {
        /// The number (or ordinal) to invert.
        #[arg(allow_hyphen_values = true)]
        a: String,
        #[command(flatten)]
        output: Output,
    },
    /// The nim square root of A (a number or a transfinite ordinal).
    Sqrt {
        /// The number (or ordinal).
        #[arg(allow_hyphen_values = true)]
        a: String,
        #[command(flatten)]
        output: Output,
    },
    /// The nim power A^E.
    Pow {
        /// The base (a number or a transfinite ordinal).
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// The exponent (an ordinary integer below 2^128).
        #[arg(value_parser = parse_u128, allow_hyphen_values = true)]
        e: u128,
        #[command(flatten)]
        output: Output,
    },
    /// The N×N nim-multiplication table with its field marking (N ≤ 1024, `onag_api::limits::MAX_NIM_TABLE_SIDE`).
    Table {
        /// The side N (the numbers 0..N).
        #[arg(value_parser = parse_usize, allow_hyphen_values = true)]
        n: usize,
        #[command(flatten)]
        output: Output,
    },
}

fn answer(
    op: &str,
    args: &[&dyn std::fmt::Display],
    result: u128,
    json: bool,
) -> anyhow::Result<()> {
    if json {
        // Numbers beyond 2^53 lose precision in JSON readers: the report holds text.
        print_json(&Operation::new(op, args, &result))
    } else {
        outln!("{result}");
        Ok(())
    }
}

/// A `nim` argument: a finite number (the 128-bit commands) or a transfinite ordinal.
#[derive(Clone, Debug)]
pub enum NimArg {
    /// Below 2^128.
    Finite(u128),
    /// An ordinal below ω^(ω^54) (see `onag::nimber::ordinal`).
    Ordinal(Ordinal),
}

impl NimArg {
    fn ordinal(&self) -> Ordinal {
        match self {
            NimArg::Finite(n) => Ordinal::finite(*n),
            NimArg::Ordinal(o) => o.clone(),
        }
    }

    fn text(&self) -> String {
        match self {
            NimArg::Finite(n) => n.to_string(),
            NimArg::Ordinal(o) => o.to_string(),
        }
    }
}

/// A `nim` argument from the command line: a number below 2^128, else an ordinal; an ordinal
/// that does not parse is reported with a caret under the place ([`Located`]).
fn parse_nim_arg(text: &str) -> anyhow::Result<NimArg> {
    if let Ok(n) = parse_u128(text) {
        return Ok(NimArg::Finite(n));
    }
    match text.parse::<Ordinal>() {
        Ok(o) => Ok(NimArg::Ordinal(o)),
        Err(e @ OrdinalError::Parse { span, .. }) if text.contains(['w', 'ω']) => {
            Err(Located::new(e, text, span).into())
        }
        Err(e) if text.contains(['w', 'ω']) => Err(anyhow::anyhow!("'{text}': {e}")),
        Err(_) => parse_u128(text)
            .map(NimArg::Finite)
            .map_err(|e| anyhow::anyhow!("{e}")),
    }
}

fn answer_ordinal(
    op: &str,
    args: &[&NimArg],
    result: Result<Ordinal, OrdinalError>,
    json: bool,
) -> anyhow::Result<()> {
    let result = result?;
    if json {
        let args: Vec<String> = args.iter().map(|a| a.text()).collect();
        let args: Vec<&dyn std::fmt::Display> = args.iter().map(|a| a as _).collect();
        print_json(&Operation::new(op, &args, &result))
    } else {
        outln!("{result}");
        Ok(())
    }
}

/// Runs one `nim` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {
        Cmd::Mul {
            a,
            b,
            output: Output { json, .. },
        } => match (parse_nim_arg(&a)?, parse_nim_arg(&b)?) {
            (NimArg::Finite(a), NimArg::Finite(b)) => {
                let r = (Nimber128(a) * Nimber128(b)).0;
                answer("mul", &[&a, &b], r, json)
            }
            (a, b) => answer_ordinal("mul", &[&a, &b], a.ordinal().mul(&b.ordinal()), json),
        },
        Cmd::Inv {
            a,
            output: Output { json, .. },
        } => match parse_nim_arg(&a)? {
            NimArg::Finite(a) => match Nimber128(a).inverse() {
                Some(r) => answer("inv", &[&a], r.0, json),
                None => bail!("0 has no nim inverse"),
            },
            a => answer_ordinal("inv", &[&a], a.ordinal().inverse(), json),
        },
        Cmd::Sqrt {
            a,
            output: Output { json, .. },
        } => match parse_nim_arg(&a)? {
            NimArg::Finite(a) => answer("sqrt", &[&a], Nimber128(a).sqrt().0, json),
            a => answer_ordinal("sqrt", &[&a], a.ordinal().sqrt(), json),
        },
        Cmd::Pow {
            a,
            e,
            output: Output { json, .. },
        } => match parse_nim_arg(&a)? {
            NimArg::Finite(a) => answer("pow", &[&a, &e], Nimber128(a).pow(e).0, json),
            a => {
                let exponent = NimArg::Finite(e);
                answer_ordinal("pow", &[&a, &exponent], a.ordinal().pow(e), json)
            }
        },
        Cmd::Table {
            n,
            output: Output { json, .. },
        } => table(n, json),
    }
}

fn table(n: usize, json: bool) -> anyhow::Result<()> {
    // The API's request: one bound and one message for every front end.
    let t = onag_api::routes::nim::TableRequest { size: n }
        .checked()?
        .run(&StopFlag::new())?;
    if json {
        return print_json(&t);
    }
    let marking = if t.marking.closed {
        "closed field".to_string()
    } else {
        format!("overflows into GF({})", t.marking.field)
    };
    super::output::block(|out| {
        writeln!(
            out,
            "{n}×{n} nim-multiplication table: {marking} (largest product {})",
            t.marking.max
        )?;
        let width = t.marking.max.to_string().len();
        for row in &t.cells {
            let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
            writeln!(out, "{}", cells.join(" "))?;
        }
        Ok(())
    })?;
    Ok(())
}
