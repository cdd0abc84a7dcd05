//! `onag heaps quotient --resume`: a run that goes on from the certificate of Q_k writes the
//! same certificate of Q_n, byte for byte, as the run from heap 1; `--trials` prints each
//! trial monoid; a certificate of another ruleset, or one already at n, is a one-line error.

mod common;

use common::onag;

fn run(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["heaps", "quotient"];
    all.extend_from_slice(args);
    onag(&all)
}

#[test]
fn a_resumed_run_writes_the_same_certificate() {
    let dir = std::env::temp_dir().join(format!("onag-quotient-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (q20, q27, direct) = (p("q20.json"), p("q27.json"), p("direct.json"));
    let (code, _, err) = run(&["0.07", "--max-heap", "20", "--certificate", &q20, "--quiet"]);
    assert_eq!(code, 0, "{err}");
    // Dawson's Kayles changes at heaps 25 and 27: the resumed run builds candidates
    let (code, _, err) = run(&[
        "0.07",
        "--max-heap",
        "27",
        "--resume",
        &q20,
        "--certificate",
        &q27,
        "--trials",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("Q_20 (order 24) checked"), "{err}");
    assert!(err.contains("heap   25: trial   1:"), "{err}");
    assert!(err.contains("fails at"), "{err}");
    assert!(!err.contains("heap   20:"), "{err}");
    let (code, _, err) = run(&[
        "0.07",
        "--max-heap",
        "27",
        "--certificate",
        &direct,
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read(&q27).unwrap(),
        std::fs::read(&direct).unwrap()
    );

    let (code, _, err) = run(&["0.54", "--max-heap", "30", "--resume", &q20]);
    assert_eq!(code, 2);
    assert!(err.contains("a quotient of 0.07, not of 0.54"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    let (code, _, err) = run(&["0.07", "--max-heap", "20", "--resume", &q20]);
    assert_eq!(code, 2);
    assert!(err.contains("already reaches heap 20"), "{err}");
    let (code, _, err) = run(&["0.07", "--max-heap", "30", "--resume", &p("absent.json")]);
    assert_eq!(code, 2, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
