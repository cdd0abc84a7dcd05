//! Turning Corners: the playable game API, value-free search vs values, solver agreement.

use std::collections::HashMap;

use onag::games::turning_corners::{Coin, CornersError, Move, TurningCorners};
use onag::impartial::solver::{solve_values, Board};
use onag::nimber::Nimber;
use onag::Play;

/// All positions of a rows×cols board as games, indexed like the solver (bit (r−1)·cols+(c−1)).
fn position(rows: usize, cols: usize, mask: u32) -> TurningCorners {
    let heads: Vec<Coin> = (0..rows * cols)
        .filter(|i| mask >> i & 1 == 1)
        .map(|i| Coin::new(i / cols + 1, i % cols + 1))
        .collect();
    TurningCorners::from_heads(rows, cols, &heads).unwrap()
}

fn check_search_agrees(rows: usize, cols: usize) {
    let board: Board = format!("corners:{rows}x{cols}").parse().unwrap();
    let (report, values) = solve_values(&board);
    assert_eq!(report.mismatches, 0);
    let mut memo = HashMap::new();
    let mut losses = 0;
    for mask in 0..1u32 << (rows * cols) {
        let game = position(rows, cols, mask);
        let win = game.wins_by_search(&mut memo);
        assert_eq!(
            !win,
            values[mask as usize] == 0,
            "{rows}x{cols} position {mask:#b}"
        );
        assert_eq!(!win, game.value() == 0);
        assert_eq!(win, !game.winning_moves().is_empty());
        losses += u64::from(!win);
    }
    assert_eq!(losses, report.p_positions);
}

#[test]
fn value_free_search_agrees_with_value_zero_on_3x3() {
    check_search_agrees(3, 3);
}

#[test]
fn value_free_search_agrees_with_value_zero_on_2x5() {
    check_search_agrees(2, 5);
}

#[test]
fn coin_values_are_nim_products() {
    for a in 1..=12 {
        for b in 1..=12 {
            assert_eq!(
                Coin::new(a, b).value(),
                (Nimber(a as u64) * Nimber(b as u64)).0
            );
        }
    }
}

#[test]
fn moves_turn_corners_off_the_border() {
    let mv = Move {
        coin: Coin::new(3, 4),
        corner: Coin::new(1, 2),
    };
    assert_eq!(mv.turned().len(), 4);
    let mv = Move {
        coin: Coin::new(3, 4),
        corner: Coin::new(0, 2),
    };
    assert_eq!(mv.turned(), vec![Coin::new(3, 4), Coin::new(3, 2)]);
    let mv = Move {
        coin: Coin::new(3, 4),
        corner: Coin::new(0, 0),
    };
    assert_eq!(mv.turned(), vec![Coin::new(3, 4)]);
}

#[test]
fn legal_moves_are_marked_and_counted() {
    let game = TurningCorners::from_heads(12, 12, &[Coin::new(5, 7), Coin::new(12, 12)]).unwrap();
    let moves = game.legal_moves();
    assert_eq!(moves.len(), 5 * 7 + 12 * 12);
    for m in &moves {
        let next = game.play(m.mv).unwrap();
        assert_eq!(m.wins, next.value() == 0);
    }
    // A position of nonzero value has a winning move (mex property of the XOR of values).
    assert_ne!(game.value(), 0);
    assert!(!game.winning_moves().is_empty());
    let mv = game.computer_move().unwrap();
    let next = game.play(mv).unwrap();
    assert_eq!(next.value(), 0);
}

#[test]
fn computer_turns_the_lowest_value_coin_when_lost() {
    // 2⊗2 = 3 = 1 ⊕ 2 = (1⊗1) ⊕ (1⊗2): the position {(1,1), (1,2), (2,2)} is lost.
    let game =
        TurningCorners::from_heads(3, 3, &[Coin::new(1, 1), Coin::new(1, 2), Coin::new(2, 2)])
            .unwrap();
    assert_eq!(game.value(), 0);
    assert_eq!(
        game.computer_move(),
        Some(Move {
            coin: Coin::new(1, 1),
            corner: Coin::new(0, 0)
        })
    );
    assert_eq!(TurningCorners::new(3, 3).unwrap().computer_move(), None);
}

