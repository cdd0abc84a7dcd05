//! `Game` (a short partizan game in canonical form), `game(text)` and `Thermograph`.
//!
//! Every `Game` lives in one process-wide arena (hash-consed: equal values are equal ids), so
//! games from different calls add and compare directly. That arena is only locked to copy
//! games in and out: parsing, sums, comparisons, outcomes and thermographs run in a private
//! arena on a worker thread ([`private`]), interruptible by Ctrl-C, and only their result is
//! imported — so a long computation in one thread never blocks another thread's `game("1")`.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, MutexGuard};

use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::{Arena, GameId};
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::{parse_with_limits, ParseLimits};
use onag::partizan::report::game_report;
use onag::partizan::thermograph::{Thermograph as EngineThermograph, Thermographs};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};

use crate::{bad, run_stoppable};

/// The arena of every `Game` and the thermographs computed so far.
pub(crate) struct Store {
    pub(crate) arena: Arena,
    thermographs: HashMap<GameId, EngineThermograph>,
}

static STORE: LazyLock<Mutex<Store>> = LazyLock::new(|| {
    Mutex::new(Store {
        arena: Arena::new(),
        thermographs: HashMap::new(),
    })
});

/// The store, locked (a panic elsewhere cannot leave it half-written: the arena only grows
/// by whole nodes, so a poisoned lock is still usable).
pub(crate) fn store() -> MutexGuard<'static, Store> {
    STORE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Limits for text from Python: as the CLI's (a script is trusted like the command line).
fn limits() -> ParseLimits {
    ParseLimits {
        max_len: 1 << 20,
        max_depth: 1000,
        ..ParseLimits::default()
    }
}

/// `onag.ParseError(message, text, position)`: a `ValueError` with the character position.
pub(crate) fn parse_error(py: Python<'_>, message: String, text: &str, position: usize) -> PyErr {
    let made = py
        .import("onag._errors")
        .and_then(|m| m.getattr("ParseError"))
        .and_then(|cls| cls.call1((message.clone(), text, position)));
    match made {
        Ok(err) => PyErr::from_value(err),
        Err(_) => bad(message),
    }
}

/// Runs `work` on a worker thread (deep stack, Ctrl-C raises its stop flag) in a private
/// arena holding copies of the shared games `inputs` (the store is locked only to copy them);
/// `work` gets that arena, which polls the stop flag, and the copies' ids.
pub(crate) fn private<T: Send + 'static>(
    py: Python<'_>,
    inputs: &[GameId],
    work: impl FnOnce(&mut Arena, &[GameId]) -> Result<T, String> + Send + 'static,
) -> PyResult<T> {
    let inputs = inputs.to_vec();
    run_stoppable(py, None, move |stop, _| {
        let mut arena = Arena::new();
        let ids = {
            let shared = store();
            inputs
                .iter()
                .map(|&g| arena.import(&shared.arena, g))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.to_string())?
        };
        arena.set_stop(Some(stop.clone()));
        work(&mut arena, &ids)
    })
}

/// [`private`] for work that builds a game: the game is imported into the shared arena.
fn private_game(
    py: Python<'_>,
    inputs: &[GameId],
    work: impl FnOnce(&mut Arena, &[GameId]) -> Result<GameId, String> + Send + 'static,
) -> PyResult<GameId> {
    private(py, inputs, move |arena, ids| {
        let g = work(arena, ids)?;
        store().arena.import(arena, g).map_err(|e| e.to_string())
    })
}

/// Parses `text` (in a private arena, see [`private`]) into a game of the shared arena.
pub(crate) fn parse_game(py: Python<'_>, text: &str) -> PyResult<Game> {
    let owned = text.to_string();
    let parsed = private(py, &[], move |arena, _| {
        Ok(match parse_with_limits(arena, &owned, limits()) {
            Ok(g) => Ok(store().arena.import(arena, g).map_err(|e| e.to_string())?),
            Err(e) => Err((format!("bad game: {e}"), e.span.char)),
        })
    })?;
    match parsed {
        Ok(id) => Ok(Game { id }),
        Err((message, position)) => Err(parse_error(py, message, text, position)),
    }
}

