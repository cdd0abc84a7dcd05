//! Wythoff's game: Grundy values, P-positions, the column sweep, periodicity, g-points.
