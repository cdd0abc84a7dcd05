//! `POST /nim/calc` (product, quotient, inverses, square roots of 64-bit words) and
//! `POST /nim/table` (an n×n product table with its field marking).

use onag::nimber::calc::{calculate, Calculation};
use onag::nimber::table::{nim_table_report, NimTableReport};
use onag::nimber::Nimber;
use onag::StopFlag;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::limits::{self, check_range};
use crate::ApiError;

/// The body of `POST /nim/calc`: `a` and optionally `b` (default 1), each a JSON number or a
/// decimal / `0x` hex string (JSON numbers lose precision in browsers above 2^53).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CalcRequest {
    /// The first operand.
    pub a: Value,
    /// The second operand (absent or `""` means 1).
    #[serde(default)]
    pub b: Option<Value>,
}

/// A checked `POST /nim/calc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Calc {
    /// The first operand.
    pub a: Nimber,
    /// The second operand.
    pub b: Nimber,
}

/// A 64-bit word given as a JSON number or a decimal / `0x` hex string.
fn word(field: &str, value: &Value) -> Result<u64, ApiError> {
    let text = match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => {
            return Err(ApiError::bad(format!(
                "'{field}' must be a number or a string"
            )))
        }
    };
    limits::check_notation(field, &text)?;
    crate::number::parse_u64(&text).map_err(|e| ApiError::bad(format!("'{field}': {e}")))
}

impl CalcRequest {
    /// Parses the operands.
    pub fn checked(self) -> Result<Calc, ApiError> {
        let a = Nimber(word("a", &self.a)?);
        let b = Nimber(match &self.b {
            Some(b) if !(b.is_string() && b.as_str() == Some("")) => word("b", b)?,
            _ => 1,
        });
        Ok(Calc { a, b })
    }
}

/// The answer of `POST /nim/calc`: the library's report (every number a decimal string).
pub type CalcResponse = Calculation;

impl Calc {
    /// The answer.
    pub fn run(&self) -> Result<CalcResponse, ApiError> {
        Ok(calculate(self.a, self.b))
    }
}

/// The body of `POST /nim/table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRequest {
    /// The side `n` of the table, `1..=`[`limits::MAX_NIM_TABLE_SIDE`].
    pub size: usize,
}

/// The answer of `POST /nim/table`: the library's report.
pub type TableResponse = NimTableReport;

impl TableRequest {
    /// Checks the side.
    pub fn checked(self) -> Result<Self, ApiError> {
        check_range("size", self.size, 1..=limits::MAX_NIM_TABLE_SIDE)?;
        Ok(self)
    }

    /// The table, polling `stop` once per row.
    pub fn run(&self, stop: &StopFlag) -> Result<TableResponse, ApiError> {
        Ok(nim_table_report(self.size, stop)?)
    }
}
