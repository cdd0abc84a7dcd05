//! Reliability at the command line: exact answers at the arithmetic limits, no stack overflow on
//! long integer chains, equal games print equal names, output files that are not regular
//! files, an unwritable checkpoint directory found before the run, and one-line messages.

mod common;

use std::path::PathBuf;

use common::onag;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("onag-reliab-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn value_json(game: &str) -> serde_json::Value {
    let (code, out, err) = onag(&["value", "--json", "--", game]);
    assert_eq!(code, 0, "{game}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn numbers_at_the_limit_are_exact() {
    let x = "9223372036854775807/4611686018427387904";
    let v = value_json(x);
    assert_eq!(v["canonical"], x);
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["mean"], x);
    assert_eq!(v["temperature"], "-1/4611686018427387904");
    let v = value_json(&format!("{{{x}|}}"));
    assert_eq!(v["canonical"], "2");
}

#[test]
fn long_integer_chains_do_not_abort() {
    for (game, want) in [
        ("-(40000)", "-40000"),
        ("1-40000", "-39999"),
        ("tiny50000", "tiny-50000"),
        ("+-40000", "+-40000"),
    ] {
        assert_eq!(value_json(game)["canonical"], want);
    }
}

#[test]
fn equal_games_print_equal_names() {
    let a = value_json("(2)-(+-1)+{3||2|1}");
    let b = value_json("{3||2|1}+(2)-(+-1)");
    assert_eq!(a["canonical"], b["canonical"]);
}

