//! The web app's pages, styles, scripts and WebAssembly engine, embedded in the binary so
//! `onag serve` needs no files beside it and `onag site` can write them all out.
//!
//! The same files serve both ways: pages name their assets relatively (`static/…`), and the
//! static site only turns the page links (`/toads`) into file names (`toads.html`).
//!
//! Every game of the library's registry (`onag::games::registry::GAMES`) without a page of its
//! own ([`OWN_PAGES`]: Toads and Frogs, Turning Corners, Wythoff) gets a page at `/<name>` with
//! no file of its own: the grid page (`web/grid.html`, also the cake of Cutcake)
//! or the Hackenbush page, filled in with the game's registry entry (name, title, rules,
//! notation, example), a link in the shared header and a card on the index, grouped by family.

use std::path::Path;
use std::sync::OnceLock;

use anyhow::Context;
use axum::extract::Path as UrlPath;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use onag::games::analysis::GameKind;
use onag::games::registry::{GameInfo, GAMES};

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
];

/// The page of every registered game but Hackenbush: the grid board (and Cutcake's cake).
const GRID_PAGE: Asset = asset!("grid.html", "text/html; charset=utf-8");
/// Hackenbush's page: the picture, cut by clicking edges, and its editor.
const HACKENBUSH_PAGE: Asset = asset!("hackenbush.html", "text/html; charset=utf-8");

/// Registered games that have a page of their own (their specialised solver's page), by name.
const OWN_PAGES: &[(&str, &str)] = &[
    ("toads", "/toads"),
    ("turning-corners", "/corners"),
    ("wythoff", "/wythoff"),
];

/// The registered games that get a generated page.
fn generated_games() -> impl Iterator<Item = &'static GameInfo> {
    GAMES
        .iter()
        .filter(|g| !OWN_PAGES.iter().any(|(name, _)| *name == g.name))
}

/// The page template of a registered game.
fn template(game: &GameInfo) -> &'static Asset {
    if game.name == "hackenbush" {
        &HACKENBUSH_PAGE
    } else {
        &GRID_PAGE
    }
}

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
    asset!("grid.js", "text/javascript; charset=utf-8"),
    asset!("hackenbush.js", "text/javascript; charset=utf-8"),
    asset!("pieces.js", "text/javascript; charset=utf-8"),
    asset!("play.js", "text/javascript; charset=utf-8"),
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

/// One page: its URL path, its source and, for a registered game's page, the game.
struct Page {
    path: &'static str,
    source: &'static Asset,
    game: Option<&'static GameInfo>,
}

/// Every page: the fixed ones, then one per registered game.
fn pages() -> &'static [Page] {
    static ALL: OnceLock<Vec<Page>> = OnceLock::new();
    ALL.get_or_init(|| {
        let fixed = PAGES.iter().map(|(path, source)| Page {
            path,
            source,
            game: None,
        });
        let games = generated_games().map(|game| Page {
            // A few bytes per game, made once for the life of the process.
            path: Box::leak(format!("/{}", game.name).into_boxed_str()),
            source: template(game),
            game: Some(game),
        });
        fixed.chain(games).collect()
    })
}

