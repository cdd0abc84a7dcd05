//! Connections: the accept loop and everything that bounds a client before the app sees its
//! request.
//!
//! `axum::serve` bounds nothing, and a cap on open connections alone lets one client hold
//! every slot (256 keep-alive connections sending a request every 4 s locked everyone else
//! out). Here:
//!
//! - every connection holds one of [`max_connections`] slots, and one client address at most
//!   [`max_per_client`] of them; a new connection past either cap first closes the
//!   connection of that scope that has been **idle** longest (no request in progress: a
//!   keep-alive connection between requests, or one that has not finished sending a request
//!   head), else the one that has been **receiving** a request body longest, and gets an
//!   immediate 503 with `Retry-After` only when every one is **working** (its request whole,
//!   the app answering it) — so idle sockets and slow bodies, from however many addresses,
//!   never keep a client out: a connection holds its slot against newcomers only while the
//!   server works for it;
//! - a connection is closed when idle for [`KEEP_ALIVE_IDLE`], and after
//!   [`MAX_REQUESTS_PER_CONNECTION`] requests (`Connection: close` on the last answer);
//! - a request must arrive whole, head and body, within [`REQUEST_DEADLINE`] of the connection
//!   being ready for it (the head within [`HEADER_TIMEOUT`]); a body still arriving then is
//!   answered 408 and the connection closed, however steadily its bytes trickle in;
//! - a declared `Content-Length` over the body limit is answered 413 before any body is read;
//! - the `Host` header must name the bound address ([`HostCheck`]), so a page elsewhere
//!   cannot reach the local server through DNS rebinding.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use http_body_util::{BodyExt, Limited};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;
use tower::ServiceExt;

use super::error::HttpError;
use onag_api::limits::MAX_BODY_BYTES;

/// Longest wait for a complete request head once the connection is ready for one.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// Longest time for a whole request, head and body, from the moment the connection is ready
/// for it (accepted, or the previous answer sent).
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(10);
/// A connection with no request in progress for this long is closed.
pub const KEEP_ALIVE_IDLE: Duration = Duration::from_secs(5);
/// Requests answered on one connection before it is closed.
pub const MAX_REQUESTS_PER_CONNECTION: u32 = 100;
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

/// The cap of one client address: three quarters of [`max_connections`], so one address can
/// never take the slots other addresses need.
pub fn max_per_client() -> usize {
    let all = max_connections();
    (all - all / 4).max(1)
}

/// Which `Host` headers the server answers: the bound address itself (any IP literal when
/// bound to every interface), `localhost` when bound to a loopback or every interface, and
/// the names given with `--allow-host`. A DNS-rebinding page sends its own name, which is
/// none of these.
#[derive(Clone, Debug)]
pub struct HostCheck {
    bound: IpAddr,
    names: Vec<String>,
}

impl HostCheck {
    /// The check for a server bound to `bound`, also answering the host `names`.
    pub fn new(bound: IpAddr, names: &[String]) -> Self {
        HostCheck {
            bound,
            names: names.iter().map(|n| n.to_ascii_lowercase()).collect(),
        }
    }

    /// Whether a request with this `Host` header value may be answered.
    pub fn allows(&self, host: &str) -> bool {
        let host = host.trim();
        // `[v6]:port`, `[v6]`, `name:port`, `v4:port`, `name`
        let name = if let Some(rest) = host.strip_prefix('[') {
            match rest.split_once(']') {
                Some((inside, "")) => inside,
                Some((inside, port)) if port.strip_prefix(':').is_some_and(is_port) => inside,
                _ => return false,
            }
        } else {
            match host.rsplit_once(':') {
                Some((name, port)) if is_port(port) => name,
                Some(_) => return false,
                None => host,
            }
        };
        let name = name.trim_end_matches('.').to_ascii_lowercase();
        if let Ok(ip) = name.parse::<IpAddr>() {
            return self.bound.is_unspecified()
                || ip == self.bound
                || (ip.is_loopback() && self.bound.is_loopback());
        }
        (name == "localhost" && (self.bound.is_loopback() || self.bound.is_unspecified()))
            || self.names.contains(&name)
    }
}

fn is_port(digits: &str) -> bool {
    !digits.is_empty() && digits.len() <= 5 && digits.bytes().all(|b| b.is_ascii_digit())
}

