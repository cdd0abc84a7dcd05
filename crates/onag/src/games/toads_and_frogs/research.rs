//! Long Toads-and-Frogs runs as data: the statistics `onag toads stats` prints (whole or one
//! shard of each length), the shard file a sharded run writes and `stats-merge` reads, and the
//! re-check of a research results file (`results/toads-families.json`).
//!
//! Everything here is plain data with optional `serde` derives; reading and writing the files
//! is the caller's.

use super::enumerate::{board_count, shard_range};
use super::solver::Solver;
use super::stats::{shard_stats, Fingerprints, NamedShard};
use crate::partizan::dyadic::Dyadic;
use crate::partizan::game::GameError;
use crate::partizan::name::{name, NameStyle};
use crate::partizan::parse::{parse_with_limits, ParseLimits};
use crate::partizan::thermograph::Thermographs;
use crate::StopFlag;

/// The statistics of shard `index` of `count` of every board length `min_len..=max_len`, with
/// values named by arena-independent [`Fingerprints`] (so shards computed in different
/// processes merge). `(0, 1)` is the whole of each length. `progress` is called after each
/// length with the length done.
///
/// An `index ≥ count` covers no boards.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{named_shards, StatsReport};
/// let shards = named_shards(1, 4, (0, 1), &onag::StopFlag::new(), |_| {}).unwrap();
/// let report = StatsReport::new(&shards);
/// assert_eq!(report.lengths[3].boards, 81);
/// assert_eq!(report.lengths[3].hottest.as_ref().unwrap().board, "T.FF");
/// ```
pub fn named_shards(
    min_len: usize,
    max_len: usize,
    (index, count): (u64, u64),
    stop: &StopFlag,
    mut progress: impl FnMut(usize),
) -> Result<Vec<NamedShard>, GameError> {
    let mut solver = Solver::new();
    let mut thermographs = Thermographs::new();
    let mut fingerprints = Fingerprints::new();
    let mut out = Vec::new();
    for length in min_len..=max_len {
        let range = shard_range(length, index, count).unwrap_or(0..0);
        let st = shard_stats(&mut solver, &mut thermographs, length, range, stop)?;
        let arena = solver.arena();
        out.push(NamedShard {
            length,
            range: st.range,
            boards: st.boards,
            distinct: st
                .distinct
                .iter()
                .map(|&g| fingerprints.get(arena, g))
                .collect(),
            numbers: st.numbers,
            infinitesimals: st.infinitesimals,
            hot: st.hot,
            hottest: st
                .hottest
                .map(|(i, b, g, t)| (i, b.to_string(), name(arena, g, NameStyle::Ascii), t)),
        });
        progress(length);
    }
    Ok(out)
}

/// The hottest board of a length.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hottest {
    /// The board, one character per square.
    pub board: String,
    /// Its canonical value (ASCII names).
    pub canonical: String,
    /// Its temperature.
    pub temperature: Dyadic,
}

/// The statistics of one board length.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LengthRow {
    /// The board length.
    pub length: usize,
    /// Boards counted (3^length for a whole length).
    pub boards: u64,
    /// Distinct values among them.
    pub distinct: usize,
    /// Boards whose value is a number.
    pub numbers: u64,
    /// Boards whose value is infinitesimal.
    pub infinitesimals: u64,
    /// Boards whose temperature is positive.
    pub hot: u64,
    /// The hottest board (the first in enumeration order among ties).
    pub hottest: Option<Hottest>,
}

/// What `onag toads stats` and `stats-merge` print: one row per length.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StatsReport {
    /// The lengths, in increasing order.
    pub lengths: Vec<LengthRow>,
}

impl StatsReport {
    /// The report of whole-length statistics (from [`named_shards`] with `(0, 1)` or from
    /// [`super::merge_shards`]).
    pub fn new(shards: &[NamedShard]) -> StatsReport {
        let lengths = shards
            .iter()
            .map(|s| LengthRow {
                length: s.length,
                boards: s.boards,
                distinct: s.distinct.len(),
                numbers: s.numbers,
                infinitesimals: s.infinitesimals,
                hot: s.hot,
                hottest: s.hottest.as_ref().map(|(_, b, g, t)| Hottest {
                    board: b.clone(),
                    canonical: g.clone(),
                    temperature: *t,
                }),
            })
            .collect();
        StatsReport { lengths }
    }
}

