//! `onag heaps …` as a user runs it: every subcommand's `--json` is the library's report for
//! the same question, the census merged from entries in any order is byte-identical to the
//! census, `heaps check` passes a fresh report and names a tampered entry, a stopped period
//! search resumed from its checkpoint gives the uninterrupted run's report, a damaged
//! checkpoint is refused (and never turned into a result), and bad input exits 2 with one line.

mod common;

use std::path::{Path, PathBuf};

use onag::heaps::position::position_report;
use onag::heaps::{census_entry, values_report, CensusReport, PeriodSearch, Ruleset, Strategy};
use onag::StopFlag;
use onag_api::limits::NATIVE_MAX_HEAP_VALUES;
use serde_json::Value;

use common::onag;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("onag-heaps-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn to_json<T: serde::Serialize>(report: &T) -> Value {
    serde_json::to_value(report).unwrap()
}

fn rules(text: &str) -> Ruleset {
    text.parse().unwrap()
}

/// Runs `onag args`, expecting success; the parsed JSON on stdout.
fn ok_json(args: &[&str]) -> Value {
    let (code, out, err) = onag(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    json(&out)
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn values_json_is_the_library_report_and_text_lists_them() {
    for (code, count) in [
        ("0.137", 3000),
        ("kayles", 500),
        ("grundy", 5000),
        ("S(1,3,4)", 200),
    ] {
        let cli = ok_json(&[
            "heaps",
            "values",
            code,
            "--count",
            &count.to_string(),
            "--json",
        ]);
        let lib = values_report(&rules(code), count, &StopFlag::new()).unwrap();
        assert_eq!(cli, to_json(&lib), "{code}");
    }
    let (code, out, err) = onag(&["heaps", "values", "kayles", "--count", "30"]);
    assert_eq!(code, 0, "{err}");
    // OEIS A002186 (Kayles): 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2
    assert!(out.starts_with("0.77 (kayles): G(0) … G(29)"), "{out}");
    assert!(
        out.contains("0: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2"),
        "{out}"
    );
    // the help states the bound Python has
    assert_eq!(NATIVE_MAX_HEAP_VALUES, 1 << 30);
    let (code, out, err) = onag(&["heaps", "values", "--help"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 to 2^30"), "{out}");
}

#[test]
fn period_census_and_play_json_are_the_library_reports() {
    for (code, max) in [
        ("0.77", 4096),
        ("0.137", 4096),
        ("grundy", 20_000),
        ("0.6", 8192),
    ] {
        let cli = ok_json(&[
            "heaps",
            "period",
            code,
            "--max",
            &max.to_string(),
            "--json",
            "--quiet",
        ]);
        let mut search = PeriodSearch::new(&rules(code), max);
        search
            .run(usize::MAX, &StopFlag::new(), &mut |_| {})
            .unwrap();
        assert_eq!(cli, to_json(&search.report()), "{code}");
    }
    // Kayles: proven from 71 with period 12, as published (Guy and Smith 1956)
    let (code, out, err) = onag(&["heaps", "period", "kayles", "--max", "4096", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("periodic, preperiod 71 period 12 (proven"),
        "{out}"
    );
    let (code, out, err) = onag(&["heaps", "period", "grundy", "--max", "4096", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("grundy: unsolved up to 4096"), "{out}");

    let codes = ["0.77", "0.137", "4.07", "0.6", "grundy"];
    let cli = ok_json(&[
        "heaps",
        "census",
        "--codes",
        &codes.join(","),
        "--max",
        "8192",
        "--json",
        "--quiet",
    ]);
    let entries = codes
        .iter()
        .map(|c| census_entry(&rules(c), 8192, &StopFlag::new()).unwrap())
        .collect();
    assert_eq!(cli, to_json(&CensusReport::from_entries(8192, entries)));

    for (code, heaps, computer) in [
        ("0.137", vec![5u64, 8, 11], "perfect"),
        ("kayles", vec![7, 4], "perfect"),
        ("grundy", vec![9, 10], "perfect"),
    ] {
        let mut args = vec!["heaps", "play", code];
        let sizes: Vec<String> = heaps.iter().map(u64::to_string).collect();
        args.extend(sizes.iter().map(String::as_str));
        args.extend(["--computer", computer, "--json"]);
        let cli = ok_json(&args);
        let lib =
            position_report(&rules(code), &heaps, Strategy::Perfect, &StopFlag::new()).unwrap();
        assert_eq!(cli, to_json(&lib), "{code} {heaps:?}");
    }
    // skill and random choices are the library's for the same seed
    let cli = ok_json(&[
        "heaps",
        "play",
        "kayles",
        "9",
        "6",
        "--computer",
        "skill:40",
        "--seed",
        "7",
        "--json",
    ]);
    let lib = position_report(
        &rules("kayles"),
        &[9, 6],
        Strategy::Skill { level: 40, seed: 7 },
        &StopFlag::new(),
    )
    .unwrap();
    assert_eq!(cli, to_json(&lib));
    let (code, out, err) = onag(&["heaps", "play", "0.137", "5", "8", "11"]);
    assert_eq!(code, 0, "{err}");
    // A002187: G(5) = 3, G(8) = 0, G(11) = 2: nim-sum 1, the player to move wins
    assert!(out.contains("heaps 5 (*3), 8 (*0), 11 (*2)"), "{out}");
    assert!(out.contains("nim-sum 1: the player to move wins"), "{out}");
    assert!(out.contains('✓') && out.contains('✗'), "{out}");
}

#[test]
fn merged_entries_are_the_census_in_any_order_and_check_finds_a_change() {
    let dir = temp_dir("census");
    let codes = ["0.77", "0.07", "0.16", "4.37", "grundy"];
    let mut files = Vec::new();
    for c in codes {
        let (code, out, err) = onag(&["heaps", "entry", c, "--max", "4096", "--json"]);
        assert_eq!(code, 0, "{c}: {err}");
        let f = dir.join(format!("{}.json", files.len()));
        std::fs::write(&f, out).unwrap();
        files.push(f);
    }
    let census_out = dir.join("census.json");
    let (code, census, err) = onag(&[
        "heaps",
        "census",
        "--codes",
        &codes.join(","),
        "--max",
        "4096",
        "--json",
        "--quiet",
        "--out",
        path(&census_out),
    ]);
    assert_eq!(code, 0, "{err}");
    let merge = |order: &[usize], out: &Path| -> String {
        let mut args = vec!["heaps".to_string(), "merge".to_string()];
        args.extend(order.iter().map(|&i| path(&files[i]).to_string()));
        args.extend(["--max", "4096", "--json", "--out", path(out)].map(String::from));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, text, err) = onag(&args);
        assert_eq!(code, 0, "{err}");
        text
    };
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    let forward = merge(&[0, 1, 2, 3, 4], &a);
    // reversed, with a file given twice: the same file counts once
    let backward = merge(&[4, 3, 2, 2, 1, 0], &b);
    assert_eq!(forward, backward);
    assert_eq!(forward, census);
    let (fa, fb) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_eq!(fa, fb, "the --out files differ");
    assert_eq!(fa, std::fs::read(&census_out).unwrap());

    // a fresh report checks; one changed entry is named, exit 1
    let (code, out, err) = onag(&["heaps", "check", path(&census_out), "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("5 entries recomputed, 0 differ"), "{out}");
    let mut report = json(&std::fs::read_to_string(&census_out).unwrap());
    let entry = report["entries"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["ruleset"] == "0.16")
        .unwrap();
    entry["analysis"]["largest_value"] = Value::from(99);
    let tampered = dir.join("tampered.json");
    std::fs::write(&tampered, serde_json::to_string_pretty(&report).unwrap()).unwrap();
    let (code, out, err) = onag(&["heaps", "check", path(&tampered), "--quiet"]);
    assert_eq!(code, 1, "{out} {err}");
    // the entry, and the totals built from it
    assert!(out.contains("differ: 0.16, "), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // only the codes asked for
    let (code, out, err) = onag(&[
        "heaps",
        "check",
        path(&tampered),
        "--codes",
        "0.77,grundy",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 entries recomputed, 0 differ"), "{out}");

    // a period report is recomputed whole
    let period = dir.join("period.json");
    let (code, _, err) = onag(&[
        "heaps",
        "period",
        "0.6",
        "--max",
        "8192",
        "--quiet",
        "--out",
        path(&period),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = onag(&["heaps", "check", path(&period), "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("0.6 to 8192 recomputed: the same report"),
        "{out}"
    );
    let mut report = json(&std::fs::read_to_string(&period).unwrap());
    report["rare_heaps"][3]["value"] = Value::from(1000);
    std::fs::write(&period, serde_json::to_string(&report).unwrap()).unwrap();
    let (code, out, err) = onag(&["heaps", "check", path(&period), "--quiet"]);
    assert_eq!(code, 1, "{out} {err}");
    assert!(out.contains("it differs"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Grundy's game to 2^20: several seconds of work, so one second in it is a run stopped midway.
const LONG: &str = "1048576";

#[test]
fn stopped_period_search_resumes_to_the_uninterrupted_report() {
    let dir = temp_dir("resume");
    let whole = ok_json(&[
        "heaps", "period", "grundy", "--max", LONG, "--json", "--quiet",
    ]);
    assert_eq!(whole["analysis"]["computed_to"], 1 << 20);

    let ckpt = dir.join("grundy.ckpt");
    let out = dir.join("report.json");
    let base = [
        "heaps",
        "period",
        "grundy",
        "--max",
        LONG,
        "--quiet",
        "--json",
        "--checkpoint",
        path(&ckpt),
        "--out",
        path(&out),
    ];
    let mut stopped = base.to_vec();
    stopped.extend(["--max-seconds", "1"]);
    let (code, _, err) = onag(&stopped);
    assert_eq!(code, 2, "the run was not stopped: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("continue with --resume"), "{err}");
    assert!(!out.exists(), "a stopped run wrote a report");
    let saved: u64 = err
        .split_whitespace()
        .find_map(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("no count in {err}"));
    assert!(saved < 1 << 20, "{err}");

    // a damaged checkpoint is refused, left as it is, and gives no report
    let bytes = std::fs::read(&ckpt).unwrap();
    let damaged = dir.join("damaged.ckpt");
    for (what, broken) in [
        ("checksum", {
            let mut b = bytes.clone();
            let middle = b.len() / 2;
            b[middle] ^= 0x10;
            b
        }),
        // cut short: its header declares more bytes than the file has
        ("declares", bytes[..bytes.len() - 5].to_vec()),
        ("cut short", bytes[..20].to_vec()),
        ("not an onag heaps checkpoint", b"{\"column\": 3}".to_vec()),
    ] {
        std::fs::write(&damaged, &broken).unwrap();
        let (code, text, err) = onag(&[
            "heaps",
            "period",
            "grundy",
            "--max",
            LONG,
            "--checkpoint",
            path(&damaged),
            "--resume",
            "--out",
            path(&out),
            "--quiet",
        ]);
        assert_eq!(code, 2, "{what}: {text}");
        assert!(err.contains(what), "{what}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            text.is_empty() && !out.exists(),
            "{what}: a report from a damaged checkpoint"
        );
        assert_eq!(
            std::fs::read(&damaged).unwrap(),
            broken,
            "{what}: the file was rewritten"
        );
    }
    // another ruleset's checkpoint
    let (code, _, err) = onag(&[
        "heaps",
        "period",
        "0.6",
        "--max",
        "4096",
        "--checkpoint",
        path(&ckpt),
        "--resume",
        "--quiet",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("is a checkpoint of grundy, not of 0.6"),
        "{err}"
    );

    let mut resume = base.to_vec();
    resume.push("--resume");
    let resumed = ok_json(&resume);
    assert_eq!(resumed, whole, "resumed from {saved} values");
    assert_eq!(json(&std::fs::read_to_string(&out).unwrap()), whole);
    // the finished run's checkpoint resumes to the same report at once
    let again = ok_json(&resume);
    assert_eq!(again, whole);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let dir = temp_dir("bad");
    let not_json = dir.join("not.json");
    std::fs::write(&not_json, "G(0) = 0").unwrap();
    let missing = dir.join("missing.json");
    let over = (NATIVE_MAX_HEAP_VALUES + 1).to_string();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["heaps", "values", "0.8x"], "bad ruleset '0.8x'"),
        (
            vec![
                "heaps",
                "values",
                "0.12345670123456701234567012345670123456701234567012345670123456701",
            ],
            "bad ruleset",
        ),
        (vec!["heaps", "values", "S(1,,3)"], "bad ruleset"),
        (
            vec!["heaps", "values", "kayles", "--count", "ten"],
            "--count",
        ),
        (vec!["heaps", "values", "kayles", "--count", "-3"], "'-3'"),
        (
            vec!["heaps", "values", "kayles", "--count", "0"],
            "between 1 and 1073741824",
        ),
        (
            vec!["heaps", "values", "kayles", "--count", &over],
            "between 1 and 1073741824",
        ),
        (
            vec![
                "heaps",
                "values",
                "kayles",
                "--count",
                "99999999999999999999999",
            ],
            "--count",
        ),
        (vec!["heaps", "period", "kayles"], "--max"),
        (vec!["heaps", "period", "kayles", "--max", "1e400"], "--max"),
        (
            vec!["heaps", "period", "kayles", "--max", "100", "--resume"],
            "--checkpoint",
        ),
        (vec!["heaps", "census", "--digits", "5"], "--digits"),
        (
            vec!["heaps", "census", "--codes", "0.77,0.g", "--max", "64"],
            "bad ruleset '0.g'",
        ),
        (
            vec!["heaps", "entry", "grundy!", "--max", "64"],
            "bad ruleset",
        ),
        (
            vec!["heaps", "merge", path(&missing), "--max", "64"],
            "missing.json",
        ),
        (
            vec!["heaps", "merge", path(&not_json), "--max", "64"],
            "not.json",
        ),
        (vec!["heaps", "check", path(&not_json)], "not.json"),
        (vec!["heaps", "play", "kayles", "2000000"], "above 2^20"),
        (
            vec!["heaps", "play", "kayles", "3", "--computer", "skill:101"],
            "skill:L",
        ),
        (
            vec!["heaps", "play", "kayles", "3", "--computer", "lucky"],
            "--computer",
        ),
        (vec!["heaps", "play", "kayles"], "HEAPS"),
    ];
    for (args, needle) in cases {
        let (code, out, err) = onag(&args);
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert!(common::is_one_error(&err), "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
