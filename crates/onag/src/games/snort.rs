//! Snort (Simon Norton; *Winning Ways* ch. 6 "Snort"; *Lessons in Play* §1.1): players take
//! turns colouring an uncoloured cell of a grid with their own colour — Left `x` (blue), Right
//! `o` (red) — never next to a cell of the **opponent's** colour. Who cannot move loses.
//! [Col](super::col) is the same with the rule reversed; both share [`Colouring`].
//!
//! Notation: rows separated by `|`, `.` uncoloured, `x` Left's colour, `o` Right's, `#` off
//! the board (a path of n cells is `"..."`, one row).
//!
//! Components: the connected regions of uncoloured cells, each with the coloured cells next
//! to it (they are what forbids moves); every symmetry of the board keeps the value.
//!
//! # Examples
//! ```
//! use onag::games::{snort::Snort, PartizanSolver};
//! use onag::partizan::name::name;
//!
//! let mut solver = PartizanSolver::new();
//! let mut value = |t: &str| {
//!     let g = solver.canonical(&t.parse::<Snort>().unwrap(), &onag::StopFlag::new()).unwrap();
//!     name(solver.arena(), g, Default::default())
//! };
//! assert_eq!(value("."), "*"); // one cell: either may colour it
//! assert_eq!(value(".."), "+-1"); // Winning Ways: a Snort pair is a hot switch
//! assert_eq!(value("x."), "1");
//! ```

use super::grid::{grid_notation, least_image, regions, Grid, Symbols, ALL_SYMMETRIES};
use super::traits::{Keyed, PartizanGame};
use crate::partizan::Player;

const SYMBOLS: Symbols<3> = Symbols {
    layers: ['.', 'x', 'o'],
    none: '#',
    none_also: &[],
};

/// A board of a colouring game: layer 0 the uncoloured cells, layer 1 Left's colour, layer 2
/// Right's. `SAME` says which neighbours forbid a move: the opponent's colour (Snort,
/// `SAME = false`) or the mover's own (Col, `SAME = true`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Colouring<const SAME: bool>(Grid<3>);

/// A Snort position.
pub type Snort = Colouring<false>;

impl<const SAME: bool> Colouring<SAME> {
    /// The board as a grid (layers: uncoloured, Left's colour, Right's colour).
    pub fn grid(&self) -> &Grid<3> {
        &self.0
    }

    /// The uncoloured `rows × cols` board, or `None` past the size limit.
    pub fn empty(rows: usize, cols: usize) -> Option<Self> {
        let mut g = Grid::new(cols, rows)?;
        g.layers[0] = g.full();
        Some(Colouring(g))
    }

    /// The cells `player` may colour.
    fn legal(&self, player: Player) -> u128 {
        let g = &self.0;
        let forbidding = match (player, SAME) {
            (Player::Left, false) | (Player::Right, true) => g.layers[2],
            (Player::Right, false) | (Player::Left, true) => g.layers[1],
        };
        g.layers[0] & !g.neighbours(forbidding)
    }
}

grid_notation!([const SAME: bool] Colouring<SAME>, Colouring, SYMBOLS);

impl<const SAME: bool> PartizanGame for Colouring<SAME> {
    fn options(&self, player: Player) -> Vec<Self> {
        let layer = match player {
            Player::Left => 1,
            Player::Right => 2,
        };
        let mut cells = self.legal(player);
        let mut out = Vec::with_capacity(cells.count_ones() as usize);
        while cells != 0 {
            let b = cells & cells.wrapping_neg();
            cells &= cells - 1;
            let mut next = self.0;
            next.layers[0] &= !b;
            next.layers[layer] |= b;
            out.push(Colouring(next));
        }
        out
    }

    fn components(&self) -> Vec<Self> {
        let g = &self.0;
        regions(g, g.layers[0], g.layers[1] | g.layers[2])
            .into_iter()
            .map(Colouring)
            .collect()
    }

    fn symmetric_key(&self) -> Keyed<Self> {
        Keyed {
            key: Colouring(least_image(&self.0, &ALL_SYMMETRIES).0),
            negated: false,
        }
    }

    fn move_label(&self, _player: Player, after: &Self) -> String {
        self.0.changed_cells(&after.0)
    }
}
