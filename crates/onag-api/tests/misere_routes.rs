//! `"misere": true` on the games' and heaps' routes: the misère answers, checked against the
//! misère outcome by brute force (the game graph alone), and their bounds.

use onag::misere::misere_outcome;
use onag::partizan::Outcome;
use onag::StopFlag;
use onag_api::{dispatch, ErrorKind};
use serde_json::{json, Value};

fn call(path: &str, body: Value) -> Result<Value, onag_api::ApiError> {
    let bytes = serde_json::to_vec(&body).unwrap();
    dispatch(path, &bytes, &StopFlag::new()).map(|b| serde_json::from_slice(&b).unwrap())
}

fn brute_cram(text: &str) -> Outcome {
    let p: onag::games::cram::Cram = text.parse().unwrap();
    misere_outcome(&p, &StopFlag::new()).unwrap()
}

#[test]
fn game_analyze_and_computer_in_misere_play() {
    for board in [
        "..|..",
        "...|...",
        "...|...|...",
        "..#..|.....",
        "....|....",
    ] {
        let r = call(
            "/game/analyze",
            json!({"game": "cram", "position": board, "misere": true}),
        )
        .unwrap();
        assert_eq!(r["outcome"], brute_cram(board).to_string(), "{board}");
        assert!(r["genus"].is_string(), "{r}");
        for m in r["moves"].as_array().unwrap() {
            let after = m["position"].as_str().unwrap();
            assert_eq!(
                m["winning"].as_bool().unwrap(),
                brute_cram(after) == Outcome::P,
                "{board} → {after}"
            );
        }
        let c = call(
            "/game/computer",
            json!({"game": "cram", "position": board, "player": "left", "misere": true}),
        )
        .unwrap();
        let wins = r["moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["winning"] == true);
        assert_eq!(
            c["move"]["winning"].as_bool().unwrap_or(false),
            wins,
            "{board}"
        );
    }
    // normal play is unchanged: no "misere" field, the normal report (with its value)
    let r = call(
        "/game/analyze",
        json!({"game": "cram", "position": "..|.."}),
    )
    .unwrap();
    assert!(r.get("genus").is_none() && r.get("value").is_some(), "{r}");
}

#[test]
fn game_misere_is_for_impartial_games_and_bounded() {
    let e = call(
        "/game/analyze",
        json!({"game": "domineering", "position": "..|..", "misere": true}),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::BadRequest);
    assert!(e.message.contains("partizan"), "{}", e.message);
}

#[test]
fn heaps_values_position_and_computer_in_misere_play() {
    let r = call(
        "/heaps/values",
        json!({"code": "nim", "count": 5, "misere": true}),
    )
    .unwrap();
    let genera: Vec<&str> = r["heaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["genus"].as_str().unwrap())
        .collect();
    assert_eq!(genera, ["0^120", "1^031", "2^20", "3^31", "4^46"]);
    // misère Nim by Bouton's rule, and the computer's move leaves a P-position
    for heaps in [
        vec![1u64],
        vec![1, 1],
        vec![2, 2],
        vec![1, 2, 3],
        vec![3, 5, 7],
    ] {
        let r = call(
            "/heaps/position",
            json!({"code": "nim", "heaps": heaps, "misere": true}),
        )
        .unwrap();
        let expected = onag::misere::misere_nim_outcome(&heaps);
        assert_eq!(r["outcome"], expected.to_string(), "{heaps:?}");
        let c = call(
            "/heaps/computer",
            json!({"code": "nim", "heaps": heaps, "misere": true}),
        )
        .unwrap();
        let after: Vec<u64> = c["move"]["heaps_after"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_u64().unwrap())
            .collect();
        let left = onag::misere::misere_nim_outcome(&after);
        assert_eq!(
            left == Outcome::P,
            expected == Outcome::N,
            "{heaps:?} → {after:?}"
        );
    }
    let e = call(
        "/heaps/values",
        json!({"code": "kayles", "count": 100_000, "misere": true}),
    )
    .unwrap_err();
    assert!([400, 422].contains(&e.kind.status()), "{}", e.message);
}

/// The committed quotients (`onag_api::known_quotients`) answer positions of many big heaps
/// at once, and as a quotient computed for the question does: Dawson's Kayles from Q_33's
/// certificate against Q_20 built from nothing, move by move.
#[test]
fn committed_quotients_answer_big_heap_positions() {
    use onag::heaps::misere::{misere_position_with, MiserePlay};
    let heaps = [20u64, 19, 18, 17, 16, 15, 14, 13, 12, 11];
    let r = call(
        "/heaps/position",
        json!({"code": "0.07", "heaps": heaps, "misere": true}),
    )
    .unwrap();
    assert_eq!(r["method"]["kind"], "quotient");
    assert_eq!(r["method"]["certificate"], true);
    assert_eq!(r["method"]["max_heap"], 33);
    let dawson: onag::heaps::Ruleset = "0.07".parse().unwrap();
    let computed_only = MiserePlay {
        quick_forms: 0,
        ..MiserePlay::new(0)
    };
    let q20 = misere_position_with(&dawson, &heaps, &computed_only, &StopFlag::new()).unwrap();
    assert!(matches!(
        q20.method,
        onag::heaps::misere::MisereMethod::Quotient {
            max_heap: 20,
            certificate: false,
            ..
        }
    ));
    assert_eq!(r["outcome"], q20.outcome.to_string());
    let moves = r["moves"].as_array().unwrap();
    assert_eq!(moves.len(), q20.moves.len());
    for (a, b) in moves.iter().zip(&q20.moves) {
        assert_eq!(a["winning"], b.winning, "{}", b.text);
    }
    // heaps up to 33 of ten at a time: one look-up each, no quotient built for the request
    let big = [33u64, 32, 31, 30, 29, 28, 27, 26, 25, 24];
    let r = call(
        "/heaps/position",
        json!({"code": "0.07", "heaps": big, "misere": true}),
    )
    .unwrap();
    assert_eq!(r["method"]["certificate"], true);
    let winning = r["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["winning"] == true)
        .count();
    assert_eq!(r["outcome"] == "N", winning > 0);
    // small positions keep their genus
    let r = call(
        "/heaps/position",
        json!({"code": "0.07", "heaps": [33, 31], "misere": true}),
    )
    .unwrap();
    assert_eq!(r["method"]["kind"], "genus");
}
