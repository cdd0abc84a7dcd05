//! Misère canonical forms checked against brute force (the game graph alone), CGSuite's
//! outputs and Conway's counts.

mod common;

use std::collections::HashMap;

use onag::games::cram::Cram;
use onag::games::turning_corners::TurningCorners;
use onag::games::ImpartialGame;
use onag::misere::{
    misere_nim_outcome, misere_outcome, Classifier, Genus, MisereId, MisereSolver, MisereStore,
    MisereSum,
};
use onag::StopFlag;

/// A game tree: its options.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Tree(Vec<Tree>);

impl std::fmt::Display for Tree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{{")?;
        for (i, t) in self.0.iter().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{t}")?;
        }
        write!(f, "}}")
    }
}

impl ImpartialGame for Tree {
    fn options(&self) -> Vec<Tree> {
        self.0.clone()
    }
}

fn nim(n: usize) -> Tree {
    Tree((0..n).map(nim).collect())
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Random trees: each built from up to `width` earlier ones.
fn random_trees(seed: u64, count: usize, width: usize) -> Vec<Tree> {
    let mut rng = Rng(seed);
    let mut pool = vec![Tree(vec![])];
    while pool.len() < count {
        let k = rng.below(width + 1);
        let mut opts: Vec<Tree> = (0..k)
            .map(|_| pool[rng.below(pool.len())].clone())
            .collect();
        opts.sort();
        opts.dedup();
        pool.push(Tree(opts));
    }
    pool
}

/// The misère Grundy value from the graph: 1 with no move, else the mex of the options'.
fn brute_misere_grundy<G: ImpartialGame>(g: &G, memo: &mut HashMap<G, u32>) -> u32 {
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

fn stop() -> StopFlag {
    StopFlag::new()
}

#[test]
fn conways_counts_of_games_born_by_day_four() {
    // Conway, On Numbers and Games, ch. 12: 1, 2, 3, 5, 22 misère-distinct games are born
    // by days 0 to 4.
    let mut store = MisereStore::new();
    let mut born = vec![MisereId::ZERO];
    let mut counts = vec![1];
    for _day in 1..=4 {
        let mut next: Vec<MisereId> = Vec::new();
        for mask in 0u64..(1 << born.len()) {
            let opts: Vec<MisereId> = (0..born.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| born[i])
                .collect();
            next.push(store.from_options(&opts).unwrap());
        }
        next.sort();
        next.dedup();
        born = next;
        counts.push(born.len());
    }
    assert_eq!(counts, [1, 2, 3, 5, 22]);
}

#[test]
#[ignore = "exhaustive: CI runs it with --ignored ci_"]
fn ci_distinct_forms_born_by_day_four_are_told_apart_by_brute_force() {
    // the 2^16 trees of day 4 fall into Conway's 22 forms; every pair of distinct forms has
    // a test game X (one of the 22, or one plus a nim heap) with o⁻(G + X) ≠ o⁻(H + X), and trees of one form agree
    // with every X — outcomes computed on trees with no theory
    let mut day = vec![Tree(vec![])];
    for _ in 0..4 {
        let mut next = Vec::new();
        for mask in 0u64..(1 << day.len()) {
            next.push(Tree(
                (0..day.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| day[i].clone())
                    .collect(),
            ));
        }
        day = next;
    }
    assert_eq!(day.len(), 1 << 16);
    let mut solver = MisereSolver::new();
    let mut reps: Vec<(MisereId, Tree)> = Vec::new();
    let mut forms = Vec::new();
    for t in &day {
        let g = solver.canonical(t, &stop()).unwrap();
        if !reps.iter().any(|(h, _)| *h == g) {
            reps.push((g, t.clone()));
        }
        forms.push(g);
    }
    assert_eq!(reps.len(), 22);
    let outcome_with = |a: &Tree, x: &[Tree]| {
        let mut parts = vec![a.clone()];
        parts.extend_from_slice(x);
        parts.sort();
        misere_outcome(&MisereSum(parts), &stop()).unwrap()
    };
    // test games: each of the 22, and each plus a nim heap of 1 to 3
    let mut testers: Vec<Vec<Tree>> = Vec::new();
    for (_, x) in &reps {
        testers.push(vec![x.clone()]);
        for k in 1..=3 {
            testers.push(vec![x.clone(), nim(k)]);
        }
    }
    for (i, (_, a)) in reps.iter().enumerate() {
        for (_, b) in &reps[i + 1..] {
            let told = testers
                .iter()
                .any(|x| outcome_with(a, x) != outcome_with(b, x));
            assert!(
                told,
                "{a} and {b} have different forms but no distinguisher"
            );
        }
    }
    for (t, g) in day.iter().zip(&forms).step_by(1999) {
        let rep = &reps.iter().find(|(h, _)| h == g).unwrap().1;
        for x in &testers {
            assert_eq!(
                outcome_with(t, x),
                outcome_with(rep, x),
                "{t} ~ {rep} with {x:?}"
            );
        }
    }
}

#[test]
fn equal_forms_agree_with_every_brute_force_test_game() {
    // the 2^(2^3)… trees of day 3 fall into 5 forms; trees of one form must behave alike
    // in sums with random test games
    let trees = random_trees(7, 120, 3);
    let testers = random_trees(99, 40, 3);
    let mut solver = MisereSolver::new();
    let mut first: HashMap<MisereId, Tree> = HashMap::new();
    for t in &trees {
        let g = solver.canonical(t, &stop()).unwrap();
        let rep = first.entry(g).or_insert_with(|| t.clone()).clone();
        for x in &testers {
            let a = misere_outcome(&MisereSum(vec![t.clone(), x.clone()]), &stop()).unwrap();
            let b = misere_outcome(&MisereSum(vec![rep.clone(), x.clone()]), &stop()).unwrap();
            assert_eq!(a, b, "{t} and {rep} share a form but differ with {x}");
        }
    }
}

#[test]
fn outcome_and_genus_of_random_games_and_sums_match_brute_force() {
    let trees = random_trees(2024, 150, 4);
    let mut solver = MisereSolver::new();
    let mut memo = HashMap::new();
    let ids: Vec<MisereId> = trees
        .iter()
        .map(|t| solver.canonical(t, &stop()).unwrap())
        .collect();
    let mut rng = Rng(5);
    for (t, &g) in trees.iter().zip(&ids) {
        assert_eq!(
            solver.store().outcome(g),
            misere_outcome(t, &stop()).unwrap(),
            "{t}"
        );
        // genus digit k: the misère Grundy value of G + k·*2, from the graph
        let genus = solver.store().genus(g).clone();
        for k in 0..5 {
            let mut parts = vec![t.clone()];
            parts.extend(std::iter::repeat_n(nim(2), k));
            parts.sort();
            let v = brute_misere_grundy(&MisereSum(parts), &mut memo);
            assert_eq!(genus.digit(k), v, "{t}: genus {genus} digit {k}");
        }
    }
    for _ in 0..200 {
        let k = 2 + rng.below(2);
        let pick: Vec<usize> = (0..k).map(|_| rng.below(trees.len())).collect();
        let mut parts: Vec<Tree> = pick.iter().map(|&i| trees[i].clone()).collect();
        parts.sort();
        let sid: Vec<MisereId> = pick.iter().map(|&i| ids[i]).collect();
        let s = solver.store_mut().sum_all(&sid).unwrap();
        let brute = misere_outcome(&MisereSum(parts.clone()), &stop()).unwrap();
        assert_eq!(solver.store().outcome(s), brute, "{:?}", parts);
        assert_eq!(
            solver.store().misere_grundy(s),
            brute_misere_grundy(&MisereSum(parts), &mut memo)
        );
    }
}

#[test]
fn misere_nim_rule_matches_forms_and_brute_force() {
    let mut store = MisereStore::new();
    for a in 0..5u64 {
        for b in 0..5u64 {
            for c in 0..4u64 {
                let heaps = [a, b, c];
                let ids: Vec<MisereId> = heaps.iter().map(|&h| store.nimber(h as u32)).collect();
                let s = store.sum_all(&ids).unwrap();
                let mut parts: Vec<Tree> = heaps.iter().map(|&h| nim(h as usize)).collect();
                parts.sort();
                let brute = misere_outcome(&MisereSum(parts), &stop()).unwrap();
                assert_eq!(misere_nim_outcome(&heaps), brute, "{heaps:?}");
                assert_eq!(store.outcome(s), brute, "{heaps:?}");
            }
        }
    }
}

#[test]
fn print_parse_round_trip_on_random_forms() {
    let trees = random_trees(31, 200, 4);
    let mut solver = MisereSolver::new();
    for t in &trees {
        let g = solver.canonical(t, &stop()).unwrap();
        let text = solver.store_mut().name(g);
        let back = solver.store_mut().parse(&text).unwrap();
        assert_eq!(back, g, "{text}");
        let gtext = solver.store().genus(g).to_string();
        assert_eq!(gtext.parse::<Genus>().unwrap(), *solver.store().genus(g));
    }
}

/// CGSuite's genus string expanded to the full form: no superscript for a nim heap, one
/// digit for its tame and restive phyla (its `Genus.supDigit`).
fn expand_cgsuite_genus(text: &str, generally_tame: bool) -> Genus {
    let (g, sup) = text.split_once('^').unwrap_or((text, ""));
    let g: u32 = g.parse().unwrap();
    let digits: Vec<u32> = sup.chars().map(|c| c.to_digit(10).unwrap()).collect();
    let full: Vec<u32> = match digits.len() {
        0 => (0..4)
            .map(|i| match i {
                0 if g < 2 => 1 - g,
                _ => g ^ ((i & 1) << 1),
            })
            .collect(),
        1 => (0..4)
            .map(|i| match i {
                0 => digits[0],
                _ if generally_tame => g ^ ((i & 1) << 1),
                _ => (if digits[0] < 4 { digits[0] } else { g }) ^ ((i & 1) << 1),
            })
            .collect(),
        _ => digits,
    };
    let text: String = full.iter().map(u32::to_string).collect();
    format!("{g}^{text}").parse().unwrap()
}

#[test]
fn cgsuite_published_forms() {
    let text = std::fs::read_to_string(common::data_dir().join("misere_cgsuite.txt")).unwrap();
    let mut store = MisereStore::new();
    let mut classes = Classifier::new();
    let mut rows = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let b = |i: usize| f[i] == "true";
        let g = store
            .parse(f[0])
            .unwrap_or_else(|e| panic!("{}: {e}", f[0]));
        assert_eq!(store.name(g), f[1], "form of {}", f[0]);
        assert_eq!(store.parse(f[1]).unwrap(), g, "{} read back", f[1]);
        assert_eq!(store.birthday(g).to_string(), f[2], "birthday of {}", f[1]);
        assert_eq!(
            *store.genus(g),
            expand_cgsuite_genus(f[3], b(9)),
            "genus of {}",
            f[1]
        );
        assert_eq!(
            store.misere_grundy(g).to_string(),
            f[4],
            "misère nim value of {}",
            f[1]
        );
        assert_eq!(store.outcome(g).to_string(), f[5], "outcome of {}", f[1]);
        assert_eq!(store.grundy(g).to_string(), f[6], "nim value of {}", f[1]);
        let ph = classes.phylum(&store, g);
        assert_eq!(
            [
                ph.nim_heap,
                ph.tame,
                ph.generally_tame,
                ph.restive,
                ph.generally_restive,
                ph.restless
            ],
            [b(7), b(8), b(9), b(10), b(11), b(12)],
            "phylum of {}",
            f[1]
        );
        assert_eq!(
            classes.half_tame(&mut store, g).unwrap(),
            b(13),
            "half-tame {}",
            f[1]
        );
        rows += 1;
    }
    assert_eq!(rows, 14);
}

#[test]
fn cram_positions_match_brute_force() {
    let boards = [
        "...",
        "....",
        "..|..",
        "...|...",
        "...|..#",
        "....|....",
        "...|...|...",
        "#..|...|..#",
        "....|.##.|....",
        "..#..|.....",
        "...|#.#|...",
    ];
    let mut solver = MisereSolver::new();
    let mut singles = Vec::new();
    for b in boards {
        let c: Cram = b.parse().unwrap();
        let g = solver.canonical(&c, &stop()).unwrap();
        assert_eq!(
            solver.store().outcome(g),
            misere_outcome(&c, &stop()).unwrap(),
            "{b}"
        );
        singles.push((c, g));
    }
    // sums of two boards
    for (a, ga) in singles.iter().take(6) {
        for (b, gb) in singles.iter().take(6) {
            let s = solver.store_mut().sum(*ga, *gb).unwrap();
            let mut parts = vec![*a, *b];
            parts.sort_by_key(|p| p.to_string());
            let brute = misere_outcome(&MisereSum2(parts), &stop()).unwrap();
            assert_eq!(solver.store().outcome(s), brute, "{a} + {b}");
        }
    }
}

/// A sum of Cram boards (Cram has no order, so a two-part sum without sorting).
#[derive(Clone, PartialEq, Eq, Hash)]
struct MisereSum2(Vec<Cram>);
impl std::fmt::Display for MisereSum2 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} + {}", self.0[0], self.0[1])
    }
}
impl ImpartialGame for MisereSum2 {
    fn options(&self) -> Vec<Self> {
        let mut out = Vec::new();
        for i in 0..self.0.len() {
            for o in self.0[i].options() {
                let mut p = self.0.clone();
                p[i] = o;
                out.push(MisereSum2(p));
            }
        }
        out
    }
}

