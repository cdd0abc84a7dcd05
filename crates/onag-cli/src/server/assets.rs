//! The web app's pages, styles, scripts and WebAssembly engine, embedded in the binary so
//! `onag serve` needs no files beside it and `onag site` can write them all out.
//!
//! The same files serve both ways: pages name their assets relatively (`static/…`), and the
//! static site only turns the page links (`/toads`) into file names (`toads.html`).
//!
//! Every game of the library's registry (`onag::games::registry::GAMES`) without a page of its
//! own (`page.own_page`) gets a page at `/<name>` with no file of its own, built from its
//! registry entry alone: the board file and script its `page.board` names (the graph page for
//! a graph, the grid page for a grid, pieces or any other notation), filled in with the entry
//! (name, title, rules, notation, example) and its page data as JSON (cells and pieces, how a
//! move is shown, the hint, the presets), a link in the shared header and a card on the index,
//! grouped by family. No page code names a game.
//!
//! Caching: pages link their assets under a content-hashed folder, `static/<version>/…`, where
//! the version is a digest of every static file, so those URLs never change meaning and are
//! served `immutable` for a year; a new binary with any changed file links a new folder. The
//! static export writes the same hashed folder. Pages (and the unversioned `/static/<name>`)
//! are revalidated with an ETag. Text and the WebAssembly engine go out brotli- or
//! gzip-compressed to clients that accept either (brotli preferred: about a fifth smaller on
//! the engine; both compressed once, on first use).

use std::path::Path;
use std::sync::OnceLock;

use anyhow::Context;
use std::io::Write as _;

use axum::extract::Path as UrlPath;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use onag::games::analysis::GameKind;
use onag::games::page::Board;
use onag::games::registry::{GameInfo, GAMES};
use onag::loopy::games::registry::{LoopyGameInfo, LOOPY_GAMES};

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
    (
        "/worksheet",
        asset!("worksheet.html", "text/html; charset=utf-8"),
    ),
];

/// The page of every registered game: title, error banner, the board column and the rules
/// of its board file ([`BOARD_MARKER`], [`RULES_MARKER`]), the shared value panel and moves
/// table ([`GAME_SIDE`]), and the board's script (`__SCRIPT__`).
const GAME_PAGE: Asset = asset!("game.html", "text/html; charset=utf-8");
/// The board file of every registered game but a graph: the grid board (also pieces of cake,
/// and any other notation as text with its moves), then its rules after [`RULES_MARKER`].
const GRID_BOARD: Asset = asset!("grid.html", "text/html; charset=utf-8");
/// The board file of a graph ([`Board::Graph`]): the picture, cut by clicking edges, and its
/// editor.
const GRAPH_BOARD: Asset = asset!("graph.html", "text/html; charset=utf-8");
/// The board file of every loopy game (`onag::loopy::games::registry::LOOPY_GAMES`): its
/// board column, then its rules after [`RULES_MARKER`]; in [`GAME_PAGE`] as the others are.
const LOOPY_BOARD: Asset = asset!("loopy-board.html", "text/html; charset=utf-8");
/// The side column of every loopy game's page (in place of [`GAME_SIDE`]): the outcome with
/// draws, the moves with ✓ = ✗, the moves played.
const LOOPY_SIDE: &str = include_str!("../../web/loopy-side.html");
/// The place in [`GAME_PAGE`] of a board file's board column.
const BOARD_MARKER: &str = "<!-- onag:board -->\n";
/// The place in [`GAME_PAGE`] of a board file's rules, and where a board file's rules begin.
const RULES_MARKER: &str = "<!-- onag:rules -->\n";

/// The `<head>` of every page, titled: a page's first line `<!-- onag:head TITLE -->` turns
/// into it.
const HEAD: &str = include_str!("../../web/head.html");
/// The footer every page shares, put in place of [`FOOTER_MARKER`].
const FOOTER: &str = include_str!("../../web/footer.html");
/// The line of a page that [`FOOTER`] replaces.
const FOOTER_MARKER: &str = "<!-- onag:footer -->\n";
/// How a page's first line asks for [`HEAD`].
const HEAD_MARKER: (&str, &str) = ("<!-- onag:head ", " -->\n");

