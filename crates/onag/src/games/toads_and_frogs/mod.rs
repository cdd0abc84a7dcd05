//! Toads and Frogs: board, moves, Erickson's reductions and exact values.
