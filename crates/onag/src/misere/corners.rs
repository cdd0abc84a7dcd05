//! Turning Corners under misère play: the player who cannot move (every coin tails) **wins**.
//!
//! Normal play needs only the nim product (*Winning Ways*, ch. 14: a position is the sum of
//! its heads coins). Misère play does not split into components that way, and the genus of
//! the sum grows fast, so this is a direct memoised search over the heads coins as a bit
//! set: the heads coins only ever move up and left, so the position stays inside the
//! rectangle of rows ≤ the lowest heads coin's and columns ≤ the rightmost one's, and the
//! search covers at most the 2^(rows·cols) sets of that rectangle — bounded by a number of
//! positions, with a clear error past it.

use std::collections::HashMap;

use crate::games::turning_corners::{Coin, Move, MoveReport, TurningCorners};
use crate::partizan::Outcome;
use crate::stop::{StopFlag, Stopped};

/// The default bound on the positions one misère analysis stores.
pub const DEFAULT_CORNERS_POSITIONS: usize = 1 << 21;

/// The largest rectangle (rows × columns of coins) the search encodes (a 128-bit set).
pub const MAX_CORNERS_COINS: usize = 128;

/// Why a misère Turning Corners analysis has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CornersMisereError {
    /// The caller's [`StopFlag`] was raised.
    #[error("{}", Stopped)]
    Stopped,
    /// More positions than the bound.
    #[error(
        "the misère search needs more than {limit} positions (the heads coins span {rows} × \
         {cols} coins)"
    )]
    TooLarge {
        /// The bound.
        limit: usize,
        /// Rows of the rectangle searched.
        rows: usize,
        /// Its columns.
        cols: usize,
    },
}

impl From<Stopped> for CornersMisereError {
    fn from(_: Stopped) -> Self {
        CornersMisereError::Stopped
    }
}

/// The misère analysis of a Turning Corners position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CornersMisereReport {
    /// `P` or `N` in misère play (no heads coin: `N`, the player to move has won).
    pub outcome: Outcome,
    /// Positions searched (stored).
    pub positions: usize,
    /// Every move, heads coins in row-major order, corners row-major, ✓ (`winning`) when it
    /// leaves a misère P-position.
    pub moves: Vec<MoveReport>,
    /// The index in `moves` of the first winning move (`None` in a P-position or with no
    /// move).
    pub winning_move: Option<usize>,
}

/// The search: the flips of every move of the rectangle, and the memo.
struct Search<'a> {
    cols: usize,
    /// `moves[i]`: the bit sets a move with head coin i turns.
    moves: Vec<Vec<u128>>,
    memo: HashMap<u128, bool>,
    limit: usize,
    stop: &'a StopFlag,
    rows: usize,
}

impl Search<'_> {
    fn bit(&self, row: usize, col: usize) -> u128 {
        1u128 << ((row - 1) * self.cols + (col - 1))
    }

    fn flips(&self, mv: Move) -> u128 {
        mv.turned()
            .into_iter()
            .fold(0, |acc, c| acc ^ self.bit(c.row, c.col))
    }

    /// Whether the player to move wins `set` in misère play, by an explicit stack (the
    /// games can be long).
    fn wins(&mut self, set: u128) -> Result<bool, CornersMisereError> {
        if let Some(&w) = self.memo.get(&set) {
            return Ok(w);
        }
        // (position, the next head coin's bit index, the next of its moves)
        let mut stack: Vec<(u128, u32, usize)> = vec![(set, 0, 0)];
        let mut last: Option<bool> = None;
        while let Some(top) = stack.last_mut() {
            let (pos, coin, next) = *top;
            if let Some(child_wins) = last.take() {
                if !child_wins {
                    // a move to a position the opponent loses
                    self.store(pos, true)?;
                    stack.pop();
                    last = Some(true);
                    continue;
                }
            }
            if pos == 0 {
                // no move: the player to move wins in misère play
                self.store(0, true)?;
                stack.pop();
                last = Some(true);
                continue;
            }
            // the next move to try
            let mut c = coin;
            let mut k = next;
            let mut child = None;
            while c < 128 {
                if pos >> c & 1 == 1 && k < self.moves[c as usize].len() {
                    child = Some(pos ^ self.moves[c as usize][k]);
                    k += 1;
                    break;
                }
                c += 1;
                k = 0;
            }
            let top = stack.last_mut().expect("the stack is not empty");
            top.1 = c;
            top.2 = k;
            match child {
                None => {
                    // every move leads to a position the opponent wins
                    self.store(pos, false)?;
                    stack.pop();
                    last = Some(false);
                }
                Some(x) => match self.memo.get(&x) {
                    Some(&w) => last = Some(w),
                    None => stack.push((x, 0, 0)),
                },
            }
        }
        Ok(last.expect("the search ends with an answer"))
    }

    fn store(&mut self, pos: u128, wins: bool) -> Result<(), CornersMisereError> {
        if self.memo.len() >= self.limit {
            return Err(CornersMisereError::TooLarge {
                limit: self.limit,
                rows: self.rows,
                cols: self.cols,
            });
        }
        if self.memo.len().is_multiple_of(4096) {
            self.stop.check()?;
        }
        self.memo.insert(pos, wins);
        Ok(())
    }
}

