//! Wind-Up: a subtraction game played round a cycle, proposed by Alfie Davies at Games at Dal
//! 2023 (as the `cgt` crate documents its `WindUp`). The positions are `0, 1, …, n − 1`; from
//! a position `i ≠ 0` a move subtracts an element `s` of the subtraction set modulo `n`, to
//! `(i − s) mod n`; position 0 has no move. Play can wind round the cycle for ever, so the
//! game is a loopy impartial game and its values are Smith's loopy nim-values
//! ([`crate::loopy::impartial`]).

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use super::LoopyRules;
use crate::loopy::graph::Graph;
use crate::loopy::impartial::{impartial_graph, nim_values, LoopyNimValue};
use crate::loopy::LoopyError;
use crate::partizan::Player;
use crate::StopFlag;

/// The largest cycle taken (every position costs a graph vertex).
pub const MAX_N: u32 = 1 << 20;

/// A Wind-Up ruleset: the length `n` of the cycle and the subtraction set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WindUp {
    n: u32,
    set: Arc<[u32]>,
}

impl WindUp {
    /// Wind-Up on a cycle of `n` positions with subtraction set `set` (sorted, repeats
    /// dropped). [`LoopyError::Invalid`] when `n` is 0 or above [`MAX_N`], or the set is empty
    /// or holds 0.
    pub fn new(n: u32, set: &[u32]) -> Result<WindUp, LoopyError> {
        if n == 0 || n > MAX_N {
            return Err(LoopyError::Invalid(format!(
                "the cycle has 1 to {MAX_N} positions, not {n}"
            )));
        }
        let mut set = set.to_vec();
        set.sort_unstable();
        set.dedup();
        if set.is_empty() || set[0] == 0 {
            return Err(LoopyError::Invalid(
                "the subtraction set is a non-empty set of positive integers".into(),
            ));
        }
        Ok(WindUp { n, set: set.into() })
    }

    /// The length of the cycle.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The subtraction set.
    pub fn set(&self) -> &[u32] {
        &self.set
    }

    /// The moves from position `i` (none from 0).
    pub fn moves(&self, i: u32) -> Vec<u32> {
        if i == 0 {
            return Vec::new();
        }
        let n = u64::from(self.n);
        self.set
            .iter()
            .map(|&s| ((u64::from(i) + n - u64::from(s) % n) % n) as u32)
            .collect()
    }

    /// The whole game graph: vertex `i` is position `i`.
    pub fn graph(&self) -> Graph {
        let options: Vec<Vec<u32>> = (0..self.n).map(|i| self.moves(i)).collect();
        // every option is below n
        impartial_graph(&options).unwrap_or_default()
    }

    /// The loopy nim-value of every position `0..n`.
    ///
    /// # Examples
    /// ```
    /// use onag::loopy::games::wind_up::WindUp;
    ///
    /// let w = WindUp::new(5, &[2, 3]).unwrap();
    /// let v: Vec<String> = w.values(&onag::StopFlag::new()).unwrap().iter().map(|v| v.to_string()).collect();
    /// assert_eq!(v.len(), 5);
    /// assert_eq!(v[0], "0");
    /// ```
    pub fn values(&self, stop: &StopFlag) -> Result<Vec<LoopyNimValue>, LoopyError> {
        nim_values(&self.graph(), stop)
    }

    /// Position `i` of this ruleset, for [`super::explore`].
    pub fn position(&self, i: u32) -> Position {
        Position {
            rules: self.clone(),
            at: i % self.n,
        }
    }
}

impl fmt::Display for WindUp {
    /// `WindUp(n, {a,b})`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let set: Vec<String> = self.set.iter().map(u32::to_string).collect();
        write!(f, "WindUp({}, {{{}}})", self.n, set.join(","))
    }
}

/// A position of Wind-Up: the ruleset and the place on the cycle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rules: WindUp,
    at: u32,
}

impl Position {
    /// The place on the cycle.
    pub fn at(&self) -> u32 {
        self.at
    }
}

impl LoopyRules for Position {
    /// Impartial: both players have the same moves.
    fn options(&self, _player: Player) -> Vec<Position> {
        self.rules
            .moves(self.at)
            .into_iter()
            .map(|at| Position {
                rules: self.rules.clone(),
                at,
            })
            .collect()
    }

    /// `−2: 5 → 3` (the element subtracted, the place left and the place reached).
    fn move_label(&self, after: &Position) -> Option<String> {
        let n = u64::from(self.rules.n);
        let s = (u64::from(self.at) + n - u64::from(after.at)) % n;
        Some(format!("−{s}: {} → {}", self.at, after.at))
    }

    fn impartial() -> bool {
        true
    }
}

/// Why a Wind-Up position did not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not `N:S:I`.
    #[error("a position is N:S:I — a cycle of N places, the subtraction set S, the place I (e.g. 7:2,3:5)")]
    Shape,
    /// The cycle or the set is not valid.
    #[error("{0}")]
    Rules(String),
    /// The place is not on the cycle.
    #[error("the place {0} is not on a cycle of {1} (places 0 to {1} − 1)")]
    Place(u32, u32),
}

impl FromStr for Position {
    type Err = PositionError;

    /// `N:S:I`: a cycle of `N` places, subtraction set `S` (`2,3`), place `I` (e.g. `7:2,3:5`).
    fn from_str(s: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = s.trim().split(':').map(str::trim).collect();
        let [n, set, at] = fields[..] else {
            return Err(PositionError::Shape);
        };
        let n: u32 = n.parse().map_err(|_| PositionError::Shape)?;
        let set: Vec<u32> = set
            .split(',')
            .map(|x| x.trim().parse())
            .collect::<Result<_, _>>()
            .map_err(|_| PositionError::Shape)?;
        let at: u32 = at.parse().map_err(|_| PositionError::Shape)?;
        let rules = WindUp::new(n, &set).map_err(|e| PositionError::Rules(e.to_string()))?;
        if at >= n {
            return Err(PositionError::Place(at, n));
        }
        Ok(Position { rules, at })
    }
}

impl fmt::Display for Position {
    /// `N:S:I`, as parsed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let set: Vec<String> = self.rules.set.iter().map(u32::to_string).collect();
        write!(f, "{}:{}:{}", self.rules.n, set.join(","), self.at)
    }
}
