//! Col (Colin Vout; *Winning Ways* ch. 2 "Col"; *Lessons in Play* §1.1): players take turns
//! colouring an uncoloured cell with their own colour — Left `x`, Right `o` — never next to a
//! cell of **their own** colour. Who cannot move loses. Every Col position is a number or a
//! number plus `*` (*Winning Ways* ch. 2).
//!
//! Notation and components as [Snort](super::snort), whose board type this game shares
//! ([`Colouring`] with `SAME = true`).
//!
//! # Examples
//! ```
//! use onag::games::{col::Col, PartizanSolver};
//! use onag::partizan::name::name;
//!
//! let mut solver = PartizanSolver::new();
//! let mut value = |t: &str| {
//!     let g = solver.canonical(&t.parse::<Col>().unwrap(), &onag::StopFlag::new()).unwrap();
//!     name(solver.arena(), g, Default::default())
//! };
//! assert_eq!(value("."), "*");
//! assert_eq!(value(".."), "0"); // whoever colours one end leaves the other to the opponent
//! assert_eq!(value("x."), "-1"); // only Right may colour next to x
//! ```

pub use super::snort::Colouring;

/// A Col position.
pub type Col = Colouring<true>;
