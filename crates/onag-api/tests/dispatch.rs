//! `dispatch` over every route: a valid request answers JSON, bounds answer typed errors, a
//! raised flag stops heavy work.

use onag::StopFlag;
use onag_api::{dispatch, route, ErrorKind, Request, ROUTES};
use serde_json::{json, Value};

fn call(path: &str, body: Value) -> Result<Value, onag_api::ApiError> {
    let bytes = serde_json::to_vec(&body).unwrap();
    dispatch(path, &bytes, &StopFlag::new()).map(|b| serde_json::from_slice(&b).unwrap())
}

fn sample(path: &str) -> Value {
    match path {
        "/health" => Value::Null,
        "/nim/calc" => json!({ "a": "5", "b": "51" }),
        "/nim/table" | "/wythoff/table" => json!({ "size": 16 }),
        "/corners/position" => json!({ "n": 4, "heads": [[2, 3]], "coin": [2, 3] }),
        "/corners/computer" => json!({ "n": 4, "heads": [[2, 3]] }),
        "/corners/misere" => json!({ "n": 4, "heads": [[2, 3], [4, 4]] }),
        "/wythoff/position" | "/wythoff/computer" => json!({ "side": 8, "queens": [[3, 4]] }),
        "/wythoff/row" => json!({ "x": 3 }),
        "/queens/table" => json!({ "moves": "left,down", "size": 8, "formula": "x ^ y" }),
        "/toads/analyze" => json!({ "board": "TT..FF" }),
        "/heaps/rulesets" => Value::Null,
        "/heaps/values" => json!({ "code": "0.77", "count": 20 }),
        "/heaps/period" => json!({ "code": "kayles", "max": 4096 }),
        "/heaps/position" | "/heaps/computer" => json!({ "code": "0.137", "heaps": [5, 8] }),
        "/game/list" => Value::Null,
        "/game/analyze" => json!({ "game": "domineering", "position": "...|..." }),
        "/game/computer" => json!({ "game": "clobber", "position": "xox|oxo", "player": "left" }),
        "/value" => json!({ "expr": "domineering(\"..|..\") + {1|-1} >= 0" }),
        "/solve" => json!({ "game": "clobber", "position": "xox|oxo" }),
        "/game/strong" => {
            json!({ "game": "clobber", "position": "xox|oxo", "player": "left", "seconds": 0.5 })
        }
        "/loopy/list" => Value::Null,
        "/loopy/position" | "/loopy/computer" => {
            json!({ "game": "backsliding-toads", "position": "T.F", "to_move": "left" })
        }
        other => panic!("no sample for {other}"),
    }
}

#[test]
fn every_route_answers_its_sample() {
    for r in ROUTES {
        let body = match r.path {
            "/health" | "/game/list" => Vec::new(),
            p => serde_json::to_vec(&sample(p)).unwrap(),
        };
        let answer =
            dispatch(r.path, &body, &StopFlag::new()).unwrap_or_else(|e| panic!("{}: {e}", r.path));
        let json: Value = serde_json::from_slice(&answer).unwrap();
        assert!(json.is_object(), "{}", r.path);
    }
}

