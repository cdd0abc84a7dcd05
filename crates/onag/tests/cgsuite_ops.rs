//! Cooling, heating, overheating, atomic weight, reduced canonical form and Norton products:
//! published values (`tests/data/cgsuite_ops.txt`) and the defining identities as property
//! tests (Siegel, *Combinatorial Game Theory*, ch. II; *Winning Ways* chs. 6 and 8).

mod common;

use common::games::{build, trees, Shape, Tree};
use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::{Arena, GameError, GameId, Tempered};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::{parse, ParseErrorKind};
use proptest::prelude::*;

fn parsed(arena: &mut Arena, text: &str) -> GameId {
    parse(arena, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn published_values() {
    let text = std::fs::read_to_string(common::data_dir().join("cgsuite_ops.txt")).unwrap();
    let mut arena = Arena::new();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (expr, expected) = line.split_once('\t').expect("expression <TAB> value");
        let got = parsed(&mut arena, expr);
        let want = parsed(&mut arena, expected);
        assert_eq!(
            got,
            want,
            "{expr}: got {}, expected {expected}",
            name(&arena, got, NameStyle::Ascii)
        );
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} fixture lines");
}

/// CGSuite's own test cases: atomic weight (atomic or not, all-small or not), tempered
/// class, reduced canonical form and birthday agree with what CGSuite computes.
#[test]
fn cgsuite_test_cases() {
    let text = std::fs::read_to_string(common::data_dir().join("cgsuite_cases.txt")).unwrap();
    let mut a = Arena::new();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let [expr, aw, tempered, rcf, birthday] = f[..] else {
            panic!("five fields: {line}");
        };
        let g = parsed(&mut a, expr);
        match (aw, a.atomic_weight(g)) {
            ("!", Err(GameError::Undefined(_))) => {}
            ("!", Ok(w)) => panic!(
                "{expr}: atomic weight {}, CGSuite: not atomic",
                name(&a, w, NameStyle::Ascii)
            ),
            (_, Ok(w)) => {
                let want = parsed(&mut a, aw);
                assert_eq!(
                    w,
                    want,
                    "{expr}: atomic weight {}",
                    name(&a, w, NameStyle::Ascii)
                );
            }
            (_, Err(e)) => panic!("{expr}: {e}"),
        }
        assert_eq!(a.tempered(g).to_string(), tempered, "{expr}: tempered");
        let r = a.reduced_canonical_form(g).unwrap();
        let want = parsed(&mut a, rcf);
        assert_eq!(r, want, "{expr}: rcf {}", name(&a, r, NameStyle::Ascii));
        assert_eq!(a.birthday(g).to_string(), birthday, "{expr}: birthday");
        checked += 1;
    }
    assert_eq!(checked, 23);
}

#[test]
fn tempered_classes() {
    let mut a = Arena::new();
    for (text, class) in [
        ("0", Tempered::Even),
        ("-7/8", Tempered::Even),
        ("*", Tempered::Odd),
        ("3/2*", Tempered::Odd),
        ("+-1", Tempered::Odd),
        ("{5|1}", Tempered::Odd),
        ("{2|0}+{1|0}", Tempered::Even),
        ("{3|{2|1}}", Tempered::Neither),
        ("{{3|2}|{1|0}}", Tempered::Even),
        ("^", Tempered::Neither),
        ("*2", Tempered::Neither),
        ("{1|*}", Tempered::Neither),
        ("{1|0}+*", Tempered::Even),
    ] {
        let g = parsed(&mut a, text);
        assert_eq!(a.tempered(g), class, "{text}");
        assert_eq!(a.is_even_tempered(g), class == Tempered::Even);
        assert_eq!(a.is_odd_tempered(g), class == Tempered::Odd);
    }
}

