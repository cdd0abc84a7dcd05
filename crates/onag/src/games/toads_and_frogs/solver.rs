//! Exact values of Toads-and-Frogs boards: Erickson's reductions, then canonical forms of the
//! irreducible parts, memoised under packed keys in an arena shared by every board solved.

use super::board::MAX_LEN;
use super::board::{moves_of, Board, Square};
use super::reduce::{reduce_with, PackedKey};
use crate::partizan::game::{Arena, FxHashMap, GameError, GameId};
use crate::partizan::Player;
use crate::StopFlag;

/// Longest part keyed by one word: two bits per square and a sentinel bit.
const SMALL_LEN: usize = 31;

/// The one-word key of a part of at most [`SMALL_LEN`] squares.
fn small_key<'a>(squares: impl Iterator<Item = &'a Square>) -> u64 {
    let mut key = 1u64;
    for &s in squares {
        key = (key << 2) | s as u64;
    }
    key
}

/// Longest part keyed by two words.
const MEDIUM_LEN: usize = 63;

/// The two-word key of a part of at most [`MEDIUM_LEN`] squares.
fn medium_key<'a>(squares: impl Iterator<Item = &'a Square>) -> u128 {
    let mut key = 1u128;
    for &s in squares {
        key = (key << 2) | s as u128;
    }
    key
}

/// The squares of the mirror image, left to right.
fn mirrored(squares: &[Square]) -> impl Iterator<Item = &Square> {
    squares.iter().rev().map(|s| match s {
        Square::Empty => &Square::Empty,
        Square::Toad => &Square::Frog,
        Square::Frog => &Square::Toad,
    })
}

/// How often (in parts solved) the solver polls its [`StopFlag`].
const POLL_EVERY: u32 = 1 << 8;

/// A solver holding one [`Arena`] and the memo of part values; reuse it across many boards
/// (a whole family T2□^bF2 shares subpositions across b).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{Board, Solver};
/// use onag::partizan::name::{name, NameStyle};
/// let mut solver = Solver::new();
/// let g = solver.value(&"TT.FF".parse::<Board>().unwrap()).unwrap();
/// assert_eq!(name(solver.arena(), g, NameStyle::Ascii), "*");
/// ```
pub struct Solver {
    arena: Arena,
    memo: FxHashMap<PackedKey, GameId>,
    small: FxHashMap<u64, GameId>,
    medium: FxHashMap<u128, GameId>,
    plain: FxHashMap<PackedKey, GameId>,
    reductions: bool,
    stop: Option<StopFlag>,
    polls: u32,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver that applies Erickson's reductions before searching.
    pub fn new() -> Solver {
        Solver::with_arena(Arena::new())
    }

    /// A solver over an existing arena (to compare its values with other games there).
    pub fn with_arena(arena: Arena) -> Solver {
        Solver {
            arena,
            memo: FxHashMap::default(),
            small: FxHashMap::default(),
            medium: FxHashMap::default(),
            plain: FxHashMap::default(),
            reductions: true,
            stop: None,
            polls: 0,
        }
    }

    /// A solver that applies no reduction at all: every board is searched move by move (the
    /// slow reference of the verification).
    pub fn without_reductions() -> Solver {
        Solver {
            reductions: false,
            ..Solver::new()
        }
    }

    /// The arena holding the values.
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// The arena, mutably (to build or compare other games).
    pub fn arena_mut(&mut self) -> &mut Arena {
        &mut self.arena
    }

    /// Gives the arena back.
    pub fn into_arena(self) -> Arena {
        self.arena
    }

    /// Number of parts memoised.
    pub fn memo_len(&self) -> usize {
        self.memo.len() + self.small.len() + self.medium.len()
    }

    /// The canonical value of `board`.
    ///
    /// The solver recurses once per move along the longest line of play (a few kilobytes per
    /// level): boards up to the web app's 24 squares fit a default 2 MB thread stack, long
    /// family boards (T2□^bF2 with b ≈ 100) want a thread with a few hundred megabytes.
    pub fn value(&mut self, board: &Board) -> Result<GameId, GameError> {
        self.stop = None;
        self.board_value(board.squares())
    }

    /// [`Solver::value`], giving up with [`GameError::Stopped`] soon after `stop` is raised
    /// (what was solved so far stays memoised).
    pub fn value_with_stop(&mut self, board: &Board, stop: &StopFlag) -> Result<GameId, GameError> {
        self.stop = Some(stop.clone());
        let result = self.board_value(board.squares());
        self.stop = None;
        result
    }

    /// The value of `board` searched move by move with no reduction at all, in the same arena
    /// (so it can be compared with [`Solver::value`] by id): the slow reference.
    pub fn value_unreduced(&mut self, board: &Board) -> Result<GameId, GameError> {
        self.stop = None;
        self.plain_value(board.squares())
    }

