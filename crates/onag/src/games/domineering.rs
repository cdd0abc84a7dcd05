//! Domineering (Göran Andersson; *Winning Ways* ch. 5 "Dominoes"; *Lessons in Play* §1.1):
//! players take turns placing a domino on two empty orthogonally adjacent cells; **Left
//! places vertical dominoes, Right horizontal ones** (the convention of CGSuite and *Lessons in
//! Play*). Who cannot place loses.
//!
//! Notation: rows top to bottom separated by `|`, `.` an empty cell, `#` a filled or missing
//! one: `"..|.."` is the 2×2 square (±1), `"....|.##.|...."` a ring. At most
//! [`grid::MAX_CELLS`](super::grid::MAX_CELLS) cells.
//!
//! Components: a cell with no empty neighbour can never be covered, and cells that are not
//! connected through empty cells are independent, so a board is the sum of its connected
//! regions of live cells, each cut to its bounding box. Symmetry: the four symmetries that
//! keep rows rows (mirrors, half turn) keep the value; the four that swap rows and columns
//! (quarter turns, transposes) turn Left's vertical dominoes into horizontal ones, so the image
//! is worth the negative.
//!
//! # Examples
//! ```
//! use onag::games::domineering::Domineering;
//! use onag::games::PartizanSolver;
//! use onag::partizan::name::name;
//!
//! let mut solver = PartizanSolver::new();
//! let mut value = |text: &str| {
//!     let board: Domineering = text.parse().unwrap();
//!     let g = solver.canonical(&board, &onag::StopFlag::new()).unwrap();
//!     name(solver.arena(), g, Default::default())
//! };
//! assert_eq!(value(".|."), "1"); // a vertical 2×1 strip: one move for Left
//! assert_eq!(value(".."), "-1");
//! assert_eq!(value("..|.."), "+-1");
//! assert_eq!(value("...|..."), "{2|-1/2}"); // 2 rows, 3 columns; turned, the negative:
//! assert_eq!(value("..|..|.."), "{1/2|-2}");
//! ```

use super::grid::{grid_notation, least_image, Grid, Symbols, ALL_SYMMETRIES};
use super::traits::{Keyed, PartizanGame};
use crate::partizan::Player;

const SYMBOLS: Symbols<1> = Symbols {
    layers: ['.'],
    none: '#',
    none_also: &[],
};

/// A Domineering position: which cells of a board are empty (see the
/// [module documentation](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domineering(Grid<1>);

impl Domineering {
    /// The empty board of `rows × cols` cells, or `None` past the size limit.
    ///
    /// # Examples
    /// ```
    /// use onag::games::domineering::Domineering;
    /// assert_eq!(Domineering::empty(2, 3).unwrap().to_string(), "...|...");
    /// ```
    pub fn empty(rows: usize, cols: usize) -> Option<Domineering> {
        let mut g = Grid::new(cols, rows)?;
        g.layers[0] = g.full();
        Some(Domineering(g))
    }

    /// The position whose empty cells are layer 0 of `grid`.
    pub fn from_grid(grid: Grid<1>) -> Domineering {
        Domineering(grid)
    }

    /// The board as a grid (layer 0: the empty cells).
    pub fn grid(&self) -> &Grid<1> {
        &self.0
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> u128 {
        self.0.layers[0]
    }

    /// The top cells of the vertical places (Left's moves).
    #[inline]
    fn vertical(&self) -> u128 {
        let e = self.0.layers[0];
        e & (e >> self.0.width())
    }

    /// The left cells of the horizontal places (Right's moves).
    #[inline]
    fn horizontal(&self) -> u128 {
        let e = self.0.layers[0];
        e & (e >> 1) & self.0.has_right()
    }

    /// The number of places `player` has (each a legal move).
    pub fn move_count(&self, player: Player) -> u32 {
        match player {
            Player::Left => self.vertical().count_ones(),
            Player::Right => self.horizontal().count_ones(),
        }
    }

    /// The most disjoint places of `player` on the cells the opponent cannot cover now: the
    /// safe moves (Bullock 2002). Cells only fill, so the opponent can never cover them, and
    /// `player` can make all these moves whatever happens. Paired greedily from the top (the
    /// left) of each line, which is optimal on a line.
    pub fn safe_move_count(&self, player: Player) -> u32 {
        let w = self.0.width() as u32;
        let (mut cells, step, pairs_ok) = match player {
            Player::Left => {
                let h = self.horizontal();
                (self.empty_cells() & !(h | (h << 1)), w, !0u128)
            }
            Player::Right => {
                let v = self.vertical();
                (self.empty_cells() & !(v | (v << w)), 1, self.0.has_right())
            }
        };
        let mut count = 0;
        while cells != 0 {
            let i = cells.trailing_zeros();
            let first = 1u128 << i;
            let second = first.checked_shl(step).unwrap_or(0);
            if first & pairs_ok != 0 && cells & second != 0 {
                count += 1;
                cells &= !second;
            }
            cells &= !first;
        }
        count
    }
}

grid_notation!([] Domineering, Domineering, SYMBOLS);

impl PartizanGame for Domineering {
    fn options(&self, player: Player) -> Vec<Self> {
        let (mut tops, step) = match player {
            Player::Left => (self.vertical(), self.0.width()),
            Player::Right => (self.horizontal(), 1),
        };
        let mut out = Vec::with_capacity(tops.count_ones() as usize);
        while tops != 0 {
            let i = tops.trailing_zeros() as usize;
            tops &= tops - 1;
            let mut g = self.0;
            g.layers[0] &= !((1u128 << i) | (1u128 << (i + step)));
            out.push(Domineering(g));
        }
        out
    }

    fn components(&self) -> Vec<Self> {
        let e = self.0.layers[0];
        let live = e & self.0.neighbours(e);
        if live == 0 {
            return Vec::new();
        }
        let parts = self.0.connected_parts(live);
        if parts.len() == 1 && live == e {
            let cropped = self.0.crop(live);
            return vec![Domineering(cropped)];
        }
        parts
            .into_iter()
            .map(|p| Domineering(self.0.crop(p)))
            .collect()
    }

    fn symmetric_key(&self) -> Keyed<Self> {
        let (key, s) = least_image(&self.0, &ALL_SYMMETRIES);
        Keyed {
            key: Domineering(key),
            negated: s & 4 != 0,
        }
    }

    fn move_label(&self, _player: Player, after: &Self) -> String {
        self.0.changed_cells(&after.0)
    }

    fn safe_moves(&self, player: Player) -> u32 {
        self.safe_move_count(player)
    }
}
