//! The analysis of one board as a printable report: what the Play page, `POST
//! /api/toads/analyze` and `onag toads value` show, computed once here.

use super::analysis::analyse;
use super::board::{Board, Move};
use super::solver::Solver;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::game::{GameError, GameId};
use crate::partizan::name::{name, NameStyle};
use crate::partizan::report::atomic_weight_name;
use crate::partizan::thermograph::Thermographs;
use crate::partizan::{ByPlayer, Outcome, Player};
use crate::{Play, StopFlag};

pub use crate::partizan::report::ThermographReport;

/// One irreducible part of the reduced form and its value.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{board_report, Board};
///
/// let r = board_report(&"TT..F".parse::<Board>().unwrap(), &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.reduced.parts[0].board, "T2□2F");
/// assert_eq!(r.reduced.parts[0].value, "1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PartReport {
    /// The part in run-length notation (`T2.F`).
    pub board: String,
    /// Its canonical value (Unicode names).
    pub value: String,
    /// Its canonical value (ASCII names).
    pub value_ascii: String,
}

/// The reduced form `integer + parts` (Erickson's reductions).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{board_report, Board};
///
/// // A toad with no frog to its right is worth its empty squares: T□□ = □□ + 2.
/// let r = board_report(&"T.F.T..".parse::<Board>().unwrap(), &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.reduced.integer, 2);
/// assert_eq!(r.reduced.parts.len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReducedReport {
    /// The integer split off.
    pub integer: i64,
    /// The parts left.
    pub parts: Vec<PartReport>,
}

/// One legal move and the position after it.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{board_report, Board};
/// use onag::partizan::Player;
///
/// let r = board_report(&"TT..F".parse::<Board>().unwrap(), &onag::StopFlag::new()).unwrap();
/// let left = &r.moves[0];
/// assert_eq!((left.player, left.from, left.to), (Player::Left, 1, 2));
/// assert_eq!((left.squares.as_str(), left.board.as_str()), ("T.T.F", "T□T□F"));
/// assert_eq!((left.value.as_str(), left.winning), ("1*", true));
/// let right = &r.moves[1];
/// assert_eq!((right.player, right.value.as_str(), right.winning), (Player::Right, "3/2", false));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// Who moves.
    pub player: Player,
    /// The square the piece leaves (0-based).
    pub from: usize,
    /// The square it lands on.
    pub to: usize,
    /// The board after the move, run-length notation.
    pub board: String,
    /// The board after the move, one character per square.
    pub squares: String,
    /// Its canonical value (Unicode names).
    pub value: String,
    /// Its mean.
    pub mean: Dyadic,
    /// Its temperature.
    pub temperature: Dyadic,
    /// ✓: the move wins (the opponent, moving next, loses).
    pub winning: bool,
}

/// Everything known about one board: its value, outcome, thermograph, reduced form, every move
/// of both players with its value and ✓/✗, and the computer's choice for each player.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{board_report, Board};
/// use onag::partizan::Outcome;
///
/// let board: Board = "TFT.F.FTF".parse().unwrap();
/// let r = board_report(&board, &onag::StopFlag::new()).unwrap();
/// assert_eq!((r.value.as_str(), r.value_ascii.as_str()), ("-1/2*", "-1/2*"));
/// assert_eq!((r.outcome, r.outcome_words.as_str()), (Outcome::R, "Right (frogs) wins whoever starts"));
/// assert_eq!((r.mean.to_string(), r.temperature.to_string()), ("-1/2".into(), "0".into()));
/// assert_eq!(r.atomic_weight, None); // not infinitesimal
/// assert_eq!(r.reduced_canonical_form, "-1/2");
/// assert_eq!(r.moves.len(), 3);
/// // Right's winning move is the computer's choice for Right.
/// let right = &r.moves[r.computer.right.unwrap()];
/// assert!(right.winning && (right.from, right.to) == (4, 3));
/// assert_eq!((r.board.as_str(), r.length), ("TFT.F.FTF", 9));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoardReport {
    /// The board, one character per square.
    pub board: String,
    /// The board in run-length notation.
    pub notation: String,
    /// Number of squares.
    pub length: usize,
    /// Canonical value, Unicode names (`↑*`, `±1`).
    pub value: String,
    /// Canonical value, ASCII names (CGSuite style).
    pub value_ascii: String,
    /// Outcome class.
    pub outcome: Outcome,
    /// The outcome in words.
    pub outcome_words: String,
    /// Mean value.
    pub mean: Dyadic,
    /// Temperature (negative for numbers).
    pub temperature: Dyadic,
    /// The reduced form.
    pub reduced: ReducedReport,
    /// The atomic weight (Unicode names), `None` unless the value is atomic (Siegel, CGT
    /// §II.7; [`Arena::atomic_weight`](crate::partizan::game::Arena::atomic_weight)).
    pub atomic_weight: Option<String>,
    /// The reduced canonical form (Unicode names).
    pub reduced_canonical_form: String,
    /// The thermograph.
    pub thermograph: ThermographReport,
    /// Every legal move, Left's first, each in board order.
    pub moves: Vec<MoveReport>,
    /// The computer's choice for each player: an index into `moves` (a winning move if there
    /// is one, and among those the best mean for the mover), `None` if the player cannot move.
    pub computer: ByPlayer<Option<usize>>,
}

