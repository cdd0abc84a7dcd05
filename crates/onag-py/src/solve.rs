//! `onag.solve(game, position, max_seconds=None, threads=1)`: who wins a position of any registered game
//! by outcome search (the library's [`onag::games::outcome::named::solve`], the CLI's
//! `onag solve` bounds), as a report with the fields of `onag solve --json` and of the API's
//! `POST /api/solve`: `proven`, `outcome`, `left_first_wins`, `right_first_wins`, a winning
//! move and the position after it for each, `nodes`; or, past `max_seconds`, `proven: false`
//! with the nodes searched.

use std::cell::Cell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use onag::games::analysis::outcome_words;
use onag::games::outcome::named::{solve, SolveOptions};
use onag::games::outcome::{OutcomeReport, SearchProgress};
use onag::games::registry::AnalyzeError;
use onag::partizan::game::GameError;
use pyo3::prelude::*;
use serde::Serialize;

use crate::partizan::parse_error;
use crate::{bad, report, run_stoppable};

/// Why a search ended without an answer: its time ran out.
#[derive(Serialize)]
struct Unproven {
    nodes: u64,
    max_seconds: f64,
    message: String,
}

/// The report: the library's, flattened, when proven.
#[derive(Serialize)]
struct Solved {
    game: String,
    position: String,
    proven: bool,
    outcome_words: Option<&'static str>,
    #[serde(flatten)]
    report: Option<OutcomeReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unproven: Option<Unproven>,
}

/// Why a solve failed, apart from its words so bad notation becomes `onag.ParseError`.
enum Failure {
    Position(String, Option<usize>),
    Other(String),
}

/// `outcome_solve(name, position, max_seconds, threads)`: the report as a dict (see the module
/// docs); `threads` search threads for Domineering, Clobber and Konane (from 1 to 256).
#[pyfunction]
#[pyo3(signature = (name, position, max_seconds=None, threads=1))]
fn outcome_solve<'py>(
    py: Python<'py>,
    name: &str,
    position: &str,
    max_seconds: Option<f64>,
    threads: i64,
) -> PyResult<Bound<'py, PyAny>> {
    if !(1..=256).contains(&threads) {
        return Err(bad(format!(
            "threads is {threads}; it must be from 1 to 256"
        )));
    }
    let options = SolveOptions {
        threads: threads as usize,
        ..SolveOptions::default()
    };
    let limit = match max_seconds {
        None => None,
        Some(s) if s.is_finite() && s > 0.0 => Some(s),
        Some(s) => return Err(bad(format!("max_seconds is {s}; it must be positive"))),
    };
    let (game, text) = (name.to_string(), position.to_string());
    let result = run_stoppable(py, None, move |stop, _| {
        // The time budget: a timer thread raises the flag unless the search ends first (then
        // the channel closes and the timer leaves at once).
        let timed_out = Arc::new(AtomicBool::new(false));
        let (done, wait) = mpsc::channel::<()>();
        if let Some(seconds) = limit {
            let (flag, late) = (stop.clone(), timed_out.clone());
            let budget = Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX);
            std::thread::Builder::new()
                .name("onag-solve-timer".into())
                .spawn(move || {
                    if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(budget) {
                        late.store(true, Ordering::Relaxed);
                        flag.stop();
                    }
                })
                .map_err(|e| format!("cannot start the timer thread: {e}"))?;
        }
        let nodes = Rc::new(Cell::new(0u64));
        let seen = nodes.clone();
        let hook = move |p: &SearchProgress| seen.set(p.nodes);
        let outcome = solve(&game, &text, &options, stop, hook);
        drop(done);
        let solved = |report: Option<OutcomeReport>, unproven| Solved {
            game: game.clone(),
            position: text.clone(),
            proven: report.is_some(),
            outcome_words: report.as_ref().map(|r| outcome_words(r.outcome)),
            report,
            unproven,
        };
        Ok(match outcome {
            Ok(r) => Ok(solved(Some(r), None)),
            Err(AnalyzeError::Game(GameError::Stopped)) if timed_out.load(Ordering::Relaxed) => {
                let seconds = limit.unwrap_or(0.0);
                Ok(solved(
                    None,
                    Some(Unproven {
                        nodes: nodes.get(),
                        max_seconds: seconds,
                        message: format!(
                            "not proven within the budget of {seconds} s ({} nodes searched)",
                            nodes.get()
                        ),
                    }),
                ))
            }
            Err(AnalyzeError::Position {
                game,
                message,
                span,
            }) => Err(Failure::Position(
                format!("bad {game} position: {message}"),
                span.map(|s| s.char),
            )),
            Err(e) => Err(Failure::Other(e.to_string())),
        })
    })?;
    match result {
        Ok(solved) => report(py, &solved),
        Err(Failure::Position(message, Some(at))) => Err(parse_error(py, message, position, at)),
        Err(Failure::Position(message, None)) | Err(Failure::Other(message)) => Err(bad(message)),
    }
}

