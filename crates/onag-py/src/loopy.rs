//! Loopy games (`onag.loopy`): the library's `LoopyReport` of a game in the loopy notation.

use pyo3::prelude::*;

use crate::{report, run_stoppable};

/// The loopy report of `text` in the loopy notation (`on`, `{pass|3/2}`, `a{0|{1|a}}`, sums,
/// a sided value `on & 0`):
/// `value`, `outcome_text`, `stopper`, `left_stop`, `right_stop`, `mean`, `onside`,
/// `offside`, their stops, `reduced` (the reduced canonical form of a stopper) or
/// `reduced_note`; the JSON of `onag value --json`. Ctrl-C stops it.
#[pyfunction(name = "loopy_report")]
fn loopy_report_py<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    let text = text.to_string();
    let r = run_stoppable(py, None, move |stop, _| {
        let g =
            onag::loopy::parse::parse_loopy_value(&text).map_err(|e| format!("bad game: {e}"))?;
        onag::loopy::report::value_report(&g, stop).map_err(|e| e.to_string())
    })?;
    report(py, &r)
}

/// `loopy_games()`: the registry of loopy games a board plays (Fox and Geese, Backsliding
/// Toads and Frogs): `name`, `title`, `example`, `notation`, `sides`, `page`, … as
/// `GET /loopy/list` answers in its `games`.
#[pyfunction(name = "loopy_games")]
fn loopy_games_py(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    report(py, &onag_api::routes::loopy::list().games)
}

/// `loopy_play(game, position, to_move="left")`: a loopy game's position with the player to
/// move, as `POST /loopy/position` answers it (the pages' and the widget's route): the
/// outcome with draws, the result for the mover, every move with its result, the loopy value
/// where it is small enough. Bad notation raises `ValueError`; Ctrl-C stops it.
#[pyfunction(name = "loopy_play", signature = (game, position, to_move = "left"))]
fn loopy_play_py<'py>(
    py: Python<'py>,
    game: &str,
    position: &str,
    to_move: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let body = serde_json::json!({"game": game, "position": position, "to_move": to_move});
    let r = run_stoppable(py, None, move |stop, _| {
        let bytes = onag_api::dispatch("/loopy/position", body.to_string().as_bytes(), stop)
            .map_err(|e| e.message)?;
        serde_json::from_slice::<serde_json::Value>(&bytes).map_err(|e| e.to_string())
    })?;
    report(py, &r)
}

/// How two values of the loopy notation compare, by their sides (Siegel, *Combinatorial Game
/// Theory* ch. VI.4: G ≤ H iff G⁺ ≤ H⁺ and G⁻ ≤ H⁻): `relation` (`<`, `>`, `=`, `||`), `le`,
/// `ge`, and both loopy reports `left` and `right`. Ctrl-C stops it.
#[pyfunction(name = "loopy_compare")]
fn loopy_compare_py<'py>(py: Python<'py>, left: &str, right: &str) -> PyResult<Bound<'py, PyAny>> {
    let (left, right) = (left.to_string(), right.to_string());
    let r = run_stoppable(py, None, move |stop, _| {
        let parse = |t: &str| {
            onag::loopy::parse::parse_loopy_value(t).map_err(|e| format!("bad game: {t}: {e}"))
        };
        let (g, h) = (parse(&left)?, parse(&right)?);
        let fail = |e: onag::loopy::LoopyError| e.to_string();
        let order = onag::loopy::sided::compare(&g, &h, stop).map_err(fail)?;
        Ok(serde_json::json!({
            "relation": order.symbol(),
            "le": order.le,
            "ge": order.ge,
            "left": onag::loopy::report::value_report(&g, stop).map_err(fail)?,
            "right": onag::loopy::report::value_report(&h, stop).map_err(fail)?,
        }))
    })?;
    report(py, &r)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(loopy_report_py, m)?)?;
    m.add_function(wrap_pyfunction!(loopy_compare_py, m)?)?;
    m.add_function(wrap_pyfunction!(loopy_games_py, m)?)?;
    m.add_function(wrap_pyfunction!(loopy_play_py, m)?)?;
    Ok(())
}
