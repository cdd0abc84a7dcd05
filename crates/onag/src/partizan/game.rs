//! An arena of short partizan games in canonical form, hash-consed: every distinct value has
//! exactly one [`GameId`], so equality of games is equality of ids.
//!
//! Games enter the arena through [`Arena::from_options`] (Conway's simplification: dominated
//! options removed, reversible options bypassed, to a fixed point — ONAG ch. 10, Siegel *CGT*
//! Thm II.2.9), or through the fast constructors for numbers, nimbers and `number + ups + star`.
//! Since the canonical form of a game is unique (Conway, ONAG Thm 68), sorting the canonical
//! option ids gives a unique key, and the arena interns each key once.
//!
//! # Examples
//! ```
//! use onag::partizan::game::Arena;
//! use onag::partizan::Outcome;
//! let mut arena = Arena::new();
//! let zero = arena.zero();
//! let star = arena.from_options(&[zero], &[zero]).unwrap();
//! let up = arena.from_options(&[zero], &[star]).unwrap();
//! assert_eq!(arena.as_nus(up), Some((0.into(), 1, 0)));
//! let two_up = arena.add(up, up).unwrap();
//! assert_eq!(arena.outcome(two_up), Outcome::L);
//! let up_star = arena.add(up, star).unwrap();
//! assert_eq!(arena.outcome(up_star), Outcome::N);
//! ```

mod arena;
mod atomic;
mod cache;
mod canonical;
mod compare;
mod hash;
mod norton;
mod ops_memo;
mod reduced;
mod sum;
mod temperature_ops;
pub mod thermograph;

use crate::partizan::dyadic::{Dyadic, DyadicError};
use crate::Stopped;

pub use arena::Footprint;
pub(crate) use hash::FxHashMap;
pub use reduced::Tempered;

/// Id of a canonical game in an [`Arena`]: equal ids ⇔ equal values (hash-consing).
///
/// An id only means something in the arena that made it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(u32);

impl GameId {
    /// The index of this game in its arena (0 is always the game 0).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The id with index `i` (for compact tables that store [`GameId::index`]).
    pub(crate) fn from_index(i: u32) -> GameId {
        GameId(i)
    }
}

/// Why an arena operation failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// Dyadic arithmetic overflowed (a number beyond `i64 / 2^62` precision).
    #[error(
        "exact arithmetic overflow: a number here needs more than {} binary places or a \
         numerator beyond 2^63 (onag's exact numbers are dyadic rationals of 64 bits; a \
         Hackenbush stalk of alternating colours has one binary place an edge, so 63 \
         edges at most)",
        crate::partizan::dyadic::Dyadic::MAX_EXP
    )]
    Overflow,
    /// A [`crate::StopFlag`] was raised.
    #[error("the computation was stopped before it finished")]
    Stopped,
    /// The game would need too many nodes (an integer, nimber or multiple of ↑ beyond the
    /// arena's limits, or more than 2^32 games).
    #[error("too large: {0}")]
    TooLarge(String),
    /// The operation is not defined for this game (e.g. the atomic weight of a game that is
    /// not all-small, cooling by a negative temperature); the message says why.
    #[error("undefined: {0}")]
    Undefined(String),
}

impl From<DyadicError> for GameError {
    fn from(_: DyadicError) -> Self {
        GameError::Overflow
    }
}

impl From<Stopped> for GameError {
    fn from(_: Stopped) -> Self {
        GameError::Stopped
    }
}

/// One canonical game: its options (a range of `Arena::options`) and cached facts, packed
/// into 48 bytes (a Toads-and-Frogs board holds millions of games): the stops as raw dyadic
/// parts, the number and `number + ups + star` facts as flags over them.
#[derive(Clone, Debug)]
struct Node {
    start: u32,
    n_left: u32,
    n_right: u32,
    /// The negative's id once known, else `u32::MAX`.
    neg: u32,
    /// Birthday (height of the canonical game tree).
    birthday: u32,
    /// With [`Node::NUS`]: the game is x + ups·↑ + *star, x its (equal) stops.
    ups: i32,
    star: u32,
    /// Left stop and right stop (ONAG ch. 9), as numerator and exponent: cheap necessary
    /// conditions for ≤.
    left_num: i64,
    right_num: i64,
    left_exp: u8,
    right_exp: u8,
    /// [`Node::NUMBER`] | [`Node::NUS`].
    flags: u8,
}

impl Node {
    /// The game is a number (its stops).
    const NUMBER: u8 = 1;
    /// The game is x + ups·↑ + *star (every number is, with 0 and 0).
    const NUS: u8 = 2;

