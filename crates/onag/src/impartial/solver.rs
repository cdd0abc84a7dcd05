//! The full-position solver: every position of a coin board by mex, with no XOR assumption.
//!
//! A board of `k` coins has `2^k` positions (bit `i` = coin `i` heads). Coins are numbered so
//! that every coin a move turns has a smaller bit than the move's head; a move is then an XOR
//! mask whose top bit is a heads coin, so it always leads to a smaller position and one pass
//! in increasing order solves everything. Each value is the mex of its options, computed
//! directly, and compared with the XOR of the heads coins' single-coin values (the
//! coin-turning theorem, which this checks rather than assumes). The P-positions (value 0)
//! form the kernel of a GF(2)-linear map, so their number is a power of two.

use rayon::prelude::*;
use std::str::FromStr;

use super::coins::{Rule, RuleError};
use super::product::{bits, Product};
use crate::nimber::Nimber;
use crate::{StopFlag, Stopped};

/// The largest board the solver accepts (2^30 positions, 1 GiB at a byte per position).
pub const MAX_COINS: usize = 30;

/// The ten boards of *Winning Ways* ch. 14 on which every position's value is checked against
/// the XOR of single-coin values: 109,068,288 positions in all ([`WINNING_WAYS_POSITIONS`]).
///
/// # Examples
/// ```
/// use onag::impartial::solver::{Board, WINNING_WAYS_BOARDS, WINNING_WAYS_POSITIONS};
/// let positions: u64 = WINNING_WAYS_BOARDS
///     .iter()
///     .map(|b| 1u64 << b.parse::<Board>().unwrap().coins())
///     .sum();
/// assert_eq!(positions, WINNING_WAYS_POSITIONS);
/// ```
pub const WINNING_WAYS_BOARDS: [&str; 10] = [
    "corners:3x8",
    "corners:4x6",
    "corners:5x5",
    "rugs:5x5",
    "ruler:22",
    "mock-turtles:20",
    "mogul:14",
    "mock-turtles*mock-turtles:4x5",
    "ruler*mock-turtles:4x5",
    "twins*mock-turtles:5x4",
];

/// The positions of the [`WINNING_WAYS_BOARDS`] together.
pub const WINNING_WAYS_POSITIONS: u64 = 109_068_288;

/// A board: a set of coins with the moves of a one-dimensional ruleset or of a product.
///
/// # Examples
/// ```
/// use onag::impartial::solver::Board;
///
/// let corners: Board = "corners:2x2".parse().unwrap(); // Twins × Twins
/// assert_eq!(corners.name(), "corners:2x2");
/// assert_eq!(corners.coins(), 4);
/// assert_eq!(corners.single_values(), &[1, 2, 2, 3]); // a ⊗ b for a, b in 1..=2
/// let ruler: Board = "ruler:8".parse().unwrap();
/// assert_eq!(ruler.single_values(), &[1, 2, 1, 4, 1, 2, 1, 8]);
/// assert!("corners:9x9".parse::<Board>().is_err()); // 81 coins: too many
/// assert!("ruler".parse::<Board>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    name: String,
    /// For each coin (bit), the XOR masks of its moves (head bit included).
    moves: Vec<Vec<u64>>,
    /// Single-coin values from the rules: `v(x)` or `g(x) ⊗ h(y)` (Tartan).
    values: Vec<u64>,
}

/// Why a board description was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Not of the form `KIND:N` or `KIND:RxC`.
    #[error(
        "bad board '{0}': expected RULE:N (e.g. ruler:22) or PRODUCT:RxC (e.g. \
        corners:5x5, rugs:5x5, ruler*mock-turtles:4x5)"
    )]
    Syntax(String),
    /// A ruleset name that is not known.
    #[error(transparent)]
    Rule(RuleError),
    /// Zero coins, or more than [`MAX_COINS`].
    #[error("a board needs between 1 and {MAX_COINS} coins, not {0}")]
    Size(usize),
    /// More moves in all than [`MAX_MOVES`] (e.g. turn-at-most-k with a large k).
    #[error("the board has {0} moves, more than the {MAX_MOVES} allowed")]
    TooManyMoves(u128),
}

