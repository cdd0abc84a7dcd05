//! `onag nim` on transfinite ordinals: ONAG's ω ⊗ ω = ω² and ω³ = 2, Lenstra's (ω^ω)^5 = 4,
//! JSON output, finite arguments unchanged, and exit status 2 past the represented segment.

mod common;

use common::onag;

fn out(args: &[&str]) -> String {
    let (code, out, err) = onag(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out.trim().to_string()
}

#[test]
fn ordinal_products() {
    assert_eq!(out(&["nim", "mul", "w", "w"]), "w^2");
    assert_eq!(out(&["nim", "mul", "w^2", "w"]), "2");
    assert_eq!(out(&["nim", "pow", "w^w", "5"]), "4");
    assert_eq!(out(&["nim", "inv", "w"]), "w^2*3");
    assert_eq!(out(&["nim", "sqrt", "w"]), "w^2*2");
    assert_eq!(out(&["nim", "mul", "2", "3"]), "1");
    let v: serde_json::Value =
        serde_json::from_str(&out(&["nim", "mul", "w^2", "w", "--json"])).unwrap();
    assert_eq!(v["result"], "2");
    assert_eq!(v["args"][0], "w^2");
}

#[test]
fn beyond_the_segment_exits_2() {
    let (code, _, err) = onag(&["nim", "mul", "w^(w^54)", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("ω^(ω^54)"), "{err}");
    let (code, _, err) = onag(&["nim", "inv", "w^(w^4*12+w^3*10+w^2*6)"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("degree"), "{err}");
}
