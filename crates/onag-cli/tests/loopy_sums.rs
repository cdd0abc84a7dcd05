//! `onag value` on sums of sided values and on a game without a sided value (Bach's Carousel,
//! *Winning Ways* ch. 11, as CGSuite's loopy tutorial writes it).

mod common;

use common::{is_one_error, onag};

const BACH: &str = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";

#[test]
fn sums_of_sided_values() {
    for (expr, value) in [
        ("(1 & 0) + (0 & -1)", "1 & -1"),
        ("(on & off) + 1", "dud"),
        ("-(1 & 0)", "tisn"),
    ] {
        let (code, out, err) = onag(&["value", expr]);
        assert_eq!(code, 0, "{expr}: {err}");
        assert!(
            out.contains(&format!("value:       {value}\n")),
            "{expr}: {out}"
        );
    }
    let (code, out, err) = onag(&["value", "(1 & 0) + (0 & -1) = 1 & -1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("holds:       true"), "{out}");
    let (code, out, err) = onag(&["value", "{1|(on & off)}"]);
    assert_eq!(code, 2, "{out}");
    assert!(is_one_error(err.trim_end()), "{err}");
}

#[test]
fn bachs_carousel_has_no_sided_value() {
    let (code, out, err) = onag(&["value", BACH]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("value:       no sided value: sidling did not settle"),
        "{out}"
    );
    assert!(out.contains("outcome:     N"), "{out}");
    let (code, out, err) = onag(&["value", BACH, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["value"].as_str().unwrap().starts_with("no sided value: "));
    assert!(v["onside"].is_null() && v["offside"].is_null());
    // no value, so no comparison and no sum
    for expr in [format!("{BACH} > 0"), format!("{BACH} + (1 & 0)")] {
        let (code, out, err) = onag(&["value", &expr]);
        assert_eq!(code, 2, "{expr}: {out}");
        assert!(is_one_error(err.trim_end()), "{expr}: {err}");
        assert!(err.contains("no stopper sides"), "{expr}: {err}");
    }
}
