//! `onag loopy GAME POSITION`: the loopy value and the outcome with draws of a position of a
//! loopy ruleset (`onag::loopy::games`).

use onag::loopy::games::{backsliding_toads::Board, explore};
use onag::loopy::report::loopy_report;

use super::output::Output;

/// The loopy rulesets.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum LoopyRuleset {
    /// Backsliding Toads and Frogs: `T`, `F`, `.`; a creature may also step back one square.
    BackslidingToads,
}

/// Arguments of `onag loopy`.
#[derive(clap::Args)]
pub struct Args {
    /// The ruleset.
    pub ruleset: LoopyRuleset,
    /// The position, e.g. 'T.F' (Backsliding Toads and Frogs).
    pub position: String,
    /// Positions explored at most.
    #[arg(long, default_value_t = 4096)]
    pub max_positions: usize,
    #[command(flatten)]
    pub output: Output,
    /// Time and memory bounds (sidling a large game can take long).
    #[command(flatten)]
    pub limits: super::common::RunLimits,
}

/// Runs `onag loopy`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let game = match args.ruleset {
        LoopyRuleset::BackslidingToads => {
            let board: Board = args
                .position
                .parse()
                .map_err(|e| anyhow::anyhow!("bad board: {e}"))?;
            explore(&board, args.max_positions)?
        }
    };
    let stop = onag::StopFlag::new();
    args.limits.watch("the loopy value", &stop);
    let r = loopy_report(&game, &stop)?;
    super::value::print_loopy_report(&r, args.output.json)
}