/// The most moves (summed over the coins) a board may have.
pub const MAX_MOVES: u128 = 1 << 22;

impl From<RuleError> for BoardError {
    fn from(e: RuleError) -> Self {
        BoardError::Rule(e)
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// `RULE:N` (a row of N coins) or `G*H:RxC`, with the shorthands `corners` (Twins×Twins)
    /// and `rugs` (Ruler×Ruler).
    fn from_str(s: &str) -> Result<Board, BoardError> {
        let syntax = || BoardError::Syntax(s.to_string());
        let (kind, dims) = s.trim().rsplit_once(':').ok_or_else(syntax)?;
        let product = match kind.to_ascii_lowercase().as_str() {
            "corners" => Some(Product::CORNERS),
            "rugs" => Some(Product {
                g: Rule::Ruler,
                h: Rule::Ruler,
            }),
            k if k.contains('*') => {
                let (g, h) = k.split_once('*').ok_or_else(syntax)?;
                Some(Product {
                    g: g.parse()?,
                    h: h.parse()?,
                })
            }
            _ => None,
        };
        let number = |t: &str| t.trim().parse::<usize>().map_err(|_| syntax());
        match product {
            Some(p) => {
                let (r, c) = dims.split_once(['x', 'X']).ok_or_else(syntax)?;
                let (r, c) = (number(r)?, number(c)?);
                check_size(r.saturating_mul(c))?;
                check_moves(product_moves(p, r, c))?;
                Ok(Board::product(p, r, c))
            }
            None => {
                let rule: Rule = kind.parse()?;
                let n = number(dims)?;
                check_size(n)?;
                let first = rule.first_coin();
                check_moves((first..first + n).map(|x| rule.move_count(x)).sum())?;
                Ok(Board::row(rule, n))
            }
        }
    }
}

/// The number of moves of the `rows × cols` product board (before building them).
pub fn product_moves(p: Product, rows: usize, cols: usize) -> u128 {
    let count = |rule: Rule, n: usize| -> u128 {
        (rule.first_coin()..rule.first_coin() + n)
            .map(|x| rule.move_count(x))
            .sum()
    };
    count(p.g, rows).saturating_mul(count(p.h, cols))
}

fn check_moves(moves: u128) -> Result<(), BoardError> {
    if moves <= MAX_MOVES {
        Ok(())
    } else {
        Err(BoardError::TooManyMoves(moves))
    }
}

fn check_size(k: usize) -> Result<(), BoardError> {
    if (1..=MAX_COINS).contains(&k) {
        Ok(())
    } else {
        Err(BoardError::Size(k))
    }
}

impl Board {
    /// A row of `n` coins of `rule` (bit `i` = coin `first_coin + i`); `n ≤ MAX_COINS`.
    pub fn row(rule: Rule, n: usize) -> Board {
        let first = rule.first_coin();
        let values = rule.values(first + n)[first..].to_vec();
        let moves = (0..n)
            .map(|i| {
                rule.moves(first + i)
                    .into_iter()
                    .map(|m| (m >> first) | 1 << i)
                    .collect()
            })
            .collect();
        Board {
            name: format!("{rule}:{n}"),
            moves,
            values,
        }
    }

    /// The product board of `rows × cols` coins (bit `i·cols + j` = coin
    /// `(g.first_coin() + i, h.first_coin() + j)`); `rows · cols ≤ MAX_COINS`.
    pub fn product(p: Product, rows: usize, cols: usize) -> Board {
        let (g0, h0) = (p.g.first_coin(), p.h.first_coin());
        let gv = p.g.values(g0 + rows);
        let hv = p.h.values(h0 + cols);
        let mut moves = Vec::with_capacity(rows * cols);
        let mut values = Vec::with_capacity(rows * cols);
        for i in 0..rows {
            for j in 0..cols {
                let mut list = Vec::new();
                for a in p.g.moves(g0 + i) {
                    let a_rows: Vec<usize> = bits(a >> g0).chain([i]).collect();
                    for b in p.h.moves(h0 + j) {
                        let b_cols: Vec<usize> = bits(b >> h0).chain([j]).collect();
                        let mask = a_rows
                            .iter()
                            .flat_map(|&r| b_cols.iter().map(move |&c| 1u64 << (r * cols + c)))
                            .fold(0, |acc, bit| acc | bit);
                        list.push(mask);
                    }
                }
                moves.push(list);
                values.push((Nimber(gv[g0 + i]) * Nimber(hv[h0 + j])).0);
            }
        }
        let name = match (p.g, p.h) {
            (Rule::Twins, Rule::Twins) => format!("corners:{rows}x{cols}"),
            (Rule::Ruler, Rule::Ruler) => format!("rugs:{rows}x{cols}"),
            (g, h) => format!("{g}*{h}:{rows}x{cols}"),
        };
        Board {
            name,
            moves,
            values,
        }
    }

