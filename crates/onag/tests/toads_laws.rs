//! Laws on random boards: joined = sum, thermograph mean additivity and the temperature bound,
//! the computer player, and cancellation through a StopFlag.

use onag::games::toads_and_frogs::{best_move, Board, Solver, Square};
use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::GameError;
use onag::partizan::thermograph::Thermographs;
use onag::partizan::Player;
use onag::Play;
use onag::StopFlag;

/// xorshift64*: reproducible random boards without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn board(&mut self, max_len: u64) -> Board {
        let len = 1 + self.next() % max_len;
        let squares = (0..len)
            .map(|_| {
                [Square::Empty, Square::Empty, Square::Toad, Square::Frog]
                    [(self.next() % 4) as usize]
            })
            .collect();
        Board::new(squares).unwrap()
    }
}

fn pairs(count: usize, max_len: u64) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut solver = Solver::new();
    let mut th = Thermographs::new();
    for _ in 0..count {
        let (a, b) = (rng.board(max_len), rng.board(max_len));
        let (ga, gb) = (solver.value(&a).unwrap(), solver.value(&b).unwrap());
        let joined = solver.value(&a.joined(&b).unwrap()).unwrap();
        let sum = solver.arena_mut().add(ga, gb).unwrap();
        assert_eq!(joined, sum, "{a} TTFF {b}");
        let (ma, ta) = {
            let t = th.get(solver.arena(), ga).unwrap();
            (t.mean(), t.temperature())
        };
        let (mb, tb) = {
            let t = th.get(solver.arena(), gb).unwrap();
            (t.mean(), t.temperature())
        };
        let ts = th.get(solver.arena(), sum).unwrap();
        assert_eq!(ts.mean(), ma.checked_add(mb).unwrap(), "mean({a} + {b})");
        assert!(ts.temperature() <= ta.max(tb), "temperature({a} + {b})");
    }
}

/// The 20,000 random pairs of boards (up to 10 squares each).
#[test]
fn thermograph_laws_on_20000_random_pairs() {
    pairs(20_000, 10);
}

#[test]
fn computer_plays_a_winning_move_with_the_best_mean() {
    let mut rng = Rng(7);
    let mut solver = Solver::new();
    let mut th = Thermographs::new();
    let zero = solver.arena().zero();
    for _ in 0..300 {
        let board = rng.board(10);
        for player in [Player::Left, Player::Right] {
            let choice = best_move(&mut solver, &mut th, &board, player).unwrap();
            let mut any_wins = false;
            let mut best_winning_mean: Option<Dyadic> = None;
            for mv in board.moves(player) {
                let g = solver.value(&board.play_unchecked(mv)).unwrap();
                let wins = match player {
                    Player::Left => solver.arena_mut().le(zero, g),
                    Player::Right => solver.arena_mut().le(g, zero),
                };
                if wins {
                    any_wins = true;
                    let m = th.get(solver.arena(), g).unwrap().mean();
                    best_winning_mean = Some(match (best_winning_mean, player) {
                        (None, _) => m,
                        (Some(b), Player::Left) => b.max(m),
                        (Some(b), Player::Right) => b.min(m),
                    });
                }
            }
            match choice {
                None => assert!(board.moves(player).is_empty()),
                Some(c) => {
                    assert_eq!(c.winning, any_wins, "{board} {player:?}");
                    if any_wins {
                        assert_eq!(Some(c.mean), best_winning_mean, "{board} {player:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_raised_stop_flag_stops_the_solver() {
    let stop = StopFlag::new();
    stop.stop();
    let mut solver = Solver::new();
    let board = Board::standard(6, 8, 6).unwrap();
    assert_eq!(
        solver.value_with_stop(&board, &stop),
        Err(GameError::Stopped)
    );
    // small boards finish before the first poll, and the solver stays usable
    let g = solver
        .value_with_stop(&"TT.FF".parse().unwrap(), &StopFlag::new())
        .unwrap();
    assert_eq!(solver.arena().as_nus(g), Some((Dyadic::ZERO, 0, 1)));
}

#[test]
fn analysis_of_a_board() {
    use onag::games::toads_and_frogs::analyse;
    use onag::partizan::name::{name, NameStyle};
    let mut solver = Solver::new();
    let mut th = Thermographs::new();
    let board: Board = "T.TF.F.6".parse().unwrap();
    let a = analyse(&mut solver, &mut th, &board, &StopFlag::new()).unwrap();
    assert_eq!(name(solver.arena(), a.value, NameStyle::Ascii), "{13/2|1}");
    assert_eq!(
        (a.mean.to_string(), a.temperature.to_string()),
        ("15/4".into(), "11/4".into())
    );
    assert_eq!(
        a.moves.len(),
        board.moves(Player::Left).len() + board.moves(Player::Right).len()
    );
    assert!(a.best.left.as_ref().unwrap().winning);
    assert_eq!(a.integer, 0);
    assert_eq!(a.parts.len(), 1);
}