/// `fractions.Fraction` of an exact dyadic.
pub(crate) fn fraction<'py>(py: Python<'py>, d: Dyadic) -> PyResult<Bound<'py, PyAny>> {
    let den = 1u128 << d.exponent();
    py.import("fractions")?
        .getattr("Fraction")?
        .call1((d.numerator(), den))
}

/// A short partizan game in canonical form; make one with `onag.game("{2|-1}")`.
///
/// `+`, `-` and unary `-` are sums and negation; `<=`, `<`, `>=`, `>`, `==` are the partial
/// order of games (`a.confused_with(b)` for `a ‖ b`). Numbers and strings in game notation are
/// accepted as the other operand.
///
/// >>> from onag import game
/// >>> g = game("{5 | {3|-3}, 1*}")
/// >>> g.canonical, g.outcome, g.mean, g.temperature
/// ('{5|+-3,1*}', 'L', Fraction(3, 1), Fraction(2, 1))
/// >>> game("^") + game("^") == game("^2")
/// True
#[pyclass(frozen, module = "onag")]
#[derive(Clone, Copy)]
pub struct Game {
    pub(crate) id: GameId,
}

/// A game from a `Game`, an `int` or game notation; `None` for anything else.
fn operand(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Option<GameId>> {
    if let Ok(g) = obj.cast::<Game>() {
        return Ok(Some(g.get().id));
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(Some(parse_game(py, &obj.extract::<String>()?)?.id));
    }
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<pyo3::types::PyBool>() {
        let n: i64 = obj
            .extract()
            .map_err(|_| bad(format!("{obj} does not fit in a 64-bit integer game")))?;
        let id = py.detach(|| store().arena.integer(n)).map_err(bad)?;
        return Ok(Some(id));
    }
    Ok(None)
}

fn wrap(py: Python<'_>, id: Option<GameId>) -> PyResult<Py<PyAny>> {
    match id {
        Some(id) => Ok(Bound::new(py, Game { id })?.into_any().unbind()),
        None => Ok(py.NotImplemented()),
    }
}

impl Game {
    /// The thermograph, computed in a private arena the first time (see [`private`]).
    fn thermo(&self, py: Python<'_>) -> PyResult<EngineThermograph> {
        let id = self.id;
        if let Some(th) = py.detach(|| store().thermographs.get(&id).cloned()) {
            return Ok(th);
        }
        let th = private(py, &[id], |arena, ids| {
            Thermographs::new()
                .get(arena, ids[0])
                .cloned()
                .map_err(|e| {
                    format!(
                        "cannot compute the thermograph: {e} (exact dyadics with denominators up \
                     to 2^62)"
                    )
                })
        })?;
        py.detach(|| store().thermographs.insert(id, th.clone()));
        Ok(th)
    }

    /// The name, made on a worker thread (naming recurses once per level of the game).
    fn named(&self, py: Python<'_>, style: NameStyle) -> PyResult<String> {
        let id = self.id;
        run_stoppable(py, None, move |_, _| Ok(name(&store().arena, id, style)))
    }

    fn binary(
        &self,
        other: &Bound<'_, PyAny>,
        op: fn(&mut Arena, GameId, GameId) -> Result<GameId, onag::partizan::game::GameError>,
    ) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Some(o) = operand(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let sum = private_game(py, &[self.id, o], move |arena, ids| {
            op(arena, ids[0], ids[1]).map_err(|e| e.to_string())
        })?;
        wrap(py, Some(sum))
    }
}

#[pymethods]
impl Game {
    /// The canonical form in CGSuite's ASCII notation (parses back to the same game).
    #[getter]
    fn canonical(&self, py: Python<'_>) -> PyResult<String> {
        self.named(py, NameStyle::Ascii)
    }

    /// The canonical form with ↑ ↓ ⇑ ±.
    #[getter]
    fn unicode(&self, py: Python<'_>) -> PyResult<String> {
        self.named(py, NameStyle::Unicode)
    }

    /// The outcome class: `'L'` (Left wins), `'R'`, `'P'` (second player wins), `'N'` (first).
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<String> {
        private(py, &[self.id], |arena, ids| {
            arena
                .try_outcome(ids[0])
                .map(|o| o.to_string())
                .map_err(|e| e.to_string())
        })
    }

    /// The mean value (a `fractions.Fraction`).
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.thermo(py)?.mean())
    }

    /// The temperature (negative for numbers: −1 for integers, −1/2^k for m/2^k).
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.thermo(py)?.temperature())
    }

    /// Left's stop.
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.thermo(py)?.left_stop())
    }

    /// Right's stop.
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.thermo(py)?.right_stop())
    }

    /// Left's options (canonical), as games.
    #[getter]
    fn left_options(&self) -> Vec<Game> {
        let s = store();
        s.arena
            .left_options(self.id)
            .iter()
            .map(|&id| Game { id })
            .collect()
    }

    /// Right's options (canonical), as games.
    #[getter]
    fn right_options(&self) -> Vec<Game> {
        let s = store();
        s.arena
            .right_options(self.id)
            .iter()
            .map(|&id| Game { id })
            .collect()
    }

    /// The thermograph: walls as exact breakpoints, mean, temperature, stops and an SVG.
    ///
    /// >>> th = game("{1 | {1/2 | 0}}").thermograph()
    /// >>> th.mean, th.temperature
    /// (Fraction(5, 8), Fraction(3, 8))
    fn thermograph(&self, py: Python<'_>) -> PyResult<Thermograph> {
        Ok(Thermograph(self.thermo(py)?))
    }

    /// The engine's report of the game — `canonical`, `outcome`, `mean`, `temperature`,
    /// `left_stop`, `right_stop`, `birthday`, `tempered`, `atomic_weight`,
    /// `reduced_canonical_form`, `thermograph` (`svg`, `left`, `right`, `left_stop`,
    /// `right_stop`) — as `onag value --json` prints it (`unicode=True`: `onag value --unicode
    /// --json`), an `onag.Report` (dyadics as text, as in the JSON; the attributes of the same
    /// names on the game are `Fraction`s).
    ///
    /// >>> r = game("^").report()
    /// >>> r.canonical, r.birthday, r.atomic_weight, r.tempered
    /// ('^', 2, '1', 'neither')
    #[pyo3(signature = (unicode=false))]
    fn report<'py>(&self, py: Python<'py>, unicode: bool) -> PyResult<Bound<'py, PyAny>> {
        let style = if unicode {
            NameStyle::Unicode
        } else {
            NameStyle::Ascii
        };
        let r = private(py, &[self.id], move |arena, ids| {
            game_report(arena, ids[0], style).map_err(|e| e.to_string())
        })?;
        py.import("onag._report")?
            .getattr("Report")?
            .getattr("of")?
            .call1((crate::report(py, &r)?,))
    }

    /// Whether the two games are incomparable (`a ‖ b`: the first player wins `a − b`).
    fn confused_with(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let py = other.py();
        let o = operand(py, other)?.ok_or_else(|| bad(format!("{other} is not a game")))?;
        private(py, &[self.id, o], |arena, ids| {
            let le = arena.try_le(ids[0], ids[1]).map_err(|e| e.to_string())?;
            let ge = arena.try_le(ids[1], ids[0]).map_err(|e| e.to_string())?;
            Ok(!le && !ge)
        })
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(other, Arena::add)
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(other, Arena::add)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(other, Arena::sub)
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(other, |a, x, y| Arena::sub(a, y, x))
    }

    fn __neg__(&self, py: Python<'_>) -> Game {
        let id = self.id;
        Game {
            id: py.detach(|| store().arena.neg(id)),
        }
    }

    fn __pos__(&self) -> Game {
        *self
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let o = match operand(py, other) {
            Ok(Some(o)) => o,
            // Not a game (or text that does not parse): == is False, < is a TypeError.
            _ => return Ok(py.NotImplemented()),
        };
        let (le, ge) = private(py, &[self.id, o], |arena, ids| {
            let le = arena.try_le(ids[0], ids[1]).map_err(|e| e.to_string())?;
            let ge = arena.try_le(ids[1], ids[0]).map_err(|e| e.to_string())?;
            Ok((le, ge))
        })?;
        let answer = match op {
            CompareOp::Le => le,
            CompareOp::Ge => ge,
            CompareOp::Lt => le && !ge,
            CompareOp::Gt => ge && !le,
            CompareOp::Eq => le && ge,
            CompareOp::Ne => !(le && ge),
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __hash__(&self) -> usize {
        // Canonical forms are hash-consed: equal games are one id.
        self.id.index()
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        self.canonical(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("game({:?})", self.canonical(py)?))
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let f = py.import("onag")?.getattr("game")?.unbind();
        Ok((f, (self.canonical(py)?,)))
    }

    /// Notebook view: the canonical form, outcome, mean, temperature and the thermograph.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let th = self.thermo(py)?;
        let canonical = escape(&self.unicode(py)?);
        let outcome = self.outcome(py)?;
        Ok(format!(
            "<div class=\"onag-game\"><p><code>{canonical}</code> — outcome {outcome}, mean {}, \
             temperature {}, stops {} / {}</p>{}</div>",
            th.mean(),
            th.temperature(),
            th.left_stop(),
            th.right_stop(),
            th.to_svg()
        ))
    }

    /// The thermograph as SVG (shown by notebooks).
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.thermo(py)?.to_svg())
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The thermograph of a game: `left_wall` and `right_wall` are lists of breakpoints `(t, x)`
/// (`fractions.Fraction`s, from t = 0; after the last one the wall goes on with
/// `left_slope` / `right_slope`, in x per unit of t), plus mean, temperature and stops.
#[pyclass(frozen, module = "onag")]
pub struct Thermograph(EngineThermograph);

