//! Toads and Frogs: `toads_value(board)` and `toads_family(toads, frogs, blanks)`.
//!
//! The solver works directly in the shared arena of `Game`s (taken out of the store for the
//! computation and put back, with everything it built), so its values are `Game`s at once.

use onag::games::toads_and_frogs::{analyse, Board, Solver};
use onag::partizan::game::{Arena, GameError, GameId};
use onag::partizan::Player;
use onag::Play;
use onag::StopFlag;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::partizan::{fraction, store, Game, Store};
use crate::{bad, run_stoppable};

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

fn player_name(p: Player) -> &'static str {
    match p {
        Player::Left => "Left",
        Player::Right => "Right",
    }
}

/// Everything about one board, as a dict: `board`, `value` (a `Game`), `outcome`, `mean`,
/// `temperature`, `left_stop`, `right_stop`, `integer` and `parts` (the reduced form
/// "integer + parts", each part `(board, Game)`), `moves` (every legal move of both players
/// with the value after it) and `left_move` / `right_move` (the computer's choice).
#[pyfunction]
fn toads_value<'py>(py: Python<'py>, board: &str) -> PyResult<Bound<'py, PyDict>> {
    let parsed = parse_board(board)?;
    let work_board = parsed.clone();
    let analysis = run_stoppable(py, None, move |stop: &StopFlag, _| {
        with_solver(|solver, thermographs| analyse(solver, thermographs, &work_board, stop))
            .map_err(engine_error)
    })?;
    let game = |id: GameId| Game { id };
    let out = PyDict::new(py);
    out.set_item("board", parsed.to_string())?;
    out.set_item("value", game(analysis.value))?;
    out.set_item("outcome", analysis.outcome.to_string())?;
    out.set_item("mean", fraction(py, analysis.mean)?)?;
    out.set_item("temperature", fraction(py, analysis.temperature)?)?;
    out.set_item("left_stop", fraction(py, analysis.left_stop)?)?;
    out.set_item("right_stop", fraction(py, analysis.right_stop)?)?;
    out.set_item("integer", analysis.integer)?;
    let parts: Vec<(String, Game)> = analysis
        .parts
        .iter()
        .map(|(b, g)| (b.to_string(), game(*g)))
        .collect();
    out.set_item("parts", parts)?;
    let mut moves = Vec::new();
    for m in &analysis.moves {
        let d = PyDict::new(py);
        d.set_item("player", player_name(m.player))?;
        d.set_item("from", m.mv.from)?;
        d.set_item("to", m.mv.to)?;
        d.set_item("board", parsed.play_unchecked(m.mv).to_string())?;
        d.set_item("value", game(m.value))?;
        d.set_item("winning", m.winning)?;
        moves.push(d);
    }
    out.set_item("moves", moves)?;
    for (key, choice) in [
        ("left_move", &analysis.best.left),
        ("right_move", &analysis.best.right),
    ] {
        match choice {
            None => out.set_item(key, py.None())?,
            Some(c) => {
                let d = PyDict::new(py);
                d.set_item("from", c.mv.from)?;
                d.set_item("to", c.mv.to)?;
                d.set_item("board", parsed.play_unchecked(c.mv).to_string())?;
                d.set_item("winning", c.winning)?;
                d.set_item("mean", fraction(py, c.mean)?)?;
                out.set_item(key, d)?;
            }
        }
    }
    Ok(out)
}

/// Values of T^toads □^b F^frogs for each b in `blanks` (one memo shared across b), as a list
/// of `(b, Game)`; `progress(done, total)` after each board; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (toads, frogs, blanks, progress=None))]
fn toads_family(
    py: Python<'_>,
    toads: usize,
    frogs: usize,
    blanks: Vec<usize>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(usize, Game)>> {
    let boards = blanks
        .iter()
        .map(|&b| {
            Board::standard(toads, b, frogs)
                .map(|board| (b, board))
                .map_err(|e| bad(format!("T{toads}□{b}F{frogs}: {e}")))
        })
        .collect::<PyResult<Vec<_>>>()?;
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
    Ok(values.into_iter().map(|(b, id)| (b, Game { id })).collect())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(toads_value, m)?)?;
    m.add_function(wrap_pyfunction!(toads_family, m)?)?;
    Ok(())
}
