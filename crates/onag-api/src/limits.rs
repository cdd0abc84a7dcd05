//! Every bound on input and work, defined once: the API checks them in [`crate::dispatch`],
//! and the CLI and the Python package state and apply the same ones where they serve the same
//! use case (the nim table's side, for one). The library itself takes its budgets as arguments
//! and holds no web policy.

use crate::ApiError;

/// Largest accepted request body (JSON).
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// Longest game notation (partizan values, move sets, formulas, numbers).
pub const MAX_NOTATION_BYTES: usize = 4 * 1024;
/// Most squares on a Toads-and-Frogs board the API analyses (the solver recurses along the
/// longest line of play: boards this long fit a default thread stack, natively and in the wasm
/// worker).
pub const MAX_TOADS_SQUARES: usize = 24;
/// Most boards a Toads-and-Frogs remoteness table may hold (every board reachable from the
/// root, each with both players' remoteness). A table of 2^18 boards takes about 0.3 s
/// natively (BENCHMARKS.md); the page's wasm worker is a few times slower, and the value
/// analysis of such a board takes longer still.
pub const MAX_TOADS_REMOTENESS_BOARDS: usize = 1 << 18;
/// Largest work estimate ([`onag::games::toads_and_frogs::estimate_work`]: the placements of
/// the pieces play could reach, an upper bound on the positions the solver visits) of a
/// Toads-and-Frogs board the API analyses: the real limit of the web app, which runs in a
/// page's wasm worker. Measured in headless Chromium on the 2-core machine (BENCHMARKS.md):
/// T8□4F8 (6.2·10^7) takes about 18–24 s there; T10□4F10 (2.0·10^9) takes about 110 s of CPU
/// and 1.7 GB natively: within the page's 2 GiB of WebAssembly memory, but minutes, not
/// seconds.
pub const MAX_TOADS_WORK: u64 = 100_000_000;
/// Most components in the generic solver's transposition table for one request of
/// `/game/analyze` or `/game/computer` (about 64 bytes each on grid games, plus the arena):
/// the memory bound of a page's analysis; the time bound is the server's budget or the page's
/// stop button.
pub const MAX_GAME_TABLE_ENTRIES: usize = 1 << 22;
/// Longest position of `/solve`, in bytes of notation: a 15×15 board with its row separators.
/// Each entry of the outcome search's table holds positions, so this and
/// [`MAX_SOLVE_TABLE_ENTRIES`] together bound its memory (about 2^17 × 256 bytes).
pub const MAX_SOLVE_NOTATION_BYTES: usize = 256;
/// Most entries of the outcome search's transposition table, and of its table of component
/// values, for one `/solve` request.
pub const MAX_SOLVE_TABLE_ENTRIES: usize = 1 << 17;
/// Domineering's outcome table for one `/solve` request: 2^18 entries of 32 bytes (8 MiB).
pub const SOLVE_DOMINEERING_TABLE_BITS: u32 = 18;
/// Most (position, player) pairs the remoteness search of one game request visits before it
/// gives up (the report's remoteness is then `null`).
pub const MAX_GAME_REMOTENESS: usize = 1 << 18;
/// Largest side of a Grundy table or heat map (Wythoff's game, the queens variants): the page
/// paints every cell.
pub const MAX_TABLE_SIDE: usize = 512;
/// Largest side of a nim-multiplication table (the API, `onag nim table`, Python's
/// `nim_table`): 2^20 products, one table lookup each, and about 7 MB of JSON.
pub const MAX_NIM_TABLE_SIDE: usize = 1024;
/// Sides of the Turning Corners board.
pub const CORNERS_SIDES: std::ops::RangeInclusive<usize> = 1..=32;
/// The most positions `POST /corners/misere` searches (a bit set and a flag each; the heads
/// coins within the top-left 4 × 4 coins always fit: 2^16 positions).
pub const MAX_CORNERS_MISERE_POSITIONS: usize = 1 << 20;
/// Largest side of the Wythoff board the queens play on (coordinates 0..side).
pub const MAX_WYTHOFF_SIDE: u32 = 64;
/// Most P-positions `onag wythoff pairs` and Python's `wythoff.pairs` list.
pub const MAX_WYTHOFF_PAIRS: usize = 10_000_000;
/// Largest row of the Wythoff row plot.
pub const MAX_WYTHOFF_ROW: u64 = 40;
/// Most columns of the Wythoff row plot.
pub const MAX_ROW_COLUMNS: u64 = 20_000;

/// Most values of a heap game's nim sequence one request computes (`POST /heaps/values`:
/// `G(0) … G(count − 1)`; the page's sequence plot).
pub const MAX_HEAP_VALUES: usize = 1 << 16;
/// Most heaps a period search of `POST /heaps/period` computes: every solved code with at most
/// three digits is proven within it (the long ones, such as .16 and .1777, are the command
/// line's `onag heaps period`).
pub const MAX_HEAP_PERIOD_N: usize = 1 << 20;
/// Most moves the definition may visit for a sequence of a ruleset whose moves can leave three
/// heaps (hexadecimal digits 8–f): the fast engine computes those by the definition, and the
/// three-way splits of a heap of n are about n²/12, so G(0 … n − 1) visits about n³/36 moves
/// per such digit (4,096 values of 0.f: 1.9·10^9, about 3 s natively). Values requests past it
/// are refused; period searches stop short of it ([`crate::routes::heaps::definition_reach`]).
pub const MAX_DEFINITION_MOVES: u64 = 1_000_000_000;
/// Most values of a nim sequence a native front end computes at once (`onag heaps values
/// --count` and Python's `heaps(…).values` and `.period`): 4 bytes a heap, so at most 4 GiB.
pub const NATIVE_MAX_HEAP_VALUES: usize = 1 << 30;
/// Most heaps in a position of `POST /heaps/position` (the play page's limit).
pub const MAX_PLAY_HEAPS: usize = 10;
/// Most tokens in one heap of a position (the play page draws every token).
pub const MAX_PLAY_HEAP: u64 = 100;
/// Most moves a position's answer lists (hexadecimal codes split heaps three ways, so a long
/// code on large heaps has hundreds of thousands).
pub const MAX_PLAY_MOVES: u64 = 20_000;

