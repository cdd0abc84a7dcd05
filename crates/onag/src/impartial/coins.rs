//! One-dimensional coin-turning rulesets and their single-coin values.
//!
//! **Coin numbering.** Positions are numbered 0, 1, 2, … from the left. A ruleset says which
//! position holds the first coin ([`Rule::first_coin`]):
//!
//! - [`Rule::Twins`] and [`Rule::Ruler`] start at coin 1; position 0 is a *border* that holds
//!   no coin (value 0). Then Twins has `v(x) = x` (it is Nim) and Ruler has `v(x)` = the
//!   largest power of 2 dividing `x` (OEIS A006519, offset 1: `v(x) = a(x)`).
//! - [`Rule::AtMost`] (turn at most k coins) starts at coin 0. Mock Turtles (k = 3) has the
//!   odious numbers, `v(x) = A000069(x + 1)`; in general "turn at most k" has
//!   `v(x) = a(x + 1)` for OEIS A000069 (k = 3), A033623 (4), A054016 (5, Moebius), A054043 (6),
//!   A054044 (7, Mogul), A054045 (8), all of offset 1.
//!
//! A move turns the head `x` plus a set of *other* coins, all left of `x`. The value of coin
//! `x` is `mex { ⊕ v(other coins) : moves with head x }` (Winning Ways ch. 14).

use std::fmt;
use std::str::FromStr;

use super::mex::Stamp;

/// The largest position [`Rule::moves`] accepts (moves are bitmasks of positions in a `u64`).
pub const MAX_MASK_POSITION: usize = 63;

/// A one-dimensional coin-turning ruleset.
///
/// # Examples
/// ```
/// use onag::impartial::coins::{Rule, MOCK_TURTLES};
///
/// assert_eq!(Rule::Ruler.values(9), vec![0, 1, 2, 1, 4, 1, 2, 1, 8]); // v(0): the border
/// // Mock Turtles (coins from 0): the odious numbers.
/// assert_eq!(MOCK_TURTLES.values(8), vec![1, 2, 4, 7, 8, 11, 13, 14]);
/// assert_eq!("mock-turtles".parse::<Rule>(), Ok(MOCK_TURTLES));
/// assert!("turtles".parse::<Rule>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Turn the head `x` and at most one coin `y` left of it (`y ≥ 1`; choosing the border 0
    /// turns `x` alone). This is Nim: `v(x) = x`.
    Twins,
    /// Turn a run of consecutive coins `y, y+1, …, x` with `1 ≤ y ≤ x`.
    Ruler,
    /// Turn the head and at most `k − 1` other coins (coins from 0); `k ≥ 1`. Mock Turtles is
    /// `AtMost(3)`, Moebius `AtMost(5)`, Mogul `AtMost(7)`.
    AtMost(u32),
}

/// Mock Turtles: turn at most 3 coins.
pub const MOCK_TURTLES: Rule = Rule::AtMost(3);
/// Moebius: turn at most 5 coins.
pub const MOEBIUS: Rule = Rule::AtMost(5);
/// Mogul: turn at most 7 coins.
pub const MOGUL: Rule = Rule::AtMost(7);

/// A ruleset name that [`Rule::from_str`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown ruleset '{0}' (expected twins, ruler, mock-turtles, moebius, mogul or \
    at-most:K with 1 ≤ K ≤ 64)"
)]
pub struct RuleError(pub String);

impl FromStr for Rule {
    type Err = RuleError;

    /// Parses `twins`, `ruler`, `mock-turtles`, `moebius`, `mogul` or `at-most:K`.
    fn from_str(s: &str) -> Result<Rule, RuleError> {
        let lower = s.trim().to_ascii_lowercase();
        match lower.as_str() {
            "twins" => Ok(Rule::Twins),
            "ruler" => Ok(Rule::Ruler),
            "mock-turtles" => Ok(MOCK_TURTLES),
            "moebius" => Ok(MOEBIUS),
            "mogul" => Ok(MOGUL),
            _ => lower
                .strip_prefix("at-most:")
                .and_then(|k| k.parse::<u32>().ok())
                .filter(|k| (1..=64).contains(k))
                .map(Rule::AtMost)
                .ok_or_else(|| RuleError(s.to_string())),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Rule::Twins => f.write_str("twins"),
            Rule::Ruler => f.write_str("ruler"),
            Rule::AtMost(3) => f.write_str("mock-turtles"),
            Rule::AtMost(5) => f.write_str("moebius"),
            Rule::AtMost(7) => f.write_str("mogul"),
            Rule::AtMost(k) => write!(f, "at-most:{k}"),
        }
    }
}

