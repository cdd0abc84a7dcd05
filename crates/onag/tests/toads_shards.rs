//! Sharded statistics (`shard_stats` + `merge_shards`, behind `onag toads stats --shard`)
//! against one run over all boards, arena-independent fingerprints, and the work estimate
//! against the positions play really reaches.

use std::collections::HashSet;

use onag::games::toads_and_frogs::{
    all_boards, board_at, board_count, estimate_work, length_stats, merge_shards, shard_range,
    shard_stats, Board, Fingerprints, MergeError, NamedShard, Solver,
};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::thermograph::Thermographs;
use onag::partizan::Player;
use onag::Play;
use onag::StopFlag;

/// Shard `i` of `n` of lengths `1..=max`, each shard in its own solver (its own arena).
fn named(max: usize, i: u64, n: u64) -> Vec<NamedShard> {
    let mut solver = Solver::new();
    let mut th = Thermographs::new();
    let mut fp = Fingerprints::new();
    (1..=max)
        .map(|len| {
            let r = shard_range(len, i, n).unwrap();
            let st = shard_stats(&mut solver, &mut th, len, r, &StopFlag::new()).unwrap();
            let arena = solver.arena();
            NamedShard {
                length: len,
                range: st.range,
                boards: st.boards,
                distinct: st.distinct.iter().map(|&g| fp.get(arena, g)).collect(),
                numbers: st.numbers,
                infinitesimals: st.infinitesimals,
                hot: st.hot,
                hottest: st
                    .hottest
                    .map(|(c, b, g, t)| (c, b.to_string(), name(arena, g, NameStyle::Ascii), t)),
            }
        })
        .collect()
}

#[test]
fn merged_shards_equal_one_run() {
    let max = 9;
    let mut solver = Solver::new();
    let mut th = Thermographs::new();
    let one = length_stats(&mut solver, &mut th, max, &StopFlag::new(), |_| {}).unwrap();
    for n in [1u64, 2, 5] {
        let mut all = Vec::new();
        for i in (0..n).rev() {
            all.extend(named(max, i, n));
        }
        let merged = merge_shards(all).unwrap();
        assert_eq!(merged.len(), max);
        for (m, s) in merged.iter().zip(&one) {
            assert_eq!(m.length, s.length);
            assert_eq!(m.range, 0..board_count(s.length));
            assert_eq!(
                (
                    m.boards,
                    m.distinct.len() as u64,
                    m.numbers,
                    m.infinitesimals,
                    m.hot
                ),
                (s.boards, s.distinct, s.numbers, s.infinitesimals, s.hot),
                "length {} in {n} shards",
                s.length
            );
            let want = s.hottest.as_ref().map(|(b, g, t)| {
                (
                    b.to_string(),
                    name(solver.arena(), *g, NameStyle::Ascii),
                    *t,
                )
            });
            let got = m
                .hottest
                .as_ref()
                .map(|(_, b, g, t)| (b.clone(), g.clone(), *t));
            assert_eq!(got, want, "hottest of length {}", s.length);
        }
    }
}

#[test]
fn merge_rejects_gaps_and_overlaps() {
    let a = named(4, 0, 2);
    let b = named(4, 1, 2);
    // a missing shard
    assert!(matches!(
        merge_shards(a.clone()),
        Err(MergeError::Coverage { length: 1, .. })
    ));
    // a shard twice
    let mut twice = a.clone();
    twice.extend(a.clone());
    twice.extend(b.clone());
    assert!(merge_shards(twice).is_err());
    let mut ok = b;
    ok.extend(a);
    assert_eq!(merge_shards(ok).unwrap().len(), 4);
}

#[test]
fn shard_ranges_cover_every_board_once_and_board_at_is_enumeration_order() {
    for len in [1usize, 5, 9] {
        for n in [1u64, 3, 7, 100] {
            let mut next = 0;
            for i in 0..n {
                let r = shard_range(len, i, n).unwrap();
                assert_eq!(r.start, next);
                next = r.end;
            }
            assert_eq!(next, board_count(len));
            assert!(shard_range(len, n, n).is_none());
        }
        for (code, b) in all_boards(len).enumerate() {
            assert_eq!(board_at(len, code as u64), b);
        }
    }
}

#[test]
fn fingerprints_agree_across_arenas_and_separate_values() {
    // the same boards solved in two orders (different ids): equal fingerprints per board
    let boards: Vec<Board> = all_boards(7).collect();
    let (mut s1, mut s2) = (Solver::new(), Solver::new());
    let (mut f1, mut f2) = (Fingerprints::new(), Fingerprints::new());
    let g1: Vec<_> = boards.iter().map(|b| s1.value(b).unwrap()).collect();
    let g2: Vec<_> = boards.iter().rev().map(|b| s2.value(b).unwrap()).collect();
    let mut by_value = std::collections::HashMap::new();
    for (i, (&a, &b)) in g1.iter().zip(g2.iter().rev()).enumerate() {
        let (x, y) = (f1.get(s1.arena(), a), f2.get(s2.arena(), b));
        assert_eq!(x, y, "{}", boards[i]);
        // one fingerprint per value in one arena
        assert_eq!(
            *by_value.entry(x).or_insert(a),
            a,
            "collision at {}",
            boards[i]
        );
    }
}

/// Every position reachable from `board` by legal moves of either player.
fn reachable(board: &Board) -> usize {
    let mut seen = HashSet::new();
    let mut stack = vec![board.clone()];
    while let Some(b) = stack.pop() {
        if !seen.insert(b.clone()) {
            continue;
        }
        for p in [Player::Left, Player::Right] {
            for mv in b.moves(p) {
                stack.push(b.play_unchecked(mv));
            }
        }
    }
    seen.len()
}

#[test]
fn the_work_estimate_bounds_the_reachable_positions() {
    for len in 1..=7 {
        for b in all_boards(len) {
            let est = estimate_work(&b);
            assert!(
                est >= reachable(&b) as f64,
                "{b}: {est} < {}",
                reachable(&b)
            );
        }
    }
    // exact for a single piece: a toad on square 0 of n reaches n squares
    assert_eq!(estimate_work(&"T....".parse().unwrap()), 5.0);
    let t2 = |b| estimate_work(&Board::standard(2, b, 2).unwrap());
    assert!(t2(10) < t2(11) && t2(11) < t2(12));
}
