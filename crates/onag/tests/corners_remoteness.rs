//! Turning Corners remoteness: the table against a memoised recursion written straight from
//! Steinhaus' definition over the game's own moves, the parity rule (even ⇔ value 0), the best
//! move, the reports, and the bound.

use std::collections::HashMap;

use onag::games::turning_corners::remoteness::{RemotenessTable, MAX_COINS};
use onag::games::turning_corners::{Coin, TurningCorners};
use onag::Play;

/// Remoteness from the definition: 0 with no move, else 1 + the least even remoteness among
/// the moves when there is one, else 1 + the greatest.
fn slow(game: &TurningCorners, memo: &mut HashMap<Vec<Coin>, u32>) -> u32 {
    let key = game.heads();
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let after: Vec<u32> = game
        .legal_moves()
        .into_iter()
        .map(|m| slow(&game.play(m.mv).unwrap(), memo))
        .collect();
    let r = if after.is_empty() {
        0
    } else if let Some(&w) = after.iter().filter(|r| r.is_multiple_of(2)).min() {
        w + 1
    } else {
        after.iter().max().unwrap() + 1
    };
    memo.insert(key, r);
    r
}

/// Every position of the board.
fn positions(rows: usize, cols: usize) -> impl Iterator<Item = TurningCorners> {
    let coins = rows * cols;
    (0u32..1 << coins).map(move |mask| {
        let heads: Vec<Coin> = (0..coins)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| Coin::new(i / cols + 1, i % cols + 1))
            .collect();
        TurningCorners::from_heads(rows, cols, &heads).unwrap()
    })
}

#[test]
fn the_table_agrees_with_the_definition_on_every_position() {
    for (rows, cols) in [(1, 1), (1, 5), (2, 3), (3, 3), (2, 6), (3, 4), (4, 4)] {
        let table = RemotenessTable::new(rows, cols).unwrap();
        let mut memo = HashMap::new();
        let mut longest = 0;
        for game in positions(rows, cols) {
            let r = table.remoteness(&game).unwrap();
            assert_eq!(
                r,
                slow(&game, &mut memo),
                "{rows}x{cols} {:?}",
                game.heads()
            );
            assert_eq!(
                r.is_multiple_of(2),
                game.value() == 0,
                "parity is the value rule"
            );
            assert_eq!(r == 0, game.is_over());
            longest = longest.max(r);
        }
        assert!(longest >= 1);
    }
}

#[test]
fn the_best_move_keeps_to_the_rule_and_a_perfect_game_lasts_exactly_the_remoteness() {
    let table = RemotenessTable::new(4, 4).unwrap();
    for game in positions(4, 4).step_by(97) {
        let r = table.remoteness(&game).unwrap();
        let mut pos = game.clone();
        let mut plies = 0;
        while let Some(mv) = table.best_move(&pos) {
            let next = pos.play(mv).unwrap();
            let after = table.remoteness(&next).unwrap();
            assert_eq!(after + 1, table.remoteness(&pos).unwrap());
            // The rule's move wins (value 0 after it) exactly when the position is won.
            assert_eq!(next.value() == 0, pos.value() != 0);
            pos = next;
            plies += 1;
        }
        assert!(pos.is_over());
        assert_eq!(plies, r, "{:?}", game.heads());
    }
}

#[test]
fn reports_list_each_moves_remoteness_in_the_position_reports_order() {
    let table = RemotenessTable::new(4, 4).unwrap();
    let game =
        TurningCorners::from_heads(4, 4, &[Coin::new(4, 4), Coin::new(2, 3), Coin::new(1, 1)])
            .unwrap();
    for coin in game.heads() {
        let report = table.report(&game, Some(coin)).unwrap();
        let marks = game.report(Some(coin)).unwrap().moves;
        let moves = game.moves_from(coin);
        assert_eq!(report.moves.len(), marks.len());
        for ((m, r), mark) in moves.iter().zip(&report.moves).zip(&marks) {
            assert_eq!(table.remoteness(&game.play(m.mv).unwrap()), Some(*r));
            assert_eq!(mark.winning, r.is_multiple_of(2));
        }
        assert_eq!(report.position, table.remoteness(&game).unwrap());
        assert_eq!(report.wins, game.value() != 0);
        let best = report.best.unwrap();
        assert_eq!(best.winning, report.wins);
    }
    let none = table.report(&game, None).unwrap();
    assert!(none.moves.is_empty());
    let over = TurningCorners::new(4, 4).unwrap();
    let r = table.report(&over, None).unwrap();
    assert_eq!((r.position, r.wins, r.best), (0, false, None));
    // Another board: no answer.
    let other = TurningCorners::new(3, 3).unwrap();
    assert_eq!(table.remoteness(&other), None);
}

#[test]
fn boards_beyond_the_bound_are_refused() {
    assert_eq!(MAX_COINS, 16);
    assert!(RemotenessTable::new(4, 4).is_ok());
    assert!(RemotenessTable::new(2, 8).is_ok());
    for (rows, cols) in [(4, 5), (5, 5), (1, 17), (0, 3)] {
        let e = RemotenessTable::new(rows, cols).unwrap_err();
        assert!(e.to_string().contains("at most 16"), "{e}");
    }
}

/// The bound's measurement: the time to build the 4 × 4 table (2^16 positions).
#[test]
#[ignore = "timing, run by hand"]
fn time_the_tables() {
    let t = std::time::Instant::now();
    let table = RemotenessTable::new(4, 4).unwrap();
    println!("4x4 table: {:?}", t.elapsed());
    let longest = positions(4, 4)
        .map(|g| table.remoteness(&g).unwrap())
        .max()
        .unwrap();
    println!(
        "4x4 table + every lookup: {:?} (longest remoteness {longest})",
        t.elapsed()
    );
}
