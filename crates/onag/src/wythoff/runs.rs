//! Runs of equal row periods (OEIS A046876) and audits of published row results.
//!
//! Row periods of Wythoff's game (OEIS A046875) come in runs of equal values: `1, 3, 3, 6, 12,
//! 24, 12, 24, …`. OEIS A046876 lists the run lengths. A run length is *known* only when every
//! row of the run and the first row after it are proven (by [`super::periodicity`]): a
//! tentative period seen over many columns proves nothing about the true period. So runs are
//! read off the longest prefix `0..=R` of proven rows; every run but the last is closed by the
//! next proven row, and the last one only gives a lower bound on its length.

use super::periodicity::RowResult;

/// A maximal run of consecutive proven rows with the same minimal period.
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::{search, PeriodConfig};
/// use onag::wythoff::runs::period_runs;
///
/// let rows = search(PeriodConfig { top: 6, columns: 2_000, period_cap: 96 }, &onag::StopFlag::new());
/// let runs = period_runs(&rows.unwrap());
/// let second = runs[1]; // rows 1 and 2 both have period 3
/// assert_eq!((second.period, second.first_row, second.last_row), (3, 1, 2));
/// assert!(second.closed && second.len() == 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodRun {
    /// The common minimal period.
    pub period: u64,
    /// The first row of the run.
    pub first_row: usize,
    /// The last proven row of the run.
    pub last_row: usize,
    /// Whether a proven row with another period follows, so `len` is the exact run length;
    /// otherwise the run may continue past `last_row` and `len` is a lower bound.
    pub closed: bool,
}

impl PeriodRun {
    /// The number of rows in the run (a lower bound when not closed).
    pub fn len(&self) -> usize {
        self.last_row + 1 - self.first_row
    }

    /// Always `false`: a run has at least one row (for clippy's `len` convention).
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// The number of rows `0..n` that are proven, i.e. the first row that is not (rows must be
/// given in order from row 0; a gap in the row numbers also ends the prefix).
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::{search, PeriodConfig};
/// use onag::wythoff::runs::proven_prefix;
///
/// // With 60 columns and cap 12 the low rows are proven, the high ones not yet.
/// let rows = search(PeriodConfig { top: 8, columns: 60, period_cap: 12 }, &onag::StopFlag::new());
/// let rows = rows.unwrap();
/// let n = proven_prefix(&rows);
/// assert!(n > 0 && n < rows.len());
/// assert!(rows[..n].iter().all(|r| r.proven) && !rows[n].proven);
/// ```
pub fn proven_prefix(rows: &[RowResult]) -> usize {
    rows.iter()
        .enumerate()
        .take_while(|(i, r)| r.row == *i && r.proven && r.period.is_some())
        .count()
}

/// The runs of equal periods over the proven prefix of `rows` (see [`proven_prefix`]); the
/// `n`-th run's length is A046876's `a(n)` (offset 1) when the run is closed.
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::{search, PeriodConfig};
/// use onag::wythoff::runs::period_runs;
/// let cfg = PeriodConfig { top: 6, columns: 2_000, period_cap: 96 };
/// let rows = search(cfg, &onag::StopFlag::new()).unwrap();
/// let lens: Vec<usize> = period_runs(&rows).iter().map(|r| r.len()).collect();
/// assert_eq!(lens, [1, 2, 1, 1, 1, 1]); // A046876 starts 1, 2, 1, 1, 1, 1, 4
/// assert!(!period_runs(&rows).last().unwrap().closed); // row 7 was not swept
/// ```
pub fn period_runs(rows: &[RowResult]) -> Vec<PeriodRun> {
    let proven = &rows[..proven_prefix(rows)];
    let mut runs: Vec<PeriodRun> = Vec::new();
    for r in proven {
        // cannot fail: proven_prefix only counts rows with a period.
        let period = r.period.unwrap_or(0);
        match runs.last_mut() {
            Some(run) if run.period == period => run.last_row = r.row,
            last => {
                if let Some(run) = last {
                    run.closed = true;
                }
                runs.push(PeriodRun {
                    period,
                    first_row: r.row,
                    last_row: r.row,
                    closed: false,
                });
            }
        }
    }
    runs
}

/// How a recomputed row disagrees with a published one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Discrepancy {
    /// The published row is proven but the recomputation did not prove it (too few columns,
    /// or a period cap the period does not divide): the row is not audited.
    NotProven(usize),
    /// The recomputation proved something else: published and recomputed results.
    Differs {
        /// The published result.
        published: RowResult,
        /// The recomputed result.
        recomputed: RowResult,
    },
}

