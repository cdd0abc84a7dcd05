//! Product coin-turning games G×H and the Tartan theorem.
//!
//! In the product of two one-dimensional games a move picks a G-move `A` (head `x`) and an
//! H-move `B` (head `y`) and turns every coin of `A × B`; its head is `(x, y)`. The Tartan
//! theorem (Winning Ways ch. 14, "Tartans"; On Numbers and Games ch. 11) says the value of
//! coin `(x, y)` is `g(x) ⊗ h(y)`. [`Product::values_by_mex`] computes the values from the
//! definition, with no use of nim multiplication, so [`Product::tartan_check`] is a real test.

use super::coins::Rule;
use super::mex::Stamp;
use crate::nimber::Nimber;

/// The product G×H of two one-dimensional rulesets. Coins are `(x, y)` with `x` a coin of G
/// and `y` a coin of H in their own numbering (see [`super::coins`]); rows are G, columns H.
///
/// # Examples
/// ```
/// use onag::impartial::coins::Rule;
/// use onag::impartial::product::Product;
///
/// let rugs = Product { g: Rule::Ruler, h: Rule::Ruler };
/// let values = rugs.values_by_mex(4, 4);
/// assert_eq!(values[1][1], 3); // ruler(2) ⊗ ruler(2) = 2 ⊗ 2
/// assert_eq!(rugs.tartan_check(6, 6).mismatches, 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Product {
    /// The ruleset of the rows (first coordinate).
    pub g: Rule,
    /// The ruleset of the columns (second coordinate).
    pub h: Rule,
}

/// The outcome of comparing the by-definition values of a product with `g(x) ⊗ h(y)`.
///
/// # Examples
/// ```
/// use onag::impartial::product::Product;
///
/// let report = Product::CORNERS.tartan_check(8, 8);
/// assert_eq!((report.cells, report.mismatches), (64, 0)); // the Tartan theorem
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TartanReport {
    /// Number of coins compared.
    pub cells: usize,
    /// Coins whose mex value differs from `g(x) ⊗ h(y)`.
    pub mismatches: usize,
}

impl Product {
    /// Turning Corners: Twins × Twins.
    pub const CORNERS: Product = Product {
        g: Rule::Twins,
        h: Rule::Twins,
    };

    /// The single-coin values of the first `rows × cols` coins by mex over product moves.
    /// `result[i][j]` is the value of coin `(g.first_coin() + i, h.first_coin() + j)`.
    /// Coins beyond position 63 in either direction have no moves listed, so keep
    /// `first_coin + rows ≤ 64` (and the same for columns).
    pub fn values_by_mex(self, rows: usize, cols: usize) -> Vec<Vec<u64>> {
        let (g0, h0) = (self.g.first_coin(), self.h.first_coin());
        // Values by position, border positions included (value 0).
        let (nr, nc) = (g0 + rows, h0 + cols);
        let mut v = vec![vec![0u64; nc]; nr];
        let g_moves: Vec<Vec<u64>> = (0..nr).map(|x| self.g.moves(x)).collect();
        let h_moves: Vec<Vec<u64>> = (0..nc).map(|y| self.h.moves(y)).collect();
        let mut stamp = Stamp::new(256);
        for x in g0..nr {
            for y in h0..nc {
                stamp.next_round();
                for &a in &g_moves[x] {
                    // The XOR over A∪{x} of the column-wise values, per column, is reused for
                    // every B: row_xor[j] = ⊕_{i ∈ A∪{x}} v[i][j].
                    let row_xor: Vec<u64> = (0..y)
                        .map(|j| bits(a).fold(v[x][j], |acc, i| acc ^ v[i][j]))
                        .collect();
                    let a_only = bits(a).fold(0, |acc, i| acc ^ v[i][y]);
                    for &b in &h_moves[y] {
                        let others = bits(b).fold(a_only, |acc, j| acc ^ row_xor[j]);
                        stamp.mark(others as usize);
                    }
                }
                v[x][y] = stamp.mex();
            }
        }
        v[g0..].iter().map(|row| row[h0..].to_vec()).collect()
    }

    /// Compares [`Self::values_by_mex`] with `g(x) ⊗ h(y)` on `rows × cols` coins.
    pub fn tartan_check(self, rows: usize, cols: usize) -> TartanReport {
        let by_mex = self.values_by_mex(rows, cols);
        let gv = self.g.values(self.g.first_coin() + rows);
        let hv = self.h.values(self.h.first_coin() + cols);
        let mut mismatches = 0;
        for (i, row) in by_mex.iter().enumerate() {
            for (j, &value) in row.iter().enumerate() {
                let g = Nimber(gv[self.g.first_coin() + i]);
                let h = Nimber(hv[self.h.first_coin() + j]);
                if (g * h).0 != value {
                    mismatches += 1;
                }
            }
        }
        TartanReport {
            cells: rows * cols,
            mismatches,
        }
    }
}

/// The positions of the set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}
