//! Nivasch's g-points (G. Nivasch, *More on the Sprague–Grundy function for Wythoff's game*,
//! Games of No Chance 3, MSRI Publications 56, 2009).
//!
//! For a value `g`, the cells with `g(a, b) = g` and `a ≤ b`, listed by increasing `a`, are the
//! *g-points* `(a_n, b_n)`, `n = 0, 1, …`; with `d_n = b_n − a_n`, Nivasch proves `d_n − n` is
//! bounded for every `g`. Every value occurs exactly once in every row, so row `r` holds one
//! cell of value `g`, computed here without any table:
//!
//! * if an earlier point has `b_n = r`, the cell is its mirror `(r, a_n)`;
//! * otherwise it is `(r, r + d)` for the smallest diagonal `d` not yet used by `g` such that
//!   column `r + d` holds no `g` yet and no smaller value took `(r, r + d)` in this row.
//!
//! Why: for the smallest such `d`, the options of `(r, r + d)` miss `g` (not in its column,
//! diagonal, or earlier in the row, as `g`'s cell in row `r` is not left of it), so the mex is at
//! most `g`; a mex `h < g` would mean the cell is `h`'s, which was excluded. For a smaller
//! admissible-looking column the same argument shows the value would be `g` too, so the first
//! one is `g`'s cell. Values are processed in increasing order within a row.
//!
//! Per row and value this costs a few bit tests. The sweep keeps every value's sets interleaved
//! (one row touches two memory streams, not two per value), gathers the row's mirror test for
//! all values at once and then searches only the points, in increasing order of value: whether a
//! row holds a mirror is close to a coin toss per value (about 38 % of rows), and a mispredicted
//! branch per (row, value) cost more than the search. On two threads the smaller values run
//! ahead and each thread also computes its own values' statistics. The first version is kept in
//! [`reference`] and tested equal.

use super::{check_bound, pairs, WythoffError};
use crate::StopFlag;

pub mod reference;

/// Largest value [`GPointSweep`] tracks (inclusive).
pub const MAX_G: u32 = 1000;
/// Largest row count [`GPointSweep`] accepts.
pub const MAX_ROWS: u64 = 50_000_000;

/// Marks a mirror in the column arrays of [`Core`].
const MIRROR: u64 = u64::MAX;

/// One bitset per value ("lane"), stored interleaved: word `w` of lane `j` at `w * lanes + j`.
/// A row reads every lane at about the same word (the mirror test at row `r`, the searches near
/// column `φ·r`), so the sweep walks two memory streams instead of two per value: with one
/// growable bitset per value the hardware prefetchers lost track (31–200 streams) and the load
/// of the mirror bit was the hottest instruction.
///
/// The sweep makes the words it may touch in a row exist once per row ([`Lanes::reserve`], from
/// a proven bound on the search), so reads and writes need no growth check.
#[derive(Clone, Debug)]
struct Lanes {
    lanes: usize,
    words: Vec<u64>,
}

impl Lanes {
    /// `lanes` empty bitsets with room for words `0..words` each (allocated zero: pages are
    /// mapped lazily, so only the words written take memory).
    fn new(lanes: usize, words: usize) -> Self {
        Self {
            lanes,
            words: vec![0; lanes * words],
        }
    }

    /// Makes words `0..=w` of every lane exist (zero).
    #[inline]
    fn reserve(&mut self, w: u64) {
        if (w as usize + 1) * self.lanes > self.words.len() {
            self.grow(w as usize + 1);
        }
    }

    #[cold]
    fn grow(&mut self, words: usize) {
        // A fresh zeroed allocation (its pages are mapped lazily) and one copy, rather than
        // `resize`, which would write every new zero and make the whole capacity resident.
        let mut grown = vec![0; words.next_power_of_two() * self.lanes];
        grown[..self.words.len()].copy_from_slice(&self.words);
        self.words = grown;
    }

    /// The index of the word holding bit `i` of lane `j`.
    #[inline]
    fn at(&self, j: usize, i: u64) -> usize {
        (i / 64) as usize * self.lanes + j
    }

    /// Sets bit `i` of lane `j` if `b` is 1 (`b` is 0 or 1).
    #[inline]
    fn or_bit(&mut self, j: usize, i: u64, b: u64) {
        let w = self.at(j, i);
        self.words[w] |= b << (i % 64);
    }

