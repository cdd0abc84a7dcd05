//! Cram (*Winning Ways* ch. 15 "Cram"; *Lessons in Play* §2.4): Domineering where both players
//! may place a domino either way, so the game is impartial and every position is a nimber.
//!
//! Notation as [Domineering](super::domineering): rows separated by `|`, `.` empty, `#`
//! filled. Components: connected regions of live cells; every symmetry of the board keeps the
//! Grundy value.
//!
//! # Examples
//! ```
//! use onag::games::cram::Cram;
//! use onag::games::ImpartialSolver;
//! use onag::nimber::Nimber;
//!
//! let mut solver = ImpartialSolver::new();
//! let mut grundy = |t: &str| solver.grundy(&t.parse::<Cram>().unwrap(), &onag::StopFlag::new()).unwrap();
//! assert_eq!(grundy(".."), Nimber(1));
//! // a 1×n strip is Dawson's Kayles (octal 0.07): 0 0 1 1 2 0 3 …
//! assert_eq!(grundy("...."), Nimber(2));
//! // even × even: the second player copies the first through the centre
//! assert_eq!(grundy("....|....|....|...."), Nimber(0));
//! ```

use std::fmt;
use std::str::FromStr;

use super::domineering::Domineering;
use super::grid::{least_image, Grid, GridError, ALL_SYMMETRIES};
use super::traits::{ImpartialGame, PartizanGame};
use crate::partizan::Player;

/// A Cram position: the empty cells of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cram(Domineering);

impl Cram {
    /// The empty board of `rows × cols` cells, or `None` past the size limit.
    pub fn empty(rows: usize, cols: usize) -> Option<Cram> {
        Domineering::empty(rows, cols).map(Cram)
    }

    /// The board as a grid (layer 0: the empty cells).
    pub fn grid(&self) -> &Grid<1> {
        self.0.grid()
    }
}

impl fmt::Display for Cram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Cram {
    type Err = GridError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(Cram)
    }
}

impl ImpartialGame for Cram {
    fn options(&self) -> Vec<Self> {
        let mut out: Vec<Cram> = self.0.options(Player::Left).into_iter().map(Cram).collect();
        out.extend(self.0.options(Player::Right).into_iter().map(Cram));
        out
    }

    fn components(&self) -> Vec<Self> {
        self.0.components().into_iter().map(Cram).collect()
    }

    /// The regions of empty cells are independent games; a region left out has no move.
    fn misere_components(&self) -> Vec<Self> {
        self.components()
    }

    fn symmetric_key(&self) -> Self {
        let (key, _) = least_image(self.0.grid(), &ALL_SYMMETRIES);
        Cram(Domineering::from_grid(key))
    }

    fn move_label(&self, after: &Self) -> String {
        self.0.move_label(Player::Left, &after.0)
    }
}
