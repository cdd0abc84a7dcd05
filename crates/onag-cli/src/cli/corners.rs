//! `onag corners …` commands.

use clap::Subcommand;

/// The `corners` subcommands.
#[derive(Subcommand)]
pub enum Cmd {}

/// Runs one `corners` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {}
}
