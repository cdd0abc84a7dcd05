//! The arena of canonical forms against a slow reference: explicit game trees compared by
//! Conway's definition without memo or simplification.

use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::{Arena, GameError, GameId};
use onag::partizan::Outcome;
use proptest::prelude::*;

/// A game tree, not simplified: the slow reference.
#[derive(Clone, Debug)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

fn t(left: Vec<Tree>, right: Vec<Tree>) -> Tree {
    Tree { left, right }
}

fn zero() -> Tree {
    t(vec![], vec![])
}

/// Conway's definition, verbatim.
fn le(g: &Tree, h: &Tree) -> bool {
    !g.left.iter().any(|gl| le(h, gl)) && !h.right.iter().any(|hr| le(hr, g))
}

fn eq(g: &Tree, h: &Tree) -> bool {
    le(g, h) && le(h, g)
}

fn sum(g: &Tree, h: &Tree) -> Tree {
    let mut left: Vec<Tree> = g.left.iter().map(|x| sum(x, h)).collect();
    left.extend(h.left.iter().map(|x| sum(g, x)));
    let mut right: Vec<Tree> = g.right.iter().map(|x| sum(x, h)).collect();
    right.extend(h.right.iter().map(|x| sum(g, x)));
    t(left, right)
}

fn neg(g: &Tree) -> Tree {
    t(
        g.right.iter().map(neg).collect(),
        g.left.iter().map(neg).collect(),
    )
}

fn build(arena: &mut Arena, g: &Tree) -> GameId {
    let l: Vec<GameId> = g.left.iter().map(|x| build(arena, x)).collect();
    let r: Vec<GameId> = g.right.iter().map(|x| build(arena, x)).collect();
    arena.from_options(&l, &r).unwrap()
}

/// The canonical tree of an arena game (to feed the slow reference).
fn tree(arena: &Arena, g: GameId) -> Tree {
    t(
        arena
            .left_options(g)
            .iter()
            .map(|&x| tree(arena, x))
            .collect(),
        arena
            .right_options(g)
            .iter()
            .map(|&x| tree(arena, x))
            .collect(),
    )
}

fn nim_tree(n: u32) -> Tree {
    let opts: Vec<Tree> = (0..n).map(nim_tree).collect();
    t(opts.clone(), opts)
}

fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}

