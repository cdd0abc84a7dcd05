//! Remoteness of Toads-and-Frogs positions whose game tree is small: how many moves the game
//! lasts under normal play (no move = loss) when the winner hurries and the loser holds out
//! ("win in k" / "lose in k").
//!
//! Steinhaus' rule (Winning Ways, ch. 9), as in [`crate::wythoff::remoteness`] and
//! [`crate::games::turning_corners::remoteness`]: a player with no move has remoteness 0; a
//! player with a move to an even remoteness (a loss for the opponent) has `1 + min` of those
//! (the quickest win); otherwise `1 + max` over all moves (the slowest loss). It is odd exactly
//! when the player to move wins, so it agrees with the outcome class of the board's value
//! (Left moving first wins on `L` and `N` boards, Right on `R` and `N`).
//!
//! Remoteness is not a function of the value, so it needs the whole game tree. A
//! [`RemotenessTable`] holds both remotenesses (Left to move, Right to move) of every board
//! reachable from a root by moves of either player in any order — a set closed under moves, so
//! the table answers for every position of a game started at the root. Every move carries a
//! toad right or a frog left, so the reachable boards form a DAG; the table is filled by an
//! iterative depth-first search (no recursion), children first, and refuses with [`TooLarge`]
//! once it would hold more than the caller's budget of boards.

use std::collections::HashMap;

use super::board::{moves_of, Board, Square};
use crate::partizan::{ByPlayer, Player};
use crate::remoteness::remoteness as steinhaus;

/// Why no table was made: more boards are reachable from the root than the budget allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "more than {budget} boards are reachable from this one; remoteness is tabulated for game \
    trees of at most that many"
)]
pub struct TooLarge {
    /// The budget that was exceeded (boards).
    pub budget: usize,
}

/// A board packed two bits per square (`Square as u8`), square `i` at bits `2i, 2i + 1` of
/// the 256-bit word `(lo, hi)`; every board of a table has the root's length.
type Key = [u128; 2];

fn pack(squares: &[Square]) -> Key {
    let mut key = [0u128; 2];
    for (i, &s) in squares.iter().enumerate() {
        key[i / 64] |= (s as u128) << (2 * (i % 64));
    }
    key
}

fn unpack(key: Key, len: usize, out: &mut Vec<Square>) {
    out.clear();
    out.extend((0..len).map(|i| match (key[i / 64] >> (2 * (i % 64))) & 3 {
        0 => Square::Empty,
        1 => Square::Toad,
        _ => Square::Frog,
    }));
}

/// The key after the piece on `from` moves to `to` (a swap with the empty square).
fn moved(key: Key, squares: &[Square], from: usize, to: usize) -> Key {
    let mut next = key;
    for (i, s) in [(from, squares[to]), (to, squares[from])] {
        let word = &mut next[i / 64];
        *word &= !(3u128 << (2 * (i % 64)));
        *word |= (s as u128) << (2 * (i % 64));
    }
    next
}

/// The remoteness of both players on every board reachable from a root, when there are at
/// most a budget of them.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::remoteness::RemotenessTable;
/// use onag::games::toads_and_frogs::Board;
/// use onag::partizan::Player;
///
/// let board: Board = "TTT...FFF".parse().unwrap(); // value 0: whoever starts loses
/// let table = RemotenessTable::new(&board, 10_000).unwrap();
/// let left = table.remoteness(&board, Player::Left).unwrap();
/// assert!(left % 2 == 0 && left > 0);
/// assert_eq!(table.remoteness(&board, Player::Right), Some(left)); // the board is symmetric
/// // One step: the toad on square 3 moves right; the frogs now move, and win.
/// let after: Board = "TT.T..FFF".parse().unwrap();
/// assert_eq!(table.remoteness(&after, Player::Right).unwrap() % 2, 1);
/// assert!(RemotenessTable::new(&"TTTT....FFFF".parse().unwrap(), 10_000).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct RemotenessTable {
    len: usize,
    /// Per board: the remoteness with Left to move and with Right to move.
    table: HashMap<Key, [u32; 2]>,
}

const fn side(player: Player) -> usize {
    match player {
        Player::Left => 0,
        Player::Right => 1,
    }
}

