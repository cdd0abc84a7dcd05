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
            &[
                "queens",
                "check",
                "--moves",
                "left",
                "--formula",
                "x+",
                "--size",
                "4",
            ],
            "x+",
            2,
        ),
        (&["heaps", "values", "0.8x"], "0.8x", 3),
        (&["nim", "mul", "w^x", "1"], "w^x", 2),
        (&["nim", "inv", "w+w^2"], "w+w^2", 5),
    ];
    for &(args, input, column) in cases {
        let (code, out, err) = onag(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(common::is_one_error(&err), "{args:?}: {err}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 3, "{args:?}: {err}");
        assert_eq!(lines[1], format!("  {input}"), "{args:?}: {err}");
        assert_eq!(
            lines[2],
            format!("  {}^", " ".repeat(column)),
            "{args:?}: {err}"
        );
    }
}

/// The computer's move was marked by a bare trailing ` *`, which reads as the value star, and
/// a value longer than 20 characters pushed its row out of line.
#[test]
fn move_table_is_aligned_and_names_the_computers_choice() {
    let (code, out, err) = onag(&["game", "clobber", "xoxo|oxo.", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let longest = v["moves"].as_array().unwrap().iter();
    let longest = longest
        .map(|m| m["value"].as_str().unwrap().chars().count())
        .max();
    assert!(
        longest > Some(20),
        "the test needs a value past the old 20 columns"
    );
    let (code, out, err) = onag(&["game", "clobber", "xoxo|oxo."]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out
        .lines()
        .skip_while(|l| *l != "moves:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(rows.len() > 4, "{out}");
    let arrow: Vec<usize> = rows
        .iter()
        .map(|r| r.chars().position(|c| c == '→').unwrap())
        .collect();
    assert!(arrow.iter().all(|&a| a == arrow[0]), "{out}");
    assert!(rows.iter().all(|r| !r.ends_with(" *")), "{out}");
    let chosen = rows
        .iter()
        .filter(|r| r.ends_with("(the computer's choice)"));
    assert_eq!(chosen.count(), 2, "one move for each player: {out}");
}

/// `onag toads stats`: the `hot` column was 3 wide, so counts of 1,000 and more broke the
/// table; every column is now as wide as its widest entry.
#[test]
fn toads_stats_columns_line_up() {
    let (code, out, err) = onag(&["toads", "stats", "--max-len", "9"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("length  boards"), "{out}");
    // the right edge of each count column is the same on every line
    let edges = |l: &str| -> Vec<usize> {
        let b = l.as_bytes();
        (1..b.len().min(lines[0].find("hottest").unwrap()))
            .filter(|&i| b[i] == b' ' && b[i - 1] != b' ')
            .collect()
    };
    let head = edges(lines[0]);
    assert_eq!(head.len(), 6, "{out}");
    for l in &lines[1..] {
        assert_eq!(edges(l), head, "{out}");
    }
}

/// `mask 0x0: 29 rare heaps` was never explained.
#[test]
fn rare_heaps_are_explained() {
    let (code, out, err) = onag(&["heaps", "values", "kayles", "--count", "30"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("29 rare heaps (no sparse-space mask found"),
        "{out}"
    );
    assert!(!out.contains("mask 0x0:"), "{out}");
}
