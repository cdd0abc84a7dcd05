//! `onag toads …` commands: values of boards, per-length statistics, the exhaustive
//! verification, the value-free equality check and the research families.

use std::path::PathBuf;

use anyhow::Context;
use clap::Subcommand;
use onag::games::toads_and_frogs::{
    best_move, family, length_stats, reduce, verify_all, Board, Choice, Solver,
};
use onag::partizan::game::{Arena, GameId};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::parse;
use onag::partizan::search::{equal_by_search, ArenaPosition};
use onag::partizan::thermograph::Thermographs;
use onag::partizan::Player;
use onag::StopFlag;
use serde_json::{json, Value};

use super::common::{print_json, progress, write_atomic, Internal};

/// Longest board length accepted by `stats` and `verify` (3^16 ≈ 43 million boards).
const MAX_ENUMERATED_LEN: usize = 16;

/// The `toads` subcommands.
#[derive(Subcommand)]
pub enum Cmd {
    /// Exact value of a board: canonical form, outcome, mean, temperature, stops, the reduced
    /// form "integer + parts" and the computer's move for each player.
    Value {
        /// The board, e.g. 'TTT..FFF', 'T3.2F3' or 'T3□2F3'.
        board: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Name values with ↑ ↓ ± instead of ASCII.
        #[arg(long)]
        unicode: bool,
        /// Write the thermograph as an SVG file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Time and memory bounds (a 31-square board needs gigabytes).
        #[command(flatten)]
        limits: super::common::RunLimits,
    },
    /// Statistics of the values of all boards of each length 1..=N.
    Stats {
        /// Largest board length.
        #[arg(long, value_parser = super::common::parse_usize)]
        max_len: usize,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Checks every board of length ≤ N: reductions = no reductions = value-free outcome
    /// (both players first), mirror = negation.
    Verify {
        /// Largest board length.
        #[arg(long, value_parser = super::common::parse_usize)]
        max_len: usize,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Whether BOARD equals GAME, proved without comparisons: the second player wins
    /// BOARD − GAME whoever starts.
    Equals {
        /// The board.
        board: String,
        /// The game, e.g. '{{3*|5/2}|2}'.
        game: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Values of T^A □^b F^C for b in a range, sharing one memo across b.
    Family {
        /// Number of toads A.
        #[arg(long, value_parser = super::common::parse_usize)]
        toads: usize,
        /// Number of frogs C.
        #[arg(long, value_parser = super::common::parse_usize)]
        frogs: usize,
        /// Blanks: 'B1..B2' (inclusive) or one number.
        #[arg(long)]
        blanks: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Name values with ↑ ↓ ± instead of ASCII.
        #[arg(long)]
        unicode: bool,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
}

/// Runs one `toads` subcommand on a thread with a deep stack: the solver recurses once per
/// move of the longest line of play, which reaches hundreds of moves on long boards.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || run_here(cmd))
        .map_err(|e| Internal(format!("cannot start the solver thread: {e}")))?
        .join()
        .map_err(|_| Internal("the solver thread panicked".into()))?
}

fn parse_board(text: &str) -> anyhow::Result<Board> {
    text.parse::<Board>()
        .with_context(|| format!("bad board '{text}'"))
}

fn style(unicode: bool) -> NameStyle {
    if unicode {
        NameStyle::Unicode
    } else {
        NameStyle::Ascii
    }
}

fn run_here(cmd: Cmd) -> anyhow::Result<()> {
    match cmd {
        Cmd::Value {
            board,
            json,
            unicode,
            svg,
            limits,
        } => {
            limits.watch("the board's value", &onag::StopFlag::new());
            value(&board, json, style(unicode), svg)
        }
        Cmd::Stats {
            max_len,
            json,
            quiet,
        } => stats(max_len, json, quiet),
        Cmd::Verify {
            max_len,
            json,
            quiet,
        } => verify(max_len, json, quiet),
        Cmd::Equals { board, game, json } => equals(&board, &game, json),
        Cmd::Family {
            toads,
            frogs,
            blanks,
            json,
            unicode,
            quiet,
        } => run_family(toads, frogs, &blanks, json, style(unicode), quiet),
    }
}

fn choice_json(board: &Board, c: &Option<Choice>) -> Value {
    match c {
        None => Value::Null,
        Some(c) => json!({
            "from": c.mv.from,
            "to": c.mv.to,
            "board": board.play(c.mv).to_string(),
            "winning": c.winning,
            "mean": c.mean.to_string(),
        }),
    }
}

fn value(text: &str, as_json: bool, style: NameStyle, svg: Option<PathBuf>) -> anyhow::Result<()> {
    if let Some(path) = &svg {
        super::common::check_output(path)?;
    }
    let board = parse_board(text)?;
    let mut solver = Solver::new();
    let g = solver.value(&board)?;
    let reduced = reduce(&board);
    let mut part_values = Vec::new();
    for p in &reduced.parts {
        let v = solver.part_value(p)?;
        part_values.push(name(solver.arena(), v, style));
    }
    let mut thermographs = Thermographs::new();
    let left = best_move(&mut solver, &mut thermographs, &board, Player::Left)?;
    let right = best_move(&mut solver, &mut thermographs, &board, Player::Right)?;
    let canonical = name(solver.arena(), g, style);
    let outcome = solver.arena_mut().outcome(g);
    let th = thermographs.get(solver.arena(), g)?.clone();
    if let Some(path) = &svg {
        write_atomic(path, th.to_svg().as_bytes())?;
    }
    let parts: Vec<String> = reduced.parts.iter().map(|p| p.to_string()).collect();
    if as_json {
        return print_json(&json!({
            "board": board.to_string(),
            "canonical": canonical,
            "outcome": outcome.to_string(),
            "mean": th.mean().to_string(),
            "temperature": th.temperature().to_string(),
            "left_stop": th.left_stop().to_string(),
            "right_stop": th.right_stop().to_string(),
            "reduced": {"integer": reduced.integer, "parts": parts, "part_values": part_values},
            "left_move": choice_json(&board, &left),
            "right_move": choice_json(&board, &right),
        }));
    }
    println!("board:       {} ({})", board, board.run_length(true));
    println!("canonical:   {canonical}");
    println!("outcome:     {outcome}");
    println!("mean:        {}", th.mean());
    println!("temperature: {}", th.temperature());
    println!("left stop:   {}", th.left_stop());
    println!("right stop:  {}", th.right_stop());
    let mut reduced_text = reduced.integer.to_string();
    for (p, v) in parts.iter().zip(&part_values) {
        reduced_text.push_str(&format!(" + [{p} = {v}]"));
    }
    println!("reduced:     {reduced_text}");
    for (who, c) in [("Left", &left), ("Right", &right)] {
        match c {
            None => println!("{who}: no move"),
            Some(c) => println!(
                "{who} plays {}→{} to {} ({}, mean {})",
                c.mv.from,
                c.mv.to,
                board.play(c.mv),
                if c.winning { "wins" } else { "loses" },
                c.mean
            ),
        }
    }
    Ok(())
}

fn check_len(max_len: usize) -> anyhow::Result<()> {
    if max_len == 0 || max_len > MAX_ENUMERATED_LEN {
        anyhow::bail!("--max-len must be between 1 and {MAX_ENUMERATED_LEN}");
    }
    Ok(())
}

fn stats(max_len: usize, as_json: bool, quiet: bool) -> anyhow::Result<()> {
    check_len(max_len)?;
    let bar = progress(max_len as u64, "lengths", quiet);
    let mut solver = Solver::new();
    let mut thermographs = Thermographs::new();
    let stats = length_stats(
        &mut solver,
        &mut thermographs,
        max_len,
        &StopFlag::new(),
        |_| bar.inc(1),
    )?;
    bar.finish_and_clear();
    let arena = solver.arena();
    let hottest = |h: &Option<(Board, GameId, onag::partizan::dyadic::Dyadic)>| match h {
        None => Value::Null,
        Some((b, g, t)) => json!({
            "board": b.to_string(),
            "canonical": name(arena, *g, NameStyle::Ascii),
            "temperature": t.to_string(),
        }),
    };
    if as_json {
        let lengths: Vec<Value> = stats
            .iter()
            .map(|s| {
                json!({
                    "length": s.length,
                    "boards": s.boards,
                    "distinct": s.distinct,
                    "numbers": s.numbers,
                    "infinitesimals": s.infinitesimals,
                    "hot": s.hot,
                    "hottest": hottest(&s.hottest),
                })
            })
            .collect();
        return print_json(&json!({ "lengths": lengths }));
    }
    println!("length  boards  distinct  numbers  infinitesimals  hot  hottest");
    for s in &stats {
        let h = match &s.hottest {
            None => "-".to_string(),
            Some((b, g, t)) => format!("{b} = {} (t = {t})", name(arena, *g, NameStyle::Ascii)),
        };
        println!(
            "{:>6}  {:>6}  {:>8}  {:>7}  {:>14}  {:>3}  {h}",
            s.length, s.boards, s.distinct, s.numbers, s.infinitesimals, s.hot
        );
    }
    Ok(())
}

fn verify(max_len: usize, as_json: bool, quiet: bool) -> anyhow::Result<()> {
    check_len(max_len)?;
    let bar = progress(max_len as u64, "lengths", quiet);
    let v = verify_all(max_len, &StopFlag::new(), |_| bar.inc(1))?;
    bar.finish_and_clear();
    if as_json {
        return print_json(&json!({
            "boards": v.boards,
            "mismatches": v.mismatches,
            "first_mismatch": v.first_mismatch,
        }));
    }
    println!("boards checked: {}", v.boards);
    println!("mismatches:     {}", v.mismatches);
    if let Some(m) = &v.first_mismatch {
        println!("first:          {m}");
    }
    Ok(())
}

fn parse_game(arena: &mut Arena, text: &str) -> anyhow::Result<GameId> {
    parse(arena, text).map_err(|e| anyhow::anyhow!("bad game '{text}': {e}"))
}

fn equals(board: &str, game: &str, as_json: bool) -> anyhow::Result<()> {
    let board = parse_board(board)?;
    let mut arena = Arena::new();
    let g = parse_game(&mut arena, game)?;
    let equal = equal_by_search(&board, &ArenaPosition::new(&arena, g));
    if as_json {
        return print_json(&json!({ "equal": equal }));
    }
    println!(
        "{board} {} {}",
        if equal { "=" } else { "≠" },
        name(&arena, g, NameStyle::Ascii)
    );
    Ok(())
}

fn parse_range(text: &str) -> anyhow::Result<(usize, usize)> {
    let num = |s: &str| super::common::parse_usize(s).map_err(anyhow::Error::msg);
    let (lo, hi) = match text.split_once("..") {
        Some((a, b)) => (num(a)?, num(b.trim_start_matches('='))?),
        None => {
            let n = num(text)?;
            (n, n)
        }
    };
    if lo > hi {
        anyhow::bail!("empty range '{text}': write B1..B2 with B1 ≤ B2");
    }
    Ok((lo, hi))
}

fn run_family(
    toads: usize,
    frogs: usize,
    blanks: &str,
    as_json: bool,
    style: NameStyle,
    quiet: bool,
) -> anyhow::Result<()> {
    let (lo, hi) = parse_range(blanks)?;
    Board::standard(toads, hi, frogs).context("the largest board of the family")?;
    let bar = progress((hi - lo + 1) as u64, "boards", quiet);
    let mut solver = Solver::new();
    let values = family(
        &mut solver,
        toads,
        frogs,
        lo..=hi,
        &StopFlag::new(),
        |_, _| bar.inc(1),
    )?;
    bar.finish_and_clear();
    let arena = solver.arena();
    if as_json {
        let values: Vec<Value> = values
            .iter()
            .map(|&(b, g)| json!({"blanks": b, "canonical": name(arena, g, style)}))
            .collect();
        return print_json(&json!({ "values": values }));
    }
    for (b, g) in values {
        println!("T{toads}□{b}F{frogs} = {}", name(arena, g, style));
    }
    Ok(())
}
