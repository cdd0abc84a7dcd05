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
//! A page plays a move by analysing the position after it (each move carries its `position`).

use onag::games::analysis::{computer_move, AnalysisReport, Budget, MoveReport, Strength};
use onag::games::registry::{self, AnalyzeError, GameInfo, Options, GAMES};
use onag::partizan::game::GameError;
use onag::partizan::Player;
use onag::StopFlag;
use serde::{Deserialize, Serialize};

use crate::limits::{self, check_notation};
use crate::ApiError;

/// The body of `POST /game/analyze`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AnalyzeRequest {
    /// The game's name (`GET /game/list`).
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
}

/// A checked request: a registered game and a position that parses.
#[derive(Clone, Debug)]
pub struct Analyze {
    /// The game's name.
    pub game: &'static str,
    /// The position, as the game prints it.
    pub position: String,
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

fn analyze_error(e: AnalyzeError) -> ApiError {
    match e {
        AnalyzeError::Game(GameError::Stopped) => {
            ApiError::stopped("the analysis was stopped (time budget)")
        }
        AnalyzeError::Game(other) => ApiError::too_large(format!(
            "this position is beyond the web app's limits: {other} (the command line `onag \
             game` takes larger ones)"
        )),
        other => ApiError::bad(other.to_string()),
    }
}

impl AnalyzeRequest {
    /// Checks the game and parses the position.
    pub fn checked(self) -> Result<Analyze, ApiError> {
        check_notation("position", &self.position)?;
        let info = registry::game(&self.game).ok_or_else(|| {
            analyze_error(AnalyzeError::UnknownGame(
                self.game.chars().take(40).collect(),
            ))
        })?;
        let position = registry::check(info.name, &self.position).map_err(analyze_error)?;
        Ok(Analyze {
            game: info.name,
            position,
        })
    }
}

impl Analyze {
    /// The report, within [`limits::MAX_GAME_TABLE_ENTRIES`] and [`limits::MAX_GAME_REMOTENESS`],
    /// polling `stop`.
    pub fn run(&self, stop: &StopFlag) -> Result<AnalysisReport, ApiError> {
        let options = Options {
            budget: Budget {
                max_table_entries: limits::MAX_GAME_TABLE_ENTRIES,
                remoteness_positions: limits::MAX_GAME_REMOTENESS,
            },
        };
        registry::analyze(self.game, &self.position, &options, stop).map_err(analyze_error)
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
    pub fn run(&self, stop: &StopFlag) -> Result<ComputerResponse, ApiError> {
        let report = self.analyze.run(stop)?;
        let index = computer_move(&report, self.player, self.strength, self.seed);
        Ok(ComputerResponse {
            chosen: index.map(|i| report.moves[i].clone()),
            index,
        })
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