/// The registered games that get a generated page (those without a page of their own).
fn generated_games() -> impl Iterator<Item = &'static GameInfo> {
    GAMES.iter().filter(|g| g.page.own_page.is_none())
}

/// The board file of a registered game and the script that draws it, by its kind of board.
fn board_of(game: &GameInfo) -> (&'static Asset, &'static str) {
    match game.page.board {
        Board::Graph => (&GRAPH_BOARD, "graph"),
        _ => (&GRID_BOARD, "grid"),
    }
}

/// `page` with its first line `<!-- onag:head TITLE -->` replaced by [`HEAD`] so titled.
fn with_head(page: &str) -> String {
    let (open, close) = HEAD_MARKER;
    match page
        .strip_prefix(open)
        .and_then(|rest| rest.split_once(close))
    {
        Some((title, rest)) => HEAD.replacen("__PAGE_TITLE__", title, 1) + rest,
        None => page.to_string(),
    }
}

/// A registered game's page before its registry entry is filled in: [`GAME_PAGE`] with the
/// board column and the rules of the game's board file.
fn game_page(game: &GameInfo) -> String {
    let (board, script) = board_of(game);
    shell(board, GAME_SIDE, script)
}

/// [`GAME_PAGE`] with a board file's column and rules, a side column and the board's script:
/// every game page, the registered games' and the loopy games'.
fn shell(board: &Asset, side: &str, script: &str) -> String {
    let board = std::str::from_utf8(board.body).expect("pages are UTF-8");
    let (column, rules) = board.split_once(RULES_MARKER).unwrap_or((board, ""));
    let shell = std::str::from_utf8(GAME_PAGE.body).expect("pages are UTF-8");
    shell
        .replacen(BOARD_MARKER, column, 1)
        .replacen(RULES_MARKER, rules, 1)
        .replacen(GAME_SIDE_MARKER, side, 1)
        .replace("__SCRIPT__", script)
}

/// Files under `/static/`.
const STATIC: &[Asset] = &[
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("common.js", "text/javascript; charset=utf-8"),
    asset!("engine.js", "text/javascript; charset=utf-8"),
    asset!("game.js", "text/javascript; charset=utf-8"),
    asset!("board.js", "text/javascript; charset=utf-8"),
    asset!("worker.js", "text/javascript; charset=utf-8"),
    asset!("nim.js", "text/javascript; charset=utf-8"),
    asset!("nimgame.js", "text/javascript; charset=utf-8"),
    asset!("corners.js", "text/javascript; charset=utf-8"),
    asset!("wythoff.js", "text/javascript; charset=utf-8"),
    asset!("queens.js", "text/javascript; charset=utf-8"),
    asset!("toads.js", "text/javascript; charset=utf-8"),
    asset!("grid.js", "text/javascript; charset=utf-8"),
    asset!("graph.js", "text/javascript; charset=utf-8"),
    asset!("picture.js", "text/javascript; charset=utf-8"),
    asset!("pieces.js", "text/javascript; charset=utf-8"),
    asset!("play.js", "text/javascript; charset=utf-8"),
    asset!("heaps.js", "text/javascript; charset=utf-8"),
    asset!("seqplot.js", "text/javascript; charset=utf-8"),
    asset!("worksheet.js", "text/javascript; charset=utf-8"),
    asset!("loopy.js", "text/javascript; charset=utf-8"),
    asset!("loopyboard.js", "text/javascript; charset=utf-8"),
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
    loopy: Option<&'static LoopyGameInfo>,
}