#[test]
fn illegal_moves_and_boards_are_errors() {
    assert!(matches!(
        TurningCorners::new(0, 3),
        Err(CornersError::BadSize { .. })
    ));
    assert!(matches!(
        TurningCorners::new(3, 33),
        Err(CornersError::BadSize { .. })
    ));
    assert!(matches!(
        TurningCorners::from_heads(3, 3, &[Coin::new(0, 1)]),
        Err(CornersError::OffBoard(_))
    ));
    let game = TurningCorners::from_heads(3, 3, &[Coin::new(2, 2)]).unwrap();
    let tails = Move {
        coin: Coin::new(1, 1),
        corner: Coin::new(0, 0),
    };
    assert_eq!(
        game.play(tails),
        Err(CornersError::NotHeads(Coin::new(1, 1)))
    );
    let bad = Move {
        coin: Coin::new(2, 2),
        corner: Coin::new(2, 0),
    };
    assert!(matches!(game.play(bad), Err(CornersError::BadCorner(_))));
    let off = Move {
        coin: Coin::new(4, 4),
        corner: Coin::new(0, 0),
    };
    assert!(matches!(game.play(off), Err(CornersError::OffBoard(_))));
    assert_eq!(game.heads(), vec![Coin::new(2, 2)]);
}

mod by_definition {
    use onag::games::turning_corners::definition::{corners_mex, verify_table, MexCheck};
    use onag::nimber::table::mex_table;
    use onag::StopFlag;

    #[test]
    fn verification_agrees_with_the_literal_mex_table() {
        // The literal O(n⁴) mex table equals the fast table, and the verifier accepts it.
        let n = 64;
        let literal = mex_table(n);
        let t: Vec<u16> = literal.iter().flatten().map(|&v| v as u16).collect();
        let r = verify_table(&t, n, &StopFlag::new(), &|_| {}).unwrap();
        assert_eq!((r.cells, r.mismatches, r.max_value), (63 * 63, 0, 255));
    }

    #[test]
    fn corners_mex_256_has_no_mismatches() {
        let r = corners_mex(256, &StopFlag::new(), &|_| {}).unwrap();
        assert_eq!((r.cells, r.mismatches, r.max_value), (255 * 255, 0, 255));
    }

    #[test]
    fn a_check_in_parts_reports_what_one_run_does() {
        let n = 120;
        let whole = corners_mex(n, &StopFlag::new(), &|_| {}).unwrap();
        let mut first = MexCheck::corners(n);
        let pending = first.pending();
        assert_eq!(pending.len(), n - 1);
        first
            .run(&pending[..40], &StopFlag::new(), &|_| {})
            .unwrap();
        assert_eq!(first.report(), None);
        // The finished rows carried over to a fresh check (as a checkpoint does), the rest run.
        let mut second = MexCheck::corners(n);
        for row in first.done() {
            second.add(row.clone()).unwrap();
        }
        assert_eq!(second.pending(), pending[40..].to_vec());
        second
            .run(&second.pending(), &StopFlag::new(), &|_| {})
            .unwrap();
        assert_eq!(second.report(), Some(whole));
        // A stopped run keeps nothing it did not finish and says so.
        let stop = StopFlag::new();
        stop.stop();
        let mut third = MexCheck::corners(n);
        assert!(third.run(&third.pending(), &stop, &|_| {}).is_err());
        assert_eq!(third.done().count(), 0);
        // Rows from elsewhere are checked for range.
        let mut bad = first.done().next().unwrap().clone();
        bad.bad1.push(n);
        assert!(second.add(bad).is_err());
    }

    #[test]
    fn corrupted_tables_are_caught() {
        let n = 40;
        let good: Vec<u16> = mex_table(n).iter().flatten().map(|&v| v as u16).collect();
        // A value raised (check 2 fails: the true value is missing below it), a value lowered
        // to an option (check 1 fails), and a broken symmetry.
        for (cell, delta) in [((7, 9), 1u16), ((20, 30), 3), ((39, 39), 5), ((12, 5), 2)] {
            let mut t = good.clone();
            t[cell.0 * n + cell.1] ^= delta;
            let r = verify_table(&t, n, &StopFlag::new(), &|_| {}).unwrap();
            assert!(r.mismatches > 0, "corruption at {cell:?} not caught");
        }
    }

    #[test]
    #[ignore]
    fn ci_corners_mex_1024_by_definition() {
        let r = corners_mex(1024, &StopFlag::new(), &|_| {}).unwrap();
        assert_eq!((r.cells, r.mismatches, r.max_value), (1_046_529, 0, 65535));
    }
}