#[test]
fn known_canonical_forms() {
    let mut a = Arena::new();
    let z = a.zero();
    let star = a.from_options(&[z], &[z]).unwrap();
    assert_eq!(star, a.nimber(1).unwrap());
    let star2 = a.from_options(&[z, star], &[z, star]).unwrap();
    assert_eq!(star2, a.nimber(2).unwrap());
    assert_eq!(a.as_nus(star2), Some((Dyadic::ZERO, 0, 2)));
    let up = a.from_options(&[z], &[star]).unwrap();
    assert_eq!(a.as_nus(up), Some((Dyadic::ZERO, 1, 0)));
    assert_eq!(up, a.nus(Dyadic::ZERO, 1, 0).unwrap());
    let one = a.integer(1).unwrap();
    let m1 = a.integer(-1).unwrap();
    let switch = a.from_options(&[one], &[m1]).unwrap();
    assert_eq!(a.as_number(switch), None);
    assert_eq!(
        (a.left_stop(switch), a.right_stop(switch)),
        (Dyadic::ONE, d("-1"))
    );
    assert_eq!(a.outcome(switch), Outcome::N);
    let half = a.from_options(&[z], &[one]).unwrap();
    assert_eq!(a.as_number(half), Some(d("1/2")));
    let three_q = a.from_options(&[half], &[one]).unwrap();
    assert_eq!(a.as_number(three_q), Some(d("3/4")));
    assert_eq!(three_q, a.number(d("3/4")).unwrap());
    // {0 | 2} = 1, {-1 | 1} = 0, {| } = 0, {1 |} = 2, {| -3} = -4
    let two = a.integer(2).unwrap();
    assert_eq!(a.from_options(&[z], &[two]).unwrap(), one);
    assert_eq!(a.from_options(&[m1], &[one]).unwrap(), z);
    assert_eq!(a.from_options(&[one], &[]).unwrap(), two);
    let m3 = a.integer(-3).unwrap();
    assert_eq!(a.from_options(&[], &[m3]).unwrap(), a.integer(-4).unwrap());
    // {* | *} = 0 and {*|} = 0: reversible options through 0
    assert_eq!(a.from_options(&[star], &[star]).unwrap(), z);
    assert_eq!(a.from_options(&[star], &[]).unwrap(), z);
    // {0, * | 0} = ↑*, {0 | ↑*} = ⇑, {↑ | ↑} = ⇑* (↑ reverses through * to 0)
    let up_star = a.from_options(&[z, star], &[z]).unwrap();
    assert_eq!(a.as_nus(up_star), Some((Dyadic::ZERO, 1, 1)));
    let double_up = a.from_options(&[z], &[up_star]).unwrap();
    assert_eq!(a.as_nus(double_up), Some((Dyadic::ZERO, 2, 0)));
    assert_eq!(double_up, a.add(up, up).unwrap());
    let up_up = a.from_options(&[up], &[up]).unwrap();
    assert_eq!(a.as_nus(up_up), Some((Dyadic::ZERO, 2, 1)));
    // dominated options: {0, ↓ | 1} = 1/2 … and {1/2, 0 | 1} = 3/4
    let down = a.neg(up);
    assert_eq!(a.from_options(&[z, down], &[one]).unwrap(), half);
    assert_eq!(a.from_options(&[half, z], &[one]).unwrap(), three_q);
    // {1 | -1} + {1 | -1} = 0? no: ±1 + ±1 = 0 (a switch is its own negative)
    let s2 = a.add(switch, switch).unwrap();
    assert_eq!(s2, z);
    assert_eq!(a.neg(switch), switch);
    // ↑ + ↓ = 0; ↑ + * = ↑*; * + * = 0
    assert_eq!(a.add(up, down).unwrap(), z);
    assert_eq!(a.add(up, star).unwrap(), up_star);
    assert_eq!(a.add(star, star).unwrap(), z);
    assert_eq!(a.outcome(up), Outcome::L);
    assert_eq!(a.outcome(down), Outcome::R);
    assert_eq!(a.outcome(z), Outcome::P);
    assert_eq!(a.outcome(star), Outcome::N);
    assert_eq!(a.outcome(up_star), Outcome::N);
    // tiny: {0 || 0 | -1} = {0 | {0 | -1}} is positive and infinitesimal
    let g = a.from_options(&[z], &[m1]).unwrap();
    let tiny = a.from_options(&[z], &[g]).unwrap();
    assert_eq!(a.outcome(tiny), Outcome::L);
    let eighth = a.number(d("1/8")).unwrap();
    assert!(a.le(tiny, eighth) && !a.le(eighth, tiny));
    assert!(a.le(tiny, up) && !a.le(up, tiny));
}

/// The canonical forms of x + u·↑ + *s built by the fast constructor equal the slow sums.
#[test]
fn nus_forms_match_slow_sums() {
    for x in ["0", "1/2", "-1"] {
        for u in -2i64..=2 {
            for s in 0u32..4 {
                let mut a = Arena::new();
                let xt = tree(&a, a.zero());
                let xg = a.number(d(x)).unwrap();
                let x_tree = if x == "0" { xt } else { tree(&a, xg) };
                let z = zero();
                let star = t(vec![z.clone()], vec![z.clone()]);
                let up = t(vec![z.clone()], vec![star.clone()]);
                let unit = if u >= 0 { up.clone() } else { neg(&up) };
                let mut total = x_tree;
                for _ in 0..u.abs() {
                    total = sum(&total, &unit);
                }
                let nim = nim_tree(s);
                total = sum(&total, &nim);
                let slow = build(&mut a, &total);
                let fast = a.nus(d(x), u, s).unwrap();
                assert_eq!(slow, fast, "{x} + {u}↑ + *{s}");
                assert_eq!(a.as_nus(slow), Some((d(x), u, s)), "{x} + {u}↑ + *{s}");
                // the fast form is canonical: simplifying it again changes nothing
                let (l, r) = (
                    a.left_options(fast).to_vec(),
                    a.right_options(fast).to_vec(),
                );
                assert_eq!(a.from_options(&l, &r).unwrap(), fast);
            }
        }
    }
}

