//! A fast outcome solver for Domineering on bitboards: who wins a board (empty cells of a
//! rectangle of at most 128 cells, holes allowed), in the manner of Bullock's Obsequi
//! (N. Bullock, *Domineering: solving large combinatorial search spaces*, MSc thesis,
//! University of Alberta, 2002) and of Breuker, Uiterwijk and van den Herik (*Solving 8×8
//! Domineering*, Theoretical Computer Science 230, 2000).
//!
//! The search is the definition of the outcome classes — the player to move wins iff some
//! move leads to a position the opponent, moving first, loses — cut short by knowledge that
//! is **exact**, never heuristic:
//!
//! - **Safe moves against the opponent's room** (Bullock 2002, ch. 3; Uiterwijk's "safe
//!   moves"): a cell the opponent cannot cover now (no empty neighbour in the opponent's
//!   direction) can never be covered by them, since cells only fill. A *safe move* of a
//!   player uses two such cells; the number `s(P)` of disjoint safe moves is a number of moves
//!   P can make whatever the opponent does. The most moves `u(P)` a player can still make is
//!   at most the largest set of disjoint dominoes of their orientation in the empty cells (in
//!   a line of k empty cells, ⌊k/2⌋; the greedy pairing from one end is optimal on a line).
//!   The player P to move **wins** when `s(P) > u(O)`: P answers each of the opponent's at
//!   most `u(O)` moves, and moves first, with safe moves that nothing can take away. P to move
//!   **loses** when `u(P) ≤ s(O)`: the opponent answers each of P's moves with a safe move.
//! - **Dead cells**: a cell with no empty neighbour is dead for both players; positions that
//!   differ only in dead cells are one position for the transposition table.
//! - **Symmetry**: the mirror images of a position (left–right, top–bottom, half turn) keep the
//!   players' directions, hence the outcome; the table stores the least image.
//! - **Vulnerable moves**: beyond the safe moves, a largest set of disjoint placements of P on
//!   the other cells; each opponent move destroys at most two of them (its two cells lie in at
//!   most two placements). Moving first and playing one a turn, P gets at least ⌈x/3⌉ of x;
//!   moving second, at least ⌊x/3⌋. So P to move wins when `s(P) + ⌈x(P)/3⌉ > u(O)` and
//!   loses when `u(P) ≤ s(O) + ⌊x(O)/3⌋` — a simple, provable form of Bullock's counting of
//!   vulnerable and protected moves.
//! - **Transposition table** of fixed size (two slots per bucket: one kept for the entries
//!   that took the most work, one always replaced) and **move ordering**: each move is scored
//!   by the same counts after it (the mover's safe moves minus the opponent's room, and the
//!   mover's room minus the opponent's safe moves — the margins to the two cut-offs), one's
//!   own safe moves last, ties broken by the history heuristic (moves that refuted before).
//!
//! # Examples
//! ```
//! use onag::games::domineering::Domineering;
//! use onag::games::outcome::domineering::{DomineeringSolver, TableSize};
//! use onag::partizan::Outcome;
//!
//! let mut solver = DomineeringSolver::new(TableSize::Bits(16));
//! let board = Domineering::empty(4, 4).unwrap();
//! let r = solver.solve(&board, &onag::StopFlag::new()).unwrap();
//! assert_eq!(r.outcome, Outcome::N); // 4×4: the first player wins
//! ```

use crate::games::domineering::Domineering;
use crate::partizan::game::GameError;
use crate::partizan::{Outcome, Player};
use crate::StopFlag;

use super::SearchProgress;

/// Nodes between two polls of the stop flag (and two progress reports).
const POLL_EVERY: u64 = 1 << 16;

/// The transposition table's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableSize {
    /// 2^bits entries of 32 bytes (bits from 4 to 30).
    Bits(u32),
}

impl TableSize {
    fn entries(self) -> usize {
        let TableSize::Bits(b) = self;
        1usize << b.clamp(4, 30)
    }
}

