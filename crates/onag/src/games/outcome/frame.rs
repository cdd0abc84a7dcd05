//! What the two-colour bitboard solvers (Clobber's and Konane's) share: the 8×8 frame (cell
//! `(r, c)` is bit `8r + c`), its symmetries, and a transposition table of positions given
//! as (the mover's stones, the opponent's) with exact answers only.

use super::{work_from_data, work_log, FastOutcome, FirstPlayerResult};
use crate::games::PartizanGame;
use crate::partizan::game::GameError;
use crate::partizan::Player;
use crate::StopFlag;

/// The first column of the frame.
pub(crate) const COL0: u64 = 0x0101_0101_0101_0101;
/// The last column of the frame.
pub(crate) const COL7: u64 = COL0 << 7;

/// The frame's reflection in its main diagonal: `(r, c)` to `(c, r)` (three delta swaps).
pub(crate) fn transpose(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The least image of a position `(m, t)` on a `(rows, cols)` board in the top left of the
/// frame, under the board's symmetries (4 on a rectangle, 8 on a square).
pub(crate) fn least_image((h, w): (u32, u32), m: u64, t: u64) -> (u64, u64) {
    let vflip = |x: u64| x.swap_bytes() >> (8 * (8 - h));
    let hflip = |x: u64| x.reverse_bits().swap_bytes() >> (8 - w);
    let mut best = (m, t);
    let (vm, vt) = (vflip(m), vflip(t));
    for image in [(vm, vt), (hflip(m), hflip(t)), (hflip(vm), hflip(vt))] {
        best = best.min(image);
    }
    if h == w {
        let (tm, tt) = (transpose(m), transpose(t));
        let (tvm, tvt) = (vflip(tm), vflip(tt));
        for image in [
            (tm, tt),
            (tvm, tvt),
            (hflip(tm), hflip(tt)),
            (hflip(tvm), hflip(tvt)),
        ] {
            best = best.min(image);
        }
    }
    best
}

/// One table entry: a position (mover's stones, opponent's), and the answer.
#[derive(Clone, Copy, Default)]
struct Entry {
    mine: u64,
    theirs: u64,
    /// bit 0: used; bit 1: the player to move wins; bits 8..: log2 of the work
    data: u32,
}

/// A transposition table of fixed size with two slots a bucket: one kept for the answers
/// that took the most work, one always replaced. Every answer is exact (won or lost).
pub(crate) struct PairTable {
    table: Vec<Entry>,
    mask: usize,
}

impl PairTable {
    /// A table of `entries` entries (a power of two, at least 2; 24 bytes each).
    pub(crate) fn new(entries: usize) -> Self {
        PairTable {
            table: vec![Entry::default(); entries],
            mask: entries - 1,
        }
    }

    /// Forgets every answer.
    pub(crate) fn clear(&mut self) {
        self.table.fill(Entry::default());
    }

    /// The bucket of a position.
    fn slot(&self, m: u64, t: u64) -> usize {
        let h = (m ^ t.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ t.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        ((h ^ (h >> 31)) as usize) & self.mask & !1
    }

    /// The answer kept for a position, if any.
    pub(crate) fn probe(&self, m: u64, t: u64) -> Option<bool> {
        let slot = self.slot(m, t);
        self.table[slot..slot + 2]
            .iter()
            .find(|e| e.data & 1 == 1 && e.mine == m && e.theirs == t)
            .map(|e| e.data & 2 != 0)
    }

    /// Keeps an answer that took `work` nodes.
    pub(crate) fn store(&mut self, m: u64, t: u64, wins: bool, work: u64) {
        let slot = self.slot(m, t);
        let log = work_log(work);
        let data = 1 | (u32::from(wins) << 1) | (log << 8);
        let entry = Entry {
            mine: m,
            theirs: t,
            data,
        };
        let kept = &mut self.table[slot];
        if kept.data & 1 == 0 || kept.data >> 8 <= log || (kept.mine == m && kept.theirs == t) {
            *kept = entry;
        } else {
            self.table[slot + 1] = entry;
        }
    }

    /// The answers as checkpoint entries of 20 bytes each: the mover's stones and the
    /// opponent's (u64 each, little endian) and the data (u32).
    pub(crate) fn write_entries(&self, out: &mut Vec<u8>) {
        for e in self.table.iter().filter(|e| e.data & 1 != 0) {
            out.extend_from_slice(&e.mine.to_le_bytes());
            out.extend_from_slice(&e.theirs.to_le_bytes());
            out.extend_from_slice(&e.data.to_le_bytes());
        }
    }

    /// The number of answers kept.
    pub(crate) fn used(&self) -> usize {
        self.table.iter().filter(|e| e.data & 1 != 0).count()
    }

    /// Loads checkpoint entries ([`PairTable::write_entries`]); `what` names the game in
    /// errors. Returns the number read.
    pub(crate) fn read_entries<'a>(
        &mut self,
        entries: impl Iterator<Item = &'a [u8]>,
        what: &str,
    ) -> Result<usize, GameError> {
        let mut count = 0;
        for chunk in entries {
            let u64_at = |i: usize| {
                let mut b = [0u8; 8];
                b.copy_from_slice(&chunk[i..i + 8]);
                u64::from_le_bytes(b)
            };
            let (m, t) = (u64_at(0), u64_at(8));
            let data = u32::from_le_bytes([chunk[16], chunk[17], chunk[18], chunk[19]]);
            if data & 1 == 0 || m & t != 0 {
                return Err(GameError::Undefined(format!(
                    "not a {what} checkpoint: an entry that no search stores"
                )));
            }
            self.store(m, t, data & 2 != 0, work_from_data(data));
            count += 1;
        }
        Ok(count)
    }
}

/// A bound on the nodes of each question of a solver, checked where it polls its stop flag,
/// so that a caller with a time budget (the strong computer) can try a proof first.
#[derive(Default)]
pub(crate) struct NodeLimit {
    /// the most nodes a question may take (`None`: no bound)
    limit: Option<u64>,
    /// the node count at which the current question passes it
    at: Option<u64>,
    /// the current question passed it
    passed: bool,
}

impl NodeLimit {
    /// Bounds each question to `nodes` nodes.
    pub(crate) fn set(&mut self, nodes: u64) {
        self.limit = Some(nodes);
    }

    /// A question starts with `nodes` searched so far.
    pub(crate) fn start(&mut self, nodes: u64) {
        self.at = self.limit.map(|l| nodes.saturating_add(l));
        self.passed = false;
    }

    /// Whether the question has passed its bound at `nodes` (it stays passed).
    pub(crate) fn passed(&mut self, nodes: u64) -> bool {
        self.passed |= self.at.is_some_and(|l| nodes >= l);
        self.passed
    }

    /// The question's answer: `wins`, unless the search was halted — then
    /// [`GameError::TooLarge`] past the bound (`what` names the solver), else
    /// [`GameError::Stopped`].
    pub(crate) fn answer(&self, halted: bool, wins: bool, what: &str) -> Result<bool, GameError> {
        match (halted, self.passed) {
            (false, _) => Ok(wins),
            (true, true) => Err(GameError::TooLarge(format!(
                "the fast {what} solver's node limit ({} nodes) was reached",
                self.limit.unwrap_or(0)
            ))),
            (true, false) => Err(GameError::Stopped),
        }
    }
}

/// A solver in the frame, as the shared driver ([`solve`], [`prove`]) sees it.
pub(crate) trait FrameSolver {
    /// The game's positions.
    type Board: PartizanGame;
    /// Whether the solver takes `board`.
    fn fits(board: &Self::Board) -> bool;
    /// Nodes searched since the solver was made.
    fn nodes(&self) -> u64;
    /// Whether `player`, moving first on `board`, wins.
    fn wins_moving_first(
        &mut self,
        board: &Self::Board,
        player: Player,
        stop: &StopFlag,
    ) -> Result<bool, GameError>;
    /// The winning move the last search proved at the root, as (from, to) cells of the
    /// frame (`None` when the table answered at the root).
    fn root_win(&self) -> Option<(u32, u32)>;
    /// Whether `board` has a stone of `layer` (0 Left's, 1 Right's) at `(row, col)`.
    fn stone(board: &Self::Board, layer: usize, row: usize, col: usize) -> bool;
}

/// The stones of a `rows` × `cols` board in the frame, (Left's, Right's), from `stone`.
pub(crate) fn frame_stones(
    (rows, cols): (usize, usize),
    stone: impl Fn(usize, usize, usize) -> bool,
) -> (u64, u64) {
    let (mut x, mut o) = (0u64, 0u64);
    for r in 0..rows {
        for c in 0..cols {
            let bit = 1u64 << (8 * r + c);
            if stone(0, r, c) {
                x |= bit;
            }
            if stone(1, r, c) {
                o |= bit;
            }
        }
    }
    (x, o)
}

/// Who wins `board`, with a winning first move for each player who wins moving first.
pub(crate) fn solve<S: FrameSolver>(
    solver: &mut S,
    board: &S::Board,
    stop: &StopFlag,
) -> Result<FastOutcome, GameError> {
    let mut firsts = Vec::new();
    let mut moves = Vec::new();
    for player in [Player::Left, Player::Right] {
        let before = solver.nodes();
        let wins = solver.wins_moving_first(board, player, stop)?;
        firsts.push(FirstPlayerResult {
            wins,
            nodes: solver.nodes() - before,
        });
        moves.push(if wins {
            winning_move(solver, board, player, stop)?
        } else {
            None
        });
    }
    Ok(FastOutcome::new(firsts, moves))
}

/// Whether `player`, moving first on `board`, wins, and if so a winning move (as the board's
/// move labels name it).
pub(crate) fn prove<S: FrameSolver>(
    solver: &mut S,
    board: &S::Board,
    player: Player,
    stop: &StopFlag,
) -> Result<(bool, Option<String>), GameError> {
    if !solver.wins_moving_first(board, player, stop)? {
        return Ok((false, None));
    }
    Ok((true, winning_move(solver, board, player, stop)?))
}

/// A winning move of `player` moving first, as `board`'s move labels name it (the search
/// proved it at the root, unless the table answered there: then the moves are tried).
fn winning_move<S: FrameSolver>(
    solver: &mut S,
    board: &S::Board,
    player: Player,
    stop: &StopFlag,
) -> Result<Option<String>, GameError> {
    let options = board.options(player);
    let label = |after: &S::Board| board.move_label(player, after);
    if let Some((from, to)) = solver.root_win() {
        let (from, to) = (
            (from as usize / 8, from as usize % 8),
            (to as usize / 8, to as usize % 8),
        );
        let layer = usize::from(player == Player::Right);
        if let Some(a) = options.iter().find(|a| {
            !S::stone(a, layer, from.0, from.1)
                && S::stone(a, layer, to.0, to.1)
                && S::stone(board, layer, from.0, from.1)
        }) {
            return Ok(Some(label(a)));
        }
    }
    for after in &options {
        if !solver.wins_moving_first(after, player.opposite(), stop)? {
            return Ok(Some(label(after)));
        }
    }
    Ok(None)
}