#[test]
fn undefined_cases_are_typed_errors() {
    let mut a = Arena::new();
    let hot = parsed(&mut a, "{1|-1}");
    assert!(matches!(a.atomic_weight(hot), Err(GameError::Undefined(_))));
    let half_up = parsed(&mut a, "1/2 + ^");
    assert!(matches!(
        a.atomic_weight(half_up),
        Err(GameError::Undefined(_))
    ));
    let g = parsed(&mut a, "{5|1}");
    assert!(matches!(
        a.cool(g, Dyadic::from_int(-1)),
        Err(GameError::Undefined(_))
    ));
    let star = a.nimber(1).unwrap();
    assert!(matches!(
        a.norton_product(g, star),
        Err(GameError::Undefined(_))
    ));
    for (text, kind) in [
        ("aw({1|-1})", "undefined"),
        ("cool(*, *)", "must be a number"),
        ("cool({5|1})", "takes 2"),
        ("norton(1/2, -1)", "positive unit"),
        ("cool({5|1}, -1)", "negative"),
    ] {
        let e = parse(&mut a, text).unwrap_err();
        assert!(e.to_string().contains(kind), "{text}: {e}");
    }
    let e = parse(&mut a, "aw(1, 2)").unwrap_err();
    assert!(matches!(
        e.kind,
        ParseErrorKind::Arity {
            expected: 1,
            found: 2,
            ..
        }
    ));
}

#[test]
fn incentives_and_birthday() {
    let mut a = Arena::new();
    let g = parsed(&mut a, "{5|1}");
    let l = a.left_incentives(g).unwrap();
    let r = a.right_incentives(g).unwrap();
    assert_eq!(name(&a, l[0], NameStyle::Ascii), "{4|0}");
    assert_eq!(name(&a, r[0], NameStyle::Ascii), "{4|0}");
    let up = parsed(&mut a, "^");
    let l = a.left_incentives(up).unwrap();
    let r = a.right_incentives(up).unwrap();
    assert_eq!(name(&a, l[0], NameStyle::Ascii), "v");
    assert_eq!(name(&a, r[0], NameStyle::Ascii), "^*");
    for (text, birthday) in [
        ("0", 0),
        ("*", 1),
        ("^", 2),
        ("3", 3),
        ("1/2", 2),
        ("+-1", 2),
    ] {
        let g = parsed(&mut a, text);
        assert_eq!(a.birthday(g), birthday, "{text}");
    }
    let g = parsed(&mut a, "^*");
    assert!(a.is_all_small(g) && a.is_infinitesimal(g) && a.is_numberish(g));
    let g = parsed(&mut a, "1*");
    assert!(!a.is_all_small(g) && !a.is_infinitesimal(g) && a.is_numberish(g));
    assert!(!a.is_number(g));
    let g = parsed(&mut a, "+-1");
    assert!(!a.is_numberish(g));
}

fn games() -> impl Strategy<Value = Tree> {
    trees(Shape {
        number: 3,
        exp: 1,
        ups: 1,
        star: 2,
        depth: 3,
        size: 16,
        branch: 3,
        options: 0..3,
    })
}

/// All-small trees: leaves 0, *, *2, ↑, ↓, ↑*, nodes with options on both sides.
fn all_small() -> impl Strategy<Value = Tree> {
    let leaf = (-1i64..=1, 0u32..=2).prop_map(|(u, s)| Tree::Leaf(0, 0, u, s));
    leaf.prop_recursive(3, 16, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 1..3),
            prop::collection::vec(inner, 1..3),
        )
            .prop_map(|(l, r)| Tree::Node(l, r))
    })
}

