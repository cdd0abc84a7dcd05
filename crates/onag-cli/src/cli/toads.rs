//! `onag toads …` commands: values of boards, per-length statistics, the exhaustive
//! verification, the value-free equality check and the research families.

use std::path::PathBuf;

use anyhow::Context;
use clap::Subcommand;
use onag::games::toads_and_frogs::{
    best_move, family, merge_shards, reduce, shard_range, shard_stats, verify_all, Board, Choice,
    Fingerprints, NamedShard, Solver,
};
use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::{Arena, GameId};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::parse;
use onag::partizan::search::{equal_by_search, ArenaPosition};
use onag::partizan::thermograph::Thermographs;
use onag::partizan::Player;
use onag::Play;
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
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Merges shard files of `onag toads stats --shard I/N --out FILE` into the statistics
    /// one run over all their boards prints (each length's shards must cover it exactly once).
    StatsMerge {
        /// The shard files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
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
            min_len,
            shard: None,
            json,
            quiet,
            ..
        } => stats(min_len, max_len, json, quiet),
        Cmd::Stats {
            max_len,
            min_len,
            shard: Some(shard),
            out,
            quiet,
            ..
        } => stats_shard(min_len, max_len, &shard, out, quiet),
        Cmd::StatsMerge { files, json } => stats_merge(&files, json),
        Cmd::Results {
            verify,
            max_squares,
            json,
            quiet,
        } => verify_results(&verify, max_squares, json, quiet),
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
            "board": board.play_unchecked(c.mv).to_string(),
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
                board.play_unchecked(c.mv),
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

fn check_lengths(min_len: usize, max_len: usize) -> anyhow::Result<()> {
    check_len(max_len)?;
    if min_len == 0 || min_len > max_len {
        anyhow::bail!("--min-len must be between 1 and --max-len");
    }
    Ok(())
}

/// The named statistics of shard `index` of `count` of every length `min_len..=max_len`.
fn named_shards(
    min_len: usize,
    max_len: usize,
    (index, count): (u64, u64),
    quiet: bool,
) -> anyhow::Result<Vec<NamedShard>> {
    let bar = progress((max_len - min_len + 1) as u64, "lengths", quiet);
    let mut solver = Solver::new();
    let mut thermographs = Thermographs::new();
    let stop = StopFlag::new();
    let mut fingerprints = Fingerprints::new();
    let mut out = Vec::new();
    for length in min_len..=max_len {
        let range = shard_range(length, index, count)
            .ok_or_else(|| anyhow::anyhow!("shard {index} of {count} does not exist"))?;
        let st = shard_stats(&mut solver, &mut thermographs, length, range, &stop)?;
        let arena = solver.arena();
        out.push(NamedShard {
            length,
            range: st.range,
            boards: st.boards,
            distinct: st
                .distinct
                .iter()
                .map(|&g| fingerprints.get(arena, g))
                .collect(),
            numbers: st.numbers,
            infinitesimals: st.infinitesimals,
            hot: st.hot,
            hottest: st
                .hottest
                .map(|(i, b, g, t)| (i, b.to_string(), name(arena, g, NameStyle::Ascii), t)),
        });
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(out)
}

fn stats(min_len: usize, max_len: usize, as_json: bool, quiet: bool) -> anyhow::Result<()> {
    check_lengths(min_len, max_len)?;
    let stats = named_shards(min_len, max_len, (0, 1), quiet)?;
    print_stats(&stats, as_json)
}

/// The statistics JSON (and table) of whole lengths.
fn print_stats(stats: &[NamedShard], as_json: bool) -> anyhow::Result<()> {
    let hottest = |h: &Option<(u64, String, String, Dyadic)>| match h {
        None => Value::Null,
        Some((_, b, g, t)) => json!({
            "board": b,
            "canonical": g,
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
                    "distinct": s.distinct.len(),
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
    for s in stats {
        let h = match &s.hottest {
            None => "-".to_string(),
            Some((_, b, g, t)) => format!("{b} = {g} (t = {t})"),
        };
        println!(
            "{:>6}  {:>6}  {:>8}  {:>7}  {:>14}  {:>3}  {h}",
            s.length,
            s.boards,
            s.distinct.len(),
            s.numbers,
            s.infinitesimals,
            s.hot
        );
    }
    Ok(())
}

const SHARD_FORMAT: &str = "onag-toads-stats-shard";

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
    let (index, count) = parse_shard(shard)?;
    let out = out.context("--shard needs --out FILE")?;
    let shards = named_shards(min_len, max_len, (index, count), quiet)?;
    let list: Vec<Value> = shards
        .iter()
        .map(|s| {
            json!({
                "length": s.length,
                "range": [s.range.start, s.range.end],
                "boards": s.boards,
                "numbers": s.numbers,
                "infinitesimals": s.infinitesimals,
                "hot": s.hot,
                "hottest": s.hottest.as_ref().map(|(i, b, g, t)| json!({
                    "index": i, "board": b, "canonical": g, "temperature": t.to_string(),
                })),
                "distinct_values": s.distinct.iter().map(|f| format!("{f:032x}")).collect::<Vec<_>>(),
            })
        })
        .collect();
    let file = json!({
        "format": SHARD_FORMAT,
        "version": 1,
        "shard": [index, count],
        "shards": list,
    });
    let text = serde_json::to_string(&file).map_err(|e| Internal(e.to_string()))?;
    write_atomic(&out, format!("{text}\n").as_bytes())
}

fn read_shards(path: &std::path::Path) -> anyhow::Result<Vec<NamedShard>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let v: Value =
        serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))?;
    if v["format"].as_str() != Some(SHARD_FORMAT) || v["version"].as_u64() != Some(1) {
        anyhow::bail!("{} is not an onag toads stats shard file", path.display());
    }
    let bad = |what: &str| anyhow::anyhow!("{}: bad or missing '{what}'", path.display());
    let u = |s: &Value, k: &str| s[k].as_u64().ok_or_else(|| bad(k));
    let mut out = Vec::new();
    for s in v["shards"].as_array().ok_or_else(|| bad("shards"))? {
        let range = s["range"].as_array().ok_or_else(|| bad("range"))?;
        let (a, b) = match range.as_slice() {
            [a, b] => (
                a.as_u64().ok_or_else(|| bad("range"))?,
                b.as_u64().ok_or_else(|| bad("range"))?,
            ),
            _ => return Err(bad("range")),
        };
        let hottest = match &s["hottest"] {
            Value::Null => None,
            h => Some((
                u(h, "index")?,
                h["board"]
                    .as_str()
                    .ok_or_else(|| bad("hottest.board"))?
                    .to_string(),
                h["canonical"]
                    .as_str()
                    .ok_or_else(|| bad("hottest.canonical"))?
                    .to_string(),
                h["temperature"]
                    .as_str()
                    .and_then(|t| t.parse::<Dyadic>().ok())
                    .ok_or_else(|| bad("hottest.temperature"))?,
            )),
        };
        let distinct = s["distinct_values"]
            .as_array()
            .ok_or_else(|| bad("distinct_values"))?
            .iter()
            .map(|d| {
                d.as_str()
                    .and_then(|h| u128::from_str_radix(h, 16).ok())
                    .ok_or_else(|| bad("distinct_values"))
            })
            .collect::<anyhow::Result<Vec<u128>>>()?;
        out.push(NamedShard {
            length: u(s, "length")? as usize,
            range: a..b,
            boards: u(s, "boards")?,
            distinct,
            numbers: u(s, "numbers")?,
            infinitesimals: u(s, "infinitesimals")?,
            hot: u(s, "hot")?,
            hottest,
        });
    }
    Ok(out)
}

