//! Coin-turning games: single-coin values, the full-position solver, lexicodes.

use onag::impartial::coins::Rule;
use onag::impartial::lexicode::{lexicode, min_weight, weight_distribution, MAX_LENGTH};
use onag::impartial::solver::{solve, Board};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::{bad, run_stoppable};

/// The most single-coin values (as the CLI's `coins values`).
const MAX_COUNT: usize = 4096;
/// The largest single-coin value computed (bounds turn-at-most-k's reachable-XOR sets).
const MAX_VALUE: u64 = 1 << 25;
/// The most words a lexicode may mark (work ≈ 2^n · ball(d−1) / ball(⌊(d−1)/2⌋)).
const MAX_LEXICODE_WORK: f64 = 8_589_934_592.0;

fn parse_rule(rule: &str) -> PyResult<Rule> {
    rule.parse::<Rule>().map_err(bad)
}

/// v(0), …, v(count − 1) of a ruleset (`twins`, `ruler`, `mock-turtles`, `moebius`, `mogul`,
/// `at-most:K`), and the first coin's index.
#[pyfunction]
fn coin_values(py: Python<'_>, rule: &str, count: usize) -> PyResult<(Vec<u64>, usize)> {
    let rule = parse_rule(rule)?;
    if count > MAX_COUNT {
        return Err(bad(format!(
            "count must be at most {MAX_COUNT}, not {count}"
        )));
    }
    let max_value = match rule {
        Rule::AtMost(k) => MAX_VALUE / u64::from(k.max(1)),
        _ => MAX_VALUE,
    };
    let values = py.detach(|| rule.values_up_to(count, max_value));
    if values.len() < count {
        return Err(bad(format!(
            "{rule}: v({}) exceeds {max_value}; ask for at most {} values",
            values.len(),
            values.len()
        )));
    }
    Ok((values, rule.first_coin()))
}

/// Solves every position of a board by mex and compares with the XOR of single-coin values.
#[pyfunction]
#[pyo3(signature = (board, progress=None))]
fn coins_solve<'py>(
    py: Python<'py>,
    board: &str,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let parsed: Board = board
        .parse()
        .map_err(|e| bad(format!("bad board '{board}': {e}")))?;
    let name = parsed.name().to_string();
    let report = run_stoppable(py, progress, move |stop, report| {
        let total = 1u64 << parsed.coins();
        solve(&parsed, stop, &mut |done| report.set(done, total)).map_err(|e| e.to_string())
    })?;
    let out = PyDict::new(py);
    out.set_item("board", name)?;
    out.set_item("positions", report.positions)?;
    out.set_item("p_positions", report.p_positions)?;
    out.set_item("mismatches", report.mismatches)?;
    out.set_item("max_value", report.max_value)?;
    Ok(out)
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
