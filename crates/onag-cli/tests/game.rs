//! `onag game`: the report of any registered game as text and JSON, `onag game list`, the
//! computer's move, and exit status 2 with one line (and a caret) on bad input.

mod common;

use common::onag;

#[test]
fn report_as_text_and_json() {
    let (code, out, err) = onag(&["game", "domineering", "...|..."]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:       {2|-1/2}"), "{out}");
    assert!(out.contains("mean:        3/4"), "{out}");
    assert!(out.contains("temperature: 5/4"), "{out}");
    let (code, out, err) = onag(&["game", "hackenbush", "bbr + g2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["canonical"], "3/2*2");
    assert_eq!(v["components"].as_array().unwrap().len(), 2);
    let (code, out, err) = onag(&["game", "cram", "....", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["grundy"].as_u64(), v["kind"].as_str()),
        (Some(2), Some("impartial"))
    );
}

#[test]
fn list_and_computer() {
    let (code, out, _) = onag(&["game", "list"]);
    assert_eq!(code, 0);
    for name in [
        "domineering",
        "hackenbush",
        "clobber",
        "konane",
        "snort",
        "col",
        "cram",
        "cutcake",
    ] {
        assert!(out.contains(name), "{name}: {out}");
    }
    let (code, out, err) = onag(&["game", "clobber", "xox|oxo", "--computer", "left"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("computer (Left, Perfect):"), "{out}");
}

#[test]
fn bad_input_exits_2_with_one_message() {
    let (code, out, err) = onag(&["game", "domineering", "..|.x"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with("error: domineering position: character 5"),
        "{err}"
    );
    let (code, _, err) = onag(&["game", "chess", "."]);
    assert_eq!(code, 2);
    assert!(err.contains("no game 'chess'"), "{err}");
    let (code, _, err) = onag(&["game", "domineering"]);
    assert_eq!(code, 2);
    assert!(err.contains("missing the position"), "{err}");
    let (code, _, err) = onag(&["game", "cram", "..", "--strength", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("strength"), "{err}");
    // a bound: a table of 10 entries cannot hold a 4×4 board
    let (code, _, err) = onag(&[
        "game",
        "domineering",
        "....|....|....|....",
        "--max-table",
        "10",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("too large"), "{err}");
}

/// Every parser with a place prints the same three lines: the error, the input, a caret under
/// the place. `onag game domineering 'ab|cd'` printed the caret on the error line, `onag value`
/// none at all.
#[test]
fn parse_errors_put_a_caret_under_the_place() {
    let cases: &[(&[&str], &str, usize)] = &[
        (&["value", "{1|2|3}"], "{1|2|3}", 4),
        (&["game", "domineering", "ab|cd"], "ab|cd", 0),
        (&["game", "domineering", "..|.x"], "..|.x", 4),
        (&["toads", "value", "TXF"], "TXF", 1),
        (
            &["queens", "check", "--moves", "left", "--formula", "x+", "--size", "4"],
            "x+",
            2,
        ),
        (&["heaps", "values", "0.8x"], "0.8x", 3),
    ];
    for &(args, input, column) in cases {
        let (code, out, err) = onag(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(common::is_one_error(&err), "{args:?}: {err}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 3, "{args:?}: {err}");
        assert_eq!(lines[1], format!("  {input}"), "{args:?}: {err}");
        assert_eq!(lines[2], format!("  {}^", " ".repeat(column)), "{args:?}: {err}");
    }
}
