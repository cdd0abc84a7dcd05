//! One module per command family; `common` holds the shared helpers.

pub mod coins;
pub mod common;
pub mod corners;
pub mod game;
pub mod heaps;
pub mod located;
pub mod loopy;
pub mod nim;
pub mod output;
pub mod queens;
pub mod quotient;
pub mod reproduce;
pub mod solve;
pub mod toads;
pub mod value;
pub mod wythoff;
