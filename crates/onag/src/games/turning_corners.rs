//! Turning Corners: Twins × Twins on a board with a border row and column 0.
//!
//! Coins sit at `(a, b)` with rows `1..=rows` and columns `1..=cols`; row 0 and column 0 are a
//! border that holds no coins. A move picks a heads coin `(a, b)` and a corner `(a', b')` with
//! `a' < a`, `b' < b` (0 allowed) and turns the four corners of the rectangle; corners on the
//! border do not exist, so 4, 2 or 1 coins turn. The value of coin `(a, b)` is the nim product
//! `a ⊗ b` (Tartan theorem; the by-definition mex of a single coin is literally Conway's
//! definition of `⊗`), and a position's value is the XOR of its heads coins' values. A move
//! wins (✓) iff it leads to value 0.
//!
//! [`definition`] checks the single-coin values by Conway's mex definition against the fast
//! nim product (the table `a ⊗ b` for all `a, b < n`).
//!
//! # Examples
//! ```
//! use onag::games::turning_corners::{Coin, Move, TurningCorners};
//! use onag::Play;
//!
//! let game = TurningCorners::from_heads(4, 4, &[Coin::new(2, 3), Coin::new(1, 1)]).unwrap();
//! assert_eq!(game.value(), 1 ^ 1); // 2⊗3 = 1, 1⊗1 = 1: a loss for the player to move
//! assert!(game.winning_moves().is_empty());
//! let mv = game.computer_move().unwrap(); // no winning move: turn the lowest-value coin
//! assert_eq!(mv, Move { coin: Coin::new(1, 1), corner: Coin::new(0, 0) });
//! let game = game.play(mv).unwrap();
//! assert_eq!(game.heads(), vec![Coin::new(2, 3)]);
//! ```

pub mod definition;
pub mod remoteness;
mod report;

pub use report::{MoveReport, PositionReport};

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use super::traits::ImpartialGame;
use crate::nimber::Nimber;
use crate::span::{head_and_pairs, PairsError, PairsHead};
use crate::{Play, Span};

/// The largest side a board may have.
pub const MAX_SIDE: usize = 32;

/// A square of the board, `(row, column)`; row or column 0 is the border.
///
/// # Examples
/// ```
/// use onag::games::turning_corners::Coin;
///
/// assert_eq!(Coin::new(2, 3).value(), 1); // 2 ⊗ 3 = 1
/// assert_eq!(Coin::new(4, 4).value(), 6); // 4 ⊗ 4 = 6
/// assert!(Coin::new(0, 5).on_border());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coin {
    /// Row, 0 (border) ..= rows.
    pub row: usize,
    /// Column, 0 (border) ..= cols.
    pub col: usize,
}

impl Coin {
    /// The square `(row, col)`.
    pub const fn new(row: usize, col: usize) -> Coin {
        Coin { row, col }
    }

    /// Whether the square is on the border (holds no coin).
    pub fn on_border(self) -> bool {
        self.row == 0 || self.col == 0
    }

    /// The coin's value `row ⊗ col` (0 on the border).
    pub fn value(self) -> u64 {
        (Nimber(self.row as u64) * Nimber(self.col as u64)).0
    }
}

/// A move: the heads coin that goes tails and the opposite corner of the rectangle.
///
/// # Examples
/// ```
/// use onag::games::turning_corners::{Coin, Move};
///
/// let mv = Move { coin: Coin::new(3, 2), corner: Coin::new(1, 0) };
/// // Corners on the border are not coins: this move turns two.
/// assert_eq!(mv.turned(), vec![Coin::new(3, 2), Coin::new(1, 2)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The head: a heads coin.
    pub coin: Coin,
    /// The opposite corner, strictly above and left of `coin` (row or column 0 allowed).
    pub corner: Coin,
}

