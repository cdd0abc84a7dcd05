//! Games at the limits of the exact arithmetic (numerators near 2^63
//! over 2^62), deep games without deep recursion, and one canonical option order in names.

use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::{Arena, GameError, GameId};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::parse;
use onag::partizan::thermograph::thermograph;
use onag::partizan::Outcome;
use proptest::prelude::*;

mod common;

use common::games::{build, trees, Shape, Tree};

fn d(num: i64, exp: u32) -> Dyadic {
    Dyadic::new(num, exp).unwrap()
}

/// Checks that `g` is the number `x` with its canonical options x ∓ 2^-k, by reading the
/// options back (not the cached tag alone), and that stops, mean and temperature agree.
fn assert_is_number(arena: &mut Arena, g: GameId, x: Dyadic) {
    assert_eq!(arena.as_number(g), Some(x));
    let k = x.exponent();
    if k > 0 {
        let step = d(1, k);
        let (l, r) = (
            arena.left_options(g).to_vec(),
            arena.right_options(g).to_vec(),
        );
        assert_eq!(l.len(), 1, "{x}");
        assert_eq!(r.len(), 1, "{x}");
        assert_eq!(
            arena.as_number(l[0]),
            Some(x.checked_sub(step).unwrap()),
            "{x}"
        );
        assert_eq!(
            arena.as_number(r[0]),
            Some(x.checked_add(step).unwrap()),
            "{x}"
        );
    }
    let want = match x.cmp(&Dyadic::ZERO) {
        std::cmp::Ordering::Greater => Outcome::L,
        std::cmp::Ordering::Less => Outcome::R,
        std::cmp::Ordering::Equal => Outcome::P,
    };
    assert_eq!(arena.outcome(g), want, "{x}");
    let th = thermograph(arena, g).unwrap();
    assert_eq!((th.mean(), th.left_stop(), th.right_stop()), (x, x, x));
    let temp = if k == 0 {
        Dyadic::from_int(-1)
    } else {
        d(-1, k)
    };
    assert_eq!(th.temperature(), temp);
}

/// The reproduction: (2^63 − 1)/2^62 ≈ 2 was built as a switch with Right option −2
/// (m + 1 wrapped to −2^63).
#[test]
fn numbers_near_two_to_the_63_are_exact() {
    let mut a = Arena::new();
    for (num, exp) in [
        (i64::MAX, 62),
        (i64::MAX, 43),
        (i64::MAX - 2, 61),
        (i64::MIN + 1, 62),
        (i64::MIN + 1, 50),
        (1, 62),
        (-1, 62),
        ((1 << 62) + 1, 62),
    ] {
        let x = d(num, exp);
        let g = a.number(x).unwrap();
        assert_is_number(&mut a, g, x);
        let parsed = parse(&mut a, &x.to_string()).unwrap();
        assert_eq!(parsed, g);
        assert_eq!(name(&a, g, NameStyle::Ascii), x.to_string());
    }
    let g = parse(&mut a, "{9223372036854775807/4611686018427387904|}").unwrap();
    assert_eq!(a.as_number(g), Some(Dyadic::from_int(2)));
    let g = parse(&mut a, "{|-9223372036854775807/4611686018427387904}").unwrap();
    assert_eq!(a.as_number(g), Some(Dyadic::from_int(-2)));
}

