//! `onag toads …` commands: values of boards, per-length statistics, the exhaustive
//! verification, the value-free equality check and the research families.

use std::path::PathBuf;

use anyhow::Context;
use clap::Subcommand;
use onag::games::toads_and_frogs::{
    board_report, cell_record, check_results, family_threads, merge_shards, named_shards,
    table_cells, verify_all, Board, BoardReport, FamilyReport, ResultsFile, ShardFile, Solver,
    StatsReport, RESULTS_FORMAT,
};
use onag::partizan::game::{Arena, GameId};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::parse;
use onag::partizan::search::{equal_by_search, ArenaPosition, EqualsReport};
use onag::StopFlag;

use super::common::{progress, write_atomic, Force, Internal};
use super::output::{outln, print_json, Output};

/// Longest board length accepted by `stats` and `verify` (3^16 ≈ 43 million boards).
const MAX_ENUMERATED_LEN: usize = 16;

/// The `toads` subcommands.
#[derive(Subcommand)]
pub enum Cmd {
    /// Exact value of a board: canonical form, outcome, mean, temperature, stops, the reduced
    /// form "integer + parts" and the computer's move for each player.
    Value {
        /// The board, e.g. 'TTT..FFF', 'T3.2F3' or 'T3□2F3'.
        #[arg(allow_hyphen_values = true)]
        board: String,
        #[command(flatten)]
        output: Output,
        /// Name values with ↑ ↓ ± instead of ASCII.
        #[arg(long)]
        unicode: bool,
        /// Write the thermograph as an SVG file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        #[command(flatten)]
        force: Force,
        /// Time and memory bounds (a 31-square board needs gigabytes).
        #[command(flatten)]
        limits: super::common::RunLimits,
    },
    /// Statistics of the values of all boards of each length 1..=N (or MIN..=N).
    Stats {
        /// Largest board length.
        #[arg(long, value_parser = super::common::parse_usize)]
        max_len: usize,
        /// Smallest board length.
        #[arg(long, value_parser = super::common::parse_usize, default_value = "1")]
        min_len: usize,
        /// Only shard I of N (0-based) of each length's boards, written with its distinct
        /// values to `--out` for `onag toads stats-merge`.
        #[arg(long, value_name = "I/N", requires = "out")]
        shard: Option<String>,
        /// The shard file to write (atomically).
        #[arg(long, value_name = "FILE", requires = "shard")]
        out: Option<PathBuf>,
        /// Threads: thread I computes shard I of N of every length with a solver of its own
        /// (as `--shard I/N` would), and the shards are merged (the same figures; the memory
        /// is one solver's per thread).
        #[arg(long, value_parser = super::common::parse_usize, default_value_t = 1, conflicts_with = "shard")]
        threads: usize,
        #[command(flatten)]
        output: Output,
    },
    /// Merges shard files of `onag toads stats --shard I/N --out FILE` into the statistics
    /// one run over all their boards prints (each length's shards must cover it exactly once).
    StatsMerge {
        /// The shard files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        output: Output,
    },
    /// Re-checks a research results file (results/toads-families.json): recomputes every
    /// family value, table cell and Ta□aFa−1 value of at most `--max-squares` squares and
    /// compares it, as a game, with the stored canonical form.
    Results {
        /// The results file.
        #[arg(long, value_name = "FILE")]
        verify: PathBuf,
        /// Largest board re-solved (longer ones are skipped and counted).
        #[arg(long, value_parser = super::common::parse_usize, default_value = "30")]
        max_squares: usize,
        #[command(flatten)]
        output: Output,
    },
    /// Checks every board of length ≤ N: reductions = no reductions = value-free outcome
    /// (both players first), mirror = negation.
    Verify {
        /// Largest board length.
        #[arg(long, value_parser = super::common::parse_usize)]
        max_len: usize,
        #[command(flatten)]
        output: Output,
    },
    /// Whether BOARD equals GAME, proved without comparisons: the second player wins
    /// BOARD − GAME whoever starts.
    Equals {
        /// The board.
        #[arg(allow_hyphen_values = true)]
        board: String,
        /// The game, e.g. '{{3*|5/2}|2}'.
        #[arg(allow_hyphen_values = true)]
        game: String,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        force: Force,
        /// Time and memory bounds (the search grows with the board like a value does).
        #[command(flatten)]
        limits: super::common::RunLimits,
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
        /// Name values with ↑ ↓ ± instead of ASCII.
        #[arg(long)]
        unicode: bool,
        #[command(flatten)]
        force: Force,
        /// Time and memory bounds (none by default: families are the long research runs).
        #[command(flatten)]
        limits: super::common::LongRunLimits,
        /// Threads: the boards are dealt round-robin to this many solvers (same values; the
        /// memory is one solver's per thread).
        #[arg(long, value_parser = super::common::parse_usize, default_value_t = 1)]
        threads: usize,
        #[command(flatten)]
        output: Output,
    },
    /// Values of single boards T^A □^B F^C (table cells), a fresh solver each; `--json` prints
    /// them as a results file that `onag toads results --verify` re-checks.
    Cells {
        /// The cells, each A,B,C (toads, blanks, frogs).
        #[arg(value_name = "A,B,C")]
        cells: Vec<String>,
        /// Also every cell of the table Ta+k□bFa (k = 0, 1, 2) on at most this many squares.
        #[arg(long, value_name = "SQUARES", value_parser = super::common::parse_usize)]
        table: Option<usize>,
        #[command(flatten)]
        output: Output,
    },
}