/// One entry: a position (its least image, dead cells removed), who was to move, whether
/// they win, and how much work the answer took.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u128,
    /// bit 0: used; bit 1: Right to move; bit 2: the player to move wins; bits 8..: log2 work
    data: u32,
}

/// The fixed geometry of one board: its size and masks.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    w: u32,
    h: u32,
    n: u32,
    /// cells with a right neighbour on the board
    has_right: u128,
    /// the first row
    row0: u128,
    /// the first column
    col0: u128,
}

impl Geometry {
    fn new(w: u32, h: u32) -> Geometry {
        let n = w * h;
        let full = if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        let row0 = (1u128 << w) - 1;
        let mut col0 = 0u128;
        for r in 0..h {
            col0 |= 1u128 << (r * w);
        }
        let last_col = col0 << (w - 1);
        Geometry {
            w,
            h,
            n,
            has_right: full & !last_col,
            row0,
            col0,
        }
    }

    /// Top cells of Left's (vertical) places.
    #[inline]
    fn vertical(&self, e: u128) -> u128 {
        e & (e >> self.w)
    }

    /// Left cells of Right's (horizontal) places.
    #[inline]
    fn horizontal(&self, e: u128) -> u128 {
        e & (e >> 1) & self.has_right
    }

    /// The most disjoint vertical dominoes on the cells `e`: each column's runs paired
    /// greedily from the top (optimal on a line).
    #[inline]
    fn vertical_matching(&self, e: u128) -> u32 {
        self.vertical_pairs(e).0
    }

    /// [`Geometry::vertical_matching`] and the cells of its dominoes.
    #[inline]
    fn vertical_pairs(&self, e: u128) -> (u32, u128) {
        let mut count = 0;
        let mut used = 0u128;
        let mut cells = 0u128;
        for r in 0..self.h - 1 {
            let cur = (e >> (r * self.w)) & self.row0 & !used;
            let next = (e >> ((r + 1) * self.w)) & self.row0;
            used = cur & next;
            count += used.count_ones();
            cells |= (used | (used << self.w)) << (r * self.w);
        }
        (count, cells)
    }

    /// The most disjoint horizontal dominoes on the cells `e`: each row's runs paired
    /// greedily from the left.
    #[inline]
    fn horizontal_matching(&self, e: u128) -> u32 {
        self.horizontal_pairs(e).0
    }

    /// [`Geometry::horizontal_matching`] and the cells of its dominoes.
    #[inline]
    fn horizontal_pairs(&self, e: u128) -> (u32, u128) {
        let mut count = 0;
        let mut used = 0u128;
        let mut cells = 0u128;
        for c in 0..self.w - 1 {
            let cur = (e >> c) & self.col0 & !used;
            let next = (e >> (c + 1)) & self.col0;
            used = cur & next;
            count += used.count_ones();
            cells |= (used | (used << 1)) << c;
        }
        (count, cells)
    }

    /// The board turned upside down.
    #[inline]
    fn flip_rows(&self, e: u128) -> u128 {
        let mut out = 0u128;
        for r in 0..self.h {
            out |= ((e >> (r * self.w)) & self.row0) << ((self.h - 1 - r) * self.w);
        }
        out
    }

    /// The board turned by a half turn (cell i goes to n − 1 − i).
    #[inline]
    fn half_turn(&self, e: u128) -> u128 {
        e.reverse_bits() >> (128 - self.n)
    }

    /// The least of the four images that keep rows rows (mirrors and the half turn).
    #[inline]
    fn least_image(&self, e: u128) -> u128 {
        let f = self.flip_rows(e);
        e.min(f).min(self.half_turn(e)).min(self.half_turn(f))
    }
}

/// The figures of a solve of one board with one player first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FirstPlayerResult {
    /// Whether the player moving first wins.
    pub wins: bool,
    /// Nodes searched for this answer.
    pub nodes: u64,
}