/// Every page: the fixed ones, then one per registered game.
fn pages() -> &'static [Page] {
    static ALL: OnceLock<Vec<Page>> = OnceLock::new();
    ALL.get_or_init(|| {
        let fixed = PAGES.iter().map(|(path, source)| Page {
            path,
            source,
            game: None,
            loopy: None,
        });
        let games = generated_games().map(|game| Page {
            // A few bytes per game, made once for the life of the process.
            path: Box::leak(format!("/{}", game.name).into_boxed_str()),
            source: &GAME_PAGE,
            game: Some(game),
            loopy: None,
        });
        let loopy = LOOPY_GAMES.iter().map(|game| Page {
            path: Box::leak(format!("/{}", game.name).into_boxed_str()),
            source: &GAME_PAGE,
            game: None,
            loopy: Some(game),
        });
        fixed.chain(games).chain(loopy).collect()
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
    for game in LOOPY_GAMES {
        out.push_str(&format!(
            "    <a href=\"/{}\">{}</a>\n",
            game.name,
            escape(game.title)
        ));
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
    out.push_str(
        "<h2 class=\"family\">Loopy games (play may go on for ever)</h2>\n<div class=\"cards\">\n",
    );
    for game in LOOPY_GAMES {
        out.push_str(&format!(
            "  <a class=\"card\" href=\"/{name}\" data-game=\"{name}\">\n    <h2>{title}</h2>\n    <p>{rules}.</p>\n  </a>\n",
            name = game.name,
            title = escape(game.title),
            rules = escape(&capitalised(game.rules)),
        ));
    }
    out.push_str("</div>\n");
    out
}

/// The value panel, moves table and history every game page shares (the registered games'
/// and Toads and Frogs').
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
        .replace("__PAGE_DATA__", &page_data(game))
}

/// A loopy game's page: the game shell with [`LOOPY_BOARD`] and [`LOOPY_SIDE`], filled in
/// with the game's registry entry (its page data with the sides' names, `sides`).
fn fill_loopy(body: &str, game: &LoopyGameInfo) -> String {
    let [left, right] = game.sides;
    let mut data = serde_json::to_value(game.page).expect("page data serialises");
    data["sides"] = serde_json::json!([format!("Left ({left})"), format!("Right ({right})")]);
    body.replace("__GAME__", game.name)
        .replace("__TITLE__", &escape(game.title))
        .replace("__FAMILY__", "loopy")
        .replace("__KIND__", "loopy")
        .replace("__EXAMPLE__", &escape(game.example))
        .replace("__RULES__", &escape(&capitalised(game.rules)))
        .replace("__NOTATION__", &escape(game.notation))
        .replace("__LEFT__", &escape(left))
        .replace("__RIGHT__", &escape(right))
        .replace("__PAGE_DATA__", &data.to_string().replace('<', "\\u003c"))
}

/// The game's page data ([`onag::games::page::PageInfo`]) as JSON for the page's script, safe
/// inside `<script type="application/json">` (no `<` can close the element).
fn page_data(game: &GameInfo) -> String {
    serde_json::to_string(&game.page)
        .expect("page data serialises")
        .replace('<', "\\u003c")
}

/// Page `i` with the shared header in place, its link to the page itself marked current.
fn render(i: usize, delivery: Delivery) -> String {
    let page = &pages()[i];
    let path = page.path;
    let link = format!("<a href=\"{path}\">");
    let current = format!("<a href=\"{path}\" aria-current=\"page\">");
    let body = match (page.game, page.loopy) {
        (Some(game), _) => game_page(game),
        (None, Some(_)) => shell(&LOOPY_BOARD, LOOPY_SIDE, "loopy"),
        // a hand-written game page (Toads and Frogs) takes the same side column
        (None, None) => std::str::from_utf8(page.source.body)
            .expect("pages are UTF-8")
            .replacen(GAME_SIDE_MARKER, GAME_SIDE, 1),
    };
    let header = HEADER
        .replacen(GAMES_MARKER, &game_links(), 1)
        .replacen(&link, &current, 1);
    let mut out = with_head(&body)
        .replacen(HEADER_MARKER, &header, 1)
        .replacen(FOOTER_MARKER, FOOTER, 1);
    out = out.replacen(CARDS_MARKER, &game_cards(), 1);
    if let Some(game) = page.game {
        out = fill(&out, game);
    }
    if let Some(game) = page.loopy {
        out = fill_loopy(&out, game);
    }
    out = out.replace("\"static/", &format!("\"static/{}/", version()));
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

/// A digest of `bytes` (64-bit FNV-1a): for cache names and ETags, not for security.
fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The version of the static files: a digest of all of them (names and bytes), the folder
/// name pages link their assets under (`static/<version>/style.css`).
pub fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let mut all = Vec::new();
        for asset in STATIC {
            all.extend_from_slice(asset.name.as_bytes());
            all.extend_from_slice(&digest(asset.body).to_le_bytes());
        }
        format!("{:012x}", digest(&all) & 0xffff_ffff_ffff)
    })
}

