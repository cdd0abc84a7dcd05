//! Fixture readers and random-game strategies shared by the integration tests (`mod common;`
//! in a test file).
#![allow(dead_code)]

pub mod games;
pub mod loopy;

use std::path::PathBuf;

/// Runs `f` on a thread with a deep stack (the Toads solver recurses once per move).
pub fn deep<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    onag::deep_stack::on_deep_stack("test", f).unwrap()
}

/// The folder of test fixtures, `crates/onag/tests/data`.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The terms of an OEIS sequence from `tests/data/oeis/oeis_<id>.txt` as `(n, a(n))` pairs,
/// in file order. Lines starting with `#` and blank lines are skipped.
pub fn oeis(id: &str) -> Vec<(i64, i128)> {
    let path = data_dir().join(format!("oeis/oeis_{id}.txt"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut fields = line.split_whitespace();
            let mut next = || {
                fields
                    .next()
                    .unwrap_or_else(|| panic!("{}: short line '{line}'", path.display()))
            };
            let n = next().parse().expect("index");
            let a = next().parse().expect("term");
            (n, a)
        })
        .collect()
}

/// Just the terms `a(n)` of [`oeis`].
pub fn oeis_terms(id: &str) -> Vec<i128> {
    oeis(id).into_iter().map(|(_, a)| a).collect()
}

/// The lines of a fixture file `tests/data/<name>` that are neither blank nor `#` comments.
pub fn fixture_lines(name: &str) -> Vec<String> {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// Q_n of the heap game `code` under the default limits (the quotient tests' common start).
pub fn quotient_of(code: &str, n: usize) -> onag::heaps::quotient::MisereQuotient {
    let r: onag::heaps::Ruleset = code.parse().unwrap();
    onag::heaps::quotient::quotient(
        &r,
        n,
        onag::heaps::quotient::QuotientLimits::default(),
        &onag::StopFlag::new(),
        &mut |_| {},
    )
    .unwrap()
}
