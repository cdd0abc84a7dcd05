//! Remoteness of Turning Corners positions on small boards: how many moves the game lasts when
//! the winner hurries and the loser holds out ("win in k" / "lose in k").
//!
//! Steinhaus' rule (Winning Ways, ch. 9), as in [`crate::wythoff::remoteness`]: a position with
//! no move has remoteness 0; a position with a move to an even remoteness has `1 + min` of
//! those (the quickest win); otherwise `1 + max` over all moves (the slowest loss). It is even
//! exactly for the positions of value 0, the losses of the player to move.
//!
//! A position's remoteness is not a function of its coins' values, so [`RemotenessTable`]
//! computes it for every position of the board at once: a position is the bit mask of its
//! heads coins (bit `(row − 1)·cols + (col − 1)`), and every move turns its head (the highest
//! bit it touches) from heads to tails, so it lowers the mask: filling the table in increasing
//! mask order meets every move's target first. [`MAX_COINS`] bounds the work.

use super::{Coin, Move, MoveReport, TurningCorners};
use crate::remoteness::Steinhaus;
use crate::Play;

/// Most coins (`rows · cols`) a [`RemotenessTable`] covers: 4 × 4, 2^16 positions.
///
/// Measured (`cargo test --release -p onag --test corners_remoteness -- --ignored --nocapture`,
/// BENCHMARKS.md): the 4 × 4 table takes 9 ms natively. The next square board, 5 × 5, has
/// 2^25 positions: 64 MiB of `u16` and ~1,000 times the work (~10 s natively, more in the
/// page's wasm worker), so every square board the API takes beyond 4 × 4 answers `null`.
pub const MAX_COINS: usize = 16;

/// Why no remoteness table was made: the board has more than [`MAX_COINS`] coins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a {rows}x{cols} board has {} coins; remoteness is tabulated for at most {MAX_COINS}", .rows * .cols)]
pub struct TooManyCoins {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
}

/// The remoteness of every position of a board of at most [`MAX_COINS`] coins.
///
/// # Examples
/// ```
/// use onag::games::turning_corners::remoteness::RemotenessTable;
/// use onag::games::turning_corners::{Coin, TurningCorners};
///
/// let table = RemotenessTable::new(4, 4).unwrap();
/// // One coin: turn it alone and the game is over.
/// let one = TurningCorners::from_heads(4, 4, &[Coin::new(3, 2)]).unwrap();
/// assert_eq!(table.remoteness(&one), Some(1));
/// // (1, 1) and (2, 3) both have value 1: a loss, and the loser can hold out.
/// let lost = TurningCorners::from_heads(4, 4, &[Coin::new(1, 1), Coin::new(2, 3)]).unwrap();
/// let r = table.remoteness(&lost).unwrap();
/// assert!(r % 2 == 0 && r >= 2);
/// assert!(RemotenessTable::new(5, 5).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct RemotenessTable {
    rows: usize,
    cols: usize,
    table: Vec<u16>,
}

/// The bit of coin `c` on a board of `cols` columns (`c` off the border).
fn bit(c: Coin, cols: usize) -> usize {
    (c.row - 1) * cols + (c.col - 1)
}

/// The mask of the coins `mv` turns over.
fn flip_mask(mv: Move, cols: usize) -> u32 {
    mv.turned()
        .into_iter()
        .fold(0, |acc, c| acc | 1 << bit(c, cols))
}

