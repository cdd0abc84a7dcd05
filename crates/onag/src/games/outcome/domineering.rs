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
//!   vulnerable and protected moves. Dropping the d placements that let one opponent move
//!   destroy two leaves x − d destroyed one at a time: ⌈(x − d)/2⌉ and ⌊(x − d)/2⌋, where
//!   better (Bullock separates the vulnerable moves the opponent can destroy two at a time).
//!   Sorting them into three pools (lone, dropped, the rest) and solving the small game of
//!   what each opponent move can destroy exactly gives at least both (`Shares`).
//! - **Squares left to the opponent**: the same strategies (vulnerable moves, then safe
//!   ones) counted against the empty cells the opponent can cover instead of their dominoes:
//!   P's guaranteed moves fill cells the opponent could have used (Bullock 2002 bounds the
//!   opponent's moves by the squares left to them); the proof is at the rule.
//! - **Protective areas and the squares left in one count**: the player claims blocks,
//!   then plays vulnerable placements, then safe moves, and the count charges the opponent
//!   every square the strategy takes from it, the claimed blocks' halves and one square of
//!   each odd line of the opponent's that the player's structures never touch (Bullock 2002
//!   packs these together; the proof is at `Geometry::block_cells_guarantee`). These last
//!   rules run on the nodes searched, not on every child.
//! - **A node costs about a microsecond**: the search is compiled for each board width
//!   from 2 to 12 (its shifts by the width are constants) and the greedy matchings have no
//!   loops (a carry along rows, a doubling fill down columns).
//! - **Transposition table** of fixed size (two slots per bucket: one kept for the entries
//!   that took the most work, one always replaced) and **move ordering**: each move is scored
//!   by the same counts after it, as Obsequi scores it (the mover's room and safe moves less
//!   the opponent's), one's own safe moves last, ties broken by where the domino lies
//!   (second line from an edge, every other place along it, the edge last: Obsequi's order)
//!   and then by the history heuristic (moves that refuted before).
//! - **Threads** ([`DomineeringSolver::with_threads`]): they share the table (a sequence
//!   lock a bucket) and search by ABDADA (Weill 1996): all from the root, a node's later
//!   moves that another thread is searching put off. The table holds exact answers only, so
//!   the threads change the work, never an answer.
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
use crate::partizan::Player;
use crate::StopFlag;

use super::table::{all_nodes, merge, with_helpers, Abdada, Counts, HelperPoll, Table, TAG};
use super::{checkpoint_entries, checkpoint_header, work_from_data, Poll, SearchProgress};

/// The first bytes of a [`DomineeringSolver::checkpoint`].
const CHECKPOINT_MAGIC: &[u8] = b"onag-dt1";

/// Nodes between two polls of the stop flag (and two progress reports).
const POLL_EVERY: u64 = 1 << 16;

/// The transposition table's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableSize {
    /// 2^bits entries of 32 bytes (bits from 4 to 30).
    Bits(u32),
}

impl TableSize {
    pub(crate) fn entries(self) -> usize {
        let TableSize::Bits(b) = self;
        1usize << b.clamp(4, 30)
    }
}

/// A position's tag in the table: who is to move.
fn tag(player: Player) -> u32 {
    if player == Player::Right {
        TAG
    } else {
        0
    }
}

/// The table's bucket of a key.
fn slot(table: &Table, key: u128) -> usize {
    let x = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
    let h = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((h >> 33) as usize) & (table.buckets() - 1)
}

/// Keeps an answer (the older kept answer moves to the bucket's second slot).
fn store(table: &Table, key: u128, player: Player, wins: bool, work: u64) {
    table.store_at(slot(table, key), key, tag(player), wins, work, true);
}

/// The fixed geometry of one board: its size, masks and the transpose's lookup table.
#[derive(Clone, Debug)]
struct Geometry<const W: u32 = 0> {
    /// the width (`W` when it is not 0: the search is compiled once for each common width,
    /// so that its shifts by the width are constants)
    w: u32,
    h: u32,
    n: u32,
    /// cells with a right neighbour on the board
    has_right: u128,
    /// the first row
    row0: u128,
    /// the first column
    col0: u128,
    /// the cells of the even columns (0, 2, …)
    even_cols: u128,
    /// the cells of the even rows (0, 2, …)
    even_rows: u128,
    /// a square board: the transpose, with the players swapped, is a symmetry too
    square: bool,
    /// square boards: `transposed_rows[r << w | bits]` is row `r` holding `bits`, transposed
    /// (one lookup a row instead of a loop over the cells, which was the search's hottest
    /// spot: it runs for the node and for every child's table probe)
    transposed_rows: std::sync::Arc<Vec<u128>>,
    /// the vulnerable moves a player is sure of, by pools (see [`Shares`])
    shares: std::sync::Arc<Shares>,
}

impl Geometry<0> {
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
        let mut even_cols = 0u128;
        for c in (0..w).step_by(2) {
            even_cols |= col0 << c;
        }
        let mut even_rows = 0u128;
        for r in (0..h).step_by(2) {
            even_rows |= row0 << (r * w);
        }
        let square = w == h;
        let mut transposed_rows = Vec::new();
        if square {
            transposed_rows = vec![0u128; (h as usize) << w];
            for r in 0..h {
                for bits in 0..(1u32 << w) {
                    let mut out = 0u128;
                    for c in 0..w {
                        if bits >> c & 1 != 0 {
                            out |= 1u128 << (c * w + r);
                        }
                    }
                    transposed_rows[((r as usize) << w) | bits as usize] = out;
                }
            }
        }
        Geometry {
            w,
            h,
            n,
            has_right: full & !last_col,
            row0,
            col0,
            even_cols,
            even_rows,
            square,
            transposed_rows: std::sync::Arc::new(transposed_rows),
            shares: std::sync::Arc::new(Shares::new(n as usize / 2 + 1)),
        }
    }

    /// The same geometry, its width a constant of the code.
    fn with_width<const W: u32>(&self) -> Geometry<W> {
        debug_assert!(W == 0 || W == self.w);
        Geometry {
            w: self.w,
            h: self.h,
            n: self.n,
            has_right: self.has_right,
            row0: self.row0,
            col0: self.col0,
            even_cols: self.even_cols,
            even_rows: self.even_rows,
            square: self.square,
            transposed_rows: self.transposed_rows.clone(),
            shares: self.shares.clone(),
        }
    }
}

impl<const W: u32> Geometry<W> {
    /// The width: `W`, or the stored one when `W` is 0.
    #[inline(always)]
    fn w(&self) -> u32 {
        if W == 0 {
            self.w
        } else {
            W
        }
    }

    /// The board reflected in its main diagonal (square boards only): cell (r, c) goes to
    /// (c, r), so vertical dominoes become horizontal ones.
    #[inline]
    fn transpose(&self, e: u128) -> u128 {
        let w = self.w();
        let mut out = 0u128;
        let mut rest = e;
        for r in 0..self.h as usize {
            let bits = (rest & self.row0) as usize;
            out |= self.transposed_rows[(r << w) | bits];
            rest >>= w;
        }
        out
    }

    /// The table's key of the live cells `live` (dead cells removed) with `player` to move:
    /// the least image under the board's symmetries, and the player to move in that image.
    /// Mirrors keep the players; on a square board the transpose swaps them (a vertical
    /// domino becomes a horizontal one), so Left to move on `e` is Right to move on its
    /// transpose (Breuker, Uiterwijk and van den Herik 2000 use the board's symmetries to
    /// share table entries the same way).
    #[inline]
    fn key(&self, live: u128, player: Player) -> (u128, Player) {
        let k = self.least_image(live);
        if self.square {
            let t = self.least_image(self.transpose(live));
            if t < k {
                return (t, player.opposite());
            }
            if t == k {
                // a transpose of itself (up to mirrors): both players' questions are one
                return (k, Player::Left);
            }
        }
        (k, player)
    }

    /// Top cells of Left's (vertical) places.
    #[inline]
    fn vertical(&self, e: u128) -> u128 {
        e & (e >> self.w())
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
        let (count, tops) = self.vertical_tops(e);
        (count, tops | (tops << self.w()))
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
        let (count, lefts) = self.horizontal_tops(e);
        (count, lefts | (lefts << 1))
    }

    /// What the counting rules alone say of `player` to move on the empty cells `e`
    /// (see the module documentation): `Some((wins, rule))` when one of them decides.
    fn static_answer(&self, e: u128, player: Player) -> Option<(bool, Rule)> {
        self.static_answer_or_counts(e, player, true).ok()
    }

