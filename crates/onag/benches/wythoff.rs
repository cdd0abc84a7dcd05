//! Benchmarks: wythoff (filled in by the wythoff work).
fn main() {}
