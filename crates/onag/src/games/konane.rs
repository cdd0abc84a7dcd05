//! Konane (Hawaiian checkers; Ernst, "Playing Konane mathematically", *Games of No Chance*
//! 1996; *Lessons in Play* §1.1): Left's stones (`x`) and Right's (`o`) on a grid with empty
//! cells (`.`); a move jumps one of your stones orthogonally over an adjacent opponent stone
//! into the empty cell beyond, capturing it, and may go on jumping in the **same direction**
//! (over an opponent stone into an empty cell) as part of the same move — CGSuite's rule: each
//! stopping point is a separate option. Who cannot move loses.
//!
//! Notation (as CGSuite's): rows separated by `|`, `x` Left, `o` Right, `.` empty, `#` off the
//! board.
//!
//! Components: the connected regions of on-board cells (stones and empty cells); every
//! symmetry of the board keeps the value.
//!
//! # Examples
//! ```
//! use onag::games::{konane::Konane, PartizanSolver};
//! use onag::partizan::name::name;
//!
//! let mut solver = PartizanSolver::new();
//! let mut value = |t: &str| {
//!     let g = solver.canonical(&t.parse::<Konane>().unwrap(), &onag::StopFlag::new()).unwrap();
//!     name(solver.arena(), g, Default::default())
//! };
//! assert_eq!(value("xo."), "1"); // Left jumps; Right has no jump
//! // Left may stop after one jump (leaving ..xo. = *) or jump twice (leaving 0)
//! assert_eq!(value("xo.o."), "1");
//! ```

use super::grid::{grid_notation, least_image, regions, Grid, Symbols, ALL_SYMMETRIES};
use super::traits::{Keyed, PartizanGame};
use crate::partizan::Player;

const SYMBOLS: Symbols<3> = Symbols {
    layers: ['x', 'o', '.'],
    none: '#',
    none_also: &[],
};

/// A Konane position: layer 0 Left's stones, layer 1 Right's, layer 2 the empty cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Konane(Grid<3>);

impl Konane {
    /// The board as a grid (layers: Left's stones, Right's stones, empty cells).
    pub fn grid(&self) -> &Grid<3> {
        &self.0
    }

    /// An opening position: `rows` × `cols` filled with alternating stones, Left's (`x`) at
    /// the top left, with the two adjacent cells of `gap` empty (Uiterwijk, *Solving narrow
    /// Konane boards*, ICGA Journal 43(3), 2021: the four setups, a horizontal or a vertical
    /// gap in the middle or at a corner). `None` when the board is empty, larger than a
    /// grid holds, or too narrow for the gap (a horizontal gap needs two columns, a vertical
    /// one two rows).
    pub fn opening(rows: usize, cols: usize, gap: KonaneGap) -> Option<Konane> {
        let ((r0, c0), (r1, c1)) = gap.cells(rows, cols)?;
        let mut g = Grid::new(cols, rows)?;
        for r in 0..rows {
            for c in 0..cols {
                let empty = (r, c) == (r0, c0) || (r, c) == (r1, c1);
                g.set(if empty { 2 } else { (r + c) % 2 }, r, c, true);
            }
        }
        Some(Konane(g))
    }
}

/// Where an opening's two empty cells lie ([`Konane::opening`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KonaneGap {
    /// Side by side in the middle: row ⌊(rows − 1)/2⌋, columns ⌊(cols − 1)/2⌋ and the next.
    MiddleHorizontal,
    /// One above the other in the middle: rows ⌊(rows − 1)/2⌋ and the next, column
    /// ⌊(cols − 1)/2⌋ (the transpose of the horizontal gap).
    MiddleVertical,
    /// Side by side at the top left corner.
    CornerHorizontal,
    /// One above the other at the top left corner.
    CornerVertical,
}

impl KonaneGap {
    /// The four setups.
    pub const ALL: [KonaneGap; 4] = [
        KonaneGap::MiddleHorizontal,
        KonaneGap::MiddleVertical,
        KonaneGap::CornerHorizontal,
        KonaneGap::CornerVertical,
    ];

    /// The setup's name: `middle-h`, `middle-v`, `corner-h`, `corner-v`.
    pub fn name(self) -> &'static str {
        match self {
            KonaneGap::MiddleHorizontal => "middle-h",
            KonaneGap::MiddleVertical => "middle-v",
            KonaneGap::CornerHorizontal => "corner-h",
            KonaneGap::CornerVertical => "corner-v",
        }
    }

    /// The gap's two cells `(row, col)` on a `rows` × `cols` board, if it fits.
    fn cells(self, rows: usize, cols: usize) -> Option<((usize, usize), (usize, usize))> {
        let horizontal = matches!(
            self,
            KonaneGap::MiddleHorizontal | KonaneGap::CornerHorizontal
        );
        if rows == 0 || cols == 0 || (horizontal && cols < 2) || (!horizontal && rows < 2) {
            return None;
        }
        let (r, c) = match self {
            KonaneGap::MiddleHorizontal | KonaneGap::MiddleVertical => {
                ((rows - 1) / 2, (cols - 1) / 2)
            }
            KonaneGap::CornerHorizontal | KonaneGap::CornerVertical => (0, 0),
        };
        // (c + 1 < cols for c = ⌊(cols − 1)/2⌋ and cols ≥ 2; the same for rows)
        let second = if horizontal { (r, c + 1) } else { (r + 1, c) };
        Some(((r, c), second))
    }
}

grid_notation!([] Konane, Konane, SYMBOLS);

impl PartizanGame for Konane {
    fn options(&self, player: Player) -> Vec<Self> {
        let (me, them) = match player {
            Player::Left => (0, 1),
            Player::Right => (1, 0),
        };
        let g = &self.0;
        let (w, h) = (g.width() as isize, g.height() as isize);
        let mut out = Vec::new();
        let mut mine = g.layers[me];
        while mine != 0 {
            let i = mine.trailing_zeros() as isize;
            mine &= mine - 1;
            for (dr, dc) in [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)] {
                let (mut r, mut c) = (i / w, i % w);
                let mut next = *g;
                let from = 1u128 << i;
                next.layers[me] &= !from;
                next.layers[2] |= from;
                loop {
                    let (r1, c1, r2, c2) = (r + dr, c + dc, r + 2 * dr, c + 2 * dc);
                    if r2 < 0 || r2 >= h || c2 < 0 || c2 >= w {
                        break;
                    }
                    let over = 1u128 << (r1 * w + c1);
                    let into = 1u128 << (r2 * w + c2);
                    if next.layers[them] & over == 0 || next.layers[2] & into == 0 {
                        break;
                    }
                    // the captured stone leaves an empty cell; the landing cell is only
                    // taken if the jumps stop there
                    next.layers[them] &= !over;
                    next.layers[2] |= over;
                    let mut stop_here = next;
                    stop_here.layers[2] &= !into;
                    stop_here.layers[me] |= into;
                    out.push(Konane(stop_here));
                    (r, c) = (r2, c2);
                }
            }
        }
        out
    }

    fn components(&self) -> Vec<Self> {
        let g = &self.0;
        let cells = g.layers[0] | g.layers[1] | g.layers[2];
        regions(g, cells, 0)
            .into_iter()
            .filter(|r| r.layers[0] | r.layers[1] != 0)
            .map(Konane)
            .collect()
    }

    fn symmetric_key(&self) -> Keyed<Self> {
        Keyed {
            key: Konane(least_image(&self.0, &ALL_SYMMETRIES).0),
            negated: false,
        }
    }

    fn move_label(&self, _player: Player, after: &Self) -> String {
        self.0.changed_cells(&after.0)
    }
}
