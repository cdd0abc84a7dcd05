//! The checkpoint of a period search as a file: plain data a caller serialises (with the
//! `serde` feature, e.g. as JSON) and reads back, with an integrity check over everything that
//! determines the results.
//!
//! The check is a keyed SipHash-2-4 tag ([`crate::checksum`]) over a canonical text of every
//! field but the tag itself: it detects corruption and hand edits, and without the writer's key
//! nobody can recompute it for an edited or forged file (an unkeyed checksum, recomputable in
//! twenty lines, let an edited `last_mismatch` through). Resuming also re-sweeps from the base
//! state and `wythoff results` re-derives the rows from the state; what cannot be re-derived
//! without the whole run (the mismatch and proof columns before the base state) is covered by
//! the tag, and the callers report how many rows came from the checkpoint that way.

use std::fmt::Write as _;

use super::periodicity::{Checkpoint, PeriodConfig, PeriodSearch, RowResult};
use super::sweep::SweepState;
use crate::checksum::{tag, Key};

/// The `format` field of a checkpoint file.
pub const CHECKPOINT_FORMAT: &str = "onag-wythoff-periods-checkpoint";

/// The checkpoint format version: 4 (version 3 had an unkeyed checksum, version 2 checked the
/// JSON text, version 1 nothing).
pub const CHECKPOINT_VERSION: u32 = 4;

/// A row's result as a file stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RowRecord {
    /// The row `x`.
    pub row: usize,
    /// The period found, if any.
    pub period: Option<u64>,
    /// The preperiod for `period`.
    pub preperiod: Option<u64>,
    /// Whether periodicity is proven.
    pub proven: bool,
    /// The column of the state equality that proves it.
    pub proof_column: Option<u64>,
    /// Whether the period is known to be minimal: proven rows have every divisor of the cap
    /// checked on a full period (including 2^k), so this equals `proven`.
    pub minimal_confirmed: bool,
}

impl From<&RowResult> for RowRecord {
    fn from(r: &RowResult) -> Self {
        RowRecord {
            row: r.row,
            period: r.period,
            preperiod: r.preperiod,
            proven: r.proven,
            proof_column: r.proof_column,
            minimal_confirmed: r.proven,
        }
    }
}

impl RowRecord {
    /// The row's result.
    pub fn result(&self) -> RowResult {
        RowResult {
            row: self.row,
            period: self.period,
            preperiod: self.preperiod,
            proven: self.proven,
            proof_column: self.proof_column,
        }
    }
}

/// The sweep state of a checkpoint, bitsets as hex text (16 digits per 64-bit word).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BaseRecord {
    /// The top row.
    pub top: usize,
    /// The next column to compute.
    pub column: u64,
    /// Words per ring bitset.
    pub words: usize,
    /// Each row's mex so far.
    pub mex: Vec<u64>,
    /// The rows' free-value ring bitsets.
    pub free: String,
    /// The diagonal ring bitsets.
    pub diags: String,
}

/// The search parameters as a file stores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ConfigRecord {
    /// The top row.
    pub top: usize,
    /// Columns to sweep.
    pub columns: u64,
    /// The period cap.
    pub period_cap: u64,
}

/// A period-search checkpoint file.
///
/// # Examples
/// ```
/// use onag::wythoff::checkpoint::CheckpointFile;
/// use onag::wythoff::periodicity::{PeriodConfig, PeriodSearch};
/// let key = [7u8; 16]; // the writer's secret
/// let mut search = PeriodSearch::new(PeriodConfig::default_for(5, 3000)).unwrap();
/// search.run(1500, &onag::StopFlag::new(), &mut |_| {}).unwrap();
/// let file = CheckpointFile::new(&search, 0, &key);
/// let resumed = PeriodSearch::resume(file.clone().into_checkpoint(&key).unwrap()).unwrap();
/// assert_eq!(resumed.column(), search.column());
/// let mut edited = file.clone();
/// edited.column += 1;
/// assert!(edited.into_checkpoint(&key).is_err()); // the tag no longer matches
/// assert!(file.into_checkpoint(&[0; 16]).is_err()); // nor under another key
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CheckpointFile {
    /// Always [`CHECKPOINT_FORMAT`].
    pub format: String,
    /// [`CHECKPOINT_VERSION`].
    pub version: u32,
    /// The search parameters.
    pub config: ConfigRecord,
    /// The column reached.
    pub column: u64,
    /// Per row, the last column with a mismatch one cap back.
    pub last_mismatch: Vec<Option<u64>>,
    /// Per row, the proof column.
    pub proof: Vec<Option<u64>>,
    /// The sweep state at the base column.
    pub base: BaseRecord,
    /// The results so far of the rows from the first reported one (informative: readers
    /// re-derive them from the state).
    pub rows: Vec<RowRecord>,
    /// `siphash24:` and 16 hex digits, keyed, over everything above
    /// ([`CheckpointFile::expected_checksum`]).
    pub checksum: String,
}

