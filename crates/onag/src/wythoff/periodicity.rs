//! Additive periodicity of Wythoff rows with proof (Dress, Flammenkamp and Pink, *Additive
//! periodicity of the Sprague–Grundy function of certain Nim games*, Adv. Appl. Math. 22, 1999).
//!
//! Row `x` has preperiod `c` and period `p` when `g(x, y + p) = g(x, y) + p` for all `y ≥ c`.
//! Known periods are 1 or `3·2^k`. This module runs the [`Sweep`] over rows `0..=X` and proves,
//! for one fixed `P* = 3·2^K` (the *period cap*), that each row is `P*`-periodic, then derives
//! the minimal period and the exact preperiod.
//!
//! # The argument
//!
//! *Residues.* With `r(y) = g(x, y) − y`, the sweep keeps the last `P*` residues of every row
//! in a ring and records the last column `ℓ` with `r(ℓ) ≠ r(ℓ − P*)`. Once the row is known to
//! be `P*`-periodic from some column, its preperiod for `P*` is `ℓ + 1 − P*` (0 if no mismatch).
//!
//! *Proof by state equality (induction on rows).* The future of row `x` from column `c` is a
//! function of (a) its state at `c` — the set of free values relative to `c`, see
//! [`SweepState::row_state`] — and (b) its inputs: the values of rows `x' < x` in columns
//! `≥ c − x` (the column below and the diagonal reach at most `x` columns back). If every row
//! `x' < x` is proven `P*`-periodic with preperiod `≤ c − x`, the inputs at `y + P*` are the
//! inputs at `y` shifted by `P*` for all `y ≥ c`; if moreover the state at `c + P*` equals the
//! state at `c` (relative to the column), then by induction on `y` every value and state of
//! row `x` after `c + P*` is the one `P*` columns earlier plus `P*`: the row is `P*`-periodic
//! from `c` forever. Row 0 has no inputs, so the induction starts there. States are compared
//! at snapshot columns, multiples of `S = P*/8`; the proof column of a row is the first
//! snapshot column `c` where this holds.
//!
//! *Exact preperiod.* Once proven at `c`, no mismatch occurs at or after `c + P*`, so `ℓ`
//! (recorded up to that column) is final and the preperiod `ℓ + 1 − P*` is exact.
//!
//! *Minimal period.* The set of periods of an eventually periodic sequence is closed under gcd,
//! so the minimal period `p` divides `P*`, i.e. `p = 2^j` or `3·2^j`. On a window of `P*`
//! columns inside the periodic part, `q | P*` is a period iff the window equals its cyclic
//! shift by `q`; starting from `P*`, divide by 2 or 3 while the quotient is still a period.
//! This covers the one divisor `2^k` of `3·2^k` that a search over `{1, 3·2^k}` would miss.
//! Since `p | P*`, the preperiod for `p` equals the preperiod for `P*`.
//!
//! # Frozen rows
//!
//! Once rows `0..=x` are proven `P*`-periodic from column `c`, every later value of them is
//! known: `g(x', y) = g(x', y − P*) + P*` for `y ≥ c + P*`, and the residue ring holds
//! `r(y − P*)`. From its proof on, such a row is *frozen*: the sweep copies its values from the
//! ring ([`Sweep::step_band_frozen`]) and only enters them in the column and diagonal sets that
//! the rows above read, skipping the search and the ring update (a frozen cell costs a small
//! fraction of a searched one). The frozen row's own free set and mex in the sweep go stale, so
//! each snapshot replaces them by the row's state one period earlier, shifted by `P*` (exact by
//! the same induction: [`SweepState::copy_row_shifted`]); proofs, checkpoints and resumes only
//! ever see exact states, and results are identical to a sweep that searches every cell (tested
//! against a plain [`Sweep`] state by state). Proofs come in row order, so the frozen rows are
//! always a prefix `0..f`.
//!
//! # Checkpoints
//!
//! A [`Checkpoint`] stores the bookkeeping at column `C` and the full sweep state at a snapshot
//! column `≤ C − P*` (a few hundred kilobytes, independent of the number of columns).
//! [`PeriodSearch::resume`] replays the sweep from there to `C`, refilling the residue ring and
//! the snapshots without touching the bookkeeping, so a resumed run is bit-identical to an
//! uninterrupted one.
//!
//! # Two threads
//!
//! Row `x` depends only on rows below it, so [`PeriodSearch::set_threads`] splits the rows into
//! a lower band (about 63% of the work, counting a frozen row as a fraction of a searched one)
//! that runs ahead on its own thread and an upper band that receives the lower values block by
//! block (1024 columns, cut at snapshot columns, where the lower band also sends its state).
//! The lower band keeps its own copy of its rows' residue ring to copy frozen values from, and
//! learns the frozen count from the main thread (late is fine: a row not yet frozen is still
//! searched exactly). [`PeriodSearch::run`] moves the split as rows freeze. Both bands share
//! the whole sweep's ring width and diagonal slots ([`Sweep::band`]), so the joined state is
//! exactly the one-thread state and results, proofs and checkpoints are identical.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::sweep::{Sweep, SweepState, MAX_SWEEP_ROW};
use super::WythoffError;
use crate::StopFlag;