fn stats_merge(files: &[PathBuf], as_json: bool) -> anyhow::Result<()> {
    let mut all = Vec::new();
    for f in files {
        all.extend(read_shards(f)?);
    }
    let merged = merge_shards(all)?;
    print_stats(&merged, as_json)
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

const RESULTS_FORMAT: &str = "onag-toads-families-results";

/// One stored value of a results file: the board (toads, blanks, frogs) and its canonical
/// form, in the order the file lists them.
fn stored_values(v: &Value) -> anyhow::Result<Vec<(usize, usize, usize, String)>> {
    let bad = |what: &str| anyhow::anyhow!("results file: bad or missing '{what}'");
    let num = |x: &Value, k: &str| x[k].as_u64().map(|n| n as usize).ok_or_else(|| bad(k));
    let mut out = Vec::new();
    for f in v["families"].as_array().ok_or_else(|| bad("families"))? {
        let (a, c) = (num(f, "toads")?, num(f, "frogs")?);
        for e in f["values"]
            .as_array()
            .ok_or_else(|| bad("families.values"))?
        {
            let g = e["canonical"].as_str().ok_or_else(|| bad("canonical"))?;
            out.push((a, num(e, "blanks")?, c, g.to_string()));
        }
    }
    for e in v["boards"].as_array().ok_or_else(|| bad("boards"))? {
        if let Some(g) = e["canonical"].as_str() {
            out.push((
                num(e, "toads")?,
                num(e, "blanks")?,
                num(e, "frogs")?,
                g.to_string(),
            ));
        }
    }
    Ok(out)
}

fn verify_results(
    path: &std::path::Path,
    max_squares: usize,
    as_json: bool,
    quiet: bool,
) -> anyhow::Result<()> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let v: Value =
        serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))?;
    if v["format"].as_str() != Some(RESULTS_FORMAT) || v["version"].as_u64() != Some(1) {
        anyhow::bail!("{} is not an onag toads results file", path.display());
    }
    let values = stored_values(&v)?;
    let bar = progress(values.len() as u64, "boards", quiet);
    // one solver for all (families share their memo across b); boards in file order
    let mut solver = Solver::new();
    let (mut checked, mut skipped) = (0u64, 0u64);
    let mut mismatches = Vec::new();
    for (a, b, c, stored) in &values {
        bar.inc(1);
        if a + b + c > max_squares {
            skipped += 1;
            continue;
        }
        let board = Board::standard(*a, *b, *c)?;
        let g = solver.value(&board)?;
        let want = parse_game(solver.arena_mut(), stored)?;
        checked += 1;
        if g != want {
            mismatches.push(format!(
                "{board}: stored {stored}, computed {}",
                name(solver.arena(), g, NameStyle::Ascii)
            ));
        }
    }
    bar.finish_and_clear();
    if as_json {
        print_json(&json!({
            "checked": checked,
            "skipped_longer": skipped,
            "mismatches": mismatches,
        }))?;
    } else {
        println!("boards re-solved: {checked} (skipped, longer than {max_squares}: {skipped})");
        println!("mismatches:       {}", mismatches.len());
        for m in &mismatches {
            println!("  {m}");
        }
    }
    if !mismatches.is_empty() {
        anyhow::bail!(
            "{} stored values differ from the solver's",
            mismatches.len()
        );
    }
    Ok(())
}