    fn plain_value(&mut self, squares: &[Square]) -> Result<GameId, GameError> {
        let key = PackedKey::new(squares);
        if let Some(&g) = self.plain.get(&key) {
            return Ok(g);
        }
        let mut options = [Vec::new(), Vec::new()];
        for (k, player) in [Player::Left, Player::Right].into_iter().enumerate() {
            let mut moves = Vec::new();
            moves_of(squares, player, |from, to| moves.push((from, to)));
            let mut child = squares.to_vec();
            for (from, to) in moves {
                child.swap(from, to);
                options[k].push(self.plain_value(&child)?);
                child.swap(from, to);
            }
        }
        let v = self.arena.from_options(&options[0], &options[1])?;
        self.plain.insert(key, v);
        Ok(v)
    }

    /// The value of the parts of `parts` (the board value minus its integer), for displaying
    /// the reduced form.
    pub fn part_value(&mut self, part: &Board) -> Result<GameId, GameError> {
        self.part(part.squares())
    }

    fn board_value(&mut self, squares: &[Square]) -> Result<GameId, GameError> {
        if !self.reductions {
            return self.part(squares);
        }
        let mut integer = 0i64;
        let mut total = self.arena.zero();
        reduce_with(squares, &mut integer, |p| {
            let v = self.part(p)?;
            total = self.arena.add(total, v)?;
            Ok::<(), GameError>(())
        })?;
        let n = self.arena.integer(integer)?;
        self.arena.add(total, n)
    }

    /// The canonical value of one part, by its options; memoised, with the mirror image
    /// sharing the entry (value(mirror) = −value).
    fn part(&mut self, squares: &[Square]) -> Result<GameId, GameError> {
        // One memo entry per mirror pair, under the smaller key: one probe per lookup, and
        // half the table (the table is the memory-bound part of a family run). Parts of up
        // to 31 squares (every web board, all exhaustive runs) use a one-word key in a table
        // of 16-byte entries, up to 63 squares a two-word key; longer ones the 256-bit key.
        if squares.len() <= SMALL_LEN {
            let (key, mirror_key) = (small_key(squares.iter()), small_key(mirrored(squares)));
            if mirror_key < key {
                return self.mirrored_part(squares);
            }
            if let Some(&g) = self.small.get(&key) {
                return Ok(g);
            }
            let v = self.solve_part(squares)?;
            self.small.insert(key, v);
            return Ok(v);
        }
        if squares.len() <= MEDIUM_LEN {
            let key = medium_key(squares.iter());
            if medium_key(mirrored(squares)) < key {
                return self.mirrored_part(squares);
            }
            if let Some(&g) = self.medium.get(&key) {
                return Ok(g);
            }
            let v = self.solve_part(squares)?;
            self.medium.insert(key, v);
            return Ok(v);
        }
        let (key, mirror_key) = (PackedKey::new(squares), PackedKey::mirrored(squares));
        if mirror_key < key {
            return self.mirrored_part(squares);
        }
        if let Some(&g) = self.memo.get(&key) {
            return Ok(g);
        }
        let v = self.solve_part(squares)?;
        self.memo.insert(key, v);
        Ok(v)
    }

    fn mirrored_part(&mut self, squares: &[Square]) -> Result<GameId, GameError> {
        let mut m = [Square::Empty; MAX_LEN];
        for (slot, s) in m.iter_mut().zip(mirrored(squares)) {
            *slot = *s;
        }
        let g = self.part(&m[..squares.len()])?;
        Ok(self.arena.neg(g))
    }

    /// The canonical form of a part from the values of its options.
    fn solve_part(&mut self, squares: &[Square]) -> Result<GameId, GameError> {
        self.polls += 1;
        if self.polls.is_multiple_of(POLL_EVERY) {
            if let Some(stop) = &self.stop {
                stop.check()?;
            }
        }
        let left = self.option_values(squares, Player::Left)?;
        let right = self.option_values(squares, Player::Right)?;
        self.arena.from_options(&left, &right)
    }

    fn option_values(
        &mut self,
        squares: &[Square],
        player: Player,
    ) -> Result<Vec<GameId>, GameError> {
        let mut moves = [(0u8, 0u8); MAX_LEN];
        let mut count = 0;
        moves_of(squares, player, |from, to| {
            moves[count] = (from as u8, to as u8);
            count += 1;
        });
        let mut values = Vec::with_capacity(count);
        let mut child = [Square::Empty; MAX_LEN];
        let n = squares.len();
        child[..n].copy_from_slice(squares);
        for &(from, to) in &moves[..count] {
            child.swap(from as usize, to as usize);
            values.push(self.board_value(&child[..n])?);
            child.swap(from as usize, to as usize);
        }
        Ok(values)
    }
}