/// A body ready to send: its ETag and, where it pays, brotli- and gzip-compressed copies.
struct Prepared {
    etag: HeaderValue,
    brotli: Option<Vec<u8>>,
    gzip: Option<Vec<u8>>,
}

impl Prepared {
    fn new(mime: &str, body: &[u8]) -> Prepared {
        let etag = HeaderValue::from_str(&format!("\"{:016x}\"", digest(body)))
            .expect("a hex ETag is a valid header");
        let compressible = mime.starts_with("text/")
            || mime.starts_with("application/json")
            || mime.starts_with("application/wasm")
            || mime.starts_with("image/svg");
        let gzip = compressible.then(|| gzip(body)).flatten();
        let brotli = compressible.then(|| brotli(body)).flatten();
        Prepared { etag, brotli, gzip }
    }
}

/// `body` brotli-compressed (quality 9: within a few per cent of 11 at a tenth of the time,
/// which the first request waits for), when that makes it smaller.
fn brotli(body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 9,
        lgwin: 22,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &body[..], &mut out, &params).ok()?;
    (out.len() < body.len()).then_some(out)
}

/// `body` gzip-compressed, when that makes it smaller.
fn gzip(body: &[u8]) -> Option<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(body).ok()?;
    let out = encoder.finish().ok()?;
    (out.len() < body.len()).then_some(out)
}

/// The served pages, built once, with their ETags and compressed copies.
fn rendered() -> &'static [(String, Prepared)] {
    static PAGES_RENDERED: OnceLock<Vec<(String, Prepared)>> = OnceLock::new();
    PAGES_RENDERED.get_or_init(|| {
        (0..pages().len())
            .map(|i| {
                let page = render(i, Delivery::Served);
                let prepared = Prepared::new(HTML, page.as_bytes());
                (page, prepared)
            })
            .collect()
    })
}

/// The static files' ETags and compressed copies, in [`STATIC`] order, made once.
fn prepared_static() -> &'static [Prepared] {
    static PREPARED: OnceLock<Vec<Prepared>> = OnceLock::new();
    PREPARED.get_or_init(|| {
        STATIC
            .iter()
            .map(|a| Prepared::new(a.mime, a.body))
            .collect()
    })
}

/// The URL paths of every page (for the router).
pub fn page_paths() -> impl Iterator<Item = &'static str> {
    pages().iter().map(|p| p.path)
}

/// Every page's file name in the static site as a URL path (`/domineering.html`,
/// `/index.html`) with the page it is: the server answers those too, so a link copied from
/// the static site works against `onag serve`.
pub fn page_file_paths() -> impl Iterator<Item = (&'static str, &'static str)> {
    static FILES: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    FILES
        .get_or_init(|| {
            pages()
                .iter()
                .map(|p| {
                    let file: &'static str =
                        Box::leak(format!("/{}", file_name(p.path)).into_boxed_str());
                    (file, p.path)
                })
                .collect()
        })
        .iter()
        .copied()
}

/// How long a client may keep a response without asking again.
#[derive(Clone, Copy)]
enum Freshness {
    /// Ask every time (an ETag makes the answer a small 304 when nothing changed).
    Revalidate,
    /// A versioned URL: its content never changes.
    Immutable,
}

/// The page at `path`.
pub fn page(path: &str, request: &HeaderMap) -> Response {
    match pages().iter().position(|p| p.path == path) {
        Some(i) => {
            let (body, prepared) = &rendered()[i];
            send(
                request,
                HTML,
                body.as_bytes(),
                prepared,
                Freshness::Revalidate,
            )
        }
        None => (StatusCode::NOT_FOUND, "no such page").into_response(),
    }
}

/// `GET /static/{name}`: the current file, revalidated on every use.
pub async fn static_file(UrlPath(name): UrlPath<String>, request: HeaderMap) -> Response {
    static_answer(&name, &request, Freshness::Revalidate).await
}

