//! The first row-by-row g-point sweep (one growable bitset per value and kind, branching on
//! mirror rows), kept unchanged as the reference that the fast sweep in the parent module is
//! tested against (`tests/wythoff_gpoints_fast.rs`) and benchmarked against
//! (`benches/wythoff.rs`).

use super::{DistanceRecord, ExcessStats, Placement, MAX_G, MAX_ROWS};
use crate::bitset::Bits;
use crate::wythoff::{check_bound, pairs, WythoffError};
use crate::StopFlag;

#[derive(Clone, Debug, Default)]
struct ValueState {
    /// Columns `b_n` of the points so far (their rows will hold the mirrors).
    cols: Bits,
    /// Diagonals `d_n` used so far.
    diags: Bits,
    /// Smallest unused diagonal.
    min_diag: u64,
    /// Number of points so far (the next point's `n`).
    points: u64,
}

/// Row-by-row computation of the cells of values `0..=max_g`.
///
/// # Examples
/// ```
/// use onag::wythoff::gpoints::reference::GPointSweep;
/// let mut s = GPointSweep::new(2).unwrap();
/// let row0: Vec<u64> = s.next_row().iter().map(|p| p.point().unwrap().0).collect();
/// assert_eq!(row0, vec![0, 1, 2]); // g(0, y) = y
/// ```
#[derive(Clone, Debug)]
pub struct GPointSweep {
    values: Vec<ValueState>,
    row: u64,
    taken: Bits,
    out: Vec<Placement>,
}

impl GPointSweep {
    /// A sweep for values `0..=max_g`, positioned before row 0.
    pub fn new(max_g: u32) -> Result<Self, WythoffError> {
        check_bound("largest value", u64::from(max_g), u64::from(MAX_G))?;
        let n = max_g as usize + 1;
        Ok(Self {
            values: vec![ValueState::default(); n],
            row: 0,
            taken: Bits::default(),
            out: Vec::with_capacity(n),
        })
    }

    /// The next row to compute.
    pub fn row(&self) -> u64 {
        self.row
    }

    /// Computes the next row `r` and returns, for each value `g`, where it lies in row `r`.
    pub fn next_row(&mut self) -> &[Placement] {
        self.next_row_above(&[])
    }

    /// Like [`GPointSweep::next_row`] for a sweep of the values `below.len()..`, given the
    /// placements of the smaller values in this row (computed by another sweep of the values
    /// `0..below.len()`): their cells are taken. Used to pipeline values over two threads.
    pub fn next_row_above(&mut self, below: &[Placement]) -> &[Placement] {
        let r = self.row;
        self.out.clear();
        for p in below {
            if let Placement::Point { column, .. } = *p {
                self.taken.set(column);
            }
        }
        for st in &mut self.values {
            if st.cols.get(r) {
                st.cols.clear(r);
                self.out.push(Placement::Mirror);
                continue;
            }
            // 64 diagonals at a time: unused diagonal, free column, cell not taken.
            let mut d = st.min_diag;
            loop {
                let c = r + d;
                let ok = !(st.diags.window(d) | st.cols.window(c) | self.taken.window(c));
                if ok != 0 {
                    d += u64::from(ok.trailing_zeros());
                    break;
                }
                d += 64;
            }
            st.diags.set(d);
            st.min_diag = st.diags.next_clear(st.min_diag);
            st.cols.set(r + d);
            self.taken.set(r + d);
            self.out.push(Placement::Point {
                column: r + d,
                n: st.points,
            });
            st.points += 1;
        }
        for p in below.iter().chain(&self.out) {
            if let Placement::Point { column, .. } = *p {
                self.taken.clear(column);
            }
        }
        self.row += 1;
        &self.out
    }
}

/// Rows per block handed from the lower values' thread to the upper values'.
const BLOCK_ROWS: u64 = 4096;

