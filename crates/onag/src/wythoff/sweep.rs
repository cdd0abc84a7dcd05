//! The column sweep: Wythoff values of rows `0..=X`, column by column, in memory `O(X²)`
//! independent of the number of columns.
//!
//! # Representation
//!
//! In column `y`, the cell `(x, y)` sees three sets: its row's earlier values
//! `g(x, 0..y)`, the column below `g(0..x, y)` and the diagonal `g(x − k, y − k)`.
//!
//! * **Row** `x` is kept as its set of *free* values (not yet used in the row) up to `y + x`.
//!   The row already holds `y` distinct values, all `≤ y − 1 + x` (because `g ≤ x + y`), so
//!   exactly `x + 1` values in `[0, y + x]` are free, and `g(x, y)` is one of them. All values
//!   below the row's mex are used, so only `[mex, y + x]` needs storing.
//! * **Column** and **diagonal** sets hold at most `X + 1` values each; the diagonals in flight at
//!   column `y` are `y − X ..= y`, kept in `X + 1` ring slots.
//!
//! Every set is a ring bitset of `W` bits, value `v` at bit `v mod W`, with `W` a power of two
//! `≥ 4X + 130`. The cell's value is the first bit of `free & !(column | diagonal)` from the
//! row's mex: usually in the first word, since the free values are dense near the mex.
//!
//! # Why the rings cannot alias (and what is checked)
//!
//! For Wythoff's game `y − 2x ≤ g(x, y) ≤ y + x` (`x ≤ y`), and every value occurs in every
//! row, so after column `y` the mex of row `x` is at least `y + 1 − 2x`. The sweep *checks*
//! `mex ≥ y + 1 − 2X` after every cell and that every value is `≤ y + x`, and stops with
//! [`WythoffError::WindowViolated`] otherwise. Given those, the column and diagonal sets hold
//! values of cells in columns `y − X ..= y`, hence in `[y − 3X, y + X]`, and the bits the
//! search reads (it may look one word past `y + x`) lie in `[y − 2X, y + X + 127]`; two such
//! values differ by less than `4X + 128 < W`, so no two share a bit. A free-set bit above
//! `y + x` belongs to a value `≤ y + X + 127 − W < y − 2X ≤ mex`, which is used, so the bit
//! is clear.

use super::WythoffError;

/// Largest top row the sweep accepts (memory grows like `X²`).
pub const MAX_SWEEP_ROW: usize = 20_000;

/// The complete state of a [`Sweep`] between two columns, as plain data (for checkpoints).
///
/// `free` holds `top + 1` ring bitsets of `words` words (row `x` at `x * words`), `diags` the
/// `top + 1` diagonal ring slots (diagonal `d` in slot `d mod (top + 1)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepState {
    /// The top row `X`.
    pub top: usize,
    /// The next column to compute.
    pub column: u64,
    /// Words per ring bitset (a power of two).
    pub words: usize,
    /// Each row's mex so far.
    pub mex: Vec<u64>,
    /// Each row's free-value ring bitset.
    pub free: Vec<u64>,
    /// The diagonal ring bitsets.
    pub diags: Vec<u64>,
}

impl SweepState {
    /// The free values of row `x` relative to the column, `v − column` for each free `v`
    /// (ascending): the row's whole state, since values above `column + x` are all free.
    pub fn row_state(&self, x: usize) -> Vec<i64> {
        let y = self.column;
        let mask = self.words - 1;
        let ring = &self.free[x * self.words..(x + 1) * self.words];
        let hi = y + x as u64; // the largest value below the all-free region
        let mut out = Vec::with_capacity(x + 1);
        let mut a = self.mex[x] / 64;
        while a * 64 <= hi {
            let mut w = ring[a as usize & mask];
            while w != 0 {
                let v = a * 64 + u64::from(w.trailing_zeros());
                if v <= hi {
                    out.push(v as i64 - y as i64);
                }
                w &= w - 1;
            }
            a += 1;
        }
        out
    }

