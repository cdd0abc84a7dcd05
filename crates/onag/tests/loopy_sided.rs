//! Sided values `G & H` and comparisons of loopy values.
//!
//! Ground truth: retrograde outcomes with draws (`onag::loopy::outcome`), which know nothing of
//! canonical forms or sides. For stoppers, G ≥ H iff Left survives G − H moving second
//! (Siegel, *Combinatorial Game Theory* ch. VI); for any games, G ≥ H implies o(G + X) ≥
//! o(H + X) for every X (Siegel's definition of ≥, *CGT* ch. VI.1), checked on random X.

mod common;

use common::loopy::graph_strategy;
use onag::loopy::graph::{Graph, LoopyGame};
use onag::loopy::name::name;
use onag::loopy::outcome::{LoopyOutcome, Result3};
use onag::loopy::parse::{parse_loopy_value, LoopyParseErrorKind};
use onag::loopy::report::{sided_name, value_report};
use onag::loopy::sided::{compare, LoopyValue};
use onag::loopy::sides::{sides, Sides};
use onag::loopy::stopper::Stopper;
use onag::StopFlag;
use proptest::prelude::*;

fn value(text: &str) -> LoopyValue {
    parse_loopy_value(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sides_of(text: &str) -> Sides {
    value(text).sides(&StopFlag::new()).unwrap()
}

fn same_sides(a: &Sides, b: &Sides) -> bool {
    a.onside.equals(&b.onside).unwrap() && a.offside.equals(&b.offside).unwrap()
}

fn games(g: &Graph) -> Vec<LoopyGame> {
    (0..g.len() as u32)
        .map(|v| LoopyGame::new(g, v).unwrap())
        .collect()
}

fn le_outcome(a: LoopyOutcome, b: LoopyOutcome) -> bool {
    let (a, b) = (a.for_left(), b.for_left());
    a.0 <= b.0 && a.1 <= b.1
}

/// Prints as the sides report prints, and parses back to the same sides.
fn round_trip(s: &Sides) -> Result<(), TestCaseError> {
    let printed = sided_name(s);
    let back = parse_loopy_value(&printed)
        .map_err(|e| TestCaseError::fail(format!("{printed}: {e}")))?
        .sides(&StopFlag::new())
        .unwrap();
    prop_assert!(
        same_sides(s, &back),
        "{} printed {}",
        name(&s.onside),
        printed
    );
    prop_assert_eq!(sided_name(&back), printed.clone());
    // and the explicit `onside & offside` form, whatever the sides
    let explicit = format!("{} & {}", name(&s.onside), name(&s.offside));
    let back = parse_loopy_value(&explicit)
        .map_err(|e| TestCaseError::fail(format!("{explicit}: {e}")))?
        .sides(&StopFlag::new())
        .unwrap();
    prop_assert!(same_sides(s, &back), "{}", explicit);
    Ok(())
}

#[test]
fn sided_values_parse_as_cgsuite_writes_them() {
    // CGSuite's StopperSidedValue documentation: tis = 1 & 0; Winning Ways ch. 11: dud =
    // on & off, tisn = 0 & -1.
    let stop = StopFlag::new();
    for (sided, game) in [
        ("1 & 0", "tis"),
        ("on & off", "dud"),
        ("0 & -1", "tisn"),
        ("1 & 0", "a{{|a}|}"),
        ("over & over", "over"),
        ("on & off", "on + off"),
    ] {
        let (a, b) = (value(sided), value(game));
        assert_eq!(
            compare(&a, &b, &stop).unwrap().symbol(),
            "=",
            "{sided} vs {game}"
        );
        assert_eq!(
            value_report(&a, &stop).unwrap().value,
            value_report(&b, &stop).unwrap().value,
            "{sided} vs {game}"
        );
    }
    // `&` binds loosest; the sides are any loopy expressions that are stoppers
    let s = sides_of("1 + over & -1/2 + under");
    assert_eq!(
        (name(&s.onside), name(&s.offside)),
        ("1over".into(), "-1/2under".into())
    );
    assert_eq!(sided_name(&s), "1over & -1/2under");
    // equal sides are the stopper itself
    assert!(matches!(value("{1|0} & {1|0}"), LoopyValue::Sided(_)));
    let r = value_report(&value("{1|0} & {1|0}"), &StopFlag::new()).unwrap();
    assert!(r.stopper && r.short);
    assert_eq!(r.value, "{1|0}");
}

#[test]
fn sided_value_errors_have_spans() {
    for (text, char_at, kind) in [
        ("off & on", 4, "order"),
        ("0 & 1over", 2, "order"),
        ("dud & off", 0, "notstopper"),
        ("on &  tis", 6, "notstopper"),
        ("{on & off|0}", 4, "nested"),
        ("{1|(on & off)}", 7, "nested"),
        ("(on & off) & 0", 4, "nested"),
        ("((on & off)) + 1", 5, "nested"),
        ("2·(on & off)", 6, "nested"),
        ("(on & off", 4, "nested"),
        ("(on & 0 & off) + 1", 8, "duplicate"),
        ("on & 0 & off", 7, "duplicate"),
        ("on & {0|", 8, "syntax"),
        ("on & ", 4, "syntax"),
        (" & off", 0, "syntax"),
    ] {
        let e = parse_loopy_value(text).unwrap_err();
        assert_eq!(e.span.char, char_at, "{text}: {e}");
        let ok = match kind {
            "order" => matches!(e.kind, LoopyParseErrorKind::SidesOutOfOrder { .. }),
            "notstopper" => e.kind == LoopyParseErrorKind::SideNotStopper,
            "nested" => e.kind == LoopyParseErrorKind::NestedSided,
            "duplicate" => e.kind == LoopyParseErrorKind::DuplicateSided,
            _ => matches!(e.kind, LoopyParseErrorKind::Syntax(_)),
        };
        assert!(ok, "{text}: {e:?}");
    }
}

#[test]
fn named_values_round_trip() {
    for text in [
        "dud",
        "tis",
        "tisn",
        "on",
        "off",
        "over",
        "upon",
        "{pass|3/2}",
        "a{0|{1|a}}",
        "{on|off}",
        "on & 0",
        "1over & -1",
        "2 & 0 + under",
        "{1|0} + *",
    ] {
        round_trip(&sides_of(text)).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn comparisons_of_named_values() {
    let stop = StopFlag::new();
    for (a, rel, b) in [
        ("on", ">", "1000"),
        ("over", ">", "0"),
        ("over", "<", "1/1024"),
        ("under", "=", "-over"),
        ("upon", ">", "0"),
        ("upon", "||", "*"),
        ("dud", "||", "0"),
        ("dud", "=", "on & off"),
        ("tis", ">", "tisn"),
        ("tis", "||", "1/2"),
        ("1 & 0", "<", "on & 0"),
        ("on & off", ">", "0 & off"),
        ("{1|-1}", "=", "{1|-1} & {1|-1}"),
        ("{1|-1}", "||", "0"),
    ] {
        let o = compare(&value(a), &value(b), &stop).unwrap();
        assert_eq!(o.symbol(), rel, "{a} {rel} {b}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Stoppers: G ≥ H by the values agrees with Left surviving G − H moving second, on the
    /// raw sum graph by retrograde analysis (no canonical forms).
    #[test]
    fn stopper_comparison_is_survival(g in graph_strategy(4, 8), h in graph_strategy(4, 8)) {
        let stop = StopFlag::new();
        for gv in games(&g).into_iter().filter(|x| x.is_stopper()) {
            for hv in games(&h).into_iter().filter(|x| x.is_stopper()) {
                let o = compare(&LoopyValue::Game(gv.clone()), &LoopyValue::Game(hv.clone()), &stop).unwrap();
                let ge = gv.try_sum(&hv.neg()).unwrap().outcome().right_first != Result3::Win;
                let le = hv.try_sum(&gv.neg()).unwrap().outcome().right_first != Result3::Win;
                prop_assert_eq!((o.le, o.ge), (le, ge));
            }
        }
    }

    /// Any games with stopper sides: G ≤ H by the sides implies o(G + X) ≤ o(H + X) for the
    /// random games X (Siegel's definition); a game equals its sided value; sides round-trip.
    #[test]
    fn sided_comparison_respects_outcomes(
        g in graph_strategy(4, 8), h in graph_strategy(3, 6), x in graph_strategy(3, 6)
    ) {
        let stop = StopFlag::new();
        let xs = games(&x);
        let with_sides = |g: &Graph| -> Vec<(LoopyGame, Sides)> {
            games(g).into_iter().filter_map(|v| {
                let s = sides(&v, &stop).unwrap()?;
                Some((v, s))
            }).collect()
        };
        let hs = with_sides(&h);
        for (gv, gs) in with_sides(&g) {
            round_trip(&gs)?;
            let o = compare(&LoopyValue::Game(gv.clone()), &LoopyValue::Sided(gs.clone()), &stop).unwrap();
            prop_assert_eq!(o.symbol(), "=");
            for (hv, _) in &hs {
                let o = compare(&LoopyValue::Game(gv.clone()), &LoopyValue::Game(hv.clone()), &stop).unwrap();
                for xv in &xs {
                    let (a, b) = (gv.try_sum(xv).unwrap().outcome(), hv.try_sum(xv).unwrap().outcome());
                    if o.le {
                        prop_assert!(le_outcome(a, b));
                    }
                    if o.ge {
                        prop_assert!(le_outcome(b, a));
                    }
                }
            }
        }
    }
}

#[test]
fn sides_new_checks_the_order() {
    let s = |t: &str| Stopper::new(&onag::loopy::parse::parse_loopy(t).unwrap()).unwrap();
    assert!(Sides::new(s("1"), s("0")).is_ok());
    assert_eq!(
        Sides::new(s("0"), s("over")).unwrap_err(),
        onag::loopy::LoopyError::SidesOutOfOrder
    );
    // upon and * are confused: no order either way
    assert!(Sides::new(s("upon"), s("*")).is_err());
    assert!(Sides::new(s("*"), s("upon")).is_err());
}
