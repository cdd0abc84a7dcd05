//! `onag solve GAME POSITION`: who wins a position of any registered game, by outcome search
//! (no canonical form), with a winning move for each player who wins moving first; progress
//! on stderr. `onag solve domineering --rectangles N` (or `clobber`, `konane`) solves every
//! m×n board with m, n ≤ N (the empty board; Clobber's filled with alternating stones;
//! Konane's openings, each of the four gaps) by the game's fast solver and writes the
//! results file (outcome, nodes, seconds per board). `onag solve GAME POSITION --computer left --seconds S`: the strong computer's move
//! (iterative-deepening search within S seconds), whether it proved who wins, the depth.

use std::cell::Cell;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Instant;

use anyhow::bail;
use onag::games::clobber::Clobber;
use onag::games::domineering::Domineering;
use onag::games::domineering_census::{census, SizeRow, MAX_REGION_CELLS};
use onag::games::konane::{Konane, KonaneGap};
use onag::games::outcome::clobber::ClobberSolver;
use onag::games::outcome::domineering::{DomineeringSolver, TableSize};
use onag::games::outcome::konane::KonaneSolver;
use onag::games::outcome::named::{solve, SolveOptions};
use onag::games::outcome::FastOutcome;
use onag::games::outcome::SearchProgress;

use super::common::write_atomic;
use super::output::{outln, print_json, Output};

/// Arguments of `onag solve`.
#[derive(clap::Args)]
pub struct Args {
    /// The game (`onag game list` lists them), e.g. domineering, clobber.
    pub game: String,
    /// The position in the game's notation, e.g. '....|....|....|....'.
    #[arg(allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Domineering, Clobber and Konane: solve every m×n rectangle with m, n ≤ N (Clobber's
    /// filled with alternating stones, Left's at the top left, N ≤ 8; Konane's the same with
    /// two adjacent cells empty, each of the four setups: a horizontal or a vertical gap in
    /// the middle or at a corner, N ≤ 8) instead of one position.
    #[arg(long, value_name = "N")]
    pub rectangles: Option<usize>,
    /// Domineering: every single-region position (a polyomino of empty squares) of 1 to N
    /// squares in canonical form, N ≤ 20: per size the regions, distinct values, numbers,
    /// infinitesimals, the largest temperature and the regions that have it.
    #[arg(long, value_name = "N", conflicts_with = "rectangles")]
    pub regions: Option<usize>,
    /// With --rectangles: skip boards of more than this many cells.
    #[arg(long, value_name = "CELLS", default_value_t = 128)]
    pub max_cells: usize,
    /// With --rectangles or --regions: write the results as JSON to this file (atomically,
    /// again after each board or size, marked unfinished until the last).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// The strong computer's move for this player (left or right) instead of the outcome:
    /// iterative-deepening search within --seconds, proven or by the depth reached.
    #[arg(long, value_name = "PLAYER", value_parser = ["left", "right"])]
    pub computer: Option<String>,
    /// With --computer: seconds of search for the move.
    #[arg(long, value_name = "S", default_value_t = 5.0)]
    pub seconds: f64,
    /// Domineering and Clobber (up to 8×8): keep the fast solver's table in this file, written every --every seconds
    /// and when the run stops (--max-seconds, --max-memory, Ctrl-C), and read back when it
    /// exists, so a long solve goes on across runs. Sealed with this user's checkpoint key.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// With --checkpoint: seconds between checkpoints.
    #[arg(long, value_name = "S", default_value_t = 300.0)]
    pub every: f64,
    /// The fast solvers' transposition table (Domineering; Clobber and Konane up to 8×8):
    /// 2^BITS entries of 32 bytes.
    #[arg(long, value_name = "BITS", default_value_t = 22, value_parser = clap::value_parser!(u32).range(4..=30))]
    pub table_bits: u32,
    /// Domineering, Clobber and Konane: search on N threads sharing the table (the same
    /// answers; node counts vary from run to run with more than one).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    #[command(flatten)]
    pub output: Output,
    /// Time and memory bounds.
    #[command(flatten)]
    pub limits: super::common::RunLimits,
}

