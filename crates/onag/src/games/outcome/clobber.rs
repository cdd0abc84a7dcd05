//! A fast outcome solver for Clobber on bitboards: who wins a position of at most 8 rows and
//! 8 columns (the standard boards, 5×6 to 8×8, with holes), by the search that defines the
//! outcome classes — the player to move wins iff some move leads to a position the opponent,
//! moving first, loses — with knowledge that is **exact**, never heuristic:
//!
//! - **One table for both players.** Clobber's rule is the same for both colours, so a
//!   position is kept as (the mover's stones, the opponent's stones): Left to move on a board
//!   is Right to move on the board with the colours swapped, one entry.
//! - **Dead groups.** Stones only ever move onto stones, so the groups of orthogonally
//!   connected stones are independent games, and a group of one colour has no move, ever
//!   (value 0): it is removed (Albert, Grossman, Nowakowski and Wolfe, *An introduction to
//!   Clobber*, INTEGERS 5 (2005)).
//! - **Cancelling pairs.** A group and, elsewhere, its mirror image or copy with the colours
//!   swapped are `G` and `−G`, whose sum is 0: both are removed, since the outcome of a sum
//!   depends only on its summands' values (Conway, *On Numbers and Games*, ch. 7).
//! - **All-small.** A player has a move iff the opponent has one (a move needs two adjacent
//!   stones of opposite colours), so the game ends when no such pair is left, and the player
//!   to move there loses.
//! - **Symmetry.** The mirror images and the half turn of a rectangle (and on a square the
//!   reflections in the diagonals and the quarter turns) keep the value; the table stores the
//!   least image.
//! - **Transposition table** of fixed size (two slots a bucket: one kept for the answers that
//!   took the most work, one always replaced), an **enhanced transposition cut-off** (a child
//!   known lost for the opponent wins at once; one known won for the opponent is skipped;
//!   Plaat, Schaeffer, Pijls and de Bruin, *Nearly optimal minimax tree search?*, 1994),
//!   and **move ordering** by the opponent's mobility after the move (fewest adjacent pairs
//!   of opposite colours first), then by the history heuristic.
//!
//! Griebel and Uiterwijk (*Combining combinatorial game theory with an α-β solver for
//! Clobber*, BNAIC 2016, CCIS 765) solve Clobber boards of up to 18 squares the same way,
//! with a database of the values of small groups; docs/outcome-search.md has the figures.
//!
//! # Examples
//! ```
//! use onag::games::clobber::Clobber;
//! use onag::games::outcome::clobber::ClobberSolver;
//! use onag::games::outcome::domineering::TableSize;
//! use onag::partizan::Outcome;
//!
//! let mut solver = ClobberSolver::new(TableSize::Bits(16));
//! let board = Clobber::checkered(3, 4).unwrap();
//! let r = solver.solve(&board, &onag::StopFlag::new()).unwrap();
//! assert_eq!(r.outcome, Outcome::P); // 3×4: the second player wins
//! ```

use super::domineering::TableSize;
use super::frame::{
    self, frame_stones, least_image, transpose, FrameMove, FrameRules, FrameSolver, FrameState,
    PairTable, COL0, COL7,
};
use super::table::Counts;
use super::{checkpoint_entries, checkpoint_header, FastOutcome, SearchProgress};
use crate::games::clobber::Clobber;
use crate::partizan::game::GameError;
use crate::partizan::Player;
use crate::StopFlag;

/// Nodes between two polls of the stop flag (and two progress reports).
const POLL_EVERY: u64 = 1 << 16;

/// The first bytes of a [`ClobberSolver::checkpoint`].
const CHECKPOINT_MAGIC: &[u8] = b"onag-ct1";
/// The most moves a position of the frame has: one a pair of adjacent cells.
const MAX_MOVES: usize = 112;

/// The cells orthogonally adjacent to `m` (in the 8×8 frame).
fn neighbours(m: u64) -> u64 {
    ((m << 1) & !COL0) | ((m >> 1) & !COL7) | (m << 8) | (m >> 8)
}

/// The adjacent pairs of a stone of `a` and a stone of `b`: the moves of `a` onto `b` (and
/// of `b` onto `a`, as many).
fn pairs(a: u64, b: u64) -> u32 {
    ((a << 1) & !COL0 & b).count_ones()
        + ((a >> 1) & !COL7 & b).count_ones()
        + ((a << 8) & b).count_ones()
        + ((a >> 8) & b).count_ones()
}

