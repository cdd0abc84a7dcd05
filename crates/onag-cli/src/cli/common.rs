//! Helpers shared by every command: number parsing, JSON output, progress bars, atomic writes
//! and the exit-code policy.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// An error caused by the machine rather than by the user's input (I/O failure, a broken
/// invariant). Everything else is bad input and exits with status 2.
#[derive(Debug)]
pub struct Internal(pub String);

impl std::fmt::Display for Internal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Internal {}

/// Exit status for an error: 1 for [`Internal`] errors, 2 for everything else (bad input).
pub fn exit_code(err: &anyhow::Error) -> i32 {
    if err.chain().any(|e| e.is::<Internal>()) {
        1
    } else {
        2
    }
}

/// Parses an unsigned integer written in decimal or as `0x…` hexadecimal (underscores allowed).
///
/// Used as a clap `value_parser` for every number the CLI accepts.
pub fn parse_u128(text: &str) -> Result<u128, String> {
    let cleaned: String = text.trim().chars().filter(|&c| c != '_').collect();
    let parsed = match cleaned
        .strip_prefix("0x")
        .or_else(|| cleaned.strip_prefix("0X"))
    {
        Some(hex) => u128::from_str_radix(hex, 16),
        None => cleaned.parse::<u128>(),
    };
    parsed.map_err(|e| format!("'{text}' is not a decimal or 0x-hex number below 2^128 ({e})"))
}

/// Like [`parse_u128`] but limited to 64 bits.
pub fn parse_u64(text: &str) -> Result<u64, String> {
    let value = parse_u128(text)?;
    u64::try_from(value).map_err(|_| format!("'{text}' does not fit in 64 bits"))
}

/// Like [`parse_u128`] but limited to `usize`.
pub fn parse_usize(text: &str) -> Result<usize, String> {
    let value = parse_u128(text)?;
    usize::try_from(value).map_err(|_| format!("'{text}' is too large"))
}

/// Prints one JSON object on stdout (pretty when stdout is a terminal, compact otherwise).
pub fn print_json(value: &serde_json::Value) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    let text = if std::io::stdout().is_terminal() {
        serde_json::to_string_pretty(value)?
    } else {
        serde_json::to_string(value)?
    };
    writeln!(out, "{text}").map_err(|e| Internal(format!("cannot write to stdout: {e}")))?;
    Ok(())
}

/// A progress bar on stderr, hidden when `quiet` is set or stderr is not a terminal.
pub fn progress(len: u64, message: &str, quiet: bool) -> ProgressBar {
    let bar = if quiet || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} (eta {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    };
    bar.set_message(message.to_string());
    bar
}

/// Writes `bytes` to `path` atomically: write a temporary file beside it, flush it to disk,
/// then rename over the target. A reader (or a killed run) sees either the old or the new file,
/// never a torn one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
    tmp_name.push(".tmp");
    let tmp = path.with_file_name(tmp_name);
    let write = || -> std::io::Result<()> {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write()
        .map_err(|e| Internal(e.to_string()))
        .with_context(|| format!("cannot write {}", path.display()))
}
