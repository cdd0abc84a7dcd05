//! `POST /queens/table`: the Grundy table of a Corner-the-Queen move set and, given a closed
//! formula, its cell-by-cell check with the mismatches listed.

use onag::wythoff::variants::check::{check, CheckReport};
use onag::wythoff::variants::formula::Expr;
use onag::wythoff::variants::moves::MoveSet;
use onag::wythoff::variants::table::grundy_table;
use onag::StopFlag;
use serde::{Deserialize, Serialize};

use crate::limits::{self, check_notation, check_range};
use crate::ApiError;

/// The body of `POST /queens/table`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TableRequest {
    /// The move set (`left,down,diag:1`, … or `pair`).
    pub moves: String,
    /// The side of the table.
    pub size: usize,
    /// A closed formula in `x`, `y` to check against the table.
    #[serde(default)]
    pub formula: Option<String>,
}

/// A checked request.
#[derive(Clone, Debug)]
pub struct Table {
    /// The move set.
    pub moves: MoveSet,
    /// The side.
    pub size: usize,
    /// The formula's text and its parse.
    pub formula: Option<(String, Expr)>,
}

impl TableRequest {
    /// Bounds and parses the move set and the formula.
    pub fn checked(self) -> Result<Table, ApiError> {
        check_notation("moves", &self.moves)?;
        check_range("size", self.size, 1..=limits::MAX_TABLE_SIDE)?;
        let moves: MoveSet = self
            .moves
            .parse()
            .map_err(|e| ApiError::bad(format!("move set: {e}")))?;
        let formula = match self.formula.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => {
                check_notation("formula", text)?;
                let expr: Expr = text
                    .parse()
                    .map_err(|e| ApiError::bad(format!("formula: {e}")))?;
                Some((text.to_string(), expr))
            }
        };
        Ok(Table {
            moves,
            size: self.size,
            formula,
        })
    }
}

/// The formula check: the formula's value at every cell and the checker's report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Up to 20 mismatches `(x, y, table, formula)`.
    pub listed: Vec<(u64, u64, u32, i64)>,
}

/// The answer of `POST /queens/table`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableResponse {
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
    /// The formula check, `null` without a formula.
    pub check: Option<FormulaCheck>,
}

impl Table {
    /// The answer.
    pub fn run(&self, _stop: &StopFlag) -> Result<TableResponse, ApiError> {
        let table =
            grundy_table(&self.moves, self.size).map_err(|e| ApiError::bad(e.to_string()))?;
        let max = table.iter().flatten().copied().max().unwrap_or(0);
        let check = match &self.formula {
            None => None,
            Some((text, expr)) => {
                let CheckReport {
                    cells,
                    mismatches,
                    first_mismatch,
                    listed,
                } = check(&self.moves, expr, self.size)
                    .map_err(|e| ApiError::bad(format!("formula: {e}")))?;
                // The page paints every cell, not just the listed mismatches; the checker
                // above has already evaluated each cell without error.
                let n = self.size as i64;
                let values = (0..n)
                    .map(|x| {
                        (0..n)
                            .map(|y| expr.eval(x, y).unwrap_or(i64::MIN))
                            .collect()
                    })
                    .collect();
                Some(FormulaCheck {
                    values,
                    formula: text.clone(),
                    cells,
                    mismatches,
                    first: first_mismatch,
                    listed,
                })
            }
        };
        Ok(TableResponse {
            moves: self.moves.to_string(),
            symmetric_only: self.moves == MoveSet::Pair,
            size: self.size,
            max,
            cells: table,
            check,
        })
    }
}
