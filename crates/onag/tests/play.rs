//! The one `play` convention ([`onag::Play`]): for every playable game, `check` accepts exactly
//! the moves of the game's own move generator, `play` is `check` then `play_unchecked`, and
//! `play_unchecked` never panics, even on nonsense moves.

use std::fmt::Debug;

use onag::games::toads_and_frogs::{all_boards, Board, IllegalMove, Move as ToadsMove};
use onag::games::turning_corners::{Coin, Move as CornersMove, TurningCorners};
use onag::partizan::Player;
use onag::wythoff::positions::{Move as QueenMove, Position};
use onag::Play;
use proptest::prelude::*;

/// For each candidate move: `check` is `Ok` iff the move is in `legal`, `play` agrees with
/// `check` and with `play_unchecked`, and `play_unchecked` does not panic.
fn agrees<G>(game: &G, candidates: impl IntoIterator<Item = G::Move>, legal: &[G::Move])
where
    G: Play + PartialEq + Debug,
    G::Move: PartialEq + Debug,
    G::Error: PartialEq + Debug,
{
    for mv in candidates {
        let unchecked = game.play_unchecked(mv);
        match game.check(mv) {
            Ok(()) => {
                assert!(legal.contains(&mv), "{mv:?} accepted in {game:?}");
                assert_eq!(game.play(mv), Ok(unchecked));
            }
            Err(e) => {
                assert!(!legal.contains(&mv), "{mv:?} rejected in {game:?}: {e:?}");
                assert_eq!(game.play(mv), Err(e));
            }
        }
    }
}

#[test]
fn toads_check_is_the_move_generator() {
    for len in 1..=6 {
        for board in all_boards(len) {
            let mut legal = board.moves(Player::Left);
            legal.extend(board.moves(Player::Right));
            let candidates =
                (0..len + 2).flat_map(|from| (0..len + 2).map(move |to| ToadsMove { from, to }));
            agrees(&board, candidates, &legal);
        }
    }
}

#[test]
fn toads_illegal_move_names_squares_one_based() {
    let board: Board = "T.F".parse().unwrap();
    let mv = ToadsMove { from: 2, to: 3 };
    assert_eq!(board.play(mv), Err(IllegalMove(mv)));
    assert_eq!(
        IllegalMove(mv).to_string(),
        "no piece can move from square 3 to square 4"
    );
    // Off the board the unchecked form leaves the board as it is.
    assert_eq!(board.play_unchecked(mv), board);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn corners_check_is_the_move_generator(
        rows in 1usize..=5,
        cols in 1usize..=5,
        mask in any::<u32>(),
    ) {
        let heads: Vec<Coin> = (0..rows * cols)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| Coin::new(i / cols + 1, i % cols + 1))
            .collect();
        let game = TurningCorners::from_heads(rows, cols, &heads).unwrap();
        let legal = game.moves();
        let coins = move || (0..=rows + 1).flat_map(move |r| (0..=cols + 1).map(move |c| Coin::new(r, c)));
        let candidates = coins().flat_map(|coin| coins().map(move |corner| CornersMove { coin, corner }));
        agrees(&game, candidates, &legal);
    }

    #[test]
    fn queens_check_is_the_move_generator(
        side in 1u32..=7,
        queens in proptest::collection::vec((0u32..7, 0u32..7), 1..=3),
    ) {
        let queens: Vec<(u32, u32)> = queens.into_iter().map(|(x, y)| (x % side, y % side)).collect();
        let pos = Position::new(side, &queens).unwrap();
        let legal = pos.legal_moves();
        let n = queens.len();
        let candidates = (0..=n).flat_map(|queen| {
            (0..=side).flat_map(move |x| (0..=side).map(move |y| QueenMove { queen, to: (x, y) }))
        });
        agrees(&pos, candidates, &legal);
    }
}
