//! What the two-colour bitboard solvers (Clobber's and Konane's) share: the 8×8 frame (cell
//! `(r, c)` is bit `8r + c`), its symmetries, and a transposition table of positions given
//! as (the mover's stones, the opponent's) with exact answers only.

use super::clobber::ClobberStats;
use super::table::{all_nodes, merge, with_helpers, Abdada, HelperPoll, Table, WINS};
use super::{work_from_data, FastOutcome, FirstPlayerResult, Poll};
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

/// A transposition table of positions given as (the mover's stones, the opponent's) with
/// exact answers only (won or lost), shared by the search threads: the table of
/// [`super::table`], two slots a bucket, one kept for the answers that took the most work
/// (an answer it displaces is dropped), one always replaced.
pub(crate) struct PairTable {
    table: Table,
}

/// A position as one key: the mover's stones, then the opponent's.
fn pair_key(m: u64, t: u64) -> u128 {
    u128::from(m) | (u128::from(t) << 64)
}

impl PairTable {
    /// A table of `entries` entries (a power of two, at least 2; 32 bytes each).
    pub(crate) fn new(entries: usize) -> Self {
        PairTable {
            table: Table::new(entries),
        }
    }

    /// Forgets every answer.
    pub(crate) fn clear(&mut self) {
        self.table.clear();
    }