/// A progress printer for stderr: at most one line a second.
fn progress_printer() -> impl FnMut(&SearchProgress) + 'static {
    let start = Instant::now();
    let last = Rc::new(Cell::new(0u64));
    move |p: &SearchProgress| {
        let secs = start.elapsed().as_secs();
        if secs > last.get() {
            last.set(secs);
            let rate = p.nodes as f64 / start.elapsed().as_secs_f64().max(1e-9);
            eprintln!(
                "  {} nodes, {:.0} nodes/s, depth {} (deepest {}), {:.0} s",
                p.nodes, rate, p.depth, p.max_depth, secs
            );
        }
    }
}

/// Runs `onag solve`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.threads > 1
        && (!["domineering", "clobber", "konane"].contains(&args.game.as_str())
            || args.computer.is_some()
            || args.regions.is_some())
    {
        bail!("--threads is for the Domineering, Clobber and Konane outcome searches (not --computer or --regions, nor other games)");
    }
    let stop = onag::StopFlag::new();
    if args.checkpoint.is_some() {
        // the table is written when the run is stopped: a large one takes a while
        args.limits
            .watch_with_grace("the search", &stop, std::time::Duration::from_secs(120));
    } else {
        args.limits.watch("the search", &stop);
    }
    if let Some(n) = args.regions {
        if args.position.is_some() {
            bail!("--regions solves every region: give no position");
        }
        return regions(&args, n, &stop);
    }
    if let Some(n) = args.rectangles {
        if args.position.is_some() {
            bail!("--rectangles solves the rectangles: give no position");
        }
        return rectangles(&args, n, &stop);
    }
    let Some(position) = &args.position else {
        bail!(
            "missing the position (e.g. 'onag solve {} \"{}\"')",
            args.game,
            onag::games::registry::game(&args.game).map_or("..|..", |g| g.example)
        );
    };
    if let Some(player) = &args.computer {
        return computer(&args, position, player, &stop);
    }
    let start = Instant::now();
    let r = match &args.checkpoint {
        Some(path) => checkpointed(&args, position, path, &stop)?,
        None => {
            let options = SolveOptions {
                domineering_table_bits: args.table_bits,
                threads: args.threads as usize,
                ..SolveOptions::default()
            };
            solve(&args.game, position, &options, &stop, progress_printer())?
        }
    };
    if args.output.json {
        return print_json(&r);
    }
    outln!("game:     {}", args.game);
    outln!("position: {position}");
    outln!(
        "outcome:  {} — {}",
        r.outcome,
        onag::games::analysis::outcome_words(r.outcome)
    );
    match (&r.left_move, &r.left_after) {
        (Some(m), Some(a)) => outln!("Left first:  wins by {m} → {a}"),
        (Some(m), None) => outln!("Left first:  wins by {m}"),
        _ => outln!("Left first:  loses"),
    }
    match (&r.right_move, &r.right_after) {
        (Some(m), Some(a)) => outln!("Right first: wins by {m} → {a}"),
        (Some(m), None) => outln!("Right first: wins by {m}"),
        _ => outln!("Right first: loses"),
    }
    outln!(
        "search:   {} nodes, {:.2} s",
        r.nodes,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// A fast solver whose table `--checkpoint` keeps, with the board it solves.
trait Resumable {
    /// The table's answers as bytes.
    fn checkpoint(&self) -> Vec<u8>;
    /// Loads a checkpoint into the table; the number of answers read.
    fn restore(&mut self, bytes: &[u8]) -> Result<usize, onag::partizan::game::GameError>;
    /// Who wins the board, as `onag solve` reports it.
    fn solve(
        &mut self,
        stop: &onag::StopFlag,
    ) -> Result<onag::games::outcome::OutcomeReport, onag::games::registry::AnalyzeError>;
    /// Nodes searched since the solver was made.
    fn nodes(&self) -> u64;
}

/// [`Resumable`] for a fast solver with `checkpoint`, `restore(board, bytes)` and `nodes`,
/// and its `named` solve function.
macro_rules! resumable {
    ($solver:ty, $board:ty, $solve:path) => {
        impl Resumable for ($solver, $board) {
            fn checkpoint(&self) -> Vec<u8> {
                self.0.checkpoint()
            }
            fn restore(&mut self, bytes: &[u8]) -> Result<usize, onag::partizan::game::GameError> {
                self.0.restore(&self.1, bytes)
            }
            fn solve(
                &mut self,
                stop: &onag::StopFlag,
            ) -> Result<onag::games::outcome::OutcomeReport, onag::games::registry::AnalyzeError>
            {
                $solve(&mut self.0, &self.1, stop)
            }
            fn nodes(&self) -> u64 {
                self.0.nodes()
            }
        }
    };
}

resumable!(
    DomineeringSolver,
    Domineering,
    onag::games::outcome::named::solve_domineering
);
resumable!(
    ClobberSolver,
    Clobber,
    onag::games::outcome::named::solve_clobber
);

/// `onag solve domineering|clobber POSITION --checkpoint FILE --every S`: the game's fast
/// solver in rounds of `--every` seconds, its table written to FILE (sealed, atomically)
/// after each round and when the run is stopped, and read back at the start when FILE
/// exists. The table holds only exact answers, so a resumed solve redoes none of the work
/// whose answers it kept and ends with the same outcome.
fn checkpointed(
    args: &Args,
    position: &str,
    path: &std::path::Path,
    stop: &onag::StopFlag,
) -> anyhow::Result<onag::games::outcome::OutcomeReport> {
    if !(args.every.is_finite() && args.every >= 1.0) {
        bail!("--every takes seconds, at least 1");
    }
    let table = TableSize::Bits(args.table_bits);
    let (mut run, what): (Box<dyn Resumable>, &str) = match args.game.as_str() {
        "domineering" => {
            let board: Domineering = position
                .parse()
                .map_err(|e| anyhow::anyhow!("domineering position: {e}"))?;
            let solver = DomineeringSolver::new(table)
                .with_threads(args.threads as usize)
                .on_progress(progress_printer());
            (
                Box::new((solver, board)),
                "a Domineering checkpoint of this --table-bits",
            )
        }
        "clobber" => {
            let board: Clobber = position
                .parse()
                .map_err(|e| anyhow::anyhow!("clobber position: {e}"))?;
            if !ClobberSolver::fits(&board) {
                bail!("--checkpoint takes Clobber boards of at most 8 rows and 8 columns (the fast solver's)");
            }
            let solver = ClobberSolver::new(table)
                .with_threads(args.threads as usize)
                .on_progress(progress_printer());
            (
                Box::new((solver, board)),
                "a Clobber checkpoint of this --table-bits",
            )
        }
        _ => bail!(
            "--checkpoint is for domineering and clobber only (the games with a solver whose table is kept)"
        ),
    };
    super::common::check_output(path)?;
    if std::fs::symlink_metadata(path).is_ok() {
        // a header of 16 bytes and at most one 20-byte entry per slot of the table
        let max = 16 + 20 * (1u64 << args.table_bits);
        let bytes = super::common::read_sealed_bytes(path, max, what)?;
        let n = run
            .restore(&bytes)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        eprintln!("resumed from {}: {n} answers", path.display());
    }
    loop {
        let round = onag::StopFlag::new();
        let (done, ended) = std::sync::mpsc::channel::<()>();
        {
            let (round, outer) = (round.clone(), stop.clone());
            let until = Instant::now() + std::time::Duration::from_secs_f64(args.every);
            std::thread::spawn(move || loop {
                let tick = std::time::Duration::from_millis(100);
                match ended.recv_timeout(tick) {
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                        if outer.is_stopped() || Instant::now() >= until {
                            round.stop();
                            return;
                        }
                    }
                    _ => return,
                }
            });
        }
        let result = run.solve(&round);
        drop(done);
        super::common::write_sealed_bytes(path, &run.checkpoint())?;
        eprintln!(
            "checkpoint written to {} after {} nodes",
            path.display(),
            run.nodes()
        );
        match result {
            Ok(report) => return Ok(report),
            // the round's time is up: the next round goes on from the table
            Err(_) if round.is_stopped() && !stop.is_stopped() => continue,
            Err(_) if stop.is_stopped() => bail!(
                "{}; {} keeps the work done: run the same command again to go on",
                super::common::stop_reason().unwrap_or("the search was stopped"),
                path.display()
            ),
            Err(e) => return Err(e.into()),
        }
    }
}

