//! Heap games — take-and-break codes, Grundy's game, subtraction games:
//! `GET /heaps/rulesets` (the named games), `POST /heaps/values` (the nim sequence with its
//! rare heaps), `/heaps/period` (the period search, proven by the periodicity theorem where it
//! applies), `/heaps/position` (a sum of heaps: every move with ✓/✗ and the nim-sum it leaves,
//! and the computer's move) and `/heaps/computer` (the computer's move alone, perfect, random or
//! skilled). The answers are the library's reports ([`ValuesReport`], [`PeriodReport`],
//! [`PositionReport`]) with their field names.
//!
//! With `"misere": true`, `/heaps/values` lists each heap's genus ([`MisereGeneraReport`]),
//! and `/heaps/position` and `/heaps/computer` answer for misère play, exactly: by misère
//! canonical forms (the genus — Conway, *On Numbers and Games*, ch. 12) within
//! [`limits::MAX_MISERE_FORMS`] forms, or, for wild positions whose forms grow past that, by
//! the misère quotient Q_n of the heaps ≤ n (Plambeck and Siegel, *Misère quotients for
//! impartial games*) computed within [`limits::MAX_MISERE_QUOTIENT_ORDER`] elements; the
//! answer's `method` says which.

use onag::heaps::misere::{
    misere_computer, misere_genera, misere_position_with, MisereGeneraReport, MisereHeapMove,
    MiserePlay, MiserePlayError, MiserePositionReport,
};
use onag::heaps::position::{position_report, MoveReport};
use onag::heaps::quotient::QuotientLimits;
use onag::heaps::{
    values_report, PeriodReport, PeriodSearch, PositionReport, Ruleset, Strategy, ValuesReport,
    NAMES,
};
use onag::misere::MisereError;
use onag::{StopFlag, Stopped};
use serde::{Deserialize, Serialize};

use crate::limits::{self, check_notation, check_range};
use crate::ApiError;

fn stopped(_: Stopped) -> ApiError {
    ApiError::stopped("the computation was stopped (time budget)")
}

/// Parses a ruleset's text (`0.137`, `grundy`, `S(1,3,4)`, `kayles`, …) with the library's
/// message (which says where the text goes wrong).
pub fn ruleset(field: &str, text: &str) -> Result<Ruleset, ApiError> {
    check_notation(field, text)?;
    text.parse()
        .map_err(|e| ApiError::bad(format!("'{field}': {e}")))
}

/// How many values `G(0) … G(k − 1)` of `ruleset` stay within
/// [`limits::MAX_DEFINITION_MOVES`] (at most `upto`): `upto` unless the ruleset has moves
/// leaving three heaps, which the engine computes by the definition, visiting every move.
///
/// # Examples
/// ```
/// use onag_api::routes::heaps::definition_reach;
/// assert_eq!(definition_reach(&"0.77".parse().unwrap(), 1 << 20), 1 << 20);
/// let hex = definition_reach(&"0.f".parse().unwrap(), 1 << 20);
/// assert!((3_000..4_096).contains(&hex), "{hex}");
/// ```
pub fn definition_reach(ruleset: &Ruleset, upto: usize) -> usize {
    let moves = ruleset.moves();
    if moves.max_heaps() < 3 {
        return upto;
    }
    let mut work = 0u64;
    for n in 0..upto {
        work += moves.count_leaves(n as u64);
        if work > limits::MAX_DEFINITION_MOVES {
            return n;
        }
    }
    upto
}

/// One named game of [`onag::heaps::NAMES`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Named {
    /// The name (`kayles`).
    pub name: String,
    /// Its ruleset, printed (`0.77`).
    pub code: String,
    /// Where it is described.
    pub source: String,
}

/// The answer of `GET /heaps/rulesets`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rulesets {
    /// Every named game, in the library's order.
    pub rulesets: Vec<Named>,
}

