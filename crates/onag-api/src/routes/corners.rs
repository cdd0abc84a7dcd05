//! `POST /corners/position` (values a ⊗ b, the XOR of the heads coins and, for a chosen coin,
//! every move with its ✓/✗ mark, and the remoteness on boards of at most
//! [`remoteness::MAX_COINS`] coins), `POST /corners/computer`, and `POST /corners/misere`
//! (misère play: every move with its misère ✓/✗ by a memoised search of at most
//! [`limits::MAX_CORNERS_MISERE_POSITIONS`] positions, and the computer's perfect move).

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use onag::games::turning_corners::remoteness::{self, RemotenessReport, RemotenessTable};
use onag::games::turning_corners::{Coin, MoveReport, PositionReport, TurningCorners};
use onag::misere::corners::{corners_misere, CornersMisereError, CornersMisereReport};
use onag::{Play, StopFlag};
use serde::{Deserialize, Serialize};

use crate::limits::{self, check_range};
use crate::ApiError;

/// The body of `POST /corners/position`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PositionRequest {
    /// The side of the square board.
    pub n: usize,
    /// The heads coins `(row, column)`, 1-based.
    pub heads: Vec<(usize, usize)>,
    /// The coin whose moves are listed, if any (must be heads).
    #[serde(default)]
    pub coin: Option<(usize, usize)>,
}

/// The body of `POST /corners/computer`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ComputerRequest {
    /// The side of the square board.
    pub n: usize,
    /// The heads coins `(row, column)`, 1-based.
    pub heads: Vec<(usize, usize)>,
}

/// A checked position request.
#[derive(Clone, Debug)]
pub struct Position {
    /// The position.
    pub game: TurningCorners,
    /// The chosen coin.
    pub coin: Option<(usize, usize)>,
}

/// A checked computer request.
#[derive(Clone, Debug)]
pub struct Computer {
    /// The position.
    pub game: TurningCorners,
}

/// The answer of `POST /corners/position`: the side `n` and the library's report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionResponse {
    /// The side.
    pub n: usize,
    /// Values, total and moves.
    #[serde(flatten)]
    pub report: PositionReport,
    /// The remoteness ("win in k" / "lose in k") of the position and after each listed move,
    /// on boards of at most [`remoteness::MAX_COINS`] coins (4 × 4); else `null`.
    pub remoteness: Option<RemotenessReport>,
}

/// The last remoteness table made (one per board size): a game asks about many positions of
/// the same board.
static REMOTENESS: Mutex<Option<Arc<RemotenessTable>>> = Mutex::new(None);

/// The remoteness table of `game`'s board, or `None` beyond [`remoteness::MAX_COINS`] coins.
fn table_for(game: &TurningCorners) -> Option<Arc<RemotenessTable>> {
    let (rows, cols) = game.size();
    if rows * cols > remoteness::MAX_COINS {
        return None;
    }
    super::kept_table(
        &REMOTENESS,
        |t| t.size() == (rows, cols),
        || RemotenessTable::new(rows, cols).ok(),
    )
}

/// Validates an n×n board; a coin listed twice is rejected (the page never sends one, so it
/// signals a confused client rather than a position).
fn board(n: usize, heads: &[(usize, usize)]) -> Result<TurningCorners, ApiError> {
    check_range(
        "n",
        n,
        *limits::CORNERS_SIDES.start()..=*limits::CORNERS_SIDES.end(),
    )?;
    if heads.len() > n * n {
        return Err(ApiError::bad(format!(
            "more heads coins than the {n}×{n} board holds"
        )));
    }
    let mut seen = BTreeSet::new();
    for &coin in heads {
        if !seen.insert(coin) {
            return Err(ApiError::bad(format!(
                "coin ({}, {}) is listed twice",
                coin.0, coin.1
            )));
        }
    }
    let coins: Vec<Coin> = heads.iter().map(|&(a, b)| Coin::new(a, b)).collect();
    TurningCorners::from_heads(n, n, &coins).map_err(|e| ApiError::bad(e.to_string()))
}

