//! `onag toads results --verify` (the committed research results re-solved and compared as
//! games), `onag toads stats --shard` + `stats-merge` (the same JSON as one run) and the
//! errors of both, as a user runs them.

mod common;

use std::path::PathBuf;

use serde_json::Value;

use common::onag;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("onag-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn committed() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../results/toads-families.json")
        .display()
        .to_string()
}

/// `onag toads stats --min-len 6 --max-len 9 --quiet EXTRA…`: the run every shard test
/// compares.
fn stats_6_to_9(extra: &[&str]) -> (i32, String, String) {
    let mut args = vec![
        "toads",
        "stats",
        "--min-len",
        "6",
        "--max-len",
        "9",
        "--quiet",
    ];
    args.extend_from_slice(extra);
    onag(&args)
}

#[test]
fn committed_results_verify_up_to_16_squares() {
    let (code, out, err) = onag(&[
        "toads",
        "results",
        "--verify",
        &committed(),
        "--max-squares",
        "16",
        "--json",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["checked"].as_u64().unwrap() >= 15, "{out}");
    assert_eq!(v["mismatches"], serde_json::json!([]));
}

#[test]
fn a_tampered_results_file_fails_verification() {
    let text = std::fs::read_to_string(committed()).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    // T2□7F2 = * (b ≡ 1 mod 6): store 0 instead
    let values = v["families"][0]["values"].as_array_mut().unwrap();
    let e = values.iter_mut().find(|e| e["blanks"] == 7).unwrap();
    assert_eq!(e["canonical"], "*");
    e["canonical"] = "0".into();
    let dir = temp_dir("toads-tampered");
    let path = dir.join("t.json");
    std::fs::write(&path, v.to_string()).unwrap();
    let (code, out, _) = onag(&[
        "toads",
        "results",
        "--verify",
        path.to_str().unwrap(),
        "--max-squares",
        "12",
    ]);
    assert_ne!(code, 0);
    assert!(
        out.contains("T2□7F2") || out.contains("TT.......FF"),
        "{out}"
    );
    std::fs::write(&path, "{\"format\": \"other\"}").unwrap();
    let (code, _, err) = onag(&["toads", "results", "--verify", path.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn stats_in_shards_merge_to_the_same_json_as_one_run() {
    let dir = temp_dir("toads-shards");
    let (code, one, err) = stats_6_to_9(&["--json"]);
    assert_eq!(code, 0, "{err}");
    let mut files = Vec::new();
    for i in 0..3 {
        let f = dir.join(format!("s{i}.json")).display().to_string();
        let shard = format!("{i}/3");
        let (code, _, err) = stats_6_to_9(&["--shard", &shard, "--out", &f]);
        assert_eq!(code, 0, "{err}");
        files.push(f);
    }
    let mut args = vec!["toads", "stats-merge", "--json"];
    args.extend(files.iter().rev().map(String::as_str));
    let (code, merged, err) = onag(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged, one);
    // --threads N: the shards of N threads, merged in the process
    for threads in ["2", "5"] {
        let (code, out, err) = stats_6_to_9(&["--json", "--threads", threads]);
        assert_eq!(
            (code, out.as_str()),
            (0, one.as_str()),
            "--threads {threads}: {err}"
        );
    }
    let (code, _, err) = onag(&["toads", "stats", "--max-len", "5", "--threads", "0"]);
    assert_eq!((code, err.lines().count()), (2, 1), "{err}");
    // a missing shard, a bad shard spec
    let (code, _, err) = onag(&["toads", "stats-merge", &files[0], &files[2]]);
    assert_eq!(code, 2);
    assert!(err.contains("do not cover"), "{err}");
    let (code, _, err) = onag(&[
        "toads",
        "stats",
        "--max-len",
        "5",
        "--shard",
        "2/2",
        "--out",
        &files[0],
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--shard"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `onag toads family --threads N` prints the single-thread JSON; `--threads 0` is refused.
#[test]
fn family_on_threads_prints_the_same_json() {
    let args = |t: &str| {
        let mut a = vec![
            "toads", "family", "--toads", "2", "--frogs", "2", "--blanks", "1..20",
        ];
        a.extend(["--json", "--quiet", "--threads", t]);
        onag(&a)
    };
    let (code, one, err) = args("1");
    assert_eq!(code, 0, "{err}");
    for t in ["2", "3"] {
        let (code, out, err) = args(t);
        assert_eq!(
            (code, out.as_str()),
            (0, one.as_str()),
            "--threads {t}: {err}"
        );
    }
    let (code, _, err) = args("0");
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `onag toads cells`: table cells by fresh solvers, as a results file that `results --verify`
/// re-checks with no mismatch; its values are the families' (one memo shared across b), and
/// the order cells are given in does not change the file.
#[test]
fn cells_print_a_results_file_that_verifies() {
    let (code, table, err) = onag(&["toads", "cells", "--table", "10", "--json", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&table).unwrap();
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 48);
    let family = |toads: &str, frogs: &str, blanks: &str| {
        let args = [
            "toads", "family", "--toads", toads, "--frogs", frogs, "--blanks",
        ];
        let (code, out, err) = onag(&[&args[..], &[blanks, "--json", "--quiet"]].concat());
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<Value>(&out).unwrap()["values"].clone()
    };
    let t3f2 = family("3", "2", "1..5");
    for b in boards.iter().filter(|b| b["toads"] == 3 && b["frogs"] == 2) {
        let n = b["blanks"].as_u64().unwrap() as usize;
        assert_eq!(b["canonical"], t3f2[n - 1]["canonical"], "T3□{n}F2");
    }
    let dir = temp_dir("toads-cells");
    let path = dir.join("cells.json");
    std::fs::write(&path, &table).unwrap();
    let (code, out, err) = onag(&[
        "toads",
        "results",
        "--verify",
        path.to_str().unwrap(),
        "--json",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let check: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (check["checked"].as_u64(), &check["mismatches"]),
        (Some(48), &serde_json::json!([]))
    );
    // order and repeats do not matter
    let (code, a, _) = onag(&["toads", "cells", "3,2,3", "2,5,1", "--json", "--quiet"]);
    let (_, b, _) = onag(&[
        "toads", "cells", "2,5,1", "3,2,3", "2,5,1", "--json", "--quiet",
    ]);
    assert_eq!((code, &a), (0, &b));
    // bad cells: one line, status 2
    for bad in [
        &["toads", "cells", "3,x,1"][..],
        &["toads", "cells"],
        &["toads", "cells", "99,99,99"],
    ] {
        let (code, _, err) = onag(bad);
        assert_eq!((code, err.lines().count()), (2, 1), "{bad:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