/// The misère outcome of a Turning Corners position and every move marked ✓/✗, by a
/// memoised search of at most `max_positions` positions.
///
/// # Examples
/// ```
/// use onag::games::turning_corners::{Coin, TurningCorners};
/// use onag::misere::corners::corners_misere;
/// use onag::partizan::Outcome;
///
/// // one heads coin at (1, 1): the only move turns it over and leaves no move — the mover
/// // loses in misère play
/// let one = TurningCorners::from_heads(3, 3, &[Coin::new(1, 1)]).unwrap();
/// let r = corners_misere(&one, 1000, &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.outcome, Outcome::P);
/// // two of them: turn one over, leave the other
/// let two = TurningCorners::from_heads(3, 3, &[Coin::new(1, 1), Coin::new(1, 2)]).unwrap();
/// let r = corners_misere(&two, 1000, &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.outcome, Outcome::N);
/// assert!(r.moves[r.winning_move.unwrap()].winning);
/// ```
pub fn corners_misere(
    game: &TurningCorners,
    max_positions: usize,
    stop: &StopFlag,
) -> Result<CornersMisereReport, CornersMisereError> {
    let heads = game.heads();
    let rows = heads.iter().map(|c| c.row).max().unwrap_or(0);
    let cols = heads.iter().map(|c| c.col).max().unwrap_or(0);
    let too_large = CornersMisereError::TooLarge {
        limit: max_positions,
        rows,
        cols,
    };
    if rows * cols > MAX_CORNERS_COINS {
        return Err(too_large);
    }
    let mut search = Search {
        cols: cols.max(1),
        moves: Vec::new(),
        memo: HashMap::new(),
        limit: max_positions,
        stop,
        rows,
    };
    // the moves of each coin of the rectangle, by its bit index
    let mut table = vec![Vec::new(); 128];
    for row in 1..=rows {
        for col in 1..=cols {
            let coin = Coin::new(row, col);
            let i = (row - 1) * search.cols + (col - 1);
            table[i] = (0..row)
                .flat_map(|r| (0..col).map(move |c| Coin::new(r, c)))
                .map(|corner| search.flips(Move { coin, corner }))
                .collect();
        }
    }
    search.moves = table;
    let set = heads
        .iter()
        .fold(0u128, |acc, c| acc | search.bit(c.row, c.col));
    let mut moves = Vec::new();
    for mv in game.moves() {
        let after = set ^ search.flips(mv);
        let opponent_wins = search.wins(after)?;
        moves.push(MoveReport::new(mv, !opponent_wins));
    }
    let winning_move = moves.iter().position(|m| m.winning);
    let outcome = if moves.is_empty() || winning_move.is_some() {
        Outcome::N
    } else {
        Outcome::P
    };
    Ok(CornersMisereReport {
        outcome,
        positions: search.memo.len(),
        moves,
        winning_move,
    })
}