/// Who wins a Domineering board, and what it took.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DomineeringOutcome {
    /// The outcome class (Left = vertical).
    pub outcome: Outcome,
    /// Left (vertical) moving first.
    pub left_first: FirstPlayerResult,
    /// Right (horizontal) moving first.
    pub right_first: FirstPlayerResult,
    /// A winning first move of Left, as the cells it covers, if she wins moving first.
    pub left_move: Option<String>,
    /// A winning first move of Right, if he wins moving first.
    pub right_move: Option<String>,
}

/// The fast Domineering outcome solver (see the [module documentation](self)). The table
/// is kept between solves of boards of one size.
pub struct DomineeringSolver {
    table: Vec<Entry>,
    mask: usize,
    geometry: Option<Geometry>,
    /// history heuristic: [player][cell]
    history: [[u32; 128]; 2],
    nodes: u64,
    progress: SearchProgress,
    halted: bool,
    hook: Option<super::ProgressHook>,
}

impl DomineeringSolver {
    /// A solver with a table of the given size (allocated now: 32 bytes an entry).
    pub fn new(size: TableSize) -> Self {
        let entries = size.entries();
        DomineeringSolver {
            table: vec![Entry::default(); entries],
            mask: entries - 1,
            geometry: None,
            history: [[0; 128]; 2],
            nodes: 0,
            progress: SearchProgress::default(),
            halted: false,
            hook: None,
        }
    }

    /// Calls `hook` with the progress every 65,536 nodes (on the searching thread).
    pub fn on_progress(mut self, hook: impl FnMut(&SearchProgress) + 'static) -> Self {
        self.hook = Some(Box::new(hook));
        self
    }

    /// Nodes searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether `player`, moving first on `board`, wins.
    ///
    /// Errors: [`GameError::Stopped`] once `stop` is raised.
    pub fn wins_moving_first(
        &mut self,
        board: &Domineering,
        player: Player,
        stop: &StopFlag,
    ) -> Result<bool, GameError> {
        stop.check()?;
        self.prepare(board);
        let e = board.empty_cells();
        let wins = self.wins(e, player, 0, stop);
        if self.halted {
            self.halted = false;
            return Err(GameError::Stopped);
        }
        Ok(wins)
    }

    /// Who wins `board`, with a winning first move for each player who wins moving first.
    ///
    /// Errors: [`GameError::Stopped`] once `stop` is raised.
    pub fn solve(
        &mut self,
        board: &Domineering,
        stop: &StopFlag,
    ) -> Result<DomineeringOutcome, GameError> {
        let mut firsts = Vec::new();
        let mut moves = Vec::new();
        for player in [Player::Left, Player::Right] {
            let before = self.nodes;
            let wins = self.wins_moving_first(board, player, stop)?;
            let nodes = self.nodes - before;
            firsts.push(FirstPlayerResult { wins, nodes });
            moves.push(if wins {
                self.winning_move(board, player, stop)?
            } else {
                None
            });
        }
        let (l, r) = (firsts[0], firsts[1]);
        let right_move = moves.pop().flatten();
        let left_move = moves.pop().flatten();
        Ok(DomineeringOutcome {
            outcome: Outcome::from_first_player_wins(l.wins, r.wins),
            left_first: l,
            right_first: r,
            left_move,
            right_move,
        })
    }

    /// A winning move of `player` moving first (the cells it covers, as `board`'s move
    /// labels name them), or `None` when they lose.
    fn winning_move(
        &mut self,
        board: &Domineering,
        player: Player,
        stop: &StopFlag,
    ) -> Result<Option<String>, GameError> {
        use crate::games::PartizanGame;
        for after in board.options(player) {
            if !self.wins_moving_first(&after, player.opposite(), stop)? {
                return Ok(Some(board.move_label(player, &after)));
            }
        }
        Ok(None)
    }

