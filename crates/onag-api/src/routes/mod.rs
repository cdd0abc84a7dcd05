//! One module per game family: each route's request type (what the JSON body holds), its
//! checked form (bounds applied, notation parsed) and its response type (the JSON answer).

pub mod corners;
pub mod game;
pub mod heaps;
pub mod loopy;
pub mod nim;
pub mod queens;
pub mod solve;
pub mod toads;
pub mod value;
pub mod wythoff;

use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::limits;

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
        },
    }
}