    #[inline]
    fn left_stop(&self) -> Dyadic {
        Dyadic::from_normalised(self.left_num, self.left_exp as u32)
    }

    #[inline]
    fn right_stop(&self) -> Dyadic {
        Dyadic::from_normalised(self.right_num, self.right_exp as u32)
    }

    /// `Some(x)` when the game is the number x.
    #[inline]
    fn number(&self) -> Option<Dyadic> {
        (self.flags & Node::NUMBER != 0).then(|| self.left_stop())
    }

    /// `Some((x, u, s))` when the game is x + u·↑ + *s.
    #[inline]
    fn nus(&self) -> Option<(Dyadic, i64, u32)> {
        (self.flags & Node::NUS != 0).then(|| (self.left_stop(), self.ups as i64, self.star))
    }

    fn is_number(&self) -> bool {
        self.flags & Node::NUMBER != 0
    }
}

/// A store of canonical games with memoised ≤, sums and negation.
///
/// Hash-consing makes every distinct value one [`GameId`]; the memo tables make repeated
/// comparisons and sums free. An arena only grows; share one across many computations (all
/// Toads-and-Frogs boards of a family) so that common subgames are built once.
///
/// # Examples
/// ```
/// use onag::partizan::dyadic::Dyadic;
/// use onag::partizan::game::Arena;
/// use onag::partizan::name::{name, NameStyle};
/// use onag::partizan::Outcome;
///
/// let mut arena = Arena::new();
/// let zero = arena.zero();
/// let star = arena.from_options(&[zero], &[zero]).unwrap(); // * = {0|0}
/// let one = arena.integer(1).unwrap();
/// let half = arena.from_options(&[zero], &[one]).unwrap(); // {0|1} = 1/2
/// assert_eq!(arena.as_number(half), Some(Dyadic::new(1, 1).unwrap()));
/// // Values are hash-consed: 1/2 + 1/2 is the very id of 1.
/// assert_eq!(arena.add(half, half).unwrap(), one);
/// assert_eq!(arena.add(star, star).unwrap(), zero); // * + * = 0
/// let switch = arena.from_options(&[one], &[zero]).unwrap(); // {1|0}
/// assert_eq!(name(&arena, switch, NameStyle::Ascii), "{1|0}");
/// assert_eq!(arena.outcome(star), Outcome::N);
/// assert_eq!(arena.outcome(switch), Outcome::N);
/// assert!(arena.le(zero, one) && !arena.le(one, zero));
/// let (mean, temperature) = arena.mean_and_temperature(switch).unwrap();
/// assert_eq!((mean, temperature), (Dyadic::new(1, 1).unwrap(), Dyadic::new(1, 1).unwrap()));
/// ```
#[derive(Clone, Debug)]
pub struct Arena {
    nodes: Vec<Node>,
    /// Canonical options of all nodes, each node a contiguous range (Left then Right).
    options: Vec<GameId>,
    /// Hash of (left, right) → first node with that hash; `chain` links further nodes.
    index: FxHashMap<u64, u32>,
    chain: Vec<u32>,
    /// (a << 32 | b) → a ≤ b: a bounded cache (see [`cache`]).
    le_memo: cache::Cache<u64, bool>,
    /// (a << 32 | b), a ≤ b → a + b.
    sum_memo: cache::Cache<u64, u32>,
    numbers: FxHashMap<Dyadic, u32>,
    nus_ids: FxHashMap<(Dyadic, i64, u32), u32>,
    /// (number of Left options, Left ids, Right ids), sorted → canonical id; emptied when it
    /// reaches [`arena::MAX_LONG_OPTION_SETS`] (it is a cache).
    options_memo: FxHashMap<Box<[u32]>, u32>,
    /// The same for keys of at most 8 words (nearly all), padded with `u32::MAX`: no
    /// allocation, and a fixed-size compare; a bounded cache.
    small_options_memo: cache::Cache<[u64; 4], u32>,
    scratch: Vec<u32>,
    /// Memos of the operations of Siegel's *CGT* ch. II (cooling, heating, atomic weight, …).
    ops: ops_memo::OpsMemo,
    /// Raised to stop a long sum or simplification ([`Arena::set_stop`]).
    stop: Option<crate::StopFlag>,
}

impl Default for Arena {
    fn default() -> Self {
        Arena::new()
    }
}

#[cfg(test)]
mod node_tests {
    #[test]
    fn a_node_takes_48_bytes() {
        // the arena of a 24-square Toads-and-Frogs board holds millions of them
        assert_eq!(std::mem::size_of::<super::Node>(), 48);
    }
}
