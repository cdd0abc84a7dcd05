//! The census of short codes: every octal code `0.d1…dk` and `4.d1…dk` with `k` up to a
//! number of digits, each searched for a period up to a cap — the table Flammenkamp keeps
//! for codes of up to three digits.
//!
//! One code is one independent task ([`census_entry`]); [`CensusReport::from_entries`]
//! merges any set of entries in any order into the same report (sorted, with the groups of
//! codes whose sequences are equal), so a run split over many machines and one run on one
//! machine give the same JSON byte for byte.
//!
//! Codes whose values are provably equal are computed once: the [`representative`] of codes
//! that differ in bit 1 of a digit, and — in one task ([`CensusTask`]) — the codes that add
//! moves leaving at most one heap to a code whose values then stay the same
//! ([`shared_prefix`]: the extra options are checked heap by heap; where one of them is the
//! value, the code goes on with its own computation from that heap).

use std::collections::BTreeMap;

use rayon::prelude::*;

use super::reference;
use super::report::{Analysis, Status};
use super::ruleset::{Code, Ruleset};
use super::search::PeriodSearch;
use super::sparse::Sequence;
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

/// The census line of `ruleset`: its period search with at most `max_n` values (the search
/// of its [`representative`], whose values are the same).
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
    Ok(CensusEntry {
        ruleset: ruleset.to_string(),
        analysis: search(&representative(ruleset), max_n, stop)?,
    })
}

/// The period search of one code up to `max_n` values.
fn search(ruleset: &Ruleset, max_n: usize, stop: &StopFlag) -> Result<Analysis, Stopped> {
    Ok(finish(PeriodSearch::new(ruleset, max_n), stop)?.0)
}

/// Runs `search` to its end: the analysis and the values computed.
fn finish(mut search: PeriodSearch, stop: &StopFlag) -> Result<(Analysis, Vec<u32>), Stopped> {
    let analysis = search
        .run(usize::MAX, stop, &mut |_| {})?
        .unwrap_or_else(|| search.report().analysis);
    Ok((analysis, search.sequence().values().to_vec()))
}

/// How many of `values` — the first values of `base` — are provably the first values of
/// `ruleset` too: `values.len()` when all, else the first heap where the two differ. 0 when
/// `ruleset` is not `base` with extra moves that leave at most one heap (bits 1 and 2 of
/// digits after the point; both codes without three-heap moves).
///
/// The argument, heap by heap: if the two codes have equal values below `n`, the options of
/// `base` at `n` are options of `ruleset` with the same values, so `ruleset`'s options are
/// `base`'s and the extra ones (`0` for a heap of exactly `i` that vanishes, `G(n − i)` for
/// `i` removed leaving one heap); the mex of a set grown by `Y` is unchanged exactly when the
/// old mex is not in `Y`. So the values agree at `n` exactly when `G(n)` is none of the
/// extra options — a check of a few values a heap, where computing `ruleset` is a scan.
///
/// # Examples
/// ```
/// use onag::heaps::{census::shared_prefix, reference, Ruleset};
/// use onag::StopFlag;
///
/// let r = |s: &str| s.parse::<Ruleset>().unwrap();
/// let g = reference::values(&r("0.6").moves(), 2000, &StopFlag::new()).unwrap();
/// // .62 also removes 2 leaving one heap: G(n − 2), an option of .6 already (split 1 + rest)
/// assert_eq!(shared_prefix(&r("0.6"), &r("0.62"), &g), 2000);
/// // .7 lets a heap of 1 vanish: G(1) = 0 under .6, 1 under .7
/// assert_eq!(shared_prefix(&r("0.6"), &r("0.7"), &g), 1);
/// // .16 is no extension of .6
/// assert_eq!(shared_prefix(&r("0.6"), &r("0.16"), &g), 0);
/// ```
pub fn shared_prefix(base: &Ruleset, ruleset: &Ruleset, values: &[u32]) -> usize {
    let (Ruleset::Code(b), Ruleset::Code(r)) = (base, ruleset) else {
        return 0;
    };
    let (bd, rd) = (b.digits(), r.digits());
    if rd.len() < bd.len()
        || rd[0] != bd[0]
        || base.moves().max_heaps() > 2
        || ruleset.moves().max_heaps() > 2
    {
        return 0;
    }
    let mut vanish = Vec::new();
    let mut reduce = Vec::new();
    for (i, &d) in rd.iter().enumerate().skip(1) {
        let old = bd.get(i).copied().unwrap_or(0);
        let extra = d & !old;
        if old & !d != 0 || extra & !3 != 0 {
            return 0;
        }
        if extra & 1 != 0 {
            vanish.push(i);
        }
        if extra & 2 != 0 {
            reduce.push(i);
        }
    }
    (0..values.len())
        .find(|&n| {
            let g = values[n];
            vanish.iter().any(|&i| n == i && g == 0)
                || reduce.iter().any(|&i| n > i && values[n - i] == g)
        })
        .unwrap_or(values.len())
}

