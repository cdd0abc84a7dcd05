//! The Domineering benchmark of BENCHMARKS.md ("Game trait"): canonical forms of empty
//! rectangles and of a deterministic sample of shapes with blocked squares by the generic
//! solver, in the same line format as the peer program (the `cgt` crate 0.11, built outside
//! this repository), and the comparison of the two outputs' values.
//!
//! ```text
//! domineering_bench rects MAX_SIDE          the empty rectangles r×c, 1 ≤ r, c ≤ MAX_SIDE
//! domineering_bench sample COUNT SEED       COUNT random shapes with blocked squares
//! domineering_bench solve FILE [--fresh]    board<TAB>value<TAB>seconds per line; total
//! domineering_bench compare A B             the values of two such outputs, equal?
//! domineering_bench recheck FILE            recompute board<TAB>value lines (results/)
//! ```

use std::time::Instant;

use onag::games::domineering::Domineering;
use onag::games::PartizanSolver;
use onag::partizan::game::Arena;
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::{parse_with_limits, ParseLimits};
use onag::splitmix::SplitMix64;
use onag::StopFlag;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str).unwrap_or("");
    match arg(0) {
        "rects" => {
            let max: usize = arg(1).parse().expect("MAX_SIDE");
            let mut all: Vec<(usize, usize)> = (1..=max)
                .flat_map(|r| (1..=max).map(move |c| (r, c)))
                .collect();
            all.sort_by_key(|&(r, c)| (r * c, r));
            for (r, c) in all {
                println!("{}", Domineering::empty(r, c).unwrap());
            }
        }
        "sample" => {
            // shapes of 3–7 rows and columns, at most 40 cells, each cell blocked with
            // probability 1/4
            let count: usize = arg(1).parse().expect("COUNT");
            // SplitMix64: the deterministic sample
            let mut rng = SplitMix64::new(arg(2).parse().expect("SEED"));
            let mut n = 0;
            while n < count {
                let r = 3 + (rng.next_u64() % 5) as usize;
                let c = 3 + (rng.next_u64() % 5) as usize;
                if r * c > 40 {
                    continue;
                }
                let mut text = String::new();
                for i in 0..r {
                    if i > 0 {
                        text.push('|');
                    }
                    for _ in 0..c {
                        text.push(if rng.next_u64().is_multiple_of(4) { '#' } else { '.' });
                    }
                }
                println!("{text}");
                n += 1;
            }
        }
        "solve" => {
            let fresh = args.iter().any(|a| a == "--fresh");
            let text = std::fs::read_to_string(arg(1)).expect("a file of boards");
            let stop = StopFlag::new();
            let start = Instant::now();
            let mut solver = PartizanSolver::new();
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                if fresh {
                    solver = PartizanSolver::new();
                }
                let t = Instant::now();
                let board: Domineering = line.trim().parse().expect("a board");
                let g = solver.canonical(&board, &stop).expect("a value");
                println!(
                    "{}\t{}\t{:.3}",
                    line.trim(),
                    name(solver.arena(), g, NameStyle::Ascii),
                    t.elapsed().as_secs_f64()
                );
            }
            let u = solver.usage();
            eprintln!(
                "total {:.3} s; last solver: {} table entries ({} MB), {} arena games ({} MB)",
                start.elapsed().as_secs_f64(),
                u.table_entries,
                u.table_bytes >> 20,
                u.arena_games,
                u.arena_bytes >> 20
            );
        }
        "compare" => {
            let read = |p: &str| -> Vec<(String, String)> {
                std::fs::read_to_string(p)
                    .expect("an output file")
                    .lines()
                    .filter_map(|l| {
                        let mut f = l.split('\t');
                        Some((f.next()?.to_string(), f.next()?.to_string()))
                    })
                    .collect()
            };
            let (a, b) = (read(arg(1)), read(arg(2)));
            let mut arena = Arena::new();
            let limits = ParseLimits {
                max_len: 1 << 24,
                max_depth: 10_000,
                ..ParseLimits::default()
            };
            let (mut same, mut differ) = (0, 0);
            for ((ba, va), (bb, vb)) in a.iter().zip(&b) {
                assert_eq!(ba, bb, "the two outputs list other boards");
                let x = parse_with_limits(&mut arena, va, limits).expect("value A");
                let y = parse_with_limits(&mut arena, vb, limits).expect("value B");
                if x == y {
                    same += 1;
                } else {
                    differ += 1;
                    println!("DIFFER {ba}: {va} vs {vb}");
                }
            }
            println!("{same} equal, {differ} different, of {} and {} lines", a.len(), b.len());
        }
        "recheck" => {
            let text = std::fs::read_to_string(arg(1)).expect("a results file");
            let stop = StopFlag::new();
            let limits = ParseLimits {
                max_len: 1 << 24,
                max_depth: 10_000,
                ..ParseLimits::default()
            };
            let (mut same, mut differ) = (0, 0);
            for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
                let (board, value) = line.split_once('\t').expect("board<TAB>value");
                let mut solver = PartizanSolver::new();
                let t = Instant::now();
                let g = solver
                    .canonical(&board.parse::<Domineering>().expect("a board"), &stop)
                    .expect("a value");
                let stored = parse_with_limits(solver.arena_mut(), value, limits).expect("a value");
                let u = solver.usage();
                let ok = g == stored;
                if ok {
                    same += 1;
                } else {
                    differ += 1;
                }
                println!(
                    "{} {board}: {:.2} s, {} table entries ({} MB), {} arena games ({} MB)",
                    if ok { "equal" } else { "DIFFERENT" },
                    t.elapsed().as_secs_f64(),
                    u.table_entries,
                    u.table_bytes >> 20,
                    u.arena_games,
                    u.arena_bytes >> 20
                );
            }
            println!("{same} equal, {differ} different");
            if differ > 0 {
                std::process::exit(1);
            }
        }
        _ => eprintln!("usage: domineering_bench rects N | sample COUNT SEED | solve FILE [--fresh] | compare A B | recheck FILE"),
    }
}
