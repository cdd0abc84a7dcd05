//! The checked calls of the native front ends — the command line and the Python package — for
//! the use cases the pages do not serve (no route: a page has no use for a 4,096-value coin
//! sequence or ten million Wythoff pairs), and the default work bounds of native runs (past
//! them a run needs `--force`, in Python `force=True`). Both front ends call these, so a use
//! case has one bound ([`crate::limits`]), one message and one report, as a routed use case
//! has through its request type.
//!
//! # Examples
//! ```
//! use onag::impartial::coins::Rule;
//! let r = onag_api::native::coin_values(Rule::Ruler, 9).unwrap();
//! assert_eq!(r.values, [0, 1, 2, 1, 4, 1, 2, 1, 8]);
//! let e = onag_api::native::wythoff_pairs(0).unwrap_err();
//! assert_eq!(e.to_string(), "'pairs' is 0; it must be between 1 and 10000000");
//! ```

use onag::games::analysis::Budget;
use onag::games::registry::Options;
use onag::games::toads_and_frogs::{estimate_work, Board as ToadsBoard};
use onag::impartial::coins::{Rule, ValuesReport};
use onag::impartial::lexicode::{lexicode_report, lexicode_words, LexicodeReport};
use onag::impartial::solver::Board as CoinBoard;
use onag::wythoff::report::{pairs_report, table_report, PairsReport, TableReport};
use onag::wythoff::WythoffError;
use onag::StopFlag;

use crate::limits::{
    check_range, MAX_COIN_VALUE, MAX_COIN_VALUES, MAX_WYTHOFF_PAIRS, NATIVE_MAX_COIN_SOLVE_STEPS,
    NATIVE_MAX_TOADS_WORK,
};
use crate::ApiError;

/// `v(0), …, v(count − 1)` of a coin-turning rule (`onag coins values RULE --count N`,
/// Python's `coins.values_report`): at most [`MAX_COIN_VALUES`] values, each at most
/// [`MAX_COIN_VALUE`].
pub fn coin_values(rule: Rule, count: usize) -> Result<ValuesReport, ApiError> {
    check_range("count", count, 0..=MAX_COIN_VALUES)?;
    rule.values_report(count, MAX_COIN_VALUE)
        .map_err(|e| ApiError::too_large(e.to_string()))
}

/// The `n`×`n` Grundy table of Wythoff's game by the definition (`onag wythoff table N`,
/// Python's `wythoff.table_report`), `n ≥ 1`, up to the library's own bound, polling `stop`.
/// (The page's `POST /wythoff/table` also bounds the side by [`crate::limits::MAX_TABLE_SIDE`]:
/// it paints every cell.)
pub fn wythoff_table(n: usize, stop: &StopFlag) -> Result<TableReport, ApiError> {
    if n == 0 {
        return Err(ApiError::bad(
            "table side 0 asks for nothing: give at least 1",
        ));
    }
    table_report(n, stop).map_err(|e| match e {
        WythoffError::Stopped => onag::Stopped.into(),
        e => ApiError::too_large(e.to_string()),
    })
}

/// The first `n` P-positions of Wythoff's game (`onag wythoff pairs N`, Python's
/// `wythoff.pairs_report`), `1 ≤ n ≤` [`MAX_WYTHOFF_PAIRS`].
pub fn wythoff_pairs(n: usize) -> Result<PairsReport, ApiError> {
    check_range("pairs", n, 1..=MAX_WYTHOFF_PAIRS)?;
    Ok(pairs_report(n))
}

/// `lexicode(n, d)` counted (`onag coins lexicode N D`, Python's `coins.lexicode`), with the
/// comparison against the P-positions of "turn at most d − 1 coins" when `compare_game`.
pub fn lexicode(n: u32, d: u32, compare_game: bool) -> Result<LexicodeReport, ApiError> {
    lexicode_report(n, d, compare_game)
        .map_err(|e| ApiError::bad(format!("lexicode({n}, {d}): {e}")))
}

