//! The period search: computes a sequence with the fast engine, looks for a period at every
//! power of two (and exactly where a pending proof needs it), and stops once periodicity is
//! proven, the cap is reached, or (for sequences that grow) an arithmetic periodicity has held
//! over the last half of [`ARITHMETIC_STOP`] values.
//!
//! It can stop and resume: [`PeriodSearch::run`] returns after any number of values (for
//! checkpoints), and [`PeriodSearch::resume`] continues from a [`Sequence`] rebuilt from
//! stored values, deciding exactly as an uninterrupted run does.

use super::period::{self, Finding};
use super::report::{rare_heaps, Analysis, PeriodReport};
use super::ruleset::Ruleset;
use super::sparse::Sequence;
use crate::{StopFlag, Stopped};

/// The values after which an observed arithmetic periodicity ends the search (its proof
/// needs an argument this library does not make, so more values add nothing).
pub const ARITHMETIC_STOP: usize = 1 << 14;

/// The longest arithmetic period looked for.
pub const MAX_ARITHMETIC_PERIOD: usize = 256;

/// The first heap count a period is looked for at.
const FIRST_CHECK: usize = 64;

/// A period search under way.
///
/// # Examples
/// ```
/// use onag::heaps::{PeriodSearch, Ruleset, Status};
/// use onag::StopFlag;
///
/// let dawson: Ruleset = "0.137".parse().unwrap();
/// let mut search = PeriodSearch::new(&dawson, 1 << 20);
/// let analysis = search.run(usize::MAX, &StopFlag::new(), &mut |_| {}).unwrap().unwrap();
/// assert_eq!(analysis.status, Status::Periodic);
/// assert_eq!(analysis.period(), Some((52, 34)));
/// ```
#[derive(Clone, Debug)]
pub struct PeriodSearch {
    seq: Sequence,
    max_n: usize,
    next_check: usize,
    done: Option<Analysis>,
}

impl PeriodSearch {
    /// A search of `ruleset` computing at most `max_n` values.
    pub fn new(ruleset: &Ruleset, max_n: usize) -> PeriodSearch {
        PeriodSearch::of(Sequence::new(ruleset), max_n)
    }

    /// A search from the start over a sequence prepared beforehand (values known in advance,
    /// [`Sequence::with_known`], or a mask given): it decides as [`PeriodSearch::new`] does.
    pub fn of(seq: Sequence, max_n: usize) -> PeriodSearch {
        PeriodSearch::resume(seq, max_n, FIRST_CHECK)
    }

    /// Continues a search from the values in `seq`, with the check point the interrupted
    /// search had planned ([`PeriodSearch::next_check`]), so that it decides exactly as an
    /// uninterrupted one.
    pub fn resume(seq: Sequence, max_n: usize, next_check: usize) -> PeriodSearch {
        PeriodSearch {
            next_check: next_check.max(1),
            seq,
            max_n,
            done: None,
        }
    }

    /// The heap count of the next check for a period.
    pub fn next_check(&self) -> usize {
        self.next_check
    }

    /// The sequence so far.
    pub fn sequence(&self) -> &Sequence {
        &self.seq
    }

    /// The cap.
    pub fn max_n(&self) -> usize {
        self.max_n
    }

    /// The analysis, once the search is over.
    pub fn result(&self) -> Option<&Analysis> {
        self.done.as_ref()
    }

    /// Computes until the search is over (`Ok(Some(analysis))`) or the sequence holds
    /// `until` values (`Ok(None)`: call again to go on), polling `stop`; `progress(len)` is
    /// called every 2^16 values.
    pub fn run(
        &mut self,
        until: usize,
        stop: &StopFlag,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Option<Analysis>, Stopped> {
        while self.done.is_none() {
            let target = self.next_check.min(self.max_n);
            if self.seq.len() >= until && self.seq.len() < target {
                return Ok(None);
            }
            self.seq
                .extend_with(target.min(until.max(self.seq.len())), stop, progress)?;
            if self.seq.len() >= target {
                self.check();
            } else {
                return Ok(None);
            }
        }
        Ok(self.done.clone())
    }

    /// The period report (the search over or not: the analysis of the values so far).
    pub fn report(&self) -> PeriodReport {
        let ruleset = self.seq.ruleset();
        let analysis = self.done.clone().unwrap_or_else(|| {
            self.observe(false)
                .unwrap_or_else(|| Analysis::of(&self.seq, None, None))
        });
        let all = self.seq.rare_heaps().len();
        PeriodReport {
            ruleset: ruleset.to_string(),
            name: ruleset.name().map(str::to_string),
            max_n: self.max_n,
            theorem: ruleset.has_periodicity_theorem(),
            analysis,
            rare_heaps: rare_heaps(&self.seq, PeriodReport::RARE_LIMIT),
            rare_heaps_truncated: all > PeriodReport::RARE_LIMIT,
        }
    }

    /// Looks at the values at a check point; ends the search or schedules the next check.
    fn check(&mut self) {
        let len = self.seq.len();
        if let Some(analysis) = self.observe(true) {
            self.done = Some(analysis);
            return;
        }
        if len >= self.max_n {
            self.done = Some(
                self.observe(false)
                    .unwrap_or_else(|| Analysis::of(&self.seq, None, None)),
            );
            return;
        }
        self.schedule();
    }

    /// The analysis if the values settle the search: proven periodic, or (when `stopping`
    /// early is allowed) arithmetic over enough values. With `stopping` false: whatever the
    /// values show.
    fn observe(&self, stopping: bool) -> Option<Analysis> {
        let values = self.seq.values();
        let ruleset = self.seq.ruleset();
        if ruleset.has_periodicity_theorem() {
            if let Finding::Proven(proof) = period::find(values, &ruleset.moves()) {
                return Some(Analysis::of(&self.seq, Some(proof), None));
            }
        }
        let arithmetic = period::arithmetic(values, MAX_ARITHMETIC_PERIOD);
        if arithmetic.is_some() && (!stopping || values.len() >= ARITHMETIC_STOP) {
            return Some(Analysis::of(&self.seq, None, arithmetic));
        }
        if stopping {
            None
        } else {
            Some(Analysis::of(&self.seq, None, None))
        }
    }

    /// The next check point: the next power of two above the current length, or earlier
    /// where a pending proof needs fewer values.
    fn schedule(&mut self) {
        let len = self.seq.len();
        let mut next = (len + 1).next_power_of_two().max(FIRST_CHECK);
        let ruleset = self.seq.ruleset();
        if ruleset.has_periodicity_theorem() && len >= FIRST_CHECK {
            if let Finding::Pending { needs, .. } =
                period::find(self.seq.values(), &ruleset.moves())
            {
                if needs > len {
                    next = next.min(needs);
                }
            }
        }
        self.next_check = next;
    }
}
