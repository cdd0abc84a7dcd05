//! `POST /wythoff/position` (g per queen, XOR, every move ✓/✗), `/wythoff/computer`,
//! `/wythoff/table` (the heat map) and `/wythoff/row` (the row plot g(x, y) − y with its
//! preperiod and period, proven by the engine's periodicity search).

use std::sync::{Arc, Mutex};

use onag::wythoff::positions::{Analyser, Analysis, Move, Position, MAX_QUEENS};
use onag::wythoff::remoteness::{self, RemotenessReport, RemotenessTable};
use onag::wythoff::report::{row_plot_report, table_report, RowPlotReport, TableReport};
use onag::wythoff::WythoffError;
use onag::Play;
use onag::StopFlag;
use serde::{Deserialize, Serialize};

use crate::limits::{self, check_range};
use crate::ApiError;

fn engine_error(e: WythoffError) -> ApiError {
    match e {
        WythoffError::Stopped => onag::Stopped.into(),
        WythoffError::TooLarge { .. } | WythoffError::Invalid(_) => ApiError::bad(e.to_string()),
        WythoffError::WindowViolated { .. } => ApiError::internal(e.to_string()),
    }
}

/// The body of `POST /wythoff/position` and `POST /wythoff/computer`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PositionRequest {
    /// The side of the board (coordinates `0..side`).
    pub side: u32,
    /// The queens `(x, y)`.
    pub queens: Vec<(u32, u32)>,
}

/// A checked position: the board's Grundy table and the position.
#[derive(Clone, Debug)]
pub struct Queens {
    /// The analyser (the Grundy table of the board).
    pub analyser: Analyser,
    /// The position.
    pub position: Position,
}

impl PositionRequest {
    /// Validates the board and builds the analyser.
    pub fn checked(self) -> Result<Queens, ApiError> {
        check_range("side", self.side, 1..=limits::MAX_WYTHOFF_SIDE)?;
        if self.queens.len() > MAX_QUEENS {
            return Err(ApiError::bad(format!(
                "{} queens; at most {MAX_QUEENS}",
                self.queens.len()
            )));
        }
        let position =
            Position::new(self.side, &self.queens).map_err(|e| ApiError::bad(e.to_string()))?;
        let analyser = Analyser::new(self.side).map_err(|e| ApiError::bad(e.to_string()))?;
        Ok(Queens { analyser, position })
    }
}

/// The answer of `POST /wythoff/position`: the library's analysis and whether the game is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionResponse {
    /// Values, XOR and marked moves.
    #[serde(flatten)]
    pub analysis: Analysis,
    /// Every queen is in the corner.
    pub over: bool,
    /// The remoteness ("win in k" / "lose in k") of the position and after each move, when the
    /// board's table is small enough ([`remoteness::MAX_STATES`] positions); else `null`.
    pub remoteness: Option<RemotenessReport>,
}

/// The last remoteness table made (one per board side and queen count): a game asks about
/// many positions of the same board, and the table is the slow part.
static REMOTENESS: Mutex<Option<Arc<RemotenessTable>>> = Mutex::new(None);

/// The remoteness report of `pos`, or `None` when its table would be too large.
fn remoteness_of(pos: &Position) -> Option<RemotenessReport> {
    let (side, queens) = (pos.side(), pos.queens().len());
    if remoteness::states(side, queens) > remoteness::MAX_STATES as u128 {
        return None;
    }
    super::kept_table(
        &REMOTENESS,
        |t| t.side() == side && t.queens() == queens,
        || RemotenessTable::new(side, queens).ok(),
    )?
    .report(pos)
}

/// The answer of `POST /wythoff/computer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputerResponse {
    /// The move.
    #[serde(flatten)]
    pub mv: Move,
    /// Whether it leaves XOR 0.
    pub winning: bool,
}

impl Queens {
    /// The answer of `POST /wythoff/position`.
    pub fn position(&self) -> Result<PositionResponse, ApiError> {
        let analysis = self
            .analyser
            .analyse(&self.position)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        Ok(PositionResponse {
            analysis,
            over: self.position.is_over(),
            remoteness: remoteness_of(&self.position),
        })
    }

    /// The answer of `POST /wythoff/computer`.
    pub fn computer(&self) -> Result<ComputerResponse, ApiError> {
        let mv = self
            .analyser
            .computer_move(&self.position)
            .map_err(|e| ApiError::bad(e.to_string()))?
            .ok_or_else(|| ApiError::bad("every queen is in the corner: the game is over"))?;
        let after = self
            .position
            .play(mv)
            .map_err(|e| ApiError::internal(e.to_string()))?;
        let xor = after
            .queens()
            .iter()
            .fold(0, |acc, &q| acc ^ self.analyser.value(q));
        Ok(ComputerResponse {
            mv,
            winning: xor == 0,
        })
    }
}

/// The body of `POST /wythoff/table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRequest {
    /// The side, `1..=`[`limits::MAX_TABLE_SIDE`].
    pub size: usize,
}

/// The answer of `POST /wythoff/table`: the library's report.
pub type TableResponse = TableReport;

impl TableRequest {
    /// Checks the side.
    pub fn checked(self) -> Result<Self, ApiError> {
        check_range("size", self.size, 1..=limits::MAX_TABLE_SIDE)?;
        Ok(self)
    }

    /// The heat map, polling `stop` once per row.
    pub fn run(&self, stop: &StopFlag) -> Result<TableResponse, ApiError> {
        table_report(self.size, stop).map_err(engine_error)
    }
}

/// Period cap for the rows of the plot: every period of rows 0..=40 (A046875) divides 3·2^9.
pub const ROW_PERIOD_CAP: u64 = 1536;
/// Columns swept by default: row 40's preperiod is 10,333 (A046874), and the proof needs a
/// further P* columns past it.
pub const ROW_COLUMNS: u64 = 16_384;

/// The body of `POST /wythoff/row`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowRequest {
    /// The row, `0..=`[`limits::MAX_WYTHOFF_ROW`].
    pub x: u64,
    /// Columns to sweep (default [`ROW_COLUMNS`]).
    #[serde(default)]
    pub columns: Option<u64>,
}

/// A checked row request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The row.
    pub x: usize,
    /// Columns to sweep.
    pub columns: u64,
}

impl RowRequest {
    /// Checks the row and the columns.
    pub fn checked(self) -> Result<Row, ApiError> {
        check_range("x", self.x, 0..=limits::MAX_WYTHOFF_ROW)?;
        let columns = self.columns.unwrap_or(ROW_COLUMNS);
        check_range(
            "columns",
            columns,
            2 * ROW_PERIOD_CAP..=limits::MAX_ROW_COLUMNS,
        )?;
        Ok(Row {
            x: self.x as usize,
            columns,
        })
    }
}

/// The answer of `POST /wythoff/row`: the library's report.
pub type RowResponse = RowPlotReport;

impl Row {
    /// The row plot, polling `stop`.
    pub fn run(&self, stop: &StopFlag) -> Result<RowResponse, ApiError> {
        row_plot_report(self.x, self.columns, ROW_PERIOD_CAP, stop).map_err(engine_error)
    }
}