impl Rule {
    /// The position of the first coin: 1 for Twins and Ruler (position 0 is the border),
    /// 0 for turn-at-most-k.
    pub fn first_coin(self) -> usize {
        match self {
            Rule::Twins | Rule::Ruler => 1,
            Rule::AtMost(_) => 0,
        }
    }

    /// The moves with head `x`, each as the bitmask of the *other* coins it turns (positions
    /// `first_coin() ..< x`). Empty when `x` is the border or `x > MAX_MASK_POSITION`.
    pub fn moves(self, x: usize) -> Vec<u64> {
        if x < self.first_coin() || x > MAX_MASK_POSITION {
            return Vec::new();
        }
        let first = self.first_coin();
        match self {
            Rule::Twins => std::iter::once(0)
                .chain((first..x).map(|y| 1u64 << y))
                .collect(),
            // The run y..x minus the head: bits y..x−1.
            Rule::Ruler => (first..=x)
                .map(|y| ((1u64 << x) - 1) & !((1u64 << y) - 1))
                .collect(),
            Rule::AtMost(k) => {
                let mut out = Vec::new();
                subsets_up_to(first, x, k.saturating_sub(1) as usize, 0, &mut out);
                out
            }
        }
    }

    /// The number of moves with head `x` (what `moves(x).len()` would be, without building
    /// them: turn-at-most-k on many coins has astronomically many).
    pub fn move_count(self, x: usize) -> u128 {
        if x < self.first_coin() {
            return 0;
        }
        let others = (x - self.first_coin()) as u128;
        match self {
            Rule::Twins | Rule::Ruler => others + 1,
            Rule::AtMost(k) => {
                // Σ_{i < k} C(others, i), saturating.
                let (mut total, mut binom) = (0u128, 1u128);
                for i in 0..u128::from(k) {
                    if i > others {
                        break;
                    }
                    total = total.saturating_add(binom);
                    binom = binom.saturating_mul(others - i) / (i + 1);
                }
                total
            }
        }
    }

    /// The values `v(0), v(1), …, v(count − 1)` of single coins, by mex over the moves (the
    /// border of Twins and Ruler has value 0). Memory grows with the largest value (a set of
    /// reachable XORs is kept for turn-at-most-k); see [`Rule::values_up_to`] for a bound.
    pub fn values(self, count: usize) -> Vec<u64> {
        self.values_up_to(count, u64::MAX)
    }

    /// The single-coin values as `onag coins values` and Python's `coins.values` report them:
    /// `count` values, each at most `max_value` (for turn-at-most-k, `max_value / k`: its sets
    /// of reachable XORs grow with the values), or the error naming the first one past it.
    ///
    /// # Examples
    /// ```
    /// use onag::impartial::coins::Rule;
    ///
    /// let r = Rule::Ruler.values_report(9, 1 << 25).unwrap();
    /// assert_eq!((r.rule.as_str(), r.first_coin), ("ruler", 1));
    /// assert_eq!(r.values, [0, 1, 2, 1, 4, 1, 2, 1, 8]);
    /// let e = Rule::Ruler.values_report(9, 3).unwrap_err();
    /// assert_eq!(e.to_string(), "ruler: v(4) exceeds 3; ask for at most 4 values");
    /// ```
    pub fn values_report(
        self,
        count: usize,
        max_value: u64,
    ) -> Result<ValuesReport, ValueTooLarge> {
        let max_value = match self {
            Rule::AtMost(k) => max_value / u64::from(k.max(1)),
            _ => max_value,
        };
        let values = self.values_up_to(count, max_value);
        if values.len() < count {
            return Err(ValueTooLarge {
                rule: self.to_string(),
                index: values.len(),
                max_value,
            });
        }
        Ok(ValuesReport {
            rule: self.to_string(),
            first_coin: self.first_coin(),
            values,
        })
    }

