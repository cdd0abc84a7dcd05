//! Benchmarks: nimber (filled in by the nimber work).
fn main() {}
