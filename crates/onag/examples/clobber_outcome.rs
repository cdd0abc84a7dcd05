//! Measures the fast Clobber outcome solver on positions with one player to move: for each
//! `L:POSITION` (Left, CGSuite's black, to move) or `R:POSITION`, whether the player to
//! move wins, the nodes, how often each piece of knowledge answered, and the time
//! (docs/outcome-search.md lists the figures; the 6×6 positions there are the Müller group's
//! MCGS test positions).
//!
//! ```text
//! clobber_outcome [--bits B] [--max-seconds S] L:xoxo|oxox R:...
//! ```

use std::time::Instant;

use onag::games::clobber::Clobber;
use onag::games::outcome::clobber::ClobberSolver;
use onag::games::outcome::domineering::TableSize;
use onag::partizan::Player;
use onag::StopFlag;

fn main() {
    let mut bits = 22;
    let mut max_seconds = 0.0f64;
    let mut positions = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--bits" => bits = args.next().and_then(|x| x.parse().ok()).unwrap_or(22),
            "--max-seconds" => {
                max_seconds = args.next().and_then(|x| x.parse().ok()).unwrap_or(0.0)
            }
            _ => {
                let parsed = a.split_once(':').and_then(|(p, text)| {
                    let player = match p {
                        "L" => Player::Left,
                        "R" => Player::Right,
                        _ => return None,
                    };
                    Some((player, text.parse::<Clobber>().ok()?))
                });
                match parsed {
                    Some(pos) => positions.push(pos),
                    None => {
                        eprintln!("not L:POSITION or R:POSITION: {a}");
                        std::process::exit(2);
                    }
                }
            }
        }
    }
    for (player, board) in positions {
        let stop = StopFlag::new();
        if max_seconds > 0.0 {
            let s = stop.clone();
            std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_secs_f64(max_seconds));
                s.stop();
            });
        }
        let mut solver = ClobberSolver::new(TableSize::Bits(bits));
        let start = Instant::now();
        let r = solver.wins_moving_first(&board, player, &stop);
        let secs = start.elapsed().as_secs_f64();
        let answer = match r {
            Ok(true) => "wins",
            Ok(false) => "loses",
            Err(_) => "not solved",
        };
        println!(
            "{board} {player:?} to move {answer}: {} nodes, {secs:.2} s, {:?}",
            solver.nodes(),
            solver.stats()
        );
    }
}