/// Text for HTML (element content and attribute values).
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Words for a family of the registry (the index's headings).
fn family_title(family: &str) -> String {
    match family {
        "placement" => "Placing pieces".into(),
        "capture" => "Capturing stones".into(),
        "colouring" | "coloring" => "Colouring".into(),
        "cutting" => "Cutting and chopping".into(),
        other => capitalised(other),
    }
}

/// The registry's families in order of first appearance, each with its games.
fn families() -> Vec<(&'static str, Vec<&'static GameInfo>)> {
    let mut out: Vec<(&'static str, Vec<&'static GameInfo>)> = Vec::new();
    for game in generated_games() {
        match out.iter_mut().find(|(f, _)| *f == game.family) {
            Some((_, list)) => list.push(game),
            None => out.push((game.family, vec![game])),
        }
    }
    out
}

/// The header's links to the registered games, after the fixed ones.
fn game_links() -> String {
    let mut out = String::from("<span class=\"sep\" aria-hidden=\"true\">·</span>\n");
    for (_, games) in families() {
        for game in games {
            out.push_str(&format!(
                "    <a href=\"/{}\">{}</a>\n",
                game.name,
                escape(game.title)
            ));
        }
    }
    out
}

/// The index's cards of the registered games, one group per family.
fn game_cards() -> String {
    let mut out = String::new();
    for (family, games) in families() {
        out.push_str(&format!(
            "<h2 class=\"family\">{}</h2>\n<div class=\"cards\">\n",
            escape(&family_title(family))
        ));
        for game in games {
            let impartial = if game.kind == GameKind::Impartial {
                " (impartial: values are nimbers)"
            } else {
                ""
            };
            out.push_str(&format!(
                "  <a class=\"card\" href=\"/{name}\" data-game=\"{name}\">\n    <h2>{title}</h2>\n    <p>{rules}{impartial}.</p>\n  </a>\n",
                name = game.name,
                title = escape(game.title),
                rules = escape(&capitalised(game.rules)),
            ));
        }
        out.push_str("</div>\n");
    }
    out
}

/// The value panel, moves table and history every registered game's page shares.
const GAME_SIDE: &str = include_str!("../../web/game-side.html");
/// The place in a game page of [`GAME_SIDE`].
const GAME_SIDE_MARKER: &str = "<!-- onag:game-side -->\n";

/// The place in `header.html` of the registered games' links.
const GAMES_MARKER: &str = "<!-- onag:games -->\n";
/// The place in `index.html` of the registered games' cards.
const CARDS_MARKER: &str = "<!-- onag:game-cards -->\n";

/// A registered game's page: its template filled in with the game's registry entry.
fn fill(body: &str, game: &GameInfo) -> String {
    let kind = match game.kind {
        GameKind::Partizan => "partizan",
        GameKind::Impartial => "impartial",
    };
    body.replace("__GAME__", game.name)
        .replace("__TITLE__", &escape(game.title))
        .replace("__FAMILY__", &escape(game.family))
        .replace("__KIND__", kind)
        .replace("__EXAMPLE__", &escape(game.example))
        .replace("__RULES__", &escape(&capitalised(game.rules)))
        .replace("__NOTATION__", &escape(game.notation))
}

/// Page `i` with the shared header in place, its link to the page itself marked current.
fn render(i: usize, delivery: Delivery) -> String {
    let page = &pages()[i];
    let path = page.path;
    let link = format!("<a href=\"{path}\">");
    let current = format!("<a href=\"{path}\" aria-current=\"page\">");
    let body = std::str::from_utf8(page.source.body).expect("pages are UTF-8");
    let header = HEADER
        .replacen(GAMES_MARKER, &game_links(), 1)
        .replacen(&link, &current, 1);
    let mut out = body.replacen(HEADER_MARKER, &header, 1);
    out = out.replacen(CARDS_MARKER, &game_cards(), 1);
    if let Some(game) = page.game {
        out = fill(&out.replacen(GAME_SIDE_MARKER, GAME_SIDE, 1), game);
    }
    if delivery == Delivery::Static {
        for other in pages() {
            out = out.replace(
                &format!("href=\"{}\"", other.path),
                &format!("href=\"{}\"", file_name(other.path)),
            );
        }
    }
    out
}

/// The served pages, built once.
fn rendered() -> &'static [String] {
    static PAGES_RENDERED: OnceLock<Vec<String>> = OnceLock::new();
    PAGES_RENDERED.get_or_init(|| {
        (0..pages().len())
            .map(|i| render(i, Delivery::Served))
            .collect()
    })
}

/// The URL paths of every page (for the router).
pub fn page_paths() -> impl Iterator<Item = &'static str> {
    pages().iter().map(|p| p.path)
}

/// The page at `path`.
pub fn page(path: &str) -> Response {
    match pages().iter().position(|p| p.path == path) {
        Some(i) => serve_body(HTML, rendered()[i].as_bytes()),
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
    for (i, page) in pages().iter().enumerate() {
        write(
            dir.join(file_name(page.path)),
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
        for (page, body) in pages().iter().zip(rendered()) {
            let path = &page.path;
            let source = std::str::from_utf8(page.source.body).unwrap();
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
        for i in 0..pages().len() {
            let page = render(i, Delivery::Static);
            for other in pages() {
                let path = other.path;
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
    fn every_registered_game_has_a_filled_in_page_a_header_link_and_an_index_card() {
        let index = &rendered()[0];
        for (name, path) in OWN_PAGES {
            assert!(
                GAMES.iter().any(|g| g.name == *name),
                "{name} is registered"
            );
            assert!(PAGES.iter().any(|(p, _)| p == path), "{path} is a page");
        }
        for game in generated_games() {
            let path = format!("/{}", game.name);
            let i = pages().iter().position(|p| p.path == path).unwrap();
            let body = &rendered()[i];
            assert!(!body.contains("__"), "{path} has an unfilled marker");
            assert!(!body.contains("onag:game-side") && body.contains("id=\"moves\""));
            assert!(body.contains(&format!("data-game=\"{}\"", game.name)));
            assert!(body.contains(&format!("<title>{} — onag</title>", escape(game.title))));
            assert!(body.contains(&format!("<a href=\"{path}\" aria-current=\"page\">")));
            assert!(index.contains(&format!("<a class=\"card\" href=\"{path}\"")));
            // the other pages link it too
            assert!(rendered()[1].contains(&format!("<a href=\"{path}\">")));
        }
        assert!(!index.contains("onag:game-cards"));
    }

    #[test]
    fn the_wasm_engine_is_embedded() {
        let wasm = STATIC.iter().find(|a| a.name == "onag.wasm").unwrap();
        assert_eq!(&wasm.body[..4], b"\0asm");
    }
}