    /// Sets the geometry for `board`; a new size clears the table and the history.
    fn prepare(&mut self, board: &Domineering) {
        let g = board.grid();
        let (w, h) = (g.width() as u32, g.height() as u32);
        let same = self.geometry.is_some_and(|x| x.w == w && x.h == h);
        if !same {
            self.geometry = Some(Geometry::new(w, h));
            self.table.iter_mut().for_each(|e| *e = Entry::default());
            self.history = [[0; 128]; 2];
        }
    }

    fn slot(&self, key: u128) -> usize {
        let x = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        let h = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> 32) as usize) & self.mask & !1
    }

    fn probe(&self, key: u128, player: Player) -> Option<bool> {
        let i = self.slot(key);
        let right = u32::from(player == Player::Right) << 1;
        for e in &self.table[i..i + 2] {
            if e.data & 1 != 0 && e.key == key && e.data & 2 == right {
                return Some(e.data & 4 != 0);
            }
        }
        None
    }

    fn store(&mut self, key: u128, player: Player, wins: bool, work: u64) {
        let i = self.slot(key);
        let log = 64 - work.leading_zeros();
        let data =
            1 | (u32::from(player == Player::Right) << 1) | (u32::from(wins) << 2) | (log << 8);
        let new = Entry { key, data };
        let keep = self.table[i];
        if keep.data & 1 == 0 || keep.key == key || log >= keep.data >> 8 {
            if keep.key != key {
                self.table[i + 1] = keep;
            }
            self.table[i] = new;
        } else {
            self.table[i + 1] = new;
        }
    }

    /// Whether `player`, to move on the empty cells `e`, wins.
    fn wins(&mut self, e: u128, player: Player, depth: u32, stop: &StopFlag) -> bool {
        let Some(g) = self.geometry else {
            return false;
        };
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_EVERY) {
            self.progress.nodes = self.nodes;
            self.progress.depth = depth;
            if stop.check().is_err() {
                self.halted = true;
            }
            let p = self.progress;
            if let Some(hook) = self.hook.as_mut() {
                hook(&p);
            }
        }
        if self.halted {
            return false;
        }
        self.progress.max_depth = self.progress.max_depth.max(depth);
        let vp = g.vertical(e);
        let hp = g.horizontal(e);
        let (mine, step) = match player {
            Player::Left => (vp, g.w),
            Player::Right => (hp, 1),
        };
        if mine == 0 {
            return false;
        }
        let v_cov = vp | (vp << g.w);
        let h_cov = hp | (hp << 1);
        // safe moves against the opponent's room (Bullock 2002), and vulnerable moves: exact
        // bounds (see the module documentation)
        let u_v = g.vertical_matching(e);
        let u_h = g.horizontal_matching(e);
        let (s_v, safe_v) = g.vertical_pairs(e & !h_cov);
        let (s_h, safe_h) = g.horizontal_pairs(e & !v_cov);
        let (u_me, s_me, u_them, s_them) = match player {
            Player::Left => (u_v, s_v, u_h, s_h),
            Player::Right => (u_h, s_h, u_v, s_v),
        };
        if s_me > u_them {
            return true;
        }
        if u_me <= s_them {
            return false;
        }
        let (x_me, x_them) = match player {
            Player::Left => (
                g.vertical_matching(e & !safe_v),
                g.horizontal_matching(e & !safe_h),
            ),
            Player::Right => (
                g.horizontal_matching(e & !safe_h),
                g.vertical_matching(e & !safe_v),
            ),
        };
        // moving first, one vulnerable move a turn: each reply destroys at most two more
        if s_me + x_me.div_ceil(3) > u_them {
            return true;
        }
        // moving second: each of the mover's moves destroys at most two vulnerable moves
        if u_me <= s_them + x_them / 3 {
            return false;
        }
        // dead cells removed, least image
        let key = g.least_image(e & (v_cov | h_cov));
        if let Some(w) = self.probe(key, player) {
            return w;
        }
        let start = self.nodes;
        let opponent = player.opposite();
        let their_cov = match player {
            Player::Left => h_cov,
            Player::Right => v_cov,
        };
        let my_index = usize::from(player == Player::Right);

        // the moves, scored: (score, top/left cell)
        let mut moves = [(0i64, 0u8); 128];
        let mut count = 0;
        let mut m = mine;
        while m != 0 {
            let a = m.trailing_zeros();
            m &= m - 1;
            let cells = (1u128 << a) | (1u128 << (a + step));
            let safe = i64::from(cells & their_cov == 0);
            // the child's margins towards the bounds' cut-offs: first the mover's safe moves
            // against the opponent's room, then the mover's room against the opponent's safe
            // moves (Bullock 2002 orders by an evaluation of the same counts)
            let c = e & !cells;
            let (cv, ch) = (g.vertical(c), g.horizontal(c));
            let (cvc, chc) = (cv | (cv << g.w), ch | (ch << 1));
            let (uv, sv) = (g.vertical_matching(c), g.vertical_matching(c & !chc));
            let (uh, sh) = (g.horizontal_matching(c), g.horizontal_matching(c & !cvc));
            let (um, sm, ut, st) = match player {
                Player::Left => (uv, sv, uh, sh),
                Player::Right => (uh, sh, uv, sv),
            };
            let margin =
                (i64::from(sm) - i64::from(ut)) + 2 * (i64::from(um) - i64::from(st)) - 8 * safe;
            let score = (margin << 24) + i64::from(self.history[my_index][a as usize]);
            moves[count] = (score, a as u8);
            count += 1;
        }
        let moves = &mut moves[..count];
        moves.sort_unstable_by_key(|x| std::cmp::Reverse(x.0));

        let mut wins = false;
        for &(_, a) in moves.iter() {
            let child = e & !((1u128 << a) | (1u128 << (u32::from(a) + step)));
            let lost = !self.wins(child, opponent, depth + 1, stop);
            if self.halted {
                return false;
            }
            if lost {
                let bonus = (g.n / 2).saturating_sub(depth).pow(2);
                let hst = &mut self.history[my_index][a as usize];
                *hst = hst.saturating_add(bonus);
                wins = true;
                break;
            }
        }
        self.store(key, player, wins, self.nodes - start + 1);
        wins
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::outcome::{OutcomeLimits, OutcomeSolver};
    use crate::games::PartizanSolver;

    fn canonical_outcome(b: &Domineering) -> Outcome {
        let mut s = PartizanSolver::new();
        let g = s.canonical(b, &StopFlag::new()).unwrap();
        s.arena_mut().outcome(g)
    }

    #[test]
    fn rectangles_match_canonical_forms() {
        let mut solver = DomineeringSolver::new(TableSize::Bits(16));
        for rows in 1..=5 {
            for cols in 1..=5 {
                if rows * cols > 20 {
                    continue;
                }
                let b = Domineering::empty(rows, cols).unwrap();
                let r = solver.solve(&b, &StopFlag::new()).unwrap();
                assert_eq!(r.outcome, canonical_outcome(&b), "{rows}×{cols}");
            }
        }
    }

    #[test]
    fn random_boards_with_holes_match_the_generic_search_and_canonical_forms() {
        // a fixed linear congruential sequence: reproducible boards
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            x >> 33
        };
        let mut fast = DomineeringSolver::new(TableSize::Bits(14));
        for _ in 0..300 {
            let (rows, cols) = (1 + next() as usize % 5, 1 + next() as usize % 5);
            let mut b = Domineering::empty(rows, cols).unwrap();
            let mut grid = *b.grid();
            for r in 0..rows {
                for c in 0..cols {
                    if next() % 4 == 0 {
                        grid.set(0, r, c, false);
                    }
                }
            }
            b = Domineering::from_grid(grid);
            let expected = canonical_outcome(&b);
            let r = fast.solve(&b, &StopFlag::new()).unwrap();
            assert_eq!(r.outcome, expected, "{b}");
            let mut plain = OutcomeSolver::with_limits(OutcomeLimits {
                small_budget: 0,
                ..OutcomeLimits::default()
            });
            assert_eq!(plain.solve(&b, &StopFlag::new()).unwrap().outcome, expected);
            // a reported winning move leaves a position the opponent loses moving first
            for (player, m) in [(Player::Left, &r.left_move), (Player::Right, &r.right_move)] {
                assert_eq!(
                    m.is_some(),
                    fast.wins_moving_first(&b, player, &StopFlag::new())
                        .unwrap()
                );
            }
        }
    }

    #[test]
    fn a_raised_flag_stops_the_solver() {
        let stop = StopFlag::new();
        stop.stop();
        let mut solver = DomineeringSolver::new(TableSize::Bits(10));
        let b = Domineering::empty(8, 8).unwrap();
        assert_eq!(
            solver.wins_moving_first(&b, Player::Left, &stop),
            Err(GameError::Stopped)
        );
    }

    #[test]
    fn the_bounds_are_right_on_lines() {
        let g = Geometry::new(5, 1);
        assert_eq!(g.horizontal_matching(0b11111), 2);
        assert_eq!(g.horizontal_matching(0b11011), 2);
        assert_eq!(g.horizontal_matching(0b10101), 0);
        let g = Geometry::new(1, 5);
        assert_eq!(g.vertical_matching(0b11111), 2);
        assert_eq!(g.vertical_matching(0b01110), 1);
        let g = Geometry::new(3, 3);
        // least image is the same for mirror images
        assert_eq!(g.least_image(0b000_000_001), g.least_image(0b000_000_100));
        assert_eq!(g.least_image(0b000_000_001), g.least_image(0b100_000_000));
    }
}