/// Runs one `toads` subcommand on a thread with a deep stack: the solver recurses once per
/// move of the longest line of play, which reaches hundreds of moves on long boards.
pub fn run(cmd: Cmd) -> anyhow::Result<()> {
    super::common::on_deep_stack(move || run_here(cmd))
}

fn parse_board(text: &str) -> anyhow::Result<Board> {
    text.parse::<Board>()
        .map_err(|e| super::located::Located::maybe(format!("bad board: {e}"), text, e.span()))
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
            output,
            unicode,
            svg,
            force: Force { force },
            limits,
        } => {
            let parsed = parse_board(&board)?;
            check_work(&parsed, force)?;
            // The watcher ends the process with its reason (time, memory, Ctrl-C); the solve
            // itself is not interrupted, so that reason is the message the user sees.
            limits.watch("the board's value", &StopFlag::new());
            value(&parsed, output, unicode, svg, &StopFlag::new())
        }
        Cmd::Stats {
            max_len,
            min_len,
            shard: None,
            threads,
            output,
            ..
        } => stats(min_len, max_len, threads, output),
        Cmd::Stats {
            max_len,
            min_len,
            shard: Some(shard),
            out,
            output,
            ..
        } => stats_shard(min_len, max_len, &shard, out, output.quiet),
        Cmd::StatsMerge { files, output } => stats_merge(&files, output),
        Cmd::Results {
            verify,
            max_squares,
            output,
        } => verify_results(&verify, max_squares, output),
        Cmd::Verify { max_len, output } => verify(max_len, output),
        Cmd::Equals {
            board,
            game,
            output,
            force: Force { force },
            limits,
        } => {
            let parsed = parse_board(&board)?;
            check_work(&parsed, force)?;
            limits.watch("the comparison", &StopFlag::new());
            equals(&parsed, &game, output)
        }
        Cmd::Family {
            toads,
            frogs,
            blanks,
            unicode,
            force: Force { force },
            limits,
            threads,
            output,
        } => {
            let (_, hi) = parse_range(&blanks)?;
            if let Ok(largest) = format!("T{toads}.{hi}F{frogs}").parse::<Board>() {
                check_work(&largest, force)?;
            }
            limits.watch("the family", &StopFlag::new());
            run_family(toads, frogs, &blanks, threads, style(unicode), output)
        }
        Cmd::Cells {
            cells,
            table,
            output,
        } => run_cells(&cells, table, output),
    }
}

/// `onag toads value`: the library's board report, as JSON or as text.
fn value(
    board: &Board,
    output: Output,
    unicode: bool,
    svg: Option<PathBuf>,
    stop: &StopFlag,
) -> anyhow::Result<()> {
    if let Some(path) = &svg {
        super::common::check_output(path)?;
    }
    let report = board_report(board, stop)?;
    if let Some(path) = &svg {
        write_atomic(path, report.thermograph.svg.as_bytes())?;
    }
    if output.json {
        return print_json(&report);
    }
    print_report(&report, unicode)
}