    /// The canonical name, e.g. `corners:5x5`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The number of coins.
    pub fn coins(&self) -> usize {
        self.moves.len()
    }

    /// The moves of coin `i` as XOR masks (the head bit `i` included).
    pub fn moves_of(&self, i: usize) -> &[u64] {
        &self.moves[i]
    }

    /// The work of [`solve`]: every position with coin `i` heads tries each move with head
    /// `i`, so about `Σᵢ moves(i) · 2^(coins − 1)` move steps.
    ///
    /// # Examples
    /// ```
    /// use onag::impartial::solver::Board;
    /// let board: Board = "ruler:4".parse().unwrap();
    /// assert_eq!(board.solve_steps(), (1 + 2 + 3 + 4) as f64 * 8.0); // runs ending at each coin
    /// ```
    pub fn solve_steps(&self) -> f64 {
        let moves: f64 = (0..self.coins())
            .map(|i| self.moves_of(i).len() as f64)
            .sum();
        moves * 2f64.powi(self.coins() as i32 - 1)
    }

    /// The single-coin values the coin-turning theorem predicts (`v(x)`, or `g(x) ⊗ h(y)`).
    pub fn single_values(&self) -> &[u64] {
        &self.values
    }
}

/// What [`solve`] found.
///
/// # Examples
/// ```
/// use onag::impartial::solver::{solve_values, Board};
///
/// let (report, _) = solve_values(&"ruler:8".parse::<Board>().unwrap());
/// assert_eq!(report.positions, 256);
/// assert_eq!(report.p_positions, 16); // a power of two
/// assert_eq!(report.mismatches, 0); // mex agrees with the XOR of the coins
/// assert_eq!(report.max_value, 15);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SolveReport {
    /// `2^k`.
    pub positions: u64,
    /// Positions of value 0 (a power of two).
    pub p_positions: u64,
    /// Positions whose mex value differs from the XOR of their coins' single values.
    pub mismatches: u64,
    /// The largest value found.
    pub max_value: u64,
}

/// A solve as `onag coins solve --json` and Python's `coins.solve` report it: the board, the
/// solver's report and the wall time.
///
/// # Examples
/// ```
/// use onag::impartial::solver::{solve_values, Board, SolveRun};
/// let board: Board = "ruler:8".parse().unwrap();
/// let run = SolveRun { board: board.name().to_string(), report: solve_values(&board).0, seconds: 0.0 };
/// assert_eq!((run.board.as_str(), run.report.p_positions), ("ruler:8", 16));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SolveRun {
    /// The board's name.
    pub board: String,
    /// The solver's report.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub report: SolveReport,
    /// Wall seconds.
    pub seconds: f64,
}