    /// The two words of lane `j` holding bits `i .. i + 64` (bits `i − i % 64 ..`).
    #[inline]
    fn pair(&self, j: usize, i: u64) -> u128 {
        let w = self.at(j, i);
        u128::from(self.words[w + self.lanes]) << 64 | u128::from(self.words[w])
    }

    /// Bits `i .. i + 64` of lane `j` as one word (bit 0 = bit `i`).
    #[inline]
    fn window(&self, j: usize, i: u64) -> u64 {
        (self.pair(j, i) >> (i % 64)) as u64
    }

    /// The first clear bit of lane `j` at or after `i`.
    #[inline]
    fn next_clear(&self, j: usize, mut i: u64) -> u64 {
        loop {
            let w = !self.window(j, i);
            if w != 0 {
                return i + u64::from(w.trailing_zeros());
            }
            i += 64;
        }
    }
}

/// Writes a zero to every 4 KiB page of the first `len` words (see [`Core::new`]).
fn prefault(words: &mut [u64], len: usize) {
    let len = len.min(words.len());
    for w in words[..len].iter_mut().step_by(512) {
        *w = std::hint::black_box(0);
    }
}

/// One bitset, for the columns taken in the current row ([`Core::taken`]).
#[derive(Clone, Debug)]
struct Taken {
    words: Vec<u64>,
}

impl Taken {
    fn new(words: usize) -> Self {
        Self {
            words: vec![0; words],
        }
    }

    /// Makes words `0..=w` exist (zero).
    #[inline]
    fn reserve(&mut self, w: u64) {
        if w as usize >= self.words.len() {
            self.words.resize((w as usize + 1).next_power_of_two(), 0);
        }
    }

    /// Sets bit `i` if `b` is 1 (`b` is 0 or 1).
    #[inline]
    fn or_bit(&mut self, i: u64, b: u64) {
        self.words[(i / 64) as usize] |= b << (i % 64);
    }

    /// Bits `i .. i + 64` as one word (bit 0 = bit `i`).
    #[inline]
    fn window(&self, i: u64) -> u64 {
        let w = (i / 64) as usize;
        let pair = u128::from(self.words[w + 1]) << 64 | u128::from(self.words[w]);
        (pair >> (i % 64)) as u64
    }
}

/// The per-value counters of [`Core`].
#[derive(Clone, Copy, Debug, Default)]
struct Counts {
    /// The smallest diagonal not used yet.
    min_diag: u64,
    /// The number of points so far.
    points: u64,
}

/// The sweep proper: per-value state as interleaved bitsets and counters. A row's points go
/// to a callback (mirrors need no report: their column is an earlier point's row).
#[derive(Clone, Debug)]
struct Core {
    /// Columns `b_n` of each value's points so far whose row is not reached yet.
    cols: Lanes,
    /// Diagonals used by each value.
    diags: Lanes,
    counts: Vec<Counts>,
    /// Columns taken in the current row by smaller values (cleared after each row).
    taken: Taken,
    row: u64,
    /// This row's values with a point (not a mirror), 64 per word.
    point_mask: Vec<u64>,
}

/// The largest diagonal a search in row `r` can reach with `values` values in all (see
/// [`Core::step`]).
fn d_max(r: u64, values: usize) -> u64 {
    2 * r + values as u64
}

impl Core {
    /// A sweep of `values` values (in a row of `all` values in all, the smaller ones swept
    /// elsewhere), sized for `rows` rows, so that the sets never move (they grow past them).
    fn new(values: usize, all: usize, rows: u64) -> Self {
        let last = rows.saturating_sub(1);
        let d = d_max(last, all);
        let col_words = ((last + d) / 64 + 2) as usize;
        let mut core = Self {
            cols: Lanes::new(values, col_words),
            diags: Lanes::new(values, (d / 64 + 2) as usize),
            counts: vec![Counts::default(); values],
            taken: Taken::new(col_words),
            row: 0,
            point_mask: Vec::with_capacity(values.div_ceil(64)),
        };
        // The pages the sweep will use, written once here, before any second thread runs:
        // a page first read (the searches read ahead) maps the shared zero page, and the
        // later write replaces it, which flushes the other core's TLB by an interrupt when two
        // threads run (0.16–0.20 s of system time on table 3). Columns reach about φ·rows and
        // diagonals about rows / φ²; twice and once `rows` leave a margin (pages past it are
        // mapped on use, as before).
        prefault(&mut core.cols.words, (2 * rows / 64) as usize * values);
        prefault(&mut core.diags.words, (rows / 64) as usize * values);
        prefault(&mut core.taken.words, (2 * rows / 64) as usize);
        core
    }