    /// [`Geometry::static_answer`], and when no rule decides, the counts it found on the
    /// way: `[u(V), s(V), u(H), s(H)]` (the vertical and horizontal matchings of `e`, and
    /// those of the safe cells), which the search reuses to score the move.
    /// With `deep` false the last, costliest rules are left out (the search puts every
    /// child to the others, and a child it searches to all of them).
    fn static_answer_or_counts(
        &self,
        e: u128,
        player: Player,
        deep: bool,
    ) -> Result<(bool, Rule), [u32; 4]> {
        let vp = self.vertical(e);
        let hp = self.horizontal(e);
        let mine = match player {
            Player::Left => vp,
            Player::Right => hp,
        };
        if mine == 0 {
            return Ok((false, Rule::NoMove));
        }
        let v_cov = vp | (vp << self.w());
        let h_cov = hp | (hp << 1);
        // safe moves against the opponent's room (Bullock 2002), and vulnerable moves: exact
        // bounds (see the module documentation)
        let u_v = self.vertical_matching(e);
        let u_h = self.horizontal_matching(e);
        let (s_v, safe_v) = self.vertical_pairs(e & !h_cov);
        let (s_h, safe_h) = self.horizontal_pairs(e & !v_cov);
        let (u_me, s_me, u_them, s_them) = match player {
            Player::Left => (u_v, s_v, u_h, s_h),
            Player::Right => (u_h, s_h, u_v, s_v),
        };
        if s_me > u_them {
            return Ok((true, Rule::SafeWin));
        }
        if u_me <= s_them {
            return Ok((false, Rule::SafeLoss));
        }
        // vulnerable moves: a largest disjoint set of placements outside the safe ones, with
        // their top (Left) or left (Right) cells
        let (xv, xv_tops) = self.vertical_tops(e & !safe_v);
        let (xh, xh_tops) = self.horizontal_tops(e & !safe_h);
        // d: how many of these to drop so that no opponent's placement meets two of the
        // rest. An opponent's placement meets two when its cells lie in two of them (two
        // cells side by side across the opponent's direction always lie in two); dropping
        // every placement that holds the first cell of such a pair — or every one that holds
        // the second — leaves x − d that no opponent's move, now or later (the opponent's
        // placements only disappear), meets twice: each reply then destroys at most one.
        let xv_cells = xv_tops | (xv_tops << self.w());
        let xh_cells = xh_tops | (xh_tops << 1);
        let pairs_v = hp & xv_cells & (xv_cells >> 1); // first (left) cells of the pairs
        let pairs_h = vp & xh_cells & (xh_cells >> self.w()); // first (upper) cells
        let holding_v = |c: u128| (xv_tops & (c | (c >> self.w()))).count_ones();
        let holding_h = |c: u128| (xh_tops & (c | (c >> 1))).count_ones();
        let dv = holding_v(pairs_v).min(holding_v(pairs_v << 1));
        let dh = holding_h(pairs_h).min(holding_h(pairs_h << self.w()));
        // the pools of the abstract game of [`Shares`]: lone placements (met by no
        // opponent placement that meets another), those dropped (holding the first cells of
        // the pairs, or the second: the fewer) and the rest
        let lone_v =
            xv_tops & !(pairs_v | (pairs_v << 1) | ((pairs_v | (pairs_v << 1)) >> self.w()));
        let lone_h =
            xh_tops & !(pairs_h | (pairs_h << self.w()) | ((pairs_h | (pairs_h << self.w())) >> 1));
        let pools = |x: u32, lone: u128, d: u32| {
            let t = lone.count_ones();
            (t, x - t - d, d)
        };
        let (pv, ph) = (pools(xv, lone_v, dv), pools(xh, lone_h, dh));
        let (x_me, x_them, d_me, d_them) = match player {
            Player::Left => (xv, xh, dv, dh),
            Player::Right => (xh, xv, dh, dv),
        };
        let (pool_me, pool_them) = match player {
            Player::Left => (pv, ph),
            Player::Right => (ph, pv),
        };
        // moving first, one vulnerable move a turn: each reply destroys at most two more
        // (P gets ⌈x/3⌉), or at most one of the x − d (P gets ⌈(x − d)/2⌉); P picks the
        // better of the two strategies, or better still the best play of the pools' game
        // (which is at least both: see [`Shares`])
        let a = x_me
            .div_ceil(3)
            .max(x_me.saturating_sub(d_me).div_ceil(2))
            .max(self.shares.first(pool_me));
        if s_me + a > u_them {
            return Ok((true, Rule::VulnerableWin));
        }
        // moving second: each of the mover's moves destroys at most two vulnerable moves
        // (⌊x/3⌋), or at most one of the x − d (⌊(x − d)/2⌋)
        let b = (x_them / 3)
            .max(x_them.saturating_sub(d_them) / 2)
            .max(self.shares.second(pool_them));
        if u_me <= s_them + b {
            return Ok((false, Rule::VulnerableLoss));
        }
        // protective areas (Bullock 2002): the same counts with the players' blocks apart
        let (safe_me, safe_them) = match player {
            Player::Left => (safe_v, safe_h),
            Player::Right => (safe_h, safe_v),
        };
        let (p, blocks_me) = self.protective_areas(e, player);
        if p > 0 {
            let x = self.matching(e & !safe_me & !blocks_me, player);
            // and the opponent loses two of its u(O) dominoes with each block claimed: a
            // block's cells in each of O's lines form a run of two (the cells beyond it are
            // filled or off the board), one domino of u(O) a line, and once P has a domino
            // in the block O can cover none of its cells. P claims at least ⌈p/2⌉ blocks
            // (the claims come first and each reply destroys at most one block), all within
            // P's first p moves, and P is sure of share₁ ≥ p moves: if P were stuck after k
            // moves, k ≥ s + share₁ ≥ p, O's k moves would lie on the empty cells outside
            // the claimed blocks, k ≤ u(O) − 2⌈p/2⌉ (Bullock 2002 bounds the opponent's
            // moves by its real moves less the protective areas)
            if s_me + first_player_share(p, x) + 2 * p.div_ceil(2) > u_them {
                return Ok((true, Rule::ProtectiveWin));
            }
        }
        let (q, blocks_them) = self.protective_areas(e, player.opposite());
        if q > 0 {
            let y = self.matching(e & !safe_them & !blocks_them, player.opposite());
            // and P loses two of its u(P) dominoes with each block O claims (as above). O
            // claims a block at each of its turns while one is left, and P destroys at most
            // one a move, so after j replies O has claimed at least min(j, ⌊q/2⌋) (if the
            // blocks ran out before O's t-th turn, q ≤ (t − 1) claims + t destructions). If
            // O were stuck after P's k moves, O made k − 1 ≥ s(O) + share₂ ≥ ⌊q/2⌋ replies,
            // so P's k moves avoid at least ⌊q/2⌋ claimed blocks: k ≤ u(P) − 2⌊q/2⌋
            if u_me <= s_them + second_player_share(q, y) + 2 * (q / 2) {
                return Ok((false, Rule::ProtectiveLoss));
            }
        }
        // the same strategies against the opponent's squares instead of their dominoes
        // (Bullock 2002 bounds the opponent's moves by the squares left to them: empty
        // squares less those the player's guaranteed moves will fill, less those the opponent
        // cannot use). Let T(O) be the empty cells O can cover now — the only cells O will
        // ever cover — and f(P) the fewest of those among the two cells of any of P's
        // vulnerable placements (0, 1 or 2). P moves first and plays vulnerable placements
        // while one is left, then safe moves (with the strategy that gave a above). If P is
        // ever stuck, P has played at least a vulnerable and all s safe moves, and O has made
        // as many moves as P, k ≥ a + s: O's moves fill 2k cells of T(O), P's
        // vulnerable ones f·a more, all distinct: 2(a + s) + f·a ≤ T(O). So P wins when
        // 2(a + s) + f·a > T(O) (the left side grows with a; f holds for any subset of the
        // placements). Moving second, O plays the same way and gets at least the b above; P
        // wins only if O is stuck after P's k + 1 moves with k = b + s(O), and P's moves fill
        // 2(k + 1) cells of T(P) apart from O's f(O)·b: P loses when
        // 2(b + s(O) + 1) + f(O)·b > T(P).
        let (v_cov_cells, h_cov_cells) = (v_cov.count_ones(), h_cov.count_ones());
        let fv = coverage_floor(xv_tops, self.w(), h_cov);
        let fh = coverage_floor(xh_tops, 1, v_cov);
        let (f_me, f_them, t_me, t_them) = match player {
            Player::Left => (fv, fh, v_cov_cells, h_cov_cells),
            Player::Right => (fh, fv, h_cov_cells, v_cov_cells),
        };
        if 2 * (a + s_me) + f_me * a > t_them {
            return Ok((true, Rule::CellWin));
        }
        if 2 * (b + s_them + 1) + f_them * b > t_me {
            return Ok((false, Rule::CellLoss));
        }
        // the same with the placements taken in order of their cells in T(O) instead of
        // the fewest of any (one placement with a cell O cannot cover makes f = 1 for all):
        // P plays, while one is left, a vulnerable placement with the most cells in T(O).
        // Before P's i-th such move at most 3(i − 1) placements are gone (P's own and two a
        // reply), so, with the placements' counts of such cells sorted f₁ ≥ f₂ ≥ …, the i-th
        // has at least f₍₃ᵢ₋₂₎; P plays at least ⌈x/3⌉ of them. With n₂ placements of two
        // such cells and n₁ of one, their cells sum to at least ⌈n₂/3⌉ + ⌈(n₂ + n₁)/3⌉. If
        // P is stuck after k ≥ s + ⌈x/3⌉ moves, O's 2k cells and those lie apart in T(O).
        // Moving second O's i-th reply comes after P's i moves: at most 3i − 1 gone, at
        // least f₍₃ᵢ₎, ⌊x/3⌋ of them, ⌊n₂/3⌋ + ⌊(n₂ + n₁)/3⌋ cells; P wins only if O is
        // stuck after P's k + 1 moves with k ≥ s(O) + ⌊x(O)/3⌋.
        let (nv2, nv1) = coverage_counts(xv_tops, self.w(), h_cov);
        let (nh2, nh1) = coverage_counts(xh_tops, 1, v_cov);
        let ((n2_me, n1_me), (n2_them, n1_them)) = match player {
            Player::Left => ((nv2, nv1), (nh2, nh1)),
            Player::Right => ((nh2, nh1), (nv2, nv1)),
        };
        let a3 = x_me.div_ceil(3);
        if 2 * (a3 + s_me) + n2_me.div_ceil(3) + (n2_me + n1_me).div_ceil(3) > t_them {
            return Ok((true, Rule::CellOrderWin));
        }
        let b3 = x_them / 3;
        if 2 * (b3 + s_them + 1) + n2_them / 3 + (n2_them + n1_them) / 3 > t_me {
            return Ok((false, Rule::CellOrderLoss));
        }
        if !deep {
            return Err([u_v, s_v, u_h, s_h]);
        }
        // protective areas and the squares left in one count, and the lines the opponent
        // cannot fill ([`Geometry::block_cells_guarantee`])
        let (x_me_cells, x_them_cells, cover_me, cover_them) = match player {
            Player::Left => (xv_cells, xh_cells, v_cov, h_cov),
            Player::Right => (xh_cells, xv_cells, h_cov, v_cov),
        };
        let me = self.side(e, player, (safe_me, s_me), (p, blocks_me), cover_them);
        // the squares-left rule with the pools' share `a` (above), two refinements: the
        // cells in T(O) of the (at least `a`) placements played are at least f(P) each, and
        // at least 2a less the shortfall of all the placements, n₁ + 2n₀ (n₀ placements
        // with no cell in T(O)); and O's squares are one fewer for each odd line of O that
        // none of the placements touches (P plays nowhere else in T(O))
        let short_me = n1_me + 2 * (x_me - n2_me - n1_me);
        let short_them = n1_them + 2 * (x_them - n2_them - n1_them);
        let f_a = (f_me * a).max((2 * a).saturating_sub(short_me));
        let f_b = (f_them * b).max((2 * b).saturating_sub(short_them));
        if self.block_cells_guarantee(e, &me, true) > t_them {
            return Ok((true, Rule::BlockCellWin));
        }
        let them = self.side(
            e,
            player.opposite(),
            (safe_them, s_them),
            (q, blocks_them),
            cover_me,
        );
        if self.block_cells_guarantee(e, &them, false) > t_me {
            return Ok((false, Rule::BlockCellLoss));
        }
        if 2 * (a + s_me) + f_a + self.untouched_odd_runs(e, x_me_cells, them.player) > t_them {
            return Ok((true, Rule::LineCellWin));
        }
        if self.option_guarantee(e, &me) > t_them {
            return Ok((true, Rule::OptionWin));
        }
        if 2 * (b + s_them + 1) + f_b + self.untouched_odd_runs(e, x_them_cells, player) > t_me {
            return Ok((false, Rule::LineCellLoss));
        }
        Err([u_v, s_v, u_h, s_h])
    }