    /// Sets row `x` to its state in `from` (an earlier column of the same sweep) moved forward
    /// to this state's column: every free value and the mex shifted by the column difference.
    /// For a row known to be periodic with a period dividing that difference, this is the row's
    /// exact state here (the free set relative to the column repeats with the row).
    pub fn copy_row_shifted(&mut self, from: &SweepState, x: usize) {
        let words = self.words;
        let d = self.column - from.column;
        self.mex[x] = from.mex[x] + d;
        // Ring bit of value v is (v mod W); value v + d lands (d mod W) bits further on.
        let bits = d % (64 * words as u64);
        let (q, r) = ((bits / 64) as usize, (bits % 64) as u32);
        let src = &from.free[x * words..(x + 1) * words];
        let dst = &mut self.free[x * words..(x + 1) * words];
        dst.fill(0);
        for (i, &w) in src.iter().enumerate() {
            dst[(i + q) % words] |= w << r;
            if r > 0 {
                dst[(i + q + 1) % words] |= w >> (64 - r);
            }
        }
    }
}

/// The column sweep over rows `0..=top`, or over a band of them. See the module docs for the
/// representation.
///
/// # Examples
/// ```
/// let mut s = onag::wythoff::sweep::Sweep::new(2).unwrap();
/// assert_eq!(s.step().unwrap(), &[0, 1, 2]); // column 0
/// assert_eq!(s.step().unwrap(), &[1, 2, 0]); // column 1
/// ```
#[derive(Clone, Debug)]
pub struct Sweep {
    /// First and last row this sweep computes; rows below `first` are given to
    /// [`Sweep::step_band`] by another band.
    pub(crate) first: usize,
    last: usize,
    /// The top row `X` of the whole sweep: it sets the ring width and the diagonal slots.
    top: usize,
    words: usize,
    mask: usize,
    column: u64,
    /// Mex and free ring of rows `first..=last` (index `x − first`).
    mex: Vec<u64>,
    free: Vec<u64>,
    diags: Vec<u64>,
    col: Vec<u64>,
    pub(crate) values: Vec<u64>,
}

/// The first word `k` with `free[k] & !(col[k] | diag[k]) != 0`, and that word: [`SCAN`] words
/// a round without bounds checks (the slices have one length; the round vectorises), the
/// common case of a long scan in high rows.
#[inline(always)]
fn first_candidate(free: &[u64], col: &[u64], diag: &[u64]) -> Option<(usize, u64)> {
    let rounds = free
        .chunks_exact(SCAN)
        .zip(col.chunks_exact(SCAN))
        .zip(diag.chunks_exact(SCAN));
    let mut k = 0;
    for ((f, c), d) in rounds {
        let mut w = [0u64; SCAN];
        for j in 0..SCAN {
            w[j] = f[j] & !(c[j] | d[j]);
        }
        if w.iter().fold(0, |a, &b| a | b) != 0 {
            let j = w.iter().position(|&w| w != 0).unwrap_or(0);
            return Some((k + j, w[j]));
        }
        k += SCAN;
    }
    let tail = free[k..]
        .iter()
        .zip(&col[k..])
        .zip(&diag[k..])
        .map(|((f, c), d)| f & !(c | d));
    for (j, w) in tail.enumerate() {
        if w != 0 {
            return Some((k + j, w));
        }
    }
    None
}

/// Words per round of [`first_candidate`] (one 512-bit vector where the CPU has them).
const SCAN: usize = 8;

/// Ring width in words for top row `top`: a power of two with `64·words ≥ 4·top + 130`.
fn ring_words(top: usize) -> usize {
    (4 * top + 130).div_ceil(64).next_power_of_two()
}

impl Sweep {
    /// A sweep of rows `0..=top` positioned before column 0.
    pub fn new(top: usize) -> Result<Self, WythoffError> {
        Self::band(0, top, top)
    }

    /// A sweep of rows `first..=last` of the whole sweep `0..=top`, for a pipeline: each
    /// column it is given the values of rows `0..first` (computed by another band) through
    /// [`Sweep::step_band`]. Ring widths and diagonal slots are those of the whole sweep, so
    /// the bands' states combine into one [`SweepState`] ([`Sweep::join_states`]).
    pub fn band(first: usize, last: usize, top: usize) -> Result<Self, WythoffError> {
        super::check_bound("top row", top as u64, MAX_SWEEP_ROW as u64)?;
        if first > last || last > top {
            return Err(WythoffError::Invalid(format!(
                "bad band {first}..={last} of 0..={top}"
            )));
        }
        let words = ring_words(top);
        let rows = last + 1 - first;
        let mut free = vec![0u64; rows * words];
        for x in first..=last {
            // Before column 0, row x has the free values 0..=x.
            for v in 0..=x {
                free[(x - first) * words + (v / 64) % words] |= 1 << (v % 64);
            }
        }
        Ok(Self {
            first,
            last,
            top,
            words,
            mask: words - 1,
            column: 0,
            mex: vec![0; rows],
            free,
            diags: vec![0; (top + 1) * words],
            col: vec![0; words],
            values: vec![0; rows],
        })
    }

