//! What the bitboard solvers' search threads share: a transposition table of exact answers
//! under per-bucket sequence locks, and the busy positions of ABDADA.

use std::sync::atomic::{fence, AtomicBool, AtomicU32, AtomicU64, Ordering};

use super::work_log;

/// A bucket of the transposition table: two entries, one kept for the answer that took the
/// most work and one always replaced. An entry is a position (a 128-bit key) and its data:
/// bit 0 used, bit 1 a tag the probe must match (Domineering: Right to move), bit 2 the
/// player to move wins, bits 8.. log2 of the work. The search threads share the table: a
/// writer takes the bucket's sequence number from even to odd and back, and a reader keeps
/// what it read only when the number was even and unchanged around its reads (a sequence
/// lock, as in Boehm, *Can seqlocks get along with programming language memory models?*,
/// MSPC 2012), so a torn entry is never read. A store that finds the bucket being written
/// is dropped, as the table drops entries anyway: it holds only exact answers, and losing
/// one costs work only.
#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    seq: AtomicU32,
    data: [AtomicU32; 2],
    /// the two keys' low and high halves
    keys: [AtomicU64; 4],
}

/// The data bit of a won position.
pub(crate) const WINS: u32 = 4;
/// The data bit of the tag.
pub(crate) const TAG: u32 = 2;

/// The transposition table, shared by the search threads (see [`Bucket`]). The caller picks
/// each position's bucket.
pub(crate) struct Table {
    buckets: Vec<Bucket>,
}

impl Table {
    /// A table of `entries` entries (two a bucket, 32 bytes each).
    pub(crate) fn new(entries: usize) -> Table {
        Table {
            buckets: (0..(entries / 2).max(1))
                .map(|_| Bucket::default())
                .collect(),
        }
    }

    /// The number of buckets (a power of two when `entries` was).
    pub(crate) fn buckets(&self) -> usize {
        self.buckets.len()
    }

    /// The answer stored for `key` with tag `tag` (0 or [`TAG`]) in bucket `i`.
    #[inline]
    pub(crate) fn probe_at(&self, i: usize, key: u128, tag: u32) -> Option<bool> {
        let b = &self.buckets[i];
        let seq = b.seq.load(Ordering::Acquire);
        if seq & 1 != 0 {
            return None;
        }
        let mut found = None;
        for j in 0..2 {
            let data = b.data[j].load(Ordering::Relaxed);
            if data & 1 != 0
                && data & TAG == tag
                && b.keys[2 * j].load(Ordering::Relaxed) == key as u64
                && b.keys[2 * j + 1].load(Ordering::Relaxed) == (key >> 64) as u64
            {
                found = Some(data & WINS != 0);
                break;
            }
        }
        fence(Ordering::Acquire);
        if b.seq.load(Ordering::Relaxed) != seq {
            return None;
        }
        found
    }

    /// Keeps an answer that took `work` nodes in bucket `i`: in the first slot when that slot
    /// is free, holds the same position, or an answer that took no more work — the answer
    /// it held then moves to the second slot when `demote`, else is dropped — and in the
    /// second slot otherwise.
    pub(crate) fn store_at(
        &self,
        i: usize,
        key: u128,
        tag: u32,
        wins: bool,
        work: u64,
        demote: bool,
    ) {
        let b = &self.buckets[i];
        let seq = b.seq.load(Ordering::Relaxed);
        if seq & 1 != 0
            || b.seq
                .compare_exchange(seq, seq + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        let log = work_log(work);
        let data = 1 | (tag & TAG) | if wins { WINS } else { 0 } | (log << 8);
        let read = |j: usize| {
            let lo = b.keys[2 * j].load(Ordering::Relaxed);
            let hi = b.keys[2 * j + 1].load(Ordering::Relaxed);
            (
                u128::from(lo) | (u128::from(hi) << 64),
                b.data[j].load(Ordering::Relaxed),
            )
        };
        let write = |j: usize, (k, d): (u128, u32)| {
            b.keys[2 * j].store(k as u64, Ordering::Relaxed);
            b.keys[2 * j + 1].store((k >> 64) as u64, Ordering::Relaxed);
            b.data[j].store(d, Ordering::Relaxed);
        };
        let keep = read(0);
        let same = keep.0 == key && keep.1 & TAG == data & TAG;
        if keep.1 & 1 == 0 || same || log >= keep.1 >> 8 {
            if demote && !same && keep.1 & 1 != 0 {
                write(1, keep);
            }
            write(0, (key, data));
        } else {
            write(1, (key, data));
        }
        b.seq.store(seq + 2, Ordering::Release);
    }

    /// Every entry in use, as (key, data); only while no search runs.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (u128, u32)> + '_ {
        self.buckets.iter().flat_map(|b| {
            (0..2).filter_map(move |j| {
                let data = b.data[j].load(Ordering::Relaxed);
                let lo = b.keys[2 * j].load(Ordering::Relaxed);
                let hi = b.keys[2 * j + 1].load(Ordering::Relaxed);
                (data & 1 != 0).then_some((u128::from(lo) | (u128::from(hi) << 64), data))
            })
        })
    }

    /// Forgets every answer.
    pub(crate) fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|b| *b = Bucket::default());
    }
}

