//! A stored heaps report recomputed and compared (`onag heaps check`): a census report entry
//! by entry, a period report whole.

use super::census::CensusReport;
use super::report::PeriodReport;

/// What recomputing a stored report found: how many entries were recomputed and which differ.
/// The fields are in the order the JSON has always printed them (alphabetical).
///
/// # Examples
/// ```
/// use onag::heaps::{CheckReport, PeriodSearch};
///
/// let kayles = "kayles".parse().unwrap();
/// let mut search = PeriodSearch::new(&kayles, 256);
/// search.run(usize::MAX, &onag::StopFlag::new(), &mut |_| {}).unwrap();
/// let stored = search.report();
/// let check = CheckReport::period("kayles.json", &stored, &stored);
/// assert!(check.same());
/// assert_eq!((check.checked, check.file.as_str()), (1, "kayles.json"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CheckReport {
    /// Entries recomputed (1 for a period report).
    pub checked: usize,
    /// The rulesets whose recomputed entry differs from the stored one, then, when the whole
    /// census was recomputed and its totals or groups of equal sequences differ, the words
    /// `"(the report's totals or equivalences)"`.
    pub differ: Vec<String>,
    /// The file checked, as its name was given.
    pub file: String,
}

impl CheckReport {
    /// Compares the census entries `fresh` (recomputed with `stored`'s cap) with `stored`:
    /// entry by entry; and, when `whole` (every entry was recomputed, not a chosen few), the
    /// reports as a whole (totals, groups of equal sequences).
    pub fn census(
        file: impl Into<String>,
        stored: &CensusReport,
        fresh: &CensusReport,
        whole: bool,
    ) -> CheckReport {
        let mut differ = Vec::new();
        for e in &fresh.entries {
            let old = stored.entries.iter().find(|w| w.ruleset == e.ruleset);
            if old.map(|o| &o.analysis) != Some(&e.analysis) {
                differ.push(e.ruleset.clone());
            }
        }
        if whole && fresh != stored {
            differ.push("(the report's totals or equivalences)".to_string());
        }
        CheckReport {
            checked: fresh.entries.len(),
            differ,
            file: file.into(),
        }
    }

    /// Compares a period report recomputed with `stored`'s ruleset and cap, whole.
    pub fn period(file: impl Into<String>, stored: &PeriodReport, fresh: &PeriodReport) -> Self {
        CheckReport {
            checked: 1,
            differ: if fresh == stored {
                Vec::new()
            } else {
                vec![stored.ruleset.clone()]
            },
            file: file.into(),
        }
    }

    /// Whether nothing differs.
    pub fn same(&self) -> bool {
        self.differ.is_empty()
    }
}