    /// Computes the next row given the columns (or [`MIRROR`]s) of the smaller values that
    /// another sweep handles, and calls `point(j, column, n)` for each of this sweep's values
    /// `j` with a point (not a mirror) in the row, in increasing order of `j`.
    #[inline]
    fn step(&mut self, below: &[u64], mut point: impl FnMut(usize, u64, u64)) {
        let r = self.row;
        let lanes = self.counts.len();
        // Every diagonal this row's searches can reach: a point of value `g` in row `r` takes
        // the smallest diagonal `d` that is unused by `g`, whose column `r + d` holds no `g`
        // and is not taken by a smaller value. Of the `d` below any bound, at most `P` are
        // used diagonals and `P` used columns (`P ≤ r` earlier points of `g`) and fewer than
        // `h` are taken (`h` values in all), so `d ≤ 2r + h`; the windows read one word past
        // their start, which is at most that `d` (`min_diag` too).
        let d_max = d_max(r, below.len() + lanes);
        self.diags.reserve(d_max / 64 + 1);
        self.cols.reserve((r + d_max) / 64 + 1);
        self.taken.reserve((r + d_max) / 64 + 1);
        // The range of this row's taken columns, to clear them afterwards: a mirror's MIRROR
        // is neutral for the minimum and wraps to 0 (neutral) for the maximum after the + 1.
        let (mut lo, mut end) = (u64::MAX, 0);
        for &c in below {
            let pt = u64::from(c != MIRROR);
            self.taken.or_bit(if pt == 1 { c } else { r }, pt);
            lo = lo.min(c);
            end = end.max(c.wrapping_add(1));
        }
        // The mirror test of every value at once, as a mask of the values with a point here
        // (64 per word): the row's mirror bits are adjacent words. The loop below then visits
        // only the points, in increasing order of value (a point takes its column for the
        // larger values), so it neither branches on the coin toss "mirror or not" per value
        // nor runs masked-off searches for mirrors.
        let (cols, diags, taken) = (&mut self.cols, &mut self.diags, &mut self.taken);
        let first = cols.at(0, r);
        let shift = r % 64;
        self.point_mask.clear();
        for ws in cols.words[first..first + lanes].chunks(64) {
            let mut mirrors = 0;
            for (k, &w) in ws.iter().enumerate() {
                mirrors |= ((w >> shift) & 1) << k;
            }
            self.point_mask
                .push(!mirrors & (u64::MAX >> (64 - ws.len())));
        }
        let counts = &mut self.counts[..lanes];
        for (chunk, &mask) in self.point_mask.iter().enumerate() {
            let mut mask = mask;
            while mask != 0 {
                let j = chunk * 64 + mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let Some(count) = counts.get_mut(j) else {
                    break;
                };
                // 64 diagonals at a time: unused diagonal, free column, cell not taken. The
                // first window (almost always the last) is read before the taken columns, which
                // the previous value may just have written: only they wait for it.
                let d0 = count.min_diag;
                let used_diags = diags.window(j, d0);
                let free = !(used_diags | cols.window(j, r + d0));
                let ok = free & !taken.window(r + d0);
                let (d, min_diag) = if ok != 0 {
                    // The new smallest unused diagonal, from the same window (d0 unless the
                    // point took d0), unless that window is full.
                    let t = ok.trailing_zeros();
                    let left = !(used_diags | 1 << t);
                    let d = d0 + u64::from(t);
                    diags.or_bit(j, d, 1);
                    let m = if left != 0 {
                        d0 + u64::from(left.trailing_zeros())
                    } else {
                        diags.next_clear(j, d0 + 64)
                    };
                    (d, m)
                } else {
                    let mut d = d0 + 64;
                    loop {
                        let c = r + d;
                        let used = diags.window(j, d) | cols.window(j, c) | taken.window(c);
                        if used != u64::MAX {
                            d += u64::from((!used).trailing_zeros());
                            break;
                        }
                        d += 64;
                    }
                    diags.or_bit(j, d, 1);
                    (d, d0)
                };
                let c = r + d;
                cols.or_bit(j, c, 1);
                taken.or_bit(c, 1);
                count.min_diag = min_diag;
                let n = count.points;
                count.points = n + 1;
                point(j, c, n);
                lo = lo.min(c);
                end = end.max(c + 1);
            }
        }
        if end > lo {
            taken.words[(lo / 64) as usize..=((end - 1) / 64) as usize].fill(0);
        }
        self.row += 1;
    }
}

