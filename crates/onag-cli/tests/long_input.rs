//! Long and hostile input at the command line: sums of any length, one-line errors that quote
//! at most ~80 characters of the input, usage errors as one line.
//!
//! Invariant (the fuzz test): for any game text of at most 64 KiB, `onag value` exits 0 or 2
//! (never a signal: no stack overflow, no abort), within the default watchdog; on 2 it prints
//! one error on stderr (a line of at most 400 characters, then for a parse error the input's
//! excerpt and a caret under the place) and nothing on stdout.

mod common;

use std::os::unix::process::ExitStatusExt;
use std::process::Command;

use proptest::prelude::*;

/// Runs `onag args…`: (exit code or `None` for a signal, the signal, stdout, stderr).
fn run(args: &[&str]) -> (Option<i32>, Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .output()
        .expect("run onag");
    (
        out.status.code(),
        out.status.signal(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `onag value "1+1+…"` (27,500 terms) aborted with a stack overflow (exit 134).
#[test]
fn long_sums_do_not_overflow_the_stack() {
    for (term, op, want) in [
        ("1", "+", Some("27500")),
        ("*", "-", Some("0")),
        ("0", "+-", Some("*")), // 27,499 × ±0 = 27,499 × *
        ("^", "+", None),       // 27,500·↑ is past the arena's bound on multiples of ↑: an error
        ("1/2", "-", Some("-13749")),
    ] {
        let text = vec![term; 27_500].join(op);
        let (code, signal, out, err) = run(&["value", "--json", "--", &text]);
        assert_eq!(signal, None, "{term}{op}…: killed by signal; {err}");
        match want {
            Some(want) => {
                assert_eq!(code, Some(0), "{term}{op}…: {err}");
                let v: serde_json::Value = serde_json::from_str(&out).unwrap();
                assert_eq!(v["canonical"], want, "{term}{op}…");
            }
            None => {
                assert_eq!(code, Some(2), "{term}{op}…");
                assert!(common::is_one_error(&err), "{err}");
                assert!(err.contains("too large"), "{err}");
            }
        }
    }
}

/// A bad game of 64 KiB was repeated whole under the error line; now an excerpt of it is, with
/// the caret under the place.
#[test]
fn errors_quote_at_most_a_short_excerpt_of_the_input() {
    let text = format!("{}+q+{}", "1+".repeat(30_000), "2+".repeat(2_000));
    let (code, _, out, err) = run(&["value", "--", &text]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty());
    assert!(common::is_one_error(&err), "{err}");
    assert_eq!(err.lines().count(), 3, "{err}");
    assert!(err.chars().count() < 400, "{} characters: {err}", err.len());
    assert!(err.contains("character 60002"), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[1].contains("+1+1++q+2+2"), "{err}");
    let caret = lines[2].chars().count() - 1;
    assert_eq!(lines[1].chars().nth(caret), Some('q'), "{err}");
    // control characters of the input never break a line
    let (code, _, _, err) = run(&["value", "--", "{1|\n\n2}\nq"]);
    assert_eq!(code, Some(2));
    assert!(common::is_one_error(&err), "{err}");
}

/// `onag toads` (no subcommand) printed the whole help on stderr.
#[test]
fn usage_errors_are_one_line() {
    let cases: &[&[&str]] = &[
        &[],
        &["toads"],
        &["nim"],
        &["wythoff"],
        &["corners"],
        &["coins"],
        &["queens"],
        &["value"],
        &["toads", "value"],
        &["nim", "table", "--bogus"],
        &["serve", "--port", "x"],
        &["wythoff", "periods", "--rows"],
    ];
    for args in cases {
        let (code, _, out, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
    // help itself is not an error
    let (code, _, out, _) = run(&["toads", "--help"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Usage"));
}

fn game_text() -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "1", "0", "*", "^", "v", "*2", "1/2", "{", "}", "|", "||", ",", "(", ")", "+", "-", "+-",
        "±", "↑", "tiny", "miny", "cool(", "2·", "^3", "q", " ", "\n", "{1|0}",
    ]);
    (prop::collection::vec(atoms, 1..200), 1usize..400)
        .prop_map(|(parts, repeat)| parts.concat().repeat(repeat).chars().take(65_536).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn any_game_text_exits_cleanly(text in game_text()) {
        let (code, signal, out, err) =
            run(&["value", "--max-seconds", "20", "--json", "--", &text]);
        prop_assert_eq!(signal, None, "killed: {}", err);
        prop_assert!(matches!(code, Some(0) | Some(2)), "exit {:?}: {}", code, err);
        if code == Some(2) {
            prop_assert!(out.is_empty());
            prop_assert!(common::is_one_error(&err), "{}", err);
            prop_assert!(err.lines().all(|l| l.chars().count() <= 400), "{}", err);
        }
    }
}
