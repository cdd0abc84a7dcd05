//! Grundy tables for restricted queens and for the pair game.
//!
//! Unbounded rays use one bitset per line (row, column or diagonal) that accumulates the
//! values already on it, as in [`crate::wythoff::table`]; bounded rays are walked cell by cell.

use super::moves::{Direction, MoveSet};
use super::QueensError;
use crate::bitset::{mex_of_union, Bits};
use crate::{StopFlag, Stopped};

/// Largest table side accepted.
pub const MAX_SIZE: usize = 1024;

/// A square table `rows[x][y] = g(x, y)` (for the pair game, `g({x, y})`, symmetric).
pub type Table = Vec<Vec<u32>>;

/// The Grundy table of `moves` on `size × size` (side `1..=`[`MAX_SIZE`]).
///
/// # Examples
/// ```
/// use onag::wythoff::variants::{moves::MoveSet, table::grundy_table};
/// let t = grundy_table(&"left,down".parse::<MoveSet>().unwrap(), 4).unwrap();
/// assert_eq!(t[2][3], 2 ^ 3);
/// ```
pub fn grundy_table(moves: &MoveSet, size: usize) -> Result<Table, QueensError> {
    grundy_table_with_stop(moves, size, &StopFlag::new())
}

/// [`grundy_table`], polling `stop` once per row.
///
/// # Examples
/// ```
/// use onag::wythoff::variants::{moves::MoveSet, table::grundy_table_with_stop, QueensError};
/// let stop = onag::StopFlag::new();
/// stop.stop();
/// let e = grundy_table_with_stop(&"pair".parse::<MoveSet>().unwrap(), 64, &stop);
/// assert_eq!(e, Err(QueensError::Stopped));
/// ```
pub fn grundy_table_with_stop(
    moves: &MoveSet,
    size: usize,
    stop: &StopFlag,
) -> Result<Table, QueensError> {
    if size == 0 || size > MAX_SIZE {
        return Err(QueensError::BadSize {
            size,
            max: MAX_SIZE,
        });
    }
    Ok(match moves {
        MoveSet::Pair => pair_table(size, stop)?,
        MoveSet::Rays(rays) => {
            let unbounded = |d| rays.iter().any(|r| r.dir == d && r.max.is_none());
            let bounded: Vec<(Direction, u32)> = rays
                .iter()
                .filter_map(|r| r.max.map(|k| (r.dir, k)))
                .collect();
            rays_table(
                size,
                [
                    unbounded(Direction::Left),
                    unbounded(Direction::Down),
                    unbounded(Direction::Diag),
                ],
                &bounded,
                stop,
            )?
        }
    })
}

fn rays_table(
    n: usize,
    unbounded: [bool; 3],
    bounded: &[(Direction, u32)],
    stop: &StopFlag,
) -> Result<Table, Stopped> {
    // At most 3(n − 1) options, so values stay below 3n.
    let mut lines = vec![Bits::with_len(3 * n); 4 * n]; // left lines, down lines, diagonals
    let mut t = vec![vec![0u32; n]; n];
    let mut scratch = Bits::with_len(3 * n);
    for x in 0..n {
        stop.check()?;
        for y in 0..n {
            let (li, di, gi) = (y, n + x, 2 * n + (n + x - y));
            scratch.clear_all();
            for (i, &line) in [li, di, gi].iter().enumerate() {
                if unbounded[i] {
                    scratch.union_with(&lines[line]);
                }
            }
            for &(dir, k) in bounded {
                let k = k as usize;
                match dir {
                    Direction::Left => (1..=k.min(x)).for_each(|j| scratch.set(t[x - j][y].into())),
                    Direction::Down => (1..=k.min(y)).for_each(|j| scratch.set(t[x][y - j].into())),
                    Direction::Diag => {
                        (1..=k.min(x).min(y)).for_each(|j| scratch.set(t[x - j][y - j].into()))
                    }
                }
            }
            let v = scratch.mex();
            t[x][y] = v as u32;
            for line in [li, di, gi] {
                lines[line].set(v);
            }
        }
    }
    Ok(t)
}

/// The unordered pair game ([`MoveSet::Pair`], `docs/queens.md`), filled symmetrically.
fn pair_table(n: usize, stop: &StopFlag) -> Result<Table, Stopped> {
    let mut t = vec![vec![0u32; n]; n];
    // below[b]: values of {a', b} for a' < a; right[a]: values of {a, b'} for a < b' < b;
    // twins: values of {t, t} for t ≤ a (the position {a, a} itself excluded while b = a).
    let mut below = vec![Bits::with_len(3 * n); n];
    let mut right = vec![Bits::with_len(3 * n); n];
    let mut twins = Bits::with_len(3 * n);
    for a in 0..n {
        stop.check()?;
        for b in a..n {
            let v = mex_of_union(&[&below[b], &right[a], &twins]);
            t[a][b] = v as u32;
            t[b][a] = v as u32;
            below[b].set(v);
            if b == a {
                twins.set(v);
            } else {
                right[a].set(v);
            }
        }
    }
    Ok(t)
}

/// The pair game by walking every option (slow reference for tests): `g({a, b})`, `a ≤ b`.
pub fn pair_table_slow(n: usize) -> Table {
    let mut t = vec![vec![0u32; n]; n];
    for a in 0..n {
        for b in a..n {
            let mut opts: Vec<u32> = (0..a).map(|a2| t[a2][b]).collect();
            opts.extend((a + 1..b).map(|b2| t[a][b2]));
            opts.extend((0..=a).filter(|&s| (s, s) != (a, b)).map(|s| t[s][s]));
            let v = (0..).find(|v| !opts.contains(v)).unwrap_or(0);
            t[a][b] = v;
            t[b][a] = v;
        }
    }
    t
}
