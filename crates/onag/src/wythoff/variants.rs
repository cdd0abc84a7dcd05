//! Corner-the-Queen variants: queens with restricted moves, their Grundy tables, and a checker
//! for closed forms typed by the user.
//!
//! - [`moves`]: the move-set description (`left,down,diag:1`, …, or `pair`) and its parser;
//! - [`table`]: Grundy tables for any move set, including the unordered pair game;
//! - [`formula`]: a small integer-expression parser and checked evaluator (no `eval`);
//! - [`check`]: compares a table with a formula cell by cell.
//!
//! Coordinates follow [`crate::wythoff`]: from `(x, y)`, `left` goes to `(x − k, y)`, `down` to
//! `(x, y − k)`, `diag` to `(x − k, y − k)`.
//!
//! # Examples
//! ```
//! use onag::wythoff::variants::{check::check, formula::Expr, moves::MoveSet};
//! let rook: MoveSet = "left,down".parse().unwrap();
//! let nim: Expr = "x ^ y".parse().unwrap();
//! assert_eq!(check(&rook, &nim, 64).unwrap().mismatches, 0);
//! ```

pub mod check;
pub mod formula;
pub mod moves;
pub mod report;
pub mod table;

/// Errors of table computation and checking.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QueensError {
    /// The table side is 0 or above the bound for the move set.
    #[error("table size {size} must be between 1 and {max}")]
    BadSize {
        /// The side asked for.
        size: usize,
        /// The largest side accepted.
        max: usize,
    },
    /// The formula could not be evaluated at a cell.
    #[error("at cell {cell:?}: {error}")]
    Eval {
        /// The cell.
        cell: (u64, u64),
        /// Why.
        error: formula::EvalError,
    },
    /// The computation was stopped through its [`crate::StopFlag`].
    #[error("the computation was stopped before it finished")]
    Stopped,
}

impl From<crate::Stopped> for QueensError {
    fn from(_: crate::Stopped) -> Self {
        Self::Stopped
    }
}