/// One task of a census: a code, and codes whose values are expected to equal its values
/// ([`shared_prefix`] over the first [`TASK_PLAN`] of them) — computed once, each still
/// checked over the whole range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CensusTask {
    /// The code computed.
    pub base: Ruleset,
    /// The codes that take its values where [`shared_prefix`] proves them theirs.
    pub extensions: Vec<Ruleset>,
}

/// The values [`census_tasks`] compares codes on.
pub const TASK_PLAN: usize = 1 << 12;

/// The tasks for `codes` (representatives, see [`representative`]): each code joins the
/// task of the first code with fewer moves whose first [`TASK_PLAN`] values are provably its
/// own ([`shared_prefix`]), or starts a task. In census order of the bases.
///
/// # Examples
/// ```
/// use onag::heaps::{census::census_tasks, Ruleset};
///
/// let r = |s: &str| s.parse::<Ruleset>().unwrap();
/// let tasks = census_tasks(&[r("0.6"), r("0.62"), r("0.16"), r("0.601")]);
/// assert_eq!(tasks.len(), 2);
/// assert_eq!(tasks[0].base, r("0.6"));
/// assert_eq!(tasks[0].extensions, [r("0.62"), r("0.601")]);
/// assert!(tasks[1].extensions.is_empty());
/// ```
pub fn census_tasks(codes: &[Ruleset]) -> Vec<CensusTask> {
    let stop = StopFlag::new();
    let moves = |r: &Ruleset| match r {
        Ruleset::Code(c) => c.digits().iter().map(|d| d.count_ones()).sum::<u32>(),
        _ => u32::MAX,
    };
    let mut order: Vec<&Ruleset> = codes.iter().collect();
    order.sort_by_key(|r| moves(r));
    let mut tasks: Vec<(CensusTask, Vec<u32>)> = Vec::new();
    for code in order {
        let joined = tasks.iter_mut().find(|(task, values)| {
            moves(&task.base) < moves(code)
                && shared_prefix(&task.base, code, values) == values.len()
        });
        match joined {
            Some((task, _)) => task.extensions.push(code.clone()),
            None => {
                let mut seq = Sequence::new(code);
                // never stopped: the flag is not shared
                let _ = seq.extend_to(TASK_PLAN, &stop);
                let task = CensusTask {
                    base: code.clone(),
                    extensions: Vec::new(),
                };
                tasks.push((task, seq.into_values()));
            }
        }
    }
    let position = |r: &Ruleset| codes.iter().position(|c| c == r);
    let mut tasks: Vec<CensusTask> = tasks.into_iter().map(|(t, _)| t).collect();
    for task in &mut tasks {
        task.extensions.sort_by_key(|r| position(r));
    }
    tasks.sort_by_key(|t| position(&t.base));
    tasks
}

/// The analyses of a task's codes, base first: the base searched, then each extension
/// searched with the base's values taken as its own as far as [`shared_prefix`] proves them
/// (its search decides exactly as if it had computed them: the same values, the same checks).
pub fn task_analyses(
    task: &CensusTask,
    max_n: usize,
    stop: &StopFlag,
) -> Result<Vec<(Ruleset, Analysis)>, Stopped> {
    let (analysis, values) = finish(PeriodSearch::new(&task.base, max_n), stop)?;
    let mut out = vec![(task.base.clone(), analysis)];
    for code in &task.extensions {
        let shared = shared_prefix(&task.base, code, &values);
        let seq = Sequence::with_known(code, values[..shared].to_vec());
        let (analysis, _) = finish(PeriodSearch::of(seq, max_n), stop)?;
        out.push((code.clone(), analysis));
    }
    Ok(out)
}

/// The most digits after the point whose "vanish" bits [`representative`] tries in every
/// combination (2^12 small computations); longer codes are their own representative.
const MAX_REPRESENTATIVE_DIGITS: usize = 12;

