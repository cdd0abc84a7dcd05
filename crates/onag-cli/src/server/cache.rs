//! A cache of finished analyses: a repeated POST (same endpoint, same body) that took real
//! work is answered from memory, so asking for the same Toads-and-Frogs board twice is
//! instant the second time.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::HttpError;
use onag_api::limits::MAX_BODY_BYTES;

/// Answers that took less than this are not worth keeping.
const MIN_COST: Duration = Duration::from_millis(20);
/// Most answers kept (the oldest is dropped first).
const MAX_ENTRIES: usize = 512;
/// Largest answer kept.
const MAX_ANSWER_BYTES: usize = 1 << 20;

type Key = (String, Bytes);
/// A kept answer: its content type and body.
type Answer = (HeaderValue, Bytes);

/// The answers kept, oldest first in `order`.
#[derive(Default)]
pub struct Cache {
    inner: Mutex<(HashMap<Key, Answer>, VecDeque<Key>)>,
}

impl Cache {
    fn get(&self, key: &Key) -> Option<Answer> {
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.0.get(key).cloned()
    }

    fn put(&self, key: Key, value: Answer) {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let (map, order) = &mut *inner;
        if map.insert(key.clone(), value).is_none() {
            order.push_back(key);
        }
        while order.len() > MAX_ENTRIES {
            if let Some(old) = order.pop_front() {
                map.remove(&old);
            }
        }
    }
}

/// The middleware: JSON POST requests under `/api/` are looked up by (path, body); a 200 answer
/// that took at least [`MIN_COST`] is kept. Answers from the cache carry `x-onag-cache: hit`.
pub async fn cached(cache: Arc<Cache>, request: Request, next: Next) -> Response {
    // only a request the handler would take is answered from the cache: a body not declared
    // JSON goes to the handler, which refuses it (415) whether or not its answer is kept
    if request.method() != Method::POST
        || !request.uri().path().starts_with("/api/")
        || !super::api::is_json(request.headers())
    {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let bytes = match axum::body::to_bytes(body, MAX_BODY_BYTES).await {
        Ok(bytes) => bytes,
        Err(_) => {
            return HttpError {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                message: format!(
                    "the request body is larger than {MAX_BODY_BYTES} bytes, or arrived too slowly"
                ),
            }
            .into_response()
        }
    };
    let key = (parts.uri.path().to_string(), bytes.clone());
    if let Some((content_type, answer)) = cache.get(&key) {
        let mut response = Response::new(Body::from(answer));
        let headers = response.headers_mut();
        headers.insert(axum::http::header::CONTENT_TYPE, content_type);
        headers.insert("x-onag-cache", HeaderValue::from_static("hit"));
        return response;
    }
    let started = Instant::now();
    let response = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    if response.status() != StatusCode::OK || started.elapsed() < MIN_COST {
        return response;
    }
    let (parts, body) = response.into_parts();
    let Ok(answer) = axum::body::to_bytes(body, usize::MAX).await else {
        return HttpError::internal("the answer could not be read back").into_response();
    };
    if answer.len() > MAX_ANSWER_BYTES {
        return Response::from_parts(parts, Body::from(answer));
    }
    if let Some(content_type) = parts.headers.get(axum::http::header::CONTENT_TYPE) {
        cache.put(key, (content_type.clone(), answer.clone()));
    }
    Response::from_parts(parts, Body::from(answer))
}
