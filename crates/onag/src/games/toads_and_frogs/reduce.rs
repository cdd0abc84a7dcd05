//! Erickson's reductions (*New Toads and Frogs Results*, 1996): a board is an integer plus a
//! sum of independent parts, none of which is settled by the rules below.
//!
//! - **Dead pieces.** A run of pieces (no empty square inside) that starts with `TT` or at the
//!   left end and ends with `FF` or at the right end can never move again (each toad in it
//!   faces a toad, or a frog with a piece or the wall behind it; frogs likewise), and nothing
//!   crosses it, so it cuts the board into independent parts whose values add.
//! - **Terminal toads.** A toad with no frog to its right never meets a frog again:
//!   X T □^n = X □^n + n. **Finished frogs** likewise: □^n F Y = □^n Y − n.
//! - **Death Leap Principle.** A part containing none of `TF□□`, `□□TF`, `T□`, `□F` has only
//!   leaps into isolated holes left, which is 0.

use super::board::{Board, Square, MAX_LEN};

/// A board as "integer + independent parts".
///
/// # Examples
/// See [`reduce`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduced {
    /// The integer collected from terminal toads and finished frogs.
    pub integer: i64,
    /// The remaining independent parts, left to right; the board's value is
    /// `integer + Σ value(part)`.
    pub parts: Vec<Board>,
}

/// Reduces `board` to an integer plus independent parts (see the module docs).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{reduce, Board, Solver};
///
/// let board: Board = "T.F.T..".parse().unwrap();
/// let r = reduce(&board);
/// assert_eq!(r.integer, 2); // the last toad meets no frog: T□□ = □□ + 2
/// // The value is the integer plus the parts' values.
/// let mut solver = Solver::new();
/// let whole = solver.value(&board).unwrap();
/// let mut sum = solver.arena_mut().integer(r.integer).unwrap();
/// for part in &r.parts {
///     let v = solver.value(part).unwrap();
///     sum = solver.arena_mut().add(sum, v).unwrap();
/// }
/// assert_eq!(whole, sum);
/// ```
pub fn reduce(board: &Board) -> Reduced {
    let mut integer = 0i64;
    let mut parts = Vec::new();
    let _ = reduce_with::<()>(board.squares(), &mut integer, |p| {
        parts.push(Board::from_squares(p.to_vec()));
        Ok(())
    });
    Reduced { integer, parts }
}

/// Calls `part` on each irreducible part of `squares` (a board of at most
/// [`super::board::MAX_LEN`] squares), left to right, adding the integers to `integer`.
/// Works in place on one stack copy of the board: stripping a terminal toad empties its
/// square and drops one of the empty squares after it, which is the same strip one shorter.
pub(crate) fn reduce_with<E>(
    squares: &[Square],
    integer: &mut i64,
    mut part: impl FnMut(&[Square]) -> Result<(), E>,
) -> Result<(), E> {
    let mut work = [Square::Empty; MAX_LEN];
    let n = squares.len().min(MAX_LEN);
    work[..n].copy_from_slice(&squares[..n]);
    // segments still to reduce, as [start, end) ranges; the right one is pushed first so
    // parts come out left to right
    let mut stack = [(0u8, 0u8); MAX_LEN + 1];
    stack[0] = (0, n as u8);
    let mut depth = 1;
    while depth > 0 {
        depth -= 1;
        let (mut start, mut end) = (stack[depth].0 as usize, stack[depth].1 as usize);
        strip_ends(&mut work, &mut start, &mut end, integer);
        let seg = &work[start..end];
        if let Some((k, m)) = dead_run(seg) {
            stack[depth] = ((start + m + 1) as u8, end as u8);
            stack[depth + 1] = (start as u8, (start + k) as u8);
            depth += 2;
            continue;
        }
        if seg.is_empty() || !has_live_pattern(seg) {
            continue;
        }
        part(seg)?;
    }
    Ok(())
}

