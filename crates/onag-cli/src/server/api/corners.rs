//! Turning Corners: `POST /api/corners/position` (values a ⊗ b, the XOR of the heads coins and,
//! for a chosen coin, every move with its ✓/✗ mark) and `POST /api/corners/computer`.

use std::collections::BTreeSet;

use axum::routing::post;
use axum::{Json, Router};
use onag::nimber::Nimber;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::server::error::{ApiError, ApiResult, Body};
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

/// A validated board: side `n`, heads coins at 1 ≤ a, b ≤ n (row 0 and column 0 are the border).
struct Board {
    n: usize,
    heads: BTreeSet<(usize, usize)>,
}

impl Board {
    fn new(n: usize, heads: &[(usize, usize)]) -> ApiResult<Board> {
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
        let mut set = BTreeSet::new();
        for &(a, b) in heads {
            if !(1..=n).contains(&a) || !(1..=n).contains(&b) {
                return Err(ApiError::bad(format!(
                    "coin ({a}, {b}) is off the {n}×{n} board (rows and columns 1..{n})"
                )));
            }
            if !set.insert((a, b)) {
                return Err(ApiError::bad(format!("coin ({a}, {b}) is listed twice")));
            }
        }
        Ok(Board { n, heads: set })
    }

    /// Tartan theorem: coin (a, b) of Twins × Twins is worth a ⊗ b (border coins: 0).
    fn value(a: usize, b: usize) -> u64 {
        (Nimber(a as u64) * Nimber(b as u64)).0
    }

    fn total(&self) -> u64 {
        self.heads
            .iter()
            .fold(0, |acc, &(a, b)| acc ^ Board::value(a, b))
    }

    /// Every move of the heads coin (a, b): opposite corners (a', b') with a' < a, b' < b,
    /// the coins that turn (those off the border) and whether the move leaves XOR 0.
    fn moves(&self, (a, b): (usize, usize)) -> Vec<Move> {
        let total = self.total();
        let mut moves = Vec::with_capacity(a * b);
        for a2 in 0..a {
            for b2 in 0..b {
                let corners = [(a, b), (a2, b), (a, b2), (a2, b2)];
                let flips: Vec<(usize, usize)> = corners
                    .into_iter()
                    .filter(|&(x, y)| x > 0 && y > 0)
                    .collect();
                let delta = flips
                    .iter()
                    .fold(0, |acc, &(x, y)| acc ^ Board::value(x, y));
                moves.push(Move {
                    coin: (a, b),
                    corner: (a2, b2),
                    flips,
                    winning: total ^ delta == 0,
                });
            }
        }
        moves
    }
}

struct Move {
    coin: (usize, usize),
    corner: (usize, usize),
    flips: Vec<(usize, usize)>,
    winning: bool,
}

impl Move {
    fn json(&self) -> Value {
        json!({ "coin": self.coin, "corner": self.corner, "flips": self.flips, "winning": self.winning })
    }
}

async fn position(Body(req): Body<PositionRequest>) -> ApiResult<Json<Value>> {
    let board = Board::new(req.n, &req.heads)?;
    let values: Vec<Vec<u64>> = (1..=board.n)
        .map(|a| (1..=board.n).map(|b| Board::value(a, b)).collect())
        .collect();
    let moves = match req.coin {
        None => Vec::new(),
        Some(coin) if board.heads.contains(&coin) => {
            board.moves(coin).iter().map(Move::json).collect()
        }
        Some((a, b)) => {
            return Err(ApiError::bad(format!(
                "coin ({a}, {b}) is not heads: only heads coins move"
            )))
        }
    };
    Ok(Json(json!({
        "n": board.n,
        "values": values,
        "total": board.total(),
        "moves": moves,
    })))
}

#[derive(Deserialize)]
struct ComputerRequest {
    n: usize,
    heads: Vec<(usize, usize)>,
}

/// A winning move when one exists; otherwise turn the single heads coin of lowest value
/// (the corner (0, 0), which keeps the game going as long as possible).
async fn computer(Body(req): Body<ComputerRequest>) -> ApiResult<Json<Value>> {
    let board = Board::new(req.n, &req.heads)?;
    if board.heads.is_empty() {
        return Err(ApiError::bad("no heads coin: the game is over"));
    }
    for &coin in &board.heads {
        if let Some(win) = board.moves(coin).into_iter().find(|m| m.winning) {
            return Ok(Json(win.json()));
        }
    }
    // cannot fail: heads is not empty.
    let &coin = board
        .heads
        .iter()
        .min_by_key(|&&(a, b)| (Board::value(a, b), a, b))
        .ok_or_else(|| ApiError::internal("no heads coin"))?;
    let single = Move {
        coin,
        corner: (0, 0),
        flips: vec![coin],
        winning: false,
    };
    Ok(Json(single.json()))
}
