//! The nim calculator as one report: every operation on a pair of 64-bit nimbers.

use super::Nimber;

/// Sum, product, quotient, inverses and square roots of `a` and `b`, and the smallest nim
/// field holding both.
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
/// assert_eq!(c.field_bits, 8); // 16 lies in GF(2^8), not in GF(2^4)
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Calculation {
    /// The first operand.
    pub a: u64,
    /// The second operand.
    pub b: u64,
    /// `a ⊕ b`.
    pub sum: u64,
    /// `a ⊗ b`.
    pub product: u64,
    /// `a ⊘ b`, `None` when `b = 0`.
    pub quotient: Option<u64>,
    /// `a⁻¹`, `None` when `a = 0`.
    pub inverse_a: Option<u64>,
    /// `b⁻¹`, `None` when `b = 0`.
    pub inverse_b: Option<u64>,
    /// `√a`.
    pub sqrt_a: u64,
    /// `√b`.
    pub sqrt_b: u64,
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
        field_bits: a.field_bits().max(b.field_bits()),
    }
}
