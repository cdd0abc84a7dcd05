//! Heap games (take-and-break codes, Grundy's game, subtraction games): the library's reports
//! ([`ValuesReport`], [`PeriodReport`], [`PositionReport`]) serialised with their field names,
//! so Python sees exactly what `onag heaps … --json` and the HTTP API print. The values of a
//! long sequence travel as little-endian `u32` bytes (NumPy reads them without a copy per item).

use onag::heaps::{values_report, PeriodSearch, Ruleset};
use onag_api::limits::NATIVE_MAX_HEAP_VALUES;
use onag_api::routes::heaps::{PositionRequest, StrategyName};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::partizan::parse_error;
use crate::{bad, run_stoppable};

/// Parses a ruleset; bad text raises `onag.ParseError` with the character position.
fn parse(py: Python<'_>, text: &str) -> PyResult<Ruleset> {
    text.parse::<Ruleset>()
        .map_err(|e| parse_error(py, format!("bad ruleset: {e}"), text, e.span.char))
}

fn json(report: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string(report).map_err(|e| bad(format!("internal error: {e}")))
}

fn check_count(what: &str, n: usize) -> PyResult<()> {
    if n == 0 || n > NATIVE_MAX_HEAP_VALUES {
        return Err(bad(format!(
            "{what} must be between 1 and {NATIVE_MAX_HEAP_VALUES}, not {n}"
        )));
    }
    Ok(())
}

/// The ruleset printed, its classic name and whether the periodicity theorem applies.
#[pyfunction]
fn heaps_ruleset(py: Python<'_>, text: &str) -> PyResult<(String, Option<String>, bool)> {
    let r = parse(py, text)?;
    Ok((
        r.to_string(),
        r.name().map(str::to_string),
        r.has_periodicity_theorem(),
    ))
}

/// The named games: (name, ruleset printed, where it is described).
#[pyfunction]
fn heaps_names() -> Vec<(String, String, String)> {
    onag_api::routes::heaps::rulesets()
        .rulesets
        .into_iter()
        .map(|n| (n.name, n.code, n.source))
        .collect()
}

/// `G(0) … G(count − 1)` as little-endian u32 bytes, and the rest of the values report as JSON.
#[pyfunction]
fn heaps_values<'py>(
    py: Python<'py>,
    ruleset: &str,
    count: usize,
) -> PyResult<(Bound<'py, PyBytes>, String)> {
    let r = parse(py, ruleset)?;
    check_count("count", count)?;
    let mut report = run_stoppable(py, None, move |stop, _| {
        values_report(&r, count, stop).map_err(|e| e.to_string())
    })?;
    let values = std::mem::take(&mut report.values);
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    Ok((PyBytes::new(py, &bytes), json(&report)?))
}

/// The period search up to `max_n` heaps as the report's JSON; `progress(computed, max_n)`.
#[pyfunction]
#[pyo3(signature = (ruleset, max_n, progress=None))]
fn heaps_period(
    py: Python<'_>,
    ruleset: &str,
    max_n: usize,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let r = parse(py, ruleset)?;
    check_count("max_n", max_n)?;
    let report = run_stoppable(py, progress, move |stop, report| {
        let mut search = PeriodSearch::new(&r, max_n);
        search
            .run(usize::MAX, stop, &mut |len| {
                report.set(len as u64, max_n as u64)
            })
            .map_err(|e| e.to_string())?;
        report.set(search.sequence().len() as u64, max_n as u64);
        Ok(search.report())
    })?;
    json(&report)
}

/// A position of heaps as the report's JSON: the API's request, with the API's bounds.
#[pyfunction]
#[pyo3(signature = (ruleset, heaps, strategy="perfect", level=None, seed=None, misere=false))]
fn heaps_position(
    py: Python<'_>,
    ruleset: &str,
    heaps: Vec<u64>,
    strategy: &str,
    level: Option<u8>,
    seed: Option<u64>,
    misere: bool,
) -> PyResult<String> {
    parse(py, ruleset)?;
    let strategy = match strategy {
        "perfect" => StrategyName::Perfect,
        "random" => StrategyName::Random,
        "skill" => StrategyName::Skill,
        other => {
            return Err(bad(format!(
                "strategy must be 'perfect', 'random' or 'skill', not '{other}'"
            )))
        }
    };
    let checked = PositionRequest {
        code: ruleset.to_string(),
        heaps,
        strategy,
        level,
        seed,
        misere,
    }
    .checked()
    .map_err(bad)?;
    let report = run_stoppable(py, None, move |stop, _| {
        checked.run(stop).map_err(|e| e.to_string())
    })?;
    json(&report)
}

/// The genus of heaps 0 to `count − 1` (`onag heaps values --misere`) as the report's JSON,
/// with at most `max_forms` misère canonical forms.
#[pyfunction]
#[pyo3(signature = (ruleset, count, max_forms=onag::heaps::misere::DEFAULT_MISERE_FORMS))]
fn heaps_genera(py: Python<'_>, ruleset: &str, count: usize, max_forms: usize) -> PyResult<String> {
    let r = parse(py, ruleset)?;
    if count == 0 {
        return Err(bad("count must be at least 1"));
    }
    let report = run_stoppable(py, None, move |stop, _| {
        onag::heaps::misere::misere_genera(&r, count as u64 - 1, max_forms, stop)
            .map_err(|e| e.to_string())
    })?;
    json(&report)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(heaps_genera, m)?)?;
    m.add_function(wrap_pyfunction!(heaps_ruleset, m)?)?;
    m.add_function(wrap_pyfunction!(heaps_names, m)?)?;
    m.add_function(wrap_pyfunction!(heaps_values, m)?)?;
    m.add_function(wrap_pyfunction!(heaps_period, m)?)?;
    m.add_function(wrap_pyfunction!(heaps_position, m)?)?;
    Ok(())
}
