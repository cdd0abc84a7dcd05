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
//! # Checkpoints
//!
//! A [`Checkpoint`] stores the bookkeeping at column `C` and the full sweep state at a snapshot
//! column `≤ C − P*` (a few hundred kilobytes, independent of the number of columns).
//! [`PeriodSearch::resume`] replays the sweep from there to `C`, refilling the residue ring and
//! the snapshots without touching the bookkeeping, so a resumed run is bit-identical to an
//! uninterrupted one.

use std::collections::VecDeque;

use super::sweep::{Sweep, SweepState, MAX_SWEEP_ROW};
use super::WythoffError;
use crate::StopFlag;

/// Largest residue ring [`PeriodSearch`] allocates, in bytes (`(X + 1)·P*·2`).
pub const MAX_RING_BYTES: u64 = 8 << 30;

/// The parameters of a period search.
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

    /// Checks the cap is `3·2^K`, the rows and the ring memory are within bounds.
    pub fn validate(&self) -> Result<(), WythoffError> {
        super::check_bound("top row", self.top as u64, MAX_SWEEP_ROW as u64)?;
        let p = self.period_cap;
        if p % 3 != 0 || !(p / 3).is_power_of_two() {
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// A period search over rows `0..=X`: sweep, residue ring, proofs.
#[derive(Debug)]
pub struct PeriodSearch {
    config: PeriodConfig,
    sweep: Sweep,
    ring: Vec<u16>,
    last_mismatch: Vec<Option<u64>>,
    proof: Vec<Option<u64>>,
    snapshots: VecDeque<SweepState>,
}

impl PeriodSearch {
    /// A search at column 0.
    pub fn new(config: PeriodConfig) -> Result<Self, WythoffError> {
        config.validate()?;
        let rows = config.top + 1;
        Ok(Self {
            config,
            sweep: Sweep::new(config.top)?,
            ring: vec![0; rows * config.period_cap as usize],
            last_mismatch: vec![None; rows],
            proof: vec![None; rows],
            snapshots: VecDeque::new(),
        })
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
        if cp.base.column % cp.config.spacing() != 0
            || cp.base.column > cp.column
            || cp.column > cp.config.columns
        {
            return bad("columns are inconsistent");
        }
        s.sweep = Sweep::from_state(cp.base)?;
        while s.sweep.column() < cp.column {
            s.advance(false)?;
        }
        s.last_mismatch = cp.last_mismatch;
        s.proof = cp.proof;
        Ok(s)
    }

    /// The configuration.
    pub fn config(&self) -> PeriodConfig {
        self.config
    }

    /// The next column to compute.
    pub fn column(&self) -> u64 {
        self.sweep.column()
    }

    /// Whether all configured columns are done.
    pub fn is_done(&self) -> bool {
        self.column() >= self.config.columns
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
        let until = until.min(self.config.columns);
        while self.column() < until {
            if self.column() % 4096 == 0 {
                progress(self.column());
                stop.check()?;
            }
            self.advance(true)?;
        }
        progress(self.column());
        Ok(())
    }

    /// One column: snapshot and proofs at multiples of `S`, then the sweep step and the
    /// residue bookkeeping (`track = false` while replaying after a resume).
    fn advance(&mut self, track: bool) -> Result<(), WythoffError> {
        let y = self.sweep.column();
        let p = self.config.period_cap;
        if y % self.config.spacing() == 0 {
            self.snapshots.push_back(self.sweep.state());
            while self.snapshots.len() >= 2 && self.snapshots[1].column + p <= y {
                self.snapshots.pop_front();
            }
            if track && y >= p {
                self.prove(y);
            }
        }
        let top = self.config.top as u64;
        let rows = self.config.top + 1;
        let values = self.sweep.step()?;
        let slot = (y % p) as usize * rows;
        let ring = &mut self.ring[slot..slot + rows];
        for (x, (&v, old)) in values.iter().zip(ring.iter_mut()).enumerate() {
            // cannot fail: the sweep guarantees y − 2X ≤ v ≤ y + X, so 0 ≤ r ≤ 3X < 2^16.
            let r = (v + 2 * top - y) as u16;
            if track && y >= p && *old != r {
                self.last_mismatch[x] = Some(y);
            }
            *old = r;
        }
        Ok(())
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
            }
            max_pre = max_pre.max(self.preperiod(x));
        }
    }

    /// A checkpoint at the current column.
    pub fn checkpoint(&self) -> Checkpoint {
        let base = match self.snapshots.front() {
            Some(s) if s.column + self.config.period_cap <= self.column() => s.clone(),
            _ => Sweep::new(self.config.top)
                .map(|s| s.state())
                // cannot fail: the configuration was validated when the search was created.
                .unwrap_or_else(|_| self.sweep.state()),
        };
        Checkpoint {
            config: self.config,
            column: self.column(),
            base,
            last_mismatch: self.last_mismatch.clone(),
            proof: self.proof.clone(),
        }
    }

    /// The residues `r(y) + 2X` of row `x` for the last `P*` columns, oldest first.
    fn ring_row(&self, x: usize) -> Vec<u16> {
        let p = self.config.period_cap;
        let rows = self.config.top + 1;
        let start = self.column() % p;
        (0..p)
            .map(|i| self.ring[((start + i) % p) as usize * rows + x])
            .collect()
    }

    /// What is known about every row `0..=X` at the current column.
    pub fn results(&self) -> Vec<RowResult> {
        let p = self.config.period_cap;
        let y = self.column();
        (0..=self.config.top)
            .map(|x| {
                let proven = self.proof[x].is_some();
                let seen = y >= 2 * p && self.last_mismatch[x].map_or(true, |l| y - 1 - l >= p);
                if !(proven || seen) {
                    return RowResult {
                        row: x,
                        period: None,
                        preperiod: None,
                        proven: false,
                        proof_column: None,
                    };
                }
                RowResult {
                    row: x,
                    period: Some(minimal_period(&self.ring_row(x))),
                    preperiod: Some(self.preperiod(x)),
                    proven,
                    proof_column: self.proof[x],
                }
            })
            .collect()
    }
}

/// The minimal cyclic period of `window` (whose length is `3·2^K`), dividing by 2 and 3 while
/// the quotient is still a cyclic period.
pub fn minimal_period(window: &[u16]) -> u64 {
    let n = window.len();
    let is_period = |q: usize| (0..n).all(|i| window[i] == window[(i + q) % n]);
    let mut p = n;
    loop {
        if p % 2 == 0 && is_period(p / 2) {
            p /= 2;
        } else if p % 3 == 0 && is_period(p / 3) {
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