/// Largest residue ring [`PeriodSearch`] allocates, in bytes (`(X + 1)·P*·2`).
pub const MAX_RING_BYTES: u64 = 8 << 30;

/// The parameters of a period search.
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::PeriodConfig;
///
/// let cfg = PeriodConfig::with_auto_cap(10, 10_000, 1 << 20);
/// assert_eq!(cfg.period_cap, 3 * 1024); // the largest 3·2^K ≤ 10,000 / 3
/// assert!(cfg.validate().is_ok());
/// assert_eq!(cfg.spacing(), 3 * 1024 / 8);
/// assert!(PeriodConfig { top: 3, columns: 100, period_cap: 10 }.validate().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodConfig {
    /// The top row `X`; rows `0..=X` are swept (lower rows are needed for the proofs).
    pub top: usize,
    /// The number of columns to sweep.
    pub columns: u64,
    /// The period cap `P* = 3·2^K`; every row whose minimal period divides it can be proven.
    pub period_cap: u64,
}

impl PeriodConfig {
    /// A config with the largest cap `3·2^K ≤ min(columns / 3, max_cap)` (at least 3).
    pub fn with_auto_cap(top: usize, columns: u64, max_cap: u64) -> Self {
        let limit = (columns / 3).min(max_cap).max(3);
        let mut cap = 3;
        while cap * 2 <= limit {
            cap *= 2;
        }
        Self {
            top,
            columns,
            period_cap: cap,
        }
    }

    /// The default config of a search of rows `0..=top` over `columns` columns: the largest
    /// cap `3·2^k ≤ min(columns / 3, 393,216)` whose residue ring (`(top + 1) · cap` 2-byte
    /// slots) fits in 1 GiB.
    ///
    /// # Examples
    /// ```
    /// use onag::wythoff::periodicity::PeriodConfig;
    /// assert_eq!(PeriodConfig::default_for(100, 30_000).period_cap, 6144);
    /// assert_eq!(PeriodConfig::default_for(460, 10_000_000).period_cap, 393_216);
    /// assert_eq!(PeriodConfig::default_for(5000, 10_000_000).period_cap, 98_304);
    /// ```
    pub fn default_for(top: usize, columns: u64) -> Self {
        let mut cfg = Self::with_auto_cap(top, columns, 393_216);
        while cfg.period_cap > 3 && (top as u64 + 1) * cfg.period_cap * 2 > 1 << 30 {
            cfg.period_cap /= 2;
        }
        cfg
    }

    /// Checks the cap is `3·2^K`, the rows and the ring memory are within bounds.
    pub fn validate(&self) -> Result<(), WythoffError> {
        super::check_bound("top row", self.top as u64, MAX_SWEEP_ROW as u64)?;
        let p = self.period_cap;
        if !p.is_multiple_of(3) || !(p / 3).is_power_of_two() {
            return Err(WythoffError::Invalid(format!(
                "period cap {p} is not of the form 3·2^k"
            )));
        }
        let bytes = (self.top as u64 + 1).saturating_mul(p).saturating_mul(2);
        super::check_bound("residue ring bytes", bytes, MAX_RING_BYTES)
    }

    /// The snapshot spacing `S = P*/8` (or `P*` when smaller than 24).
    pub fn spacing(&self) -> u64 {
        if self.period_cap >= 24 {
            self.period_cap / 8
        } else {
            self.period_cap
        }
    }
}

/// What is known about one row.
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::{search, PeriodConfig};
///
/// let rows = search(PeriodConfig { top: 2, columns: 200, period_cap: 12 }, &onag::StopFlag::new());
/// let row = rows.unwrap()[1];
/// assert_eq!(row.row, 1);
/// // g(1, y) − y repeats with period 3 from y = 0 (1, 1, −2, 1, 1, −2, …).
/// assert_eq!((row.period, row.preperiod, row.proven), (Some(3), Some(0), true));
/// assert!(row.proof_column.is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RowResult {
    /// The row `x`.
    pub row: usize,
    /// The minimal period (proven when `proven`), or a tentative one seen over at least
    /// `P*` columns, or `None`.
    pub period: Option<u64>,
    /// The preperiod for `period`.
    pub preperiod: Option<u64>,
    /// Whether periodicity is proven (state equality, induction from row 0); then the period
    /// is minimal and the preperiod exact.
    pub proven: bool,
    /// The column `c` where the state equality `state(c) = state(c + P*)` was found.
    pub proof_column: Option<u64>,
}

