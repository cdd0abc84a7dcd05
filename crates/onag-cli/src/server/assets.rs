//! The web app's pages, styles and scripts, embedded in the binary so `onag serve` needs no
//! files beside it.

use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// One embedded file.
struct Asset {
    name: &'static str,
    mime: &'static str,
    body: &'static str,
}

macro_rules! asset {
    ($name:literal, $mime:literal) => {
        Asset {
            name: $name,
            mime: $mime,
            body: include_str!(concat!("../../web/", $name)),
        }
    };
}

const HTML: &str = "text/html; charset=utf-8";

/// Pages, by URL path.
const PAGES: &[(&str, Asset)] = &[
    ("/", asset!("index.html", "text/html; charset=utf-8")),
    ("/nim", asset!("nim.html", "text/html; charset=utf-8")),
    (
        "/corners",
        asset!("corners.html", "text/html; charset=utf-8"),
    ),
    (
        "/wythoff",
        asset!("wythoff.html", "text/html; charset=utf-8"),
    ),
    ("/queens", asset!("queens.html", "text/html; charset=utf-8")),
    ("/toads", asset!("toads.html", "text/html; charset=utf-8")),
];

/// Files under `/static/`.
const STATIC: &[Asset] = &[
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("common.js", "text/javascript; charset=utf-8"),
    asset!("nim.js", "text/javascript; charset=utf-8"),
    asset!("corners.js", "text/javascript; charset=utf-8"),
    asset!("wythoff.js", "text/javascript; charset=utf-8"),
    asset!("queens.js", "text/javascript; charset=utf-8"),
    asset!("toads.js", "text/javascript; charset=utf-8"),
    asset!("favicon.svg", "image/svg+xml"),
];

/// The URL paths of every page (for the router).
pub fn page_paths() -> impl Iterator<Item = &'static str> {
    PAGES.iter().map(|(path, _)| *path)
}

/// The page at `path`.
pub fn page(path: &str) -> Response {
    match PAGES.iter().find(|(p, _)| *p == path) {
        Some((_, asset)) => serve(asset),
        None => (StatusCode::NOT_FOUND, "no such page").into_response(),
    }
}

/// `GET /static/{name}`.
pub async fn static_file(Path(name): Path<String>) -> Response {
    match STATIC.iter().find(|a| a.name == name) {
        Some(asset) => serve(asset),
        None => not_found_page().await,
    }
}

/// `GET /favicon.ico` (browsers ask for it whatever the page says).
pub async fn favicon() -> Response {
    match STATIC.iter().find(|a| a.name == "favicon.svg") {
        Some(asset) => serve(asset),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// The answer to any unknown page.
pub async fn not_found_page() -> Response {
    let body = "<!doctype html><meta charset=utf-8><title>Not found — onag</title>\
                <link rel=stylesheet href=/static/style.css>\
                <main class=page><h1>Not found</h1><p><a href=/>Back to the games</a></p></main>";
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, HTML)], body).into_response()
}

fn serve(asset: &Asset) -> Response {
    let mut response = ([(header::CONTENT_TYPE, asset.mime)], asset.body).into_response();
    // Assets change with the binary; revalidating is cheap on loopback.
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}
