//! `onag serve`: the local web app (axum + tokio, assets embedded in the binary).
//!
//! Layout: [`assets`] serves the embedded pages, [`api`] routes `/api/…` to the `onag-api`
//! crate (which parses, bounds and answers every request), [`limits`] holds the time and
//! concurrency budget of heavy work and [`error`] turns every failure into a JSON message.

mod api;
mod assets;
mod cache;
mod conn;
mod error;
mod limits;

use std::io::Write;
use std::net::SocketAddr;
use std::time::Duration;

use anyhow::Context;
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;

use limits::Budget;

/// Arguments of `onag serve`.
#[derive(clap::Args)]
pub struct ServeArgs {
    /// Address to listen on. An address beyond loopback (e.g. 0.0.0.0, every interface)
    /// needs --allow-remote.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Allow listening on an address beyond loopback: the web app (which can run long
    /// computations for anyone who reaches it) becomes reachable from other machines.
    #[arg(long)]
    pub allow_remote: bool,
    /// Also answer requests whose `Host` header is NAME (by default only the bound address
    /// and `localhost` are answered, which keeps DNS-rebinding pages out). Repeatable.
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// Port to listen on (0 picks a free port; the URL printed names it).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Time budget of one heavy request, in milliseconds; past it the work is stopped and the
    /// client gets a 503.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub budget_ms: u64,
    /// Most heavy computations running at once (default: one less than the number of cores, so
    /// a core stays free to answer light requests).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: Option<u64>,
}

/// Arguments of `onag site`.
#[derive(clap::Args)]
pub struct SiteArgs {
    /// Directory to write the site into (created if missing; files of the same names are
    /// replaced, nothing else is touched).
    #[arg(long, value_name = "DIR")]
    pub out: std::path::PathBuf,
}

/// Writes the web app as a static site: the same pages, computing in the browser (the
/// WebAssembly engine in a Web Worker), for any static file server, with no onag process.
pub fn site(args: SiteArgs) -> anyhow::Result<()> {
    let written = assets::write_site(&args.out)?;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "wrote {} files to {} (serve it with any static file server, e.g. \
         `python3 -m http.server -d {}`)",
        written.len(),
        args.out.display(),
        args.out.display()
    );
    Ok(())
}

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The time and concurrency budget of heavy work.
    pub budget: Budget,
}

/// Starts the web app and serves until Ctrl-C.
pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let jobs = match args.jobs {
        Some(jobs) => jobs as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1)),
    };
    let state = AppState {
        budget: Budget::new(Duration::from_millis(args.budget_ms), jobs),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        // heavy work recurses once per level of a game tree: not the 2 MiB default
        .thread_stack_size(onag::deep_stack::DEEP_STACK / 16)
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(serve(args, state))
}

async fn serve(args: ServeArgs, state: AppState) -> anyhow::Result<()> {
    let (host, port) = (args.host.as_str(), args.port);
    let listener = tokio::net::TcpListener::bind((host, port))
        .await
        .with_context(|| format!("cannot listen on {host}:{port}"))?;
    let addr: SocketAddr = listener
        .local_addr()
        .context("cannot read the bound address")?;
    if !addr.ip().is_loopback() {
        if !args.allow_remote {
            anyhow::bail!(
                "--host {host} is beyond loopback: other machines could reach the web app and \
                 make it compute; pass --allow-remote to listen there anyway"
            );
        }
        eprintln!(
            "warning: listening on {} (beyond loopback): anyone who can reach this address can \
             use the web app",
            addr.ip()
        );
    }
    let shown = if addr.is_ipv6() {
        format!("[{}]", addr.ip())
    } else {
        addr.ip().to_string()
    };
    // A closed stdout (a test harness that read the URL and left) must not stop the server.
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "onag web app: http://{shown}:{}/", addr.port());
    let _ = writeln!(out, "(Ctrl-C stops the server)");
    let _ = out.flush();
    drop(out);
    let hosts = conn::HostCheck::new(addr.ip(), &args.allow_host);
    conn::serve(listener, router(state), hosts, async {
        tokio::signal::ctrl_c().await.ok();
    })
    .await
    .context("the server stopped with an error")
}