/// Solves every position of `board` by mex in one increasing pass, one byte per position
/// while every value fits in a byte (values are at most the number of options, usually far
/// fewer: 5×6 Turning Corners has 315 moves but values below 16), restarting with two and
/// then four bytes per position if one does not. Calls `progress(done)` every 2^16 positions
/// and polls `stop` as often.
///
/// # Examples
/// ```
/// use onag::impartial::solver::{solve, Board};
/// use onag::{StopFlag, Stopped};
///
/// let board: Board = "corners:4x4".parse().unwrap();
/// let report = solve(&board, &StopFlag::new(), &mut |_| {}).unwrap();
/// assert_eq!(report.positions, 1 << 16);
/// assert_eq!(report.mismatches, 0); // the Tartan theorem, checked position by position
/// assert_eq!(report.max_value, 15);
/// // A raised flag stops the run.
/// let stop = StopFlag::new();
/// stop.stop();
/// assert_eq!(solve(&board, &stop, &mut |_| {}), Err(Stopped));
/// ```
pub fn solve(
    board: &Board,
    stop: &StopFlag,
    progress: &mut dyn FnMut(u64),
) -> Result<SolveReport, Stopped> {
    match solve_with::<u8>(board, stop, progress) {
        Ok((r, _)) => return Ok(r),
        Err(Halt::Stopped) => return Err(Stopped),
        Err(Halt::Overflow) => {}
    }
    match solve_with::<u16>(board, stop, progress) {
        Ok((r, _)) => return Ok(r),
        Err(Halt::Stopped) => return Err(Stopped),
        Err(Halt::Overflow) => {}
    }
    match solve_with::<u32>(board, stop, progress) {
        Ok((r, _)) => Ok(r),
        // Values are at most MAX_MOVES < 2^32: u32 cannot overflow.
        Err(_) => Err(Stopped),
    }
}

/// Like [`solve`] but also returns every value (`values[p]` for position `p`), as `u16`
/// (a value above 65535, possible only with more than 65535 options, reads as 65535).
/// Meant for small boards (tests, the value-free search cross-check).
///
/// # Examples
/// ```
/// use onag::impartial::solver::{solve_values, Board};
///
/// let board: Board = "corners:2x2".parse().unwrap();
/// let (report, values) = solve_values(&board);
/// // Position p has bit i set when coin i is heads; its value is the XOR of those coins'.
/// for (p, &v) in values.iter().enumerate() {
///     let xor = (0..4).filter(|i| p >> i & 1 == 1).fold(0, |x, i| x ^ board.single_values()[i]);
///     assert_eq!(u64::from(v), xor);
/// }
/// assert_eq!(report.p_positions, 4);
/// ```
pub fn solve_values(board: &Board) -> (SolveReport, Vec<u16>) {
    let mut ignore = |_| {};
    let flag = StopFlag::new();
    match solve_with::<u16>(board, &flag, &mut ignore) {
        Ok(pair) => pair,
        // A fresh flag is never raised, so this is an overflow of u16.
        Err(_) => match solve_with::<u32>(board, &flag, &mut ignore) {
            Ok((r, v)) => (r, v.into_iter().map(|x| x.min(65535) as u16).collect()),
            Err(_) => unreachable!("a fresh StopFlag is never raised and u32 cannot overflow"),
        },
    }
}

/// Why [`solve_with`] gave up.
enum Halt {
    Stopped,
    /// A value does not fit the cell type.
    Overflow,
}

impl From<Stopped> for Halt {
    fn from(_: Stopped) -> Self {
        Halt::Stopped
    }
}

/// A value cell of the solver's table.
trait Cell: Copy + Default + Send + Sync {
    /// The largest value the cell holds.
    const MAX: u64;
    fn get(self) -> u32;
    fn put(v: u32) -> Self;
    /// `1 << value` when the value is below 64, else 0.
    fn bit(self) -> u64;
}

/// `BIT8[v] = 1 << v` for `v < 64`, 0 above: one load instead of a variable shift and a mask.
static BIT8: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut v = 0;
    while v < 64 {
        t[v] = 1 << v;
        v += 1;
    }
    t
};

impl Cell for u8 {
    const MAX: u64 = u8::MAX as u64;
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline(always)]
    fn put(v: u32) -> Self {
        v as u8
    }
    #[inline(always)]
    fn bit(self) -> u64 {
        BIT8[usize::from(self)]
    }
}

impl Cell for u16 {
    const MAX: u64 = u16::MAX as u64;
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline(always)]
    fn put(v: u32) -> Self {
        v as u16
    }
    #[inline(always)]
    fn bit(self) -> u64 {
        bit(u32::from(self))
    }
}

