//! Benchmarks: coins (filled in by the coins work).
fn main() {}
