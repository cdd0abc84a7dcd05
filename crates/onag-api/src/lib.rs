//! # onag-api — the onag JSON API as data
//!
//! One request and one response type per route, and one function that answers a request:
//!
//! ```text
//! pub fn dispatch(route: &str, request: &[u8], stop: &StopFlag) -> Result<Vec<u8>, ApiError>
//! ```
//!
//! - `route` is the path under `/api`, e.g. `"/toads/analyze"` (see [`ROUTES`]);
//! - `request` is the JSON body (UTF-8 bytes; `GET /api/health` takes an empty body);
//! - `stop` is polled by the long computations: raise it (from another thread, or from a
//!   time budget) and the call returns [`ErrorKind::Stopped`];
//! - the answer is the JSON response body, or an [`ApiError`] whose [`ErrorKind::status`] is
//!   the HTTP status and whose [`ApiError::to_json`] is the body `{"error": "…"}`.
//!
//! Every route is one row of one table (the `routes!` invocation in this file's source): its
//! path, method, request types, handler, weight and documentation. [`ROUTES`], [`Request`],
//! [`Request::parse`], [`Request::run`] and [`reference`] (the list in `docs/api.md`) are
//! derived from it, so a route cannot be listed without being answered, or the reverse.
//!
//! Every input bound (body size, notation length, board length, table sides) is checked here,
//! once ([`limits`]). The crate does no I/O and has no async runtime, so the same code runs
//! behind the axum server (`onag serve`), in the command line, and compiled to WebAssembly
//! (`cargo build -p onag-api --target wasm32-unknown-unknown`).
//!
//! Data flow: library report (`onag`, e.g. [`onag::games::toads_and_frogs::BoardReport`]) →
//! this crate (request checks, response shape) → HTTP / CLI / WASM / Python.
//!
//! # Examples
//! ```
//! use onag::StopFlag;
//! let answer = onag_api::dispatch("/nim/calc", br#"{"a": "2", "b": "3"}"#, &StopFlag::new())
//!     .unwrap();
//! let json: serde_json::Value = serde_json::from_slice(&answer).unwrap();
//! assert_eq!(json["product"], "1");
//!
//! let e = onag_api::dispatch("/toads/analyze", br#"{"board": "TXF"}"#, &StopFlag::new())
//!     .unwrap_err();
//! assert_eq!(e.kind.status(), 400);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod clock;
mod error;
pub mod known_quotients;
pub mod limits;
pub mod native;
pub mod number;
pub mod routes;
pub mod shard;

pub use error::{ApiError, ErrorKind};
pub use onag::StopFlag;

use serde::de::DeserializeOwned;
use serde::Serialize;

/// A route of the API: its path under `/api`, its HTTP method, whether its work is heavy (the
/// server runs heavy work under a time budget on a blocking pool) and its documentation.
/// Every route is one row of the table in this file's source, from which [`ROUTES`],
/// [`Request`], [`Request::parse`] and [`Request::run`] are all derived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    /// The path under `/api`, e.g. `"/nim/calc"`.
    pub path: &'static str,
    /// `"GET"` or `"POST"`.
    pub method: &'static str,
    /// Whether the work may take long (a table, a sweep, a solve).
    pub heavy: bool,
    /// The work in words, for messages ("the row sweep took longer than …").
    pub what: &'static str,
    /// What the route answers, and its bounds: the row's doc comment.
    pub doc: &'static str,
}

/// The checked request of a route that takes no body (`GET`): the body is ignored, beyond the
/// common size bound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoBody;

fn body<T: DeserializeOwned>(request: &[u8]) -> Result<T, ApiError> {
    error::from_json(request)
}

fn to_bytes<T: Serialize>(response: &T) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(response)
        .map_err(|e| ApiError::internal(format!("cannot write the answer as JSON: {e}")))
}

/// How a row's method reads the body: `GET` takes none, `POST` reads its JSON as the row's raw
/// request type and checks it into the row's checked type.
macro_rules! read_body {
    (GET; $bytes:ident) => {
        NoBody
    };
    (POST, $raw:ty; $bytes:ident) => {
        body::<$raw>($bytes)?.checked()?
    };
}

/// A row's weight as [`Route::heavy`].
macro_rules! is_heavy {
    (heavy) => {
        true
    };
    (light) => {
        false
    };
}

