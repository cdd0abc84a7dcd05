//! Value-free search against the canonical-form engine: outcomes of random games and of their
//! sums, and equality by the difference check.

use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::{Arena, GameId};
use onag::partizan::search::{
    equal_by_search, outcome_by_search, ArenaPosition, Neg, Searcher, Sum, SumOf,
};
use onag::partizan::{Outcome, Player};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Tree {
    Leaf(i64, u32),
    Node(Vec<Tree>, Vec<Tree>),
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = (-2i64..=2, 0u32..=1).prop_map(|(n, e)| Tree::Leaf(n, e));
    leaf.prop_recursive(4, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Tree::Node(l, r))
    })
}

fn build(a: &mut Arena, t: &Tree) -> GameId {
    match t {
        Tree::Leaf(n, e) => a.number(Dyadic::new(*n, *e).unwrap()).unwrap(),
        Tree::Node(l, r) => {
            let l: Vec<_> = l.iter().map(|t| build(a, t)).collect();
            let r: Vec<_> = r.iter().map(|t| build(a, t)).collect();
            a.from_options(&l, &r).unwrap()
        }
    }
}

/// The same tree as a position in its own right (no canonical simplification at all).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Raw {
    Int(i64),
    Node(Vec<Raw>, Vec<Raw>),
}

impl onag::partizan::search::Position for Raw {
    fn options(&self, player: Player) -> Vec<Raw> {
        match (self, player) {
            // An integer n > 0 is {n − 1 | }, n < 0 is { | n + 1}.
            (Raw::Int(n), Player::Left) if *n > 0 => vec![Raw::Int(n - 1)],
            (Raw::Int(n), Player::Right) if *n < 0 => vec![Raw::Int(n + 1)],
            (Raw::Int(_), _) => vec![],
            (Raw::Node(l, _), Player::Left) => l.clone(),
            (Raw::Node(_, r), Player::Right) => r.clone(),
        }
    }
}

fn raw(t: &Tree) -> Raw {
    match t {
        // Integer leaves only in the raw games (halves need the number's own game tree).
        Tree::Leaf(n, _) => Raw::Int(*n),
        Tree::Node(l, r) => Raw::Node(l.iter().map(raw).collect(), r.iter().map(raw).collect()),
    }
}

fn integer_tree(t: &Tree) -> Tree {
    match t {
        Tree::Leaf(n, _) => Tree::Leaf(*n, 0),
        Tree::Node(l, r) => Tree::Node(
            l.iter().map(integer_tree).collect(),
            r.iter().map(integer_tree).collect(),
        ),
    }
}

#[test]
fn small_games() {
    let mut a = Arena::new();
    let zero = a.zero();
    let star = a.from_options(&[zero], &[zero]).unwrap();
    let up = a.from_options(&[zero], &[star]).unwrap();
    let one = a.integer(1).unwrap();
    let at = |g| ArenaPosition::new(&a, g);
    assert_eq!(outcome_by_search(&at(zero)), Outcome::P);
    assert_eq!(outcome_by_search(&at(star)), Outcome::N);
    assert_eq!(outcome_by_search(&at(up)), Outcome::L);
    assert_eq!(outcome_by_search(&Neg(at(one))), Outcome::R);
    assert_eq!(outcome_by_search(&Sum(at(up), at(star))), Outcome::N);
    assert_eq!(outcome_by_search(&Sum(at(star), at(star))), Outcome::P);
    assert!(equal_by_search(&Sum(at(star), at(star)), &at(zero)));
    assert!(!equal_by_search(&at(up), &at(zero)));
    assert_eq!(
        outcome_by_search(&SumOf(vec![at(up), at(up), at(star)])),
        Outcome::L
    );
    let mut searcher = Searcher::new();
    assert!(searcher.wins_moving_first(&at(star), Player::Left));
    assert!(!searcher.is_empty());
}

