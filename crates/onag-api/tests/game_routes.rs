//! The game routes: one shape for every registered game; bad input answers 400 with one
//! message; the bounds of `limits` apply; a raised flag stops the solver.

use onag::StopFlag;
use onag_api::{dispatch, ErrorKind};
use serde_json::{json, Value};

fn call(path: &str, body: Value) -> Result<Value, onag_api::ApiError> {
    let bytes = serde_json::to_vec(&body).unwrap();
    dispatch(path, &bytes, &StopFlag::new()).map(|b| serde_json::from_slice(&b).unwrap())
}

#[test]
fn every_listed_game_analyses_its_example_and_plays() {
    let list: Value =
        serde_json::from_slice(&dispatch("/game/list", b"", &StopFlag::new()).unwrap()).unwrap();
    let games = list["games"].as_array().unwrap();
    assert!(games.len() >= 11);
    for g in games {
        let (name, example) = (g["name"].as_str().unwrap(), g["example"].as_str().unwrap());
        let r = call(
            "/game/analyze",
            json!({ "game": name, "position": example }),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r["game"], name);
        assert!(r["thermograph"]["svg"]
            .as_str()
            .unwrap()
            .starts_with("<svg"));
        assert!(r["moves"].is_array() && r["canonical"].is_string());
        // the computer's move leads to a position the route accepts again
        let m = call(
            "/game/computer",
            json!({ "game": name, "position": example, "player": "right", "strength": 0.5, "seed": 3 }),
        )
        .unwrap();
        if let Some(after) = m["move"]["position"].as_str() {
            call("/game/analyze", json!({ "game": name, "position": after })).unwrap();
        }
    }
}

#[test]
fn domineering_report_fields() {
    let r = call(
        "/game/analyze",
        json!({ "game": "domineering", "position": "..|.." }),
    )
    .unwrap();
    assert_eq!(
        (r["value"].as_str(), r["canonical"].as_str()),
        (Some("±1"), Some("+-1"))
    );
    assert_eq!(r["outcome"], "N");
    assert_eq!(r["moves"].as_array().unwrap().len(), 4);
    assert_eq!(r["moves"][0]["player"], "left");
    assert_eq!(r["moves"][0]["winning"], true);
    assert_eq!(r["remoteness"]["position"]["left"], 1);
    let c = call(
        "/game/computer",
        json!({ "game": "domineering", "position": "..|..", "player": "left" }),
    )
    .unwrap();
    assert_eq!(c["move"]["value"], "1");
}

#[test]
fn bad_input_is_a_400_with_one_message() {
    for (body, needle) in [
        (
            json!({ "game": "chess", "position": "." }),
            "no game 'chess'",
        ),
        (
            json!({ "game": "domineering", "position": "..|.x" }),
            "character 5",
        ),
        (
            json!({ "game": "domineering", "position": "..|..." }),
            "row 2",
        ),
        (
            json!({ "game": "hackenbush", "position": "0-1:q" }),
            "character 1",
        ),
        (
            json!({ "game": "cutcake", "position": "3x0" }),
            "not a piece",
        ),
    ] {
        let e = call("/game/analyze", body).unwrap_err();
        assert_eq!(e.kind, ErrorKind::BadRequest);
        assert!(e.message.contains(needle), "{}", e.message);
    }
    let e = call(
        "/game/computer",
        json!({ "game": "domineering", "position": "..", "player": "left", "strength": 2 }),
    )
    .unwrap_err();
    assert!(e.message.contains("strength"));
    let e = call("/game/analyze", json!({ "game": "domineering" })).unwrap_err();
    assert_eq!(e.kind.status(), 422);
    let long = ".".repeat(onag_api::limits::MAX_NOTATION_BYTES + 1);
    let e = call(
        "/game/analyze",
        json!({ "game": "domineering", "position": long }),
    )
    .unwrap_err();
    assert_eq!(e.kind.status(), 400);
}

#[test]
fn a_raised_flag_stops_the_solver() {
    let stop = StopFlag::new();
    stop.stop();
    let body = serde_json::to_vec(
        &json!({ "game": "domineering", "position": "......|......|......|......|......|......" }),
    )
    .unwrap();
    let e = dispatch("/game/analyze", &body, &stop).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Stopped);
}