/// Where the value `g` lies in the current row `r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// The cell `(r, column)`, `column ≥ r`, is the g-point number `n`.
    Point {
        /// Its column `b_n`.
        column: u64,
        /// Its index `n`.
        n: u64,
    },
    /// The cell is the mirror `(r, a_m)` of an earlier point `(a_m, r)`; its column is that
    /// point's row (not stored, to keep the memory at a few bits per column).
    Mirror,
}

impl Placement {
    /// `(column, n)` for a point, `None` for a mirror.
    pub fn point(self) -> Option<(u64, u64)> {
        match self {
            Self::Point { column, n } => Some((column, n)),
            Self::Mirror => None,
        }
    }
}

/// Row-by-row computation of the cells of values `0..=max_g`.
///
/// # Examples
/// ```
/// use onag::wythoff::gpoints::GPointSweep;
/// let mut s = GPointSweep::new(2).unwrap();
/// let row0: Vec<u64> = s.next_row().iter().map(|p| p.point().unwrap().0).collect();
/// assert_eq!(row0, vec![0, 1, 2]); // g(0, y) = y
/// ```
#[derive(Clone, Debug)]
pub struct GPointSweep {
    core: Core,
    below: Vec<u64>,
    out: Vec<Placement>,
}

impl GPointSweep {
    /// A sweep for values `0..=max_g`, positioned before row 0.
    pub fn new(max_g: u32) -> Result<Self, WythoffError> {
        check_bound("largest value", u64::from(max_g), u64::from(MAX_G))?;
        let n = max_g as usize + 1;
        Ok(Self {
            core: Core::new(n, n, 0),
            below: Vec::new(),
            out: Vec::with_capacity(n),
        })
    }

    /// The next row to compute.
    pub fn row(&self) -> u64 {
        self.core.row
    }

    /// Computes the next row `r` and returns, for each value `g`, where it lies in row `r`.
    pub fn next_row(&mut self) -> &[Placement] {
        self.next_row_above(&[])
    }

    /// Like [`GPointSweep::next_row`] for a sweep of the values `below.len()..`, given the
    /// placements of the smaller values in this row (computed by another sweep of the values
    /// `0..below.len()`): their cells are taken. Used to pipeline values over two threads.
    pub fn next_row_above(&mut self, below: &[Placement]) -> &[Placement] {
        self.below.clear();
        self.below
            .extend(below.iter().map(|p| p.point().map_or(MIRROR, |(c, _)| c)));
        let out = &mut self.out;
        out.clear();
        out.resize(self.core.counts.len(), Placement::Mirror);
        self.core.step(&self.below, |j, column, n| {
            out[j] = Placement::Point { column, n };
        });
        &self.out
    }
}

/// What [`sweep`] reports of each row to the thread that sweeps a range of values: `row(r,
/// below)` first (`below`: the smaller values' columns from the other thread, [`MIRROR`] for a
/// mirror; empty on one thread and on the lower thread), then `point(r, j, column, n)` for each
/// of its values `j` (counted from the range's first value) with a point in the row, in
/// increasing order of `j`, then `end(r)`.
trait Visit {
    fn row(&mut self, _r: u64, _below: &[u64]) {}
    fn point(&mut self, r: u64, j: usize, column: u64, n: u64);
    fn end(&mut self, _r: u64) {}
}

/// A visitor that ignores everything.
struct Ignore;