/// `domineering_regions(max_cells, progress)`: every single-region Domineering position of 1 to
/// `max_cells` squares in canonical form (the library's
/// [`onag::games::domineering_census::census`], the CLI's `onag solve domineering --regions`):
/// the census as a dict, `progress(size, max_cells)` called as each size finishes.
#[pyfunction]
#[pyo3(signature = (max_cells, progress=None))]
fn domineering_regions<'py>(
    py: Python<'py>,
    max_cells: usize,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    use onag::games::domineering_census::{census, MAX_REGION_CELLS};
    if max_cells == 0 || max_cells > MAX_REGION_CELLS {
        return Err(bad(format!(
            "max_cells is {max_cells}; it must be 1 to {MAX_REGION_CELLS}"
        )));
    }
    let result = run_stoppable(py, progress, move |stop, done| {
        census(max_cells, stop, |row| {
            done.set(row.cells as u64, max_cells as u64)
        })
        .map_err(|e| e.to_string())
    })?;
    report(py, &result)
}

/// The strong computer's report: the library's, flattened, beside the game and position.
#[derive(Serialize)]
struct Strong {
    game: String,
    position: String,
    seconds: f64,
    #[serde(flatten)]
    report: onag::games::outcome::strong::StrongReport,
}

/// `best_move(name, position, player, seconds)`: the strong computer's move for `player`
/// (`"left"` or `"right"`) by iterative-deepening search within `seconds` (the library's
/// [`onag::games::outcome::named::best_move`]; the CLI's `onag solve … --computer`): the
/// chosen `index` into `moves`, `proven`, `mover_wins`, `depth`, `nodes`.
#[pyfunction]
#[pyo3(signature = (name, position, player, seconds=2.0))]
fn strong_move<'py>(
    py: Python<'py>,
    name: &str,
    position: &str,
    player: &str,
    seconds: f64,
) -> PyResult<Bound<'py, PyAny>> {
    use onag::games::outcome::named::best_move;
    use onag::games::outcome::strong::StrongOptions;
    use onag::partizan::Player;
    let player = match player {
        "left" => Player::Left,
        "right" => Player::Right,
        other => {
            return Err(bad(format!(
                "player is '{other}'; it must be 'left' or 'right'"
            )))
        }
    };
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err(bad(format!("seconds is {seconds}; it must be positive")));
    }
    let (game, text) = (name.to_string(), position.to_string());
    let result = run_stoppable(py, None, move |stop, _| {
        // The search's own flag: raised by the timer when the seconds are spent (the answer
        // is then the deepest completed iteration's move) or when Ctrl-C raises the run's.
        let search = onag::StopFlag::new();
        let (done, wait) = mpsc::channel::<()>();
        let flag = search.clone();
        let budget = Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX);
        std::thread::Builder::new()
            .name("onag-strong-timer".into())
            .spawn(move || {
                if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(budget) {
                    flag.stop();
                }
            })
            .map_err(|e| format!("cannot start the timer thread: {e}"))?;
        let (outer, inner) = (stop.clone(), search.clone());
        let hook = move |_: &SearchProgress| {
            if outer.is_stopped() {
                inner.stop();
            }
        };
        let chosen = best_move(
            &game,
            &text,
            player,
            &StrongOptions::default(),
            &search,
            hook,
        );
        drop(done);
        Ok(match chosen {
            Ok(report) => Ok(Strong {
                game: game.clone(),
                position: text.clone(),
                seconds,
                report,
            }),
            Err(AnalyzeError::Position {
                game,
                message,
                span,
            }) => Err(Failure::Position(
                format!("bad {game} position: {message}"),
                span.map(|s| s.char),
            )),
            Err(e) => Err(Failure::Other(e.to_string())),
        })
    })?;
    match result {
        Ok(strong) => report(py, &strong),
        Err(Failure::Position(message, Some(at))) => Err(parse_error(py, message, position, at)),
        Err(Failure::Position(message, None)) | Err(Failure::Other(message)) => Err(bad(message)),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(outcome_solve, m)?)?;
    m.add_function(wrap_pyfunction!(strong_move, m)?)?;
    m.add_function(wrap_pyfunction!(domineering_regions, m)?)?;
    Ok(())
}
