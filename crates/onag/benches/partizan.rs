//! Benchmarks: partizan (filled in by the partizan work).
fn main() {}
