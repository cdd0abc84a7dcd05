//! The family run's memo trimming: the parts it drops after a board are never reached by a
//! later board, and the values are those of a solver that keeps everything.

mod common;

use common::deep;
use onag::games::toads_and_frogs::{family, family_threads, Board, Solver, Square};
use onag::StopFlag;

/// Families T^a □^b F^c for these (a, c) and b = 1..=top.
const FAMILIES: [(usize, usize, usize); 6] = [
    (2, 2, 40),
    (3, 3, 12),
    (1, 1, 30),
    (3, 2, 12),
    (2, 4, 9),
    (4, 4, 6),
];

#[test]
fn trimmed_family_values_equal_the_untrimmed_ones() {
    deep(|| {
        for (a, c, top) in FAMILIES {
            let mut trimmed = Solver::new();
            let values = family(&mut trimmed, a, c, 1..=top, &StopFlag::new(), |_, _| {}).unwrap();
            // the same arena: every value compared by id with a solver that keeps all parts
            let mut keeping = Solver::with_arena(trimmed.into_arena());
            for (b, g) in values {
                let board = Board::standard(a, b, c).unwrap();
                assert_eq!(keeping.value(&board).unwrap(), g, "T{a}□{b}F{c}");
            }
        }
    });
}

/// After the family up to b, the next board memoises exactly as many new parts in the
/// trimmed solver as in one that kept everything: it never looks up a dropped part (a
/// dropped part it needed would be solved again and counted).
#[test]
fn no_later_board_reaches_a_dropped_part() {
    deep(|| {
        for (a, c, top) in FAMILIES {
            let mut trimmed = Solver::new();
            let mut keeping = Solver::new();
            for b in 1..top {
                family(&mut trimmed, a, c, b..=b, &StopFlag::new(), |_, _| {}).unwrap();
                let board = Board::standard(a, b, c).unwrap();
                keeping.value(&board).unwrap();
                let next = Board::standard(a, b + 1, c).unwrap();
                let (t0, k0) = (trimmed.memo_len(), keeping.memo_len());
                trimmed.value(&next).unwrap();
                keeping.value(&next).unwrap();
                assert_eq!(
                    trimmed.memo_len() - t0,
                    keeping.memo_len() - k0,
                    "T{a}□{}F{c} after the family to b = {b}",
                    b + 1
                );
            }
            // and the trimming did drop parts (it is not a no-op)
            assert!(trimmed.memo_len() < keeping.memo_len(), "T{a}□bF{c}");
        }
    });
}

/// The lemma behind the trimming, on single boards with a fresh solver each: a part of
/// length `m` with `p` of the board's `P` pieces has `m + (P − p) ≤ n` (each piece that left
/// took at least its square), with equality when `p ≥ P − 2` (such a part was never cut). It
/// also checks that `retain_parts` decodes every key kind: the lengths it sees are those of
/// `parts_by_length`.
#[test]
fn parts_lose_a_square_per_piece_and_are_cut_only_with_three() {
    deep(|| {
        // short and long parts, few and many pieces: every kind of key (leading blanks only
        // stretch a part: a frog past every toad is stripped at once)
        let pad = |n: usize, core: &str| format!("{}{core}", ".".repeat(n));
        let mut boards: Vec<String> = vec![
            pad(0, "TT..FF"),     // compact
            pad(0, "TTTT.FFFF"),  // many pieces, ternary
            pad(20, "TTTT.FFFF"), // one word, many pieces
            pad(40, "TT..FF"),    // sparse, packed with the value
            pad(40, "TTT.FFF"),   // sparse, 5 or 6 pieces
            pad(30, "TTTT.FFFF"), // two words
            pad(70, "TTTT.FFFF"), // four words
            pad(3, "T.TTF.F.TF..TTF.F"),
        ];
        // and every board of 8 squares
        for code in 0..3usize.pow(8) {
            let s: String = (0..8)
                .map(|i| ['.', 'T', 'F'][code / 3usize.pow(i) % 3])
                .collect();
            boards.push(s);
        }
        for board in boards {
            let board: Board = board.parse().unwrap();
            let n = board.len() as u32;
            let all = board
                .squares()
                .iter()
                .filter(|&&q| q != Square::Empty)
                .count() as u32;
            // the memo's own key kinds: no part swept into dense tables
            let mut solver = Solver::new();
            solver.set_sweep_min_len(None);
            solver.value(&board).unwrap();
            let by_length = solver.parts_by_length();
            let total = solver.memo_len();
            let seen = std::cell::RefCell::new(vec![0usize; by_length.len()]);
            solver.retain_parts(|p, m| {
                seen.borrow_mut()[m as usize] += 1;
                assert!(
                    p >= 2 && p <= all && m + (all - p) <= n,
                    "{board}: {p} pieces, {m}"
                );
                if p + 2 >= all {
                    assert_eq!(m + (all - p), n, "{board}: {p} pieces, {m} squares");
                }
                true
            });
            assert_eq!(*seen.borrow(), by_length, "{board}");
            assert_eq!(solver.memo_len(), total);
            solver.retain_parts(|_, _| false);
            assert_eq!(solver.memo_len(), 0);
        }
    });
}

