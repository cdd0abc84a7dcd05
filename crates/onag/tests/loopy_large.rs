//! The comparison on demand and the canonical form by components, checked against the pairwise
//! survival table and the canonical form that uses it; Fox and Geese on small boards, checked
//! against the retrograde outcomes of every position.

mod common;

use common::loopy::graph_strategy;
use onag::loopy::components::{stopper_by_components, Values};
use onag::loopy::games::backsliding_toads::Board;
use onag::loopy::games::explore;
use onag::loopy::games::fox_and_geese::Position;
use onag::loopy::graph::{Graph, LoopyGame};
use onag::loopy::name::name;
use onag::loopy::ondemand::OnDemand;
use onag::loopy::outcome::Outcomes;
use onag::loopy::stopper::{survival_table, Stopper};
use onag::StopFlag;
use proptest::prelude::*;

/// Every pair (x of `a`, y of `b`): the on-demand answer equals the table's, with one memo for
/// all questions (asked in an order that reuses it) and a fresh one for each.
fn check_pairs(a: &Graph, b: &Graph) {
    let stop = StopFlag::new();
    let table = survival_table(a, b, &stop).unwrap();
    let mut both = a.clone();
    let off = both.append(b);
    let mut shared = OnDemand::new();
    for x in 0..a.len() as u32 {
        for y in 0..b.len() as u32 {
            let want = table[x as usize * b.len() + y as usize];
            assert_eq!(
                shared.le(&both, x, off + y, &stop).unwrap(),
                want,
                "{x} {y} (shared memo)"
            );
            let mut fresh = OnDemand::new();
            assert_eq!(fresh.le(&both, x, off + y, &stop).unwrap(), want, "{x} {y}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn on_demand_agrees_with_the_table(a in graph_strategy(6, 14), b in graph_strategy(6, 14)) {
        check_pairs(&a, &b);
    }

    #[test]
    fn components_agree_with_the_pairwise_canonical_form(g in graph_strategy(7, 16)) {
        let stop = StopFlag::new();
        for v in 0..g.len() as u32 {
            let game = LoopyGame::new(&g, v).unwrap();
            if !game.is_stopper() {
                prop_assert!(stopper_by_components(&game, &stop).is_err());
                continue;
            }
            let want = Stopper::new(&game).unwrap();
            let got = stopper_by_components(&game, &stop).unwrap();
            prop_assert!(got.equals(&want).unwrap());
            prop_assert_eq!(got.game().graph.len(), want.game().graph.len());
            prop_assert_eq!(name(&got), name(&want));
        }
    }
}

fn boards(max_len: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut all = Vec::new();
    for _ in 0..max_len {
        out = out
            .iter()
            .flat_map(|b| ["T", "F", "."].map(|c| format!("{b}{c}")))
            .collect();
        all.extend(out.iter().cloned());
    }
    all
}

#[test]
fn on_demand_agrees_with_the_table_on_backsliding_toads() {
    let mut pairs = 0;
    for text in boards(4) {
        let g = explore(&text.parse::<Board>().unwrap(), 10_000).unwrap();
        check_pairs(&g.graph, &g.graph);
        pairs += g.graph.len() * g.graph.len();
    }
    assert!(pairs > 1000, "{pairs}");
}

#[test]
fn components_agree_on_backsliding_toads_stoppers() {
    let stop = StopFlag::new();
    let mut checked = 0;
    for text in boards(5) {
        let g = explore(&text.parse::<Board>().unwrap(), 10_000).unwrap();
        if !g.is_stopper() {
            continue;
        }
        let want = Stopper::new(&g).unwrap();
        let got = stopper_by_components(&g, &stop).unwrap();
        assert!(got.equals(&want).unwrap(), "{text}");
        assert_eq!(name(&got), name(&want), "{text}");
        checked += 1;
    }
    assert!(checked > 50, "{checked}");
}

/// Every position reachable from `start`: the value found by components predicts the
/// retrograde outcome (with draws) of that position.
fn check_fox_and_geese(start: &Position) -> usize {
    let stop = StopFlag::new();
    let g = explore(start, 1 << 20).unwrap();
    let outcomes = Outcomes::of(&g.graph);
    let values = Values::of(&g.graph, &stop).unwrap();
    for v in 0..g.graph.len() as u32 {
        let s = values.stopper(v, &stop).unwrap();
        assert_eq!(
            s.predicted_outcome().unwrap(),
            outcomes.at(v),
            "position {v}: {}",
            name(&s)
        );
    }
    g.graph.len()
}

#[test]
fn fox_and_geese_values_predict_outcomes_on_small_boards() {
    let mut positions = 0;
    for (w, h) in [(4, 4), (4, 5), (5, 4), (3, 6)] {
        for c in (1..=w).step_by(2) {
            positions += check_fox_and_geese(&Position::start(w, h, c).unwrap());
        }
    }
    // Fewer geese: two on a 6 × 4 board.
    positions += check_fox_and_geese(&"F...../....../....../.G.G..".parse().unwrap());
    assert!(positions > 1000, "{positions}");
}

#[test]
fn fox_and_geese_4x4_agrees_with_the_pairwise_canonical_form() {
    let stop = StopFlag::new();
    for c in [1, 3] {
        let g = explore(&Position::start(4, 4, c).unwrap(), 10_000).unwrap();
        let want = Stopper::new(&g).unwrap();
        let got = stopper_by_components(&g, &stop).unwrap();
        assert!(got.equals(&want).unwrap());
        assert_eq!(name(&got), name(&want));
    }
}

#[test]
fn fox_and_geese_notation_round_trips_and_rejects_bad_boards() {
    let p = Position::start(8, 8, 5).unwrap();
    assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
    assert_eq!(p.fox(), (1, 5));
    assert_eq!(p.geese(), vec![(8, 2), (8, 4), (8, 6), (8, 8)]);
    for bad in ["", "G./..", "F./.G/", ".F/G.", "F.X", "F./.F", "G./.G"] {
        assert!(bad.parse::<Position>().is_err(), "{bad}");
    }
}

/// The 8 × 8 start (966,123 positions) against the published value (about half a minute on
/// one core).
#[test]
#[ignore]
fn ci_fox_and_geese_8x8() {
    let text = include_str!("data/fox_and_geese.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let parts: Vec<&str> = line.split(';').map(str::trim).collect();
        let position: Position = parts[1].parse().unwrap();
        let r = onag::loopy::games::fox_and_geese::analyse(&position, 1 << 22, &StopFlag::new())
            .unwrap();
        assert_eq!(r.value, parts[2], "{line}");
        // The value's outcome is the retrograde one: 2over > 0, Left wins whoever starts.
        assert_eq!(r.outcome_text, "L", "{line}");
        checked += 1;
    }
    assert!(checked >= 1);
}
