//! Impartial games: mex, coin-turning rulesets, products, the full-position solver, lexicodes.
