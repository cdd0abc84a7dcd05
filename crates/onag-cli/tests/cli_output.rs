//! The one stdout writer and the argument conventions every command shares: a closed pipe
//! ends the run quietly with status 0, a full disk is an error with status 1, and every
//! positional game, board or number may start with '-'.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};

use common::onag;

/// `onag value '{2|-1}' > /dev/full` exited 101 (a panic in `println!`).
#[test]
#[cfg(target_os = "linux")]
fn a_full_disk_is_an_error_not_a_panic() {
    for args in [
        &["value", "{2|-1}"][..],
        &["value", "{2|-1}", "--json"],
        &["toads", "value", "TT.FF"],
        &["nim", "table", "64"],
        &["wythoff", "pairs", "10"],
        &["coins", "lexicode", "8", "3"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let out = Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(args)
            .stdout(full)
            .output()
            .expect("run onag");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("cannot write to stdout"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// `onag … | head -1`: the reader closing the pipe is not an error.
#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    for args in [
        &["nim", "table", "1024"][..],
        &["wythoff", "pairs", "1000000"],
        &["wythoff", "table", "300"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run onag");
        let mut first = [0u8; 64];
        let mut stdout = child.stdout.take().unwrap();
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

/// `onag toads equals TFT.F.FTF '-1/2*'` exited 2 with "unexpected argument '-1'".
#[test]
fn games_and_boards_may_start_with_a_minus() {
    let (code, out, err) = onag(&["toads", "equals", "TFT.F.FTF", "-1/2*"]);
    assert_eq!((code, out.trim()), (0, "TFT.F.FTF = -1/2*"), "{err}");
    let (code, out, err) = onag(&["toads", "equals", "TFT.F.FTF", "-1/2*", "--json"]);
    assert_eq!((code, out.trim()), (0, r#"{"equal":true}"#), "{err}");
    let (code, out, err) = onag(&["value", "-1/2", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(r#""canonical":"-1/2""#), "{out}");
    let (code, _, err) = onag(&[
        "queens",
        "check",
        "--moves",
        "pair",
        "--formula",
        "-x+x",
        "--size",
        "3",
    ]);
    assert_ne!(code, 2, "the formula was not accepted: {err}");
}

/// A number with a sign reaches its own parser, which names the problem (instead of clap
/// taking it for an unknown flag).
#[test]
fn numbers_with_a_minus_get_the_parsers_message() {
    for args in [
        &["wythoff", "g", "-1", "2"][..],
        &["wythoff", "g", "1", "-2"],
        &["wythoff", "table", "-3"],
        &["wythoff", "pairs", "-3"],
        &["nim", "mul", "-3", "5"],
        &["nim", "mul", "3", "-5"],
        &["nim", "inv", "-3"],
        &["nim", "sqrt", "-3"],
        &["nim", "pow", "-3", "2"],
        &["nim", "pow", "3", "-2"],
        &["nim", "table", "-4"],
        &["coins", "lexicode", "-8", "3"],
        &["coins", "lexicode", "8", "-3"],
        &["corners", "mex", "-4"],
    ] {
        let (code, _, err) = onag(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
        assert!(
            err.contains("no sign allowed") || err.contains("invalid value"),
            "{args:?}: {err}"
        );
    }
    for args in [
        &["toads", "value", "-TF"][..],
        &["coins", "values", "-twins"],
        &["coins", "solve", "-corners:3x3"],
    ] {
        let (code, _, err) = onag(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
    }
}

/// `--json` and `--quiet` are one shared pair of flags: every command takes both.
#[test]
fn every_command_takes_json_and_quiet() {
    for args in [
        &["value", "*"][..],
        &["toads", "value", "TT.FF"],
        &["toads", "equals", "TT.FF", "*"],
        &[
            "toads", "family", "--toads", "1", "--frogs", "1", "--blanks", "1..3",
        ],
        &["toads", "stats", "--max-len", "3"],
        &["toads", "verify", "--max-len", "3"],
        &["nim", "mul", "2", "3"],
        &["nim", "table", "4"],
        &["wythoff", "g", "3", "5"],
        &["wythoff", "table", "4"],
        &["wythoff", "pairs", "4"],
        &["coins", "values", "twins", "--count", "4"],
        &["coins", "lexicode", "8", "3"],
        &["coins", "solve", "corners:3x3"],
        &["coins", "tartan", "twins", "twins", "--size", "4", "4"],
        &["corners", "mex", "8"],
        &["queens", "table", "--moves", "pair", "--size", "4"],
    ] {
        let mut all = args.to_vec();
        all.extend(["--json", "--quiet"]);
        let (code, out, err) = onag(&all);
        assert_eq!(code, 0, "{all:?}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
        assert!(v.is_object(), "{all:?}: {out}");
        assert!(err.is_empty(), "{all:?}: {err}");
    }
}

/// `onag toads value` on a board the solver needs minutes and gigabytes for is refused before
/// any work, with the estimate and how to force it; small boards are not.
#[test]
fn toads_value_refuses_past_its_work_estimate() {
    let started = std::time::Instant::now();
    let (code, _, err) = onag(&["toads", "value", "TTTTTTTTTT....FFFFFFFFFF"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("work estimate") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(started.elapsed().as_secs() < 5, "refused only after work");
    let (code, _, err) = onag(&["toads", "value", "T8.2F8", "--json"]);
    assert_eq!(code, 0, "{err}");
}
