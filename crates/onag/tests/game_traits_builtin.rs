//! The generic solvers against the specialised ones: Toads and Frogs (Erickson's reductions
//! and the packed memo) on every board up to 12 squares, Turning Corners (the nim product) on
//! every position of the 4×4 board, Wythoff queens (the Grundy table).

use onag::games::toads_and_frogs::{all_boards, Board, Solver};
use onag::games::turning_corners::{Coin, TurningCorners};
use onag::games::{ImpartialGame, ImpartialSolver, PartizanSolver};
use onag::nimber::Nimber;
use onag::partizan::game::GameId;
use onag::wythoff::positions::{Analyser, Position};
use onag::StopFlag;

/// Every board of length 1..=max_len: the generic solver's value = the specialised
/// solver's, as ids of one arena (equal ids ⇔ equal values).
fn toads_agree(max_len: usize) -> usize {
    let stop = StopFlag::new();
    let mut generic: PartizanSolver<Board> = PartizanSolver::new();
    let mut ids: Vec<(Board, GameId)> = Vec::new();
    for len in 1..=max_len {
        for b in all_boards(len) {
            let g = generic.canonical(&b, &stop).unwrap();
            ids.push((b, g));
        }
    }
    let mut fast = Solver::with_arena(generic.into_arena());
    for (b, g) in &ids {
        assert_eq!(fast.value(b).unwrap(), *g, "{b}");
    }
    ids.len()
}

#[test]
fn toads_generic_equals_specialised_up_to_8() {
    assert_eq!(toads_agree(8), (1..=8).map(|n| 3usize.pow(n)).sum());
}

/// Every one of the 797,160 boards of at most 12 squares.
#[test]
#[ignore = "CI: about 10 s in release"]
fn ci_toads_generic_equals_specialised_up_to_12() {
    assert_eq!(toads_agree(12), 797_160);
}

#[test]
fn turning_corners_generic_equals_nim_product_on_every_4x4_position() {
    let stop = StopFlag::new();
    let mut solver = ImpartialSolver::new();
    let coins: Vec<Coin> = (1..=4)
        .flat_map(|r| (1..=4).map(move |c| Coin::new(r, c)))
        .collect();
    for mask in 0u32..1 << 16 {
        let heads: Vec<Coin> = (0..16)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| coins[i])
            .collect();
        let p = TurningCorners::from_heads(4, 4, &heads).unwrap();
        assert_eq!(solver.grundy(&p, &stop).unwrap(), Nimber(p.value()), "{p}");
    }
}

/// Without components: the mex over whole positions (a position of several heads coins is
/// solved as one game), on every position of the 3×4 board.
#[test]
fn turning_corners_whole_positions_by_mex() {
    #[derive(Clone, PartialEq, Eq, Hash)]
    struct Whole(TurningCorners);
    impl std::fmt::Display for Whole {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            self.0.fmt(f)
        }
    }
    impl ImpartialGame for Whole {
        fn options(&self) -> Vec<Self> {
            self.0.options().into_iter().map(Whole).collect()
        }
    }
    let stop = StopFlag::new();
    let mut solver = ImpartialSolver::new();
    let coins: Vec<Coin> = (1..=3)
        .flat_map(|r| (1..=4).map(move |c| Coin::new(r, c)))
        .collect();
    for mask in 0u32..1 << 12 {
        let heads: Vec<Coin> = (0..12)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| coins[i])
            .collect();
        let p = TurningCorners::from_heads(3, 4, &heads).unwrap();
        assert_eq!(
            solver.grundy(&Whole(p.clone()), &stop).unwrap(),
            Nimber(p.value()),
            "{p}"
        );
    }
}

#[test]
fn wythoff_generic_equals_the_table() {
    let stop = StopFlag::new();
    let analyser = Analyser::new(16).unwrap();
    let mut solver = ImpartialSolver::new();
    for x in 0..16 {
        for y in 0..16 {
            let p = Position::new(16, &[(x, y)]).unwrap();
            let g = solver.grundy(&p, &stop).unwrap();
            assert_eq!(g, Nimber(analyser.value((x, y)) as u64), "({x}, {y})");
        }
    }
    let p: Position = "16:3,5 2,1 7,7".parse().unwrap();
    let expected = analyser.value((3, 5)) ^ analyser.value((2, 1)) ^ analyser.value((7, 7));
    assert_eq!(solver.grundy(&p, &stop).unwrap(), Nimber(expected as u64));
}

#[test]
fn notation_round_trips() {
    for text in ["4x4:2,3 4,4", "3x5:", "1x1:1,1"] {
        let p: TurningCorners = text.parse().unwrap();
        assert_eq!(p.to_string(), text);
    }
    for text in ["8:3,5 2,1", "4:0,0"] {
        let p: Position = text.parse().unwrap();
        assert_eq!(p.to_string(), text);
    }
    let e = "4x4:2,x".parse::<TurningCorners>().unwrap_err();
    assert_eq!(e.span().unwrap().char, 4);
    assert!("4x4:0,1".parse::<TurningCorners>().is_err());
    assert!("8:9,1".parse::<Position>().is_err());
}

/// Each notation error's message and place, as `onag game` prints them.
#[test]
fn notation_errors_say_what_and_where() {
    let corners = |t: &str| {
        let e = t.parse::<TurningCorners>().unwrap_err();
        (e.to_string(), e.span().map(|s| s.char))
    };
    let queens = |t: &str| {
        let e = t.parse::<Position>().unwrap_err();
        (e.to_string(), e.span().map(|s| s.char))
    };
    let at = |m: &str, c: Option<usize>| (m.to_string(), c);
    assert_eq!(
        corners("4x4 2,3"),
        at(
            "character 8: expected the size RxC, a ':' and then pairs a,b",
            Some(7)
        )
    );
    assert_eq!(
        corners("4x4:2,x"),
        at("character 5: '2,x' is not a pair of numbers a,b", Some(4))
    );
    assert_eq!(
        corners("4y4:1,1"),
        at("character 1: '4y4' is not a board size RxC", Some(0))
    );
    assert_eq!(
        corners("4x4:0,1"),
        at("heads coins are numbered from 1,1", None)
    );
    assert_eq!(
        corners("40x4:1,1"),
        at(
            "a Turning Corners board is 1..=32 squares a side, not 40x4",
            None
        )
    );
    assert_eq!(
        queens("8"),
        at(
            "character 2: expected the board side, a ':' and then pairs a,b",
            Some(1)
        )
    );
    assert_eq!(
        queens("x:1,1"),
        at("character 1: 'x' is not a board side", Some(0))
    );
    assert_eq!(
        queens("8:9,1"),
        at("queen 0 at (9, 1) is off the board", None)
    );
    assert_eq!(
        queens("8:1;1"),
        at("character 3: '1' is not a pair of numbers a,b", Some(2))
    );
}
