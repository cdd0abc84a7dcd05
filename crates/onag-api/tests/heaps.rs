//! The heap-game routes through `dispatch`: values and positions against a brute force written
//! here (the mex of the XORs each move leaves, straight from the code's digits), published
//! periods, the computer's strategies, every bound as a typed error, and the stop flag.

use onag::StopFlag;
use onag_api::limits::{
    MAX_HEAP_PERIOD_N, MAX_HEAP_VALUES, MAX_PLAY_HEAP, MAX_PLAY_HEAPS, MAX_PLAY_MOVES,
};
use onag_api::{dispatch, ErrorKind, Request};
use serde_json::{json, Value};

fn call(path: &str, body: Value) -> Result<Value, onag_api::ApiError> {
    let bytes = serde_json::to_vec(&body).unwrap();
    dispatch(path, &bytes, &StopFlag::new()).map(|b| serde_json::from_slice(&b).unwrap())
}

fn status(path: &str, body: Value) -> u16 {
    call(path, body).unwrap_err().kind.status()
}

/// The moves of a heap of `n` under the code with `digits` (d0 first) as
/// (taken, the heaps left, ascending), with `unequal` for Grundy's game.
fn brute_moves(digits: &[u8], unequal: bool, n: u64) -> Vec<(u64, Vec<u64>)> {
    let mut out = Vec::new();
    for (i, &d) in digits.iter().enumerate() {
        let i = i as u64;
        if i > n {
            break;
        }
        let rest = n - i;
        if i > 0 && d & 1 != 0 && rest == 0 {
            out.push((i, vec![]));
        }
        if i > 0 && d & 2 != 0 && rest > 0 {
            out.push((i, vec![rest]));
        }
        if d & 4 != 0 {
            for a in 1..=rest / 2 {
                if !(unequal && 2 * a == rest) {
                    out.push((i, vec![a, rest - a]));
                }
            }
        }
        if d & 8 != 0 {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    out.push((i, vec![a, b, rest - a - b]));
                }
            }
        }
    }
    out
}

