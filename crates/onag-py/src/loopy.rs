//! Loopy games (`onag.loopy`): the library's `LoopyReport` of a game in the loopy notation.

use pyo3::prelude::*;

use crate::{report, run_stoppable};

/// The loopy report of `text` in the loopy notation (`on`, `{pass|3/2}`, `a{0|{1|a}}`, sums):
/// `value`, `outcome_text`, `stopper`, `left_stop`, `right_stop`, `mean`, `onside`,
/// `offside`, their stops; the JSON of `onag value --json`. Ctrl-C stops it.
#[pyfunction(name = "loopy_report")]
fn loopy_report_py<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    let text = text.to_string();
    let r = run_stoppable(py, None, move |stop, _| {
        let g = onag::loopy::parse::parse_loopy(&text).map_err(|e| format!("bad game: {e}"))?;
        onag::loopy::report::loopy_report(&g, stop).map_err(|e| e.to_string())
    })?;
    report(py, &r)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(loopy_report_py, m)?)?;
    Ok(())
}