impl Move {
    /// The coins the move turns over (the rectangle's corners off the border), head first.
    pub fn turned(self) -> Vec<Coin> {
        let Move { coin, corner } = self;
        [
            coin,
            Coin::new(corner.row, coin.col),
            Coin::new(coin.row, corner.col),
            corner,
        ]
        .into_iter()
        .filter(|c| !c.on_border())
        .collect()
    }
}

/// A move together with whether it wins (✓: the position after it has value 0).
///
/// # Examples
/// ```
/// use onag::games::turning_corners::{Coin, TurningCorners};
/// use onag::Play;
///
/// let game = TurningCorners::from_heads(3, 3, &[Coin::new(2, 2)]).unwrap();
/// for m in game.legal_moves() {
///     assert_eq!(m.wins, game.play(m.mv).unwrap().value() == 0);
/// }
/// assert_eq!(game.legal_moves().iter().filter(|m| m.wins).count(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarkedMove {
    /// The move.
    pub mv: Move,
    /// ✓ (true) when the move leaves a position of value 0, a loss for the opponent.
    pub wins: bool,
}

/// Why a board, a move or a position's notation was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CornersError {
    /// A side of 0 or above [`MAX_SIDE`].
    #[error("a Turning Corners board is 1..={MAX_SIDE} squares a side, not {rows}x{cols}")]
    BadSize {
        /// Requested rows.
        rows: usize,
        /// Requested columns.
        cols: usize,
    },
    /// A coin outside `1..=rows × 1..=cols`.
    #[error("({}, {}) is not a coin of the board", .0.row, .0.col)]
    OffBoard(Coin),
    /// The move's head is not a heads coin.
    #[error("the coin ({}, {}) is not heads", .0.row, .0.col)]
    NotHeads(Coin),
    /// The corner is not strictly above and left of the head.
    #[error(
        "the corner ({}, {}) is not above and left of ({}, {})",
        .0.corner.row, .0.corner.col, .0.coin.row, .0.coin.col
    )]
    BadCorner(Move),
    /// Notation: not `RxC:r,c r,c …`.
    #[error(transparent)]
    Notation(#[from] PairsError),
    /// Notation: a heads coin in row or column 0 (the notation numbers coins from `1,1`).
    #[error("heads coins are numbered from 1,1")]
    ZeroCoin,
}

impl CornersError {
    /// Where the error is, if at one place in a position's notation.
    pub fn span(&self) -> Option<Span> {
        match self {
            CornersError::Notation(e) => Some(e.span()),
            _ => None,
        }
    }
}

/// A Turning Corners position: the board size and which coins are heads.
///
/// # Examples
/// ```
/// use onag::games::turning_corners::{Coin, Move, TurningCorners};
/// use onag::Play;
///
/// let game = TurningCorners::from_heads(4, 5, &[Coin::new(4, 5)]).unwrap();
/// assert_eq!(game.size(), (4, 5));
/// assert_eq!(game.value(), Coin::new(4, 5).value());
/// assert_eq!(game.moves().len(), 4 * 5); // every corner above and left of (4, 5)
/// // Turning the single coin alone ends the game.
/// let over = game.play(Move { coin: Coin::new(4, 5), corner: Coin::new(0, 0) }).unwrap();
/// assert!(over.is_over());
/// assert!(TurningCorners::new(0, 3).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurningCorners {
    rows: usize,
    cols: usize,
    /// Row-major, `heads[(row − 1)·cols + (col − 1)]`.
    heads: Vec<bool>,
}