impl Cell for u32 {
    const MAX: u64 = u32::MAX as u64;
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
    #[inline(always)]
    fn put(v: u32) -> Self {
        v
    }
    #[inline(always)]
    fn bit(self) -> u64 {
        bit(self)
    }
}

/// Positions are processed in blocks of `2^LOW_BITS` that share their high coins. Moves whose
/// head is a high coin read a finished lower block at `l ⊕ low(mask)`: a permutation inside a
/// 4 KiB block, so the pass stays in L1 instead of striding over the whole table (measured 2×+
/// on 5×5 Turning Corners). Moves with a low head stay inside the block, in increasing order.
const LOW_BITS: usize = 12;

/// Sub-blocks of the low coins (see [`solve_with`]): 64 positions.
const SUB_BITS: usize = 6;

#[inline(always)]
fn bit(v: u32) -> u64 {
    (1u64 << (v & 63)) & 0u64.wrapping_sub(u64::from(v < 64))
}

/// `seen[j] |= bit(child[(offset + j) ⊕ ml])`: the options of the positions `offset + j` of a
/// block through one high move. A full-size child block is a fixed-size array, so the
/// permuted index needs no bounds check.
#[inline(always)]
fn or_options<C: Cell>(seen: &mut [u64], offset: usize, child: &[C], ml: usize) {
    const BS: usize = 1 << LOW_BITS;
    if let Ok(child) = <&[C; BS]>::try_from(child) {
        for (j, s) in seen.iter_mut().enumerate() {
            *s |= child[((offset + j) ^ ml) & (BS - 1)].bit();
        }
    } else {
        let mask = child.len() - 1;
        for (j, s) in seen.iter_mut().enumerate() {
            *s |= child[((offset + j) ^ ml) & mask].bit();
        }
    }
}

/// [`or_options`] for a sub-block of `2^SUB_BITS` positions (fixed-size arrays: no bounds
/// checks in the loop).
#[inline(always)]
fn or_sub_options<C: Cell>(seen: &mut [u64], child: &[C], ml: usize) {
    const SUB: usize = 1 << SUB_BITS;
    match (
        <&mut [u64; SUB]>::try_from(&mut *seen),
        <&[C; SUB]>::try_from(child),
    ) {
        (Ok(seen), Ok(child)) => {
            for (j, s) in seen.iter_mut().enumerate() {
                *s |= child[(j ^ ml) & (SUB - 1)].bit();
            }
        }
        _ => or_options(seen, 0, child, ml),
    }
}

/// [`or_options`] for four moves at once: `seen` is read and written once per four options.
#[inline(always)]
fn or_options4<C: Cell>(seen: &mut [u64], offset: usize, child: [&[C]; 4], ml: [usize; 4]) {
    const BS: usize = 1 << LOW_BITS;
    let full = child.map(<&[C; BS]>::try_from);
    if let [Ok(c0), Ok(c1), Ok(c2), Ok(c3)] = full {
        for (j, s) in seen.iter_mut().enumerate() {
            let l = offset + j;
            *s |= c0[(l ^ ml[0]) & (BS - 1)].bit()
                | c1[(l ^ ml[1]) & (BS - 1)].bit()
                | c2[(l ^ ml[2]) & (BS - 1)].bit()
                | c3[(l ^ ml[3]) & (BS - 1)].bit();
        }
    } else {
        for (c, m) in child.into_iter().zip(ml) {
            or_options(seen, offset, c, m);
        }
    }
}

