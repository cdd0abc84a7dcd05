//! Sums of Wythoff queens: 1–4 queens on an `N × N` board, legal moves, the XOR rule, winning
//! moves and a computer player.
//!
//! A position with several queens is the disjunctive sum of one-queen games, so by the
//! Sprague–Grundy theorem it is a loss for the player to move exactly when the XOR of the
//! queens' values is 0; a move wins when it makes that XOR 0. Queens may share a cell.

use std::fmt;
use std::str::FromStr;

use super::table::{grundy_table, Table};
use crate::games::ImpartialGame;
use crate::span::{head_and_pairs, PairsError, PairsHead};
use crate::{Play, Span};

/// Most queens in a [`Position`].
pub const MAX_QUEENS: usize = 4;
/// Largest board side a [`Position`] accepts.
pub const MAX_BOARD: u32 = 512;

/// Why a position, a move or a position's notation was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// No queens were given.
    #[error("a position needs at least one queen")]
    NoQueens,
    /// More than [`MAX_QUEENS`] queens.
    #[error("{0} queens given, at most {MAX_QUEENS} allowed")]
    TooManyQueens(usize),
    /// The board side is 0 or above [`MAX_BOARD`].
    #[error("board side {0} must be between 1 and {MAX_BOARD}")]
    BadBoard(u32),
    /// A queen lies outside the board.
    #[error("queen {queen} at {cell:?} is off the board")]
    OffBoard {
        /// Index of the queen.
        queen: usize,
        /// Its cell.
        cell: (u32, u32),
    },
    /// The move is not a queen move (left, down or diagonally down-left by at least 1).
    #[error("queen {queen} cannot move to {to:?}")]
    IllegalMove {
        /// Index of the queen.
        queen: usize,
        /// The requested destination.
        to: (u32, u32),
    },
    /// Notation: not `SIDE:x,y x,y …`.
    #[error(transparent)]
    Notation(#[from] PairsError),
}

impl PositionError {
    /// Where the error is, if at one place in a position's notation.
    pub fn span(&self) -> Option<Span> {
        match self {
            PositionError::Notation(e) => Some(e.span()),
            _ => None,
        }
    }
}

/// A validated position: board side and 1–4 queens `(x, y)` with `x, y < side`.
///
/// # Examples
/// ```
/// use onag::wythoff::positions::{Position, PositionError};
///
/// let pos = Position::new(10, &[(1, 2), (4, 4)]).unwrap();
/// assert_eq!(pos.side(), 10);
/// assert_eq!(pos.queens(), &[(1, 2), (4, 4)]);
/// // (1, 2): 1 left, 2 down, 1 diagonal; (4, 4): 4 of each.
/// assert_eq!(pos.legal_moves().len(), (1 + 2 + 1) + (4 + 4 + 4));
/// assert!(!pos.is_over());
/// assert_eq!(
///     Position::new(10, &[(10, 0)]),
///     Err(PositionError::OffBoard { queen: 0, cell: (10, 0) })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    side: u32,
    queens: Vec<(u32, u32)>,
}

/// A move: queen `queen` goes to `to`.
///
/// # Examples
/// ```
/// use onag::wythoff::positions::{Move, Position};
///
/// let pos = Position::new(4, &[(2, 1)]).unwrap();
/// assert!(pos.is_legal(Move { queen: 0, to: (1, 0) })); // diagonal
/// assert!(!pos.is_legal(Move { queen: 0, to: (0, 0) })); // not a queen move
/// assert!(!pos.is_legal(Move { queen: 1, to: (0, 1) })); // no such queen
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// Index of the queen that moves.
    pub queen: usize,
    /// Its destination.
    pub to: (u32, u32),
}

impl Position {
    /// Validates a position.
    pub fn new(side: u32, queens: &[(u32, u32)]) -> Result<Self, PositionError> {
        if side == 0 || side > MAX_BOARD {
            return Err(PositionError::BadBoard(side));
        }
        if queens.is_empty() {
            return Err(PositionError::NoQueens);
        }
        if queens.len() > MAX_QUEENS {
            return Err(PositionError::TooManyQueens(queens.len()));
        }
        if let Some((queen, &cell)) = queens
            .iter()
            .enumerate()
            .find(|(_, &(x, y))| x >= side || y >= side)
        {
            return Err(PositionError::OffBoard { queen, cell });
        }
        Ok(Self {
            side,
            queens: queens.to_vec(),
        })
    }

    /// The board side.
    pub fn side(&self) -> u32 {
        self.side
    }

    /// The queens' cells.
    pub fn queens(&self) -> &[(u32, u32)] {
        &self.queens
    }

