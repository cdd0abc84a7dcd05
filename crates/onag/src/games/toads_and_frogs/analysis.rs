//! The analysis of one board: every move with its value and ✓/✗, and the computer's move.

use super::board::{Board, Move};
use super::solver::Solver;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::game::{GameError, GameId};
use crate::partizan::thermograph::Thermographs;
use crate::partizan::Player;
use crate::{Play, StopFlag};

/// The computer's choice for `player` on `board`.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{best_move, Board, Move, Solver};
/// use onag::partizan::thermograph::Thermographs;
/// use onag::partizan::Player;
///
/// let (mut solver, mut thermographs) = (Solver::new(), Thermographs::new());
/// let board: Board = "T.TF.F".parse().unwrap();
/// let c = best_move(&mut solver, &mut thermographs, &board, Player::Left).unwrap().unwrap();
/// assert_eq!(c.mv, Move { from: 2, to: 4 }); // the jump wins
/// assert!(c.winning);
/// assert_eq!(c.mean.to_string(), "0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Whether it wins (the position after it is a loss for the opponent moving first).
    pub winning: bool,
    /// The mean value of the position after it.
    pub mean: Dyadic,
}

/// A winning move if there is one, and among those (or among all moves, when none wins) the
/// one whose result has the best mean for `player`; `None` when `player` cannot move.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{best_move, Board, Move, Solver};
/// use onag::partizan::thermograph::Thermographs;
/// use onag::partizan::Player;
///
/// let (mut solver, mut thermographs) = (Solver::new(), Thermographs::new());
/// // No move of Left wins on T□2F (value 0): the better mean, −1/2, is all there is.
/// let board: Board = "T..F".parse().unwrap();
/// let c = best_move(&mut solver, &mut thermographs, &board, Player::Left).unwrap().unwrap();
/// assert_eq!((c.mv, c.winning), (Move { from: 0, to: 1 }, false));
/// let stuck: Board = "TTFF".parse().unwrap();
/// assert_eq!(best_move(&mut solver, &mut thermographs, &stuck, Player::Left).unwrap(), None);
/// ```
pub fn best_move(
    solver: &mut Solver,
    thermographs: &mut Thermographs,
    board: &Board,
    player: Player,
) -> Result<Option<Choice>, GameError> {
    let zero = solver.arena().zero();
    let mut best: Option<Choice> = None;
    for mv in board.moves(player) {
        let g = solver.value(&board.play_unchecked(mv))?;
        let winning = match player {
            Player::Left => solver.arena_mut().try_le(zero, g)?,
            Player::Right => solver.arena_mut().try_le(g, zero)?,
        };
        let mean = thermographs.get(solver.arena(), g)?.mean();
        let better = match &best {
            None => true,
            Some(b) if winning != b.winning => winning,
            Some(b) => match player {
                Player::Left => mean > b.mean,
                Player::Right => mean < b.mean,
            },
        };
        if better {
            best = Some(Choice { mv, winning, mean });
        }
    }
    Ok(best)
}

/// One legal move and what it leads to.
///
/// # Examples
/// See [`analyse`].
#[derive(Clone, Debug)]
pub struct MoveInfo {
    /// Who moves.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// The value of the position after it.
    pub value: GameId,
    /// Whether it keeps a win: the position after it is a loss for the opponent moving first.
    pub winning: bool,
}

/// Everything the Play page shows about a board.
///
/// # Examples
/// See [`analyse`]; [`board_report`](super::board_report) is the printable form.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The board's value.
    pub value: GameId,
    /// Its outcome class.
    pub outcome: crate::partizan::Outcome,
    /// The mean value (the mast of the thermograph).
    pub mean: Dyadic,
    /// Temperature.
    pub temperature: Dyadic,
    /// Left stop.
    pub left_stop: Dyadic,
    /// Right stop.
    pub right_stop: Dyadic,
    /// The reduced form: integer and the parts with their values.
    pub integer: i64,
    /// Irreducible parts and their values.
    pub parts: Vec<(Board, GameId)>,
    /// Every legal move of both players with the value after it.
    pub moves: Vec<MoveInfo>,
    /// The computer's choice for each player (see [`best_move`]).
    pub best: crate::partizan::ByPlayer<Option<Choice>>,
}

/// Analyses `board` for the Play page, polling `stop` (the web server's time budget).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{analyse, Board, Solver};
/// use onag::partizan::name::{name, NameStyle};
/// use onag::partizan::thermograph::Thermographs;
/// use onag::partizan::{Outcome, Player};
///
/// let (mut solver, mut thermographs) = (Solver::new(), Thermographs::new());
/// let board: Board = "TT..F".parse().unwrap();
/// let a = analyse(&mut solver, &mut thermographs, &board, &onag::StopFlag::new()).unwrap();
/// assert_eq!(name(solver.arena(), a.value, NameStyle::Ascii), "1");
/// assert_eq!(a.outcome, Outcome::L);
/// assert_eq!((a.mean.to_string(), a.temperature.to_string()), ("1".into(), "-1".into()));
/// assert_eq!((a.left_stop, a.right_stop), (a.mean, a.mean)); // a number
/// assert_eq!((a.integer, a.parts.len()), (0, 1));
/// assert_eq!(a.moves.len(), 2);
/// assert!(a.moves[0].player == Player::Left && a.moves[0].winning);
/// assert_eq!(a.best.left.unwrap().mv, a.moves[0].mv);
/// ```
pub fn analyse(
    solver: &mut Solver,
    thermographs: &mut Thermographs,
    board: &Board,
    stop: &StopFlag,
) -> Result<Analysis, GameError> {
    // The arena polls `stop` in the comparisons and thermographs below as well.
    solver.stopping(stop, |solver| {
        analysis_of(solver, thermographs, board, stop)
    })
}

fn analysis_of(
    solver: &mut Solver,
    thermographs: &mut Thermographs,
    board: &Board,
    stop: &StopFlag,
) -> Result<Analysis, GameError> {
    let value = solver.value_with_stop(board, stop)?;
    let zero = solver.arena().zero();
    let mut moves = Vec::new();
    for player in [Player::Left, Player::Right] {
        for mv in board.moves(player) {
            let g = solver.value_with_stop(&board.play_unchecked(mv), stop)?;
            let winning = match player {
                Player::Left => solver.arena_mut().try_le(zero, g)?,
                Player::Right => solver.arena_mut().try_le(g, zero)?,
            };
            moves.push(MoveInfo {
                player,
                mv,
                value: g,
                winning,
            });
        }
    }
    let reduced = super::reduce::reduce(board);
    let mut parts = Vec::with_capacity(reduced.parts.len());
    for p in reduced.parts {
        let g = solver.part_value(&p)?;
        parts.push((p, g));
    }
    let best = crate::partizan::ByPlayer {
        left: best_move(solver, thermographs, board, Player::Left)?,
        right: best_move(solver, thermographs, board, Player::Right)?,
    };
    let outcome = solver.arena_mut().try_outcome(value)?;
    let th = thermographs.get(solver.arena(), value)?;
    Ok(Analysis {
        value,
        outcome,
        mean: th.mean(),
        temperature: th.temperature(),
        left_stop: th.left_stop(),
        right_stop: th.right_stop(),
        integer: reduced.integer,
        parts,
        moves,
        best,
    })
}
