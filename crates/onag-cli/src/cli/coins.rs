//! `onag coins …` commands.

use clap::Subcommand;

/// The `coins` subcommands.
#[derive(Subcommand)]
pub enum Cmd {}

/// Runs one `coins` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {}
}
