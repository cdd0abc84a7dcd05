//! `onag value` with sided values (`on & off`) and comparisons (`over < 1/1024`): whether the
//! comparison holds, the exact relation, `--json`, and exit status 2 with one located error on
//! bad input.

mod common;

use common::{is_one_error, onag};

#[test]
fn comparisons_hold_or_not() {
    for (expr, holds, relation) in [
        ("over < 1/1024", "true", "over < 1/1024"),
        ("on <= 1000", "false", "on > 1000"),
        ("dud || 0", "true", "dud || 0"),
        ("tis >= 1 & 0", "true", "tis = tis"),
        ("upon < *", "false", "^[on] || *"),
        ("{1|-1} || 0", "true", "+-1 || 0"),
        ("1 < 2", "true", "1 < 2"),
    ] {
        let (code, out, err) = onag(&["value", expr]);
        assert_eq!(code, 0, "{expr}: {err}");
        assert!(
            out.contains(&format!("holds:       {holds}")),
            "{expr}: {out}"
        );
        assert!(
            out.contains(&format!("relation:    {relation}")),
            "{expr}: {out}"
        );
    }
}

#[test]
fn sided_values_and_json() {
    let (code, out, err) = onag(&["value", "on & 0"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:       on & 0"), "{out}");
    assert!(out.contains("onside:      on"), "{out}");
    let (code, out, err) = onag(&["value", "over >= 0 & -1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["operator"].as_str(), v["relation"].as_str()),
        (Some(">="), Some(">"))
    );
    assert_eq!(v["holds"], true);
    assert_eq!(v["left"]["value"], "over");
    assert_eq!(v["right"]["onside"], "0");
    assert_eq!(v["right"]["offside"], "-1");
}

#[test]
fn bad_input_is_one_located_error() {
    for (expr, place) in [
        ("off & on", "at character 5"),
        ("on & {0|1} & off", "at character 12"),
        ("on < ", "at character 5"),
        ("dud & 0", "at character 1"),
        ("1 + frob < on", "at character 5"),
    ] {
        let (code, _, err) = onag(&["value", expr]);
        assert_eq!(code, 2, "{expr}: {err}");
        assert!(is_one_error(&err), "{expr}: {err}");
        assert!(err.contains(place), "{expr}: {err}");
    }
}