impl Visit for Ignore {
    fn point(&mut self, _: u64, _: usize, _: u64, _: u64) {}
}

/// Rows per block handed from the lower values' thread to the upper values'.
const BLOCK_ROWS: u64 = 4096;

/// Calls `f(r, placements of 0..=max_g)` for rows `0..rows`, on one thread or pipelined over
/// two (`threads ≥ 2`: the smaller values run ahead on their own thread in blocks of rows).
/// Polls `stop` and reports `progress(row)` every block of 4096 rows.
pub fn for_each_row(
    max_g: u32,
    rows: u64,
    threads: usize,
    stop: &StopFlag,
    progress: &mut dyn FnMut(u64),
    f: impl FnMut(u64, &[Placement]),
) -> Result<(), WythoffError> {
    /// Builds each row whole on the upper thread: the lower values' placements from their
    /// columns (their point indices counted here), the upper values' from the points.
    struct Rows<F> {
        f: F,
        k: usize,
        values: usize,
        below_points: Vec<u64>,
        row: Vec<Placement>,
    }
    impl<F: FnMut(u64, &[Placement])> Visit for Rows<F> {
        fn row(&mut self, _: u64, below: &[u64]) {
            self.row.clear();
            for (&column, n) in below.iter().zip(&mut self.below_points) {
                self.row.push(if column == MIRROR {
                    Placement::Mirror
                } else {
                    *n += 1;
                    Placement::Point { column, n: *n - 1 }
                });
            }
            self.row.resize(self.values, Placement::Mirror);
        }
        fn point(&mut self, _: u64, j: usize, column: u64, n: u64) {
            self.row[self.k + j] = Placement::Point { column, n };
        }
        fn end(&mut self, r: u64) {
            (self.f)(r, &self.row);
        }
    }
    let values = max_g as usize + 1;
    let k = split(max_g, threads, values / 2);
    let mut upper = Rows {
        f,
        k,
        values,
        below_points: vec![0; k],
        row: Vec::with_capacity(values),
    };
    sweep(max_g, rows, k, stop, progress, &mut Ignore, &mut upper)
}

/// The number of values the lower thread of [`sweep`] takes when `lower` are asked for: 0 on
/// one thread (`threads < 2`) or for few values, else `lower` clamped to leave each thread one.
fn split(max_g: u32, threads: usize, lower: usize) -> usize {
    if threads < 2 || max_g < 8 {
        0
    } else {
        lower.clamp(1, max_g as usize)
    }
}

/// The sweep of values `0..=max_g` over rows `0..rows`, reporting each row to visitors (see
/// [`Visit`]).
///
/// With `k = 0` (see [`split`]) `upper` gets every row whole, on this thread. Otherwise the
/// values `0..k` run ahead on a second thread in blocks of rows, visited there by `lower`,
/// while this thread sweeps the rest, given their columns, and visits them by `upper` (value
/// `j` there is `k + j`). Each thread thus also does its own values' share of the statistics.
fn sweep(
    max_g: u32,
    rows: u64,
    k: usize,
    stop: &StopFlag,
    progress: &mut dyn FnMut(u64),
    lower: &mut (impl Visit + Send),
    upper: &mut impl Visit,
) -> Result<(), WythoffError> {
    check_bound("rows", rows, MAX_ROWS)?;
    check_bound("largest value", u64::from(max_g), u64::from(MAX_G))?;
    let values = max_g as usize + 1;
    if k == 0 {
        let mut core = Core::new(values, values, rows);
        for r in 0..rows {
            if r % BLOCK_ROWS == 0 {
                progress(r);
                stop.check()?;
            }
            upper.row(r, &[]);
            core.step(&[], |j, c, n| upper.point(r, j, c, n));
            upper.end(r);
        }
        return Ok(());
    }
    let mut low = Core::new(k, k, rows);
    let mut high = Core::new(values - k, values, rows);
    let halt = StopFlag::new();
    // A block: the lower values' columns ([`MIRROR`] for a mirror), row after row; the
    // buffers go back and forth, so that no block allocates.
    let (full_tx, full_rx) = std::sync::mpsc::sync_channel::<Vec<u64>>(4);
    let (empty_tx, empty_rx) = std::sync::mpsc::channel::<Vec<u64>>();
    let len = BLOCK_ROWS as usize * k;
    for _ in 0..5 {
        let _ = empty_tx.send(Vec::with_capacity(len));
    }
    std::thread::scope(|scope| {
        let lower_halt = halt.clone();
        scope.spawn(move || {
            let mut r = 0;
            while r < rows && !lower_halt.is_stopped() {
                let Ok(mut cols) = empty_rx.recv() else {
                    break;
                };
                cols.clear();
                for row in r..rows.min(r + BLOCK_ROWS) {
                    let base = cols.len();
                    cols.resize(base + k, MIRROR);
                    let here = &mut cols[base..];
                    lower.row(row, &[]);
                    low.step(&[], |j, c, n| {
                        here[j] = c;
                        lower.point(row, j, c, n);
                    });
                    lower.end(row);
                }
                r += BLOCK_ROWS;
                if full_tx.send(cols).is_err() {
                    break;
                }
            }
        });
        let mut r = 0;
        for cols in full_rx.iter() {
            progress(r);
            if stop.is_stopped() {
                halt.stop();
                continue;
            }
            for below in cols.chunks(k) {
                upper.row(r, below);
                high.step(below, |j, c, n| upper.point(r, j, c, n));
                upper.end(r);
                r += 1;
            }
            let _ = empty_tx.send(cols);
        }
    });
    if stop.is_stopped() {
        return Err(WythoffError::Stopped);
    }
    Ok(())
}

