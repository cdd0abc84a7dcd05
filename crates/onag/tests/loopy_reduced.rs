//! Comparison modulo infinitesimals and reduced canonical forms of stoppers, checked against
//! the exact stopper comparison (itself checked against retrograde analysis) and, on short
//! games, against the short reduced canonical form (Grossman and Siegel, "Reductions of
//! partizan games", Games of No Chance 3).

mod common;

use common::loopy::graph_strategy_with as graph_strategy;
use onag::loopy::graph::{Graph, LoopyGame};
use onag::loopy::name::{name, short_values};
use onag::loopy::parse::parse_loopy;
use onag::loopy::reduced::{inf_table, le_inf, reduced};
use onag::loopy::stopper::{survival_table, Stopper};
use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::Arena;
use onag::StopFlag;
use proptest::prelude::*;

fn stopper(text: &str) -> Stopper {
    Stopper::new(&parse_loopy(text).unwrap()).unwrap()
}

fn rcf(s: &Stopper) -> Stopper {
    reduced(s, &StopFlag::new()).unwrap()
}

fn number(x: Dyadic) -> Stopper {
    let mut arena = Arena::new();
    let id = arena.number(x).unwrap();
    Stopper::new(&LoopyGame::from_short(&arena, id)).unwrap()
}

/// 2^-j.
fn power(j: u32) -> Dyadic {
    format!("1/{}", 1u64 << j).parse().unwrap()
}

/// The slow reference for [`inf_table`]: the same least fixed point (Right's wins in the
/// survival game of b − a with a token Left may spend and Right may pass on), settled by
/// sweeping every pair until a sweep changes nothing.
fn sweep_inf_table(a: &Graph, b: &Graph) -> Vec<bool> {
    let (na, nb) = (a.len(), b.len());
    let plain = survival_table(a, b, &StopFlag::new()).unwrap();
    let mut rw_l = vec![false; na * nb];
    let mut rw_r = vec![false; na * nb];
    let mut changed = true;
    while changed {
        changed = false;
        for x in 0..na {
            for y in 0..nb {
                let s = x * nb + y;
                if !rw_l[s] {
                    let wins = !plain[s]
                        && b.left(y as u32)
                            .iter()
                            .all(|&y2| rw_r[x * nb + y2 as usize])
                        && a.right(x as u32)
                            .iter()
                            .all(|&x2| rw_r[x2 as usize * nb + y]);
                    if wins {
                        rw_l[s] = true;
                        changed = true;
                    }
                }
                if !rw_r[s] {
                    let wins = rw_l[s]
                        || b.right(y as u32)
                            .iter()
                            .any(|&y2| rw_l[x * nb + y2 as usize])
                        || a.left(x as u32)
                            .iter()
                            .any(|&x2| rw_l[x2 as usize * nb + y]);
                    if wins {
                        rw_r[s] = true;
                        changed = true;
                    }
                }
            }
        }
    }
    rw_r.into_iter().map(|w| !w).collect()
}

/// Named stoppers (and sums of them) whose ≤_Inf tables the worklist and the sweeps agree on.
const NAMED: [&str; 14] = [
    "0",
    "on",
    "off",
    "over",
    "under",
    "upon",
    "{pass|3/2}",
    "2over",
    "a{0|{1|a}}",
    "{on|0}",
    "^* + over",
    "over + over + 1/2",
    "{pass|3/2} + {3|{1|0}}",
    "a{0|a} + {1|0}",
];

#[test]
fn worklist_table_equals_the_sweeps_on_named_stoppers() {
    let stop = StopFlag::new();
    let graphs: Vec<Graph> = NAMED
        .iter()
        .map(|t| {
            let g = parse_loopy(t).unwrap();
            assert!(g.is_stopper(), "{t}");
            g.graph
        })
        .collect();
    for (i, a) in graphs.iter().enumerate() {
        for (j, b) in graphs.iter().enumerate() {
            assert_eq!(
                inf_table(a, b, &stop).unwrap(),
                sweep_inf_table(a, b),
                "{} vs {}",
                NAMED[i],
                NAMED[j]
            );
        }
    }
}