/// The committed results file against the published outcomes, the canonical forms and its
/// own symmetry.
#[cfg(all(test, feature = "serde"))]
mod results_file {
    use super::*;
    use crate::games::PartizanSolver;

    fn outcome(s: &str) -> Outcome {
        match s {
            "L" => Outcome::L,
            "R" => Outcome::R,
            "P" => Outcome::P,
            "N" => Outcome::N,
            _ => panic!("not an outcome: {s}"),
        }
    }

    fn read() -> Vec<(usize, usize, Outcome)> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../results/domineering/outcomes.json"
        );
        let text = std::fs::read_to_string(path).expect("results/domineering/outcomes.json");
        let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        v["boards"]
            .as_array()
            .expect("boards")
            .iter()
            .map(|b| {
                (
                    b["rows"].as_u64().unwrap() as usize,
                    b["cols"].as_u64().unwrap() as usize,
                    outcome(b["outcome"].as_str().unwrap()),
                )
            })
            .collect()
    }

    #[test]
    fn results_agree_with_published_outcomes() {
        let fixture = include_str!("../../../tests/data/domineering_outcomes.txt");
        let results = read();
        for line in fixture
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let f: Vec<&str> = line.splitn(4, ' ').collect();
            let (m, n) = (
                f[0].parse::<usize>().unwrap(),
                f[1].parse::<usize>().unwrap(),
            );
            if let Some(&(_, _, o)) = results.iter().find(|r| r.0 == m && r.1 == n) {
                assert_eq!(o, outcome(f[2]), "{m}×{n}: {}", f[3]);
            }
        }
    }

    #[test]
    fn results_agree_with_canonical_forms_and_with_their_transposes() {
        let results = read();
        assert!(!results.is_empty());
        let mut values = PartizanSolver::new();
        for &(m, n, o) in &results {
            if m * n <= 16 {
                let g = values
                    .canonical(&Domineering::empty(m, n).unwrap(), &StopFlag::new())
                    .unwrap();
                assert_eq!(values.arena_mut().outcome(g), o, "{m}×{n}");
            }
            // a quarter turn swaps the players
            if let Some(&(_, _, t)) = results.iter().find(|r| r.0 == n && r.1 == m) {
                let swapped = match o {
                    Outcome::L => Outcome::R,
                    Outcome::R => Outcome::L,
                    x => x,
                };
                assert_eq!(t, swapped, "{m}×{n} against {n}×{m}");
            }
        }
    }
}
