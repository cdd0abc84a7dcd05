//! The Grundy table of Wythoff's game by the definition: `g(x, y)` is the mex of the values on
//! the three rays left, down and diagonally down-left.
//!
//! Each row, column and diagonal keeps a bitset of the values already on it, so a cell costs
//! one OR of three bitsets and a scan for the first zero bit (`O((x + y)/64)` words), instead
//! of walking the rays.

use super::{check_bound, sweep, WythoffError};
use crate::bitset::{mex_of_union, Bits};

/// Largest number of rows or columns [`grundy_table`] accepts.
pub const MAX_TABLE_SIDE: usize = 8192;
/// Largest number of cells [`grundy_table`] accepts.
pub const MAX_TABLE_CELLS: u64 = 1 << 25;

/// A rectangular block of Grundy values, `rows × cols`, starting at `(0, 0)`.
///
/// # Examples
/// ```
/// use onag::wythoff::grundy_table;
///
/// let t = grundy_table(3, 4).unwrap();
/// assert_eq!((t.rows(), t.cols()), (3, 4));
/// assert_eq!(t.row(1), &[1, 2, 0, 4]);
/// assert_eq!(t.get(2, 1), 0); // (2, 1): a P-position
/// assert_eq!(t.try_get(3, 0), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    rows: usize,
    cols: usize,
    values: Vec<u32>,
}

impl Table {
    /// Number of rows (first coordinate `x` in `0..rows`).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns (second coordinate `y` in `0..cols`).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// `g(x, y)`; panics if the cell is outside the table (a caller bug, not input).
    pub fn get(&self, x: usize, y: usize) -> u32 {
        assert!(
            x < self.rows && y < self.cols,
            "cell ({x}, {y}) outside the table"
        );
        self.values[x * self.cols + y]
    }

    /// `g(x, y)`, or `None` outside the table.
    pub fn try_get(&self, x: usize, y: usize) -> Option<u32> {
        (x < self.rows && y < self.cols).then(|| self.values[x * self.cols + y])
    }

    /// Row `x` as a slice `g(x, 0..cols)`.
    pub fn row(&self, x: usize) -> &[u32] {
        &self.values[x * self.cols..(x + 1) * self.cols]
    }

    /// All rows as vectors (for printing and JSON).
    pub fn to_rows(&self) -> Vec<Vec<u32>> {
        (0..self.rows).map(|x| self.row(x).to_vec()).collect()
    }
}

/// The Grundy table of Wythoff's game for `x < rows`, `y < cols`, by the mex definition.
///
/// Errors with [`WythoffError::TooLarge`] beyond [`MAX_TABLE_SIDE`] per side or
/// [`MAX_TABLE_CELLS`] cells.
///
/// # Examples
/// ```
/// let t = onag::wythoff::grundy_table(3, 3).unwrap();
/// assert_eq!(t.to_rows(), vec![vec![0, 1, 2], vec![1, 2, 0], vec![2, 0, 1]]);
/// ```
pub fn grundy_table(rows: usize, cols: usize) -> Result<Table, WythoffError> {
    grundy_table_with_stop(rows, cols, &crate::StopFlag::new())
}

/// [`grundy_table`], polling `stop` once per row.
///
/// # Examples
/// ```
/// use onag::wythoff::{table::grundy_table_with_stop, WythoffError};
/// let stop = onag::StopFlag::new();
/// stop.stop();
/// assert!(matches!(grundy_table_with_stop(64, 64, &stop), Err(WythoffError::Stopped)));
/// ```
pub fn grundy_table_with_stop(
    rows: usize,
    cols: usize,
    stop: &crate::StopFlag,
) -> Result<Table, WythoffError> {
    check_bound("table rows", rows as u64, MAX_TABLE_SIDE as u64)?;
    check_bound("table columns", cols as u64, MAX_TABLE_SIDE as u64)?;
    check_bound("table cells", (rows * cols) as u64, MAX_TABLE_CELLS)?;
    // Values satisfy g(x, y) ≤ x + y, so rows + cols bits suffice.
    let new_sets = |n: usize| vec![Bits::with_len(rows + cols); n];
    let mut row_sets = new_sets(rows);
    let mut col_sets = new_sets(cols);
    let mut diag_sets = new_sets(rows + cols);
    let mut values = vec![0u32; rows * cols];
    for x in 0..rows {
        stop.check()?;
        for y in 0..cols {
            let d = y + rows - x;
            let v = mex_of_union(&[&row_sets[x], &col_sets[y], &diag_sets[d]]);
            values[x * cols + y] = v as u32;
            row_sets[x].set(v);
            col_sets[y].set(v);
            diag_sets[d].set(v);
        }
    }
    Ok(Table { rows, cols, values })
}

/// The slow reference: `g` by walking the three rays for every cell (`O(n³)`), for tests.
pub fn grundy_table_slow(rows: usize, cols: usize) -> Vec<Vec<u32>> {
    let mut t = vec![vec![0u32; cols]; rows];
    for x in 0..rows {
        for y in 0..cols {
            let mut seen = vec![false; x + y + 2];
            for k in 1..=x {
                seen[t[x - k][y] as usize] = true;
            }
            for k in 1..=y {
                seen[t[x][y - k] as usize] = true;
            }
            for k in 1..=x.min(y) {
                seen[t[x - k][y - k] as usize] = true;
            }
            t[x][y] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        }
    }
    t
}

/// Largest `min(x, y)` accepted by [`g`].
pub const MAX_G_MIN: u64 = 4096;
/// Largest number of cells `(min + 1)·(max + 1)` that [`g`] may sweep.
pub const MAX_G_CELLS: u64 = 1 << 32;

/// The Grundy value `g(x, y)` of a single queen.
///
/// Computed by the column sweep over rows `0..=min(x, y)` and columns `0..=max(x, y)` (memory
/// `O(min²)`), so a far cell in a low row is cheap: `g(3, 10⁶)` sweeps four rows.
/// Errors beyond [`MAX_G_MIN`] or [`MAX_G_CELLS`].
///
/// # Examples
/// ```
/// assert_eq!(onag::wythoff::g(0, 7).unwrap(), 7);
/// assert_eq!(onag::wythoff::g(1, 2).unwrap(), 0);
/// ```
pub fn g(x: u64, y: u64) -> Result<u64, WythoffError> {
    let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
    check_bound("smaller coordinate", lo, MAX_G_MIN)?;
    let cells = (lo + 1).saturating_mul(hi.saturating_add(1));
    check_bound("cells to sweep", cells, MAX_G_CELLS)?;
    let mut s = sweep::Sweep::new(lo as usize)?;
    let mut out = 0;
    for y in 0..=hi {
        let col = s.step()?;
        if y == hi {
            out = col[lo as usize];
        }
    }
    Ok(out)
}
