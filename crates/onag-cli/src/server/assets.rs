//! The web app's pages, styles, scripts and WebAssembly engine, embedded in the binary so
//! `onag serve` needs no files beside it and `onag site` can write them all out.
//!
//! The same files serve both ways: pages name their assets relatively (`static/…`), and the
//! static site only turns the page links (`/toads`) into file names (`toads.html`).

use std::path::Path;
use std::sync::OnceLock;

use anyhow::Context;
use axum::extract::Path as UrlPath;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// One embedded file.
struct Asset {
    name: &'static str,
    mime: &'static str,
    body: &'static [u8],
}

macro_rules! asset {
    ($name:literal, $mime:literal) => {
        Asset {
            name: $name,
            mime: $mime,
            body: include_bytes!(concat!("../../web/", $name)),
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
    ("/heaps", asset!("heaps.html", "text/html; charset=utf-8")),
];

/// Files under `/static/`.
const STATIC: &[Asset] = &[
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("common.js", "text/javascript; charset=utf-8"),
    asset!("engine.js", "text/javascript; charset=utf-8"),
    asset!("game.js", "text/javascript; charset=utf-8"),
    asset!("worker.js", "text/javascript; charset=utf-8"),
    asset!("nim.js", "text/javascript; charset=utf-8"),
    asset!("corners.js", "text/javascript; charset=utf-8"),
    asset!("wythoff.js", "text/javascript; charset=utf-8"),
    asset!("queens.js", "text/javascript; charset=utf-8"),
    asset!("toads.js", "text/javascript; charset=utf-8"),
    asset!("heaps.js", "text/javascript; charset=utf-8"),
    asset!("seqplot.js", "text/javascript; charset=utf-8"),
    asset!("score.js", "text/javascript; charset=utf-8"),
    asset!("favicon.svg", "image/svg+xml"),
    Asset {
        name: "findings.json",
        mime: "application/json",
        // What `onag reproduce` checked: the pages' findings panels read it.
        body: include_bytes!("../../../../results/reproduce.json"),
    },
    Asset {
        name: "onag.wasm",
        mime: "application/wasm",
        // Built from crates/onag-wasm by build.rs.
        body: include_bytes!(concat!(env!("OUT_DIR"), "/onag.wasm")),
    },
];

/// The header and navigation every page shares, put in place of [`HEADER_MARKER`].
const HEADER: &str = include_str!("../../web/header.html");
/// The line of a page that [`HEADER`] replaces.
const HEADER_MARKER: &str = "<!-- onag:header -->\n";

/// How a page is delivered: by `onag serve` (links are URL paths) or as a static site (links
/// are file names, so any static file server or a plain directory works).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Delivery {
    Served,
    Static,
}

/// The file name of the page at URL `path` in the static site.
fn file_name(path: &str) -> String {
    match path {
        "/" => "index.html".into(),
        _ => format!("{}.html", path.trim_start_matches('/')),
    }
}

/// Page `i` with the shared header in place, its link to the page itself marked current.
fn render(i: usize, delivery: Delivery) -> String {
    let (path, asset) = &PAGES[i];
    let link = format!("<a href=\"{path}\">");
    let current = format!("<a href=\"{path}\" aria-current=\"page\">");
    let body = std::str::from_utf8(asset.body).expect("pages are UTF-8");
    let mut page = body.replacen(HEADER_MARKER, &HEADER.replacen(&link, &current, 1), 1);
    if delivery == Delivery::Static {
        for (other, _) in PAGES {
            page = page.replace(
                &format!("href=\"{other}\""),
                &format!("href=\"{}\"", file_name(other)),
            );
        }
    }
    page
}

/// The served pages, built once.
fn rendered() -> &'static [String] {
    static PAGES_RENDERED: OnceLock<Vec<String>> = OnceLock::new();
    PAGES_RENDERED.get_or_init(|| {
        (0..PAGES.len())
            .map(|i| render(i, Delivery::Served))
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
        Some(i) => serve_body(PAGES[i].1.mime, rendered()[i].as_bytes()),
        None => (StatusCode::NOT_FOUND, "no such page").into_response(),
    }
}

/// `GET /static/{name}`.
pub async fn static_file(UrlPath(name): UrlPath<String>) -> Response {
    match STATIC.iter().find(|a| a.name == name) {
        Some(asset) => serve_body(asset.mime, asset.body),
        None => not_found_page().await,
    }
}

/// `GET /favicon.ico` (browsers ask for it whatever the page says).
pub async fn favicon() -> Response {
    match STATIC.iter().find(|a| a.name == "favicon.svg") {
        Some(asset) => serve_body(asset.mime, asset.body),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// The answer to any unknown page.
pub async fn not_found_page() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, HTML)],
        NOT_FOUND,
    )
        .into_response()
}

const NOT_FOUND: &str = "<!doctype html><meta charset=utf-8><title>Not found — onag</title>\
                         <link rel=stylesheet href=/static/style.css>\
                         <main class=page><h1>Not found</h1><p><a href=/>Back to the games</a></p></main>";

fn serve_body(mime: &'static str, body: &'static [u8]) -> Response {
    let mut response = ([(header::CONTENT_TYPE, mime)], body).into_response();
    // Assets change with the binary; revalidating is cheap on loopback.
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// `onag site --out DIR`: writes every page (`index.html`, `toads.html`, …) and `static/` (styles,
/// scripts, `onag.wasm`) into `dir`, creating it; returns the files written. Files of the same
/// names are replaced, nothing else in `dir` is touched.
pub fn write_site(dir: &Path) -> anyhow::Result<Vec<std::path::PathBuf>> {
    let statics = dir.join("static");
    std::fs::create_dir_all(&statics)
        .with_context(|| format!("cannot create {}", statics.display()))?;
    let mut written = Vec::new();
    let mut write = |path: std::path::PathBuf, body: &[u8]| -> anyhow::Result<()> {
        std::fs::write(&path, body).with_context(|| format!("cannot write {}", path.display()))?;
        written.push(path);
        Ok(())
    };
    for (i, (path, _)) in PAGES.iter().enumerate() {
        write(
            dir.join(file_name(path)),
            render(i, Delivery::Static).as_bytes(),
        )?;
    }
    write(
        dir.join("404.html"),
        NOT_FOUND.replace("/static/", "static/").as_bytes(),
    )?;
    for asset in STATIC {
        write(statics.join(asset.name), asset.body)?;
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_gets_the_shared_header_with_its_own_link_current() {
        for ((path, asset), body) in PAGES.iter().zip(rendered()) {
            let source = std::str::from_utf8(asset.body).unwrap();
            assert_eq!(source.matches(HEADER_MARKER).count(), 1, "{path}");
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

    #[test]
    fn static_pages_link_files_and_name_assets_relatively() {
        for i in 0..PAGES.len() {
            let page = render(i, Delivery::Static);
            for (path, _) in PAGES {
                assert!(
                    !page.contains(&format!("href=\"{path}\"")),
                    "{path} in page {i}"
                );
            }
            assert!(page.contains("href=\"toads.html\""));
            assert!(
                !page.contains("\"/static/"),
                "page {i} names an asset absolutely"
            );
        }
    }

    #[test]
    fn the_wasm_engine_is_embedded() {
        let wasm = STATIC.iter().find(|a| a.name == "onag.wasm").unwrap();
        assert_eq!(&wasm.body[..4], b"\0asm");
    }
}
