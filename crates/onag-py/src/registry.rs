//! The registered games (`onag.games`): every game of the library's registry analysed by name,
//! returning the library's `AnalysisReport` with the field names of the CLI's `--json` and the
//! HTTP API ([`crate::report`]: the same serde derive, read back by `json.loads`).

use onag::games::registry::{self, AnalyzeError};
use onag::partizan::game::GameError;
use pyo3::prelude::*;

use crate::partizan::parse_error;
use crate::{bad, report, run_stoppable};

/// The registry: a list of `{name, title, family, kind, example, notation, rules}`.
#[pyfunction]
fn game_list(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    report(py, &registry::GAMES)
}

/// The command line's options (`onag game` without `--max-table`).
fn options() -> onag::games::registry::Options {
    onag_api::native::game_options(onag_api::limits::NATIVE_MAX_GAME_TABLE_ENTRIES)
}

/// Why an analysis failed, kept apart from its words so a notation error becomes
/// `onag.ParseError` with its position.
enum Failure {
    Position(String, Option<usize>),
    Other(String),
}

/// `game_analyze(name, position)`: the analysis report of a position (bad notation raises
/// `onag.ParseError` with `.position`; an unknown game, a stop or a bound `ValueError`).
#[pyfunction]
fn game_analyze<'py>(py: Python<'py>, name: &str, position: &str) -> PyResult<Bound<'py, PyAny>> {
    let (name_owned, text) = (name.to_string(), position.to_string());
    let result = run_stoppable(py, None, move |stop, _| {
        Ok(
            match registry::analyze(&name_owned, &text, &options(), stop) {
                Ok(analysis) => Ok(analysis),
                Err(AnalyzeError::Position {
                    game,
                    message,
                    span,
                }) => Err(Failure::Position(
                    format!("bad {game} position: {message}"),
                    span.map(|s| s.char),
                )),
                Err(AnalyzeError::Game(GameError::Stopped)) => {
                    Err(Failure::Other("stopped".into()))
                }
                Err(e) => Err(Failure::Other(e.to_string())),
            },
        )
    })?;
    match result {
        Ok(analysis) => report(py, &analysis),
        Err(Failure::Position(message, Some(at))) => Err(parse_error(py, message, position, at)),
        Err(Failure::Position(message, None)) | Err(Failure::Other(message)) => Err(bad(message)),
    }
}

/// `game_analyze_misere(name, position, max_forms=…)`: the misère report of a position of a
/// registered impartial game (the library's `MisereReport`, as `onag game … --misere --json`).
#[pyfunction]
#[pyo3(signature = (name, position, max_forms=onag::heaps::misere::DEFAULT_MISERE_FORMS))]
fn game_analyze_misere<'py>(
    py: Python<'py>,
    name: &str,
    position: &str,
    max_forms: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let (name_owned, text) = (name.to_string(), position.to_string());
    let r = run_stoppable(py, None, move |stop, _| {
        onag::misere::analyze_misere(&name_owned, &text, max_forms, stop).map_err(|e| e.to_string())
    })?;
    report(py, &r)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(game_analyze_misere, m)?)?;
    m.add_function(wrap_pyfunction!(game_list, m)?)?;
    m.add_function(wrap_pyfunction!(game_analyze, m)?)?;
    Ok(())
}
