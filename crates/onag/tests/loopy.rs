//! Loopy games: retrograde outcomes, stoppers, canonical stoppers, the loopy notation.
//!
//! The ground truth is retrograde analysis of outcomes with draws; values are tested against
//! it through Siegel's definition of ≤ (*Combinatorial Game Theory* ch. VI.1: G ≥ H iff
//! o(G + X) ≥ o(H + X) for every X), with X drawn from random small graphs.

mod common;

use common::loopy::graph_strategy;
use onag::loopy::graph::{Graph, LoopyGame};
use onag::loopy::name::{name, short_values};
use onag::loopy::outcome::{LoopyOutcome, Result3};
use onag::loopy::parse::parse_loopy;
use onag::loopy::stopper::Stopper;
use onag::partizan::game::Arena;
use onag::partizan::name::{name as short_name, NameStyle};
use onag::partizan::parse::parse;
use proptest::prelude::*;

fn game(text: &str) -> LoopyGame {
    parse_loopy(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn stopper(text: &str) -> Stopper {
    Stopper::new(&game(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Left's view of an outcome: larger is better for Left (Siegel's order on outcomes).
fn left_view(o: LoopyOutcome) -> (Result3, Result3) {
    o.for_left()
}

fn le_outcome(a: LoopyOutcome, b: LoopyOutcome) -> bool {
    let (a, b) = (left_view(a), left_view(b));
    a.0 <= b.0 && a.1 <= b.1
}

/// Every vertex of `g` that is a stopper, as a game.
fn stopper_games(g: &Graph) -> Vec<LoopyGame> {
    (0..g.len() as u32)
        .map(|v| LoopyGame::new(g, v).unwrap())
        .filter(|x| x.is_stopper())
        .collect()
}

#[test]
fn named_values_have_the_outcomes_of_their_definitions() {
    use Result3::*;
    let cases = [
        ("on", Win, Loss),
        ("off", Loss, Win),
        ("dud", Draw, Draw),
        ("over", Win, Loss),
        ("under", Loss, Win),
        ("upon", Win, Loss),
        ("tis", Draw, Loss),
        ("tisn", Loss, Draw),
        ("on + off", Draw, Draw),
        ("0", Loss, Loss),
        ("*", Win, Win),
    ];
    for (text, l, r) in cases {
        let o = game(text).outcome();
        assert_eq!((o.left_first, o.right_first), (l, r), "{text}");
    }
}

#[test]
fn published_facts() {
    let text = include_str!("data/loopy_values.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let parts: Vec<&str> = line.split(';').map(str::trim).collect();
        assert_eq!(parts.len(), 4, "{line}");
        let (a, rel, b) = (parts[0], parts[1], parts[2]);
        match rel {
            "notstopper" => assert!(!game(a).is_stopper(), "{line}"),
            "prints" => assert_eq!(name(&stopper(a)), b, "{line}"),
            _ => {
                let (x, y) = (stopper(a), stopper(b));
                let (le, ge) = (x.le(&y).unwrap(), y.le(&x).unwrap());
                let got = match (le, ge) {
                    (true, true) => "=",
                    (true, false) => "<",
                    (false, true) => ">",
                    (false, false) => "||",
                };
                assert_eq!(got, rel, "{line}");
                if rel == "=" {
                    assert_eq!(name(&x), name(&y), "{line}");
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 20);
}

#[test]
fn short_games_are_unchanged_by_the_loopy_parser() {
    for text in [
        "0",
        "*",
        "{1|0}",
        "^",
        "2v3",
        "{{3*|5/2}|2}",
        "+-({1|*}, {{3/2|{1|{0|0,v*}}}|0})",
        "{13/2 | 1}",
        "tiny-2",
        "{3||2|1}",
        "cool({5|1}, 1)",
        "1/2 + {1|0} - *",
    ] {
        let mut arena = Arena::new();
        let id = parse(&mut arena, text).unwrap();
        let s = stopper(text);
        assert!(s.game().is_loopfree(), "{text}");
        assert_eq!(name(&s), short_name(&arena, id, NameStyle::Ascii), "{text}");
        let values = short_values(&mut arena, &s.game().graph).unwrap();
        assert_eq!(values[s.game().start as usize], Some(id), "{text}");
    }
}

#[test]
fn the_short_parser_still_rejects_loopy_words() {
    let mut arena = Arena::new();
    assert!(parse(&mut arena, "on").is_err());
    assert!(parse(&mut arena, "a:{0|a}").is_err());
}

#[test]
fn parse_errors_have_spans() {
    for (text, char_at) in [
        ("{pass|", 6),
        ("{0|b}", 3),
        ("pass", 0),
        ("a{0|a} + a{1|a}", 9),
    ] {
        let e = parse_loopy(text).unwrap_err();
        assert_eq!(e.span.char, char_at, "{text}: {e}");
    }
    assert!(parse_loopy("a{0|a + 1}").is_err()); // a sum inside a's own definition
}

#[test]
fn names_parse_back() {
    for text in [
        "on",
        "over",
        "{pass|3/2}",
        "-1/4over",
        "a{0|{1|a}}",
        "a{0,{a|1}|{pass|-1}}",
        "{on|off}",
        "upon + 2",
        "{over|under}",
    ] {
        let s = stopper(text);
        let printed = name(&s);
        let back = stopper(&printed);
        assert!(back.equals(&s).unwrap(), "{text} printed {printed}");
        assert_eq!(name(&back), printed, "{text}");
    }
}

#[test]
fn fox_and_geese_style_value_two_plus_over_prints() {
    // 2 + 1/on, the value of Fox and Geese (Winning Ways 2nd ed. ch. 20)
    let s = stopper("2 + over");
    assert_eq!(name(&s), "2over");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The canonical stopper predicts the retrograde outcome, and has the same outcome as the
    /// original in every sum with a random loopy game X.
    #[test]
    fn canonical_stoppers_keep_outcomes(g in graph_strategy(5, 10), x in graph_strategy(4, 7)) {
        let xs: Vec<LoopyGame> = (0..x.len() as u32).map(|v| LoopyGame::new(&x, v).unwrap()).collect();
        for gv in stopper_games(&g) {
            let c = Stopper::new(&gv).unwrap();
            prop_assert_eq!(c.predicted_outcome().unwrap(), gv.outcome());
            prop_assert_eq!(c.game().outcome(), gv.outcome());
            for xv in &xs {
                prop_assert_eq!(c.game().try_sum(xv).unwrap().outcome(), gv.try_sum(xv).unwrap().outcome());
            }
        }
    }

    /// G ≤ H by survival agrees with Siegel's definition on random X: o(G+X) ≤ o(H+X).
    #[test]
    fn comparison_agrees_with_the_definition(
        g in graph_strategy(4, 8), h in graph_strategy(4, 8), x in graph_strategy(4, 7)
    ) {
        let xs: Vec<LoopyGame> = (0..x.len() as u32).map(|v| LoopyGame::new(&x, v).unwrap()).collect();
        for gv in stopper_games(&g) {
            for hv in stopper_games(&h) {
                let (gs, hs) = (Stopper::new(&gv).unwrap(), Stopper::new(&hv).unwrap());
                let le = gs.le(&hs).unwrap();
                // Left survives H - G moving second (retrograde on the sum graph)
                let diff = hv.try_sum(&gv.neg()).unwrap().outcome();
                prop_assert_eq!(le, diff.right_first != Result3::Win);
                if le {
                    for xv in &xs {
                        prop_assert!(le_outcome(gv.try_sum(xv).unwrap().outcome(), hv.try_sum(xv).unwrap().outcome()));
                    }
                }
                if gs.equals(&hs).unwrap() {
                    prop_assert_eq!(name(&gs), name(&hs));
                    prop_assert_eq!(gs.game().graph.len(), hs.game().graph.len());
                }
            }
        }
    }

    /// Laws: G − G has no winner moving first (Left and Right each survive, the stopper
    /// G = G); sums commute; the sum of canonical forms equals the canonical sum.
    #[test]
    fn laws(g in graph_strategy(4, 8), h in graph_strategy(4, 8)) {
        for gv in stopper_games(&g) {
            let o = gv.try_sum(&gv.neg()).unwrap().outcome();
            prop_assert!(o.left_first != Result3::Win && o.right_first != Result3::Win);
            let gs = Stopper::new(&gv).unwrap();
            prop_assert!(gs.neg().neg().equals(&gs).unwrap());
            for hv in stopper_games(&h) {
                let hs = Stopper::new(&hv).unwrap();
                match (gs.add(&hs), hs.add(&gs)) {
                    (Ok(a), Ok(b)) => {
                        prop_assert!(a.equals(&b).unwrap());
                        prop_assert_eq!(name(&a), name(&b));
                        // the sum of other forms of G and H may fail to be a stopper (a
                        // dominated pass), but when it is one it has the same value
                        if let Ok(direct) = Stopper::new(&gv.try_sum(&hv).unwrap()) {
                            prop_assert!(direct.equals(&a).unwrap());
                        }
                    }
                    (Err(_), Err(_)) => {}
                    _ => prop_assert!(false, "a sum and its reverse differ"),
                }
            }
        }
    }
}

#[test]
fn sides_of_named_games() {
    use onag::loopy::sides::sides;
    let stop = onag::StopFlag::new();
    for (text, on, off) in [
        ("dud", "on", "off"),
        ("on + off", "on", "off"),
        ("tis", "1", "0"),
        ("tisn", "0", "-1"),
        ("over", "over", "over"),
        ("{1|0}", "{1|0}", "{1|0}"),
    ] {
        let s = sides(&game(text), &stop).unwrap().unwrap();
        assert_eq!(
            (name(&s.onside), name(&s.offside)),
            (on.into(), off.into()),
            "{text}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Where sidling finds stopper sides, they predict the retrograde outcome, the onside is
    /// ≥ the offside, and a stopper is both of its sides.
    #[test]
    fn sides_predict_outcomes(g in graph_strategy(4, 9)) {
        use onag::loopy::sides::sides;
        let stop = onag::StopFlag::new();
        for v in 0..g.len() as u32 {
            let gv = LoopyGame::new(&g, v).unwrap();
            let Some(s) = sides(&gv, &stop).unwrap() else { continue };
            prop_assert_eq!(s.predicted_outcome().unwrap(), gv.outcome());
            prop_assert!(s.offside.le(&s.onside).unwrap());
            if gv.is_stopper() {
                let c = Stopper::new(&gv).unwrap();
                prop_assert!(s.onside.equals(&c).unwrap() && s.offside.equals(&c).unwrap());
            }
        }
    }
}