fn wall<'py>(py: Python<'py>, points: Vec<(Dyadic, Dyadic)>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    points
        .into_iter()
        .map(|(t, x)| {
            Ok((fraction(py, t)?, fraction(py, x)?)
                .into_pyobject(py)?
                .into_any())
        })
        .collect()
}

#[pymethods]
impl Thermograph {
    /// Breakpoints `(t, x)` of the left wall.
    #[getter]
    fn left_wall<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        wall(py, self.0.left_wall().breakpoints())
    }

    /// Breakpoints `(t, x)` of the right wall.
    #[getter]
    fn right_wall<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        wall(py, self.0.right_wall().breakpoints())
    }

    /// Slope dx/dt of the left wall after its last breakpoint.
    #[getter]
    fn left_slope(&self) -> i64 {
        self.0.left_wall().final_slope()
    }

    /// Slope dx/dt of the right wall after its last breakpoint.
    #[getter]
    fn right_slope(&self) -> i64 {
        self.0.right_wall().final_slope()
    }

    /// The mast's position.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.0.mean())
    }

    /// Where the walls meet.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.0.temperature())
    }

    /// The left wall at t = 0.
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.0.left_stop())
    }

    /// The right wall at t = 0.
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.0.right_stop())
    }

    /// The SVG drawing (x grows to the left, t upwards), as `onag value --svg` writes it.
    fn svg(&self) -> String {
        self.0.to_svg()
    }

    fn _repr_svg_(&self) -> String {
        self.0.to_svg()
    }

    fn __repr__(&self) -> String {
        format!(
            "Thermograph(mean={}, temperature={}, left_stop={}, right_stop={})",
            self.0.mean(),
            self.0.temperature(),
            self.0.left_stop(),
            self.0.right_stop()
        )
    }
}

/// `game(text)`: parses the literature's notation or CGSuite's ASCII into a canonical game.
/// Bad text raises `onag.ParseError` (a `ValueError`) with the message and `.position`.
///
/// >>> game("{3||2|1}").canonical
/// '{3|{2|1}}'
#[pyfunction]
fn game(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Game> {
    if let Ok(g) = text.cast::<Game>() {
        return Ok(*g.get());
    }
    match operand(py, text)? {
        Some(id) => Ok(Game { id }),
        None => Err(bad(format!(
            "game() takes game notation (str), an int or a Game, not {}",
            text.get_type().name()?
        ))),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Thermograph>()?;
    m.add_function(wrap_pyfunction!(game, m)?)?;
    Ok(())
}