/// No request in progress (between requests, or a request head still arriving).
const IDLE: u8 = 0;
/// A request head has arrived and its body is being read.
const RECEIVING: u8 = 1;
/// The request is whole and the app is answering it.
const WORKING: u8 = 2;

/// One open connection, as the accept loop sees it.
struct Conn {
    ip: IpAddr,
    /// [`IDLE`], [`RECEIVING`] or [`WORKING`].
    state: AtomicU8,
    /// When the current request's body began to arrive (ms since the server started).
    receiving_ms: AtomicU64,
    /// When the connection became ready for its next request (ms since the server started).
    ready_ms: AtomicU64,
    requests: AtomicU32,
    /// Raised to close the connection (it was chosen for eviction).
    close: tokio::sync::Notify,
}

/// The open connections, by id.
struct Registry {
    started: Instant,
    conns: Mutex<HashMap<u64, Arc<Conn>>>,
    next_id: AtomicU64,
    max: usize,
    per_client: usize,
}

impl Registry {
    fn now_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// A slot for a new connection from `ip`, closing the longest-idle connection of the full
    /// scope (that address, then everyone) when a cap is reached; `None` when every
    /// connection of that scope is busy.
    fn admit(&self, ip: IpAddr) -> Option<(u64, Arc<Conn>)> {
        let mut conns = self.conns.lock().unwrap_or_else(|e| e.into_inner());
        if conns.values().filter(|c| c.ip == ip).count() >= self.per_client
            && !Self::evict(&mut conns, |c| c.ip == ip)
        {
            return None;
        }
        if conns.len() >= self.max && !Self::evict(&mut conns, |_| true) {
            return None;
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let conn = Arc::new(Conn {
            ip,
            state: AtomicU8::new(IDLE),
            receiving_ms: AtomicU64::new(0),
            ready_ms: AtomicU64::new(self.now_ms()),
            requests: AtomicU32::new(0),
            close: tokio::sync::Notify::new(),
        });
        conns.insert(id, conn.clone());
        Some((id, conn))
    }

    /// Closes the connection in `scope` that has been idle longest, else the one that has been
    /// receiving its body longest (a body trickling in holds no claim a newcomer lacks); false
    /// when every one is working.
    fn evict(conns: &mut HashMap<u64, Arc<Conn>>, scope: impl Fn(&Conn) -> bool) -> bool {
        let in_state = |state: u8| {
            conns
                .iter()
                .filter(|(_, c)| scope(c) && c.state.load(Ordering::Acquire) == state)
                .min_by_key(|(_, c)| {
                    if state == IDLE {
                        c.ready_ms.load(Ordering::Acquire)
                    } else {
                        c.receiving_ms.load(Ordering::Acquire)
                    }
                })
                .map(|(&id, _)| id)
        };
        let victim = in_state(IDLE).or_else(|| in_state(RECEIVING));
        match victim.and_then(|id| conns.remove(&id)) {
            Some(conn) => {
                conn.close.notify_one();
                true
            }
            None => false,
        }
    }

    fn remove(&self, id: u64) {
        self.conns
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id);
    }
}

/// The answer to a connection past the cap, written without reading its request.
fn over_capacity() -> Vec<u8> {
    let body = r#"{"error":"the server has too many busy connections; retry in a second"}"#;
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Serves `app` on `listener` until `shutdown` completes, answering only requests whose
/// `Host` passes `hosts`.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    hosts: HostCheck,
    shutdown: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    let registry = Arc::new(Registry {
        started: Instant::now(),
        conns: Mutex::new(HashMap::new()),
        next_id: AtomicU64::new(0),
        max: max_connections(),
        per_client: max_per_client(),
    });
    let hosts = Arc::new(hosts);
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => return Ok(()),
        };
        let (stream, peer): (_, SocketAddr) = match accepted {
            Ok(accepted) => accepted,
            // out of descriptors or a connection reset before accept: wait a little, go on
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let Some((id, conn)) = registry.admit(peer.ip()) else {
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
        let (app, hosts, registry) = (app.clone(), hosts.clone(), registry.clone());
        tokio::spawn(async move {
            run_connection(stream, app, hosts, &registry, &conn).await;
            registry.remove(id);
        });
    }
}

