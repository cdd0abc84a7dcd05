//! Toads-and-Frogs remoteness: the table against a plain recursion written straight from
//! Steinhaus' definition over the game's own moves (no memo, no packing), its agreement with
//! the outcome class of the exact value, the rule's moves, the reports, and the budget.

use onag::games::toads_and_frogs::remoteness::{RemotenessTable, TooLarge};
use onag::games::toads_and_frogs::{all_boards, board_report, estimate_work, Board, Solver};
use onag::partizan::{Outcome, Player};
use onag::{Play, StopFlag};

/// The budget the API gives a table (`onag_api::limits::MAX_TOADS_REMOTENESS_BOARDS`; the
/// library takes any budget, and these tests check the boards the web app meets).
const WEB_BUDGET: usize = 1 << 18;

const PLAYERS: [Player; 2] = [Player::Left, Player::Right];

/// Remoteness from the definition: 0 with no move, else 1 + the least even remoteness of the
/// opponent after a move when there is one, else 1 + the greatest.
fn slow(board: &Board, player: Player) -> u32 {
    let after: Vec<u32> = board
        .moves(player)
        .into_iter()
        .map(|mv| slow(&board.play(mv).unwrap(), player.opposite()))
        .collect();
    if after.is_empty() {
        0
    } else if let Some(&w) = after.iter().filter(|r| *r % 2 == 0).min() {
        w + 1
    } else {
        after.iter().max().unwrap() + 1
    }
}

#[test]
fn the_table_agrees_with_the_definition_on_every_small_board() {
    let mut longest = 0;
    for len in 1..=7 {
        for board in all_boards(len) {
            let table = RemotenessTable::new(&board, usize::MAX).unwrap();
            for player in PLAYERS {
                let r = table.remoteness(&board, player).unwrap();
                assert_eq!(r, slow(&board, player), "{board} {player:?}");
                longest = longest.max(r);
            }
        }
    }
    assert!(
        longest >= 8,
        "some board of ≤ 7 squares lasts a while ({longest})"
    );
}

#[test]
fn win_or_loss_agrees_with_the_outcome_class_of_the_value() {
    let mut solver = Solver::new();
    for len in 1..=9 {
        for board in all_boards(len) {
            let g = solver.value(&board).unwrap();
            let outcome = solver.arena_mut().outcome(g);
            let table = RemotenessTable::new(&board, usize::MAX).unwrap();
            let left_first_wins = matches!(outcome, Outcome::L | Outcome::N);
            let right_first_wins = matches!(outcome, Outcome::R | Outcome::N);
            let r = |p| table.remoteness(&board, p).unwrap();
            assert_eq!(r(Player::Left) % 2 == 1, left_first_wins, "{board}");
            assert_eq!(r(Player::Right) % 2 == 1, right_first_wins, "{board}");
        }
    }
}

/// Plays the rule for both sides from `board` (`player` first) and counts the moves.
fn game_length(table: &RemotenessTable, board: &Board, mut player: Player) -> u32 {
    let mut board = board.clone();
    let mut plies = 0;
    loop {
        let report = table.report(&board).unwrap();
        let Some(best) = *report.best.get(player) else {
            return plies;
        };
        let moves: Vec<_> = PLAYERS.iter().flat_map(|&p| board.moves(p)).collect();
        board = board.play(moves[best]).unwrap();
        player = player.opposite();
        plies += 1;
    }
}

