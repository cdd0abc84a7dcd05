//! Wythoff's game: `g`, `table`, `pairs` and the periodicity sweep `periods`.

use onag::wythoff::periodicity::{PeriodConfig, PeriodSearch};
use onag::wythoff::report::{value_report, PeriodsReport};
use onag::wythoff::WythoffError;
use pyo3::prelude::*;

use crate::{bad, report, run_stoppable};

fn engine_error(e: WythoffError) -> String {
    match e {
        WythoffError::Stopped => "stopped".to_string(),
        e => e.to_string(),
    }
}

/// g(x, y) of one queen (a far cell comes from the column sweep; memory O(min(x, y)²)): the
/// library's `ValueReport` (`x`, `y`, `g`), as `onag wythoff g --json` prints it.
#[pyfunction]
fn wythoff_g(py: Python<'_>, x: u64, y: u64) -> PyResult<Bound<'_, PyAny>> {
    let value = py.detach(|| value_report(x, y)).map_err(bad)?;
    report(py, &value)
}

/// The n×n Grundy table by the definition: the library's `TableReport` (`size`, `max`,
/// `cells`), as `onag wythoff table --json` and `POST /api/wythoff/table` give it, with the
/// CLI's bounds (`onag_api::native::wythoff_table`).
#[pyfunction]
fn wythoff_table(py: Python<'_>, n: usize) -> PyResult<Bound<'_, PyAny>> {
    let table = run_stoppable(py, None, move |stop, _| {
        onag_api::native::wythoff_table(n, stop).map_err(|e| e.to_string())
    })?;
    report(py, &table)
}

/// The first n P-positions (⌊kφ⌋, ⌊kφ²⌋), exact: the library's `PairsReport`, with the CLI's
/// bound (`onag_api::native::wythoff_pairs`).
#[pyfunction]
fn wythoff_pairs(py: Python<'_>, n: usize) -> PyResult<Bound<'_, PyAny>> {
    let pairs = py
        .detach(|| onag_api::native::wythoff_pairs(n))
        .map_err(bad)?;
    report(py, &pairs)
}

/// Row periods with proofs for rows `first..=top` (rows below are swept too), at most
/// `columns` columns; stops once every row is proven. The default period cap is the CLI's.
/// The library's `PeriodsReport`, as `onag wythoff periods --json` prints it.
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
) -> PyResult<Bound<'py, PyAny>> {
    if !(1..=2).contains(&threads) {
        return Err(bad(format!("threads must be 1 or 2, not {threads}")));
    }
    if first > top {
        return Err(bad(format!("empty row range {first}..{top}")));
    }
    let mut cfg = PeriodConfig::default_for(top, columns);
    if let Some(cap) = period_cap {
        cfg.period_cap = cap;
    }
    let mut search = PeriodSearch::new(cfg).map_err(bad)?;
    search.set_threads(threads).map_err(bad)?;
    let started = std::time::Instant::now();
    let (rows, swept, cap) = run_stoppable(py, progress, move |stop, progress| {
        let chunk = search.config().spacing().max(4096);
        while !(search.is_done() || search.all_proven()) {
            let until = search.column() + chunk;
            search
                .run(until, stop, &mut |c| progress.set(c, columns))
                .map_err(engine_error)?;
        }
        progress.set(search.column(), columns);
        Ok((
            search.results(),
            search.column(),
            search.config().period_cap,
        ))
    })?;
    let seconds = started.elapsed().as_secs_f64();
    let cells = swept as f64 * (top + 1) as f64;
    let periods = PeriodsReport::new(&rows[first..=top], columns, swept, cap, threads)
        .timed(seconds, seconds, cells, None);
    report(py, &periods)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(wythoff_g, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff_table, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff_pairs, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff_periods, m)?)?;
    Ok(())
}
