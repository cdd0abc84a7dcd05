//! Onsums and offsums of stoppers, and sums of sided values (Conway, *On Numbers and Games*
//! ch. 16; *Winning Ways* ch. 11; Siegel, *Combinatorial Game Theory* ch. VI.4).
//!
//! Ground truth: retrograde outcomes with draws of the raw sum graphs (`onag::loopy::outcome`),
//! which know nothing of sides, sidling or canonical forms. The onsum S ∔ T is the value of
//! S + T with infinite play counted for Left, so for every stopper X: S ∔ T ≥ X exactly when
//! Left, moving second in S + T − X, survives (Right moving first has no win), and S ∸ T ≤ X
//! exactly when Right, moving second there, survives (Left moving first has no win).

mod common;

use common::loopy::graph_strategy;
use onag::loopy::graph::{Graph, LoopyGame};
use onag::loopy::name::name;
use onag::loopy::outcome::Result3;
use onag::loopy::parse::parse_loopy;
use onag::loopy::sided::{offsum, onsum};
use onag::loopy::sides::{sides, Sides};
use onag::loopy::stopper::Stopper;
use onag::loopy::LoopyError;
use onag::partizan::Player;
use onag::StopFlag;
use proptest::prelude::*;

fn stopper(text: &str) -> Stopper {
    Stopper::new(&parse_loopy(text).unwrap()).unwrap()
}

fn same(a: &Stopper, b: &Stopper) -> bool {
    a.equals(b).unwrap()
}

/// The canonical stoppers among the positions of `g`.
fn stoppers_of(g: &Graph) -> Vec<Stopper> {
    (0..g.len() as u32)
        .filter_map(|v| {
            let x = LoopyGame::new(g, v).unwrap();
            x.is_stopper().then(|| Stopper::new(&x).unwrap())
        })
        .collect()
}

/// Named stoppers whose sums are not stoppers (on + off, over + under, upon + v[on]) or are.
const NAMED: [&str; 12] = [
    "0", "1", "-1/2", "*", "^", "on", "off", "over", "under", "upon", "v[on]", "1over",
];

/// Checks S ∔ T and S ∸ T against the retrograde outcomes of S + T − X for every X in `xs`,
/// and the outcome of S + T itself against the one its sides predict. False when sidling did
/// not settle (no value is then claimed: `LoopyError::NoSides`).
fn check_against_retrograde(s: &Stopper, t: &Stopper, xs: &[Stopper]) -> bool {
    let stop = StopFlag::new();
    let (up, down) = match (onsum(s, t, &stop), offsum(s, t, &stop)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(LoopyError::NoSides), _) | (_, Err(LoopyError::NoSides)) => return false,
        (Err(e), _) | (_, Err(e)) => panic!("{} + {}: {e}", name(s), name(t)),
    };
    let what = || {
        format!(
            "{} ∔ {} = {}, ∸ = {}",
            name(s),
            name(t),
            name(&up),
            name(&down)
        )
    };
    let st = s.game().try_sum(t.game()).unwrap();
    let predicted = Sides {
        onside: up.clone(),
        offside: down.clone(),
    }
    .predicted_outcome()
    .unwrap();
    assert_eq!(predicted, st.outcome(), "{}", what());
    for x in xs {
        let o = st.try_sum(x.neg().game()).unwrap().outcome();
        assert_eq!(
            x.le(&up).unwrap(),
            o.right_first != Result3::Win,
            "{} against X = {}",
            what(),
            name(x)
        );
        assert_eq!(
            down.le(x).unwrap(),
            o.left_first != Result3::Win,
            "{} against X = {}",
            what(),
            name(x)
        );
    }
    true
}

#[test]
fn named_onsums_against_retrograde_outcomes() {
    let named: Vec<Stopper> = NAMED.iter().map(|t| stopper(t)).collect();
    let mut checked = 0;
    for s in &named {
        for t in &named {
            checked += usize::from(check_against_retrograde(s, t, &named));
        }
    }
    // over + upon's offside (and its mirror images) is not reached by sidling; the rest is
    assert!(checked >= 130, "{checked} of 144 pairs");
}

