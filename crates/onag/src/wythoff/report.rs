//! The reports of Wythoff's game, one type per thing a user asks: what `onag wythoff …`,
//! `POST /api/wythoff/table`, `POST /api/wythoff/row` and Python's `onag.wythoff` show. The
//! front ends render these and build no output of their own.

use super::checkpoint::RowRecord;
use super::gpoints::{DistanceRecord, ExcessStats};
use super::periodicity::{row_plot, RowResult};
use super::table::grundy_table_with_stop;
use super::WythoffError;
use crate::StopFlag;

/// One Grundy value `g(x, y)` (`onag wythoff g`).
///
/// # Examples
/// ```
/// let r = onag::wythoff::report::value_report(3, 5).unwrap();
/// assert_eq!((r.x, r.y, r.g), (3, 5, 0)); // (3, 5) is a P-position
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ValueReport {
    /// The first coordinate.
    pub x: u64,
    /// The second coordinate.
    pub y: u64,
    /// `g(x, y)`.
    pub g: u64,
}

/// `g(x, y)` as a report (bounded as [`super::g`]).
pub fn value_report(x: u64, y: u64) -> Result<ValueReport, WythoffError> {
    Ok(ValueReport {
        x,
        y,
        g: super::g(x, y)?,
    })
}

/// The `size × size` Grundy table by the definition: the heat map of the Wythoff page,
/// `onag wythoff table` and Python's `wythoff.table`.
///
/// # Examples
/// ```
/// let r = onag::wythoff::report::table_report(3, &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.cells, vec![vec![0, 1, 2], vec![1, 2, 0], vec![2, 0, 1]]);
/// assert_eq!((r.size, r.max), (3, 2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TableReport {
    /// The side.
    pub size: usize,
    /// The largest value.
    pub max: u32,
    /// `cells[x][y] = g(x, y)`.
    pub cells: Vec<Vec<u32>>,
}

/// The table of side `size`, polling `stop` once per row.
///
/// # Examples
/// ```
/// let r = onag::wythoff::report::table_report(8, &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.cells[3][5], 0); // (3, 5) is a P-position
/// ```
pub fn table_report(size: usize, stop: &StopFlag) -> Result<TableReport, WythoffError> {
    let table = grundy_table_with_stop(size, size, stop)?;
    let cells = table.to_rows();
    let max = cells.iter().flatten().copied().max().unwrap_or(0);
    Ok(TableReport { size, max, cells })
}

/// The first `count` P-positions `(⌊nφ⌋, ⌊nφ²⌋)` (`onag wythoff pairs`).
///
/// # Examples
/// ```
/// let r = onag::wythoff::report::pairs_report(3);
/// assert_eq!(r.pairs, vec![[0, 0], [1, 2], [3, 5]]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PairsReport {
    /// How many pairs.
    pub count: usize,
    /// The pairs, `n = 0, 1, …`.
    pub pairs: Vec<[u64; 2]>,
}

/// The first `count` P-positions as a report.
///
/// # Examples
/// ```
/// assert_eq!(onag::wythoff::report::pairs_report(5).pairs[4], [6, 10]);
/// ```
pub fn pairs_report(count: usize) -> PairsReport {
    PairsReport {
        count,
        pairs: super::p_positions(count)
            .into_iter()
            .map(|(a, b)| [a, b])
            .collect(),
    }
}

/// The row plot of the Wythoff page (`POST /api/wythoff/row`): `g(x, y) − y` over the part
/// worth drawing, with the row's period and preperiod proven by the periodicity search.
///
/// # Examples
/// ```
/// use onag::wythoff::report::row_plot_report;
/// let r = row_plot_report(3, 4096, 1536, &onag::StopFlag::new()).unwrap();
/// assert_eq!((r.period, r.preperiod, r.proven), (Some(6), Some(8), true));
/// assert_eq!(r.residues[0], 3); // g(3, 0) − 0
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RowPlotReport {
    /// The row.
    pub x: usize,
    /// Columns swept.
    pub columns: u64,
    /// `g(x, y) − y` over the part worth drawing.
    pub residues: Vec<i64>,
    /// The minimal period.
    pub period: Option<u64>,
    /// The preperiod.
    pub preperiod: Option<u64>,
    /// Whether the period is proven.
    pub proven: bool,
    /// The column of the proof.
    pub proof_column: Option<u64>,
}

