//! The loopy games' play routes: `GET /loopy/list` (the registry of loopy games with their page
//! data), `POST /loopy/position` (a position with the player to move: the outcome with draws,
//! the remoteness, the loopy value where it is small enough, every move with its result for the
//! mover, the computer's choice) and `POST /loopy/computer` (that choice alone).
//!
//! The game graph reachable from a position is solved once (exploration and retrograde
//! analysis: [`onag::loopy::games::registry`]) and kept: every later position of the same game
//! is answered from it, so a game costs one analysis, not one per move. Bounds: at most
//! [`limits::MAX_LOOPY_PLAY_POSITIONS`] positions (Fox and Geese on 8 × 8 from the start has
//! 966,123), the value only where at most [`limits::MAX_LOOPY_VALUE_POSITIONS`] positions are
//! reachable, and the request's time budget.

use std::sync::{Arc, Mutex};

use onag::loopy::games::registry::{
    lookup, LoopyGameInfo, LoopyMove, LoopyPlayError, LoopyPlayReport, SolvedGame, LOOPY_GAMES,
};
use onag::loopy::outcome::Result3;
use onag::loopy::LoopyError;
use onag::partizan::Player;
use onag::StopFlag;
use serde::{Deserialize, Serialize};

use crate::limits::{self, check_notation};
use crate::ApiError;

/// The answer of `GET /loopy/list` (shaped as `GET /game/list`'s).
#[derive(Clone, Debug, Serialize)]
pub struct LoopyList {
    /// Every loopy game a page plays.
    pub games: Vec<LoopyGameInfo>,
}

/// `GET /loopy/list`: every loopy game a page plays.
pub fn list() -> LoopyList {
    LoopyList {
        games: LOOPY_GAMES.to_vec(),
    }
}

/// The body of `POST /loopy/position` and `POST /loopy/computer`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PositionRequest {
    /// The loopy game's registry name (`fox-and-geese`, `backsliding-toads`, `hare-and-hounds`,
    /// `wind-up`).
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
    /// The player to move (`"left"` or `"right"`; default Left).
    #[serde(default = "left")]
    pub to_move: Player,
}

fn left() -> Player {
    Player::Left
}

/// A checked request: a registered game and a position in its notation.
#[derive(Clone, Debug)]
pub struct Position {
    game: &'static str,
    position: String,
    to_move: Player,
}

fn play_error(e: LoopyPlayError) -> ApiError {
    match e {
        LoopyPlayError::UnknownGame(_) | LoopyPlayError::Position { .. } => {
            ApiError::bad(e.to_string())
        }
        LoopyPlayError::Loopy(e) => loopy_error(e),
    }
}

fn loopy_error(e: LoopyError) -> ApiError {
    match e {
        LoopyError::Stopped => ApiError::stopped("the loopy analysis was stopped (time budget)"),
        LoopyError::TooLarge(_) => ApiError::too_large(format!(
            "this position reaches more than {} positions, more than the web app solves; \
             `onag loopy` solves it natively",
            limits::MAX_LOOPY_PLAY_POSITIONS
        )),
        e => ApiError::bad(e.to_string()),
    }
}

impl PositionRequest {
    /// Checks the game's name and the position's notation.
    pub fn checked(self) -> Result<Position, ApiError> {
        check_notation("position", &self.position)?;
        let engine = lookup(&self.game).map_err(play_error)?;
        let position = engine.check(&self.position).map_err(play_error)?;
        let game = LOOPY_GAMES
            .iter()
            .find(|g| g.name == self.game)
            .map(|g| g.name)
            .ok_or_else(|| play_error(LoopyPlayError::UnknownGame(self.game.clone())))?;
        Ok(Position {
            game,
            position,
            to_move: self.to_move,
        })
    }
}

/// The last game graph solved: every position reachable from its root, so it answers for
/// every later position of a game started there.
static SOLVED: Mutex<Option<Arc<Box<dyn SolvedGame>>>> = Mutex::new(None);

