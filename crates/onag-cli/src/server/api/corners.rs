//! Turning Corners: `POST /api/corners/position` (values a ⊗ b, the XOR of the heads coins and,
//! for a chosen coin, every move with its ✓/✗ mark) and `POST /api/corners/computer`.

use std::collections::BTreeSet;

use axum::routing::post;
use axum::{Json, Router};
use onag::games::turning_corners::{Coin, MarkedMove, Move, TurningCorners};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::server::body::Body;
use crate::server::error::{ApiError, ApiResult};
use crate::server::limits::{self, check_range};
use crate::server::AppState;

/// The Turning Corners routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/corners/position", post(position))
        .route("/corners/computer", post(computer))
}

#[derive(Deserialize)]
struct PositionRequest {
    n: usize,
    heads: Vec<(usize, usize)>,
    #[serde(default)]
    coin: Option<(usize, usize)>,
}

/// Validates an n×n board; a coin listed twice is rejected (the page never sends one, so it
/// signals a confused client rather than a position).
fn board(n: usize, heads: &[(usize, usize)]) -> ApiResult<TurningCorners> {
    check_range(
        "n",
        n,
        *limits::CORNERS_SIDES.start()..=*limits::CORNERS_SIDES.end(),
    )?;
    if heads.len() > n * n {
        return Err(ApiError::bad(format!(
            "more heads coins than the {n}×{n} board holds"
        )));
    }
    let mut seen = BTreeSet::new();
    for &coin in heads {
        if !seen.insert(coin) {
            return Err(ApiError::bad(format!(
                "coin ({}, {}) is listed twice",
                coin.0, coin.1
            )));
        }
    }
    let coins: Vec<Coin> = heads.iter().map(|&(a, b)| Coin::new(a, b)).collect();
    TurningCorners::from_heads(n, n, &coins).map_err(|e| ApiError::bad(e.to_string()))
}

fn move_json(mv: Move, winning: bool) -> Value {
    let flips: Vec<(usize, usize)> = mv.turned().into_iter().map(|c| (c.row, c.col)).collect();
    json!({
        "coin": (mv.coin.row, mv.coin.col),
        "corner": (mv.corner.row, mv.corner.col),
        "flips": flips,
        "winning": winning,
    })
}

async fn position(Body(req): Body<PositionRequest>) -> ApiResult<Json<Value>> {
    let game = board(req.n, &req.heads)?;
    let values: Vec<Vec<u64>> = (1..=req.n)
        .map(|a| (1..=req.n).map(|b| Coin::new(a, b).value()).collect())
        .collect();
    let moves: Vec<Value> = match req.coin {
        None => Vec::new(),
        Some((a, b)) if game.is_heads(Coin::new(a, b)) => game
            .moves_from(Coin::new(a, b))
            .into_iter()
            .map(|MarkedMove { mv, wins }| move_json(mv, wins))
            .collect(),
        Some((a, b)) => {
            return Err(ApiError::bad(format!(
                "coin ({a}, {b}) is not heads: only heads coins move"
            )))
        }
    };
    Ok(Json(json!({
        "n": req.n,
        "values": values,
        "total": game.value(),
        "moves": moves,
    })))
}

#[derive(Deserialize)]
struct ComputerRequest {
    n: usize,
    heads: Vec<(usize, usize)>,
}

/// The engine's choice: a winning move when one exists, else the lowest-value coin alone.
async fn computer(Body(req): Body<ComputerRequest>) -> ApiResult<Json<Value>> {
    let game = board(req.n, &req.heads)?;
    let mv = game
        .computer_move()
        .ok_or_else(|| ApiError::bad("no heads coin: the game is over"))?;
    let mut after = game.clone();
    after.play_unchecked(mv);
    Ok(Json(move_json(mv, after.value() == 0)))
}
