//! The reports of the Corner-the-Queen variants: the Grundy table of a move set with an
//! optional formula painted over it (`POST /api/queens/table`, the Queens page, `onag queens
//! table`) and the cell-by-cell check of a formula (`onag queens check`).

use super::check::{check_table, CheckReport};
use super::formula::Expr;
use super::moves::MoveSet;
use super::table::grundy_table_with_stop;
use super::QueensError;
use crate::StopFlag;

/// A formula checked against a table: its value at every cell and the checker's findings.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FormulaCheck {
    /// `values[x][y]`: the formula at `(x, y)`.
    pub values: Vec<Vec<i64>>,
    /// The formula's text.
    pub formula: String,
    /// Cells compared.
    pub cells: u64,
    /// Cells that differ.
    pub mismatches: u64,
    /// The first mismatch `(x, y)`.
    pub first: Option<(u64, u64)>,
    /// Up to [`MAX_LISTED`](super::check::MAX_LISTED) mismatches `(x, y, table, formula)`.
    pub listed: Vec<(u64, u64, u32, i64)>,
}

/// The Grundy table of a move set, with the formula check when a formula is given.
///
/// # Examples
/// ```
/// use onag::wythoff::variants::report::queens_table_report;
///
/// let rook = "left,down".parse().unwrap();
/// let nim = "x^y".parse().unwrap();
/// let r = queens_table_report(&rook, 4, Some(("x^y", &nim)), &onag::StopFlag::new()).unwrap();
/// assert_eq!((r.size, r.max, r.cells[2][3]), (4, 3, 1));
/// let check = r.check.unwrap();
/// assert_eq!((check.cells, check.mismatches), (16, 0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct QueensTableReport {
    /// The move set, normalised.
    pub moves: String,
    /// Whether only `x ≤ y` is meaningful (the pair game).
    pub symmetric_only: bool,
    /// The side.
    pub size: usize,
    /// The largest value.
    pub max: u32,
    /// `cells[x][y] = g(x, y)`.
    pub cells: Vec<Vec<u32>>,
    /// The formula check, `None` without a formula.
    pub check: Option<FormulaCheck>,
}

/// Mismatches a [`CheckSummary`] lists.
const LISTED: usize = 20;

/// The table of `moves` on `size × size` and, given `(text, formula)`, its check; polls
/// `stop` once per row of each pass.
pub fn queens_table_report(
    moves: &MoveSet,
    size: usize,
    formula: Option<(&str, &Expr)>,
    stop: &StopFlag,
) -> Result<QueensTableReport, QueensError> {
    let table = grundy_table_with_stop(moves, size, stop)?;
    let max = table.iter().flatten().copied().max().unwrap_or(0);
    let check = match formula {
        None => None,
        Some((text, expr)) => {
            let CheckReport {
                cells,
                mismatches,
                first_mismatch,
                listed,
            } = check_table(moves, &table, expr, stop)?;
            // The page paints every cell, not just the listed mismatches; the checker has
            // already evaluated each compared cell without error (the pair game's cells below
            // the diagonal are not compared, and an error there paints as i64::MIN).
            let n = size as i64;
            let values = (0..n)
                .map(|x| {
                    (0..n)
                        .map(|y| expr.eval(x, y).unwrap_or(i64::MIN))
                        .collect()
                })
                .collect();
            Some(FormulaCheck {
                values,
                formula: text.to_string(),
                cells,
                mismatches,
                first: first_mismatch,
                listed,
            })
        }
    };
    Ok(QueensTableReport {
        moves: moves.to_string(),
        symmetric_only: *moves == MoveSet::Pair,
        size,
        max,
        cells: table,
        check,
    })
}

/// `onag queens check`: a formula compared with a move set's table, cell by cell.
///
/// # Examples
/// ```
/// use onag::wythoff::variants::report::check_report;
///
/// let rook = "left,down".parse().unwrap();
/// let r = check_report(&rook, "x+y", &"x+y".parse().unwrap(), 4, &onag::StopFlag::new()).unwrap();
/// assert_eq!((r.cells, r.mismatches, r.first_mismatch), (16, 7, Some([1, 1])));
/// assert_eq!((r.examples[0].g, r.examples[0].formula), (0, 2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CheckSummary {
    /// The move set, normalised.
    pub moves: String,
    /// The formula's text.
    pub formula: String,
    /// The side.
    pub size: usize,
    /// Cells compared.
    pub cells: u64,
    /// Cells that differ.
    pub mismatches: u64,
    /// The first mismatch `[x, y]`.
    pub first_mismatch: Option<[u64; 2]>,
    /// Up to 20 mismatches.
    pub examples: Vec<Mismatch>,
}

/// One cell where the formula differs from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Mismatch {
    /// `[x, y]`.
    pub cell: [u64; 2],
    /// The table's value.
    pub g: u32,
    /// The formula's value.
    pub formula: i64,
}

/// The check of `formula` (written `text`) against `moves` on `size × size`.
pub fn check_report(
    moves: &MoveSet,
    text: &str,
    formula: &Expr,
    size: usize,
    stop: &StopFlag,
) -> Result<CheckSummary, QueensError> {
    let table = grundy_table_with_stop(moves, size, stop)?;
    let r = check_table(moves, &table, formula, stop)?;
    Ok(CheckSummary {
        moves: moves.to_string(),
        formula: text.to_string(),
        size,
        cells: r.cells,
        mismatches: r.mismatches,
        first_mismatch: r.first_mismatch.map(|(x, y)| [x, y]),
        examples: r
            .listed
            .iter()
            .take(LISTED)
            .map(|&(x, y, g, formula)| Mismatch {
                cell: [x, y],
                g,
                formula,
            })
            .collect(),
    })
}
