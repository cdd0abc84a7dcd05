//! `onag value`: JSON fields, Unicode names, the SVG file, and exit status 2 with a position
//! on bad notation.

mod common;

use common::onag;

#[test]
fn json_fields() {
    let (code, out, err) = onag(&["value", "{1 | {1/2 | 0}}", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["canonical"], "{1|{1/2|0}}");
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["mean"], "5/8");
    assert_eq!(v["temperature"], "3/8");
    assert_eq!(v["left_stop"], "1");
    assert_eq!(v["right_stop"], "1/2");
    assert_eq!(v["birthday"], 4);
    assert_eq!(v["tempered"], "neither");
    assert!(v["atomic_weight"].is_null(), "not atomic: {v}");
    assert_eq!(v["reduced_canonical_form"], "{1|{1/2|0}}");
}

#[test]
fn atomic_weight_and_reduced_form() {
    let (code, out, err) = onag(&["value", "^^*", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["atomic_weight"], "2");
    assert_eq!(v["reduced_canonical_form"], "0");
    let (code, out, err) = onag(&["value", "cool({5|1}, 1)"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("canonical:   {4|2}"), "{out}");
    assert!(out.contains("tempered:    odd"), "{out}");
    assert!(out.contains("atomic weight: undefined"), "{out}");
    let (code, out, _) = onag(&["value", "aw(+-1)"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
}

#[test]
fn unicode_and_svg() {
    let dir = std::env::temp_dir().join(format!("onag-value-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("t.svg");
    let (code, out, err) = onag(&[
        "value",
        "2v4",
        "--unicode",
        "--json",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["canonical"], "2+4·↓");
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["temperature"], "0");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.ends_with("</svg>"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn human_output() {
    let (code, out, _) = onag(&["value", "+-1/8"]);
    assert_eq!(code, 0);
    assert!(out.contains("canonical:   +-1/8"), "{out}");
    assert!(out.contains("outcome:     N"), "{out}");
    assert!(out.contains("temperature: 1/8"), "{out}");
}

#[test]
fn leading_minus_is_a_game_not_a_flag() {
    let (code, out, err) = onag(&["value", "-1^2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["canonical"], "-1^2");
}

#[test]
fn bad_notation_exits_2_with_position() {
    for (game, position) in [
        ("{1|2|3}", "character 5"),
        ("{1|", "character 4"),
        ("1/3", "character 3"),
    ] {
        let (code, out, err) = onag(&["value", game]);
        assert_eq!(code, 2, "{game}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(position), "{game}: {err}");
    }
}
