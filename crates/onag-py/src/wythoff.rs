//! Wythoff's game: `g`, `table`, `pairs` and the periodicity sweep `periods`.

use onag::wythoff::periodicity::{PeriodConfig, PeriodSearch};
use onag::wythoff::{self, WythoffError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::{bad, run_stoppable};

/// The most P-positions `wythoff_pairs` lists (as the CLI).
const MAX_PAIRS: usize = 10_000_000;

fn engine_error(e: WythoffError) -> String {
    match e {
        WythoffError::Stopped => "stopped".to_string(),
        e => e.to_string(),
    }
}

/// g(x, y) of one queen (a far cell comes from the column sweep; memory O(min(x, y)²)).
#[pyfunction]
fn wythoff_g(py: Python<'_>, x: u64, y: u64) -> PyResult<u64> {
    py.detach(|| wythoff::g(x, y)).map_err(bad)
}

/// The n×n Grundy table by the definition, as rows.
#[pyfunction]
fn wythoff_table(py: Python<'_>, n: usize) -> PyResult<Vec<Vec<u32>>> {
    py.detach(|| wythoff::grundy_table(n, n).map(|t| t.to_rows()))
        .map_err(bad)
}

/// The first n P-positions (⌊kφ⌋, ⌊kφ²⌋), exact.
#[pyfunction]
fn wythoff_pairs(py: Python<'_>, n: usize) -> PyResult<Vec<(u64, u64)>> {
    if n > MAX_PAIRS {
        return Err(bad(format!("pairs {n} is too large (at most {MAX_PAIRS})")));
    }
    Ok(py.detach(|| wythoff::p_positions(n)))
}

/// Row periods with proofs for rows `first..=top` (rows below are swept too), at most
/// `columns` columns; stops once every row is proven. The default period cap is the CLI's.
#[pyfunction]
#[pyo3(signature = (first, top, columns, period_cap=None, threads=1, progress=None))]
fn wythoff_periods<'py>(
    py: Python<'py>,
    first: usize,
    top: usize,
    columns: u64,
    period_cap: Option<u64>,
    threads: usize,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    if !(1..=2).contains(&threads) {
        return Err(bad(format!("threads must be 1 or 2, not {threads}")));
    }
    if first > top {
        return Err(bad(format!("empty row range {first}..{top}")));
    }
    let mut cfg = PeriodConfig::with_auto_cap(top, columns, 393_216);
    while cfg.period_cap > 3 && (top as u64 + 1) * cfg.period_cap * 2 > 1 << 30 {
        cfg.period_cap /= 2;
    }
    if let Some(cap) = period_cap {
        cfg.period_cap = cap;
    }
    let mut search = PeriodSearch::new(cfg).map_err(bad)?;
    search.set_threads(threads).map_err(bad)?;
    let rows = run_stoppable(py, progress, move |stop, report| {
        let chunk = search.config().spacing().max(4096);
        while !(search.is_done() || search.all_proven()) {
            let until = search.column() + chunk;
            search
                .run(until, stop, &mut |c| report.set(c, columns))
                .map_err(engine_error)?;
        }
        report.set(search.column(), columns);
        Ok(search.results())
    })?;
    rows[first..=top]
        .iter()
        .map(|r| {
            let d = PyDict::new(py);
            d.set_item("row", r.row)?;
            d.set_item("period", r.period)?;
            d.set_item("preperiod", r.preperiod)?;
            d.set_item("proven", r.proven)?;
            d.set_item("proof_column", r.proof_column)?;
            Ok(d)
        })
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(wythoff_g, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff_table, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff_pairs, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff_periods, m)?)?;
    Ok(())
}