fn tax() -> impl Strategy<Value = Dyadic> {
    (0i64..=8).prop_map(|n| Dyadic::new(n, 2).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn freezing_gives_the_mean(g in games()) {
        let mut a = Arena::new();
        let g = build(&mut a, &g);
        let (mean, _) = a.mean_and_temperature(g).unwrap();
        let f = a.freeze(g).unwrap();
        prop_assert!(a.is_numberish(f));
        prop_assert_eq!(a.left_stop(f), mean);
    }

    #[test]
    fn cooling_commutes_with_sums(g in games(), h in games(), t in tax()) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &g), build(&mut a, &h));
        let s = a.add(g, h).unwrap();
        let cs = a.cool(s, t).unwrap();
        let cg = a.cool(g, t).unwrap();
        let ch = a.cool(h, t).unwrap();
        prop_assert_eq!(cs, a.add(cg, ch).unwrap());
        // cooling keeps the mean, and past the temperature only the mean is left
        let (mean, temp) = a.mean_and_temperature(g).unwrap();
        let (cmean, _) = a.mean_and_temperature(cg).unwrap();
        prop_assert_eq!(cmean, mean);
        if t > temp {
            prop_assert_eq!(a.as_number(cg), Some(mean));
        }
    }

    #[test]
    fn reduced_forms_identify_infinitely_close_games(
        g in games(), h in games(), eps in all_small(), same in any::<bool>()
    ) {
        let mut a = Arena::new();
        let g = build(&mut a, &g);
        let e = build(&mut a, &eps);
        let h = if same { a.add(g, e).unwrap() } else { build(&mut a, &h) };
        let (rg, rh) = (a.reduced_canonical_form(g).unwrap(), a.reduced_canonical_form(h).unwrap());
        prop_assert!(a.infinitely_close(g, rg).unwrap());
        prop_assert_eq!(a.reduced_canonical_form(rg).unwrap(), rg);
        prop_assert_eq!(rg == rh, a.infinitely_close(g, h).unwrap());
    }

    #[test]
    fn tempered_classes_follow_the_options_and_add(g in games(), h in games()) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &g), build(&mut a, &h));
        let class = a.tempered(g);
        if a.as_nus(g).is_none() {
            let options: Vec<GameId> = a.left_options(g).iter().chain(a.right_options(g)).copied().collect();
            let classes: Vec<Tempered> = options.iter().map(|&o| a.tempered(o)).collect();
            let want = if classes.iter().all(|&c| c == Tempered::Odd) {
                Tempered::Even
            } else if classes.iter().all(|&c| c == Tempered::Even) {
                Tempered::Odd
            } else {
                Tempered::Neither
            };
            prop_assert_eq!(class, want);
        }
        let ng = a.neg(g);
        prop_assert_eq!(a.tempered(ng), class);
        // parity adds: even + even and odd + odd are even, even + odd is odd
        let s = a.add(g, h).unwrap();
        let (cg, ch, cs) = (class, a.tempered(h), a.tempered(s));
        if cg != Tempered::Neither && ch != Tempered::Neither {
            let want = if cg == ch { Tempered::Even } else { Tempered::Odd };
            prop_assert_eq!(cs, want, "{:?} + {:?}", cg, ch);
        }
    }

    #[test]
    fn atomic_weight_is_additive(g in all_small(), h in all_small()) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &g), build(&mut a, &h));
        let s = a.add(g, h).unwrap();
        let (wg, wh, ws) = (
            a.atomic_weight(g).unwrap(),
            a.atomic_weight(h).unwrap(),
            a.atomic_weight(s).unwrap(),
        );
        prop_assert_eq!(ws, a.add(wg, wh).unwrap());
        let ng = a.neg(g);
        prop_assert_eq!(a.atomic_weight(ng).unwrap(), a.neg(wg));
    }

    #[test]
    fn heating_then_cooling_returns_all_small_games(g in all_small(), t in 1i64..=3) {
        let mut a = Arena::new();
        let g = build(&mut a, &g);
        let tg = a.integer(t).unwrap();
        let heated = a.heat(g, tg).unwrap();
        prop_assert_eq!(a.cool(heated, Dyadic::from_int(t)).unwrap(), g);
    }

    #[test]
    fn norton_product_is_additive_on_numbers(
        x in -8i64..=8, y in -8i64..=8, e in 0u32..=3, unit in 0usize..4
    ) {
        let mut a = Arena::new();
        let u = parsed(&mut a, ["^", "1", "^^*", "{2|0} + 1"][unit]);
        let gx = a.number(Dyadic::new(x, e).unwrap()).unwrap();
        let gy = a.number(Dyadic::new(y, e).unwrap()).unwrap();
        let s = a.add(gx, gy).unwrap();
        let (px, py) = (a.norton_product(gx, u).unwrap(), a.norton_product(gy, u).unwrap());
        prop_assert_eq!(a.norton_product(s, u).unwrap(), a.add(px, py).unwrap());
    }
}