    /// Every legal move, queen by queen, left then down then diagonal, nearest first.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for (queen, &(x, y)) in self.queens.iter().enumerate() {
            out.extend((1..=x).map(|k| Move {
                queen,
                to: (x - k, y),
            }));
            out.extend((1..=y).map(|k| Move {
                queen,
                to: (x, y - k),
            }));
            out.extend((1..=x.min(y)).map(|k| Move {
                queen,
                to: (x - k, y - k),
            }));
        }
        out
    }

    /// Whether `m` is a queen move in this position.
    pub fn is_legal(&self, m: Move) -> bool {
        let Some(&(x, y)) = self.queens.get(m.queen) else {
            return false;
        };
        let (tx, ty) = m.to;
        (tx < x && ty == y) || (tx == x && ty < y) || (tx < x && ty < y && x - tx == y - ty)
    }

    /// Whether no queen can move (all at `(0, 0)`): the player to move has lost.
    pub fn is_over(&self) -> bool {
        self.queens.iter().all(|&q| q == (0, 0))
    }
}

/// Queen moves: left, down or diagonally down-left by at least one cell ([`Position::is_legal`]).
///
/// # Examples
/// ```
/// use onag::wythoff::positions::{Move, Position, PositionError};
/// use onag::Play;
///
/// let pos = Position::new(8, &[(3, 5), (2, 2)]).unwrap();
/// let next = pos.play(Move { queen: 0, to: (1, 3) }).unwrap(); // diagonal, two cells
/// assert_eq!(next.queens(), &[(1, 3), (2, 2)]);
/// let up = Move { queen: 1, to: (2, 4) };
/// assert_eq!(pos.play(up), Err(PositionError::IllegalMove { queen: 1, to: (2, 4) }));
/// ```
impl Play for Position {
    type Move = Move;
    type Error = PositionError;

    fn check(&self, m: Move) -> Result<(), PositionError> {
        if self.is_legal(m) {
            Ok(())
        } else {
            Err(PositionError::IllegalMove {
                queen: m.queen,
                to: m.to,
            })
        }
    }

    /// Puts queen `m.queen` on `m.to`. On an illegal move the queen goes there anyway (even off
    /// the board, after which [`Analyser::analyse`] may panic); a queen index out of range
    /// leaves the position as it is.
    fn play_unchecked(&self, m: Move) -> Position {
        let mut next = self.clone();
        if let Some(q) = next.queens.get_mut(m.queen) {
            *q = m.to;
        }
        next
    }
}

/// A legal move marked by whether it wins (leaves XOR 0, a loss for the opponent).
///
/// # Examples
/// ```
/// use onag::wythoff::positions::{Analyser, Position};
///
/// let analyser = Analyser::new(4).unwrap();
/// let pos = Position::new(4, &[(0, 3)]).unwrap(); // one queen on the edge: g = 3
/// let a = analyser.analyse(&pos).unwrap();
/// let wins: Vec<_> = a.moves.iter().filter(|m| m.winning).collect();
/// assert_eq!(wins.len(), 1); // straight down to the corner
/// assert_eq!((wins[0].mv.to, wins[0].value), ((0, 0), 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MarkedMove {
    /// The move (flattened into `queen`, `to` when serialised).
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub mv: Move,
    /// The Grundy value of the moved queen at its destination.
    pub value: u32,
    /// Whether the position after the move has XOR 0.
    pub winning: bool,
}

/// The analysis of a position: each queen's value, the XOR and every move marked.
///
/// # Examples
/// ```
/// use onag::wythoff::positions::{Analyser, Move, Position};
///
/// let analyser = Analyser::new(8).unwrap();
/// let pos = Position::new(8, &[(1, 2), (1, 1)]).unwrap();
/// let a = analyser.analyse(&pos).unwrap();
/// assert_eq!((a.values.clone(), a.xor), (vec![0, 2], 2)); // (1, 2) is a P-position
/// let wins: Vec<(usize, (u32, u32))> = a
///     .moves
///     .iter()
///     .filter(|m| m.winning)
///     .map(|m| (m.mv.queen, m.mv.to))
///     .collect();
/// assert_eq!(wins, [(0, (0, 2)), (0, (1, 1)), (1, (0, 0))]);
/// // The computer plays the first winning move.
/// assert_eq!(
///     analyser.computer_move(&pos).unwrap(),
///     Some(Move { queen: 0, to: (0, 2) })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Analysis {
    /// `g` of each queen.
    pub values: Vec<u32>,
    /// The XOR of the values: 0 means the player to move loses with best play.
    pub xor: u32,
    /// Every legal move, in [`Position::legal_moves`] order.
    pub moves: Vec<MarkedMove>,
}

