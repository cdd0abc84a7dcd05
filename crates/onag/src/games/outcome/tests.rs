//! The outcome search against the canonical forms: on random small positions of every
//! partizan game of the registry, the searched outcome is the canonical form's outcome (a
//! comparison with 0 in the arena, which knows nothing of the search), and each winning move
//! leads to a position the opponent loses moving first — for a plain search (no value used),
//! a search that treats only tiny components as small, and one where every component is small.

use std::str::FromStr;

use proptest::prelude::*;

use super::*;
use crate::games::analysis::GameKind;
use crate::games::registry::GAMES;
use crate::games::{clobber, col, cutcake, domineering, hackenbush, konane, snort};
use crate::games::{toads_and_frogs, PartizanSolver};

/// The budgets tried: plain search, tiny components small, every component small.
const BUDGETS: [usize; 3] = [0, 4, 100_000];

fn check<G: PartizanGame + FromStr>(text: &str) -> Result<(), TestCaseError> {
    let Ok(position) = text.parse::<G>() else {
        return Ok(()); // not a position of this game (e.g. a Konane jump out of bounds)
    };
    let stop = StopFlag::new();
    let mut values = PartizanSolver::new();
    let g = values.canonical(&position, &stop).unwrap();
    let expected = values.arena_mut().outcome(g);
    for budget in BUDGETS {
        let mut solver = OutcomeSolver::with_limits(OutcomeLimits {
            small_budget: budget,
            ..OutcomeLimits::default()
        });
        let report = solver.solve(&position, &stop).unwrap();
        prop_assert_eq!(report.outcome, expected, "{} budget {}", text, budget);
        for player in [Player::Left, Player::Right] {
            if let Some(after) = solver.winning_move(&position, player, &stop).unwrap() {
                let v = values.canonical(&after, &stop).unwrap();
                let o = values.arena_mut().outcome(v);
                // the opponent, moving first after the move, loses
                let opponent_wins = match player {
                    Player::Left => matches!(o, Outcome::R | Outcome::N),
                    Player::Right => matches!(o, Outcome::L | Outcome::N),
                };
                prop_assert!(!opponent_wins, "{} {:?} -> {}", text, player, after);
            }
        }
    }
    Ok(())
}

/// A random grid of at most `max_w` × `max_h` cells over `cells`, in the grid notation (the
/// strong chooser's tests use these generators too).
pub(super) fn grid(
    cells: &'static [char],
    max_w: usize,
    max_h: usize,
) -> impl Strategy<Value = String> {
    (1..=max_w, 1..=max_h).prop_flat_map(move |(w, h)| {
        proptest::collection::vec(proptest::sample::select(cells), w * h).prop_map(move |v| {
            v.chunks(w)
                .map(|r| r.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        })
    })
}

pub(super) fn cutcake_text() -> impl Strategy<Value = String> {
    proptest::collection::vec((1..=4u8, 1..=4u8), 1..=3).prop_map(|pieces| {
        pieces
            .iter()
            .map(|(w, h)| format!("{w}x{h}"))
            .collect::<Vec<_>>()
            .join(" + ")
    })
}

pub(super) fn hackenbush_text() -> impl Strategy<Value = String> {
    // edge i joins vertex i + 1 to an earlier vertex (a tree), plus maybe one more edge
    // closing a cycle
    proptest::collection::vec((0..=100usize, 0..3usize), 1..=6).prop_map(|edges| {
        let colours = ['b', 'r', 'g'];
        let mut out: Vec<String> = edges
            .iter()
            .enumerate()
            .map(|(i, &(from, c))| format!("{}-{}:{}", from % (i + 1), i + 1, colours[c]))
            .collect();
        if let Some(&(a, c)) = edges.first() {
            if edges.len() > 2 {
                out.push(format!(
                    "{}-{}:{}",
                    a % edges.len(),
                    edges.len(),
                    colours[c]
                ));
            }
        }
        out.join(" ")
    })
}

pub(super) fn toads_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(&['T', 'F', '.', '.'][..]), 1..=8)
        .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn domineering_outcomes_match_canonical(t in grid(&['.', '.', '.', '#'], 4, 4)) {
        check::<domineering::Domineering>(&t)?;
    }

    #[test]
    fn snort_outcomes_match_canonical(t in grid(&['.', '.', '.', 'x', 'o', '#'], 4, 3)) {
        check::<snort::Snort>(&t)?;
    }

    #[test]
    fn col_outcomes_match_canonical(t in grid(&['.', '.', '.', 'x', 'o', '#'], 4, 3)) {
        check::<col::Col>(&t)?;
    }

    #[test]
    fn clobber_outcomes_match_canonical(t in grid(&['x', 'o', 'x', 'o', '.'], 4, 3)) {
        check::<clobber::Clobber>(&t)?;
    }

    #[test]
    fn konane_outcomes_match_canonical(t in grid(&['x', 'o', '.', '.', '#'], 4, 4)) {
        check::<konane::Konane>(&t)?;
    }

    #[test]
    fn cutcake_outcomes_match_canonical(t in cutcake_text()) {
        check::<cutcake::Cutcake>(&t)?;
    }

    #[test]
    fn hackenbush_outcomes_match_canonical(t in hackenbush_text()) {
        check::<hackenbush::Hackenbush>(&t)?;
    }

    #[test]
    fn toads_outcomes_match_canonical(t in toads_text()) {
        check::<toads_and_frogs::Board>(&t)?;
    }
}

