//! One module per game family: each route's request type (what the JSON body holds), its
//! checked form (bounds applied, notation parsed) and its response type (the JSON answer).

pub mod corners;
pub mod game;
pub mod heaps;
pub mod loopy;
pub mod nim;
pub mod queens;
pub mod solve;
pub mod strong;
pub mod toads;
pub mod value;
pub mod wythoff;

use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use onag::games::registry::{self, AnalyzeError, GameInfo};
use onag::partizan::game::GameError;

use crate::limits;
use crate::ApiError;

/// The last table a route made, kept for the next request (a game asks about many positions of
/// one board, and the table is the slow part): the kept one when `fits` it, else a new one from
/// `make` (`None`: no table for this request), which is then kept instead.
pub(crate) fn kept_table<T>(
    slot: &Mutex<Option<Arc<T>>>,
    fits: impl Fn(&T) -> bool,
    make: impl FnOnce() -> Option<T>,
) -> Option<Arc<T>> {
    let kept = slot.lock().ok().and_then(|c| c.clone()).filter(|t| fits(t));
    if kept.is_some() {
        return kept;
    }
    let table = Arc::new(make()?);
    if let Ok(mut c) = slot.lock() {
        *c = Some(Arc::clone(&table));
    }
    Some(table)
}

/// How a route that runs a registry game names its work in errors: what a stopped run was,
/// and the command that takes positions beyond the web app's limits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RegistryWork {
    /// The message of a run stopped by its time budget.
    pub stopped: &'static str,
    /// The `onag` command for larger positions (`"game"`, `"solve"`).
    pub command: &'static str,
}

impl RegistryWork {
    /// A registry error as the route's API error: stopped, too large, or bad input.
    pub(crate) fn error(self, e: AnalyzeError) -> ApiError {
        match e {
            AnalyzeError::Game(GameError::Stopped) => ApiError::stopped(self.stopped),
            AnalyzeError::Game(other) => ApiError::too_large(format!(
                "this position is beyond the web app's limits: {other} (the command line `onag \
                 {}` takes larger ones)",
                self.command
            )),
            other => ApiError::bad(other.to_string()),
        }
    }

    /// The registered game `game` and the position `position` of it, as the game prints it.
    pub(crate) fn position(
        self,
        game: &str,
        position: &str,
    ) -> Result<(&'static GameInfo, String), ApiError> {
        let info = registry::game(game).ok_or_else(|| {
            self.error(AnalyzeError::UnknownGame(game.chars().take(40).collect()))
        })?;
        let position = registry::check(info.name, position).map_err(|e| self.error(e))?;
        Ok((info, position))
    }
}

/// `GET /health`: the version and the documented input limits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Health {
    /// Always `true`.
    pub ok: bool,
    /// The engine's version.
    pub version: String,
    /// The input limits.
    pub limits: Limits,
}

/// The input limits as [`Health`] reports them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// [`limits::MAX_BODY_BYTES`].
    pub body_bytes: usize,
    /// [`limits::MAX_NOTATION_BYTES`].
    pub notation_bytes: usize,
    /// [`limits::MAX_TOADS_SQUARES`].
    pub toads_squares: usize,
    /// [`limits::MAX_TOADS_WORK`].
    pub toads_work: u64,
    /// [`limits::MAX_TOADS_REMOTENESS_BOARDS`].
    pub toads_remoteness_boards: usize,
    /// [`limits::MAX_TABLE_SIDE`].
    pub table_side: usize,
    /// [`limits::MAX_NIM_TABLE_SIDE`].
    pub nim_table_side: usize,
    /// [`limits::CORNERS_SIDES`] as `[min, max]`.
    pub corners_sides: [usize; 2],
    /// [`limits::MAX_WYTHOFF_SIDE`].
    pub wythoff_side: u32,
    /// Most queens on the Wythoff board.
    pub queens: usize,
    /// [`limits::MAX_WYTHOFF_ROW`].
    pub wythoff_row: u64,
    /// [`limits::MAX_HEAP_VALUES`].
    pub heaps_values: usize,
    /// [`limits::MAX_HEAP_PERIOD_N`].
    pub heaps_period_max: usize,
    /// [`limits::MAX_PLAY_HEAPS`].
    pub heaps_play_heaps: usize,
    /// [`limits::MAX_PLAY_HEAP`].
    pub heaps_play_size: u64,
    /// [`limits::MAX_PLAY_MOVES`].
    pub heaps_play_moves: u64,
    /// [`limits::MAX_DEFINITION_MOVES`].
    pub heaps_definition_moves: u64,
    /// [`limits::MAX_STRONG_SECONDS`], in milliseconds.
    pub strong_ms: u64,
}

/// The health answer.
///
/// # Examples
/// ```
/// assert_eq!(onag_api::routes::health().limits.toads_squares, 24);
/// ```
pub fn health() -> Health {
    Health {
        ok: true,
        version: env!("CARGO_PKG_VERSION").to_string(),
        limits: Limits {
            body_bytes: limits::MAX_BODY_BYTES,
            notation_bytes: limits::MAX_NOTATION_BYTES,
            toads_squares: limits::MAX_TOADS_SQUARES,
            toads_work: limits::MAX_TOADS_WORK,
            toads_remoteness_boards: limits::MAX_TOADS_REMOTENESS_BOARDS,
            table_side: limits::MAX_TABLE_SIDE,
            nim_table_side: limits::MAX_NIM_TABLE_SIDE,
            corners_sides: [*limits::CORNERS_SIDES.start(), *limits::CORNERS_SIDES.end()],
            wythoff_side: limits::MAX_WYTHOFF_SIDE,
            queens: onag::wythoff::positions::MAX_QUEENS,
            wythoff_row: limits::MAX_WYTHOFF_ROW,
            heaps_values: limits::MAX_HEAP_VALUES,
            heaps_period_max: limits::MAX_HEAP_PERIOD_N,
            heaps_play_heaps: limits::MAX_PLAY_HEAPS,
            heaps_play_size: limits::MAX_PLAY_HEAP,
            heaps_play_moves: limits::MAX_PLAY_MOVES,
            heaps_definition_moves: limits::MAX_DEFINITION_MOVES,
            strong_ms: (limits::MAX_STRONG_SECONDS * 1000.0) as u64,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    #[test]
    fn both_registry_routes_name_their_work_through_one_function() {
        let analyze = game::AnalyzeRequest {
            game: "go".into(),
            position: "x".into(),
            misere: false,
        };
        let solve = solve::SolveRequest {
            game: "go".into(),
            position: "x".into(),
            max_nodes: None,
        };
        let (a, s) = (analyze.checked().unwrap_err(), solve.checked().unwrap_err());
        assert_eq!(
            (a.kind, s.kind),
            (ErrorKind::BadRequest, ErrorKind::BadRequest)
        );
        assert_eq!(a.message, s.message, "the same unknown-game message");
        let work = RegistryWork {
            stopped: "stopped here",
            command: "solve",
        };
        let stopped = work.error(AnalyzeError::Game(GameError::Stopped));
        assert_eq!(
            (stopped.kind, stopped.message.as_str()),
            (ErrorKind::Stopped, "stopped here")
        );
        let large = work.error(AnalyzeError::Game(GameError::Overflow));
        assert_eq!(large.kind, ErrorKind::Unprocessable);
        assert!(large
            .message
            .ends_with("(the command line `onag solve` takes larger ones)"));
        let (info, position) = work.position("domineering", "..|..").unwrap();
        assert_eq!((info.name, position.as_str()), ("domineering", "..|.."));
    }
}
