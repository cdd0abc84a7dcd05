//! `onag queens …` commands.

use clap::Subcommand;

/// The `queens` subcommands.
#[derive(Subcommand)]
pub enum Cmd {}

/// Runs one `queens` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {}
}