    /// The bucket of a position.
    fn slot(&self, m: u64, t: u64) -> usize {
        let h = (m ^ t.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ t.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (((h ^ (h >> 31)) as usize) >> 1) & (self.table.buckets() - 1)
    }

    /// The answer kept for a position, if any.
    pub(crate) fn probe(&self, m: u64, t: u64) -> Option<bool> {
        self.table.probe_at(self.slot(m, t), pair_key(m, t), 0)
    }

    /// Keeps an answer that took `work` nodes.
    pub(crate) fn store(&self, m: u64, t: u64, wins: bool, work: u64) {
        self.table
            .store_at(self.slot(m, t), pair_key(m, t), 0, wins, work, false);
    }

    /// The answers as checkpoint entries of 20 bytes each: the mover's stones and the
    /// opponent's (u64 each, little endian) and the data (u32).
    pub(crate) fn write_entries(&self, out: &mut Vec<u8>) {
        for (key, data) in self.table.entries() {
            // the checkpoint's data: bit 0 used, bit 1 won, bits 8.. log2 of the work
            let data = 1 | if data & WINS != 0 { 2 } else { 0 } | (data & !0xff);
            out.extend_from_slice(&(key as u64).to_le_bytes());
            out.extend_from_slice(&((key >> 64) as u64).to_le_bytes());
            out.extend_from_slice(&data.to_le_bytes());
        }
    }

    /// The number of answers kept.
    pub(crate) fn used(&self) -> usize {
        self.table.entries().count()
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

/// A move of the frame's games: (score, from, to, direction 0..4, and the child as the
/// opponent sees it: their stones, then the mover's, reduced to its table key).
pub(crate) type FrameMove = (i64, u8, u8, u8, u64, u64);

/// A game's rules as the frame's shared search sees them.
pub(crate) trait FrameRules: Sync {
    /// Whether the player to move, with the stones `m` against `t`, has a move.
    fn has_move(&self, m: u64, t: u64) -> bool;
    /// The table key of the root position (every child comes as its key already).
    fn root_key(&self, m: u64, t: u64) -> (u64, u64);
    /// The moves of the player to move into `out`, each scored (the history heuristic is
    /// `history[from][direction]`), and their number; or a move after which the opponent
    /// has no move, as (from, to).
    fn moves(
        &self,
        m: u64,
        t: u64,
        history: &[[u32; 4]; 64],
        stats: &mut ClobberStats,
        out: &mut [FrameMove],
    ) -> Result<usize, (u32, u32)>;
}

/// What a frame solver keeps between its questions.
pub(crate) struct FrameState {
    /// history heuristic: [from cell][direction]
    pub(crate) history: [[u32; 4]; 64],
    pub(crate) nodes: u64,
    pub(crate) stats: ClobberStats,
    /// the winning move found at the root of the last search: (from, to) cells
    pub(crate) root_win: Option<(u32, u32)>,
    pub(crate) poll: Poll,
    /// the bound on each question's nodes, if any
    pub(crate) limit: NodeLimit,
    /// the search threads
    pub(crate) threads: usize,
}

impl FrameState {
    pub(crate) fn new(poll_every: u64) -> FrameState {
        FrameState {
            history: [[0; 4]; 64],
            nodes: 0,
            stats: ClobberStats::default(),
            root_win: None,
            poll: Poll::new(poll_every),
            limit: NodeLimit::default(),
            threads: 1,
        }
    }

    /// Whether the player to move, with the stones `m` against `t`, wins, searched on the
    /// state's threads sharing `table` (ABDADA, as the Domineering solver's: see
    /// [`Abdada`]); `what` names the solver in errors. Errors: [`GameError::Stopped`] once
    /// `stop` is raised, [`GameError::TooLarge`] past the node limit.
    pub(crate) fn search<R: FrameRules, const N: usize>(
        &mut self,
        rules: &R,
        table: &PairTable,
        (m, t): (u64, u64),
        what: &str,
        stop: &StopFlag,
    ) -> Result<bool, GameError> {
        self.root_win = None;
        self.poll.restart(self.nodes);
        self.limit.start(self.nodes);
        let shared = (self.threads > 1).then(|| Abdada::new((m | t).count_ones() / 3));
        let history = self.history;
        let mut main = FrameSearch {
            nodes: self.nodes,
            stats: self.stats,
            main: Some((&mut self.poll, &mut self.limit)),
            ..FrameSearch::new(rules, table, history, shared.as_ref())
        };
        let threads = self.threads;
        let (answer, helpers) = match shared.as_ref() {
            None => {
                let wins = main.wins::<N>(m, t, 0, stop);
                ((!main.halted).then_some((wins, main.root_win)), Vec::new())
            }
            Some(shared) => with_helpers(
                threads,
                shared,
                || {
                    let wins = main.wins::<N>(m, t, 0, stop);
                    (!main.halted).then_some((wins, main.root_win))
                },
                || {
                    let mut h = FrameSearch::new(rules, table, history, Some(shared));
                    let wins = h.wins::<N>(m, t, 0, stop);
                    shared.ended(h.halted);
                    ((!h.halted).then_some((wins, h.root_win)), h.nodes, h.stats)
                },
            ),
        };
        let history = main.history;
        let (answer, nodes, stats) = merge((answer, main.nodes, main.stats), helpers);
        (self.nodes, self.stats, self.history) = (nodes, stats, history);
        if let Some((_, root_win)) = answer {
            self.root_win = root_win;
        }
        self.limit
            .answer(answer.is_none(), answer.is_some_and(|a| a.0), what)
    }
}

/// One search thread of a frame game: the shared table, its own history and counts.
struct FrameSearch<'a, R> {
    rules: &'a R,
    table: &'a PairTable,
    history: [[u32; 4]; 64],
    nodes: u64,
    stats: ClobberStats,
    root_win: Option<(u32, u32)>,
    /// the main thread's progress reports, stop polls and node limit (helpers have none)
    main: Option<(&'a mut Poll, &'a mut NodeLimit)>,
    /// helpers: their polls
    helper: HelperPoll,
    halted: bool,
    shared: Option<&'a Abdada>,
}

impl<'a, R: FrameRules> FrameSearch<'a, R> {
    fn new(
        rules: &'a R,
        table: &'a PairTable,
        history: [[u32; 4]; 64],
        shared: Option<&'a Abdada>,
    ) -> Self {
        FrameSearch {
            rules,
            table,
            history,
            nodes: 0,
            stats: ClobberStats::default(),
            root_win: None,
            main: None,
            helper: HelperPoll::default(),
            halted: false,
            shared,
        }
    }

    /// Counts a node; at each poll reports the progress (the main thread) and looks at the
    /// stop flag, the node limit and whether another thread has finished.
    #[inline]
    fn node(&mut self, depth: u32, stop: &StopFlag) {
        self.nodes += 1;
        let shared = self.shared;
        match self.main.as_mut() {
            Some((poll, limit)) => {
                let total = all_nodes(self.nodes, shared);
                if let Some(stopped) = poll.node(total, depth, stop) {
                    self.halted |=
                        stopped || limit.passed(total) || shared.is_some_and(Abdada::is_done);
                }
            }
            None => self.halted |= self.helper.halt(self.nodes, shared, stop),
        }
    }

    /// Whether the player to move, with the stones `m` against `t`, wins. Below the root
    /// the position is its table key already.
    fn wins<const N: usize>(&mut self, m: u64, t: u64, depth: u32, stop: &StopFlag) -> bool {
        self.node(depth, stop);
        if self.halted {
            return false;
        }
        if !self.rules.has_move(m, t) {
            return false;
        }
        let (km, kt) = if depth == 0 {
            self.rules.root_key(m, t)
        } else {
            (m, t)
        };
        let table = self.table;
        if let Some(w) = table.probe(km, kt) {
            self.stats.table_hits += 1;
            return w;
        }
        let start = self.nodes;
        let mut moves = [(0i64, 0u8, 0u8, 0u8, 0u64, 0u64); N];
        let count = match self
            .rules
            .moves(m, t, &self.history, &mut self.stats, &mut moves)
        {
            Ok(count) => count,
            Err((from, to)) => {
                // the opponent has no move after this one: it wins
                self.nodes += 1;
                self.stats.etc_cutoffs += 1;
                if depth == 0 {
                    self.root_win = Some((from, to));
                }
                table.store(km, kt, true, self.nodes - start + 1);
                return true;
            }
        };
        // enhanced transposition cut-off: a child known lost for the opponent wins now, one
        // known won for the opponent is not tried
        let mut kept = 0;
        for i in 0..count {
            let (_, from, to, _, cm, ct) = moves[i];
            match table.probe(cm, ct) {
                Some(false) => {
                    self.stats.etc_cutoffs += 1;
                    if depth == 0 {
                        self.root_win = Some((u32::from(from), u32::from(to)));
                    }
                    table.store(km, kt, true, self.nodes - start + 1);
                    return true;
                }
                Some(true) => self.stats.etc_skips += 1,
                None => {
                    moves[kept] = moves[i];
                    kept += 1;
                }
            }
        }
        let moves = &mut moves[..kept];
        moves.sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
        // with other threads: near the root this node is marked busy while searched, and
        // its later moves that another thread is searching are put off (ABDADA)
        let key = pair_key(km, kt);
        let shared = self.shared.filter(|s| depth < s.depth);
        let share_children = shared.is_some_and(|s| depth + 1 < s.depth);
        if let Some(s) = shared {
            s.set_busy(key, 0, true);
        }
        let mut wins = false;
        let mut put_off = vec![false; if share_children { moves.len() } else { 0 }];
        'passes: for pass in 0..2 {
            for (i, &(_, from, to, dir, cm, ct)) in moves.iter().enumerate() {
                if pass == 1 && !put_off[i] {
                    continue;
                }
                if pass == 0
                    && i > 0
                    && share_children
                    && shared.is_some_and(|s| s.is_busy(pair_key(cm, ct), 0))
                {
                    put_off[i] = true;
                    continue;
                }
                let lost = !self.wins::<N>(cm, ct, depth + 1, stop);
                if self.halted {
                    if let Some(s) = shared {
                        s.set_busy(key, 0, false);
                    }
                    return false;
                }
                if lost {
                    if depth == 0 {
                        self.root_win = Some((u32::from(from), u32::from(to)));
                    }
                    let bonus = 64u32.saturating_sub(depth).pow(2);
                    let h = &mut self.history[from as usize][dir as usize];
                    *h = h.saturating_add(bonus);
                    wins = true;
                    break 'passes;
                }
                // another thread may have answered this node meanwhile
                if shared.is_some() {
                    if let Some(w) = table.probe(km, kt) {
                        if let Some(s) = shared {
                            s.set_busy(key, 0, false);
                        }
                        return w;
                    }
                }
            }
            if !put_off.contains(&true) {
                break;
            }
        }
        if let Some(s) = shared {
            s.set_busy(key, 0, false);
        }
        table.store(km, kt, wins, self.nodes - start + 1);
        wins
    }
}
