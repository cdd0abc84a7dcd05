//! The memory profile of a family run: after each board of T^A □^b F^C, the parts memoised,
//! their table bytes, the arena's games, option ids, memo entries and bytes, and the seconds.
//!
//! `cargo run --release -p onag --example toads_profile -- A C B1 B2 [lengths]`

use std::time::Instant;

use onag::games::toads_and_frogs::{family, Solver};
use onag::partizan::name::{name, NameStyle};
use onag::StopFlag;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .take(4)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let [a, c, lo, hi] = args[..] else {
        panic!("usage: toads_profile A C B1 B2 [lengths]");
    };
    let lengths = std::env::args().nth(5).is_some();
    let child = onag::deep_stack::deep_thread("run")
        .spawn(move || {
            let mut solver = Solver::new();
            let start = Instant::now();
            println!("b\tseconds\tparts\tpart_MB\tgames\toption_ids\tarena_memo\tarena_MB\tvalue");
            for b in lo..=hi {
                // one board at a time (the family drops the parts later boards cannot reach)
                let g = family(&mut solver, a, c, b..=b, &StopFlag::new(), |_, _| {})
                    .expect("solvable")[0]
                    .1;
                let f = solver.footprint();
                let arena_mb =
                    (f.arena.node_bytes + f.arena.option_bytes + f.arena.memo_bytes) as f64 / 1e6;
                println!(
                    "{b}\t{:.2}\t{}\t{:.1}\t{}\t{}\t{}\t{arena_mb:.1}\t{}",
                    start.elapsed().as_secs_f64(),
                    f.parts,
                    f.part_bytes as f64 / 1e6,
                    f.arena.games,
                    f.arena.option_ids,
                    f.arena.memo_entries,
                    name(solver.arena(), g, NameStyle::Ascii)
                );
            }
            if lengths {
                for (n, k) in solver.parts_by_length().iter().enumerate() {
                    if *k > 0 {
                        println!("length {n}: {k} parts");
                    }
                }
            }
        })
        .expect("a thread");
    child.join().expect("the run");
}
