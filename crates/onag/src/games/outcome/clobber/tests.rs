use super::*;
use crate::games::PartizanSolver;
use crate::partizan::Outcome;

/// The outcome from the canonical form (the engine that knows nothing of this search).
fn canonical_outcome(b: &Clobber) -> Outcome {
    let mut s = PartizanSolver::new();
    let g = s.canonical(b, &StopFlag::new()).unwrap();
    s.arena_mut().outcome(g)
}

/// Checks the solver's report on `b` against the canonical form, and each winning move
/// named against the canonical form of the position it leaves.
fn check(solver: &mut ClobberSolver, b: &Clobber) {
    let expected = canonical_outcome(b);
    let r = solver.solve(b, &StopFlag::new()).unwrap();
    assert_eq!(r.outcome, expected, "{b}");
    crate::games::outcome::tests::check_winning_moves(b, &r, expected, |after, p| {
        !canonical_outcome(after).first_player_wins(p)
    });
}

#[test]
fn the_transpose_reflects_the_frame_in_its_diagonal() {
    let mut seed = 0x1234_5678_9abc_def1u64;
    for _ in 0..200 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mut naive = 0u64;
        for r in 0..8 {
            for c in 0..8 {
                if seed >> (8 * r + c) & 1 == 1 {
                    naive |= 1 << (8 * c + r);
                }
            }
        }
        assert_eq!(transpose(seed), naive);
    }
}

#[test]
fn rectangles_match_canonical_forms() {
    let mut solver = ClobberSolver::new(TableSize::Bits(14));
    for rows in 1..=4 {
        for cols in 1..=6 {
            if rows * cols > 14 {
                continue;
            }
            check(&mut solver, &Clobber::checkered(rows, cols).unwrap());
        }
    }
}

#[test]
fn random_boards_with_holes_match_canonical_forms() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    // one solver for all the boards of a size, so that the table's answers carry over
    let mut solvers: Vec<((usize, usize), ClobberSolver)> = Vec::new();
    for _ in 0..300 {
        let (rows, cols) = (1 + next(5) as usize, 1 + next(6) as usize);
        let mut text = String::new();
        let mut stones = 0;
        for r in 0..rows {
            if r > 0 {
                text.push('|');
            }
            for _ in 0..cols {
                let c = match next(10) {
                    _ if stones >= 13 => '.',
                    0..=3 => 'x',
                    4..=7 => 'o',
                    _ => '.',
                };
                stones += usize::from(c != '.');
                text.push(c);
            }
        }
        let b: Clobber = text.parse().unwrap();
        let at = match solvers.iter().position(|(s, _)| *s == (rows, cols)) {
            Some(i) => i,
            None => {
                let s = ClobberSolver::new(TableSize::Bits(12));
                solvers.push(((rows, cols), s));
                solvers.len() - 1
            }
        };
        check(&mut solvers[at].1, &b);
    }
    let hits: u64 = solvers.iter().map(|(_, s)| s.stats().table_hits).sum();
    assert!(hits > 0, "the table never answered");
}

#[test]
fn a_group_and_its_negative_cancel() {
    // G = xxo (Left's two stones against one) and, turned and with the colours swapped, −G;
    // the sum is 0: a second-player win, decided without searching G
    let b: Clobber = "xxo.o|....o|....x".parse().unwrap();
    assert_eq!(canonical_outcome(&b), Outcome::P);
    let mut solver = ClobberSolver::new(TableSize::Bits(10));
    let r = solver.solve(&b, &StopFlag::new()).unwrap();
    assert_eq!(r.outcome, Outcome::P);
    assert!(solver.stats().cancelled_pairs > 0);
    // a copy of G with the same colours is not −G: G + G = 2G is not 0 here
    let same: Clobber = "xxo.x|....x|....o".parse().unwrap();
    let expected = canonical_outcome(&same);
    assert_ne!(expected, Outcome::P);
    let mut solver = ClobberSolver::new(TableSize::Bits(10));
    assert_eq!(
        solver.solve(&same, &StopFlag::new()).unwrap().outcome,
        expected
    );
    assert_eq!(solver.stats().cancelled_pairs, 0);
}

#[test]
fn boards_past_the_frame_are_refused_and_a_stop_stops() {
    let mut solver = ClobberSolver::new(TableSize::Bits(10));
    let wide = Clobber::checkered(2, 9).unwrap();
    assert!(!ClobberSolver::fits(&wide));
    assert!(matches!(
        solver.solve(&wide, &StopFlag::new()),
        Err(GameError::TooLarge(_))
    ));
    let stop = StopFlag::new();
    stop.stop();
    assert!(matches!(
        solver.solve(&Clobber::checkered(4, 4).unwrap(), &stop),
        Err(GameError::Stopped)
    ));
}

#[test]
fn the_results_file_agrees_with_canonical_forms_and_transposes() {
    let boards = crate::games::outcome::tests::results_boards("clobber/outcomes.json");
    assert!(boards.len() >= 40, "{} boards", boards.len());
    for (m, n, o) in &boards {
        // the transpose keeps Left's stone at the top left: the same game
        if let Some((_, _, t)) = boards.iter().find(|b| b.0 == *n && b.1 == *m) {
            assert_eq!(o, t, "{m}×{n} against {n}×{m}");
        }
        if m * n <= 12 {
            let b = Clobber::checkered(*m, *n).unwrap();
            assert_eq!(*o, canonical_outcome(&b), "{m}×{n}");
        }
    }
}

