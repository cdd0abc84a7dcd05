//! Games: the two game traits and their generic solvers, the playing services and the one
//! analysis report, the registry of games, and the games themselves — one file each.
//!
//! - [`PartizanGame`] / [`ImpartialGame`] ([`traits`]): a game is a type that says its moves;
//! - [`PartizanSolver`] / [`ImpartialSolver`] ([`solver`]): canonical forms and Grundy
//!   values with a transposition table over components and symmetry classes;
//! - [`analysis`]: the analysis report of any position, the computer's move, remoteness;
//! - [`registry`]: the list of games every face (CLI, API, pages, Python) iterates;
//! - the games: [`domineering`], [`cram`] (on the grid boards of [`grid`]), and the
//!   hand-built Turning Corners and Toads and Frogs with their specialised solvers.

pub mod analysis;
pub mod cram;
pub mod domineering;
pub mod grid;
pub mod registry;
pub mod solver;
pub mod toads_and_frogs;
mod traits;
pub mod turning_corners;

pub use solver::{ImpartialSolver, PartizanSolver, SolverLimits, SolverUsage};
pub use traits::{AsPartizan, ImpartialGame, Keyed, PartizanGame};