    /// How many maximal runs of the empty cells `e` in `player`'s direction (columns for
    /// Left, rows for Right) have an odd length of at least 3 and no cell in `touched`.
    /// `player` fills at most ⌊ℓ/2⌋ dominoes of a run of ℓ cells that no other domino
    /// enters, so each such run keeps one of its cells from `player`: the squares it can
    /// use are one fewer a run (Bullock 2002 counts the squares neither side will use).
    fn untouched_odd_runs(&self, e: u128, touched: u128, player: Player) -> u32 {
        let hr = self.has_right;
        // the runs that meet `touched`, filled along the player's direction
        let mut t = touched & e;
        loop {
            let spread = t | match player {
                Player::Left => ((t << self.w()) | (t >> self.w())) & e,
                Player::Right => (((t & hr) << 1) | ((t >> 1) & hr)) & e,
            };
            if spread == t {
                break;
            }
            t = spread;
        }
        let free = e & !t;
        let cells = match player {
            Player::Left => {
                let tops = self.vertical(free);
                tops | (tops << self.w())
            }
            Player::Right => {
                let lefts = self.horizontal(free);
                lefts | (lefts << 1)
            }
        };
        // each run of two or more cells: its length less twice its dominoes is its parity
        cells.count_ones() - 2 * self.matching(cells, player)
    }

    /// The least, over the opponent's play, of what a player's strategy fills of the
    /// opponent's squares — protective areas, vulnerable placements and safe moves in one
    /// count against the squares left (Bullock 2002 packs these structures together and
    /// bounds the opponent by the squares they leave). `side` is the player with their safe
    /// cells, safe moves and protective areas; `cover` the cells their opponent can cover
    /// now, T. With `first` the player moves first and wins when the count exceeds T;
    /// otherwise the player moves second and the mover loses when it exceeds the mover's T.
    ///
    /// The strategy: claim a block while one is left, then play vulnerable placements (those
    /// with the most cells in T first), then safe moves (the halves of the claimed blocks
    /// among them). Say the player claims `c` blocks and plays `v` placements, `F` of whose
    /// cells lie in T. When the player is stuck, their strategy is spent: they made
    /// `k = 2c + v + s` moves. The opponent's moves lie in T, apart from the cells the
    /// player filled in T, from the claimed blocks' other halves (the opponent can cover a
    /// block's cell only by a domino inside it), and from one cell of each odd line of the
    /// opponent that none of the player's structures touches ([`Geometry::untouched_odd_runs`],
    /// `U`); so moving first the player is stuck only if the opponent's `k` moves fit:
    /// `2k + 4c + F + U ≤ T`, that is `8c + 2v + 2s + F + U ≤ T`. Moving second the
    /// opponent (the mover) wins only if the player is stuck after the mover's `k + 1`
    /// moves: `2(k + 1) + 4c + F + U ≤ T`.
    ///
    /// The least `c`: each opponent move destroys one block or at most two placements.
    /// Moving first, the opponent's `c` replies while blocks last destroy the `p − c` blocks
    /// not claimed, so `c ≥ ⌈p/2⌉` and `D = 2(2c − p)` placements go before the placements'
    /// phase, where the player moves first. Moving second, the opponent's `c + 1` moves
    /// before the player's first turn without a block destroy `q − c`, so `c ≥ ⌊q/2⌋`, and
    /// `D = 2(2c + 1 − q)`; the player moves first in the placements' phase. Before the
    /// player's i-th placement at most `D + 3(i − 1)` are gone (their own and two a reply),
    /// so they play `v ≥ ⌈(x − D)/3⌉`, and, the placements' counts of cells in T sorted
    /// `f₁ ≥ f₂ ≥ …`, the i-th has at least `f₍D+3i−2₎`: with `n₂` placements of two such
    /// cells and `n₁` of one, `F ≥ ⌈(n₂ − D)/3⌉ + ⌈(n₂ + n₁ − D)/3⌉`. One more claim adds 8
    /// and takes at most 4 from `2v` (D grows by 4) and 4 from `F`, so the least `c` gives
    /// the least count.
    fn block_cells_guarantee(&self, e: u128, side: &Side, first: bool) -> u32 {
        let (p, blocks) = side.blocks;
        let c = if first { p.div_ceil(2) } else { p / 2 };
        let u = self.untouched_odd_runs(e, blocks | side.placed, side.player.opposite());
        block_count(p, c, side.placements, side.s, first) + u
    }

    /// One player's structures for the joint counts: `safe` their safe cells and moves,
    /// `blocks` their protective areas, `reach` the cells their opponent can cover now; the
    /// vulnerable placements outside both are found here.
    fn side(
        &self,
        e: u128,
        player: Player,
        (safe, s): (u128, u32),
        blocks: (u32, u128),
        reach: u128,
    ) -> Side {
        let (x, tops) = self.tops(e & !safe & !blocks.1, player);
        let step = self.step(player);
        let (n2, n1) = coverage_counts(tops, step, reach);
        Side {
            player,
            safe,
            s,
            blocks,
            reach,
            placed: tops | (tops << step),
            placements: (x, n2, n1),
        }
    }

    /// How far the second cell of `player`'s domino lies from the first.
    #[inline]
    fn step(&self, player: Player) -> u32 {
        match player {
            Player::Left => self.w(),
            Player::Right => 1,
        }
    }

    /// The count of [`Geometry::block_cells_guarantee`] for the player to move (`side`)
    /// when their first move takes one of their **safe options** (Bullock 2002): a safe
    /// domino `(a, b)` of theirs with an empty cell `z` beside `a` in their direction, on
    /// the side away from `b`, that the opponent can cover and that lies in none of the
    /// player's structures. The player plays `(z, a)` at once — a legal move, and the one
    /// move that safe domino was worth — so `z` is theirs, not the opponent's, and so is
    /// each neighbour `y` of `z` in the opponent's direction that is empty, in no structure
    /// of the player's, and whose other neighbour in that direction is filled or off the
    /// board: with `z` filled the opponent can never cover `y`. Then the player goes on with
    /// the strategy of [`Geometry::block_cells_guarantee`], now second in its race (the
    /// opponent replies first): `block_count(p, ⌊p/2⌋, …, s − 1, second)` counts the same
    /// `2k + 4c + F` with `k = 1 + 2c + v + (s − 1)`. The odd lines of the opponent's left
    /// out are those no structure of the player's and no `z` touches. 0 when there is no
    /// such option.
    fn option_guarantee(&self, e: u128, side: &Side) -> u32 {
        if side.s == 0 {
            return 0;
        }
        let w = self.w();
        let hr = self.has_right;
        let (p, blocks) = side.blocks;
        let structures = side.safe | blocks | side.placed;
        // the safe dominoes' first cells, and the option cells beside either end
        let (_, safe_tops) = self.tops(side.safe, side.player);
        let beside = match side.player {
            // above the top cell, below the bottom one
            Player::Left => (safe_tops >> w) | (safe_tops << (2 * w)),
            // left of the left cell, right of the right one (in the same row)
            Player::Right => ((safe_tops >> 1) & hr) | (((safe_tops << 1) & hr) << 1),
        };
        let options = beside & e & side.reach & !structures;
        if options == 0 {
            return 0;
        }
        // the neighbours of an option in the opponent's direction that it would strand:
        // empty, in no structure, the cell beyond them filled or off the board
        let free = e & !structures;
        let (before, after) = match side.player {
            // the opponent (horizontal): left and right neighbours
            Player::Left => {
                let left = (options >> 1) & hr & free & !((e & hr) << 1);
                let right = ((options & hr) << 1) & free & !((e >> 1) & hr);
                (left << 1, right >> 1)
            }
            // the opponent (vertical): the cells above and below
            Player::Right => {
                let up = (options >> w) & free & !(e << w);
                let down = (options << w) & free & !(e >> w);
                (up << w, down >> w)
            }
        };
        let (z, gain) = if options & before & after != 0 {
            (options & before & after, 3)
        } else if options & (before | after) != 0 {
            (options & (before | after), 2)
        } else {
            (options, 1)
        };
        let z = z & z.wrapping_neg();
        let u = self.untouched_odd_runs(e, structures | z, side.player.opposite());
        block_count(p, p / 2, side.placements, side.s - 1, false) + u + gain
    }

    /// [`Geometry::vertical_tops`] or [`Geometry::horizontal_tops`] by the player.
    #[inline]
    fn tops(&self, e: u128, player: Player) -> (u32, u128) {
        match player {
            Player::Left => self.vertical_tops(e),
            Player::Right => self.horizontal_tops(e),
        }
    }

    /// [`Geometry::vertical_matching`] and the top cells of its dominoes.
    #[inline]
    fn vertical_tops(&self, e: u128) -> (u32, u128) {
        // the greedy pairing from the top of each column's run starts a domino at the
        // run's first cell, the third, …, while the cell below is in the run: the cells
        // of the run's rows of the first cell's parity. The runs that start in an even row
        // are filled down their columns (a fill by doubling steps, Kogge–Stone).
        let w = self.w();
        let shl = |x: u128, k: u32| x.checked_shl(k).unwrap_or(0);
        let starts = e & !(e << w);
        let mut fill = starts & self.even_rows;
        let mut open = e;
        // four steps reach 15 rows down (constant shifts once the width is one); taller
        // boards take more
        for k in [1, 2, 4, 8] {
            fill |= open & shl(fill, k * w);
            open &= shl(open, k * w);
        }
        let mut reach = 16;
        while reach < self.h {
            fill |= open & shl(fill, reach * w);
            open &= shl(open, reach * w);
            reach <<= 1;
        }
        let even_start = fill;
        let tops =
            e & (e >> w) & ((even_start & self.even_rows) | (e & !even_start & !self.even_rows));
        (tops.count_ones(), tops)
    }

