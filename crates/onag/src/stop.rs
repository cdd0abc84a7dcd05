//! Cooperative cancellation for long computations.
//!
//! The library reads no clock and keeps no thread past a call; a caller that needs to bound
//! the work (the web server's time budget, a Ctrl-C handler) hands a [`StopFlag`] to a long
//! computation, which polls it every so often (and shares it with any threads it starts for
//! the work) and returns [`Stopped`] once it is raised.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A shared flag a long computation polls; raise it from any thread with [`StopFlag::stop`].
///
/// # Examples
/// ```
/// let flag = onag::StopFlag::new();
/// assert!(!flag.is_stopped());
/// flag.clone().stop();
/// assert!(flag.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag that is not raised.
    pub fn new() -> Self {
        Self::default()
    }

    /// Raises the flag: computations polling it stop soon with [`Stopped`].
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag has been raised.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// `Err(Stopped)` once the flag is raised; for use with `?` inside loops.
    pub fn check(&self) -> Result<(), Stopped> {
        if self.is_stopped() {
            Err(Stopped)
        } else {
            Ok(())
        }
    }
}

/// The error of a computation interrupted through its [`StopFlag`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the computation was stopped before it finished")
    }
}

impl std::error::Error for Stopped {}