/// Compares published row results with recomputed ones, row by row (matched by row number).
/// Only published rows that are proven are audited; for each, the recomputed row must be
/// proven with the same period and preperiod, and, when `same_cap` (both runs used the same
/// period cap, which fixes the snapshot columns), the same proof column.
///
/// Returns the number of rows audited and every discrepancy (empty: all agree).
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::{search, PeriodConfig};
/// use onag::wythoff::runs::{audit, Discrepancy};
/// use onag::StopFlag;
///
/// let cfg = PeriodConfig { top: 4, columns: 1_000, period_cap: 48 };
/// let published = search(cfg, &StopFlag::new()).unwrap();
/// let again = search(cfg, &StopFlag::new()).unwrap();
/// assert_eq!(audit(&published, &again, true), (5, vec![]));
/// // A wrong published period is caught.
/// let mut wrong = published.clone();
/// wrong[3].period = Some(12);
/// let (audited, bad) = audit(&wrong, &again, true);
/// assert_eq!(audited, 5);
/// assert!(matches!(bad[..], [Discrepancy::Differs { .. }]));
/// ```
pub fn audit(
    published: &[RowResult],
    recomputed: &[RowResult],
    same_cap: bool,
) -> (usize, Vec<Discrepancy>) {
    let mut audited = 0;
    let mut bad = Vec::new();
    for p in published.iter().filter(|p| p.proven) {
        let Some(r) = recomputed.iter().find(|r| r.row == p.row) else {
            continue;
        };
        audited += 1;
        if !r.proven {
            bad.push(Discrepancy::NotProven(p.row));
        } else if r.period != p.period
            || r.preperiod != p.preperiod
            || (same_cap && r.proof_column != p.proof_column)
        {
            bad.push(Discrepancy::Differs {
                published: *p,
                recomputed: *r,
            });
        }
    }
    (audited, bad)
}

/// The OEIS sequences read off proven rows, written as b-files by [`bfile`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowSequence {
    /// A046874: the preperiod of row n (offset 0).
    A046874,
    /// A046875: the period of row n (offset 0).
    A046875,
}

impl RowSequence {
    /// The A-number, e.g. `"A046875"`.
    pub fn id(self) -> &'static str {
        match self {
            RowSequence::A046874 => "A046874",
            RowSequence::A046875 => "A046875",
        }
    }

    /// The term of this sequence a proven row gives.
    fn term(self, r: &RowResult) -> Option<u64> {
        match self {
            RowSequence::A046874 => r.preperiod,
            RowSequence::A046875 => r.period,
        }
    }
}

impl std::str::FromStr for RowSequence {
    type Err = String;

    fn from_str(s: &str) -> Result<RowSequence, String> {
        match s.to_ascii_uppercase().as_str() {
            "A046874" => Ok(RowSequence::A046874),
            "A046875" => Ok(RowSequence::A046875),
            _ => Err(format!(
                "unknown sequence '{s}': expected A046874 or A046875"
            )),
        }
    }
}

/// An OEIS b-file of `seq` over the proven prefix of `rows` (see [`proven_prefix`]): one
/// `n a(n)` line per proven row from row 0, after `#` comment lines holding `header` (one
/// comment per line of it). `None` when row 0 is not proven (no term to write).
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::{search, PeriodConfig};
/// use onag::wythoff::runs::{bfile, RowSequence};
/// let cfg = PeriodConfig { top: 3, columns: 2_000, period_cap: 96 };
/// let rows = search(cfg, &onag::StopFlag::new()).unwrap();
/// let text = bfile(&rows, RowSequence::A046875, "").unwrap();
/// assert_eq!(text, "0 1\n1 3\n2 3\n3 6\n"); // A046875 starts 1, 3, 3, 6
/// ```
pub fn bfile(rows: &[RowResult], seq: RowSequence, header: &str) -> Option<String> {
    let proven = proven_prefix(rows);
    if proven == 0 {
        return None;
    }
    let mut out = String::new();
    for line in header.lines() {
        out.push_str("# ");
        out.push_str(line);
        out.push('\n');
    }
    for r in &rows[..proven] {
        // a proven row has its period and its preperiod
        let a = seq.term(r)?;
        out.push_str(&format!("{} {a}\n", r.row));
    }
    Some(out)
}

