//! The census of short codes: every octal code `0.d1…dk` and `4.d1…dk` with `k` up to a
//! number of digits, each searched for a period up to a cap — the table Flammenkamp keeps
//! for codes of up to three digits.
//!
//! One code is one independent task ([`census_entry`]); [`CensusReport::from_entries`]
//! merges any set of entries in any order into the same report (sorted, with the groups of
//! codes whose sequences are equal), so a run split over many machines and one run on one
//! machine give the same JSON byte for byte.

use std::collections::BTreeMap;

use rayon::prelude::*;

use super::report::{Analysis, Status};
use super::ruleset::{Code, Ruleset};
use super::search::PeriodSearch;
use crate::{StopFlag, Stopped};

/// The most digits after the point a census takes.
pub const MAX_CENSUS_DIGITS: usize = 4;

/// One code's line of the census.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CensusEntry {
    /// The code, printed.
    pub ruleset: String,
    /// What its values up to the cap show.
    pub analysis: Analysis,
}

/// The census line of `ruleset`: its period search with at most `max_n` values.
///
/// # Examples
/// ```
/// use onag::heaps::{census_entry, Ruleset, Status};
///
/// let entry = census_entry(&"0.07".parse().unwrap(), 1 << 12, &onag::StopFlag::new()).unwrap();
/// assert_eq!(entry.analysis.status, Status::Periodic);
/// assert_eq!(entry.analysis.period(), Some((53, 34)));
/// ```
pub fn census_entry(
    ruleset: &Ruleset,
    max_n: usize,
    stop: &StopFlag,
) -> Result<CensusEntry, Stopped> {
    let mut search = PeriodSearch::new(ruleset, max_n);
    let analysis = search
        .run(usize::MAX, stop, &mut |_| {})?
        .unwrap_or_else(|| search.report().analysis);
    Ok(CensusEntry {
        ruleset: ruleset.to_string(),
        analysis,
    })
}

/// The codes of a census: `0.d1…dk` and `4.d1…dk` for `1 ≤ k ≤ digits` with octal digits and
/// `dk ≠ 0`, in census order.
///
/// # Examples
/// ```
/// assert_eq!(onag::heaps::census_codes(2).len(), 2 * (7 + 56));
/// ```
pub fn census_codes(digits: usize) -> Vec<Ruleset> {
    let mut out = Vec::new();
    for d0 in [0u8, 4] {
        for k in 1..=digits.min(MAX_CENSUS_DIGITS) {
            let count = 8usize.pow(k as u32);
            for index in 0..count {
                let mut ds = vec![d0];
                for j in (0..k).rev() {
                    ds.push(((index >> (3 * j)) & 7) as u8);
                }
                if ds[k] == 0 {
                    continue;
                }
                if let Ok(code) = Code::new(ds) {
                    out.push(Ruleset::Code(code));
                }
            }
        }
    }
    out
}

/// Codes whose sequences are equal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Equivalence {
    /// The codes, in census order.
    pub rulesets: Vec<String>,
    /// Whether the equality holds for every heap: all proven periodic with the same least
    /// preperiod and period and the same values up to their sum. Otherwise the sequences
    /// agree on the computed range only.
    pub proven: bool,
    /// The heaps the equality was seen on (`0..up_to`) when not proven.
    pub up_to: Option<usize>,
}

/// The census: one line per code, counts, and the codes with equal sequences.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CensusReport {
    /// The cap on values per code.
    pub max_n: usize,
    /// The number of codes.
    pub codes: usize,
    /// How many are proven periodic.
    pub periodic: usize,
    /// How many are arithmetically periodic (observed).
    pub arithmetic: usize,
    /// How many are unsolved up to the cap.
    pub unsolved: usize,
    /// The lines, in census order (digit before the point, number of digits, digits).
    pub entries: Vec<CensusEntry>,
    /// The groups of two or more codes with equal sequences.
    pub equivalences: Vec<Equivalence>,
}

impl CensusReport {
    /// The report of `entries` (any order; a code listed twice is kept once).
    pub fn from_entries(max_n: usize, mut entries: Vec<CensusEntry>) -> CensusReport {
        let order = |e: &CensusEntry| {
            let r = &e.ruleset;
            (r.chars().next(), r.len(), r.clone())
        };
        entries.sort_by_key(order);
        entries.dedup_by(|a, b| a.ruleset == b.ruleset);
        let count = |s: Status| entries.iter().filter(|e| e.analysis.status == s).count();
        let mut groups: BTreeMap<GroupKey, Vec<usize>> = BTreeMap::new();
        for (i, e) in entries.iter().enumerate() {
            let a = &e.analysis;
            let span = if a.proof.is_some() { 0 } else { a.computed_to };
            groups
                .entry((a.period(), span, a.fingerprint.clone()))
                .or_default()
                .push(i);
        }
        let mut equivalences: Vec<Equivalence> = groups
            .into_iter()
            .filter(|(_, members)| members.len() > 1)
            .map(|((period, span, _), members)| Equivalence {
                rulesets: members
                    .iter()
                    .map(|&i| entries[i].ruleset.clone())
                    .collect(),
                proven: period.is_some(),
                up_to: if period.is_some() { None } else { Some(span) },
            })
            .collect();
        equivalences.sort_by_key(|e| members_key(&entries, &e.rulesets));
        CensusReport {
            max_n,
            codes: entries.len(),
            periodic: count(Status::Periodic),
            arithmetic: count(Status::Arithmetic),
            unsolved: count(Status::Unsolved),
            entries,
            equivalences,
        }
    }
}

/// Equal sequences have equal keys: (least preperiod and period when proven, values
/// computed otherwise, fingerprint).
type GroupKey = (Option<(usize, usize)>, usize, String);

fn members_key(entries: &[CensusEntry], rulesets: &[String]) -> usize {
    entries
        .iter()
        .position(|e| rulesets.first() == Some(&e.ruleset))
        .unwrap_or(usize::MAX)
}

/// The census of every code with up to `digits` digits (see [`census_codes`]) with at most
/// `max_n` values each, on the rayon thread pool; `progress(done)` after each code.
pub fn census(
    digits: usize,
    max_n: usize,
    stop: &StopFlag,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<CensusReport, Stopped> {
    let codes = census_codes(digits);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let entries = codes
        .par_iter()
        .map(|code| {
            let entry = census_entry(code, max_n, stop);
            progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
            entry
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(CensusReport::from_entries(max_n, entries))
}