/// How often each piece of knowledge answered a node (since the solver was made).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClobberStats {
    /// Answers found in the transposition table (under any symmetry).
    pub table_hits: u64,
    /// A child known lost for the opponent (in the table, or with no move) won at once.
    pub etc_cutoffs: u64,
    /// Moves skipped because the table knew the child won for the opponent.
    pub etc_skips: u64,
    /// Pairs of groups `G`, `−G` removed.
    pub cancelled_pairs: u64,
}

/// The fast Clobber outcome solver (see the [module documentation](self)).
pub struct ClobberSolver {
    table: PairTable,
    rules: ClobberRules,
    state: FrameState,
}

/// Clobber's rules on a board of one size, for the frame's search.
struct ClobberRules {
    /// board size (rows, cols), at most 8 each
    size: (u32, u32),
}

impl Counts for ClobberStats {
    fn add(&mut self, o: &ClobberStats) {
        self.table_hits += o.table_hits;
        self.etc_cutoffs += o.etc_cutoffs;
        self.etc_skips += o.etc_skips;
        self.cancelled_pairs += o.cancelled_pairs;
    }
}

/// The direction of a move from `from` to `to` (adjacent cells): 0..4.
fn direction(from: u32, to: u32) -> usize {
    match to.wrapping_sub(from) {
        1 => 0,
        8 => 2,
        x if x == 1u32.wrapping_neg() => 1,
        _ => 3,
    }
}

impl ClobberSolver {
    /// A solver with a table of the given size (32 bytes an entry, allocated now).
    pub fn new(size: TableSize) -> Self {
        ClobberSolver {
            table: PairTable::new(size.entries()),
            rules: ClobberRules { size: (0, 0) },
            state: FrameState::new(POLL_EVERY),
        }
    }