/// The answer of `GET /heaps/rulesets`.
///
/// # Examples
/// ```
/// let r = onag_api::routes::heaps::rulesets();
/// assert!(r.rulesets.iter().any(|n| n.name == "kayles" && n.code == "0.77"));
/// ```
pub fn rulesets() -> Rulesets {
    Rulesets {
        rulesets: NAMES
            .iter()
            .map(|(name, text, source)| Named {
                name: (*name).to_string(),
                code: text
                    .parse::<Ruleset>()
                    .map_or_else(|_| (*text).to_string(), |r| r.to_string()),
                source: (*source).to_string(),
            })
            .collect(),
    }
}

/// The body of `POST /heaps/values`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ValuesRequest {
    /// The ruleset.
    pub code: String,
    /// How many values: `G(0) … G(count − 1)`, `1..=`[`limits::MAX_HEAP_VALUES`] (with
    /// `misere`, `1..=`[`limits::MAX_MISERE_HEAP_VALUES`]).
    pub count: usize,
    /// Misère play: the genus of each heap instead of its Grundy value (default false).
    #[serde(default)]
    pub misere: bool,
}

/// A checked values request.
#[derive(Clone, Debug)]
pub struct Values {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// How many values.
    pub count: usize,
    /// Misère play.
    pub misere: bool,
}

/// The answer of `POST /heaps/values`, by convention.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum ValuesAnswer {
    /// Normal play: the Grundy values.
    Normal(ValuesReport),
    /// Misère play: the genera.
    Misere(MisereGeneraReport),
}

/// The answer of `POST /heaps/position`, by convention.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum PositionAnswer {
    /// Normal play.
    Normal(PositionReport),
    /// Misère play, with the computer's move.
    Misere(MiserePosition),
}

/// The misère answer of `POST /heaps/position`: the library's report and the computer's move.
#[derive(Clone, Debug, Serialize)]
pub struct MiserePosition {
    /// The report (outcome, genera, every move with its ✓/✗).
    #[serde(flatten)]
    pub report: MiserePositionReport,
    /// The computer's move by the request's strategy (`null` with no move).
    pub computer: Option<MisereHeapMove>,
}

/// The misère answer of `POST /heaps/computer`.
#[derive(Clone, Debug, Serialize)]
pub struct MisereComputerResponse {
    /// The computer's move (`null` when there is no move: the player to move has won).
    #[serde(rename = "move")]
    pub mv: Option<MisereHeapMove>,
}

/// The answer of `POST /heaps/computer`, by convention.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum ComputerAnswer {
    /// Normal play.
    Normal(ComputerResponse),
    /// Misère play.
    Misere(MisereComputerResponse),
}

fn misere_error(e: MisereError) -> ApiError {
    match e {
        MisereError::Stopped => ApiError::stopped("the misère analysis was stopped (time budget)"),
        e @ MisereError::TooManyForms { .. } => ApiError::too_large(format!(
            "this position is beyond the web app's limits: {e} (the command line `onag heaps \
             … --misere --max-forms N` takes larger ones)"
        )),
    }
}

fn misere_play_error(e: MiserePlayError) -> ApiError {
    match e {
        MiserePlayError::Stopped => {
            ApiError::stopped("the misère analysis was stopped (time budget)")
        }
        e @ MiserePlayError::TooLarge { .. } => ApiError::too_large(format!(
            "this position is beyond the web app's limits: {e} (the command line `onag heaps \
             play … --misere --max-forms N` takes larger ones)"
        )),
    }
}

/// The API's means and bounds on a misère heap position of `ruleset`: the quick genus, then
/// its committed quotient where one covers the position ([`crate::known_quotients`]), then a
/// quotient of at most [`limits::MAX_MISERE_QUOTIENT_ORDER`] elements, then the genus within
/// [`limits::MAX_MISERE_FORMS`] forms (the order of `misere_position_with`).
pub fn misere_play(ruleset: &Ruleset) -> MiserePlay<'static> {
    MiserePlay {
        quotient: crate::known_quotients::quotient(ruleset),
        quotient_limits: QuotientLimits {
            max_order: limits::MAX_MISERE_QUOTIENT_ORDER,
            max_candidate: limits::MAX_MISERE_QUOTIENT_CANDIDATE,
        },
        ..MiserePlay::new(limits::MAX_MISERE_FORMS)
    }
}