/// The route table. One row per route:
///
/// ```text
/// /// doc (what it answers, its bounds)
/// Variant(CheckedType) = METHOD "/path" [from RawBodyType], light|heavy, "the work in words",
///     |checked, stop| answer;
/// ```
///
/// and the macro writes [`ROUTES`], the [`Request`] enum, its `parse` (path → body → checked
/// request) and its `run` (checked request → JSON). A route listed but not answered, or
/// answered but not listed, cannot be written; two rows with one path are an unreachable
/// match arm, which the lints refuse.
macro_rules! routes {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident($checked:ty) = $method:ident $path:literal $(from $raw:ty)?,
            $weight:ident, $what:literal,
            |$r:pat_param, $stop:pat_param| $run:expr;
    )*) => {
        /// Every route, in the order the documentation lists them.
        pub const ROUTES: &[Route] = &[$(
            Route {
                path: $path,
                method: stringify!($method),
                heavy: is_heavy!($weight),
                what: $what,
                doc: concat!($($doc, "\n"),*),
            },
        )*];

        /// A checked request, ready to run: [`Request::parse`] reads and bounds the input
        /// (fast), [`Request::run`] computes (maybe slow, polling the flag). [`dispatch`] is
        /// both in one.
        #[derive(Clone, Debug)]
        pub enum Request {$(
            $(#[doc = $doc])*
            $variant($checked),
        )*}

        /// The rows of the table, numbered in order: `Index::X as usize` is `X`'s index in
        /// [`ROUTES`].
        enum Index {$($variant,)*}

        impl Request {
            /// Reads the JSON body of `route` and checks every bound of its input.
            ///
            /// # Examples
            /// ```
            /// use onag_api::Request;
            /// assert!(Request::parse("/nim/table", br#"{"size": 16}"#).is_ok());
            /// assert_eq!(Request::parse("/nim/table", br#"{"size": 0}"#).unwrap_err().kind.status(), 400);
            /// assert_eq!(Request::parse("/nim/table", br#"{"size": "big"}"#).unwrap_err().kind.status(), 422);
            /// ```
            pub fn parse(route: &str, request: &[u8]) -> Result<Request, ApiError> {
                limits::check_body(request)?;
                Ok(match route {
                    $($path => Request::$variant(read_body!($method $(, $raw)?; request)),)*
                    _ => return Err(ApiError::new(ErrorKind::NotFound, "no such API endpoint")),
                })
            }

            /// Computes the answer, polling `stop`, as JSON bytes.
            pub fn run(&self, stop: &StopFlag) -> Result<Vec<u8>, ApiError> {
                match self {
                    $(Request::$variant(checked) => {
                        let $r = checked;
                        let $stop = stop;
                        to_bytes(&{ $run }?)
                    })*
                }
            }

            /// The route this request came from.
            ///
            /// # Examples
            /// ```
            /// let r = onag_api::Request::parse("/wythoff/row", br#"{"x": 3}"#).unwrap();
            /// assert_eq!(r.route().path, "/wythoff/row");
            /// ```
            pub fn route(&self) -> &'static Route {
                match self {
                    $(Request::$variant(_) => &ROUTES[Index::$variant as usize],)*
                }
            }
        }
    };
}

