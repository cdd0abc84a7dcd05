//! Heap games under misère play: genera and outcomes from canonical forms checked against a
//! brute-force search of heap positions (no theory).

use std::collections::HashMap;

use onag::games::ImpartialGame;
use onag::heaps::misere::{misere_genera, misere_position};
use onag::heaps::{reference, Ruleset};
use onag::misere::misere_outcome;
use onag::partizan::Outcome;
use onag::StopFlag;

/// Heaps of a ruleset plus plain nim heaps (for the genus: G + k·*2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Pos {
    rules: &'static str,
    heaps: Vec<u64>,
    nim: Vec<u64>,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} + nim {:?}", self.heaps, self.nim)
    }
}

impl ImpartialGame for Pos {
    fn options(&self) -> Vec<Pos> {
        let moves = self.rules.parse::<Ruleset>().unwrap().moves();
        let mut out = Vec::new();
        for i in 0..self.heaps.len() {
            moves.for_each_leave(self.heaps[i], |l| {
                let mut h = self.heaps.clone();
                h.remove(i);
                h.extend_from_slice(l.parts());
                h.sort_unstable();
                out.push(Pos {
                    rules: self.rules,
                    heaps: h,
                    nim: self.nim.clone(),
                });
            });
        }
        for i in 0..self.nim.len() {
            for smaller in 0..self.nim[i] {
                let mut n = self.nim.clone();
                n[i] = smaller;
                n.retain(|&x| x > 0);
                n.sort_unstable();
                out.push(Pos {
                    rules: self.rules,
                    heaps: self.heaps.clone(),
                    nim: n,
                });
            }
        }
        out
    }
}

fn brute_misere_grundy(g: &Pos, memo: &mut HashMap<Pos, u32>) -> u32 {
    if let Some(&v) = memo.get(g) {
        return v;
    }
    let opts = g.options();
    let v = if opts.is_empty() {
        1
    } else {
        let vals: Vec<u32> = opts.iter().map(|o| brute_misere_grundy(o, memo)).collect();
        (0..).find(|m| !vals.contains(m)).unwrap()
    };
    memo.insert(g.clone(), v);
    v
}

#[test]
fn heap_genera_match_brute_force() {
    for (rules, top) in [
        ("kayles", 9u64),
        ("0.07", 10),
        ("grundy", 10),
        ("0.137", 9),
        ("nim", 6),
    ] {
        let ruleset: Ruleset = rules.parse().unwrap();
        let r = misere_genera(&ruleset, top, 1 << 20, &StopFlag::new()).unwrap();
        let normal =
            reference::values(&ruleset.moves(), top as usize + 1, &StopFlag::new()).unwrap();
        let mut memo = HashMap::new();
        for h in &r.heaps {
            let genus: onag::misere::Genus = h.genus.parse().unwrap();
            assert_eq!(
                genus.normal, normal[h.heap as usize],
                "{rules} heap {}",
                h.heap
            );
            for k in 0..4usize {
                let p = Pos {
                    rules,
                    heaps: vec![h.heap].into_iter().filter(|&x| x > 0).collect(),
                    nim: vec![2; k],
                };
                assert_eq!(
                    genus.digit(k),
                    brute_misere_grundy(&p, &mut memo),
                    "{rules} heap {}: genus {} digit {k}",
                    h.heap,
                    h.genus
                );
            }
        }
    }
}

#[test]
fn nim_heaps_are_tame() {
    let nim = misere_genera(&"nim".parse().unwrap(), 12, 1 << 20, &StopFlag::new()).unwrap();
    assert_eq!(nim.first_wild, None);
    assert!(nim.heaps.iter().all(|h| h.phylum.tame));
}

#[test]
fn multi_heap_outcomes_and_winning_moves_match_brute_force() {
    let mut seed = 12345u64;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    for rules in ["kayles", "0.07", "grundy", "0.137", "0.6"] {
        let ruleset: Ruleset = rules.parse().unwrap();
        for _ in 0..25 {
            let k = 1 + next(3) as usize;
            let mut heaps: Vec<u64> = (0..k).map(|_| 1 + next(8)).collect();
            heaps.sort_unstable();
            let r = misere_position(&ruleset, &heaps, 1 << 20, &StopFlag::new()).unwrap();
            let p = Pos {
                rules,
                heaps: heaps.clone(),
                nim: vec![],
            };
            let brute = misere_outcome(&p, &StopFlag::new()).unwrap();
            assert_eq!(r.outcome, brute, "{rules} {heaps:?}");
            // with no move the player to move has already won: N, and no move to name
            let expect_move = brute == Outcome::N && !r.moves.is_empty();
            assert_eq!(r.winning_move.is_some(), expect_move, "{rules} {heaps:?}");
            for m in &r.moves {
                let mut after = m.heaps_after.clone();
                after.sort_unstable();
                let q = Pos {
                    rules,
                    heaps: after,
                    nim: vec![],
                };
                let o = misere_outcome(&q, &StopFlag::new()).unwrap();
                assert_eq!(m.winning, o == Outcome::P, "{rules} {heaps:?}: {}", m.text);
            }
        }
    }
}

#[test]
fn a_bound_on_forms_is_a_clear_error() {
    let kayles: Ruleset = "kayles".parse().unwrap();
    let e = misere_position(&kayles, &[20, 20], 50, &StopFlag::new()).unwrap_err();
    assert_eq!(e, onag::misere::MisereError::TooManyForms { limit: 50 });
}
