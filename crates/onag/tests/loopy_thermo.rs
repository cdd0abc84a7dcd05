//! Thermographs of stoppers by unrolling (`onag::loopy::thermo`, `docs/loopy.md`).
//!
//! Checked against: the short thermographs of the canonical short games the unrolling
//! builds (every level of random graphs, cycles included, built by the short arena's
//! canonical forms, which know nothing of the level recursion); the short thermograph on
//! short games; the stops and means of `loopy::stops`; translation by numbers; named values.

mod common;

use common::loopy::graph_strategy_with as graph_strategy;
use onag::loopy::graph::LoopyGame;
use onag::loopy::parse::parse_loopy;
use onag::loopy::stopper::Stopper;
use onag::loopy::stops::{stops, Pseudonumber};
use onag::loopy::thermo::{
    graph_thermograph, stopper_thermograph, unrolled_thermographs, StopperThermograph,
};
use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::{Arena, GameId};
use onag::partizan::thermograph::{thermograph, Breakpoints, Thermograph};
use onag::StopFlag;
use proptest::prelude::*;

fn game(text: &str) -> LoopyGame {
    parse_loopy(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn thermo(text: &str) -> StopperThermograph {
    let s = Stopper::new(&game(text)).unwrap_or_else(|e| panic!("{text}: {e}"));
    stopper_thermograph(&s, &StopFlag::new()).unwrap()
}

fn stable(t: &StopperThermograph) -> Option<&Thermograph> {
    match t {
        StopperThermograph::Stable { thermograph, .. } => Some(thermograph),
        _ => None,
    }
}

fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}

/// The canonical short games G⁽ⁿ⁾_v (G⁽⁰⁾_v = `leaves[v]`) for n = 0 ..= levels at the
/// start, built by the arena.
fn arena_unrolling(
    arena: &mut Arena,
    g: &LoopyGame,
    leaves: &[Dyadic],
    levels: usize,
) -> Vec<GameId> {
    let n = g.graph.len();
    let mut level: Vec<GameId> = leaves.iter().map(|&c| arena.number(c).unwrap()).collect();
    let mut out = vec![level[g.start as usize]];
    for _ in 0..levels {
        let mut next = Vec::with_capacity(n);
        for v in 0..n as u32 {
            let l: Vec<GameId> = g.graph.left(v).iter().map(|&w| level[w as usize]).collect();
            let r: Vec<GameId> = g
                .graph
                .right(v)
                .iter()
                .map(|&w| level[w as usize])
                .collect();
            next.push(arena.from_options(&l, &r).unwrap());
        }
        level = next;
        out.push(level[g.start as usize]);
    }
    out
}

/// The thermograph of G + x, x a number, is G's shifted by x (numbers: the mast only, as
/// the convention for a number's temperature depends on its denominator).
fn shifted(t: &Thermograph, x: Dyadic) -> (Breakpoints, Breakpoints, Dyadic) {
    let (l, r) = t.points();
    let sh = |w: Vec<(Dyadic, Dyadic)>| -> Vec<(Dyadic, Dyadic)> {
        w.into_iter()
            .map(|(t, y)| (t, y.checked_add(x).unwrap()))
            .collect()
    };
    (sh(l), sh(r), t.mean().checked_add(x).unwrap())
}

#[test]
fn named_values() {
    // Infinitesimal stoppers: a mast at their number from t = 0 (Siegel, *CGT* ch. VI:
    // over = 1/on, upon = {pass|*}; Fox and Geese's 2over, *Winning Ways* ch. 20).
    for (text, mean) in [
        ("over", "0"),
        ("under", "0"),
        ("upon", "0"),
        ("v[on]", "0"),
        ("2over", "2"),
        ("-3/2under", "-3/2"),
        ("1^[on]*3", "1"),
    ] {
        let t = thermo(text);
        let th = stable(&t).unwrap_or_else(|| panic!("{text}: {t:?}"));
        assert_eq!(th.mean(), d(mean), "{text}");
        assert_eq!(th.temperature(), Dyadic::ZERO, "{text}");
        assert_eq!(
            (th.left_stop(), th.right_stop()),
            (d(mean), d(mean)),
            "{text}"
        );
    }
    for text in ["on", "off", "{on|0}", "{on|off}", "{0|off}"] {
        assert!(
            matches!(thermo(text), StopperThermograph::Infinite { .. }),
            "{text}: {:?}",
            thermo(text)
        );
    }
    // A hot follower whose temperature is infinite need not make the whole game so:
    // {{on|0}|-5} has walls 0 and −5 + t, meeting at t = 5 (the follower's mast climbs past
    // every t, so only the start settles: not proven, seen over a window).
    let t = thermo("{{on|0}|-5}");
    let th = stable(&t).unwrap_or_else(|| panic!("{t:?}"));
    assert_eq!((th.mean(), th.temperature()), (d("0"), d("5")));
    assert!(matches!(
        t,
        StopperThermograph::Stable { proven: false, .. }
    ));
    // {1|{0|off}}: the right wall is 0 (the follower {0|off} is infinitely hot, its left
    // wall 0 − t), the left wall 1 − t: they meet at t = 1.
    let t = thermo("{1|{0|off}}");
    let th = stable(&t).unwrap_or_else(|| panic!("{t:?}"));
    assert_eq!((th.mean(), th.temperature()), (d("0"), d("1")));
    // x over for x < 0 is a mast at x (the leaves are x, not 0: module docs).
    let t = thermo("-1/4over");
    assert_eq!(stable(&t).map(|th| th.mean()), Some(d("-1/4")));
    // Short games: exactly the short thermograph, proven.
    let t = thermo("{3|{1|-1}}");
    assert!(matches!(t, StopperThermograph::Stable { proven: true, .. }));
    assert_eq!(stable(&t).unwrap().mean(), d("3/2"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Every level of the unrolling of any graph (stopper or not, cycles included) has the
    /// thermograph of the canonical short game the arena builds for it.
    #[test]
    fn every_level_equals_the_short_thermograph(
        g in graph_strategy(4, 9, false),
        v in 0u32..4,
        leaf in prop::collection::vec(-8i64..=8, 4),
    ) {
        let v = v % g.len() as u32;
        let gv = LoopyGame::new(&g, v).unwrap();
        let leaves: Vec<Dyadic> = (0..gv.graph.len())
            .map(|i| Dyadic::new(leaf[i], 2).unwrap())
            .collect();
        let levels = 5;
        let ours = unrolled_thermographs(&gv, &leaves, levels, &StopFlag::new()).unwrap();
        let mut arena = Arena::new();
        let ids = arena_unrolling(&mut arena, &gv, &leaves, levels);
        for (k, &id) in ids.iter().enumerate() {
            let want = thermograph(&mut arena, id).unwrap();
            prop_assert_eq!(&ours[k], &want, "level {}", k);
        }
    }

    /// On short games the thermograph of the stopper is the short thermograph, proven.
    #[test]
    fn short_games_keep_their_thermograph(g in graph_strategy(6, 12, true), v in 0u32..6) {
        let v = v % g.len() as u32;
        let gv = LoopyGame::new(&g, v).unwrap();
        let s = Stopper::new(&gv).unwrap();
        let t = stopper_thermograph(&s, &StopFlag::new()).unwrap();
        let mut arena = Arena::new();
        let depth = gv.graph.len();
        let zeros = vec![Dyadic::ZERO; depth];
        let id = *arena_unrolling(&mut arena, &gv, &zeros, depth).last().unwrap();
        let want = thermograph(&mut arena, id).unwrap();
        match t {
            StopperThermograph::Stable { thermograph, proven, .. } => {
                prop_assert!(proven);
                prop_assert_eq!(thermograph, want);
            }
            other => prop_assert!(false, "{:?}", other),
        }
    }

    /// Stops, means, translation, and the raw graph against the canonical one.
    #[test]
    fn laws_on_random_stoppers(g in graph_strategy(5, 10, false), shift in -12i64..=12) {
        let stop = StopFlag::new();
        let x = Dyadic::new(shift, 2).unwrap();
        let xg = game(&x.to_string());
        for v in 0..g.len() as u32 {
            let gv = LoopyGame::new(&g, v).unwrap();
            if !gv.is_stopper() {
                continue;
            }
            let s = Stopper::new(&gv).unwrap();
            let st = stops(&s, &stop).unwrap();
            let t = stopper_thermograph(&s, &stop).unwrap();
            let infinite = |p: Pseudonumber| matches!(p, Pseudonumber::On | Pseudonumber::Off);
            match &t {
                StopperThermograph::Stable { thermograph: th, .. } => {
                    // The walls at t = 0 are the strong stops.
                    prop_assert_eq!(Some(th.left_stop()), st.left.number(), "{:?}", st);
                    prop_assert_eq!(Some(th.right_stop()), st.right.number(), "{:?}", st);
                    // The mast is the mean wherever stops.rs defines one.
                    if let Some(m) = st.mean {
                        prop_assert_eq!(th.mean(), m);
                    }
                    // G + x: shifted by x.
                    let sx = Stopper::new(&gv.try_sum(&xg).unwrap()).unwrap();
                    let tx = stopper_thermograph(&sx, &stop).unwrap();
                    let thx = stable(&tx);
                    prop_assert!(thx.is_some(), "G + {} : {:?}", x, tx);
                    let thx = thx.unwrap();
                    let (l, r, m) = shifted(th, x);
                    prop_assert_eq!(thx.mean(), m);
                    if th.temperature() >= Dyadic::ZERO {
                        prop_assert_eq!(thx.points(), (l, r));
                        prop_assert_eq!(thx.temperature(), th.temperature());
                    }
                }
                StopperThermograph::Infinite { .. } => {
                    prop_assert!(infinite(st.left) || infinite(st.right));
                }
                StopperThermograph::NotStabilised { .. } => {
                    prop_assert!(!infinite(st.left) && !infinite(st.right));
                }
            }
            if infinite(st.left) || infinite(st.right) {
                prop_assert!(matches!(t, StopperThermograph::Infinite { .. }), "{:?} {:?}", st, t);
            }
            // The definition through the canonical graph: does the raw graph's unrolling
            // settle on the same thermograph? (A representation check, not a theorem.)
            let raw = graph_thermograph(&gv, &stop).unwrap();
            if let (Some(a), Some(b)) = (stable(&raw), stable(&t)) {
                prop_assert_eq!(a, b, "raw graph against its canonical stopper");
            }
        }
    }
}
