//! The time and concurrency budget of heavy work (the input bounds are `onag_api::limits`).
//!
//! Heavy work runs on tokio's blocking pool so the async workers keep answering; it gets a
//! [`StopFlag`] that is raised when the budget runs out or the client goes away, so the
//! computation really stops instead of burning a core for nobody.

use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::time::Duration;

use onag::StopFlag;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::HttpError;

/// How much CPU time any request may compute before it counts as heavy work.
pub const TRIAL: Duration = Duration::from_millis(150);
/// The shortest trial: what a trial shrinks to while many requests wait for one.
pub const TRIAL_FLOOR: Duration = Duration::from_millis(10);
/// How often a trial's CPU time is read.
const TRIAL_POLL: Duration = Duration::from_millis(5);
/// Longest wait for a trial slot before the request is answered 503.
pub const TRIAL_WAIT: Duration = Duration::from_secs(3);

/// The shared budget: a time limit per heavy request and a cap on heavy jobs in flight.
///
/// Work is sized by running it: every request first computes for at most [`TRIAL`] of its own
/// CPU time without taking a heavy slot, so a cheap request never waits behind a heavy one.
/// The trial is measured on the clock of its thread, not the wall's, and runs at the server's
/// own priority: on a machine loaded by other processes a tiny computation can wait longer
/// than [`TRIAL`] for a core, and was refused as heavy when the trial counted that wait. Trials are bounded
/// too — at most one more than the heavy slots run at once, the others wait their turn (first
/// come, first served, each turn at most [`TRIAL`]) up to [`TRIAL_WAIT`] — so forty heavy
/// clients keep at most `jobs + 1` cores busy with trials, not forty. Work that does not
/// finish within the trial is heavy: it takes a free heavy slot and runs again under the full
/// budget — which counts only its own computing time, never a wait — or, when every slot is
/// busy, is answered at once with 503 and `Retry-After` instead of queueing.
///
/// A trial's length shrinks with the queue behind it: a running trial may use
/// [`TRIAL`] / (1 + requests waiting for a trial) of CPU time, never less than [`TRIAL_FLOOR`],
/// re-read at every poll. With a fixed length, forty clients sending heavy requests filled the
/// queue with 150 ms turns and a newcomer waited about `40 × 150 ms / (jobs + 1)` — longer than
/// [`TRIAL_WAIT`] on two cores — even for an answer of microseconds. With the shrinking turn the
/// queue drains in about `TRIAL × ln(waiting) / (jobs + 1)`; the price is that, under such a
/// flood, work of more than [`TRIAL_FLOOR`] counts as heavy and needs a free heavy slot.
#[derive(Clone)]
pub struct Budget {
    /// Wall-clock limit of one heavy computation.
    pub time: Duration,
    slots: Arc<Semaphore>,
    trials: Arc<Semaphore>,
    /// Requests waiting for a trial turn right now.
    waiting: Arc<AtomicUsize>,
}

/// How one attempt at a job ended.
enum Attempt<T> {
    /// It finished (or failed for its own reasons).
    Done(Result<T, HttpError>),
    /// Its time ran out and it was stopped.
    OverTime,
}

