//! Exact dyadic rationals `num / 2^exp`: the numbers of short partizan games.
//!
//! Every number that is the value of a short game is dyadic (Conway, *On Numbers and Games*,
//! ch. 2), so game values, stops, means and temperatures are all exact in this type. All
//! arithmetic is checked: a result that does not fit (numerator beyond `i64`, exponent beyond
//! [`Dyadic::MAX_EXP`]) is an [`DyadicError::Overflow`], never a wrong value.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// Exact dyadic rational `num / 2^exp`, normalised (`num` odd, or `exp == 0`).
///
/// `Ord` is the numeric order.
///
/// # Examples
/// ```
/// use onag::partizan::dyadic::Dyadic;
/// let a: Dyadic = "5/8".parse().unwrap();
/// let b = Dyadic::new(3, 3).unwrap();
/// assert_eq!(a.checked_add(b).unwrap(), Dyadic::ONE);
/// assert_eq!(Dyadic::simplest_between(a, Dyadic::ONE).unwrap().to_string(), "3/4");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

/// Why a dyadic operation or parse failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DyadicError {
    /// The exact result does not fit (numerator beyond `i64` or exponent beyond `MAX_EXP`).
    #[error("dyadic arithmetic overflow")]
    Overflow,
    /// A fraction whose denominator is not a power of two.
    #[error("the denominator is not a power of two")]
    NotDyadic,
    /// Text that is not a number; the message says why.
    #[error("not a dyadic number: {0}")]
    Parse(String),
}

/// Narrows an exact `i128` numerator over `2^exp` to a normalised [`Dyadic`].
fn normalise(mut num: i128, mut exp: u32) -> Result<Dyadic, DyadicError> {
    if num == 0 {
        return Ok(Dyadic::ZERO);
    }
    let tz = num.trailing_zeros().min(exp);
    num >>= tz;
    exp -= tz;
    if exp > Dyadic::MAX_EXP {
        return Err(DyadicError::Overflow);
    }
    let num = i64::try_from(num).map_err(|_| DyadicError::Overflow)?;
    Ok(Dyadic { num, exp })
}

impl Dyadic {
    /// The largest exponent allowed: denominators up to `2^62`, so two numbers always align
    /// exactly inside an `i128`.
    pub const MAX_EXP: u32 = 62;
    /// 0.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// 1.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };

