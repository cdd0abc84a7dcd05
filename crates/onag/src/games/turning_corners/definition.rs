//! Turning Corners single-coin values by definition (`cornersByMex`), checked against the
//! fast nim product.
//!
//! The value of coin `(a, b)` is `mex{ v(a',b) ⊕ v(a,b') ⊕ v(a',b') : a' < a, b' < b }` with
//! the border `v(0, ·) = v(·, 0) = 0`, which is literally Conway's definition of `a ⊗ b`.
//! Evaluating it naively costs `Σ a·b ≈ n⁴/4` options (2.7·10^11 for n = 1024). This module
//! instead *verifies* the fast table `T[a][b] = a ⊗ b` against the definition, cell by cell:
//! by induction over the cells, `T` equals the mex table iff for every cell `v = T[a][b]`
//!
//! 1. `v` is not an option, and
//! 2. every `w < v` is an option.
//!
//! **Check 1 in `O(n³)` instead of `O(n⁴)`.** With `D = T[a] ⊕ T[a']` (the XOR of two rows),
//! the option of `(a, b)` through `(a', b')` equals `v` iff `D[b'] = D[b]`. So check 1 holds
//! for the whole row `a` iff, for each `a' < a`, the sequence `D[0], D[1], …` has no value
//! repeated: one pass over `b` with a bitset per row pair, and a repeat at `b` flags exactly
//! the cells `(a, b)` that fail.
//!
//! **Check 2** needs `v` distinct options below `v`, so it cannot beat `Σ v`; it ORs options
//! into a 65,536-bit set (branch-free, L1-resident), rows `a'` nearest to `a` first (they
//! overlap least, measured), and stops at the first row after which `[0, v)` is covered. Rows
//! `a` are independent given `T`, so they run in parallel (rayon).

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::nimber::fast;
use crate::{StopFlag, Stopped};

/// The largest `n` accepted: products of numbers below 4096 fit in 16 bits.
pub const MAX_N: usize = 4096;

/// What [`corners_mex`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MexReport {
    /// Cells checked: `(n − 1)²`.
    pub cells: u64,
    /// Cells where the definition and the fast product differ (0 iff the tables are equal).
    pub mismatches: u64,
    /// The largest value among the checked cells.
    pub max_value: u64,
    /// Options evaluated by check 2 (for the record: the naive count is `Σ a·b`).
    pub options_evaluated: u64,
}