    /// Restores a whole sweep from a [`SweepState`], checking that its shapes are consistent.
    pub fn from_state(state: SweepState) -> Result<Self, WythoffError> {
        Self::band_from_state(&state, 0, state.top)
    }

    /// Restores the band `first..=last` from a whole-sweep state.
    ///
    /// Every band gets all diagonal slots. Between columns, a diagonal that row `x` will still
    /// read holds only values of rows below `x` (the cells of higher rows on it lie in later
    /// columns), so a lower band never reads the upper band's values in its slots, and each
    /// slot is cleared before reuse.
    pub fn band_from_state(
        state: &SweepState,
        first: usize,
        last: usize,
    ) -> Result<Self, WythoffError> {
        let mut s = Self::band(first, last, state.top)?;
        let n = (state.top + 1) * s.words;
        if state.words != s.words
            || state.mex.len() != state.top + 1
            || state.free.len() != n
            || state.diags.len() != n
        {
            return Err(WythoffError::Invalid(
                "sweep state has inconsistent sizes".to_string(),
            ));
        }
        s.column = state.column;
        s.mex = state.mex[first..=last].to_vec();
        s.free = state.free[first * s.words..(last + 1) * s.words].to_vec();
        s.diags.clone_from(&state.diags);
        Ok(s)
    }

    /// The state between columns, for checkpoints and proofs (for a band: its rows' mex and
    /// free rings, and all diagonal slots).
    pub fn state(&self) -> SweepState {
        SweepState {
            top: self.top,
            column: self.column,
            words: self.words,
            mex: self.mex.clone(),
            free: self.free.clone(),
            diags: self.diags.clone(),
        }
    }

    /// The whole-sweep state of a lower band `0..first` and an upper band `first..=top` at
    /// the same column. The diagonals come from the upper band, which holds every value.
    pub fn join_states(lower: &Self, upper: &Self) -> SweepState {
        upper.below(&lower.mex, &lower.free)
    }

    /// The whole-sweep state of a lower band's state (rows `0..first`, from
    /// [`Sweep::state`] on that band) and an upper band at the same column.
    pub fn join_state(lower: &SweepState, upper: &Self) -> SweepState {
        upper.below(&lower.mex, &lower.free)
    }

    /// This band's state with the rows of a lower band (their mex and free words) below it.
    fn below(&self, mex: &[u64], free: &[u64]) -> SweepState {
        SweepState {
            top: self.top,
            column: self.column,
            words: self.words,
            mex: [mex, &self.mex].concat(),
            free: [free, &self.free].concat(),
            diags: self.diags.clone(),
        }
    }

    /// The top row `X`.
    pub fn top(&self) -> usize {
        self.top
    }

    /// The next column [`Sweep::step`] computes.
    pub fn column(&self) -> u64 {
        self.column
    }

    /// Computes the next column `y` and returns `g(0..=X, y)` (for a lower band starting at
    /// row 0: its rows).
    pub fn step(&mut self) -> Result<&[u64], WythoffError> {
        self.step_band(&[])
    }

    /// Computes the next column `y` of the band, given `g(0..first, y)` in `below`, and
    /// returns `g(first..=last, y)`.
    pub fn step_band(&mut self, below: &[u64]) -> Result<&[u64], WythoffError> {
        self.step_band_frozen(below, &[])
    }

