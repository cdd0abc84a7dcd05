//! Every single-region Domineering position up to N squares in canonical form: the census's
//! rows as they finish. `-- N` runs the census (`onag solve domineering --regions N` is the
//! same with a results file); `-- N --generic` solves the same classes with the generic
//! `PartizanSolver` instead (the baseline in BENCHMARKS.md), printing the largest temperature
//! per size, which must agree.
//! `cargo run --release -p onag --example domineering_census -- 14 [--generic]`
use std::time::Instant;

use onag::games::domineering_census::{census, fixed_polyominoes, region};
use onag::games::PartizanSolver;
use onag::partizan::dyadic::Dyadic;
use onag::StopFlag;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let start = Instant::now();
    if std::env::args().any(|a| a == "--generic") {
        let mut solver = PartizanSolver::new();
        for size in 1..=n {
            let (mut classes, mut hottest) = (0u64, Dyadic::from(-1));
            fixed_polyominoes(size, |cells| {
                if cells.len() == size {
                    let board = region(cells).unwrap();
                    // the class once: the generic solver's own key
                    let key = onag::games::PartizanGame::symmetric_key(&board).key;
                    if key == board {
                        classes += 1;
                        let v = solver.canonical(&board, &StopFlag::new()).unwrap();
                        let t = solver.arena_mut().mean_and_temperature(v).unwrap().1;
                        hottest = hottest.max(t);
                    }
                }
                true
            });
            println!(
                "{size:>2} squares: {classes} classes, largest temperature {hottest}  [{:.1} s]",
                start.elapsed().as_secs_f64()
            );
        }
        return;
    }
    let c = census(n, &StopFlag::new(), |row| {
        println!(
            "{:>2} squares: {} classes, {} values, largest temperature {} ({} classes)  [{:.1} s]",
            row.cells,
            row.classes,
            row.distinct_values,
            row.max_temperature,
            row.hottest_count,
            start.elapsed().as_secs_f64()
        );
    })
    .unwrap();
    println!(
        "{} distinct values; tinies and minies: {:?}",
        c.distinct_values, c.tiny_names
    );
}