    /// Like [`Rule::values`], but stops before the first value above `max_value` (the result
    /// is then shorter than `count`), which bounds time and memory.
    pub fn values_up_to(self, count: usize, max_value: u64) -> Vec<u64> {
        let mut v: Vec<u64> = Vec::with_capacity(count);
        if let Rule::AtMost(k) = self {
            return at_most_values(k.saturating_sub(1) as usize, count, max_value);
        }
        let mut stamp = Stamp::new(64);
        for x in 0..count {
            if x < self.first_coin() {
                v.push(0);
                continue;
            }
            stamp.next_round();
            stamp.mark(0);
            let earlier = &v[self.first_coin()..x];
            if self == Rule::Twins {
                for &w in earlier {
                    stamp.mark(w as usize);
                }
            } else {
                // Runs y..x: the XOR of v(y..x−1), accumulated right to left.
                let mut acc = 0;
                for &w in earlier.iter().rev() {
                    acc ^= w;
                    stamp.mark(acc as usize);
                }
            }
            let value = stamp.mex();
            if value > max_value {
                break;
            }
            v.push(value);
        }
        v
    }
}

/// Values of "turn the head and at most `j` other coins": `v(x)` is the mex of `R_j(x)`, the
/// XORs of at most `j` distinct earlier values. The sets grow as coins are added,
/// `R_i(x+1) = R_i(x) ∪ (R_{i−1}(x) ⊕ v(x))` (updated for `i` from `j` down so the right-hand
/// side is the old set), so the mex only moves forward and each coin costs `Σ |R_i|`.
fn at_most_values(j: usize, count: usize, max_value: u64) -> Vec<u64> {
    let mut values = Vec::with_capacity(count);
    // members[i]: the elements of R_i; member[i][r]: whether r ∈ R_i.
    let mut members: Vec<Vec<u64>> = vec![vec![0]; j + 1];
    let mut member: Vec<Vec<bool>> = vec![vec![true]; j + 1];
    let mut mex = 0u64;
    for _ in 0..count {
        let top = &member[j];
        while top.get(mex as usize).copied().unwrap_or(false) {
            mex += 1;
        }
        let v = mex;
        if v > max_value {
            break;
        }
        values.push(v);
        // Grow the universe to a power of two above v: XORs of values stay below it.
        let universe = (v + 1).next_power_of_two() as usize;
        if member[0].len() < universe {
            for m in &mut member {
                m.resize(universe, false);
            }
        }
        for i in (1..=j).rev() {
            let (lower, upper) = members.split_at_mut(i);
            for &old in &lower[i - 1] {
                let r = (old ^ v) as usize;
                if !member[i][r] {
                    member[i][r] = true;
                    upper[0].push(r as u64);
                }
            }
        }
    }
    values
}

/// All bitmasks of at most `left` positions in `from..to`.
fn subsets_up_to(from: usize, to: usize, left: usize, acc: u64, out: &mut Vec<u64>) {
    out.push(acc);
    if left == 0 {
        return;
    }
    for y in from..to {
        subsets_up_to(y + 1, to, left - 1, acc | 1 << y, out);
    }
}

/// The single-coin values of a ruleset ([`Rule::values_report`]).
///
/// # Examples
/// ```
/// use onag::impartial::coins::Rule;
/// let r = Rule::Twins.values_report(5, 1 << 25).unwrap();
/// assert_eq!((r.first_coin, r.values), (1, vec![0, 1, 2, 3, 4]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ValuesReport {
    /// The ruleset's name.
    pub rule: String,
    /// The index of the first coin (1 for Twins and Ruler, whose coin 0 is the border).
    pub first_coin: usize,
    /// `v(0), v(1), …`.
    pub values: Vec<u64>,
}

/// Why [`Rule::values_report`] gave up: value `index` exceeds the bound.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{rule}: v({index}) exceeds {max_value}; ask for at most {index} values")]
pub struct ValueTooLarge {
    /// The ruleset's name.
    pub rule: String,
    /// The first index whose value is past the bound (so `index` values can be given).
    pub index: usize,
    /// The bound.
    pub max_value: u64,
}
