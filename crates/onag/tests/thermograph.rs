//! Thermographs: the published examples, conventions for numbers and infinitesimals, stops
//! against their recursive definition, switches in closed form, mean additivity and
//! temperature(G + H) ≤ max on random sums.

use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::{Arena, GameId};
use onag::partizan::parse::parse;
use onag::partizan::thermograph::{thermograph, Thermographs};
use proptest::prelude::*;

mod common;

use common::games::{build, deep_trees, trees, Shape, Tree};

fn d(text: &str) -> Dyadic {
    text.parse().unwrap()
}

fn check(text: &str, mean: &str, temperature: &str, left: &str, right: &str) {
    let mut a = Arena::new();
    let g = parse(&mut a, text).unwrap();
    let th = thermograph(&mut a, g).unwrap();
    assert_eq!(th.mean(), d(mean), "mean of {text}");
    assert_eq!(th.temperature(), d(temperature), "temperature of {text}");
    assert_eq!(th.left_stop(), d(left), "left stop of {text}");
    assert_eq!(th.right_stop(), d(right), "right stop of {text}");
}

#[test]
fn published_examples() {
    check("{1 | {1/2 | 0}}", "5/8", "3/8", "1", "1/2");
    check("{2 | -1}", "1/2", "3/2", "2", "-1");
    check("{5 | {3 | -3}, 1*}", "3", "2", "5", "1");
    check("{13/2 | 1}", "15/4", "11/4", "13/2", "1");
    check("+-1/8", "0", "1/8", "1/8", "-1/8");
    check("{3||2|1}", "9/4", "3/4", "3", "2");
}

#[test]
fn numbers_and_infinitesimals() {
    check("0", "0", "-1", "0", "0");
    check("7", "7", "-1", "7", "7");
    check("1/2", "1/2", "-1/2", "1/2", "1/2");
    check("-3/8", "-3/8", "-1/8", "-3/8", "-3/8");
    check("*", "0", "0", "0", "0");
    check("^", "0", "0", "0", "0");
    check("2v3*", "2", "0", "2", "2");
    check("tiny-2", "0", "0", "0", "0");
    check("{1|1}", "1", "0", "1", "1");
}

#[test]
fn walls_and_svg() {
    let mut a = Arena::new();
    let g = parse(&mut a, "{1 | {1/2 | 0}}").unwrap();
    let th = thermograph(&mut a, g).unwrap();
    let (left, right) = th.points();
    // Left wall: RW({1}) − t = 1 − t until 3/8; right wall: LW({1/2|0}) + t = 1/2 (t ≤ 1/4),
    // then 1/4 + t… meeting at 5/8.
    assert_eq!(left, vec![(d("0"), d("1")), (d("3/8"), d("5/8"))]);
    assert_eq!(
        right,
        vec![
            (d("0"), d("1/2")),
            (d("1/4"), d("1/2")),
            (d("3/8"), d("5/8"))
        ]
    );
    let svg = th.to_svg();
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    assert!(svg.contains("mean 5/8") && svg.contains("t = 3/8"));
}

fn stops(a: &Arena, g: GameId) -> (Dyadic, Dyadic) {
    if let Some(x) = a.as_number(g) {
        return (x, x);
    }
    let left = a
        .left_options(g)
        .iter()
        .map(|&o| stops(a, o).1)
        .max()
        .unwrap();
    let right = a
        .right_options(g)
        .iter()
        .map(|&o| stops(a, o).0)
        .min()
        .unwrap();
    (left, right)
}