/// Grundy values for positions on boards up to a side: computes the table once.
///
/// # Examples
/// ```
/// use onag::wythoff::positions::{Analyser, Position, PositionError};
///
/// let analyser = Analyser::new(16).unwrap();
/// assert_eq!(analyser.value((0, 7)), 7); // g(0, n) = n
/// assert_eq!(analyser.value((3, 5)), 0); // a Wythoff pair
/// // Two P-positions: XOR 0, a lost position; every move is ✗, and the computer still moves.
/// let lost = Position::new(16, &[(3, 5), (1, 2)]).unwrap();
/// let a = analyser.analyse(&lost).unwrap();
/// assert_eq!(a.xor, 0);
/// assert!(a.moves.iter().all(|m| !m.winning));
/// assert!(analyser.computer_move(&lost).unwrap().is_some());
/// // A board larger than the analyser's is refused.
/// let big = Position::new(20, &[(0, 0)]).unwrap();
/// assert_eq!(analyser.analyse(&big), Err(PositionError::BadBoard(20)));
/// ```
#[derive(Clone, Debug)]
pub struct Analyser {
    table: Table,
}

impl Analyser {
    /// An analyser for boards of side `≤ side` (at most [`MAX_BOARD`]).
    pub fn new(side: u32) -> Result<Self, PositionError> {
        if side == 0 || side > MAX_BOARD {
            return Err(PositionError::BadBoard(side));
        }
        let n = side as usize;
        let table = grundy_table(n, n).map_err(|_| PositionError::BadBoard(side))?;
        Ok(Self { table })
    }

    /// `g(x, y)`; the cell must lie on the analyser's board.
    pub fn value(&self, (x, y): (u32, u32)) -> u32 {
        self.table.get(x as usize, y as usize)
    }

    fn check(&self, pos: &Position) -> Result<(), PositionError> {
        if pos.side as usize > self.table.rows() {
            Err(PositionError::BadBoard(pos.side))
        } else {
            Ok(())
        }
    }

    /// Values, XOR and marked moves of `pos`.
    pub fn analyse(&self, pos: &Position) -> Result<Analysis, PositionError> {
        self.check(pos)?;
        let values: Vec<u32> = pos.queens.iter().map(|&q| self.value(q)).collect();
        let xor = values.iter().fold(0, |a, &v| a ^ v);
        let moves = pos
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let value = self.value(mv.to);
                MarkedMove {
                    mv,
                    value,
                    winning: xor ^ values[mv.queen] ^ value == 0,
                }
            })
            .collect();
        Ok(Analysis { values, xor, moves })
    }

    /// The computer's move: the first winning move if there is one, else a single step of the
    /// first queen that can move (left if possible, else down), else `None` (game over).
    pub fn computer_move(&self, pos: &Position) -> Result<Option<Move>, PositionError> {
        let analysis = self.analyse(pos)?;
        if let Some(m) = analysis.moves.iter().find(|m| m.winning) {
            return Ok(Some(m.mv));
        }
        Ok(pos
            .queens
            .iter()
            .enumerate()
            .find(|(_, &q)| q != (0, 0))
            .map(|(queen, &(x, y))| Move {
                queen,
                to: if x > 0 { (x - 1, y) } else { (x, y - 1) },
            }))
    }
}

/// The notation `SIDE:x,y x,y …`: the board side, then the queens, 0-based (`8:3,5 2,1`).
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

/// The head of the notation: the board side.
const SIDE: PairsHead = PairsHead {
    expected: "the board side",
    noun: "a board side",
};

/// Reads `SIDE:x,y x,y …` (queens separated by whitespace or `;`).
///
/// # Examples
/// ```
/// use onag::wythoff::positions::Position;
///
/// let pos: Position = "8:3,5 2,1".parse().unwrap();
/// assert_eq!(pos.queens(), &[(3, 5), (2, 1)]);
/// assert_eq!(pos.to_string(), "8:3,5 2,1");
/// let err = "eight:1,1".parse::<Position>().unwrap_err();
/// assert_eq!(err.to_string(), "character 1: 'eight' is not a board side");
/// ```
impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (side, queens) = head_and_pairs(s, SIDE, |side| side.parse::<u32>().ok())?;
        let queens: Vec<(u32, u32)> = queens
            .iter()
            .map(|&(x, y)| {
                (
                    x.min(u32::MAX as usize) as u32,
                    y.min(u32::MAX as usize) as u32,
                )
            })
            .collect();
        Position::new(side, &queens)
    }
}

/// Sums of Wythoff queens on the generic impartial solver: its values agree with the Wythoff
/// tables, and the registry's faces (`onag game`, `/api/game/analyze`) work for them.
///
/// # Examples
/// ```
/// use onag::games::ImpartialSolver;
/// use onag::nimber::Nimber;
/// use onag::wythoff::positions::Position;
///
/// let queens: Position = "8:3,5 2,1".parse().unwrap();
/// let stop = onag::StopFlag::new();
/// // (3, 5) and (2, 1) are both P-positions of Wythoff's game (Grundy value 0)
/// assert_eq!(ImpartialSolver::new().grundy(&queens, &stop).unwrap(), Nimber(0));
/// ```
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
