//! The hand-built games on the traits: Toads and Frogs ([`PartizanGame`]), Turning Corners
//! and sums of Wythoff queens ([`ImpartialGame`]). Their specialised solvers stay the fast
//! paths (Erickson's reductions for Toads, the nim product for Turning Corners, the Wythoff
//! tables); the generic solvers give the same values (the tests compare them), and the
//! registry's faces (`onag game`, `/api/game/analyze`) work for them too.
//!
//! Notation here: Toads boards as [`Board`] reads them (`TT..FF`, `T2.2F2`); Turning Corners
//! `RxC:r,c r,c …` (board size, then the heads coins, 1-based: `4x4:2,3 4,4`); Wythoff
//! `SIDE:x,y x,y …` (board side, then the queens, 0-based: `8:3,5 2,1`).
//!
//! # Examples
//! ```
//! use onag::games::toads_and_frogs::{Board, Solver};
//! use onag::games::turning_corners::TurningCorners;
//! use onag::games::{ImpartialSolver, PartizanSolver};
//! use onag::nimber::Nimber;
//! use onag::wythoff::positions::Position;
//!
//! let stop = onag::StopFlag::new();
//! let board: Board = "T.TF.F".parse().unwrap();
//! let mut generic = PartizanSolver::new();
//! let g = generic.canonical(&board, &stop).unwrap();
//! let name = onag::partizan::name::name(generic.arena(), g, Default::default());
//! let mut fast = Solver::new();
//! let h = fast.value(&board).unwrap();
//! assert_eq!(name, onag::partizan::name::name(fast.arena(), h, Default::default()));
//!
//! let corners: TurningCorners = "4x4:2,3 4,4".parse().unwrap();
//! let value = ImpartialSolver::new().grundy(&corners, &stop).unwrap();
//! assert_eq!(value, Nimber(corners.value())); // the nim product's value
//!
//! let queens: Position = "8:3,5 2,1".parse().unwrap();
//! assert_eq!(ImpartialSolver::new().grundy(&queens, &stop).unwrap(), Nimber(0 ^ 3));
//! ```

use std::fmt;
use std::str::FromStr;

use super::toads_and_frogs::{Board, BoardError};
use super::traits::{ImpartialGame, Keyed, PartizanGame};
use super::turning_corners::{Coin, TurningCorners};
use crate::partizan::Player;
use crate::wythoff::positions::Position;
use crate::{Play, Span};

impl PartizanGame for Board {
    fn options(&self, player: Player) -> Vec<Self> {
        Board::options(self, player)
    }

    /// A board and its mirror (reversed, toads and frogs swapped) are negatives.
    fn symmetric_key(&self) -> Keyed<Self> {
        let mirror = self.mirror();
        if mirror < *self {
            Keyed {
                key: mirror,
                negated: true,
            }
        } else {
            Keyed {
                key: self.clone(),
                negated: false,
            }
        }
    }

    fn move_label(&self, player: Player, after: &Self) -> String {
        self.moves(player)
            .into_iter()
            .find(|&m| self.play_unchecked(m) == *after)
            .map_or_else(
                || after.to_string(),
                |m| format!("{}→{}", m.from + 1, m.to + 1),
            )
    }
}

/// Why a Turning Corners or Wythoff position does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// What is wrong.
    pub message: String,
    /// Where, if at one place.
    pub span: Option<Span>,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.span {
            Some(span) => write!(f, "{span}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for NotationError {}

/// `HEAD:a,b a,b …` → the head and the pairs, with the place of each pair for errors.
fn pairs(s: &str, head_what: &str) -> Result<(String, Vec<(usize, usize)>), NotationError> {
    let (head, rest) = s.split_once(':').ok_or_else(|| NotationError {
        message: format!("expected {head_what}, a ':' and then pairs a,b"),
        span: Some(Span::at(s, s.len())),
    })?;
    let mut out = Vec::new();
    let mut offset = head.len() + 1;
    for part in rest.split(|c: char| c.is_whitespace() || c == ';') {
        if !part.is_empty() {
            let bad = || NotationError {
                message: format!("'{part}' is not a pair of numbers a,b"),
                span: Some(Span::at(s, offset)),
            };
            let (a, b) = part.split_once(',').ok_or_else(bad)?;
            out.push((a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?));
        }
        offset += part.len() + 1;
    }
    Ok((head.trim().to_string(), out))
}

impl fmt::Display for TurningCorners {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rows, cols) = self.size();
        write!(f, "{rows}x{cols}:")?;
        for (i, c) in self.heads().iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            write!(f, "{sep}{},{}", c.row, c.col)?;
        }
        Ok(())
    }
}

