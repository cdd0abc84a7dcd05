//! Nim arithmetic: `POST /api/nim/calc` (product, quotient, inverse, square root of 64-bit
//! words) and `POST /api/nim/table` (an n×n product table with its field marking).

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use onag::nimber::table::{FieldMarking, NimTable};
use onag::nimber::Nimber;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::server::body::Body;
use crate::server::error::{ApiError, ApiResult};
use crate::server::limits::{self, check_range};
use crate::server::AppState;

/// The nim routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/nim/calc", post(calc))
        .route("/nim/table", post(table))
}

#[derive(Deserialize)]
struct CalcRequest {
    a: Value,
    #[serde(default)]
    b: Option<Value>,
}

/// A 64-bit word given as a JSON number or a decimal / `0x` hex string (JSON numbers lose
/// precision in browsers above 2^53, so the page sends strings).
fn word(field: &str, value: &Value) -> ApiResult<u64> {
    let text = match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => {
            return Err(ApiError::bad(format!(
                "'{field}' must be a number or a string"
            )))
        }
    };
    limits::check_notation(field, &text)?;
    crate::cli::common::parse_u64(&text).map_err(|e| ApiError::bad(format!("'{field}': {e}")))
}

fn field_name(bits: u32) -> String {
    format!("GF(2^{bits})")
}

async fn calc(Body(req): Body<CalcRequest>) -> ApiResult<Json<Value>> {
    let a = Nimber(word("a", &req.a)?);
    let b = Nimber(match &req.b {
        Some(b) if !(b.is_string() && b.as_str() == Some("")) => word("b", b)?,
        _ => 1,
    });
    let dec = |x: Nimber| x.0.to_string();
    let bits = a.field_bits().max(b.field_bits());
    Ok(Json(json!({
        "a": dec(a),
        "b": dec(b),
        "sum": dec(a + b),
        "product": dec(a * b),
        "quotient": a.checked_div(b).map(dec),
        "inverse_a": a.inverse().map(dec),
        "inverse_b": b.inverse().map(dec),
        "sqrt_a": dec(a.sqrt()),
        "sqrt_b": dec(b.sqrt()),
        "field": field_name(bits),
        "field_bits": bits,
    })))
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
        .run("the nim-product table", move |_stop| {
            let table = NimTable::new(req.size);
            let marking = match table.marking() {
                FieldMarking::ClosedField => {
                    json!({ "closed": true, "max": table.max(), "field": req.size })
                }
                FieldMarking::Overflows { max, field } => {
                    json!({ "closed": false, "max": max, "field": field })
                }
            };
            let cells: Vec<&[u64]> = table.rows().collect();
            Ok(Json(
                json!({ "size": req.size, "cells": cells, "marking": marking }),
            ))
        })
        .await
}