/// `GET /static/{version}/{name}`: immutable when `version` is this binary's; an older
/// version's URL gets today's file, revalidated (a page from an older binary still loads).
pub async fn versioned_file(
    UrlPath((asked, name)): UrlPath<(String, String)>,
    request: HeaderMap,
) -> Response {
    let freshness = if asked == version() {
        Freshness::Immutable
    } else {
        Freshness::Revalidate
    };
    static_answer(&name, &request, freshness).await
}

async fn static_answer(name: &str, request: &HeaderMap, freshness: Freshness) -> Response {
    match STATIC.iter().position(|a| a.name == name) {
        Some(i) => send(
            request,
            STATIC[i].mime,
            STATIC[i].body,
            &prepared_static()[i],
            freshness,
        ),
        None => not_found_page().await,
    }
}

/// `GET /favicon.ico` (browsers ask for it whatever the page says).
pub async fn favicon(request: HeaderMap) -> Response {
    static_answer("favicon.svg", &request, Freshness::Revalidate).await
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

/// Whether the request's `Accept-Encoding` takes `coding` (`gzip`, `br`; or `*`) and does not
/// refuse it with `q=0`.
fn accepts(request: &HeaderMap, coding: &str) -> bool {
    request
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|part| {
            let mut pieces = part.split(';').map(str::trim);
            let named = pieces.next().unwrap_or("");
            let refused = pieces.any(|p| p.replace(' ', "") == "q=0");
            (named.eq_ignore_ascii_case(coding) || named == "*") && !refused
        })
}

/// Sends `body` (or its brotli or gzip copy), with its ETag and cache policy; a 304 when the client's
/// `If-None-Match` already names this ETag.
fn send(
    request: &HeaderMap,
    mime: &'static str,
    body: &'static [u8],
    prepared: &'static Prepared,
    freshness: Freshness,
) -> Response {
    let cache = HeaderValue::from_static(match freshness {
        Freshness::Revalidate => "no-cache",
        Freshness::Immutable => "public, max-age=31536000, immutable",
    });
    let matches = request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|tag| {
            let tag = tag.trim();
            tag == "*" || tag.trim_start_matches("W/").as_bytes() == prepared.etag.as_bytes()
        });
    let mut response = if matches {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let coded = [("br", &prepared.brotli), ("gzip", &prepared.gzip)]
            .into_iter()
            .find_map(|(coding, copy)| {
                copy.as_ref()
                    .filter(|_| accepts(request, coding))
                    .map(|c| (coding, c))
            });
        match coded {
            Some((coding, copy)) => {
                let mut r = ([(header::CONTENT_TYPE, mime)], copy.as_slice()).into_response();
                r.headers_mut()
                    .insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
                r
            }
            None => ([(header::CONTENT_TYPE, mime)], body).into_response(),
        }
    };
    let headers = response.headers_mut();
    headers.insert(header::ETAG, prepared.etag.clone());
    headers.insert(header::CACHE_CONTROL, cache);
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}