/// The answer of `POST /loopy/computer`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputerResponse {
    /// The index of the move among the position's moves (`POST /loopy/position`'s order);
    /// `null` when the player to move has none.
    pub index: Option<usize>,
    /// The move.
    #[serde(rename = "move")]
    pub chosen: Option<LoopyMove>,
    /// The mover's result with perfect play.
    pub result: Result3,
    /// The verdict in a sentence.
    pub verdict: String,
}

impl Position {
    /// The position's report, from the kept game graph when it holds the position, else from
    /// a new one solved here (which is then kept).
    pub fn run(&self, stop: &StopFlag) -> Result<LoopyPlayReport, ApiError> {
        let kept = SOLVED
            .lock()
            .ok()
            .and_then(|c| c.clone())
            .filter(|s| s.game() == self.game && s.vertex(&self.position).is_some());
        let solved = match kept {
            Some(s) => s,
            None => {
                let s = Arc::new(
                    lookup(self.game)
                        .map_err(play_error)?
                        .solve(&self.position, limits::MAX_LOOPY_PLAY_POSITIONS, stop)
                        .map_err(play_error)?,
                );
                if let Ok(mut c) = SOLVED.lock() {
                    *c = Some(Arc::clone(&s));
                }
                s
            }
        };
        let v = solved
            .vertex(&self.position)
            .ok_or_else(|| ApiError::bad("the position is not in its own game graph"))?;
        solved
            .report(v, self.to_move, limits::MAX_LOOPY_VALUE_POSITIONS, stop)
            .map_err(loopy_error)
    }

