//! `onag._onag`: the native part of the `onag` Python package (pyo3).
//!
//! The Python package (`python/onag/`) wraps these functions with Python types
//! (`fractions.Fraction`, NumPy arrays, notebook representations). Everything mathematical is
//! the `onag` library's; this crate converts arguments, runs long computations off the
//! interpreter ([`run_stoppable`]) and turns engine errors into `ValueError`s.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use onag::StopFlag;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod coins;
mod custom;
mod heaps;
mod loopy;
mod nim;
mod partizan;
mod registry;
mod research;
mod solve;
mod toads;
mod widget;
mod wythoff;

/// A library report as Python objects: the report's JSON (what the CLI's `--json` and the API
/// print) read by Python's `json` module, so Python sees the same fields under the same names;
/// `onag._report.Report` then gives them attribute access.
pub(crate) fn report<'py, T: serde::Serialize>(
    py: Python<'py>,
    report: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(report)
        .map_err(|e| bad(format!("internal error: the report is not JSON: {e}")))?;
    py.import("json")?.getattr("loads")?.call1((text,))
}

/// A `ValueError` with the engine's message.
pub(crate) fn bad(msg: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(msg.to_string())
}

/// How often the waiting interpreter thread looks for Ctrl-C and reports progress.
const POLL: Duration = Duration::from_millis(50);

/// Progress reports of a worker: the latest `(done, total)`, coalesced.
#[derive(Clone, Default)]
pub(crate) struct Progress(Arc<Mutex<Option<(u64, u64)>>>);

impl Progress {
    /// Records `done` of `total` (called from the worker thread).
    pub(crate) fn set(&self, done: u64, total: u64) {
        if let Ok(mut p) = self.0.lock() {
            *p = Some((done, total));
        }
    }

    fn take(&self) -> Option<(u64, u64)> {
        self.0.lock().ok().and_then(|mut p| p.take())
    }
}

/// Runs `work` on a worker thread with a deep stack while this thread waits with the GIL
/// released. Every [`POLL`] it takes the GIL back, calls `callback(done, total)` with the
/// latest progress, and checks for signals: on Ctrl-C (`KeyboardInterrupt`) or an exception in
/// the callback it raises the computation's [`StopFlag`], waits for the engine to stop, and
/// raises that exception.
pub(crate) fn run_stoppable<T, W>(
    py: Python<'_>,
    callback: Option<&Bound<'_, PyAny>>,
    work: W,
) -> PyResult<T>
where
    T: Send + 'static,
    W: FnOnce(&StopFlag, &Progress) -> Result<T, String> + Send + 'static,
{
    let stop = StopFlag::new();
    let progress = Progress::default();
    let (tx, rx) = mpsc::channel();
    let (worker_stop, worker_progress) = (stop.clone(), progress.clone());
    onag::deep_stack::deep_thread("onag-worker")
        .spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                work(&worker_stop, &worker_progress)
            }))
            .unwrap_or_else(|_| Err("internal error: the engine panicked".to_string()));
            let _ = tx.send(result);
        })
        .map_err(|e| bad(format!("cannot start a worker thread: {e}")))?;
    let mut interrupted: Option<PyErr> = None;
    let mut rx = rx;
    loop {
        // The receiver is not `Sync`: it moves into the GIL-free closure and back.
        let (received, back) = py.detach(move || (rx.recv_timeout(POLL), rx));
        rx = back;
        match received {
            Ok(result) => {
                if let Some(err) = interrupted {
                    return Err(err);
                }
                let value = result.map_err(bad)?;
                // The last report (a short run may finish before the first poll).
                if let (Some(cb), Some((done, total))) = (callback, progress.take()) {
                    cb.call1((done, total))?;
                }
                return Ok(value);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(bad("internal error: the worker thread died"));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if interrupted.is_some() {
            continue;
        }
        let check = || -> PyResult<()> {
            if let (Some(cb), Some((done, total))) = (callback, progress.take()) {
                cb.call1((done, total))?;
            }
            py.check_signals()
        };
        if let Err(err) = check() {
            stop.stop();
            interrupted = Some(err);
        }
    }
}

/// The native module; the `onag` package re-exports it with Python types.
#[pymodule]
fn _onag(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    nim::register(m)?;
    partizan::register(m)?;
    toads::register(m)?;
    wythoff::register(m)?;
    coins::register(m)?;
    custom::register(m)?;
    registry::register(m)?;
    heaps::register(m)?;
    loopy::register(m)?;
    research::register(m)?;
    widget::register(m)?;
    solve::register(m)?;
    Ok(())
}