/// The resumable state of a [`PeriodSearch`] as plain data (the CLI serialises it).
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::{search, PeriodConfig, PeriodSearch};
/// use onag::StopFlag;
///
/// let cfg = PeriodConfig { top: 5, columns: 3_000, period_cap: 96 };
/// let mut first = PeriodSearch::new(cfg).unwrap();
/// first.run(1_000, &StopFlag::new(), &mut |_| {}).unwrap(); // stop a third of the way
/// let cp = first.checkpoint();
/// assert_eq!((cp.config, cp.column), (cfg, 1_000));
/// // Resuming replays from the checkpoint: the result is the one of an unbroken run.
/// let mut resumed = PeriodSearch::resume(cp).unwrap();
/// resumed.run(u64::MAX, &StopFlag::new(), &mut |_| {}).unwrap();
/// assert_eq!(resumed.results(), search(cfg, &StopFlag::new()).unwrap());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The search parameters.
    pub config: PeriodConfig,
    /// The column reached.
    pub column: u64,
    /// The sweep state at a snapshot column `≤ column − P*` (or column 0).
    pub base: SweepState,
    /// Per row, the last column `y ≥ P*` with `r(y) ≠ r(y − P*)`.
    pub last_mismatch: Vec<Option<u64>>,
    /// Per row, the proof column.
    pub proof: Vec<Option<u64>>,
}

/// The sweep: whole, or split into two row bands computed on two threads.
#[derive(Debug)]
enum Engine {
    Whole(Sweep),
    Split {
        lower: Sweep,
        upper: Sweep,
        /// The lower band's own residue ring (slot-major, its rows only), so that its thread
        /// can copy the values of its frozen rows without touching the [`Book`].
        lower_ring: Box<ResidueRing>,
    },
}

impl Engine {
    fn column(&self) -> u64 {
        match self {
            Self::Whole(s) | Self::Split { upper: s, .. } => s.column(),
        }
    }

    fn state(&self) -> SweepState {
        match self {
            Self::Whole(s) => s.state(),
            Self::Split { lower, upper, .. } => Sweep::join_states(lower, upper),
        }
    }
}

/// The residues `r(y) + 2X = g(x, y) − y + 2X` of some rows `0..rows` over the last `P*`
/// columns, slot-major: column `y` in slot `y mod P*`, so a column is `rows` consecutive `u16`.
#[derive(Debug)]
struct ResidueRing {
    rows: usize,
    period: u64,
    /// `2X`, which makes every residue non-negative.
    top2: u64,
    data: Vec<u16>,
}

/// The stored residue `v − y + 2X` of value `v` in column `y`.
fn residue(top2: u64, y: u64, v: u64) -> u16 {
    // cannot fail: the sweep guarantees y − 2X ≤ v ≤ y + X, so 0 ≤ r ≤ 3X < 2^16.
    (v + top2 - y) as u16
}

impl ResidueRing {
    fn new(rows: usize, config: &PeriodConfig) -> Self {
        Self {
            rows,
            period: config.period_cap,
            top2: 2 * config.top as u64,
            data: vec![0; rows * config.period_cap as usize],
        }
    }

    /// The residues of column `y`'s slot (column `y − P*` until `y` is written).
    fn slot_mut(&mut self, y: u64) -> &mut [u16] {
        let start = (y % self.period) as usize * self.rows;
        &mut self.data[start..start + self.rows]
    }

    /// The values in column `y` of the rows `from..from + out.len()` one period earlier plus
    /// `P*`: for rows periodic there (frozen rows), their values in column `y`.
    fn frozen_values(&self, y: u64, from: usize, out: &mut [u64]) {
        let slot = (y % self.period) as usize * self.rows + from;
        for (v, &r) in out.iter_mut().zip(&self.data[slot..]) {
            *v = y + u64::from(r) - self.top2;
        }
    }

    /// Stores the residues of column `y` of rows `from..from + values.len()`.
    fn store(&mut self, y: u64, from: usize, values: &[u64]) {
        let (top2, slot) = (self.top2, (y % self.period) as usize * self.rows + from);
        for (r, &v) in self.data[slot..].iter_mut().zip(values) {
            *r = residue(top2, y, v);
        }
    }