impl RemotenessTable {
    /// Computes the table of the `rows × cols` board (at most [`MAX_COINS`] coins).
    pub fn new(rows: usize, cols: usize) -> Result<Self, TooManyCoins> {
        if rows == 0 || cols == 0 || rows * cols > MAX_COINS {
            return Err(TooManyCoins { rows, cols });
        }
        let coins = rows * cols;
        // flips[i]: the masks of every move whose head is coin i.
        let flips: Vec<Vec<u32>> = (0..coins)
            .map(|i| {
                let coin = Coin::new(i / cols + 1, i % cols + 1);
                (0..coin.row)
                    .flat_map(|r| (0..coin.col).map(move |c| Coin::new(r, c)))
                    .map(|corner| flip_mask(Move { coin, corner }, cols))
                    .collect()
            })
            .collect();
        let mut table = vec![0u16; 1 << coins];
        for mask in 1..table.len() {
            let mut rule = Steinhaus::default();
            let mut rest = mask as u32;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                for &f in &flips[i] {
                    rule.see(u32::from(table[(mask as u32 ^ f) as usize]));
                }
            }
            // As wide as the table's entries (the u16 arithmetic the rule had here before).
            table[mask] = rule.remoteness() as u16;
        }
        Ok(Self { rows, cols, table })
    }

    /// Rows and columns of the board.
    pub fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn mask(&self, game: &TurningCorners) -> Option<usize> {
        (game.size() == (self.rows, self.cols)).then(|| {
            game.heads()
                .into_iter()
                .fold(0usize, |acc, c| acc | 1 << bit(c, self.cols))
        })
    }

    /// The remoteness of `game`, or `None` when it is on another board.
    pub fn remoteness(&self, game: &TurningCorners) -> Option<u32> {
        self.mask(game).map(|m| u32::from(self.table[m]))
    }

    /// The move Steinhaus' rule plays from `game`: the quickest win when it is won, else the
    /// slowest loss (the first such move in [`TurningCorners::moves`] order); `None` when the
    /// game is over or on another board.
    ///
    /// # Examples
    /// ```
    /// use onag::games::turning_corners::remoteness::RemotenessTable;
    /// use onag::games::turning_corners::{Coin, TurningCorners};
    /// use onag::Play;
    ///
    /// let table = RemotenessTable::new(3, 3).unwrap();
    /// let game = TurningCorners::from_heads(3, 3, &[Coin::new(3, 3), Coin::new(1, 2)]).unwrap();
    /// let r = table.remoteness(&game).unwrap();
    /// let next = game.play(table.best_move(&game).unwrap()).unwrap();
    /// assert_eq!(table.remoteness(&next).unwrap() + 1, r);
    /// ```
    pub fn best_move(&self, game: &TurningCorners) -> Option<Move> {
        let position = self.remoteness(game)?;
        game.moves()
            .into_iter()
            .find(|&mv| self.remoteness(&game.play_unchecked(mv)) == Some(position - 1))
    }

    /// The remoteness report of `game`, with the remoteness after each move from `coin` in
    /// [`TurningCorners::moves_from`] order (the order of
    /// [`PositionReport::moves`](super::PositionReport::moves)); `None` on another board.
    ///
    /// # Examples
    /// ```
    /// use onag::games::turning_corners::remoteness::RemotenessTable;
    /// use onag::games::turning_corners::{Coin, TurningCorners};
    ///
    /// let table = RemotenessTable::new(4, 4).unwrap();
    /// let game = TurningCorners::from_heads(4, 4, &[Coin::new(3, 3)]).unwrap();
    /// let report = table.report(&game, Some(Coin::new(3, 3))).unwrap();
    /// assert!(report.wins); // 3 ⊗ 3 = 2 ≠ 0
    /// assert_eq!(report.position, 1); // turn the coin alone
    /// assert_eq!(report.moves.len(), 3 * 3); // one per corner above and left of (3, 3)
    /// // A move to an even remoteness is a move to value 0 (✓).
    /// let marks = game.report(Some(Coin::new(3, 3))).unwrap().moves;
    /// for (m, r) in marks.iter().zip(&report.moves) {
    ///     assert_eq!(m.winning, r % 2 == 0);
    /// }
    /// assert_eq!(report.best.unwrap().corner, (0, 0));
    /// ```
    pub fn report(&self, game: &TurningCorners, coin: Option<Coin>) -> Option<RemotenessReport> {
        let position = self.remoteness(game)?;
        let moves = coin
            .map(|c| {
                game.moves_from(c)
                    .into_iter()
                    .map(|m| self.remoteness(&game.play_unchecked(m.mv)))
                    .collect::<Option<Vec<u32>>>()
            })
            .unwrap_or(Some(Vec::new()))?;
        let best = self.best_move(game).map(|mv| {
            let winning = game.play_unchecked(mv).value() == 0;
            MoveReport::new(mv, winning)
        });
        Some(RemotenessReport::new(position, moves, best))
    }
}

/// A position's remoteness ("win in k" when odd, "lose in k" when even, 0 when no coin is
/// heads), that after each move from the chosen coin (empty when none was chosen), and the
/// move the rule plays.
pub type RemotenessReport = crate::remoteness::Report<MoveReport>;