    /// [`Geometry::horizontal_matching`] and the left cells of its dominoes.
    #[inline]
    fn horizontal_tops(&self, e: u128) -> (u32, u128) {
        // the greedy pairing from the left of each row's run starts a domino at the run's
        // first cell, the third, …, while the next cell is in the run: the cells of the
        // columns of the first cell's parity. Without the last column the runs stay in
        // their rows, and adding a run's first cell carries through the whole run.
        let y = e & self.has_right;
        let starts = y & !(y << 1);
        let even_start = y & (y ^ y.wrapping_add(starts & self.even_cols));
        let lefts =
            y & (e >> 1) & ((even_start & self.even_cols) | (y & !even_start & !self.even_cols));
        (lefts.count_ones(), lefts)
    }

    /// The most disjoint dominoes of `player`'s orientation on the cells `e`.
    #[inline]
    fn matching(&self, e: u128, player: Player) -> u32 {
        match player {
            Player::Left => self.vertical_matching(e),
            Player::Right => self.horizontal_matching(e),
        }
    }

    /// Disjoint *protective areas* of `player` (Bullock 2002): empty 2×2 blocks whose
    /// cells the opponent can cover only by a domino inside the block (the two cells beyond
    /// each end of the block in the opponent's direction are filled or off the board). A
    /// domino of `player` in the block makes the other half of it a safe move; a domino of
    /// the opponent there destroys that block and nothing else. Chosen greedily (any
    /// disjoint set is sound); returns their number and their cells.
    fn protective_areas(&self, e: u128, player: Player) -> (u32, u128) {
        let w = self.w();
        if w < 2 || self.h < 2 {
            return (0, 0);
        }
        let hr = self.has_right;
        // top-left cells of empty 2×2 blocks
        let mut cand = e & (e >> 1) & (e >> w) & (e >> (w + 1)) & hr & (hr >> w);
        cand &= match player {
            // Left (vertical): the opponent's dominoes are horizontal; the cells left of
            // the block's two rows and right of them must be filled or off the board
            Player::Left => {
                let left_empty = (e & hr) << 1;
                let right2_empty = (e >> 2) & hr & (hr >> 1);
                let ok = !left_empty & !right2_empty;
                ok & (ok >> w)
            }
            // Right (horizontal): above the block's two columns and below them
            Player::Right => {
                let above_empty = e << w;
                let below2_empty = e.checked_shr(2 * w).unwrap_or(0);
                let ok = !above_empty & !below2_empty;
                ok & (ok >> 1)
            }
        };
        let mut used = 0u128;
        let mut count = 0;
        while cand != 0 {
            let i = cand.trailing_zeros();
            cand &= cand - 1;
            let cells = (0b11u128 << i) | (0b11u128 << (i + w));
            if cells & used == 0 {
                used |= cells;
                count += 1;
            }
        }
        (count, used)
    }

    /// The board turned upside down.
    #[inline]
    fn flip_rows(&self, e: u128) -> u128 {
        let w = self.w();
        let mut out = 0u128;
        let mut rest = e;
        for _ in 0..self.h {
            out = (out << w) | (rest & self.row0);
            rest >>= w;
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

/// The vulnerable moves a player is sure of when they are sorted into three pools — a
/// refinement of Bullock's (2002) two kinds of vulnerable moves (those the opponent can
/// destroy two at a time and those it cannot).
///
/// Take P's vulnerable placements (disjoint, none safe) and call a *pair* an opponent's
/// placement whose two cells lie in two of them. `t` of them are **lone**: in no pair, so
/// an opponent's move that meets one meets no other. Of the rest, `d` are **dropped**: all
/// those holding the first cell of a pair (or all those holding the second); the other `r`
/// hold at most one cell of each pair, so a pair meets at most one of them and then one of
/// the dropped. Hence each opponent's move destroys one of: nothing, one lone placement, one
/// of `r`, one of `d`, one of `r` and one of `d`, or two of `d` — now and later, as the
/// opponent's placements only disappear and P's own placements are disjoint. P plays one
/// placement of a pool each turn while one is left. This is a game on three counters
/// whose value (the placements P is sure to play, moving first or second) is computed
/// exactly here by its recursion; the real opponent has no more choices than the
/// counters' one, so P is sure of at least as many moves on the board. Playing "any
/// placement" gives at least ⌈x/3⌉ (moving first) and playing only the `t + r` gives at least
/// ⌈(t + r)/2⌉, so the game's value is at least those.
#[derive(Clone, Debug)]
struct Shares {
    /// pools up to `m − 1` each
    m: usize,
    /// `[mover plays, opponent moves]` at `(t · m + r) · m + d`
    value: Vec<[u8; 2]>,
}

impl Shares {
    fn new(m: usize) -> Shares {
        let m = m.max(1);
        let mut value = vec![[0u8; 2]; m * m * m];
        let at = |t: usize, r: usize, d: usize| (t * m + r) * m + d;
        // lexicographic order: every state a state refers to comes before it
        for t in 0..m {
            for r in 0..m {
                for d in 0..m {
                    let i = at(t, r, d);
                    // P moves: one placement from a pool that has one (P also may pass
                    // when all are empty: no more vulnerable moves)
                    let mut p = 0u8;
                    if t > 0 {
                        p = p.max(1 + value[at(t - 1, r, d)][1]);
                    }
                    if r > 0 {
                        p = p.max(1 + value[at(t, r - 1, d)][1]);
                    }
                    if d > 0 {
                        p = p.max(1 + value[at(t, r, d - 1)][1]);
                    }
                    value[i][0] = p;
                    // the opponent moves: destroys one of the sets allowed above (or
                    // nothing), then P moves
                    let mut o = p;
                    let mut after = |t2: usize, r2: usize, d2: usize| {
                        o = o.min(value[at(t2, r2, d2)][0]);
                    };
                    after(t.saturating_sub(1), r, d);
                    after(t, r.saturating_sub(1), d.saturating_sub(1));
                    after(t, r, d.saturating_sub(2));
                    after(t, r.saturating_sub(1), d);
                    after(t, r, d.saturating_sub(1));
                    value[i][1] = o;
                }
            }
        }
        Shares { m, value }
    }

    #[inline]
    fn get(&self, (t, r, d): (u32, u32, u32), k: usize) -> u32 {
        let (t, r, d) = (t as usize, r as usize, d as usize);
        if t >= self.m || r >= self.m || d >= self.m {
            return 0;
        }
        u32::from(self.value[(t * self.m + r) * self.m + d][k])
    }

    /// The placements P is sure to play moving first.
    #[inline]
    fn first(&self, pools: (u32, u32, u32)) -> u32 {
        self.get(pools, 0)
    }

    /// The placements P is sure to play moving second.
    #[inline]
    fn second(&self, pools: (u32, u32, u32)) -> u32 {
        self.get(pools, 1)
    }
}

/// The fewest cells of `cover` among the two cells of any placement whose first cells are
/// `tops` and whose second cells are `d` bits further: 2 when every cell is in `cover`
/// (or there is no placement), 1 when every placement has one, else 0.
#[inline]
fn coverage_floor(tops: u128, d: u32, cover: u128) -> u32 {
    if tops & !cover == 0 && (tops << d) & !cover == 0 {
        2
    } else if tops & !(cover | (cover >> d)) == 0 {
        1
    } else {
        0
    }
}

/// A static order of the placements by where they lie, as Bullock's Obsequi orders equal
/// scores (2002): in the player's own direction a domino is best in the second line from
/// an edge (then every other line), across it at every other position from an edge, and
/// worst along the edge. Only an order: it changes the work, never an answer.
/// `[player][top or left cell]` (Left = vertical).
fn placement_values(w: u32, h: u32) -> [[u8; 128]; 2] {
    let mut out = [[0u8; 128]; 2];
    // `line`: the 1-based line across the player's direction among `lines`; `at`: the
    // 1-based position of the domino's first cell along it among `len` cells (len − 1
    // places)
    let value = |line: u32, lines: u32, at: u32, len: u32| -> u8 {
        let j = line.min(lines + 1 - line);
        let k = at.min(len - at);
        let tier = match (j.is_multiple_of(2), !k.is_multiple_of(2), j >= 3) {
            (true, true, _) => 4,
            (true, false, _) => 3,
            (false, true, true) => 2,
            (false, false, true) => 1,
            _ => 0,
        };
        (tier * 40 + 39u32.saturating_sub(j * 4 + k)) as u8
    };
    for r in 0..h {
        for c in 0..w {
            let i = (r * w + c) as usize;
            if r + 1 < h {
                out[0][i] = value(c + 1, w, r + 1, h);
            }
            if c + 1 < w {
                out[1][i] = value(r + 1, h, c + 1, w);
            }
        }
    }
    out
}

/// How many placements (first cells `tops`, second cells `d` bits further) have both
/// cells in `cover`, and how many exactly one.
#[inline]
fn coverage_counts(tops: u128, d: u32, cover: u128) -> (u32, u32) {
    let second = cover >> d;
    (
        (tops & cover & second).count_ones(),
        (tops & (cover ^ second)).count_ones(),
    )
}

/// [`Geometry::block_cells_guarantee`]'s count, less `U`, when the player claims `c` of
/// `p` blocks and has `x` placements outside them (`n₂` with two cells in the opponent's
/// reach, `n₁` with one) and `s` safe moves: `D` placements are gone before the
/// placements' phase (`2(2c − p)` moving first, `2(2c + 1 − q)` moving second).
fn block_count(p: u32, c: u32, (x, n2, n1): (u32, u32, u32), s: u32, first: bool) -> u32 {
    let d = if first {
        2 * (2 * c - p)
    } else {
        2 * (2 * c + 1 - p)
    };
    let v = x.saturating_sub(d).div_ceil(3);
    let f = n2.saturating_sub(d).div_ceil(3) + (n2 + n1).saturating_sub(d).div_ceil(3);
    let k = 2 * c + v + s;
    if first {
        2 * k + 4 * c + f
    } else {
        2 * (k + 1) + 4 * c + f
    }
}

/// One player's structures for [`Geometry::block_cells_guarantee`].
struct Side {
    player: Player,
    /// the cells of the player's safe moves
    safe: u128,
    /// how many safe moves
    s: u32,
    /// the protective areas: how many, and their cells
    blocks: (u32, u128),
    /// the cells the opponent can cover now (T)
    reach: u128,
    /// the cells of the vulnerable placements outside the safe moves and the blocks
    placed: u128,
    /// how many, and how many have two cells in `reach` and how many one
    placements: (u32, u32, u32),
}

/// The counting rule that decided a node without search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    NoMove,
    SafeWin,
    SafeLoss,
    VulnerableWin,
    VulnerableLoss,
    ProtectiveWin,
    ProtectiveLoss,
    CellWin,
    CellLoss,
    /// The squares-left rules with the placements taken by their cells in reach.
    CellOrderWin,
    /// The same, moving second.
    CellOrderLoss,
    /// Protective areas with the squares left, and the opponent's untouched odd lines.
    BlockCellWin,
    /// The same, moving second.
    BlockCellLoss,
    /// The squares-left rule with the pools' share, the placements' cells counted by their
    /// shortfall, and the opponent's untouched odd lines.
    LineCellWin,
    /// The same, moving second.
    LineCellLoss,
    /// The joint count after the mover's first move takes a safe option.
    OptionWin,
}

/// The moves a player moving first is sure of from `p` protective areas and `x` further
/// disjoint vulnerable placements (none of them safe). While a block is left the player
/// claims one (two moves: this one and the safe half it leaves), then plays vulnerable
/// placements; each opponent reply destroys one block or at most two placements. Of the
/// ways the replies can be spent, destroying a block a turn is the worst for the player
/// (each such reply costs two moves, as does destroying two placements, and it keeps the
/// player on the slower placements sooner): p even gives p + ⌈x/3⌉, p odd p + 1 + ⌊x/3⌋.
fn first_player_share(p: u32, x: u32) -> u32 {
    if p.is_multiple_of(2) {
        p + x.div_ceil(3)
    } else {
        p + 1 + x / 3
    }
}

/// The moves a player moving second is sure of from `q` protective areas and `y`
/// vulnerable placements: the opponent's moves destroy (one block, or two placements, a
/// move) and the player claims a block or plays a placement after each. The least over
/// how the phase of blocks ends: q even gives q + ⌊y/3⌋; q odd the less of
/// q + 1 + ⌊(y − 2)/3⌋ (the player claims the last block, one opponent move went to the
/// placements) and q − 1 + ⌈y/3⌉ (the opponent destroys the last block).
fn second_player_share(q: u32, y: u32) -> u32 {
    if q.is_multiple_of(2) {
        q + y / 3
    } else {
        (q + 1 + y.saturating_sub(2) / 3).min(q - 1 + y.div_ceil(3))
    }
}

pub use super::FirstPlayerResult;

/// Who wins a Domineering board (Left = vertical), and what it took.
pub type DomineeringOutcome = super::FastOutcome;

/// How often each rule of the search answered a node (since the solver was made).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchStats {
    /// The player to move had no move.
    pub no_move: u64,
    /// Safe moves beat the opponent's room: the player to move wins.
    pub safe_win: u64,
    /// The opponent's safe moves cover the mover's room: the player to move loses.
    pub safe_loss: u64,
    /// Safe and vulnerable moves beat the opponent's room: the player to move wins.
    pub vulnerable_win: u64,
    /// The opponent's safe and vulnerable moves cover the mover's room: the mover loses.
    pub vulnerable_loss: u64,
    /// Protective areas, safe and vulnerable moves beat the opponent's room: the player to
    /// move wins.
    pub protective_win: u64,
    /// The opponent's protective areas, safe and vulnerable moves cover the mover's room.
    pub protective_loss: u64,
    /// Vulnerable and safe moves beat the squares left to the opponent: the mover wins.
    pub cell_win: u64,
    /// The opponent's vulnerable and safe moves beat the squares left to the mover.
    pub cell_loss: u64,
    /// Answers found in the transposition table (under any symmetry).
    pub table_hits: u64,
    /// Enhanced transposition cut-offs: a child found lost for the opponent in the table.
    pub etc_cutoffs: u64,
    /// Moves skipped because the table knew them losing (the child won for the opponent).
    pub etc_skips: u64,
    /// Nodes won at once because a counting rule found a child lost for the opponent
    /// (every child is checked before any is searched).
    pub static_cutoffs: u64,
    /// Moves skipped because a counting rule gave the child to the opponent.
    pub static_skips: u64,
}

/// The fast Domineering outcome solver (see the [module documentation](self)). The table
/// is kept between solves of boards of one size.
pub struct DomineeringSolver {
    table: Table,
    geometry: Option<std::sync::Arc<Geometry>>,
    /// history heuristic: [player][cell]
    history: [[u32; 128]; 2],
    /// a static value of each placement by where it lies: [player][top or left cell]
    placement_value: [[u8; 128]; 2],
    nodes: u64,
    stats: SearchStats,
    /// the empty cells after the winning move found at the root of the last search
    root_win: Option<u128>,
    poll: Poll,
    threads: usize,
}

/// One search thread's state: the shared table, its own move-ordering history and counts.
struct Search<'a> {
    table: &'a Table,
    history: [[u32; 128]; 2],
    placement_value: [[u8; 128]; 2],
    nodes: u64,
    stats: SearchStats,
    root_win: Option<u128>,
    /// the main thread's progress reports and stop polls (helpers have none)
    poll: Option<&'a mut Poll>,
    /// helpers: their polls
    helper: HelperPoll,
    halted: bool,
    shared: Option<&'a Abdada>,
}