    /// A ring of the first `rows` rows only, with the same contents.
    fn prefix(&self, rows: usize) -> Self {
        Self {
            rows,
            period: self.period,
            top2: self.top2,
            data: self
                .data
                .chunks(self.rows)
                .flat_map(|slot| &slot[..rows])
                .copied()
                .collect(),
        }
    }

    /// The residues of each row in `xs` (ascending, within 64 consecutive rows) for the last
    /// `P*` columns before `column`, oldest first. Reads slot by slot, so each slot costs one
    /// or two cache lines for the whole block of rows.
    fn rows_window(&self, xs: &[usize], column: u64) -> Vec<Vec<u16>> {
        let p = self.period as usize;
        let start = (column % self.period) as usize;
        let mut out: Vec<Vec<u16>> = xs.iter().map(|_| Vec::with_capacity(p)).collect();
        for slot in (start..p).chain(0..start) {
            let base = slot * self.rows;
            for (w, &x) in out.iter_mut().zip(xs) {
                w.push(self.data[base + x]);
            }
        }
        out
    }
}

/// Residue ring, mismatch columns, proofs and snapshots: everything but the sweep.
#[derive(Debug)]
struct Book {
    config: PeriodConfig,
    ring: ResidueRing,
    last_mismatch: Vec<Option<u64>>,
    proof: Vec<Option<u64>>,
    /// The number of leading proven rows: from the column of their proof on, the sweep copies
    /// their values from one period earlier instead of searching (see "Frozen rows").
    frozen: usize,
    snapshots: VecDeque<SweepState>,
}

/// A period search over rows `0..=X`: sweep, residue ring, proofs.
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::{PeriodConfig, PeriodSearch};
/// use onag::StopFlag;
///
/// let cfg = PeriodConfig { top: 3, columns: 1_000, period_cap: 24 };
/// let mut s = PeriodSearch::new(cfg).unwrap();
/// s.set_threads(2).unwrap(); // same results as one thread
/// let mut seen = Vec::new();
/// s.run(u64::MAX, &StopFlag::new(), &mut |column| seen.push(column)).unwrap();
/// assert!(s.is_done() && s.all_proven());
/// assert_eq!(s.column(), 1_000);
/// let rows = s.results();
/// assert_eq!((rows[3].period, rows[3].preperiod), (Some(6), Some(8)));
/// ```
#[derive(Debug)]
pub struct PeriodSearch {
    engine: Engine,
    book: Book,
}

/// Rows at which a two-band split pays off (below, one thread is as fast).
const MIN_SPLIT_TOP: usize = 48;
/// Columns per block handed from the lower band's thread to the upper band.
const BLOCK: u64 = 1024;
/// The cost of a frozen row relative to a searched one, for balancing the two bands.
const FROZEN_COST: f64 = 0.12;

impl PeriodSearch {
    /// A search at column 0 (one thread; see [`PeriodSearch::set_threads`]).
    pub fn new(config: PeriodConfig) -> Result<Self, WythoffError> {
        config.validate()?;
        let rows = config.top + 1;
        Ok(Self {
            engine: Engine::Whole(Sweep::new(config.top)?),
            book: Book {
                config,
                ring: ResidueRing::new(rows, &config),
                last_mismatch: vec![None; rows],
                proof: vec![None; rows],
                frozen: 0,
                snapshots: VecDeque::new(),
            },
        })
    }

    /// Uses one thread, or two (`threads ≥ 2`): the rows are split into a lower and an upper
    /// band, and the lower band runs ahead on its own thread, handing each block of columns to
    /// the upper band (a pipeline by column blocks; rows depend only on lower rows). Results
    /// are identical either way.
    pub fn set_threads(&mut self, threads: usize) -> Result<(), WythoffError> {
        let top = self.book.config.top;
        let state = self.engine.state();
        self.engine = if threads >= 2 && top >= MIN_SPLIT_TOP {
            let first = self.book.split_row();
            Engine::Split {
                lower: Sweep::band_from_state(&state, 0, first - 1)?,
                upper: Sweep::band_from_state(&state, first, top)?,
                lower_ring: Box::new(self.book.ring.prefix(first)),
            }
        } else {
            Engine::Whole(Sweep::from_state(state)?)
        };
        Ok(())
    }