routes! {
    /// `GET /api/health`: the engine's version and the input limits.
    Health(NoBody) = GET "/health", light, "the health check",
        |_, _| Ok::<_, ApiError>(routes::health());
    /// `POST /api/nim/calc` `{"a", "b"}` (decimal or `0x` strings below 2^64): their nim sum
    /// and nim product.
    NimCalc(routes::nim::Calc) = POST "/nim/calc" from routes::nim::CalcRequest,
        light, "the nim calculation", |r, _| r.run();
    /// `POST /api/nim/table` `{"size"}` (1 to 1024): the nim-multiplication table.
    NimTable(routes::nim::TableRequest) = POST "/nim/table" from routes::nim::TableRequest,
        heavy, "the nim-product table", |r, stop| r.run(stop);
    /// `POST /api/corners/position` `{"n", "heads", "coin"?}` (side 1 to 32): a Turning
    /// Corners position, its value and moves.
    CornersPosition(routes::corners::Position) = POST "/corners/position"
        from routes::corners::PositionRequest, light, "the position", |r, _| r.run();
    /// `POST /api/corners/computer` `{"n", "heads"}`: the computer's move in Turning Corners.
    CornersComputer(routes::corners::Computer) = POST "/corners/computer"
        from routes::corners::ComputerRequest, light, "the computer's move", |r, _| r.run();
    /// `POST /api/corners/misere` `{"n", "heads"}`: the misère outcome of a Turning Corners
    /// position, every move with its misère ✓/✗ and the computer's (perfect) move.
    CornersMisere(routes::corners::Misere) = POST "/corners/misere"
        from routes::corners::MisereRequest, heavy, "the misère analysis", |r, stop| r.run(stop);
    /// `POST /api/wythoff/position` `{"side", "queens"}` (side ≤ 64, ≤ 4 queens): a position of Wythoff
    /// queens, its nim sum and moves.
    WythoffPosition(routes::wythoff::Queens) = POST "/wythoff/position"
        from routes::wythoff::PositionRequest, light, "the position", |r, _| r.position();
    /// `POST /api/wythoff/computer` `{"side", "queens"}`: the computer's move.
    WythoffComputer(routes::wythoff::Queens) = POST "/wythoff/computer"
        from routes::wythoff::PositionRequest, light, "the computer's move", |r, _| r.computer();
    /// `POST /api/wythoff/table` `{"size"}` (1 to 512): the Grundy table of Wythoff's game.
    WythoffTable(routes::wythoff::TableRequest) = POST "/wythoff/table"
        from routes::wythoff::TableRequest, heavy, "the Grundy table", |r, stop| r.run(stop);
    /// `POST /api/wythoff/row` `{"x"}` (≤ 40): a row's period and preperiod.
    WythoffRow(routes::wythoff::Row) = POST "/wythoff/row" from routes::wythoff::RowRequest,
        heavy, "the row sweep", |r, stop| r.run(stop);
    /// `POST /api/queens/table` `{"moves", "size", "formula"?}` (size ≤ 512): the Grundy table
    /// of a queens-like move set, checked against a formula.
    QueensTable(routes::queens::Table) = POST "/queens/table" from routes::queens::TableRequest,
        heavy, "the Grundy table", |r, stop| r.run(stop);
    /// `POST /api/toads/analyze` `{"board"}` (≤ 24 squares, bounded work): a Toads-and-Frogs
    /// board's value, outcome, moves and remoteness.
    ToadsAnalyze(routes::toads::Analyze) = POST "/toads/analyze"
        from routes::toads::AnalyzeRequest, heavy, "the analysis of this board",
        |r, stop| r.run(stop);
    /// `GET /api/heaps/rulesets`: the named heap games.
    HeapsRulesets(NoBody) = GET "/heaps/rulesets", light, "the list of named heap games",
        |_, _| Ok::<_, ApiError>(routes::heaps::rulesets());
    /// `POST /api/heaps/values` `{"code", "count"}` (≤ 65,536 values): a heap game's nim
    /// sequence.
    HeapsValues(routes::heaps::Values) = POST "/heaps/values" from routes::heaps::ValuesRequest,
        heavy, "the nim sequence", |r, stop| r.run(stop);
    /// `POST /api/heaps/period` `{"code", "max"}` (max ≤ 2^20 heaps): a heap game's period
    /// search.
    HeapsPeriod(routes::heaps::Period) = POST "/heaps/period" from routes::heaps::PeriodRequest,
        heavy, "the period search", |r, stop| r.run(stop);
    /// `POST /api/heaps/position` `{"code", "heaps"}` (≤ 10 heaps of ≤ 100 tokens): a
    /// position's value and moves.
    HeapsPosition(routes::heaps::Position) = POST "/heaps/position"
        from routes::heaps::PositionRequest, heavy, "the analysis of this position",
        |r, stop| r.run(stop);
    /// `POST /api/heaps/computer` `{"code", "heaps"}`: the computer's move.
    HeapsComputer(routes::heaps::Position) = POST "/heaps/computer"
        from routes::heaps::PositionRequest, heavy, "the computer's move",
        |r, stop| r.computer(stop);
    /// `GET /api/game/list`: every registered game.
    GameList(NoBody) = GET "/game/list", light, "the list of games",
        |_, _| Ok::<_, ApiError>(routes::game::list());
    /// `POST /api/game/analyze` `{"game", "position"}`: the full analysis of a position of a
    /// registered game (bounded canonical-form table).
    GameAnalyze(routes::game::Analyze) = POST "/game/analyze" from routes::game::AnalyzeRequest,
        heavy, "the analysis of this position", |r, stop| r.run(stop);
    /// `POST /api/game/computer` `{"game", "position", "player", "strength"?, "seed"?}`: the
    /// computer's move at that strength.
    GameComputer(routes::game::Computer) = POST "/game/computer"
        from routes::game::ComputerRequest, heavy, "the computer's move", |r, stop| r.run(stop);
    /// `POST /api/game/strong` `{"game", "position", "player", "seconds"?}` (seconds ≤ 5,
    /// position ≤ 160 bytes): the strong computer's move by iterative-deepening search within
    /// the seconds, whether it proved who wins, the depth reached, every move with ✓/✗ where
    /// proven.
    GameStrong(routes::strong::Strong) = POST "/game/strong"
        from routes::strong::StrongRequest, heavy, "the strong computer's move",
        |r, stop| r.run(stop);
    /// `POST /api/solve` `{"game", "position", "max_nodes"?}` (position ≤ 256 bytes, bounded
    /// tables): who wins with Left and with Right to move, by outcome search (no canonical
    /// form), a winning move for each, the nodes searched; `"proven": false` past `max_nodes`.
    Solve(routes::solve::Solve) = POST "/solve" from routes::solve::SolveRequest,
        heavy, "the outcome search", |r, stop| r.run(stop);
    /// `GET /api/loopy/list`: every loopy game a page plays, with its page data.
    LoopyList(NoBody) = GET "/loopy/list", light, "the list of loopy games",
        |_, _| Ok::<_, ApiError>(routes::loopy::list());
    /// `POST /api/loopy/position` `{"game", "position", "to_move"?}` (≤ 2^20 positions
    /// reachable, kept for the next request): the outcome with draws, the remoteness, the
    /// loopy value (≤ 2048 positions reachable) and every move's win, draw or loss.
    LoopyPosition(routes::loopy::Position) = POST "/loopy/position"
        from routes::loopy::PositionRequest, heavy, "the loopy analysis", |r, stop| r.run(stop);
    /// `POST /api/loopy/computer` `{"game", "position", "to_move"?}`: the computer's move (the
    /// quickest win, else a draw, else the slowest loss).
    LoopyComputer(routes::loopy::Position) = POST "/loopy/computer"
        from routes::loopy::PositionRequest, heavy, "the computer's move",
        |r, stop| r.computer(stop);
    /// `POST /api/value` `{"expr"}`: the value of a game expression or the truth of a
    /// comparison.
    Value(routes::value::Value) = POST "/value" from routes::value::ValueRequest,
        heavy, "the value of this expression", |r, stop| r.run(stop);
}