impl ValuesRequest {
    /// Parses the ruleset and bounds the count.
    pub fn checked(self) -> Result<Values, ApiError> {
        let ruleset = ruleset("code", &self.code)?;
        if self.misere {
            check_range("count", self.count, 1..=limits::MAX_MISERE_HEAP_VALUES)?;
            return Ok(Values {
                ruleset,
                count: self.count,
                misere: true,
            });
        }
        check_range("count", self.count, 1..=limits::MAX_HEAP_VALUES)?;
        let reach = definition_reach(&ruleset, self.count);
        if reach < self.count {
            return Err(ApiError::too_large(format!(
                "{ruleset} has moves that leave three heaps, computed by the definition: \
                 G(n) for n < {reach} at most here ({} moves visited at most); the command \
                 line (`onag heaps values`) computes more",
                limits::MAX_DEFINITION_MOVES
            )));
        }
        Ok(Values {
            ruleset,
            count: self.count,
            misere: false,
        })
    }
}

impl Values {
    /// The values and the rare heaps (with `misere`, the genera within
    /// [`limits::MAX_MISERE_FORMS`] forms), polling `stop`.
    pub fn run(&self, stop: &StopFlag) -> Result<ValuesAnswer, ApiError> {
        if self.misere {
            let last = self.count as u64 - 1;
            return misere_genera(&self.ruleset, last, limits::MAX_MISERE_FORMS, stop)
                .map(ValuesAnswer::Misere)
                .map_err(misere_error);
        }
        values_report(&self.ruleset, self.count, stop)
            .map(ValuesAnswer::Normal)
            .map_err(stopped)
    }
}

/// The body of `POST /heaps/period`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PeriodRequest {
    /// The ruleset.
    pub code: String,
    /// The most heaps the search may compute, `1..=`[`limits::MAX_HEAP_PERIOD_N`] (for a
    /// ruleset with three-heap moves, at most its [`definition_reach`]).
    pub max: usize,
}

/// A checked period request.
#[derive(Clone, Debug)]
pub struct Period {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The cap.
    pub max: usize,
}

impl PeriodRequest {
    /// Parses the ruleset and bounds the cap.
    pub fn checked(self) -> Result<Period, ApiError> {
        let ruleset = ruleset("code", &self.code)?;
        check_range("max", self.max, 1..=limits::MAX_HEAP_PERIOD_N)?;
        // A ruleset with three-heap moves searches only as far as the definition may go; the
        // report's `max_n` says where that is.
        let max = definition_reach(&ruleset, self.max).max(1);
        Ok(Period { ruleset, max })
    }
}

impl Period {
    /// The period search to its end (proof, observed arithmetic periodicity, or the cap),
    /// polling `stop`.
    pub fn run(&self, stop: &StopFlag) -> Result<PeriodReport, ApiError> {
        let mut search = PeriodSearch::new(&self.ruleset, self.max);
        search.run(usize::MAX, stop, &mut |_| {}).map_err(stopped)?;
        Ok(search.report())
    }
}

/// How the computer chooses, as a request says it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StrategyName {
    /// A winning move if there is one, else the move taking the fewest tokens.
    #[default]
    Perfect,
    /// Any move, uniformly (from `seed`).
    Random,
    /// The perfect move with probability `level`/100, else a random one.
    Skill,
}

/// The body of `POST /heaps/position` and `POST /heaps/computer`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PositionRequest {
    /// The ruleset.
    pub code: String,
    /// The heap sizes, at most [`limits::MAX_PLAY_HEAPS`] heaps of `1..=`
    /// [`limits::MAX_PLAY_HEAP`] tokens.
    pub heaps: Vec<u64>,
    /// How the computer chooses (default `perfect`).
    #[serde(default)]
    pub strategy: StrategyName,
    /// For `skill`: how often (in percent, 0–100) it plays the perfect move (default 75).
    #[serde(default)]
    pub level: Option<u8>,
    /// For `random` and `skill`: the seed (the same seed, the same move; default 0).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Misère play (default false).
    #[serde(default)]
    pub misere: bool,
}

