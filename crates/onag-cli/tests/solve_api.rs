//! `POST /api/solve` through the server: a small board proven, a bad position refused with a
//! 400, and a board past the server's time budget stopped with a 503 that frees its slot.

mod common;

use std::time::{Duration, Instant};

use common::Server;
use serde_json::json;

#[test]
fn the_solve_route_proves_refuses_and_stops_within_the_budget() {
    let server = Server::start(&["--budget-ms", "1000", "--jobs", "1"]);
    let (status, r) = server.post(
        "/api/solve",
        json!({ "game": "domineering", "position": "....|....|....|...." }),
    );
    assert_eq!(status, 200, "{r}");
    // 4×4 Domineering: the first player wins (Berlekamp, Conway and Guy, Winning Ways ch. 5).
    assert_eq!(
        (r["proven"].clone(), r["outcome"].clone()),
        (json!(true), json!("N")),
        "{r}"
    );
    assert!(
        r["left_move"].is_string() && r["right_move"].is_string(),
        "{r}"
    );

    let (status, r) = server.post(
        "/api/solve",
        json!({ "game": "domineering", "position": "..|.x" }),
    );
    assert_eq!(status, 400, "{r}");
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .starts_with("domineering position"),
        "{r}"
    );

    // 8×8 Domineering needs far more than one second of search here.
    let big = ["........"; 8].join("|");
    let start = Instant::now();
    let (status, r) = server.post(
        "/api/solve",
        json!({ "game": "domineering", "position": big }),
    );
    assert_eq!(status, 503, "{r}");
    let message = r["error"].as_str().unwrap();
    assert!(message.contains("the outcome search"), "{message}");
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    // The stopped search gives its heavy slot back soon (it sees its flag within one poll):
    // a heavy request that needs the only slot then runs, here to its node budget.
    let give_back = Instant::now();
    let (status, r) = loop {
        let (status, r) = server.post(
            "/api/solve",
            json!({ "game": "domineering", "position": big, "max_nodes": 100_000 }),
        );
        if status != 503 || give_back.elapsed() > Duration::from_secs(5) {
            break (status, r);
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!((status, r["proven"].clone()), (200, json!(false)), "{r}");
}