/// Most moves `onag heaps play` lists (every move is a line of the report, about 100 bytes
/// with its text: 200 MB at most).
pub const NATIVE_MAX_PLAY_MOVES: u64 = 2_000_000;
/// Default bound on the work of `onag coins solve` and Python's `coins.solve` (move steps of
/// the full-position solver): about ten minutes at 10^8 steps per second. Past it a run needs
/// `--force` (Python: `force=True`); it can still be stopped (Ctrl-C, `--max-seconds`).
pub const NATIVE_MAX_COIN_SOLVE_STEPS: f64 = 6e10;
/// Default bound on the work estimate ([`onag::games::toads_and_frogs::estimate_work`]) of one
/// Toads-and-Frogs value on the command line (`onag toads value`, `equals`, `family`) and in
/// Python (`onag.toads`). Calibrated natively (BENCHMARKS.md): T7□7F6 (1.3·10^8) ran out of
/// the default 4 GiB after 381 s, T□F□T□F… with 12 pieces (1.8·10^8) took 118 s and 0.95 GB,
/// T6□6F5 (5.7·10^6) 48 s. Past it a run needs `--force` (Python: `force=True`).
pub const NATIVE_MAX_TOADS_WORK: f64 = 1e8;
/// Most components in the generic solver's transposition table for one analysis on the
/// command line (`onag game`, the default of `--max-table`) and in Python (`onag.games`):
/// about 8 GB on grid games (64 bytes each, plus the arena).
pub const NATIVE_MAX_GAME_TABLE_ENTRIES: usize = 1 << 27;
/// Most single-coin values `onag coins values` and Python's `coins.values` compute.
pub const MAX_COIN_VALUES: usize = 4096;
/// The largest single-coin value computed (divided by `k` for turn-at-most-k, whose sets of
/// reachable XORs grow with the values: about 9 bytes per possible value each).
pub const MAX_COIN_VALUE: u64 = 1 << 25;

/// `Err(400)` unless `text` is at most [`MAX_NOTATION_BYTES`] long.
pub fn check_notation(field: &str, text: &str) -> Result<(), ApiError> {
    if text.len() > MAX_NOTATION_BYTES {
        return Err(ApiError::bad(format!(
            "'{field}' is {} bytes long; the limit is {MAX_NOTATION_BYTES}",
            text.len()
        )));
    }
    Ok(())
}

/// `Err(400)` unless `value` lies in `range`.
pub fn check_range<T: PartialOrd + std::fmt::Display + Copy>(
    field: &str,
    value: T,
    range: std::ops::RangeInclusive<T>,
) -> Result<(), ApiError> {
    if !range.contains(&value) {
        return Err(ApiError::bad(format!(
            "'{field}' is {value}; it must be between {} and {}",
            range.start(),
            range.end()
        )));
    }
    Ok(())
}

/// `Err(413)` when a request body exceeds [`MAX_BODY_BYTES`].
pub fn check_body(body: &[u8]) -> Result<(), ApiError> {
    if body.len() > MAX_BODY_BYTES {
        return Err(ApiError::new(
            crate::ErrorKind::BodyTooLarge,
            format!("the request body is larger than {MAX_BODY_BYTES} bytes"),
        ));
    }
    Ok(())
}

/// The most misère canonical forms one `"misere": true` request may create (the games' and
/// heaps' routes); a larger position is refused as too large.
pub const MAX_MISERE_FORMS: usize = 1 << 18;
/// The largest misère quotient Q_n a `"misere": true` heap position may compute when its
/// canonical forms exceed [`MAX_MISERE_FORMS`] (the table has order² entries: 16 MB here).
pub const MAX_MISERE_QUOTIENT_ORDER: usize = 2_048;
/// The largest candidate monoid such a quotient's construction may build.
pub const MAX_MISERE_QUOTIENT_CANDIDATE: usize = 200_000;
/// The most heaps `/heaps/values` lists with `"misere": true` (genera).
pub const MAX_MISERE_HEAP_VALUES: usize = 512;

/// Most positions of a loopy game's graph that `POST /loopy/position` solves (exploration and
/// retrograde analysis: Fox and Geese on 8 × 8 from the start is 966,123 positions, about
/// 230 MB and a few seconds natively).
pub const MAX_LOOPY_PLAY_POSITIONS: usize = 1 << 20;

/// Most positions reachable from a position whose loopy value `POST /loopy/position` computes
/// (a stopper's canonical form or sides by sidling, per request).
pub const MAX_LOOPY_VALUE_POSITIONS: usize = 2048;

/// Most seconds the strong computer (`POST /game/strong`) searches for one move: below the
/// server's default time budget of a heavy request (10 s), which also bounds it.
pub const MAX_STRONG_SECONDS: f64 = 5.0;
/// The strong computer's seconds per move when a request names none.
pub const DEFAULT_STRONG_SECONDS: f64 = 1.0;
/// Nodes per second the strong computer assumes where no clock is there (a budget of work).
pub const STRONG_NODES_PER_SECOND: f64 = 20_000.0;
/// Longest position of `/game/strong`, in bytes of notation: a 12×12 board with its row
/// separators (the pages' largest side).
pub const MAX_STRONG_NOTATION_BYTES: usize = 160;
