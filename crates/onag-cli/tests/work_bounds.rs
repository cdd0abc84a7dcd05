//! Unbounded work and input: every heavy command has a work estimate or the
//! `--max-seconds`/`--max-memory` watchdog, and every input file is read with a size cap.
//!
//! Invariant: whatever the board or file, the command ends within a few seconds of its bound
//! with exit 0 or 2 and (on 2) one line naming the bound and how to lift it.

mod common;

use std::time::{Duration, Instant};

use common::onag;

fn bounded(args: &[&str], within: Duration) -> (i32, String, String) {
    let started = Instant::now();
    let out = onag(args);
    assert!(
        started.elapsed() < within,
        "{args:?} took {:?}",
        started.elapsed()
    );
    out
}

/// `onag toads equals T10.4F10 8` ran 30 s to 825 MB and on.
#[test]
fn toads_equals_has_an_estimate_and_a_watchdog() {
    let (code, _, err) = bounded(
        &["toads", "equals", "T10.4F10", "8"],
        Duration::from_secs(5),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--force"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, _, err) = bounded(
        &[
            "toads",
            "equals",
            "T10.4F10",
            "8",
            "--force",
            "--max-seconds",
            "1",
        ],
        Duration::from_secs(10),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--max-seconds"), "{err}");
    let (code, out, err) = onag(&["toads", "equals", "TT.F", "{1|0}"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains('≠'), "{out}");
}

#[test]
fn toads_family_has_an_estimate_and_a_watchdog() {
    let (code, _, err) = bounded(
        &[
            "toads", "family", "--toads", "12", "--frogs", "12", "--blanks", "1..30",
        ],
        Duration::from_secs(5),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("work estimate"), "{err}");
    let (code, _, err) = bounded(
        &[
            "toads",
            "family",
            "--toads",
            "6",
            "--frogs",
            "6",
            "--blanks",
            "1..12",
            "--max-seconds",
            "1",
        ],
        Duration::from_secs(10),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--max-seconds"), "{err}");
}

/// `onag toads stats-merge /dev/zero` reached 5.2 GB in 10 s.
#[test]
fn input_files_have_a_size_cap() {
    let cases: &[&[&str]] = &[
        &["toads", "stats-merge", "/dev/zero"],
        &["toads", "results", "--verify", "/dev/zero"],
        &[
            "wythoff",
            "results",
            "--checkpoint",
            "/dev/zero",
            "--out",
            "/dev/null",
        ],
        &[
            "corners",
            "mex",
            "30",
            "--checkpoint",
            "/dev/zero",
            "--resume",
        ],
        &[
            "wythoff",
            "periods",
            "--rows",
            "0..4",
            "--columns",
            "1000",
            "--checkpoint",
            "/dev/zero",
            "--resume",
        ],
    ];
    for args in cases {
        let (code, _, err) = bounded(args, Duration::from_secs(20));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("too large"), "{args:?}: {err}");
    }
}
