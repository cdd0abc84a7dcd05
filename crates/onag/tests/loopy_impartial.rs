//! Loopy impartial games: Smith's loopy nim-values tested against retrograde analysis, which
//! knows nothing of nim-values — alone, and for sums explored as product graphs.

use onag::loopy::graph::{Graph, LoopyGame};
use onag::loopy::impartial::{
    best_move, impartial_graph, nim_values, ImpartialOutcome, LoopyNimValue,
};
use onag::loopy::outcome::{Outcomes, Result3};
use onag::partizan::Player;
use onag::StopFlag;
use proptest::prelude::*;

/// A random impartial digraph of 1..=`n` vertices with at most `edges` edges.
fn impartial_strategy(n: usize, edges: usize) -> impl Strategy<Value = Graph> {
    (1..=n).prop_flat_map(move |n| {
        prop::collection::vec((0..n as u32, 0..n as u32), 0..=edges).prop_map(move |es| {
            let mut options = vec![Vec::new(); n];
            for (a, b) in es {
                options[a as usize].push(b);
            }
            impartial_graph(&options).unwrap()
        })
    })
}

/// The retrograde outcome of the player to move at `v` (impartial: the same for both).
fn retrograde(o: &Outcomes, v: u32) -> ImpartialOutcome {
    let l = o.result(v, Player::Left);
    assert_eq!(
        l,
        o.result(v, Player::Right),
        "an impartial game has one outcome"
    );
    match l {
        Result3::Win => ImpartialOutcome::N,
        Result3::Loss => ImpartialOutcome::P,
        Result3::Draw => ImpartialOutcome::D,
    }
}

fn values(g: &Graph) -> Vec<LoopyNimValue> {
    nim_values(g, &StopFlag::new()).unwrap()
}

