//! The nim calculator as one report: every operation on a pair of 64-bit nimbers, and the
//! answer of one operation of the command line's calculator.

use super::Nimber;

/// Sum, product, quotient, inverses and square roots of `a` and `b`, and the smallest nim
/// field holding both: what `POST /api/nim/calc` and the Nimbers page show. With `serde`,
/// every number is a decimal string (JSON readers in browsers lose precision above 2^53).
///
/// # Examples
/// ```
/// use onag::nimber::{calc::calculate, Nimber};
///
/// let c = calculate(Nimber(16), Nimber(0));
/// assert_eq!((c.sum, c.product), (16, 0));
/// assert_eq!((c.quotient, c.inverse_b), (None, None)); // no division by 0
/// assert_eq!(c.product, (Nimber(c.a) * Nimber(c.b)).0);
/// assert_eq!(Nimber(c.sqrt_a) * Nimber(c.sqrt_a), Nimber(16));
/// assert_eq!((c.field_bits, c.field.as_str()), (8, "GF(2^8)")); // 16 lies in GF(2^8), not GF(2^4)
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Calculation {
    /// The first operand.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::decimal"))]
    pub a: u64,
    /// The second operand.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::decimal"))]
    pub b: u64,
    /// `a ⊕ b`.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::decimal"))]
    pub sum: u64,
    /// `a ⊗ b`.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::decimal"))]
    pub product: u64,
    /// `a ⊘ b`, `None` when `b = 0`.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::decimal_option"))]
    pub quotient: Option<u64>,
    /// `a⁻¹`, `None` when `a = 0`.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::decimal_option"))]
    pub inverse_a: Option<u64>,
    /// `b⁻¹`, `None` when `b = 0`.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::decimal_option"))]
    pub inverse_b: Option<u64>,
    /// `√a`.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::decimal"))]
    pub sqrt_a: u64,
    /// `√b`.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::decimal"))]
    pub sqrt_b: u64,
    /// The smallest field holding `a` and `b`, as `"GF(2^k)"`.
    pub field: String,
    /// `k` of the smallest field GF(2^k) holding `a` and `b`.
    pub field_bits: u32,
}

/// Every operation of the calculator on `a` and `b`.
///
/// # Examples
/// ```
/// use onag::nimber::{calc::calculate, Nimber};
/// let c = calculate(Nimber(2), Nimber(3));
/// assert_eq!((c.sum, c.product, c.quotient), (1, 1, Some(3)));
/// assert_eq!(c.field_bits, 2);
/// ```
pub fn calculate(a: Nimber, b: Nimber) -> Calculation {
    let field_bits = a.field_bits().max(b.field_bits());
    Calculation {
        a: a.0,
        b: b.0,
        sum: (a + b).0,
        product: (a * b).0,
        quotient: a.checked_div(b).map(|q| q.0),
        inverse_a: a.inverse().map(|x| x.0),
        inverse_b: b.inverse().map(|x| x.0),
        sqrt_a: a.sqrt().0,
        sqrt_b: b.sqrt().0,
        field: format!("GF(2^{field_bits})"),
        field_bits,
    }
}

/// One operation of the command line's calculator (`onag nim mul|inv|sqrt|pow`) on 128-bit
/// numbers or transfinite ordinals: the operation, its arguments and its result, all as text
/// (numbers in decimal, ordinals in Cantor normal form).
///
/// # Examples
/// ```
/// use onag::nimber::calc::Operation;
/// use onag::nimber::Nimber128;
///
/// let r = Operation::new("mul", &[&2u128, &3u128], &(Nimber128(2) * Nimber128(3)).0);
/// assert_eq!((r.op.as_str(), r.args.as_slice(), r.result.as_str()), ("mul", &["2".to_string(), "3".to_string()][..], "1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Operation {
    /// `mul`, `inv`, `sqrt` or `pow`.
    pub op: String,
    /// The arguments, as text.
    pub args: Vec<String>,
    /// The result, as text.
    pub result: String,
}

impl Operation {
    /// The report of `op` on `args` giving `result`.
    pub fn new(
        op: &str,
        args: &[&dyn std::fmt::Display],
        result: &dyn std::fmt::Display,
    ) -> Operation {
        Operation {
            op: op.to_string(),
            args: args.iter().map(|a| a.to_string()).collect(),
            result: result.to_string(),
        }
    }
}