    /// Searches on `threads` threads (at least 1) sharing the table (ABDADA, as the
    /// Domineering solver's): the same answers, node counts that vary from run to run with
    /// more than one. Not on targets without threads (WebAssembly), where it must stay 1.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.state.threads = threads.max(1);
        self
    }

    /// Bounds each question ([`wins_moving_first`](Self::wins_moving_first)) to about
    /// `nodes` nodes (checked every 65,536): past it the question fails with
    /// [`GameError::TooLarge`], so that a caller with a time budget (the pages' computer) can
    /// try a proof first and fall back to a heuristic choice.
    pub fn with_node_limit(mut self, nodes: u64) -> Self {
        self.state.limit.set(nodes);
        self
    }

    /// Whether the fast solver takes `board`: at most 8 rows and 8 columns.
    pub fn fits(board: &Clobber) -> bool {
        board.grid().width() <= 8 && board.grid().height() <= 8
    }

    /// Calls `hook` with the progress every 65,536 nodes (on the searching thread).
    pub fn on_progress(mut self, hook: impl FnMut(&SearchProgress) + 'static) -> Self {
        self.state.poll.set_hook(Box::new(hook));
        self
    }

    /// Nodes searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.state.nodes
    }

    /// How often each piece of knowledge answered a node since the solver was made.
    pub fn stats(&self) -> ClobberStats {
        self.state.stats
    }

    /// The table's answers as bytes: `onag-ct1`, the board's rows and columns (u32 each,
    /// little endian), then each used entry (the mover's stones and the opponent's, u64 each,
    /// and its data, u32). The table holds only exact answers (won or lost, never a bound),
    /// so a search restarted with it loaded ([`restore`](Self::restore)) redoes none of the
    /// work whose answers it kept, and ends with the same outcome.
    pub fn checkpoint(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 20 * self.table.used());
        checkpoint_header(&mut out, CHECKPOINT_MAGIC, self.rules.size);
        self.table.write_entries(&mut out);
        out
    }

    /// Loads a [`checkpoint`](Self::checkpoint) taken on a board of `board`'s size into the
    /// table (entries that do not fit the table's size are dropped, as the table drops
    /// entries in a search); returns the number of entries read.
    ///
    /// Errors: [`GameError::TooLarge`] for a board past the frame; [`GameError::Undefined`]
    /// when the bytes are not a Clobber checkpoint of this board size.
    pub fn restore(&mut self, board: &Clobber, bytes: &[u8]) -> Result<usize, GameError> {
        self.prepare(board)?;
        let entries = checkpoint_entries(bytes, CHECKPOINT_MAGIC, self.rules.size, "Clobber")?;
        self.table.read_entries(entries, "Clobber")
    }

    /// The board's stones in the 8×8 frame: (Left's, Right's).
    fn frame(board: &Clobber) -> (u64, u64) {
        let g = board.grid();
        frame_stones((g.height(), g.width()), |layer, r, c| g.get(layer, r, c))
    }

    /// Prepares for a board of another size: the table's answers are kept only for boards of
    /// the same size (the symmetries depend on it).
    fn prepare(&mut self, board: &Clobber) -> Result<(), GameError> {
        if !Self::fits(board) {
            return Err(GameError::TooLarge(format!(
                "the fast Clobber solver takes boards of at most 8 rows and 8 columns, not {}×{}",
                board.grid().height(),
                board.grid().width()
            )));
        }
        let size = (board.grid().height() as u32, board.grid().width() as u32);
        if size != self.rules.size {
            self.rules.size = size;
            self.table.clear();
        }
        Ok(())
    }

    /// Whether `player`, moving first on `board`, wins.
    ///
    /// Errors: a board past 8×8 ([`GameError::TooLarge`]); [`GameError::Stopped`] once `stop`
    /// is raised.
    pub fn wins_moving_first(
        &mut self,
        board: &Clobber,
        player: Player,
        stop: &StopFlag,
    ) -> Result<bool, GameError> {
        stop.check()?;
        self.prepare(board)?;
        let (x, o) = Self::frame(board);
        let (m, t) = match player {
            Player::Left => (x, o),
            Player::Right => (o, x),
        };
        let (m, t) = self.rules.reduce(m, t, &mut self.state.stats);
        self.state.search::<ClobberRules, MAX_MOVES>(
            &self.rules,
            &self.table,
            (m, t),
            "Clobber",
            stop,
        )
    }

    /// Who wins `board`, with a winning first move for each player who wins moving first.
    ///
    /// Errors: as [`wins_moving_first`](Self::wins_moving_first).
    pub fn solve(&mut self, board: &Clobber, stop: &StopFlag) -> Result<FastOutcome, GameError> {
        frame::solve(self, board, stop)
    }

    /// Whether `player`, moving first on `board`, wins, and if so a winning move (as the
    /// board's move labels name it).
    ///
    /// Errors: as [`wins_moving_first`](Self::wins_moving_first), and the node limit
    /// ([`with_node_limit`](Self::with_node_limit)).
    pub fn prove(
        &mut self,
        board: &Clobber,
        player: Player,
        stop: &StopFlag,
    ) -> Result<(bool, Option<String>), GameError> {
        frame::prove(self, board, player, stop)
    }
}

impl ClobberRules {
    /// The least image of a position under the board's symmetries.
    fn key(&self, m: u64, t: u64) -> (u64, u64) {
        least_image(self.size, m, t)
    }

    /// The position reduced to what decides its value: the groups of one colour removed
    /// (they never move), and the pairs of groups `G` and `−G` (the same shape up to the
    /// frame's symmetries and translation, with the colours swapped) removed (their sum is 0).
    fn reduce(&self, m: u64, t: u64, stats: &mut ClobberStats) -> (u64, u64) {
        let stones = m | t;
        // the live groups: (cells, mover's stones, opponent's, their counts)
        let mut groups = [(0u64, 0u64, 0u64, 0u32, 0u32); 32];
        let mut n = 0;
        let mut kept = 0u64;
        let mut rest = stones;
        while rest != 0 {
            let mut g = rest & rest.wrapping_neg();
            loop {
                let next = (g | neighbours(g)) & stones;
                if next == g {
                    break;
                }
                g = next;
            }
            rest &= !g;
            let (gm, gt) = (m & g, t & g);
            if gm == 0 || gt == 0 {
                continue;
            }
            kept |= g;
            if n < groups.len() {
                groups[n] = (g, gm, gt, gm.count_ones(), gt.count_ones());
                n += 1;
            }
        }
        let mut removed = 0u64;
        for i in 0..n {
            let (gi, mi, ti, ai, bi) = groups[i];
            if gi & removed != 0 {
                continue;
            }
            // −G_i has G_i's counts swapped: only such groups are compared shape by shape
            let Some(j) = (i + 1..n).find(|&j| {
                let (gj, _, _, aj, bj) = groups[j];
                // two stones, one of each colour: * (and * + * = 0), whatever their shape
                gj & removed == 0
                    && (aj, bj) == (bi, ai)
                    && ((ai, bi) == (1, 1) || self.negatives(mi, ti, groups[j].1, groups[j].2))
            }) else {
                continue;
            };
            removed |= gi | groups[j].0;
            stats.cancelled_pairs += 1;
        }
        (m & kept & !removed, t & kept & !removed)
    }

