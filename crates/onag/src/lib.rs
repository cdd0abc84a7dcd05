//! # onag — exact combinatorial game theory
//!
//! A library of exact, fast algorithms for combinatorial games:
//!
//! - [`nimber`]: nim arithmetic (the field of nimbers) on 64- and 128-bit words;
//! - [`impartial`]: mex, one-dimensional coin-turning rulesets, their products (the Tartan
//!   theorem), a full-position solver and lexicodes;
//! - [`heaps`]: heap games — take-and-break codes, Grundy's game, subtraction games: nim
//!   sequences (the definition and the sparse-space engine), periodicity with proof, the
//!   census of short codes and play;
//! - [`games`]: playable games — Turning Corners and Toads and Frogs;
//! - [`wythoff`]: Wythoff's game — Grundy tables, P-positions, the column sweep with proven
//!   periodicity, Nivasch's g-points, and Corner-the-Queen variants with restricted moves
//!   ([`wythoff::variants`]);
//! - [`partizan`]: short partizan games in canonical form, names, a parser and thermographs.
//!
//! With the `serde` feature every report type (and the values inside it) implements
//! `serde::Serialize` and `serde::Deserialize`; exact numbers such as
//! [`partizan::dyadic::Dyadic`] serialise as their text (`"-3/8"`), so no precision is lost.
//!
//! Every playable game plays moves the same way, through the [`Play`] trait: `play` checks the
//! move and returns a typed error, `play_unchecked` is for moves from the game's own generator.
//!
//! The library does no I/O: every function takes values and returns values (or typed errors).
//! It starts threads only to spread one computation over cores (rayon in the coin solver and
//! the by-definition check, two threads in the Wythoff sweeps and Toads-and-Frogs families)
//! and joins them before it returns; [`deep_stack`] is the deep-stack thread the front ends
//! run the recursive solvers on.
//! The `onag` binary (crate `onag-cli`) is the command line and web front end.
#![deny(missing_docs)]
#![deny(unsafe_code)] // allowed only in `nimber::clmul`; every other module forbids it

#[forbid(unsafe_code)]
pub mod checksum;
#[forbid(unsafe_code)]
pub mod deep_stack;
#[forbid(unsafe_code)]
pub mod games;
#[forbid(unsafe_code)]
pub mod heaps;
#[forbid(unsafe_code)]
pub mod impartial;
#[forbid(unsafe_code)]
pub mod loopy;
#[forbid(unsafe_code)]
pub mod misere;
pub mod nimber;
#[forbid(unsafe_code)]
pub mod partizan;
#[forbid(unsafe_code)]
pub mod wythoff;

#[forbid(unsafe_code)]
pub mod play;
pub use play::Play;
#[forbid(unsafe_code)]
pub mod remoteness;
mod span;
#[forbid(unsafe_code)]
pub mod splitmix;
pub use span::{PairsError, PairsHead, Span};

#[forbid(unsafe_code)]
mod bitset;
#[cfg(feature = "serde")]
#[forbid(unsafe_code)]
mod serde_impls;
#[forbid(unsafe_code)]
mod stop;
pub use stop::{StopFlag, Stopped};

/// The README's Rust snippets, run as doc-tests so that they cannot drift from the library.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// The library guide (`docs/library.md`): its examples run as doc-tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
pub struct LibraryDoctests;

/// The guide "a new game in one file" (`docs/new-game.md`): its example compiles and runs as a
/// doc-test.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/new-game.md")]
pub struct NewGameDoctests;
