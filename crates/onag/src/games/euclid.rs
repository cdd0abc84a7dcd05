//! Euclid's game (A. J. Cole and A. J. T. Davie, "A game based on the Euclidean algorithm and
//! a winning strategy for it", *Mathematical Gazette* 53 (1969) 354–357): a position is two
//! non-negative integers; a move subtracts a positive multiple of the smaller (positive) number
//! from the larger, leaving it at least 0. A position with a zero has no move, so under normal
//! play whoever makes a number zero wins. The game is impartial.
//!
//! Cole and Davie's strategy: with `a ≥ b > 0`, the player to move wins exactly when `a = b`
//! or `a / b` exceeds the golden ratio φ (then one of the two moves `a mod b` and
//! `a mod b + b` leaves a ratio below φ; below φ the only move is to `a − b`, which leaves a
//! ratio above it).
//!
//! Notation: `a,b` (`12,7`), each number from 0 to [`MAX`]. The order is kept as written; a
//! move changes the larger number. Every symmetry swaps the two numbers, which keeps the
//! Grundy value. A move is labelled by the position it leaves.
//!
//! # Examples
//! ```
//! use onag::games::euclid::Euclid;
//! use onag::games::ImpartialSolver;
//! use onag::nimber::Nimber;
//!
//! let mut solver = ImpartialSolver::new();
//! let mut grundy = |t: &str| solver.grundy(&t.parse::<Euclid>().unwrap(), &onag::StopFlag::new()).unwrap();
//! // 7,5 → 2,5 only, then 2,3 → 2,1 → 0,1: the player to move loses (7/5 < φ)
//! assert_eq!(grundy("7,5"), Nimber(0));
//! // 12,7: 12/7 > φ, so the player to move wins
//! assert_ne!(grundy("12,7"), Nimber(0));
//! assert_eq!("12,7".parse::<Euclid>().unwrap().to_string(), "12,7");
//! assert!("12,x".parse::<Euclid>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use super::traits::ImpartialGame;
use crate::Span;

/// The largest number a position may hold. A position `a,b` with `a ≥ b` has `⌊a/b⌋` moves,
/// and the positions reachable from it are the pairs of its Euclidean chain (about `a/b`
/// pairs for each quotient), so the work of a full analysis grows like the square of the
/// largest quotient: at most a million option edges here.
pub const MAX: u32 = 1000;

/// A position of Euclid's game: two numbers, in the order written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Euclid {
    a: u32,
    b: u32,
}

/// Why a text is not a position of Euclid's game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EuclidError {
    /// Not two numbers separated by one comma.
    #[error("{span}: a position is two numbers separated by a comma (e.g. 12,7)")]
    Shape {
        /// Where the text stops being `a,b`.
        span: Span,
    },
    /// A part that is not a number from 0 to [`MAX`].
    #[error("{span}: '{found}' is not a number from 0 to {MAX}")]
    BadNumber {
        /// The part as written.
        found: String,
        /// Where it starts.
        span: Span,
    },
}

impl EuclidError {
    /// Where the error is.
    pub fn span(&self) -> Option<Span> {
        match self {
            EuclidError::Shape { span } | EuclidError::BadNumber { span, .. } => Some(*span),
        }
    }
}

impl Euclid {
    /// The position `a,b`, or `None` when a number is past [`MAX`].
    pub fn new(a: u32, b: u32) -> Option<Euclid> {
        (a <= MAX && b <= MAX).then_some(Euclid { a, b })
    }

    /// The two numbers, in the order written.
    pub fn numbers(&self) -> (u32, u32) {
        (self.a, self.b)
    }
}

impl fmt::Display for Euclid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.a, self.b)
    }
}

impl FromStr for Euclid {
    type Err = EuclidError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let Some((first, second)) = s.split_once(',') else {
            return Err(EuclidError::Shape {
                span: Span::at(s, s.len()),
            });
        };
        if let Some(extra) = second.find(',') {
            return Err(EuclidError::Shape {
                span: Span::at(s, first.len() + 1 + extra),
            });
        }
        let number = |part: &str, start: usize| -> Result<u32, EuclidError> {
            let lead = part.len() - part.trim_start().len();
            let trimmed = part.trim();
            let bad = || EuclidError::BadNumber {
                found: trimmed.to_string(),
                span: Span::at(s, start + lead),
            };
            // digits only: `+5` and `-0` are not positions
            if trimmed.is_empty() || !trimmed.bytes().all(|c| c.is_ascii_digit()) {
                return Err(bad());
            }
            trimmed
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= MAX)
                .ok_or_else(bad)
        };
        let a = number(first, 0)?;
        let b = number(second, first.len() + 1)?;
        Ok(Euclid { a, b })
    }
}

