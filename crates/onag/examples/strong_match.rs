//! A match between two settings of the strong computer on Domineering: the weight of a safe
//! move in its heuristic (`StrongOptions::safe_weight`; a move of mobility weighs 4). Each
//! game starts from the empty board after a few random moves (seeded) and is played twice,
//! each setting once as Left; each move is searched to a node budget, so the match does not
//! depend on the machine's load.
//!
//! `cargo run --release -p onag --example strong_match -- --weights 8 0 --nodes 20000
//! --games 20 --board 8x8`

use onag::games::domineering::Domineering;
use onag::games::outcome::strong::{StrongChooser, StrongOptions};
use onag::games::PartizanGame;
use onag::partizan::Player;
use onag::StopFlag;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str, default: &str| -> String {
        args.iter()
            .position(|a| a == flag)
            .map_or(default.to_string(), |i| args[i + 1].clone())
    };
    let weights: Vec<i32> = {
        let i = args.iter().position(|a| a == "--weights");
        match i {
            Some(i) => vec![args[i + 1].parse().unwrap(), args[i + 2].parse().unwrap()],
            None => vec![8, 0],
        }
    };
    let nodes: u64 = value("--nodes", "20000").parse().unwrap();
    let games: u64 = value("--games", "20").parse().unwrap();
    let opening: u64 = value("--random-moves", "4").parse().unwrap();
    let board = value("--board", "8x8");
    let (rows, cols) = board.split_once('x').unwrap();
    let empty = Domineering::empty(rows.parse().unwrap(), cols.parse().unwrap()).unwrap();
    let mut seed: u64 = value("--seed", "1").parse().unwrap();
    let mut random = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let mut wins = [0u64; 2];
    for game in 0..games {
        // the opening: random moves, Left first
        let mut start = empty;
        let mut player = Player::Left;
        for _ in 0..opening {
            let options = start.options(player);
            start = options[random() % options.len()];
            player = player.opposite();
        }
        for a_is_left in [true, false] {
            let (mut pos, mut to_move) = (start, player);
            let mut moves = 0;
            let winner_is_a = loop {
                if pos.options(to_move).is_empty() {
                    // the player to move loses
                    let a_to_move = (to_move == Player::Left) == a_is_left;
                    break !a_to_move;
                }
                let a_to_move = (to_move == Player::Left) == a_is_left;
                let options = StrongOptions {
                    safe_weight: weights[if a_to_move { 0 } else { 1 }],
                    ..StrongOptions::default()
                };
                let stop = StopFlag::new();
                let flag = stop.clone();
                let mut chooser = StrongChooser::new(options).on_progress(move |p| {
                    if p.nodes >= nodes {
                        flag.stop();
                    }
                });
                let m = chooser.choose(&pos, to_move, &stop).unwrap().unwrap();
                pos = m.after;
                to_move = to_move.opposite();
                moves += 1;
            };
            wins[usize::from(!winner_is_a)] += 1;
            println!(
                "game {game} ({}), weight {} as {}: {} wins after {moves} moves",
                start,
                weights[0],
                if a_is_left { "Left" } else { "Right" },
                if winner_is_a { weights[0] } else { weights[1] }
            );
        }
    }
    println!(
        "weight {} against weight {}: {} to {} ({} games, {} nodes a move)",
        weights[0],
        weights[1],
        wins[0],
        wins[1],
        2 * games,
        nodes
    );
}