    /// Whether the group of stones `(mj, tj)` is `−G` for the group `G = (mi, ti)`: `G` with
    /// the colours swapped, under one of the eight symmetries of the frame, moved anywhere (a
    /// group's value does not depend on where it lies or which way it is turned).
    fn negatives(&self, mi: u64, ti: u64, mj: u64, tj: u64) -> bool {
        // a group moved to the frame's top-left corner
        let corner = |a: u64, b: u64| {
            let all = a | b;
            let mut c0 = 8;
            let mut cells = all;
            while cells != 0 {
                c0 = c0.min(cells.trailing_zeros() % 8);
                cells &= cells - 1;
            }
            let s = all.trailing_zeros() / 8 * 8 + c0;
            (a >> s, b >> s)
        };
        let target = corner(mj, tj);
        let (mut a, mut b) = (ti, mi);
        for k in 0..8 {
            if k == 4 {
                (a, b) = (transpose(ti), transpose(mi));
            }
            let (x, y) = match k % 4 {
                0 => (a, b),
                1 => (a.swap_bytes(), b.swap_bytes()),
                2 => (a.reverse_bits().swap_bytes(), b.reverse_bits().swap_bytes()),
                _ => (a.reverse_bits(), b.reverse_bits()),
            };
            if corner(x, y) == target {
                return true;
            }
        }
        false
    }

    /// The child after the move `from` → `to`, as the opponent sees it: live groups only,
    /// cancelling pairs removed, least image.
    fn child(
        &self,
        m: u64,
        t: u64,
        (from, to): (u64, u64),
        stats: &mut ClobberStats,
    ) -> (u64, u64) {
        let (cm, ct) = self.reduce(t & !to, (m & !from) | to, stats);
        self.key(cm, ct)
    }
}

impl FrameRules for ClobberRules {
    fn has_move(&self, m: u64, t: u64) -> bool {
        m & neighbours(t) != 0
    }

    fn root_key(&self, m: u64, t: u64) -> (u64, u64) {
        self.key(m, t)
    }

    fn moves(
        &self,
        m: u64,
        t: u64,
        history: &[[u32; 4]; 64],
        stats: &mut ClobberStats,
        out: &mut [FrameMove],
    ) -> Result<usize, (u32, u32)> {
        let mut count = 0;
        let mut sources = m & neighbours(t);
        while sources != 0 {
            let from = sources.trailing_zeros();
            sources &= sources - 1;
            let mut targets = neighbours(1u64 << from) & t;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let (cm, ct) = self.child(m, t, (1u64 << from, 1u64 << to), stats);
                let mobility = pairs(cm, ct);
                if mobility == 0 {
                    return Err((from, to));
                }
                let dir = direction(from, to);
                out[count] = (
                    (-(i64::from(mobility)) << 32) + i64::from(history[from as usize][dir]),
                    from as u8,
                    to as u8,
                    dir as u8,
                    cm,
                    ct,
                );
                count += 1;
            }
        }
        Ok(count)
    }
}

impl FrameSolver for ClobberSolver {
    type Board = Clobber;

    fn fits(board: &Clobber) -> bool {
        ClobberSolver::fits(board)
    }

    fn nodes(&self) -> u64 {
        self.state.nodes
    }

    fn wins_moving_first(
        &mut self,
        board: &Clobber,
        player: Player,
        stop: &StopFlag,
    ) -> Result<bool, GameError> {
        ClobberSolver::wins_moving_first(self, board, player, stop)
    }

    fn root_win(&self) -> Option<(u32, u32)> {
        self.state.root_win
    }

    fn stone(board: &Clobber, layer: usize, row: usize, col: usize) -> bool {
        board.grid().get(layer, row, col)
    }
}

#[cfg(test)]
mod tests;
