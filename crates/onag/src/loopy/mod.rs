//! Loopy games: games whose positions may repeat, where play that never ends is a draw.
//!
//! - [`graph`]: a loopy game as a finite graph of positions with Left and Right edges
//!   ([`LoopyGame`]); sums are graph products, `pass` is an edge to itself;
//! - [`outcome`]: outcomes with draws by retrograde analysis — the ground truth;
//! - [`stopper`]: stoppers (no play alternates for ever), comparison by Left's survival,
//!   canonical stoppers ([`stopper::Stopper`]);
//! - [`ondemand`]: comparison of stoppers exploring only the pairs reachable from the pair
//!   asked; [`components`]: canonical stoppers of large games (Fox and Geese), one strongly
//!   connected component at a time;
//! - [`stops`]: left and right stops of stoppers (pseudonumbers) and their means;
//! - [`name`]: how stoppers print (`on`, `over`, `3/2under`, `a{0|a}`; short values as short
//!   canonical forms).
//!
//! Sources: *Winning Ways* vol. 2 ch. 11; Siegel, *Combinatorial Game Theory* (AMS 2013)
//! ch. VI; Siegel, "Coping with cycles" (Games of No Chance 3, 2009). Conventions and
//! definitions: `docs/loopy.md`.

pub mod components;
pub mod games;
pub mod graph;
pub mod name;
pub mod ondemand;
pub mod outcome;
pub mod parse;
pub mod remoteness;
pub mod report;
pub mod sides;
pub mod stopper;
pub mod stops;

pub use graph::LoopyGame;

/// Why a loopy computation failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoopyError {
    /// The game is not a stopper (some play alternates for ever), so it has no stopper value.
    #[error("not a stopper: some play alternates for ever")]
    NotStopper,
    /// The computation would need too much memory; the message says what.
    #[error("too large: {0}")]
    TooLarge(String),
    /// A [`crate::StopFlag`] was raised.
    #[error("the computation was stopped before it finished")]
    Stopped,
    /// The input does not describe a game; the message says why.
    #[error("{0}")]
    Invalid(String),
}

impl From<crate::Stopped> for LoopyError {
    fn from(_: crate::Stopped) -> Self {
        LoopyError::Stopped
    }
}
