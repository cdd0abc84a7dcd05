//! Connections: the accept loop with a cap on open connections, a header (and keep-alive
//! idle) timeout, a request-body timeout and an early 413 for a declared oversize body.
//!
//! `axum::serve` has none of these, so 250 idle sockets used up the open-file limit and
//! locked every other client out, and a declared `Content-Length: 1073741824` with a tiny body
//! waited forever. Here every connection holds one of [`max_connections`] slots (well below the
//! open-file limit, so `accept` itself never fails for lack of descriptors); past the cap a
//! connection gets an immediate 503 with `Retry-After` and is closed; a connection that sends
//! no complete request head within [`HEADER_TIMEOUT`] (including an idle keep-alive
//! connection) is closed, which frees its slot.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::error::ApiError;
use onag_api::limits::MAX_BODY_BYTES;

/// Longest wait for a complete request head, on a new or an idle keep-alive connection.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// Longest time to receive a request body.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// Most open connections, whatever the open-file limit.
pub const MAX_CONNECTIONS: usize = 256;
/// Descriptors kept free below the open-file limit (the listener, files, the blocking pool).
const SPARE_FILES: u64 = 32;

/// The connection cap: [`MAX_CONNECTIONS`], or less when the process's open-file limit
/// (`Max open files` in `/proc/self/limits`) leaves fewer descriptors.
pub fn max_connections() -> usize {
    let soft = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("Max open files"))
                .and_then(|l| l.split_whitespace().nth(3))
                .and_then(|v| v.parse::<u64>().ok())
        })
        .unwrap_or(1024);
    let room = soft.saturating_sub(SPARE_FILES).max(8) / 2;
    (room as usize).min(MAX_CONNECTIONS)
}

/// The answer to a connection past the cap, written without reading its request.
fn over_capacity() -> Vec<u8> {
    let body = r#"{"error":"the server has too many open connections; retry in a second"}"#;
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Serves `app` on `listener` until `shutdown` completes.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    shutdown: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(max_connections()));
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => return Ok(()),
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // out of descriptors or a connection reset before accept: wait a little, go on
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let Ok(permit) = slots.clone().try_acquire_owned() else {
            tokio::spawn(async move {
                let mut stream = stream;
                let _ = tokio::time::timeout(Duration::from_secs(1), async {
                    let _ = stream.write_all(&over_capacity()).await;
                    let _ = stream.shutdown().await;
                })
                .await;
            });
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _permit = permit;
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .keep_alive(true);
            let _ = http.serve_connection(TokioIo::new(stream), service).await;
        });
    }
}

/// Refuses a request whose declared `Content-Length` exceeds [`MAX_BODY_BYTES`] at once,
/// with a JSON 413, before any of the body is read.
pub async fn early_413(request: Request, next: Next) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        let mut response = ApiError {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: format!("the request body is larger than {MAX_BODY_BYTES} bytes"),
        }
        .into_response();
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        return response;
    }
    next.run(request).await
}
