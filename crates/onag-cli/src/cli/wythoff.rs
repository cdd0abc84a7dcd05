//! `onag wythoff …` commands.

use clap::Subcommand;

/// The `wythoff` subcommands.
#[derive(Subcommand)]
pub enum Cmd {}

/// Runs one `wythoff` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {}
}