#[test]
fn named_onsums() {
    let stop = StopFlag::new();
    let up = |a: &str, b: &str| name(&onsum(&stopper(a), &stopper(b), &stop).unwrap());
    let down = |a: &str, b: &str| name(&offsum(&stopper(a), &stopper(b), &stop).unwrap());
    // on + off = dud = on & off (Winning Ways ch. 11)
    assert_eq!(
        (up("on", "off"), down("on", "off")),
        ("on".into(), "off".into())
    );
    // on absorbs every onsum, off every offsum
    for x in NAMED {
        assert_eq!(up("on", x), "on", "on ∔ {x}");
        assert_eq!(down("off", x), "off", "off ∸ {x}");
    }
    // a stopper sum stays the stopper sum
    assert_eq!(up("1/2", "over"), "1/2over");
    assert_eq!(down("1/2", "over"), "1/2over");
    assert_eq!(up("^", "*"), "^*");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The onside of G + H, sidled on the sum graph, is the onsum of the sides of G and H, and
    /// the offside the offsum: (G⁺ & G⁻) + (H⁺ & H⁻) = (G⁺ ∔ H⁺) & (G⁻ ∸ H⁻).
    #[test]
    fn sides_of_a_sum_are_the_onsum_and_offsum(a in graph_strategy(4, 8), b in graph_strategy(4, 8)) {
        let stop = StopFlag::new();
        let (g, h) = (LoopyGame::new(&a, 0).unwrap(), LoopyGame::new(&b, 0).unwrap());
        let (Some(gs), Some(hs)) = (sides(&g, &stop).unwrap(), sides(&h, &stop).unwrap()) else {
            return Ok(());
        };
        let sum = g.try_sum(&h).unwrap();
        let Some(direct) = sides(&sum, &stop).unwrap() else {
            return Ok(());
        };
        let by_sides = gs.sum(&hs, &stop).unwrap();
        prop_assert!(same(&direct.onside, &by_sides.onside),
            "onside {} vs onsum {}", name(&direct.onside), name(&by_sides.onside));
        prop_assert!(same(&direct.offside, &by_sides.offside),
            "offside {} vs offsum {}", name(&direct.offside), name(&by_sides.offside));
    }

    /// Onsums and offsums of random stoppers against the retrograde outcomes of the raw sums.
    #[test]
    fn onsums_of_random_stoppers_against_retrograde(a in graph_strategy(4, 8), b in graph_strategy(4, 8)) {
        let (xs, ys) = (stoppers_of(&a), stoppers_of(&b));
        let mut tests: Vec<Stopper> = NAMED.iter().map(|t| stopper(t)).collect();
        tests.extend(xs.iter().cloned());
        for s in xs.iter().take(2) {
            for t in ys.iter().take(2) {
                let _ = check_against_retrograde(s, t, &tests);
            }
        }
    }

    /// Commutative, associative, and the onsum ≥ the offsum.
    #[test]
    fn onsum_laws(a in graph_strategy(3, 6), b in graph_strategy(3, 6), c in graph_strategy(3, 6)) {
        let stop = StopFlag::new();
        let pick = |g: &Graph| stoppers_of(g).into_iter().next();
        let (Some(x), Some(y), Some(z)) = (pick(&a), pick(&b), pick(&c)) else {
            return Ok(());
        };
        for f in [onsum, offsum] {
            prop_assert!(same(&f(&x, &y, &stop).unwrap(), &f(&y, &x, &stop).unwrap()));
            let left = f(&f(&x, &y, &stop).unwrap(), &z, &stop).unwrap();
            let right = f(&x, &f(&y, &z, &stop).unwrap(), &stop).unwrap();
            prop_assert!(same(&left, &right), "({} {} {}) {} vs {}",
                name(&x), name(&y), name(&z), name(&left), name(&right));
        }
        prop_assert!(offsum(&x, &y, &stop).unwrap().le(&onsum(&x, &y, &stop).unwrap()).unwrap());
    }
}

