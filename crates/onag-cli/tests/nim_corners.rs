//! Nim calculator, nim tables and Turning Corners over HTTP: known values and bad input.

mod common;

use common::Server;
use serde_json::json;

#[test]
fn nim_calculator_known_values() {
    let server = Server::default_server();
    let (status, r) = server.post("/api/nim/calc", json!({ "a": "5", "b": "51" }));
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["product"], "255");
    assert_eq!(r["sum"], "54");
    let (_, r) = server.post("/api/nim/calc", json!({ "a": 2, "b": 2 }));
    assert_eq!(r["product"], "3");
    let (_, r) = server.post("/api/nim/calc", json!({ "a": "0x10000", "b": "65536" }));
    assert_eq!(r["product"], "98304", "F ⊗ F = 3F/2 for F = 65536");
    // x ⊗ x⁻¹ = 1 and √x ⊗ √x = x on a full 64-bit word.
    let x = "0xdeadbeef12345678";
    let (_, r) = server.post("/api/nim/calc", json!({ "a": x }));
    let inv = r["inverse_a"].as_str().unwrap().to_string();
    let (_, check) = server.post("/api/nim/calc", json!({ "a": x, "b": inv }));
    assert_eq!(check["product"], "1");
    let root = r["sqrt_a"].as_str().unwrap().to_string();
    let (_, check) = server.post("/api/nim/calc", json!({ "a": root.clone(), "b": root }));
    assert_eq!(
        check["product"],
        u64::from_str_radix("deadbeef12345678", 16)
            .unwrap()
            .to_string()
    );
    let (_, zero) = server.post("/api/nim/calc", json!({ "a": "0", "b": "0" }));
    assert_eq!(
        zero["inverse_a"],
        serde_json::Value::Null,
        "0 has no inverse"
    );
    assert_eq!(zero["quotient"], serde_json::Value::Null);
}

#[test]
fn nim_tables_mark_fields_and_overflow() {
    let server = Server::default_server();
    let (status, t16) = server.post("/api/nim/table", json!({ "size": 16 }));
    assert_eq!(status, 200);
    assert_eq!(t16["marking"]["closed"], true);
    assert_eq!(t16["cells"][2][2], 3);
    let (_, t64) = server.post("/api/nim/table", json!({ "size": 64 }));
    assert_eq!(t64["marking"]["closed"], false);
    assert_eq!(t64["marking"]["max"], 255, "largest product below 64");
    assert_eq!(t64["marking"]["field"], 256);
    let (_, t512) = server.post("/api/nim/table", json!({ "size": 512 }));
    assert_eq!(t512["marking"]["max"], 65535);
    assert_eq!(t512["cells"].as_array().unwrap().len(), 512);
}

#[test]
fn nim_bad_input_is_400_with_a_message() {
    let server = Server::default_server();
    for body in [
        json!({ "a": "18446744073709551616" }),
        json!({ "a": "-1" }),
        json!({ "a": "0xZZ" }),
        json!({ "a": true }),
        json!({ "a": "1".repeat(5000) }),
    ] {
        let (status, r) = server.post("/api/nim/calc", body.clone());
        assert_eq!(status, 400, "{body} → {r}");
        assert!(r["error"].as_str().unwrap().len() > 5);
    }
    for size in [0, 1025, 100_000] {
        let (status, r) = server.post("/api/nim/table", json!({ "size": size }));
        assert_eq!(status, 400, "{size}: {r}");
    }
    let (status, _) = server.post("/api/nim/table", json!({ "size": -3 }));
    assert_eq!(status, 422, "a negative size is a type error");
}

fn xor_of(values: &serde_json::Value, heads: &[(usize, usize)]) -> u64 {
    heads.iter().fold(0, |acc, &(a, b)| {
        acc ^ values[a - 1][b - 1].as_u64().unwrap()
    })
}

#[test]
fn corners_values_marks_and_computer() {
    let server = Server::default_server();
    let heads = [(2, 3), (4, 4), (5, 1)];
    let (status, r) = server.post(
        "/api/corners/position",
        json!({ "n": 5, "heads": heads, "coin": [4, 4] }),
    );
    assert_eq!(status, 200, "{r}");
    // Coin (a, b) is worth a ⊗ b: 2⊗3 = 1, 4⊗4 = 6, 5⊗1 = 5.
    assert_eq!(r["values"][1][2], 1);
    assert_eq!(r["values"][3][3], 6);
    assert_eq!(r["total"], 1 ^ 6 ^ 5);
    let moves = r["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 16, "4 × 4 opposite corners, border included");
    // A ✓ is exactly a move to XOR 0.
    for m in moves {
        let mut after: std::collections::BTreeSet<(usize, usize)> = heads.into_iter().collect();
        for f in m["flips"].as_array().unwrap() {
            let c = (
                f[0].as_u64().unwrap() as usize,
                f[1].as_u64().unwrap() as usize,
            );
            if !after.remove(&c) {
                after.insert(c);
            }
        }
        let after: Vec<_> = after.into_iter().collect();
        assert_eq!(m["winning"], xor_of(&r["values"], &after) == 0, "{m}");
    }
    // The computer plays a winning move from a winning position …
    let (_, c) = server.post("/api/corners/computer", json!({ "n": 5, "heads": heads }));
    assert_eq!(c["winning"], true, "{c}");
    // … and turns the single lowest-value coin from a lost one (value 0: 2⊗3 ⊕ 3⊗2 = 0).
    let (_, c) = server.post(
        "/api/corners/computer",
        json!({ "n": 5, "heads": [[2, 3], [3, 2]] }),
    );
    assert_eq!(c["winning"], false);
    assert_eq!(c["flips"].as_array().unwrap().len(), 1);
}

#[test]
fn corners_bad_input_is_400_with_a_message() {
    let server = Server::default_server();
    for body in [
        json!({ "n": 0, "heads": [] }),
        json!({ "n": 33, "heads": [] }),
        json!({ "n": 4, "heads": [[0, 1]] }),
        json!({ "n": 4, "heads": [[5, 1]] }),
        json!({ "n": 4, "heads": [[1, 1], [1, 1]] }),
        json!({ "n": 4, "heads": [[1, 1]], "coin": [2, 2] }),
    ] {
        let (status, r) = server.post("/api/corners/position", body.clone());
        assert_eq!(status, 400, "{body} → {r}");
        assert!(r["error"].is_string());
    }
    let (status, _) = server.post("/api/corners/computer", json!({ "n": 4, "heads": [] }));
    assert_eq!(status, 400, "no move from an empty board");
}
