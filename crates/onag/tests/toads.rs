//! Toads and Frogs: notation, moves, reductions, and the check values of `docs/toads-and-frogs.md`.

use onag::games::toads_and_frogs::{all_boards, reduce, Board, BoardError, Solver};
use onag::partizan::game::{Arena, GameId};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::parse;
use onag::partizan::search::{equal_by_search, outcome_by_search, ArenaPosition};
use onag::partizan::thermograph::thermograph;
use onag::partizan::Player;
use onag::Span;

fn b(s: &str) -> Board {
    s.parse().unwrap()
}

fn value_is(solver: &mut Solver, board: &str, game: &str) -> GameId {
    let v = solver.value(&b(board)).unwrap();
    let want = parse(solver.arena_mut(), game).unwrap();
    assert_eq!(
        v,
        want,
        "{board} = {} but expected {game}",
        name(solver.arena(), v, NameStyle::Ascii)
    );
    v
}

#[test]
fn notation_round_trips() {
    for (text, plain) in [
        ("TTT..FFF", "TTT..FFF"),
        ("T3.2F3", "TTT..FFF"),
        ("T3□2F3", "TTT..FFF"),
        ("T.TF.F.6", "T.TF.F......"),
        ("T□TF□F□^6", "T.TF.F......"),
        ("T2 . F2", "TT.FF"),
    ] {
        assert_eq!(b(text).to_string(), plain, "{text}");
    }
    assert_eq!(b("TTT..FFF").run_length(false), "T3.2F3");
    assert_eq!(b("TTT..FFF").run_length(true), "T3□2F3");
    assert_eq!(b("T.TF.F.6").run_length(false), "T.TF.F.6");
    assert_eq!(b(&b("TF..T.FFF").run_length(true)), b("TF..T.FFF"));
}

#[test]
fn parse_errors_are_typed() {
    assert_eq!("".parse::<Board>(), Err(BoardError::Empty));
    assert_eq!("  ".parse::<Board>(), Err(BoardError::Empty));
    assert_eq!(
        "TTX".parse::<Board>(),
        Err(BoardError::UnexpectedChar {
            span: Span { byte: 2, char: 2 },
            found: 'X'
        })
    );
    assert_eq!(
        "3T".parse::<Board>(),
        Err(BoardError::DanglingCount {
            span: Span { byte: 0, char: 0 }
        })
    );
    assert_eq!(
        "T^".parse::<Board>(),
        Err(BoardError::DanglingCount {
            span: Span { byte: 1, char: 1 }
        })
    );
    assert_eq!(
        "T0".parse::<Board>(),
        Err(BoardError::ZeroCount {
            span: Span { byte: 1, char: 1 }
        })
    );
    // After a '□' (three bytes) byte and character offsets differ; messages count characters.
    let e = "T□X".parse::<Board>().unwrap_err();
    assert_eq!(
        e,
        BoardError::UnexpectedChar {
            span: Span { byte: 4, char: 2 },
            found: 'X'
        }
    );
    assert!(
        e.to_string().starts_with("unexpected 'X' at character 3:"),
        "{e}"
    );
    assert!(matches!(
        "T200".parse::<Board>(),
        Err(BoardError::TooLong { .. })
    ));
    assert!(matches!(
        "T99999999999999999999999999".parse::<Board>(),
        Err(BoardError::TooLong { .. })
    ));
    assert!(Board::standard(60, 10, 60).is_err());
    assert!(Board::standard(usize::MAX, usize::MAX, 1).is_err());
}

#[test]
fn moves_and_mirror() {
    let board = b("TF.T.FTF");
    let left: Vec<String> = board
        .options(Player::Left)
        .iter()
        .map(|x| x.to_string())
        .collect();
    assert_eq!(left, [".FTT.FTF", "TF..TFTF"]);
    let right: Vec<String> = board
        .options(Player::Right)
        .iter()
        .map(|x| x.to_string())
        .collect();
    assert_eq!(right, ["TF.TF.TF"]);
    assert_eq!(board.mirror().to_string(), "TFT.F.TF");
    assert_eq!(board.mirror().mirror(), board);
    // no captures, no jumping own pieces or two pieces
    assert!(b("TT.").options(Player::Left).len() == 1);
    assert!(b("TFF.").options(Player::Left).is_empty());
    assert!(b("FT").options(Player::Left).is_empty());
    assert!(b("F").options(Player::Right).is_empty());
}