/// Removes terminal toads (adding the empty squares ahead of each) and finished frogs
/// (subtracting the empty squares behind each), until the rightmost piece is a frog and the
/// leftmost a toad.
fn strip_ends(work: &mut [Square], start: &mut usize, end: &mut usize, integer: &mut i64) {
    loop {
        let mut changed = false;
        if let Some(p) = work[*start..*end].iter().rposition(|&s| s != Square::Empty) {
            let p = *start + p;
            if work[p] == Square::Toad {
                *integer += (*end - 1 - p) as i64;
                work[p] = Square::Empty;
                *end -= 1;
                changed = true;
            }
        }
        if let Some(p) = work[*start..*end].iter().position(|&s| s != Square::Empty) {
            let p = *start + p;
            if work[p] == Square::Frog {
                *integer -= (p - *start) as i64;
                work[p] = Square::Empty;
                *start += 1;
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// A dead run `[k, m]`: all pieces, starting with `TT` or at the left end, ending with `FF`
/// or at the right end; within each maximal run of pieces the widest such span is taken.
fn dead_run(seg: &[Square]) -> Option<(usize, usize)> {
    // one pass: for the current run of pieces remember where a dead span may start (the
    // left end, or the first TT) and the last square that may end one (the last FF, or the
    // right end when the run reaches it)
    let n = seg.len();
    let mut start: Option<usize> = None;
    let mut end: Option<usize> = None;
    let mut in_run = false;
    for i in 0..n {
        let s = seg[i];
        if s == Square::Empty {
            if let (Some(k), Some(m)) = (start, end) {
                if k <= m {
                    return Some((k, m));
                }
            }
            in_run = false;
            start = None;
            end = None;
            continue;
        }
        if !in_run {
            in_run = true;
            if i == 0 {
                start = Some(0);
            }
        } else {
            let prev = seg[i - 1];
            if start.is_none() && prev == Square::Toad && s == Square::Toad {
                start = Some(i - 1);
            }
            if prev == Square::Frog && s == Square::Frog {
                end = Some(i);
            }
        }
    }
    if in_run {
        end = Some(n - 1);
    }
    match (start, end) {
        (Some(k), Some(m)) if k <= m => Some((k, m)),
        _ => None,
    }
}

/// Whether some piece can still step, or leap into a hole wider than one square: the part
/// contains one of `T□`, `□F`, `TF□□`, `□□TF` (otherwise its value is 0 by the Death Leap
/// Principle).
fn has_live_pattern(seg: &[Square]) -> bool {
    use Square::{Empty as E, Frog as F, Toad as T};
    seg.windows(2).any(|w| w == [T, E] || w == [E, F])
        || seg
            .windows(4)
            .any(|w| w == [T, F, E, E] || w == [E, E, T, F])
}

/// A part packed two bits per square into 256 bits, with a sentinel bit after the last
/// square so that lengths are distinguished: the memo key of a part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PackedKey(pub [u64; 4]);

impl PackedKey {
    /// Packs `squares` (at most [`super::board::MAX_LEN`] of them).
    pub fn new(squares: &[Square]) -> PackedKey {
        let mut words = [0u64; 4];
        for (i, &s) in squares.iter().enumerate() {
            words[i / 32] |= (s as u64) << (2 * (i % 32));
        }
        let n = squares.len();
        words[n / 32] |= 1u64 << (2 * (n % 32));
        PackedKey(words)
    }

    /// The key of the mirror image of `squares` (reversed, toads and frogs swapped).
    pub fn mirrored(squares: &[Square]) -> PackedKey {
        let mut words = [0u64; 4];
        let n = squares.len();
        for (i, &s) in squares.iter().rev().enumerate() {
            words[i / 32] |= (s.mirror() as u64) << (2 * (i % 32));
        }
        words[n / 32] |= 1u64 << (2 * (n % 32));
        PackedKey(words)
    }
}
