//! The web app's pages, styles and scripts, embedded in the binary so `onag serve` needs no
//! files beside it.

use std::sync::OnceLock;

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

/// The header and navigation every page shares, put in place of [`HEADER_MARKER`].
const HEADER: &str = include_str!("../../web/header.html");
/// The line of a page that [`HEADER`] replaces.
const HEADER_MARKER: &str = "<!-- onag:header -->\n";

/// The pages with the shared header in place, its link to the page itself marked current;
/// built once.
fn rendered() -> &'static [String] {
    static PAGES_RENDERED: OnceLock<Vec<String>> = OnceLock::new();
    PAGES_RENDERED.get_or_init(|| {
        PAGES
            .iter()
            .map(|(path, asset)| {
                let link = format!("<a href=\"{path}\">");
                let current = format!("<a href=\"{path}\" aria-current=\"page\">");
                asset
                    .body
                    .replacen(HEADER_MARKER, &HEADER.replacen(&link, &current, 1), 1)
            })
            .collect()
    })
}

/// The URL paths of every page (for the router).
pub fn page_paths() -> impl Iterator<Item = &'static str> {
    PAGES.iter().map(|(path, _)| *path)
}

/// The page at `path`.
pub fn page(path: &str) -> Response {
    match PAGES.iter().position(|(p, _)| *p == path) {
        Some(i) => serve_body(PAGES[i].1.mime, &rendered()[i]),
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
    serve_body(asset.mime, asset.body)
}

fn serve_body(mime: &'static str, body: &'static str) -> Response {
    let mut response = ([(header::CONTENT_TYPE, mime)], body).into_response();
    // Assets change with the binary; revalidating is cheap on loopback.
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_gets_the_shared_header_with_its_own_link_current() {
        for ((path, asset), body) in PAGES.iter().zip(rendered()) {
            assert_eq!(asset.body.matches(HEADER_MARKER).count(), 1, "{path}");
            assert!(!body.contains("onag:header"), "{path}");
            assert_eq!(body.matches("<header class=\"site\">").count(), 1, "{path}");
            let current: Vec<&str> = body.matches("aria-current=\"page\"").collect();
            if *path == "/" {
                assert!(current.is_empty());
            } else {
                assert_eq!(current.len(), 1, "{path}");
                let link = format!("<a href=\"{path}\" aria-current=\"page\">");
                assert!(body.contains(&link), "{path}");
            }
        }
    }
}
