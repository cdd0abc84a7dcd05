//! The clock of time budgets inside one request (the strong computer's seconds per move).
//!
//! The library reads no clock; a route that gives its search a time budget reads this one
//! and raises the search's [`onag::StopFlag`] when the time is spent. Natively it is
//! [`std::time::Instant`]; in the browser (`wasm32-unknown-unknown` has no clock) the worker's
//! engine installs one with [`set`] (`performance.now()`), and without one [`now_ms`] is
//! `None` and a route falls back to a budget of work.

use std::sync::OnceLock;

static CLOCK: OnceLock<fn() -> f64> = OnceLock::new();

/// Installs the clock (milliseconds from any fixed origin); the first call wins.
pub fn set(now_ms: fn() -> f64) {
    let _ = CLOCK.set(now_ms);
}

/// Milliseconds from a fixed origin, if a clock is there.
///
/// # Examples
/// ```
/// let a = onag_api::clock::now_ms().unwrap(); // natively, always
/// assert!(onag_api::clock::now_ms().unwrap() >= a);
/// ```
pub fn now_ms() -> Option<f64> {
    if let Some(f) = CLOCK.get() {
        return Some(f());
    }
    native_now_ms()
}

#[cfg(not(target_arch = "wasm32"))]
fn native_now_ms() -> Option<f64> {
    static ORIGIN: OnceLock<std::time::Instant> = OnceLock::new();
    let origin = *ORIGIN.get_or_init(std::time::Instant::now);
    Some(origin.elapsed().as_secs_f64() * 1000.0)
}

#[cfg(target_arch = "wasm32")]
fn native_now_ms() -> Option<f64> {
    None
}