/// Table 2 and 3 data for one value `g`.
///
/// # Examples
/// See [`excess_tables`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExcessStats {
    /// The value.
    pub g: u32,
    /// Number of points with `a_n` in the rows swept.
    pub points: u64,
    /// `min (d_n − n)` and the first `n` attaining it.
    pub min: (i64, u64),
    /// `max (d_n − n)` and the first `n` attaining it.
    pub max: (i64, u64),
    /// `max (d_n − n)` over `n ≥ 100` and the first such `n` (Nivasch's table 3), if any.
    pub max_from_100: Option<(i64, u64)>,
}

/// Nivasch's tables 2 and 3: for `g = 0..=max_g` and points with `a_n < rows`, the extremes of
/// `d_n − n`, on `threads` threads (1 or 2; see [`for_each_row`]).
///
/// # Examples
/// ```
/// use onag::wythoff::gpoints::{excess_tables, reference};
/// use onag::StopFlag;
///
/// let t = excess_tables(4, 2_000, 2, &StopFlag::new(), &mut |_| {}).unwrap();
/// assert_eq!(t.len(), 5); // g = 0..=4
/// assert!(t.iter().enumerate().all(|(g, s)| s.g == g as u32 && s.points > 0));
/// assert!(t.iter().all(|s| s.min.0 <= s.max.0));
/// // The fast sweep (two threads here) agrees with the first version.
/// assert_eq!(t, reference::excess_tables(4, 2_000, 1, &StopFlag::new(), &mut |_| {}).unwrap());
/// ```
pub fn excess_tables(
    max_g: u32,
    rows: u64,
    threads: usize,
    stop: &StopFlag,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<ExcessStats>, WythoffError> {
    // Each thread keeps the statistics of its own values (the whole table on one thread).
    let k = split(max_g, threads, (max_g as usize + 1) * 11 / 20);
    let mut low = Excess::new(0..k as u32);
    let mut high = Excess::new(k as u32..max_g + 1);
    sweep(max_g, rows, k, stop, progress, &mut low, &mut high)?;
    Ok(low.finish().chain(high.finish()).collect())
}

/// The running extremes of `d_n − n` of one value, for [`Excess`].
#[derive(Clone, Copy, Debug)]
struct Extremes {
    points: u64,
    min: (i64, u64),
    max: (i64, u64),
    /// max over n ≥ 100 kept without the Option (i64::MIN = none yet).
    from_100: (i64, u64),
}

/// The running extremes of `d_n − n` of a range of values, for [`excess_tables`].
struct Excess {
    first: u32,
    stats: Vec<Extremes>,
}

impl Excess {
    fn new(values: std::ops::Range<u32>) -> Self {
        let none = Extremes {
            points: 0,
            min: (i64::MAX, 0),
            max: (i64::MIN, 0),
            from_100: (i64::MIN, 0),
        };
        Self {
            first: values.start,
            stats: vec![none; values.len()],
        }
    }

    fn finish(self) -> impl Iterator<Item = ExcessStats> {
        (self.first..).zip(self.stats).map(|(g, s)| ExcessStats {
            g,
            points: s.points,
            min: s.min,
            max: s.max,
            max_from_100: (s.from_100.0 != i64::MIN).then_some(s.from_100),
        })
    }
}

impl Visit for Excess {
    #[inline]
    fn point(&mut self, r: u64, j: usize, c: u64, n: u64) {
        // Only the first `n` attaining an extreme is kept, so the (rarely taken) updates need
        // a strict comparison.
        let s = &mut self.stats[j];
        let e = c.wrapping_sub(r).wrapping_sub(n) as i64;
        s.points += 1;
        if e < s.min.0 {
            s.min = (e, n);
        }
        if e > s.max.0 {
            s.max = (e, n);
        }
        if n >= 100 && e > s.from_100.0 {
            s.from_100 = (e, n);
        }
    }
}

/// One line of Nivasch's table 4.
///
/// # Examples
/// See [`distance_table`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistanceRecord {
    /// Manhattan distance to the nearest cell of value 0.
    pub distance: u32,
    /// The largest value `≤ max_g` seen at that distance, with its first cell `(a, b)`,
    /// `a ≤ b` (smallest `a`).
    pub best: Option<(u32, (u64, u64))>,
}

