//! The research results file of the Wythoff period search (`results/wythoff-periods.json`) as
//! data: the proven rows of a run, the run lengths of OEIS A046876 they imply, and the run's
//! parameters. `onag wythoff results` writes it from a run's checkpoint, `onag wythoff periods
//! --verify` and `onag reproduce` read it back. The method is in `docs/wythoff-periods.md`.

use std::collections::BTreeMap;

use super::checkpoint::RowRecord;
use super::periodicity::{PeriodConfig, RowResult};
use super::runs::{a046876_report, period_runs, proven_prefix, A046876Report};

/// The `format` field of a results file.
pub const RESULTS_FORMAT: &str = "onag-wythoff-periods-results";
/// The `version` field of a results file.
pub const RESULTS_VERSION: u64 = 1;

/// Rows whose preperiods the file lists besides the starts of period runs: the rows whose
/// preperiods the first column sweeps reported as far as they reached (rows 90, 180, 360; row
/// 404 starts period 393,216, row 452 is the last row those sweeps proved).
pub const NOTABLE_ROWS: [usize; 5] = [90, 180, 360, 404, 452];

/// What the caller knows about the run that a checkpoint does not hold.
///
/// # Examples
/// ```
/// let run = onag::wythoff::results::RunInfo::default();
/// assert_eq!(run.machine, "unknown");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct RunInfo {
    /// Seconds between checkpoints the run used.
    pub checkpoint_secs: Option<u64>,
    /// Threads the run used.
    pub threads: Option<u64>,
    /// The git commit of the binary that ran.
    pub git_commit: String,
    /// The exact command line of the run.
    pub command: String,
    /// The machine, in words.
    pub machine: String,
    /// Wall seconds of the run.
    pub wall_seconds: Option<f64>,
    /// CPU seconds of the run (all threads).
    pub cpu_seconds: Option<f64>,
    /// Rows proven before the checkpoint's base state: their proof and mismatch columns come
    /// from the (tagged) checkpoint, not re-derived; `periods --verify` re-checks them.
    pub rows_from_checkpoint: usize,
}

impl Default for RunInfo {
    fn default() -> Self {
        RunInfo {
            checkpoint_secs: None,
            threads: None,
            git_commit: "unknown".into(),
            command: "unknown".into(),
            machine: "unknown".into(),
            wall_seconds: None,
            cpu_seconds: None,
            rows_from_checkpoint: 0,
        }
    }
}

/// The run's parameters as the file states them.
///
/// # Examples
/// See [`ResultsFile`].
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RunParameters {
    /// Rows swept, `[0, top]`.
    pub rows: [u64; 2],
    /// Columns swept.
    pub columns: u64,
    /// Columns the run was asked for.
    pub columns_target: u64,
    /// Whether it got there (it stops early once every row is proven).
    pub column_target_reached: bool,
    /// The period cap `P*`.
    pub period_cap: u64,
    /// Columns between the snapshots the proofs compare.
    pub snapshot_spacing: u64,
    /// Seconds between checkpoints.
    pub checkpoint_secs: Option<u64>,
    /// Threads.
    pub threads: Option<u64>,
    /// The engine's version.
    pub onag_version: String,
    /// The commit of the binary.
    pub git_commit: String,
    /// The command line.
    pub command: String,
    /// The machine.
    pub machine: String,
    /// Wall seconds.
    pub wall_seconds: Option<f64>,
    /// CPU seconds.
    pub cpu_seconds: Option<f64>,
    /// Wall microseconds per cell.
    pub us_per_cell_wall: Option<f64>,
    /// CPU microseconds per cell.
    pub us_per_cell_cpu: Option<f64>,
    /// Rows whose proof came from the checkpoint's tagged columns, not re-derived
    /// ([`RunInfo::rows_from_checkpoint`]).
    #[cfg_attr(feature = "serde", serde(default))]
    pub rows_from_checkpoint: usize,
}

/// Where a run of equal periods starts.
///
/// # Examples
/// See [`ResultsFile`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PeriodStart {
    /// The first row of the run.
    pub row: usize,
    /// The common period.
    pub period: u64,
    /// The first row's preperiod.
    pub preperiod: Option<u64>,
}

