//! Corner-the-Queen variants over HTTP: published closed forms match, a wrong one is flagged,
//! bad move sets and formulas are 400s.

mod common;

use common::Server;
use serde_json::json;

const PAIR: &str = "(1 - x%2)*(1 - y%2)*(y + x/2) \
    + (x%2)*(1 - y%2)*(y - x/2 - 1 - max(0, 2*(x/2) - y/2 + 1)) \
    + (1 - x%2)*(y%2)*(y - x/2 - max(0, 2*(x/2) - y/2)) + (x%2)*(y%2)*(y + x/2 + 1)";

#[test]
fn published_closed_forms_match_and_a_wrong_one_is_flagged() {
    let server = Server::default_server();
    for (moves, formula) in [
        ("left,down", "x ^ y"),
        ("left,down,diag:1", "(x + y) % 3 + 3 * ((x / 3) ^ (y / 3))"),
        ("pair", PAIR),
    ] {
        let (status, r) = server.post(
            "/api/queens/table",
            json!({ "moves": moves, "size": 128, "formula": formula }),
        );
        assert_eq!(status, 200, "{r}");
        assert_eq!(r["check"]["mismatches"], 0, "{moves}: {}", r["check"]);
    }
    let (_, r) = server.post("/api/queens/table", json!({ "moves": "pair", "size": 20 }));
    assert_eq!(r["cells"][6][16], 19, "g({{6, 16}}) = 19");
    assert_eq!(r["cells"][5][12], 9, "g({{5, 12}}) = 9");
    assert_eq!(r["check"], serde_json::Value::Null);
    // Nim's formula is wrong once the diagonal step is allowed: (1, 1) is the first cell off.
    let (_, r) = server.post(
        "/api/queens/table",
        json!({ "moves": "left,down,diag:1", "size": 32, "formula": "x ^ y" }),
    );
    let check = &r["check"];
    assert!(check["mismatches"].as_u64().unwrap() > 0);
    assert_eq!(check["first"], json!([1, 1]));
    let listed = check["listed"].as_array().unwrap();
    for cell in listed {
        let (x, y) = (
            cell[0].as_u64().unwrap() as usize,
            cell[1].as_u64().unwrap() as usize,
        );
        assert_eq!(cell[2], r["cells"][x][y]);
        assert_eq!(cell[3], (x ^ y) as u64);
        assert_ne!(cell[3], cell[2], "a listed cell really differs");
    }
}

#[test]
fn queens_bad_input_is_400_with_a_message() {
    let server = Server::default_server();
    for body in [
        json!({ "moves": "left,sideways", "size": 8 }),
        json!({ "moves": "", "size": 8 }),
        json!({ "moves": "left:0", "size": 8 }),
        json!({ "moves": "pair,left", "size": 8 }),
        json!({ "moves": "left", "size": 0 }),
        json!({ "moves": "left", "size": 513 }),
        json!({ "moves": "left", "size": 8, "formula": "x +* y" }),
        json!({ "moves": "left", "size": 8, "formula": "eval(x)" }),
        json!({ "moves": "left", "size": 8, "formula": "x / (y - y)" }),
        json!({ "moves": "left", "size": 8, "formula": "x".repeat(5000) }),
        json!({ "moves": "l".repeat(5000), "size": 8 }),
    ] {
        let (status, r) = server.post("/api/queens/table", body.clone());
        assert_eq!(status, 400, "{body} → {r}");
        assert!(r["error"].as_str().unwrap().len() > 5, "{r}");
    }
}
