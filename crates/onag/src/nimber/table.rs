//! Nim-multiplication tables with their field marking, and Conway's by-definition mex table.

use super::fast;

/// How an `n × n` block of the nim-multiplication table sits among the nim fields.
///
/// # Examples
/// ```
/// use onag::nimber::table::{FieldMarking, NimTable};
///
/// assert_eq!(NimTable::new(16).marking(), FieldMarking::ClosedField); // GF(16)
/// assert_eq!(
///     NimTable::new(64).marking(),
///     FieldMarking::Overflows { max: 255, field: 256 }
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FieldMarking {
    /// Every product of two numbers below `n` is below `n`: `n` is a Fermat 2-power
    /// (2, 4, 16, 256, 65536, …) and the block is the multiplication table of GF(n).
    ClosedField,
    /// Some product is `≥ n`: the block overflows into the field GF(`field`), the smallest
    /// Fermat 2-power above every product (e.g. 64×64 overflows into GF(256), largest 255).
    Overflows {
        /// The largest product in the block.
        max: u64,
        /// The size of the smallest nim field containing every product.
        field: u64,
    },
}

/// The `n × n` nim-multiplication table of the numbers `0..n`.
///
/// # Examples
/// ```
/// use onag::nimber::table::{mex_table, NimTable};
///
/// let t = NimTable::new(4);
/// assert_eq!(t.size(), 4);
/// assert_eq!(t.get(2, 3), 1); // 2 ⊗ 3 = 1
/// assert_eq!(t.max(), 3);
/// let rows: Vec<Vec<u64>> = t.rows().map(|r| r.to_vec()).collect();
/// assert_eq!(rows, mex_table(4)); // the fast product agrees with Conway's definition
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimTable {
    n: usize,
    cells: Vec<u64>,
}

impl NimTable {
    /// Builds the table with the fast product (`n²` products; one log/exp lookup each while
    /// `n ≤ 65536`).
    pub fn new(n: usize) -> NimTable {
        let mut cells = Vec::with_capacity(n * n);
        for a in 0..n as u64 {
            if n <= 1 << 16 {
                cells.extend((0..n).map(|b| u64::from(fast::mul16(a as u16, b as u16))));
            } else {
                cells.extend((0..n as u64).map(|b| super::mul64(a, b)));
            }
        }
        NimTable { n, cells }
    }

    /// The side `n`.
    pub fn size(&self) -> usize {
        self.n
    }

    /// `a ⊗ b` for `a, b < n`.
    ///
    /// # Panics
    /// If `a` or `b` is not below `n`.
    pub fn get(&self, a: usize, b: usize) -> u64 {
        assert!(
            a < self.n && b < self.n,
            "({a}, {b}) outside the {0}×{0} table",
            self.n
        );
        self.cells[a * self.n + b]
    }

    /// The rows, each of length `n`.
    pub fn rows(&self) -> impl Iterator<Item = &[u64]> {
        self.cells.chunks(self.n.max(1))
    }

    /// The largest product in the table (0 for an empty table).
    pub fn max(&self) -> u64 {
        self.cells.iter().copied().max().unwrap_or(0)
    }

    /// Whether the table is a closed field or overflows, and into which field.
    pub fn marking(&self) -> FieldMarking {
        let max = self.max();
        if (max as u128) < self.n as u128 {
            FieldMarking::ClosedField
        } else {
            let field = super::FERMAT_POWERS
                .iter()
                .copied()
                .find(|&f| max < f)
                .unwrap_or(u64::MAX);
            FieldMarking::Overflows { max, field }
        }
    }
}

/// Conway's definition `a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}`, evaluated literally
/// for all `a, b < n` (`O(n⁴)`; a stamp array avoids clearing the seen-set per cell). The
/// slowest and most trustworthy product: [`NimTable`] is checked against it.
///
/// # Examples
/// ```
/// use onag::nimber::table::mex_table;
///
/// let t = mex_table(4);
/// assert_eq!(t[2], vec![0, 2, 3, 1]); // 2 ⊗ b for b = 0, 1, 2, 3
/// ```
pub fn mex_table(n: usize) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; n]; n];
    // Every option value of a cell below n is < (smallest Fermat power ≥ n)² bound; size the
    // stamp array generously and grow it if an option falls outside.
    let mut stamp: Vec<u32> = vec![0; 4 * n.max(2) * n.max(2)];
    let mut cur = 0u32;
    for a in 1..n {
        for b in 1..n {
            cur += 1;
            for a2 in 0..a {
                for b2 in 0..b {
                    let x = (t[a2][b] ^ t[a][b2] ^ t[a2][b2]) as usize;
                    if x >= stamp.len() {
                        stamp.resize(2 * x + 2, 0);
                    }
                    stamp[x] = cur;
                }
            }
            t[a][b] = (0..)
                .find(|&v| stamp.get(v).is_none_or(|&s| s != cur))
                .unwrap_or(0) as u64;
        }
    }
    t
}
