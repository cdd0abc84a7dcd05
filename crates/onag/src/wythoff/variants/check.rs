//! The closed-form checker: compare a move set's Grundy table with a formula, cell by cell.

use super::formula::Expr;
use super::moves::MoveSet;
use super::table::{grundy_table, Table};
use super::QueensError;
use crate::StopFlag;

/// Most mismatching cells listed in a [`CheckReport`] (the count is always complete).
pub const MAX_LISTED: usize = 1000;

/// The result of [`check`].
///
/// # Examples
/// ```
/// use onag::wythoff::variants::{check::check, formula::Expr, moves::MoveSet};
///
/// // Two rook rays are Nim with two heaps: g = x ⊕ y, not x + y.
/// let rook: MoveSet = "left,down".parse().unwrap();
/// let wrong: Expr = "x+y".parse().unwrap();
/// let r = check(&rook, &wrong, 4).unwrap();
/// assert_eq!(r.cells, 16);
/// assert_eq!(r.first_mismatch, Some((1, 1))); // g(1, 1) = 0, the formula says 2
/// assert_eq!(r.listed[0], (1, 1, 0, 2));
/// assert_eq!(r.mismatches, r.listed.len() as u64);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CheckReport {
    /// Cells compared.
    pub cells: u64,
    /// Cells where the formula differs from the table.
    pub mismatches: u64,
    /// The first mismatch in row-major order (`x`, then `y`).
    pub first_mismatch: Option<(u64, u64)>,
    /// Up to [`MAX_LISTED`] mismatches as `(x, y, table value, formula value)`.
    pub listed: Vec<(u64, u64, u32, i64)>,
}

/// Compares `g` of `moves` with `formula` on `size × size`. For the symmetric `pair` game only
/// the cells `x ≤ y` are compared (the formulas are stated for `{y, z}` with `y ≤ z`).
///
/// # Examples
/// ```
/// use onag::wythoff::variants::{check::check, formula::Expr, moves::MoveSet};
///
/// let rook: MoveSet = "left,down".parse().unwrap();
/// let nim: Expr = "x^y".parse().unwrap();
/// let r = check(&rook, &nim, 32).unwrap();
/// assert_eq!((r.cells, r.mismatches, r.first_mismatch), (32 * 32, 0, None));
/// ```
pub fn check(moves: &MoveSet, formula: &Expr, size: usize) -> Result<CheckReport, QueensError> {
    check_table(
        moves,
        &grundy_table(moves, size)?,
        formula,
        &StopFlag::new(),
    )
}

/// [`check`] against a table already made (`grundy_table(moves, size)`), polling `stop` once
/// per row.
pub fn check_table(
    moves: &MoveSet,
    table: &Table,
    formula: &Expr,
    stop: &StopFlag,
) -> Result<CheckReport, QueensError> {
    let mut report = CheckReport {
        cells: 0,
        mismatches: 0,
        first_mismatch: None,
        listed: Vec::new(),
    };
    for (x, row) in table.iter().enumerate() {
        stop.check()?;
        let start = if *moves == MoveSet::Pair { x } else { 0 };
        for (y, &g) in row.iter().enumerate().skip(start) {
            let cell = (x as u64, y as u64);
            let f = formula
                .eval(x as i64, y as i64)
                .map_err(|error| QueensError::Eval { cell, error })?;
            report.cells += 1;
            if f != i64::from(g) {
                report.mismatches += 1;
                report.first_mismatch.get_or_insert(cell);
                if report.listed.len() < MAX_LISTED {
                    report.listed.push((cell.0, cell.1, g, f));
                }
            }
        }
    }
    Ok(report)
}
