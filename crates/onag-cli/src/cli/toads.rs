//! `onag toads …` commands.

use clap::Subcommand;

/// The `toads` subcommands.
#[derive(Subcommand)]
pub enum Cmd {}

/// Runs one `toads` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {}
}