#[test]
fn wythoff_and_turning_corners_positions_match_brute_force() {
    use onag::wythoff::positions::Position;
    for text in [
        "5:(1,2)",
        "6:(2,3)",
        "5:(3,3)",
        "6:(4,2)",
        "5:(1,1),(2,0)",
        "4:(2,3),(1,1)",
    ] {
        let Ok(p) = text.parse::<Position>() else {
            continue;
        };
        let mut solver = MisereSolver::new();
        let g = solver.canonical(&p, &stop()).unwrap();
        assert_eq!(
            solver.store().outcome(g),
            misere_outcome(&p, &stop()).unwrap(),
            "{text}"
        );
    }
    for text in [
        "3x3:2,2",
        "3x3:1,2",
        "3x4:2,3",
        "3x3:2,2 1,1",
        "4x4:3,3 2,1",
    ] {
        let p: TurningCorners = text.parse().unwrap();
        let mut solver = MisereSolver::new();
        let g = solver.canonical(&p, &stop()).unwrap();
        assert_eq!(
            solver.store().outcome(g),
            misere_outcome(&p, &stop()).unwrap(),
            "{text}"
        );
    }
}

/// The registry's examples under misère play, checked move by move against brute force: the
/// report's outcome, and each move's ✓/✗ (a move wins iff it leaves a misère P-position).
#[test]
fn registry_examples_match_brute_force_move_by_move() {
    use onag::games::registry::GAMES;
    use onag::misere::analyze_misere;
    use onag::partizan::Outcome;
    let cases: Vec<(&str, String)> = GAMES
        .iter()
        .filter(|g| g.kind == onag::games::analysis::GameKind::Impartial)
        .map(|g| (g.name, g.example.to_string()))
        .chain([
            // separate regions: a disjunctive sum, solved part by part
            ("cram", "..#...|..#...|###...".to_string()),
            ("cram", "...#..|.#.#..|...#..".to_string()),
        ])
        .collect();
    assert!(cases.iter().any(|(g, _)| *g == "turning-corners"));
    for (game, text) in &cases {
        let r = analyze_misere(game, text, 1 << 20, &stop()).unwrap();
        macro_rules! brute {
            ($t:ty) => {{
                let p: $t = text.parse().unwrap();
                let opts = p.options();
                let outs: Vec<Outcome> = opts
                    .iter()
                    .map(|o| misere_outcome(o, &stop()).unwrap())
                    .collect();
                (misere_outcome(&p, &stop()).unwrap(), outs)
            }};
        }
        let (outcome, moves) = match *game {
            "cram" => brute!(Cram),
            "turning-corners" => brute!(TurningCorners),
            "euclid" => brute!(onag::games::euclid::Euclid),
            "wythoff" => brute!(onag::wythoff::positions::Position),
            other => panic!("no brute force for {other}"),
        };
        assert_eq!(r.outcome, outcome, "{game} {text}");
        assert_eq!(r.moves.len(), moves.len(), "{game} {text}");
        for (m, o) in r.moves.iter().zip(&moves) {
            assert_eq!(m.winning, *o == Outcome::P, "{game} {text} {}", m.label);
        }
    }
}

