//! `--misere` on `onag game` and `onag heaps values|play`: text, JSON, and exit status 2 with
//! one line for a partizan game or a form bound passed.

mod common;

use common::onag;

#[test]
fn game_misere_text_json_and_partizan_error() {
    let (code, out, err) = onag(&["game", "cram", "...|...", "--misere"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("outcome P"), "{out}");
    assert!(out.contains("genus 1^031"), "{out}");
    let (code, out, err) = onag(&["game", "cram", "..|..", "--misere", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["outcome"].as_str(), v["form"].as_str()),
        (Some("N"), Some("*[0]"))
    );
    assert_eq!(v["winning_move"], "(1,1)-(2,1)");
    let (code, _, err) = onag(&["game", "domineering", "..|..", "--misere"]);
    assert_eq!(code, 2);
    assert!(err.contains("partizan"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn heaps_misere_values_and_play() {
    let (code, out, err) = onag(&["heaps", "values", "kayles", "--count", "6", "--misere"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("5: 4^146  wild"), "{out}");
    assert!(out.contains("first wild heap: 5"), "{out}");
    let (code, out, err) = onag(&["heaps", "play", "kayles", "1", "1", "--misere", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_move"], "heap 1: take 1, leave nothing");
    let (code, _, err) = onag(&[
        "heaps",
        "play",
        "kayles",
        "30",
        "31",
        "--misere",
        "--max-forms",
        "40",
        "--max-order",
        "4",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("limit of 40 forms"), "{err}");
    assert!(err.contains("above the limit 4"), "{err}");
    // Past the forms, the misère quotient answers (Kayles' Q_31 has order 40).
    let (code, out, err) = onag(&[
        "heaps",
        "play",
        "kayles",
        "30",
        "31",
        "--misere",
        "--max-forms",
        "40",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["method"]["kind"], "quotient", "{v}");
    assert_eq!(v["method"]["order"], 40, "{v}");
}

#[test]
fn game_misere_registry_example_finishes_and_max_forms_bounds_it() {
    let (code, out, err) = onag(&[
        "game",
        "turning-corners",
        "4x4:2,3 4,4",
        "--misere",
        "--max-seconds",
        "60",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("outcome N"), "{out}");
    assert!(out.contains("winning move: 4x4:4,4"), "{out}");
    let (code, _, err) = onag(&[
        "game",
        "turning-corners",
        "4x4:2,3 4,4",
        "--misere",
        "--max-forms",
        "100",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("limit of 100 forms"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}
