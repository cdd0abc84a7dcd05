//! Remoteness of sums of Wythoff queens: how many moves the game lasts when the winner hurries
//! and the loser holds out ("win in k" / "lose in k").
//!
//! Steinhaus' rule (Winning Ways, ch. 9): a position with no move has remoteness 0; a position
//! with a move to an even remoteness has `1 + min` of those (the winner takes the quickest win);
//! otherwise `1 + max` over all moves (the loser takes the slowest loss). The remoteness is
//! even exactly for the positions lost by the player to move (XOR of the Grundy values 0), and
//! a player who follows it wins (or loses) in exactly that many moves against best defence.
//!
//! A sum's remoteness is not a function of its parts' remotenesses, so [`RemotenessTable`]
//! computes it for every position of `k` queens on the board at once: queens are
//! interchangeable, so a position is a multiset of `k` cells, `C(n² + k − 1, k)` of them, each
//! filled after all the positions it moves to (every move lowers a cell's index `x·n + y`, and
//! so the multiset's colex rank). [`MAX_STATES`] bounds the work: one queen on any board, two
//! queens up to 38 × 38, three up to 13 × 13, four up to 8 × 8.

use super::positions::{Move, Position, MAX_QUEENS};
use crate::remoteness::Steinhaus;
use crate::Play;

/// Most positions a [`RemotenessTable`] holds (two queens on 32 × 32 need 524,800).
/// Two queens on 38 × 38 (1,043,290) fit; 39 × 39 does not.
pub const MAX_STATES: usize = 1 << 20;

/// Why no remoteness table was made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RemotenessError {
    /// The table would hold `states` positions, more than [`MAX_STATES`].
    #[error("the remoteness table would hold {states} positions, more than {MAX_STATES}")]
    TooMany {
        /// Positions the table would need.
        states: u128,
    },
    /// The queen count is 0 or above [`MAX_QUEENS`], or the side is 0.
    #[error("{0}")]
    Invalid(String),
}