/// `onag site --out DIR`: writes every page (`index.html`, `toads.html`, …) and
/// `static/<version>/` (styles, scripts, `onag.wasm`, under the same content-hashed folder the
/// server links, so a static host can serve them as immutable) into `dir`, creating it;
/// returns the files written. Files of the same names are replaced, nothing else in `dir` is
/// touched.
pub fn write_site(dir: &Path) -> anyhow::Result<Vec<std::path::PathBuf>> {
    let statics = dir.join("static").join(version());
    // `static/` and its version folder are ours to fill: a symbolic link at either would
    // send the files elsewhere, so neither is followed (checked before anything is created)
    let real_dir = |path: &Path| -> anyhow::Result<()> {
        match std::fs::symlink_metadata(path) {
            Ok(m) if !m.is_dir() => anyhow::bail!(
                "{} is not a directory (a symbolic link?); refusing to write through it",
                path.display()
            ),
            _ => Ok(()),
        }
    };
    real_dir(&dir.join("static"))?;
    real_dir(&statics)?;
    std::fs::create_dir_all(&statics)
        .with_context(|| format!("cannot create {}", statics.display()))?;
    real_dir(&dir.join("static"))?;
    real_dir(&statics)?;
    let mut written = Vec::new();
    let mut write = |path: std::path::PathBuf, body: &[u8]| -> anyhow::Result<()> {
        crate::cli::common::write_atomic(&path, body)?;
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
        NOT_FOUND
            .replace("/static/", &format!("static/{}/", version()))
            .as_bytes(),
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
        for (page, (body, _)) in pages().iter().zip(rendered()) {
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
    fn toads_and_the_registered_games_share_one_side_column() {
        // Toads and Frogs' page holds only its own part (the strip, its controls and rules);
        // the value panel, the table of every move and the history are the shared shell's.
        let toads = std::str::from_utf8(PAGES.iter().find(|(p, _)| *p == "/toads").unwrap().1.body)
            .unwrap();
        assert_eq!(toads.matches(GAME_SIDE_MARKER).count(), 1);
        for id in [
            "id=\"panel\"",
            "id=\"moves\"",
            "id=\"history\"",
            "id=\"thermo\"",
        ] {
            assert!(!toads.contains(id), "toads.html declares its own {id}");
        }
        let generated: Vec<String> = generated_games().map(|g| format!("/{}", g.name)).collect();
        let mut sharing = 0;
        for (page, (body, _)) in pages().iter().zip(rendered()) {
            if page.path == "/toads" || generated.iter().any(|p| *p == page.path) {
                assert!(body.contains(GAME_SIDE.trim()), "{}", page.path);
                assert!(!body.contains("onag:game-side"), "{}", page.path);
                sharing += 1;
            }
        }
        assert_eq!(sharing, generated.len() + 1);
    }

    #[test]
    fn every_page_has_the_one_head_and_no_marker_left() {
        for (page, (body, _)) in pages().iter().zip(rendered()) {
            let path = page.path;
            assert!(
                body.starts_with("<!doctype html>\n<html lang=\"en\">\n<head>\n"),
                "{path}"
            );
            assert_eq!(body.matches("<head>").count(), 1, "{path}");
            assert_eq!(body.matches("<title>").count(), 1, "{path}");
            assert!(body.contains(" — onag</title>"), "{path}");
            assert!(!body.contains("onag:"), "{path} keeps a marker");
            assert_eq!(body.matches("<footer class=\"site\">").count(), 1, "{path}");
            assert!(!body.contains("__"), "{path} keeps a placeholder");
            if let Some(game) = page.game {
                let (_, script) = board_of(game);
                assert!(body.contains(&format!("{script}.js\"></script>")), "{path}");
                assert!(body.contains("id=\"board\"") && body.contains("<h2>Rules</h2>"));
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
        let index = &rendered()[0].0;
        for path in GAMES.iter().filter_map(|g| g.page.own_page) {
            assert!(PAGES.iter().any(|(p, _)| *p == path), "{path} is a page");
        }
        for game in generated_games() {
            let path = format!("/{}", game.name);
            let i = pages().iter().position(|p| p.path == path).unwrap();
            let body = &rendered()[i].0;
            assert!(!body.contains("__"), "{path} has an unfilled marker");
            assert!(!body.contains("onag:game-side") && body.contains("id=\"moves\""));
            assert!(body.contains(&format!("data-game=\"{}\"", game.name)));
            assert!(body.contains(&format!("<title>{} — onag</title>", escape(game.title))));
            assert!(body.contains(&format!("<a href=\"{path}\" aria-current=\"page\">")));
            assert!(index.contains(&format!("<a class=\"card\" href=\"{path}\"")));
            // the other pages link it too
            assert!(rendered()[1].0.contains(&format!("<a href=\"{path}\">")));
        }
        assert!(!index.contains("onag:game-cards"));
    }

    /// The generated pages are drawn from the registry alone: neither their scripts nor their
    /// templates name a registered game (a quoted name would key behaviour to one game).
    #[test]
    fn every_loopy_game_has_a_page_from_its_registry_entry_a_link_and_a_card() {
        for name in ["loopy.js", "loopyboard.js", "loopy-board.html"] {
            let text = STATIC
                .iter()
                .chain([&LOOPY_BOARD])
                .find(|a| a.name == name)
                .map(|a| std::str::from_utf8(a.body).unwrap())
                .expect(name);
            for game in LOOPY_GAMES {
                for quote in ['\'', '"', '`'] {
                    let quoted = format!("{quote}{}{quote}", game.name);
                    assert!(!text.contains(&quoted), "{name} names {quoted}");
                }
            }
        }
        let index = &rendered()[0].0;
        for game in LOOPY_GAMES {
            let path = format!("/{}", game.name);
            let i = pages().iter().position(|p| p.path == path).unwrap();
            let body = &rendered()[i].0;
            assert!(body.contains("loopy.js\"></script>"), "{path}");
            assert!(
                body.contains(&format!("<h1>{}</h1>", escape(game.title))),
                "{path}"
            );
            assert!(body.contains(&format!("href=\"{path}\" aria-current=\"page\"")));
            assert!(
                index.contains(&format!("data-game=\"{}\"", game.name)),
                "{path}"
            );
            let start = body
                .find("<script type=\"application/json\" id=\"game-page\">")
                .unwrap();
            let json = &body[start..];
            let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
            let mut data: serde_json::Value = serde_json::from_str(json).unwrap();
            let [left, right] = game.sides;
            let sides = data.as_object_mut().unwrap().remove("sides").unwrap();
            assert_eq!(
                sides,
                serde_json::json!([format!("Left ({left})"), format!("Right ({right})")])
            );
            assert_eq!(data, serde_json::to_value(game.page).unwrap(), "{path}");
            assert!(body.contains("data-family=\"loopy\""), "{path}");
        }
    }

    #[test]
    fn no_generated_page_code_names_a_game() {
        let scripts = [
            "grid.js",
            "graph.js",
            "picture.js",
            "pieces.js",
            "play.js",
            "game.js",
            "board.js",
            "common.js",
            "engine.js",
            "worker.js",
        ];
        let mut sources: Vec<(&str, &str)> = scripts
            .iter()
            .map(|name| {
                let asset = STATIC.iter().find(|a| a.name == *name).expect(name);
                (*name, std::str::from_utf8(asset.body).unwrap())
            })
            .collect();
        for asset in [&GAME_PAGE, &GRID_BOARD, &GRAPH_BOARD, &LOOPY_BOARD] {
            sources.push((asset.name, std::str::from_utf8(asset.body).unwrap()));
        }
        sources.push(("game-side.html", GAME_SIDE));
        sources.push(("loopy-side.html", LOOPY_SIDE));
        let names = GAMES.iter().map(|g| g.name);
        let names: Vec<&str> = names.chain(LOOPY_GAMES.iter().map(|g| g.name)).collect();
        for (file, text) in sources {
            for game in &names {
                for quote in ['\'', '"', '`'] {
                    let quoted = format!("{quote}{game}{quote}");
                    assert!(!text.contains(&quoted), "{file} names {quoted}");
                }
            }
        }
        // and every generated page carries its page data for them
        for game in generated_games() {
            let path = format!("/{}", game.name);
            let i = pages().iter().position(|p| p.path == path).unwrap();
            let body = &rendered()[i].0;
            let start = body
                .find("<script type=\"application/json\" id=\"game-page\">")
                .unwrap();
            let json = &body[start..];
            let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
            let data: serde_json::Value = serde_json::from_str(json).unwrap();
            assert_eq!(data, serde_json::to_value(game.page).unwrap(), "{path}");
        }
    }

    #[test]
    fn the_wasm_engine_is_embedded() {
        let wasm = STATIC.iter().find(|a| a.name == "onag.wasm").unwrap();
        assert_eq!(&wasm.body[..4], b"\0asm");
    }

    #[test]
    fn pages_link_every_asset_under_the_versioned_folder() {
        let folder = format!("static/{}/", version());
        assert_eq!(version().len(), 12);
        for i in 0..pages().len() {
            for delivery in [Delivery::Served, Delivery::Static] {
                let page = render(i, delivery);
                let linked: Vec<&str> = page.split("\"static/").skip(1).collect();
                assert!(!linked.is_empty(), "page {i} links its assets");
                for piece in linked {
                    let rest = piece.strip_prefix(&folder[7..]).expect("versioned");
                    let name = &rest[..rest.find('"').unwrap()];
                    assert!(STATIC.iter().any(|a| a.name == name), "{name}");
                }
            }
        }
    }

    #[test]
    fn compressed_copies_round_trip_and_are_smaller() {
        use std::io::Read as _;
        for (asset, prepared) in STATIC.iter().zip(prepared_static()) {
            if let Some(gz) = &prepared.gzip {
                let mut out = Vec::new();
                flate2::read::GzDecoder::new(gz.as_slice())
                    .read_to_end(&mut out)
                    .unwrap();
                assert_eq!(out, asset.body, "{}", asset.name);
                assert!(gz.len() < asset.body.len());
            }
            if let Some(br) = &prepared.brotli {
                let mut out = Vec::new();
                brotli::BrotliDecompress(&mut br.as_slice(), &mut out).unwrap();
                assert_eq!(out, asset.body, "{}", asset.name);
                assert!(br.len() < asset.body.len());
            }
        }
        let wasm = STATIC.iter().position(|a| a.name == "onag.wasm").unwrap();
        let engine = &prepared_static()[wasm];
        let (br, gz) = (
            engine.brotli.as_ref().unwrap(),
            engine.gzip.as_ref().unwrap(),
        );
        assert!(
            br.len() < gz.len(),
            "brotli {} vs gzip {} bytes",
            br.len(),
            gz.len()
        );
    }

    #[tokio::test]
    async fn versioned_assets_are_immutable_compressed_and_revalidated_by_etag() {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_static("gzip"));
        let url = (version().to_string(), "onag.wasm".to_string());
        let first = versioned_file(UrlPath(url.clone()), headers.clone()).await;
        assert_eq!(first.status(), StatusCode::OK);
        assert_eq!(first.headers()[header::CONTENT_ENCODING], "gzip");
        assert!(first.headers()[header::CACHE_CONTROL]
            .to_str()
            .unwrap()
            .contains("immutable"));
        let etag = first.headers()[header::ETAG].clone();
        headers.insert(header::IF_NONE_MATCH, etag);
        let again = versioned_file(UrlPath(url), headers.clone()).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        // An older version's URL still answers, but is not promised forever.
        let old = versioned_file(
            UrlPath(("000000000000".into(), "style.css".into())),
            HeaderMap::new(),
        )
        .await;
        assert_eq!(old.status(), StatusCode::OK);
        assert_eq!(old.headers()[header::CACHE_CONTROL], "no-cache");
        assert!(old.headers().get(header::CONTENT_ENCODING).is_none());
        // Pages revalidate with their ETag.
        let page1 = page("/toads", &HeaderMap::new());
        assert_eq!(page1.headers()[header::CACHE_CONTROL], "no-cache");
        let mut revalidate = HeaderMap::new();
        revalidate.insert(header::IF_NONE_MATCH, page1.headers()[header::ETAG].clone());
        assert_eq!(
            page("/toads", &revalidate).status(),
            StatusCode::NOT_MODIFIED
        );
    }

    #[test]
    fn each_coding_is_sent_only_when_accepted_brotli_first() {
        let mut headers = HeaderMap::new();
        assert!(!accepts(&headers, "gzip") && !accepts(&headers, "br"));
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("gzip, deflate, br"),
        );
        assert!(accepts(&headers, "gzip") && accepts(&headers, "br"));
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("br, gzip;q=0"),
        );
        assert!(!accepts(&headers, "gzip") && accepts(&headers, "br"));
        let style = STATIC.iter().position(|a| a.name == "style.css").unwrap();
        let coding = |accept: &'static str| {
            let mut h = HeaderMap::new();
            h.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(accept));
            let r = send(
                &h,
                STATIC[style].mime,
                STATIC[style].body,
                &prepared_static()[style],
                Freshness::Revalidate,
            );
            r.headers()
                .get(header::CONTENT_ENCODING)
                .map(|v| v.to_str().unwrap().to_string())
        };
        assert_eq!(coding("gzip, deflate, br").as_deref(), Some("br"));
        assert_eq!(coding("gzip").as_deref(), Some("gzip"));
        assert_eq!(coding("br;q=0, gzip").as_deref(), Some("gzip"));
        assert_eq!(coding("identity"), None);
    }
}
