//! The JSON API, one module per game family. Every endpoint answers JSON, errors included.

mod corners;
mod nim;
mod queens;
mod toads;
mod wythoff;

use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

use super::error::ApiError;
use super::limits;
use super::AppState;

/// Every `/api/…` route.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/health", get(health))
        .merge(nim::routes())
        .merge(corners::routes())
        .merge(wythoff::routes())
        .merge(queens::routes())
        .merge(toads::routes())
        .fallback(|| async { ApiError::not_found("no such API endpoint") })
        .method_not_allowed_fallback(|| async {
            ApiError {
                status: axum::http::StatusCode::METHOD_NOT_ALLOWED,
                message: "this endpoint does not take that HTTP method".into(),
            }
        })
}

/// `GET /api/health`: the version and the documented input limits.
async fn health() -> Json<Value> {
    Json(json!({
        "ok": true,
        "version": env!("CARGO_PKG_VERSION"),
        "limits": {
            "body_bytes": limits::MAX_BODY_BYTES,
            "notation_bytes": limits::MAX_NOTATION_BYTES,
            "toads_squares": limits::MAX_TOADS_SQUARES,
            "table_side": limits::MAX_TABLE_SIDE,
            "corners_sides": [limits::CORNERS_SIDES.start(), limits::CORNERS_SIDES.end()],
            "wythoff_side": limits::MAX_WYTHOFF_SIDE,
            "queens": onag::wythoff::positions::MAX_QUEENS,
            "wythoff_row": limits::MAX_WYTHOFF_ROW,
            "connections": super::conn::max_connections(),
            "header_timeout_ms": super::conn::HEADER_TIMEOUT.as_millis() as u64,
            "body_timeout_ms": super::conn::BODY_TIMEOUT.as_millis() as u64,
            "trial_ms": limits::TRIAL.as_millis() as u64,
        },
    }))
}
