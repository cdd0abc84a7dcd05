//! Impartial games: mex, coin-turning rulesets, products, the full-position solver, lexicodes.
//!
//! A coin-turning game (Berlekamp, Conway, Guy, *Winning Ways*, ch. 14; Conway, *On Numbers
//! and Games*, ch. 11) is a row or grid of coins; a move turns over a set of coins whose last
//! coin (the *head*) goes from heads to tails. By the coin-turning theorem a position's value
//! is the XOR of its heads coins' values, and a single coin's value is the mex over its moves
//! of the XOR of the other coins' values.
//!
//! - [`mex`]: the minimal excludant and a stamp array that never needs clearing;
//! - [`coins`]: one-dimensional rulesets (Twins, Ruler, turn-at-most-k) and their values;
//! - [`product`]: product games G×H and the Tartan theorem check;
//! - [`solver`]: all 2^k positions of a board by mex, with no XOR assumption;
//! - [`lexicode`]: lexicodes and the P-positions of turn-at-most-(d−1) games.

pub mod coins;
pub mod lexicode;
pub mod mex;
pub mod product;
pub mod solver;
