//! Heap games over HTTP (`onag serve`): the named games, published values and periods, a
//! position's moves, the computer, bad input as 4xx with a message, the limits in `/api/health`
//! and the time budget stopping a long period search.

mod common;

use std::time::{Duration, Instant};

use common::Server;
use serde_json::json;

#[test]
fn values_periods_positions_and_the_computer() {
    let server = Server::default_server();
    let r = server.get("/api/heaps/rulesets");
    assert_eq!(r.status, 200);
    let names = r.json()["rulesets"].as_array().unwrap().clone();
    assert!(names
        .iter()
        .any(|n| n["name"] == "treblecross" && n["code"] == "0.007"));
    // Kayles, OEIS A002186: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7.
    let (status, r) = server.post(
        "/api/heaps/values",
        json!({ "code": "kayles", "count": 16 }),
    );
    assert_eq!(status, 200, "{r}");
    assert_eq!(
        r["values"],
        json!([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7])
    );
    assert_eq!(r["ruleset"], "0.77");
    assert_eq!(r["name"], "kayles");
    let (status, r) = server.post("/api/heaps/period", json!({ "code": "0.77", "max": 4096 }));
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["analysis"]["proof"]["period"], 12);
    assert_eq!(r["analysis"]["proof"]["preperiod"], 71);
    // Dawson's chess on 5, 8, 11: G = 3, 0, 2 (OEIS A002187), nim-sum 1: the player to move wins.
    let (status, r) = server.post(
        "/api/heaps/position",
        json!({ "code": "0.137", "heaps": [5, 8, 11] }),
    );
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["nim_sum"], 1);
    assert_eq!(
        r["heaps"],
        json!([{ "size": 5, "value": 3 }, { "size": 8, "value": 0 }, { "size": 11, "value": 2 }])
    );
    assert!(r["moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["winning"] == (m["nim_sum_after"] == 0)));
    assert_eq!(
        r["winning_moves"],
        r["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["winning"] == true)
            .count()
    );
    let (status, c) = server.post(
        "/api/heaps/computer",
        json!({ "code": "0.137", "heaps": [5, 8, 11] }),
    );
    assert_eq!(status, 200, "{c}");
    assert_eq!(c["move"], r["computer"]);
    assert_eq!(c["move"]["nim_sum_after"], 0);
    let health = server.get("/api/health").json();
    assert_eq!(
        health["limits"]["heaps_play_size"],
        onag_api::limits::MAX_PLAY_HEAP
    );
    assert_eq!(
        health["limits"]["heaps_period_max"],
        onag_api::limits::MAX_HEAP_PERIOD_N
    );
}

#[test]
fn heap_bad_input_is_4xx_with_a_message() {
    let server = Server::default_server();
    for (path, body, want) in [
        (
            "/api/heaps/values",
            json!({ "code": "0.9z", "count": 10 }),
            400,
        ),
        (
            "/api/heaps/values",
            json!({ "code": "0.77", "count": 1_000_000_000 }),
            400,
        ),
        ("/api/heaps/values", json!({ "code": 77, "count": 10 }), 422),
        (
            "/api/heaps/period",
            json!({ "code": "S()", "max": 100 }),
            400,
        ),
        (
            "/api/heaps/position",
            json!({ "code": "0.77", "heaps": [3, 101] }),
            400,
        ),
        (
            "/api/heaps/position",
            json!({ "code": "0.77", "heaps": [-3] }),
            422,
        ),
        (
            "/api/heaps/computer",
            json!({ "code": "0.77", "heaps": vec![1; onag_api::limits::MAX_PLAY_HEAPS + 1] }),
            400,
        ),
    ] {
        let (status, r) = server.post(path, body.clone());
        assert_eq!(status, want, "{path} {body} → {r}");
        assert!(r["error"].as_str().unwrap().len() > 5, "{r}");
    }
}

#[test]
fn the_budget_stops_a_long_period_search() {
    let server = Server::start(&["--budget-ms", "1000", "--jobs", "1"]);
    // 0.6 (Officers) is unsolved far beyond 2^20 heaps, so the search runs to its cap.
    let t0 = Instant::now();
    let (status, r) = server.post(
        "/api/heaps/period",
        json!({ "code": "0.6", "max": onag_api::limits::MAX_HEAP_PERIOD_N }),
    );
    let elapsed = t0.elapsed();
    if status == 200 {
        // A fast machine finished within the budget: then it must say so honestly.
        assert_eq!(r["analysis"]["status"], "unsolved", "{r}");
    } else {
        assert_eq!(status, 503, "{r}");
        assert!(r["error"].as_str().unwrap().contains("budget"), "{r}");
        assert!(
            elapsed < Duration::from_secs(15),
            "answered soon after the budget ({elapsed:?})"
        );
    }
    // The server still answers.
    assert_eq!(server.get("/api/heaps/rulesets").status, 200);
}