/// Nivasch's table 4: for each Manhattan distance `1..=max_distance` from the nearest 0-cell,
/// the cell of largest value among values `≤ max_g` in rows `min_row..rows` (cells `(a, b)`,
/// `a ≤ b`; mirrors have the same distance), on `threads` threads (see [`for_each_row`]).
///
/// # Examples
/// ```
/// use onag::wythoff::gpoints::{distance_table, reference};
/// use onag::StopFlag;
///
/// let t = distance_table(20, 500, 0, 4, 1, &StopFlag::new(), &mut |_| {}).unwrap();
/// let distances: Vec<u32> = t.iter().map(|r| r.distance).collect();
/// assert_eq!(distances, [1, 2, 3, 4]);
/// let again = reference::distance_table(20, 500, 0, 4, 1, &StopFlag::new(), &mut |_| {});
/// assert_eq!(t, again.unwrap());
/// ```
pub fn distance_table(
    max_g: u32,
    rows: u64,
    min_row: u64,
    max_distance: u32,
    threads: usize,
    stop: &StopFlag,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<DistanceRecord>, WythoffError> {
    check_bound("rows", rows, MAX_ROWS)?;
    check_bound("distance", u64::from(max_distance), 64)?;
    let k = u64::from(max_distance);
    // zero[p] = the column of the 0-cell of row p, for p < rows + k.
    let limit = rows + k + 1;
    let mut zero = vec![u64::MAX; limit as usize];
    for n in 0.. {
        let (a, b) = pairs::p_position(n);
        if a >= limit {
            break;
        }
        zero[a as usize] = b;
        if b < limit {
            zero[b as usize] = a;
        }
    }
    // Each thread keeps its own records; the upper values' win where they have one (they
    // are the larger values).
    // The upper thread also marks the lower values' columns and builds its own distance
    // windows: 59 % of the values below balances the two (perf record samples per thread,
    // 50.5 / 49.5 % for table 4; 55 / 45 % with half).
    let split_at = split(max_g, threads, (max_g as usize + 1) * 59 / 100);
    let mut low = Nearest::new(&zero, k, min_row, 0);
    let mut high = Nearest::new(&zero, k, min_row, split_at as u64);
    sweep(max_g, rows, split_at, stop, progress, &mut low, &mut high)?;
    Ok((1..=max_distance)
        .zip(high.records().zip(low.records()))
        .map(|(distance, (high, low))| DistanceRecord {
            distance,
            best: high.or(low),
        })
        .collect())
}

/// No value recorded yet (below every value: values are compared as `g > best`, and value 0
/// is never recorded).
const NONE: u64 = 0;

/// The records of [`distance_table`]: per distance, the largest value seen and its first cell.
struct Nearest<'a> {
    /// `zero[p]`: the column of the 0-cell of row `p`.
    zero: &'a [u64],
    k: u64,
    min_row: u64,
    /// Per distance `0..=k`, the largest value seen ([`NONE`] if none) and its first cell;
    /// slot `k + 1` is a sentinel for the distances above `k` (value `u64::MAX`, never beaten).
    best_g: Vec<u64>,
    best_cell: Vec<(u64, u64)>,
    /// The first value of the range this thread sweeps.
    first: u64,
    /// The row's distances to the nearest 0-cell from column `lo` on (see [`Visit::row`]),
    /// and whether the row is reported at all (`r ≥ min_row`).
    near: Vec<u64>,
    lo: u64,
    active: bool,
}

