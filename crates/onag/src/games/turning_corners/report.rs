//! A Turning Corners position as a printable report: what the Turning Corners page,
//! `POST /api/corners/position` and `onag corners moves` show, computed once here.

use super::{Coin, CornersError, MarkedMove, Move, TurningCorners};
use crate::Play;

/// One move as data: the head coin, the opposite corner, the coins it turns and its ✓/✗.
///
/// # Examples
/// ```
/// use onag::games::turning_corners::{Coin, TurningCorners};
///
/// let game = TurningCorners::from_heads(3, 3, &[Coin::new(3, 3)]).unwrap();
/// let mv = game.computer_report().unwrap(); // 3 ⊗ 3 = 2: a winning move exists
/// assert_eq!(mv.coin, (3, 3));
/// assert!(mv.winning);
/// assert_eq!(mv.flips[0], (3, 3)); // the head comes first
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// The head `(row, column)`.
    pub coin: (usize, usize),
    /// The opposite corner `(row, column)` (row or column 0 allowed).
    pub corner: (usize, usize),
    /// The coins turned over, head first (corners on the border are not coins).
    pub flips: Vec<(usize, usize)>,
    /// ✓: the position after it has value 0.
    pub winning: bool,
}

impl MoveReport {
    /// The report of `mv`, marked `winning`.
    ///
    /// # Examples
    /// ```
    /// use onag::games::turning_corners::{Coin, Move, MoveReport};
    /// let r = MoveReport::new(Move { coin: Coin::new(2, 2), corner: Coin::new(1, 0) }, false);
    /// assert_eq!(r.flips, vec![(2, 2), (1, 2)]);
    /// ```
    pub fn new(mv: Move, winning: bool) -> Self {
        Self {
            coin: (mv.coin.row, mv.coin.col),
            corner: (mv.corner.row, mv.corner.col),
            flips: mv.turned().into_iter().map(|c| (c.row, c.col)).collect(),
            winning,
        }
    }
}

/// A position: the single-coin values `a ⊗ b` of the whole board, the value of the position
/// (XOR of its heads coins) and, for a chosen heads coin, every move from it.
///
/// # Examples
/// ```
/// use onag::games::turning_corners::{Coin, TurningCorners};
///
/// let game = TurningCorners::from_heads(2, 3, &[Coin::new(1, 2), Coin::new(2, 2)]).unwrap();
/// let r = game.report(None).unwrap();
/// assert_eq!(r.values, vec![vec![1, 2, 3], vec![2, 3, 1]]); // a ⊗ b
/// assert_eq!(r.total, 2 ^ 3);
/// assert!(r.moves.is_empty()); // no coin chosen
/// assert_eq!(game.report(Some(Coin::new(2, 2))).unwrap().moves.len(), 2 * 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PositionReport {
    /// `values[a − 1][b − 1] = a ⊗ b` for the coins of the board.
    pub values: Vec<Vec<u64>>,
    /// The value of the position; 0 means the player to move loses.
    pub total: u64,
    /// The moves from the chosen coin with ✓/✗ (empty when no coin was chosen).
    pub moves: Vec<MoveReport>,
}

impl TurningCorners {
    /// The report of this position, with the moves from `coin` (which must be heads).
    ///
    /// # Examples
    /// ```
    /// use onag::games::turning_corners::{Coin, TurningCorners};
    /// let game = TurningCorners::from_heads(3, 3, &[Coin::new(2, 3)]).unwrap();
    /// let r = game.report(Some(Coin::new(2, 3))).unwrap();
    /// assert_eq!(r.total, 1); // 2 ⊗ 3 = 1
    /// assert_eq!(r.moves.len(), 6);
    /// // turn (2, 3) alone, or the rectangle up to corner (1, 1): 1 ⊕ (1⊗3 ⊕ 2⊗1 ⊕ 1⊗1) = 0
    /// assert_eq!(r.moves.iter().filter(|m| m.winning).count(), 2);
    /// ```
    pub fn report(&self, coin: Option<Coin>) -> Result<PositionReport, CornersError> {
        let (rows, cols) = self.size();
        let values = (1..=rows)
            .map(|a| (1..=cols).map(|b| Coin::new(a, b).value()).collect())
            .collect();
        let moves = match coin {
            None => Vec::new(),
            Some(c) if self.is_heads(c) => self
                .moves_from(c)
                .into_iter()
                .map(|MarkedMove { mv, wins }| MoveReport::new(mv, wins))
                .collect(),
            Some(c) => return Err(CornersError::NotHeads(c)),
        };
        Ok(PositionReport {
            values,
            total: self.value(),
            moves,
        })
    }

    /// The computer's move (see [`TurningCorners::computer_move`]) as a report, `None` when no
    /// coin is heads.
    ///
    /// # Examples
    /// ```
    /// use onag::games::turning_corners::{Coin, TurningCorners};
    /// let game = TurningCorners::from_heads(3, 3, &[Coin::new(1, 1)]).unwrap();
    /// let mv = game.computer_report().unwrap();
    /// assert_eq!((mv.coin, mv.winning), ((1, 1), true));
    /// ```
    pub fn computer_report(&self) -> Option<MoveReport> {
        let mv = self.computer_move()?;
        let after = self.play_unchecked(mv);
        Some(MoveReport::new(mv, after.value() == 0))
    }
}
