//! Benchmarks: toads (filled in by the toads work).
fn main() {}