#[test]
fn answers_match_the_engine() {
    let calc = call("/nim/calc", json!({ "a": "5", "b": "51" })).unwrap();
    assert_eq!(
        calc["product"],
        (onag::nimber::Nimber(5) * onag::nimber::Nimber(51))
            .0
            .to_string()
    );
    let pos = call(
        "/wythoff/position",
        json!({ "side": 8, "queens": [[3, 5]] }),
    )
    .unwrap();
    assert_eq!(pos["xor"], 0);
    assert_eq!(pos["over"], false);
    assert!(pos["moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["winning"] == false));
    let toads = call("/toads/analyze", json!({ "board": "T.F" })).unwrap();
    assert_eq!(toads["value"], "*"); // T□F = *
    assert_eq!(toads["outcome"], "N");
    let board = "T.F".parse().unwrap();
    let report = onag::games::toads_and_frogs::board_report(&board, &StopFlag::new()).unwrap();
    let mut expected = serde_json::to_value(&report).unwrap();
    expected["remoteness"] = toads["remoteness"].clone();
    assert_eq!(toads, expected);
    assert_eq!(toads["moves"][0]["player"], "left");
    let row = call("/wythoff/row", json!({ "x": 3 })).unwrap();
    assert_eq!(
        (row["period"].clone(), row["preperiod"].clone()),
        (json!(6), json!(8))
    );
}

#[test]
fn bounds_are_typed_errors() {
    let status = |path: &str, body: &[u8]| {
        dispatch(path, body, &StopFlag::new())
            .unwrap_err()
            .kind
            .status()
    };
    assert_eq!(status("/nope", b"{}"), 404);
    assert_eq!(status("/nim/calc", b"{not json"), 400);
    assert_eq!(status("/nim/table", br#"{"size": "big"}"#), 422);
    assert_eq!(status("/nim/table", br#"{"size": 1025}"#), 400);
    assert_eq!(status("/wythoff/table", br#"{"size": 513}"#), 400);
    assert_eq!(
        status(
            "/toads/analyze",
            format!(r#"{{"board": "T{}F"}}"#, ".".repeat(23)).as_bytes()
        ),
        400
    );
    assert_eq!(
        status(
            "/toads/analyze",
            format!(r#"{{"board": "{}"}}"#, "T".repeat(5000)).as_bytes()
        ),
        400
    );
    assert_eq!(
        status(
            "/nim/calc",
            &vec![b' '; onag_api::limits::MAX_BODY_BYTES + 1]
        ),
        413
    );
    assert_eq!(status("/wythoff/row", br#"{"x": 41}"#), 400);
    // The real Toads limit is the work estimate: T10□4F10 (2.0e9) is refused at once, naming
    // the command line; T8□4F8 (6.2e7) is accepted.
    let e = dispatch(
        "/toads/analyze",
        br#"{"board": "T10.4F10"}"#,
        &StopFlag::new(),
    )
    .unwrap_err();
    assert_eq!(e.kind.status(), 422);
    assert!(e.message.contains("2.0e9"), "{}", e.message);
    assert!(
        e.message.contains("`onag toads value T10.4F10`"),
        "{}",
        e.message
    );
    assert!(Request::parse("/toads/analyze", br#"{"board": "T8.4F8"}"#).is_ok());
    assert_eq!(
        status(
            "/corners/position",
            br#"{"n": 4, "heads": [[1, 1], [1, 1]]}"#
        ),
        400
    );
}

#[test]
fn a_raised_flag_stops_heavy_work() {
    let stop = StopFlag::new();
    stop.stop();
    let req = Request::parse("/toads/analyze", br#"{"board": "TTTT....FFFF"}"#).unwrap();
    assert_eq!(req.run(&stop).unwrap_err().kind, ErrorKind::Stopped);
    let req = Request::parse("/wythoff/row", br#"{"x": 30}"#).unwrap();
    assert_eq!(req.run(&stop).unwrap_err().kind, ErrorKind::Stopped);
    assert!(route("/toads/analyze").unwrap().heavy);
}

#[test]
fn wythoff_positions_carry_their_remoteness_where_the_table_fits() {
    use onag::wythoff::positions::Position;
    use onag::wythoff::remoteness::RemotenessTable;
    let pos = call(
        "/wythoff/position",
        json!({ "side": 8, "queens": [[3, 5]] }),
    )
    .unwrap();
    let table = RemotenessTable::new(8, 1).unwrap();
    let report = table.report(&Position::new(8, &[(3, 5)]).unwrap()).unwrap();
    assert_eq!(pos["remoteness"], serde_json::to_value(&report).unwrap());
    assert_eq!(pos["remoteness"]["wins"], false); // (3, 5) is a P-position
    assert_eq!(
        pos["remoteness"]["moves"].as_array().unwrap().len(),
        pos["moves"].as_array().unwrap().len()
    );
    // A second call on the same board uses the kept table and agrees.
    let again = call(
        "/wythoff/position",
        json!({ "side": 8, "queens": [[3, 5]] }),
    )
    .unwrap();
    assert_eq!(again["remoteness"], pos["remoteness"]);
    // Three queens on 40 × 40 would need 684 million positions: no remoteness, same moves.
    let big = call(
        "/wythoff/position",
        json!({ "side": 40, "queens": [[3, 5], [9, 9], [20, 1]] }),
    )
    .unwrap();
    assert!(big["remoteness"].is_null());
    assert_eq!(
        big["moves"].as_array().unwrap().len(),
        (3 + 5 + 3) + (9 + 9 + 9) + (20 + 1 + 1)
    );
}

#[test]
fn corners_positions_carry_their_remoteness_on_4x4_and_the_computer_keeps_to_it() {
    use onag::games::turning_corners::remoteness::RemotenessTable;
    use onag::games::turning_corners::{Coin, TurningCorners};
    let heads = [(4, 4), (2, 3), (1, 1)];
    let coins: Vec<Coin> = heads.iter().map(|&(a, b)| Coin::new(a, b)).collect();
    let game = TurningCorners::from_heads(4, 4, &coins).unwrap();
    let table = RemotenessTable::new(4, 4).unwrap();
    let pos = call(
        "/corners/position",
        json!({ "n": 4, "heads": heads, "coin": [4, 4] }),
    )
    .unwrap();
    let expected = table.report(&game, Some(Coin::new(4, 4))).unwrap();
    assert_eq!(pos["remoteness"], serde_json::to_value(&expected).unwrap());
    assert_eq!(
        pos["remoteness"]["moves"].as_array().unwrap().len(),
        pos["moves"].as_array().unwrap().len()
    );
    // The computer plays the rule's move: one fewer move left after it.
    let mv = call("/corners/computer", json!({ "n": 4, "heads": heads })).unwrap();
    assert_eq!(mv, serde_json::to_value(expected.best.unwrap()).unwrap());
    // Losing, it holds out: from a lost position its move leaves the longest game.
    let lost = [(1, 1), (2, 3)]; // 1 ⊗ 1 = 2 ⊗ 3 = 1: value 0
    let r = call("/corners/position", json!({ "n": 4, "heads": lost })).unwrap();
    let before = r["remoteness"]["position"].as_u64().unwrap();
    assert!(
        before.is_multiple_of(2) && before > 2,
        "lost, and not at once"
    );
    let mv = call("/corners/computer", json!({ "n": 4, "heads": lost })).unwrap();
    let mut after: std::collections::BTreeSet<(u64, u64)> =
        lost.iter().map(|&(a, b)| (a, b)).collect();
    for f in mv["flips"].as_array().unwrap() {
        let c = (f[0].as_u64().unwrap(), f[1].as_u64().unwrap());
        if !after.remove(&c) {
            after.insert(c);
        }
    }
    let next = call(
        "/corners/position",
        json!({ "n": 4, "heads": after.into_iter().collect::<Vec<_>>() }),
    )
    .unwrap();
    assert_eq!(next["remoteness"]["position"].as_u64().unwrap() + 1, before);
    // Beyond 4 × 4: null, and the computer still moves.
    let big = call("/corners/position", json!({ "n": 5, "heads": [[5, 5]] })).unwrap();
    assert!(big["remoteness"].is_null());
    assert!(call("/corners/computer", json!({ "n": 5, "heads": [[5, 5]] })).is_ok());
}

#[test]
fn toads_boards_carry_their_remoteness_where_the_game_tree_is_small() {
    use onag::games::toads_and_frogs::remoteness::RemotenessTable;
    use onag::games::toads_and_frogs::Board;
    use onag_api::limits::MAX_TOADS_REMOTENESS_BOARDS as WEB_BUDGET;
    let text = "TT.T..F.FF";
    let board: Board = text.parse().unwrap();
    let table = RemotenessTable::new(&board, WEB_BUDGET).unwrap();
    let r = call("/toads/analyze", json!({ "board": text })).unwrap();
    let expected = serde_json::to_value(table.report(&board).unwrap()).unwrap();
    assert_eq!(r["remoteness"], expected);
    let moves = r["moves"].as_array().unwrap();
    let after = r["remoteness"]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), after.len());
    for (m, a) in moves.iter().zip(after) {
        assert_eq!(m["winning"], a.as_u64().unwrap() % 2 == 0, "{m}");
    }
    // The rule's move for each side is one of that side's moves and leaves one move fewer
    // (the quickest win, or the slowest loss).
    for side in ["left", "right"] {
        let best = r["remoteness"]["best"][side].as_u64().unwrap() as usize;
        assert_eq!(moves[best]["player"], side);
        assert_eq!(
            after[best].as_u64().unwrap() + 1,
            r["remoteness"]["position"][side].as_u64().unwrap()
        );
    }
    // A later position of the same game (answered from the kept table) = a fresh table.
    let next = moves[0]["squares"].as_str().unwrap();
    let again = call("/toads/analyze", json!({ "board": next })).unwrap();
    let fresh = RemotenessTable::new(&next.parse().unwrap(), WEB_BUDGET).unwrap();
    assert_eq!(
        again["remoteness"],
        serde_json::to_value(fresh.report(&next.parse().unwrap()).unwrap()).unwrap()
    );
    // More boards reachable than the budget: no remoteness, the values still come.
    let wide = call("/toads/analyze", json!({ "board": "T6....F6" })).unwrap();
    assert!(wide["remoteness"].is_null(), "{}", wide["remoteness"]);
    assert!(wide["value"].is_string());
}

#[test]
fn heavy_routes_stop_when_their_flag_is_raised() {
    // The server's time budget raises the request's flag: every heavy route must then end
    // with 503 instead of running to completion.
    let stop = StopFlag::new();
    stop.stop();
    for (path, body) in [
        ("/nim/table", r#"{"size": 512}"#),
        ("/wythoff/table", r#"{"size": 512}"#),
        ("/wythoff/row", r#"{"x": 20}"#),
        ("/queens/table", r#"{"moves": "pair", "size": 512}"#),
        (
            "/queens/table",
            r#"{"moves": "left,down", "size": 512, "formula": "x^y"}"#,
        ),
        ("/toads/analyze", r#"{"board": "TTT...FFF"}"#),
    ] {
        let e = dispatch(path, body.as_bytes(), &stop).unwrap_err();
        assert_eq!(e.kind.status(), 503, "{path} {body}: {e}");
    }
}

/// A board too long for the web app names the web app's own limit, whether it is a little too
/// long, beyond the library's bound, or written with a count too large to count.
#[test]
fn too_long_boards_state_the_web_apps_limit() {
    let limit = onag_api::limits::MAX_TOADS_SQUARES;
    for (board, size) in [
        ("T13F12", "the board has 25 squares".to_string()),
        ("T^99999", "the board has 99999 squares".to_string()),
        (
            "T99999999999999999999",
            "the board's repeat count is too large to count".to_string(),
        ),
    ] {
        let e = call("/toads/analyze", json!({ "board": board })).unwrap_err();
        assert_eq!(e.kind, ErrorKind::BadRequest, "{board}");
        assert!(e.message.starts_with(&size), "{board}: {}", e.message);
        assert!(
            e.message.contains(&format!("at most {limit}")),
            "{board}: {}",
            e.message
        );
        assert!(!e.message.contains("127"), "{board}: {}", e.message);
    }
}

/// The table makes a listed route without a handler impossible to write; this checks the
/// derived pieces agree at run time too: every listed path parses to a request of that route,
/// no path is listed twice, and an unlisted path is 404.
#[test]
fn every_listed_route_is_dispatched_and_nothing_else() {
    let mut paths: Vec<&str> = ROUTES.iter().map(|r| r.path).collect();
    paths.sort_unstable();
    paths.dedup();
    assert_eq!(paths.len(), ROUTES.len(), "a path is listed twice");
    for r in ROUTES {
        let body = match r.method {
            "GET" => Vec::new(),
            _ => serde_json::to_vec(&sample(r.path)).unwrap(),
        };
        let request = Request::parse(r.path, &body).unwrap_or_else(|e| panic!("{}: {e}", r.path));
        assert_eq!(request.route(), r, "{}", r.path);
        assert!(r.method == "GET" || r.method == "POST", "{}", r.path);
        assert!(!r.doc.trim().is_empty(), "{} has no documentation", r.path);
        assert!(
            r.doc.contains(&format!("/api{}", r.path)),
            "{}: {}",
            r.path,
            r.doc
        );
    }
    for unlisted in ["/", "/nim", "/nim/calc/", "/NIM/CALC", "/game/list/x"] {
        let e = Request::parse(unlisted, b"{}").unwrap_err();
        assert_eq!(e.kind, ErrorKind::NotFound, "{unlisted}");
    }
}

/// docs/api.md is the table's reference, word for word (regenerate it from
/// `onag_api::reference()` when a row changes).
#[test]
fn the_api_reference_page_is_the_table() {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/api.md")).unwrap();
    let (begin, end) = ("<!-- routes: begin -->\n", "<!-- routes: end -->");
    let start = page.find(begin).expect("docs/api.md has no routes section") + begin.len();
    let stop = page.find(end).expect("docs/api.md has no routes end");
    assert_eq!(
        &page[start..stop],
        onag_api::reference(),
        "docs/api.md's routes differ from the table: paste onag_api::reference() there"
    );
}