/// The `format` field of a shard file.
pub const SHARD_FORMAT: &str = "onag-toads-stats-shard";

/// The hottest board of a shard, with its index in enumeration order (what a merge needs to
/// break ties as one run would).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShardHottest {
    /// The board's index among the boards of its length.
    pub index: u64,
    /// The board.
    pub board: String,
    /// Its canonical value (ASCII names).
    pub canonical: String,
    /// Its temperature.
    pub temperature: Dyadic,
}

/// One length's shard in a shard file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShardRecord {
    /// The board length.
    pub length: usize,
    /// The board indices covered, `[start, end)`.
    pub range: (u64, u64),
    /// Boards counted.
    pub boards: u64,
    /// Boards whose value is a number.
    pub numbers: u64,
    /// Boards whose value is infinitesimal.
    pub infinitesimals: u64,
    /// Boards whose temperature is positive.
    pub hot: u64,
    /// The hottest board.
    pub hottest: Option<ShardHottest>,
    /// The distinct values' fingerprints, 32 hex digits each.
    pub distinct_values: Vec<String>,
}

/// The file `onag toads stats --shard I/N --out FILE` writes.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{merge_shards, named_shards, ShardFile, StatsReport};
/// let stop = onag::StopFlag::new();
/// let parts: Vec<_> = (0..3)
///     .map(|i| ShardFile::new((i, 3), &named_shards(4, 4, (i, 3), &stop, |_| {}).unwrap()))
///     .collect();
/// let mut shards = Vec::new();
/// for file in parts {
///     shards.extend(file.into_shards().unwrap());
/// }
/// let merged = StatsReport::new(&merge_shards(shards).unwrap());
/// let whole = StatsReport::new(&named_shards(4, 4, (0, 1), &stop, |_| {}).unwrap());
/// assert_eq!(merged, whole);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShardFile {
    /// Always [`SHARD_FORMAT`].
    pub format: String,
    /// The format version (1).
    pub version: u32,
    /// Which shard: `(index, count)`.
    pub shard: (u64, u64),
    /// One record per length.
    pub shards: Vec<ShardRecord>,
}

/// A shard or results file that is not what it claims to be.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// The `format` or `version` is not the expected one.
    #[error("not an onag {0} file")]
    Format(String),
    /// A field holds a value it cannot hold.
    #[error("bad or missing '{0}'")]
    Field(String),
}

impl ShardFile {
    /// The file of shard `(index, count)` holding `shards`.
    pub fn new(shard: (u64, u64), shards: &[NamedShard]) -> ShardFile {
        let shards = shards
            .iter()
            .map(|s| ShardRecord {
                length: s.length,
                range: (s.range.start, s.range.end),
                boards: s.boards,
                numbers: s.numbers,
                infinitesimals: s.infinitesimals,
                hot: s.hot,
                hottest: s.hottest.as_ref().map(|(i, b, g, t)| ShardHottest {
                    index: *i,
                    board: b.clone(),
                    canonical: g.clone(),
                    temperature: *t,
                }),
                distinct_values: s.distinct.iter().map(|f| format!("{f:032x}")).collect(),
            })
            .collect();
        ShardFile {
            format: SHARD_FORMAT.to_string(),
            version: 1,
            shard,
            shards,
        }
    }

    /// The shards it holds, for [`super::merge_shards`]; checks the format, the version, the
    /// ranges and the fingerprints.
    pub fn into_shards(self) -> Result<Vec<NamedShard>, FileError> {
        if self.format != SHARD_FORMAT || self.version != 1 {
            return Err(FileError::Format("toads stats shard".into()));
        }
        self.shards
            .into_iter()
            .map(|s| {
                let (a, b) = s.range;
                if a > b || b > board_count(s.length) {
                    return Err(FileError::Field("range".into()));
                }
                let distinct = s
                    .distinct_values
                    .iter()
                    .map(|h| {
                        u128::from_str_radix(h, 16)
                            .map_err(|_| FileError::Field("distinct_values".into()))
                    })
                    .collect::<Result<Vec<u128>, FileError>>()?;
                Ok(NamedShard {
                    length: s.length,
                    range: a..b,
                    boards: s.boards,
                    distinct,
                    numbers: s.numbers,
                    infinitesimals: s.infinitesimals,
                    hot: s.hot,
                    hottest: s
                        .hottest
                        .map(|h| (h.index, h.board, h.canonical, h.temperature)),
                })
            })
            .collect()
    }
}