impl RemotenessTable {
    /// Tabulates every board reachable from `root`, or refuses with [`TooLarge`] as soon as
    /// more than `budget` boards are reachable (the work is then bounded by the budget).
    pub fn new(root: &Board, budget: usize) -> Result<Self, TooLarge> {
        let len = root.len();
        let mut table: HashMap<Key, [u32; 2]> = HashMap::new();
        let mut squares = Vec::with_capacity(len);
        let mut children: Vec<(usize, Key)> = Vec::new();
        // (board, children pushed): a board is finished once every child is.
        let mut stack: Vec<(Key, bool)> = vec![(pack(root.squares()), false)];
        while let Some((key, expanded)) = stack.pop() {
            if table.contains_key(&key) {
                continue;
            }
            unpack(key, len, &mut squares);
            children.clear();
            for player in [Player::Left, Player::Right] {
                moves_of(&squares, player, |from, to| {
                    children.push((side(player), moved(key, &squares, from, to)))
                });
            }
            if expanded {
                let after = |s: usize| {
                    let table = &table;
                    children
                        .iter()
                        .filter(move |(p, _)| *p == s)
                        .map(move |(_, child)| table[child][1 - s])
                };
                let entry = [steinhaus(after(0)), steinhaus(after(1))];
                if table.len() == budget {
                    return Err(TooLarge { budget });
                }
                table.insert(key, entry);
            } else {
                stack.push((key, true));
                stack.extend(
                    children
                        .iter()
                        .filter(|(_, child)| !table.contains_key(child))
                        .map(|&(_, child)| (child, false)),
                );
            }
        }
        Ok(Self { len, table })
    }

    /// How many boards the table holds.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table is empty (never: it holds at least its root).
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Whether `board` is in the table (reachable from its root).
    pub fn contains(&self, board: &Board) -> bool {
        self.entry(board).is_some()
    }

    fn entry(&self, board: &Board) -> Option<[u32; 2]> {
        (board.len() == self.len)
            .then(|| self.table.get(&pack(board.squares())).copied())
            .flatten()
    }

    /// The remoteness of `board` with `player` to move, or `None` when the board is not
    /// reachable from the table's root.
    pub fn remoteness(&self, board: &Board, player: Player) -> Option<u32> {
        self.entry(board).map(|e| e[side(player)])
    }

    /// The remoteness after each move of `player`, in [`Board::moves`] order (the opponent to
    /// move); `None` when the board is not in the table.
    fn after_moves(&self, board: &Board, player: Player) -> Option<Vec<u32>> {
        let mut squares = board.squares().to_vec();
        board
            .moves(player)
            .into_iter()
            .map(|mv| {
                squares.swap(mv.from, mv.to);
                let r = self.table.get(&pack(&squares)).map(|e| e[1 - side(player)]);
                squares.swap(mv.from, mv.to);
                r
            })
            .collect()
    }

    /// The report of `board`: both players' remoteness, the remoteness after every move, and
    /// the move the rule plays for each player; `None` when the board is not in the table.
    ///
    /// # Examples
    /// ```
    /// use onag::games::toads_and_frogs::remoteness::RemotenessTable;
    /// use onag::games::toads_and_frogs::{board_report, Board};
    ///
    /// let board: Board = "TT.F.F".parse().unwrap();
    /// let table = RemotenessTable::new(&board, 1000).unwrap();
    /// let r = table.report(&board).unwrap();
    /// // The moves in the order of the board report (Left's, then Right's).
    /// let values = board_report(&board, &onag::StopFlag::new()).unwrap();
    /// assert_eq!(r.moves.len(), values.moves.len());
    /// for (m, after) in values.moves.iter().zip(&r.moves) {
    ///     assert_eq!(m.winning, after % 2 == 0); // ✓ exactly when the opponent then loses
    /// }
    /// // The rule's move leaves the opponent one move fewer.
    /// let best = r.best.left.unwrap();
    /// assert_eq!(r.moves[best] + 1, r.position.left);
    /// ```
    pub fn report(&self, board: &Board) -> Option<RemotenessReport> {
        let entry = self.entry(board)?;
        let left = self.after_moves(board, Player::Left)?;
        let right = self.after_moves(board, Player::Right)?;
        let best = |offset: usize, after: &[u32], position: u32| {
            after
                .iter()
                .position(|&r| r + 1 == position)
                .map(|i| offset + i)
        };
        Some(RemotenessReport {
            position: ByPlayer {
                left: entry[0],
                right: entry[1],
            },
            wins: ByPlayer {
                left: entry[0] % 2 == 1,
                right: entry[1] % 2 == 1,
            },
            best: ByPlayer {
                left: best(0, &left, entry[0]),
                right: best(left.len(), &right, entry[1]),
            },
            moves: left.into_iter().chain(right).collect(),
        })
    }
}

/// A board's remoteness for each player to move ("win in k" when odd, "lose in k" when even,
/// 0 when that player has no move), after each move, and the move the rule plays.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RemotenessReport {
    /// Moves left under Steinhaus' rule with each player to move.
    pub position: ByPlayer<u32>,
    /// Whether that player, moving first, wins (the remoteness is odd).
    pub wins: ByPlayer<bool>,
    /// The remoteness after each move, the opponent to move, in the order of
    /// [`BoardReport::moves`](super::BoardReport::moves) (Left's moves, then Right's, each in
    /// board order).
    pub moves: Vec<u32>,
    /// The move the rule plays for each player (quickest win, or slowest loss): an index into
    /// `moves`; `None` when that player cannot move.
    pub best: ByPlayer<Option<usize>>,
}