/// The two-word bitboards (boards beyond `MAX_LEN` squares with few pieces) give the values
/// of the one-word solver on every family board both can do, in the same arena.
#[test]
fn wide_boards_agree_with_the_one_word_solver() {
    deep(|| {
        // one solver: the wide parts have their own tables, so the two searches share
        // nothing but the arena (equal values are equal ids)
        let mut narrow = Solver::new();
        let families = [
            (2, 2, 0..=30),
            (3, 3, 0..=10),
            (1, 2, 0..=30),
            (3, 1, 0..=15),
            (2, 3, 0..=10),
            (2, 1, 120..=124),
        ];
        for (a, c, range) in families {
            for b in range {
                let n = narrow.standard_value(a, b, c, &StopFlag::new()).unwrap();
                let w = narrow.wide_value(a, b, c, &StopFlag::new()).unwrap();
                assert_eq!(n, w, "T{a}□{b}F{c}");
            }
        }
        // a long board: the two-word solver runs it, and the family API takes it
        let long = narrow.standard_value(2, 130, 1, &StopFlag::new()).unwrap();
        let v = family(&mut narrow, 2, 1, 130..=130, &StopFlag::new(), |_, _| {}).unwrap();
        assert_eq!(v[0].1, long);
        // too crowded or too long: a typed error
        for (a, b, c) in [(4, 130, 3), (1, 300, 1)] {
            let e = narrow
                .standard_value(a, b, c, &StopFlag::new())
                .unwrap_err();
            assert!(
                matches!(e, onag::partizan::game::GameError::TooLarge(_)),
                "{e}"
            );
        }
    });
}

/// The family on several threads (each with its own solver, the values moved into the
/// caller's arena) gives the single-thread values, by id in one arena, in order of b, with
/// `progress` called in that order.
#[test]
fn threaded_family_values_equal_the_single_thread_ones() {
    deep(|| {
        for (a, c, top, threads) in [(2, 2, 36, 3), (3, 3, 10, 2), (1, 2, 20, 4), (4, 3, 4, 8)] {
            let mut solver = Solver::new();
            let mut seen = Vec::new();
            let stop = StopFlag::new();
            let threaded = family_threads(&mut solver, a, c, 1..=top, threads, &stop, |b, g| {
                seen.push((b, g))
            })
            .unwrap();
            assert_eq!(seen, threaded, "T{a}□bF{c}: progress in order");
            let single = family(&mut solver, a, c, 1..=top, &stop, |_, _| {}).unwrap();
            assert_eq!(threaded, single, "T{a}□bF{c} on {threads} threads");
        }
    });
}

/// The arena's ≤, sum and option-set memos are bounded caches: with the smallest ones (2^10
/// slots each, overwritten all the time) every board of up to 10 squares gets the same game
/// under the same id as with the default caches, and the arenas hold the same games.
#[test]
fn bounded_arena_caches_give_the_same_values_as_large_ones() {
    use onag::games::toads_and_frogs::all_boards;
    use onag::partizan::game::Arena;
    deep(|| {
        let mut large = Solver::new();
        let mut tiny = Solver::with_arena(Arena::with_cache_bits(0));
        let mut boards = 0;
        for len in 1..=10 {
            for board in all_boards(len) {
                let g = large.value(&board).unwrap();
                assert_eq!(tiny.value(&board).unwrap(), g, "{board}");
                boards += 1;
            }
        }
        assert_eq!(boards, (1..=10).map(|n| 3usize.pow(n)).sum::<usize>());
        assert_eq!(tiny.arena().len(), large.arena().len());
        let (t, l) = (tiny.footprint().arena, large.footprint().arena);
        assert!(t.memo_entries < l.memo_entries, "the tiny caches held less");
        // and a crowded board beyond 10 squares
        let board: Board = "TTTTT..FFFF".parse().unwrap();
        assert_eq!(tiny.value(&board).unwrap(), large.value(&board).unwrap());
    });
}