fn brute_values(digits: &[u8], unequal: bool, count: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..count as u64 {
        let seen: Vec<u32> = brute_moves(digits, unequal, n)
            .iter()
            .map(|(_, parts)| parts.iter().fold(0, |x, &p| x ^ g[p as usize]))
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

fn digits(code: &str) -> Vec<u8> {
    let (a, b) = code.split_once('.').unwrap();
    std::iter::once(a)
        .chain(b.split("").filter(|s| !s.is_empty()))
        .map(|d| u8::from_str_radix(d, 16).unwrap())
        .collect()
}

fn as_u64s(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

#[test]
fn values_agree_with_the_brute_force_and_rare_heaps_follow_the_mask() {
    for code in [
        "0.77", "0.07", "0.137", "0.007", "4.07", "0.15", "0.6", "0.f", "0.4f",
    ] {
        let r = call("/heaps/values", json!({ "code": code, "count": 300 })).unwrap();
        let expected = brute_values(&digits(code), false, 300);
        let got: Vec<u32> = as_u64s(&r["values"]).iter().map(|&v| v as u32).collect();
        assert_eq!(got, expected, "{code}");
        assert_eq!(r["ruleset"], code);
        assert_eq!(r["largest_value"], *expected.iter().max().unwrap());
    }
    let r = call("/heaps/values", json!({ "code": "grundy", "count": 2048 })).unwrap();
    let got = as_u64s(&r["values"]);
    let expected = brute_values(&[4], true, 200);
    assert_eq!(
        got[..200].iter().map(|&v| v as u32).collect::<Vec<_>>(),
        expected
    );
    let mask = r["rare"]["mask"].as_u64().unwrap();
    assert!(
        mask != 0,
        "Grundy's game has a sparse-space mask: {}",
        r["rare"]
    );
    let rare = r["rare_heaps"].as_array().unwrap();
    assert_eq!(rare.len() as u64, r["rare"]["count"].as_u64().unwrap());
    for h in rare {
        let (n, v) = (h["heap"].as_u64().unwrap(), h["value"].as_u64().unwrap());
        assert_eq!(got[n as usize], v);
        assert_eq!(
            (v & mask).count_ones() % 2,
            0,
            "rare values have even parity"
        );
    }
    assert_eq!(r["name"], "grundy");
}

#[test]
fn periods_are_the_published_ones_and_grundy_gets_no_claim() {
    // Kayles (OEIS A002186): period 12 after the last exception at n = 70; Dawson's chess
    // (A002187): period 34 (Winning Ways, ch. 4).
    for (code, preperiod, period) in [("kayles", 71, 12), ("0.137", 52, 34)] {
        let r = call("/heaps/period", json!({ "code": code, "max": 1 << 16 })).unwrap();
        let a = &r["analysis"];
        assert_eq!(a["status"], "periodic", "{code}: {r}");
        assert_eq!(a["proof"]["preperiod"], preperiod, "{code}");
        assert_eq!(a["proof"]["period"], period, "{code}");
        assert_eq!(r["theorem"], true);
    }
    let r = call("/heaps/period", json!({ "code": "grundy", "max": 4096 })).unwrap();
    assert_eq!(r["theorem"], false);
    assert_eq!(r["analysis"]["status"], "unsolved");
    assert_eq!(r["analysis"]["proof"], Value::Null);
    assert_eq!(r["analysis"]["computed_to"], 4096);
}

#[test]
fn position_moves_agree_with_the_brute_force() {
    for (code, heaps) in [
        ("0.137", vec![5u64, 8, 11]),
        ("0.77", vec![1, 2, 7, 13]),
        ("4.07", vec![9, 4]),
        ("0.f", vec![10]),
    ] {
        let d = digits(code);
        let g = brute_values(&d, false, 20);
        let r = call("/heaps/position", json!({ "code": code, "heaps": heaps })).unwrap();
        let xor = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
        assert_eq!(r["nim_sum"], xor, "{code}");
        let mut expected: Vec<(usize, u64, Vec<u64>)> = heaps
            .iter()
            .enumerate()
            .flat_map(|(i, &h)| {
                brute_moves(&d, false, h)
                    .into_iter()
                    .map(move |(t, p)| (i, t, p))
            })
            .collect();
        let mut got: Vec<(usize, u64, Vec<u64>)> = Vec::new();
        for m in r["moves"].as_array().unwrap() {
            let (heap, take) = (
                m["heap"].as_u64().unwrap() as usize,
                m["take"].as_u64().unwrap(),
            );
            let leave = as_u64s(&m["leave"]);
            let after =
                xor ^ g[heaps[heap] as usize] ^ leave.iter().fold(0, |x, &p| x ^ g[p as usize]);
            assert_eq!(m["nim_sum_after"], after, "{code} {m}");
            assert_eq!(m["winning"], after == 0, "{code} {m}");
            let mut next = heaps.clone();
            next.splice(heap..=heap, leave.iter().copied());
            assert_eq!(as_u64s(&m["heaps_after"]), next);
            got.push((heap, take, leave));
        }
        expected.sort();
        got.sort();
        assert_eq!(got, expected, "{code}: every move, once");
        let computer = &r["computer"];
        assert_eq!(
            computer["winning"],
            xor != 0,
            "{code}: perfect wins when it can"
        );
    }
}

#[test]
fn the_computer_plays_perfect_random_and_skill_moves() {
    let body = |strategy: &str, seed: u64| json!({ "code": "0.77", "heaps": [4, 9, 12], "strategy": strategy, "level": 100, "seed": seed });
    let perfect = call(
        "/heaps/computer",
        json!({ "code": "0.77", "heaps": [4, 9, 12] }),
    )
    .unwrap();
    assert_eq!(perfect["move"]["winning"], true);
    assert_eq!(call("/heaps/computer", body("skill", 7)).unwrap(), perfect);
    // Random: the same seed, the same move; different seeds reach different moves.
    let a = call("/heaps/computer", body("random", 1)).unwrap();
    assert_eq!(a, call("/heaps/computer", body("random", 1)).unwrap());
    let distinct: std::collections::HashSet<String> = (0..40)
        .map(|s| call("/heaps/computer", body("random", s)).unwrap()["move"]["text"].to_string())
        .collect();
    assert!(distinct.len() > 5, "{distinct:?}");
    // No move left (every heap of 1 under Dawson's Kayles, which removes two): null.
    let over = call(
        "/heaps/computer",
        json!({ "code": "0.07", "heaps": [1, 1] }),
    )
    .unwrap();
    assert_eq!(over["move"], Value::Null);
    // No heap left: the end of every game.
    let end = call("/heaps/position", json!({ "code": "0.77", "heaps": [] })).unwrap();
    assert_eq!(
        (end["moves"].clone(), end["computer"].clone()),
        (json!([]), Value::Null)
    );
    let pos = call(
        "/heaps/position",
        json!({ "code": "0.07", "heaps": [1, 1] }),
    )
    .unwrap();
    assert_eq!(pos["moves"], json!([]));
    assert_eq!(pos["to_move_wins"], false);
}

#[test]
fn rulesets_list_the_named_games() {
    let r = call("/heaps/rulesets", Value::Null).unwrap();
    let names = r["rulesets"].as_array().unwrap();
    let find = |name: &str| names.iter().find(|n| n["name"] == name).unwrap()["code"].clone();
    assert_eq!(find("kayles"), "0.77");
    assert_eq!(find("dawsons-chess"), "0.137");
    assert_eq!(find("grundy"), "grundy");
    let health = serde_json::to_value(onag_api::routes::health()).unwrap();
    assert_eq!(health["limits"]["heaps_play_size"], MAX_PLAY_HEAP);
    assert_eq!(health["limits"]["heaps_values"], MAX_HEAP_VALUES);
}

#[test]
fn heap_bounds_are_typed_errors() {
    let bad = |path: &str, body: Value| assert_eq!(status(path, body.clone()), 400, "{body}");
    bad("/heaps/values", json!({ "code": "0.77", "count": 0 }));
    bad(
        "/heaps/values",
        json!({ "code": "0.77", "count": MAX_HEAP_VALUES + 1 }),
    );
    bad("/heaps/values", json!({ "code": "0.1g7", "count": 10 }));
    bad("/heaps/values", json!({ "code": "1.3", "count": 10 }));
    bad("/heaps/values", json!({ "code": "chess", "count": 10 }));
    bad(
        "/heaps/values",
        json!({ "code": "7".repeat(5000), "count": 10 }),
    );
    bad("/heaps/period", json!({ "code": "0.77", "max": 0 }));
    bad(
        "/heaps/period",
        json!({ "code": "0.77", "max": MAX_HEAP_PERIOD_N + 1 }),
    );
    bad(
        "/heaps/position",
        json!({ "code": "0.77", "heaps": [3, 0] }),
    );
    bad(
        "/heaps/position",
        json!({ "code": "0.77", "heaps": [MAX_PLAY_HEAP + 1] }),
    );
    bad(
        "/heaps/position",
        json!({ "code": "0.77", "heaps": vec![1; MAX_PLAY_HEAPS + 1] }),
    );
    bad(
        "/heaps/computer",
        json!({ "code": "0.77", "heaps": [3], "strategy": "skill", "level": 101 }),
    );
    assert_eq!(
        status(
            "/heaps/position",
            json!({ "code": "0.77", "heaps": [3], "strategy": "best" })
        ),
        422
    );
    assert_eq!(status("/heaps/values", json!({ "code": "0.77" })), 422);
    // The parser's message says where the text goes wrong.
    let e = call("/heaps/values", json!({ "code": "0.1g7", "count": 10 })).unwrap_err();
    assert!(e.message.contains("character 4"), "{}", e.message);
    // Three-heap moves are computed by the definition: a values request past its reach is a
    // 422 naming the reach; a period search stops there (its max_n says so).
    let e = call(
        "/heaps/values",
        json!({ "code": "0.f", "count": MAX_HEAP_VALUES }),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unprocessable);
    let reach = onag_api::routes::heaps::definition_reach(&"0.f".parse().unwrap(), MAX_HEAP_VALUES);
    assert!(e.message.contains(&format!("n < {reach}")), "{}", e.message);
    let at_reach = json!({ "code": "0.f", "count": reach }).to_string();
    assert!(Request::parse("/heaps/values", at_reach.as_bytes()).is_ok());
    let p = Request::parse("/heaps/period", br#"{"code": "0.8", "max": 1048576}"#).unwrap();
    let Request::HeapsPeriod(p) = p else {
        panic!("a period request")
    };
    assert_eq!(
        p.max,
        onag_api::routes::heaps::definition_reach(&"0.8".parse().unwrap(), 1 << 20)
    );
    // A hexadecimal code on large heaps: too many moves to list, refused at once.
    let e = call(
        "/heaps/position",
        json!({ "code": format!("0.{}", "f".repeat(20)), "heaps": vec![MAX_PLAY_HEAP; MAX_PLAY_HEAPS] }),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unprocessable);
    assert!(
        e.message.contains(&MAX_PLAY_MOVES.to_string()),
        "{}",
        e.message
    );
}

#[test]
fn a_raised_flag_stops_the_heap_routes() {
    let stop = StopFlag::new();
    stop.stop();
    for (path, body) in [
        (
            "/heaps/values",
            json!({ "code": "grundy", "count": MAX_HEAP_VALUES }),
        ),
        (
            "/heaps/period",
            json!({ "code": "0.6", "max": MAX_HEAP_PERIOD_N }),
        ),
    ] {
        let req = Request::parse(path, &serde_json::to_vec(&body).unwrap()).unwrap();
        assert_eq!(
            req.run(&stop).unwrap_err().kind,
            ErrorKind::Stopped,
            "{path}"
        );
    }
}
