//! `POST /toads/analyze`: the library's [`BoardReport`] of a board (value, outcome, mean,
//! temperature, reduced form, thermograph, every move of both players with its value and ✓/✗,
//! the computer's choice), and the board's remoteness ("win in k" / "lose in k") where its game
//! tree is small. Values can take long on hard boards; the solver polls the flag.

use std::sync::{Arc, Mutex};

use onag::games::toads_and_frogs::remoteness::{RemotenessReport, RemotenessTable};
use onag::games::toads_and_frogs::{
    board_report, estimate_work, Board, BoardError, BoardReport, PARTS_PER_WORK,
};
use onag::partizan::game::GameError;
use onag::StopFlag;
use serde::{Deserialize, Serialize};

use crate::limits::{self, check_notation};
use crate::ApiError;

/// The body of `POST /toads/analyze`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AnalyzeRequest {
    /// The board: squares `T`, `F`, `.` (or `□`), run-length notation allowed (`T2.F`).
    pub board: String,
}

/// A checked request: the parsed board, at most [`limits::MAX_TOADS_SQUARES`] squares and a
/// work estimate of at most [`limits::MAX_TOADS_WORK`].
#[derive(Clone, Debug)]
pub struct Analyze {
    /// The board.
    pub board: Board,
}

fn game_error(e: GameError) -> ApiError {
    match e {
        GameError::Stopped => ApiError::stopped("the analysis was stopped (time budget)"),
        other => ApiError::too_large(format!("this board is beyond the engine's limits: {other}")),
    }
}

impl AnalyzeRequest {
    /// Parses and bounds the board.
    pub fn checked(self) -> Result<Analyze, ApiError> {
        check_notation("board", &self.board)?;
        // One stated limit: a board longer than the library's own bound is refused with the
        // web app's bound, like any other board too long for it.
        let too_long = |len: Option<usize>| {
            let size = match len {
                Some(len) => format!("the board has {len} squares"),
                None => "the board's repeat count is too large to count".to_string(),
            };
            ApiError::bad(format!(
                "{size}; the web app takes at most {} (the command line `onag toads` takes \
                 longer boards)",
                limits::MAX_TOADS_SQUARES
            ))
        };
        let board: Board = self.board.parse().map_err(|e| match e {
            // The parser saturates a count that overflows; say so rather than print it.
            BoardError::TooLong { len, .. } => too_long((len != usize::MAX).then_some(len)),
            e => ApiError::bad(format!("board: {e}")),
        })?;
        if board.len() > limits::MAX_TOADS_SQUARES {
            return Err(too_long(Some(board.len())));
        }
        let work = estimate_work(&board);
        if work > limits::MAX_TOADS_WORK as f64 {
            return Err(ApiError::too_large(format!(
                "this board's work estimate is {work:.1e} (placements of the pieces play could \
                 reach); the web app analyses boards up to {:.0e}, as more needs more time and \
                 memory than a page has. Run it natively on the command line: `onag toads value \
                 {}`",
                limits::MAX_TOADS_WORK as f64,
                board.run_length(false)
            )));
        }
        Ok(Analyze { board })
    }
}

/// The answer of `POST /toads/analyze`: the library's board report and the remoteness.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalyzeResponse {
    /// Value, outcome, thermograph, reduced form, every move with its value and ✓/✗.
    #[serde(flatten)]
    pub report: BoardReport,
    /// The remoteness of both players, after every move (in `moves` order) and the move
    /// Steinhaus' rule plays (quickest win, slowest loss), when at most [`limits::MAX_TOADS_REMOTENESS_BOARDS`] boards
    /// are reachable from this one; else `null`.
    pub remoteness: Option<RemotenessReport>,
}

/// The last remoteness table made: every board reachable from its root, so it answers for
/// every later position of a game started there (exactly as a fresh table of that board
/// would, its boards being a subset).
static REMOTENESS: Mutex<Option<Arc<RemotenessTable>>> = Mutex::new(None);

/// The remoteness report of `board`, or `None` when more than [`limits::MAX_TOADS_REMOTENESS_BOARDS`] boards are
/// reachable from it.
fn remoteness_of(board: &Board) -> Option<RemotenessReport> {
    super::kept_table(
        &REMOTENESS,
        |t| t.contains(board),
        || RemotenessTable::new(board, limits::MAX_TOADS_REMOTENESS_BOARDS).ok(),
    )?
    .report(board)
}

impl Analyze {
    /// The report, polling `stop`, with the remoteness where the game tree is small.
    /// The solver reports parts solved on `stop`, against the estimate set here.
    pub fn run(&self, stop: &StopFlag) -> Result<AnalyzeResponse, ApiError> {
        stop.set_total(estimate_work(&self.board) * PARTS_PER_WORK);
        let report = board_report(&self.board, stop).map_err(game_error)?;
        Ok(AnalyzeResponse {
            report,
            remoteness: remoteness_of(&self.board),
        })
    }
}
