//! `onag serve`: the local web app (axum + tokio, assets embedded in the binary).
//!
//! Layout: [`assets`] serves the embedded pages, [`api`] holds one module per game family with
//! its JSON endpoints, [`limits`] bounds every request (size, time, concurrency) and [`error`]
//! turns every failure into a JSON message.

mod api;
mod assets;
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
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
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
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(serve(args.host, args.port, state))
}

async fn serve(host: String, port: u16, state: AppState) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind((host.as_str(), port))
        .await
        .with_context(|| format!("cannot listen on {host}:{port}"))?;
    let addr: SocketAddr = listener
        .local_addr()
        .context("cannot read the bound address")?;
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
    axum::serve(listener, router(state))
        .with_graceful_shutdown(async {
            tokio::signal::ctrl_c().await.ok();
        })
        .await
        .context("the server stopped with an error")
}

/// The whole app: pages, static files and the JSON API, with the request bounds as layers.
pub fn router(state: AppState) -> Router {
    let mut app = Router::new();
    for path in assets::page_paths() {
        app = app.route(path, get(move || async move { assets::page(path) }));
    }
    app.route("/static/{name}", get(assets::static_file))
        .route("/favicon.ico", get(assets::favicon))
        .nest("/api", api::routes())
        .fallback(assets::not_found_page)
        .layer(DefaultBodyLimit::max(limits::MAX_BODY_BYTES))
        .layer(axum::middleware::map_response(security_headers))
        .layer(CatchPanicLayer::custom(panic_response))
        .with_state(state)
}

async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
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
    error::ApiError {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        message: "the server hit a bug while answering; please report it".into(),
    }
    .into_response()
}