/// The `format` field of a Toads-and-Frogs results file.
pub const RESULTS_FORMAT: &str = "onag-toads-families-results";

/// One stored value of a family.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FamilyValue {
    /// The blanks b of T^a □^b F^c.
    pub blanks: usize,
    /// The stored canonical form.
    pub canonical: String,
}

/// The values of a family run (`onag toads family`): one [`FamilyValue`] per board.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{family, FamilyReport, Solver};
/// use onag::partizan::name::NameStyle;
///
/// let mut solver = Solver::new();
/// let values = family(&mut solver, 2, 2, 1..=5, &onag::StopFlag::new(), |_, _| {}).unwrap();
/// let r = FamilyReport::new(solver.arena(), &values, NameStyle::Ascii);
/// assert_eq!((r.values[0].blanks, r.values[4].canonical.as_str()), (1, "0"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FamilyReport {
    /// The values, by increasing blanks.
    pub values: Vec<FamilyValue>,
}

impl FamilyReport {
    /// The report of `values` (`(blanks, value)`), named in `style`.
    pub fn new(
        arena: &crate::partizan::game::Arena,
        values: &[(usize, crate::partizan::game::GameId)],
        style: NameStyle,
    ) -> FamilyReport {
        FamilyReport {
            values: values
                .iter()
                .map(|&(blanks, g)| FamilyValue {
                    blanks,
                    canonical: name(arena, g, style),
                })
                .collect(),
        }
    }
}

/// One family T^a □^b F^c of a results file (only the fields the re-check reads).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FamilyRecord {
    /// Toads a.
    pub toads: usize,
    /// Frogs c.
    pub frogs: usize,
    /// The values by blanks.
    pub values: Vec<FamilyValue>,
}

/// One single board of a results file (a table cell or a Ta□aFa−1 value); boards without a
/// stored value (not computed) are skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoardRecord {
    /// Toads.
    pub toads: usize,
    /// Blanks.
    pub blanks: usize,
    /// Frogs.
    pub frogs: usize,
    /// The stored canonical form, if computed.
    #[cfg_attr(feature = "serde", serde(default))]
    pub canonical: Option<String>,
}

/// The part of `results/toads-families.json` that [`check_results`] re-checks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ResultsFile {
    /// Always [`RESULTS_FORMAT`].
    pub format: String,
    /// The format version (1).
    pub version: u32,
    /// The families.
    pub families: Vec<FamilyRecord>,
    /// The single boards.
    pub boards: Vec<BoardRecord>,
}

/// What [`check_results`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ResultsCheck {
    /// Values re-solved and compared.
    pub checked: u64,
    /// Values skipped because the board is longer than the bound.
    pub skipped_longer: u64,
    /// Each stored value that differs from the solver's: board, stored and computed value.
    pub mismatches: Vec<String>,
}

impl ResultsFile {
    /// A results file of single boards (table cells and no families), in (toads, frogs,
    /// blanks) order with repeated cells once: the file a cells run writes, whatever order its
    /// cells finished in, and which [`check_results`] re-checks.
    ///
    /// # Examples
    /// ```
    /// use onag::games::toads_and_frogs::{cell_record, ResultsFile};
    /// let stop = onag::StopFlag::new();
    /// let cells = [(3, 3, 2), (2, 3, 2), (2, 1, 2), (2, 3, 2)];
    /// let records = cells.iter().map(|&(a, b, c)| cell_record(a, b, c, &stop).unwrap());
    /// let file = ResultsFile::of_cells(records.collect());
    /// let values: Vec<_> = file.values().into_iter().map(|(a, b, c, g)| (a, b, c, g.to_string())).collect();
    /// assert_eq!(values, [(2, 1, 2, "*".into()), (2, 3, 2, "*".into()), (3, 3, 2, "1*".into())]);
    /// ```
    pub fn of_cells(mut boards: Vec<BoardRecord>) -> ResultsFile {
        boards.sort_by(|x, y| {
            (x.toads, x.frogs, x.blanks, &x.canonical).cmp(&(
                y.toads,
                y.frogs,
                y.blanks,
                &y.canonical,
            ))
        });
        boards.dedup();
        ResultsFile {
            format: RESULTS_FORMAT.to_string(),
            version: 1,
            families: Vec::new(),
            boards,
        }
    }
}