/// The text form of a board report.
fn print_report(r: &BoardReport, unicode: bool) -> anyhow::Result<()> {
    let pick = |u: &str, a: &str| {
        if unicode {
            u.to_string()
        } else {
            a.to_string()
        }
    };
    outln!("board:       {} ({})", r.board, r.notation);
    outln!("canonical:   {}", pick(&r.value, &r.value_ascii));
    outln!("outcome:     {}", r.outcome);
    outln!("mean:        {}", r.mean);
    outln!("temperature: {}", r.temperature);
    outln!("left stop:   {}", r.thermograph.left_stop);
    outln!("right stop:  {}", r.thermograph.right_stop);
    let mut reduced = r.reduced.integer.to_string();
    for p in &r.reduced.parts {
        reduced.push_str(&format!(
            " + [{} = {}]",
            p.board,
            pick(&p.value, &p.value_ascii)
        ));
    }
    outln!("reduced:     {reduced}");
    for (who, choice) in [("Left", r.computer.left), ("Right", r.computer.right)] {
        match choice.map(|i| &r.moves[i]) {
            None => outln!("{who}: no move"),
            Some(m) => outln!(
                "{who} plays {}→{} to {} ({}, mean {})",
                m.from,
                m.to,
                m.squares,
                if m.winning { "wins" } else { "loses" },
                m.mean
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

fn check_lengths(min_len: usize, max_len: usize) -> anyhow::Result<()> {
    check_len(max_len)?;
    if min_len == 0 || min_len > max_len {
        anyhow::bail!("--min-len must be between 1 and --max-len");
    }
    Ok(())
}

/// The library's named shards of every length, with a progress bar over the lengths.
fn shards_with_progress(
    min_len: usize,
    max_len: usize,
    shard: (u64, u64),
    quiet: bool,
) -> anyhow::Result<Vec<onag::games::toads_and_frogs::NamedShard>> {
    let bar = progress((max_len - min_len + 1) as u64, "lengths", quiet);
    let shards = named_shards(min_len, max_len, shard, &StopFlag::new(), |_| bar.inc(1))?;
    bar.finish_and_clear();
    Ok(shards)
}

fn stats(min_len: usize, max_len: usize, threads: usize, output: Output) -> anyhow::Result<()> {
    check_lengths(min_len, max_len)?;
    if threads == 0 {
        anyhow::bail!("--threads must be at least 1");
    }
    if threads == 1 {
        let shards = shards_with_progress(min_len, max_len, (0, 1), output.quiet)?;
        return print_stats(&StatsReport::new(&shards), output);
    }
    let lengths = (max_len - min_len + 1) as u64;
    let bar = progress(lengths * threads as u64, "shards of lengths", output.quiet);
    let count = threads as u64;
    let parts = std::thread::scope(|scope| {
        let handles = (0..count)
            .map(|i| {
                let bar = &bar;
                std::thread::Builder::new()
                    .stack_size(1 << 30)
                    .spawn_scoped(scope, move || {
                        named_shards(min_len, max_len, (i, count), &StopFlag::new(), |_| {
                            bar.inc(1)
                        })
                    })
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| Internal(format!("cannot start a solver thread: {e}")))?;
        let mut all = Vec::new();
        for h in handles {
            let shards = h
                .join()
                .map_err(|_| Internal("a solver thread panicked".into()))??;
            all.extend(shards);
        }
        anyhow::Ok(all)
    })?;
    bar.finish_and_clear();
    print_stats(&StatsReport::new(&merge_shards(parts)?), output)
}

/// The statistics of whole lengths, as JSON or as a table.
fn print_stats(report: &StatsReport, output: Output) -> anyhow::Result<()> {
    if output.json {
        return print_json(report);
    }
    // Columns as wide as their widest entry (header included): counts grow with the length.
    let header = [
        "length",
        "boards",
        "distinct",
        "numbers",
        "infinitesimals",
        "hot",
    ];
    let rows: Vec<([String; 6], String)> = report
        .lengths
        .iter()
        .map(|s| {
            let hottest = match &s.hottest {
                None => "-".to_string(),
                Some(h) => format!("{} = {} (t = {})", h.board, h.canonical, h.temperature),
            };
            let counts = [
                s.length.to_string(),
                s.boards.to_string(),
                s.distinct.to_string(),
                s.numbers.to_string(),
                s.infinitesimals.to_string(),
                s.hot.to_string(),
            ];
            (counts, hottest)
        })
        .collect();
    let widths: [usize; 6] = std::array::from_fn(|i| {
        rows.iter()
            .map(|(r, _)| r[i].len())
            .fold(header[i].len(), usize::max)
    });
    let line = |cells: [&str; 6], last: &str| {
        let cells: Vec<String> = (0..6)
            .map(|i| format!("{:>w$}", cells[i], w = widths[i]))
            .collect();
        format!("{}  {last}", cells.join("  "))
    };
    outln!("{}", line(header, "hottest"));
    for (counts, hottest) in &rows {
        outln!(
            "{}",
            line(std::array::from_fn(|i| counts[i].as_str()), hottest)
        );
    }
    Ok(())
}

fn parse_shard(text: &str) -> anyhow::Result<(u64, u64)> {
    let bad = || anyhow::anyhow!("bad --shard '{text}': write I/N with 0 ≤ I < N");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n) = (
        super::common::parse_u64(i).map_err(|_| bad())?,
        super::common::parse_u64(n).map_err(|_| bad())?,
    );
    if i >= n {
        return Err(bad());
    }
    Ok((i, n))
}

fn stats_shard(
    min_len: usize,
    max_len: usize,
    shard: &str,
    out: Option<PathBuf>,
    quiet: bool,
) -> anyhow::Result<()> {
    check_lengths(min_len, max_len)?;
    let shard = parse_shard(shard)?;
    let out = out.context("--shard needs --out FILE")?;
    super::common::check_output(&out)?;
    let shards = shards_with_progress(min_len, max_len, shard, quiet)?;
    let text = onag_api::shard::seal(&ShardFile::new(shard, &shards)).map_err(Internal)?;
    write_atomic(&out, text.as_bytes())
}

/// Reads a shard file and checks its checksum ([`onag_api::shard::open`]).
fn read_shard(path: &std::path::Path) -> anyhow::Result<ShardFile> {
    let text = super::common::read_capped(
        path,
        onag_api::shard::MAX_PART_BYTES,
        "an onag toads stats shard file",
    )?;
    onag_api::shard::open(text.as_bytes()).map_err(|e| anyhow::anyhow!("{} {e}", path.display()))
}

fn stats_merge(files: &[PathBuf], output: Output) -> anyhow::Result<()> {
    let mut all = Vec::new();
    for f in files {
        let file = read_shard(f)?;
        all.extend(
            file.into_shards()
                .with_context(|| format!("{}", f.display()))?,
        );
    }
    let merged = merge_shards(all)?;
    if !output.quiet {
        eprintln!(
            "note: the counts of {} shard file(s) are merged as written (checksummed against \
             corruption, not recomputed)",
            files.len()
        );
    }
    print_stats(&StatsReport::new(&merged), output)
}

fn verify(max_len: usize, output: Output) -> anyhow::Result<()> {
    check_len(max_len)?;
    let bar = progress(max_len as u64, "lengths", output.quiet);
    let v = verify_all(max_len, &StopFlag::new(), |_| bar.inc(1))?;
    bar.finish_and_clear();
    if output.json {
        return print_json(&v);
    }
    outln!("boards checked: {}", v.boards);
    outln!("mismatches:     {}", v.mismatches);
    if let Some(m) = &v.first_mismatch {
        outln!("first:          {m}");
    }
    Ok(())
}

fn parse_game(arena: &mut Arena, text: &str) -> anyhow::Result<GameId> {
    parse(arena, text).map_err(|e| anyhow::anyhow!("bad game '{text}': {e}"))
}

/// Refuses `board` when its work estimate is past the default bound unless `force` (the bound
/// and message Python's `onag.toads` shares: `onag_api::native::toads_work_bound`).
fn check_work(board: &Board, force: bool) -> anyhow::Result<()> {
    Ok(onag_api::native::toads_work_bound(board, force)?)
}

fn equals(board: &Board, game: &str, output: Output) -> anyhow::Result<()> {
    let board = board.clone();
    let mut arena = Arena::new();
    let g = parse_game(&mut arena, game)?;
    let equal = equal_by_search(&board, &ArenaPosition::new(&arena, g));
    if output.json {
        return print_json(&EqualsReport { equal });
    }
    outln!(
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
    threads: usize,
    style: NameStyle,
    output: Output,
) -> anyhow::Result<()> {
    if threads == 0 {
        anyhow::bail!("--threads must be at least 1");
    }
    let (lo, hi) = parse_range(blanks)?;
    Solver::check_standard(toads, hi, frogs).context("the largest board of the family")?;
    let bar = progress((hi - lo + 1) as u64, "boards", output.quiet);
    let mut solver = Solver::new();
    let values = family_threads(
        &mut solver,
        toads,
        frogs,
        lo..=hi,
        threads,
        &StopFlag::new(),
        |_, _| bar.inc(1),
    )?;
    bar.finish_and_clear();
    let arena = solver.arena();
    if output.json {
        return print_json(&FamilyReport::new(arena, &values, style));
    }
    for (b, g) in values {
        outln!("T{toads}□{b}F{frogs} = {}", name(arena, g, style));
    }
    Ok(())
}

/// A cell written A,B,C (toads, blanks, frogs).
fn parse_cell(text: &str) -> anyhow::Result<(usize, usize, usize)> {
    let bad = || anyhow::anyhow!("bad cell '{text}': write A,B,C (toads, blanks, frogs)");
    let v = text
        .split(',')
        .map(|x| super::common::parse_usize(x.trim()).map_err(|_| bad()))
        .collect::<anyhow::Result<Vec<usize>>>()?;
    match v[..] {
        [a, b, c] => Ok((a, b, c)),
        _ => Err(bad()),
    }
}

fn run_cells(cells: &[String], table: Option<usize>, output: Output) -> anyhow::Result<()> {
    let mut all = cells
        .iter()
        .map(|c| parse_cell(c))
        .collect::<anyhow::Result<Vec<_>>>()?;
    all.extend(table.map(table_cells).unwrap_or_default());
    if all.is_empty() {
        anyhow::bail!("no cells: give A,B,C cells or --table SQUARES");
    }
    for &(a, b, c) in &all {
        Solver::check_standard(a, b, c)?;
    }
    let bar = progress(all.len() as u64, "cells", output.quiet);
    let mut records = Vec::with_capacity(all.len());
    for (a, b, c) in all {
        records.push(cell_record(a, b, c, &StopFlag::new())?);
        bar.inc(1);
    }
    bar.finish_and_clear();
    let file = ResultsFile::of_cells(records);
    if output.json {
        return print_json(&file);
    }
    for r in &file.boards {
        let value = r.canonical.as_deref().unwrap_or("?");
        outln!("T{}□{}F{} = {value}", r.toads, r.blanks, r.frogs);
    }
    Ok(())
}

fn verify_results(
    path: &std::path::Path,
    max_squares: usize,
    output: Output,
) -> anyhow::Result<()> {
    let what = "an onag toads results file";
    let text = super::common::read_capped(path, super::common::MAX_INPUT_FILE, what)?;
    super::common::check_header(path, &text, RESULTS_FORMAT, &[1], what)?;
    let file: ResultsFile = serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("{} is not {what} ({e})", path.display()))?;
    let bar = progress(file.values().len() as u64, "boards", output.quiet);
    let check = check_results(&file, max_squares, &StopFlag::new(), |_| bar.inc(1))
        .with_context(|| format!("{}", path.display()))?;
    bar.finish_and_clear();
    if output.json {
        print_json(&check)?;
    } else {
        outln!(
            "boards re-solved: {} (skipped, longer than {max_squares}: {})",
            check.checked,
            check.skipped_longer
        );
        outln!("mismatches:       {}", check.mismatches.len());
        for m in &check.mismatches {
            outln!("  {m}");
        }
    }
    if !check.mismatches.is_empty() {
        anyhow::bail!(
            "{} stored values differ from the solver's",
            check.mismatches.len()
        );
    }
    Ok(())
}