    /// The computer's move: the quickest win, else a move keeping the draw, else the slowest
    /// loss.
    pub fn computer(&self, stop: &StopFlag) -> Result<ComputerResponse, ApiError> {
        let r = self.run(stop)?;
        Ok(ComputerResponse {
            index: r.computer,
            chosen: r.computer.map(|i| r.moves[i].clone()),
            result: r.result,
            verdict: r.verdict,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(route: &str, body: &str) -> Result<serde_json::Value, ApiError> {
        crate::dispatch(route, body.as_bytes(), &StopFlag::new())
            .map(|b| serde_json::from_slice(&b).unwrap())
    }

    #[test]
    fn a_position_has_its_outcome_moves_and_value() {
        let r = ask(
            "/loopy/position",
            r#"{"game": "backsliding-toads", "position": "T.F", "to_move": "left"}"#,
        )
        .unwrap();
        assert_eq!(r["value"], "0");
        assert_eq!(r["outcome_words"], "the second player wins");
        assert_eq!(r["winner"], "right");
        // toads and frogs that have passed each other shuffle for ever: a draw
        let r = ask(
            "/loopy/position",
            r#"{"game": "backsliding-toads", "position": "FF..TT", "to_move": "right"}"#,
        )
        .unwrap();
        assert_eq!(r["outcome_words"], "a draw whoever starts");
        assert_eq!(r["winner"], serde_json::Value::Null);
        assert_eq!(r["result"], "draw");
        assert!(r["verdict"].as_str().unwrap().starts_with("a draw"));
        assert!(r["moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["result"] == "draw"));
        let r = ask(
            "/loopy/position",
            r#"{"game": "fox-and-geese", "position": "F.../..../..../.G.G", "to_move": "right"}"#,
        )
        .unwrap();
        // 4 × 4 from the start is `over` (the library's doc-test): the geese win.
        assert_eq!(r["value"], "over");
        assert_eq!(r["winner"], "left");
        assert_eq!(
            r["verdict"].as_str().unwrap().split(' ').next(),
            Some("Left")
        );
        for m in r["moves"].as_array().unwrap() {
            assert_eq!(m["result"], "loss");
        }
    }

    #[test]
    fn the_new_loopy_games_answer_their_examples_and_presets() {
        // the two games whose presets answer quickly with their values (the others' larger
        // presets are sidled for seconds; the registry's tests solve them without values)
        for g in LOOPY_GAMES
            .iter()
            .filter(|g| matches!(g.name, "hare-and-hounds" | "wind-up"))
        {
            for p in std::iter::once(g.example).chain(g.page.presets.iter().map(|p| p.position)) {
                let body = serde_json::json!({"game": g.name, "position": p, "to_move": "right"});
                let r = ask("/loopy/position", &body.to_string()).unwrap();
                assert_eq!(r["game"], g.name);
                assert!(r["moves"].is_array(), "{} {p}", g.name);
            }
        }
    }

    #[test]
    fn hare_and_hounds_and_wind_up_answer() {
        // the hounds win whoever starts (`onag loopy hare-and-hounds start`)
        let r = ask(
            "/loopy/position",
            r#"{"game": "hare-and-hounds", "position": "H../H...R/H..", "to_move": "right"}"#,
        )
        .unwrap();
        assert_eq!(
            (&r["winner"], &r["outcome_text"]),
            (&"left".into(), &"L".into())
        );
        // its value from the start (13,149 positions, past the per-move bound: a stopper
        // graph, valued by components), as `onag loopy hare-and-hounds start` prints it
        assert_eq!(r["value"], "over", "{}", r["value_note"]);
        // the count of stalling moves travels with the position
        let r = ask(
            "/loopy/position",
            r#"{"game": "hare-and-hounds", "position": ".../HH..R/H.. 9", "to_move": "left"}"#,
        )
        .unwrap();
        assert_eq!(r["position"], ".../HH..R/H.. 9");
        // Wind-Up: Smith's loopy nim-values, for the position and after each move
        let r = ask(
            "/loopy/position",
            r#"{"game": "wind-up", "position": "7:2,3:1", "to_move": "left"}"#,
        )
        .unwrap();
        assert_eq!((&r["value"], &r["result"]), (&"∞{0}".into(), &"win".into()));
        assert!(r["moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["value"] == "0" && m["result"] == "win"));
        let status = |body: &str| ask("/loopy/position", body).unwrap_err().kind.status();
        assert_eq!(status(r#"{"game": "wind-up", "position": "7:2,3:9"}"#), 400);
        assert_eq!(
            status(r#"{"game": "hare-and-hounds", "position": "H../H...R/H.. 12"}"#),
            400
        );
    }

    #[test]
    fn the_computer_wins_when_it_can() {
        let r = ask(
            "/loopy/computer",
            r#"{"game": "fox-and-geese", "position": "F.../..../..../.G.G", "to_move": "left"}"#,
        )
        .unwrap();
        assert_eq!(r["result"], "win");
        assert_eq!(r["move"]["result"], "win");
    }

    #[test]
    fn bad_requests_are_4xx() {
        let status = |body: &str| ask("/loopy/position", body).unwrap_err().kind.status();
        assert_eq!(status(r#"{"game": "chess", "position": "T.F"}"#), 400);
        assert_eq!(
            status(r#"{"game": "fox-and-geese", "position": "FG../..../..../.G.G"}"#),
            400
        );
        assert_eq!(
            // a body that does not fit the request's shape, as every route answers it
            status(r#"{"game": "backsliding-toads", "position": "T.F", "to_move": "up"}"#),
            422
        );
        let long = format!(
            r#"{{"game": "backsliding-toads", "position": "{}"}}"#,
            "T".repeat(5000)
        );
        assert_eq!(status(&long), 400);
        // every route of this family is listed
        let list = ask("/loopy/list", "").unwrap();
        assert_eq!(list["games"].as_array().unwrap().len(), LOOPY_GAMES.len());
    }

    #[test]
    fn too_many_positions_is_422() {
        let stop = StopFlag::new();
        let e = lookup("backsliding-toads")
            .unwrap()
            .solve("TTTT............FFFF", 10, &stop)
            .map_err(play_error)
            .err()
            .unwrap();
        assert_eq!(e.kind.status(), 422);
    }
}