    /// Restores a search from a checkpoint by replaying the sweep from its base state; the
    /// result is identical to the search that wrote the checkpoint.
    pub fn resume(cp: Checkpoint) -> Result<Self, WythoffError> {
        let mut s = Self::new(cp.config)?;
        let rows = cp.config.top + 1;
        let bad = |m: &str| Err(WythoffError::Invalid(format!("bad checkpoint: {m}")));
        if cp.last_mismatch.len() != rows || cp.proof.len() != rows || cp.base.top != cp.config.top
        {
            return bad("row counts differ from the configuration");
        }
        if !cp.base.column.is_multiple_of(cp.config.spacing())
            || cp.base.column > cp.column
            || cp.column > cp.config.columns
        {
            return bad("columns are inconsistent");
        }
        let p = cp.config.period_cap;
        if cp
            .last_mismatch
            .iter()
            .flatten()
            .any(|&l| l < p || l >= cp.column)
            || cp.proof.iter().flatten().any(|&c| c + p > cp.column)
        {
            return bad("mismatch or proof columns out of range");
        }
        s.engine = Engine::Whole(Sweep::from_state(cp.base)?);
        s.run_whole(cp.column, false, &StopFlag::new(), &mut |_| {})?;
        s.book.last_mismatch = cp.last_mismatch;
        s.book.frozen = cp.proof.iter().take_while(|c| c.is_some()).count();
        s.book.proof = cp.proof;
        Ok(s)
    }

    /// The configuration.
    pub fn config(&self) -> PeriodConfig {
        self.book.config
    }

    /// The next column to compute.
    pub fn column(&self) -> u64 {
        self.engine.column()
    }

    /// Whether all configured columns are done.
    pub fn is_done(&self) -> bool {
        self.column() >= self.book.config.columns
    }

    /// Whether every row `0..=X` is proven (sweeping further changes no result).
    pub fn all_proven(&self) -> bool {
        self.book.frozen == self.book.config.top + 1
    }

    /// Sweeps up to column `until` (capped at the configured columns). Polls `stop` and calls
    /// `progress(column)` every 4096 columns; when stopped it returns
    /// [`WythoffError::Stopped`] at a column boundary, and the search can still be
    /// checkpointed or continued.
    pub fn run(
        &mut self,
        until: u64,
        stop: &StopFlag,
        progress: &mut dyn FnMut(u64),
    ) -> Result<(), WythoffError> {
        let until = until.min(self.book.config.columns);
        if let Engine::Split { upper, .. } = &self.engine {
            // Rebalance the bands as rows freeze (a frozen row costs a fraction of a searched one).
            let (now, want) = (upper.first, self.book.split_row());
            if now.abs_diff(want) >= (self.book.config.top / 32).max(1) {
                self.set_threads(2)?;
            }
        }
        match self.engine {
            Engine::Whole(_) => self.run_whole(until, true, stop, progress)?,
            Engine::Split { .. } => self.run_split(until, stop, progress)?,
        }
        progress(self.column());
        Ok(())
    }

    fn run_whole(
        &mut self,
        until: u64,
        track: bool,
        stop: &StopFlag,
        progress: &mut dyn FnMut(u64),
    ) -> Result<(), WythoffError> {
        let Engine::Whole(sweep) = &mut self.engine else {
            return Err(WythoffError::Invalid("not a whole sweep".to_string()));
        };
        let book = &mut self.book;
        let mut frozen = vec![0; book.config.top + 1];
        while sweep.column() < until {
            let y = sweep.column();
            if y.is_multiple_of(4096) {
                progress(y);
                stop.check()?;
            }
            book.before_column(y, track, || sweep.state())?;
            let f = book.frozen;
            book.ring.frozen_values(y, 0, &mut frozen[..f]);
            let values = sweep.step_band_frozen(&[], &frozen[..f])?;
            book.after_column(y, values, &[], track);
        }
        Ok(())
    }