/// The MCGS fixture's short positions (those its solver took under an hour over): the
/// outcome with the stated player to move. The long ones run in `ci_` (ignored) below.
fn mcgs_positions(max_mcgs_seconds: u64) -> Vec<(String, Player, bool, Clobber)> {
    include_str!("../../../../tests/data/clobber_mcgs_6x6.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|f| f[4].parse::<u64>().unwrap() <= max_mcgs_seconds)
        .map(|f| {
            let player = if f[1] == "L" {
                Player::Left
            } else {
                Player::Right
            };
            (
                f[0].to_string(),
                player,
                f[2] == "wins",
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
#[ignore = "minutes: cargo test --release -- --ignored ci_clobber"]
fn ci_clobber_agrees_with_mcgs_on_6x6_positions() {
    for (name, player, wins, board) in mcgs_positions(2000) {
        let mut solver = ClobberSolver::new(TableSize::Bits(24));
        let got = solver
            .wins_moving_first(&board, player, &StopFlag::new())
            .unwrap();
        assert_eq!(got, wins, "{name}");
    }
}

#[test]
fn a_stopped_solve_resumes_from_its_checkpoint() {
    // 3×7 (about 118,000 nodes, enough to pass a progress report): N
    let b = Clobber::checkered(3, 7).unwrap();
    let mut fresh = ClobberSolver::new(TableSize::Bits(18));
    let full = fresh.solve(&b, &StopFlag::new()).unwrap();
    let total = full.left_first.nodes + full.right_first.nodes;
    // as results/clobber/outcomes.json records (checked there against canonical forms)
    assert_eq!(full.outcome, Outcome::N);
    // stop the first run partway, by its own progress reports
    let stop = StopFlag::new();
    let s2 = stop.clone();
    let mut first = ClobberSolver::new(TableSize::Bits(18)).on_progress(move |p| {
        if p.nodes >= 1 << 16 {
            s2.stop();
        }
    });
    assert_eq!(first.solve(&b, &stop), Err(GameError::Stopped));
    let bytes = first.checkpoint();
    let mut resumed = ClobberSolver::new(TableSize::Bits(18));
    assert!(resumed.restore(&b, &bytes).unwrap() > 0);
    let r = resumed.solve(&b, &StopFlag::new()).unwrap();
    assert_eq!(r.outcome, full.outcome);
    assert!(
        r.left_first.nodes + r.right_first.nodes < total,
        "the checkpoint's answers save work"
    );
    // a checkpoint of another size, damaged, or not one at all, is refused
    let other = Clobber::checkered(3, 6).unwrap();
    assert!(ClobberSolver::new(TableSize::Bits(8))
        .restore(&other, &bytes)
        .is_err());
    assert!(ClobberSolver::new(TableSize::Bits(8))
        .restore(&b, &bytes[..bytes.len() - 3])
        .is_err());
    assert!(ClobberSolver::new(TableSize::Bits(8))
        .restore(&b, b"junk")
        .is_err());
    let mut clash = bytes.clone();
    // an entry whose stones overlap: no search stores one
    clash[16..24].copy_from_slice(&1u64.to_le_bytes());
    clash[24..32].copy_from_slice(&1u64.to_le_bytes());
    assert!(ClobberSolver::new(TableSize::Bits(8))
        .restore(&b, &clash)
        .is_err());
}

#[test]
fn threads_give_the_answers_of_one_thread_and_stop() {
    // checkered rectangles and boards with holes of thousands of nodes, so that the threads
    // meet in the search; small tables, so that entries are replaced under contention
    let mut boards: Vec<Clobber> = [(4, 4), (4, 5), (5, 4), (3, 6), (3, 7), (2, 8)]
        .iter()
        .map(|&(r, c)| Clobber::checkered(r, c).unwrap())
        .collect();
    let mut seed = 0x51ab_1e5e_ed00_d1e5u64;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    for _ in 0..30 {
        let text: Vec<String> = (0..5)
            .map(|_| {
                (0..6)
                    .map(|_| match next(8) {
                        0..=2 => 'x',
                        3..=5 => 'o',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        boards.push(text.join("|").parse().unwrap());
    }
    let mut one = ClobberSolver::new(TableSize::Bits(18));
    let mut two = ClobberSolver::new(TableSize::Bits(12)).with_threads(2);
    let mut three = ClobberSolver::new(TableSize::Bits(10)).with_threads(3);
    let stop = StopFlag::new();
    for b in &boards {
        let expected = one.solve(b, &stop).unwrap().outcome;
        for solver in [&mut two, &mut three] {
            let r = solver.solve(b, &stop).unwrap();
            assert_eq!(r.outcome, expected, "{b}");
            crate::games::outcome::tests::check_winning_moves(b, &r, expected, |after, p| {
                one.wins_moving_first(after, p, &stop) == Ok(false)
            });
        }
    }
    // the node limit and a raised flag stop every thread
    let big = Clobber::checkered(4, 6).unwrap();
    let mut limited = ClobberSolver::new(TableSize::Bits(16))
        .with_threads(2)
        .with_node_limit(10_000);
    assert!(matches!(
        limited.wins_moving_first(&big, Player::Left, &stop),
        Err(GameError::TooLarge(_))
    ));
    let raised = StopFlag::new();
    raised.stop();
    assert_eq!(
        two.wins_moving_first(&big, Player::Left, &raised),
        Err(GameError::Stopped)
    );
}