impl DomineeringSolver {
    /// A solver with a table of the given size (allocated now: 32 bytes an entry), searching
    /// on one thread.
    pub fn new(size: TableSize) -> Self {
        DomineeringSolver {
            table: Table::new(size.entries()),
            geometry: None,
            history: [[0; 128]; 2],
            placement_value: [[0; 128]; 2],
            nodes: 0,
            stats: SearchStats::default(),
            root_win: None,
            poll: Poll::new(POLL_EVERY),
            threads: 1,
        }
    }

    /// Searches on `threads` threads (at least 1) sharing the table. With more than one
    /// the answers are the same and the node counts vary from run to run. Not on targets
    /// without threads (WebAssembly), where it must stay 1.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Calls `hook` with the progress every 65,536 nodes (on the searching thread).
    pub fn on_progress(mut self, hook: impl FnMut(&SearchProgress) + 'static) -> Self {
        self.poll.set_hook(Box::new(hook));
        self
    }

    /// Nodes searched since the solver was made (by all its threads).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// How often each rule answered a node since the solver was made.
    pub fn stats(&self) -> SearchStats {
        self.stats
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
        self.root_win = None;
        let Some(g) = self.geometry.clone() else {
            return Ok(false);
        };
        // the search compiled for the board's width, so that its shifts are constants
        macro_rules! by_width {
            ($($w:literal)*) => {
                match g.w {
                    $($w => self.run(&g.with_width::<$w>(), e, player, stop),)*
                    _ => self.run(&*g, e, player, stop),
                }
            };
        }
        by_width!(2 3 4 5 6 7 8 9 10 11 12).ok_or(GameError::Stopped)
    }

    /// The search from the root on the solver's threads: whether `player` wins, or `None`
    /// when stopped.
    fn run<const W: u32>(
        &mut self,
        g: &Geometry<W>,
        e: u128,
        player: Player,
        stop: &StopFlag,
    ) -> Option<bool> {
        let shared = (self.threads > 1).then(|| Abdada::new(g.n / 3));
        let (table, history, placement_value) = (&self.table, self.history, self.placement_value);
        let new = |shared| Search::new(table, history, placement_value, shared);
        let mut main = Search {
            nodes: self.nodes,
            stats: self.stats,
            poll: Some(&mut self.poll),
            ..new(shared.as_ref())
        };
        let Some(shared) = shared.as_ref() else {
            let wins = main.wins(g, e, player, 0, stop);
            let (halted, nodes, stats, history, root_win) = (
                main.halted,
                main.nodes,
                main.stats,
                main.history,
                main.root_win,
            );
            (self.nodes, self.stats, self.history, self.root_win) =
                (nodes, stats, history, root_win);
            return (!halted).then_some(wins);
        };
        let (answer, helpers) = with_helpers(
            self.threads,
            shared,
            || {
                let wins = main.wins(g, e, player, 0, stop);
                (!main.halted).then_some((wins, main.root_win))
            },
            || {
                let mut h = new(Some(shared));
                let wins = h.wins(g, e, player, 0, stop);
                shared.ended(h.halted);
                ((!h.halted).then_some((wins, h.root_win)), h.nodes, h.stats)
            },
        );
        let history = main.history;
        let (answer, nodes, stats) = merge((answer, main.nodes, main.stats), helpers);
        (self.nodes, self.stats, self.history) = (nodes, stats, history);
        let (wins, root_win) = answer?;
        self.root_win = root_win;
        Some(wins)
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
        let mut left_hint: Option<Option<u128>> = None;
        for player in [Player::Left, Player::Right] {
            let before = self.nodes;
            let wins = self.wins_moving_first(board, player, stop)?;
            let nodes = self.nodes - before;
            let mut hint = self.root_win.take();
            if let (Some(g), Player::Right, Some(Some(left))) =
                (self.geometry.clone(), player, left_hint)
            {
                // a board that is its own transpose: Right's winning move is the transpose
                // of Left's (the table answered Right's question from Left's)
                let e = board.empty_cells();
                if g.square && g.transpose(e) == e && hint.is_none() {
                    hint = Some(g.transpose(left));
                }
            }
            if player == Player::Left {
                left_hint = Some(hint);
            }
            firsts.push(FirstPlayerResult { wins, nodes });
            moves.push(if wins {
                self.winning_move(board, player, hint, stop)?
            } else {
                None
            });
        }
        Ok(DomineeringOutcome::new(firsts, moves))
    }