impl TurningCorners {
    /// An all-tails board of `rows × cols` coins.
    pub fn new(rows: usize, cols: usize) -> Result<TurningCorners, CornersError> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(CornersError::BadSize { rows, cols });
        }
        Ok(TurningCorners {
            rows,
            cols,
            heads: vec![false; rows * cols],
        })
    }

    /// A board with the given heads coins (a coin listed twice is still just heads).
    pub fn from_heads(
        rows: usize,
        cols: usize,
        heads: &[Coin],
    ) -> Result<TurningCorners, CornersError> {
        let mut game = TurningCorners::new(rows, cols)?;
        for &c in heads {
            let i = game.index(c).ok_or(CornersError::OffBoard(c))?;
            game.heads[i] = true;
        }
        Ok(game)
    }

    /// Rows and columns.
    pub fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn index(&self, c: Coin) -> Option<usize> {
        ((1..=self.rows).contains(&c.row) && (1..=self.cols).contains(&c.col))
            .then(|| (c.row - 1) * self.cols + (c.col - 1))
    }

    /// Whether `c` is a heads coin (false off the board).
    pub fn is_heads(&self, c: Coin) -> bool {
        self.index(c).is_some_and(|i| self.heads[i])
    }

    /// The heads coins in row-major order.
    pub fn heads(&self) -> Vec<Coin> {
        (0..self.rows * self.cols)
            .filter(|&i| self.heads[i])
            .map(|i| Coin::new(i / self.cols + 1, i % self.cols + 1))
            .collect()
    }

    /// The value of the position: XOR of `row ⊗ col` over the heads coins.
    pub fn value(&self) -> u64 {
        self.heads().into_iter().fold(0, |acc, c| acc ^ c.value())
    }

    /// Whether the game is over (no heads coin: the player to move has lost).
    pub fn is_over(&self) -> bool {
        !self.heads.contains(&true)
    }

    /// Every legal move from heads coin `coin` (empty if it is not heads), each marked ✓/✗.
    pub fn moves_from(&self, coin: Coin) -> Vec<MarkedMove> {
        if !self.is_heads(coin) {
            return Vec::new();
        }
        let value = self.value();
        (0..coin.row)
            .flat_map(|r| (0..coin.col).map(move |c| Coin::new(r, c)))
            .map(|corner| {
                let mv = Move { coin, corner };
                let change = mv.turned().into_iter().fold(0, |acc, t| acc ^ t.value());
                MarkedMove {
                    mv,
                    wins: value ^ change == 0,
                }
            })
            .collect()
    }

    /// Every legal move (unmarked), heads coins in row-major order, corners row-major: the move
    /// generator shared by [`Self::legal_moves`] and [`Self::wins_by_search`].
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for coin in self.heads() {
            for r in 0..coin.row {
                out.extend((0..coin.col).map(|c| Move {
                    coin,
                    corner: Coin::new(r, c),
                }));
            }
        }
        out
    }

    /// Every legal move, marked ✓/✗, heads coins in row-major order.
    pub fn legal_moves(&self) -> Vec<MarkedMove> {
        self.heads()
            .into_iter()
            .flat_map(|c| self.moves_from(c))
            .collect()
    }

    /// The winning moves (those leading to value 0); empty iff the position is a loss.
    pub fn winning_moves(&self) -> Vec<Move> {
        self.legal_moves()
            .into_iter()
            .filter(|m| m.wins)
            .map(|m| m.mv)
            .collect()
    }

    /// The computer's move: the first winning move if there is one, else turning the single
    /// lowest-value heads coin (corner `(0, 0)`, ties to the first in row-major order), which
    /// prolongs a lost game. `None` when the game is over.
    pub fn computer_move(&self) -> Option<Move> {
        if let Some(&mv) = self.winning_moves().first() {
            return Some(mv);
        }
        self.heads()
            .into_iter()
            .min_by_key(|c| (c.value(), *c))
            .map(|coin| Move {
                coin,
                corner: Coin::new(0, 0),
            })
    }

    /// Whether the player to move wins, by a memoised search over [`Self::legal_moves`] that
    /// never looks at values (a position is won iff some move leads to a lost one). For
    /// checking "value 0 ⇔ loss" on small boards; `rows · cols ≤ 24`.
    ///
    /// # Panics
    /// If the board has more than 24 coins.
    pub fn wins_by_search(&self, memo: &mut HashMap<Vec<bool>, bool>) -> bool {
        assert!(
            self.rows * self.cols <= 24,
            "value-free search is for boards of ≤ 24 coins"
        );
        if let Some(&known) = memo.get(&self.heads) {
            return known;
        }
        let win = self
            .moves()
            .into_iter()
            .any(|mv| !self.play_unchecked(mv).wins_by_search(memo));
        memo.insert(self.heads.clone(), win);
        win
    }
}