/// `mkfifo f; onag … --svg f` replaced the FIFO by a regular file; a symlink was replaced
/// by a file; now a FIFO is written through and a symlink is refused before any work.
#[cfg(unix)]
#[test]
fn special_output_files_are_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("special");
    let fifo = dir.join("f");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(status.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let (code, _, err) = onag(&["value", "{2|-1}", "--svg", fifo.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let svg = reader.join().unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());

    let real = dir.join("real.svg");
    std::fs::write(&real, "keep").unwrap();
    let link = dir.join("link.svg");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let (code, _, err) = onag(&["value", "{2|-1}", "--svg", link.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "keep");

    // /dev/null stays a character device (the test may run as root)
    let (code, _, err) = onag(&["value", "{2|-1}", "--svg", "/dev/null"]);
    assert_eq!(code, 0, "{err}");
    let null = std::fs::symlink_metadata("/dev/null").unwrap();
    assert!(null.file_type().is_char_device());

    let (code, _, err) = onag(&["value", "{2|-1}", "--svg", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("directory"), "{err}");
}

/// `--checkpoint /nonexistent/ck.json` computed for 13.5 s, then exited 1 without a result.
#[test]
fn unwritable_checkpoint_is_refused_before_the_run() {
    let started = std::time::Instant::now();
    let (code, out, err) = onag(&[
        "wythoff",
        "periods",
        "--rows",
        "0..40",
        "--columns",
        "100000000",
        "--quiet",
        "--checkpoint",
        "/nonexistent-onag-dir/ck.json",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("/nonexistent-onag-dir"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(started.elapsed().as_secs() < 5, "the run started anyway");
    let dir = scratch("results-out");
    let (code, _, err) = onag(&[
        "wythoff",
        "results",
        "--checkpoint",
        dir.join("missing.json").to_str().unwrap(),
        "--out",
        "/nonexistent-onag-dir/r.json",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("/nonexistent-onag-dir"), "{err}");
}

#[test]
fn messages_are_one_line_and_say_too_large() {
    let cases: &[(&[&str], &str)] = &[
        (&["nim", "mul", "+1", "1"], "no sign"),
        (&["nim", "mul", "1__0", "1"], "underscores"),
        (
            &[
                "nim",
                "mul",
                "999999999999999999999999999999999999999999",
                "1",
            ],
            "too large",
        ),
        (&["wythoff", "table", "0"], "at least 1"),
        (
            &["wythoff", "pairs", "0"],
            "'pairs' is 0; it must be between 1 and",
        ),
        (
            &["queens", "table", "--moves", "left,,down", "--size", "3"],
            "empty entry",
        ),
        (
            &[
                "queens",
                "table",
                "--moves",
                "left:99999999999999999999",
                "--size",
                "3",
            ],
            "too large",
        ),
        (
            &[
                "queens",
                "check",
                "--moves",
                "left,down,diag",
                "--size",
                "3",
                "--formula",
                "x+é",
            ],
            "'é'",
        ),
    ];
    for (args, want) in cases {
        let (code, out, err) = onag(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        let first = err.lines().next().unwrap_or("");
        assert!(first.contains(want), "{args:?}: {err}");
        assert!(!err.contains("18446744073709551615"), "{err}");
    }
    // underscores between digits are documented and accepted, as in the web API
    let (code, out, _) = onag(&["nim", "mul", "1_000", "1"]);
    assert_eq!((code, out.trim()), (0, "1000"));
    // look-alike operators in formulas are read as ASCII
    let (code, _, err) = onag(&[
        "queens",
        "check",
        "--moves",
        "left,down,diag",
        "--size",
        "3",
        "--formula",
        "x−y",
    ]);
    assert_ne!(code, 2, "{err}");
}

/// Recomputes a checkpoint's tag with the library's own integrity check under a key that is
/// not the user's (a forger does not have it), to forge a file whose tag matches its (edited)
/// fields under that key.
fn forge_checksum(v: &mut serde_json::Value) {
    let mut file: onag::wythoff::checkpoint::CheckpointFile =
        serde_json::from_value(v.clone()).unwrap();
    file.checksum = file.expected_checksum(&onag::checksum::PUBLIC_KEY);
    *v = serde_json::to_value(&file).unwrap();
}

/// Changing one hex digit of `base.diags` made 54 rows "proven" with a wrong period;
/// editing `config.period_cap` gave wrong preperiods; `wythoff results` copied edited rows.
#[test]
fn tampered_checkpoints_are_refused() {
    let dir = scratch("tamper");
    let ckpt = dir.join("ck.json");
    let run = |extra: &[&str], path: &std::path::Path| {
        let mut args = vec![
            "wythoff",
            "periods",
            "--rows",
            "0..40",
            "--columns",
            "1000000",
            "--period-cap",
            "3072",
            "--quiet",
            "--json",
            "--checkpoint",
        ];
        let p = path.to_str().unwrap().to_string();
        let mut owned: Vec<String> = args.drain(..).map(String::from).collect();
        owned.push(p);
        owned.extend(extra.iter().map(|s| s.to_string()));
        let refs: Vec<&str> = owned.iter().map(String::as_str).collect();
        onag(&refs)
    };
    let (code, _, err) = run(&[], &ckpt);
    assert_eq!(code, 0, "{err}");
    let good: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&ckpt).unwrap()).unwrap();
    assert!(good["checksum"].as_str().unwrap().starts_with("siphash24:"));
    // the untouched checkpoint resumes and gives results
    let (code, _, err) = run(&["--resume"], &ckpt);
    assert_eq!(code, 0, "{err}");
    let out = dir.join("results.json");
    let results = |path: &std::path::Path| {
        onag(&[
            "wythoff",
            "results",
            "--checkpoint",
            path.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
    };
    let (code, _, err) = results(&ckpt);
    assert_eq!(code, 0, "{err}");

    let write = |name: &str, v: &serde_json::Value| {
        let p = dir.join(name);
        std::fs::write(&p, serde_json::to_string(v).unwrap()).unwrap();
        p
    };
    // one hex digit of the base state
    let mut v = good.clone();
    let diags = v["base"]["diags"].as_str().unwrap().to_string();
    let i = diags.len() / 2;
    let flipped = if &diags[i..=i] == "0" { "1" } else { "0" };
    v["base"]["diags"] = format!("{}{flipped}{}", &diags[..i], &diags[i + 1..]).into();
    let p = write("diags.json", &v);
    let (code, out_text, err) = run(&["--resume"], &p);
    assert_eq!(code, 2, "{err}");
    assert!(out_text.is_empty());
    assert!(err.contains("integrity"), "{err}");
    // the period cap
    let mut v = good.clone();
    v["config"]["period_cap"] = 196_608.into();
    let p = write("cap.json", &v);
    let (code, _, err) = run(&["--resume"], &p);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("integrity"), "{err}");
    // a row, for `wythoff results`
    let mut v = good.clone();
    v["rows"][7]["period"] = 9999.into();
    let p = write("rows.json", &v);
    let (code, _, err) = results(&p);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("integrity"), "{err}");
    // the same row edit with a recomputed tag (under a key that is not the user's)
    forge_checksum(&mut v);
    let p = write("forged.json", &v);
    let (code, _, err) = results(&p);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("integrity"), "{err}");
    // a forged mismatch column (row 40's preperiod came out as 1, true 10,333)
    let mut v = good.clone();
    v["last_mismatch"][40] = 393_216.into();
    forge_checksum(&mut v);
    let p = write("mismatch.json", &v);
    let (code, _, err) = run(&["--resume"], &p);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("integrity"), "{err}");
    let (code, _, err) = results(&p);
    assert_eq!(code, 2, "{err}");
    // version 1 (no checksum) is refused with a reason
    let mut v = good.clone();
    v["version"] = 1.into();
    let p = write("v1.json", &v);
    let (code, _, err) = run(&["--resume"], &p);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("version 1"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// After a resume `us_per_cell` divided the whole run's time (reading the checkpoint and
/// re-sweeping from its base state included) by only the new columns' cells.
#[test]
fn us_per_cell_after_resume_counts_only_the_sweep() {
    let dir = scratch("per-cell");
    let ckpt = dir.join("ck.json");
    let args = |columns: &'static str, resume: bool| {
        let mut a = vec![
            "wythoff".to_string(),
            "periods".into(),
            "--rows".into(),
            "0..40".into(),
            "--columns".into(),
            columns.into(),
            "--period-cap".into(),
            "3072".into(),
            "--quiet".into(),
            "--json".into(),
            "--checkpoint".into(),
            ckpt.to_str().unwrap().into(),
        ];
        if resume {
            a.push("--resume".into());
        }
        a
    };
    let call = |a: Vec<String>| {
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        let (code, out, err) = onag(&refs);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    let first = call(args("8192", false));
    let at = first["columns_swept"].as_u64().unwrap();
    let resumed = call(args("1000000", true));
    let seconds = resumed["seconds"].as_f64().unwrap();
    let sweep = resumed["sweep_seconds"].as_f64().unwrap();
    assert!(sweep <= seconds);
    assert_eq!(resumed["resumed_from_column"], at);
    let swept = resumed["columns_swept"].as_u64().unwrap() - at;
    assert!(swept > 0, "the first run already proved every row");
    let want = sweep * 1e6 / (swept as f64 * 41.0);
    let got = resumed["us_per_cell"].as_f64().unwrap();
    assert!((got - want).abs() <= 1e-9 + want * 1e-6, "{got} vs {want}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `coins solve --quiet mogul:30` would run for months; `value '1024·{3||2|1}'` grew past a
/// gigabyte.
#[test]
fn unbounded_work_is_estimated_or_bounded() {
    let started = std::time::Instant::now();
    let (code, out, err) = onag(&["coins", "solve", "--quiet", "mogul:30"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("--force") && err.contains("days"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(started.elapsed().as_secs() < 5);
    // small boards are not affected
    let (code, _, err) = onag(&["coins", "solve", "--quiet", "corners:4x4"]);
    assert_eq!(code, 0, "{err}");
    // a run that grows is stopped by --max-seconds with a message saying how to allow more
    let started = std::time::Instant::now();
    let (code, _, err) = onag(&["value", "--max-seconds", "1", "1024·{3||2|1}"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--max-seconds"), "{err}");
    assert!(started.elapsed().as_secs() < 10);
    let (code, _, err) = onag(&["value", "--max-memory", "100", "{-1048576|1048576}"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--max-memory"), "{err}");
}

/// Ctrl-C during `wythoff periods` stops cleanly: the checkpoint of the column reached is
/// written, the message says how to continue, and resuming gives the uninterrupted rows.
#[cfg(unix)]
#[test]
fn ctrl_c_writes_the_checkpoint_and_resume_continues() {
    let dir = scratch("ctrl-c");
    let ckpt = dir.join("ck.json");
    let base = [
        "wythoff",
        "periods",
        "--rows",
        "0..300",
        "--columns",
        "400000",
        "--period-cap",
        "3072",
        "--quiet",
        "--json",
    ];
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(base)
        .args(["--checkpoint", ckpt.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        // the machine was fast enough to finish first; nothing to check
        return;
    }
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--resume") && err.contains("interrupted"),
        "{err}"
    );
    let mut args: Vec<&str> = base.to_vec();
    args.extend(["--checkpoint", ckpt.to_str().unwrap(), "--resume"]);
    let (code, resumed, err) = onag(&args);
    assert_eq!(code, 0, "{err}");
    let (code, whole, err) = onag(&base);
    assert_eq!(code, 0, "{err}");
    let rows = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap()["rows"].clone();
    assert_eq!(rows(&resumed), rows(&whole));
    std::fs::remove_dir_all(&dir).ok();
}