/// What the search threads share besides the table, for ABDADA (Weill, *The ABDADA
/// distributed minimax search algorithm*, ICCA Journal 19(1), 1996): every thread searches
/// from the root, the first move of a node together, and the later moves of a node that
/// another thread is already searching are put off until the rest are done — by then the
/// table mostly knows them. The answers are exact whichever thread finds them, so sharing
/// changes the work, never an answer.
pub(crate) struct Abdada {
    /// the positions some thread is searching: a tag of the position in a slot of its hash
    busy: Vec<AtomicU64>,
    /// a thread has finished the root: the others stop
    pub(crate) done: AtomicBool,
    /// the helpers' nodes so far (each adds its own at its polls)
    pub(crate) helper_nodes: AtomicU64,
    /// nodes this close to the root mark themselves busy (deeper ones are quick to redo)
    pub(crate) depth: u32,
}

impl Abdada {
    /// The shared state of a search whose nodes within `depth` of the root mark themselves.
    pub(crate) fn new(depth: u32) -> Abdada {
        Abdada {
            busy: (0..1 << 16).map(|_| AtomicU64::new(0)).collect(),
            done: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
            depth,
        }
    }

    /// The busy slot and tag of a position.
    fn busy_slot(&self, key: u128, tag: u32) -> (usize, u64) {
        let t = (key as u64) ^ ((key >> 64) as u64).rotate_left(29) ^ u64::from(tag);
        let h = t.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> 40) as usize & (self.busy.len() - 1), t | 1)
    }

    /// Whether some thread is searching the position.
    pub(crate) fn is_busy(&self, key: u128, tag: u32) -> bool {
        let (i, t) = self.busy_slot(key, tag);
        self.busy[i].load(Ordering::Relaxed) == t
    }

    /// Marks the position searched (or no longer).
    pub(crate) fn set_busy(&self, key: u128, tag: u32, busy: bool) {
        let (i, t) = self.busy_slot(key, tag);
        if busy {
            self.busy[i].store(t, Ordering::Relaxed);
        } else {
            // only if no other position took the slot since
            let _ = self.busy[i].compare_exchange(t, 0, Ordering::Relaxed, Ordering::Relaxed);
        }
    }

    /// A helper has ended its search: when it finished (not halted), the others stop.
    pub(crate) fn ended(&self, halted: bool) {
        if !halted {
            self.done.store(true, Ordering::Relaxed);
        }
    }

    /// Whether another thread has finished the root.
    pub(crate) fn is_done(&self) -> bool {
        self.done.load(Ordering::Relaxed)
    }
}

/// The stack of a helper search thread: the search recurses once a move, with its moves on
/// the stack.
const SEARCH_STACK: usize = 64 << 20;

/// Runs `helper` on `threads − 1` new threads and `main` on this one; when `main` returns
/// (finished, or stopped by its flag or node limit) the helpers are told to stop
/// (`shared.done`: they see it at their next poll), and their results are collected.
pub(crate) fn with_helpers<M, H: Send>(
    threads: usize,
    shared: &Abdada,
    main: impl FnOnce() -> M,
    helper: impl Fn() -> H + Sync,
) -> (M, Vec<H>) {
    std::thread::scope(|s| {
        // a helper the system will not start is left out: fewer threads, the same answer
        let helpers: Vec<_> = (1..threads)
            .filter_map(|_| {
                std::thread::Builder::new()
                    .stack_size(SEARCH_STACK)
                    .spawn_scoped(s, &helper)
                    .ok()
            })
            .collect();
        let m = main();
        shared.done.store(true, Ordering::Relaxed);
        let helpers = helpers
            .into_iter()
            // a helper panics only on a bug in the search: pass it on, as one thread would
            .map(|h| h.join().expect("a search thread panicked"))
            .collect();
        (m, helpers)
    })
}

/// A search thread's counts, added up over the threads.
pub(crate) trait Counts {
    /// Adds another thread's counts.
    fn add(&mut self, other: &Self);
}

/// The helpers' results (answer, nodes, counts) folded into the main thread's: the nodes
/// and counts added up, the answer the main thread's or else a helper's that finished.
pub(crate) fn merge<A, C: Counts>(
    (mut answer, mut nodes, mut counts): (Option<A>, u64, C),
    helpers: Vec<(Option<A>, u64, C)>,
) -> (Option<A>, u64, C) {
    for (found, n, c) in helpers {
        nodes += n;
        counts.add(&c);
        answer = answer.or(found);
    }
    (answer, nodes, counts)
}

/// Nodes between two polls of a helper thread.
const HELPER_POLL: u64 = 1 << 16;

/// A helper thread's polls: every 65,536 nodes it adds its nodes to the shared count (the
/// main thread's progress reports show all threads') and looks at the stop flag and
/// whether another thread has finished.
#[derive(Default)]
pub(crate) struct HelperPoll {
    next: u64,
    reported: u64,
}

impl HelperPoll {
    /// At the helper's node count `nodes`: whether it must stop.
    #[inline]
    pub(crate) fn halt(
        &mut self,
        nodes: u64,
        shared: Option<&Abdada>,
        stop: &crate::StopFlag,
    ) -> bool {
        if nodes < self.next {
            return false;
        }
        self.next = nodes + HELPER_POLL;
        if let Some(s) = shared {
            s.helper_nodes
                .fetch_add(nodes - self.reported, Ordering::Relaxed);
        }
        self.reported = nodes;
        stop.check().is_err() || shared.is_some_and(Abdada::is_done)
    }
}

/// The nodes of all threads as the main thread reports them: its own `nodes` and the
/// helpers' so far.
pub(crate) fn all_nodes(nodes: u64, shared: Option<&Abdada>) -> u64 {
    nodes + shared.map_or(0, |s| s.helper_nodes.load(Ordering::Relaxed))
}
