//! Games: the two game traits and their generic solvers, the playing services and the one
//! analysis report, the registry of games, and the games themselves — one file each.
//!
//! - [`PartizanGame`] / [`ImpartialGame`] ([`traits`]): a game is a type that says its moves;
//! - [`PartizanSolver`] / [`ImpartialSolver`] ([`solver`]): canonical forms and Grundy
//!   values with a transposition table over components and symmetry classes;
//! - [`analysis`]: the analysis report of any position, the computer's move, remoteness;
//! - [`outcome`]: who wins a position too big for canonical forms, by outcome search (and a
//!   fast Domineering solver);
//! - [`registry`]: the list of games every face (CLI, API, pages, Python) iterates;
//! - the games: [`domineering`], [`cram`], [`clobber`], [`konane`], [`snort`], [`col`] (on
//!   the grid boards of [`grid`]), [`cutcake`], [`hackenbush`], [`euclid`] (a text
//!   notation), and the hand-built [`turning_corners`] and [`toads_and_frogs`] with their specialised solvers
//!   (each on the traits too, as are sums of Wythoff queens, [`crate::wythoff::positions`]).

pub mod analysis;
pub mod clobber;
pub mod col;
pub mod cram;
pub mod cutcake;
pub mod domineering;
pub mod domineering_census;
pub mod euclid;
pub mod grid;
pub mod hackenbush;
pub mod konane;
pub mod outcome;
pub mod page;
pub mod registry;
pub mod snort;
pub mod solver;
pub mod toads_and_frogs;
mod traits;
pub mod turning_corners;

pub use solver::{ImpartialSolver, PartizanSolver, SolverLimits, SolverUsage};
pub use traits::{AsPartizan, ImpartialGame, Keyed, PartizanGame};