/// Serves one connection until the client closes it, it idles past [`KEEP_ALIVE_IDLE`], or it
/// is evicted.
async fn run_connection(
    stream: tokio::net::TcpStream,
    app: Router,
    hosts: Arc<HostCheck>,
    registry: &Arc<Registry>,
    conn: &Arc<Conn>,
) {
    let service = {
        let (conn, registry) = (conn.clone(), registry.clone());
        hyper::service::service_fn(move |request: Request<Incoming>| {
            let (app, hosts, conn, registry) =
                (app.clone(), hosts.clone(), conn.clone(), registry.clone());
            async move {
                conn.receiving_ms
                    .store(registry.now_ms(), Ordering::Release);
                conn.state.store(RECEIVING, Ordering::Release);
                let count = conn.requests.fetch_add(1, Ordering::AcqRel) + 1;
                let ready =
                    registry.started + Duration::from_millis(conn.ready_ms.load(Ordering::Acquire));
                let working = || conn.state.store(WORKING, Ordering::Release);
                let mut response =
                    answer(request, app, &hosts, ready + REQUEST_DEADLINE, working).await;
                if count >= MAX_REQUESTS_PER_CONNECTION {
                    response
                        .headers_mut()
                        .insert(header::CONNECTION, HeaderValue::from_static("close"));
                }
                conn.ready_ms.store(registry.now_ms(), Ordering::Release);
                conn.state.store(IDLE, Ordering::Release);
                Ok::<_, Infallible>(response)
            }
        })
    };
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .keep_alive(true);
    let connection = http.serve_connection(TokioIo::new(stream), service);
    tokio::pin!(connection);
    let mut closing = false;
    loop {
        let idle_for = || {
            Duration::from_millis(
                registry
                    .now_ms()
                    .saturating_sub(conn.ready_ms.load(Ordering::Acquire)),
            )
        };
        let check_in = KEEP_ALIVE_IDLE.saturating_sub(idle_for()) + Duration::from_millis(10);
        tokio::select! {
            _ = &mut connection => return,
            () = conn.close.notified(), if !closing => {
                if conn.state.load(Ordering::Acquire) != WORKING {
                    return; // idle or still receiving: dropping the connection closes the socket
                }
                // a request began since it was chosen: answer it, then close
                connection.as_mut().graceful_shutdown();
                closing = true;
            }
            () = tokio::time::sleep(check_in) => {
                if conn.state.load(Ordering::Acquire) == IDLE && idle_for() >= KEEP_ALIVE_IDLE {
                    return;
                }
            }
        }
    }
}

/// Checks the request's `Host` and size, reads its whole body by `deadline`, calls `working`
/// and hands it to the app.
async fn answer(
    request: Request<Incoming>,
    app: Router,
    hosts: &HostCheck,
    deadline: Instant,
    working: impl FnOnce(),
) -> Response {
    // Every Host header is checked, not only the first (a second one naming another site
    // must not ride on a first that passes), and the request line's authority too.
    let values: Vec<Option<&str>> = request
        .headers()
        .get_all(header::HOST)
        .iter()
        .map(|h| h.to_str().ok())
        .collect();
    let authority = request.uri().authority().map(|a| a.as_str());
    if values.is_empty() && authority.is_none() {
        return closing(
            StatusCode::BAD_REQUEST,
            "the request has no Host header".into(),
        );
    }
    let allowed = values.iter().all(|h| h.is_some_and(|h| hosts.allows(h)))
        && authority.is_none_or(|a| hosts.allows(a));
    if !allowed {
        return closing(
            StatusCode::MISDIRECTED_REQUEST,
            "this server does not answer for that Host (start it with --allow-host NAME to add \
             a name)"
                .into(),
        );
    }
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return too_large();
    }
    let (parts, body) = request.into_parts();
    let read = Limited::new(body, MAX_BODY_BYTES).collect();
    let bytes = match tokio::time::timeout_at(tokio::time::Instant::from_std(deadline), read).await
    {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => return too_large(),
        Ok(Err(_)) => {
            return closing(
                StatusCode::BAD_REQUEST,
                "the request body could not be read".into(),
            )
        }
        Err(_) => {
            return closing(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request did not arrive whole within {} s",
                    REQUEST_DEADLINE.as_secs()
                ),
            )
        }
    };
    working();
    let request = Request::from_parts(parts, Body::from(bytes));
    match app.oneshot(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    }
}

