//! `POST /queens/table`: the Grundy table of a Corner-the-Queen move set and, given a closed
//! formula, its cell-by-cell check with the mismatches listed.

use onag::wythoff::variants::formula::Expr;
use onag::wythoff::variants::moves::MoveSet;
use onag::wythoff::variants::report::{queens_table_report, QueensTableReport};
use onag::wythoff::variants::QueensError;
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

/// The answer of `POST /queens/table`: the library's report.
pub type TableResponse = QueensTableReport;

impl Table {
    /// The answer, polling `stop` once per row.
    pub fn run(&self, stop: &StopFlag) -> Result<TableResponse, ApiError> {
        let formula = self
            .formula
            .as_ref()
            .map(|(text, expr)| (text.as_str(), expr));
        queens_table_report(&self.moves, self.size, formula, stop).map_err(|e| match e {
            QueensError::Stopped => onag::Stopped.into(),
            QueensError::Eval { .. } => ApiError::bad(format!("formula: {e}")),
            QueensError::BadSize { .. } => ApiError::bad(e.to_string()),
        })
    }
}
