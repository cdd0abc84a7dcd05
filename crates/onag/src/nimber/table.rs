//! Nim-multiplication tables with their field marking, and Conway's by-definition mex table.

use super::fast;
use crate::{StopFlag, Stopped};

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
        match Self::new_with_stop(n, &StopFlag::new()) {
            Ok(table) => table,
            Err(Stopped) => unreachable!("a fresh flag is never raised"),
        }
    }

    /// [`NimTable::new`], polling `stop` once per row.
    ///
    /// # Examples
    /// ```
    /// use onag::nimber::table::NimTable;
    /// let stop = onag::StopFlag::new();
    /// stop.stop();
    /// assert!(NimTable::new_with_stop(64, &stop).is_err());
    /// ```
    pub fn new_with_stop(n: usize, stop: &StopFlag) -> Result<NimTable, Stopped> {
        let mut cells = Vec::with_capacity(n * n);
        for a in 0..n as u64 {
            stop.check()?;
            if n <= 1 << 16 {
                cells.extend((0..n).map(|b| u64::from(fast::mul16(a as u16, b as u16))));
            } else {
                cells.extend((0..n as u64).map(|b| super::mul64(a, b)));
            }
        }
        Ok(NimTable { n, cells })
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

/// How a [`NimTableReport`]'s block sits among the nim fields: [`FieldMarking`] as data.
///
/// # Examples
/// ```
/// use onag::nimber::table::nim_table_report;
/// let m = nim_table_report(64, &onag::StopFlag::new()).unwrap().marking;
/// assert_eq!((m.closed, m.max, m.field), (false, 255, 256));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Marking {
    /// Whether every product stays below `n` (then `n` is a Fermat 2-power).
    pub closed: bool,
    /// The largest product.
    pub max: u64,
    /// The smallest nim field holding every product (`n` itself when closed).
    pub field: u64,
}

/// The `n × n` nim-multiplication table with its field marking: what `onag nim table`,
/// `POST /api/nim/table` and Python's `nim_table` show.
///
/// # Examples
/// ```
/// use onag::nimber::table::nim_table_report;
///
/// let r = nim_table_report(4, &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.size, 4);
/// assert_eq!(r.cells[2], vec![0, 2, 3, 1]); // 2 ⊗ b
/// assert!(r.marking.closed); // GF(4)
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NimTableReport {
    /// The side `n`.
    pub size: usize,
    /// `cells[a][b] = a ⊗ b`.
    pub cells: Vec<Vec<u64>>,
    /// The field marking.
    pub marking: Marking,
}

/// The report of the `n × n` table, polling `stop` once per row. The caller bounds `n`
/// (`n²` products and cells).
///
/// # Examples
/// ```
/// use onag::nimber::table::nim_table_report;
/// let r = nim_table_report(256, &onag::StopFlag::new()).unwrap();
/// assert!(r.marking.closed && r.marking.field == 256); // GF(256)
/// ```
pub fn nim_table_report(n: usize, stop: &StopFlag) -> Result<NimTableReport, Stopped> {
    let table = NimTable::new_with_stop(n, stop)?;
    let marking = match table.marking() {
        FieldMarking::ClosedField => Marking {
            closed: true,
            max: table.max(),
            field: n as u64,
        },
        FieldMarking::Overflows { max, field } => Marking {
            closed: false,
            max,
            field,
        },
    };
    Ok(NimTableReport {
        size: n,
        cells: table.rows().map(<[u64]>::to_vec).collect(),
        marking,
    })
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