/// A deep game (a long chain) does not overflow the stack: the search is iterative.
#[test]
fn deep_chain() {
    #[derive(Clone, PartialEq, Eq, Hash)]
    struct Chain(u32);
    impl onag::partizan::search::Position for Chain {
        fn options(&self, _: Player) -> Vec<Chain> {
            if self.0 == 0 {
                vec![]
            } else {
                vec![Chain(self.0 - 1)]
            }
        }
    }
    assert_eq!(outcome_by_search(&Chain(200_000)), Outcome::P);
    assert_eq!(outcome_by_search(&Chain(200_001)), Outcome::N);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn search_agrees_with_the_arena(t in tree(), u in tree()) {
        let mut a = Arena::new();
        let g = build(&mut a, &t);
        let h = build(&mut a, &u);
        let s = a.add(g, h).unwrap();
        let d = a.sub(g, h).unwrap();
        let expected: Vec<Outcome> = [g, h, s, d].iter().map(|&x| a.outcome(x)).collect();
        let (pg, ph) = (ArenaPosition::new(&a, g), ArenaPosition::new(&a, h));
        prop_assert_eq!(outcome_by_search(&pg), expected[0]);
        prop_assert_eq!(outcome_by_search(&ph), expected[1]);
        prop_assert_eq!(outcome_by_search(&Sum(pg, ph)), expected[2]);
        prop_assert_eq!(outcome_by_search(&Sum(pg, Neg(ph))), expected[3]);
        prop_assert_eq!(equal_by_search(&pg, &ph), g == h);
        let ps = ArenaPosition::new(&a, s);
        prop_assert!(equal_by_search(&Sum(pg, ph), &ps));
    }

    /// Raw (never simplified) games against their canonical forms.
    #[test]
    fn raw_games_equal_their_canonical_forms(t in tree()) {
        let t = integer_tree(&t);
        let mut a = Arena::new();
        let g = build(&mut a, &t);
        let r = raw(&t);
        prop_assert_eq!(outcome_by_search(&r), a.outcome(g));
        prop_assert!(equal_by_search(&r, &ArenaPosition::new(&a, g)));
    }
}

/// Every game born by day 2 (22 values), built from all subsets of the day-1 games.
fn day2(a: &mut Arena) -> Vec<GameId> {
    let zero = a.zero();
    let star = a.from_options(&[zero], &[zero]).unwrap();
    let one = a.from_options(&[zero], &[]).unwrap();
    let m1 = a.from_options(&[], &[zero]).unwrap();
    let day1 = [zero, star, one, m1];
    let subset = |mask: u32| -> Vec<GameId> {
        (0..4)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| day1[i])
            .collect()
    };
    let mut games: Vec<GameId> = Vec::new();
    for l in 0..16 {
        for r in 0..16 {
            let g = a.from_options(&subset(l), &subset(r)).unwrap();
            if !games.contains(&g) {
                games.push(g);
            }
        }
    }
    games
}

/// Exhaustive: all sums and differences of two games born by day 2.
#[test]
fn day_two_sums_and_differences() {
    let mut a = Arena::new();
    let games = day2(&mut a);
    assert_eq!(games.len(), 22);
    let mut expected = Vec::new();
    for &g in &games {
        for &h in &games {
            let s = a.add(g, h).unwrap();
            let d = a.sub(g, h).unwrap();
            expected.push((g, h, a.outcome(s), a.outcome(d)));
        }
    }
    for (g, h, sum, diff) in expected {
        let (pg, ph) = (ArenaPosition::new(&a, g), ArenaPosition::new(&a, h));
        assert_eq!(outcome_by_search(&Sum(pg, ph)), sum);
        assert_eq!(outcome_by_search(&Sum(pg, Neg(ph))), diff);
        assert_eq!(equal_by_search(&pg, &ph), g == h);
    }
}

fn deep_tree() -> impl Strategy<Value = Tree> {
    let leaf = (-3i64..=3, 0u32..=2).prop_map(|(n, e)| Tree::Leaf(n, e));
    leaf.prop_recursive(5, 48, 4, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..4),
            prop::collection::vec(inner, 0..4),
        )
            .prop_map(|(l, r)| Tree::Node(l, r))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// CI: value-free search agrees with the arena on sums and differences of deeper games.
    #[test]
    #[ignore]
    fn ci_search_agrees_with_the_arena(t in deep_tree(), u in deep_tree()) {
        let mut a = Arena::new();
        let g = build(&mut a, &t);
        let h = build(&mut a, &u);
        let s = a.add(g, h).unwrap();
        let d = a.sub(g, h).unwrap();
        let (os, od) = (a.outcome(s), a.outcome(d));
        let (pg, ph) = (ArenaPosition::new(&a, g), ArenaPosition::new(&a, h));
        prop_assert_eq!(outcome_by_search(&Sum(pg, ph)), os);
        prop_assert_eq!(outcome_by_search(&Sum(pg, Neg(ph))), od);
        prop_assert_eq!(equal_by_search(&pg, &ph), g == h);
    }
}