/// A bounded name is the full name when it fits, and `None` when it does not.
#[test]
fn bounded_names_agree_with_full_names() {
    let mut solver = MisereSolver::new();
    for (i, t) in random_trees(11, 300, 4).iter().enumerate() {
        let g = solver.canonical(t, &stop()).unwrap();
        let store = solver.store_mut();
        let full = store.name(g);
        assert_eq!(
            store.name_within(g, full.len()).as_ref(),
            Some(&full),
            "{i}"
        );
        if full.len() > 4 {
            assert_eq!(store.name_within(g, full.len() - 1), None, "{i}");
        }
    }
}

/// A nim heap reached from its options (before the store built it as a heap) is still named
/// as one: `*[2]`, not its options' `*[10]`.
#[test]
fn nim_heaps_reached_from_options_are_nim_heaps() {
    let mut store = MisereStore::new();
    let one = store.from_options(&[MisereId::ZERO]).unwrap();
    let two = store.from_options(&[MisereId::ZERO, one]).unwrap();
    let three = store.from_options(&[MisereId::ZERO, one, two]).unwrap();
    assert_eq!(store.as_nimber(two), Some(2));
    assert_eq!(store.as_nimber(three), Some(3));
    assert_eq!(store.name(three), "*[3]");
    let not_heap = store.from_options(&[two]).unwrap(); // *[2#]
    assert_eq!(store.as_nimber(not_heap), None);
    assert_eq!(store.nimber(3), three);
}

#[test]
fn the_misere_notation_error_does_not_shadow_the_registry_trait() {
    // `onag::games::registry::NotationError` is the trait every game's notation error
    // implements; misère notation has its own error type under its own name.
    let err: onag::misere::MisereNotationError = MisereStore::new().parse("*[2#").unwrap_err();
    assert!(err.to_string().contains("(at character"), "{err}");
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut stack = vec![std::path::PathBuf::from(src)];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for kind in ["struct", "enum", "type"] {
                    assert!(
                        !text.contains(&format!("pub {kind} NotationError")),
                        "{} declares a {kind} NotationError beside the registry's trait",
                        path.display()
                    );
                }
            }
        }
    }
}
