//! Multi-queen positions: the XOR rule against a value-free search, marked moves, the computer.
use std::collections::HashMap;

use onag::wythoff::positions::{Analyser, Move, Position, PositionError};
use onag::Play;

/// Whether the player to move loses, by plain search over positions (no Grundy values).
fn loses(pos: &Position, memo: &mut HashMap<Vec<(u32, u32)>, bool>) -> bool {
    let mut key = pos.queens().to_vec();
    key.sort_unstable(); // queens are interchangeable
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let r = pos
        .legal_moves()
        .into_iter()
        .all(|m| !loses(&pos.play(m).unwrap(), memo));
    memo.insert(key, r);
    r
}

#[test]
fn xor_rule_agrees_with_value_free_search_on_7x7_two_queens() {
    let an = Analyser::new(7).unwrap();
    let mut memo = HashMap::new();
    let mut count = 0;
    for a in 0..49u32 {
        for b in 0..49u32 {
            let pos = Position::new(7, &[(a / 7, a % 7), (b / 7, b % 7)]).unwrap();
            let analysis = an.analyse(&pos).unwrap();
            assert_eq!(analysis.xor == 0, loses(&pos, &mut memo), "{pos:?}");
            for m in &analysis.moves {
                let after = pos.play(m.mv).unwrap();
                assert_eq!(m.winning, loses(&after, &mut memo), "{pos:?} {m:?}");
            }
            count += 1;
        }
    }
    assert_eq!(count, 2401);
}

#[test]
fn computer_wins_from_n_positions_and_steps_otherwise() {
    let an = Analyser::new(30).unwrap();
    let pos = (0..30)
        .map(|z| Position::new(30, &[(3, 5), (10, 12), (0, z)]).unwrap())
        .find(|p| an.analyse(p).unwrap().xor != 0)
        .unwrap();
    let m = an.computer_move(&pos).unwrap().unwrap();
    let after = pos.play(m).unwrap();
    assert_eq!(an.analyse(&after).unwrap().xor, 0);
    // From a P-position every move loses; the computer takes a single step.
    let p = Position::new(30, &[(3, 5), (1, 2)]).unwrap();
    assert_eq!(an.analyse(&p).unwrap().xor, 0);
    assert_eq!(
        an.computer_move(&p).unwrap(),
        Some(Move {
            queen: 0,
            to: (2, 5)
        })
    );
    let over = Position::new(30, &[(0, 0)]).unwrap();
    assert!(over.is_over() && an.computer_move(&over).unwrap().is_none());
}

#[test]
fn bad_positions_are_typed_errors() {
    assert_eq!(Position::new(8, &[]), Err(PositionError::NoQueens));
    assert_eq!(
        Position::new(8, &[(0, 0); 5]),
        Err(PositionError::TooManyQueens(5))
    );
    assert!(matches!(
        Position::new(8, &[(8, 0)]),
        Err(PositionError::OffBoard { queen: 0, .. })
    ));
    assert_eq!(Position::new(0, &[(0, 0)]), Err(PositionError::BadBoard(0)));
    let p = Position::new(8, &[(3, 3)]).unwrap();
    assert!(p
        .play(Move {
            queen: 0,
            to: (2, 1)
        })
        .is_err());
    assert!(p
        .play(Move {
            queen: 1,
            to: (2, 2)
        })
        .is_err());
    assert_eq!(p.legal_moves().len(), 9);
    assert!(Analyser::new(4).unwrap().analyse(&p).is_err());
}
