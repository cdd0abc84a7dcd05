//! `POST /solve`: proven outcomes agree with the canonical-form analysis of `/game/analyze`
//! (a separate engine), bad input is a 4xx, a spent node budget answers `proven: false`, and a
//! raised flag (the server's time budget) stops the search with `Stopped`.

use std::time::{Duration, Instant};

use onag::StopFlag;
use onag_api::{dispatch, ErrorKind};
use serde_json::{json, Value};

fn call(body: Value, stop: &StopFlag) -> Result<Value, onag_api::ApiError> {
    let bytes = serde_json::to_vec(&body).unwrap();
    dispatch("/solve", &bytes, stop).map(|b| serde_json::from_slice(&b).unwrap())
}

/// Who wins moving first, from the outcome class.
fn first_wins(outcome: &str) -> (bool, bool) {
    match outcome {
        "L" => (true, false),
        "R" => (false, true),
        "N" => (true, true),
        "P" => (false, false),
        other => panic!("outcome {other}"),
    }
}

#[test]
fn proven_outcomes_agree_with_the_canonical_forms() {
    for (game, position) in [
        ("domineering", "....|....|....|...."),
        ("domineering", "...|...|..."),
        ("domineering", ".....|....."),
        ("clobber", "xox|oxo"),
        ("clobber", "xoxo|oxox|xoxo"),
        ("konane", "xox|oxo|xox"),
        ("snort", "...."),
        ("cram", "...|..."),
        ("toads", "TT..F"),
    ] {
        let r = call(
            json!({ "game": game, "position": position }),
            &StopFlag::new(),
        )
        .unwrap_or_else(|e| panic!("{game} {position}: {e}"));
        assert_eq!(r["proven"], true, "{game} {position}: {r}");
        let body = serde_json::to_vec(&json!({ "game": game, "position": position })).unwrap();
        let a: Value =
            serde_json::from_slice(&dispatch("/game/analyze", &body, &StopFlag::new()).unwrap())
                .unwrap();
        assert_eq!(r["outcome"], a["outcome"], "{game} {position}");
        let (left, right) = first_wins(r["outcome"].as_str().unwrap());
        assert_eq!(r["left_first_wins"], left, "{game} {position}");
        assert_eq!(r["right_first_wins"], right, "{game} {position}");
        // A winning move is given exactly for a player who wins moving first, and the position
        // after it is one the opponent, moving first, loses (by the canonical-form engine).
        for (player, wins, mv, after, opponent_wins) in [
            ("left", left, "left_move", "left_after", "right_first_wins"),
            (
                "right",
                right,
                "right_move",
                "right_after",
                "left_first_wins",
            ),
        ] {
            assert_eq!(r[mv].is_string(), wins, "{game} {position} {player}: {r}");
            if wins {
                let after = r[after].as_str().unwrap();
                let then =
                    call(json!({ "game": game, "position": after }), &StopFlag::new()).unwrap();
                assert_eq!(
                    then[opponent_wins], false,
                    "{game} {position} {player}: {after}"
                );
            }
        }
        assert!(r["nodes"].as_u64().is_some(), "{r}");
        assert!(r["outcome_words"].is_string(), "{r}");
        assert!(r.get("unproven").is_none(), "{r}");
    }
}

#[test]
fn bad_input_is_refused_with_a_4xx() {
    let status = |body: &str| {
        dispatch("/solve", body.as_bytes(), &StopFlag::new())
            .unwrap_err()
            .kind
            .status()
    };
    // A domineering position with a stray character.
    assert_eq!(
        status(r#"{"game": "domineering", "position": "..|.x"}"#),
        400
    );
    assert_eq!(status(r#"{"game": "chess", "position": "...."}"#), 400);
    let long = ".".repeat(onag_api::limits::MAX_SOLVE_NOTATION_BYTES + 1);
    assert_eq!(
        status(&format!(r#"{{"game": "snort", "position": "{long}"}}"#)),
        400
    );
    assert_eq!(
        status(r#"{"game": "snort", "position": "..", "max_nodes": 0}"#),
        400
    );
    assert_eq!(status(r#"{"game": "snort"}"#), 422);
    assert_eq!(
        status(r#"{"game": "snort", "position": "..", "max_nodes": -1}"#),
        422
    );
    let e = dispatch(
        "/solve",
        br#"{"game": "domineering", "position": "..|.x"}"#,
        &StopFlag::new(),
    )
    .unwrap_err();
    assert!(e.message.starts_with("domineering position:"), "{e}");
}

#[test]
fn a_spent_node_budget_answers_not_proven() {
    // 8×8 Domineering (first player wins: Breuker, Uiterwijk and van den Herik, 2000) takes
    // millions of nodes; the fast solver looks at its budget every 65,536.
    let position = ["........"; 8].join("|");
    let r = call(
        json!({ "game": "domineering", "position": position, "max_nodes": 1000 }),
        &StopFlag::new(),
    )
    .unwrap();
    assert_eq!(r["proven"], false, "{r}");
    assert!(r["outcome"].is_null() && r["left_move"].is_null(), "{r}");
    let nodes = r["unproven"]["nodes"].as_u64().unwrap();
    assert!(nodes >= 1000, "{r}");
    assert_eq!(r["unproven"]["max_nodes"], 1000);
    assert!(
        r["unproven"]["message"]
            .as_str()
            .unwrap()
            .starts_with("not proven within the budget of 1000 nodes"),
        "{r}"
    );
    // A budget the search fits in changes nothing.
    let r = call(
        json!({ "game": "clobber", "position": "xox|oxo", "max_nodes": 1_000_000 }),
        &StopFlag::new(),
    )
    .unwrap();
    assert_eq!(r["proven"], true, "{r}");
}

#[test]
fn a_raised_flag_stops_the_search() {
    let big = "........|........|........|........|........|........|........|........";
    let stop = StopFlag::new();
    stop.stop();
    let e = call(json!({ "game": "domineering", "position": big }), &stop).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Stopped);
    assert_eq!(e.kind.status(), 503);
    assert!(e.message.contains("not proven"), "{e}");
    // Raised while it searches (as the server's budget does): it ends soon after, for the
    // fast Domineering solver and for the generic one.
    for (game, position) in [
        ("domineering", big),
        ("clobber", "xoxoxo|oxoxox|xoxoxo|oxoxox|xoxoxo|oxoxox"),
    ] {
        let stop = StopFlag::new();
        let raiser = stop.clone();
        let t = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            raiser.stop();
        });
        let start = Instant::now();
        let e = call(json!({ "game": game, "position": position }), &stop).unwrap_err();
        t.join().unwrap();
        assert_eq!(e.kind, ErrorKind::Stopped, "{game}");
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{game}: {:?}",
            start.elapsed()
        );
        if game == "domineering" {
            // The nodes searched reached the request's flag as progress.
            assert!(stop.progress().0 > 0, "{game}");
        }
    }
}