/// Every partizan game of the registry has a property test above: a new partizan game must
/// add one.
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
        assert!(
            tested.contains(&g.name),
            "{} has no outcome property test",
            g.name
        );
    }
}

#[test]
fn known_domineering_outcomes() {
    let stop = StopFlag::new();
    let mut solver = OutcomeSolver::<domineering::Domineering>::new();
    // 2×2 is ±1 (first player wins); 3×3 first player wins; 2×3 (2 rows) is {2|-1/2}: N;
    // 1×n strips belong to Right
    for (text, outcome) in [
        ("..|..", Outcome::N),
        ("...|...|...", Outcome::N),
        ("...|...", Outcome::N),
        ("....", Outcome::R),
        (".|.|.", Outcome::L),
    ] {
        let b: domineering::Domineering = text.parse().unwrap();
        assert_eq!(solver.solve(&b, &stop).unwrap().outcome, outcome, "{text}");
    }
}

#[test]
fn a_raised_flag_stops_the_search() {
    let stop = StopFlag::new();
    stop.stop();
    let mut solver = OutcomeSolver::<domineering::Domineering>::with_limits(OutcomeLimits {
        small_budget: 0,
        ..OutcomeLimits::default()
    });
    let b = domineering::Domineering::empty(6, 6).unwrap();
    assert_eq!(
        solver.wins_moving_first(&b, Player::Left, &stop),
        Err(GameError::Stopped)
    );
}

#[test]
fn the_table_stays_bounded_and_progress_is_reported() {
    use std::cell::Cell;
    use std::rc::Rc;
    let seen = Rc::new(Cell::new(0u64));
    let heard = seen.clone();
    let mut solver = OutcomeSolver::<domineering::Domineering>::with_limits(OutcomeLimits {
        small_budget: 0,
        max_table_entries: 20_000,
        ..OutcomeLimits::default()
    })
    .on_progress(move |p| heard.set(p.nodes));
    let b = domineering::Domineering::empty(5, 5).unwrap();
    let stop = StopFlag::new();
    let r = solver.solve(&b, &stop).unwrap();
    assert!(r.table_entries <= 20_000);
    assert!(
        seen.get() > 0 && seen.get() <= r.nodes,
        "{} {}",
        seen.get(),
        r.nodes
    );
    let mut values = PartizanSolver::new();
    let g = values.canonical(&b, &stop).unwrap();
    assert_eq!(r.outcome, values.arena_mut().outcome(g));
}

