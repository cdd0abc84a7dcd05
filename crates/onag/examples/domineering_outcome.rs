//! Measures the fast Domineering outcome solver on empty rectangles: for each `RxC` board,
//! the outcome, the nodes with each player first, how often each rule answered, and the
//! time (docs/outcome-search.md lists the figures).
//!
//! ```text
//! domineering_outcome [--bits B] [--threads T] [--max-seconds S] [--checkpoint FILE [--every S]] RxC...
//! ```
//!
//! With `--checkpoint FILE` (one board): the table is loaded from FILE when it exists and
//! written back when the run ends, finished or stopped by `--max-seconds`, so a long solve
//! goes on across runs (`DomineeringSolver::checkpoint`); with `--every S` also every S
//! seconds of the run (the search stops, the table is written, and the search goes on from
//! the table, which keeps every answer found so far).

use std::time::Instant;

use onag::games::domineering::Domineering;
use onag::games::outcome::domineering::{DomineeringSolver, TableSize};
use onag::StopFlag;

fn main() {
    let mut bits = 22;
    let mut max_seconds = 0.0f64;
    let mut boards = Vec::new();
    let mut checkpoint: Option<std::path::PathBuf> = None;
    let mut every = 0.0f64;
    let mut threads = 1;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--bits" => bits = args.next().and_then(|x| x.parse().ok()).unwrap_or(22),
            "--checkpoint" => checkpoint = args.next().map(Into::into),
            "--threads" => threads = args.next().and_then(|x| x.parse().ok()).unwrap_or(1),
            "--every" => every = args.next().and_then(|x| x.parse().ok()).unwrap_or(0.0),
            "--max-seconds" => {
                max_seconds = args.next().and_then(|x| x.parse().ok()).unwrap_or(0.0)
            }
            _ => match a
                .split_once('x')
                .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
            {
                Some(rc) => boards.push(rc),
                None => {
                    eprintln!(
                        "usage: domineering_outcome [--bits B] [--threads T] [--max-seconds S] [--checkpoint FILE [--every S]] RxC..."
                    );
                    std::process::exit(2);
                }
            },
        }
    }
    for (r, c) in boards {
        let Some(board) = Domineering::empty(r, c) else {
            eprintln!("{r}×{c}: not a board");
            continue;
        };
        let start = Instant::now();
        let mut solver = DomineeringSolver::new(TableSize::Bits(bits)).with_threads(threads);
        if let Some(path) = checkpoint.as_ref().filter(|p| p.exists()) {
            let bytes = std::fs::read(path).expect("the checkpoint file");
            match solver.restore(&board, &bytes) {
                Ok(n) => eprintln!("{r}×{c}: {n} table entries from {}", path.display()),
                Err(e) => {
                    eprintln!("{}: {e}", path.display());
                    std::process::exit(2);
                }
            }
        }
        let result = loop {
            // one round: up to the next checkpoint or the end of the time allowed
            let left = if max_seconds > 0.0 {
                max_seconds - start.elapsed().as_secs_f64()
            } else {
                f64::INFINITY
            };
            let round = if every > 0.0 && checkpoint.is_some() {
                left.min(every)
            } else {
                left
            };
            let stop = StopFlag::new();
            if round.is_finite() {
                let s = stop.clone();
                let wait = std::time::Duration::from_secs_f64(round.max(0.0));
                std::thread::spawn(move || {
                    std::thread::sleep(wait);
                    s.stop();
                });
            }
            let result = solver.solve(&board, &stop);
            if let Some(path) = &checkpoint {
                let tmp = path.with_extension("tmp");
                std::fs::write(&tmp, solver.checkpoint()).expect("write the checkpoint");
                std::fs::rename(&tmp, path).expect("write the checkpoint");
                eprintln!(
                    "{r}×{c}: checkpoint after {} nodes, {:.0} s",
                    solver.nodes(),
                    start.elapsed().as_secs_f64()
                );
            }
            let out_of_time = max_seconds > 0.0 && start.elapsed().as_secs_f64() >= max_seconds;
            if result.is_ok() || out_of_time || checkpoint.is_none() || every <= 0.0 {
                break result;
            }
        };
        match result {
            Ok(o) => println!(
                "{r}x{c} {} left_first {} right_first {} total {} {:.2} s {:?}",
                o.outcome,
                o.left_first.nodes,
                o.right_first.nodes,
                solver.nodes(),
                start.elapsed().as_secs_f64(),
                solver.stats()
            ),
            Err(e) => println!(
                "{r}x{c} {e} after {} nodes {:.2} s {:?}",
                solver.nodes(),
                start.elapsed().as_secs_f64(),
                solver.stats()
            ),
        }
    }
}
