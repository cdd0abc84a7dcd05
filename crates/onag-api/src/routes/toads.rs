//! `POST /toads/analyze`: the library's [`BoardReport`] of a board (value, outcome, mean,
//! temperature, reduced form, thermograph, every move of both players with its value and ✓/✗,
//! the computer's choice). Values can take long on hard boards; the solver polls the flag.

use onag::games::toads_and_frogs::{board_report, Board, BoardReport};
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

/// A checked request: the parsed board, at most [`limits::MAX_TOADS_SQUARES`] squares.
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
        let board: Board = self
            .board
            .parse()
            .map_err(|e| ApiError::bad(format!("board: {e}")))?;
        if board.len() > limits::MAX_TOADS_SQUARES {
            return Err(ApiError::bad(format!(
                "the board has {} squares; the web app takes at most {} (the command line \
                 `onag toads` takes longer boards)",
                board.len(),
                limits::MAX_TOADS_SQUARES
            )));
        }
        Ok(Analyze { board })
    }
}

impl Analyze {
    /// The report, polling `stop`.
    pub fn run(&self, stop: &StopFlag) -> Result<BoardReport, ApiError> {
        board_report(&self.board, stop).map_err(game_error)
    }
}