/// A period run as the results file stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RunRecord {
    /// The common minimal period.
    pub period: u64,
    /// The first row.
    pub first_row: usize,
    /// The last proven row.
    pub last_row: usize,
    /// Rows in the run (a lower bound when not closed).
    pub length: usize,
    /// Whether the run is closed (a proven row with another period follows).
    pub closed: bool,
}

impl From<&PeriodRun> for RunRecord {
    fn from(r: &PeriodRun) -> Self {
        RunRecord {
            period: r.period,
            first_row: r.first_row,
            last_row: r.last_row,
            length: r.len(),
            closed: r.closed,
        }
    }
}

/// What is known of one term of A046876.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TermStatus {
    /// The term, when proven.
    pub value: Option<usize>,
    /// Whether it is proven (its run is closed).
    pub proven: bool,
    /// A lower bound (the proven length of its open run), when not proven.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub lower_bound: Option<usize>,
    /// Why it is not proven.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub reason: Option<String>,
}

/// The A046876 part of a results file: the exact terms (run lengths of closed runs), a(20),
/// what is known of a(21), the open run and the first unproven row.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct A046876Report {
    /// The OEIS offset (1).
    pub offset: u32,
    /// a(1), a(2), …: the lengths of the closed runs.
    pub exact_terms: Vec<usize>,
    /// a(20), when proven.
    pub a20: Option<usize>,
    /// a(21).
    pub a21: TermStatus,
    /// The run that may still continue.
    pub open_run: Option<RunRecord>,
    /// The first row not proven.
    pub first_unproven_row: usize,
}

/// Why row `x`, the first unproven one, is not proven after `column` columns with cap `cap`.
fn why_unproven(rows: &[RowResult], x: usize, column: u64, cap: u64) -> String {
    match rows.get(x) {
        None => format!(
            "row {x} was not swept (the run's top row is {})",
            x.saturating_sub(1)
        ),
        Some(r) => match r.period {
            Some(p) => format!(
                "row {x} looks {p}-periodic over the last {cap} columns but its state equality \
                 (with all lower rows periodic) was not reached by column {column}: more columns \
                 are needed"
            ),
            None => format!(
                "row {x} is not yet {cap}-periodic over the last {cap} of {column} columns: its \
                 preperiod exceeds {} or its period does not divide the cap {cap}",
                column.saturating_sub(cap)
            ),
        },
    }
}

/// The A046876 report of `rows` (from row 0) after `column` columns with period cap `cap`.
///
/// # Examples
/// ```
/// use onag::wythoff::periodicity::{PeriodConfig, PeriodSearch};
/// use onag::wythoff::runs::a046876_report;
/// let mut search = PeriodSearch::new(PeriodConfig::default_for(30, 20_000)).unwrap();
/// search.run(20_000, &onag::StopFlag::new(), &mut |_| {}).unwrap();
/// let r = a046876_report(&search.results(), search.column(), search.config().period_cap);
/// assert_eq!(&r.exact_terms[..4], &[1, 2, 1, 1]); // A046876 begins 1, 2, 1, 1, 1, 1, 4
/// assert!(!r.a21.proven && r.a21.reason.is_some());
/// ```
pub fn a046876_report(rows: &[RowResult], column: u64, cap: u64) -> A046876Report {
    let runs = period_runs(rows);
    let term = |n: usize| runs.get(n - 1).filter(|r| r.closed).map(PeriodRun::len);
    let first_unproven = proven_prefix(rows);
    let why = why_unproven(rows, first_unproven, column, cap);
    let a21 = match (term(21), runs.get(20)) {
        (Some(a), _) => TermStatus {
            value: Some(a),
            proven: true,
            lower_bound: None,
            reason: None,
        },
        (None, Some(run)) => TermStatus {
            value: None,
            proven: false,
            lower_bound: Some(run.len()),
            reason: Some(format!(
                "rows {}..={} are proven to have period {}; {why}",
                run.first_row, run.last_row, run.period
            )),
        },
        (None, None) => TermStatus {
            value: None,
            proven: false,
            lower_bound: None,
            reason: Some(format!("run 20 is not closed: {why}")),
        },
    };
    A046876Report {
        offset: 1,
        exact_terms: runs
            .iter()
            .filter(|r| r.closed)
            .map(PeriodRun::len)
            .collect(),
        a20: term(20),
        a21,
        open_run: runs.iter().find(|r| !r.closed).map(RunRecord::from),
        first_unproven_row: first_unproven,
    }
}