fn too_large() -> Response {
    closing(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request body is larger than {MAX_BODY_BYTES} bytes"),
    )
}

/// A JSON error that also closes the connection (its request may not have been read whole).
fn closing(status: StatusCode, message: String) -> Response {
    let mut response = HttpError { status, message }.into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_checked_against_the_bound_address() {
        let loopback = HostCheck::new("127.0.0.1".parse().unwrap(), &["onag.test".into()]);
        for ok in [
            "127.0.0.1:8080",
            "127.0.0.1",
            "localhost:8080",
            "LOCALHOST",
            "localhost.",
            "[::1]:8080",
            "onag.test:1",
        ] {
            assert!(loopback.allows(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "evil.example",
            "10.0.0.1:8080",
            "localhost:80x",
            "localhost:",
            "[::1]x",
            "",
            "127.0.0.1.evil.example",
        ] {
            assert!(!loopback.allows(bad), "{bad}");
        }
        let all = HostCheck::new("0.0.0.0".parse().unwrap(), &[]);
        assert!(all.allows("192.168.1.5:8080"));
        assert!(all.allows("localhost"));
        assert!(!all.allows("evil.example"));
        let lan = HostCheck::new("192.168.1.5".parse().unwrap(), &[]);
        assert!(lan.allows("192.168.1.5:8080"));
        assert!(!lan.allows("localhost"));
        assert!(!lan.allows("127.0.0.1"));
    }

    fn registry(max: usize, per_client: usize) -> Registry {
        Registry {
            started: Instant::now(),
            conns: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(0),
            max,
            per_client,
        }
    }

    #[test]
    fn a_full_registry_evicts_the_longest_idle_connection() {
        let r = registry(3, 3);
        let ip: IpAddr = "127.0.0.1".parse().unwrap();
        let (a, ca) = r.admit(ip).unwrap();
        let (_, cb) = r.admit(ip).unwrap();
        let (_, cc) = r.admit(ip).unwrap();
        ca.ready_ms.store(5, Ordering::Release);
        cb.ready_ms.store(1, Ordering::Release);
        cc.ready_ms.store(0, Ordering::Release);
        cc.state.store(WORKING, Ordering::Release);
        // b is the longest idle (c is older but busy)
        let (_, _cd) = r.admit(ip).unwrap();
        let ids: Vec<u64> = r.conns.lock().unwrap().keys().copied().collect();
        assert_eq!(ids.len(), 3);
        assert!(ids.contains(&a));
        // all busy: refused
        for c in r.conns.lock().unwrap().values() {
            c.state.store(WORKING, Ordering::Release);
        }
        assert!(r.admit(ip).is_none());
    }

    #[test]
    fn one_address_cannot_take_every_slot() {
        let r = registry(4, 3);
        let one: IpAddr = "10.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        let held: Vec<_> = (0..3).map(|_| r.admit(one).unwrap()).collect();
        for (_, c) in &held {
            c.state.store(WORKING, Ordering::Release);
        }
        assert!(r.admit(one).is_none(), "past the per-client cap");
        assert!(r.admit(other).is_some(), "another address still gets in");
    }

    #[test]
    fn slow_bodies_from_two_addresses_do_not_keep_a_third_out() {
        let r = registry(4, 3);
        let mut held = Vec::new();
        for (i, ip) in ["127.0.0.2", "127.0.0.3", "127.0.0.2", "127.0.0.3"]
            .iter()
            .enumerate()
        {
            let (id, c) = r.admit(ip.parse().unwrap()).unwrap();
            c.state.store(RECEIVING, Ordering::Release);
            c.receiving_ms.store(i as u64, Ordering::Release);
            held.push(id);
        }
        // a third address gets in, closing the body that has trickled in longest
        assert!(r.admit("127.0.0.1".parse().unwrap()).is_some());
        let ids: Vec<u64> = r.conns.lock().unwrap().keys().copied().collect();
        assert!(!ids.contains(&held[0]) && ids.contains(&held[3]));
    }
}