impl Budget {
    /// A budget of `time` per job and at most `jobs` heavy jobs at once.
    pub fn new(time: Duration, jobs: usize) -> Self {
        Self {
            time,
            slots: Arc::new(Semaphore::new(jobs.max(1))),
            trials: Arc::new(Semaphore::new(jobs.max(1) + 1)),
            waiting: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Heavy-job slots free right now.
    #[cfg(test)]
    pub fn free_slots(&self) -> usize {
        self.slots.available_permits()
    }

    /// Runs `work` on the blocking pool: first as a trial of at most [`TRIAL`], then, if it
    /// needs longer, in a heavy slot under the full time budget (see [`Budget`]).
    ///
    /// Past the budget the flag handed to `work` is raised and the client gets a 503; a panic
    /// inside `work` becomes a 500. `work` may run twice (the trial, then the heavy run), so
    /// it must not depend on being called once.
    pub async fn run<T, F>(&self, what: &str, work: F) -> Result<T, HttpError>
    where
        T: Send + 'static,
        F: Fn(&StopFlag) -> Result<T, HttpError> + Send + Sync + 'static,
    {
        let work = Arc::new(work);
        let retry = self.time.as_secs().max(1);
        let trial = {
            let _waiting = Waiting::new(&self.waiting);
            tokio::time::timeout(TRIAL_WAIT, self.trials.clone().acquire_owned()).await
        };
        let Ok(Ok(trial)) = trial else {
            return Err(HttpError::busy(format!(
                "the server is sizing too many other requests to start {what} within {} s; \
                 retry in {retry} s",
                TRIAL_WAIT.as_secs()
            )));
        };
        if let Attempt::Done(result) =
            trial_run(what, work.clone(), &self.waiting, self.time, trial).await
        {
            return result;
        }
        let Ok(permit) = self.slots.clone().try_acquire_owned() else {
            return Err(HttpError::busy(format!(
                "{what} needs more than {} ms and every heavy-work slot of the budget is busy \
                 with other requests; retry in {retry} s",
                TRIAL.as_millis()
            )));
        };
        match attempt(what, work, self.time, permit).await {
            Attempt::Done(result) => result,
            Attempt::OverTime => Err(HttpError::busy(format!(
                "{what} took longer than the web app's budget of {} ms and was stopped; \
                 try a smaller input, or the command line for long computations",
                self.time.as_millis()
            ))),
        }
    }
}

/// One run of `work` on the blocking pool, stopped after `time`; the trial or heavy-slot
/// `permit` is held as long as the computation runs (until it sees its flag), not only as long
/// as the request.
async fn attempt<T, F>(
    what: &str,
    work: Arc<F>,
    time: Duration,
    permit: OwnedSemaphorePermit,
) -> Attempt<T>
where
    T: Send + 'static,
    F: Fn(&StopFlag) -> Result<T, HttpError> + Send + Sync + 'static,
{
    let stop = StopFlag::new();
    let _guard = StopOnDrop(stop.clone());
    let flag = stop.clone();
    let job = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        yield_to_light_requests();
        work(&flag)
    });
    match tokio::time::timeout(time, job).await {
        Ok(Ok(result)) => Attempt::Done(result),
        Ok(Err(join)) if join.is_panic() => Attempt::Done(Err(HttpError::internal(format!(
            "{what} failed inside the engine (a bug: please report it)"
        )))),
        Ok(Err(_)) => Attempt::Done(Err(HttpError::internal(format!("{what} was cancelled")))),
        Err(_) => Attempt::OverTime,
    }
}

/// The CPU time a trial may use while `waiting` requests wait for a turn (see [`Budget`]).
fn trial_length(waiting: usize, wall: Duration) -> Duration {
    let shared = TRIAL / u32::try_from(waiting.saturating_add(1)).unwrap_or(u32::MAX);
    shared.max(TRIAL_FLOOR).min(TRIAL).min(wall)
}

/// Counts a request as waiting for a trial turn while it lives.
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    fn new(count: &'a AtomicUsize) -> Self {
        count.fetch_add(1, AtomicOrdering::AcqRel);
        Self(count)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, AtomicOrdering::AcqRel);
    }
}