/// Sum, negation, comparison, simplest-number and thermograph at the limits: exact or an
/// overflow error, never a wrong value.
#[test]
fn operations_at_the_limits_are_exact_or_overflow() {
    let mut a = Arena::new();
    let x = d(i64::MAX, 62); // 2 − 2^-62
    let gx = a.number(x).unwrap();
    let two = a.integer(2).unwrap();
    let tiny = a.number(d(1, 62)).unwrap();
    // sum: x + 2^-62 = 2 exactly; x + x = (2^63 − 1)/2^61 exactly; x + 1 needs 64 bits
    assert_eq!(a.add(gx, tiny).unwrap(), two);
    let xx = a.add(gx, gx).unwrap();
    assert_eq!(a.as_number(xx), Some(d(i64::MAX, 61)));
    let one = a.integer(1).unwrap();
    assert_eq!(a.add(gx, one), Err(GameError::Overflow));
    // negation and difference
    let nx = a.neg(gx);
    assert_is_number(&mut a, nx, d(-i64::MAX, 62));
    assert_eq!(a.sub(gx, gx).unwrap(), a.zero());
    // comparison: x < 2, x > 2 − 2^-61, x > 0
    assert!(a.le(gx, two) && !a.le(two, gx));
    let below = a.number(d(i64::MAX - 2, 62)).unwrap();
    assert!(a.le(below, gx) && !a.le(gx, below));
    assert_eq!(a.outcome(gx), Outcome::L);
    // simplest number between two options at the limit: {x − 2^-62 | x + 2^-62} = x
    let lo = a.number(d(i64::MAX - 1, 62)).unwrap();
    let g = a.from_options(&[lo], &[two]).unwrap();
    assert_eq!(g, gx);
    assert_eq!(
        Dyadic::simplest_between(d(i64::MAX - 1, 62), Dyadic::from_int(2)).unwrap(),
        x
    );
    // mean / temperature / stops of the switch {x | −x} and of x + ↑ (a non-number)
    let sw = a.from_options(&[gx], &[nx]).unwrap();
    let th = thermograph(&mut a, sw).unwrap();
    assert_eq!(th.mean(), Dyadic::ZERO);
    assert_eq!(th.temperature(), x);
    assert_eq!((th.left_stop(), th.right_stop()), (x, d(-i64::MAX, 62)));
    let up = a.nus(Dyadic::ZERO, 1, 0).unwrap();
    let x_up = a.add(gx, up).unwrap();
    assert_eq!(a.as_nus(x_up), Some((x, 1, 0)));
    let th = thermograph(&mut a, x_up).unwrap();
    assert_eq!((th.mean(), th.temperature()), (x, Dyadic::ZERO));
    // a hot game at the limit: {x | x − 2^-61}: mean halfway, temperature 2^-62
    let g = a.from_options(&[gx], &[below]).unwrap();
    let th = thermograph(&mut a, g).unwrap();
    assert_eq!(th.mean(), d(i64::MAX - 1, 62));
    assert_eq!(th.temperature(), d(1, 62));
}

proptest! {
    /// Any dyadic the type holds builds its own canonical number, near the limits too.
    #[test]
    fn every_dyadic_builds_its_number(
        num in prop_oneof![any::<i64>(), (i64::MAX - 64)..=i64::MAX, i64::MIN..(i64::MIN + 64)],
        exp in 52u32..=62,
    ) {
        // |x| < 2^11: the integer chains below it stay short, so 256 cases run quickly
        let x = d(num, exp);
        let mut a = Arena::new();
        let g = a.number(x).unwrap();
        assert_is_number(&mut a, g, x);
        let nx = a.neg(g);
        prop_assert_eq!(a.as_number(nx), Some(x.checked_neg().unwrap()));
        prop_assert_eq!(a.add(g, nx).unwrap(), a.zero());
    }
}

/// Runs `f` on a thread with a small stack: recursion on the length of an integer's chain
/// (10^6 games) would overflow it and abort the test process.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