/// Calls `f(r, placements of 0..=max_g)` for rows `0..rows`, on one thread or pipelined over
/// two (`threads ≥ 2`: values `0..=max_g/2` run ahead on their own thread in blocks of rows).
/// Polls `stop` and reports `progress(row)` every block of 4096 rows.
pub fn for_each_row(
    max_g: u32,
    rows: u64,
    threads: usize,
    stop: &StopFlag,
    progress: &mut dyn FnMut(u64),
    mut f: impl FnMut(u64, &[Placement]),
) -> Result<(), WythoffError> {
    check_bound("rows", rows, MAX_ROWS)?;
    check_bound("largest value", u64::from(max_g), u64::from(MAX_G))?;
    if threads < 2 || max_g < 8 {
        let mut sweep = GPointSweep::new(max_g)?;
        for r in 0..rows {
            if r % BLOCK_ROWS == 0 {
                progress(r);
                stop.check()?;
            }
            f(r, sweep.next_row());
        }
        return Ok(());
    }
    let split = max_g / 2; // values 0..=split below, split+1..=max_g above
    let mut lower = GPointSweep::new(split)?;
    let mut upper = GPointSweep::new(max_g - split - 1)?;
    let k = split as usize + 1;
    let halt = StopFlag::new();
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Placement>>(4);
        let lower_halt = halt.clone();
        scope.spawn(move || {
            let mut r = 0;
            while r < rows && !lower_halt.is_stopped() {
                let end = rows.min(r + BLOCK_ROWS);
                let mut block = Vec::with_capacity((end - r) as usize * k);
                for _ in r..end {
                    block.extend_from_slice(lower.next_row());
                }
                if tx.send(block).is_err() {
                    break;
                }
                r = end;
            }
        });
        let mut row = vec![Placement::Mirror; max_g as usize + 1];
        let mut r = 0;
        for block in rx.iter() {
            progress(r);
            if stop.is_stopped() {
                halt.stop();
                continue;
            }
            for below in block.chunks(k) {
                row[..k].copy_from_slice(below);
                row[k..].copy_from_slice(upper.next_row_above(below));
                f(r, &row);
                r += 1;
            }
        }
    });
    if stop.is_stopped() {
        return Err(WythoffError::Stopped);
    }
    Ok(())
}

/// Nivasch's tables 2 and 3: for `g = 0..=max_g` and points with `a_n < rows`, the extremes of
/// `d_n − n`, on `threads` threads (1 or 2; see [`for_each_row`]).
pub fn excess_tables(
    max_g: u32,
    rows: u64,
    threads: usize,
    stop: &StopFlag,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<ExcessStats>, WythoffError> {
    let mut stats: Vec<ExcessStats> = (0..=max_g)
        .map(|g| ExcessStats {
            g,
            points: 0,
            min: (i64::MAX, 0),
            max: (i64::MIN, 0),
            max_from_100: None,
        })
        .collect();
    for_each_row(max_g, rows, threads, stop, progress, |r, placements| {
        for (s, p) in stats.iter_mut().zip(placements) {
            let Placement::Point { column, n } = *p else {
                continue;
            };
            let e = (column - r) as i64 - n as i64;
            s.points += 1;
            if e < s.min.0 {
                s.min = (e, n);
            }
            if e > s.max.0 {
                s.max = (e, n);
            }
            if n >= 100 && s.max_from_100.is_none_or(|(m, _)| e > m) {
                s.max_from_100 = Some((e, n));
            }
        }
    })?;
    Ok(stats)
}

/// Nivasch's table 4: for each Manhattan distance `1..=max_distance` from the nearest 0-cell,
/// the cell of largest value among values `≤ max_g` in rows `min_row..rows` (cells `(a, b)`,
/// `a ≤ b`; mirrors have the same distance), on `threads` threads (see [`for_each_row`]).
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
    let mut best: Vec<Option<(u32, (u64, u64))>> = vec![None; max_distance as usize + 1];
    // Per row: the zero columns of rows r − k ..= r + k and their row distances, as i32 so
    // the per-point minimum vectorises. Columns stay below 3·MAX_ROWS < 2^31.
    let width = 2 * k as usize + 1;
    let far = i32::MAX / 4;
    let mut zcol = vec![far; width];
    let mut zdist = vec![far; width];
    for_each_row(max_g, rows, threads, stop, progress, |r, placements| {
        if r < min_row {
            return;
        }
        for i in 0..width {
            let p = r + i as u64;
            // Row p − k; rows below 0 have no zero.
            let (col, d) = match p.checked_sub(k) {
                Some(row) if zero[row as usize] != u64::MAX => {
                    (zero[row as usize] as i32, row.abs_diff(r) as i32)
                }
                _ => (far, far),
            };
            zcol[i] = col;
            zdist[i] = d;
        }
        for (g, p) in placements.iter().enumerate().skip(1) {
            let Some((b, _)) = p.point() else {
                continue;
            };
            let bb = b as i32;
            let dist = zcol
                .iter()
                .zip(&zdist)
                .map(|(&z, &d)| d + (bb - z).abs())
                .min()
                .unwrap_or(far);
            if dist as u64 <= k {
                let slot = &mut best[dist as usize];
                if slot.is_none_or(|(v, _)| (g as u32) > v) {
                    *slot = Some((g as u32, (r, b)));
                }
            }
        }
    })?;
    Ok((1..=max_distance)
        .map(|d| DistanceRecord {
            distance: d,
            best: best[d as usize],
        })
        .collect())
}