/// The value of the cell T^toads □^blanks F^frogs by a fresh solver: the cells of a research
/// table are independent runs (one task each on a cluster), so each one's memory is freed
/// before the next. Boards past 127 squares go to the two-word solver
/// ([`Solver::standard_value`]).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::cell_record;
/// let cell = cell_record(3, 3, 2, &onag::StopFlag::new()).unwrap();
/// assert_eq!(cell.canonical.as_deref(), Some("1*"));
/// ```
pub fn cell_record(
    toads: usize,
    blanks: usize,
    frogs: usize,
    stop: &StopFlag,
) -> Result<BoardRecord, GameError> {
    Solver::check_standard(toads, blanks, frogs)?;
    let mut solver = Solver::new();
    let g = solver.standard_value(toads, blanks, frogs, stop)?;
    Ok(BoardRecord {
        toads,
        blanks,
        frogs,
        canonical: Some(name(solver.arena(), g, NameStyle::Ascii)),
    })
}

/// The cells (toads, blanks, frogs) of the table Ta+k□bFa (k = 0, 1, 2; a, b ≥ 1) on at most
/// `max_squares` squares, in (toads, frogs, blanks) order: the table of
/// `results/toads-families.json` (Erickson, *New Toads and Frogs Results*, 1996, tabulates
/// its first rows).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::table_cells;
/// assert_eq!(table_cells(4), [(1, 1, 1), (1, 2, 1), (2, 1, 1)]);
/// assert_eq!(table_cells(22).len(), 300);
/// ```
pub fn table_cells(max_squares: usize) -> Vec<(usize, usize, usize)> {
    let mut cells = Vec::new();
    for a in 1..=max_squares / 2 {
        for k in 0..=2 {
            for b in 1..=max_squares.saturating_sub(2 * a + k) {
                cells.push((a + k, b, a));
            }
        }
    }
    cells.sort_by_key(|&(t, b, f)| (t, f, b));
    cells
}

/// Why a results file could not be re-checked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The file is not a results file, or a stored value does not parse.
    #[error(transparent)]
    File(FileError),
    /// The solver failed (stopped, or past a limit).
    #[error(transparent)]
    Game(GameError),
}

impl From<GameError> for CheckError {
    fn from(e: GameError) -> Self {
        CheckError::Game(e)
    }
}

impl ResultsFile {
    /// Every stored value as `(toads, blanks, frogs, canonical)`, families first, in file
    /// order.
    pub fn values(&self) -> Vec<(usize, usize, usize, &str)> {
        let mut out = Vec::new();
        for f in &self.families {
            for v in &f.values {
                out.push((f.toads, v.blanks, f.frogs, v.canonical.as_str()));
            }
        }
        for b in &self.boards {
            if let Some(g) = &b.canonical {
                out.push((b.toads, b.blanks, b.frogs, g.as_str()));
            }
        }
        out
    }
}

/// Nesting depth a stored canonical form may reach (the stored ones reach 39; the parser's
/// default of 200 is for typed input).
const STORED_FORM_DEPTH: usize = 1000;

/// A form as a message shows it: the first 80 characters of a longer one, and its length.
fn excerpt(form: &str) -> String {
    match form.char_indices().nth(80) {
        Some((end, _)) => format!("{}… ({} characters)", &form[..end], form.chars().count()),
        None => form.to_string(),
    }
}

/// Parts a [`check_results`] solver may hold before the next board starts a fresh one.
const CHECK_FRESH_SOLVER_PARTS: usize = 1 << 26;

/// Re-solves every stored value of `file` on at most `max_squares` squares and compares it,
/// as a game, with the stored canonical form. `progress` is called once per stored value.
/// Boards share one solver (families share their memo across b) until it holds 2^26 parts;
/// the next board then starts a fresh one, so re-checking the large table cells (each a
/// run of its own, up to 0.7·10⁹ parts) needs the memory of the largest, not of all.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{check_results, BoardRecord, ResultsFile, RESULTS_FORMAT};
/// let board = |blanks, canonical: &str| BoardRecord {
///     toads: 2, blanks, frogs: 2, canonical: Some(canonical.into()),
/// };
/// let file = ResultsFile {
///     format: RESULTS_FORMAT.into(),
///     version: 1,
///     families: vec![],
///     boards: vec![board(1, "*"), board(2, "0"), board(3, "*")],
/// };
/// let check = check_results(&file, 30, &onag::StopFlag::new(), |_| {}).unwrap();
/// assert_eq!((check.checked, check.mismatches.len()), (3, 1)); // T2□2F2 is *, not 0
/// ```
pub fn check_results(
    file: &ResultsFile,
    max_squares: usize,
    stop: &StopFlag,
    progress: impl FnMut(u64),
) -> Result<ResultsCheck, CheckError> {
    check_results_fresh_after(file, max_squares, stop, progress, CHECK_FRESH_SOLVER_PARTS)
}

