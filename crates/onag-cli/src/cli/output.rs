//! Everything `onag` prints on stdout goes through here: one writer, one error type, and the
//! shared `--json` / `--quiet` flags.
//!
//! A write that fails is a [`StdoutError`]. `main` treats a closed pipe (`onag … | head`) as
//! the reader's choice and exits 0 without a message (as ripgrep does); any other failure
//! (`> /dev/full`) is reported and exits 1.

use std::fmt;
use std::io::{IsTerminal, Write};

/// The output flags every command shares.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct Output {
    /// Print one JSON object (pretty on a terminal, one line otherwise).
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Writing stdout failed.
#[derive(Debug, thiserror::Error)]
#[error("cannot write to stdout: {0}")]
pub struct StdoutError(pub std::io::Error);

impl StdoutError {
    /// Whether the reader closed the pipe (not an error of onag's).
    pub fn is_broken_pipe(&self) -> bool {
        self.0.kind() == std::io::ErrorKind::BrokenPipe
    }
}

/// Writes one line on stdout.
pub fn line(args: fmt::Arguments<'_>) -> Result<(), StdoutError> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{args}").map_err(StdoutError)
}

/// Writes many lines through one buffered, locked writer (large tables), then flushes.
pub fn block(write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<(), StdoutError> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    write(&mut out)
        .and_then(|()| out.flush())
        .map_err(StdoutError)
}

/// Prints a table of values right-aligned in columns of one width (Grundy tables).
pub fn grid(rows: &[Vec<u32>]) -> anyhow::Result<()> {
    let width = rows
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    block(|out| {
        for row in rows {
            let line: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
            writeln!(out, "{}", line.join(" "))?;
        }
        Ok(())
    })?;
    Ok(())
}

/// Flushes stdout (called once by `main` before exiting).
pub fn flush() -> Result<(), StdoutError> {
    std::io::stdout().lock().flush().map_err(StdoutError)
}

/// Prints `value` as one JSON object: pretty when stdout is a terminal, compact otherwise.
pub fn print_json<T: serde::Serialize + ?Sized>(value: &T) -> anyhow::Result<()> {
    let text = if std::io::stdout().is_terminal() {
        serde_json::to_string_pretty(value)?
    } else {
        serde_json::to_string(value)?
    };
    line(format_args!("{text}"))?;
    Ok(())
}

/// `println!` through [`line`]: a failed write returns [`StdoutError`] from the enclosing
/// function instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::output::line(format_args!($($arg)*))?
    };
}
pub(crate) use outln;
