//! Kayles (0.77) under misère play: the order of the quotient Q_n checked from below by brute
//! force alone. Positions G with heaps ≤ n are told apart by their outcome vectors
//! (o⁻(G + X) for every test position X), computed by the definition of misère play; the
//! number of distinct vectors is a lower bound on |Q_n| that knows nothing of quotients, and
//! on small positions it already reaches the computed order.

mod common;

use std::collections::HashSet;

use onag::heaps::quotient::brute::{positions, Outcomes};
use onag::heaps::Ruleset;

/// The classes among positions of total ≤ `t_g` told apart by tests of total ≤ `t_x`.
fn brute_classes(code: &str, n: usize, t_g: usize, t_x: usize) -> usize {
    let r: Ruleset = code.parse().unwrap();
    let mut out = Outcomes::new(&r);
    let tests = positions(n, t_x);
    let mut seen = HashSet::new();
    for g in positions(n, t_g) {
        let vector: Vec<bool> = tests
            .iter()
            .map(|x| {
                let mut s = g.clone();
                s.extend_from_slice(x);
                out.is_p(&s)
            })
            .collect();
        seen.insert(vector);
    }
    seen.len()
}

fn order(code: &str, n: usize) -> usize {
    common::quotient_of(code, n).order()
}

#[test]
fn kayles_quotient_orders_are_reached_by_brute_force() {
    for (n, t) in [(4, 12), (6, 14), (8, 16)] {
        let brute = brute_classes("0.77", n, t, t);
        let q = order("0.77", n);
        eprintln!("0.77 n={n}: |Q_n| = {q}, brute-force classes (totals ≤ {t}) = {brute}");
        assert_eq!(brute, q, "n = {n}: brute-force classes against |Q_n|");
    }
}
