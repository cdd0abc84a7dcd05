//! Turning Corners: Twins × Twins on an n×n board with a border row and column 0.