/// The plot of row `x` over `columns` columns with period cap `period_cap`, polling `stop`
/// (bounded as [`row_plot`]).
///
/// # Examples
/// ```
/// let r = onag::wythoff::report::row_plot_report(10, 16_384, 1536, &onag::StopFlag::new()).unwrap();
/// assert_eq!((r.period, r.preperiod), (Some(24), Some(224))); // OEIS A046875, A046874
/// ```
pub fn row_plot_report(
    x: usize,
    columns: u64,
    period_cap: u64,
    stop: &StopFlag,
) -> Result<RowPlotReport, WythoffError> {
    let p = row_plot(x, columns, period_cap, stop)?;
    Ok(RowPlotReport {
        x,
        columns,
        residues: p.residues,
        period: p.result.period,
        preperiod: p.result.preperiod,
        proven: p.result.proven,
        proof_column: p.result.proof_column,
    })
}

/// A run of the periodicity search (`onag wythoff periods`): the rows asked for, what was
/// swept, and the run's times as the caller measured them.
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::{PeriodConfig, PeriodSearch};
/// use onag::wythoff::report::PeriodsReport;
///
/// let mut search = PeriodSearch::new(PeriodConfig::default_for(3, 4096)).unwrap();
/// search.run(4096, &onag::StopFlag::new(), &mut |_| {}).unwrap();
/// let r = PeriodsReport::new(&search.results()[1..=3], 4096, search.column(), search.config().period_cap, 1);
/// assert_eq!(r.rows[2].period, Some(6)); // row 3
/// assert_eq!(r.resumed_from_column, None);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PeriodsReport {
    /// The rows asked for.
    pub rows: Vec<RowRecord>,
    /// The columns asked for (at most).
    pub columns: u64,
    /// The columns swept (the sweep stops once every row is proven).
    pub columns_swept: u64,
    /// The period cap `P*`.
    pub period_cap: u64,
    /// Threads used.
    pub threads: usize,
    /// Wall seconds of the whole run.
    pub seconds: f64,
    /// Wall seconds of sweeping the new columns (a resumed run first re-sweeps to its
    /// checkpoint's column).
    pub sweep_seconds: f64,
    /// The column a resumed run continued from.
    pub resumed_from_column: Option<u64>,
    /// Rows proven before the resumed checkpoint's base state: their results rest on its
    /// tagged proof and mismatch columns, not re-derived in this run.
    pub rows_from_checkpoint: usize,
    /// Microseconds per cell swept (`sweep_seconds` over new columns × rows).
    pub us_per_cell: f64,
}

impl PeriodsReport {
    /// The report of `rows` (times zero: set them with [`PeriodsReport::timed`]).
    pub fn new(
        rows: &[RowResult],
        columns: u64,
        columns_swept: u64,
        period_cap: u64,
        threads: usize,
    ) -> PeriodsReport {
        PeriodsReport {
            rows: rows.iter().map(RowRecord::from).collect(),
            columns,
            columns_swept,
            period_cap,
            threads,
            seconds: 0.0,
            sweep_seconds: 0.0,
            resumed_from_column: None,
            rows_from_checkpoint: 0,
            us_per_cell: 0.0,
        }
    }

    /// The report with the run's times: `seconds` in all, `sweep_seconds` for `cells` new
    /// cells, resumed from `resumed_from_column`.
    pub fn timed(
        self,
        seconds: f64,
        sweep_seconds: f64,
        cells: f64,
        resumed_from_column: Option<u64>,
    ) -> PeriodsReport {
        PeriodsReport {
            seconds,
            sweep_seconds,
            resumed_from_column,
            us_per_cell: if cells > 0.0 {
                sweep_seconds * 1e6 / cells
            } else {
                0.0
            },
            ..self
        }
    }
}

/// What `onag wythoff periods --verify FILE` found: the proven rows of a results file
/// recomputed from scratch.
///
/// # Examples
/// ```
/// let r = onag::wythoff::report::VerifyReport {
///     file: "results/wythoff-periods.json".into(),
///     rows: [0, 5],
///     columns: 10_000,
///     period_cap: 768,
///     audited_rows: 6,
///     agree: true,
///     discrepancies: vec![],
///     seconds: 0.1,
/// };
/// assert!(r.agree && r.discrepancies.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VerifyReport {
    /// The results file.
    pub file: String,
    /// The rows checked, `[first, last]`.
    pub rows: [usize; 2],
    /// Columns swept.
    pub columns: u64,
    /// The period cap used.
    pub period_cap: u64,
    /// Proven rows of the file in the range, compared.
    pub audited_rows: usize,
    /// Whether every one agrees.
    pub agree: bool,
    /// Each disagreement, in words.
    pub discrepancies: Vec<String>,
    /// Wall seconds.
    pub seconds: f64,
}

/// An OEIS b-file written from a results file (`onag wythoff results --bfile`).
///
/// # Examples
/// ```
/// let r = onag::wythoff::report::BfileReport { sequence: "A046874".into(), terms: 1801, out: "b.txt".into() };
/// assert_eq!(r.terms, 1801);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BfileReport {
    /// The sequence's A-number.
    pub sequence: String,
    /// Terms written.
    pub terms: usize,
    /// The file written.
    pub out: String,
}

