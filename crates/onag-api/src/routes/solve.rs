//! `POST /solve` `{"game": "domineering", "position": "....|....", "max_nodes": 1000000}`: who
//! wins a position of any registered game by outcome search
//! ([`onag::games::outcome::named::solve`]: no canonical form, so boards far past the
//! `/game/analyze` table are in reach), with a winning move for each player who wins moving
//! first.
//!
//! The search polls the request's [`StopFlag`] (the server's time budget, the page's Stop):
//! raised, the answer is [`ErrorKind::Stopped`](crate::ErrorKind::Stopped) — 503 with a message
//! on the server. A request may also bound the search by nodes (`max_nodes`, a budget that
//! needs no clock and gives the same answer on every machine): past it the answer is a 200
//! whose `proven` is `false`, with the nodes searched. Positions are bounded
//! ([`limits::MAX_SOLVE_NOTATION_BYTES`]) and so are the tables
//! ([`limits::MAX_SOLVE_TABLE_ENTRIES`], [`limits::SOLVE_DOMINEERING_TABLE_BITS`]).

use std::cell::Cell;
use std::rc::Rc;

use onag::games::analysis::outcome_words;
use onag::games::outcome::named::{solve, SolveOptions};
use onag::games::outcome::{OutcomeLimits, OutcomeReport, SearchProgress};
use onag::games::registry::AnalyzeError;
use onag::partizan::game::GameError;
use onag::StopFlag;
use serde::{Deserialize, Serialize};

use super::RegistryWork;
use crate::limits;
use crate::ApiError;

/// The body of `POST /solve`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SolveRequest {
    /// The game's name (`GET /game/list`).
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
    /// Stop the search after about this many nodes (at least 1) and answer `proven: false`;
    /// absent: search until the request's flag is raised.
    #[serde(default)]
    pub max_nodes: Option<u64>,
}

/// A checked `POST /solve`: a registered game, a position that parses, within the bounds.
#[derive(Clone, Debug)]
pub struct Solve {
    /// The game's name.
    pub game: &'static str,
    /// The position, as the game prints it.
    pub position: String,
    /// The node budget, if any.
    pub max_nodes: Option<u64>,
}

/// Why a search ended without an answer: its node budget ran out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unproven {
    /// Nodes searched when the budget ran out (the solver looks at the budget every few
    /// thousand nodes, so this may pass `max_nodes` a little).
    pub nodes: u64,
    /// The budget.
    pub max_nodes: u64,
    /// The same in words.
    pub message: String,
}

/// The answer of `POST /solve`: the library's [`OutcomeReport`] (its fields at the top level)
/// when the search finished, else why it did not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolveResponse {
    /// The game's name.
    pub game: &'static str,
    /// The position, as the game prints it.
    pub position: String,
    /// Whether the outcome is proven (`false`: the node budget ran out first).
    pub proven: bool,
    /// The outcome in words ("Left wins whoever starts", …), when proven.
    pub outcome_words: Option<&'static str>,
    /// Who wins with Left to move and with Right to move, a winning move for each, nodes.
    #[serde(flatten)]
    pub report: Option<OutcomeReport>,
    /// Why not proven, when not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unproven: Option<Unproven>,
}

/// The outcome search's errors.
const SOLVE: RegistryWork = RegistryWork {
    stopped: "the outcome search was stopped (time budget): not proven",
    command: "solve",
};

impl SolveRequest {
    /// Checks the game, the position's length and notation, and the node budget.
    pub fn checked(self) -> Result<Solve, ApiError> {
        limits::check_notation("position", &self.position)?;
        if self.position.len() > limits::MAX_SOLVE_NOTATION_BYTES {
            return Err(ApiError::bad(format!(
                "'position' is {} bytes; the outcome search takes at most {} (the command line \
                 `onag solve` takes larger ones)",
                self.position.len(),
                limits::MAX_SOLVE_NOTATION_BYTES
            )));
        }
        if self.max_nodes == Some(0) {
            return Err(ApiError::bad("'max_nodes' is 0; it must be at least 1"));
        }
        let (info, position) = SOLVE.position(&self.game, &self.position)?;
        Ok(Solve {
            game: info.name,
            position,
            max_nodes: self.max_nodes,
        })
    }
}

impl Solve {
    /// The outcome, polling `stop` (and reporting the nodes searched through it as progress),
    /// within the node budget and the bounded tables. A spent node budget raises `stop` (the
    /// flag of this one request) to end the search.
    pub fn run(&self, stop: &StopFlag) -> Result<SolveResponse, ApiError> {
        stop.check()
            .map_err(|_| SOLVE.error(AnalyzeError::Game(GameError::Stopped)))?;
        let options = SolveOptions {
            limits: OutcomeLimits {
                max_table_entries: limits::MAX_SOLVE_TABLE_ENTRIES,
                max_value_entries: limits::MAX_SOLVE_TABLE_ENTRIES,
                ..OutcomeLimits::default()
            },
            domineering_table_bits: limits::SOLVE_DOMINEERING_TABLE_BITS,
            // one thread a request: the server's threads serve the other requests
            threads: 1,
        };
        // The node budget is looked at where the solver reports progress (every few thousand
        // nodes); when it is spent the hook raises the request's flag, which every phase of
        // the solver polls, and `spent` says why it was raised.
        let nodes = Rc::new(Cell::new(0u64));
        let spent = Rc::new(Cell::new(false));
        let hook = {
            let (flag, nodes, spent, max) =
                (stop.clone(), nodes.clone(), spent.clone(), self.max_nodes);
            move |p: &SearchProgress| {
                // The nodes searched are the request's progress (the page's worker hears it).
                let _ = flag.advance(p.nodes.saturating_sub(nodes.get()));
                nodes.set(p.nodes);
                if max.is_some_and(|m| p.nodes >= m) && !flag.is_stopped() {
                    spent.set(true);
                    flag.stop();
                }
            }
        };
        match solve(self.game, &self.position, &options, stop, hook) {
            Ok(report) => Ok(SolveResponse {
                game: self.game,
                position: self.position.clone(),
                proven: true,
                outcome_words: Some(outcome_words(report.outcome)),
                report: Some(report),
                unproven: None,
            }),
            Err(AnalyzeError::Game(GameError::Stopped)) if spent.get() => {
                let max_nodes = self.max_nodes.unwrap_or(0);
                Ok(SolveResponse {
                    game: self.game,
                    position: self.position.clone(),
                    proven: false,
                    outcome_words: None,
                    report: None,
                    unproven: Some(Unproven {
                        nodes: nodes.get(),
                        max_nodes,
                        message: format!(
                            "not proven within the budget of {max_nodes} nodes ({} searched)",
                            nodes.get()
                        ),
                    }),
                })
            }
            Err(e) => Err(SOLVE.error(e)),
        }
    }
}
