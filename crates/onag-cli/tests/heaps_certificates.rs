//! Every committed heap-game proof names the argument that proves it.
//!
//! A `proof.certificate` `[a, b)` says `G(n + p) = G(n)` was checked for `a ≤ n < b`. Which
//! window suffices depends on the code, through `k`, the most heaps a move leaves, and `t`,
//! the most tokens it removes (the periodicity theorem of Guy and Smith, *The G-values of
//! various games*, 1956; *Winning Ways*, ch. 4; proof in `onag::heaps::period`):
//! - **k = 2** (a move may split a heap in two): `b = 2·a' + p + t` with `a' = max(a, 1)`: the
//!   classic window, longer by 2 where `a = 0`;
//! - **k = 1** (no move splits): `b = max(a + t, t + 1)`: a move from `n + p` leaves one heap
//!   of `n + p − i ≥ a + p` for `n ≥ a + t`, so a window of `t` values after `a` already
//!   carries the induction: shorter than the classic one;
//! - **k = 3** (hexadecimal digits ≥ 8): `b = 3·a' + 2p + t`.
//!
//! `p` is the period the search proved, a multiple of the least period it then reports, and
//! `a` at least the reported preperiod (the least one, found after the proof). This test
//! recomputes the window of every entry of every committed report from its code by that rule
//! and checks that the values computed reach `b + p`.

use std::collections::BTreeMap;
use std::path::Path;

use onag::heaps::{period, Ruleset};
use serde_json::Value;

/// The argument that proves an entry, from its code: (name, the window's formula).
fn argument(k: usize) -> &'static str {
    match k {
        1 => "no split: [n0, max(n0 + t, t + 1))",
        2 => "split in two: [n0', 2·n0' + p + t), n0' = max(n0, 1)",
        _ => "split in three: [n0', 3·n0' + 2p + t), n0' = max(n0, 1)",
    }
}

/// Checks one analysis of `code`; returns the argument proving it, if periodic.
fn check(code: &str, analysis: &Value, file: &str) -> Option<&'static str> {
    let proof = analysis.get("proof").filter(|p| !p.is_null())?;
    let ruleset: Ruleset = code
        .parse()
        .unwrap_or_else(|e| panic!("{file}: {code}: {e}"));
    let moves = ruleset.moves();
    let pre = proof["preperiod"].as_u64().unwrap() as usize;
    let d = proof["period"].as_u64().unwrap() as usize;
    let cert = proof["certificate"].as_array().unwrap();
    let (a, b) = (
        cert[0].as_u64().unwrap() as usize,
        cert[1].as_u64().unwrap() as usize,
    );
    let computed = analysis["computed_to"].as_u64().unwrap() as usize;
    assert!(
        a >= pre,
        "{file}: {code}: window starts at {a}, before the preperiod {pre}"
    );
    // the proven period p = m·d: the least m whose bound is b
    let mut m = 1;
    let p = loop {
        let p = m * d;
        match period::bound(&moves, a, p) {
            Some(bound) if bound == b => break p,
            Some(bound) if bound < b && p < b => m += 1,
            other => panic!(
                "{file}: {code}: window [{a}, {b}) is no bound of the theorem for a period \
                 {d}·m (the bound for m = {m}: {other:?})"
            ),
        }
    };
    assert!(
        computed >= b + p,
        "{file}: {code}: the window needs the values below {}, computed {computed}",
        b + p
    );
    Some(argument(moves.max_heaps()))
}

fn entries(v: &Value, out: &mut Vec<(String, Value)>) {
    match v {
        Value::Object(map) => {
            if let (Some(Value::String(code)), Some(analysis)) =
                (map.get("ruleset"), map.get("analysis"))
            {
                out.push((code.clone(), analysis.clone()));
            }
            for child in map.values() {
                entries(child, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| entries(i, out)),
        _ => {}
    }
}

#[test]
fn every_committed_certificate_is_the_window_of_its_argument() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/heaps");
    let mut total: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        files += 1;
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let mut found = Vec::new();
        entries(&v, &mut found);
        assert!(!found.is_empty(), "{file}: no analysis");
        for (code, analysis) in &found {
            if let Some(arg) = check(code, analysis, &file) {
                *total.entry(arg).or_default() += 1;
            }
        }
    }
    assert!(files >= 5, "{files} reports");
    // the 2^20 census alone has codes of every kind that occur: splitting and not
    assert!(total.len() >= 2, "{total:?}");
    println!("{total:?}");
}

#[test]
fn the_windows_of_the_three_arguments() {
    let kayles: Ruleset = "0.77".parse().unwrap(); // splits, t = 2
    assert_eq!(
        period::bound(&kayles.moves(), 71, 12),
        Some(2 * 71 + 12 + 2)
    );
    assert_eq!(period::bound(&kayles.moves(), 0, 3), Some(2 + 3 + 2));
    // the check itself: Kayles' window is the classic one, one more value is no window
    let proof = |b: u64| {
        serde_json::json!({"computed_to": 1000,
            "proof": {"preperiod": 71, "period": 12, "certificate": [71, b]}})
    };
    assert_eq!(check("0.77", &proof(156), "t"), Some(argument(2)));
    assert!(std::panic::catch_unwind(|| check("0.77", &proof(157), "t")).is_err());
    let no_split: Ruleset = "0.333".parse().unwrap(); // subtraction {1, 2, 3}: t = 3
    assert_eq!(no_split.moves().max_heaps(), 1);
    assert_eq!(period::bound(&no_split.moves(), 0, 4), Some(4));
    assert_eq!(period::bound(&no_split.moves(), 10, 4), Some(13));
}