#[test]
fn limits_are_errors() {
    let mut a = Arena::new();
    assert!(matches!(a.integer(1 << 40), Err(GameError::TooLarge(_))));
    assert!(matches!(a.nimber(1 << 20), Err(GameError::TooLarge(_))));
    assert!(matches!(
        a.nus(Dyadic::ZERO, 1 << 40, 0),
        Err(GameError::TooLarge(_))
    ));
    let tiny = a.number(Dyadic::new(1, 62).unwrap()).unwrap();
    assert_eq!(a.as_number(tiny), Some(Dyadic::new(1, 62).unwrap()));
    // {tiny | 2·tiny}: the simplest number between needs 2^-63
    let two_tiny = a.number(Dyadic::new(1, 61).unwrap()).unwrap();
    assert_eq!(
        a.from_options(&[tiny], &[two_tiny]),
        Err(GameError::Overflow)
    );
    let g = a.nus(Dyadic::new(1, 62).unwrap(), 1, 0).unwrap();
    let h = a.nus(Dyadic::new(1, 62).unwrap(), 1, 1).unwrap();
    assert!(a.add(g, h).is_ok());
}

fn arb_tree() -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![
        Just(zero()),
        Just(t(vec![zero()], vec![])),
        Just(t(vec![], vec![zero()])),
        Just(t(vec![zero()], vec![zero()])),
    ];
    leaf.prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| t(l, r))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn le_matches_conway(g in arb_tree(), h in arb_tree()) {
        let mut a = Arena::new();
        let (x, y) = (build(&mut a, &g), build(&mut a, &h));
        prop_assert_eq!(a.le(x, y), le(&g, &h));
        prop_assert_eq!(a.le(y, x), le(&h, &g));
        prop_assert_eq!(x == y, eq(&g, &h));
        // the canonical form equals the original
        prop_assert!(eq(&tree(&a, x), &g));
    }

    #[test]
    fn sums_and_negatives(g in arb_tree(), h in arb_tree()) {
        let mut a = Arena::new();
        let (x, y) = (build(&mut a, &g), build(&mut a, &h));
        let s = a.add(x, y).unwrap();
        prop_assert_eq!(s, a.add(y, x).unwrap());
        prop_assert!(eq(&tree(&a, s), &sum(&g, &h)));
        let nx = a.neg(x);
        prop_assert_eq!(a.add(x, nx).unwrap(), a.zero());
        prop_assert_eq!(a.neg(nx), x);
        prop_assert_eq!(a.sub(s, y).unwrap(), x);
        let o = a.outcome(x);
        let z = zero();
        let want = Outcome::from_first_player_wins(!le(&g, &z), !le(&z, &g));
        prop_assert_eq!(o, want);
        // stops bracket: right stop ≤ left stop for every game
        prop_assert!(a.right_stop(x) <= a.left_stop(x) || a.as_number(x).is_none());
    }

    #[test]
    fn associativity(g in arb_tree(), h in arb_tree(), k in arb_tree()) {
        let mut a = Arena::new();
        let (x, y, z) = (build(&mut a, &g), build(&mut a, &h), build(&mut a, &k));
        let xy = a.add(x, y).unwrap();
        let yz = a.add(y, z).unwrap();
        prop_assert_eq!(a.add(xy, z).unwrap(), a.add(x, yz).unwrap());
    }
}
