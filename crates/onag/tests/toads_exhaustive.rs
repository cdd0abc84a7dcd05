//! Published values from `tests/data/toads_values.txt`, and the exhaustive runs (ignored:
//! `cargo test --release -- --ignored ci_`).

mod common;

use onag::games::toads_and_frogs::{family, length_stats, verify_all, Board, Solver};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::parse;
use onag::partizan::thermograph::Thermographs;
use onag::StopFlag;

/// Runs `f` on a thread with a deep stack (the Toads solver recurses once per move).
fn deep<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    onag::deep_stack::on_deep_stack("test", f).unwrap()
}

#[test]
fn published_values() {
    let lines = common::fixture_lines("toads_values.txt");
    assert!(lines.len() >= 10);
    let mut solver = Solver::new();
    for line in lines {
        let (board, value) = line.split_once('\t').unwrap();
        let g = solver.value(&board.parse::<Board>().unwrap()).unwrap();
        let want = parse(solver.arena_mut(), value).unwrap();
        assert_eq!(
            g,
            want,
            "{board} = {}, published {value}",
            name(solver.arena(), g, NameStyle::Ascii)
        );
    }
}

/// All 797,160 boards of length ≤ 12: reductions = no reductions = value-free outcome (both
/// players first), mirror = negation.
#[test]
#[ignore]
fn ci_toads_all_boards_12() {
    let v = deep(|| verify_all(12, &StopFlag::new(), |_| {}).unwrap());
    assert_eq!(v.boards, 797_160);
    assert_eq!(v.mismatches, 0, "{:?}", v.first_mismatch);
}

/// Statistics of all boards ≤ 12 are consistent: every board counted once, hot boards are
/// not numbers, hottest temperatures never decrease with the length (a board of length n is
/// a board of length n + 1 with an empty square appended that nobody can use… except toads,
/// so only the counts are checked here) and the sums match 3^n.
#[test]
#[ignore]
fn ci_toads_stats_12() {
    let stats = deep(|| {
        let mut solver = Solver::new();
        let mut th = Thermographs::new();
        length_stats(&mut solver, &mut th, 12, &StopFlag::new(), |_| {}).unwrap()
    });
    for s in &stats {
        assert_eq!(s.boards, 3u64.pow(s.length as u32));
        assert!(s.numbers + s.infinitesimals + s.hot <= s.boards);
        assert!(s.distinct <= s.boards);
    }
    assert_eq!(stats[11].distinct, 11_107);
}

/// Published notes: for 21 ≤ b ≤ 103, T2□bF2 is 0 except b = 25, 31, …, 103 (b ≡ 1 mod 6),
/// checked here up to b = 40 with one memo shared across b.
#[test]
#[ignore]
fn ci_toads_family_t2_f2() {
    let names = deep(|| {
        let mut solver = Solver::new();
        let values = family(&mut solver, 2, 2, 21..=40, &StopFlag::new(), |_, _| {}).unwrap();
        values
            .into_iter()
            .map(|(b, g)| (b, name(solver.arena(), g, NameStyle::Ascii)))
            .collect::<Vec<_>>()
    });
    for (b, v) in names {
        assert_eq!(v == "0", b % 6 != 1, "T2□{b}F2 = {v}");
    }
}

/// Exact values of table cells the literature gives only as inequalities (computed here;
/// T6□6F3 and T6□5F5 are the values the issue quotes as notation examples).
#[test]
#[ignore]
fn ci_toads_research_cells_fast() {
    let cells = [
        ((4, 9, 3), "43/8"),
        ((4, 10, 3), "23/4"),
        ((6, 6, 3), "{8, 8v* | {15/2 | 7}}"),
    ];
    deep(move || {
        let mut solver = Solver::new();
        for ((t, b, f), want) in cells {
            let g = solver.value(&Board::standard(t, b, f).unwrap()).unwrap();
            let w = parse(solver.arena_mut(), want).unwrap();
            assert_eq!(g, w, "T{t}□{b}F{f}");
        }
    });
}

/// The slower research cells (about a minute in all): `onag toads family` reproduces them.
#[test]
#[ignore]
fn toads_research_cells_slow() {
    let cells = [
        ((5, 7, 4), "43/16"),
        ((5, 8, 4), "29/8"),
        ((6, 5, 5), "2v4"),
        ((7, 6, 4), "{{35/4|23/4}|{5*|{{{{6v|5*}|5,{5|3*}}|5}|5}}}"),
    ];
    deep(move || {
        for ((t, b, f), want) in cells {
            let mut solver = Solver::new();
            let g = solver.value(&Board::standard(t, b, f).unwrap()).unwrap();
            let w = parse(solver.arena_mut(), want).unwrap();
            assert_eq!(g, w, "T{t}□{b}F{f}");
        }
    });
}
