//! A period search as bytes, for checkpoints: the ruleset, the cap, the next check point and
//! every value computed, with an FNV-1a (64-bit) check over all of it. The caller writes the
//! bytes (atomically) and reads them back; resuming continues exactly as the uninterrupted
//! search would, since the engine's state (mask, rare heaps) is derived from the values again
//! and the check points are stored.
//!
//! Layout (little-endian): `ONAGHEAP`, version (u32), ruleset text length (u32) and text,
//! cap (u64), next check (u64), value count (u64), the values (u32 each), checksum (u64) of
//! everything before it. The check catches corruption and hand edits; on resume the last
//! values are also recomputed from the ones before them ([`decode`]).

use std::fmt;

use super::report::fnv1a_bytes;
use super::ruleset::Ruleset;
use super::search::PeriodSearch;
use super::sparse::Sequence;

const MAGIC: &[u8; 8] = b"ONAGHEAP";

/// The format version.
pub const VERSION: u32 = 1;

/// How many of the last values [`decode`] recomputes.
pub const RECHECK: usize = 4096;

/// Why bytes are not a checkpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckpointError {
    /// Not an onag heap checkpoint (wrong magic) or cut short.
    NotACheckpoint,
    /// A version this library does not read.
    Version(u32),
    /// The checksum does not match: the file is corrupt or was edited.
    Checksum,
    /// The ruleset text does not parse.
    Ruleset(String),
    /// A stored value is not what the ruleset gives: the heap.
    WrongValue(usize),
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::NotACheckpoint => {
                f.write_str("not an onag heaps checkpoint (or cut short)")
            }
            CheckpointError::Version(v) => write!(
                f,
                "checkpoint version {v}; this onag reads version {VERSION}"
            ),
            CheckpointError::Checksum => f.write_str(
                "the checkpoint's checksum does not match: the file is corrupt or was edited",
            ),
            CheckpointError::Ruleset(e) => {
                write!(f, "the checkpoint's ruleset does not parse: {e}")
            }
            CheckpointError::WrongValue(n) => {
                write!(f, "the checkpoint's value of heap {n} is wrong")
            }
        }
    }
}

impl std::error::Error for CheckpointError {}

/// The bytes of `search`'s state.
///
/// # Examples
/// ```
/// use onag::heaps::{checkpoint, PeriodSearch, Ruleset};
/// use onag::StopFlag;
///
/// let r: Ruleset = "0.6".parse().unwrap();
/// let mut search = PeriodSearch::new(&r, 5000);
/// search.run(3000, &StopFlag::new(), &mut |_| {}).unwrap();
/// let bytes = checkpoint::encode(&search);
/// let mut resumed = checkpoint::decode(&bytes).unwrap();
/// assert_eq!(resumed.sequence().values(), search.sequence().values());
/// let a = search.run(usize::MAX, &StopFlag::new(), &mut |_| {}).unwrap();
/// let b = resumed.run(usize::MAX, &StopFlag::new(), &mut |_| {}).unwrap();
/// assert_eq!(a, b);
/// ```
pub fn encode(search: &PeriodSearch) -> Vec<u8> {
    let values = search.sequence().values();
    let text = search.sequence().ruleset().to_string();
    let mut out = Vec::with_capacity(48 + text.len() + 4 * values.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(text.as_bytes());
    out.extend_from_slice(&(search.max_n() as u64).to_le_bytes());
    out.extend_from_slice(&(search.next_check() as u64).to_le_bytes());
    out.extend_from_slice(&(values.len() as u64).to_le_bytes());
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
    let check = fnv1a_bytes(&out);
    out.extend_from_slice(&check.to_le_bytes());
    out
}

/// The search stored in `bytes`, its last [`RECHECK`] values recomputed.
pub fn decode(bytes: &[u8]) -> Result<PeriodSearch, CheckpointError> {
    let bad = CheckpointError::NotACheckpoint;
    if bytes.len() < 8 + 4 + 4 + 24 + 8 || &bytes[..8] != MAGIC {
        return Err(bad);
    }
    let (body, check) = bytes.split_at(bytes.len() - 8);
    let mut at = 8;
    let mut take = |n: usize| -> Result<&[u8], CheckpointError> {
        let s = body
            .get(at..at + n)
            .ok_or(CheckpointError::NotACheckpoint)?;
        at += n;
        Ok(s)
    };
    let u32_at = |s: &[u8]| u32::from_le_bytes(s.try_into().unwrap_or([0; 4]));
    let u64_at = |s: &[u8]| u64::from_le_bytes(s.try_into().unwrap_or([0; 8]));
    let version = u32_at(take(4)?);
    if version != VERSION {
        return Err(CheckpointError::Version(version));
    }
    if fnv1a_bytes(body) != u64_at(check) {
        return Err(CheckpointError::Checksum);
    }
    let text_len = u32_at(take(4)?) as usize;
    let text = std::str::from_utf8(take(text_len)?).map_err(|_| CheckpointError::NotACheckpoint)?;
    let ruleset: Ruleset = text
        .parse()
        .map_err(|e: super::RulesetError| CheckpointError::Ruleset(e.to_string()))?;
    let max_n = u64_at(take(8)?) as usize;
    let next_check = u64_at(take(8)?) as usize;
    let count = u64_at(take(8)?) as usize;
    let raw = take(
        count
            .checked_mul(4)
            .ok_or(CheckpointError::NotACheckpoint)?,
    )?;
    if at != body.len() {
        return Err(CheckpointError::NotACheckpoint);
    }
    let values: Vec<u32> = raw.chunks_exact(4).map(u32_at).collect();
    let seq = Sequence::from_values(&ruleset, values);
    seq.verify_tail(count.saturating_sub(RECHECK))
        .map_err(CheckpointError::WrongValue)?;
    Ok(PeriodSearch::resume(seq, max_n, next_check))
}