#[test]
fn named_values() {
    let cases = [
        ("over", "0"),
        ("under", "0"),
        ("2over", "2"),
        ("{pass|3/2}", "3/2"),
        ("^", "0"),
        ("*", "0"),
        ("upon", "0"),
        ("on", "on"),
        ("off", "off"),
        ("{1|0}", "{1|0}"),
        ("{1*|0}", "{1|0}"),
        ("{on|0}", "{on|0}"),
        ("{over|under}", "0"),
    ];
    for (text, want) in cases {
        assert_eq!(name(&rcf(&stopper(text))), want, "rcf({text})");
    }
}

#[test]
fn inf_comparison_basics() {
    let s = StopFlag::new();
    let g = |t: &str| parse_loopy(t).unwrap();
    // ^ and * are infinitesimal; 1/1024 is not.
    for t in ["^", "*", "v", "upon", "over", "under", "^*"] {
        assert!(le_inf(&g(t), &g("0"), &s).unwrap(), "{t} ≤Inf 0");
        assert!(le_inf(&g("0"), &g(t), &s).unwrap(), "0 ≤Inf {t}");
    }
    assert!(!le_inf(&g("1/1024"), &g("0"), &s).unwrap());
    assert!(le_inf(&g("0"), &g("1/1024"), &s).unwrap());
    assert!(!le_inf(&g("on"), &g("5"), &s).unwrap());
    assert!(le_inf(&g("{1|0}"), &g("1"), &s).unwrap());
    assert!(!le_inf(&g("{1|0}"), &g("0"), &s).unwrap());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, max_global_rejects: 8192, ..ProptestConfig::default() })]

    /// rcf(G) − G is infinitesimal: G − 2^-j ≤ rcf(G) ≤ G + 2^-j by the exact comparison.
    #[test]
    fn rcf_is_infinitesimally_close(g in graph_strategy(5, 10, false), v in 0u32..5) {
        let v = v % g.len() as u32;
        let game = LoopyGame::new(&g, v).unwrap();
        prop_assume!(game.is_stopper());
        let s = Stopper::new(&game).unwrap();
        let r = rcf(&s);
        for j in 0..=8 {
            let x = number(power(j));
            prop_assert!(r.le(&s.add(&x).unwrap()).unwrap(), "rcf ≤ G + 2^-{}", j);
            prop_assert!(s.le(&r.add(&x).unwrap()).unwrap(), "G ≤ rcf + 2^-{}", j);
        }
        // idempotent
        prop_assert_eq!(rcf(&r), r.clone());
        // rcf(G + y) = rcf(G) + y for numbers y
        for y in ["1", "-3/2", "1/4"] {
            let y = number(y.parse().unwrap());
            let lhs = rcf(&s.add(&y).unwrap());
            let rhs = r.add(&y).unwrap();
            prop_assert!(lhs.equals(&rhs).unwrap(), "rcf(G + y) = rcf(G) + y: {} vs {}",
                name(&lhs), name(&rhs));
        }
    }

    /// G ≤_Inf H against its definition: G ≤ H + 2^-j for j = 0..=12 by the exact comparison
    /// (G ≤ H + x for all x > 0 holds iff it holds for all x = 2^-j; for these small graphs
    /// the answer settles well before j = 12).
    #[test]
    fn inf_comparison_matches_the_definition(
        g in graph_strategy(4, 8, false), h in graph_strategy(4, 8, false),
        v in 0u32..4, w in 0u32..4,
    ) {
        let a = LoopyGame::new(&g, v % g.len() as u32).unwrap();
        let b = LoopyGame::new(&h, w % h.len() as u32).unwrap();
        prop_assume!(a.is_stopper() && b.is_stopper());
        let (sa, sb) = (Stopper::new(&a).unwrap(), Stopper::new(&b).unwrap());
        let definition = (0..=12).all(|j| sa.le(&sb.add(&number(power(j))).unwrap()).unwrap());
        prop_assert_eq!(le_inf(&a, &b, &StopFlag::new()).unwrap(), definition);
    }

    /// The worklist ≤_Inf table equals the sweeps' on every pair of positions of random
    /// stoppers (cycles and passes allowed: an edge may go to its own vertex or back up).
    #[test]
    fn worklist_table_equals_the_sweeps(
        g in graph_strategy(7, 14, false), h in graph_strategy(7, 14, false),
        v in 0u32..7, w in 0u32..7,
    ) {
        let (g, _) = g.pack(v % g.len() as u32);
        let (h, _) = h.pack(w % h.len() as u32);
        prop_assume!(LoopyGame::new(&g, 0).unwrap().is_stopper());
        prop_assume!(LoopyGame::new(&h, 0).unwrap().is_stopper());
        prop_assert_eq!(inf_table(&g, &h, &StopFlag::new()).unwrap(), sweep_inf_table(&g, &h));
    }

    /// On short games the reduced canonical stopper is the short reduced canonical form.
    #[test]
    fn short_games_match_the_short_rcf(g in graph_strategy(6, 12, true), v in 0u32..6) {
        let v = v % g.len() as u32;
        let game = LoopyGame::new(&g, v).unwrap();
        let s = Stopper::new(&game).unwrap();
        let mut arena = Arena::new();
        let shorts = short_values(&mut arena, &g).unwrap();
        let short = shorts[v as usize].unwrap();
        let short_rcf = arena.reduced_canonical_form(short).unwrap();
        let want = Stopper::new(&LoopyGame::from_short(&arena, short_rcf)).unwrap();
        let got = rcf(&s);
        prop_assert!(got.equals(&want).unwrap(), "{} vs {}", name(&got), name(&want));
        prop_assert_eq!(got.game().graph.len(), want.game().graph.len());
    }
}