/// Moves on the board: the head must be a heads coin of the board and the corner strictly above
/// and left of it.
impl Play for TurningCorners {
    type Move = Move;
    type Error = CornersError;

    fn check(&self, mv: Move) -> Result<(), CornersError> {
        self.index(mv.coin).ok_or(CornersError::OffBoard(mv.coin))?;
        if !self.is_heads(mv.coin) {
            return Err(CornersError::NotHeads(mv.coin));
        }
        if mv.corner.row >= mv.coin.row || mv.corner.col >= mv.coin.col {
            return Err(CornersError::BadCorner(mv));
        }
        Ok(())
    }

    /// Turns the move's coins over. On an illegal move the position is whatever turning those
    /// squares gives (off-board squares are ignored).
    fn play_unchecked(&self, mv: Move) -> TurningCorners {
        let mut next = self.clone();
        for c in mv.turned() {
            if let Some(i) = next.index(c) {
                next.heads[i] = !next.heads[i];
            }
        }
        next
    }
}

/// The notation `RxC:r,c r,c …`: the board size, then the heads coins, 1-based (`4x4:2,3 4,4`).
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

/// The head of the notation: the board size.
const SIZE: PairsHead = PairsHead {
    expected: "the size RxC",
    noun: "a board size RxC",
};

/// Reads `RxC:r,c r,c …` (`x`, `X` or `×` between the sides; coins separated by whitespace
/// or `;`).
///
/// # Examples
/// ```
/// use onag::games::turning_corners::{Coin, CornersError, TurningCorners};
///
/// let game: TurningCorners = "4x4:2,3 4,4".parse().unwrap();
/// assert_eq!(game.heads(), vec![Coin::new(2, 3), Coin::new(4, 4)]);
/// assert_eq!(game.to_string(), "4x4:2,3 4,4");
/// let err = "4x4:2;3".parse::<TurningCorners>().unwrap_err();
/// assert_eq!(err.to_string(), "character 5: '2' is not a pair of numbers a,b");
/// assert_eq!(err.span().map(|s| s.char), Some(4));
/// assert_eq!("2x2:0,1".parse::<TurningCorners>(), Err(CornersError::ZeroCoin));
/// ```
impl FromStr for TurningCorners {
    type Err = CornersError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let ((rows, cols), heads) = head_and_pairs(s, SIZE, |size| {
            let (r, c) = size.split_once(['x', 'X', '×'])?;
            Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
        })?;
        let coins: Vec<Coin> = heads.iter().map(|&(r, c)| Coin::new(r, c)).collect();
        if coins.iter().any(|c| c.on_border()) {
            return Err(CornersError::ZeroCoin);
        }
        TurningCorners::from_heads(rows, cols, &coins)
    }
}

/// Turning Corners on the generic impartial solver: its values agree with the nim product
/// (the tests compare them), and the registry's faces (`onag game`, `/api/game/analyze`)
/// work for it.
///
/// # Examples
/// ```
/// use onag::games::turning_corners::TurningCorners;
/// use onag::games::ImpartialSolver;
/// use onag::nimber::Nimber;
///
/// let corners: TurningCorners = "4x4:2,3 4,4".parse().unwrap();
/// let stop = onag::StopFlag::new();
/// let value = ImpartialSolver::new().grundy(&corners, &stop).unwrap();
/// assert_eq!(value, Nimber(corners.value())); // the nim product's value
/// ```
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
