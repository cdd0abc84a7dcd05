//! A fast outcome solver for Konane on bitboards: who wins a position of at most 8 rows and
//! 8 columns with every cell on the board (the openings of [`Konane::opening`] and every
//! position reached from them), by the search that defines the outcome classes — the player
//! to move wins iff some move leads to a position the opponent, moving first, loses — with
//! knowledge that is exact, never heuristic:
//!
//! - **One table for both players.** Konane's rule is the same for both colours, so a
//!   position is kept as (the mover's stones, the opponent's stones) on the board's fixed
//!   cells: Left to move on a board is Right to move on the board with the colours swapped.
//! - **Symmetry.** The mirror images and the half turn of a rectangle (and on a square the
//!   reflections in the diagonals and the quarter turns) keep the value; the table stores the
//!   least image.
//! - **Transposition table** of fixed size (shared with the Clobber solver: two slots a
//!   bucket), an **enhanced transposition cut-off** (a child known lost for the opponent, or
//!   in which the opponent has no jump, wins at once; one known won for the opponent is
//!   skipped; Plaat, Schaeffer, Pijls and de Bruin, *Nearly optimal minimax tree search?*,
//!   1994), and **move ordering** by the opponent's single jumps after the move (fewest
//!   first), then by the history heuristic.
//!
//! A move jumps one stone over an adjacent opponent stone into the empty cell beyond, and may
//! go on in the same direction; each stopping point is a move (as [`Konane`]'s options, CGSuite's
//! rule). Unlike Clobber, the empty cells are part of the position, so groups of stones are
//! not independent and nothing is removed from a position.
//!
//! # Examples
//! ```
//! use onag::games::konane::{Konane, KonaneGap};
//! use onag::games::outcome::konane::KonaneSolver;
//! use onag::games::outcome::domineering::TableSize;
//! use onag::partizan::Outcome;
//!
//! let mut solver = KonaneSolver::new(TableSize::Bits(16));
//! let board = Konane::opening(4, 5, KonaneGap::MiddleHorizontal).unwrap();
//! let r = solver.solve(&board, &onag::StopFlag::new()).unwrap();
//! assert_eq!(r.outcome, Outcome::R); // results/konane/outcomes.json
//! ```

use super::clobber::ClobberStats;
use super::domineering::TableSize;
use super::frame::{
    self, frame_stones, least_image, FrameMove, FrameRules, FrameSolver, FrameState, PairTable,
    COL0,
};
use super::{FastOutcome, SearchProgress};
use crate::games::konane::Konane;
use crate::partizan::game::GameError;
use crate::partizan::Player;
use crate::StopFlag;

/// Nodes between two polls of the stop flag (and two progress reports).
const POLL_EVERY: u64 = 1 << 16;
/// More moves than a position of the frame has. A move ends on an empty cell, reached in one
/// of 4 directions from 2, 4 or 6 cells back, so a position has at most 12 moves a mover's
/// stone and 12 an empty cell, and stones plus empty cells are at most 64: at most 12 × 32.
const MAX_MOVES: usize = 32 * 12;

/// The four directions in the frame: right, left, down, up.
const STEPS: [i32; 4] = [1, -1, 8, -8];

/// The fast Konane outcome solver (see the [module documentation](self)).
pub struct KonaneSolver {
    table: PairTable,
    rules: KonaneRules,
    state: FrameState,
}

/// Konane's rules on a board of one size, for the frame's search.
struct KonaneRules {
    /// board size (rows, cols), at most 8 each
    size: (u32, u32),
    /// the board's cells in the frame
    cells: u64,
    /// for each direction, the cells from which a jump of two steps stays on the board
    jump_from: [u64; 4],
}