fn solve_with<C: Cell>(
    board: &Board,
    stop: &StopFlag,
    progress: &mut dyn FnMut(u64),
) -> Result<(SolveReport, Vec<C>), Halt> {
    let k = board.coins();
    let n = 1usize << k;
    let low = k.min(LOW_BITS);
    let bs = 1usize << low;
    let lmask = bs - 1;
    // Moves with a high head as (high part, low part); moves with a low head as masks.
    let high: Vec<Vec<(usize, usize)>> = (low..k)
        .map(|h| {
            board.moves[h]
                .iter()
                .map(|&m| ((m as usize) >> low, m as usize & lmask))
                .collect()
        })
        .collect();
    let low_moves: Vec<&[u64]> = (0..low).map(|h| board.moves[h].as_slice()).collect();
    let mut vals: Vec<C> = vec![C::default(); n];
    let mut report = SolveReport {
        positions: n as u64,
        p_positions: 0,
        mismatches: 0,
        max_value: 0,
    };
    let mut seen = vec![0u64; bs];
    let mut seen_next = vec![0u64; bs];
    let mut slow = Vec::new();
    // The children of the current block that the pipeline left out (see below).
    let mut late: Vec<(usize, usize)> = Vec::new();
    let mut late_next: Vec<(usize, usize)> = Vec::new();
    let mut children: Vec<(usize, usize)> = Vec::new();
    let mut next_children: Vec<(usize, usize)> = Vec::new();
    // The blocks are pipelined over two threads once they are full and numerous: while one
    // thread takes block `hi` position by position (the low and middle moves), the high moves
    // of block `hi + 1` are ORed in chunks that both threads take (rayon's work stealing, so
    // the thread done with the low pass helps). The one child block of `hi + 1` not finished
    // then, `hi` itself, is left out and ORed in when `hi + 1`'s turn comes.
    let parallel = low == LOW_BITS && k >= 18 && rayon::current_num_threads() > 1;
    let blocks = n >> low;
    let high_children = |hi: usize, children: &mut Vec<(usize, usize)>| -> u64 {
        let mut xor_high = 0u64;
        let mut heads = hi;
        children.clear();
        while heads != 0 {
            let h = heads.trailing_zeros() as usize;
            heads &= heads - 1;
            xor_high ^= board.values[h + low];
            // mh has bit h set and hi has it set: the child block is below this one.
            children.extend(high[h].iter().map(|&(mh, ml)| ((hi ^ mh) << low, ml)));
        }
        xor_high
    };
    let high_pass = |part: &mut [u64], offset: usize, done: &[C], children: &[(usize, usize)]| {
        let mut groups = children.chunks_exact(4);
        for g in &mut groups {
            let child = |i: usize| &done[g[i].0..g[i].0 + bs];
            let ml = [g[0].1, g[1].1, g[2].1, g[3].1];
            or_options4(part, offset, [child(0), child(1), child(2), child(3)], ml);
        }
        for &(start, ml) in groups.remainder() {
            or_options(part, offset, &done[start..start + bs], ml);
        }
    };
    const CHUNK: usize = 256;
    for hi in 0..blocks {
        if hi & 0xF == 0 {
            stop.check()?;
            progress((hi << low) as u64);
        }
        let (done, rest) = vals.split_at_mut(hi << low);
        let block = &mut rest[..bs];
        let done: &[C] = done;
        let xor_high = high_children(hi, &mut children);
        if parallel && hi > 0 {
            // Block hi's high moves are in `seen` already, but for its late children.
            high_pass(&mut seen, 0, done, &late);
        } else {
            seen.fill(0);
            high_pass(&mut seen, 0, done, &children);
        }
        let mut low_pass = |seen: &mut [u64], block: &mut [C]| {
            low_block(
                board,
                low,
                hi,
                xor_high,
                &low_moves,
                seen,
                block,
                done,
                &mut report,
                &mut slow,
            )
        };
        if parallel && hi + 1 < blocks {
            high_children(hi + 1, &mut next_children);
            late_next.clear();
            late_next.extend(next_children.iter().filter(|c| c.0 == hi << low));
            next_children.retain(|c| c.0 != hi << low);
            seen_next.fill(0);
            let next_children = &next_children;
            let (low_result, ()) = rayon::join(
                || low_pass(&mut seen, block),
                || {
                    seen_next
                        .par_chunks_mut(CHUNK)
                        .enumerate()
                        .for_each(|(i, part)| high_pass(part, i * CHUNK, done, next_children))
                },
            );
            low_result?;
            std::mem::swap(&mut seen, &mut seen_next);
            std::mem::swap(&mut late, &mut late_next);
        } else {
            low_pass(&mut seen, block)?;
        }
    }
    progress(n as u64);
    Ok((report, vals))
}