/// Checks the by-definition values of coins `(a, b)`, `1 ≤ a, b < n`, against `a ⊗ b`.
/// `progress(rows_done)` is called after each row (from worker threads); `stop` is polled
/// once per row.
///
/// # Panics
/// If `n > MAX_N`.
pub fn corners_mex(
    n: usize,
    stop: &StopFlag,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<MexReport, Stopped> {
    assert!(n <= MAX_N, "corners mex is limited to n ≤ {MAX_N}");
    let t: Vec<u16> = (0..n * n)
        .map(|i| fast::mul16((i / n) as u16, (i % n) as u16))
        .collect();
    verify_table(&t, n, stop, progress)
}

/// Checks a given table `t` (row-major `n × n`, `t[a·n + b]` claimed to be the value of coin
/// `(a, b)`, row and column 0 the border) against the definition, as [`corners_mex`] does.
///
/// The definition is symmetric in `a` and `b`, so the mex table is symmetric; when `t` is
/// symmetric too, check 2 for `(a, b)` and `(b, a)` sees the same option values and is run
/// once, for `a ≤ b` (half the work). Check 1 (cheap) runs on every cell.
///
/// # Panics
/// If `t.len() != n²` or `n > MAX_N`.
pub fn verify_table(
    t: &[u16],
    n: usize,
    stop: &StopFlag,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<MexReport, Stopped> {
    assert!(n <= MAX_N && t.len() == n * n, "table is not {n}×{n}");
    let symmetric = (0..n).all(|a| (0..a).all(|b| t[a * n + b] == t[b * n + a]));
    let border_zero = (0..n).all(|i| t[i] == 0 && t[i * n] == 0);
    let done = AtomicU64::new(0);
    let rows: Vec<Result<RowResult, Stopped>> = (1..n)
        .into_par_iter()
        .rev()
        .map(|a| {
            stop.check()?;
            let from = if symmetric { a } else { 1 };
            let result = check_row(t, n, a, from);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            Ok(result)
        })
        .collect();
    let rows: Vec<RowResult> = rows.into_iter().collect::<Result<_, _>>()?;
    // rows[i] is row a = n − 1 − i (the parallel iterator ran the rows in reverse).
    let row_of = |a: usize| &rows[n - 1 - a];
    let mut report = MexReport {
        cells: ((n.max(1) - 1) * (n.max(1) - 1)) as u64,
        mismatches: 0,
        max_value: 0,
        options_evaluated: rows.iter().map(|r| r.options).sum(),
    };
    for a in 1..n {
        for b in 1..n {
            let (lo, hi) = if symmetric {
                (a.min(b), a.max(b))
            } else {
                (a, b)
            };
            let check2 = row_of(lo).bad2[hi];
            let bad = row_of(a).bad1[b] || check2 || !border_zero;
            report.mismatches += u64::from(bad);
            report.max_value = report.max_value.max(u64::from(t[a * n + b]));
        }
    }
    Ok(report)
}

/// Failures of one row: `bad1[b]` (the value is an option), `bad2[b]` (some smaller value is
/// not an option; only meaningful for the cells the row checked).
struct RowResult {
    bad1: Vec<bool>,
    bad2: Vec<bool>,
    options: u64,
}

/// A set of 16-bit values.
type Bits = [u64; 1024];

#[inline(always)]
fn insert(bits: &mut Bits, x: u16) {
    bits[usize::from(x >> 6)] |= 1 << (x & 63);
}

#[inline(always)]
fn contains(bits: &Bits, x: u16) -> bool {
    bits[usize::from(x >> 6)] >> (x & 63) & 1 == 1
}

fn check_row(t: &[u16], n: usize, a: usize, from: usize) -> RowResult {
    let row = |i: usize| &t[i * n..(i + 1) * n];
    let ra = row(a);
    let mut bad1 = vec![false; n];
    let mut bad2 = vec![false; n];
    let mut bits: Box<Bits> = Box::new([0; 1024]);

    // Check 1: for each a' < a, D = T[a] ⊕ T[a'] has no repeated value along the row. The
    // rows D are kept for check 2 (a·n values, at most 8 MiB).
    let mut diffs: Vec<u16> = Vec::with_capacity(a * n);
    for a2 in 0..a {
        let rp = row(a2);
        for b in 0..n {
            let d = ra[b] ^ rp[b];
            if contains(&bits, d) {
                bad1[b] = true;
            }
            insert(&mut bits, d);
            diffs.push(d);
        }
        // Unset what was set (cheaper than clearing 8 KiB per row pair).
        for &d in &diffs[a2 * n..] {
            bits[usize::from(d >> 6)] = 0;
        }
    }

    // Check 2: every w < v is an option. A byte per value (stores only, no read-modify-write
    // chain, measured ~3× faster than a bitset here); `first` is the smallest value not yet
    // seen, and it only moves forward. The option through (a', b') is T[a'][b] ⊕ D[b']: one
    // load and one store each.
    let mut seen: Box<[u8; 65536]> = Box::new([0; 65536]);
    let mut options = 0u64;
    for b in from..n {
        let v = usize::from(ra[b]);
        seen[..v].fill(0);
        let mut first = 0;
        for a2 in (0..a).rev() {
            if first == v {
                break;
            }
            let c = t[a2 * n + b];
            for &d in &diffs[a2 * n..a2 * n + b] {
                seen[usize::from(c ^ d)] = 1;
            }
            options += b as u64;
            while first < v && seen[first] != 0 {
                first += 1;
            }
        }
        bad2[b] = first != v;
    }
    RowResult {
        bad1,
        bad2,
        options,
    }
}
