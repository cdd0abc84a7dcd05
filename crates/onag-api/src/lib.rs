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

mod error;
pub mod limits;
pub mod native;
pub mod number;
pub mod routes;
pub mod shard;

pub use error::{ApiError, ErrorKind};
pub use onag::StopFlag;

use serde::de::DeserializeOwned;
use serde::Serialize;

/// A route of the API: its path under `/api`, its HTTP method and whether its work is heavy
/// (the server runs heavy work under a time budget on a blocking pool).
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
}

const fn post(path: &'static str, heavy: bool, what: &'static str) -> Route {
    Route {
        path,
        method: "POST",
        heavy,
        what,
    }
}

/// Every route, in the order the documentation lists them.
pub const ROUTES: &[Route] = &[
    Route {
        path: "/health",
        method: "GET",
        heavy: false,
        what: "the health check",
    },
    post("/nim/calc", false, "the nim calculation"),
    post("/nim/table", true, "the nim-product table"),
    post("/corners/position", false, "the position"),
    post("/corners/computer", false, "the computer's move"),
    post("/wythoff/position", false, "the position"),
    post("/wythoff/computer", false, "the computer's move"),
    post("/wythoff/table", true, "the Grundy table"),
    post("/wythoff/row", true, "the row sweep"),
    post("/queens/table", true, "the Grundy table"),
    post("/toads/analyze", true, "the analysis of this board"),
    Route {
        path: "/heaps/rulesets",
        method: "GET",
        heavy: false,
        what: "the list of named heap games",
    },
    post("/heaps/values", true, "the nim sequence"),
    post("/heaps/period", true, "the period search"),
    post("/heaps/position", true, "the analysis of this position"),
    post("/heaps/computer", true, "the computer's move"),
    Route {
        path: "/game/list",
        method: "GET",
        heavy: false,
        what: "the list of games",
    },
    post("/game/analyze", true, "the analysis of this position"),
    post("/game/computer", true, "the computer's move"),
    post("/value", true, "the value of this expression"),
];

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

/// A checked request, ready to run: [`Request::parse`] reads and bounds the input (fast),
/// [`Request::run`] computes (maybe slow, polling the flag). [`dispatch`] is both in one.
#[derive(Clone, Debug)]
pub enum Request {
    /// `GET /health`.
    Health,
    /// `POST /nim/calc`.
    NimCalc(routes::nim::Calc),
    /// `POST /nim/table`.
    NimTable(routes::nim::TableRequest),
    /// `POST /corners/position`.
    CornersPosition(routes::corners::Position),
    /// `POST /corners/computer`.
    CornersComputer(routes::corners::Computer),
    /// `POST /wythoff/position`.
    WythoffPosition(routes::wythoff::Queens),
    /// `POST /wythoff/computer`.
    WythoffComputer(routes::wythoff::Queens),
    /// `POST /wythoff/table`.
    WythoffTable(routes::wythoff::TableRequest),
    /// `POST /wythoff/row`.
    WythoffRow(routes::wythoff::Row),
    /// `POST /queens/table`.
    QueensTable(routes::queens::Table),
    /// `POST /toads/analyze`.
    ToadsAnalyze(routes::toads::Analyze),
    /// `GET /heaps/rulesets`.
    HeapsRulesets,
    /// `POST /heaps/values`.
    HeapsValues(routes::heaps::Values),
    /// `POST /heaps/period`.
    HeapsPeriod(routes::heaps::Period),
    /// `POST /heaps/position`.
    HeapsPosition(routes::heaps::Position),
    /// `POST /heaps/computer`.
    HeapsComputer(routes::heaps::Position),
    /// `GET /game/list`.
    GameList,
    /// `POST /game/analyze`.
    GameAnalyze(routes::game::Analyze),
    /// `POST /game/computer`.
    GameComputer(routes::game::Computer),
    /// `POST /value`.
    Value(routes::value::Value),
}

fn body<T: DeserializeOwned>(request: &[u8]) -> Result<T, ApiError> {
    error::from_json(request)
}

