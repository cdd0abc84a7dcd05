//! Values of single boards, one fresh solver each, under a per-board time limit: the research
//! runner for the Ta□bFc tables. Prints one TSV line per board as it finishes (or gives up):
//! `board  toads  blanks  frogs  squares  value  seconds  parts  part_MB  arena_games
//! estimate` (the estimate is [`estimate_work`]).
//!
//! `cargo run --release -p onag --example toads_cells -- SECONDS A,B,C [A,B,C …]`
//! (A toads, B blanks, C frogs; value `?` when the limit was reached). `SECONDS!` stops at the
//! first board that reaches the limit (for a series of growing boards). `TOADS_RESERVE_PARTS=N`
//! sizes each solver's table of crowded parts for N entries up front (one long board).

use std::time::{Duration, Instant};

use onag::games::toads_and_frogs::{estimate_work, Board, Solver};
use onag::partizan::name::{name, NameStyle};
use onag::StopFlag;

fn main() {
    let mut args = std::env::args().skip(1);
    let first = args.next().expect("SECONDS");
    let series = first.ends_with('!');
    let limit: f64 = first.trim_end_matches('!').parse().expect("SECONDS");
    let cells: Vec<[usize; 3]> = args
        .map(|a| {
            let v: Vec<usize> = a.split(',').map(|x| x.parse().expect("a number")).collect();
            [v[0], v[1], v[2]]
        })
        .collect();
    // TOADS_RESERVE_PARTS=N sizes the crowded parts' table for N entries up front
    let reserve: Option<usize> = std::env::var("TOADS_RESERVE_PARTS")
        .ok()
        .map(|n| n.parse().expect("TOADS_RESERVE_PARTS: a number"));
    let child = onag::deep_stack::deep_thread("run")
        .spawn(move || {
            println!("# board\ttoads\tblanks\tfrogs\tsquares\tvalue\tseconds\tparts\tpart_MB\tarena_games\testimate");
            for [a, b, c] in cells {
                let board = Board::standard(a, b, c).expect("a board");
                let stop = StopFlag::new();
                let timer = {
                    let stop = stop.clone();
                    std::thread::spawn(move || {
                        let end = Instant::now() + Duration::from_secs_f64(limit);
                        while Instant::now() < end && !stop.is_stopped() {
                            std::thread::sleep(Duration::from_millis(50));
                        }
                        stop.stop();
                    })
                };
                let mut solver = Solver::new();
                if let Some(n) = reserve {
                    solver.reserve_crowded_parts(n);
                }
                let start = Instant::now();
                let value = solver.value_with_stop(&board, &stop);
                let secs = start.elapsed().as_secs_f64();
                stop.stop();
                let _ = timer.join();
                let f = solver.footprint();
                let timed_out = value.is_err();
                let shown = match value {
                    Ok(g) => name(solver.arena(), g, NameStyle::Ascii),
                    Err(_) => "?".to_string(),
                };
                println!(
                    "T{a}.{b}F{c}\t{a}\t{b}\t{c}\t{}\t{shown}\t{secs:.2}\t{}\t{:.1}\t{}\t{:.3e}",
                    a + b + c,
                    f.parts,
                    f.part_bytes as f64 / 1e6,
                    f.arena.games,
                    estimate_work(&board)
                );
                if std::env::var_os("TOADS_PROFILE").is_some() {
                    for (what, entries, bytes) in solver.arena().table_profile() {
                        eprintln!("{what}\t{entries}\t{:.1} MB", bytes as f64 / 1e6);
                    }
                }
                if series && timed_out {
                    break;
                }
            }
        })
        .expect("a thread");
    child.join().expect("the run");
}
