//! The routes of every registered game, one shape for all (the library's
//! [`onag::games::registry`]):
//!
//! - `GET /game/list`: the games (name, title, family, kind, example, notation, rules);
//! - `POST /game/analyze` `{"game": "domineering", "position": "..|.."}`: the library's
//!   [`AnalysisReport`] (value, outcome, mean, temperature, stops, thermograph, atomic weight,
//!   rcf, components, every move with its value and ✓/✗ and the position after it, the
//!   computer's choice, remoteness where the tree is small);
//! - `POST /game/computer` `{"game", "position", "player": "left", "strength": "perfect" |
//!   "random" | 0.7, "seed": 1}`: the computer's move at that strength.
//!
//! With `"misere": true` (impartial games only) both answer for misère play (the player who
//! cannot move wins): `/game/analyze` gives the library's [`MisereReport`] (misère outcome,
//! genus, canonical form, every move with its ✓/✗), `/game/computer` a misère-perfect move,
//! within [`limits::MAX_MISERE_FORMS`] canonical forms.
//!
//! A page plays a move by analysing the position after it (each move carries its `position`).

use onag::games::analysis::{computer_move, AnalysisReport, Budget, MoveReport, Strength};
use onag::games::registry::{self, GameInfo, Options, GAMES};
use onag::misere::{
    analyze_misere, misere_computer_move, MisereAnalyzeError, MisereError, MisereMove, MisereReport,
};
use onag::partizan::Player;
use onag::StopFlag;
use serde::{Deserialize, Serialize};

use super::RegistryWork;
use crate::limits::{self, check_notation};
use crate::ApiError;

/// The body of `POST /game/analyze`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AnalyzeRequest {
    /// The game's name (`GET /game/list`).
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
    /// Misère play (impartial games only; default false).
    #[serde(default)]
    pub misere: bool,
}

/// A checked request: a registered game and a position that parses.
#[derive(Clone, Debug)]
pub struct Analyze {
    /// The game's name.
    pub game: &'static str,
    /// The position, as the game prints it.
    pub position: String,
    /// Misère play.
    pub misere: bool,
}

/// The answer of `POST /game/analyze`: the normal-play report, or the misère one.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum AnalyzeAnswer {
    /// Normal play.
    Normal(Box<AnalysisReport>),
    /// Misère play.
    Misere(Box<MisereReport>),
}

/// The computer's strength in a request: `"perfect"`, `"random"` or a skill `p` in [0, 1].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum StrengthRequest {
    /// `"perfect"` or `"random"`.
    Named(String),
    /// Perfect with probability `p`, random otherwise.
    Skill(f64),
}

/// The body of `POST /game/computer`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ComputerRequest {
    /// The game's name.
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
    /// Who moves: `"left"` or `"right"` (either, in an impartial game).
    pub player: Player,
    /// The strength (default `"perfect"`).
    #[serde(default)]
    pub strength: Option<StrengthRequest>,
    /// The seed of the random choices (default 0).
    #[serde(default)]
    pub seed: u64,
    /// Misère play (impartial games only; default false).
    #[serde(default)]
    pub misere: bool,
}

/// A checked `POST /game/computer`.
#[derive(Clone, Debug)]
pub struct Computer {
    /// The position.
    pub analyze: Analyze,
    /// Who moves.
    pub player: Player,
    /// The strength.
    pub strength: Strength,
    /// The seed.
    pub seed: u64,
}

/// The answer of `POST /game/computer`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ComputerResponse {
    /// The move (`None` when the player cannot move): its `position` is the position after.
    #[serde(rename = "move")]
    pub chosen: Option<MoveReport>,
    /// Its index in the analysis report's `moves`.
    pub index: Option<usize>,
}

/// The answer of `POST /game/computer` with `"misere": true`: the same shape, the move as the
/// misère report lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MisereComputerResponse {
    /// The move (`None` when there is no move: the player to move has won).
    #[serde(rename = "move")]
    pub chosen: Option<MisereMove>,
    /// Its index in the misère report's `moves`.
    pub index: Option<usize>,
}

/// The answer of `POST /game/computer`, by convention.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ComputerAnswer {
    /// Normal play.
    Normal(ComputerResponse),
    /// Misère play.
    Misere(MisereComputerResponse),
}

