//! `/heaps/position` and `/heaps/computer` with `"misere": true` on wild positions whose
//! canonical forms grow past the API's bound: answered by a misère quotient, which the answer
//! names; the computer's move checked against the library's quotient.

use onag::heaps::quotient::{quotient, QuotientLimits};
use onag::StopFlag;
use onag_api::dispatch;
use serde_json::{json, Value};

fn call(path: &str, body: Value) -> Result<Value, onag_api::ApiError> {
    let bytes = serde_json::to_vec(&body).unwrap();
    dispatch(path, &bytes, &StopFlag::new()).map(|b| serde_json::from_slice(&b).unwrap())
}

#[test]
fn kayles_40_37_29_is_answered_by_its_quotient() {
    let heaps = [40u64, 37, 29];
    let r = call(
        "/heaps/position",
        json!({"code": "kayles", "heaps": heaps, "misere": true}),
    )
    .unwrap();
    assert_eq!(r["method"]["kind"], "quotient", "{}", r["method"]);
    assert_eq!(r["method"]["order"], 40);
    // answered from the committed certificate (Kayles' Q_120, `onag_api::known_quotients`);
    // checked below against Q_40 built from nothing
    assert_eq!(r["method"]["max_heap"], 120);
    assert_eq!(r["method"]["certificate"], true);
    assert!(r["genus"].is_null() && r["image"].is_string());
    let q = quotient(
        &"kayles".parse().unwrap(),
        40,
        QuotientLimits::default(),
        &StopFlag::new(),
        &mut |_| {},
    )
    .unwrap();
    let p = q.is_p_position(&heaps).unwrap();
    assert_eq!(r["outcome"], if p { "P" } else { "N" });
    let c = call(
        "/heaps/computer",
        json!({"code": "kayles", "heaps": heaps, "misere": true}),
    )
    .unwrap();
    let after: Vec<u64> = c["move"]["heaps_after"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_u64().unwrap())
        .collect();
    // the perfect computer leaves a P-position whenever there is one to leave
    assert_eq!(q.is_p_position(&after).unwrap(), !p, "{after:?}");
    assert_eq!(c["move"]["winning"], !p);
}

#[test]
fn small_positions_keep_their_genus() {
    let r = call(
        "/heaps/position",
        json!({"code": "kayles", "heaps": [3, 4], "misere": true}),
    )
    .unwrap();
    assert_eq!(r["method"]["kind"], "genus");
    assert_eq!(r["genus"], "2^20");
    assert_eq!(r["genera"], json!(["3^31", "1^031"]));
}

#[test]
fn corners_misere_route_marks_moves_and_refuses_large_positions() {
    use onag::games::turning_corners::{Coin, TurningCorners};
    use onag::misere::misere_outcome;
    use onag::partizan::Outcome;
    use onag::Play;
    let heads = [(1usize, 2usize), (2, 2), (3, 1)];
    let r = call(
        "/corners/misere",
        json!({"n": 5, "heads": heads, "misere": true}),
    )
    .unwrap();
    let coins: Vec<Coin> = heads.iter().map(|&(a, b)| Coin::new(a, b)).collect();
    let game = TurningCorners::from_heads(5, 5, &coins).unwrap();
    let brute = misere_outcome(&game, &StopFlag::new()).unwrap();
    assert_eq!(r["outcome"], brute.to_string());
    let moves = r["moves"].as_array().unwrap();
    assert_eq!(moves.len(), game.moves().len());
    for (m, mv) in moves.iter().zip(game.moves()) {
        let after = misere_outcome(&game.play(mv).unwrap(), &StopFlag::new()).unwrap();
        assert_eq!(m["winning"], after == Outcome::P, "{m}");
    }
    assert_eq!(r["computer"]["winning"], brute == Outcome::N);
    let e = call(
        "/corners/misere",
        json!({"n": 12, "heads": [[12, 12], [11, 10], [9, 12]]}),
    )
    .unwrap_err();
    assert_eq!(e.kind.status(), 422, "{}", e.message);
}