/// The whole app: pages, static files and the JSON API, with the request bounds as layers.
pub fn router(state: AppState) -> Router {
    let answers = std::sync::Arc::new(cache::Cache::default());
    let mut app = Router::new();
    for path in assets::page_paths() {
        app = app.route(
            path,
            get(move |headers: axum::http::HeaderMap| async move { assets::page(path, &headers) }),
        );
    }
    for (file, path) in assets::page_file_paths() {
        app = app.route(
            file,
            get(move |headers: axum::http::HeaderMap| async move { assets::page(path, &headers) }),
        );
    }
    app.route("/static/{name}", get(assets::static_file))
        .route("/static/{version}/{name}", get(assets::versioned_file))
        .route("/favicon.ico", get(assets::favicon))
        .nest("/api", api::routes())
        .fallback(fallback)
        .layer(DefaultBodyLimit::max(onag_api::limits::MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn(move |request, next| {
            cache::cached(answers.clone(), request, next)
        }))
        .layer(axum::middleware::map_response(security_headers))
        .layer(CatchPanicLayer::custom(panic_response))
        .with_state(state)
}

/// Unknown paths: JSON 404 under `/api` (including `/api` and `/api/` themselves), the HTML
/// page elsewhere.
async fn fallback(uri: axum::http::Uri) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        error::HttpError::not_found("no such API endpoint").into_response()
    } else {
        assets::not_found_page().await
    }
}

async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
             object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    error::HttpError {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        message: "the server hit a bug while answering; please report it".into(),
    }
    .into_response()
}

#[cfg(test)]
mod tests {
    //! In-process checks of the layers that real requests can hardly reach: a panicking handler
    //! and a panicking heavy job both become JSON 500s, and the router keeps serving.

    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    fn state(budget_ms: u64) -> AppState {
        AppState {
            budget: Budget::new(Duration::from_millis(budget_ms), 1),
        }
    }

    async fn send(app: Router, path: &str) -> (StatusCode, serde_json::Value) {
        let request = Request::builder().uri(path).body(Body::empty()).unwrap();
        let response = app.oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    fn with_test_routes(state: AppState) -> Router {
        async fn boom() -> &'static str {
            panic!("a handler bug")
        }
        async fn heavy_boom(
            axum::extract::State(state): axum::extract::State<AppState>,
        ) -> Result<&'static str, error::HttpError> {
            state
                .budget
                .run("a test job", |_| -> Result<&'static str, _> {
                    panic!("a job bug")
                })
                .await
        }
        async fn endless(
            axum::extract::State(state): axum::extract::State<AppState>,
        ) -> Result<&'static str, error::HttpError> {
            state
                .budget
                .run("an endless job", |stop| {
                    while !stop.is_stopped() {
                        std::thread::yield_now();
                    }
                    Err(error::HttpError::busy("stopped"))
                })
                .await
        }
        let extra = Router::new()
            .route("/boom", get(boom))
            .route("/heavy-boom", get(heavy_boom))
            .route("/endless", get(endless))
            .with_state(state.clone());
        router(state).merge(extra.layer(CatchPanicLayer::custom(panic_response)))
    }

    #[tokio::test]
    async fn panics_become_json_500s() {
        let app = with_test_routes(state(2_000));
        let (status, body) = send(app.clone(), "/boom").await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(body["error"].as_str().unwrap().contains("bug"));
        let (status, body) = send(app.clone(), "/heavy-boom").await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(body["error"].as_str().unwrap().contains("a test job"));
        let (status, _) = send(app, "/api/health").await;
        assert_eq!(status, StatusCode::OK);
    }

    #[tokio::test]
    async fn the_budget_stops_the_work() {
        let state = state(50);
        let app = with_test_routes(state.clone());
        let (status, body) = send(app, "/endless").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(body["error"].as_str().unwrap().contains("50 ms"));
        // The single slot comes back only when the endless job has seen its flag and returned.
        for _ in 0..200 {
            if state.budget.free_slots() == 1 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the job went on after its budget");
    }
}
