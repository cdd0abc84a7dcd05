//! The checked calls of the use cases only the native front ends serve — the command line and
//! the Python package, not the pages (no route: a page has no use for a 4,096-value coin
//! sequence or ten million Wythoff pairs). Both front ends call these, so a use case has one
//! bound ([`crate::limits`]), one message and one report, as a routed use case has through its
//! request type.
//!
//! # Examples
//! ```
//! use onag::impartial::coins::Rule;
//! let r = onag_api::native::coin_values(Rule::Ruler, 9).unwrap();
//! assert_eq!(r.values, [0, 1, 2, 1, 4, 1, 2, 1, 8]);
//! let e = onag_api::native::wythoff_pairs(0).unwrap_err();
//! assert_eq!(e.to_string(), "'pairs' is 0; it must be between 1 and 10000000");
//! ```

use onag::impartial::coins::{Rule, ValuesReport};
use onag::impartial::lexicode::{lexicode_report, lexicode_words, LexicodeReport};
use onag::wythoff::report::{pairs_report, PairsReport};

use crate::limits::{check_range, MAX_COIN_VALUE, MAX_COIN_VALUES, MAX_WYTHOFF_PAIRS};
use crate::ApiError;

/// `v(0), …, v(count − 1)` of a coin-turning rule (`onag coins values RULE --count N`,
/// Python's `coins.values_report`): at most [`MAX_COIN_VALUES`] values, each at most
/// [`MAX_COIN_VALUE`].
pub fn coin_values(rule: Rule, count: usize) -> Result<ValuesReport, ApiError> {
    check_range("count", count, 0..=MAX_COIN_VALUES)?;
    rule.values_report(count, MAX_COIN_VALUE)
        .map_err(|e| ApiError::too_large(e.to_string()))
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
