//! The census of misère quotients: Q_n of every code of a list (the short octal codes of
//! [`crate::heaps::census_codes`]) up to one heap bound, each an independent computation
//! whose failure (too large, stopped) is recorded rather than fatal.

use super::{quotient_reached, QuotientError, QuotientLimits};
use crate::heaps::Ruleset;
use crate::StopFlag;

/// One code's line of the quotient census.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct QuotientCensusEntry {
    /// The code.
    pub ruleset: String,
    /// The heap bound n.
    pub max_heap: usize,
    /// |Q_n|, when computed.
    pub order: Option<usize>,
    /// |P|, when computed.
    pub p_size: Option<usize>,
    /// The heaps at which the order changed, with the new order: `(heap, order)`.
    pub growth: Vec<(usize, usize)>,
    /// The largest heap k whose Q_k was computed (n when the entry is complete): the growth
    /// is known up to it.
    #[cfg_attr(feature = "serde", serde(default))]
    pub reached: usize,
    /// Why Q_n was not computed (the limits), if it was not.
    pub error: Option<String>,
}

/// Q_n of one code, as a census line; `Err` only when `stop` was raised.
///
/// # Examples
/// ```
/// use onag::heaps::quotient::census::quotient_census_entry;
/// use onag::heaps::quotient::QuotientLimits;
/// use onag::StopFlag;
///
/// let e = quotient_census_entry(&"0.75".parse().unwrap(), 12, QuotientLimits::default(), &StopFlag::new()).unwrap();
/// assert_eq!(e.order, Some(8));
/// assert_eq!(e.growth, [(1, 2), (2, 6), (5, 8)]);
/// assert_eq!(e.reached, 12);
/// ```
pub fn quotient_census_entry(
    ruleset: &Ruleset,
    max_heap: usize,
    limits: QuotientLimits,
    stop: &StopFlag,
) -> Result<QuotientCensusEntry, QuotientError> {
    let (entry, stopped) = quotient_census_entry_reached(ruleset, max_heap, limits, stop);
    if stopped {
        return Err(QuotientError::Stopped);
    }
    Ok(entry)
}

/// Q_n of one code as a census line, whatever ended it: a code stopped by `stop` (a task's
/// time limit) is a line too, its error saying so and its growth known up to the heap it
/// reached. The flag says whether `stop` ended it.
///
/// # Examples
/// ```
/// use onag::heaps::quotient::census::quotient_census_entry_reached;
/// use onag::heaps::quotient::QuotientLimits;
/// use onag::StopFlag;
///
/// let limits = QuotientLimits { max_order: 30, ..QuotientLimits::default() };
/// let (e, stopped) = quotient_census_entry_reached(&"0.07".parse().unwrap(), 30, limits, &StopFlag::new());
/// assert!(!stopped);
/// assert_eq!((e.order, e.reached), (None, 24));
/// assert_eq!(e.growth.last(), Some(&(14, 24)));
/// assert!(e.error.unwrap().contains("at heap 25"));
/// ```
pub fn quotient_census_entry_reached(
    ruleset: &Ruleset,
    max_heap: usize,
    limits: QuotientLimits,
    stop: &StopFlag,
) -> (QuotientCensusEntry, bool) {
    let mut growth = Vec::new();
    let mut last = 1;
    let (q, ended) = quotient_reached(ruleset, max_heap, limits, stop, &mut |s| {
        if s.order != last {
            growth.push((s.heap, s.order));
            last = s.order;
        }
    });
    let stopped = matches!(ended, Some(QuotientError::Stopped));
    let (order, p_size, error) = match ended {
        None => (Some(q.order()), Some(q.p_portion().len()), None),
        Some(e) => (None, None, Some(e.to_string())),
    };
    let entry = QuotientCensusEntry {
        ruleset: ruleset.to_string(),
        max_heap,
        order,
        p_size,
        growth,
        reached: q.max_heap(),
        error,
    };
    (entry, stopped)
}
