//! Turning Corners under misère play (`onag::misere::corners`) against the brute-force misère
//! search of `onag::misere::brute`, which knows nothing but the game's options.

use onag::games::turning_corners::{Coin, TurningCorners};
use onag::misere::corners::{corners_misere, CornersMisereError};
use onag::misere::misere_outcome;
use onag::partizan::Outcome;
use onag::{Play, StopFlag};

#[test]
fn outcomes_and_moves_match_the_brute_force() {
    let mut seed = 99u64;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let mut p_positions = 0;
    let mut moves = 0;
    // every move on 2 × 2 and 3 × 3 boards; the outcome alone on 4 × 4 (the brute force
    // searches afresh for each position it is asked about)
    for round in 0..140 {
        let n = if round < 120 { 2 + next(2) as usize } else { 4 };
        let mut heads = Vec::new();
        for r in 1..=n {
            for c in 1..=n {
                if next(10) < 3 {
                    heads.push(Coin::new(r, c));
                }
            }
        }
        let game = TurningCorners::from_heads(n, n, &heads).unwrap();
        let r = corners_misere(&game, 1 << 20, &StopFlag::new()).unwrap();
        let brute = misere_outcome(&game, &StopFlag::new()).unwrap();
        assert_eq!(r.outcome, brute, "{game}");
        p_positions += usize::from(brute == Outcome::P);
        assert_eq!(r.moves.len(), game.moves().len());
        if n == 4 {
            continue;
        }
        for (m, mv) in r.moves.iter().zip(game.moves()) {
            assert_eq!(
                (m.coin, m.corner),
                ((mv.coin.row, mv.coin.col), (mv.corner.row, mv.corner.col))
            );
            let after = game.play(mv).unwrap();
            let o = misere_outcome(&after, &StopFlag::new()).unwrap();
            assert_eq!(m.winning, o == Outcome::P, "{game}: {m:?}");
            moves += 1;
        }
    }
    assert!(
        p_positions > 5 && moves > 300,
        "{p_positions} P-positions, {moves} moves"
    );
}

#[test]
fn no_heads_coin_is_a_win_for_the_player_to_move() {
    let game = TurningCorners::new(5, 5).unwrap();
    let r = corners_misere(&game, 10, &StopFlag::new()).unwrap();
    assert_eq!(r.outcome, Outcome::N);
    assert!(r.moves.is_empty() && r.winning_move.is_none());
}

#[test]
fn past_the_bound_is_a_clear_error() {
    let game = TurningCorners::from_heads(12, 12, &[Coin::new(12, 12), Coin::new(11, 3)]).unwrap();
    let e = corners_misere(&game, 1000, &StopFlag::new()).unwrap_err();
    assert_eq!(
        e,
        CornersMisereError::TooLarge {
            limit: 1000,
            rows: 12,
            cols: 12
        }
    );
    let stop = StopFlag::new();
    stop.stop();
    let small = TurningCorners::from_heads(8, 8, &[Coin::new(8, 8)]).unwrap();
    assert_eq!(
        corners_misere(&small, 1 << 20, &stop).unwrap_err(),
        CornersMisereError::Stopped
    );
}