/// [`check_results`], starting a fresh solver before a board once the current one holds more
/// than `fresh_after` parts.
fn check_results_fresh_after(
    file: &ResultsFile,
    max_squares: usize,
    stop: &StopFlag,
    mut progress: impl FnMut(u64),
    fresh_after: usize,
) -> Result<ResultsCheck, CheckError> {
    if file.format != RESULTS_FORMAT || file.version != 1 {
        return Err(CheckError::File(FileError::Format("toads results".into())));
    }
    let mut solver = Solver::new();
    let mut check = ResultsCheck::default();
    for (done, (a, b, c, stored)) in file.values().into_iter().enumerate() {
        progress(done as u64 + 1);
        if a + b + c > max_squares {
            check.skipped_longer += 1;
            continue;
        }
        if solver.memo_len() > fresh_after {
            solver = Solver::new();
        }
        // boards beyond the one-word board type (the long T2/T3 family boards) go to the
        // two-word solver
        let board = format!("T{a}□{b}F{c}");
        let g = solver.standard_value(a, b, c, stop)?;
        // a stored form is as long as the run made it (T9□6F7's is 9.9 MB): no length limit,
        // a deeper nesting limit than typed input's
        let limits = ParseLimits {
            max_len: stored.len(),
            max_depth: STORED_FORM_DEPTH,
            ..ParseLimits::default()
        };
        let want = parse_with_limits(solver.arena_mut(), stored, limits).map_err(|e| {
            CheckError::File(FileError::Field(format!(
                "canonical '{}' of {board}: {e}",
                excerpt(stored)
            )))
        })?;
        check.checked += 1;
        if g != want {
            check.mismatches.push(format!(
                "{board}: stored {}, computed {}",
                excerpt(stored),
                excerpt(&name(solver.arena(), g, NameStyle::Ascii))
            ));
        }
    }
    Ok(check)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh solver before every board finds the same agreements and the same mismatch as
    /// one solver for all of them.
    #[test]
    fn a_fresh_solver_per_board_checks_the_same() {
        let board = |toads, blanks, frogs, canonical: &str| BoardRecord {
            toads,
            blanks,
            frogs,
            canonical: Some(canonical.into()),
        };
        let file = ResultsFile {
            format: RESULTS_FORMAT.into(),
            version: 1,
            families: vec![],
            boards: vec![
                board(2, 1, 2, "*"),
                board(3, 3, 2, "1*"),
                board(2, 2, 2, "0"), // wrong: T2□2F2 is *
                board(3, 2, 3, "+-1/8"),
                board(4, 4, 3, "1*"),
                // longer than typed input may be (4 KiB): T2□3F2 = * written out long
                board(2, 3, 2, &format!("*{}", " + 0".repeat(2000))),
            ],
        };
        let stop = StopFlag::new();
        let run = |fresh_after| {
            let c = check_results_fresh_after(&file, 30, &stop, |_| {}, fresh_after).unwrap();
            (c.checked, c.mismatches)
        };
        let shared = run(usize::MAX);
        assert_eq!(shared.0, 6);
        assert_eq!(shared.1.len(), 1, "{:?}", shared.1);
        assert!(shared.1[0].starts_with("T2□2F2"), "{:?}", shared.1);
        assert_eq!(run(0), shared);
        // a long stored form is shown by its start and length
        let mut long = file.clone();
        long.boards = vec![board(2, 2, 2, &format!("0{}", " + 0".repeat(100)))];
        let c = check_results_fresh_after(&long, 30, &stop, |_| {}, 0).unwrap();
        assert_eq!(
            c.mismatches,
            [format!(
                "T2□2F2: stored 0{} + … (401 characters), computed *",
                " + 0".repeat(19)
            )]
        );
    }
}
