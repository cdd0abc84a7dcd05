//! Toads and Frogs: `toads_report(board)` (the library's `BoardReport`, with the values as
//! `Game`s) and `toads_family(toads, frogs, blanks)` (the library's `FamilyReport`, with the
//! values as `Game`s).
//!
//! The solver works directly in the shared arena of `Game`s (taken out of the store for the
//! computation and put back, with everything it built), so its values are `Game`s at once.

use onag::games::toads_and_frogs::{board_report_with, Board, FamilyReport, Solver};
use onag::partizan::game::{Arena, GameError, GameId};
use onag::partizan::name::NameStyle;
use onag::StopFlag;
use pyo3::prelude::*;

use crate::partizan::{store, Game, Store};
use crate::{bad, report, run_stoppable};

/// Runs `f` with a solver on the shared arena (the store stays locked meanwhile).
fn with_solver<T>(
    f: impl FnOnce(&mut Solver, &mut onag::partizan::thermograph::Thermographs) -> T,
) -> T {
    let mut guard = store();
    let Store {
        arena,
        thermographs,
    } = &mut *guard;
    let mut solver = Solver::with_arena(std::mem::replace(arena, Arena::new()));
    let out = f(&mut solver, thermographs);
    *arena = solver.into_arena();
    out
}

fn engine_error(e: GameError) -> String {
    match e {
        GameError::Stopped => "stopped".to_string(),
        e => e.to_string(),
    }
}

fn parse_board(text: &str) -> PyResult<Board> {
    text.parse::<Board>()
        .map_err(|e| bad(format!("bad board '{text}': {e}")))
}

/// Everything about one board: the library's `BoardReport` (what `onag toads value --json`
/// and `POST /api/toads/analyze` give), and the values of the board, of each part of its
/// reduced form and after each move as `Game`s of the shared arena (the solver worked in it,
/// so these are memo lookups).
/// Past the command line's default work bound only with `force`
/// (`onag_api::native::toads_work_bound`).
#[pyfunction]
#[pyo3(signature = (board, force=false))]
#[allow(clippy::type_complexity)]
fn toads_report<'py>(
    py: Python<'py>,
    board: &str,
    force: bool,
) -> PyResult<(Bound<'py, PyAny>, Game, Vec<Game>, Vec<Game>)> {
    let parsed = parse_board(board)?;
    onag_api::native::toads_work_bound(&parsed, force).map_err(bad)?;
    let (board_report, value, parts, moves) =
        run_stoppable(py, None, move |stop: &StopFlag, _| {
            with_solver(|solver, thermographs| -> Result<_, String> {
                let r =
                    board_report_with(solver, thermographs, &parsed, stop).map_err(engine_error)?;
                // The report prints each board; reading it back gives the board itself.
                let mut value_of = |text: &str| -> Result<GameId, String> {
                    let b: Board = text.parse().map_err(|e| format!("internal error: {e}"))?;
                    solver.value_with_stop(&b, stop).map_err(engine_error)
                };
                let value = value_of(&r.board)?;
                let parts = r.reduced.parts.iter().map(|p| value_of(&p.board));
                let parts = parts.collect::<Result<Vec<_>, _>>()?;
                let moves = r.moves.iter().map(|m| value_of(&m.squares));
                let moves = moves.collect::<Result<Vec<_>, _>>()?;
                Ok((r, value, parts, moves))
            })
        })?;
    let game = |id: GameId| Game { id };
    Ok((
        report(py, &board_report)?,
        game(value),
        parts.into_iter().map(game).collect(),
        moves.into_iter().map(game).collect(),
    ))
}

/// A family's report (as Python objects) and its values as `(blanks, Game)`.
type Family<'py> = (Bound<'py, PyAny>, Vec<(usize, Game)>);

/// Values of T^toads □^b F^frogs for each b in `blanks` (one memo shared across b): the
/// library's `FamilyReport` (what `onag toads family --json` prints) and the values as a list
/// of `(b, Game)`; `progress(done, total)` after each board; Ctrl-C stops it. The largest
/// board past the command line's default work bound only with `force`.
#[pyfunction]
#[pyo3(signature = (toads, frogs, blanks, progress=None, force=false))]
fn toads_family<'py>(
    py: Python<'py>,
    toads: usize,
    frogs: usize,
    blanks: Vec<usize>,
    progress: Option<&Bound<'py, PyAny>>,
    force: bool,
) -> PyResult<Family<'py>> {
    let boards = blanks
        .iter()
        .map(|&b| {
            Board::standard(toads, b, frogs)
                .map(|board| (b, board))
                .map_err(|e| bad(format!("T{toads}□{b}F{frogs}: {e}")))
        })
        .collect::<PyResult<Vec<_>>>()?;
    if let Some((_, largest)) = boards.iter().max_by_key(|(b, _)| *b) {
        onag_api::native::toads_work_bound(largest, force).map_err(bad)?;
    }
    let values = run_stoppable(py, progress, move |stop, report| {
        with_solver(|solver, _| {
            let total = boards.len() as u64;
            let mut out = Vec::with_capacity(boards.len());
            for (i, (b, board)) in boards.iter().enumerate() {
                let g = solver.value_with_stop(board, stop)?;
                out.push((*b, g));
                report.set(i as u64 + 1, total);
            }
            Ok(out)
        })
        .map_err(engine_error)
    })?;
    let family = py.detach(|| FamilyReport::new(&store().arena, &values, NameStyle::Ascii));
    Ok((
        report(py, &family)?,
        values.into_iter().map(|(b, id)| (b, Game { id })).collect(),
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(toads_report, m)?)?;
    m.add_function(wrap_pyfunction!(toads_family, m)?)?;
    Ok(())
}