    fn run_split(
        &mut self,
        until: u64,
        stop: &StopFlag,
        progress: &mut dyn FnMut(u64),
    ) -> Result<(), WythoffError> {
        let Engine::Split {
            lower,
            upper,
            lower_ring,
        } = &mut self.engine
        else {
            return Err(WythoffError::Invalid("not a split sweep".to_string()));
        };
        let book = &mut self.book;
        let spacing = book.config.spacing();
        // The main thread's frozen count, for the lower band's thread: it may see it late,
        // which only delays freezing (rows not yet frozen keep exact states).
        let frozen_now = AtomicUsize::new(book.frozen);
        let halt = StopFlag::new();
        let mut stopped = false;
        let mut failed: Option<WythoffError> = None;
        // A block: its first column, the lower band's state there if it is a snapshot column,
        // and g(0..first, y) for each of its columns.
        type Block = (u64, Option<SweepState>, Vec<u64>);
        let lower_result = std::thread::scope(|scope| {
            let (tx, rx) = std::sync::mpsc::sync_channel::<Block>(8);
            let lower_halt = halt.clone();
            let frozen_now = &frozen_now;
            let producer = scope.spawn(move || -> Result<(), WythoffError> {
                let rows = lower.values.len();
                let mut frozen = vec![0; rows];
                // Monotone: once a row is given copied values its searched state is stale.
                let mut f = 0;
                while lower.column() < until && !lower_halt.is_stopped() {
                    let y = lower.column();
                    let snapshot = y.is_multiple_of(spacing).then(|| lower.state());
                    let end = until.min((y / spacing + 1) * spacing).min(y + BLOCK);
                    let mut block = Vec::with_capacity(((end - y) as usize) * rows);
                    f = f.max(frozen_now.load(Ordering::Relaxed).min(rows));
                    for y in y..end {
                        lower_ring.frozen_values(y, 0, &mut frozen[..f]);
                        let values = lower.step_band_frozen(&[], &frozen[..f])?;
                        lower_ring.store(y, f, &values[f..]);
                        block.extend_from_slice(values);
                    }
                    if tx.send((y, snapshot, block)).is_err() {
                        break;
                    }
                }
                Ok(())
            });
            for (start, snapshot, block) in rx.iter() {
                if failed.is_some() {
                    continue;
                }
                let k = upper.first;
                let mut frozen = vec![0; upper.values.len()];
                for (j, below) in block.chunks(k).enumerate() {
                    let y = start + j as u64;
                    if y.is_multiple_of(4096) {
                        progress(y);
                        if !stopped && stop.is_stopped() {
                            stopped = true;
                            halt.stop();
                        }
                    }
                    if j == 0 {
                        if let Some(low) = &snapshot {
                            let joined = || Sweep::join_state(low, upper);
                            if let Err(e) = book.before_column(y, true, joined) {
                                failed = Some(e);
                                halt.stop();
                                break;
                            }
                            frozen_now.store(book.frozen, Ordering::Relaxed);
                        }
                    }
                    let f = book.frozen.saturating_sub(k).min(frozen.len());
                    book.ring.frozen_values(y, k, &mut frozen[..f]);
                    match upper.step_band_frozen(below, &frozen[..f]) {
                        Ok(values) => book.after_column(y, below, values, true),
                        Err(e) => {
                            failed = Some(e);
                            halt.stop();
                            break;
                        }
                    }
                }
            }
            producer.join()
        });
        match lower_result {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(e),
            Err(_) => {
                return Err(WythoffError::Invalid(
                    "the lower band's thread panicked".to_string(),
                ))
            }
        }
        if let Some(e) = failed {
            return Err(e);
        }
        if stopped {
            return Err(WythoffError::Stopped);
        }
        Ok(())
    }

    /// A checkpoint at the current column.
    pub fn checkpoint(&self) -> Checkpoint {
        let config = self.book.config;
        let base = match self.book.snapshots.front() {
            Some(s) if s.column + config.period_cap <= self.column() => s.clone(),
            _ => Sweep::new(config.top)
                .map(|s| s.state())
                // cannot fail: the configuration was validated when the search was created.
                .unwrap_or_else(|_| self.engine.state()),
        };
        Checkpoint {
            config,
            column: self.column(),
            base,
            last_mismatch: self.book.last_mismatch.clone(),
            proof: self.book.proof.clone(),
        }
    }

    /// What is known about every row `0..=X` at the current column.
    pub fn results(&self) -> Vec<RowResult> {
        self.book.results(self.column())
    }
}

impl Book {
    /// At a snapshot column: store the state (with the exact states of the frozen rows, whose
    /// searched states are stale), drop snapshots no longer needed, try proofs.
    fn before_column(
        &mut self,
        y: u64,
        track: bool,
        state: impl FnOnce() -> SweepState,
    ) -> Result<(), WythoffError> {
        let p = self.config.period_cap;
        if !y.is_multiple_of(self.config.spacing()) {
            return Ok(());
        }
        let mut now = state();
        if self.frozen > 0 {
            // A frozen row is proven P*-periodic from a column ≤ y − P*, so its state here is
            // its state one period earlier, shifted.
            let Some(old) = self.snapshots.iter().find(|s| s.column + p == y) else {
                return Err(WythoffError::Invalid(format!(
                    "no snapshot one period before column {y}"
                )));
            };
            for x in 0..self.frozen {
                now.copy_row_shifted(old, x);
            }
        }
        self.snapshots.push_back(now);
        while self.snapshots.len() >= 2 && self.snapshots[1].column + p <= y {
            self.snapshots.pop_front();
        }
        if track && y >= p {
            self.prove(y);
        }
        Ok(())
    }