impl FromStr for TurningCorners {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (size, heads) = pairs(s, "the size RxC")?;
        let bad_size = || NotationError {
            message: format!("'{size}' is not a board size RxC"),
            span: Some(Span::at(s, 0)),
        };
        let (r, c) = size.split_once(['x', 'X', '×']).ok_or_else(bad_size)?;
        let rows: usize = r.trim().parse().map_err(|_| bad_size())?;
        let cols: usize = c.trim().parse().map_err(|_| bad_size())?;
        let coins: Vec<Coin> = heads.iter().map(|&(r, c)| Coin::new(r, c)).collect();
        if coins.iter().any(|c| c.row == 0 || c.col == 0) {
            return Err(NotationError {
                message: "heads coins are numbered from 1,1".into(),
                span: None,
            });
        }
        TurningCorners::from_heads(rows, cols, &coins).map_err(|e| NotationError {
            message: e.to_string(),
            span: None,
        })
    }
}

impl ImpartialGame for TurningCorners {
    fn options(&self) -> Vec<Self> {
        self.moves()
            .into_iter()
            .map(|m| self.play_unchecked(m))
            .collect()
    }

    /// Each heads coin is a game of its own (a coin-turning position is the sum of its heads
    /// coins, *Winning Ways* ch. 14).
    fn components(&self) -> Vec<Self> {
        let heads = self.heads();
        if heads.len() <= 1 {
            return vec![self.clone()];
        }
        let (rows, cols) = self.size();
        heads
            .into_iter()
            .filter_map(|c| TurningCorners::from_heads(rows, cols, &[c]).ok())
            .collect()
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.side())?;
        for (i, (x, y)) in self.queens().iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            write!(f, "{sep}{x},{y}")?;
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (side, queens) = pairs(s, "the board side")?;
        let side: u32 = side.parse().map_err(|_| NotationError {
            message: format!("'{side}' is not a board side"),
            span: Some(Span::at(s, 0)),
        })?;
        let queens: Vec<(u32, u32)> = queens
            .iter()
            .map(|&(x, y)| {
                (
                    x.min(u32::MAX as usize) as u32,
                    y.min(u32::MAX as usize) as u32,
                )
            })
            .collect();
        Position::new(side, &queens).map_err(|e| NotationError {
            message: e.to_string(),
            span: None,
        })
    }
}

impl ImpartialGame for Position {
    fn options(&self) -> Vec<Self> {
        self.legal_moves()
            .into_iter()
            .map(|m| self.play_unchecked(m))
            .collect()
    }

    /// Each queen is a game of its own (the position is their sum).
    fn components(&self) -> Vec<Self> {
        if self.queens().len() <= 1 {
            return vec![self.clone()];
        }
        self.queens()
            .iter()
            .filter_map(|&q| Position::new(self.side(), &[q]).ok())
            .collect()
    }

    /// Wythoff's game is symmetric in its two coordinates.
    fn symmetric_key(&self) -> Self {
        let mut queens: Vec<(u32, u32)> = self
            .queens()
            .iter()
            .map(|&(x, y)| (x.min(y), x.max(y)))
            .collect();
        queens.sort_unstable();
        Position::new(self.side(), &queens).unwrap_or_else(|_| self.clone())
    }
}

impl BoardError {
    /// Where the error is, if at one place.
    pub fn span(&self) -> Option<Span> {
        match self {
            BoardError::UnexpectedChar { span, .. }
            | BoardError::DanglingCount { span }
            | BoardError::ZeroCount { span } => Some(*span),
            BoardError::Empty | BoardError::TooLong { .. } => None,
        }
    }
}