/// The low and middle moves of block `hi` (its high moves are in `seen`), position by
/// position: writes the block's values and counts them into `report`.
#[allow(clippy::too_many_arguments)]
fn low_block<C: Cell>(
    board: &Board,
    low: usize,
    hi: usize,
    xor_high: u64,
    low_moves: &[&[u64]],
    seen: &mut [u64],
    block: &mut [C],
    done: &[C],
    report: &mut SolveReport,
    slow: &mut Vec<u64>,
) -> Result<(), Halt> {
    let bs = block.len();
    let lmask = bs - 1;
    // The low coins split again: sub-blocks of 2^SUB_BITS positions share their middle
    // coins, whose moves read a finished lower sub-block at a XOR-permuted offset (one
    // branch-free pass per move, like the high moves); only moves with a head among the
    // lowest SUB_BITS coins are taken position by position.
    let sub = 1usize << low.min(SUB_BITS);
    for sb in (0..bs).step_by(sub) {
        let mut xor_mid = xor_high;
        let mut heads = sb >> SUB_BITS;
        while heads != 0 {
            let h = heads.trailing_zeros() as usize + SUB_BITS;
            heads &= heads - 1;
            xor_mid ^= board.values[h];
            for &m in low_moves[h] {
                // m's top bit h is set in sb: the child sub-block lies below this one.
                let (base, ml) = ((sb ^ m as usize) & !(sub - 1), m as usize & (sub - 1));
                or_sub_options(&mut seen[sb..sb + sub], &block[base..base + sub], ml);
            }
        }
        for l in sb..sb + sub {
            let mut s = seen[l];
            let mut xor = xor_mid;
            let mut heads = l & (sub - 1);
            while heads != 0 {
                let h = heads.trailing_zeros() as usize;
                heads &= heads - 1;
                xor ^= board.values[h];
                for &m in low_moves[h] {
                    s |= block[l ^ m as usize].bit();
                }
            }
            let mut value = u64::from((!s).trailing_zeros());
            if value == 64 {
                // Some position has all of 0..63 as options: take its mex the slow way.
                slow.clear();
                let p = hi << low | l;
                let mut heads = p;
                while heads != 0 {
                    let h = heads.trailing_zeros() as usize;
                    heads &= heads - 1;
                    for &m in &board.moves[h] {
                        let q = p ^ m as usize;
                        let v = if q >> low == hi {
                            block[q & lmask]
                        } else {
                            done[q]
                        };
                        slow.push(u64::from(v.get()));
                    }
                }
                value = super::mex::mex(slow.iter().copied());
            }
            if value > C::MAX {
                return Err(Halt::Overflow);
            }
            block[l] = C::put(value as u32);
            report.p_positions += u64::from(value == 0);
            report.mismatches += u64::from(value != xor);
            report.max_value = report.max_value.max(value);
        }
    }
    Ok(())
}

/// The plain solver: for each position in increasing order, the mex of all its options read
/// straight from the table (no blocks, no bit tables, one thread). The slow code [`solve`] is
/// checked and benchmarked against; returns every value.
///
/// # Examples
/// ```
/// use onag::impartial::solver::{solve_reference, solve_values, Board};
///
/// let board: Board = "twins*ruler:3x4".parse().unwrap();
/// assert_eq!(solve_reference(&board), solve_values(&board));
/// ```
pub fn solve_reference(board: &Board) -> (SolveReport, Vec<u16>) {
    let n = 1usize << board.coins();
    let mut vals = vec![0u16; n];
    let mut report = SolveReport {
        positions: n as u64,
        p_positions: 1,
        mismatches: 0,
        max_value: 0,
    };
    let mut options = Vec::new();
    for p in 1..n {
        options.clear();
        let mut xor = 0;
        for h in bits(p as u64) {
            xor ^= board.values[h];
            options.extend(
                board.moves[h]
                    .iter()
                    .map(|&m| u64::from(vals[p ^ m as usize])),
            );
        }
        let value = super::mex::mex(options.iter().copied());
        vals[p] = value as u16;
        report.p_positions += u64::from(value == 0);
        report.mismatches += u64::from(value != xor);
        report.max_value = report.max_value.max(value);
    }
    (report, vals)
}