    /// The first row of the upper band: the lower band (on its own thread) gets about 63% of
    /// the work, counting a frozen row as [`FROZEN_COST`] of a searched one (searched rows cost
    /// roughly alike; the upper band also keeps the books).
    fn split_row(&self) -> usize {
        let rows = self.config.top + 1;
        let cost = |x: usize| if x < self.frozen { FROZEN_COST } else { 1.0 };
        let target = 0.63 * (0..rows).map(cost).sum::<f64>();
        let mut sum = 0.0;
        let mut first = 1;
        while first < self.config.top && sum + cost(first - 1) < target {
            sum += cost(first - 1);
            first += 1;
        }
        first
    }

    /// Residue bookkeeping for column `y`, whose values are `low` then `high` (bottom up).
    /// Frozen rows are skipped: their residues repeat those one period earlier by their proof.
    fn after_column(&mut self, y: u64, low: &[u64], high: &[u64], track: bool) {
        let p = self.config.period_cap;
        let rows = self.config.top + 1;
        let f = self.frozen;
        let top2 = self.ring.top2;
        let ring = self.ring.slot_mut(y);
        for x in f..rows {
            let v = if x < low.len() {
                low[x]
            } else {
                high[x - low.len()]
            };
            let r = residue(top2, y, v);
            if track && y >= p && ring[x] != r {
                self.last_mismatch[x] = Some(y);
            }
            ring[x] = r;
        }
    }

    /// The preperiod for `P*` of a row from its last mismatch.
    fn preperiod(&self, x: usize) -> u64 {
        self.last_mismatch[x].map_or(0, |l| l + 1 - self.config.period_cap)
    }

    /// Tries to prove rows in order at snapshot column `now` (= `c + P*`).
    fn prove(&mut self, now: u64) {
        let p = self.config.period_cap;
        let c = now - p;
        let (Some(old), Some(cur)) = (self.snapshots.front(), self.snapshots.back()) else {
            return;
        };
        if old.column != c || cur.column != now {
            return;
        }
        let mut max_pre = 0;
        for x in 0..=self.config.top {
            if self.proof[x].is_none() {
                let inputs_periodic = c >= x as u64 && max_pre <= c - x as u64;
                if !inputs_periodic || old.row_state(x) != cur.row_state(x) {
                    return;
                }
                self.proof[x] = Some(c);
                self.frozen = x + 1;
            }
            max_pre = max_pre.max(self.preperiod(x));
        }
    }

    fn results(&self, y: u64) -> Vec<RowResult> {
        let p = self.config.period_cap;
        let mut out: Vec<RowResult> = (0..=self.config.top)
            .map(|x| RowResult {
                row: x,
                period: None,
                preperiod: None,
                proven: self.proof[x].is_some(),
                proof_column: self.proof[x],
            })
            .collect();
        let known: Vec<usize> = (0..=self.config.top)
            .filter(|&x| {
                let seen = y >= 2 * p && self.last_mismatch[x].is_none_or(|l| y - 1 - l >= p);
                self.proof[x].is_some() || seen
            })
            .collect();
        for block in known.chunk_by(|a, b| a / 64 == b / 64) {
            for (&x, window) in block.iter().zip(self.ring.rows_window(block, y)) {
                out[x].period = Some(minimal_period(&window));
                out[x].preperiod = Some(self.preperiod(x));
            }
        }
        out
    }
}

/// The minimal cyclic period of `window` (whose length is `3·2^K`), dividing by 2 and 3 while
/// the quotient is still a cyclic period.
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::minimal_period;
///
/// assert_eq!(minimal_period(&[1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0]), 3);
/// assert_eq!(minimal_period(&[5; 12]), 1);
/// assert_eq!(minimal_period(&[1, 2, 3, 4, 5, 6]), 6);
/// ```
pub fn minimal_period(window: &[u16]) -> u64 {
    let n = window.len();
    // q is a cyclic period iff the window equals its rotation by q.
    let is_period = |q: usize| window[..n - q] == window[q..] && window[n - q..] == window[..q];
    let mut p = n;
    loop {
        if p.is_multiple_of(2) && is_period(p / 2) {
            p /= 2;
        } else if p.is_multiple_of(3) && is_period(p / 3) {
            p /= 3;
        } else {
            return p as u64;
        }
    }
}

