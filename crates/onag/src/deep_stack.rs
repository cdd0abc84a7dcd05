//! A thread with a deep stack for the recursive solvers.
//!
//! The Toads-and-Frogs solver recurses once per move of the longest line of play (hundreds of
//! moves on long boards) and the game parser once per level of nesting, so they outgrow the
//! default 2–8 MiB thread stack. Every front end runs such work through this module: the stack
//! is only reserved address space, and pages are mapped as the recursion reaches them.

use std::thread::{Builder, Scope, ScopedJoinHandle};

/// The stack size of a deep thread: 1 GiB.
pub const DEEP_STACK: usize = 1 << 30;

/// A thread builder named `name` with a [`DEEP_STACK`] stack (for a thread the caller manages).
///
/// # Examples
/// ```
/// let answer = onag::deep_stack::deep_thread("example")
///     .spawn(|| 6 * 7)
///     .unwrap()
///     .join()
///     .unwrap();
/// assert_eq!(answer, 42);
/// ```
pub fn deep_thread(name: &str) -> Builder {
    Builder::new().name(name.to_string()).stack_size(DEEP_STACK)
}

/// Spawns `f` on a scoped thread with a deep stack.
///
/// # Examples
/// ```
/// let total: u64 = std::thread::scope(|s| {
///     let h = onag::deep_stack::spawn_deep(s, "sum", || (1..=100u64).sum()).unwrap();
///     h.join().unwrap()
/// });
/// assert_eq!(total, 5050);
/// ```
pub fn spawn_deep<'scope, 'env, T: Send + 'scope>(
    scope: &'scope Scope<'scope, 'env>,
    name: &str,
    f: impl FnOnce() -> T + Send + 'scope,
) -> std::io::Result<ScopedJoinHandle<'scope, T>> {
    deep_thread(name).spawn_scoped(scope, f)
}

/// Why [`on_deep_stack`] has no answer.
#[derive(Debug, thiserror::Error)]
pub enum DeepStackError {
    /// The thread could not start.
    #[error("cannot start a thread with a deep stack: {0}")]
    Spawn(std::io::Error),
    /// The work panicked.
    #[error("the computation panicked")]
    Panicked,
}

/// Runs `f` on a thread with a deep stack named `name` and waits for its answer.
///
/// # Examples
/// ```
/// fn depth(n: u32) -> u32 {
///     if n == 0 { 0 } else { 1 + depth(n - 1) }
/// }
/// let d = onag::deep_stack::on_deep_stack("recursion", || depth(1_000_000)).unwrap();
/// assert_eq!(d, 1_000_000);
/// ```
pub fn on_deep_stack<T: Send>(
    name: &str,
    f: impl FnOnce() -> T + Send,
) -> Result<T, DeepStackError> {
    std::thread::scope(|scope| {
        spawn_deep(scope, name, f)
            .map_err(DeepStackError::Spawn)?
            .join()
            .map_err(|_| DeepStackError::Panicked)
    })
}