    /// A winning move of `player` moving first (the cells it covers, as `board`'s move
    /// labels name them), or `None` when they lose.
    fn winning_move(
        &mut self,
        board: &Domineering,
        player: Player,
        hint: Option<u128>,
        stop: &StopFlag,
    ) -> Result<Option<String>, GameError> {
        use crate::games::PartizanGame;
        // the search itself names the winning move unless the table answered at the root
        // (a position solved before, or its transpose on a square board)
        if let Some(child) = hint {
            if let Some(after) = board
                .options(player)
                .into_iter()
                .find(|a| a.empty_cells() == child)
            {
                return Ok(Some(board.move_label(player, &after)));
            }
        }
        for after in board.options(player) {
            if !self.wins_moving_first(&after, player.opposite(), stop)? {
                return Ok(Some(board.move_label(player, &after)));
            }
        }
        Ok(None)
    }

    /// A checkpoint of a long solve: the board's size and every answer in the table, as
    /// bytes (`onag-dt1`, width, height, then 20 bytes an entry: the key and the answer, little
    /// endian). The table holds only exact answers (won or lost, never a bound), so a search
    /// restarted with it loaded redoes none of the work whose answers it kept.
    pub fn checkpoint(&self) -> Vec<u8> {
        let Some(g) = self.geometry.as_deref() else {
            return Vec::new();
        };
        let mut out = Vec::with_capacity(16 + self.table.buckets() * 20);
        checkpoint_header(&mut out, CHECKPOINT_MAGIC, (g.w, g.h));
        for (key, data) in self.table.entries() {
            out.extend_from_slice(&key.to_le_bytes());
            out.extend_from_slice(&data.to_le_bytes());
        }
        out
    }

    /// Loads a [`DomineeringSolver::checkpoint`] taken on a board of `board`'s size into
    /// the table (entries that do not fit the table's size are dropped, as the table drops
    /// entries in a search); returns the number of entries read.
    ///
    /// Errors: [`GameError::Undefined`] when the bytes are not a checkpoint of this board size.
    pub fn restore(&mut self, board: &Domineering, bytes: &[u8]) -> Result<usize, GameError> {
        self.prepare(board);
        let g = self
            .geometry
            .clone()
            .ok_or(GameError::Undefined("no board".into()))?;
        let entries = checkpoint_entries(bytes, CHECKPOINT_MAGIC, (g.w, g.h), "Domineering")?;
        let bad = |why: &str| GameError::Undefined(format!("not a Domineering checkpoint: {why}"));
        let mut count = 0;
        for chunk in entries {
            let mut k = [0u8; 16];
            k.copy_from_slice(&chunk[..16]);
            let key = u128::from_le_bytes(k);
            let data = u32::from_le_bytes([chunk[16], chunk[17], chunk[18], chunk[19]]);
            if data & 1 == 0 {
                return Err(bad("an empty entry"));
            }
            let player = if data & 2 != 0 {
                Player::Right
            } else {
                Player::Left
            };
            let work = work_from_data(data);
            store(&self.table, key, player, data & 4 != 0, work);
            count += 1;
        }
        Ok(count)
    }

    /// Sets the geometry for `board`; a new size clears the table and the history.
    fn prepare(&mut self, board: &Domineering) {
        let g = board.grid();
        let (w, h) = (g.width() as u32, g.height() as u32);
        let same = self.geometry.as_ref().is_some_and(|x| x.w == w && x.h == h);
        if !same {
            self.geometry = Some(std::sync::Arc::new(Geometry::new(w, h)));
            self.table.clear();
            self.history = [[0; 128]; 2];
            self.placement_value = placement_values(w, h);
        }
    }
}

impl SearchStats {
    /// Counts a node answered by a counting rule.
    fn count(&mut self, rule: Rule) {
        let counter = match rule {
            Rule::NoMove => &mut self.no_move,
            Rule::SafeWin => &mut self.safe_win,
            Rule::SafeLoss => &mut self.safe_loss,
            Rule::VulnerableWin => &mut self.vulnerable_win,
            Rule::VulnerableLoss => &mut self.vulnerable_loss,
            Rule::ProtectiveWin => &mut self.protective_win,
            Rule::ProtectiveLoss => &mut self.protective_loss,
            Rule::CellWin
            | Rule::CellOrderWin
            | Rule::BlockCellWin
            | Rule::LineCellWin
            | Rule::OptionWin => &mut self.cell_win,
            Rule::CellLoss | Rule::CellOrderLoss | Rule::BlockCellLoss | Rule::LineCellLoss => {
                &mut self.cell_loss
            }
        };
        *counter += 1;
    }
}

impl Counts for SearchStats {
    fn add(&mut self, o: &SearchStats) {
        self.no_move += o.no_move;
        self.safe_win += o.safe_win;
        self.safe_loss += o.safe_loss;
        self.vulnerable_win += o.vulnerable_win;
        self.vulnerable_loss += o.vulnerable_loss;
        self.protective_win += o.protective_win;
        self.protective_loss += o.protective_loss;
        self.cell_win += o.cell_win;
        self.cell_loss += o.cell_loss;
        self.table_hits += o.table_hits;
        self.etc_cutoffs += o.etc_cutoffs;
        self.etc_skips += o.etc_skips;
        self.static_cutoffs += o.static_cutoffs;
        self.static_skips += o.static_skips;
    }
}

