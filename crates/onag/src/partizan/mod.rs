//! Short partizan games: exact dyadic numbers, an arena of canonical forms, names, a parser,
//! thermographs and value-free search.

pub mod dyadic;
pub mod game;
pub mod name;
pub mod parse;
pub mod search;
pub mod thermograph;