/// The code whose values equal those of `ruleset` on every heap, chosen once for all the
/// codes that share them this way: the least code (printed order) that differs from
/// `ruleset` only in bit 1 of digits after the point, has the same last digit index `t`, and
/// the same values on heaps `0..=t`. Other rulesets, and codes with more than 12 digits,
/// are their own representative.
///
/// Why the values agree everywhere: bit 1 of `dᵢ` is the move "take all of a heap of exactly
/// `i` tokens" (*Winning Ways*, ch. 4), so it changes the options of heap `i` alone. Two such
/// codes have the same moves on every heap above `t`; with equal values up to `t`, every
/// later heap has the same option values, hence the same value (induction on the heap). Their
/// census entries — period, preperiod, proof (its range depends on `t`, the same), rare
/// heaps, fingerprint — are then equal, and a census computes one of them.
///
/// # Examples
/// ```
/// use onag::heaps::{census::representative, Ruleset};
///
/// // .604 and .615: heap 2 and heap 3 each have option 0 in both codes anyway
/// let r = |s: &str| s.parse::<Ruleset>().unwrap();
/// assert_eq!(representative(&r("0.615")), r("0.604"));
/// // .07 (Dawson's Kayles) and .06 differ: a heap of 2 has no move under .06
/// assert_eq!(representative(&r("0.07")), r("0.07"));
/// ```
pub fn representative(ruleset: &Ruleset) -> Ruleset {
    let Ruleset::Code(code) = ruleset else {
        return ruleset.clone();
    };
    let digits = code.digits();
    let t = code.last_index();
    if t == 0 || t > MAX_REPRESENTATIVE_DIGITS {
        return ruleset.clone();
    }
    let stop = StopFlag::new();
    let first = |ds: &[u8]| -> Option<Vec<u32>> {
        let code = Code::new(ds.to_vec()).ok()?;
        (code.last_index() == t)
            .then(|| reference::values(&Ruleset::Code(code).moves(), t + 1, &stop).ok())
            .flatten()
    };
    let Some(own) = first(digits) else {
        return ruleset.clone();
    };
    let mut best = code.clone();
    for bits in 0u32..1 << t {
        let ds: Vec<u8> = digits
            .iter()
            .enumerate()
            .map(|(i, &d)| {
                if i == 0 {
                    d
                } else {
                    (d & !1) | ((bits >> (i - 1)) & 1) as u8
                }
            })
            .collect();
        if ds.as_slice() >= best.digits() {
            continue;
        }
        if first(&ds).as_ref() == Some(&own) {
            if let Ok(c) = Code::new(ds) {
                best = c;
            }
        }
    }
    Ruleset::Code(best)
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
    census_of(&census_codes(digits), max_n, stop, progress)
}

/// The census of the given codes: each [`representative`] computed once, in the tasks of
/// [`census_tasks`] (in parallel, the most expensive-looking first: more split digits, then
/// more digits), its entry given to every code it stands for; `progress(done)` counts codes.
pub fn census_of(
    codes: &[Ruleset],
    max_n: usize,
    stop: &StopFlag,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<CensusReport, Stopped> {
    let mut groups: BTreeMap<Ruleset, Vec<&Ruleset>> = BTreeMap::new();
    for code in codes {
        groups.entry(representative(code)).or_default().push(code);
    }
    let reps: Vec<Ruleset> = groups.keys().cloned().collect();
    let mut tasks = census_tasks(&reps);
    tasks.sort_by_key(|t| {
        let moves = t.base.moves();
        std::cmp::Reverse((moves.with_bit(4).len(), moves.digits.len()))
    });
    let done = std::sync::atomic::AtomicUsize::new(0);
    let entries = tasks
        .par_iter()
        .with_max_len(1)
        .map(|task| {
            let analyses = task_analyses(task, max_n, stop)?;
            let mut entries = Vec::new();
            for (rep, analysis) in analyses {
                let members = groups.get(&rep).map(Vec::as_slice).unwrap_or_default();
                entries.extend(members.iter().map(|m| CensusEntry {
                    ruleset: m.to_string(),
                    analysis: analysis.clone(),
                }));
            }
            let n = entries.len();
            progress(done.fetch_add(n, std::sync::atomic::Ordering::Relaxed) + n);
            Ok(entries)
        })
        .collect::<Result<Vec<_>, Stopped>>()?;
    Ok(CensusReport::from_entries(
        max_n,
        entries.into_iter().flatten().collect(),
    ))
}
