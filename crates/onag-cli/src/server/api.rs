//! The JSON API: every route of [`onag_api::ROUTES`] answered by [`onag_api::Request`] —
//! parsed and bounded at once, then run inline (light routes) or on the blocking pool under
//! the time budget (heavy ones). This module only routes; the API itself is the `onag-api`
//! crate.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use onag_api::{Request, Route};

use super::error::HttpError;
use super::AppState;

/// Every `/api/…` route.
pub fn routes() -> Router<AppState> {
    let mut router = Router::new();
    for route in onag_api::ROUTES {
        let handler = move |state: State<AppState>,
                            headers: HeaderMap,
                            body: Result<Bytes, BytesRejection>| async move {
            answer(route, state, headers, body).await
        };
        router = match route.method {
            "GET" => router.route(route.path, get(handler)),
            _ => router.route(route.path, post(handler)),
        };
    }
    router
        .fallback(|| async { HttpError::not_found("no such API endpoint") })
        .method_not_allowed_fallback(|| async {
            HttpError {
                status: StatusCode::METHOD_NOT_ALLOWED,
                message: "this endpoint does not take that HTTP method".into(),
            }
        })
}

/// `GET /api/health`: the API's version and limits, plus the server's own (connections,
/// timeouts, the trial that sizes work).
fn health() -> axum::Json<serde_json::Value> {
    let mut json = serde_json::to_value(onag_api::routes::health()).unwrap_or_default();
    if let Some(limits) = json.get_mut("limits").and_then(|l| l.as_object_mut()) {
        use super::conn;
        limits.insert("connections".into(), conn::max_connections().into());
        limits.insert(
            "connections_per_client".into(),
            conn::max_per_client().into(),
        );
        let ms = |d: std::time::Duration| serde_json::Value::from(d.as_millis() as u64);
        limits.insert("header_timeout_ms".into(), ms(conn::HEADER_TIMEOUT));
        limits.insert("request_deadline_ms".into(), ms(conn::REQUEST_DEADLINE));
        limits.insert("keep_alive_idle_ms".into(), ms(conn::KEEP_ALIVE_IDLE));
        limits.insert(
            "requests_per_connection".into(),
            conn::MAX_REQUESTS_PER_CONNECTION.into(),
        );
        limits.insert("trial_ms".into(), ms(super::limits::TRIAL));
        limits.insert("trial_floor_ms".into(), ms(super::limits::TRIAL_FLOOR));
    }
    axum::Json(json)
}

/// Whether a POST body is declared JSON (`application/json` or `application/…+json`).
pub(super) fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let mime = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    mime == "application/json" || (mime.starts_with("application/") && mime.ends_with("+json"))
}

async fn answer(
    route: &'static Route,
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, HttpError> {
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return Err(HttpError {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                message: format!(
                    "the request body is larger than {} bytes",
                    onag_api::limits::MAX_BODY_BYTES
                ),
            })
        }
        Err(rejection) => {
            return Err(HttpError {
                status: rejection.status(),
                message: rejection.body_text(),
            })
        }
    };
    if route.method == "POST" && !is_json(&headers) {
        return Err(HttpError {
            status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
            message: "Expected request with `Content-Type: application/json`".into(),
        });
    }
    if route.path == "/health" {
        return Ok(health().into_response());
    }
    let request = Request::parse(route.path, &body)?;
    let json = if route.heavy {
        state
            .budget
            .run(route.what, move |stop| Ok(request.run(stop)?))
            .await?
    } else {
        request.run(&onag::StopFlag::new())?
    };
    Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
}