/// `onag solve GAME POSITION --computer PLAYER --seconds S`.
fn computer(
    args: &Args,
    position: &str,
    player: &str,
    stop: &onag::StopFlag,
) -> anyhow::Result<()> {
    use onag::games::outcome::named::best_move;
    use onag::games::outcome::strong::StrongOptions;
    use onag::partizan::Player;
    if !(args.seconds > 0.0 && args.seconds.is_finite()) {
        bail!("--seconds is {}; it must be more than 0", args.seconds);
    }
    let player = if player == "left" {
        Player::Left
    } else {
        Player::Right
    };
    // The search's own flag: raised when the seconds are spent (the answer is then the
    // deepest completed iteration's move) or when the run's flag is (Ctrl-C, --max-seconds).
    let search = onag::StopFlag::new();
    let timer = {
        let (search, seconds) = (search.clone(), args.seconds);
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs_f64(seconds));
            search.stop();
        })
    };
    drop(timer);
    let mut print = progress_printer();
    let hook = {
        let (outer, search) = (stop.clone(), search.clone());
        move |p: &SearchProgress| {
            print(p);
            if outer.is_stopped() {
                search.stop();
            }
        }
    };
    let start = Instant::now();
    let r = best_move(
        &args.game,
        position,
        player,
        &StrongOptions::default(),
        &search,
        hook,
    )?;
    if stop.is_stopped() {
        bail!("the search was stopped");
    }
    if args.output.json {
        return print_json(&r);
    }
    let name = |p: Player| if p == Player::Left { "Left" } else { "Right" };
    outln!("game:     {}", args.game);
    outln!("position: {position}");
    match r.index.map(|i| &r.moves[i]) {
        Some(m) => outln!("{} plays: {} → {}", name(player), m.label, m.position),
        None => outln!("{} cannot move", name(player)),
    }
    match r.mover_wins {
        Some(true) => outln!(
            "proven:   {} (to move) wins with perfect play",
            name(player)
        ),
        Some(false) => outln!(
            "proven:   {} (to move) loses against perfect play",
            name(player)
        ),
        None => outln!(
            "not proven: the move is the search's best to depth {}",
            r.depth
        ),
    }
    outln!(
        "search:   {} nodes, depth {}, {:.2} s",
        r.nodes,
        r.depth,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// One row of the rectangles file.
#[derive(Clone, serde::Serialize)]
struct Row {
    rows: usize,
    cols: usize,
    /// Konane's setup (`middle-h`, …); none for the other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    gap: Option<&'static str>,
    outcome: String,
    left_first_wins: bool,
    right_first_wins: bool,
    left_move: Option<String>,
    right_move: Option<String>,
    nodes_left_first: u64,
    nodes_right_first: u64,
    seconds: f64,
}

#[derive(serde::Serialize)]
struct RectanglesFile {
    game: &'static str,
    convention: &'static str,
    command: String,
    solver: &'static str,
    /// Written after each board of a run that has not finished: the boards so far.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    unfinished: bool,
    boards: Vec<Row>,
}

/// A game `--rectangles` solves: its name, the longest side, the file's convention and
/// solver.
struct RectangleGame {
    name: &'static str,
    max_side: usize,
    convention: &'static str,
    solver: &'static str,
}

const RECTANGLE_GAMES: [RectangleGame; 3] = [
    RectangleGame {
        name: "domineering",
        max_side: 11,
        convention: "rows × cols; Left = vertical; outcome L (Left wins), R, P (second player), N (first player); nodes include the search for a winning first move",
        solver: "onag::games::outcome::domineering (docs/outcome-search.md)",
    },
    RectangleGame {
        name: "clobber",
        max_side: 8,
        convention: "rows × cols, filled with alternating stones, Left's (x, CGSuite's black) at the top left; outcome L (Left wins), R, P (second player), N (first player); nodes of the search with each player first",
        solver: "onag::games::outcome::clobber (docs/outcome-search.md)",
    },
    RectangleGame {
        name: "konane",
        max_side: 8,
        convention: "rows × cols, filled with alternating stones, Left's (x, black) at the top left, two adjacent cells empty (Uiterwijk, Solving narrow Konane boards, ICGA Journal 43(3), 2021: gap middle-h = row ⌊(rows−1)/2⌋, columns ⌊(cols−1)/2⌋ and the next; middle-v its transpose; corner-h and corner-v at the top left); outcome L (Left wins), R, P (second player), N (first player) with either player to move first; nodes of the search with each player first",
        solver: "onag::games::outcome::konane (docs/outcome-search.md)",
    },
];

/// Every board of one size that `--rectangles` solves for `game`, by its solver.
fn solve_size(
    game: &str,
    (m, c): (usize, usize),
    table_bits: u32,
    threads: usize,
    stop: &onag::StopFlag,
) -> anyhow::Result<Vec<(Option<&'static str>, FastOutcome, f64)>> {
    let start = Instant::now();
    let one = |r| vec![(None, r, start.elapsed().as_secs_f64())];
    Ok(match game {
        "clobber" => match Clobber::checkered(m, c) {
            Some(board) => one(ClobberSolver::new(TableSize::Bits(table_bits))
                .with_threads(threads)
                .on_progress(progress_printer())
                .solve(&board, stop)?),
            None => Vec::new(),
        },
        "konane" => {
            let mut out = Vec::new();
            for gap in KonaneGap::ALL {
                if let Some(board) = Konane::opening(m, c, gap) {
                    let start = Instant::now();
                    let r = KonaneSolver::new(TableSize::Bits(table_bits))
                        .with_threads(threads)
                        .on_progress(progress_printer())
                        .solve(&board, stop)?;
                    out.push((Some(gap.name()), r, start.elapsed().as_secs_f64()));
                }
            }
            out
        }
        _ => match Domineering::empty(m, c) {
            Some(board) => one(DomineeringSolver::new(TableSize::Bits(table_bits))
                .with_threads(threads)
                .on_progress(progress_printer())
                .solve(&board, stop)?),
            None => Vec::new(),
        },
    })
}

/// The rectangles file of `boards` (sorted by size), `unfinished` while the run goes on.
fn rectangles_file(
    args: &Args,
    game: &RectangleGame,
    n: usize,
    boards: &[Row],
    unfinished: bool,
) -> RectanglesFile {
    let mut boards = boards.to_vec();
    boards.sort_by_key(|b| (b.rows, b.cols));
    RectanglesFile {
        game: game.name,
        convention: game.convention,
        command: format!(
            "onag solve {} --rectangles {n} --max-cells {} --table-bits {}",
            args.game, args.max_cells, args.table_bits
        ),
        solver: game.solver,
        unfinished,
        boards,
    }
}

/// One size of the regions census, with the seconds since the run began.
#[derive(serde::Serialize)]
struct RegionRow {
    #[serde(flatten)]
    row: SizeRow,
    seconds: f64,
}

/// The file `--regions` writes.
#[derive(serde::Serialize)]
struct RegionsFile {
    game: &'static str,
    what: &'static str,
    published: &'static str,
    command: String,
    unfinished: bool,
    sizes: Vec<RegionRow>,
    #[serde(skip_serializing_if = "Option::is_none")]
    distinct_values: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tinies_and_minies: Option<Vec<String>>,
}

/// The end of a results run: the file written to `--out` (saying so unless `--json`), else
/// printed as JSON with `--json`, else `text` prints it.
fn finish(
    args: &Args,
    file: &impl serde::Serialize,
    text: impl FnOnce() -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    match &args.out {
        Some(path) => {
            write_json(path, file)?;
            if !args.output.json {
                outln!("wrote {}", path.display());
            }
            Ok(())
        }
        None if args.output.json => print_json(file),
        None => text(),
    }
}

/// Writes a results file as pretty JSON, atomically.
fn write_json(path: &std::path::Path, value: &impl serde::Serialize) -> anyhow::Result<()> {
    let mut text = serde_json::to_string_pretty(value)?;
    text.push('\n');
    write_atomic(path, text.as_bytes())?;
    Ok(())
}

fn regions(args: &Args, n: usize, stop: &onag::StopFlag) -> anyhow::Result<()> {
    if args.game != "domineering" {
        bail!("--regions is for domineering only");
    }
    if n == 0 || n > MAX_REGION_CELLS {
        bail!("--regions takes a number of squares from 1 to {MAX_REGION_CELLS}");
    }
    if let Some(path) = &args.out {
        super::common::check_output(path)?;
    }
    let start = Instant::now();
    let mut file = RegionsFile {
        game: "domineering",
        what: "every single-region position (a polyomino of empty squares) up to the size, \
               each class under the square's 8 symmetries solved once; Left = Vertical; the \
               value of a class is the value of its least image, the hottest regions are those \
               images in Domineering notation",
        published: "Uiterwijk and Barton, New results for Domineering from combinatorial game \
                    theory endgame databases, TCS 592 (2015): every region up to 15 squares, \
                    exactly one of temperature 2 and none hotter, nimbers up to *3, no multiple \
                    of up past 2",
        command: format!("onag solve domineering --regions {n}"),
        unfinished: true,
        sizes: Vec::new(),
        distinct_values: None,
        tinies_and_minies: None,
    };
    let mut failed = None;
    let result = census(n, stop, |row| {
        let seconds = (start.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
        if !args.output.quiet {
            eprintln!(
            "{:>2} squares: {} regions, {} classes, {} values, largest temperature {} ({} {}), {seconds:.1} s",
            row.cells,
            row.fixed,
            row.classes,
            row.distinct_values,
            row.max_temperature,
            row.hottest_count,
            if row.hottest_count == 1 { "class" } else { "classes" },
            );
        }
        file.sizes.push(RegionRow {
            row: row.clone(),
            seconds,
        });
        if let (Some(path), None) = (&args.out, &failed) {
            // the sizes so far, so that a long run stopped keeps what it finished
            if let Err(e) = write_json(path, &file) {
                failed = Some(e);
                stop.stop();
            }
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let census = result?;
    file.unfinished = false;
    file.distinct_values = Some(census.distinct_values);
    file.tinies_and_minies = Some(census.tiny_names);
    finish(args, &file, || {
        for r in &file.sizes {
            let row = &r.row;
            outln!(
                    "{:>2} squares: {} classes, {} values, {} numbers, {} infinitesimals (nimbers to *{}, ups to {}·↑), {} hot, largest temperature {} ({})",
                    row.cells,
                    row.classes,
                    row.distinct_values,
                    row.numbers,
                    row.infinitesimals,
                    row.largest_nimber,
                    row.largest_up_multiple,
                    row.hot,
                    row.max_temperature,
                    row.hottest
                        .iter()
                        .map(|(board, value)| format!("{board} = {value}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
        }
        outln!(
            "{} distinct values; tinies and minies: {}",
            census.distinct_values,
            match file.tinies_and_minies.as_deref().unwrap_or_default() {
                [] => "none".to_string(),
                names => names.join(", "),
            }
        );
        Ok(())
    })
}

fn rectangles(args: &Args, n: usize, stop: &onag::StopFlag) -> anyhow::Result<()> {
    let Some(game) = RECTANGLE_GAMES.iter().find(|g| g.name == args.game) else {
        bail!("--rectangles is for domineering, clobber and konane only");
    };
    if n == 0 || n > game.max_side {
        bail!("--rectangles takes a side from 1 to {}", game.max_side);
    }
    if let Some(path) = &args.out {
        super::common::check_output(path)?;
    }
    let mut boards = Vec::new();
    let mut sizes: Vec<(usize, usize)> = (1..=n)
        .flat_map(|m| (1..=n).map(move |c| (m, c)))
        .filter(|&(m, c)| m * c <= args.max_cells)
        .collect();
    sizes.sort_by_key(|&(m, c)| (m * c, m, c));
    for (m, c) in sizes {
        for (gap, r, seconds) in solve_size(
            game.name,
            (m, c),
            args.table_bits,
            args.threads as usize,
            stop,
        )? {
            eprintln!(
                "{m}×{c}{}: {} ({} + {} nodes, {seconds:.2} s)",
                gap.map_or(String::new(), |g| format!(" {g}")),
                r.outcome,
                r.left_first.nodes,
                r.right_first.nodes
            );
            boards.push(Row {
                rows: m,
                cols: c,
                gap,
                outcome: r.outcome.to_string(),
                left_first_wins: r.left_first.wins,
                right_first_wins: r.right_first.wins,
                left_move: r.left_move,
                right_move: r.right_move,
                nodes_left_first: r.left_first.nodes,
                nodes_right_first: r.right_first.nodes,
                seconds: (seconds * 1000.0).round() / 1000.0,
            });
            if let Some(path) = &args.out {
                // the boards so far, so that a long run stopped keeps what it solved
                write_json(path, &rectangles_file(args, game, n, &boards, true))?;
            }
        }
    }
    let file = rectangles_file(args, game, n, &boards, false);
    finish(args, &file, || {
        for b in &file.boards {
            outln!(
                "{}×{}{}: {}  ({} + {} nodes, {:.3} s)",
                b.rows,
                b.cols,
                b.gap.map_or(String::new(), |g| format!(" {g}")),
                b.outcome,
                b.nodes_left_first,
                b.nodes_right_first,
                b.seconds
            );
        }
        Ok(())
    })
}
