//! Toads and Frogs: `toads_report(board)` (the library's `BoardReport`, with the values as
//! `Game`s) and `toads_family(toads, frogs, blanks)` (the library's `FamilyReport`, with the
//! values as `Game`s).
//!
//! Each call solves in a solver and arena of its own on its worker thread, and only its
//! results are copied into the arena of every `Game` (the store is locked for that copy), so
//! calls in different threads run at the same time and never wait for each other's solve.

use onag::games::toads_and_frogs::{board_report_with, Board, FamilyReport, Solver};
use onag::partizan::game::{Arena, GameError, GameId};
use onag::partizan::name::NameStyle;
use onag::partizan::thermograph::Thermographs;
use onag::StopFlag;
use pyo3::prelude::*;

use crate::partizan::{store, Game};
use crate::{bad, report, run_stoppable};

/// The games `ids` of `from`, copied into the arena of every `Game`.
fn share(from: &Arena, ids: &[GameId]) -> Result<Vec<GameId>, String> {
    let mut shared = store();
    ids.iter()
        .map(|&g| shared.arena.import(from, g).map_err(engine_error))
        .collect()
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
/// reduced form and after each move as `Game`s.
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
            let (mut solver, mut thermographs) = (Solver::new(), Thermographs::new());
            let r = board_report_with(&mut solver, &mut thermographs, &parsed, stop)
                .map_err(engine_error)?;
            // The report prints each board; reading it back gives the board itself (solved
            // already: these are memo look-ups).
            let mut value_of = |text: &str| -> Result<GameId, String> {
                let b: Board = text.parse().map_err(|e| format!("internal error: {e}"))?;
                solver.value_with_stop(&b, stop).map_err(engine_error)
            };
            let mut ids = vec![value_of(&r.board)?];
            for p in &r.reduced.parts {
                ids.push(value_of(&p.board)?);
            }
            for m in &r.moves {
                ids.push(value_of(&m.squares)?);
            }
            let shared = share(solver.arena(), &ids)?;
            let parts = shared[1..1 + r.reduced.parts.len()].to_vec();
            let moves = shared[1 + r.reduced.parts.len()..].to_vec();
            Ok((r, shared[0], parts, moves))
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
        let mut solver = Solver::new();
        let total = boards.len() as u64;
        let mut ids = Vec::with_capacity(boards.len());
        for (i, (_, board)) in boards.iter().enumerate() {
            ids.push(solver.value_with_stop(board, stop).map_err(engine_error)?);
            report.set(i as u64 + 1, total);
        }
        let shared = share(solver.arena(), &ids)?;
        Ok(boards
            .iter()
            .map(|(b, _)| *b)
            .zip(shared)
            .collect::<Vec<_>>())
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
