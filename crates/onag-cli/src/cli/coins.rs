//! `onag coins …` commands.

use std::time::Instant;

use anyhow::bail;
use clap::Subcommand;
use onag::impartial::coins::{Rule, MAX_MASK_POSITION};
use onag::impartial::product::Product;
use onag::impartial::solver::{solve, Board, SolveRun};
use onag::StopFlag;

use super::common::{parse_usize, progress, Force, Internal};
use super::output::{outln, print_json, Output};

/// The `coins` subcommands.
#[derive(Subcommand)]
pub enum Cmd {
    /// Single-coin values v(0), v(1), … of a ruleset (twins, ruler, mock-turtles, moebius,
    /// mogul, at-most:K); Twins and Ruler start at coin 1 (v(0) is the border, 0).
    Values {
        /// The ruleset.
        #[arg(allow_hyphen_values = true)]
        rule: Rule,
        /// How many values (at most 4096, and values up to 2^25/K for at-most:K).
        #[arg(long, value_parser = parse_usize, default_value = "32")]
        count: usize,
        #[command(flatten)]
        output: Output,
    },
    /// The Tartan theorem: coin values of RULE1×RULE2 by mex against g(x) ⊗ h(y).
    Tartan {
        /// The rows' ruleset.
        #[arg(allow_hyphen_values = true)]
        rule1: Rule,
        /// The columns' ruleset.
        #[arg(allow_hyphen_values = true)]
        rule2: Rule,
        /// Rows and columns (each at most 63).
        #[arg(long, num_args = 2, value_names = ["R", "C"], value_parser = parse_usize, default_values = ["32", "32"])]
        size: Vec<usize>,
        #[command(flatten)]
        output: Output,
    },
    /// Every position of a board by mex, compared with the XOR of single-coin values
    /// (e.g. corners:5x5, rugs:5x5, ruler:22, ruler*mock-turtles:4x5). Exits 1 on a mismatch.
    Solve {
        /// The board.
        #[arg(allow_hyphen_values = true)]
        board: String,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        force: Force,
        /// Time and memory bounds.
        #[command(flatten)]
        limits: super::common::RunLimits,
    },
    /// lexicode(N, D); with --compare-game also the P-positions of "turn at most D−1 coins".
    Lexicode {
        /// Word length N (at most 28).
        #[arg(value_parser = parse_usize, allow_hyphen_values = true)]
        n: usize,
        /// Minimum distance D (at least 1).
        #[arg(value_parser = parse_usize, allow_hyphen_values = true)]
        d: usize,
        /// Compare with the game's P-positions. Exits 1 if they differ.
        #[arg(long)]
        compare_game: bool,
        #[command(flatten)]
        output: Output,
    },
}

/// Runs one `coins` subcommand.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {
        Cmd::Values {
            rule,
            count,
            output,
        } => {
            let report = onag_api::native::coin_values(rule, count)?;
            if output.json {
                print_json(&report)
            } else {
                let text: Vec<String> = report.values.iter().map(u64::to_string).collect();
                outln!(
                    "{rule} (first coin {}): {}",
                    rule.first_coin(),
                    text.join(" ")
                );
                Ok(())
            }
        }
        Cmd::Tartan {
            rule1,
            rule2,
            size,
            output,
        } => {
            let (r, c) = (size[0], size[1]);
            let limit = |rule: Rule| MAX_MASK_POSITION + 1 - rule.first_coin();
            if r == 0 || c == 0 || r > limit(rule1) || c > limit(rule2) {
                bail!("--size must be between 1 and 63 in each direction, not {r} {c}");
            }
            let product = Product { g: rule1, h: rule2 };
            let moves = onag::impartial::solver::product_moves(product, r, c);
            if moves > 1 << 28 {
                bail!(
                    "{rule1} × {rule2} at {r}×{c} has {moves} product moves; choose a smaller size"
                );
            }
            let report = product.tartan_check(r, c);
            if output.json {
                print_json(&Labelled {
                    rules: [rule1.to_string(), rule2.to_string()],
                    size: [r, c],
                    report,
                })?;
            } else {
                outln!(
                    "{rule1} × {rule2}, {r}×{c}: {} cells, {} mismatches with g(x) ⊗ h(y)",
                    report.cells,
                    report.mismatches
                );
            }
            if report.mismatches > 0 {
                return Err(Internal("the Tartan check failed".into()).into());
            }
            Ok(())
        }
        Cmd::Solve {
            board,
            output,
            force: Force { force },
            limits,
        } => {
            let board: Board = board.parse()?;
            onag_api::native::coin_solve_bound(&board, force)?;
            let positions = 1u64 << board.coins();
            let stop = StopFlag::new();
            limits.watch("the solve", &stop);
            let bar = progress(positions, board.name(), output.quiet);
            let start = Instant::now();
            let report = solve(&board, &stop, &mut |done| bar.set_position(done)).map_err(|_| {
                anyhow::anyhow!(
                    "the solve was stopped before it finished (Ctrl-C, --max-seconds or --max-memory)"
                )
            })?;
            bar.finish_and_clear();
            let seconds = start.elapsed().as_secs_f64();
            if output.json {
                print_json(&SolveRun {
                    board: board.name().to_string(),
                    report,
                    seconds,
                })?;
            } else {
                outln!(
                    "{}: {} positions, {} P-positions, {} mismatches, max value {}, {seconds:.2} s",
                    board.name(),
                    report.positions,
                    report.p_positions,
                    report.mismatches,
                    report.max_value
                );
            }
            if report.mismatches > 0 {
                return Err(
                    Internal("values differ from the XOR of single-coin values".into()).into(),
                );
            }
            Ok(())
        }
        Cmd::Lexicode {
            n,
            d,
            compare_game,
            output,
        } => {
            let (n, d) = (
                u32::try_from(n).unwrap_or(u32::MAX),
                u32::try_from(d).unwrap_or(u32::MAX),
            );
            let r = onag_api::native::lexicode(n, d, compare_game)?;
            let equal = r.equals_game_p_positions;
            if output.json {
                print_json(&r)?;
            } else {
                let nonzero: Vec<String> = r
                    .weights
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c > 0)
                    .map(|(w, c)| format!("{w}:{c}"))
                    .collect();
                outln!(
                    "lexicode({n}, {d}): {} words, minimum weight {}, weights {}",
                    r.words,
                    r.min_weight.map_or("-".to_string(), |m| m.to_string()),
                    nonzero.join(" ")
                );
                if let (Some(game), Some(eq)) = (&r.game, equal) {
                    outln!(
                        "P-positions of {game} on {n} coins: {}",
                        if eq { "equal" } else { "DIFFERENT" }
                    );
                }
            }
            if equal == Some(false) {
                return Err(Internal("lexicode and P-positions differ".into()).into());
            }
            Ok(())
        }
    }
}

/// `coins tartan --json`: the rules and size asked for, then the library's report.
#[derive(serde::Serialize)]
struct Labelled {
    rules: [String; 2],
    size: [usize; 2],
    #[serde(flatten)]
    report: onag::impartial::product::TartanReport,
}
