//! A period search as bytes, for checkpoints: the ruleset, the cap, the next check point and
//! every value computed, sealed with a keyed SipHash-2-4 tag ([`crate::checksum`]) like the
//! Wythoff and Turning Corners checkpoints. The caller writes the bytes (atomically) and reads
//! them back; resuming continues exactly as the uninterrupted search would, since the engine's
//! state (mask, rare heaps) is derived from the values again and the check points are stored.
//!
//! Layout (little-endian): `ONAGHEAP`, version (u32), ruleset text length (u32) and text,
//! cap (u64), next check (u64), value count (u64), the values (u32 each), the SipHash-2-4 tag
//! (u64) of everything before it under the writer's key. Without the key a file cannot be
//! edited or forged (an unkeyed checksum can be recomputed by whoever edits the file). The
//! header is read and bounded first ([`header`]: the ruleset's length, the count against the
//! file's length), so a reader sizes the file before it reads it; every value is bounded by
//! the mex rule before any memory is sized by it; and the last values are recomputed from
//! the ones before them ([`decode`]), polling a [`StopFlag`].

use super::ruleset::Ruleset;
use super::search::PeriodSearch;
use super::sparse::Sequence;
use crate::checksum::{siphash24, Key};
use crate::StopFlag;

const MAGIC: &[u8; 8] = b"ONAGHEAP";

/// The format version (1: the unkeyed FNV-1a check, no longer read).
pub const VERSION: u32 = 2;

/// The longest ruleset text a checkpoint holds (a code of a few dozen digits in practice).
pub const MAX_RULESET_TEXT: usize = 1024;

/// The most bytes [`header`] needs to see: the fixed fields and the longest ruleset text.
pub const HEADER_BYTES: usize = 8 + 4 + 4 + MAX_RULESET_TEXT + 24;

/// How many of the last values [`decode`] recomputes.
pub const RECHECK: usize = 4096;

/// Why bytes are not a checkpoint.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckpointError {
    /// Not an onag heap checkpoint (wrong magic) or cut short.
    #[error("not an onag heaps checkpoint (or cut short)")]
    NotACheckpoint,
    /// A version this library does not read.
    #[error("checkpoint version {0}; this onag reads version {VERSION}")]
    Version(u32),
    /// The checksum does not match: the file is corrupt or was edited.
    #[error("the checkpoint's checksum does not match: the file is corrupt or was edited")]
    Checksum,
    /// The ruleset text does not parse.
    #[error("the checkpoint's ruleset does not parse: {0}")]
    Ruleset(String),
    /// A stored value is not what the ruleset gives: the heap.
    #[error("the checkpoint's value of heap {0} is wrong")]
    WrongValue(usize),
    /// The file's length is not the one its header declares.
    #[error("the checkpoint's header declares {declared} bytes but the file has {actual}")]
    Length {
        /// The length the header declares.
        declared: u64,
        /// The file's length.
        actual: u64,
    },
    /// The recomputation of the last values was stopped.
    #[error("the checkpoint's values were being re-checked when the run stopped")]
    Stopped,
}

/// The bytes of `search`'s state, sealed under `key`.
///
/// # Examples
/// ```
/// use onag::heaps::{checkpoint, PeriodSearch, Ruleset};
/// use onag::StopFlag;
///
/// let r: Ruleset = "0.6".parse().unwrap();
/// let mut search = PeriodSearch::new(&r, 5000);
/// search.run(3000, &StopFlag::new(), &mut |_| {}).unwrap();
/// let key = [7u8; 16];
/// let bytes = checkpoint::encode(&search, &key);
/// let mut resumed = checkpoint::decode(&bytes, &key, &StopFlag::new()).unwrap();
/// assert_eq!(resumed.sequence().values(), search.sequence().values());
/// let a = search.run(usize::MAX, &StopFlag::new(), &mut |_| {}).unwrap();
/// let b = resumed.run(usize::MAX, &StopFlag::new(), &mut |_| {}).unwrap();
/// assert_eq!(a, b);
/// // another key: refused, as an edited file is
/// assert!(checkpoint::decode(&bytes, &[8u8; 16], &StopFlag::new()).is_err());
/// ```
pub fn encode(search: &PeriodSearch, key: &Key) -> Vec<u8> {
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
    let check = siphash24(key, &out);
    out.extend_from_slice(&check.to_le_bytes());
    out
}

/// What a checkpoint's header says, read before the rest of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The search's cap.
    pub max_n: usize,
    /// The next check point.
    pub next_check: usize,
    /// The number of values stored.
    pub count: usize,
    /// The file's length in bytes, as the header declares it.
    pub len: u64,
}

