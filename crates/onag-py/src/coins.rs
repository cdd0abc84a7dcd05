//! Coin-turning games: single-coin values, the full-position solver, lexicodes.

use onag::impartial::coins::Rule;
use onag::impartial::lexicode::{lexicode, min_weight, weight_distribution, MAX_LENGTH};
use onag::impartial::solver::{solve, Board, SolveRun};
use onag_api::limits::{MAX_COIN_VALUE, MAX_COIN_VALUES};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::{bad, report, run_stoppable};
/// The most words a lexicode may mark (work ≈ 2^n · ball(d−1) / ball(⌊(d−1)/2⌋)).
const MAX_LEXICODE_WORK: f64 = 8_589_934_592.0;

fn parse_rule(rule: &str) -> PyResult<Rule> {
    rule.parse::<Rule>().map_err(bad)
}

/// v(0), …, v(count − 1) of a ruleset (`twins`, `ruler`, `mock-turtles`, `moebius`, `mogul`,
/// `at-most:K`): the library's `ValuesReport` (`rule`, `first_coin`, `values`), as `onag
/// coins values --json` prints it.
#[pyfunction]
fn coin_values<'py>(py: Python<'py>, rule: &str, count: usize) -> PyResult<Bound<'py, PyAny>> {
    let rule = parse_rule(rule)?;
    if count > MAX_COIN_VALUES {
        return Err(bad(format!(
            "count must be at most {MAX_COIN_VALUES}, not {count}"
        )));
    }
    let values = py
        .detach(|| rule.values_report(count, MAX_COIN_VALUE))
        .map_err(bad)?;
    report(py, &values)
}

/// Solves every position of a board by mex and compares with the XOR of single-coin values:
/// the library's `SolveRun`, as `onag coins solve --json` prints it.
#[pyfunction]
#[pyo3(signature = (board, progress=None))]
fn coins_solve<'py>(
    py: Python<'py>,
    board: &str,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let parsed: Board = board
        .parse()
        .map_err(|e| bad(format!("bad board '{board}': {e}")))?;
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

/// lexicode(n, d): the words, their weight distribution and minimum weight.
#[pyfunction]
fn coins_lexicode<'py>(py: Python<'py>, n: u32, d: u32) -> PyResult<Bound<'py, PyDict>> {
    if n == 0 || n > MAX_LENGTH {
        return Err(bad(format!(
            "n must be between 1 and {MAX_LENGTH}, not {n}"
        )));
    }
    if d == 0 || d > n + 1 {
        return Err(bad(format!("d must be between 1 and n+1, not {d}")));
    }
    let ball = |r: u32| -> f64 {
        let (mut total, mut binom) = (0f64, 1f64);
        for i in 0..=r.min(n) {
            total += binom;
            binom = binom * f64::from(n - i) / f64::from(i + 1);
        }
        total
    };
    let work = 2f64.powi(n as i32) * ball(d - 1) / ball((d - 1) / 2);
    if work > MAX_LEXICODE_WORK {
        return Err(bad(format!(
            "lexicode({n}, {d}) would mark about {work:.1e} words; choose a smaller n"
        )));
    }
    let words = py.detach(|| lexicode(n, d));
    let out = PyDict::new(py);
    out.set_item("n", n)?;
    out.set_item("d", d)?;
    out.set_item("weights", weight_distribution(&words, n))?;
    out.set_item("min_weight", min_weight(&words))?;
    out.set_item("words", words)?;
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(coin_values, m)?)?;
    m.add_function(wrap_pyfunction!(coins_solve, m)?)?;
    m.add_function(wrap_pyfunction!(coins_lexicode, m)?)?;
    Ok(())
}
