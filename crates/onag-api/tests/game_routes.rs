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

/// Whether some alternating line of play from `position` (Left first, or Right first) lasts
/// `plies` moves: the menus never offer a board that is over in a move or two.
fn lasts(game: &str, position: &str, mover: &str, plies: usize) -> bool {
    if plies == 0 {
        return true;
    }
    let r = call(
        "/game/analyze",
        json!({ "game": game, "position": position }),
    )
    .unwrap();
    let next = if mover == "left" { "right" } else { "left" };
    r["moves"].as_array().unwrap().iter().any(|m| {
        (m["player"].is_null() || m["player"] == mover)
            && lasts(game, m["position"].as_str().unwrap(), next, plies - 1)
    })
}

/// The grid pages play boards of more playable cells than this by the strong computer
/// (`STRONG_CELLS` in web/grid.js).
const PAGE_STRONG_CELLS: usize = 30;

#[test]
fn every_page_preset_analyses_within_the_web_limits_and_lasts() {
    for g in onag::games::registry::GAMES {
        let boards = std::iter::once(g.example).chain(g.page.presets.iter().map(|p| p.position));
        for position in boards {
            if position.chars().filter(|&c| c != '|' && c != '#').count() > PAGE_STRONG_CELLS {
                // a standard board past the canonical forms: the page plays it by the strong
                // computer, which must answer a legal move for each player within its seconds
                for player in ["left", "right"] {
                    let r = call(
                        "/game/strong",
                        json!({ "game": g.name, "position": position, "player": player, "seconds": 1 }),
                    )
                    .unwrap_or_else(|e| panic!("{} {position}: {e}", g.name));
                    let i = r["index"].as_u64().expect("a move") as usize;
                    assert!(
                        i < r["moves"].as_array().unwrap().len(),
                        "{} {position}",
                        g.name
                    );
                }
                continue;
            }
            let start = std::time::Instant::now();
            let r = call(
                "/game/analyze",
                json!({ "game": g.name, "position": position }),
            )
            .unwrap_or_else(|e| panic!("{} {position}: {e}", g.name));
            // the page's engine (WebAssembly, on a phone) is several times slower than this
            // native build: a menu board must be quick here (well under a second on an idle
            // core; the bound leaves room for a loaded machine)
            let took = start.elapsed().as_secs_f64();
            assert!(took < 3.0, "{} {position}: {took:.1} s", g.name);
            assert!(
                !r["moves"].as_array().unwrap().is_empty(),
                "{} {position}",
                g.name
            );
            if g.page.own_page.is_none() {
                assert!(
                    lasts(g.name, position, "left", 3) || lasts(g.name, position, "right", 3),
                    "{} {position} is over within two moves whoever starts",
                    g.name
                );
            }
        }
    }
}
