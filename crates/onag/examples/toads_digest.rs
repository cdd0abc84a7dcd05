//! Prints, per board length 1..=N (argument, default 12), the number of boards and a 64-bit
//! FNV-1a digest of the canonical names of all their values in enumeration order: compare the
//! output of two builds to check a solver change board by board.
//!
//! `toads_digest N [MIN]`: with MIN, board parts of at most 4 pieces and at least MIN squares
//! are solved by the sweep (`Solver::set_sweep_min_len`; default: the solver's own bound,
//! beyond these lengths), so `toads_digest 14 1` checks the sweep on every board ≤ 14.

use onag::games::toads_and_frogs::{all_boards, Solver};
use onag::partizan::name::{name, NameStyle};

fn main() {
    let max_len: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12);
    let mut solver = Solver::new();
    if let Some(min) = std::env::args().nth(2) {
        solver.set_sweep_min_len(Some(min.parse().expect("MIN: a length")));
    }
    for len in 1..=max_len {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut n = 0u64;
        for board in all_boards(len) {
            let g = solver.value(&board).expect("solvable");
            for b in name(solver.arena(), g, NameStyle::Ascii)
                .bytes()
                .chain([b'\n'])
            {
                h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
            n += 1;
        }
        println!("{len} {n} {h:016x}");
    }
}