/// The same check as `sides_of_a_sum_are_the_onsum_and_offsum` on a fixed stream of random
/// graphs, counting the sums where both ways found sides (so the check is not vacuous).
#[test]
fn sides_of_sums_on_a_fixed_stream_of_graphs() {
    let stop = StopFlag::new();
    let mut seed = 0x0123_4567_89ab_cdefu64;
    let mut next = |k: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % k
    };
    let graph = |next: &mut dyn FnMut(u64) -> u64| {
        let n = 1 + next(4) as u32;
        let mut g = Graph::new();
        for _ in 0..n {
            g.add_vertex();
        }
        for _ in 0..next(9) {
            let p = if next(2) == 0 {
                Player::Left
            } else {
                Player::Right
            };
            g.add_edge(p, next(n as u64) as u32, next(n as u64) as u32);
        }
        LoopyGame::new(&g, 0).unwrap()
    };
    let (mut checked, mut loopy) = (0, 0);
    for _ in 0..200 {
        let (g, h) = (graph(&mut next), graph(&mut next));
        let (Some(gs), Some(hs)) = (sides(&g, &stop).unwrap(), sides(&h, &stop).unwrap()) else {
            continue;
        };
        let Some(direct) = sides(&g.try_sum(&h).unwrap(), &stop).unwrap() else {
            continue;
        };
        let by_sides = gs.sum(&hs, &stop).unwrap();
        assert!(same(&direct.onside, &by_sides.onside));
        assert!(same(&direct.offside, &by_sides.offside));
        checked += 1;
        loopy += usize::from(!direct.is_stopper().unwrap());
    }
    assert!(
        checked >= 100 && loopy >= 10,
        "{checked} sums checked, {loopy} not stoppers"
    );
}

/// Games whose sides are not stoppers (Bach's Carousel): sidling never settles, and every
/// answer says so — no value, no comparison, no sum.
#[test]
fn games_without_stopper_sides_get_no_value() {
    use onag::loopy::parse::parse_loopy_value;
    use onag::loopy::report::loopy_report;
    use onag::loopy::sided::compare;
    use onag::loopy::sides::{sidling, Side};
    let stop = StopFlag::new();
    let text = include_str!("data/loopy_no_sides.txt");
    let mut seen = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (game, source) = line.split_once(" ; ").expect("GAME ; SOURCE");
        let g = parse_loopy(game).unwrap();
        assert!(!g.is_stopper(), "{source}");
        let why = sidling(&g, &stop).unwrap().unwrap_err();
        assert_eq!(why.side, Side::Onside, "{source}");
        // the approximations keep growing to the last round: no stopper is in sight
        let n = why.sizes.len();
        assert!(
            why.sizes[n - 1] > why.sizes[n - 9],
            "{source}: {:?}",
            why.sizes
        );
        let r = loopy_report(&g, &stop).unwrap();
        assert!(
            r.value.starts_with("no sided value: "),
            "{source}: {}",
            r.value
        );
        assert!(r.onside.is_none() && r.offside.is_none(), "{source}");
        // its outcome is still the retrograde one
        assert_eq!(r.outcome, g.outcome());
        let v = parse_loopy_value(game).unwrap();
        let zero = parse_loopy_value("0").unwrap();
        assert_eq!(compare(&v, &zero, &stop), Err(LoopyError::NoSides));
        assert_eq!(
            v.sum(&parse_loopy_value("on & off").unwrap(), &stop),
            Err(LoopyError::NoSides)
        );
        seen += 1;
    }
    assert!(seen >= 1);
}

