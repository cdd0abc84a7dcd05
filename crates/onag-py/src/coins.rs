//! Coin-turning games: single-coin values, the full-position solver, lexicodes.

use onag::impartial::coins::Rule;
use onag::impartial::solver::{solve, Board, SolveRun};
use pyo3::prelude::*;

use crate::{bad, report, run_stoppable};

fn parse_rule(rule: &str) -> PyResult<Rule> {
    rule.parse::<Rule>().map_err(bad)
}

/// v(0), …, v(count − 1) of a ruleset (`twins`, `ruler`, `mock-turtles`, `moebius`, `mogul`,
/// `at-most:K`): the library's `ValuesReport` (`rule`, `first_coin`, `values`), as `onag
/// coins values --json` prints it (the CLI's bounds: `onag_api::native::coin_values`).
#[pyfunction]
fn coin_values<'py>(py: Python<'py>, rule: &str, count: usize) -> PyResult<Bound<'py, PyAny>> {
    let rule = parse_rule(rule)?;
    let values = py
        .detach(|| onag_api::native::coin_values(rule, count))
        .map_err(bad)?;
    report(py, &values)
}

/// Solves every position of a board by mex and compares with the XOR of single-coin values:
/// the library's `SolveRun`, as `onag coins solve --json` prints it. Past the command line's
/// default work bound only with `force` (`onag_api::native::coin_solve_bound`).
#[pyfunction]
#[pyo3(signature = (board, progress=None, force=false))]
fn coins_solve<'py>(
    py: Python<'py>,
    board: &str,
    progress: Option<&Bound<'py, PyAny>>,
    force: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let parsed: Board = board
        .parse()
        .map_err(|e| bad(format!("bad board '{board}': {e}")))?;
    onag_api::native::coin_solve_bound(&parsed, force).map_err(bad)?;
    let name = parsed.name().to_string();
    let started = std::time::Instant::now();
    let solved = run_stoppable(py, progress, move |stop, report| {
        let total = 1u64 << parsed.coins();
        solve(&parsed, stop, &mut |done| report.set(done, total)).map_err(|e| e.to_string())
    })?;
    let run = SolveRun {
        board: name,
        report: solved,
        seconds: started.elapsed().as_secs_f64(),
    };
    report(py, &run)
}

/// lexicode(n, d) counted, with `compare_game` the check against the P-positions of "turn at
/// most d − 1 coins": the library's `LexicodeReport`, as `onag coins lexicode --json` prints it
/// (the bounds and messages are the CLI's: `onag_api::native::lexicode`).
#[pyfunction]
#[pyo3(signature = (n, d, compare_game=false))]
fn coins_lexicode(
    py: Python<'_>,
    n: u32,
    d: u32,
    compare_game: bool,
) -> PyResult<Bound<'_, PyAny>> {
    let r = py
        .detach(|| onag_api::native::lexicode(n, d, compare_game))
        .map_err(bad)?;
    report(py, &r)
}

/// The words of lexicode(n, d) in increasing order (bit i = coin i), within the bounds of
/// [`coins_lexicode`].
#[pyfunction]
fn coins_lexicode_words(py: Python<'_>, n: u32, d: u32) -> PyResult<Vec<u32>> {
    py.detach(|| onag_api::native::lexicode_code(n, d))
        .map_err(bad)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(coin_values, m)?)?;
    m.add_function(wrap_pyfunction!(coins_solve, m)?)?;
    m.add_function(wrap_pyfunction!(coins_lexicode, m)?)?;
    m.add_function(wrap_pyfunction!(coins_lexicode_words, m)?)?;
    Ok(())
}
