//! `POST /game/strong` `{"game": "domineering", "position": "........|…", "player": "left",
//! "seconds": 2}`: the strong computer's move in a position of any registered game, by
//! iterative-deepening search on the outcome solver's sums
//! ([`onag::games::outcome::named::best_move`]) within the seconds — for boards past the
//! canonical forms of `/game/analyze` (8×8 Domineering, 6×6–8×8 Clobber and Konane).
//!
//! The answer is the library's [`StrongReport`] (every move of the player with `winning`
//! `true`/`false` where proven, `null` where not; the chosen `index`; `proven` and
//! `mover_wins`; the `depth` reached; the nodes) beside the game, the position and the
//! seconds granted. The seconds are this route's own budget: when they are spent the search
//! answers with its deepest completed iteration (a 200). The request's flag (the server's
//! time budget, the page's Stop) still stops it with a 503, so a server trial never answers
//! with a shallower search than the seconds allow.

use std::cell::Cell;
use std::rc::Rc;

use onag::games::outcome::named::best_move;
use onag::games::outcome::strong::{StrongOptions, StrongReport};
use onag::games::outcome::SearchProgress;
use onag::games::registry::AnalyzeError;
use onag::partizan::game::GameError;
use onag::partizan::Player;
use onag::StopFlag;
use serde::{Deserialize, Serialize};

use super::RegistryWork;
use crate::{clock, limits, ApiError};

/// The body of `POST /game/strong`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StrongRequest {
    /// The game's name (`GET /game/list`).
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
    /// Who moves: `"left"` or `"right"` (either, in an impartial game).
    pub player: Player,
    /// Seconds of search (more than 0, at most [`limits::MAX_STRONG_SECONDS`]; default
    /// [`limits::DEFAULT_STRONG_SECONDS`]).
    #[serde(default)]
    pub seconds: Option<f64>,
}

/// A checked `POST /game/strong`.
#[derive(Clone, Debug)]
pub struct Strong {
    /// The game's name.
    pub game: &'static str,
    /// The position, as the game prints it.
    pub position: String,
    /// Who moves.
    pub player: Player,
    /// Seconds of search.
    pub seconds: f64,
}

/// The answer of `POST /game/strong`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StrongResponse {
    /// The game's name.
    pub game: &'static str,
    /// The position, as the game prints it.
    pub position: String,
    /// The seconds granted.
    pub seconds: f64,
    /// The move, what was proven, the depth.
    #[serde(flatten)]
    pub report: StrongReport,
}

const STRONG: RegistryWork = RegistryWork {
    stopped: "the strong computer's search was stopped (time budget)",
    command: "solve",
};

impl StrongRequest {
    /// Checks the game, the position and the seconds.
    pub fn checked(self) -> Result<Strong, ApiError> {
        limits::check_notation("position", &self.position)?;
        if self.position.len() > limits::MAX_STRONG_NOTATION_BYTES {
            return Err(ApiError::bad(format!(
                "'position' is {} bytes; the strong computer takes at most {}",
                self.position.len(),
                limits::MAX_STRONG_NOTATION_BYTES
            )));
        }
        let seconds = self.seconds.unwrap_or(limits::DEFAULT_STRONG_SECONDS);
        if !(seconds > 0.0 && seconds <= limits::MAX_STRONG_SECONDS) {
            return Err(ApiError::bad(format!(
                "'seconds' is {seconds}; it must be more than 0 and at most {}",
                limits::MAX_STRONG_SECONDS
            )));
        }
        let (info, position) = STRONG.position(&self.game, &self.position)?;
        Ok(Strong {
            game: info.name,
            position,
            player: self.player,
            seconds,
        })
    }
}

impl Strong {
    /// The strong computer's move within the seconds; the request's `stop` raised is a 503.
    pub fn run(&self, stop: &StopFlag) -> Result<StrongResponse, ApiError> {
        let stopped = || STRONG.error(AnalyzeError::Game(GameError::Stopped));
        stop.check().map_err(|_| stopped())?;
        // The search's own flag: raised when the seconds are spent (or, without a clock,
        // the nodes they stand for) or when the request's flag is.
        let search = StopFlag::new();
        let start = clock::now_ms();
        let budget_ms = self.seconds * 1000.0;
        let max_nodes = (self.seconds * limits::STRONG_NODES_PER_SECOND) as u64;
        let done = Rc::new(Cell::new(0u64));
        let hook = {
            let (outer, search, done) = (stop.clone(), search.clone(), done.clone());
            move |p: &SearchProgress| {
                let _ = outer.advance(p.nodes.saturating_sub(done.get()));
                done.set(p.nodes);
                let spent = match (start, clock::now_ms()) {
                    (Some(a), Some(b)) => b - a >= budget_ms,
                    _ => p.nodes >= max_nodes,
                };
                if spent || outer.is_stopped() {
                    search.stop();
                }
            }
        };
        let report = best_move(
            self.game,
            &self.position,
            self.player,
            &StrongOptions::default(),
            &search,
            hook,
        )
        .map_err(|e| STRONG.error(e))?;
        if stop.is_stopped() {
            return Err(stopped());
        }
        Ok(StrongResponse {
            game: self.game,
            position: self.position.clone(),
            seconds: self.seconds,
            report,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(game: &str, position: &str, seconds: Option<f64>) -> StrongRequest {
        StrongRequest {
            game: game.into(),
            position: position.into(),
            player: Player::Left,
            seconds,
        }
    }

    #[test]
    fn a_small_board_is_proven() {
        let r = request("domineering", "....|....|....|....", None)
            .checked()
            .unwrap()
            .run(&StopFlag::new())
            .unwrap();
        assert!(r.report.proven);
        assert_eq!(r.report.mover_wins, Some(true)); // 4×4: first player wins
        let i = r.report.index.unwrap();
        assert_eq!(r.report.moves[i].winning, Some(true));
    }

    #[test]
    fn eight_by_eight_answers_within_the_seconds() {
        let board = ["........"; 8].join("|");
        let started = std::time::Instant::now();
        let r = request("domineering", &board, Some(0.3))
            .checked()
            .unwrap()
            .run(&StopFlag::new())
            .unwrap();
        assert!(started.elapsed().as_secs_f64() < 0.3 + 2.0);
        assert!(!r.report.proven);
        assert!(r.report.index.is_some() && r.report.depth >= 1);
    }

    #[test]
    fn bounds_are_checked() {
        for s in [0.0, -1.0, limits::MAX_STRONG_SECONDS + 1.0, f64::NAN] {
            assert!(
                request("domineering", "..", Some(s)).checked().is_err(),
                "{s}"
            );
        }
        let long = ["............"; 13].join("|");
        assert!(request("domineering", &long, None).checked().is_err());
        assert!(request("chess", "..", None).checked().is_err());
    }

    #[test]
    fn a_raised_request_flag_is_a_503() {
        let stop = StopFlag::new();
        stop.stop();
        let e = request("domineering", "..|..", None)
            .checked()
            .unwrap()
            .run(&stop)
            .unwrap_err();
        assert_eq!(e.kind, crate::ErrorKind::Stopped);
    }
}
