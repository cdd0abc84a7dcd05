//! The full-position solver (no XOR assumption) and lexicodes.

use onag::impartial::lexicode::{lexicode, min_weight, p_positions_at_most, weight_distribution};
use onag::impartial::solver::{
    solve, solve_reference, solve_values, Board, BoardError, WINNING_WAYS_BOARDS,
    WINNING_WAYS_POSITIONS,
};
use onag::StopFlag;

fn run(board: &str) -> onag::impartial::solver::SolveReport {
    let b: Board = board.parse().unwrap();
    assert_eq!(b.name(), board);
    solve(&b, &StopFlag::new(), &mut |_| {}).unwrap()
}

#[test]
fn small_boards_have_no_mismatches_and_power_of_two_kernels() {
    for board in [
        "corners:3x3",
        "corners:2x5",
        "corners:3x4",
        "rugs:3x4",
        "ruler:14",
        "mock-turtles:14",
        "mogul:10",
        "twins:12",
        "mock-turtles*mock-turtles:3x4",
        "ruler*mock-turtles:3x4",
        "twins*mock-turtles:4x3",
        "corners:4x5",
        "ruler:20",
    ] {
        let r = run(board);
        assert_eq!(r.mismatches, 0, "{board}");
        assert!(
            r.p_positions.is_power_of_two(),
            "{board}: {}",
            r.p_positions
        );
    }
}

#[test]
fn block_solver_equals_plain_solver() {
    // Boards above 12 coins use several blocks; 18+ coins use the two-thread halves.
    for board in [
        "corners:3x5",
        "corners:4x5",
        "mock-turtles:16",
        "mogul:13",
        "rugs:3x6",
    ] {
        let b: Board = board.parse().unwrap();
        let (fast, fast_values) = solve_values(&b);
        let (slow, slow_values) = solve_reference(&b);
        assert_eq!(fast, slow, "{board}");
        assert!(fast_values == slow_values, "{board}: values differ");
    }
}

#[test]
fn single_coin_positions_have_the_single_values() {
    let b: Board = "corners:4x4".parse().unwrap();
    let (_, values) = solve_values(&b);
    for (i, &v) in b.single_values().iter().enumerate() {
        assert_eq!(u64::from(values[1 << i]), v);
        let (a, c) = (i as u64 / 4 + 1, i as u64 % 4 + 1);
        assert_eq!(v, (onag::nimber::Nimber(a) * onag::nimber::Nimber(c)).0);
    }
}

#[test]
fn bad_boards_are_errors() {
    for bad in [
        "",
        "corners",
        "corners:5",
        "corners:0x3",
        "corners:6x6",
        "ruler:x",
        "foo:3",
        "ruler:31",
    ] {
        assert!(bad.parse::<Board>().is_err(), "{bad}");
    }
    assert!(matches!(
        "corners:6x6".parse::<Board>(),
        Err(BoardError::Size(36))
    ));
}

#[test]
fn a_raised_flag_stops_the_solver() {
    let b: Board = "ruler:20".parse().unwrap();
    let flag = StopFlag::new();
    flag.stop();
    assert!(solve(&b, &flag, &mut |_| {}).is_err());
}

/// Ten boards of Winning Ways' coin-turning games (ch. 14): 109,068,288 positions in all, no
/// mismatches.
#[test]
#[ignore]
fn ci_ten_boards_of_winning_ways() {
    let mut total = 0;
    for board in WINNING_WAYS_BOARDS {
        let r = run(board);
        assert_eq!(r.mismatches, 0, "{board}");
        assert!(r.p_positions.is_power_of_two(), "{board}");
        total += r.positions;
    }
    assert_eq!(total, WINNING_WAYS_POSITIONS);
}

#[test]
fn lexicode_mock_turtles_16_is_the_extended_hamming_code() {
    let code = lexicode(16, 4);
    assert_eq!(code.len(), 1 << 11);
    assert_eq!(min_weight(&code), Some(4));
    assert_eq!(code, p_positions_at_most(16, 3));
}

#[test]
fn lexicode_moebius_18() {
    let code = lexicode(18, 6);
    assert_eq!(code.len(), 1 << 9);
    assert_eq!(min_weight(&code), Some(6));
    assert_eq!(code, p_positions_at_most(18, 5));
}

#[test]
fn lexicode_small_cases_equal_game_p_positions() {
    for n in 1..=12 {
        for d in 2..=6 {
            assert_eq!(lexicode(n, d), p_positions_at_most(n, d - 1), "n={n} d={d}");
        }
    }
}

#[test]
fn mogul_24_p_positions_are_the_golay_code() {
    let p = p_positions_at_most(24, 7);
    assert_eq!(
        weight_distribution(&p, 24)
            .iter()
            .filter(|&&c| c > 0)
            .copied()
            .collect::<Vec<_>>(),
        vec![1, 759, 2576, 759, 1]
    );
}

#[test]
#[ignore]
fn ci_lexicode_mogul_24_is_the_extended_golay_code() {
    let code = lexicode(24, 8);
    assert_eq!(code, p_positions_at_most(24, 7));
    let w = weight_distribution(&code, 24);
    assert_eq!((w[0], w[8], w[12], w[16], w[24]), (1, 759, 2576, 759, 1));
    assert_eq!(w.iter().sum::<u64>(), 4096);
}
