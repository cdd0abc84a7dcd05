//! Toads and Frogs: `POST /api/toads/analyze` gives the value of a board (canonical form,
//! outcome, mean, temperature, stops, the reduced form "integer + parts", the thermograph as
//! SVG and breakpoints) and every move of both players with the value after it, its ✓/✗ mark
//! and the computer's choice. Values can take long on hard boards, so the work runs within the
//! time budget and stops through the solver's [`StopFlag`](onag::StopFlag).

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use onag::games::toads_and_frogs::{reduce, Board, Move, Solver};
use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::{GameError, GameId};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::thermograph::Thermographs;
use onag::partizan::{Outcome, Player};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::server::body::Body;
use crate::server::error::{ApiError, ApiResult};
use crate::server::limits::{self, check_notation};
use crate::server::AppState;

/// The Toads-and-Frogs routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/toads/analyze", post(analyze))
}

#[derive(Deserialize)]
struct AnalyzeRequest {
    board: String,
}

fn game_error(e: GameError) -> ApiError {
    match e {
        GameError::Stopped => ApiError::busy("the analysis was stopped (time budget)"),
        other => ApiError::too_large(format!("this board is beyond the engine's limits: {other}")),
    }
}

/// Parses and bounds a board: the web app takes at most [`limits::MAX_TOADS_SQUARES`] squares.
fn parse_board(text: &str) -> ApiResult<Board> {
    check_notation("board", text)?;
    let board: Board = text
        .parse()
        .map_err(|e| ApiError::bad(format!("board: {e}")))?;
    if board.len() > limits::MAX_TOADS_SQUARES {
        return Err(ApiError::bad(format!(
            "the board has {} squares; the web app takes at most {} (the command line \
             `onag toads` takes longer boards)",
            board.len(),
            limits::MAX_TOADS_SQUARES
        )));
    }
    Ok(board)
}

fn outcome_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::L => "Left (toads) wins whoever starts",
        Outcome::R => "Right (frogs) wins whoever starts",
        Outcome::P => "the second player wins",
        Outcome::N => "the first player wins",
    }
}

fn player_name(player: Player) -> &'static str {
    match player {
        Player::Left => "left",
        Player::Right => "right",
    }
}

/// Everything shown about one value.
struct Shown {
    value: String,
    ascii: String,
    mean: Dyadic,
    temperature: Dyadic,
    outcome: Outcome,
}

struct Analyst {
    solver: Solver,
    thermographs: Thermographs,
}

impl Analyst {
    fn show(&mut self, g: GameId) -> Result<Shown, GameError> {
        let outcome = self.solver.arena_mut().outcome(g);
        let arena = self.solver.arena();
        let th = self.thermographs.get(arena, g)?;
        Ok(Shown {
            value: name(arena, g, NameStyle::Unicode),
            ascii: name(arena, g, NameStyle::Ascii),
            mean: th.mean(),
            temperature: th.temperature(),
            outcome,
        })
    }
}

/// A move wins for its player when the opponent, moving next, loses: the value after it is
/// ≥ 0 for Left (outcome L or P) and ≤ 0 for Right (R or P).
fn wins_for(player: Player, after: Outcome) -> bool {
    matches!(
        (player, after),
        (Player::Left, Outcome::L | Outcome::P) | (Player::Right, Outcome::R | Outcome::P)
    )
}