    /// Like [`Sweep::step_band`], but the band's lowest rows `first..first + frozen.len()` take
    /// their values from `frozen` instead of searching: they only enter the column and diagonal
    /// sets. Their own rows' free sets and mexes are *not* updated, so once a row has been
    /// given a value here its state in [`Sweep::state`] is stale, and it must be given its
    /// values here in every later column too. The caller vouches for the values (a row proven
    /// periodic copies them from one period earlier; see
    /// [`periodicity`](super::periodicity)); each must lie in `[y − 2X, y + X]`, the window
    /// the rings are sized for, which is checked.
    pub fn step_band_frozen(
        &mut self,
        below: &[u64],
        frozen: &[u64],
    ) -> Result<&[u64], WythoffError> {
        if below.len() != self.first {
            return Err(WythoffError::Invalid(format!(
                "band starting at row {} given {} values below",
                self.first,
                below.len()
            )));
        }
        if frozen.len() > self.values.len() {
            return Err(WythoffError::Invalid(format!(
                "band of {} rows given {} frozen values",
                self.values.len(),
                frozen.len()
            )));
        }
        let y = self.column;
        let (words, mask, top) = (self.words, self.mask, self.top as u64);
        let dslots = self.top + 1;
        // Diagonal y starts here; its slot held diagonal y − X − 1, whose last cell was in
        // column y − 1.
        let new_slot = (y % dslots as u64) as usize;
        self.diags[new_slot * words..(new_slot + 1) * words].fill(0);
        self.col.fill(0);
        let col = &mut self.col;
        // Diagonal y − x lives in slot (y − x) mod (X + 1): start at row 0's slot and step down.
        let mut slot = new_slot;
        for (x, &v) in below.iter().enumerate() {
            if x > 0 {
                slot = if slot == 0 { dslots - 1 } else { slot - 1 };
            }
            let (vi, vb) = ((v / 64) as usize & mask, 1u64 << (v % 64));
            col[vi] |= vb;
            self.diags[slot * words + vi] |= vb;
        }
        for (i, &v) in frozen.iter().enumerate() {
            let x = self.first + i;
            if x > 0 {
                slot = if slot == 0 { dslots - 1 } else { slot - 1 };
            }
            if v + 2 * top < y || v > y + top {
                return Err(WythoffError::WindowViolated {
                    row: x as u64,
                    column: y,
                });
            }
            let (vi, vb) = ((v / 64) as usize & mask, 1u64 << (v % 64));
            col[vi] |= vb;
            self.diags[slot * words + vi] |= vb;
            self.values[i] = v;
        }
        for x in self.first + frozen.len()..=self.last {
            let xu = x as u64;
            if x > 0 {
                slot = if slot == 0 { dslots - 1 } else { slot - 1 };
            }
            let i = x - self.first;
            let diag = &mut self.diags[slot * words..(slot + 1) * words];
            let free = &mut self.free[i * words..(i + 1) * words];
            let hi = y + xu;
            let m = self.mex[i];
            let a = m / 64;
            let start = a as usize & mask;
            // The first word usually decides; otherwise scan the words up to the one of
            // `y + x` (a later value would break the window), in ring order.
            let first = free[start] & !(col[start] | diag[start]);
            let v = if first != 0 {
                a * 64 + u64::from(first.trailing_zeros())
            } else {
                let n = (hi / 64 - a) as usize;
                let from = (start + 1) & mask;
                let end = (from + n).min(words);
                let found = first_candidate(&free[from..end], &col[from..end], &diag[from..end])
                    .or_else(|| {
                        let rest = n - (end - from);
                        first_candidate(&free[..rest], &col[..rest], &diag[..rest])
                            .map(|(k, w)| (k + (end - from), w))
                    });
                let Some((k, w)) = found else {
                    return Err(WythoffError::WindowViolated { row: xu, column: y });
                };
                (a + 1 + k as u64) * 64 + u64::from(w.trailing_zeros())
            };
            if v > hi {
                return Err(WythoffError::WindowViolated { row: xu, column: y });
            }
            let (vi, vb) = ((v / 64) as usize & mask, 1u64 << (v % 64));
            free[vi] &= !vb;
            col[vi] |= vb;
            diag[vi] |= vb;
            let n = hi + 1; // the next column may use y + 1 + x
            free[(n / 64) as usize & mask] |= 1 << (n % 64);
            if v == m {
                let mut a = m / 64;
                let mut w = free[a as usize & mask] & (!0u64 << (m % 64));
                while w == 0 {
                    a += 1;
                    w = free[a as usize & mask];
                }
                self.mex[i] = a * 64 + u64::from(w.trailing_zeros());
            }
            if self.mex[i] + 2 * top < y + 1 {
                return Err(WythoffError::WindowViolated { row: xu, column: y });
            }
            self.values[i] = v;
        }
        self.column += 1;
        Ok(&self.values)
    }
}
