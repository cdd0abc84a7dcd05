//! `onag value` on the loopy notation: the value, the outcome with draws, `--json`, and exit
//! status 2 with one error (and the caret under the place) on bad input.

mod common;

use common::{is_one_error, onag};

#[test]
fn loopy_values_and_outcomes() {
    let (code, out, err) = onag(&["value", "{pass|3/2}"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:       3/2under"), "{out}");
    assert!(out.contains("outcome:     L"), "{out}");
    let (code, out, err) = onag(&["value", "on + off"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:       dud"), "{out}");
    assert!(out.contains("Left first: draw, Right first: draw"), "{out}");
    // CGSuite's `G Upsum H` and `G Downsum H`: over − over = over & under
    let (code, out, err) = onag(&["value", "over Upsum -over"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:       over\n"), "{out}");
    let (code, out, err) = onag(&["value", "over Downsum -over", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"under\""), "{out}");
}

#[test]
fn loopy_json() {
    let (code, out, err) = onag(&["value", "tis", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], "tis");
    assert_eq!(v["stopper"], false);
    assert_eq!(v["onside"], "1");
    assert_eq!(v["offside"], "0");
    assert_eq!(v["outcome"]["left_first"], "draw");
    assert_eq!(v["outcome"]["right_first"], "loss");
}

#[test]
fn short_input_keeps_the_short_report() {
    let (code, out, err) = onag(&["value", "{1|0}"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("canonical:   {1|0}"), "{out}");
}

#[test]
fn bad_loopy_input_is_one_line_and_exit_2() {
    for game in ["a{0|b}", "{pass|", "a{0|a + 1}", "pass"] {
        let (code, out, err) = onag(&["value", game]);
        assert_eq!(code, 2, "{game}: {out}");
        assert!(out.is_empty(), "{game}");
        assert!(is_one_error(err.trim_end()), "{game}: {err}");
    }
    let (_, _, err) = onag(&["value", "{pass|"]);
    assert!(err.contains("unexpected end"), "{err}");
}

#[test]
fn onag_loopy_backsliding_toads() {
    let (code, out, err) = onag(&["loopy", "backsliding-toads", "T.F", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["value"].is_string(), "{v}");
    let (code, _, err) = onag(&["loopy", "backsliding-toads", "TXF"]);
    assert_eq!(code, 2);
    assert!(is_one_error(err.trim_end()), "{err}");
}

/// Thermographs of stoppers by unrolling (`docs/loopy.md`, "Temperature of stoppers"): the
/// temperature and mean lines, `--svg` for a settled thermograph, exit 2 for an infinite one.
#[test]
fn loopy_thermographs() {
    let (code, out, err) = onag(&["value", "{{on|0}|-5}"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("mean:        0"), "{out}");
    assert!(out.contains("temperature: 5"), "{out}");
    let (code, out, err) = onag(&["value", "{on|0}"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("temperature: infinite"), "{out}");
    let dir = std::env::temp_dir().join(format!("onag-loopy-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("t.svg");
    let (code, _, err) = onag(&["value", "2over", "--svg", svg.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let (code, _, err) = onag(&["value", "{on|0}", "--svg", svg.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("infinite"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `onag loopy hare-and-hounds`: the value of the start under the traditional stalling rule
/// (`results/loopy/hare-and-hounds.md`), `--json`, and a bad stall count is one error, exit 2.
#[test]
fn onag_loopy_hare_and_hounds_value() {
    let (code, out, err) = onag(&["loopy", "hare-and-hounds", "start"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:        over"), "{out}");
    assert!(out.contains("hounds first: hounds win"), "{out}");
    let (code, out, err) = onag(&["loopy", "hare-and-hounds", "start", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["value"].as_str(), v["positions"].as_u64()),
        (Some("over"), Some(13_149))
    );
    let (code, _, err) = onag(&["loopy", "hare-and-hounds", "H../H...R/H.. 11"]);
    assert_eq!(code, 2);
    assert!(is_one_error(&err), "{err}");
}

#[test]
fn loopy_reduced_canonical_form() {
    // the value modulo infinitesimals (Siegel, "Reduced canonical forms of stoppers", 2006)
    let (code, out, err) = onag(&["value", "{pass|3/2} + ^"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("reduced:     3/2"), "{out}");
    let (code, out, err) = onag(&["value", "2over", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["reduced"], "2", "{v}");
    assert!(v["reduced_note"].is_null(), "{v}");
    let (code, out, err) = onag(&["value", "tis", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["reduced"].is_null() && v["reduced_note"].is_null(), "{v}");
}
