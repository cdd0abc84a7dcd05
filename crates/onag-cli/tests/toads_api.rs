//! Toads and Frogs over HTTP: the values of docs/toads-and-frogs.md, moves and the computer, bad boards, the time
//! budget on a hard board, and a server that keeps answering while heavy jobs run.

mod common;

use std::time::{Duration, Instant};

use common::Server;
use serde_json::json;

fn analyze(server: &Server, board: &str) -> serde_json::Value {
    let (status, r) = server.post("/api/toads/analyze", json!({ "board": board }));
    assert_eq!(status, 200, "{board}: {r}");
    r
}

#[test]
fn spec_values() {
    let server = Server::default_server();
    let r = analyze(&server, "T□TF□F□^6");
    assert_eq!(r["value"], "{13/2|1}");
    assert_eq!(r["mean"], "15/4");
    assert_eq!(r["temperature"], "11/4");
    assert_eq!(r["outcome"], "L");
    assert!(r["thermograph"]["svg"]
        .as_str()
        .unwrap()
        .starts_with("<svg"));
    assert_eq!(r["thermograph"]["left_stop"], "13/2");
    assert_eq!(r["thermograph"]["right_stop"], "1");
    assert_eq!(analyze(&server, "TT.FF")["value"], "*");
    // Siegel CGT §II.6–7: * is all-small with atomic weight 0 and reduced form 0; a hot value
    // has no atomic weight (null) and is its own reduced form
    assert_eq!(analyze(&server, "TT.FF")["atomic_weight"], "0");
    assert_eq!(analyze(&server, "TT.FF")["reduced_canonical_form"], "0");
    assert!(analyze(&server, "TTT..FFF")["atomic_weight"].is_null());
    assert_eq!(
        analyze(&server, "TTT..FFF")["reduced_canonical_form"],
        "±1/8"
    );
    assert_eq!(analyze(&server, "TTT..FFF")["value"], "±1/8");
    assert_eq!(
        analyze(&server, "T3□2F3")["value"],
        "±1/8",
        "run-length notation"
    );
    assert_eq!(
        analyze(&server, "T4□□F4")["value"],
        "±({1|*},{{3/2|{1|{0|0,↓*}}}|0})"
    );
    assert_eq!(analyze(&server, "T5□4F3")["value"], "{{3*|5/2}|2}");
    let reduced = analyze(&server, "TFTFF.FT..TTFF.TFF..TT");
    assert_eq!(reduced["value"], "1");
    assert_eq!(
        reduced["reduced"],
        json!({ "integer": 1, "parts": [] }),
        "reduces without search"
    );
}

#[test]
fn moves_marks_and_the_computer() {
    let server = Server::default_server();
    let r = analyze(&server, "T□TF□F□^6");
    let moves = r["moves"].as_array().unwrap();
    // Toads at 1 and 3 step right; frogs at 4 and 6 step left.
    let summary: Vec<(String, u64, u64)> = moves
        .iter()
        .map(|m| {
            (
                m["player"].as_str().unwrap().to_string(),
                m["from"].as_u64().unwrap(),
                m["to"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            ("left".into(), 0, 1),
            ("left".into(), 2, 4),
            ("right".into(), 3, 1),
            ("right".into(), 5, 4)
        ]
    );
    // Left's options of {13/2 | 1} are 13/2 (the toad jumps) and a dominated one; Right's 1.
    let jump = &moves[1];
    assert_eq!(jump["value"], "13/2");
    assert_eq!(jump["winning"], true);
    assert_eq!(
        r["computer"]["left"], 1,
        "the computer plays the winning move"
    );
    // Right has no winning move (the value is > 0); it picks the best mean for Right.
    assert!(moves[2..].iter().all(|m| m["winning"] == false));
    let right = r["computer"]["right"].as_u64().unwrap() as usize;
    let best = moves[2..]
        .iter()
        .map(|m| m["mean"].as_str().unwrap().parse::<f64>().unwrap())
        .fold(f64::MAX, f64::min);
    assert_eq!(
        moves[right]["mean"]
            .as_str()
            .unwrap()
            .parse::<f64>()
            .unwrap(),
        best
    );
    // The value after each move is the value of the board after it.
    for m in moves {
        assert_eq!(
            analyze(&server, m["squares"].as_str().unwrap())["value"],
            m["value"]
        );
    }
}

#[test]
fn bad_boards_are_400_with_a_message() {
    let server = Server::default_server();
    for board in [
        "",
        "TXF",
        "3T",
        "T0",
        "T25",
        "T□TF□F□^20",
        &"T".repeat(5000),
    ] {
        let (status, r) = server.post("/api/toads/analyze", json!({ "board": board }));
        assert_eq!(status, 400, "{board:.40} → {r}");
        assert!(r["error"].as_str().unwrap().len() > 5);
    }
    let (status, _) = server.post("/api/toads/analyze", json!({ "board": 5 }));
    assert_eq!(status, 422);
    // Past the work estimate the answer comes at once and names the command line.
    let start = Instant::now();
    let (status, r) = server.post("/api/toads/analyze", json!({ "board": "T10.4F10" }));
    assert_eq!(status, 422, "{r}");
    assert!(r["error"]
        .as_str()
        .unwrap()
        .contains("`onag toads value T10.4F10`"));
    assert!(start.elapsed() < Duration::from_secs(2));
}

/// A hard board (T8□4F8, work estimate 6.2e7, within the API's limit) runs past a short
/// budget: 503 with a message, quickly, and the server keeps answering other requests while
/// such jobs run.
#[test]
fn budget_and_responsiveness_under_heavy_jobs() {
    let server = Server::start(&["--budget-ms", "2000", "--jobs", "1"]);
    let addr = server.addr.clone();
    let heavy: Vec<_> = (0..3)
        .map(|_| {
            let addr = addr.clone();
            std::thread::spawn(move || {
                let start = Instant::now();
                let body = json!({ "board": "T8.4F8" }).to_string();
                let r = common::request(
                    &addr,
                    "POST",
                    "/api/toads/analyze",
                    body.as_bytes(),
                    "application/json",
                );
                (r.status, r.json(), start.elapsed())
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    // While the heavy jobs run, light requests are answered well within the heavy jobs' budget
    // (were the heavy work on the async workers, three jobs would hold both of them for good).
    for _ in 0..10 {
        let start = Instant::now();
        let (status, r) = server.post("/api/nim/calc", json!({ "a": "2", "b": "2" }));
        assert_eq!((status, r["product"].as_str()), (200, Some("3")));
        assert!(
            start.elapsed() < Duration::from_millis(1500),
            "light request took {:?}",
            start.elapsed()
        );
        assert_eq!(server.get("/").status, 200);
    }
    for job in heavy {
        let (status, r, elapsed) = job.join().unwrap();
        assert_eq!(status, 503, "{r}");
        assert!(r["error"].as_str().unwrap().contains("budget"));
        assert!(
            elapsed < Duration::from_secs(5),
            "answered soon after the budget ({elapsed:?})"
        );
    }
    // The stopped jobs released their slots: a small board is answered at once.
    assert_eq!(analyze(&server, "TT.FF")["value"], "*");
}
