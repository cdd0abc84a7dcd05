//! Remoteness of heap positions: the memoised search against a plain recursion over the
//! position type, the Sprague–Grundy law (odd exactly when the nim-sum is not 0), the report's
//! moves against its position, and the bound.

use onag::heaps::position::{position_report, remoteness, Heaps, REMOTENESS_WORK};
use onag::heaps::{Ruleset, Strategy};
use onag::{Play, StopFlag};
use proptest::prelude::*;

const RULESETS: &[&str] = &[
    "nim",
    "kayles",
    "dawsons-kayles",
    "0.137",
    "4.07",
    "grundy",
    "0.6",
    "0.17",
    "0.15",
    "treblecross",
];

/// The definition, recursively over `Heaps` and its moves (no memo: tiny positions only).
fn plain(pos: &Heaps) -> u32 {
    let after: Vec<u32> = pos
        .moves()
        .into_iter()
        .map(|m| plain(&pos.play_unchecked(m)))
        .collect();
    match after.iter().filter(|r| *r % 2 == 0).min() {
        Some(even) => even + 1,
        None => after.iter().max().map_or(0, |odd| odd + 1),
    }
}

fn ruleset(i: usize) -> Ruleset {
    RULESETS[i % RULESETS.len()].parse().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn the_search_is_the_definition(r in 0usize..RULESETS.len(), heaps in prop::collection::vec(1u64..5, 0..4)) {
        let rules = ruleset(r);
        let stop = StopFlag::new();
        let want = plain(&Heaps::new(rules.clone(), heaps.clone()));
        prop_assert_eq!(remoteness(&rules, &heaps, u64::MAX, &stop).unwrap(), Some(want));
    }

    #[test]
    fn odd_exactly_when_the_player_to_move_wins(r in 0usize..RULESETS.len(), heaps in prop::collection::vec(1u64..9, 0..4)) {
        let rules = ruleset(r);
        let report = position_report(&rules, &heaps, Strategy::Perfect, &StopFlag::new()).unwrap();
        let Some(rem) = report.remoteness else { return Ok(()); };
        prop_assert_eq!(rem % 2 == 1, report.to_move_wins, "{:?} under {}: {}", heaps, rules, rem);
        // each move: the remoteness after it is even exactly when it wins (✓), and the
        // position's is 1 + the least even one, else 1 + the greatest
        let after: Vec<u32> = report.moves.iter().map(|m| m.remoteness.unwrap()).collect();
        for (m, r) in report.moves.iter().zip(&after) {
            prop_assert_eq!(r % 2 == 0, m.winning, "{}", m.text);
        }
        let want = match after.iter().filter(|r| *r % 2 == 0).min() {
            Some(even) => even + 1,
            None => after.iter().max().map_or(0, |odd| odd + 1),
        };
        prop_assert_eq!(rem, want);
    }
}

#[test]
fn large_positions_are_past_the_bound_quickly() {
    let kayles: Ruleset = "kayles".parse().unwrap();
    let started = std::time::Instant::now();
    let report =
        position_report(&kayles, &[60, 55, 47], Strategy::Perfect, &StopFlag::new()).unwrap();
    assert_eq!(report.remoteness, None);
    assert!(report.moves.iter().all(|m| m.remoteness.is_none()));
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    // a long subtraction game searches without recursion: 5,000 plies deep
    let sub: Ruleset = "0.3".parse().unwrap();
    assert_eq!(
        remoteness(&sub, &[10_000], REMOTENESS_WORK, &StopFlag::new())
            .unwrap()
            .map(|r| r % 2),
        Some(0)
    );
}

#[test]
fn a_raised_flag_stops_the_search() {
    let stop = StopFlag::new();
    stop.stop();
    let dawson: Ruleset = "dawsons-kayles".parse().unwrap();
    assert!(remoteness(&dawson, &[20, 21, 22], u64::MAX, &stop).is_err());
}
