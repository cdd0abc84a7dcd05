//! Short partizan games: exact dyadic numbers, an arena of canonical forms, names, a parser,
//! thermographs and value-free search.

pub mod dyadic;
pub mod game;
pub mod name;
pub mod parse;
pub mod report;
pub mod search;

/// Thermographs (a game operation: they live with the arena, whose cooling, heating and
/// temperature memo use them, and are named here as everywhere in the literature).
pub use game::thermograph;

use std::fmt;

/// One of the two players of a partizan game.
///
/// # Examples
/// ```
/// use onag::partizan::Player;
///
/// assert_eq!(Player::Left.opposite(), Player::Right);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Player {
    /// Left (Blue, the toads in Toads and Frogs); positive values favour Left.
    Left,
    /// Right (Red, the frogs); negative values favour Right.
    Right,
}

impl Player {
    /// The other player.
    pub fn opposite(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

/// A pair of values, one per player.
///
/// # Examples
/// ```
/// use onag::partizan::{ByPlayer, Player};
///
/// let mut moves = ByPlayer { left: 2, right: 0 };
/// *moves.get_mut(Player::Right) += 1;
/// assert_eq!((*moves.get(Player::Left), moves.right), (2, 1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByPlayer<T> {
    /// Left's value.
    pub left: T,
    /// Right's value.
    pub right: T,
}

impl<T> ByPlayer<T> {
    /// The value of `player`.
    pub fn get(&self, player: Player) -> &T {
        match player {
            Player::Left => &self.left,
            Player::Right => &self.right,
        }
    }

    /// The value of `player`, mutably.
    pub fn get_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::Left => &mut self.left,
            Player::Right => &mut self.right,
        }
    }
}

/// Outcome class of a game: who wins with perfect play.
///
/// # Examples
/// ```
/// use onag::partizan::{game::Arena, parse::parse, Outcome};
///
/// let mut arena = Arena::new();
/// let up = parse(&mut arena, "↑").unwrap();
/// assert_eq!(arena.outcome(up), Outcome::L); // ↑ > 0
/// // Left wins moving first, Right does not: Left wins whoever starts.
/// assert_eq!(Outcome::from_first_player_wins(true, false), Outcome::L);
/// assert_eq!(Outcome::N.to_string(), "N");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// Left wins whoever starts (G > 0).
    L,
    /// Right wins whoever starts (G < 0).
    R,
    /// The second player wins (G = 0).
    P,
    /// The first player wins (G ‖ 0).
    N,
}

impl Outcome {
    /// The outcome from who wins moving first: `left_first` is whether Left wins when Left
    /// starts, `right_first` whether Right wins when Right starts.
    pub fn from_first_player_wins(left_first: bool, right_first: bool) -> Outcome {
        match (left_first, right_first) {
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
            (true, true) => Outcome::N,
        }
    }

    /// Whether `player` wins moving first in a game of this outcome (the inverse of
    /// [`from_first_player_wins`](Self::from_first_player_wins)).
    pub fn first_player_wins(self, player: Player) -> bool {
        matches!(
            (self, player),
            (Outcome::L | Outcome::N, Player::Left) | (Outcome::R | Outcome::N, Player::Right)
        )
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}