/// Sums of sided values in the notation: `(G & H)` as a term of a sum, checked against the
/// sides sidling finds on the sum graph of games with those sides.
#[test]
fn sums_of_sided_values_in_the_notation() {
    use onag::loopy::parse::parse_loopy_value;
    use onag::loopy::report::value_report;
    use onag::loopy::sided::compare;
    let stop = StopFlag::new();
    let v = |t: &str| parse_loopy_value(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    for (sum, game) in [
        // tis = 1 & 0, tisn = 0 & -1 (Winning Ways ch. 11): the sum graph, sidled
        ("(1 & 0) + (0 & -1)", "tis + tisn"),
        ("(1 & 0) + (1 & 0)", "tis + tis"),
        ("(on & off) + 1", "dud"),
        ("1/2 - (on & off)", "dud"),
        ("-(1 & 0)", "tisn"),
        ("(1 & 0) - 1", "tis - 1"),
        ("(over & under) + *", "over + under + *"),
        ("(1 & 0) + 1/2", "tis + 1/2"),
        ("1 + (0 & -1) + *", "1 + tisn + *"),
    ] {
        let (a, b) = (v(sum), v(game));
        let order = compare(&a, &b, &stop).unwrap_or_else(|e| panic!("{sum} vs {game}: {e}"));
        assert_eq!(order.symbol(), "=", "{sum} vs {game}");
        assert_eq!(
            value_report(&a, &stop).unwrap().value,
            value_report(&b, &stop).unwrap().value,
            "{sum} vs {game}"
        );
    }
    assert_eq!(
        value_report(&v("(1 & 0) + (0 & -1)"), &stop).unwrap().value,
        "1 & -1"
    );
    // where sidling the whole sum graph does not settle, the sum of the sides still may
    let by_sides = value_report(&v("(1 & 0) + over + (0 & -1)"), &stop).unwrap();
    assert_eq!(by_sides.value, "1over & -1over");
    let g = parse_loopy("tis + over + tisn").unwrap();
    let predicted = v("(1 & 0) + over + (0 & -1)")
        .sides(&stop)
        .unwrap()
        .predicted_outcome();
    assert_eq!(predicted.unwrap(), g.outcome());
}

/// CGSuite's infix `G Upsum H` and `G Downsum H` (CanonicalStopper.Upsum/Downsum; its loopy
/// tutorial's `upon Upsum uponth`) read as the onsum and offsum; where sidling finds the sides
/// of the plain sum `G + H`, they are its onside and offside — a path through the sum's graph
/// that shares nothing with the operators but the parser.
#[test]
fn upsum_and_downsum_are_the_onsum_and_offsum() {
    use onag::loopy::parse::{parse_loopy_value, LoopyParseErrorKind};
    use onag::loopy::sided::LoopyValue;
    let texts = [
        "over",
        "-over",
        "upon",
        "{0|-upon+*}",
        "on",
        "off",
        "1/2",
        "a{0||||0|||a|*||*}",
        "2over",
        "{pass|*}",
    ];
    let stop = StopFlag::new();
    let value = |text: &str| match parse_loopy_value(text).unwrap() {
        LoopyValue::Game(g) => Stopper::new(&g).unwrap(),
        LoopyValue::Sided(_) => panic!("{text}: a sided value"),
    };
    // the operator's value, or the onsum's error where sidling settles on none
    let agree =
        |text: &str, want: Result<Stopper, LoopyError>| match (parse_loopy_value(text), want) {
            (Ok(LoopyValue::Game(g)), Ok(w)) => {
                let got = Stopper::new(&g).unwrap();
                assert!(same(&got, &w), "{text}");
                Some(got)
            }
            (Err(e), Err(w)) => {
                assert_eq!(e.kind, LoopyParseErrorKind::Loopy(w), "{text}");
                None
            }
            (got, want) => panic!("{text}: {got:?} against {want:?}"),
        };
    let mut settled = 0;
    for a in texts {
        for b in texts {
            let (s, t) = (stopper(a), stopper(b));
            let up = agree(&format!("{a} Upsum {b}"), onsum(&s, &t, &stop));
            let down = agree(&format!("{a} Downsum {b}"), offsum(&s, &t, &stop));
            let sum = s.game().try_sum(t.game()).unwrap();
            if let (Some(Sides { onside, offside }), Some(up), Some(down)) =
                (sides(&sum, &stop).unwrap(), up, down)
            {
                assert!(same(&up, &onside), "{a} Upsum {b} = ({a} + {b})'s onside");
                assert!(same(&down, &offside), "{a} Downsum {b}");
                settled += 1;
            }
        }
    }
    assert!(settled >= 50, "{settled} pairs");
    // left to right, lower case too; a name followed at once by '{' is a name
    assert!(same(
        &value("1 upsum 1/2 Downsum over"),
        &stopper("3/2over")
    ));
    assert!(same(&value("upsum{0|upsum}"), &stopper("over")));
    // errors name the place
    for (text, at) in [
        ("Upsum over", 0),
        ("over Upsum", 5),
        ("over Upsum {pass|pass}", 11),
        ("over Downsum (on & off)", 13),
    ] {
        let e = parse_loopy_value(text).unwrap_err();
        assert!(
            matches!(e.kind, LoopyParseErrorKind::NotStopperOperand(_)),
            "{text}: {e}"
        );
        assert_eq!(e.span.byte, at, "{text}: {e}");
    }
}