/// The outcome class in words, as the reports print it.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::outcome_words;
/// use onag::partizan::Outcome;
///
/// assert_eq!(outcome_words(Outcome::P), "the second player wins");
/// ```
pub fn outcome_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::L => "Left (toads) wins whoever starts",
        Outcome::R => "Right (frogs) wins whoever starts",
        Outcome::P => "the second player wins",
        Outcome::N => "the first player wins",
    }
}

/// The full report of `board`, polling `stop` (the web server's time budget).
///
/// Errors with [`GameError::Stopped`] when stopped, or with the solver's or the thermograph's
/// limit errors on boards beyond them.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{board_report, Board};
/// use onag::partizan::Player;
/// let board: Board = "T.F".parse().unwrap();
/// let r = board_report(&board, &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.value, "*");
/// assert_eq!(r.outcome_words, "the first player wins");
/// let left = &r.moves[r.computer.left.unwrap()];
/// assert_eq!((left.player, left.winning), (Player::Left, true));
/// ```
pub fn board_report(board: &Board, stop: &StopFlag) -> Result<BoardReport, GameError> {
    let mut solver = Solver::new();
    let mut thermographs = Thermographs::new();
    board_report_with(&mut solver, &mut thermographs, board, stop)
}

/// [`board_report`] with the caller's solver and thermograph cache (their memos are reused).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{board_report, board_report_with, Board, Solver};
/// use onag::partizan::thermograph::Thermographs;
/// use onag::StopFlag;
///
/// let (mut solver, mut thermographs) = (Solver::new(), Thermographs::new());
/// for text in ["T.F", "TT.F.F", "T.TF.F"] {
///     let board: Board = text.parse().unwrap();
///     let shared = board_report_with(&mut solver, &mut thermographs, &board, &StopFlag::new());
///     assert_eq!(shared.unwrap(), board_report(&board, &StopFlag::new()).unwrap());
/// }
/// ```
pub fn board_report_with(
    solver: &mut Solver,
    thermographs: &mut Thermographs,
    board: &Board,
    stop: &StopFlag,
) -> Result<BoardReport, GameError> {
    // The arena polls `stop` in the atomic weight and thermographs below as well.
    solver.stopping(stop, |solver| report_of(solver, thermographs, board, stop))
}

fn report_of(
    solver: &mut Solver,
    thermographs: &mut Thermographs,
    board: &Board,
    stop: &StopFlag,
) -> Result<BoardReport, GameError> {
    let analysis = analyse(solver, thermographs, board, stop)?;
    let arena = solver.arena_mut();
    let atomic_weight = atomic_weight_name(arena, analysis.value, NameStyle::Unicode)?;
    let rcf = arena.reduced_canonical_form(analysis.value)?;
    let reduced_canonical_form = name(arena, rcf, NameStyle::Unicode);
    let arena = solver.arena();
    let unicode = |g: GameId| name(arena, g, NameStyle::Unicode);
    let th = thermographs.get(arena, analysis.value)?;
    let thermograph = ThermographReport::new(th);
    let mut moves = Vec::with_capacity(analysis.moves.len());
    for info in &analysis.moves {
        stop.check().map_err(|_| GameError::Stopped)?;
        let after = board.play_unchecked(info.mv);
        let th = thermographs.get(arena, info.value)?;
        moves.push(MoveReport {
            player: info.player,
            from: info.mv.from,
            to: info.mv.to,
            board: after.run_length(true),
            squares: after.to_string(),
            value: unicode(info.value),
            mean: th.mean(),
            temperature: th.temperature(),
            winning: info.winning,
        });
    }
    let index = |player: Player, choice: Option<Move>| {
        choice.and_then(|mv| {
            analysis
                .moves
                .iter()
                .position(|m| m.player == player && m.mv == mv)
        })
    };
    let computer = ByPlayer {
        left: index(Player::Left, analysis.best.left.as_ref().map(|c| c.mv)),
        right: index(Player::Right, analysis.best.right.as_ref().map(|c| c.mv)),
    };
    Ok(BoardReport {
        board: board.to_string(),
        notation: board.run_length(true),
        length: board.len(),
        value: unicode(analysis.value),
        value_ascii: name(arena, analysis.value, NameStyle::Ascii),
        outcome: analysis.outcome,
        outcome_words: outcome_words(analysis.outcome).to_string(),
        mean: analysis.mean,
        temperature: analysis.temperature,
        reduced: ReducedReport {
            integer: analysis.integer,
            parts: analysis
                .parts
                .iter()
                .map(|(part, g)| PartReport {
                    board: part.run_length(true),
                    value: unicode(*g),
                    value_ascii: name(arena, *g, NameStyle::Ascii),
                })
                .collect(),
        },
        atomic_weight,
        reduced_canonical_form,
        thermograph,
        moves,
        computer,
    })
}
