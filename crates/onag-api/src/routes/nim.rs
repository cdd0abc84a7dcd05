//! `POST /nim/calc` (product, quotient, inverses, square roots of 64-bit words) and
//! `POST /nim/table` (an n×n product table with its field marking).

use onag::nimber::calc::{calculate, Calculation};
use onag::nimber::table::{FieldMarking, NimTable};
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

/// The answer of `POST /nim/calc`: every number as a decimal string (exact in browsers).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CalcResponse {
    /// `a`.
    pub a: String,
    /// `b`.
    pub b: String,
    /// `a ⊕ b`.
    pub sum: String,
    /// `a ⊗ b`.
    pub product: String,
    /// `a ⊘ b` (`null` for `b = 0`).
    pub quotient: Option<String>,
    /// `a⁻¹` (`null` for 0).
    pub inverse_a: Option<String>,
    /// `b⁻¹` (`null` for 0).
    pub inverse_b: Option<String>,
    /// `√a`.
    pub sqrt_a: String,
    /// `√b`.
    pub sqrt_b: String,
    /// `"GF(2^k)"`, the smallest field holding both.
    pub field: String,
    /// `k`.
    pub field_bits: u32,
}

impl From<Calculation> for CalcResponse {
    fn from(c: Calculation) -> Self {
        let dec = |x: u64| x.to_string();
        Self {
            a: dec(c.a),
            b: dec(c.b),
            sum: dec(c.sum),
            product: dec(c.product),
            quotient: c.quotient.map(dec),
            inverse_a: c.inverse_a.map(dec),
            inverse_b: c.inverse_b.map(dec),
            sqrt_a: dec(c.sqrt_a),
            sqrt_b: dec(c.sqrt_b),
            field: format!("GF(2^{})", c.field_bits),
            field_bits: c.field_bits,
        }
    }
}

impl Calc {
    /// The answer.
    pub fn run(&self) -> Result<CalcResponse, ApiError> {
        Ok(calculate(self.a, self.b).into())
    }
}

/// The body of `POST /nim/table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRequest {
    /// The side `n` of the table, `1..=`[`limits::MAX_TABLE_SIDE`].
    pub size: usize,
}

impl TableRequest {
    /// Checks the side.
    pub fn checked(self) -> Result<Self, ApiError> {
        check_range("size", self.size, 1..=limits::MAX_TABLE_SIDE)?;
        Ok(self)
    }

    /// The table.
    pub fn run(&self, _stop: &StopFlag) -> Result<TableResponse, ApiError> {
        let table = NimTable::new(self.size);
        let marking = match table.marking() {
            FieldMarking::ClosedField => Marking {
                closed: true,
                max: table.max(),
                field: self.size as u64,
            },
            FieldMarking::Overflows { max, field } => Marking {
                closed: false,
                max,
                field,
            },
        };
        Ok(TableResponse {
            size: self.size,
            cells: table.rows().map(<[u64]>::to_vec).collect(),
            marking,
        })
    }
}

/// How the block sits among the nim fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marking {
    /// Whether every product stays below `n` (then `n` is a Fermat 2-power).
    pub closed: bool,
    /// The largest product.
    pub max: u64,
    /// The smallest nim field holding every product.
    pub field: u64,
}

/// The answer of `POST /nim/table`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableResponse {
    /// The side.
    pub size: usize,
    /// `cells[a][b] = a ⊗ b`.
    pub cells: Vec<Vec<u64>>,
    /// The field marking.
    pub marking: Marking,
}
