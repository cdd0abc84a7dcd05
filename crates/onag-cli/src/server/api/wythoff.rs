//! Wythoff's game: `POST /api/wythoff/position` (g per queen, XOR, every move ✓/✗),
//! `/api/wythoff/computer`, `/api/wythoff/table` (the heat map) and `/api/wythoff/row` (the
//! row plot g(x, y) − y with preperiod and period, proven by the engine's periodicity search).

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use onag::wythoff::periodicity::{search, PeriodConfig};
use onag::wythoff::positions::{Analyser, Position, MAX_QUEENS};
use onag::wythoff::sweep::Sweep;
use onag::wythoff::{grundy_table, WythoffError};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::server::body::Body;
use crate::server::error::{ApiError, ApiResult};
use crate::server::limits::{self, check_range};
use crate::server::AppState;

/// The Wythoff routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/wythoff/position", post(position))
        .route("/wythoff/computer", post(computer))
        .route("/wythoff/table", post(table))
        .route("/wythoff/row", post(row))
}

fn engine_error(e: WythoffError) -> ApiError {
    match e {
        WythoffError::Stopped => ApiError::busy("the computation was stopped (time budget)"),
        WythoffError::TooLarge { .. } | WythoffError::Invalid(_) => ApiError::bad(e.to_string()),
        WythoffError::WindowViolated { .. } => ApiError::internal(e.to_string()),
    }
}

#[derive(Deserialize)]
struct PositionRequest {
    side: u32,
    queens: Vec<(u32, u32)>,
}

/// Validates the board and builds the analyser (the Grundy table of the board).
fn analyse(req: &PositionRequest) -> ApiResult<(Analyser, Position)> {
    check_range("side", req.side, 1..=limits::MAX_WYTHOFF_SIDE)?;
    if req.queens.len() > MAX_QUEENS {
        return Err(ApiError::bad(format!(
            "{} queens; at most {MAX_QUEENS}",
            req.queens.len()
        )));
    }
    let position =
        Position::new(req.side, &req.queens).map_err(|e| ApiError::bad(e.to_string()))?;
    let analyser = Analyser::new(req.side).map_err(|e| ApiError::bad(e.to_string()))?;
    Ok((analyser, position))
}

async fn position(Body(req): Body<PositionRequest>) -> ApiResult<Json<Value>> {
    let (analyser, position) = analyse(&req)?;
    let analysis = analyser
        .analyse(&position)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let moves: Vec<Value> = analysis
        .moves
        .iter()
        .map(|m| json!({ "queen": m.mv.queen, "to": m.mv.to, "value": m.value, "winning": m.winning }))
        .collect();
    Ok(Json(json!({
        "values": analysis.values,
        "xor": analysis.xor,
        "over": position.is_over(),
        "moves": moves,
    })))
}

async fn computer(Body(req): Body<PositionRequest>) -> ApiResult<Json<Value>> {
    let (analyser, position) = analyse(&req)?;
    let mv = analyser
        .computer_move(&position)
        .map_err(|e| ApiError::bad(e.to_string()))?
        .ok_or_else(|| ApiError::bad("every queen is in the corner: the game is over"))?;
    let after = position
        .play(mv)
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let xor = after
        .queens()
        .iter()
        .fold(0, |acc, &q| acc ^ analyser.value(q));
    Ok(Json(
        json!({ "queen": mv.queen, "to": mv.to, "winning": xor == 0 }),
    ))
}

#[derive(Deserialize)]
struct TableRequest {
    size: usize,
}

async fn table(
    State(state): State<AppState>,
    Body(req): Body<TableRequest>,
) -> ApiResult<Json<Value>> {
    check_range("size", req.size, 1..=limits::MAX_TABLE_SIDE)?;
    state
        .budget
        .run("the Grundy table", move |_stop| {
            let table = grundy_table(req.size, req.size).map_err(engine_error)?;
            let max = (0..req.size)
                .flat_map(|x| table.row(x).iter().copied())
                .max()
                .unwrap_or(0);
            Ok(Json(
                json!({ "size": req.size, "max": max, "cells": table.to_rows() }),
            ))
        })
        .await
}

#[derive(Deserialize)]
struct RowRequest {
    x: u64,
    #[serde(default)]
    columns: Option<u64>,
}

/// Period cap for the rows of the plot: every period of rows 0..=40 (A046875) divides 3·2^9.
const ROW_PERIOD_CAP: u64 = 1536;
/// Columns swept by default: row 40's preperiod is 10,333 (A046874), and the proof needs a
/// further P* columns past it.
const ROW_COLUMNS: u64 = 16_384;

async fn row(State(state): State<AppState>, Body(req): Body<RowRequest>) -> ApiResult<Json<Value>> {
    check_range("x", req.x, 0..=limits::MAX_WYTHOFF_ROW)?;
    let columns = req.columns.unwrap_or(ROW_COLUMNS);
    check_range(
        "columns",
        columns,
        2 * ROW_PERIOD_CAP..=limits::MAX_ROW_COLUMNS,
    )?;
    let x = req.x as usize;
    state
        .budget
        .run("the row sweep", move |stop| {
            let config = PeriodConfig {
                top: x,
                columns,
                period_cap: ROW_PERIOD_CAP,
            };
            let results = search(config, stop).map_err(engine_error)?;
            let result = results
                .get(x)
                .ok_or_else(|| ApiError::internal("no result for the row"))?;
            // Residues g(x, y) − y over the part worth drawing: the preperiod and a few periods.
            let shown = match (result.preperiod, result.period) {
                (Some(c), Some(p)) => (c + 8 * p + 16).max(64).min(columns),
                _ => columns,
            };
            let mut sweep = Sweep::new(x).map_err(engine_error)?;
            let mut residues = Vec::with_capacity(shown as usize);
            for y in 0..shown {
                if y % 4096 == 0 {
                    stop.check()
                        .map_err(|_| engine_error(WythoffError::Stopped))?;
                }
                let column = sweep.step().map_err(engine_error)?;
                residues.push(column[x] as i64 - y as i64);
            }
            Ok(Json(json!({
                "x": x,
                "columns": columns,
                "residues": residues,
                "period": result.period,
                "preperiod": result.preperiod,
                "proven": result.proven,
                "proof_column": result.proof_column,
            })))
        })
        .await
}