fn to_bytes<T: Serialize>(response: &T) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(response)
        .map_err(|e| ApiError::internal(format!("cannot write the answer as JSON: {e}")))
}

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
            "/health" => Request::Health,
            "/nim/calc" => Request::NimCalc(body::<routes::nim::CalcRequest>(request)?.checked()?),
            "/nim/table" => {
                Request::NimTable(body::<routes::nim::TableRequest>(request)?.checked()?)
            }
            "/corners/position" => Request::CornersPosition(
                body::<routes::corners::PositionRequest>(request)?.checked()?,
            ),
            "/corners/computer" => Request::CornersComputer(
                body::<routes::corners::ComputerRequest>(request)?.checked()?,
            ),
            "/wythoff/position" => Request::WythoffPosition(
                body::<routes::wythoff::PositionRequest>(request)?.checked()?,
            ),
            "/wythoff/computer" => Request::WythoffComputer(
                body::<routes::wythoff::PositionRequest>(request)?.checked()?,
            ),
            "/wythoff/table" => {
                Request::WythoffTable(body::<routes::wythoff::TableRequest>(request)?.checked()?)
            }
            "/wythoff/row" => {
                Request::WythoffRow(body::<routes::wythoff::RowRequest>(request)?.checked()?)
            }
            "/queens/table" => {
                Request::QueensTable(body::<routes::queens::TableRequest>(request)?.checked()?)
            }
            "/toads/analyze" => {
                Request::ToadsAnalyze(body::<routes::toads::AnalyzeRequest>(request)?.checked()?)
            }
            "/heaps/rulesets" => Request::HeapsRulesets,
            "/heaps/values" => {
                Request::HeapsValues(body::<routes::heaps::ValuesRequest>(request)?.checked()?)
            }
            "/heaps/period" => {
                Request::HeapsPeriod(body::<routes::heaps::PeriodRequest>(request)?.checked()?)
            }
            "/heaps/position" => {
                Request::HeapsPosition(body::<routes::heaps::PositionRequest>(request)?.checked()?)
            }
            "/heaps/computer" => {
                Request::HeapsComputer(body::<routes::heaps::PositionRequest>(request)?.checked()?)
            }
            "/game/list" => Request::GameList,
            "/game/analyze" => {
                Request::GameAnalyze(body::<routes::game::AnalyzeRequest>(request)?.checked()?)
            }
            "/game/computer" => {
                Request::GameComputer(body::<routes::game::ComputerRequest>(request)?.checked()?)
            }
            "/value" => Request::Value(body::<routes::value::ValueRequest>(request)?.checked()?),
            _ => return Err(ApiError::new(ErrorKind::NotFound, "no such API endpoint")),
        })
    }

    /// Computes the answer, polling `stop`, as JSON bytes.
    pub fn run(&self, stop: &StopFlag) -> Result<Vec<u8>, ApiError> {
        match self {
            Request::Health => to_bytes(&routes::health()),
            Request::NimCalc(r) => to_bytes(&r.run()?),
            Request::NimTable(r) => to_bytes(&r.run(stop)?),
            Request::CornersPosition(r) => to_bytes(&r.run()?),
            Request::CornersComputer(r) => to_bytes(&r.run()?),
            Request::WythoffPosition(r) => to_bytes(&r.position()?),
            Request::WythoffComputer(r) => to_bytes(&r.computer()?),
            Request::WythoffTable(r) => to_bytes(&r.run(stop)?),
            Request::WythoffRow(r) => to_bytes(&r.run(stop)?),
            Request::QueensTable(r) => to_bytes(&r.run(stop)?),
            Request::ToadsAnalyze(r) => to_bytes(&r.run(stop)?),
            Request::HeapsRulesets => to_bytes(&routes::heaps::rulesets()),
            Request::HeapsValues(r) => to_bytes(&r.run(stop)?),
            Request::HeapsPeriod(r) => to_bytes(&r.run(stop)?),
            Request::HeapsPosition(r) => to_bytes(&r.run(stop)?),
            Request::HeapsComputer(r) => to_bytes(&r.computer(stop)?),
            Request::GameList => to_bytes(&routes::game::list()),
            Request::GameAnalyze(r) => to_bytes(&r.run(stop)?),
            Request::GameComputer(r) => to_bytes(&r.run(stop)?),
            Request::Value(r) => to_bytes(&r.run(stop)?),
        }
    }
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
