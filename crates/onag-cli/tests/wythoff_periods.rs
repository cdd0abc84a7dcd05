//! `onag wythoff periods` and `onag wythoff results` as a user runs them: a run killed with
//! SIGKILL and resumed from its checkpoint gives the uninterrupted run's rows, a run stops by
//! itself once every row is proven, the results file audits with `--verify`, and bad
//! parameters exit 2 with a message.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use common::onag;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("onag-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Rows 0..=120 over 600,000 columns with cap 24,576: rows 0–108 have periods dividing it.
const RUN: [&str; 10] = [
    "wythoff",
    "periods",
    "--rows",
    "0..120",
    "--columns",
    "600000",
    "--period-cap",
    "24576",
    "--quiet",
    "--json",
];

fn checkpoint_column(path: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    serde_json::from_str::<Value>(&text).ok()?["column"].as_u64()
}

#[test]
fn killed_run_resumes_to_the_uninterrupted_rows() {
    let (code, whole, err) = onag(&RUN);
    assert_eq!(code, 0, "{err}");
    let whole = json(&whole);
    let proven = whole["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["proven"] == true)
        .count();
    assert!(proven >= 109, "{proven} rows proven");

    let dir = temp_dir("periods-kill");
    let ckpt = dir.join("ckpt.json");
    let ckpt_arg = ckpt.to_str().unwrap();
    let mut args: Vec<&str> = RUN.to_vec();
    args.extend([
        "--checkpoint",
        ckpt_arg,
        "--checkpoint-secs",
        "0",
        "--threads",
        "2",
    ]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it (SIGKILL: no chance to clean up) once a checkpoint past column 100,000 exists.
    let start = Instant::now();
    loop {
        if checkpoint_column(&ckpt).is_some_and(|c| c >= 100_000) {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(120), "no checkpoint");
        if child.try_wait().unwrap().is_some() {
            break; // finished before we could kill it: resuming must still work
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    let at = checkpoint_column(&ckpt).expect("a readable checkpoint after the kill");
    let end = whole["columns_swept"].as_u64().unwrap();
    assert!(
        at < end,
        "the run ended (column {end}) before it was killed"
    );

    args.push("--resume");
    let (code, resumed, err) = onag(&args);
    assert_eq!(code, 0, "{err}");
    let resumed = json(&resumed);
    assert_eq!(resumed["rows"], whole["rows"], "killed at column {at}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn run_stops_once_every_row_is_proven_and_results_verify() {
    let dir = temp_dir("periods-results");
    let ckpt = dir.join("ckpt.json");
    let out = dir.join("results.json");
    let (code, run, err) = onag(&[
        "wythoff",
        "periods",
        "--rows",
        "0..40",
        "--columns",
        "1000000",
        "--period-cap",
        "3072",
        "--checkpoint",
        ckpt.to_str().unwrap(),
        "--quiet",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let run = json(&run);
    let swept = run["columns_swept"].as_u64().unwrap();
    assert!(swept < 100_000, "swept {swept} columns");
    assert!(run["rows"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["proven"] == true));
    assert_eq!(checkpoint_column(&ckpt), Some(swept));

    let (code, _, err) = onag(&[
        "wythoff",
        "results",
        "--checkpoint",
        ckpt.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let results = json(&std::fs::read_to_string(&out).unwrap());
    assert_eq!(results["proven_rows"], serde_json::json!([0, 40]));
    // A046876 starts 1, 2, 1, 1, 1, 1, 4, 2, 3, 2, 3: rows 0..=20 close 11 runs, the run of
    // 768 from row 21 is still open at row 40.
    let terms: Vec<u64> = results["a046876"]["exact_terms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_u64().unwrap())
        .collect();
    assert_eq!(terms, [1, 2, 1, 1, 1, 1, 4, 2, 3, 2, 3]);

    let (code, _, err) = onag(&[
        "wythoff",
        "periods",
        "--rows",
        "20..40",
        "--columns",
        "100000",
        "--verify",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_parameters_exit_2_with_a_message() {
    for (args, needle) in [
        (vec!["--rows", "0..10", "--period-cap", "100"], "3·2^k"),
        (vec!["--rows", "5..2"], "rows"),
        (vec!["--rows", "0..100000"], "top row"),
        (vec!["--rows", "0..10", "--resume"], "checkpoint"),
    ] {
        let mut all = vec!["wythoff", "periods", "--columns", "1000"];
        all.extend(args.iter());
        let (code, _, err) = onag(&all);
        assert_eq!(code, 2, "{all:?}: {err}");
        assert!(err.contains(needle), "{all:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
