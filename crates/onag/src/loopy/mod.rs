//! Loopy games: games whose positions may repeat, where play that never ends is a draw.
//!
//! - [`graph`]: a loopy game as a finite graph of positions with Left and Right edges
//!   ([`LoopyGame`]); sums are graph products, `pass` is an edge to itself;
//! - [`outcome`]: outcomes with draws by retrograde analysis — the ground truth;
//! - [`impartial`]: loopy impartial games, Smith's loopy nim-values (`∞{0,1}`) and their sums;
//! - [`stopper`]: stoppers (no play alternates for ever), comparison by Left's survival,
//!   canonical stoppers ([`stopper::Stopper`]);
//! - [`ondemand`]: comparison of stoppers exploring only the pairs reachable from the pair
//!   asked; [`components`]: canonical stoppers of large games (Fox and Geese), one strongly
//!   connected component at a time;
//! - [`sides`]: onsides and offsides by sidling; [`sided`]: sided values `G & H` and the
//!   comparison of any two loopy values by their sides;
//! - [`stops`]: left and right stops of stoppers (pseudonumbers) and their means;
//! - [`thermo`]: thermographs of stoppers, by unrolling the graph;
//! - [`reduced`]: comparison modulo infinitesimals and reduced canonical forms of stoppers;
//! - [`name`]: how stoppers print (`on`, `over`, `3/2under`, `a{0|a}`; short values as short
//!   canonical forms).
//!
//! Sources: *Winning Ways* vol. 2 ch. 11; Siegel, *Combinatorial Game Theory* (AMS 2013)
//! ch. VI; Siegel, "Coping with cycles" (Games of No Chance 3, 2009). Conventions and
//! definitions: `docs/loopy.md`.

pub mod components;
pub mod games;
pub mod graph;
pub mod impartial;
pub mod name;
pub mod ondemand;
pub mod outcome;
pub mod parse;
pub mod reduced;
pub mod remoteness;
pub mod report;
pub mod sided;
pub mod sides;
pub mod stopper;
pub mod stops;
pub mod thermo;

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
    /// Sidling found no stopper sides, so the game has no value here to compare or print
    /// (Bach's Carousel is such a game).
    #[error("no stopper sides found (sidling did not settle), so the game has no value here")]
    NoSides,
    /// A sided value G & H whose onside G is not ≥ its offside H (the sides of a game always
    /// are: Siegel, *CGT* ch. VI.4).
    #[error("the onside of G & H must be ≥ its offside")]
    SidesOutOfOrder,
}

impl From<crate::Stopped> for LoopyError {
    fn from(_: crate::Stopped) -> Self {
        LoopyError::Stopped
    }
}
