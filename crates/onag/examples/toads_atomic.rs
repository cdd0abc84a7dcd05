//! Canonical form, atomic weight (all-small values) and reduced canonical form of every
//! Toads-and-Frogs board of length ≤ N (default 12), with timings; the BENCHMARKS.md run
//! against the `cgt` crate. `cargo run --release -p onag --example toads_atomic -- 12 [OUT]`
//! writes `board <TAB> value <TAB> atomic weight or - <TAB> reduced form` lines to OUT; with
//! a third argument PEER (the same lines from the peer program, in any notation onag parses)
//! it also checks that every value, atomic weight and reduced form agrees.

use std::io::Write;
use std::time::Instant;

use onag::games::toads_and_frogs::{Board, Solver, Square};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::parse;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().map_or(Ok(12), |s| s.parse())?;
    let out = args.next();
    let peer = args.next();
    let mut boards = Vec::new();
    for len in 1..=n {
        let mut digits = vec![0usize; len];
        loop {
            let squares = digits
                .iter()
                .map(|&d| [Square::Empty, Square::Toad, Square::Frog][d])
                .collect();
            boards.push(Board::new(squares)?);
            let mut i = 0;
            while i < len && digits[i] == 2 {
                digits[i] = 0;
                i += 1;
            }
            if i == len {
                break;
            }
            digits[i] += 1;
        }
    }
    let mut solver = Solver::new();
    let t0 = Instant::now();
    let values = boards
        .iter()
        .map(|b| solver.value(b))
        .collect::<Result<Vec<_>, _>>()?;
    let t_cf = t0.elapsed();
    let mut arena = solver.into_arena();
    let t1 = Instant::now();
    let mut weights = Vec::with_capacity(values.len());
    let mut all_small = 0;
    for &g in &values {
        weights.push(if arena.is_all_small(g) {
            all_small += 1;
            Some(arena.atomic_weight(g)?)
        } else {
            None
        });
    }
    let t_aw = t1.elapsed();
    let t2 = Instant::now();
    let reduced = values
        .iter()
        .map(|&g| arena.reduced_canonical_form(g))
        .collect::<Result<Vec<_>, _>>()?;
    let t_rcf = t2.elapsed();
    println!(
        "onag: boards {} all-small {all_small} canonical {:.2} s, atomic weight {:.2} s, reduced {:.2} s, total {:.2} s",
        boards.len(),
        t_cf.as_secs_f64(),
        t_aw.as_secs_f64(),
        t_rcf.as_secs_f64(),
        (t_cf + t_aw + t_rcf).as_secs_f64()
    );
    if let Some(path) = peer {
        let text = std::fs::read_to_string(path)?;
        let mut checked = 0;
        for (i, line) in text.lines().enumerate() {
            let fields: Vec<&str> = line.split('\t').collect();
            let ours = [Some(values[i]), weights[i], Some(reduced[i])];
            for (k, field) in fields[1..].iter().enumerate() {
                let theirs = if *field == "-" {
                    None
                } else {
                    Some(parse(&mut arena, field).map_err(|e| format!("{field}: {e}"))?)
                };
                if theirs != ours[k] {
                    return Err(format!("board {} field {k}: peer {field}", fields[0]).into());
                }
                checked += 1;
            }
        }
        println!("peer agrees on all {checked} values, atomic weights and reduced forms");
    }
    if let Some(path) = out {
        let mut f = std::io::BufWriter::new(std::fs::File::create(path)?);
        for (i, b) in boards.iter().enumerate() {
            let text: String = b
                .squares()
                .iter()
                .map(|s| match s {
                    Square::Empty => '.',
                    Square::Toad => 'T',
                    Square::Frog => 'F',
                })
                .collect();
            let w = weights[i].map_or("-".into(), |w| name(&arena, w, NameStyle::Ascii));
            writeln!(
                f,
                "{text}\t{}\t{w}\t{}",
                name(&arena, values[i], NameStyle::Ascii),
                name(&arena, reduced[i], NameStyle::Ascii)
            )?;
        }
    }
    Ok(())
}