/// The defining properties of the labels (Fraenkel–Yesha): a finite m has no option m, has
/// options of every value below m, and every infinite option has an option m; an infinite
/// value lists the finite values of its options.
fn check_labels(g: &Graph, v: &[LoopyNimValue]) {
    for u in 0..g.len() as u32 {
        let opts = g.left(u);
        let finite: Vec<u32> = opts
            .iter()
            .filter_map(|&w| match v[w as usize] {
                LoopyNimValue::Finite(x) => Some(x),
                _ => None,
            })
            .collect();
        match &v[u as usize] {
            LoopyNimValue::Finite(m) => {
                assert!(
                    !finite.contains(m),
                    "vertex {u}: an option has its value {m}"
                );
                for x in 0..*m {
                    assert!(finite.contains(&x), "vertex {u} = {m} has no option {x}");
                }
                for &w in opts {
                    if !v[w as usize].is_finite() {
                        assert!(
                            g.left(w)
                                .iter()
                                .any(|&z| v[z as usize] == LoopyNimValue::Finite(*m)),
                            "vertex {u} = {m}: its infinite option {w} does not reverse out"
                        );
                    }
                }
            }
            LoopyNimValue::Infinite(k) => {
                let mut f = finite.clone();
                f.sort_unstable();
                f.dedup();
                assert_eq!(k, &f, "vertex {u}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn values_decide_the_retrograde_outcome(g in impartial_strategy(9, 22)) {
        let v = values(&g);
        let o = Outcomes::of(&g);
        check_labels(&g, &v);
        for u in 0..g.len() as u32 {
            prop_assert_eq!(v[u as usize].outcome(), retrograde(&o, u), "vertex {} = {}", u, v[u as usize]);
            // the best move goes where the outcome says
            match (v[u as usize].outcome(), best_move(&g, &v, u)) {
                (ImpartialOutcome::P, m) => prop_assert_eq!(m, None),
                (ImpartialOutcome::N, Some(w)) => prop_assert_eq!(retrograde(&o, w), ImpartialOutcome::P),
                (ImpartialOutcome::D, Some(w)) => prop_assert_eq!(retrograde(&o, w), ImpartialOutcome::D),
                (out, None) => prop_assert!(false, "vertex {}: {} with no best move", u, out),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn the_value_of_a_sum_is_smiths_sum_of_the_values(
        g in impartial_strategy(6, 12),
        h in impartial_strategy(6, 12),
    ) {
        let (vg, vh) = (values(&g), values(&h));
        for a in 0..g.len() as u32 {
            for b in 0..h.len() as u32 {
                let sum = LoopyGame::new(&g, a).unwrap().try_sum(&LoopyGame::new(&h, b).unwrap()).unwrap();
                let vs = values(&sum.graph);
                let expected = &vg[a as usize] + &vh[b as usize];
                prop_assert_eq!(&vs[sum.start as usize], &expected, "{} + {}", vg[a as usize], vh[b as usize]);
                let o = Outcomes::of(&sum.graph);
                prop_assert_eq!(expected.outcome(), retrograde(&o, sum.start));
            }
        }
    }
}

/// On a graph without cycles the values are the Sprague–Grundy values (mex of the options).
#[test]
fn acyclic_values_are_grundy_values() {
    // subtraction game {1, 2, 5} on heaps 0..40: Grundy values by the mex rule
    let n = 40usize;
    let options: Vec<Vec<u32>> = (0..n)
        .map(|h| {
            [1usize, 2, 5]
                .iter()
                .filter(|&&s| s <= h)
                .map(|&s| (h - s) as u32)
                .collect()
        })
        .collect();
    let mut grundy = vec![0u32; n];
    for h in 0..n {
        let opts: Vec<u32> = options[h].iter().map(|&w| grundy[w as usize]).collect();
        grundy[h] = (0..).find(|x| !opts.contains(x)).unwrap();
    }
    let v = values(&impartial_graph(&options).unwrap());
    for h in 0..n {
        assert_eq!(v[h], LoopyNimValue::Finite(grundy[h]), "heap {h}");
    }
}

#[test]
fn sums_and_printing() {
    use LoopyNimValue::*;
    assert_eq!(Finite(3) + Finite(5), Finite(6));
    assert_eq!((Finite(1) + Infinite(vec![0, 3])).to_string(), "∞{1,2}");
    assert_eq!(
        Infinite(vec![0]) + Infinite(vec![0, 1]),
        LoopyNimValue::infinity()
    );
    assert_eq!(LoopyNimValue::infinity().to_string(), "∞");
    assert_eq!(Infinite(vec![0, 2]).outcome(), ImpartialOutcome::N);
    assert_eq!(Infinite(vec![1, 2]).outcome(), ImpartialOutcome::D);
}

#[test]
fn a_partizan_graph_is_refused() {
    let mut g = Graph::new();
    let (a, b) = (g.add_vertex(), g.add_vertex());
    g.add_edge(Player::Left, a, b);
    assert!(nim_values(&g, &StopFlag::new()).is_err());
    assert!(impartial_graph(&[vec![3]]).is_err());
}

mod wind_up {
    use super::*;
    use onag::loopy::games::explore_indexed;
    use onag::loopy::games::wind_up::WindUp;

    /// Every subtraction set of at most three elements of 1..=7.
    fn sets() -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for mask in 1u32..(1 << 7) {
            if mask.count_ones() <= 3 {
                out.push(
                    (0..7)
                        .filter(|b| mask >> b & 1 == 1)
                        .map(|b| b + 1)
                        .collect(),
                );
            }
        }
        out
    }

    /// Wind-Up's values decide the retrograde outcomes, and the ruleset explored through
    /// `LoopyRules` has the values of the graph built directly.
    #[test]
    fn wind_up_values_decide_the_retrograde_outcomes() {
        let stop = StopFlag::new();
        let mut reversing = None;
        for n in 1..=20u32 {
            for set in sets() {
                let w = WindUp::new(n, &set).unwrap();
                let g = w.graph();
                let v = w.values(&stop).unwrap();
                let o = Outcomes::of(&g);
                check_labels(&g, &v);
                for i in 0..n {
                    assert_eq!(v[i as usize].outcome(), retrograde(&o, i), "{w} at {i}");
                    // a finite value with an infinite option: Smith's reversal at work
                    if reversing.is_none()
                        && v[i as usize].is_finite()
                        && g.left(i).iter().any(|&j| !v[j as usize].is_finite())
                    {
                        reversing = Some((w.to_string(), i));
                    }
                }
                let start = n - 1;
                let (game, index) = explore_indexed(&w.position(start), 1 << 20, &stop).unwrap();
                let ev = nim_values(&game.graph, &stop).unwrap();
                for (p, &vertex) in &index {
                    assert_eq!(ev[vertex as usize], v[p.at() as usize], "{w} at {}", p.at());
                }
            }
        }
        // WindUp(5, {1,2}) at 3: both moves (to 2 and 1) are ∞{0}, and both reverse out
        // through 0, so 3 is a P-position of value 0.
        assert_eq!(reversing, Some(("WindUp(5, {1,2})".to_string(), 3)));
    }
}

/// The hand-derived Wind-Up values of `tests/data/wind_up.txt`.
#[test]
fn wind_up_fixture() {
    use onag::loopy::games::wind_up::WindUp;
    let text = include_str!("data/wind_up.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let n: u32 = f[0].parse().unwrap();
        let set: Vec<u32> = f[1].split(',').map(|x| x.parse().unwrap()).collect();
        let w = WindUp::new(n, &set).unwrap();
        let got: Vec<String> = w
            .values(&StopFlag::new())
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(got.join(" "), f[2], "{w}");
        checked += 1;
    }
    assert_eq!(checked, 4);
}
