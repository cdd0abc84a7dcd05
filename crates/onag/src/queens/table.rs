//! Grundy tables for restricted queens and for the pair game.
//!
//! Unbounded rays use one bitset per line (row, column or diagonal) that accumulates the
//! values already on it, as in [`crate::wythoff::table`]; bounded rays are walked cell by cell.

use super::moves::{Direction, MoveSet};
use super::QueensError;

/// Largest table side accepted.
pub const MAX_SIZE: usize = 1024;

/// A square table `rows[x][y] = g(x, y)` (for the pair game, `g({x, y})`, symmetric).
pub type Table = Vec<Vec<u32>>;

fn set(bits: &mut [u64], v: u32) {
    bits[v as usize / 64] |= 1 << (v % 64);
}

fn first_zero(bits: &[u64]) -> u32 {
    let mut v = 0;
    for (w, &word) in bits.iter().enumerate() {
        if word != u64::MAX {
            v = w * 64 + word.trailing_ones() as usize;
            break;
        }
    }
    v as u32
}

/// The Grundy table of `moves` on `size × size` (side `1..=`[`MAX_SIZE`]).
///
/// # Examples
/// ```
/// use onag::queens::{moves::MoveSet, table::grundy_table};
/// let t = grundy_table(&"left,down".parse::<MoveSet>().unwrap(), 4).unwrap();
/// assert_eq!(t[2][3], 2 ^ 3);
/// ```
pub fn grundy_table(moves: &MoveSet, size: usize) -> Result<Table, QueensError> {
    if size == 0 || size > MAX_SIZE {
        return Err(QueensError::BadSize {
            size,
            max: MAX_SIZE,
        });
    }
    Ok(match moves {
        MoveSet::Pair => pair_table(size),
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
            )
        }
    })
}

fn rays_table(n: usize, unbounded: [bool; 3], bounded: &[(Direction, u32)]) -> Table {
    // At most 3(n − 1) options, so values stay below 3n.
    let words = 3 * n / 64 + 1;
    let mut lines = vec![vec![0u64; words]; 4 * n]; // left lines, down lines, diagonals
    let mut t = vec![vec![0u32; n]; n];
    let mut scratch = vec![0u64; words];
    for x in 0..n {
        for y in 0..n {
            let (li, di, gi) = (y, n + x, 2 * n + (n + x - y));
            scratch.fill(0);
            for (i, &line) in [li, di, gi].iter().enumerate() {
                if unbounded[i] {
                    for (s, l) in scratch.iter_mut().zip(&lines[line]) {
                        *s |= l;
                    }
                }
            }
            for &(dir, k) in bounded {
                let k = k as usize;
                match dir {
                    Direction::Left => (1..=k.min(x)).for_each(|j| set(&mut scratch, t[x - j][y])),
                    Direction::Down => (1..=k.min(y)).for_each(|j| set(&mut scratch, t[x][y - j])),
                    Direction::Diag => {
                        (1..=k.min(x).min(y)).for_each(|j| set(&mut scratch, t[x - j][y - j]))
                    }
                }
            }
            let v = first_zero(&scratch);
            t[x][y] = v;
            for line in [li, di, gi] {
                set(&mut lines[line], v);
            }
        }
    }
    t
}

/// The unordered pair game (SPEC §4), filled symmetrically.
fn pair_table(n: usize) -> Table {
    let words = 3 * n / 64 + 1;
    let mut t = vec![vec![0u32; n]; n];
    // below[b]: values of {a', b} for a' < a; right[a]: values of {a, b'} for a < b' < b;
    // twins: values of {t, t} for t ≤ a (the position {a, a} itself excluded while b = a).
    let mut below = vec![vec![0u64; words]; n];
    let mut right = vec![vec![0u64; words]; n];
    let mut twins = vec![0u64; words];
    let mut scratch = vec![0u64; words];
    for a in 0..n {
        for b in a..n {
            for (i, s) in scratch.iter_mut().enumerate() {
                *s = below[b][i] | right[a][i] | twins[i];
            }
            let v = first_zero(&scratch);
            t[a][b] = v;
            t[b][a] = v;
            set(&mut below[b], v);
            if b == a {
                set(&mut twins, v);
            } else {
                set(&mut right[a], v);
            }
        }
    }
    t
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