/// The trial of `work`: on a thread of its own (at the server's priority, not the heavy
/// work's), stopped once it has used its share of CPU time ([`trial_length`] of the requests
/// `waiting` now, re-read at every poll) — or, as a backstop, `wall` of wall time. The
/// `permit` is held as long as the computation runs.
async fn trial_run<T, F>(
    what: &str,
    work: Arc<F>,
    waiting: &AtomicUsize,
    wall: Duration,
    permit: OwnedSemaphorePermit,
) -> Attempt<T>
where
    T: Send + 'static,
    F: Fn(&StopFlag) -> Result<T, HttpError> + Send + Sync + 'static,
{
    let stop = StopFlag::new();
    let _guard = StopOnDrop(stop.clone());
    let flag = stop.clone();
    // i64::MIN: the thread has not started yet (its wait for a core is not its work)
    let tid = Arc::new(std::sync::atomic::AtomicI64::new(i64::MIN));
    let (tx, rx) = tokio::sync::oneshot::channel();
    let spawned = {
        let tid = tid.clone();
        std::thread::Builder::new()
            .name("onag-trial".into())
            .stack_size(onag::deep_stack::DEEP_STACK / 16)
            .spawn(move || {
                let _permit = permit;
                tid.store(thread_id(), std::sync::atomic::Ordering::Release);
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&flag)));
                let _ = tx.send(result);
            })
    };
    if spawned.is_err() {
        return Attempt::Done(Err(HttpError::internal(format!(
            "{what} could not start a thread"
        ))));
    }
    let started = std::time::Instant::now();
    tokio::pin!(rx);
    loop {
        tokio::select! {
            result = &mut rx => {
                return Attempt::Done(match result {
                    Ok(Ok(result)) => result,
                    Ok(Err(_)) => Err(HttpError::internal(format!(
                        "{what} failed inside the engine (a bug: please report it)"
                    ))),
                    Err(_) => Err(HttpError::internal(format!("{what} was cancelled"))),
                });
            }
            () = tokio::time::sleep(TRIAL_POLL) => {
                let used = match tid.load(std::sync::atomic::Ordering::Acquire) {
                    i64::MIN => Duration::ZERO,
                    tid => thread_cpu(tid).unwrap_or_else(|| started.elapsed()),
                };
                let cpu = trial_length(waiting.load(AtomicOrdering::Acquire), wall);
                if used >= cpu || started.elapsed() >= wall {
                    return Attempt::OverTime;
                }
            }
        }
    }
}

/// This thread's id for [`thread_cpu`] (-1 where there is none).
fn thread_id() -> i64 {
    #[cfg(target_os = "linux")]
    {
        i64::from(rustix::thread::gettid().as_raw_nonzero().get())
    }
    #[cfg(not(target_os = "linux"))]
    {
        -1
    }
}

/// The CPU time the thread `tid` of this process has used (Linux: the first field of
/// `/proc/self/task/TID/schedstat`, nanoseconds on a CPU); `None` where it cannot be read.
fn thread_cpu(tid: i64) -> Option<Duration> {
    if tid < 0 {
        return None;
    }
    let text = std::fs::read_to_string(format!("/proc/self/task/{tid}/schedstat")).ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Lowers the CPU priority of this (blocking-pool) thread to nice [`HEAVY_NICE`], so the
/// async workers answering light requests win every core they need from heavy work; heavy
/// work still gets all the CPU nobody else wants. Linux only (a thread's own nice value);
/// elsewhere, and when refused, nothing changes.
fn yield_to_light_requests() {
    #[cfg(target_os = "linux")]
    {
        let _ = rustix::process::setpriority_process(Some(rustix::thread::gettid()), HEAVY_NICE);
    }
}

/// The nice value of heavy work: a tenth of a light request's CPU weight.
#[cfg(target_os = "linux")]
const HEAVY_NICE: i32 = 10;

/// Raises the flag when the request ends for any reason (finished, timed out, client gone),
/// so no computation outlives its request.
struct StopOnDrop(StopFlag);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trial_shrinks_with_the_queue_behind_it_down_to_the_floor() {
        let wall = Duration::from_secs(3);
        assert_eq!(trial_length(0, wall), TRIAL);
        assert_eq!(trial_length(2, wall), TRIAL / 3);
        assert_eq!(trial_length(40, wall), TRIAL_FLOOR);
        assert_eq!(trial_length(usize::MAX, wall), TRIAL_FLOOR);
        // never longer than the whole budget
        assert_eq!(
            trial_length(0, Duration::from_millis(20)),
            Duration::from_millis(20)
        );
        // a queue of n drains in about TRIAL × ln(n), not n × TRIAL
        let drain: Duration = (0..40).map(|w| trial_length(w, wall)).sum();
        assert!(drain < TRIAL * 5, "{drain:?}");
    }

    #[test]
    fn the_waiting_count_follows_the_waiters() {
        let count = AtomicUsize::new(0);
        {
            let _a = Waiting::new(&count);
            let _b = Waiting::new(&count);
            assert_eq!(count.load(AtomicOrdering::Acquire), 2);
        }
        assert_eq!(count.load(AtomicOrdering::Acquire), 0);
    }
}