    /// The integer `n`.
    pub fn from_int(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// `num / 2^exp`, normalised; an exponent above [`Dyadic::MAX_EXP`] after normalising is
    /// an overflow.
    pub fn new(num: i64, exp: u32) -> Result<Dyadic, DyadicError> {
        if num == 0 {
            return Ok(Dyadic::ZERO);
        }
        let tz = num.trailing_zeros().min(exp);
        let (num, exp) = (num >> tz, exp - tz);
        if exp > Dyadic::MAX_EXP {
            return Err(DyadicError::Overflow);
        }
        Ok(Dyadic { num, exp })
    }

    /// The number with these normalised parts (as [`Dyadic::numerator`] and
    /// [`Dyadic::exponent`] gave them): no check, for compact stores of known numbers.
    #[inline]
    pub(crate) const fn from_normalised(num: i64, exp: u32) -> Dyadic {
        Dyadic { num, exp }
    }

    /// The normalised numerator: `self = numerator / 2^exponent`.
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The normalised exponent of the denominator.
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether the number is an integer.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// The largest integer ≤ self (an arithmetic shift rounds towards −∞).
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// The smallest integer ≥ self.
    pub fn ceil(self) -> i64 {
        // cannot overflow: for exp > 0 the floor is at most i64::MAX / 2
        if self.exp == 0 {
            self.num
        } else {
            self.floor() + 1
        }
    }

    /// The numerator scaled to the exponent `exp ≥ self.exp`, exactly, in `i128`.
    fn scaled(self, exp: u32) -> i128 {
        (self.num as i128) << (exp - self.exp)
    }

    /// `self + o`, exactly.
    pub fn checked_add(self, o: Dyadic) -> Result<Dyadic, DyadicError> {
        let e = self.exp.max(o.exp);
        normalise(self.scaled(e) + o.scaled(e), e)
    }

    /// `self − o`, exactly.
    pub fn checked_sub(self, o: Dyadic) -> Result<Dyadic, DyadicError> {
        let e = self.exp.max(o.exp);
        normalise(self.scaled(e) - o.scaled(e), e)
    }

    /// `−self` (overflows only for the numerator `i64::MIN`).
    pub fn checked_neg(self) -> Result<Dyadic, DyadicError> {
        Ok(Dyadic {
            num: self.num.checked_neg().ok_or(DyadicError::Overflow)?,
            exp: self.exp,
        })
    }

    /// `self / 2`.
    pub fn half(self) -> Result<Dyadic, DyadicError> {
        normalise(self.num as i128, self.exp + 1)
    }

    /// `self · 2^k`, exactly.
    pub fn checked_mul_pow2(self, k: u32) -> Result<Dyadic, DyadicError> {
        if self.num == 0 {
            return Ok(Dyadic::ZERO);
        }
        if k <= self.exp {
            return Dyadic::new(self.num, self.exp - k);
        }
        let shift = k - self.exp;
        if shift >= 64 {
            return Err(DyadicError::Overflow);
        }
        normalise((self.num as i128) << shift, 0)
    }

    /// `self · k`, exactly.
    pub fn checked_mul_int(self, k: i64) -> Result<Dyadic, DyadicError> {
        normalise(self.num as i128 * k as i128, self.exp)
    }

    /// `self · o`, exactly.
    pub fn checked_mul(self, o: Dyadic) -> Result<Dyadic, DyadicError> {
        normalise(self.num as i128 * o.num as i128, self.exp + o.exp)
    }

    /// The simplest number strictly between `lo` and `hi` (requires `lo < hi`), by Conway's
    /// simplicity rule (ONAG, Theorem 11): an integer if one lies between them — the one of
    /// least magnitude — otherwise the dyadic with the smallest denominator between them.
    pub fn simplest_between(lo: Dyadic, hi: Dyadic) -> Result<Dyadic, DyadicError> {
        if lo >= hi {
            return Err(DyadicError::Parse(format!(
                "no number lies strictly between {lo} and {hi}"
            )));
        }
        let zero = Dyadic::ZERO;
        if lo < zero && zero < hi {
            return Ok(zero);
        }
        if lo >= zero {
            // the smallest integer > lo
            let n = lo.floor().checked_add(1).ok_or(DyadicError::Overflow)?;
            if Dyadic::from_int(n) < hi {
                return Ok(Dyadic::from_int(n));
            }
        } else {
            // hi ≤ 0: the largest integer < hi
            let n = hi.ceil().checked_sub(1).ok_or(DyadicError::Overflow)?;
            if Dyadic::from_int(n) > lo {
                return Ok(Dyadic::from_int(n));
            }
        }
        // lo and hi lie in one unit interval: the simplest is the point of smallest
        // denominator, found by refining the grid 2^-e until a grid point falls strictly
        // inside; at e = max(lo.exp, hi.exp) + 1 the gap spans two grid steps, so one does.
        for e in 1..=lo.exp.max(hi.exp) + 1 {
            let scaled_lo = lo.scaled_floor(e);
            let candidate = normalise(scaled_lo + 1, e)?;
            if candidate > lo && candidate < hi {
                return Ok(candidate);
            }
        }
        Err(DyadicError::Overflow)
    }

    /// `floor(self · 2^e)` (e ≤ MAX_EXP), in `i128`.
    fn scaled_floor(self, e: u32) -> i128 {
        if e >= self.exp {
            self.scaled(e)
        } else {
            (self.num as i128) >> (self.exp - e)
        }
    }

    /// The nearest `f64` (for plotting only).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / 2f64.powi(self.exp as i32)
    }
}

impl Default for Dyadic {
    fn default() -> Self {
        Dyadic::ZERO
    }
}

impl From<i32> for Dyadic {
    fn from(n: i32) -> Self {
        Dyadic::from_int(n as i64)
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        let e = self.exp.max(other.exp);
        self.scaled(e).cmp(&other.scaled(e))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

impl FromStr for Dyadic {
    type Err = DyadicError;

    /// Parses `0`, `-3`, `5/8`, `+7/2`: an optional sign, decimal digits, and optionally `/`
    /// and a power-of-two denominator (`6/8` is accepted and normalised to `3/4`).
    fn from_str(text: &str) -> Result<Dyadic, DyadicError> {
        let t = text.trim();
        let (negative, body) = match t.as_bytes().first() {
            Some(b'-') => (true, &t[1..]),
            Some(b'+') => (false, &t[1..]),
            _ => (false, t),
        };
        let (num_text, den_text) = match body.split_once('/') {
            Some((n, d)) => (n, Some(d)),
            None => (body, None),
        };
        let digits = |s: &str| -> Result<u128, DyadicError> {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(DyadicError::Parse(format!(
                    "'{text}' is not a number like -5/8"
                )));
            }
            s.parse::<u128>().map_err(|_| DyadicError::Overflow)
        };
        let mut num = digits(num_text)? as i128;
        if num > i64::MAX as i128 + 1 {
            return Err(DyadicError::Overflow);
        }
        if negative {
            num = -num;
        }
        let exp = match den_text {
            None => 0,
            Some(d) => {
                let den = digits(d)?;
                if den == 0 {
                    return Err(DyadicError::Parse(format!("'{text}' divides by zero")));
                }
                if !den.is_power_of_two() {
                    return Err(DyadicError::NotDyadic);
                }
                den.trailing_zeros()
            }
        };
        normalise(num, exp)
    }
}
