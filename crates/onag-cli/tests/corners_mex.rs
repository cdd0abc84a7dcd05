//! `onag corners mex N --checkpoint FILE [--resume]`: a resumed run gives the same report.
use std::process::Command;

use serde_json::Value;

/// The config directory (checkpoint key) of these runs.
fn config_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("onag-corners-mex-config-{}", std::process::id()))
}

/// Tags and seals `doc` as this user's onag would (the key file in [`config_dir`]), returning
/// the file's text.
fn retag(doc: &mut Value) -> String {
    let hex = std::fs::read_to_string(config_dir().join("checkpoint.key")).unwrap();
    let key: [u8; 16] =
        std::array::from_fn(|i| u8::from_str_radix(&hex.trim()[2 * i..2 * i + 2], 16).unwrap());
    doc.as_object_mut().unwrap().remove("seal");
    let file: onag::games::turning_corners::definition::MexCheckpoint =
        serde_json::from_value(doc.clone()).unwrap();
    doc["checksum"] = file.expected_checksum(&key).into();
    onag_api::shard::seal_keyed(&*doc, "seal", &key).unwrap()
}

fn mex(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_onag"))
        .env("ONAG_CONFIG_DIR", config_dir())
        .args(["corners", "mex"])
        .args(args)
        .args(["--json", "--quiet"])
        .output()
        .expect("onag runs");
    let json = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.code().unwrap_or(-1), json)
}

#[test]
fn a_resumed_run_reports_what_a_whole_run_does() {
    let dir = std::env::temp_dir().join(format!("onag-corners-mex-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("check.json");
    let path = file.to_str().unwrap();
    let (code, whole) = mex(&["100"]);
    assert_eq!(code, 0);
    assert_eq!(whole["mismatches"], 0);
    let (code, saved) = mex(&["100", "--checkpoint", path]);
    assert_eq!(
        (code, &saved["options_evaluated"]),
        (0, &whole["options_evaluated"])
    );
    // Keep every other row, as if the run had been interrupted, and go on.
    let mut doc: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let rows = doc["rows"].as_array_mut().unwrap();
    assert_eq!(rows.len(), 99);
    let kept: Vec<Value> = rows.iter().step_by(2).cloned().collect();
    *rows = kept;
    // edited without the user's key: refused
    std::fs::write(&file, doc.to_string()).unwrap();
    assert_eq!(mex(&["100", "--checkpoint", path, "--resume"]).0, 2);
    let text = retag(&mut doc);
    std::fs::write(&file, text).unwrap();
    let (code, resumed) = mex(&["100", "--checkpoint", path, "--resume"]);
    assert_eq!(code, 0);
    assert_eq!(resumed["rows_resumed"], 50);
    assert_eq!(resumed["rows_resumed_rechecked"], 8);
    for key in ["cells", "mismatches", "max_value", "options_evaluated"] {
        assert_eq!(resumed[key], whole[key], "{key}");
    }
    // Another N, or a damaged file, is bad input.
    assert_eq!(mex(&["90", "--checkpoint", path, "--resume"]).0, 2);
    std::fs::write(
        &file,
        "{\"kind\":\"corners-mex\",\"n\":100,\"rows\":[[500,1,[],[]]]}",
    )
    .unwrap();
    assert_eq!(mex(&["100", "--checkpoint", path, "--resume"]).0, 2);
    // a hand-written file claiming every row done, clean: refused without the key, and with
    // it the rows computed again disagree
    let rows: Vec<Value> = (1..100)
        .map(|a| serde_json::json!([a, 1, [], []]))
        .collect();
    let mut claim = serde_json::json!({"kind": "corners-mex", "n": 100, "rows": rows});
    std::fs::write(&file, claim.to_string()).unwrap();
    assert_eq!(mex(&["100", "--checkpoint", path, "--resume"]).0, 2);
    let text = retag(&mut claim);
    std::fs::write(&file, text).unwrap();
    assert_eq!(mex(&["100", "--checkpoint", path, "--resume"]).0, 2);
    // an `options` count that would wrap the total is refused
    claim["rows"][0][1] = u64::MAX.into();
    let text = retag(&mut claim);
    std::fs::write(&file, text).unwrap();
    assert_eq!(mex(&["100", "--checkpoint", path, "--resume"]).0, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}
