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
    /// Wind-Up (impartial): `N:S` — a cycle of N positions, subtraction set S (e.g. `7:2,3`),
    /// every position's loopy nim-value; `N:S:I` one position's report.
    WindUp,
    /// Hare and Hounds: rows of 3, 5 and 3 points separated by `/`, `H` hound (Left, moving
    /// rightwards or sideways), `R` hare (Right), `.` empty; `start` is `H../H...R/H..`.
    HareAndHounds,
}

/// Arguments of `onag loopy`.
#[derive(clap::Args)]
pub struct Args {
    /// The ruleset.
    pub ruleset: LoopyRuleset,
    /// The position, e.g. 'T.F' (Backsliding Toads and Frogs), 'F.../..../..../.G.G' or
    /// 'start' (Fox and Geese), '7:2,3' or '7:2,3:5' (Wind-Up).
    pub position: String,
    /// Positions explored at most (default 4096; Fox and Geese 4194304).
    #[arg(long)]
    pub max_positions: Option<usize>,
    /// Hare and Hounds: the hare wins when the hounds make this many moves in a row that do
    /// not advance (default 10, the traditional rule); 0: no such rule, endless play is a draw.
    #[arg(long, default_value_t = 10)]
    pub stall_limit: u8,
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
        LoopyRuleset::WindUp => return wind_up(&args),
        LoopyRuleset::HareAndHounds => return hare_and_hounds(&args),
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

/// `onag loopy wind-up N:S[:I]`: Smith's loopy nim-values of Wind-Up (`onag::loopy::impartial`).
fn wind_up(args: &Args) -> anyhow::Result<()> {
    use onag::loopy::games::wind_up::WindUp;
    use onag::loopy::impartial::{best_move, ImpartialOutcome};
    let bad = || {
        anyhow::anyhow!(
            "bad Wind-Up position '{}': N:S or N:S:I, e.g. 7:2,3 or 7:2,3:5",
            args.position
        )
    };
    let fields: Vec<&str> = args.position.trim().split(':').collect();
    if !(2..=3).contains(&fields.len()) {
        return Err(bad());
    }
    let n: u32 = fields[0].trim().parse().map_err(|_| bad())?;
    let set: Vec<u32> = fields[1]
        .split(',')
        .map(|x| x.trim().parse())
        .collect::<Result<_, _>>()
        .map_err(|_| bad())?;
    let w = WindUp::new(n, &set).map_err(|e| anyhow::anyhow!("bad Wind-Up position: {e}"))?;
    let at: Option<u32> = match fields.get(2) {
        Some(i) => {
            let i: u32 = i.trim().parse().map_err(|_| bad())?;
            if i >= n {
                anyhow::bail!("bad Wind-Up position: {i} is not on a cycle of {n}");
            }
            Some(i)
        }
        None => None,
    };
    let stop = onag::StopFlag::new();
    args.limits.watch("the loopy nim-values", &stop);
    let values = w.values(&stop)?;
    let graph = w.graph();
    #[derive(serde::Serialize)]
    struct Row {
        position: u32,
        value: String,
        outcome: ImpartialOutcome,
        best_move: Option<u32>,
    }
    let row = |i: u32| Row {
        position: i,
        value: values[i as usize].to_string(),
        outcome: values[i as usize].outcome(),
        best_move: best_move(&graph, &values, i),
    };
    let rows: Vec<Row> = match at {
        Some(i) => vec![row(i)],
        None => (0..n).map(row).collect(),
    };
    if args.output.json {
        #[derive(serde::Serialize)]
        struct Report<'a> {
            game: String,
            positions: &'a [Row],
        }
        return super::output::print_json(&Report {
            game: w.to_string(),
            positions: &rows,
        });
    }
    outln!("{w}: loopy nim-values (Smith; D = a draw)");
    for r in &rows {
        let best = match (r.best_move, r.outcome) {
            (Some(b), ImpartialOutcome::N) => format!("  winning move to {b}"),
            (Some(b), _) => format!("  drawing move to {b}"),
            _ => String::new(),
        };
        outln!("  {:>3}: {:<10} {}{}", r.position, r.value, r.outcome, best);
    }
    Ok(())
}

/// `onag loopy hare-and-hounds POSITION`: who wins with each side to move, and the value.
fn hare_and_hounds(args: &Args) -> anyhow::Result<()> {
    use onag::loopy::games::hare_and_hounds::{analyse, Position};
    let position: Position = args
        .position
        .parse()
        .map_err(|e| anyhow::anyhow!("bad Hare and Hounds position: {e}"))?;
    let position = position.with_stall_limit(args.stall_limit);
    let stop = onag::StopFlag::new();
    args.limits.watch("the analysis", &stop);
    let r = analyse(&position, &stop)?;
    if args.output.json {
        return super::output::print_json(&r);
    }
    let rule = match r.stall_limit {
        0 => "no stalling rule: endless play is a draw".to_string(),
        n => format!("the hare wins after {n} hound moves in a row that do not advance"),
    };
    outln!("position:     {} ({rule})", r.position);
    outln!("hounds first: hounds {}", r.hounds_first);
    outln!("hare first:   hare {}", r.hare_first);
    outln!("positions:    {}", r.positions);
    match (&r.value, r.distinct_values) {
        (Some(v), Some(d)) => {
            outln!("value:        {v}  (hounds Left, hare Right; {d} distinct values)")
        }
        (Some(v), None) => outln!("value:        {v}  (hounds Left, hare Right; onside & offside)"),
        (None, _) => {
            outln!("value:        none claimed (not a stopper, and sidling found no stopper sides)")
        }
    }
    Ok(())
}