/// Why a checkpoint file is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckpointError {
    /// Not a checkpoint file.
    #[error("not an onag periods checkpoint")]
    Format,
    /// A version without this integrity check (the run must start again).
    #[error(
        "checkpoint version {0} has {check} integrity check; start the run again",
        check = if *.0 == 1 { "no" } else { "an older, unkeyed" }
    )]
    OldVersion(u32),
    /// A version this build does not know.
    #[error("unknown checkpoint format version {0}")]
    UnknownVersion(u32),
    /// The tag does not match: edited, corrupted, or written under another key.
    #[error(
        "the checkpoint fails its integrity check (edited, corrupted, or written under \
        another user's checkpoint key): refusing to use it"
    )]
    Checksum,
    /// A bitset is not hex words.
    #[error("bad hex word array '{0}' in checkpoint")]
    Hex(&'static str),
}

fn hex_words(words: &[u64]) -> String {
    words.iter().map(|w| format!("{w:016x}")).collect()
}

fn parse_hex_words(text: &str, what: &'static str) -> Result<Vec<u64>, CheckpointError> {
    if !text.len().is_multiple_of(16) || !text.is_ascii() {
        return Err(CheckpointError::Hex(what));
    }
    (0..text.len() / 16)
        .map(|i| {
            u64::from_str_radix(&text[16 * i..16 * i + 16], 16)
                .map_err(|_| CheckpointError::Hex(what))
        })
        .collect()
}

impl CheckpointFile {
    /// The checkpoint of `search`, with the results of rows `first..` and its tag under `key`.
    pub fn new(search: &PeriodSearch, first: usize, key: &Key) -> CheckpointFile {
        let cp = search.checkpoint();
        let results = search.results();
        let mut file = CheckpointFile {
            format: CHECKPOINT_FORMAT.to_string(),
            version: CHECKPOINT_VERSION,
            config: ConfigRecord {
                top: cp.config.top,
                columns: cp.config.columns,
                period_cap: cp.config.period_cap,
            },
            column: cp.column,
            last_mismatch: cp.last_mismatch,
            proof: cp.proof,
            base: BaseRecord {
                top: cp.base.top,
                column: cp.base.column,
                words: cp.base.words,
                mex: cp.base.mex,
                free: hex_words(&cp.base.free),
                diags: hex_words(&cp.base.diags),
            },
            rows: results
                .get(first..)
                .unwrap_or(&[])
                .iter()
                .map(RowRecord::from)
                .collect(),
            checksum: String::new(),
        };
        file.checksum = file.expected_checksum(key);
        file
    }

    /// The tag the file's fields call for under `key`: SipHash-2-4 over one line of text
    /// listing every field but `checksum` in a fixed order.
    pub fn expected_checksum(&self, key: &Key) -> String {
        let opt = |v: &Option<u64>| v.map_or("-".to_string(), |x| x.to_string());
        let list = |v: &[Option<u64>]| v.iter().map(opt).collect::<Vec<_>>().join(",");
        let mut text = String::new();
        let c = &self.config;
        let b = &self.base;
        let _ = write!(
            text,
            "{}|{}|{},{},{}|{}|{}|{}|{},{},{}|{}|{}|{}",
            self.format,
            self.version,
            c.top,
            c.columns,
            c.period_cap,
            self.column,
            list(&self.last_mismatch),
            list(&self.proof),
            b.top,
            b.column,
            b.words,
            b.mex
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(","),
            b.free,
            b.diags
        );
        for r in &self.rows {
            let _ = write!(
                text,
                "|{},{},{},{},{},{}",
                r.row,
                opt(&r.period),
                opt(&r.preperiod),
                r.proven,
                opt(&r.proof_column),
                r.minimal_confirmed
            );
        }
        tag(key, text.as_bytes())
    }

    /// Checks the format, the version and the tag under `key`.
    pub fn check(&self, key: &Key) -> Result<(), CheckpointError> {
        if self.format != CHECKPOINT_FORMAT {
            return Err(CheckpointError::Format);
        }
        match self.version {
            CHECKPOINT_VERSION => {}
            v @ (1..=3) => return Err(CheckpointError::OldVersion(v)),
            v => return Err(CheckpointError::UnknownVersion(v)),
        }
        if self.checksum != self.expected_checksum(key) {
            return Err(CheckpointError::Checksum);
        }
        Ok(())
    }

    /// Rows `first..` whose proof column lies before the base state: proven before the
    /// checkpoint was written, their results rest on the tagged mismatch and proof columns,
    /// which resuming cannot re-derive without sweeping again from column 0.
    pub fn rows_from_checkpoint(&self, first: usize) -> usize {
        self.proof
            .iter()
            .skip(first)
            .flatten()
            .filter(|&&c| c < self.base.column)
            .count()
    }

    /// The search state, for [`PeriodSearch::resume`], after [`CheckpointFile::check`].
    pub fn into_checkpoint(self, key: &Key) -> Result<Checkpoint, CheckpointError> {
        self.check(key)?;
        Ok(Checkpoint {
            config: PeriodConfig {
                top: self.config.top,
                columns: self.config.columns,
                period_cap: self.config.period_cap,
            },
            column: self.column,
            base: SweepState {
                top: self.base.top,
                column: self.base.column,
                words: self.base.words,
                mex: self.base.mex,
                free: parse_hex_words(&self.base.free, "free")?,
                diags: parse_hex_words(&self.base.diags, "diags")?,
            },
            last_mismatch: self.last_mismatch,
            proof: self.proof,
        })
    }
}
