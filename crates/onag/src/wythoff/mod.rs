//! Wythoff's game (Corner the Queen): Grundy values, P-positions, multi-queen play, the column
//! sweep with proven additive periodicity, and Nivasch's g-points.
//!
//! Coordinates: a queen on cell `(x, y)` moves to `(x − k, y)`, `(x, y − k)` or `(x − k, y − k)`
//! for any `k ≥ 1` that stays on the board. The Grundy function is symmetric, `g(x, y) = g(y, x)`;
//! "row x" means the cells `(x, y)` for `y = 0, 1, 2, …`.
//!
//! - [`table`]: the Grundy table by the definition (mex over the three rays, with bitsets);
//! - [`pairs`]: the P-positions `(⌊nφ⌋, ⌊nφ²⌋)` in exact integer arithmetic;
//! - [`positions`]: sums of 1–4 queens, winning moves and a computer player;
//! - [`remoteness`]: how long a sum of queens lasts under best play ("win in k"), by a table
//!   of every position;
//! - [`sweep`]: the column-by-column sweep with memory independent of the number of columns;
//! - [`periodicity`]: periods, preperiods and their proof by state equality (Dress,
//!   Flammenkamp and Pink 1999, additive periodicity);
//! - [`gpoints`]: Nivasch's g-points and the tables of his 2009 paper;
//! - [`runs`]: runs of equal row periods (OEIS A046876) and audits of published row results;
//! - [`variants`]: Corner-the-Queen variants with restricted moves (and the pair game), their
//!   Grundy tables and a checker for closed forms.
//!
//! # Examples
//! ```
//! use onag::wythoff;
//! assert_eq!(wythoff::g(3, 5).unwrap(), 0); // a P-position
//! assert_eq!(wythoff::g(4, 5).unwrap(), 6);
//! assert_eq!(wythoff::p_position(2), (3, 5));
//! ```

pub mod checkpoint;
pub mod gpoints;
pub mod pairs;
pub mod periodicity;
pub mod positions;
pub mod remoteness;
pub mod report;
pub mod results;
pub mod runs;
pub mod sweep;
pub mod table;
pub mod variants;

pub use pairs::{p_position, p_positions, p_positions_greedy};
pub use table::{g, grundy_table, Table};

/// Errors of the Wythoff module: out-of-range input, a stopped computation, or a broken
/// invariant of the sweep (which is reported, never silently ignored).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WythoffError {
    /// An argument exceeds the documented bound of the entry point.
    #[error("{what} {value} is too large (at most {max})")]
    TooLarge {
        /// What was too large (e.g. "table size").
        what: &'static str,
        /// The value given.
        value: u64,
        /// The largest value accepted.
        max: u64,
    },
    /// An argument is malformed (e.g. an empty row range).
    #[error("{0}")]
    Invalid(String),
    /// The sweep's ring buffers would alias: a row's mex fell below `y − 2X` or a value left
    /// the window. This never happens for Wythoff's game (the bounds are theorems); if it does,
    /// the computation stops rather than return a wrong value.
    #[error("sweep window bound violated at row {row}, column {column} (internal invariant)")]
    WindowViolated {
        /// The row where the bound failed.
        row: u64,
        /// The column where the bound failed.
        column: u64,
    },
    /// The computation was stopped through its [`crate::StopFlag`].
    #[error("the computation was stopped before it finished")]
    Stopped,
}

impl From<crate::Stopped> for WythoffError {
    fn from(_: crate::Stopped) -> Self {
        Self::Stopped
    }
}

/// Returns `Err(TooLarge)` when `value > max`.
pub(crate) fn check_bound(what: &'static str, value: u64, max: u64) -> Result<(), WythoffError> {
    if value > max {
        Err(WythoffError::TooLarge { what, value, max })
    } else {
        Ok(())
    }
}