/// The results file.
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::{PeriodConfig, PeriodSearch};
/// use onag::wythoff::results::{ResultsFile, RunInfo};
///
/// let config = PeriodConfig { top: 12, columns: 20_000, period_cap: 768 };
/// let mut search = PeriodSearch::new(config).unwrap();
/// search.run(20_000, &onag::StopFlag::new(), &mut |_| {}).unwrap();
/// let file = ResultsFile::new(&search.results(), search.column(), config, RunInfo::default());
/// assert_eq!(file.proven_rows, Some([0, 12]));
/// assert_eq!(file.a046876.exact_terms[..4], [1, 2, 1, 1]);
/// assert_eq!(file.results()[3].period, Some(6));
/// assert!(file.check().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ResultsFile {
    /// [`RESULTS_FORMAT`].
    pub format: String,
    /// [`RESULTS_VERSION`].
    pub version: u64,
    /// What the file is, in words.
    pub description: String,
    /// The run.
    pub parameters: RunParameters,
    /// The rows proven from row 0 on, `[0, last]`.
    pub proven_rows: Option<[usize; 2]>,
    /// The preperiods of [`NOTABLE_ROWS`] (`null` where not proven).
    pub notable_preperiods: BTreeMap<String, Option<u64>>,
    /// Where each run of equal periods starts.
    pub period_starts: Vec<PeriodStart>,
    /// The A046876 run lengths the proven rows imply.
    pub a046876: A046876Report,
    /// Every row of the run.
    pub rows: Vec<RowRecord>,
}

/// Why a file is not a results file this version reads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an onag Wythoff results file (format {RESULTS_FORMAT} version {RESULTS_VERSION})")]
pub struct NotAResultsFile;

impl ResultsFile {
    /// The file of a run that reached `column` with `config`, every row from 0 in `rows`.
    pub fn new(rows: &[RowResult], column: u64, config: PeriodConfig, run: RunInfo) -> Self {
        let top = config.top as u64;
        let cells = column as f64 * (top + 1) as f64;
        let per_cell = |s: Option<f64>| s.map(|s| s * 1e6 / cells);
        let preperiod_of = |x: usize| rows.get(x).filter(|r| r.proven).and_then(|r| r.preperiod);
        let proven = proven_prefix(rows);
        ResultsFile {
            format: RESULTS_FORMAT.into(),
            version: RESULTS_VERSION,
            description: "Wythoff's game: row periods and preperiods proven by state equality \
                (induction from row 0; docs/wythoff-periods.md), with the OEIS A046876 run \
                lengths they imply."
                .into(),
            parameters: RunParameters {
                rows: [0, top],
                columns: column,
                columns_target: config.columns,
                column_target_reached: column >= config.columns,
                period_cap: config.period_cap,
                snapshot_spacing: config.spacing(),
                checkpoint_secs: run.checkpoint_secs,
                threads: run.threads,
                onag_version: env!("CARGO_PKG_VERSION").into(),
                git_commit: run.git_commit,
                command: run.command,
                machine: run.machine,
                wall_seconds: run.wall_seconds,
                cpu_seconds: run.cpu_seconds,
                us_per_cell_wall: per_cell(run.wall_seconds),
                us_per_cell_cpu: per_cell(run.cpu_seconds),
                rows_from_checkpoint: run.rows_from_checkpoint,
            },
            proven_rows: (proven > 0).then(|| [0, proven - 1]),
            notable_preperiods: NOTABLE_ROWS
                .iter()
                .map(|&x| (x.to_string(), preperiod_of(x)))
                .collect(),
            period_starts: period_runs(rows)
                .iter()
                .map(|r| PeriodStart {
                    row: r.first_row,
                    period: r.period,
                    preperiod: preperiod_of(r.first_row),
                })
                .collect(),
            a046876: a046876_report(rows, column, config.period_cap),
            rows: rows.iter().map(RowRecord::from).collect(),
        }
    }

    /// `Err` unless the format and version are the ones this code writes.
    pub fn check(&self) -> Result<(), NotAResultsFile> {
        if self.format == RESULTS_FORMAT && self.version == RESULTS_VERSION {
            Ok(())
        } else {
            Err(NotAResultsFile)
        }
    }

    /// The rows as results.
    pub fn results(&self) -> Vec<RowResult> {
        self.rows.iter().map(RowRecord::result).collect()
    }
}
