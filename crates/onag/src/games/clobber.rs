//! Clobber (Albert, Grossman, Nowakowski, Wolfe 2002; *Lessons in Play* §1.1 and ch. 9):
//! Left's stones (black, `x`) and Right's (white, `o`) on a grid; a move takes one of your
//! stones onto an orthogonally adjacent stone of the opponent's, which is removed. Who cannot
//! move loses. Every position is all-small (a player with a move always leaves the opponent
//! one, until both have none).
//!
//! Notation (as CGSuite's): rows separated by `|`, `x` Left's stone, `o` Right's, `.` (or `#`)
//! an empty cell: `"xo"` is `*`, `"xoo"` is `↓` (Left's capture leaves `*`, Right's 0).
//!
//! Components: stones only ever move onto stones, so the connected groups of stones are
//! independent (a group of one colour is 0). Every symmetry of the board keeps the value
//! (the players move alike in every direction).
//!
//! # Examples
//! ```
//! use onag::games::{clobber::Clobber, PartizanSolver};
//! use onag::partizan::name::name;
//!
//! let mut solver = PartizanSolver::new();
//! let g = solver.canonical(&"xo".parse::<Clobber>().unwrap(), &onag::StopFlag::new()).unwrap();
//! assert_eq!(name(solver.arena(), g, Default::default()), "*");
//! ```

use super::grid::{grid_notation, least_image, regions, Grid, Symbols, ALL_SYMMETRIES};
use super::traits::{Keyed, PartizanGame};
use crate::partizan::Player;

const SYMBOLS: Symbols<2> = Symbols {
    layers: ['x', 'o'],
    none: '.',
    none_also: &['#'],
};

/// A Clobber position: layer 0 Left's stones, layer 1 Right's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clobber(Grid<2>);

impl Clobber {
    /// The board as a grid (layer 0: Left's stones, layer 1: Right's).
    pub fn grid(&self) -> &Grid<2> {
        &self.0
    }

    /// The `rows × cols` board filled with alternating stones, Left's in the top-left corner
    /// (the usual starting position), or `None` past the size limit.
    ///
    /// # Examples
    /// ```
    /// use onag::games::clobber::Clobber;
    /// assert_eq!(Clobber::checkered(2, 3).unwrap().to_string(), "xox|oxo");
    /// ```
    pub fn checkered(rows: usize, cols: usize) -> Option<Clobber> {
        let mut g = Grid::new(cols, rows)?;
        for r in 0..rows {
            for c in 0..cols {
                g.set((r + c) % 2, r, c, true);
            }
        }
        Some(Clobber(g))
    }
}

grid_notation!([] Clobber, Clobber, SYMBOLS);

impl PartizanGame for Clobber {
    fn options(&self, player: Player) -> Vec<Self> {
        let (me, them) = match player {
            Player::Left => (0, 1),
            Player::Right => (1, 0),
        };
        let g = &self.0;
        let mut out = Vec::new();
        let mut mine = g.layers[me] & g.neighbours(g.layers[them]);
        while mine != 0 {
            let from = mine & mine.wrapping_neg();
            mine &= mine - 1;
            let mut targets = g.neighbours(from) & g.layers[them];
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets &= targets - 1;
                let mut next = *g;
                next.layers[me] = (next.layers[me] & !from) | to;
                next.layers[them] &= !to;
                out.push(Clobber(next));
            }
        }
        out
    }

    fn components(&self) -> Vec<Self> {
        let g = &self.0;
        let stones = g.layers[0] | g.layers[1];
        // a stone with no opponent next to it never moves, but it can still be clobbered:
        // keep whole groups, drop the groups of one colour (worth 0)
        regions(g, stones, 0)
            .into_iter()
            .filter(|r| r.layers[0] != 0 && r.layers[1] != 0)
            .map(Clobber)
            .collect()
    }

    fn symmetric_key(&self) -> Keyed<Self> {
        Keyed {
            key: Clobber(least_image(&self.0, &ALL_SYMMETRIES).0),
            negated: false,
        }
    }

    fn move_label(&self, _player: Player, after: &Self) -> String {
        self.0.changed_cells(&after.0)
    }
}
