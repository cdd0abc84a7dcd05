//! `onag nim …` commands.

use clap::Subcommand;

/// The `nim` subcommands.
#[derive(Subcommand)]
pub enum Cmd {}

/// Runs one `nim` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {}
}
