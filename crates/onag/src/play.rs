//! One convention for playing a move, shared by every playable game: [`Play`].
//!
//! A position is a small value; playing a move returns the position after it and leaves the
//! original untouched, so a search keeps its parent without undoing anything. As in
//! cozy-chess, the plain name is the safe one:
//!
//! - [`Play::play`] checks the move and returns `Err` (the game's own typed error) when it is
//!   illegal; use it for moves that come from outside (a user, a request, a file).
//! - [`Play::play_unchecked`] skips the check; use it for moves that come from the game's own
//!   move generator (solvers, analyses, reports), where the check would only repeat work.
//!   On an illegal move it does not panic (and, the crate being safe code, nothing undefined
//!   happens), but the position it returns may be one the game cannot reach, or break the
//!   type's invariants (a queen off the board), so that later calls on it give wrong answers
//!   or panic; each implementation says exactly what it does.
//!
//! The games: [`crate::games::toads_and_frogs::Board`],
//! [`crate::games::turning_corners::TurningCorners`] and
//! [`crate::wythoff::positions::Position`] (sums of Wythoff queens).
//!
//! # Examples
//! ```
//! use onag::games::toads_and_frogs::{Board, Move};
//! use onag::partizan::Player;
//! use onag::Play;
//!
//! let board: Board = "T.F".parse().unwrap();
//! let step = Move { from: 0, to: 1 };
//! assert_eq!(board.play(step).unwrap().to_string(), ".TF");
//! // A toad cannot step onto a frog: `play` says so, the board is unchanged.
//! assert!(board.play(Move { from: 0, to: 2 }).is_err());
//! // Moves from the generator are legal, so the unchecked form is enough there.
//! for mv in board.moves(Player::Left) {
//!     assert_eq!(board.play_unchecked(mv), board.play(mv).unwrap());
//! }
//! ```

/// A position in which moves are played (see the [module documentation](self)).
pub trait Play: Sized {
    /// A move of the game.
    type Move: Copy;
    /// Why a move is illegal in a position.
    type Error: std::error::Error;

    /// `Ok(())` exactly when `mv` is legal in `self`.
    fn check(&self, mv: Self::Move) -> Result<(), Self::Error>;

    /// The position after `mv`, which the caller knows to be legal (it came from the game's
    /// move generator). An illegal move does not panic here, but gives a position the game
    /// may not reach (see the [module documentation](self)).
    fn play_unchecked(&self, mv: Self::Move) -> Self;

    /// The position after `mv`, or the reason `mv` is illegal ([`Play::check`]).
    fn play(&self, mv: Self::Move) -> Result<Self, Self::Error> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }
}