/// `-(40000)`, `1-40000`, `tiny50000`, `+-40000` aborted with a stack overflow at ~37,400.
#[test]
fn long_integer_chains_need_no_deep_recursion() {
    on_small_stack(|| {
        let mut a = Arena::new();
        let cases: &[(&str, &str)] = &[
            ("-(40000)", "-40000"),
            ("1-40000", "-39999"),
            ("tiny50000", "Tiny(50000)"),
            ("miny50000", "Miny(50000)"),
            ("+-40000", "+-40000"),
            ("-(1048576)", "-1048576"),
            ("+-1048576", "+-1048576"),
            ("{1048576||0|-1048576}", "{1048576|{0|-1048576}}"),
        ];
        for &(text, want) in cases {
            let g = parse(&mut a, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(name(&a, g, NameStyle::Ascii), want);
            thermograph(&mut a, g).unwrap();
            a.outcome(g);
            let n = a.neg(g);
            assert_eq!(a.neg(n), g, "{text}");
        }
    });
}

/// Negating a deep non-number (a chain of switches {n | {n−1 | …}}) is iterative too.
#[test]
fn deep_non_numbers_negate_without_recursion() {
    let mut a = Arena::new();
    let mut g = a.zero();
    for n in 1..=3000 {
        let top = a.integer(n).unwrap();
        g = a.from_options(&[top], &[g]).unwrap();
    }
    on_small_stack(move || {
        let n = a.neg(g);
        assert_eq!(a.birthday(n), a.birthday(g));
        let back = a.neg(n);
        assert_eq!(back, g);
    });
}

fn small_tree() -> impl Strategy<Value = Tree> {
    trees(Shape {
        number: 3,
        exp: 1,
        ups: 1,
        star: 1,
        depth: 3,
        size: 16,
        branch: 3,
        options: 0..3,
    })
}

/// The reproduction: the same game printed differently depending on the order of
/// the summands (the arena ids, hence the old option order, depend on build order).
#[test]
fn equal_games_print_equal_names() {
    let texts = [
        "(2)-(+-1)+{3||2|1}",
        "{3||2|1}+(2)-(+-1)",
        "(2)+{3||2|1}-(+-1)",
    ];
    let mut names = Vec::new();
    for t in texts {
        let mut a = Arena::new();
        let g = parse(&mut a, t).unwrap();
        names.push(name(&a, g, NameStyle::Ascii));
    }
    // and in one shared arena
    let mut a = Arena::new();
    for t in texts.iter().rev() {
        let g = parse(&mut a, t).unwrap();
        names.push(name(&a, g, NameStyle::Ascii));
    }
    assert!(names.iter().all(|n| n == &names[0]), "{names:?}");
}

proptest! {
    /// A sum of random games prints the same name whatever the order of the summands and
    /// whatever else was built first in the arena.
    #[test]
    fn names_do_not_depend_on_build_order(
        parts in prop::collection::vec(small_tree(), 2..5),
        noise in prop::collection::vec(small_tree(), 0..4),
    ) {
        let sum_of = |arena: &mut Arena, parts: &[Tree]| {
            let ids: Vec<GameId> = parts.iter().map(|t| build(arena, t)).collect();
            ids.into_iter().fold(arena.zero(), |acc, g| arena.add(acc, g).unwrap())
        };
        let mut a = Arena::new();
        let g = sum_of(&mut a, &parts);
        let want = name(&a, g, NameStyle::Ascii);
        let mut b = Arena::new();
        for t in &noise {
            build(&mut b, t);
        }
        let reversed: Vec<Tree> = parts.iter().rev().cloned().collect();
        let h = sum_of(&mut b, &reversed);
        prop_assert_eq!(name(&b, h, NameStyle::Ascii), want.clone());
        prop_assert_eq!(
            name(&b, h, NameStyle::Unicode),
            name(&a, g, NameStyle::Unicode)
        );
        // and the name still parses back to the game
        prop_assert_eq!(parse(&mut b, &want).unwrap(), h);
    }
}

/// Cooling (cgsuite's operation) at the limit: {x | −x} with x = 2 − 2^-62 cooled by 1, by
/// its temperature (freezing: *), and past it (the mean, 0).
#[test]
fn cooling_at_the_limits_is_exact() {
    let mut a = Arena::new();
    let x = d(i64::MAX, 62);
    let gx = a.number(x).unwrap();
    let nx = a.neg(gx);
    let sw = a.from_options(&[gx], &[nx]).unwrap();
    let cooled = a.cool(sw, Dyadic::ONE).unwrap();
    let lo = x.checked_sub(Dyadic::ONE).unwrap();
    let (l, r) = (
        a.left_options(cooled).to_vec(),
        a.right_options(cooled).to_vec(),
    );
    assert_eq!(
        l.iter().map(|&g| a.as_number(g)).collect::<Vec<_>>(),
        [Some(lo)]
    );
    assert_eq!(
        r.iter().map(|&g| a.as_number(g)).collect::<Vec<_>>(),
        [Some(lo.checked_neg().unwrap())]
    );
    let star = a.nimber(1).unwrap();
    assert_eq!(a.cool(sw, x).unwrap(), star);
    assert_eq!(a.freeze(sw).unwrap(), star);
    assert_eq!(a.cool(sw, Dyadic::from_int(2)).unwrap(), a.zero());
}