/// Measurement, not a check: the ≤_Inf table of a canonical stopper against itself by the
/// worklist and by the sweeps, and the whole reduced canonical form, for sums of stoppers of
/// growing size (each added as canonical stoppers, so the sum's graph stays small). Every
/// component's cycles are Right's moves only, so every sum is a stopper.
/// `cargo test -p onag --release --test loopy_reduced -- --ignored measure --nocapture`
#[test]
#[ignore]
fn measure_reduced_at_scale() {
    use std::time::Instant;
    let components = [
        "a{{2|1}|{{4|3}|a}}",
        "{{1|0}|pass}",
        "{3|{1|0}}",
        "{5|{2|-1}}",
        "{8|{4|-3}}",
        "{{7|6}|pass}",
        "{11|{6|2}}",
        "{1|*}",
        "{{2|1}|*}",
        "^",
        "{1/2|0}",
    ];
    let custom = std::env::var("ONAG_RCF_PARTS").unwrap_or_default();
    let components: Vec<&str> = if custom.is_empty() {
        components.to_vec()
    } else {
        custom.split(';').collect()
    };
    let stop = StopFlag::new();
    let mut sum = stopper(components[0]);
    let mut text = components[0].to_string();
    for c in &components[1..] {
        sum = sum.add(&stopper(c)).unwrap();
        text = format!("{text} + {c}");
        let g = &sum.game().graph;
        if g.len() < 20 {
            continue;
        }
        let t = Instant::now();
        let fast = inf_table(g, g, &stop).unwrap();
        let fast_t = t.elapsed();
        let t = Instant::now();
        let slow = sweep_inf_table(g, g);
        let slow_t = t.elapsed();
        assert_eq!(fast, slow);
        let t = Instant::now();
        let r = reduced(&sum, &stop).unwrap();
        let rcf_t = t.elapsed();
        println!(
            "{text}: {} canonical positions; table worklist {fast_t:.2?}, sweeps {slow_t:.2?}; reduced {rcf_t:.2?} ({} positions)",
            g.len(),
            r.game().graph.len(),
        );
    }
}