impl<'a> Search<'a> {
    /// A thread's search state from the solver's.
    fn new(
        table: &'a Table,
        history: [[u32; 128]; 2],
        placement_value: [[u8; 128]; 2],
        shared: Option<&'a Abdada>,
    ) -> Search<'a> {
        Search {
            table,
            history,
            placement_value,
            nodes: 0,
            stats: SearchStats::default(),
            root_win: None,
            poll: None,
            helper: HelperPoll::default(),
            halted: false,
            shared,
        }
    }

    /// Counts a node; at each poll reports the progress (the main thread) and looks at the
    /// stop flag and whether another thread has finished.
    #[inline]
    fn node(&mut self, depth: u32, stop: &StopFlag) {
        self.nodes += 1;
        let shared = self.shared;
        match self.poll.as_deref_mut() {
            Some(p) => {
                if let Some(stopped) = p.node(all_nodes(self.nodes, shared), depth, stop) {
                    self.halted |= stopped || shared.is_some_and(Abdada::is_done);
                }
            }
            None => self.halted |= self.helper.halt(self.nodes, shared, stop),
        }
    }

    /// Whether `player`, to move on the empty cells `e`, wins.
    fn wins<const W: u32>(
        &mut self,
        g: &Geometry<W>,
        e: u128,
        player: Player,
        depth: u32,
        stop: &StopFlag,
    ) -> bool {
        self.node(depth, stop);
        if self.halted {
            return false;
        }
        // the counting rules: below the root the parent has applied them to this position
        // already (every child is checked before any is searched, and only undecided ones are
        // searched)
        if depth == 0 {
            if let Some((wins, rule)) = g.static_answer(e, player) {
                self.stats.count(rule);
                return wins;
            }
        }
        let vp = g.vertical(e);
        let hp = g.horizontal(e);
        let (mine, step) = match player {
            Player::Left => (vp, g.w()),
            Player::Right => (hp, 1),
        };
        let v_cov = vp | (vp << g.w());
        let h_cov = hp | (hp << 1);
        // dead cells removed, least image
        let (key, key_player) = g.key(e & (v_cov | h_cov), player);
        let table = self.table;
        if let Some(w) = table.probe_at(slot(table, key), key, tag(key_player)) {
            self.stats.table_hits += 1;
            return w;
        }
        // below the root, the costliest rules, which the parent left out
        if depth > 0 {
            if let Ok((wins, rule)) = g.static_answer_or_counts(e, player, true) {
                self.stats.count(rule);
                store(table, key, key_player, wins, 1);
                return wins;
            }
        }
        let start = self.nodes;
        let opponent = player.opposite();
        let their_cov = match player {
            Player::Left => h_cov,
            Player::Right => v_cov,
        };
        let my_index = usize::from(player == Player::Right);

        // the moves, scored: (score, top/left cell, index of the child's key), with each
        // child's table key and slot
        let mut moves = [(0i64, 0u8, 0u8); 128];
        let mut keys = [(0u128, Player::Left, 0usize); 128];
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
            // a child the counting rules decide is answered before any child is searched
            // (each such answer counts as the node it replaces): one lost for the opponent
            // wins now, even if the order puts other moves first; one won for the opponent is
            // a losing move, not tried
            let [uv, sv, uh, sh] = match g.static_answer_or_counts(c, opponent, false) {
                Ok((opponent_wins, rule)) => {
                    self.nodes += 1;
                    self.stats.count(rule);
                    if !opponent_wins {
                        self.stats.static_cutoffs += 1;
                        if depth == 0 {
                            self.root_win = Some(c);
                        }
                        store(table, key, key_player, true, self.nodes - start + 1);
                        return true;
                    }
                    self.stats.static_skips += 1;
                    continue;
                }
                // the matchings the rules counted score the move below
                Err(counts) => counts,
            };
            let (cv, ch) = (g.vertical(c), g.horizontal(c));
            let (cvc, chc) = (cv | (cv << g.w()), ch | (ch << 1));
            let (um, sm, ut, st) = match player {
                Player::Left => (uv, sv, uh, sh),
                Player::Right => (uh, sh, uv, sv),
            };
            let (sm, um, ut, st) = (i64::from(sm), i64::from(um), i64::from(ut), i64::from(st));
            // Bullock's (2002) move score: the mover's room and safe moves less the
            // opponent's, after the move; the mover's own safe moves last
            let margin = (sm + um) - (ut + st) - 8 * safe;
            let (ck, cp) = g.key(c & (cvc | chc), opponent);
            keys[count] = (ck, cp, slot(table, ck));
            let score = (margin << 40)
                + (i64::from(self.placement_value[my_index][a as usize]) << 32)
                + i64::from(self.history[my_index][a as usize]);
            moves[count] = (score, a as u8, count as u8);
            count += 1;
        }
        // enhanced transposition cut-off (Plaat, Schaeffer, Pijls and de Bruin, *Nearly
        // optimal minimax tree search?*, 1994): a child the table already knows lost for the
        // opponent wins now, without searching the moves ordered before it; a child it knows
        // won for the opponent is a losing move, not tried at all. The probes come after all
        // the keys, so that their memory reads (each a likely cache miss) overlap.
        let mut kept = 0;
        for i in 0..count {
            let (ck, cp, slot) = keys[i];
            match table.probe_at(slot, ck, tag(cp)) {
                Some(false) => {
                    self.stats.etc_cutoffs += 1;
                    if depth == 0 {
                        let a = moves[i].1;
                        self.root_win =
                            Some(e & !((1u128 << a) | (1u128 << (u32::from(a) + step))));
                    }
                    store(table, key, key_player, true, self.nodes - start + 1);
                    return true;
                }
                Some(true) => self.stats.etc_skips += 1,
                None => {
                    moves[kept] = moves[i];
                    kept += 1;
                }
            }
        }
        let count = kept;
        let moves = &mut moves[..count];
        moves.sort_unstable_by_key(|x| std::cmp::Reverse(x.0));

        // with other threads: near the root this node is marked busy while searched, and
        // its later moves that another thread is searching are put off (ABDADA, see `Abdada`)
        let shared = self.shared.filter(|s| depth < s.depth);
        let share_children = shared.is_some_and(|s| depth + 1 < s.depth);
        if let Some(s) = shared {
            s.set_busy(key, tag(key_player), true);
        }
        let mut wins = false;
        let mut put_off = 0u128;
        'passes: for pass in 0..2 {
            for (i, &(_, a, k)) in moves.iter().enumerate() {
                if pass == 1 && put_off >> i & 1 == 0 {
                    continue;
                }
                if pass == 0 && i > 0 && share_children {
                    let (ck, cp, _) = keys[usize::from(k)];
                    if shared.is_some_and(|s| s.is_busy(ck, tag(cp))) {
                        put_off |= 1 << i;
                        continue;
                    }
                }
                let child = e & !((1u128 << a) | (1u128 << (u32::from(a) + step)));
                let lost = !self.wins(g, child, opponent, depth + 1, stop);
                if self.halted {
                    if let Some(s) = shared {
                        s.set_busy(key, tag(key_player), false);
                    }
                    return false;
                }
                if lost {
                    if depth == 0 {
                        self.root_win = Some(child);
                    }
                    let bonus = (g.n / 2).saturating_sub(depth).pow(2);
                    let hst = &mut self.history[my_index][a as usize];
                    *hst = hst.saturating_add(bonus);
                    wins = true;
                    break 'passes;
                }
                // another thread may have answered this node meanwhile
                if shared.is_some() {
                    if let Some(w) = table.probe_at(slot(table, key), key, tag(key_player)) {
                        if let Some(s) = shared {
                            s.set_busy(key, tag(key_player), false);
                        }
                        return w;
                    }
                }
            }
            if put_off == 0 {
                break;
            }
        }
        if let Some(s) = shared {
            s.set_busy(key, tag(key_player), false);
        }
        store(table, key, key_player, wins, self.nodes - start + 1);
        wins
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::outcome::{OutcomeLimits, OutcomeSolver};
    use crate::games::PartizanSolver;
    use crate::partizan::Outcome;

    /// Whether `player` wins moving first in a game of outcome `o`.
    fn first_wins(o: Outcome, player: Player) -> bool {
        o.first_player_wins(player)
    }

    fn canonical_outcome(b: &Domineering) -> Outcome {
        let mut s = PartizanSolver::new();
        let g = s.canonical(b, &StopFlag::new()).unwrap();
        s.arena_mut().outcome(g)
    }

    #[test]
    fn pool_shares_bound_the_simple_strategies() {
        // the pools' game is at least each simple strategy (any placement: ⌈x/3⌉ first,
        // ⌊x/3⌋ second; only the t + r: ⌈(t + r)/2⌉, ⌊(t + r)/2⌋), and exact on one pool
        let s = Shares::new(13);
        for t in 0..13u32 {
            for r in 0..13u32 {
                for d in 0..13u32 {
                    let (x, y) = (t + r + d, t + r);
                    let (first, second) = (s.first((t, r, d)), s.second((t, r, d)));
                    assert!(first >= x.div_ceil(3).max(y.div_ceil(2)), "{t} {r} {d}");
                    assert!(second >= (x / 3).max(y / 2), "{t} {r} {d}");
                    assert!(second <= first && first <= x);
                }
            }
            assert_eq!(s.first((t, 0, 0)), t.div_ceil(2));
            assert_eq!(s.second((t, 0, 0)), t / 2);
            assert_eq!(s.first((0, 0, t)), t.div_ceil(3));
            assert_eq!(s.second((0, 0, t)), t / 3);
        }
        // mixed pools beat both simple strategies: three lone and three dropped (the simple
        // bounds: ⌈6/3⌉ = 2 first, ⌊6/3⌋ = 2 second) and two lone, three dropped (2 and 1)
        assert_eq!((s.first((3, 0, 3)), s.second((3, 0, 3))), (3, 2));
        assert_eq!((s.first((2, 0, 3)), s.second((2, 0, 3))), (2, 2));
        assert_eq!((s.first((1, 0, 2)), s.second((1, 0, 2))), (2, 1));
        // out of the table: nothing claimed
        assert_eq!(s.first((13, 0, 0)), 0);
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
                // each winning move named leaves the opponent a loss moving first (on square
                // boards Right's is the transpose of Left's)
                for (player, m) in [(Player::Left, &r.left_move), (Player::Right, &r.right_move)] {
                    use crate::games::PartizanGame;
                    if let Some(label) = m {
                        let after = b
                            .options(player)
                            .into_iter()
                            .find(|a| &b.move_label(player, a) == label)
                            .expect("the move is one of the board's");
                        assert!(
                            !first_wins(canonical_outcome(&after), player.opposite()),
                            "{rows}×{cols}: {label}"
                        );
                    }
                }
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
                if let Some(label) = m {
                    use crate::games::PartizanGame;
                    let after = b
                        .options(player)
                        .into_iter()
                        .find(|a| &b.move_label(player, a) == label)
                        .expect("the move is one of the board's");
                    assert!(
                        !first_wins(canonical_outcome(&after), player.opposite()),
                        "{b}: {label}"
                    );
                }
            }
        }
    }

    /// Random boards of at most `max_rows` × `max_cols` with about a `holes_in` share of
    /// the cells filled (a fixed sequence: reproducible).
    fn random_boards(count: usize, max_rows: u64, max_cols: u64, seed: u64) -> Vec<Domineering> {
        let mut x = seed;
        let mut next = move || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            x >> 33
        };
        (0..count)
            .map(|_| {
                let (rows, cols) = (
                    1 + (next() % max_rows) as usize,
                    1 + (next() % max_cols) as usize,
                );
                let mut grid = *Domineering::empty(rows, cols).unwrap().grid();
                let holes = 2 + next() % 5; // one cell in 2..6 filled
                for r in 0..rows {
                    for c in 0..cols {
                        if next() % holes == 0 {
                            grid.set(0, r, c, false);
                        }
                    }
                }
                Domineering::from_grid(grid)
            })
            .collect()
    }

    #[test]
    fn each_counting_rule_agrees_with_canonical_forms_where_it_fires() {
        counting_rules_against_canonical_forms(2000, 6, 6, 0x9E37_79B9_7F4A_7C15);
    }

    /// The same on 12,000 boards up to 6×7 (about a minute in a release build): each of
    /// the rules fires tens to thousands of times.
    #[test]
    #[ignore = "a larger sample: cargo test --release -p onag --lib ci_counting -- --ignored"]
    fn ci_counting_rules_on_a_larger_sample() {
        counting_rules_against_canonical_forms(12000, 6, 7, 0x9E37_79B9_7F4A_7C17);
    }

    fn counting_rules_against_canonical_forms(count: usize, rows: u64, cols: u64, seed: u64) {
        // every position met on random playouts of random boards where a counting rule
        // decides, checked against the canonical form (which knows nothing of the rules);
        // each rule must fire often enough to be tested
        use crate::games::PartizanGame;
        let mut values = PartizanSolver::new();
        let mut fired = [0usize; 16];
        let mut x: u64 = 0xD1B5_4A32_D192_ED03;
        for b in random_boards(count, rows, cols, seed) {
            if b.empty_cells().count_ones() > 22 {
                continue;
            }
            let (w, h) = (b.grid().width() as u32, b.grid().height() as u32);
            let g = Geometry::new(w, h);
            let mut pos = b;
            loop {
                let v = values.canonical(&pos, &StopFlag::new()).unwrap();
                let o = values.arena_mut().outcome(v);
                for player in [Player::Left, Player::Right] {
                    if let Some((wins, rule)) = g.static_answer(pos.empty_cells(), player) {
                        assert_eq!(wins, first_wins(o, player), "{pos}: {player:?} {rule:?}");
                        fired[rule as usize] += 1;
                    }
                }
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let player = if (x >> 40).is_multiple_of(2) {
                    Player::Left
                } else {
                    Player::Right
                };
                let options = pos.options(player);
                if options.is_empty() {
                    break;
                }
                pos = options[(x >> 20) as usize % options.len()];
            }
        }
        assert!(fired.iter().all(|&n| n >= 1), "rules fired {fired:?}");
    }

    #[test]
    fn claiming_fewest_blocks_gives_the_least_block_count() {
        // the rule takes the least number of claims the opponent can force; every other
        // number the play can end with must give at least as large a count
        for p in 0..9u32 {
            for x in 0..14u32 {
                for n2 in 0..=x {
                    for n1 in 0..=x - n2 {
                        for first in [true, false] {
                            let least = if first { p.div_ceil(2) } else { p / 2 };
                            let at_least = block_count(p, least, (x, n2, n1), 1, first);
                            for c in least..=p {
                                let count = block_count(p, c, (x, n2, n1), 1, first);
                                assert!(count >= at_least, "p {p} c {c} x {x} {n2} {n1} {first}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn transposes_share_table_keys_with_the_players_swapped() {
        let g = Geometry::new(4, 4);
        for b in random_boards(200, 4, 4, 7) {
            if b.grid().width() != 4 || b.grid().height() != 4 {
                continue;
            }
            let e = b.empty_cells();
            let t = g.transpose(e);
            assert_eq!(g.transpose(t), e);
            let (k, p) = g.key(e, Player::Left);
            let (kt, pt) = g.key(t, Player::Right);
            assert_eq!((k, p), (kt, pt));
            assert_eq!(g.key(g.flip_rows(e), Player::Left), (k, p));
            // and the outcome agrees: Left first on e is Right first on the transpose
            let o = canonical_outcome(&b);
            let mut tg = *b.grid();
            for r in 0..4 {
                for c in 0..4 {
                    tg.set(0, c, r, b.grid().get(0, r, c));
                }
            }
            let tb = Domineering::from_grid(tg);
            assert_eq!(tb.empty_cells(), t);
            assert_eq!(
                first_wins(o, Player::Left),
                first_wins(canonical_outcome(&tb), Player::Right)
            );
        }
    }

    #[test]
    fn larger_random_shapes_match_canonical_forms() {
        // boards up to 6×6 with holes: the table's symmetries (the transpose on squares) and
        // the enhanced transposition cut-offs at work, against the canonical forms
        let mut fast = DomineeringSolver::new(TableSize::Bits(16));
        for b in random_boards(120, 6, 6, 0x1234_5678) {
            if b.empty_cells().count_ones() > 22 {
                continue;
            }
            let r = fast.solve(&b, &StopFlag::new()).unwrap();
            assert_eq!(r.outcome, canonical_outcome(&b), "{b}");
        }
        let st = fast.stats();
        // (the counting rules on the children answer first, so the table's cut-offs are
        // rarer than its skips on these small boards)
        assert!(
            st.etc_cutoffs + st.static_cutoffs > 0
                && st.static_cutoffs > 0
                && st.static_skips > 0
                && st.etc_skips > 0
                && st.table_hits > 0,
            "{st:?}"
        );
    }

    #[test]
    fn a_stopped_solve_resumes_from_its_checkpoint() {
        // 6×8 (about 500,000 nodes, enough to pass a progress report): a win for Right
        // (Horizontal) whoever starts (Breuker, Uiterwijk and van den Herik 2000)
        let b = Domineering::empty(6, 8).unwrap();
        let mut fresh = DomineeringSolver::new(TableSize::Bits(18));
        let full = fresh.solve(&b, &StopFlag::new()).unwrap();
        let total = full.left_first.nodes + full.right_first.nodes;
        // stop the first run halfway through, by its own progress reports
        let stop = StopFlag::new();
        let s2 = stop.clone();
        let mut first = DomineeringSolver::new(TableSize::Bits(18)).on_progress(move |p| {
            if p.nodes >= 1 << 16 {
                s2.stop();
            }
        });
        assert_eq!(first.solve(&b, &stop), Err(GameError::Stopped));
        let bytes = first.checkpoint();
        let mut resumed = DomineeringSolver::new(TableSize::Bits(18));
        assert!(resumed.restore(&b, &bytes).unwrap() > 0);
        let r = resumed.solve(&b, &StopFlag::new()).unwrap();
        assert_eq!(r.outcome, full.outcome);
        assert_eq!(r.outcome, Outcome::R);
        assert!(r.left_first.nodes + r.right_first.nodes <= total);
        // a checkpoint of another size, or not one at all, is refused
        let other = Domineering::empty(6, 5).unwrap();
        assert!(DomineeringSolver::new(TableSize::Bits(8))
            .restore(&other, &bytes)
            .is_err());
        assert!(DomineeringSolver::new(TableSize::Bits(8))
            .restore(&b, b"junk")
            .is_err());
    }

    #[test]
    fn threads_give_the_answers_of_one_thread() {
        use crate::games::outcome::tests::check_winning_moves;
        // boards with holes large enough that the threads meet in the search (thousands of
        // nodes), and full rectangles; small tables, so that entries are replaced under
        // contention
        let mut boards = random_boards(40, 6, 7, 0x7EAD_5EED);
        for (r, c) in [(6, 6), (5, 7), (7, 5), (6, 7), (7, 6), (4, 9)] {
            boards.push(Domineering::empty(r, c).unwrap());
        }
        let mut one = DomineeringSolver::new(TableSize::Bits(16));
        let mut two = DomineeringSolver::new(TableSize::Bits(12)).with_threads(2);
        let mut three = DomineeringSolver::new(TableSize::Bits(10)).with_threads(3);
        for b in &boards {
            let expected = one.solve(b, &StopFlag::new()).unwrap().outcome;
            if b.empty_cells().count_ones() <= 16 {
                assert_eq!(expected, canonical_outcome(b), "{b}");
            }
            for solver in [&mut two, &mut three] {
                let r = solver.solve(b, &StopFlag::new()).unwrap();
                assert_eq!(r.outcome, expected, "{b}");
                check_winning_moves(b, &r, expected, |after, p| {
                    one.wins_moving_first(after, p, &StopFlag::new()) == Ok(false)
                });
            }
        }
    }

    #[test]
    fn threads_stop_and_their_checkpoint_resumes() {
        // 6×8: R whoever starts (Breuker, Uiterwijk and van den Herik 2000); about 500,000
        // nodes, so a progress report comes before the end
        let b = Domineering::empty(6, 8).unwrap();
        let stop = StopFlag::new();
        let s2 = stop.clone();
        let mut first = DomineeringSolver::new(TableSize::Bits(18))
            .with_threads(2)
            .on_progress(move |p| {
                if p.nodes >= 1 << 16 {
                    s2.stop();
                }
            });
        assert_eq!(first.solve(&b, &stop), Err(GameError::Stopped));
        let bytes = first.checkpoint();
        let mut resumed = DomineeringSolver::new(TableSize::Bits(18)).with_threads(2);
        assert!(resumed.restore(&b, &bytes).unwrap() > 0);
        assert_eq!(
            resumed.solve(&b, &StopFlag::new()).unwrap().outcome,
            Outcome::R
        );
        // a flag raised before the start stops every thread at once
        let raised = StopFlag::new();
        raised.stop();
        assert_eq!(
            resumed.wins_moving_first(&Domineering::empty(8, 8).unwrap(), Player::Left, &raised),
            Err(GameError::Stopped)
        );
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
        // a placement's cells the opponent can cover: both, one, none
        assert_eq!(coverage_floor(0b001, 1, 0b011), 2);
        assert_eq!(coverage_floor(0b001, 1, 0b010), 1);
        assert_eq!(coverage_floor(0b001, 1, 0b100), 0);
        assert_eq!(coverage_floor(0, 1, 0), 2);
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
    use crate::partizan::Outcome;

    use crate::games::outcome::tests::{outcome_letter as outcome, results_boards, results_column};

    fn read() -> Vec<(usize, usize, Outcome)> {
        // every rectangle up to 10×10 of at most 63 cells, 7×10 and 10×7, and 8×8
        ["outcomes.json", "larger.json", "8x8.json"]
            .iter()
            .flat_map(|name| results_boards(&format!("domineering/{name}")))
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
            let Some(&(_, _, o)) = results.iter().find(|r| r.0 == m && r.1 == n) else {
                continue;
            };
            // VL / VR: only who wins with Vertical (Left) moving first is published
            let left_first_wins = matches!(o, Outcome::L | Outcome::N);
            match f[2] {
                "VL" => assert!(left_first_wins, "{m}×{n}: {}", f[3]),
                "VR" => assert!(!left_first_wins, "{m}×{n}: {}", f[3]),
                published => assert_eq!(o, outcome(published), "{m}×{n}: {}", f[3]),
            }
        }
    }

    /// `results/domineering/extrapolation.json` (written by
    /// `scripts/domineering_extrapolation.py`) is the least-squares line of log10(nodes)
    /// against the cells over the solved rectangles with both sides at least 6, recomputed
    /// here from the results files, and its predictions are the line's.
    #[test]
    fn extrapolation_is_the_fit_of_the_results() {
        use crate::games::outcome::tests::results_file_boards;
        let full = format!(
            "{}/../../results/domineering/extrapolation.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let file: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(full).unwrap()).unwrap();
        let mut points: Vec<(u64, u64, f64)> = ["outcomes.json", "8x8.json"]
            .iter()
            .flat_map(|name| results_file_boards(&format!("domineering/{name}")))
            .filter_map(|b| {
                let (r, c) = (b["rows"].as_u64()?, b["cols"].as_u64()?);
                let nodes = b["nodes_left_first"].as_u64()? + b["nodes_right_first"].as_u64()?;
                (r.min(c) >= 6).then_some((r, c, nodes as f64))
            })
            .collect();
        points.sort_by_key(|p| (p.0, p.1));
        points.dedup_by(|a, b| (a.0, a.1) == (b.0, b.1));
        let names: Vec<String> = points.iter().map(|(r, c, _)| format!("{r}x{c}")).collect();
        let listed: Vec<&str> = file["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_str().unwrap())
            .collect();
        assert_eq!(names, listed);
        let n = points.len() as f64;
        let xy: Vec<(f64, f64)> = points
            .iter()
            .map(|&(r, c, nodes)| ((r * c) as f64, nodes.log10()))
            .collect();
        let mx = xy.iter().map(|p| p.0).sum::<f64>() / n;
        let my = xy.iter().map(|p| p.1).sum::<f64>() / n;
        let sxx: f64 = xy.iter().map(|p| (p.0 - mx).powi(2)).sum();
        let slope = xy.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum::<f64>() / sxx;
        let intercept = my - slope * mx;
        let close = |field: &serde_json::Value, want: f64, tol: f64| {
            let got = field.as_f64().unwrap();
            assert!((got - want).abs() <= tol, "{got} against {want}");
        };
        close(&file["slope_per_cell"], slope, 1e-5);
        close(&file["intercept"], intercept, 1e-4);
        for p in file["predictions"].as_array().unwrap() {
            let cells = p["cells"].as_f64().unwrap();
            close(&p["log10_nodes"], intercept + slope * cells, 1e-3);
        }
        // the 9×9 check is against the run's own record
        let progress: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(format!(
                "{}/../../results/domineering/9x9-progress.json",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap(),
        )
        .unwrap();
        assert_eq!(
            file["check_9x9"]["nodes_so_far_all_runs"],
            progress["nodes_all_runs"]
        );
    }

    /// Obsequi (Bullock's solver, run board by board: `results/domineering/obsequi-check.json`)
    /// gives every board of at least two rows and two columns the same outcome.
    #[test]
    fn results_agree_with_obsequi() {
        let results = read();
        let obsequi = results_column("domineering/obsequi-check.json", "obsequi");
        assert!(obsequi.len() >= 70);
        for (m, n, theirs) in obsequi {
            let ours = results.iter().find(|r| r.0 == m && r.1 == n).unwrap().2;
            assert_eq!(ours, theirs, "{m}×{n} against Obsequi");
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
