//! The JSON request body extractor: its rejections are answered as JSON [`ApiError`]s.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

use super::error::ApiError;
use super::limits::MAX_BODY_BYTES;

/// A JSON body whose rejections (bad syntax, wrong types, too large, wrong content type) are
/// answered as [`ApiError`]s with the same status instead of axum's plain-text bodies.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

fn json_rejection(rejection: JsonRejection) -> ApiError {
    let status = rejection.status();
    let message = match &rejection {
        JsonRejection::BytesRejection(_) if status == StatusCode::PAYLOAD_TOO_LARGE => {
            format!("the request body is larger than {} bytes", MAX_BODY_BYTES)
        }
        _ => rejection.body_text(),
    };
    ApiError { status, message }
}