/// The route reference as Markdown, one item per row of the table: method, path, whether it
/// runs under the time budget, and its documentation. `docs/api.md` holds this text (a test
/// keeps the two equal).
///
/// # Examples
/// ```
/// assert!(onag_api::reference().contains("- `POST /api/nim/calc`"));
/// ```
pub fn reference() -> String {
    let mut out = String::new();
    for r in ROUTES {
        let budget = if r.heavy { " (time budget)" } else { "" };
        out.push_str(&format!("- `{} /api{}`{budget}:", r.method, r.path));
        let doc = r.doc.lines().map(str::trim).collect::<Vec<_>>().join(" ");
        // The row's doc starts with the method and path again: keep only what follows.
        let prefix = format!("`{} /api{}`", r.method, r.path);
        let rest = doc.strip_prefix(&prefix).unwrap_or(&doc).trim_start();
        out.push(' ');
        out.push_str(rest.strip_prefix(':').map_or(rest, str::trim_start));
        out.push('\n');
    }
    out
}

/// The route with this path, if any.
///
/// # Examples
/// ```
/// assert!(onag_api::route("/wythoff/row").unwrap().heavy);
/// assert!(onag_api::route("/nope").is_none());
/// ```
pub fn route(path: &str) -> Option<&'static Route> {
    ROUTES.iter().find(|r| r.path == path)
}

/// Answers one request: `route` (the path under `/api`), the JSON body, and the flag that stops
/// long computations. Returns the JSON response body or a typed error (see the crate docs).
///
/// # Examples
/// ```
/// let r = onag_api::dispatch("/wythoff/position", br#"{"side": 8, "queens": [[3, 5]]}"#,
///     &onag::StopFlag::new()).unwrap();
/// let json: serde_json::Value = serde_json::from_slice(&r).unwrap();
/// assert_eq!(json["xor"], 0); // (3, 5) is a P-position
/// ```
pub fn dispatch(route: &str, request: &[u8], stop: &StopFlag) -> Result<Vec<u8>, ApiError> {
    Request::parse(route, request)?.run(stop)
}