impl PositionRequest {
    /// Checks the board and the chosen coin.
    pub fn checked(self) -> Result<Position, ApiError> {
        let game = board(self.n, &self.heads)?;
        if let Some((a, b)) = self.coin {
            if !game.is_heads(Coin::new(a, b)) {
                return Err(ApiError::bad(format!(
                    "coin ({a}, {b}) is not heads: only heads coins move"
                )));
            }
        }
        Ok(Position {
            game,
            coin: self.coin,
        })
    }
}

impl Position {
    /// The answer.
    pub fn run(&self) -> Result<PositionResponse, ApiError> {
        let report = self
            .game
            .report(self.coin.map(|(a, b)| Coin::new(a, b)))
            .map_err(|e| ApiError::bad(e.to_string()))?;
        let coin = self.coin.map(|(a, b)| Coin::new(a, b));
        Ok(PositionResponse {
            n: self.game.size().0,
            report,
            remoteness: table_for(&self.game).and_then(|t| t.report(&self.game, coin)),
        })
    }
}

impl ComputerRequest {
    /// Checks the board.
    pub fn checked(self) -> Result<Computer, ApiError> {
        Ok(Computer {
            game: board(self.n, &self.heads)?,
        })
    }
}

impl Computer {
    /// The engine's choice: where the board has a remoteness table, Steinhaus' rule (the
    /// quickest win, or the slowest loss); else a winning move when one exists, else the
    /// lowest-value coin alone.
    pub fn run(&self) -> Result<MoveReport, ApiError> {
        let by_rule = table_for(&self.game)
            .and_then(|t| t.best_move(&self.game))
            .map(|mv| MoveReport::new(mv, self.game.play_unchecked(mv).value() == 0));
        by_rule
            .or_else(|| self.game.computer_report())
            .ok_or_else(|| ApiError::bad("no heads coin: the game is over"))
    }
}

/// The body of `POST /corners/misere`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MisereRequest {
    /// The side of the square board.
    pub n: usize,
    /// The heads coins `(row, column)`, 1-based.
    pub heads: Vec<(usize, usize)>,
    /// Misère play (the only convention of this route; accepted for the pages' misère call).
    #[serde(default)]
    pub misere: bool,
}

/// A checked misère request.
#[derive(Clone, Debug)]
pub struct Misere {
    /// The position.
    pub game: TurningCorners,
}

/// The answer of `POST /corners/misere`: the side, the library's report and the computer's
/// move (the first winning move, else the first move; `null` with no heads coin).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MisereResponse {
    /// The side.
    pub n: usize,
    /// Outcome, positions searched, moves.
    #[serde(flatten)]
    pub report: CornersMisereReport,
    /// The computer's move.
    pub computer: Option<MoveReport>,
}

impl MisereRequest {
    /// Checks the board.
    pub fn checked(self) -> Result<Misere, ApiError> {
        Ok(Misere {
            game: board(self.n, &self.heads)?,
        })
    }
}

impl Misere {
    /// The misère analysis, polling `stop`.
    pub fn run(&self, stop: &StopFlag) -> Result<MisereResponse, ApiError> {
        let report = corners_misere(&self.game, limits::MAX_CORNERS_MISERE_POSITIONS, stop)
            .map_err(|e| match e {
                CornersMisereError::Stopped => {
                    ApiError::stopped("the misère analysis was stopped (time budget)")
                }
                e @ CornersMisereError::TooLarge { .. } => ApiError::too_large(format!(
                    "this position is too large for an exact misère analysis here: {e}"
                )),
            })?;
        let computer = report
            .winning_move
            .or(if report.moves.is_empty() {
                None
            } else {
                Some(0)
            })
            .map(|i| report.moves[i].clone());
        Ok(MisereResponse {
            n: self.game.size().0,
            report,
            computer,
        })
    }
}