/// Reads the header from the first bytes of a checkpoint (at least [`HEADER_BYTES`] of them,
/// or the whole file if shorter): a reader checks the count against its own bounds and the
/// declared length against the file's before reading the values.
///
/// # Examples
/// ```
/// use onag::heaps::{checkpoint, PeriodSearch, Ruleset};
/// let r: Ruleset = "0.6".parse().unwrap();
/// let mut search = PeriodSearch::new(&r, 5000);
/// search.run(100, &onag::StopFlag::new(), &mut |_| {}).unwrap();
/// let bytes = checkpoint::encode(&search, &[0; 16]);
/// let h = checkpoint::header(&bytes).unwrap();
/// assert_eq!((h.count, h.len), (100, bytes.len() as u64));
/// ```
pub fn header(prefix: &[u8]) -> Result<Header, CheckpointError> {
    if prefix.len() < 8 || &prefix[..8] != MAGIC {
        return Err(CheckpointError::NotACheckpoint);
    }
    let mut at = 8;
    let mut take = |n: usize| -> Result<&[u8], CheckpointError> {
        let s = prefix
            .get(at..at + n)
            .ok_or(CheckpointError::NotACheckpoint)?;
        at += n;
        Ok(s)
    };
    let version = u32_at(take(4)?);
    if version != VERSION {
        return Err(CheckpointError::Version(version));
    }
    let text_len = u32_at(take(4)?) as usize;
    if text_len > MAX_RULESET_TEXT {
        return Err(CheckpointError::NotACheckpoint);
    }
    let text = std::str::from_utf8(take(text_len)?).map_err(|_| CheckpointError::NotACheckpoint)?;
    let ruleset: Ruleset = text
        .parse()
        .map_err(|e: super::RulesetError| CheckpointError::Ruleset(e.to_string()))?;
    let max_n = u64_at(take(8)?);
    let next_check = u64_at(take(8)?);
    let count = u64_at(take(8)?);
    let fixed = (8 + 4 + 4 + text_len + 24) as u64;
    let len = count
        .checked_mul(4)
        .and_then(|v| v.checked_add(fixed + 8))
        .ok_or(CheckpointError::NotACheckpoint)?;
    let size = |v: u64| usize::try_from(v).map_err(|_| CheckpointError::NotACheckpoint);
    Ok(Header {
        ruleset,
        max_n: size(max_n)?,
        next_check: size(next_check)?,
        count: size(count)?,
        len,
    })
}

fn u32_at(s: &[u8]) -> u32 {
    u32::from_le_bytes(s.try_into().unwrap_or([0; 4]))
}

fn u64_at(s: &[u8]) -> u64 {
    u64::from_le_bytes(s.try_into().unwrap_or([0; 8]))
}

/// The search stored in `bytes`, sealed under `key`: the tag is checked before anything
/// else, every value is bounded by the mex rule (a heap with `k` moves has a value `≤ k`,
/// and options of values below `2^b` give a value `≤ 2^b`) before any table is sized by
/// it, and the last [`RECHECK`] values are recomputed, polling `stop`.
pub fn decode(bytes: &[u8], key: &Key, stop: &StopFlag) -> Result<PeriodSearch, CheckpointError> {
    let h = header(bytes)?;
    if h.len != bytes.len() as u64 {
        return Err(CheckpointError::Length {
            declared: h.len,
            actual: bytes.len() as u64,
        });
    }
    let (body, check) = bytes.split_at(bytes.len() - 8);
    if siphash24(key, body) != u64_at(check) {
        return Err(CheckpointError::Checksum);
    }
    let raw = &body[body.len() - 4 * h.count..];
    let moves = h.ruleset.moves();
    let mut values = Vec::with_capacity(h.count);
    let mut max = 0u32;
    for (n, word) in raw.chunks_exact(4).enumerate() {
        if n.is_multiple_of(4096) && stop.is_stopped() {
            return Err(CheckpointError::Stopped);
        }
        let v = u32_at(word);
        // the mex of k values is at most k; XORs of values below 2^b stay below 2^b
        let reach = (u64::from(max) + 1).next_power_of_two();
        if u64::from(v) > moves.count_leaves(n as u64).min(reach) {
            return Err(CheckpointError::WrongValue(n));
        }
        max = max.max(v);
        values.push(v);
    }
    let seq =
        Sequence::from_values(&h.ruleset, values, stop).map_err(|_| CheckpointError::Stopped)?;
    seq.verify_tail(h.count.saturating_sub(RECHECK), stop)
        .map_err(|e| e.map_or(CheckpointError::Stopped, CheckpointError::WrongValue))?;
    Ok(PeriodSearch::resume(seq, h.max_n, h.next_check))
}