/// A checked position: the ruleset, the heaps and the computer's strategy.
#[derive(Clone, Debug)]
pub struct Position {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The heaps.
    pub heaps: Vec<u64>,
    /// How the computer chooses.
    pub strategy: Strategy,
    /// Misère play.
    pub misere: bool,
}

impl PositionRequest {
    /// Parses the ruleset, bounds the heaps and the number of moves the answer lists.
    pub fn checked(self) -> Result<Position, ApiError> {
        let ruleset = ruleset("code", &self.code)?;
        // No heap at all is the end of every game: it has no move.
        check_range(
            "number of heaps",
            self.heaps.len(),
            0..=limits::MAX_PLAY_HEAPS,
        )?;
        for &h in &self.heaps {
            check_range("heap", h, 1..=limits::MAX_PLAY_HEAP)?;
        }
        let moves = ruleset.moves();
        let count: u64 = self.heaps.iter().map(|&h| moves.count_leaves(h)).sum();
        if count > limits::MAX_PLAY_MOVES {
            return Err(ApiError::too_large(format!(
                "this position has {count} moves under {ruleset}; a position may have at most \
                 {} (use fewer or smaller heaps)",
                limits::MAX_PLAY_MOVES
            )));
        }
        let seed = self.seed.unwrap_or(0);
        let strategy = match self.strategy {
            StrategyName::Perfect => Strategy::Perfect,
            StrategyName::Random => Strategy::Random { seed },
            StrategyName::Skill => {
                let level = self.level.unwrap_or(75);
                check_range("level", level, 0..=100)?;
                Strategy::Skill { level, seed }
            }
        };
        Ok(Position {
            ruleset,
            heaps: self.heaps,
            strategy,
            misere: self.misere,
        })
    }
}

/// The answer of `POST /heaps/computer`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputerResponse {
    /// The computer's move (`null` when there is no move: the player to move has lost).
    #[serde(rename = "move")]
    pub mv: Option<MoveReport>,
}

impl Position {
    /// The position report of the request's convention, polling `stop`.
    pub fn run(&self, stop: &StopFlag) -> Result<PositionAnswer, ApiError> {
        Ok(if self.misere {
            PositionAnswer::Misere(self.misere(stop)?)
        } else {
            PositionAnswer::Normal(self.normal(stop)?)
        })
    }

    /// The normal-play report, polling `stop`.
    pub fn normal(&self, stop: &StopFlag) -> Result<PositionReport, ApiError> {
        position_report(&self.ruleset, &self.heaps, self.strategy, stop).map_err(stopped)
    }

    /// The misère report (exact: by the genus within [`limits::MAX_MISERE_FORMS`] forms, or
    /// by a misère quotient — [`misere_play`]) and the computer's move, polling `stop`.
    pub fn misere(&self, stop: &StopFlag) -> Result<MiserePosition, ApiError> {
        let report = misere_position_with(
            &self.ruleset,
            &self.heaps,
            &misere_play(&self.ruleset),
            stop,
        )
        .map_err(misere_play_error)?;
        let computer = misere_computer(&report, self.strategy).map(|i| report.moves[i].clone());
        Ok(MiserePosition { report, computer })
    }

    /// The computer's move alone.
    pub fn computer(&self, stop: &StopFlag) -> Result<ComputerAnswer, ApiError> {
        Ok(if self.misere {
            ComputerAnswer::Misere(MisereComputerResponse {
                mv: self.misere(stop)?.computer,
            })
        } else {
            ComputerAnswer::Normal(ComputerResponse {
                mv: self.normal(stop)?.computer,
            })
        })
    }
}