impl<'a> Nearest<'a> {
    fn new(zero: &'a [u64], k: u64, min_row: u64, first: u64) -> Self {
        Self {
            zero,
            k,
            min_row,
            first,
            best_g: (0..=k + 1)
                .map(|d| if d > k { u64::MAX } else { NONE })
                .collect(),
            best_cell: vec![(0, 0); k as usize + 2],
            near: Vec::new(),
            lo: 0,
            active: false,
        }
    }

    /// The records of distances `1..=k`.
    fn records(&self) -> impl Iterator<Item = Option<(u32, (u64, u64))>> + '_ {
        (1..=self.k as usize).map(|d| {
            let g = self.best_g[d];
            (g != NONE).then(|| (g as u32, self.best_cell[d]))
        })
    }
}

impl Visit for Nearest<'_> {
    /// Row `r`'s distance window: per row, the distance to the nearest 0-cell of every column
    /// `lo + i` within `k` of a 0-cell of rows `r − k ..= r + k`, which each value's point
    /// then looks up. Only zeros with column `≥ r − k` can lie within `k` of a point `(r, b)`,
    /// `b ≥ r`.
    fn row(&mut self, r: u64, _: &[u64]) {
        let k = self.k;
        self.active = r >= self.min_row;
        if !self.active {
            return;
        }
        let mut zeros = [(0u64, 0u64); 129];
        let mut count = 0;
        for p in r.saturating_sub(k)..=r + k {
            let z = self.zero[p as usize];
            if z != u64::MAX && z + k >= r {
                zeros[count] = (p.abs_diff(r), z);
                count += 1;
            }
        }
        let zeros = &zeros[..count];
        let lo = zeros
            .iter()
            .map(|&(_, z)| z.saturating_sub(k))
            .min()
            .unwrap_or(0);
        let hi = zeros.iter().map(|&(_, z)| z + k).max().unwrap_or(0);
        // The distance transform of the window: each zero's row distance at its column, then
        // one pass each way adding 1 per column. That is the distance to the nearest of these
        // zeros, exact wherever it is ≤ k (a zero more than k columns away only gives more);
        // `far` (and anything above k) is never recorded.
        let far = u64::MAX / 2;
        let near = &mut self.near;
        near.clear();
        near.resize((hi + 1).saturating_sub(lo) as usize, far);
        for &(dr, z) in zeros {
            let slot = &mut near[(z - lo) as usize];
            *slot = (*slot).min(dr);
        }
        for i in 1..near.len() {
            near[i] = near[i].min(near[i - 1] + 1);
        }
        for i in (1..near.len()).rev() {
            near[i - 1] = near[i - 1].min(near[i] + 1);
        }
        // A last `far` slot stands for every column outside the window, so that the lookup
        // clamps instead of branching.
        near.push(far);
        self.lo = lo;
    }

    /// Distances above k land on a sentinel slot that no value beats, so the only branches
    /// are the rows below `min_row` and the rarely taken record (most points lie farther
    /// than k from every zero).
    #[inline]
    fn point(&mut self, r: u64, j: usize, b: u64, _: u64) {
        if !self.active {
            return;
        }
        let last = self.near.len() as u64 - 1;
        let dist = self.near[b.wrapping_sub(self.lo).min(last) as usize].min(self.k + 1);
        let slot = dist as usize;
        let g = self.first + j as u64;
        if g > self.best_g[slot] {
            self.best_g[slot] = g;
            self.best_cell[slot] = (r, b);
        }
    }
}
