//! `onag solve`: who wins, as text and JSON, for a partizan and an impartial game; the
//! rectangles file; exit status 2 with one line on bad input.

mod common;

use common::{onag, onag_in};

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
fn threads_give_the_answers_of_one_thread() {
    // 5×6: Right wins whoever starts (Breuker, Uiterwijk and van den Herik 2000)
    let board = "......|......|......|......|......";
    let json = |extra: &[&str]| {
        let mut args = vec!["solve", "domineering", board, "--json"];
        args.extend_from_slice(extra);
        let (code, out, err) = onag(&args);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    let (one, two) = (json(&[]), json(&["--threads", "2"]));
    assert_eq!(one["outcome"], "R");
    assert_eq!(two["outcome"], one["outcome"]);
    assert_eq!(two["left_first_wins"], false);
    // Right's winning move leaves a board Left loses moving first
    let after = two["right_after"].as_str().unwrap();
    let (code, out, err) = onag(&["solve", "domineering", after, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["left_first_wins"], false);
    // Clobber 4×5 and Konane 5×6 (the middle gap) on two threads: their outcomes on one
    for (game, board) in [
        ("clobber", "xoxox|oxoxo|xoxox|oxoxo"),
        ("konane", "xoxoxo|oxoxox|xo..xo|oxoxox|xoxoxo"),
    ] {
        let one = onag(&["solve", game, board, "--json"]);
        let two = onag(&["solve", game, board, "--json", "--threads", "2"]);
        assert_eq!((one.0, two.0), (0, 0), "{} {}", one.2, two.2);
        let outcome =
            |out: &str| serde_json::from_str::<serde_json::Value>(out).unwrap()["outcome"].clone();
        assert_eq!(outcome(&one.1), outcome(&two.1), "{game}");
    }
    // the rectangles too
    let (code, out, err) = onag(&[
        "solve",
        "domineering",
        "--rectangles",
        "4",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["boards"].as_array().unwrap().len(), 16);
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
fn clobber_rectangles_agree_with_the_canonical_forms() {
    // the fast Clobber solver's rectangles against `onag game clobber` (canonical forms)
    let (code, out, err) = onag(&[
        "solve",
        "clobber",
        "--rectangles",
        "4",
        "--max-cells",
        "12",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game"], "clobber");
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 15);
    for b in boards {
        let (rows, cols) = (b["rows"].as_u64().unwrap(), b["cols"].as_u64().unwrap());
        let text: Vec<String> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| if (r + c) % 2 == 0 { 'x' } else { 'o' })
                    .collect()
            })
            .collect();
        let (code, out, err) = onag(&["game", "clobber", &text.join("|"), "--json"]);
        assert_eq!(code, 0, "{err}");
        let g: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(b["outcome"], g["outcome"], "{rows}×{cols}");
    }
}

#[test]
fn konane_rectangles_are_the_four_openings_and_agree_with_the_canonical_forms() {
    // the generic outcome search on each opening against `onag game konane` (canonical forms)
    let (code, out, err) = onag(&[
        "solve",
        "konane",
        "--rectangles",
        "4",
        "--max-cells",
        "9",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game"], "konane");
    let boards = v["boards"].as_array().unwrap();
    // 1×n and n×1 take one direction of gap (two setups), the others all four: 1×2..1×4,
    // 2×1..4×1 (6 boards × 2) and 2×2, 2×3, 3×2, 2×4, 4×2, 3×3 (6 boards × 4)
    assert_eq!(boards.len(), 36);
    for b in boards {
        let (rows, cols) = (b["rows"].as_u64().unwrap(), b["cols"].as_u64().unwrap());
        let gap = b["gap"].as_str().unwrap();
        let mut cells: Vec<Vec<char>> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| if (r + c) % 2 == 0 { 'x' } else { 'o' })
                    .collect()
            })
            .collect();
        let (r, c) = match gap {
            "middle-h" | "middle-v" => ((rows as usize - 1) / 2, (cols as usize - 1) / 2),
            _ => (0, 0),
        };
        cells[r][c] = '.';
        match gap {
            "middle-h" | "corner-h" => cells[r][c + 1] = '.',
            _ => cells[r + 1][c] = '.',
        }
        let text: Vec<String> = cells.iter().map(|r| r.iter().collect()).collect();
        let (code, out, err) = onag(&["game", "konane", &text.join("|"), "--json"]);
        assert_eq!(code, 0, "{err}");
        let g: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(b["outcome"], g["outcome"], "{rows}×{cols} {gap}");
    }
}

/// A rectangles run stopped by --max-seconds keeps the boards it solved: the file is
/// rewritten after each board, marked unfinished until the run ends.
#[test]
fn a_stopped_rectangles_run_keeps_the_boards_it_solved() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rect.json");
    // every Domineering board up to 8×8: 8×8 alone takes seconds, so the run stops before
    let (code, _, err) = onag(&[
        "solve",
        "domineering",
        "--rectangles",
        "8",
        "--out",
        out.to_str().unwrap(),
        "--max-seconds",
        "1",
    ]);
    assert_eq!(code, 2, "{err}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(v["unfinished"], true);
    let boards = v["boards"].as_array().unwrap();
    assert!(
        !boards.is_empty() && boards.len() < 64,
        "{} boards",
        boards.len()
    );
    // 1×1 (P) is always among the first solved
    assert!(boards
        .iter()
        .any(|b| b["rows"] == 1 && b["cols"] == 1 && b["outcome"] == "P"));
    // a finished run writes no such mark
    let (code, _, err) = onag(&[
        "solve",
        "domineering",
        "--rectangles",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert!(v.get("unfinished").is_none());
    assert_eq!(v["boards"].as_array().unwrap().len(), 9);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        &["solve", "domineering", "..|.x"][..],
        &["solve", "chess", ".."],
        &["solve", "clobber", "xo", "--rectangles", "3"],
        &["solve", "clobber", "--rectangles", "9"],
        &["solve", "konane", "--rectangles", "9"],
        &["solve", "cram", "--rectangles", "3"],
        &["solve", "domineering"],
        &["solve", "domineering", "....|....", "--threads", "0"],
        &["solve", "cram", "....", "--threads", "2"],
        &[
            "solve",
            "domineering",
            "....|....",
            "--threads",
            "2",
            "--computer",
            "left",
        ],
        &["solve", "domineering", "--regions", "4", "--threads", "2"],
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

/// A Domineering solve stopped by --max-seconds leaves a sealed checkpoint; the same command
/// goes on from it (in rounds of --every) to the published outcome; a damaged, truncated,
/// foreign or misplaced checkpoint is refused in one line with exit status 2.
#[test]
fn a_checkpointed_solve_resumes_and_refuses_damaged_checkpoints() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    let ck = dir.path().join("6x8.ck");
    let ck_arg = ck.to_str().unwrap();
    // 6×8: Right wins whoever starts (Breuker, Uiterwijk and van den Herik, "Solving 8×8
    // Domineering", TCS 230 (2000), table of results; results/domineering/outcomes.json)
    let board = ["........"; 6].join("|");
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "domineering", &board, "--checkpoint", ck_arg];
        args.extend_from_slice(extra);
        onag_in(&config, &args)
    };
    let (code, _, err) = solve(&["--max-seconds", "1"]);
    if code == 0 {
        // a machine fast enough to finish within the second: nothing to resume
        eprintln!("6×8 finished within 1 s: {err}");
    } else {
        assert_eq!(code, 2, "{err}");
        let last = err.trim().lines().last().unwrap();
        assert!(
            last.contains("--max-seconds 1") && last.contains("again"),
            "{err}"
        );
    }
    assert!(ck.exists());
    let sealed = std::fs::read(&ck).unwrap();
    let (code, out, err) = solve(&["--every", "1", "--max-seconds", "0", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("resumed from"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "R");
    assert_eq!(v["left_first_wins"], false);
    // refused before use: edited, truncated, another board, another game, another user's key
    let mut edited = sealed.clone();
    edited[20] ^= 1;
    let truncated = sealed[..sealed.len() - 7].to_vec();
    for (bytes, why) in [(edited, "seal fails"), (truncated, "no seal")] {
        std::fs::write(&ck, &bytes).unwrap();
        let (code, _, err) = solve(&[]);
        assert_eq!(code, 2, "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(why), "{err}");
    }
    std::fs::write(&ck, &sealed).unwrap();
    let other = dir.path().join("other-config");
    let (code, _, err) = onag_in(
        &other,
        &["solve", "domineering", &board, "--checkpoint", ck_arg],
    );
    assert_eq!((code, err.trim().lines().count()), (2, 1), "{err}");
    assert!(err.contains("seal fails"), "{err}");
    let small = ["......"; 6].join("|");
    let (code, _, err) = onag_in(
        &config,
        &["solve", "domineering", &small, "--checkpoint", ck_arg],
    );
    assert_eq!((code, err.trim().lines().count()), (2, 1), "{err}");
    assert!(err.contains("another board size"), "{err}");
    let (code, _, err) = onag_in(&config, &["solve", "clobber", "xo", "--checkpoint", ck_arg]);
    assert_eq!((code, err.trim().lines().count()), (2, 1), "{err}");
    let (code, _, err) = onag_in(
        &config,
        &[
            "solve",
            "domineering",
            &board,
            "--checkpoint",
            ck_arg,
            "--every",
            "0",
        ],
    );
    assert_eq!((code, err.trim().lines().count()), (2, 1), "{err}");
}

/// A Clobber solve keeps its table the same way: stopped by --max-seconds, it goes on from
/// its checkpoint to the outcome that results/clobber/outcomes.json records (3×8 filled with
/// alternating stones: the second player wins), and a Domineering checkpoint is refused.
#[test]
fn a_checkpointed_clobber_solve_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    let ck = dir.path().join("3x8.ck");
    let ck_arg = ck.to_str().unwrap();
    let board = "xoxoxoxo|oxoxoxox|xoxoxoxo";
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "clobber", board, "--checkpoint", ck_arg];
        args.extend_from_slice(extra);
        onag_in(&config, &args)
    };
    let (code, _, err) = solve(&["--max-seconds", "1"]);
    if code == 0 {
        eprintln!("3×8 finished within 1 s: {err}");
    } else {
        assert_eq!(code, 2, "{err}");
        assert!(
            err.trim().lines().last().unwrap().contains("again"),
            "{err}"
        );
    }
    assert!(ck.exists());
    let (code, out, err) = solve(&["--every", "1", "--max-seconds", "0", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("resumed from"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "P");
    // the same file for a Domineering board, and a Clobber board past the frame: refused
    let (code, _, err) = onag_in(
        &config,
        &["solve", "domineering", "....|....", "--checkpoint", ck_arg],
    );
    assert_eq!((code, err.trim().lines().count()), (2, 1), "{err}");
    let wide = "xoxoxoxoxo|oxoxoxoxox";
    let (code, _, err) = onag_in(&config, &["solve", "clobber", wide, "--checkpoint", ck_arg]);
    assert_eq!((code, err.trim().lines().count()), (2, 1), "{err}");
    assert!(err.contains("at most 8"), "{err}");
}

#[test]
fn regions_census_agrees_with_onag_game_and_writes_its_file() {
    // every region of up to 9 squares: the counts are OEIS A001168 / A000105, and each hottest
    // region's value and temperature are those `onag game` computes for the same board
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("regions.json");
    let (code, out, err) = onag(&[
        "solve",
        "domineering",
        "--regions",
        "9",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wrote"), "{out}");
    assert!(
        err.contains(" 9 squares: 9910 regions, 1285 classes"),
        "{err}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(v["unfinished"], false);
    let sizes = v["sizes"].as_array().unwrap();
    let fixed: Vec<u64> = sizes.iter().map(|r| r["fixed"].as_u64().unwrap()).collect();
    assert_eq!(fixed, [1, 2, 6, 19, 63, 216, 760, 2725, 9910]);
    let classes: Vec<u64> = sizes
        .iter()
        .map(|r| r["classes"].as_u64().unwrap())
        .collect();
    assert_eq!(classes, [1, 1, 2, 5, 12, 35, 108, 369, 1285]);
    for r in &sizes[3..] {
        for pair in r["hottest"].as_array().unwrap() {
            let (board, value) = (pair[0].as_str().unwrap(), pair[1].as_str().unwrap());
            let (code, out, err) = onag(&["game", "domineering", board, "--json"]);
            assert_eq!(code, 0, "{err}");
            let g: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(g["canonical"], value, "{board}");
            assert_eq!(g["temperature"], r["max_temperature"], "{board}");
        }
    }
    let (code, out, _) = onag(&["solve", "domineering", "--regions", "5"]);
    assert_eq!(code, 0);
    assert!(out.contains(" 4 squares: 5 classes, 8 values"), "{out}");
    assert!(out.contains("..|.. = +-1"), "{out}");
}

#[test]
fn regions_census_refuses_bad_requests_in_one_line() {
    for args in [
        &["solve", "domineering", "--regions", "0"][..],
        &["solve", "domineering", "--regions", "21"],
        &["solve", "clobber", "--regions", "5"],
        &["solve", "domineering", "..|..", "--regions", "5"],
        &[
            "solve",
            "domineering",
            "--regions",
            "5",
            "--rectangles",
            "3",
        ],
    ] {
        let (code, out, err) = onag(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}
