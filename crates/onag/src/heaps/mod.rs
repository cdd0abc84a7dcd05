//! Heap games: take-and-break codes (octal and hexadecimal), Grundy's game and subtraction
//! games — their nim sequences, exactly and fast, periodicity with proof, the census of short
//! codes, and playing sums of heaps.
//!
//! # The public API
//!
//! - [`Ruleset`] (parse with [`str::parse`], print with `Display`; round-trips): a code
//!   `d0.d1d2…` ([`Code`], digit semantics in [`ruleset`]), [`Ruleset::Grundy`],
//!   `S(1,3,4)` ([`Ruleset::Subtraction`]), `all-but(…)` ([`Ruleset::AllBut`]), or a name
//!   from [`NAMES`]; [`RulesetError`] with a [`Span`](crate::Span) for bad text.
//! - [`Moves`] — the one move generator ([`Moves::for_each_leave`]).
//! - Values: [`reference::values`] (the definition, O(n²)) and [`Sequence`] (the sparse-space
//!   engine: values to 2^32 − 1, 4 bytes a heap); [`values_report`] → [`ValuesReport`].
//! - Periodicity: [`period`] (the theorem's bound, candidates, proof, least period,
//!   arithmetic periodicity observed), [`PeriodSearch`] (resumable, for checkpoints) →
//!   [`PeriodReport`] with its [`Analysis`] ([`Status`]: periodic / arithmetic / unsolved).
//! - Census: [`census_codes`], [`census_entry`] (one code: one independent task),
//!   [`representative`] (codes whose values are equal by a bit-1 argument), [`census_tasks`]
//!   (codes computed once with a code they extend, [`shared_prefix`]), [`census_of`],
//!   [`CensusReport::from_entries`] (the merge, any order, byte-identical JSON), [`census`].
//! - Play: [`position`] — sums of heaps, every move with ✓/✗, the computer's move →
//!   [`PositionReport`].
//! - Checkpoints: [`checkpoint`] — a period search as bytes with an integrity check.
//!
//! # Examples
//! ```
//! use onag::heaps::{PeriodSearch, Ruleset, Sequence, Status};
//! use onag::StopFlag;
//!
//! let kayles: Ruleset = "kayles".parse().unwrap();
//! let mut seq = Sequence::new(&kayles);
//! seq.extend_to(10, &StopFlag::new()).unwrap();
//! assert_eq!(seq.values(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4]);
//!
//! let mut search = PeriodSearch::new(&kayles, 1 << 16);
//! let found = search.run(usize::MAX, &StopFlag::new(), &mut |_| {}).unwrap().unwrap();
//! assert_eq!(found.status, Status::Periodic);
//! assert_eq!(found.period(), Some((71, 12))); // last exception at 70, period 12
//! ```

pub mod census;
mod check;
pub mod checkpoint;
pub mod mask;
pub mod misere;
pub mod moves;
pub mod parse;
pub mod period;
pub mod position;
pub mod quotient;
pub mod reference;
pub mod report;
pub mod ruleset;
pub mod search;
pub mod sparse;

pub use census::{
    census, census_codes, census_entry, census_of, census_tasks, representative, shared_prefix,
    task_analyses, CensusEntry, CensusReport, CensusTask, Equivalence,
};
pub use check::CheckReport;
pub use moves::{Leave, Moves};
pub use parse::{RulesetError, RulesetErrorKind};
pub use position::{PositionReport, Strategy};
pub use report::{
    values_report, Analysis, PeriodReport, RareHeap, RareSummary, Status, ValuesReport,
};
pub use ruleset::{Code, CodeError, Ruleset, NAMES};
pub use search::PeriodSearch;
pub use sparse::Sequence;