/// One value's line of Nivasch's table 2 (the extremes of `d_n − n`).
///
/// # Examples
/// See [`NivaschReport`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExtremesRow {
    /// The value.
    pub g: u32,
    /// Points of value `g` in the rows swept.
    pub points: u64,
    /// `min (d_n − n)`.
    pub min: i64,
    /// The first `n` attaining it.
    pub min_n: u64,
    /// `max (d_n − n)`.
    pub max: i64,
    /// The first `n` attaining it.
    pub max_n: u64,
}

/// One value's line of Nivasch's table 3 (`max (d_n − n)` over `n ≥ 100`).
///
/// # Examples
/// See [`NivaschReport`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LateMaxRow {
    /// The value.
    pub g: u32,
    /// The maximum, if any point has `n ≥ 100`.
    pub max: Option<i64>,
    /// The first `n` attaining it.
    pub first_n: Option<u64>,
}

/// One line of Nivasch's table 4: the largest value at a Manhattan distance from the nearest
/// 0-cell.
///
/// # Examples
/// See [`NivaschReport`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DistanceRow {
    /// The distance.
    pub distance: u32,
    /// The largest value seen at it.
    pub value: Option<u32>,
    /// Its first cell `(a, b)`, `a ≤ b`.
    pub cell: Option<[u64; 2]>,
}

/// Nivasch's g-point tables (Nivasch, *More on the Sprague–Grundy function for Wythoff's
/// game*, Games of No Chance 3, 2009, tables 2–4) as `onag wythoff nivasch` prints them: the
/// rows of the table asked for (only one of `extremes`, `late_max`, `distances` is present).
///
/// # Examples
/// ```
/// use onag::wythoff::gpoints::excess_tables;
/// use onag::wythoff::report::NivaschReport;
///
/// let stats = excess_tables(3, 1000, 1, &onag::StopFlag::new(), &mut |_| {}).unwrap();
/// let r = NivaschReport::excess(2, 1000, &stats, 0.0);
/// assert_eq!(r.extremes.unwrap()[0].min, 0); // g = 0: d_n − n = 0 (the P-positions)
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NivaschReport {
    /// Which table: 2, 3 or 4.
    pub table: u8,
    /// Rows swept (`a_n <` this for tables 2–3).
    pub rows: u64,
    /// Table 4: only rows from this one.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub min_row: Option<u64>,
    /// Table 4: the largest value considered.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub max_value: Option<u32>,
    /// Table 2's lines.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub extremes: Option<Vec<ExtremesRow>>,
    /// Table 3's lines (values 7 and up, as Nivasch lists them).
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub late_max: Option<Vec<LateMaxRow>>,
    /// Table 4's lines.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub distances: Option<Vec<DistanceRow>>,
    /// Wall seconds of the run.
    pub seconds: f64,
}

impl NivaschReport {
    /// Table 2 (`table == 2`, every value) or table 3 (values from 7) from the statistics.
    pub fn excess(table: u8, rows: u64, stats: &[ExcessStats], seconds: f64) -> NivaschReport {
        let (extremes, late_max) = if table == 3 {
            let late = stats
                .iter()
                .skip(7)
                .map(|s| LateMaxRow {
                    g: s.g,
                    max: s.max_from_100.map(|m| m.0),
                    first_n: s.max_from_100.map(|m| m.1),
                })
                .collect();
            (None, Some(late))
        } else {
            let rows = stats
                .iter()
                .map(|s| ExtremesRow {
                    g: s.g,
                    points: s.points,
                    min: s.min.0,
                    min_n: s.min.1,
                    max: s.max.0,
                    max_n: s.max.1,
                })
                .collect();
            (Some(rows), None)
        };
        NivaschReport {
            table,
            rows,
            min_row: None,
            max_value: None,
            extremes,
            late_max,
            distances: None,
            seconds,
        }
    }

    /// Table 4 from its records.
    pub fn distance(
        rows: u64,
        min_row: u64,
        max_value: u32,
        records: &[DistanceRecord],
        seconds: f64,
    ) -> NivaschReport {
        NivaschReport {
            table: 4,
            rows,
            min_row: Some(min_row),
            max_value: Some(max_value),
            extremes: None,
            late_max: None,
            distances: Some(
                records
                    .iter()
                    .map(|r| DistanceRow {
                        distance: r.distance,
                        value: r.best.map(|b| b.0),
                        cell: r.best.map(|b| [b.1 .0, b.1 .1]),
                    })
                    .collect(),
            ),
            seconds,
        }
    }
}
