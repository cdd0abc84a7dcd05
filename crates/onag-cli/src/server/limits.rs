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
        if let Attempt::Done(result) = trial_run(
            what,
            work.clone(),
            &self.waiting,
            self.time,
            trial,
            thread_cpu,
        )
        .await
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
/// `permit` is held as long as the computation runs. `clock` reads a thread's CPU time
/// ([`thread_cpu`]; tests pass a slow one).
async fn trial_run<T, F>(
    what: &str,
    work: Arc<F>,
    waiting: &AtomicUsize,
    wall: Duration,
    permit: OwnedSemaphorePermit,
    clock: impl Fn(i64) -> Option<Duration>,
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
    let mut rx = rx;
    let done = |result: Option<std::thread::Result<Result<T, HttpError>>>| {
        Attempt::Done(match result {
            Some(Ok(result)) => result,
            Some(Err(_)) => Err(HttpError::internal(format!(
                "{what} failed inside the engine (a bug: please report it)"
            ))),
            None => Err(HttpError::internal(format!("{what} was cancelled"))),
        })
    };
    loop {
        tokio::select! {
            // an answer that is ready wins over a poll that is due at the same moment
            biased;
            result = &mut rx => return done(result.ok()),
            () = tokio::time::sleep(TRIAL_POLL) => {
                let used = match tid.load(std::sync::atomic::Ordering::Acquire) {
                    i64::MIN => Duration::ZERO,
                    tid => match clock(tid) {
                        Some(used) => used,
                        // The thread's clock is gone when the thread has ended — after it sent
                        // its answer, which is taken here. A finished computation once counted
                        // the wall time instead, and a 0.2 ms answer that had waited 0.3 s
                        // for a core on a loaded machine was refused as heavy.
                        None => match rx.try_recv() {
                            Ok(result) => return done(Some(result)),
                            Err(tokio::sync::oneshot::error::TryRecvError::Closed) => {
                                return done(None);
                            }
                            // still running, and this system reports no thread clock
                            Err(tokio::sync::oneshot::error::TryRecvError::Empty) => {
                                started.elapsed()
                            }
                        },
                    },
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

/// The CPU time the thread `tid` of this process has used; `None` where it cannot be read
/// (the thread has ended, or the system has neither clock). Linux: the first field of
/// `/proc/self/task/TID/schedstat` (nanoseconds on a CPU), or, on kernels without scheduler
/// statistics, `utime + stime` of `/proc/self/task/TID/stat` (in clock ticks of 10 ms).
fn thread_cpu(tid: i64) -> Option<Duration> {
    if tid < 0 {
        return None;
    }
    if let Ok(text) = std::fs::read_to_string(format!("/proc/self/task/{tid}/schedstat")) {
        let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
        return Some(Duration::from_nanos(ns));
    }
    let text = std::fs::read_to_string(format!("/proc/self/task/{tid}/stat")).ok()?;
    // the fields after the command name, which is in parentheses and may hold spaces
    let rest = &text[text.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name
    let utime: u64 = fields.nth(11)?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some(Duration::from_millis(
        utime.saturating_add(stime).saturating_mul(10),
    ))
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

    /// A finished trial is answered however late the server looks at it: a 0.2 ms nim table
    /// was answered 503 beside eight CPU-bound processes, because a thread whose clock was
    /// gone was charged the wall time since its start. That wall time is only a stand-in for
    /// a system without thread clocks while the computation still runs. Here the computation
    /// ends just as the server looks at its clock, and the server is held up past [`TRIAL`]
    /// before it reads nothing — what a loaded machine does to a trial whose thread has ended
    /// (its `/proc` entry is gone) by the time the server gets a core.
    #[test]
    fn a_finished_trial_is_answered_however_late_it_is_looked_at() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        let waiting = AtomicUsize::new(0);
        let trials = Arc::new(Semaphore::new(1));
        let looked = Arc::new(std::sync::Barrier::new(2));
        let ends = looked.clone();
        let work = Arc::new(move |_: &StopFlag| {
            ends.wait();
            Ok(1 + 1)
        });
        let late_and_gone = move |_tid: i64| {
            looked.wait();
            std::thread::sleep(TRIAL + Duration::from_millis(50));
            None
        };
        let attempt = runtime.block_on(async {
            let permit = trials.clone().acquire_owned().await.unwrap();
            let wall = Duration::from_secs(60);
            trial_run("a sum", work, &waiting, wall, permit, late_and_gone).await
        });
        assert!(matches!(attempt, Attempt::Done(Ok(2))));
    }

    #[test]
    fn a_live_thread_has_a_clock_and_an_ended_one_loses_it() {
        let (tx, rx) = std::sync::mpsc::channel();
        let (stop_tx, stop_rx) = std::sync::mpsc::channel::<()>();
        let handle = std::thread::spawn(move || {
            tx.send(thread_id()).unwrap();
            let _ = stop_rx.recv();
        });
        let tid = rx.recv().unwrap();
        assert!(thread_cpu(tid).is_some());
        stop_tx.send(()).unwrap();
        handle.join().unwrap();
        // the kernel removes the entry just after the join returns
        let gone = (0..200).any(|_| {
            std::thread::sleep(Duration::from_millis(10));
            thread_cpu(tid).is_none()
        });
        assert!(gone);
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
