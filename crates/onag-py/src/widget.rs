//! The notebook widget's front end (`onag.widgets`): the pages' own scripts, stylesheet and
//! WebAssembly engine, embedded from the files the web server embeds (`crates/onag-cli/web/`;
//! the engine from this crate's build script, which is `crates/onag-cli`'s), so the widget
//! draws and computes with the pages' code rather than a copy of it.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

/// Includes a file of the pages' folder under its own name.
macro_rules! web {
    ($name:literal) => {
        ($name, include_str!(concat!("../../onag-cli/web/", $name)))
    };
}

/// The modules widget.js imports (directly or not), the engine's worker and the stylesheet
/// (the browser test reads this list: web-tests/tests/widget-host.js).
const SOURCES: &[(&str, &str)] = &[
    web!("widget.js"),
    web!("common.js"),
    web!("engine.js"),
    web!("worker.js"),
    web!("pieces.js"),
    web!("picture.js"),
    web!("board.js"),
    web!("play.js"),
    web!("game.js"),
    web!("loopyboard.js"),
    web!("loopywidget.js"),
    web!("style.css"),
];

/// The widget's ES module, before the sources are filled in (at `/* ONAG_SOURCES */ {}`).
const ENTRY: &str = include_str!("../../onag-cli/web/widget-entry.js");

/// The pages' engine (empty when built with `ONAG_SKIP_WASM`).
const WASM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/onag.wasm"));

/// `widget_assets()`: `{"entry": str, "sources": {name: str}, "wasm": bytes}`.
#[pyfunction]
fn widget_assets(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let sources = PyDict::new(py);
    for (name, text) in SOURCES {
        sources.set_item(name, text)?;
    }
    let out = PyDict::new(py);
    out.set_item("entry", ENTRY)?;
    out.set_item("sources", sources)?;
    out.set_item("wasm", PyBytes::new(py, WASM))?;
    Ok(out)
}

/// Adds the widget's function to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(widget_assets, m)?)
}
