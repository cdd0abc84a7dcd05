//! The reports of the heap games: what a sequence shows ([`Analysis`]), the values
//! ([`ValuesReport`]) and the period search ([`PeriodReport`]). The census and the playing
//! services have their own ([`super::census::CensusReport`], [`super::position::PositionReport`]).

use super::mask;
use super::period::{Arithmetic, Proof};
use super::ruleset::Ruleset;
use super::sparse::Sequence;
use crate::{StopFlag, Stopped};

/// What is known of a sequence's periodicity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Status {
    /// Proven periodic by the periodicity theorem ([`Analysis::proof`]).
    Periodic,
    /// Arithmetically periodic over the computed range ([`Analysis::arithmetic`]): observed,
    /// not proven.
    Arithmetic,
    /// Neither: no period proven in the computed range (for Grundy's game and the all-but
    /// games no theorem applies, so never more than this).
    Unsolved,
}

/// The rare heaps under the sparse-space mask, over the computed range.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RareSummary {
    /// The mask (values with an even `popcount(v & mask)` are rare; 0: no mask helps).
    pub mask: u32,
    /// The number of heaps `n ≥ 1` with a rare value.
    pub count: usize,
    /// The last of them.
    pub last: Option<usize>,
}

/// A heap with a rare value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RareHeap {
    /// The heap size.
    pub heap: usize,
    /// Its value.
    pub value: u32,
}

/// What the first values of a sequence show: periodicity (proven, observed or none), the
/// largest value, the rare heaps, and a fingerprint of the sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Analysis {
    /// Periodic (proven), arithmetic (observed) or unsolved.
    pub status: Status,
    /// The values of heaps `0..computed_to` were computed.
    pub computed_to: usize,
    /// The proof, when periodic.
    pub proof: Option<Proof>,
    /// The observed arithmetic periodicity, when arithmetic.
    pub arithmetic: Option<Arithmetic>,
    /// The last heap `n < preperiod` whose value is not repeated a period later
    /// (`preperiod − 1`), when periodic with a preperiod.
    pub last_exception: Option<usize>,
    /// The largest value computed.
    pub largest_value: u32,
    /// The first heap with it.
    pub largest_at: usize,
    /// The rare heaps.
    pub rare: RareSummary,
    /// FNV-1a (64 bits) of the values that determine the sequence (the first
    /// `preperiod + period` when periodic, else all computed), as 16 hex digits: equal
    /// sequences have equal fingerprints.
    pub fingerprint: String,
}

impl Analysis {
    /// The analysis of `seq`'s values with the given findings.
    pub(crate) fn of(
        seq: &Sequence,
        proof: Option<Proof>,
        arithmetic: Option<Arithmetic>,
    ) -> Analysis {
        let values = seq.values();
        let status = match (proof, arithmetic) {
            (Some(_), _) => Status::Periodic,
            (None, Some(_)) => Status::Arithmetic,
            (None, None) => Status::Unsolved,
        };
        let largest_value = values.iter().copied().max().unwrap_or(0);
        let largest_at = values.iter().position(|&v| v == largest_value).unwrap_or(0);
        let determining = match proof {
            Some(p) => &values[..(p.preperiod + p.period).min(values.len())],
            None => values,
        };
        let rare = seq.rare_heaps();
        Analysis {
            status,
            computed_to: values.len(),
            proof,
            arithmetic: if proof.is_some() { None } else { arithmetic },
            last_exception: proof.and_then(|p| p.preperiod.checked_sub(1)),
            largest_value,
            largest_at,
            rare: RareSummary {
                mask: seq.mask(),
                count: rare.len(),
                last: rare.last().copied(),
            },
            fingerprint: format!("{:016x}", fnv1a(determining)),
        }
    }

    /// The preperiod and period, when proven periodic.
    pub fn period(&self) -> Option<(usize, usize)> {
        self.proof.map(|p| (p.preperiod, p.period))
    }
}

/// FNV-1a (64 bits) over the values as little-endian 32-bit words.
pub(crate) fn fnv1a(values: &[u32]) -> u64 {
    values
        .iter()
        .fold(FNV_OFFSET, |h, v| fnv1a_step(h, &v.to_le_bytes()))
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv1a_step(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The first values of a ruleset's nim sequence: what `onag heaps values` shows.
///
/// # Examples
/// ```
/// use onag::heaps::{values_report, Ruleset};
///
/// let r: Ruleset = "dawsons-chess".parse().unwrap();
/// let report = values_report(&r, 10, &onag::StopFlag::new()).unwrap();
/// assert_eq!(report.ruleset, "0.137");
/// assert_eq!(report.name.as_deref(), Some("dawsons-chess"));
/// assert_eq!(report.values, [0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
/// assert_eq!(report.largest_value, 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ValuesReport {
    /// The ruleset, printed.
    pub ruleset: String,
    /// Its classic name, if any.
    pub name: Option<String>,
    /// `G(0), …, G(count − 1)`.
    pub values: Vec<u32>,
    /// The largest value.
    pub largest_value: u32,
    /// The sparse-space mask the engine chose, and the rare heaps under it.
    pub rare: RareSummary,
    /// The heaps with rare values (all of them: they are few when the mask fits).
    pub rare_heaps: Vec<RareHeap>,
}

/// `G(0), …, G(count − 1)` of `ruleset` by the fast engine, with its rare heaps.
pub fn values_report(
    ruleset: &Ruleset,
    count: usize,
    stop: &StopFlag,
) -> Result<ValuesReport, Stopped> {
    let mut seq = Sequence::new(ruleset);
    seq.extend_to(count, stop)?;
    let analysis = Analysis::of(&seq, None, None);
    Ok(ValuesReport {
        ruleset: ruleset.to_string(),
        name: ruleset.name().map(str::to_string),
        rare_heaps: rare_heaps(&seq, usize::MAX),
        largest_value: analysis.largest_value,
        rare: analysis.rare,
        values: seq.into_values(),
    })
}

/// The first `limit` heaps with rare values.
pub(crate) fn rare_heaps(seq: &Sequence, limit: usize) -> Vec<RareHeap> {
    let values = seq.values();
    debug_assert!(seq
        .rare_heaps()
        .iter()
        .all(|&n| mask::is_rare(values[n], seq.mask())));
    seq.rare_heaps()
        .iter()
        .take(limit)
        .map(|&heap| RareHeap {
            heap,
            value: values[heap],
        })
        .collect()
}

/// The period search of one ruleset: what `onag heaps period` shows.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PeriodReport {
    /// The ruleset, printed.
    pub ruleset: String,
    /// Its classic name, if any.
    pub name: Option<String>,
    /// The most heaps the search was allowed to compute.
    pub max_n: usize,
    /// Whether the periodicity theorem applies to the ruleset (without it no period is
    /// ever claimed).
    pub theorem: bool,
    /// What the values show.
    pub analysis: Analysis,
    /// The heaps with rare values (the first [`PeriodReport::RARE_LIMIT`]).
    pub rare_heaps: Vec<RareHeap>,
    /// Whether `rare_heaps` stops short of all of them.
    pub rare_heaps_truncated: bool,
}

impl PeriodReport {
    /// The most rare heaps a report lists.
    pub const RARE_LIMIT: usize = 4096;
}
