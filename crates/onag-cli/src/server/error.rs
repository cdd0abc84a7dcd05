//! JSON errors: every failure the API reports is `{"error": "<message>"}` with a 4xx/5xx status.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// A failure as the HTTP server answers it: a status and a message for a person (the engine's
/// typed [`onag_api::ApiError`] becomes one through `From`, its kind giving the status).
#[derive(Debug)]
pub struct HttpError {
    /// The HTTP status (4xx for the client's input, 503 for an exhausted budget, 500 otherwise).
    pub status: StatusCode,
    /// What went wrong, in words.
    pub message: String,
}

impl HttpError {
    /// 503: the work ran past its time budget (or the server is saturated) and was stopped.
    pub fn busy(message: impl Into<String>) -> Self {
        Self {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
        }
    }

    /// 500: a failure of the server itself.
    pub fn internal(message: impl Into<String>) -> Self {
        Self {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
        }
    }

    /// 404: no such endpoint or page.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }
}

impl IntoResponse for HttpError {
    /// `{"error": message}` with the status; a 503 (busy, or past the budget) also says when
    /// to retry (`Retry-After`, seconds).
    fn into_response(self) -> Response {
        let mut response = (
            self.status,
            axum::Json(serde_json::json!({ "error": self.message })),
        )
            .into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from_static("2"),
            );
        }
        response
    }
}

impl From<onag_api::ApiError> for HttpError {
    fn from(e: onag_api::ApiError) -> Self {
        Self {
            status: StatusCode::from_u16(e.kind.status())
                .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            message: e.message,
        }
    }
}