/// Checks the winning moves of a fast solver's report `r` on `b`, whose outcome is
/// `expected`: a move is named exactly for each player who wins moving first, and the
/// position it leaves is lost for the opponent moving first, as `loses_first` says (a
/// solver that knows nothing of the one reported on).
pub(crate) fn check_winning_moves<G: PartizanGame + std::fmt::Display>(
    b: &G,
    r: &FastOutcome,
    expected: crate::partizan::Outcome,
    mut loses_first: impl FnMut(&G, Player) -> bool,
) {
    for (player, named) in [(Player::Left, &r.left_move), (Player::Right, &r.right_move)] {
        assert_eq!(
            named.is_some(),
            expected.first_player_wins(player),
            "{b} {player:?}"
        );
        if let Some(label) = named {
            let after = b
                .options(player)
                .into_iter()
                .find(|a| &b.move_label(player, a) == label)
                .unwrap_or_else(|| panic!("{b}: no move {label}"));
            assert!(loses_first(&after, player.opposite()), "{b}: {label}");
        }
    }
}

/// An outcome letter of a results file: L, R, P or N.
pub(crate) fn outcome_letter(s: &str) -> crate::partizan::Outcome {
    use crate::partizan::Outcome;
    match s {
        "L" => Outcome::L,
        "R" => Outcome::R,
        "P" => Outcome::P,
        "N" => Outcome::N,
        _ => panic!("not an outcome: {s}"),
    }
}

/// The boards of a results file, `results/PATH` (rows, columns, outcome), as the fast solvers'
/// `--rectangles` write them.
pub(crate) fn results_boards(path: &str) -> Vec<(usize, usize, crate::partizan::Outcome)> {
    results_column(path, "outcome")
}

/// The boards of a results file, `results/PATH`, as JSON values.
pub(crate) fn results_file_boards(path: &str) -> Vec<serde_json::Value> {
    let full = format!("{}/../../results/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    let mut v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    match v["boards"].take() {
        serde_json::Value::Array(boards) => boards,
        _ => panic!("{full}: no boards"),
    }
}

/// The boards of a results file, `results/PATH`, with the outcome letter in the field
/// `field` of each board (rows, columns, outcome).
pub(crate) fn results_column(
    path: &str,
    field: &str,
) -> Vec<(usize, usize, crate::partizan::Outcome)> {
    results_file_boards(path)
        .iter()
        .map(|b| {
            (
                b["rows"].as_u64().unwrap() as usize,
                b["cols"].as_u64().unwrap() as usize,
                outcome_letter(b[field].as_str().unwrap()),
            )
        })
        .collect()
}

/// Konane's openings in `results/konane/outcomes.json`: each setup's transpose (the
/// horizontal gap of m×n is the vertical gap of n×m, Left's stone still at the top left) has
/// the same outcome, and on the boards of at most 20 cells the outcome is the canonical
/// form's.
#[test]
fn konane_openings_agree_with_canonical_forms_and_with_their_transposes() {
    use konane::{Konane, KonaneGap};
    let boards: Vec<(usize, usize, String, Outcome)> = results_file_boards("konane/outcomes.json")
        .iter()
        .map(|b| {
            (
                b["rows"].as_u64().unwrap() as usize,
                b["cols"].as_u64().unwrap() as usize,
                b["gap"].as_str().unwrap().to_string(),
                outcome_letter(b["outcome"].as_str().unwrap()),
            )
        })
        .collect();
    assert!(boards.len() >= 150, "{} boards", boards.len());
    let transposed = |gap: &str| match gap {
        "middle-h" => "middle-v",
        "middle-v" => "middle-h",
        "corner-h" => "corner-v",
        _ => "corner-h",
    };
    let mut values = PartizanSolver::new();
    let mut checked = 0;
    for (m, n, gap, o) in &boards {
        if let Some(t) = boards
            .iter()
            .find(|b| b.0 == *n && b.1 == *m && b.2 == transposed(gap))
        {
            assert_eq!(*o, t.3, "{m}×{n} {gap} against its transpose");
        }
        if m * n <= 20 {
            let setup = KonaneGap::ALL
                .into_iter()
                .find(|g| g.name() == gap)
                .unwrap();
            let board = Konane::opening(*m, *n, setup).unwrap();
            let g = values.canonical(&board, &StopFlag::new()).unwrap();
            assert_eq!(*o, values.arena_mut().outcome(g), "{m}×{n} {gap}: {board}");
            checked += 1;
        }
    }
    assert!(checked >= 80, "{checked} boards checked");
}