impl ImpartialGame for Euclid {
    fn options(&self) -> Vec<Self> {
        let (a, b) = (self.a, self.b);
        if a == 0 || b == 0 {
            return Vec::new();
        }
        if a >= b {
            (1..=a / b).map(|k| Euclid { a: a - k * b, b }).collect()
        } else {
            (1..=b / a).map(|k| Euclid { a, b: b - k * a }).collect()
        }
    }

    /// `a,b` and `b,a` are the same game.
    fn symmetric_key(&self) -> Self {
        Euclid {
            a: self.a.max(self.b),
            b: self.a.min(self.b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ImpartialSolver;
    use crate::nimber::Nimber;
    use crate::StopFlag;

    /// Cole and Davie's criterion, in integers: with `a ≥ b > 0` the player to move wins iff
    /// `a = b` or `a/b > φ`, that is `a² − ab − b² > 0` (φ is the positive root of
    /// `x² − x − 1`); a position with a zero is lost for the player to move.
    fn cole_davie_mover_wins(a: u32, b: u32) -> bool {
        let (a, b) = (i64::from(a.max(b)), i64::from(a.min(b)));
        b > 0 && (a == b || a * a - a * b - b * b > 0)
    }

    #[test]
    fn grundy_zero_exactly_where_cole_and_davie_say_the_mover_loses() {
        let mut solver = ImpartialSolver::new();
        let stop = StopFlag::new();
        for a in 0..=60 {
            for b in 0..=60 {
                let g = solver.grundy(&Euclid { a, b }, &stop).unwrap();
                assert_eq!(
                    g != Nimber(0),
                    cole_davie_mover_wins(a, b),
                    "{a},{b}: Grundy value {g:?}"
                );
            }
        }
    }

    #[test]
    fn moves_subtract_multiples_of_the_smaller_from_the_larger() {
        let opts = |t: &str| -> Vec<String> {
            let p: Euclid = t.parse().unwrap();
            p.options().iter().map(Euclid::to_string).collect()
        };
        assert_eq!(opts("12,5"), ["7,5", "2,5"]);
        assert_eq!(opts("5,12"), ["5,7", "5,2"]);
        assert_eq!(opts("4,4"), ["0,4"]);
        assert_eq!(opts("6,2"), ["4,2", "2,2", "0,2"]);
        assert!(opts("0,9").is_empty());
        assert!(opts("0,0").is_empty());
    }

    #[test]
    fn notation_round_trips_and_errors_know_their_place() {
        for t in ["0,0", "12,7", "7,12", "1000,1"] {
            assert_eq!(t.parse::<Euclid>().unwrap().to_string(), t);
        }
        assert_eq!(" 3 , 4 ".parse::<Euclid>().unwrap().to_string(), "3,4");
        let span = |t: &str| t.parse::<Euclid>().unwrap_err().span().unwrap().char;
        assert_eq!(span("12"), 2);
        assert_eq!(span("1,2,3"), 3);
        assert_eq!(span("x,2"), 0);
        assert_eq!(span("1, -2"), 3);
        assert_eq!(span("1,1001"), 2);
        assert_eq!(span("1,"), 2);
        let e = "1,1001".parse::<Euclid>().unwrap_err().to_string();
        assert!(e.contains("'1001' is not a number from 0 to 1000"), "{e}");
        assert!(Euclid::new(MAX + 1, 1).is_none());
    }

    #[test]
    fn the_largest_quotient_is_analysed_quickly() {
        let mut solver = ImpartialSolver::new();
        let g = solver
            .grundy(&Euclid::new(MAX, 1).unwrap(), &StopFlag::new())
            .unwrap();
        // from n,1 the moves reach every k,1 with k < n, so the Grundy value of n,1 is n
        assert_eq!(g, Nimber(u64::from(MAX)));
    }
}
