//! `onag heaps check --json` prints the library's `CheckReport`, byte for byte what it printed
//! before the report had a type (the lines below were captured from that output), for a
//! census and a period report, intact and edited, whole and by `--codes`.

mod common;

use std::process::Command;

fn check(dir: &std::path::Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_onag"))
        .current_dir(dir)
        .args(["heaps", "check"])
        .args(args)
        .args(["--json", "--quiet"])
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn check_reports_print_the_same_json_as_before() {
    let dir = std::env::temp_dir().join(format!("onag-heaps-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (code, _, err) = common::onag(&[
        "heaps",
        "census",
        "--digits",
        "1",
        "--max",
        "512",
        "--quiet",
        "--out",
        dir.join("c.json").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = common::onag(&[
        "heaps",
        "period",
        "kayles",
        "--max",
        "4096",
        "--quiet",
        "--out",
        dir.join("p.json").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // Edited copies: one census entry and the period report computed one heap further.
    let mut c: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("c.json")).unwrap()).unwrap();
    let to = c["entries"][3]["analysis"]["computed_to"].as_u64().unwrap();
    c["entries"][3]["analysis"]["computed_to"] = (to + 1).into();
    std::fs::write(
        dir.join("c_bad.json"),
        serde_json::to_vec_pretty(&c).unwrap(),
    )
    .unwrap();
    let mut p: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("p.json")).unwrap()).unwrap();
    let to = p["analysis"]["computed_to"].as_u64().unwrap();
    p["analysis"]["computed_to"] = (to + 1).into();
    std::fs::write(
        dir.join("p_bad.json"),
        serde_json::to_vec_pretty(&p).unwrap(),
    )
    .unwrap();

    for (args, expected_code, expected) in [
        (
            &["c.json"][..],
            0,
            r#"{"checked":14,"differ":[],"file":"c.json"}"#,
        ),
        (
            &["c.json", "--codes", "0.4,0.6"],
            0,
            r#"{"checked":2,"differ":[],"file":"c.json"}"#,
        ),
        (
            &["c_bad.json"],
            1,
            r#"{"checked":14,"differ":["0.4","(the report's totals or equivalences)"],"file":"c_bad.json"}"#,
        ),
        (
            &["c_bad.json", "--codes", "0.4"],
            1,
            r#"{"checked":1,"differ":["0.4"],"file":"c_bad.json"}"#,
        ),
        (
            &["c_bad.json", "--codes", "0.1"],
            0,
            r#"{"checked":1,"differ":[],"file":"c_bad.json"}"#,
        ),
        (
            &["p.json"],
            0,
            r#"{"checked":1,"differ":[],"file":"p.json"}"#,
        ),
        (
            &["p_bad.json"],
            1,
            r#"{"checked":1,"differ":["0.77"],"file":"p_bad.json"}"#,
        ),
    ] {
        let (code, out) = check(&dir, args);
        assert_eq!(out, format!("{expected}\n"), "{args:?}");
        assert_eq!(code, expected_code, "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
