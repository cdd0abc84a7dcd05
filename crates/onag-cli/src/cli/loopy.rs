//! `onag loopy GAME POSITION`: the loopy value and the outcome with draws of a position of a
//! loopy ruleset (`onag::loopy::games`).

use onag::loopy::games::{backsliding_toads::Board, explore};
use onag::loopy::report::loopy_report;

use super::output::{outln, Output};

/// The loopy rulesets.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum LoopyRuleset {
    /// Backsliding Toads and Frogs: `T`, `F`, `.`; a creature may also step back one square.
    BackslidingToads,
    /// Fox and Geese: rows from row 1 separated by `/`, `G` goose (Left, moving towards row
    /// 1), `F` fox (Right), `.` empty; `start` is the 8×8 start with the fox on (1, 1).
    FoxAndGeese,
}

/// Arguments of `onag loopy`.
#[derive(clap::Args)]
pub struct Args {
    /// The ruleset.
    pub ruleset: LoopyRuleset,
    /// The position, e.g. 'T.F' (Backsliding Toads and Frogs), 'F.../..../..../.G.G' or
    /// 'start' (Fox and Geese).
    pub position: String,
    /// Positions explored at most (default 4096; Fox and Geese 4194304).
    #[arg(long)]
    pub max_positions: Option<usize>,
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
            explore(&board, args.max_positions.unwrap_or(4096))?
        }
        LoopyRuleset::FoxAndGeese => return fox_and_geese(&args),
    };
    let stop = onag::StopFlag::new();
    args.limits.watch("the loopy value", &stop);
    let r = loopy_report(&game, &stop)?;
    super::value::print_loopy_report(&r, args.output.json)
}

/// `onag loopy fox-and-geese POSITION`: the value by components (a million positions on 8×8),
/// with a progress bar in positions valued.
fn fox_and_geese(args: &Args) -> anyhow::Result<()> {
    use onag::loopy::games::fox_and_geese::{analyse, Position};
    let position = if args.position.trim() == "start" {
        Position::start(8, 8, 1)
    } else {
        args.position.parse::<Position>()
    }
    .map_err(|e| anyhow::anyhow!("bad Fox and Geese position: {e}"))?;
    let bar = super::common::progress(0, "positions valued", args.output.quiet);
    let hook_bar = bar.clone();
    let stop = onag::StopFlag::with_progress(move |done, total| {
        hook_bar.set_length(total as u64);
        hook_bar.set_position(done);
    });
    args.limits.watch("the analysis", &stop);
    let started = std::time::Instant::now();
    let r = analyse(&position, args.max_positions.unwrap_or(1 << 22), &stop).map_err(|e| {
        match super::common::stop_reason() {
            Some(why) if e == onag::loopy::LoopyError::Stopped => anyhow::anyhow!("{why}"),
            _ => anyhow::Error::from(e),
        }
    })?;
    bar.finish_and_clear();
    if args.output.json {
        return super::output::print_json(&r);
    }
    outln!("value:       {}", r.value);
    outln!("outcome:     {}", r.outcome_text);
    outln!(
        "positions:   {} ({} components, {} distinct values)",
        r.positions,
        r.components,
        r.distinct_values
    );
    outln!(
        "comparisons: {} ({} pair states explored)",
        r.comparisons,
        r.comparison_states
    );
    outln!("canonical positions: {}", r.canonical_positions);
    outln!("fox squares (same geese):");
    for f in &r.fox_squares {
        outln!("  ({}, {}): {}  {}", f.row, f.column, f.value, f.outcome);
    }
    outln!("time:        {:.2} s", started.elapsed().as_secs_f64());
    Ok(())
}