fn tree() -> impl Strategy<Value = Tree> {
    trees(Shape {
        number: 4,
        exp: 2,
        ups: 1,
        star: 2,
        depth: 4,
        size: 24,
        branch: 3,
        options: 0..3,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn mean_is_additive_and_sums_are_no_hotter(t in tree(), u in tree()) {
        let mut a = Arena::new();
        let g = build(&mut a, &t);
        let h = build(&mut a, &u);
        let s = a.add(g, h).unwrap();
        let mut ths = Thermographs::new();
        let tg = ths.get(&a, g).unwrap().clone();
        let th = ths.get(&a, h).unwrap().clone();
        let ts = ths.get(&a, s).unwrap().clone();
        prop_assert_eq!(ts.mean(), tg.mean().checked_add(th.mean()).unwrap());
        prop_assert!(ts.temperature() <= tg.temperature().max(th.temperature()));
        for (game, thg) in [(g, &tg), (h, &th), (s, &ts)] {
            let (l, r) = stops(&a, game);
            prop_assert_eq!(thg.left_stop(), l);
            prop_assert_eq!(thg.right_stop(), r);
            prop_assert!(r <= thg.mean() && thg.mean() <= l);
            // Hot iff the stops differ (for non-numbers); numbers are cold.
            if a.as_number(game).is_none() {
                prop_assert_eq!(thg.temperature() > Dyadic::ZERO, l != r);
            } else {
                prop_assert!(thg.temperature() < Dyadic::ZERO);
            }
        }
    }

    /// Negation mirrors the thermograph; adding a number translates it.
    #[test]
    fn negation_mirrors_and_numbers_translate(t in tree(), n in -8i64..8, e in 0u32..3) {
        let mut a = Arena::new();
        let g = build(&mut a, &t);
        let x = Dyadic::new(n, e).unwrap();
        let gx = a.number(x).unwrap();
        let ng = a.neg(g);
        let shifted = a.add(g, gx).unwrap();
        let mut ths = Thermographs::new();
        let tg = ths.get(&a, g).unwrap().clone();
        let tn = ths.get(&a, ng).unwrap().clone();
        let ts = ths.get(&a, shifted).unwrap().clone();
        prop_assert_eq!(tn.mean(), tg.mean().checked_neg().unwrap());
        prop_assert_eq!(tn.temperature(), tg.temperature());
        prop_assert_eq!(tn.left_stop(), tg.right_stop().checked_neg().unwrap());
        let (gl, gr) = tg.points();
        let (nl, nr) = tn.points();
        let neg = |w: Vec<(Dyadic, Dyadic)>| -> Vec<(Dyadic, Dyadic)> {
            w.into_iter().map(|(t, x)| (t, x.checked_neg().unwrap())).collect()
        };
        prop_assert_eq!(nl, neg(gr));
        prop_assert_eq!(nr, neg(gl));
        prop_assert_eq!(ts.mean(), tg.mean().checked_add(x).unwrap());
        if a.as_number(g).is_none() {
            prop_assert_eq!(ts.temperature(), tg.temperature());
        }
        prop_assert_eq!(ts.left_stop(), tg.left_stop().checked_add(x).unwrap());
    }

    /// A switch {a | b} of numbers a > b has mean (a + b)/2 and temperature (a − b)/2.
    #[test]
    fn switches_in_closed_form(a in -64i64..64, b in -64i64..64, ea in 0u32..4, eb in 0u32..4) {
        let (x, y) = (Dyadic::new(a, ea).unwrap(), Dyadic::new(b, eb).unwrap());
        prop_assume!(x > y);
        let mut arena = Arena::new();
        let (gx, gy) = (arena.number(x).unwrap(), arena.number(y).unwrap());
        let g = arena.from_options(&[gx], &[gy]).unwrap();
        prop_assume!(arena.as_number(g).is_none());
        let th = thermograph(&mut arena, g).unwrap();
        prop_assert_eq!(th.mean(), x.checked_add(y).unwrap().half().unwrap());
        prop_assert_eq!(th.temperature(), x.checked_sub(y).unwrap().half().unwrap());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// CI: mean additivity and temperature(G + H) ≤ max on 20,000 random pairs of deeper games.
    #[test]
    #[ignore]
    fn ci_thermograph_laws_on_random_sums(t in deep_trees(), u in deep_trees()) {
        let mut a = Arena::new();
        let g = build(&mut a, &t);
        let h = build(&mut a, &u);
        let s = a.add(g, h).unwrap();
        let mut ths = Thermographs::new();
        let tg = ths.get(&a, g).unwrap().clone();
        let th = ths.get(&a, h).unwrap().clone();
        let ts = ths.get(&a, s).unwrap().clone();
        prop_assert_eq!(ts.mean(), tg.mean().checked_add(th.mean()).unwrap());
        prop_assert!(ts.temperature() <= tg.temperature().max(th.temperature()));
        let (l, r) = stops(&a, s);
        prop_assert_eq!((ts.left_stop(), ts.right_stop()), (l, r));
    }
}

/// Slow reference: walls evaluated pointwise on the grid t = i / 2^GRID, the temperature found
/// by scanning the grid for the first t where the left scaffold is not right of the right one.
/// Exact as long as every breakpoint lies on the grid (small games have small exponents).
const GRID: u32 = 8;

struct Reference<'a> {
    arena: &'a Arena,
    walls: std::collections::HashMap<(GameId, u32), (Dyadic, Dyadic)>,
    tau: std::collections::HashMap<GameId, (u32, Dyadic)>,
}

fn grid_t(i: u32) -> Dyadic {
    Dyadic::new(i64::from(i), GRID).unwrap()
}

impl Reference<'_> {
    fn walls(&mut self, g: GameId, i: u32) -> (Dyadic, Dyadic) {
        if let Some(x) = self.arena.as_number(g) {
            return (x, x);
        }
        if let Some(&w) = self.walls.get(&(g, i)) {
            return w;
        }
        let (tau, mean) = self.tau(g);
        let w = if i >= tau {
            (mean, mean)
        } else {
            self.scaffolds(g, i)
        };
        self.walls.insert((g, i), w);
        w
    }

    fn scaffolds(&mut self, g: GameId, i: u32) -> (Dyadic, Dyadic) {
        let t = grid_t(i);
        let ls = (self.arena.left_options(g).to_vec().into_iter())
            .map(|o| self.walls(o, i).1.checked_sub(t).unwrap())
            .max()
            .unwrap();
        let rs = (self.arena.right_options(g).to_vec().into_iter())
            .map(|o| self.walls(o, i).0.checked_add(t).unwrap())
            .min()
            .unwrap();
        (ls, rs)
    }

    fn tau(&mut self, g: GameId) -> (u32, Dyadic) {
        if let Some(&known) = self.tau.get(&g) {
            return known;
        }
        let mut i = 0;
        let found = loop {
            let (ls, rs) = self.scaffolds(g, i);
            if ls <= rs {
                break (i, ls);
            }
            i += 1;
        };
        self.tau.insert(g, found);
        found
    }
}

fn small_tree() -> impl Strategy<Value = Tree> {
    trees(Shape {
        number: 4,
        exp: 1,
        ups: 1,
        star: 1,
        depth: 3,
        size: 16,
        branch: 3,
        options: 1..3,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Exact wall algebra against pointwise evaluation on a dyadic grid.
    #[test]
    fn walls_agree_with_the_grid_reference(t in small_tree()) {
        let mut a = Arena::new();
        let g = build(&mut a, &t);
        prop_assume!(a.as_number(g).is_none());
        let th = thermograph(&mut a, g).unwrap();
        prop_assume!(th.temperature().exponent() <= GRID - 2);
        let mut reference = Reference {
            arena: &a,
            walls: Default::default(),
            tau: Default::default(),
        };
        let (tau, mean) = reference.tau(g);
        prop_assert_eq!(th.temperature(), grid_t(tau));
        prop_assert_eq!(th.mean(), mean);
        for i in (0..tau + 64).step_by(4) {
            let (l, r) = reference.walls(g, i);
            prop_assert_eq!(th.left_wall().eval(grid_t(i)).unwrap(), l, "left wall at {}", grid_t(i));
            prop_assert_eq!(th.right_wall().eval(grid_t(i)).unwrap(), r, "right wall at {}", grid_t(i));
        }
    }
}