/// Runs a complete search (no checkpoints) and returns the results for every row.
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::{search, PeriodConfig};
/// let cfg = PeriodConfig { top: 3, columns: 200, period_cap: 12 };
/// let rows = search(cfg, &onag::StopFlag::new()).unwrap();
/// assert_eq!((rows[3].period, rows[3].preperiod, rows[3].proven), (Some(6), Some(8), true));
/// ```
pub fn search(config: PeriodConfig, stop: &StopFlag) -> Result<Vec<RowResult>, WythoffError> {
    let mut s = PeriodSearch::new(config)?;
    s.run(config.columns, stop, &mut |_| {})?;
    Ok(s.results())
}

/// Largest row [`row_profile`] accepts.
pub const MAX_PROFILE_ROW: usize = 64;
/// Largest number of residues [`row_profile`] returns.
pub const MAX_PROFILE_COLUMNS: u64 = 200_000;

/// One row's residues with its period and preperiod (for a row plot).
///
/// # Examples
/// ```
/// let p = onag::wythoff::periodicity::row_profile(1, 9).unwrap();
/// assert_eq!(p.row, 1);
/// assert_eq!(p.residues, vec![1, 1, -2, 1, 1, -2, 1, 1, -2]); // g(1, y) − y
/// assert_eq!(p.result.period, Some(3));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RowProfile {
    /// The row `x`.
    pub row: usize,
    /// `g(x, y) − y` for `y` in `0..columns`.
    pub residues: Vec<i64>,
    /// The row result of the search (for [`row_profile`]: period cap 3072, 100,000 columns,
    /// enough to prove rows ≤ 64).
    pub result: RowResult,
}

/// The residues `g(x, y) − y` of row `x ≤ 64` for `y < columns`, with its proven period and
/// preperiod.
///
/// # Examples
/// ```
/// let p = onag::wythoff::periodicity::row_profile(3, 20).unwrap();
/// assert_eq!((p.result.period, p.result.preperiod), (Some(6), Some(8)));
/// assert_eq!(p.residues[0], 3); // g(3, 0) = 3
/// ```
pub fn row_profile(row: usize, columns: u64) -> Result<RowProfile, WythoffError> {
    super::check_bound("profile row", row as u64, MAX_PROFILE_ROW as u64)?;
    super::check_bound("profile columns", columns, MAX_PROFILE_COLUMNS)?;
    let cfg = PeriodConfig {
        top: row,
        columns: 100_000,
        period_cap: 3072,
    };
    let stop = StopFlag::new();
    let result = search(cfg, &stop)?[row];
    let residues = row_residues(row, columns, &stop)?;
    Ok(RowProfile {
        row,
        residues,
        result,
    })
}

/// The row plot of the Wythoff page: the search over rows `0..=row` for `columns` columns with
/// period cap `period_cap`, and the residues `g(x, y) − y` over the part worth drawing (the
/// preperiod and eight periods, at least 64 columns; all `columns` when no period was found),
/// polling `stop`.
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::row_plot;
/// let p = row_plot(3, 4096, 1536, &onag::StopFlag::new()).unwrap();
/// assert_eq!((p.result.period, p.result.preperiod, p.result.proven), (Some(6), Some(8), true));
/// assert_eq!(p.residues.len(), 8 + 8 * 6 + 16);
/// ```
pub fn row_plot(
    row: usize,
    columns: u64,
    period_cap: u64,
    stop: &StopFlag,
) -> Result<RowProfile, WythoffError> {
    super::check_bound("profile row", row as u64, MAX_PROFILE_ROW as u64)?;
    super::check_bound("profile columns", columns, MAX_PROFILE_COLUMNS)?;
    let config = PeriodConfig {
        top: row,
        columns,
        period_cap,
    };
    let result = search(config, stop)?
        .get(row)
        .copied()
        .ok_or_else(|| WythoffError::Invalid("no result for the row".into()))?;
    let shown = match (result.preperiod, result.period) {
        (Some(c), Some(p)) => (c + 8 * p + 16).max(64).min(columns),
        _ => columns,
    };
    let residues = row_residues(row, shown, stop)?;
    Ok(RowProfile {
        row,
        residues,
        result,
    })
}

/// `g(row, y) − y` for `y < columns` by the sweep, polling `stop` every 4096 columns.
fn row_residues(row: usize, columns: u64, stop: &StopFlag) -> Result<Vec<i64>, WythoffError> {
    let mut sweep = Sweep::new(row)?;
    let mut residues = Vec::with_capacity(columns as usize);
    for y in 0..columns {
        if y % 4096 == 0 {
            stop.check()?;
        }
        residues.push(sweep.step()?[row] as i64 - y as i64);
    }
    Ok(residues)
}
