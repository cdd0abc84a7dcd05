//! The strong chooser against the canonical forms: on random small positions of every
//! partizan game of the registry, what the chooser claims to have proven is what the canonical
//! form says (the arena's comparison with 0 knows nothing of the search), its move is legal,
//! and it wins whenever the mover wins — with a full search and with a shallow one whose
//! leaves are heuristic.

use std::str::FromStr;
use std::time::{Duration, Instant};

use proptest::prelude::*;

use super::*;
use crate::games::analysis::GameKind;
use crate::games::registry::GAMES;
use crate::games::{clobber, col, cutcake, domineering, hackenbush, konane, snort};
use crate::games::{toads_and_frogs, PartizanSolver};
use crate::partizan::Outcome;

// The random positions of the outcome search's tests.
use super::super::tests::{cutcake_text, grid, hackenbush_text, toads_text};

/// Whether `player`, moving first in `g`, wins — by the canonical form.
fn wins<G: PartizanGame>(values: &mut PartizanSolver<G>, g: &G, player: Player) -> bool {
    let v = values.canonical(g, &StopFlag::new()).unwrap();
    let o = values.arena_mut().outcome(v);
    match player {
        Player::Left => matches!(o, Outcome::L | Outcome::N),
        Player::Right => matches!(o, Outcome::R | Outcome::N),
    }
}

fn check<G: PartizanGame + FromStr>(text: &str) -> Result<(), TestCaseError> {
    let Ok(position) = text.parse::<G>() else {
        return Ok(()); // not a position of this game
    };
    let mut values = PartizanSolver::new();
    for max_depth in [64, 2] {
        for player in [Player::Left, Player::Right] {
            let options = position.options(player);
            let mut chooser = StrongChooser::new(StrongOptions {
                max_depth,
                ..StrongOptions::default()
            });
            let chosen = chooser.choose(&position, player, &StopFlag::new()).unwrap();
            let Some(m) = chosen else {
                prop_assert!(options.is_empty(), "{} {:?}: no move chosen", text, player);
                continue;
            };
            prop_assert!(options[m.index] == m.after, "{} {:?}", text, player);
            let mover_wins = wins(&mut values, &position, player);
            if max_depth == 64 {
                // a full search proves every small position
                prop_assert_eq!(m.mover_wins, Some(mover_wins), "{} {:?}", text, player);
            } else if let Some(claim) = m.mover_wins {
                prop_assert_eq!(claim, mover_wins, "{} {:?} depth 2", text, player);
            }
            let opponent = player.opposite();
            if m.mover_wins == Some(true) {
                prop_assert!(
                    !wins(&mut values, &m.after, opponent),
                    "{} {:?}: {} does not win",
                    text,
                    player,
                    m.after
                );
            }
            for (o, w) in options.iter().zip(&m.winning) {
                if let Some(w) = w {
                    prop_assert_eq!(*w, !wins(&mut values, o, opponent), "{} -> {}", text, o);
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn domineering_choices_match_canonical(t in grid(&['.', '.', '.', '#'], 4, 4)) {
        check::<domineering::Domineering>(&t)?;
    }

    #[test]
    fn snort_choices_match_canonical(t in grid(&['.', '.', '.', 'x', 'o', '#'], 4, 3)) {
        check::<snort::Snort>(&t)?;
    }

    #[test]
    fn col_choices_match_canonical(t in grid(&['.', '.', '.', 'x', 'o', '#'], 4, 3)) {
        check::<col::Col>(&t)?;
    }

    #[test]
    fn clobber_choices_match_canonical(t in grid(&['x', 'o', 'x', 'o', '.'], 4, 3)) {
        check::<clobber::Clobber>(&t)?;
    }

    #[test]
    fn konane_choices_match_canonical(t in grid(&['x', 'o', '.', '.', '#'], 4, 4)) {
        check::<konane::Konane>(&t)?;
    }

    #[test]
    fn cutcake_choices_match_canonical(t in cutcake_text()) {
        check::<cutcake::Cutcake>(&t)?;
    }

    #[test]
    fn hackenbush_choices_match_canonical(t in hackenbush_text()) {
        check::<hackenbush::Hackenbush>(&t)?;
    }

    #[test]
    fn toads_choices_match_canonical(t in toads_text()) {
        check::<toads_and_frogs::Board>(&t)?;
    }
}

/// Every partizan game of the registry has a property test above.
#[test]
fn every_partizan_registry_game_is_tested() {
    let tested = [
        "domineering",
        "snort",
        "col",
        "clobber",
        "konane",
        "cutcake",
        "hackenbush",
        "toads",
    ];
    for g in GAMES.iter().filter(|g| g.kind == GameKind::Partizan) {
        assert!(tested.contains(&g.name), "{} has no chooser test", g.name);
    }
}

/// On 8×8 Domineering a budget of 200 ms (the flag raised by a timer thread) is honoured:
/// the answer is a legal, unproven move from at least one completed iteration.
#[test]
fn a_tiny_budget_on_8x8_is_honoured() {
    let board = domineering::Domineering::empty(8, 8).unwrap();
    let stop = StopFlag::new();
    let timer = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            stop.stop();
        })
    };
    let started = Instant::now();
    let mut chooser = StrongChooser::new(StrongOptions::default());
    let m = chooser
        .choose(&board, Player::Left, &stop)
        .unwrap()
        .unwrap();
    let took = started.elapsed();
    timer.join().unwrap();
    // slack for a loaded machine: the flag is polled every few thousand nodes
    assert!(took < Duration::from_millis(200 + 1500), "{took:?}");
    assert!(board.options(Player::Left).contains(&m.after));
    assert_eq!(m.mover_wins, None);
    assert!(m.depth >= 1, "depth {}", m.depth);
}

/// A flag raised before the search still gives a legal move (depth 0).
#[test]
fn a_raised_flag_still_gives_a_legal_move() {
    let stop = StopFlag::new();
    stop.stop();
    for text in [
        "........|........|........|........|........|........|........|........",
        "..|..",
    ] {
        let board: domineering::Domineering = text.parse().unwrap();
        let m = StrongChooser::new(StrongOptions::default())
            .choose(&board, Player::Right, &stop)
            .unwrap()
            .unwrap();
        assert!(board.options(Player::Right).contains(&m.after));
    }
}

/// No move, no answer.
#[test]
fn a_player_without_moves_gets_none() {
    let board: domineering::Domineering = "....".parse().unwrap(); // Left (vertical) cannot move
    let mut chooser = StrongChooser::new(StrongOptions::default());
    assert!(chooser
        .choose(&board, Player::Left, &StopFlag::new())
        .unwrap()
        .is_none());
}
