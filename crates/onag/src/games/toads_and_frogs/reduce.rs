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

use super::board::{Board, Square};

/// A board as "integer + independent parts".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduced {
    /// The integer collected from terminal toads and finished frogs.
    pub integer: i64,
    /// The remaining independent parts, left to right; the board's value is
    /// `integer + Σ value(part)`.
    pub parts: Vec<Board>,
}

/// Reduces `board` to an integer plus independent parts (see the module docs).
pub fn reduce(board: &Board) -> Reduced {
    let mut integer = 0i64;
    let mut parts = Vec::new();
    reduce_into(board.squares(), &mut integer, &mut parts);
    Reduced { integer, parts }
}

/// Appends the irreducible parts of `squares` to `parts`, adding the integers to `integer`.
pub(crate) fn reduce_into(squares: &[Square], integer: &mut i64, parts: &mut Vec<Board>) {
    let mut stack = vec![squares.to_vec()];
    while let Some(mut seg) = stack.pop() {
        strip_ends(&mut seg, integer);
        if let Some((k, m)) = dead_run(&seg) {
            // the right part is pushed first so parts come out left to right
            stack.push(seg[m + 1..].to_vec());
            stack.push(seg[..k].to_vec());
            continue;
        }
        if seg.is_empty() || !has_live_pattern(&seg) {
            continue;
        }
        parts.push(Board::from_squares(seg));
    }
}

/// Removes terminal toads (adding the empty squares ahead of each) and finished frogs
/// (subtracting the empty squares behind each), until the rightmost piece is a frog and the
/// leftmost a toad.
fn strip_ends(seg: &mut Vec<Square>, integer: &mut i64) {
    loop {
        let mut changed = false;
        if let Some(p) = seg.iter().rposition(|&s| s != Square::Empty) {
            if seg[p] == Square::Toad {
                *integer += (seg.len() - 1 - p) as i64;
                seg.remove(p);
                changed = true;
            }
        }
        if let Some(p) = seg.iter().position(|&s| s != Square::Empty) {
            if seg[p] == Square::Frog {
                *integer -= p as i64;
                seg.remove(p);
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
    let n = seg.len();
    let mut i = 0;
    while i < n {
        if seg[i] == Square::Empty {
            i += 1;
            continue;
        }
        let mut j = i;
        while j + 1 < n && seg[j + 1] != Square::Empty {
            j += 1;
        }
        // pieces occupy [i, j]
        let start = if i == 0 {
            Some(0)
        } else {
            (i..j).find(|&k| seg[k] == Square::Toad && seg[k + 1] == Square::Toad)
        };
        let end = if j == n - 1 {
            Some(j)
        } else {
            (i + 1..=j)
                .rev()
                .find(|&m| seg[m - 1] == Square::Frog && seg[m] == Square::Frog)
        };
        if let (Some(k), Some(m)) = (start, end) {
            if k <= m {
                return Some((k, m));
            }
        }
        i = j + 1;
    }
    None
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
}