fn analyze_board(board: &Board, stop: &onag::StopFlag) -> ApiResult<Value> {
    let mut analyst = Analyst {
        solver: Solver::new(),
        thermographs: Thermographs::new(),
    };
    let g = analyst
        .solver
        .value_with_stop(board, stop)
        .map_err(game_error)?;
    let shown = analyst.show(g).map_err(game_error)?;
    // Siegel, CGT §II.6–II.7: null when the value is not all-small
    let arena = analyst.solver.arena_mut();
    let atomic_weight = match arena.atomic_weight(g) {
        Ok(w) => Some(name(arena, w, NameStyle::Unicode)),
        Err(GameError::Undefined(_)) => None,
        Err(e) => return Err(game_error(e)),
    };
    let rcf = arena.reduced_canonical_form(g).map_err(game_error)?;
    let reduced_canonical_form = name(arena, rcf, NameStyle::Unicode);
    let th = analyst
        .thermographs
        .get(analyst.solver.arena(), g)
        .map_err(game_error)?;
    let (left_wall, right_wall) = th.points();
    let pairs = |points: Vec<(Dyadic, Dyadic)>| -> Vec<(String, String)> {
        points
            .into_iter()
            .map(|(t, x)| (t.to_string(), x.to_string()))
            .collect()
    };
    let thermograph = json!({
        "svg": th.to_svg(),
        "left": pairs(left_wall),
        "right": pairs(right_wall),
        "left_stop": th.left_stop().to_string(),
        "right_stop": th.right_stop().to_string(),
    });

    let reduced = reduce(board);
    let mut parts = Vec::new();
    for part in &reduced.parts {
        let v = analyst.solver.part_value(part).map_err(game_error)?;
        parts.push(json!({
            "board": part.run_length(true),
            "value": name(analyst.solver.arena(), v, NameStyle::Unicode),
        }));
    }

    let mut moves = Vec::new();
    let mut best: [Option<(usize, bool, Dyadic)>; 2] = [None, None];
    for (slot, player) in [Player::Left, Player::Right].into_iter().enumerate() {
        for Move { from, to } in board.moves(player) {
            stop.check().map_err(|_| game_error(GameError::Stopped))?;
            let after = board.play(Move { from, to });
            let v = analyst
                .solver
                .value_with_stop(&after, stop)
                .map_err(game_error)?;
            let s = analyst.show(v).map_err(game_error)?;
            let winning = wins_for(player, s.outcome);
            // The computer: a winning move if any, and among those the best mean for the mover.
            let better = match best[slot] {
                None => true,
                Some((_, w, mean)) => {
                    (winning, player_score(player, s.mean)) > (w, player_score(player, mean))
                }
            };
            if better {
                best[slot] = Some((moves.len(), winning, s.mean));
            }
            moves.push(json!({
                "player": player_name(player),
                "from": from,
                "to": to,
                "board": after.run_length(true),
                "squares": after.to_string(),
                "value": s.value,
                "mean": s.mean.to_string(),
                "temperature": s.temperature.to_string(),
                "winning": winning,
            }));
        }
    }

    Ok(json!({
        "board": board.to_string(),
        "notation": board.run_length(true),
        "length": board.len(),
        "value": shown.value,
        "value_ascii": shown.ascii,
        "outcome": shown.outcome.to_string(),
        "outcome_words": outcome_words(shown.outcome),
        "mean": shown.mean.to_string(),
        "temperature": shown.temperature.to_string(),
        "reduced": { "integer": reduced.integer, "parts": parts },
        "atomic_weight": atomic_weight,
        "reduced_canonical_form": reduced_canonical_form,
        "thermograph": thermograph,
        "moves": moves,
        "computer": { "left": best[0].map(|b| b.0), "right": best[1].map(|b| b.0) },
    }))
}

/// Orders means from the mover's point of view (Left likes large, Right small).
fn player_score(player: Player, mean: Dyadic) -> std::cmp::Reverse<Dyadic> {
    match player {
        Player::Left => std::cmp::Reverse(mean.checked_neg().unwrap_or(mean)),
        Player::Right => std::cmp::Reverse(mean),
    }
}

async fn analyze(
    State(state): State<AppState>,
    Body(req): Body<AnalyzeRequest>,
) -> ApiResult<Json<Value>> {
    let board = parse_board(&req.board)?;
    state
        .budget
        .run("the analysis of this board", move |stop| {
            analyze_board(&board, stop).map(Json)
        })
        .await
}
