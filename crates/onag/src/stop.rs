//! Cooperative cancellation for long computations, and their progress.
//!
//! The library reads no clock and keeps no thread past a call; a caller that needs to bound
//! the work (the web server's time budget, a Ctrl-C handler) hands a [`StopFlag`] to a long
//! computation, which polls it every so often (and shares it with any threads it starts for
//! the work) and returns [`Stopped`] once it is raised. A computation that knows its unit of
//! work also reports it through the same flag ([`StopFlag::advance`]) so a caller can show
//! progress against an estimate ([`StopFlag::set_total`]): the page's worker, which cannot be
//! asked while it computes, hears it through a hook ([`StopFlag::with_progress`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// The hook of [`StopFlag::with_progress`]: (work done, estimated total).
type ProgressHook = Box<dyn Fn(u64, f64) + Send + Sync>;

/// The progress half of a [`StopFlag`].
#[derive(Default)]
struct Progress {
    done: AtomicU64,
    /// The estimated total, as `f64` bits (0: unknown).
    total: AtomicU64,
    hook: OnceLock<ProgressHook>,
}

/// A shared flag a long computation polls; raise it from any thread with [`StopFlag::stop`].
/// Clones share the flag and the progress.
///
/// # Examples
/// ```
/// let flag = onag::StopFlag::new();
/// assert!(!flag.is_stopped());
/// flag.clone().stop();
/// assert!(flag.is_stopped());
/// ```
#[derive(Clone, Default)]
pub struct StopFlag {
    stopped: Arc<AtomicBool>,
    progress: Arc<Progress>,
}

impl std::fmt::Debug for StopFlag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (done, total) = self.progress();
        f.debug_struct("StopFlag")
            .field("stopped", &self.is_stopped())
            .field("done", &done)
            .field("total", &total)
            .finish()
    }
}

impl StopFlag {
    /// A flag that is not raised.
    pub fn new() -> Self {
        Self::default()
    }

    /// A flag whose computations call `hook(done, total)` each time they report work (see
    /// [`StopFlag::advance`]); the hook should be cheap, as it runs on the computing thread.
    ///
    /// # Examples
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use std::sync::Arc;
    /// let seen = Arc::new(AtomicU64::new(0));
    /// let heard = seen.clone();
    /// let flag = onag::StopFlag::with_progress(move |done, _total| heard.store(done, Ordering::Relaxed));
    /// flag.set_total(1000.0);
    /// flag.advance(256).unwrap();
    /// flag.advance(256).unwrap();
    /// assert_eq!(seen.load(Ordering::Relaxed), 512);
    /// assert_eq!(flag.progress(), (512, 1000.0));
    /// ```
    pub fn with_progress(hook: impl Fn(u64, f64) + Send + Sync + 'static) -> Self {
        let flag = Self::default();
        let _ = flag.progress.hook.set(Box::new(hook));
        flag
    }

    /// Raises the flag: computations polling it stop soon with [`Stopped`].
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }

    /// Whether the flag has been raised.
    pub fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    /// Sets the estimated total of the work a computation will report, in its own unit (the
    /// Toads-and-Frogs solver: parts solved).
    pub fn set_total(&self, total: f64) {
        self.progress
            .total
            .store(total.to_bits(), Ordering::Relaxed);
    }

    /// Work reported so far and the estimated total (0 when unknown).
    pub fn progress(&self) -> (u64, f64) {
        (
            self.progress.done.load(Ordering::Relaxed),
            f64::from_bits(self.progress.total.load(Ordering::Relaxed)),
        )
    }

    /// Reports `work` more units done (calling the hook, if any), then polls the flag like
    /// [`StopFlag::check`].
    pub fn advance(&self, work: u64) -> Result<(), Stopped> {
        let done = self.progress.done.fetch_add(work, Ordering::Relaxed) + work;
        if let Some(hook) = self.progress.hook.get() {
            hook(
                done,
                f64::from_bits(self.progress.total.load(Ordering::Relaxed)),
            );
        }
        self.check()
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the computation was stopped before it finished")]
pub struct Stopped;