#[test]
fn spec_check_values() {
    let mut s = Solver::new();
    value_is(&mut s, "TT.FF", "*");
    value_is(&mut s, "TTT..FFF", "+-1/8");
    let g = value_is(&mut s, "T.TF.F.6", "{13/2 | 1}");
    let th = thermograph(s.arena_mut(), g).unwrap();
    assert_eq!(
        (th.mean().to_string(), th.temperature().to_string()),
        ("15/4".into(), "11/4".into())
    );
    value_is(&mut s, "T4..F4", "+-({1|*}, {{3/2|{1|{0|0,v*}}}|0})");
    value_is(&mut s, "T5□4F3", "{{3*|5/2}|2}");
    // reduces to 1 without search
    let r = reduce(&b("TFTFF.FT..TTFF.TFF..TT"));
    assert_eq!((r.integer, r.parts.len()), (1, 0));
    value_is(&mut s, "TFTFF.FT..TTFF.TFF..TT", "1");
}

#[test]
fn family_t_tf_f_blanks() {
    let mut s = Solver::new();
    for n in 4..=16usize {
        let board = format!("T.TF.F.{n}");
        let want = match n {
            4 => "{3|1}".to_string(),
            5 => "{5|1}".to_string(),
            _ => format!("{{{}/2 | 1}}", 2 * n + 1),
        };
        let g = value_is(&mut s, &board, &want);
        if n >= 6 {
            let th = thermograph(s.arena_mut(), g).unwrap();
            assert_eq!(
                th.temperature().to_string(),
                format!("{}/4", 2 * n - 1),
                "{board}"
            );
        }
    }
}

/// T5□4F3 = {{3*|5/2}|2} by the value-free difference check, and the published
/// {{5/2|2}|2} is rejected by the same check.
#[test]
fn t5_4_f3_by_difference_check() {
    let board = b("T5□4F3");
    let mut arena = Arena::new();
    let right = parse(&mut arena, "{{3*|5/2}|2}").unwrap();
    let wrong = parse(&mut arena, "{{5/2|2}|2}").unwrap();
    assert!(equal_by_search(&board, &ArenaPosition::new(&arena, right)));
    assert!(!equal_by_search(&board, &ArenaPosition::new(&arena, wrong)));
}

/// Reductions = no reductions = value-free outcome, mirror = negation, for every board of
/// length ≤ 8 (the full ≤ 12 run is `ci_toads_all_boards_12` and `onag toads verify`).
#[test]
fn reductions_agree_with_plain_search_small() {
    let mut with = Solver::new();
    let mut without = Solver::without_reductions();
    for len in 1..=8 {
        for board in all_boards(len) {
            let g = with.value(&board).unwrap();
            let h = without.value(&board).unwrap();
            let named = name(with.arena(), g, NameStyle::Ascii);
            let h_in_with = parse(
                with.arena_mut(),
                &name(without.arena(), h, NameStyle::Ascii),
            );
            assert_eq!(h_in_with.unwrap(), g, "{board}: {named}");
            let outcome = with.arena_mut().outcome(g);
            assert_eq!(outcome, outcome_by_search(&board), "{board}");
            let m = with.value(&board.mirror()).unwrap();
            assert_eq!(with.arena_mut().neg(g), m, "{board}");
        }
    }
}

#[test]
fn joined_boards_are_sums() {
    let mut s = Solver::new();
    let boards: Vec<Board> = all_boards(5).step_by(7).collect();
    for x in boards.iter().step_by(3) {
        for y in boards.iter().step_by(5) {
            let j = s.value(&x.joined(y).unwrap()).unwrap();
            let (gx, gy) = (s.value(x).unwrap(), s.value(y).unwrap());
            assert_eq!(s.arena_mut().add(gx, gy).unwrap(), j, "{x} TTFF {y}");
        }
    }
}