#[test]
fn reports_follow_the_board_report_and_the_rule_keeps_to_the_remoteness() {
    let boards = [
        "TT..FF",
        "T.T.F.F",
        "TT.T..F.FF",
        "T3□3F3",
        "TFT.F.FTF",
        "T..F",
        "TTFF",
    ];
    for text in boards {
        let board: Board = text.parse().unwrap();
        let table = RemotenessTable::new(&board, WEB_BUDGET).unwrap();
        let report = table.report(&board).unwrap();
        let values = board_report(&board, &StopFlag::new()).unwrap();
        assert_eq!(report.moves.len(), values.moves.len(), "{text}");
        for (m, &after) in values.moves.iter().zip(&report.moves) {
            // ✓ (the opponent then loses) exactly when the opponent's remoteness is even.
            assert_eq!(m.winning, after % 2 == 0, "{text} {m:?}");
            let next: Board = m.squares.parse().unwrap();
            assert_eq!(table.remoteness(&next, m.player.opposite()), Some(after));
        }
        for player in PLAYERS {
            let position = *report.position.get(player);
            assert_eq!(*report.wins.get(player), position % 2 == 1);
            match *report.best.get(player) {
                None => assert_eq!(position, 0, "{text}: no move, remoteness 0"),
                Some(i) => {
                    assert_eq!(values.moves[i].player, player);
                    assert_eq!(report.moves[i] + 1, position, "{text}");
                }
            }
            assert_eq!(game_length(&table, &board, player), position, "{text}");
        }
    }
}

#[test]
fn a_table_answers_for_every_board_it_reaches_as_a_fresh_table_would() {
    // The API keeps the last table and answers from it for the boards it holds: that must be
    // the same answer as a fresh table of that board, whose boards are a subset.
    let root: Board = "TT.T..F.FF".parse().unwrap();
    let table = RemotenessTable::new(&root, WEB_BUDGET).unwrap();
    let mut frontier = vec![root];
    let mut seen = 0;
    while let Some(board) = frontier.pop() {
        seen += 1;
        if seen > 60 {
            break;
        }
        let fresh = RemotenessTable::new(&board, table.len()).unwrap();
        assert!(fresh.len() <= table.len());
        assert_eq!(fresh.report(&board), table.report(&board), "{board}");
        for p in PLAYERS {
            frontier.extend(board.options(p));
        }
    }
    assert!(
        !table.contains(&"TTTTTTTTTT".parse().unwrap()),
        "other pieces"
    );
    assert!(!table.contains(&"T.F".parse().unwrap()), "another length");
}

#[test]
fn the_budget_is_exact_and_bounded_by_the_work_estimate() {
    for text in ["TT..FF", "TT.T..F.FF", "T3□3F3", "T.T.T...F.F.F"] {
        let board: Board = text.parse().unwrap();
        let table = RemotenessTable::new(&board, usize::MAX).unwrap();
        let n = table.len();
        // Every reachable placement is one the estimate counts.
        assert!(n as f64 <= estimate_work(&board), "{text}: {n}");
        assert_eq!(RemotenessTable::new(&board, n).unwrap().len(), n);
        assert_eq!(
            RemotenessTable::new(&board, n - 1).unwrap_err(),
            TooLarge { budget: n - 1 }
        );
    }
    let big: Board = "T10□4F10".parse().unwrap();
    let e = RemotenessTable::new(&big, WEB_BUDGET).unwrap_err();
    assert!(e.to_string().contains(&WEB_BUDGET.to_string()));
}

#[test]
#[ignore = "timing: cargo test --release -p onag --test toads_remoteness -- --ignored --nocapture"]
fn time_tables_near_the_web_budget() {
    for text in [
        "T4□4F4",
        "T5□3F5",
        "T5□4F5",
        "T4□6F4",
        "T6□3F6",
        "T6□4F6",
        "T7□2F7",
        "T3□12F3",
        "T2□20F2",
        "T4□8F4",
    ] {
        let board: Board = text.parse().unwrap();
        let t = std::time::Instant::now();
        let result = RemotenessTable::new(&board, WEB_BUDGET);
        println!(
            "{text}: estimate {:.3e}, {} in {:?}",
            estimate_work(&board),
            match &result {
                Ok(t) => format!(
                    "{} boards, remoteness L {}",
                    t.len(),
                    t.remoteness(&board, Player::Left).unwrap()
                ),
                Err(e) => e.to_string(),
            },
            t.elapsed()
        );
    }
}
