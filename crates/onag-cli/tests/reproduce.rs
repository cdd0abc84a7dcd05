//! `onag reproduce`: the report's JSON shape (read by the web app's findings panels and the
//! README), a failing claim exits 1, bad arguments exit 2, and the committed quick report is
//! what the code computes now: its claims recomputed agree with it field by field, and it
//! names a commit of this repository's history.

mod common;

use common::onag;
use serde_json::Value;

fn report(path: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("report written")).expect("JSON")
}

fn check_shape(r: &Value) {
    assert!(matches!(r["mode"].as_str(), Some("quick" | "full")));
    assert!(r["machine"].is_string());
    assert!(r.get("commit").is_some());
    let claims = r["claims"].as_array().expect("claims");
    assert!(!claims.is_empty());
    for c in claims {
        for key in [
            "family", "claim", "source", "expected", "computed", "command",
        ] {
            assert!(c[key].is_string(), "{key} in {c}");
        }
        assert!(c["agrees"].is_boolean());
        assert!(c["seconds"].as_f64().is_some_and(|s| s >= 0.0));
        assert!(
            c["command"].as_str().unwrap().starts_with("onag ")
                || c["command"].as_str().unwrap().starts_with("cargo ")
        );
    }
}

#[test]
fn quick_partizan_and_nim_claims_agree_and_write_both_files() {
    let dir = std::env::temp_dir().join(format!("onag-reproduce-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("r");
    let (code, stdout, stderr) = onag(&[
        "reproduce",
        "--quick",
        "--only",
        "partizan,nim",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let r = report(&dir.join("r.json"));
    check_shape(&r);
    assert_eq!(r["mode"], "quick");
    let claims = r["claims"].as_array().unwrap();
    assert!(claims.iter().all(|c| c["agrees"] == true));
    assert!(claims
        .iter()
        .any(|c| c["claim"].as_str().unwrap().contains("5/8")));
    assert!(claims
        .iter()
        .all(|c| matches!(c["family"].as_str(), Some("nim" | "partizan"))));
    let md = std::fs::read_to_string(dir.join("r.md")).unwrap();
    assert!(md.contains("| family | claim |") && md.contains("✓"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_claim_that_cannot_be_checked_fails_with_exit_1() {
    let dir = std::env::temp_dir().join(format!("onag-reproduce-fail-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("r");
    let (code, _, stderr) = onag(&[
        "reproduce",
        "--quick",
        "--filter",
        "a(20)",
        "--quiet",
        "--wythoff-results",
        "/nonexistent/wythoff.json",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{stderr}");
    let r = report(&dir.join("r.json"));
    check_shape(&r);
    let c = &r["claims"][0];
    assert_eq!(c["agrees"], false);
    assert!(c["computed"]
        .as_str()
        .unwrap()
        .contains("/nonexistent/wythoff.json"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_arguments_exit_2() {
    let (code, _, stderr) = onag(&["reproduce", "--only", "chess"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("'chess'"), "{stderr}");
    let (code, _, stderr) = onag(&["reproduce", "--filter", "no such claim"]);
    assert_eq!(code, 2, "{stderr}");
}

fn committed() -> Value {
    report(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/reproduce.json"))
}

/// Runs the quick claims of `families` (all with `None`) and compares each with the committed
/// report's claim of the same text: everything but the seconds must be equal.
fn recompute_and_compare(families: Option<&str>) {
    let dir = std::env::temp_dir().join(format!(
        "onag-reproduce-cmp-{}-{}",
        std::process::id(),
        families.unwrap_or("all").replace(',', "-")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("r");
    let wythoff =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/wythoff-periods.json");
    let mut args = vec![
        "reproduce",
        "--quick",
        "--quiet",
        "--wythoff-results",
        wythoff.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    if let Some(f) = families {
        args.extend(["--only", f]);
    }
    let (code, stdout, stderr) = onag(&args);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let fresh = report(&dir.join("r.json"));
    let committed = committed();
    let committed = committed["claims"].as_array().unwrap();
    let fresh = fresh["claims"].as_array().unwrap();
    assert!(!fresh.is_empty());
    for c in fresh {
        let old = committed
            .iter()
            .find(|o| o["claim"] == c["claim"])
            .unwrap_or_else(|| panic!("not in results/reproduce.json: {}", c["claim"]));
        for key in [
            "family", "source", "expected", "computed", "agrees", "command",
        ] {
            assert_eq!(old[key], c[key], "{key} of {}", c["claim"]);
        }
    }
    if families.is_none() {
        assert_eq!(
            fresh.len(),
            committed.len(),
            "the committed report has other claims"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn quick_claims_of_the_fast_families_match_the_committed_report() {
    recompute_and_compare(Some("nim,queens,partizan,heaps"));
}

/// Every quick claim (about five minutes on two cores): run by CI.
#[test]
#[ignore]
fn ci_every_quick_claim_matches_the_committed_report() {
    recompute_and_compare(None);
}

#[test]
fn committed_quick_report_covers_every_family_agrees_and_names_a_real_commit() {
    let r = committed();
    check_shape(&r);
    assert_eq!(r["mode"], "quick");
    let claims = r["claims"].as_array().unwrap();
    for family in [
        "nim", "coins", "wythoff", "queens", "partizan", "toads", "heaps",
    ] {
        assert!(claims.iter().any(|c| c["family"] == family), "{family}");
    }
    assert!(claims.iter().all(|c| c["agrees"] == true));
    assert!(claims
        .iter()
        .any(|c| c["claim"].as_str().unwrap().contains("a(20) = 143")));
    // The commit the report names must be one git can find (a checkout without history, e.g.
    // a source archive, cannot tell and skips this).
    let commit = r["commit"].as_str().expect("the report names its commit");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(&root)
            .output()
            .ok()
            .filter(|o| o.status.success())
    };
    if git(&["rev-parse", "--git-dir"]).is_some() {
        let object = format!("{commit}^{{commit}}");
        assert!(
            git(&["cat-file", "-e", &object]).is_some(),
            "results/reproduce.json names commit {commit}, which this history does not hold"
        );
    }
}