/// `C(n, k)` in `u128`, saturating.
fn choose(n: u128, k: u128) -> u128 {
    (0..k).fold(1u128, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// Positions of `queens` queens on a `side × side` board, as a multiset of cells.
///
/// # Examples
/// ```
/// use onag::wythoff::remoteness::states;
/// assert_eq!(states(32, 2), 524_800);
/// assert_eq!(states(8, 1), 64);
/// ```
pub fn states(side: u32, queens: usize) -> u128 {
    let cells = u128::from(side) * u128::from(side);
    if queens == 0 {
        return 1;
    }
    choose(cells + queens as u128 - 1, queens as u128)
}

/// The remoteness of every position of `queens` queens on a `side × side` board.
#[derive(Clone, Debug)]
pub struct RemotenessTable {
    side: u32,
    queens: usize,
    /// `binom[i][c] = C(c + i, i + 1)`: the colex rank's term of the `i`-th smallest cell `c`.
    binom: Vec<Vec<usize>>,
    table: Vec<u16>,
}

impl RemotenessTable {
    /// Computes the table (at most [`MAX_STATES`] positions).
    ///
    /// # Examples
    /// ```
    /// use onag::wythoff::positions::Position;
    /// use onag::wythoff::remoteness::RemotenessTable;
    /// let t = RemotenessTable::new(8, 1).unwrap();
    /// // (1, 2) is a P-position: whatever you do, the opponent takes the queen home next move.
    /// assert_eq!(t.remoteness(&Position::new(8, &[(1, 2)]).unwrap()), Some(2));
    /// // From (0, 5) the queen goes home at once.
    /// assert_eq!(t.remoteness(&Position::new(8, &[(0, 5)]).unwrap()), Some(1));
    /// ```
    pub fn new(side: u32, queens: usize) -> Result<Self, RemotenessError> {
        if side == 0 || queens == 0 || queens > MAX_QUEENS {
            return Err(RemotenessError::Invalid(format!(
                "a remoteness table needs a board side ≥ 1 and 1–{MAX_QUEENS} queens"
            )));
        }
        let total = states(side, queens);
        if total > MAX_STATES as u128 {
            return Err(RemotenessError::TooMany { states: total });
        }
        let cells = (side * side) as usize;
        let binom = (0..queens)
            .map(|i| {
                (0..cells)
                    .map(|c| choose((c + i) as u128, (i + 1) as u128) as usize)
                    .collect()
            })
            .collect();
        let mut me = Self {
            side,
            queens,
            binom,
            table: vec![0; total as usize],
        };
        me.fill();
        Ok(me)
    }

    /// The board side.
    pub fn side(&self) -> u32 {
        self.side
    }

    /// The number of queens.
    pub fn queens(&self) -> usize {
        self.queens
    }

    fn rank(&self, sorted: &[usize]) -> usize {
        sorted
            .iter()
            .enumerate()
            .map(|(i, &c)| self.binom[i][c])
            .sum()
    }

    /// Fills the table in colex order of the sorted cells, so every move's target is known.
    fn fill(&mut self) {
        let n = self.side as usize;
        let k = self.queens;
        let last = n * n - 1;
        let mut cells = vec![0usize; k];
        let mut child = vec![0usize; k];
        for index in 0..self.table.len() {
            debug_assert_eq!(self.rank(&cells), index);
            let mut rule = Steinhaus::default();
            for i in 0..k {
                if i > 0 && cells[i] == cells[i - 1] {
                    continue; // the same queen again
                }
                let (x, y) = (cells[i] / n, cells[i] % n);
                let targets = (1..=x)
                    .map(|d| (x - d) * n + y)
                    .chain((1..=y).map(|d| x * n + y - d))
                    .chain((1..=x.min(y)).map(|d| (x - d) * n + y - d));
                for target in targets {
                    child.copy_from_slice(&cells);
                    // Moving cell i down to `target` and re-sorting: shift larger ones right.
                    let mut j = i;
                    while j > 0 && child[j - 1] > target {
                        child[j] = child[j - 1];
                        j -= 1;
                    }
                    child[j] = target;
                    rule.see(u32::from(self.table[self.rank(&child)]));
                }
            }
            // As wide as the table's entries (the u16 arithmetic the rule had here before).
            self.table[index] = rule.remoteness() as u16;
            // Colex successor of a non-decreasing sequence.
            if let Some(i) = (0..k).find(|&i| {
                if i + 1 < k {
                    cells[i] < cells[i + 1]
                } else {
                    cells[i] < last
                }
            }) {
                cells[i] += 1;
                cells[..i].fill(0);
            }
        }
    }

    /// The remoteness of `pos`, or `None` when it has another side or queen count.
    pub fn remoteness(&self, pos: &Position) -> Option<u32> {
        if pos.side() != self.side || pos.queens().len() != self.queens {
            return None;
        }
        let n = self.side as usize;
        let mut sorted: Vec<usize> = pos
            .queens()
            .iter()
            .map(|&(x, y)| x as usize * n + y as usize)
            .collect();
        sorted.sort_unstable();
        Some(u32::from(self.table[self.rank(&sorted)]))
    }

    /// The remoteness report of `pos`: its remoteness and that after each legal move.
    pub fn report(&self, pos: &Position) -> Option<RemotenessReport> {
        let position = self.remoteness(pos)?;
        let moves = pos
            .legal_moves()
            .into_iter()
            .map(|m| self.remoteness(&pos.play_unchecked(m)))
            .collect::<Option<Vec<u32>>>()?;
        let best = best_move(&pos.legal_moves(), &moves, position);
        Some(RemotenessReport::new(position, moves, best))
    }
}

/// The move Steinhaus' rule plays: the quickest win (least even remoteness after it) when there
/// is one, else the slowest loss (greatest remoteness); `None` with no move.
fn best_move(moves: &[Move], after: &[u32], position: u32) -> Option<Move> {
    moves
        .iter()
        .zip(after)
        .find(|&(_, &r)| r + 1 == position)
        .map(|(&m, _)| m)
}

/// A position's remoteness ("win in k" when odd, "lose in k" when even), that after each
/// legal move (in [`Position::legal_moves`] order) and the move the rule plays.
///
/// # Examples
/// ```
/// use onag::wythoff::positions::Position;
/// use onag::wythoff::remoteness::RemotenessTable;
/// use onag::Play;
/// let pos = Position::new(8, &[(3, 5), (0, 1)]).unwrap();
/// let report = RemotenessTable::new(8, 2).unwrap().report(&pos).unwrap();
/// assert!(report.wins); // g(3, 5) ⊕ g(0, 1) = 0 ⊕ 1
/// assert_eq!(report.moves.len(), pos.legal_moves().len());
/// // The best move wins in exactly one move fewer.
/// let best = report.best.unwrap();
/// let i = pos.legal_moves().iter().position(|&m| m == best).unwrap();
/// assert_eq!(report.moves[i] + 1, report.position);
/// let next = pos.play(best).unwrap();
/// assert_eq!(RemotenessTable::new(8, 2).unwrap().remoteness(&next), Some(report.moves[i]));
/// ```
pub type RemotenessReport = crate::remoteness::Report<Move>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wythoff::positions::Analyser;
    use crate::Play;
    use std::collections::HashMap;

    /// Remoteness by memoised recursion straight from the definition.
    fn slow(pos: &Position, memo: &mut HashMap<Vec<(u32, u32)>, u32>) -> u32 {
        let mut key = pos.queens().to_vec();
        key.sort_unstable();
        if let Some(&r) = memo.get(&key) {
            return r;
        }
        let after: Vec<u32> = pos
            .legal_moves()
            .into_iter()
            .map(|m| slow(&pos.play(m).unwrap(), memo))
            .collect();
        let r = if after.is_empty() {
            0
        } else if let Some(&w) = after.iter().filter(|r| r.is_multiple_of(2)).min() {
            w + 1
        } else {
            after.iter().max().unwrap() + 1
        };
        memo.insert(key, r);
        r
    }

    #[test]
    fn the_table_agrees_with_the_definition_and_the_xor_rule() {
        for (side, queens) in [(7, 1), (6, 2), (4, 3), (3, 4)] {
            let table = RemotenessTable::new(side, queens).unwrap();
            let analyser = Analyser::new(side).unwrap();
            let mut memo = HashMap::new();
            let cells: Vec<(u32, u32)> = (0..side)
                .flat_map(|x| (0..side).map(move |y| (x, y)))
                .collect();
            let mut checked = 0;
            let mut idx = vec![0usize; queens];
            loop {
                let qs: Vec<(u32, u32)> = idx.iter().map(|&i| cells[i]).collect();
                let pos = Position::new(side, &qs).unwrap();
                let r = table.remoteness(&pos).unwrap();
                assert_eq!(r, slow(&pos, &mut memo), "{qs:?}");
                let xor = analyser.analyse(&pos).unwrap().xor;
                assert_eq!(
                    r.is_multiple_of(2),
                    xor == 0,
                    "{qs:?}: parity follows the XOR rule"
                );
                checked += 1;
                // Every ordered tuple (queens are interchangeable: the order must not matter).
                let Some(i) = (0..queens).find(|&i| idx[i] + 1 < cells.len()) else {
                    break;
                };
                idx[i] += 1;
                idx[..i].fill(0);
            }
            assert_eq!(checked, cells.len().pow(queens as u32));
        }
    }

    #[test]
    fn one_queen_p_positions_have_even_remoteness_and_the_best_move_is_consistent() {
        let table = RemotenessTable::new(20, 1).unwrap();
        for (a, b) in [(1, 2), (3, 5), (4, 7), (6, 10), (8, 13)] {
            let r = table
                .remoteness(&Position::new(20, &[(a, b)]).unwrap())
                .unwrap();
            assert!(r.is_multiple_of(2), "({a}, {b}) is a P-position");
        }
        let pos = Position::new(20, &[(19, 17)]).unwrap();
        let report = table.report(&pos).unwrap();
        let best = report.best.unwrap();
        let next = pos.play(best).unwrap();
        assert_eq!(table.remoteness(&next).unwrap() + 1, report.position);
        assert!(report.wins);
    }

    #[test]
    fn too_large_tables_are_refused() {
        assert!(matches!(
            RemotenessTable::new(39, 2),
            Err(RemotenessError::TooMany { .. })
        ));
        assert!(RemotenessTable::new(8, 0).is_err());
        assert!(RemotenessTable::new(8, 5).is_err());
        assert_eq!(states(32, 2), 524_800);
        assert!(states(38, 2) <= MAX_STATES as u128);
        assert!(states(13, 3) <= MAX_STATES as u128);
        assert!(states(8, 4) <= MAX_STATES as u128);
        assert!(states(14, 3) > MAX_STATES as u128);
        assert!(states(9, 4) > MAX_STATES as u128);
    }
}