impl KonaneSolver {
    /// A solver with a table of the given size (32 bytes an entry, allocated now).
    pub fn new(size: TableSize) -> Self {
        KonaneSolver {
            table: PairTable::new(size.entries()),
            rules: KonaneRules {
                size: (0, 0),
                cells: 0,
                jump_from: [0; 4],
            },
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
    /// [`GameError::TooLarge`], so that the strong computer can try a proof first.
    pub fn with_node_limit(mut self, nodes: u64) -> Self {
        self.state.limit.set(nodes);
        self
    }

    /// Whether the fast solver takes `board`: at most 8 rows and 8 columns, every cell on the
    /// board (no `#`).
    pub fn fits(board: &Konane) -> bool {
        let g = board.grid();
        g.width() <= 8
            && g.height() <= 8
            && (0..g.height())
                .all(|r| (0..g.width()).all(|c| (0..3).any(|layer| g.get(layer, r, c))))
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

    /// The board's stones in the 8×8 frame: (Left's, Right's).
    fn frame(board: &Konane) -> (u64, u64) {
        let g = board.grid();
        frame_stones((g.height(), g.width()), |layer, r, c| g.get(layer, r, c))
    }

    /// Prepares for a board of another size: the table's answers are kept only for boards of
    /// the same size (the symmetries and the empty cells depend on it).
    fn prepare(&mut self, board: &Konane) -> Result<(), GameError> {
        if !Self::fits(board) {
            return Err(GameError::TooLarge(format!(
                "the fast Konane solver takes boards of at most 8 rows and 8 columns with every cell on the board, not {}×{} with holes",
                board.grid().height(),
                board.grid().width()
            )));
        }
        let size = (board.grid().height() as u32, board.grid().width() as u32);
        if size != self.rules.size {
            self.rules.size = size;
            self.table.clear();
            let (h, w) = size;
            let row = (1u64 << w) - 1;
            self.rules.cells = (0..h).fold(0, |a, r| a | (row << (8 * r)));
            let cols = |from: u32, to: u32| -> u64 {
                (from..to.max(from)).fold(0, |a, c| a | (COL0 << c)) & self.rules.cells
            };
            let rows = |from: u32, to: u32| -> u64 {
                (from..to.max(from)).fold(0, |a, r| a | (0xFF << (8 * r))) & self.rules.cells
            };
            self.rules.jump_from = [
                cols(0, w.saturating_sub(2)),
                cols(2, w),
                rows(0, h.saturating_sub(2)),
                rows(2, h),
            ];
        }
        Ok(())
    }

    /// Whether `player`, moving first on `board`, wins.
    ///
    /// Errors: a board past 8×8 or with holes ([`GameError::TooLarge`]);
    /// [`GameError::Stopped`] once `stop` is raised.
    pub fn wins_moving_first(
        &mut self,
        board: &Konane,
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
        self.state.search::<KonaneRules, MAX_MOVES>(
            &self.rules,
            &self.table,
            (m, t),
            "Konane",
            stop,
        )
    }

    /// Who wins `board`, with a winning first move for each player who wins moving first.
    ///
    /// Errors: as [`wins_moving_first`](Self::wins_moving_first).
    pub fn solve(&mut self, board: &Konane, stop: &StopFlag) -> Result<FastOutcome, GameError> {
        frame::solve(self, board, stop)
    }

    /// Whether `player`, moving first on `board`, wins, and if so a winning move (as the
    /// board's move labels name it).
    ///
    /// Errors: as [`wins_moving_first`](Self::wins_moving_first), and the node limit
    /// ([`with_node_limit`](Self::with_node_limit)).
    pub fn prove(
        &mut self,
        board: &Konane,
        player: Player,
        stop: &StopFlag,
    ) -> Result<(bool, Option<String>), GameError> {
        frame::prove(self, board, player, stop)
    }
}

impl KonaneRules {
    /// The single jumps of the stones `a` over the stones `b` (the moves of `a` that capture
    /// one stone; every move starts with one).
    fn jumps(&self, a: u64, b: u64) -> u32 {
        let e = self.cells & !(a | b);
        let [r, l, d, u] = self.jump_from;
        ((a & r & (b >> 1) & (e >> 2)).count_ones())
            + ((a & l & (b << 1) & (e << 2)).count_ones())
            + ((a & d & (b >> 8) & (e >> 16)).count_ones())
            + ((a & u & (b << 8) & (e << 16)).count_ones())
    }
}

impl FrameRules for KonaneRules {
    fn has_move(&self, m: u64, t: u64) -> bool {
        self.jumps(m, t) != 0
    }

    fn root_key(&self, m: u64, t: u64) -> (u64, u64) {
        least_image(self.size, m, t)
    }

    fn moves(
        &self,
        m: u64,
        t: u64,
        history: &[[u32; 4]; 64],
        _stats: &mut ClobberStats,
        out: &mut [FrameMove],
    ) -> Result<usize, (u32, u32)> {
        let mut count = 0;
        let empty = self.cells & !(m | t);
        let mut sources = m;
        while sources != 0 {
            let from = sources.trailing_zeros();
            sources &= sources - 1;
            for (dir, &step) in STEPS.iter().enumerate() {
                let (mut at, mut captured) = (1u64 << from, 0u64);
                // a jump from `at` stays on the board when `at` is in jump_from
                while at & self.jump_from[dir] != 0 {
                    let over = shift(at, step);
                    let into = shift(over, step);
                    // (the landing cells lie two steps apart: never a captured cell, nor
                    // the cell left)
                    if over & t == 0 || into & empty == 0 {
                        break;
                    }
                    captured |= over;
                    at = into;
                    // the child, the opponent to move, as its least image
                    let (cm, ct) = (t & !captured, (m & !(1u64 << from)) | at);
                    let replies = self.jumps(cm, ct);
                    let (cm, ct) = least_image(self.size, cm, ct);
                    let to = at.trailing_zeros();
                    if replies == 0 {
                        // the opponent has no move: this one wins
                        return Err((from, to));
                    }
                    let hist = history[from as usize][dir];
                    out[count] = (
                        (-(i64::from(replies)) << 32) + i64::from(hist),
                        from as u8,
                        to as u8,
                        dir as u8,
                        cm,
                        ct,
                    );
                    count += 1;
                }
            }
        }
        Ok(count)
    }
}

/// A cell moved one step in the frame (the caller keeps it on the board).
#[inline]
fn shift(x: u64, step: i32) -> u64 {
    if step > 0 {
        x << step
    } else {
        x >> -step
    }
}

impl FrameSolver for KonaneSolver {
    type Board = Konane;

    fn fits(board: &Konane) -> bool {
        KonaneSolver::fits(board)
    }

    fn nodes(&self) -> u64 {
        self.state.nodes
    }

    fn wins_moving_first(
        &mut self,
        board: &Konane,
        player: Player,
        stop: &StopFlag,
    ) -> Result<bool, GameError> {
        KonaneSolver::wins_moving_first(self, board, player, stop)
    }

    fn root_win(&self) -> Option<(u32, u32)> {
        self.state.root_win
    }

    fn stone(board: &Konane, layer: usize, row: usize, col: usize) -> bool {
        board.grid().get(layer, row, col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::konane::KonaneGap;
    use crate::games::PartizanGame;
    use crate::games::PartizanSolver;
    use crate::partizan::Outcome;

    fn canonical_outcome(b: &Konane) -> Outcome {
        let mut values = PartizanSolver::new();
        let g = values.canonical(b, &StopFlag::new()).unwrap();
        values.arena_mut().outcome(g)
    }

    #[test]
    fn random_boards_match_canonical_forms_and_each_winning_move_wins() {
        let mut solver = KonaneSolver::new(TableSize::Bits(16));
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..300 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (rows, cols) = (1 + (x % 4) as usize, 1 + ((x >> 4) % 5) as usize);
            let text: Vec<String> = (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| match (x >> (10 + 2 * ((r * cols + c) % 27))) & 3 {
                            0 => '.',
                            1 | 2 => {
                                if (r + c) % 2 == 0 {
                                    'x'
                                } else {
                                    'o'
                                }
                            }
                            _ => {
                                if (r + c) % 2 == 0 {
                                    'o'
                                } else {
                                    '.'
                                }
                            }
                        })
                        .collect()
                })
                .collect();
            let b: Konane = text.join("|").parse().unwrap();
            let r = solver.solve(&b, &StopFlag::new()).unwrap();
            assert_eq!(r.outcome, canonical_outcome(&b), "{b}");
            for (player, m) in [(Player::Left, &r.left_move), (Player::Right, &r.right_move)] {
                let Some(m) = m else { continue };
                let after = b
                    .options(player)
                    .into_iter()
                    .find(|a| &b.move_label(player, a) == m)
                    .unwrap();
                let o = canonical_outcome(&after);
                let opponent_wins_first = match player {
                    Player::Left => matches!(o, Outcome::R | Outcome::N),
                    Player::Right => matches!(o, Outcome::L | Outcome::N),
                };
                assert!(!opponent_wins_first, "{b}: {player:?} {m}");
            }
        }
    }

    #[test]
    fn openings_match_the_generic_search() {
        // every opening of at most 20 cells, against the generic outcome search
        let mut solver = KonaneSolver::new(TableSize::Bits(18));
        for rows in 1..=5 {
            for cols in 1..=6 {
                if rows * cols > 20 {
                    continue;
                }
                for gap in KonaneGap::ALL {
                    let Some(b) = Konane::opening(rows, cols, gap) else {
                        continue;
                    };
                    let fast = solver.solve(&b, &StopFlag::new()).unwrap();
                    let generic = crate::games::outcome::OutcomeSolver::new()
                        .solve(&b, &StopFlag::new())
                        .unwrap();
                    assert_eq!(fast.outcome, generic.outcome, "{b}");
                }
            }
        }
    }

    #[test]
    fn threads_give_the_answers_of_one_thread() {
        use crate::games::outcome::tests::check_winning_moves;
        // every opening of 20 to 30 cells (thousands to 100,000 nodes, so that the threads
        // meet in the search), on small tables
        let mut one = KonaneSolver::new(TableSize::Bits(18));
        let mut two = KonaneSolver::new(TableSize::Bits(12)).with_threads(2);
        let mut three = KonaneSolver::new(TableSize::Bits(10)).with_threads(3);
        let stop = StopFlag::new();
        for (rows, cols) in [(4, 5), (5, 4), (4, 6), (6, 4), (5, 5), (5, 6), (6, 5)] {
            for gap in KonaneGap::ALL {
                let Some(b) = Konane::opening(rows, cols, gap) else {
                    continue;
                };
                let expected = one.solve(&b, &stop).unwrap().outcome;
                for solver in [&mut two, &mut three] {
                    let r = solver.solve(&b, &stop).unwrap();
                    assert_eq!(r.outcome, expected, "{b}");
                    check_winning_moves(&b, &r, expected, |after, p| {
                        one.wins_moving_first(after, p, &stop) == Ok(false)
                    });
                }
            }
        }
    }

    #[test]
    fn boards_with_holes_or_past_the_frame_are_refused() {
        let mut solver = KonaneSolver::new(TableSize::Bits(8));
        for text in ["xo#.", "xoxoxoxox|oxoxoxoxo"] {
            let b: Konane = text.parse().unwrap();
            assert!(!KonaneSolver::fits(&b));
            assert!(matches!(
                solver.solve(&b, &StopFlag::new()),
                Err(GameError::TooLarge(_))
            ));
        }
    }
}
