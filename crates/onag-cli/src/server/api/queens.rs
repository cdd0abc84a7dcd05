//! Corner-the-Queen variants: `POST /api/queens/table` computes the Grundy table of a move set
//! and, given a closed formula, checks it cell by cell and lists the mismatches.

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use onag::wythoff::variants::check::check;
use onag::wythoff::variants::formula::Expr;
use onag::wythoff::variants::moves::MoveSet;
use onag::wythoff::variants::table::grundy_table;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::server::body::Body;
use crate::server::error::{ApiError, ApiResult};
use crate::server::limits::{self, check_notation, check_range};
use crate::server::AppState;

/// The queens routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/queens/table", post(table))
}

#[derive(Deserialize)]
struct TableRequest {
    moves: String,
    size: usize,
    #[serde(default)]
    formula: Option<String>,
}

async fn table(
    State(state): State<AppState>,
    Body(req): Body<TableRequest>,
) -> ApiResult<Json<Value>> {
    check_notation("moves", &req.moves)?;
    check_range("size", req.size, 1..=limits::MAX_TABLE_SIDE)?;
    let moves: MoveSet = req
        .moves
        .parse()
        .map_err(|e| ApiError::bad(format!("move set: {e}")))?;
    let formula = match req.formula.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => {
            check_notation("formula", text)?;
            let expr: Expr = text
                .parse()
                .map_err(|e| ApiError::bad(format!("formula: {e}")))?;
            Some((text.to_string(), expr))
        }
    };
    state
        .budget
        .run("the Grundy table", move |_stop| {
            let table = grundy_table(&moves, req.size).map_err(|e| ApiError::bad(e.to_string()))?;
            let max = table.iter().flatten().copied().max().unwrap_or(0);
            let report = match &formula {
                None => Value::Null,
                Some((text, expr)) => {
                    let report = check(&moves, expr, req.size)
                        .map_err(|e| ApiError::bad(format!("formula: {e}")))?;
                    // The page paints every cell, not just the listed mismatches; the checker
                    // above has already evaluated each cell without error.
                    let values: Vec<Vec<i64>> = (0..req.size as i64)
                        .map(|x| {
                            (0..req.size as i64)
                                .map(|y| expr.eval(x, y).unwrap_or(i64::MIN))
                                .collect()
                        })
                        .collect();
                    json!({
                        "values": values,
                        "formula": text,
                        "cells": report.cells,
                        "mismatches": report.mismatches,
                        "first": report.first_mismatch,
                        "listed": report.listed,
                    })
                }
            };
            Ok(Json(json!({
                "moves": moves.to_string(),
                "symmetric_only": moves == MoveSet::Pair,
                "size": req.size,
                "max": max,
                "cells": table,
                "check": report,
            })))
        })
        .await
}
