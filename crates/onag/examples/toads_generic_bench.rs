//! The cost of genericity (BENCHMARKS.md, "Game trait"): the values of every Toads-and-Frogs
//! board of at most `MAX_LEN` squares by the generic solver (`generic`) or by the specialised
//! one (`specialised`: Erickson's reductions, packed parts), each in a fresh process, printing
//! the count of boards and a checksum of the values' names (equal for both).
//!
//! ```text
//! toads_generic_bench generic|specialised MAX_LEN
//! ```

use std::hash::{Hash, Hasher};

use onag::games::toads_and_frogs::{Board, Solver, Square};
use onag::games::PartizanSolver;
use onag::partizan::name::name;
use onag::StopFlag;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let max: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(12);
    let generic = args.first().map(String::as_str) == Some("generic");
    let stop = StopFlag::new();
    let mut g_solver: PartizanSolver<Board> = PartizanSolver::new();
    let mut s_solver = Solver::new();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let mut count = 0u64;
    let start = std::time::Instant::now();
    for len in 1..=max {
        for mut code in 0..3usize.pow(len as u32) {
            let squares = (0..len)
                .map(|_| {
                    let s = [Square::Empty, Square::Toad, Square::Frog][code % 3];
                    code /= 3;
                    s
                })
                .collect();
            let b = Board::new(squares).unwrap();
            let value = if generic {
                let g = g_solver.canonical(&b, &stop).unwrap();
                name(g_solver.arena(), g, Default::default())
            } else {
                let g = s_solver.value(&b).unwrap();
                name(s_solver.arena(), g, Default::default())
            };
            value.hash(&mut hasher);
            count += 1;
        }
    }
    println!(
        "{} boards, checksum {:016x}, {:.2} s",
        count,
        hasher.finish(),
        start.elapsed().as_secs_f64()
    );
}
