//! Wythoff's game over HTTP: values, marked moves, the computer, the heat map, row periods,
//! bad input, and the time budget.

mod common;

use std::time::{Duration, Instant};

use common::Server;
use serde_json::json;

#[test]
fn wythoff_position_values_and_marks() {
    let server = Server::default_server();
    let (status, r) = server.post(
        "/api/wythoff/position",
        json!({ "side": 10, "queens": [[3, 5], [2, 2]] }),
    );
    assert_eq!(status, 200, "{r}");
    // (3, 5) is a P-position pair, g = 0; g(2, 2) = 1 (row 2 of the table: 2, 0, 1, 5, …).
    assert_eq!(r["values"], json!([0, 1]));
    assert_eq!(r["xor"], 1);
    let moves = r["moves"].as_array().unwrap();
    // Queen (3, 5): 3 left + 5 down + 3 diagonal; queen (2, 2): 2 + 2 + 2.
    assert_eq!(moves.len(), 11 + 6);
    for m in moves {
        let q = m["queen"].as_u64().unwrap() as usize;
        let other = r["values"][1 - q].as_u64().unwrap();
        assert_eq!(
            m["winning"],
            m["value"].as_u64().unwrap() ^ other == 0,
            "{m}"
        );
    }
    // Queen 2 wins by moving to a value-0 cell: (1, 2), (2, 1) or (0, 0).
    let wins: Vec<_> = moves
        .iter()
        .filter(|m| m["winning"] == true && m["queen"] == 1)
        .collect();
    let mut cells: Vec<_> = wins.iter().map(|m| m["to"].clone()).collect();
    cells.sort_by_key(|c| c.to_string());
    assert_eq!(cells, vec![json!([0, 0]), json!([1, 2]), json!([2, 1])]);
    let (_, c) = server.post(
        "/api/wythoff/computer",
        json!({ "side": 10, "queens": [[3, 5], [2, 2]] }),
    );
    assert_eq!(c["winning"], true, "{c}");
    assert!(moves
        .iter()
        .any(|m| m["queen"] == c["queen"] && m["to"] == c["to"] && m["winning"] == true));
    // From a lost position the computer takes a single step.
    let (_, c) = server.post(
        "/api/wythoff/computer",
        json!({ "side": 10, "queens": [[1, 2]] }),
    );
    assert_eq!(c["winning"], false);
}

#[test]
fn wythoff_heat_map_and_row_periods() {
    let server = Server::default_server();
    let (status, t) = server.post("/api/wythoff/table", json!({ "size": 200 }));
    assert_eq!(status, 200);
    let cells = t["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 200);
    // Value 0 sits on the P-positions (⌊nφ⌋, ⌊nφ²⌋): (1, 2), (3, 5), (4, 7), (6, 10) …
    for (x, y) in [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (6, 10), (121, 196)] {
        assert_eq!(cells[x][y], 0, "({x}, {y})");
    }
    // A046874 / A046875: row 3 preperiod 8 period 6; row 10 preperiod 224 period 24.
    for (x, pre, period) in [(3, 8, 6), (10, 224, 24), (40, 10333, 768)] {
        let (status, row) = server.post("/api/wythoff/row", json!({ "x": x }));
        assert_eq!(status, 200, "{row}");
        assert_eq!(row["preperiod"], pre, "row {x}");
        assert_eq!(row["period"], period, "row {x}");
        assert_eq!(row["proven"], true, "row {x}");
        let r = row["residues"].as_array().unwrap();
        let y = pre + 5;
        assert_eq!(
            r[y],
            r[y + period],
            "g(x, y + p) − (y + p) = g(x, y) − y past the preperiod"
        );
    }
}

#[test]
fn wythoff_bad_input_is_400_with_a_message() {
    let server = Server::default_server();
    for (path, body) in [
        ("/api/wythoff/position", json!({ "side": 10, "queens": [] })),
        (
            "/api/wythoff/position",
            json!({ "side": 10, "queens": [[1, 1], [1, 1], [1, 1], [1, 1], [1, 1]] }),
        ),
        (
            "/api/wythoff/position",
            json!({ "side": 10, "queens": [[10, 1]] }),
        ),
        (
            "/api/wythoff/position",
            json!({ "side": 0, "queens": [[0, 0]] }),
        ),
        (
            "/api/wythoff/position",
            json!({ "side": 65, "queens": [[0, 0]] }),
        ),
        (
            "/api/wythoff/computer",
            json!({ "side": 5, "queens": [[0, 0]] }),
        ),
        ("/api/wythoff/table", json!({ "size": 513 })),
        ("/api/wythoff/row", json!({ "x": 41 })),
        ("/api/wythoff/row", json!({ "x": 3, "columns": 100_000 })),
    ] {
        let (status, r) = server.post(path, body.clone());
        assert_eq!(status, 400, "{path} {body} → {r}");
        assert!(r["error"].as_str().unwrap().len() > 5);
    }
    let (status, _) = server.post(
        "/api/wythoff/position",
        json!({ "side": 10, "queens": [[-1, 2]] }),
    );
    assert_eq!(status, 422, "negative coordinates are a type error");
}

/// Past its budget a heavy job is stopped and answered 503 with a message; the server goes on.
#[test]
fn work_bound_stops_an_oversized_job() {
    let server = Server::start(&["--budget-ms", "1"]);
    let start = Instant::now();
    let (status, r) = server.post("/api/wythoff/row", json!({ "x": 40, "columns": 20_000 }));
    assert_eq!(status, 503, "{r}");
    assert!(r["error"].as_str().unwrap().contains("budget"), "{r}");
    assert!(start.elapsed() < Duration::from_secs(5));
    assert_eq!(server.get("/api/health").status, 200);
}
