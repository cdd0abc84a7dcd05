//! Reliability at the command line: exact answers at the arithmetic limits, no stack overflow on
//! long integer chains, equal games print equal names, output files that are not regular
//! files, an unwritable checkpoint directory found before the run, and one-line messages.

mod common;

use std::path::PathBuf;

use common::{onag, onag_in};

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
        ("tiny50000", "Tiny(50000)"),
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
    // and the seal over the bytes, under the same wrong key
    let text = onag_api::shard::seal_keyed(&file, "seal", &onag::checksum::PUBLIC_KEY).unwrap();
    *v = serde_json::from_str(&text).unwrap();
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
    v.as_object_mut().unwrap().remove("seal");
    let p = write("v1.json", &v);
    let (code, _, err) = run(&["--resume"], &p);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("older onag"), "{err}");
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

/// A heap checkpoint edited at G(20) and sealed again with an unkeyed checksum resumed into a
/// "proven" preperiod 21 (true 0), exit 0; a value 0xFFFFFFFF allocated gigabytes. The seal is
/// keyed now: both are refused with one line, exit 2, and so is a header claiming more values
/// than `--max`.
#[test]
fn heap_checkpoints_cannot_be_forged() {
    let dir = scratch("heapcp");
    let cp = dir.join("cp");
    let cp_s = cp.to_str().unwrap();
    let run = |args: &[&str]| onag_in(&dir, args);
    // .6 has no period to 3000: the checkpoint holds 3000 values
    let (code, out, err) = run(&[
        "heaps",
        "period",
        "0.6",
        "--max",
        "3000",
        "--checkpoint",
        cp_s,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("unsolved up to 3000"), "{out}");
    let good = std::fs::read(&cp).unwrap();
    let text_len = u32::from_le_bytes(good[12..16].try_into().unwrap()) as usize;
    let value_at = |n: usize| 16 + text_len + 24 + 4 * n;
    let reseal = |bytes: &mut Vec<u8>| {
        let body = bytes.len() - 8;
        let tag = onag::checksum::siphash24(&onag::checksum::PUBLIC_KEY, &bytes[..body]);
        bytes[body..].copy_from_slice(&tag.to_le_bytes());
    };
    for edit in [1u32, 0xFFFF_FFFF] {
        let mut forged = good.clone();
        let at = value_at(20);
        forged[at..at + 4].copy_from_slice(&edit.to_le_bytes());
        reseal(&mut forged);
        std::fs::write(&cp, &forged).unwrap();
        let (code, out, err) = run(&[
            "heaps",
            "period",
            "0.6",
            "--max",
            "3000",
            "--checkpoint",
            cp_s,
            "--resume",
        ]);
        assert_eq!(code, 2, "{out} {err}");
        assert!(err.contains("checksum"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // more values than --max allows: refused from the header, before the file is read
    std::fs::write(&cp, &good).unwrap();
    let (code, _, err) = run(&[
        "heaps",
        "period",
        "0.6",
        "--max",
        "100",
        "--checkpoint",
        cp_s,
        "--resume",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("more than --max 100"), "{err}");
    // intact, it resumes
    let (code, out, err) = run(&[
        "heaps",
        "period",
        "0.6",
        "--max",
        "3000",
        "--checkpoint",
        cp_s,
        "--resume",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("unsolved up to 3000"), "{out}");
}

/// `onag heaps merge` took an edited entry, a ruleset named "not a code", parts of another
/// `--max` and one code twice with exit 0. Entries are sealed census parts now, checked like
/// Toads stats shards.
#[test]
fn heap_census_parts_are_checked_before_merging() {
    let dir = scratch("heapparts");
    let part = |code: &str, max: &str| {
        let (c, out, err) = onag(&["heaps", "entry", code, "--max", max, "--json"]);
        assert_eq!(c, 0, "{err}");
        out
    };
    let a = dir.join("a.json");
    let b = dir.join("b.json");
    std::fs::write(&a, part("0.07", "512")).unwrap();
    std::fs::write(&b, part("0.16", "512")).unwrap();
    let merge = |files: &[&PathBuf], max: &str| {
        let mut args = vec!["heaps", "merge", "--max", max, "--json"];
        args.extend(files.iter().map(|f| f.to_str().unwrap()));
        onag(&args)
    };
    let (code, out, err) = merge(&[&a, &b], "512");
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["entries"].as_array().unwrap().len(), 2);
    // mismatched --max; one code twice (a part copied over another)
    let (code, _, err) = merge(&[&a, &b], "4096");
    assert_eq!(code, 2);
    assert!(err.contains("--max 512"), "{err}");
    let copy = dir.join("copy.json");
    std::fs::copy(&a, &copy).unwrap();
    let (code, _, err) = merge(&[&a, &copy], "512");
    assert_eq!(code, 2);
    assert!(err.contains("another part"), "{err}");
    // an edited entry; a bogus ruleset (even sealed again with the public checksum)
    let text = std::fs::read_to_string(&a).unwrap();
    let edited = dir.join("edited.json");
    std::fs::write(
        &edited,
        text.replacen("\"largest_value\":", "\"largest_value\":9", 1),
    )
    .unwrap();
    let (code, _, err) = merge(&[&edited], "512");
    assert_eq!(code, 2);
    assert!(err.contains("checksum"), "{err}");
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value.as_object_mut().unwrap().remove("checksum");
    value["entries"][0]["ruleset"] = "not a code".into();
    let tag = onag::checksum::tag(&onag::checksum::PUBLIC_KEY, value.to_string().as_bytes());
    value["checksum"] = tag.into();
    std::fs::write(&edited, format!("{value}\n")).unwrap();
    let (code, _, err) = merge(&[&edited], "512");
    assert_eq!(code, 2);
    assert!(err.contains("not a ruleset"), "{err}");
    // a large garbage file: refused at once, one line
    let big = dir.join("big.json");
    std::fs::write(&big, vec![b'['; 100 << 20]).unwrap();
    let started = std::time::Instant::now();
    let (code, _, err) = merge(&[&big], "512");
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

/// A run stopped by a bound said only "the computation was stopped before it finished": it
/// names the bound now.
#[test]
fn a_stopped_run_names_its_bound() {
    let (code, _, err) = onag(&[
        "heaps",
        "period",
        "0.6",
        "--max",
        "1000000000",
        "--max-seconds",
        "1",
        "--quiet",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--max-seconds 1"), "{err}");
    assert!(err.lines().all(|l| l.starts_with("error: ")), "{err}");
}

/// `onag site` wrote every file with mode 0600 whatever the umask, so a web server running as
/// another user served 404 for everything. Every output file gets the umask's mode; the
/// temporary file is still created exclusively.
#[cfg(unix)]
#[test]
fn output_files_get_the_umask_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("umask");
    for (umask, want) in [("022", 0o644), ("077", 0o600), ("002", 0o664)] {
        let site = dir.join(format!("site{umask}"));
        let out = dir.join(format!("value{umask}.svg"));
        let status = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "umask {umask} && \"$0\" site --out \"$1\" >/dev/null && \"$0\" value '{{2|-1}}' --svg \"$2\" >/dev/null"
            ))
            .arg(env!("CARGO_BIN_EXE_onag"))
            .arg(&site)
            .arg(&out)
            .status()
            .unwrap();
        assert!(status.success());
        for file in [site.join("index.html"), out] {
            let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, want, "{} under umask {umask}", file.display());
        }
    }
}

/// `heaps play` had no memory bound (1,000 heaps of 2^20: 4.4 GB; 1,500 aborted): the moves
/// it would list are counted first.
#[test]
fn heaps_play_bounds_its_moves_first() {
    let heaps: Vec<String> = (0..1500).map(|_| "1000000".to_string()).collect();
    let mut args = vec!["heaps", "play", "0.6"];
    args.extend(heaps.iter().map(String::as_str));
    let started = std::time::Instant::now();
    let (code, _, err) = onag(&args);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("moves"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}

/// `heaps values` of a 64-digit hexadecimal code (computed by the definition, O(n³) a value)
/// ran past any time bound: it has `--max-seconds` now.
#[test]
fn heaps_values_of_a_long_hex_code_is_bounded() {
    let code = format!("4.{}", "f".repeat(64));
    let started = std::time::Instant::now();
    let (status, _, err) = onag(&[
        "heaps",
        "values",
        &code,
        "--count",
        "5000",
        "--max-seconds",
        "1",
    ]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("--max-seconds 1"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

/// `heaps census` and `reproduce` computed first and only then failed on an unwritable
/// `--out`; `reproduce --out rep` with `rep.md` a symbolic link wrote `rep.json`, then exited 2.
#[cfg(unix)]
#[test]
fn destinations_are_checked_before_the_work() {
    let dir = scratch("dest");
    let missing = dir.join("no-such-dir").join("census.json");
    let started = std::time::Instant::now();
    let (code, _, err) = onag(&[
        "heaps",
        "census",
        "--codes",
        "0.6",
        "--max",
        "4000000",
        "--quiet",
        "--out",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(3),
        "computed first: {err}"
    );
    let rep = dir.join("rep");
    std::os::unix::fs::symlink(dir.join("elsewhere.md"), dir.join("rep.md")).unwrap();
    let (code, _, err) = onag(&[
        "reproduce",
        "--quick",
        "--only",
        "nim",
        "--quiet",
        "--out",
        rep.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    assert!(
        !dir.join("rep.json").exists(),
        "rep.json written though rep.md was refused"
    );
    assert!(!dir.join("elsewhere.md").exists());
}

/// A 64-edge alternating Hackenbush stalk was refused with a bare "exact arithmetic overflow":
/// the message says which bound (the binary places of onag's 64-bit exact numbers).
#[test]
fn hackenbush_overflow_names_its_bound() {
    let (code, out, err) = onag(&["game", "hackenbush", &"br".repeat(31)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("/2305843009213693952"), "{out}");
    let (code, _, err) = onag(&["game", "hackenbush", &"br".repeat(32)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("binary places"), "{err}");
}

/// `onag toads stats-merge` of a 150 MB JSON array built a ~2.5 GB JSON tree before its
/// checksum said "no checksum" (SIGABRT under a 3 GB address-space limit). Part files are
/// capped and their checksum is verified on the bytes before any parse.
#[test]
fn a_large_garbage_shard_is_refused_before_any_parse() {
    let dir = scratch("garbage");
    let array = dir.join("array.json");
    let mut text = Vec::with_capacity(150 << 20);
    text.push(b'[');
    while text.len() < 150 << 20 {
        text.extend_from_slice(b"0,");
    }
    text.extend_from_slice(b"0]");
    std::fs::write(&array, &text).unwrap();
    // under the part cap: an object with no checksum, refused after one pass of the bytes
    let object = dir.join("object.json");
    let mut small = b"{\"a\":[".to_vec();
    small.extend(std::iter::repeat_n(b"0,".as_slice(), 20 << 20).flatten());
    small.extend_from_slice(b"0]}");
    std::fs::write(&object, &small).unwrap();
    for (file, says) in [(&array, "larger than"), (&object, "no checksum")] {
        let started = std::time::Instant::now();
        let out = std::process::Command::new("/usr/bin/time")
            .args(["-f", "%M"])
            .arg(env!("CARGO_BIN_EXE_onag"))
            .args(["toads", "stats-merge", file.to_str().unwrap()])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(says), "{err}");
        let peak_kb: u64 = err.lines().last().unwrap().trim().parse().unwrap();
        assert!(peak_kb < 400_000, "{} KB for {}", peak_kb, file.display());
        assert!(started.elapsed() < std::time::Duration::from_secs(20));
    }
}
