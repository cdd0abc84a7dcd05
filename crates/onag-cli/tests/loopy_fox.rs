//! `onag loopy fox-and-geese`: the value of a small board, the fox on every square, `--json`,
//! and exit status 2 with one error on a bad position.

mod common;

use common::{is_one_error, onag};

#[test]
fn onag_loopy_fox_and_geese() {
    let (code, out, err) = onag(&["loopy", "fox-and-geese", "F.../..../..../.G.G"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:       over"), "{out}");
    assert!(out.contains("outcome:     L"), "{out}");
    let (code, out, err) = onag(&["loopy", "fox-and-geese", "F.../..../..../.G.G", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["positions"], 160, "{v}");
    assert_eq!(v["fox_squares"].as_array().map(Vec::len), Some(6), "{v}");
    for bad in ["F.X", ".F/G.", "G./.G", "F./.G/"] {
        let (code, _, err) = onag(&["loopy", "fox-and-geese", bad]);
        assert_eq!(code, 2, "{bad}");
        assert!(is_one_error(err.trim_end()), "{bad}: {err}");
    }
}