fn misere_error(e: MisereAnalyzeError) -> ApiError {
    match e {
        MisereAnalyzeError::Misere(MisereError::Stopped) => {
            ApiError::stopped("the misère analysis was stopped (time budget)")
        }
        MisereAnalyzeError::Misere(e @ MisereError::TooManyForms { .. }) => {
            ApiError::too_large(format!(
                "this position is beyond the web app's limits: {e} (the command line `onag \
                 game … --misere --max-forms N` takes larger ones)"
            ))
        }
        other => ApiError::bad(other.to_string()),
    }
}

/// The analysis's errors.
const ANALYZE: RegistryWork = RegistryWork {
    stopped: "the analysis was stopped (time budget)",
    command: "game",
};

impl AnalyzeRequest {
    /// Checks the game and parses the position.
    pub fn checked(self) -> Result<Analyze, ApiError> {
        check_notation("position", &self.position)?;
        let (info, position) = ANALYZE.position(&self.game, &self.position)?;
        if self.misere && info.kind != onag::games::analysis::GameKind::Impartial {
            return Err(misere_error(MisereAnalyzeError::NotImpartial(info.name)));
        }
        Ok(Analyze {
            game: info.name,
            position,
            misere: self.misere,
        })
    }
}

impl Analyze {
    /// The report of the request's convention, polling `stop`.
    pub fn run(&self, stop: &StopFlag) -> Result<AnalyzeAnswer, ApiError> {
        Ok(if self.misere {
            AnalyzeAnswer::Misere(Box::new(self.misere(stop)?))
        } else {
            AnalyzeAnswer::Normal(Box::new(self.normal(stop)?))
        })
    }

    /// The misère report, within [`limits::MAX_MISERE_FORMS`] forms, polling `stop`.
    pub fn misere(&self, stop: &StopFlag) -> Result<MisereReport, ApiError> {
        analyze_misere(self.game, &self.position, limits::MAX_MISERE_FORMS, stop)
            .map_err(misere_error)
    }

    /// The normal-play report, within [`limits::MAX_GAME_TABLE_ENTRIES`] and
    /// [`limits::MAX_GAME_REMOTENESS`], polling `stop`.
    pub fn normal(&self, stop: &StopFlag) -> Result<AnalysisReport, ApiError> {
        let options = Options {
            budget: Budget {
                max_table_entries: limits::MAX_GAME_TABLE_ENTRIES,
                remoteness_positions: limits::MAX_GAME_REMOTENESS,
            },
        };
        registry::analyze(self.game, &self.position, &options, stop).map_err(|e| ANALYZE.error(e))
    }
}

impl ComputerRequest {
    /// Checks the game, the position and the strength.
    pub fn checked(self) -> Result<Computer, ApiError> {
        let strength = match self.strength {
            None => Strength::Perfect,
            Some(StrengthRequest::Named(s)) if s == "perfect" => Strength::Perfect,
            Some(StrengthRequest::Named(s)) if s == "random" => Strength::Random,
            Some(StrengthRequest::Skill(p)) if (0.0..=1.0).contains(&p) => Strength::Skill(p),
            Some(other) => {
                return Err(ApiError::bad(format!(
                "'strength' is {}; it must be \"perfect\", \"random\" or a number between 0 and 1",
                serde_json::to_string(&other).unwrap_or_default()
            )))
            }
        };
        let analyze = AnalyzeRequest {
            game: self.game,
            position: self.position,
            misere: self.misere,
        }
        .checked()?;
        Ok(Computer {
            analyze,
            player: self.player,
            strength,
            seed: self.seed,
        })
    }
}

impl Computer {
    /// The computer's move, polling `stop`.
    pub fn run(&self, stop: &StopFlag) -> Result<ComputerAnswer, ApiError> {
        if self.analyze.misere {
            let report = self.analyze.misere(stop)?;
            let index = misere_computer_move(&report, self.strength, self.seed);
            return Ok(ComputerAnswer::Misere(MisereComputerResponse {
                chosen: index.map(|i| report.moves[i].clone()),
                index,
            }));
        }
        let report = self.analyze.normal(stop)?;
        let index = computer_move(&report, self.player, self.strength, self.seed);
        Ok(ComputerAnswer::Normal(ComputerResponse {
            chosen: index.map(|i| report.moves[i].clone()),
            index,
        }))
    }
}

/// The answer of `GET /game/list`.
#[derive(Clone, Debug, Serialize)]
pub struct GameList {
    /// Every registered game.
    pub games: &'static [GameInfo],
}

/// `GET /game/list`.
pub fn list() -> GameList {
    GameList { games: GAMES }
}