/// The words of `lexicode(n, d)` (Python's `coins.lexicode_words`), within the bounds of
/// [`lexicode`].
pub fn lexicode_code(n: u32, d: u32) -> Result<Vec<u32>, ApiError> {
    lexicode_words(n, d).map_err(|e| ApiError::bad(format!("lexicode({n}, {d}): {e}")))
}

/// The options of an analysis of a registered game on the command line (`onag game`, whose
/// `--max-table` overrides the table's size) and in Python (`onag.games`): a transposition
/// table of at most `max_table_entries` components (by default
/// [`crate::limits::NATIVE_MAX_GAME_TABLE_ENTRIES`]).
pub fn game_options(max_table_entries: usize) -> Options {
    Options {
        budget: Budget {
            max_table_entries,
            ..Budget::default()
        },
    }
}

/// How a front end says "run it anyway" in the messages of the default work bounds.
const FORCE: &str = "pass --force (Python: force=True) to run it anyway";

/// Refuses a full-position solve past [`NATIVE_MAX_COIN_SOLVE_STEPS`] move steps unless
/// `force` (`onag coins solve`, Python's `coins.solve`).
///
/// # Examples
/// ```
/// use onag::impartial::solver::Board;
/// use onag_api::native::coin_solve_bound;
/// assert!(coin_solve_bound(&"corners:4x6".parse::<Board>().unwrap(), false).is_ok());
/// let big: Board = "corners:5x6".parse().unwrap();
/// assert!(coin_solve_bound(&big, false).unwrap_err().to_string().contains("--force"));
/// assert!(coin_solve_bound(&big, true).is_ok());
/// ```
pub fn coin_solve_bound(board: &CoinBoard, force: bool) -> Result<(), ApiError> {
    let steps = board.solve_steps();
    if steps > NATIVE_MAX_COIN_SOLVE_STEPS && !force {
        return Err(ApiError::too_large(format!(
            "{} needs about {steps:.1e} move steps ({} positions; about {} at 10^8 steps per \
             second), past the default bound of {NATIVE_MAX_COIN_SOLVE_STEPS:.0e}; {FORCE}",
            board.name(),
            1u64 << board.coins(),
            describe_seconds(steps / 1e8)
        )));
    }
    Ok(())
}

/// Refuses a Toads-and-Frogs board whose work estimate is past [`NATIVE_MAX_TOADS_WORK`]
/// unless `force` (`onag toads value`, `equals`, `family`; Python's `onag.toads`).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::Board;
/// use onag_api::native::toads_work_bound;
/// assert!(toads_work_bound(&"T3.2F3".parse::<Board>().unwrap(), false).is_ok());
/// let big: Board = "T10.4F10".parse().unwrap();
/// assert!(toads_work_bound(&big, false).is_err());
/// assert!(toads_work_bound(&big, true).is_ok());
/// ```
pub fn toads_work_bound(board: &ToadsBoard, force: bool) -> Result<(), ApiError> {
    let work = estimate_work(board);
    if work > NATIVE_MAX_TOADS_WORK && !force {
        return Err(ApiError::too_large(format!(
            "{} has a work estimate of {work:.1e} placements, past the default bound of \
             {NATIVE_MAX_TOADS_WORK:.0e} (boards near it take minutes and gigabytes); {FORCE} \
             (bounded by --max-seconds/--max-memory, or Ctrl-C)",
            board.run_length(true)
        )));
    }
    Ok(())
}

/// A duration for a person: seconds, hours, days or years.
fn describe_seconds(s: f64) -> String {
    if s < 120.0 {
        format!("{s:.0} s")
    } else if s < 3.0 * 86_400.0 {
        format!("{:.1} hours", s / 3600.0)
    } else if s < 730.0 * 86_400.0 {
        format!("{:.0} days", s / 86_400.0)
    } else {
        format!("{:.1e} years", s / (365.25 * 86_400.0))
    }
}
