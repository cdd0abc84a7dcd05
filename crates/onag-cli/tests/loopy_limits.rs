//! The loopy paths of `onag value` and `onag loopy`: stops in the report, and `--max-seconds`
//! stopping sidling and the retrograde loops (exit status 2, one line saying which bound).

mod common;

use std::time::{Duration, Instant};

use common::onag;

/// A sum whose sides take sidling about 16 s on one core (14,580 positions).
const SLOW_SUM: &str =
    "{on|off} + {on|off} + {on|off} + {1|pass} + {pass|-1} + {2|pass} + {pass|*} + {3|pass}";

fn assert_stopped_in_time(args: &[&str]) {
    let started = Instant::now();
    let (code, out, err) = onag(args);
    let took = started.elapsed();
    assert_eq!(code, 2, "{args:?}: {out}{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("--max-seconds 1"), "{err}");
    // stopped by the flag the loops poll, well before the work would end
    assert!(took < Duration::from_secs(8), "{args:?} took {took:?}");
}

#[test]
fn value_max_seconds_stops_sidling() {
    assert_stopped_in_time(&["value", "--max-seconds", "1", SLOW_SUM]);
}

#[test]
fn loopy_max_seconds_stops_sidling() {
    // Backsliding Toads and Frogs TTT...FFF: 1,680 positions, about 23 s of sidling
    assert_stopped_in_time(&[
        "loopy",
        "backsliding-toads",
        "TTT...FFF",
        "--max-positions",
        "100000",
        "--max-seconds",
        "1",
    ]);
}

#[test]
fn value_reports_stops() {
    let (code, out, err) = onag(&["value", "{on|3/2under}"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("left stop:   on"), "{out}");
    assert!(out.contains("right stop:  3/2under"), "{out}");
    let (code, out, err) = onag(&["value", "upon + 1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], "1^[on]");
    assert_eq!(
        (v["left_stop"].as_str(), v["mean"].as_str()),
        (Some("1"), Some("1"))
    );
    let (code, out, err) = onag(&["value", "tis", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["onside_stops"], serde_json::json!(["1", "1"]));
    assert_eq!(v["offside_stops"], serde_json::json!(["0", "0"]));
}
