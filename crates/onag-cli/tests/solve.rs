//! `onag solve`: who wins, as text and JSON, for a partizan and an impartial game; the
//! rectangles file; exit status 2 with one line on bad input.

mod common;

use common::onag;

#[test]
fn outcome_as_text_and_json() {
    let (code, out, err) = onag(&["solve", "domineering", "....|....|....|...."]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("outcome:  N"), "{out}");
    assert!(out.contains("Left first:  wins by"), "{out}");
    let (code, out, err) = onag(&["solve", "clobber", "xoxo|oxox|xoxo", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "P");
    // Cram 1×4: *2, the first player wins
    let (code, out, err) = onag(&["solve", "cram", "....", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "N");
}

#[test]
fn rectangles_to_json() {
    let (code, out, err) = onag(&["solve", "domineering", "--rectangles", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 9);
    // 1×1 is 0, 2×2 is ±1
    assert_eq!(boards[0]["outcome"], "P");
    assert_eq!(boards[4]["outcome"], "N");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        &["solve", "domineering", "..|.x"][..],
        &["solve", "chess", ".."],
        &["solve", "clobber", "xo", "--rectangles", "3"],
        &["solve", "domineering"],
    ] {
        let (code, _, err) = onag(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn the_strong_computer_as_text_and_json() {
    // 4×4 Domineering: proven, the first player wins
    let (code, out, err) = onag(&[
        "solve",
        "domineering",
        "....|....|....|....",
        "--computer",
        "left",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["proven"].as_bool(), v["mover_wins"].as_bool()),
        (Some(true), Some(true))
    );
    let i = v["index"].as_u64().unwrap() as usize;
    assert_eq!(v["moves"][i]["winning"], true);
    // 8×8 within half a second: a move, not proven
    let board = ["........"; 8].join("|");
    let started = std::time::Instant::now();
    let (code, out, err) = onag(&[
        "solve",
        "domineering",
        &board,
        "--computer",
        "right",
        "--seconds",
        "0.5",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(started.elapsed().as_secs_f64() < 0.5 + 5.0);
    assert!(out.contains("Right plays: "), "{out}");
    assert!(
        out.contains("not proven: the move is the search's best to depth"),
        "{out}"
    );
    for args in [
        &["solve", "domineering", "..", "--computer", "up"][..],
        &[
            "solve",
            "domineering",
            "..",
            "--computer",
            "left",
            "--seconds",
            "0",
        ],
    ] {
        let (code, _, err) = onag(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}
