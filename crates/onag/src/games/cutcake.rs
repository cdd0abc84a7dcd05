//! Cutcake (*Winning Ways* ch. 2 "Cutcake"): a position is a set of rectangular pieces of cake
//! scored into unit squares. Left cuts one piece **vertically** along a score line (into two
//! pieces of the same height), Right cuts one piece **horizontally**. Who cannot cut loses.
//! A `1 × n` strip (n wide, 1 tall) only Left can cut: it is worth `n − 1`.
//!
//! Notation: pieces `WxH` (width × height) joined by `+`, e.g. `"4x1 + 3x2"`; at most
//! [`MAX_SIDE`] a side and [`MAX_PIECES`] pieces.
//!
//! Components: each piece. Symmetry: turning a piece a quarter turn swaps the players, so
//! `H×W` is worth minus `W×H`.
//!
//! # Examples
//! ```
//! use onag::games::{cutcake::Cutcake, PartizanSolver};
//! use onag::partizan::name::name;
//!
//! let mut solver = PartizanSolver::new();
//! let mut value = |t: &str| {
//!     let g = solver.canonical(&t.parse::<Cutcake>().unwrap(), &onag::StopFlag::new()).unwrap();
//!     name(solver.arena(), g, Default::default())
//! };
//! assert_eq!(value("5x1"), "4");
//! assert_eq!(value("1x5"), "-4");
//! assert_eq!(value("2x2"), "0"); // each cut leaves the opponent two cuts
//! assert_eq!(value("4x1 + 1x3"), "1");
//! ```

use std::fmt;
use std::str::FromStr;

use super::traits::{Keyed, PartizanGame};
use crate::partizan::Player;
use crate::Span;

/// Longest side of a piece.
pub const MAX_SIDE: u32 = 64;
/// Most pieces.
pub const MAX_PIECES: usize = 64;

/// A Cutcake position: its pieces `(width, height)`, sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cutcake(Vec<(u32, u32)>);

/// Why a text is not a Cutcake position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CutcakeError {
    /// A piece that is not `WxH` with 1 ≤ W, H ≤ [`MAX_SIDE`].
    #[error(
        "{span}: '{found}' is not a piece (write WIDTHxHEIGHT, sides 1 to {MAX_SIDE}, e.g. 3x2)"
    )]
    BadPiece {
        /// The piece as written.
        found: String,
        /// Where it starts.
        span: Span,
    },
    /// No piece, or more than [`MAX_PIECES`].
    #[error("{0} pieces; a position has 1 to {MAX_PIECES} pieces")]
    Count(usize),
}

impl CutcakeError {
    /// Where the error is, if at one place.
    pub fn span(&self) -> Option<Span> {
        match self {
            CutcakeError::BadPiece { span, .. } => Some(*span),
            CutcakeError::Count(_) => None,
        }
    }
}

impl Cutcake {
    /// The position of these pieces `(width, height)` (sides at least 1).
    pub fn new(mut pieces: Vec<(u32, u32)>) -> Cutcake {
        pieces.retain(|&(w, h)| w > 0 && h > 0);
        pieces.sort_unstable();
        Cutcake(pieces)
    }

    /// The pieces, `(width, height)`, sorted.
    pub fn pieces(&self) -> &[(u32, u32)] {
        &self.0
    }

    /// The position with piece `i` replaced by two pieces.
    fn split(&self, i: usize, a: (u32, u32), b: (u32, u32)) -> Cutcake {
        let mut pieces = self.0.clone();
        pieces[i] = a;
        pieces.push(b);
        Cutcake::new(pieces)
    }
}

impl fmt::Display for Cutcake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("0x0");
        }
        for (i, (w, h)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{w}x{h}")?;
        }
        Ok(())
    }
}

impl FromStr for Cutcake {
    type Err = CutcakeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim() == "0x0" {
            return Ok(Cutcake(Vec::new()));
        }
        let mut pieces = Vec::new();
        let mut start = 0;
        for part in s.split('+') {
            let lead = part.len() - part.trim_start().len();
            let text = part.trim();
            let bad = || CutcakeError::BadPiece {
                found: text.to_string(),
                span: Span::at(s, start + lead),
            };
            let (w, h) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
            let side = |t: &str| {
                t.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|v| (1..=MAX_SIDE).contains(v))
            };
            pieces.push((side(w).ok_or_else(bad)?, side(h).ok_or_else(bad)?));
            start += part.len() + 1;
        }
        if pieces.len() > MAX_PIECES {
            return Err(CutcakeError::Count(pieces.len()));
        }
        Ok(Cutcake::new(pieces))
    }
}

impl PartizanGame for Cutcake {
    fn options(&self, player: Player) -> Vec<Self> {
        let mut out = Vec::new();
        for (i, &(w, h)) in self.0.iter().enumerate() {
            if i > 0 && self.0[i - 1] == (w, h) {
                continue; // the same cut of an equal piece
            }
            match player {
                Player::Left => {
                    for a in 1..=w / 2 {
                        out.push(self.split(i, (a, h), (w - a, h)));
                    }
                }
                Player::Right => {
                    for a in 1..=h / 2 {
                        out.push(self.split(i, (w, a), (w, h - a)));
                    }
                }
            }
        }
        out
    }

    fn components(&self) -> Vec<Self> {
        if self.0.len() <= 1 {
            return vec![self.clone()];
        }
        self.0.iter().map(|&p| Cutcake(vec![p])).collect()
    }

    fn symmetric_key(&self) -> Keyed<Self> {
        // one piece: turned so that width ≤ height (the turn swaps the players)
        match self.0.as_slice() {
            [(w, h)] if w > h => Keyed {
                key: Cutcake(vec![(*h, *w)]),
                negated: true,
            },
            _ => Keyed {
                key: self.clone(),
                negated: false,
            },
        }
    }
}
