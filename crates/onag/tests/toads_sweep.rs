//! The sweep (board parts of at most 4 pieces solved bottom-up over their whole class, see
//! `Solver::set_sweep_min_len`) against the memoised recursion alone, in one arena so that
//! values compare by id.

mod common;

use common::deep;
use onag::games::toads_and_frogs::{all_boards, family, Board, Solver};
use onag::StopFlag;

/// Every board of at most 9 squares, each part of at most 4 pieces swept (classes down to
/// one square), gives the recursion's value.
#[test]
fn swept_short_boards_equal_the_recursion() {
    deep(|| {
        let boards: Vec<Board> = (1..=9).flat_map(all_boards).collect();
        let mut swept = Solver::new();
        swept.set_sweep_min_len(Some(1));
        let values: Vec<_> = boards.iter().map(|b| swept.value(b).unwrap()).collect();
        assert!(swept.footprint().swept > 0);
        let mut plain = Solver::with_arena(swept.into_arena());
        plain.set_sweep_min_len(None);
        for (board, g) in boards.iter().zip(values) {
            assert_eq!(plain.value(board).unwrap(), g, "{board}");
        }
        assert_eq!(plain.footprint().swept, 0);
    });
}

/// The families of 4 pieces or fewer (swept from 32 squares by default, every board swept
/// with the bound at 1), and boards with a long 4-piece part beside other parts, give the
/// recursion's values; on the two-word bitboards too.
#[test]
fn swept_families_equal_the_recursion() {
    deep(|| {
        let families = [
            (2, 2, 40),
            (1, 3, 34),
            (3, 1, 34),
            (1, 2, 40),
            (2, 1, 40),
            (1, 1, 45),
        ];
        for min_len in [1, 32] {
            let mut swept = Solver::new();
            swept.set_sweep_min_len(Some(min_len));
            let mut all = Vec::new();
            for (a, c, top) in families {
                let values = family(&mut swept, a, c, 1..=top, &StopFlag::new(), |_, _| {});
                all.push((a, c, values.unwrap()));
            }
            // a long 4-piece part, a dead run, another part
            let mixed: Vec<Board> = [".T.F", "T.TF.F", "T..F.TF", "TT.F"]
                .iter()
                .map(|core| {
                    format!("T.T{}F.F.TTFF{core}", ".".repeat(30))
                        .parse()
                        .unwrap()
                })
                .collect();
            let mixed_values: Vec<_> = mixed.iter().map(|b| swept.value(b).unwrap()).collect();
            let wide = swept.wide_value(2, 36, 2, &StopFlag::new()).unwrap();
            let mut plain = Solver::with_arena(swept.into_arena());
            plain.set_sweep_min_len(None);
            for (a, c, values) in all {
                for (b, g) in values {
                    let board = Board::standard(a, b, c).unwrap();
                    assert_eq!(
                        plain.value(&board).unwrap(),
                        g,
                        "T{a}□{b}F{c} (swept from {min_len})"
                    );
                }
            }
            for (board, g) in mixed.iter().zip(mixed_values) {
                assert_eq!(plain.value(board).unwrap(), g, "{board}");
            }
            let board = Board::standard(2, 36, 2).unwrap();
            assert_eq!(plain.value(&board).unwrap(), wide, "T2□36F2 wide");
        }
    });
}

/// The sweep order leaves nothing of the swept class to the recursion: after T2□^bF2 the
/// part memo holds no part of the board's length (a move the order had not solved yet would
/// have been solved by the recursion and memoised there), and the family's trimming drops
/// the swept tables with the board.
#[test]
fn the_sweep_solves_its_class_alone() {
    deep(|| {
        for b in [28, 33, 41] {
            let mut solver = Solver::new();
            let board = Board::standard(2, b, 2).unwrap();
            solver.value(&board).unwrap();
            let by_length = solver.parts_by_length();
            assert_eq!(by_length.get(b + 4).copied().unwrap_or(0), 0, "T2□{b}F2");
            assert!(by_length.iter().sum::<usize>() > 0);
            let f = solver.footprint();
            assert!(f.swept > 0);
            family(&mut solver, 2, 2, b..=b, &StopFlag::new(), |_, _| {}).unwrap();
            assert_eq!(solver.footprint().swept, 0, "T2□{b}F2 trimmed");
        }
    });
}
