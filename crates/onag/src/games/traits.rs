//! The two game traits: a game is a type that says its moves.
//!
//! - [`PartizanGame`]: Left's and Right's options of a position (Conway, *On Numbers and
//!   Games*, ch. 7: a game is `{ Left options | Right options }`);
//! - [`ImpartialGame`]: one set of options for both players (Sprague–Grundy: every position
//!   is worth a nimber, *Winning Ways* ch. 3).
//!
//! Both may split a position into independent components — a disjunctive sum, whose value is
//! the sum of the components' values (the nim-sum of their Grundy values) — and may name a
//! *symmetric key*: one representative of the positions a symmetry maps this one to, so that
//! the solvers' transposition tables ([`super::solver`]) store each class once. A partizan
//! symmetry may swap the players: a quarter turn of a Domineering board turns Left's vertical
//! dominoes into horizontal ones, so the turned board is worth the *negative*
//! ([`Keyed::negated`]).
//!
//! Everything else — canonical forms, Grundy values, thermographs, ✓/✗ on every move, the
//! computer's move, remoteness, the analysis report — is generic over these traits
//! ([`super::solver`], [`super::analysis`]).
//!
//! # Examples
//! A game of Nim-like "take one or two from a strip, Left from the left end, Right from the
//! right end" in a few lines:
//! ```
//! use onag::games::{PartizanGame, PartizanSolver};
//! use onag::partizan::Player;
//!
//! /// A strip of n tokens; Left takes 1 token, Right takes 1 or 2.
//! #[derive(Clone, PartialEq, Eq, Hash, Debug)]
//! struct Strip(u32);
//!
//! impl std::fmt::Display for Strip {
//!     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
//!         write!(f, "{}", self.0)
//!     }
//! }
//!
//! impl PartizanGame for Strip {
//!     fn options(&self, player: Player) -> Vec<Strip> {
//!         let take: &[u32] = match player {
//!             Player::Left => &[1],
//!             Player::Right => &[1, 2],
//!         };
//!         take.iter().filter(|&&t| t <= self.0).map(|t| Strip(self.0 - t)).collect()
//!     }
//! }
//!
//! let mut solver = PartizanSolver::new();
//! let g = solver.canonical(&Strip(1), &onag::StopFlag::new()).unwrap();
//! assert_eq!(onag::partizan::name::name(solver.arena(), g, Default::default()), "*");
//! ```

use std::fmt::Display;
use std::hash::Hash;

use crate::partizan::Player;

/// A representative of a position's symmetry class, and whether the symmetry that maps the
/// position onto it swaps the players (then the representative is worth the negative).
///
/// # Examples
/// ```
/// use onag::games::Keyed;
/// let k = Keyed { key: 7u32, negated: true };
/// assert_eq!(k.key, 7);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Keyed<G> {
    /// The representative (a position of the same game).
    pub key: G,
    /// The representative is worth minus the position (the symmetry swapped the players).
    pub negated: bool,
}

/// A short partizan game: a position says Left's and Right's options.
///
/// Positions must be finite and loop-free (every sequence of moves ends). Equal positions
/// (`Eq` + `Hash`) must have equal values — the solver's table stores one value per key.
/// `Display` prints the game's notation (the form its parser reads back).
///
/// Only [`PartizanGame::options`] is required; the others default to "one component, no
/// symmetry" and "the option's notation" and are there for speed and for the pages.
pub trait PartizanGame: Clone + Eq + Hash + Display {
    /// The positions `player` can move to.
    fn options(&self, player: Player) -> Vec<Self>;

    /// Independent components whose sum is this position (each, again, a position of the
    /// game; none may be `self` unless it is the only one). Components that are worth 0 may
    /// be left out. Default: the position itself.
    fn components(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// The representative of this position's symmetry class. Every position of one class
    /// must give the same `key`, and `negated` must say whether the position is worth minus
    /// the key. Default: the position itself, not negated.
    fn symmetric_key(&self) -> Keyed<Self> {
        Keyed {
            key: self.clone(),
            negated: false,
        }
    }

    /// How the pages and reports name the move from `self` to `after` by `player` (default:
    /// the notation of `after`). Grid games name the cells.
    fn move_label(&self, player: Player, after: &Self) -> String {
        let _ = player;
        after.to_string()
    }

    /// Moves `player` is sure of whatever the opponent does (a lower bound; default 0): the
    /// strong computer's heuristic counts them beside the mobility. Domineering's are its
    /// safe moves (Bullock 2002: disjoint places on cells the opponent can never cover).
    fn safe_moves(&self, player: Player) -> u32 {
        let _ = player;
        0
    }
}

/// A short impartial game: a position says its options (the same for both players).
///
/// Positions must be finite and loop-free; equal positions must have equal Grundy values.
pub trait ImpartialGame: Clone + Eq + Hash + Display {
    /// The positions the player to move can move to.
    fn options(&self) -> Vec<Self>;

    /// Independent components whose disjunctive sum is this position (the Grundy value is
    /// the nim-sum of theirs). Components of Grundy value 0 may be left out. Default: the
    /// position itself.
    fn components(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// Components whose disjunctive sum is this position *as a game tree*, so that misère
    /// play may add them too: no component may be left out unless it has no move, and
    /// normal-play shortcuts (coin-turning's one game per head) do not count. Default: the
    /// position itself.
    fn misere_components(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// The representative of this position's symmetry class (every symmetry of an impartial
    /// game keeps its Grundy value). Default: the position itself.
    fn symmetric_key(&self) -> Self {
        self.clone()
    }

    /// How the pages and reports name the move from `self` to `after` (default: the notation
    /// of `after`).
    fn move_label(&self, after: &Self) -> String {
        after.to_string()
    }
}

/// An impartial game seen as a partizan one (both players have the same options), so that
/// every partizan service — canonical forms, thermographs, the analysis report — applies.
/// Its canonical value is the nimber of its Grundy value.
///
/// # Examples
/// ```
/// use onag::games::{AsPartizan, PartizanSolver, cram::Cram};
///
/// let board: Cram = "...".parse().unwrap(); // a 1×3 Cram strip is *1
/// let mut solver = PartizanSolver::new();
/// let g = solver.canonical(&AsPartizan(board), &onag::StopFlag::new()).unwrap();
/// assert_eq!(solver.arena().as_nus(g), Some((0.into(), 0, 1)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AsPartizan<G>(pub G);

impl<G: Display> Display for AsPartizan<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<G: ImpartialGame> PartizanGame for AsPartizan<G> {
    fn options(&self, _player: Player) -> Vec<Self> {
        self.0.options().into_iter().map(AsPartizan).collect()
    }

    fn components(&self) -> Vec<Self> {
        self.0.components().into_iter().map(AsPartizan).collect()
    }

    fn symmetric_key(&self) -> Keyed<Self> {
        Keyed {
            key: AsPartizan(self.0.symmetric_key()),
            negated: false,
        }
    }

    fn move_label(&self, _player: Player, after: &Self) -> String {
        self.0.move_label(&after.0)
    }
}
