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
use onag::partizan::parse::{parse_with_limits, Func, ParseLimits};
use onag::partizan::report::game_report;
use onag::partizan::thermograph::{Thermograph as EngineThermograph, Thermographs};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

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
/// `+`, `-` and unary `-` are sums and negation, `n * g` integer multiples; `<=`, `<`, `>=`,
/// `>`, `==` are the partial order of games (`a.confused_with(b)` for `a ‖ b`, `a.compare(b)`
/// for one of `<`, `>`, `=`, `||`). Ints, `Fraction`s with a power-of-two denominator and
/// strings in game notation are accepted as the other operand. The operations of CGSuite's
/// `CanonicalShortGame` are methods: `cool(t)`, `freeze()`, `heat(t)`, `overheat(s, t)`,
/// `norton(u)`, and the quantities without an argument are attributes: `mean`, `temperature`,
/// `left_stop`, `right_stop`, `birthday`, `atomic_weight`, `reduced_canonical_form`,
/// `number`, `is_infinitesimal`, `is_all_small`, `left_incentives`, `right_incentives`.
///
/// >>> from onag import game
/// >>> g = game("{5 | {3|-3}, 1*}")
/// >>> g.canonical, g.outcome, g.mean, g.temperature
/// ('{5|+-3,1*}', 'L', Fraction(3, 1), Fraction(2, 1))
/// >>> game("^") + game("^") == game("^2"), 3 * game("^") == game("^3")
/// (True, True)
/// >>> g.cool(1), g.birthday, game("^^*").atomic_weight
/// (game("{4|{3|-1},2}"), 6, game("2"))
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
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        let n: i64 = obj
            .extract()
            .map_err(|_| bad(format!("{obj} does not fit in a 64-bit integer game")))?;
        let id = py.detach(|| store().arena.integer(n)).map_err(bad)?;
        return Ok(Some(id));
    }
    let rational = py.import("numbers")?.getattr("Rational")?;
    if obj.is_instance(&rational)? {
        let d = dyadic(obj)?;
        let id = py.detach(|| store().arena.number(d)).map_err(bad)?;
        return Ok(Some(id));
    }
    Ok(None)
}

/// The exact dyadic of a `fractions.Fraction` (any `numbers.Rational`) whose denominator is a
/// power of two: the only numbers a short game can be.
fn dyadic(obj: &Bound<'_, PyAny>) -> PyResult<Dyadic> {
    let too_large = || bad(format!("{obj} does not fit in a 64-bit dyadic"));
    let num: i64 = obj
        .getattr("numerator")?
        .extract()
        .map_err(|_| too_large())?;
    let den: u64 = obj
        .getattr("denominator")?
        .extract()
        .map_err(|_| too_large())?;
    if !den.is_power_of_two() {
        return Err(bad(format!(
            "{obj} is not a dyadic rational (the denominator of a short game's number is a \
             power of two)"
        )));
    }
    Dyadic::new(num, den.trailing_zeros()).map_err(|_| too_large())
}

/// `obj` as a game, or a `TypeError`-free `ValueError` naming what `what` needed.
fn required(py: Python<'_>, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<GameId> {
    operand(py, obj)?.ok_or_else(|| {
        bad(format!(
            "{what} must be a Game, an int, a Fraction or game notation, not {}",
            obj.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })
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

    /// Applies one of the library's operations on canonical games ([`Func`]: cooling,
    /// heating, atomic weight, Norton product, …) to this game and `args`, in a private arena.
    fn apply(&self, py: Python<'_>, func: Func, args: &[GameId]) -> PyResult<Game> {
        let mut inputs = vec![self.id];
        inputs.extend_from_slice(args);
        let id = private_game(py, &inputs, move |arena, ids| {
            func.apply(arena, ids)
                .map_err(|e| format!("{}: {e}", func.name()))
        })?;
        Ok(Game { id })
    }

    /// The Python renderer `onag._render.NAME` (HTML, LaTeX and plots are drawn in Python,
    /// one module for games and reports alike).
    fn renderer<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        py.import("onag._render")?.getattr(name)
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

    /// The birthday: the height of the canonical form's game tree (0 for 0, 1 for ±1 and
    /// *, …).
    ///
    /// >>> game("0").birthday, game("^").birthday, game("{3||2|1}").birthday
    /// (0, 2, 4)
    #[getter]
    fn birthday(&self, py: Python<'_>) -> u32 {
        let id = self.id;
        py.detach(|| store().arena.birthday(id))
    }

    /// The number this game equals (a `fractions.Fraction`), `None` if it is not a number.
    ///
    /// >>> game("{0|1}").number, game("*").number
    /// (Fraction(1, 2), None)
    #[getter]
    fn number<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let id = self.id;
        match py.detach(|| store().arena.as_number(id)) {
            Some(d) => Ok(Some(fraction(py, d)?)),
            None => Ok(None),
        }
    }

    /// Whether the game is a number.
    #[getter]
    fn is_number(&self, py: Python<'_>) -> bool {
        let id = self.id;
        py.detach(|| store().arena.is_number(id))
    }

    /// Whether the game is infinitesimal (both stops 0; numbers other than 0 are not).
    ///
    /// >>> game("^*").is_infinitesimal, game("1/4").is_infinitesimal
    /// (True, False)
    #[getter]
    fn is_infinitesimal(&self, py: Python<'_>) -> bool {
        let id = self.id;
        py.detach(|| store().arena.is_infinitesimal(id))
    }

    /// Whether the game is all-small: every follower is 0 or has options for both players.
    #[getter]
    fn is_all_small(&self, py: Python<'_>) -> PyResult<bool> {
        private(py, &[self.id], |arena, ids| Ok(arena.is_all_small(ids[0])))
    }

    /// The atomic weight (*Winning Ways* ch. 8; Siegel, *CGT* §II.7) as a `Game`; a `ValueError` for a game that is not atomic (not
    /// infinitesimal, or not within ↑* + (*N : −1) of a multiple of ↑).
    ///
    /// >>> game("^^*").atomic_weight, game("v").atomic_weight
    /// (game("2"), game("-1"))
    #[getter]
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Game> {
        self.apply(py, Func::AtomicWeight, &[])
    }

    /// The reduced canonical form (Grossman and Siegel, "Reductions of partizan games"): the
    /// simplest game infinitesimally close to this one.
    ///
    /// >>> game("{1|1*}").reduced_canonical_form
    /// game("1")
    #[getter]
    fn reduced_canonical_form(&self, py: Python<'_>) -> PyResult<Game> {
        self.apply(py, Func::Rcf, &[])
    }

    /// The game cooled by `t` ≥ 0 (a number: int, `Fraction` with a power-of-two denominator,
    /// numeric `Game` or notation): Gₜ (*Winning Ways* ch. 6; Siegel, *CGT* Def. II.5.9). Cooling by the temperature
    /// freezes the game (:meth:`freeze`).
    ///
    /// >>> g = game("{5|1}")
    /// >>> g.cool(1), g.cool(2), g.cool(Fraction(1, 2))
    /// (game("{4|2}"), game("3*"), game("{9/2|3/2}"))
    fn cool(&self, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let py = t.py();
        let t = required(py, t, "the temperature t")?;
        self.apply(py, Func::Cool, &[t])
    }

    /// The game cooled by its own temperature: a number plus an infinitesimal.
    ///
    /// >>> game("{5|1}").freeze()
    /// game("3*")
    fn freeze(&self, py: Python<'_>) -> PyResult<Game> {
        self.apply(py, Func::Freeze, &[])
    }

    /// The game heated by `t` (a game): ∫^T G, the inverse of cooling on the games cooling
    /// reaches (Siegel, *CGT* Def. II.5.20).
    ///
    /// >>> game("*").heat(1), game("{4|2}").heat(1) == game("{5|1}")
    /// (game("+-1"), True)
    fn heat(&self, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let py = t.py();
        let t = required(py, t, "the heat T")?;
        self.apply(py, Func::Heat, &[t])
    }

    /// The game overheated from `s` to `t`: ∫_S^T G (Berlekamp, "Blockbusting and
    /// Domineering"; Siegel, *CGT* §II.5): an integer n becomes n·S.
    ///
    /// >>> game("*").overheat(1, 2), game("3").overheat("1*", 1)
    /// (game("+-2"), game("3*"))
    fn overheat(&self, s: &Bound<'_, PyAny>, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let py = t.py();
        let s = required(py, s, "S")?;
        let t = required(py, t, "T")?;
        self.apply(py, Func::Overheat, &[s, t])
    }

    /// The Norton product G.U for a positive unit `u` (*Winning Ways* ch. 8 "Norton
    /// multiplication"; Siegel, *CGT* §II.4): n.U = n copies of U for an integer n, and
    /// G.U = {Gᴸ.U + U + I | Gᴿ.U − U − I} over the incentives I of U otherwise.
    ///
    /// >>> game("2").norton("^"), game("1/2").norton("^") * 2 == game("^")
    /// (game("^2"), True)
    fn norton(&self, u: &Bound<'_, PyAny>) -> PyResult<Game> {
        let py = u.py();
        let u = required(py, u, "the unit U")?;
        self.apply(py, Func::Norton, &[u])
    }

    /// How the two games compare: `'<'`, `'>'`, `'='` or `'||'` (incomparable, "confused":
    /// the first player wins G − H).
    ///
    /// >>> game("^").compare("*"), game("1").compare(0), game("*").compare("{0|0}")
    /// ('||', '>', '=')
    fn compare(&self, other: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let py = other.py();
        let o = required(py, other, "the other game")?;
        let (le, ge) = private(py, &[self.id, o], |arena, ids| {
            let le = arena.try_le(ids[0], ids[1]).map_err(|e| e.to_string())?;
            let ge = arena.try_le(ids[1], ids[0]).map_err(|e| e.to_string())?;
            Ok((le, ge))
        })?;
        Ok(match (le, ge) {
            (true, true) => "=",
            (true, false) => "<",
            (false, true) => ">",
            (false, false) => "||",
        })
    }

    /// The Left incentives Gᴸ − G (one per Left option, canonical order).
    ///
    /// >>> game("{2|-1}").left_incentives
    /// [game("{3|0}")]
    #[getter]
    fn left_incentives(&self, py: Python<'_>) -> PyResult<Vec<Game>> {
        self.incentives(py, true)
    }

    /// The Right incentives G − Gᴿ (one per Right option).
    #[getter]
    fn right_incentives(&self, py: Python<'_>) -> PyResult<Vec<Game>> {
        self.incentives(py, false)
    }

    /// `n * g`: n copies of g (of −g for n < 0), by doubling; only integers multiply a game
    /// (the Norton product of two games is :meth:`norton`).
    ///
    /// >>> 3 * game("^"), game("{1|-1}") * 2, -2 * game("1/2")
    /// (game("^3"), game("0"), game("-1"))
    fn __mul__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if !other.is_instance_of::<PyInt>() || other.is_instance_of::<PyBool>() {
            return Ok(py.NotImplemented());
        }
        let n: i64 = other.extract().map_err(|_| {
            bad(format!(
                "{other} copies: the multiplier must fit in 64 bits"
            ))
        })?;
        let id = private_game(py, &[self.id], move |arena, ids| {
            arena.integer_multiple(ids[0], n).map_err(|e| e.to_string())
        })?;
        wrap(py, Some(id))
    }

    fn __rmul__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__mul__(other)
    }

    /// Notebook view: a compact table (value, outcome, mean, temperature, stops, birthday,
    /// atomic weight, options) with the thermograph drawn inline.
    fn _repr_html_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Self::renderer(slf.py(), "game_html")?.call1((slf.clone(),))
    }

    /// The value in LaTeX (`\uparrow`, `\pm`, `\frac`, `*n`), for notebooks.
    fn _repr_latex_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Self::renderer(slf.py(), "game_latex")?.call1((slf.clone(),))
    }

    /// The thermograph as SVG (shown by notebooks).
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.thermo(py)?.to_svg())
    }

    /// Draws the thermograph: a matplotlib `Axes` when matplotlib is installed (on `ax` if
    /// given), else the SVG text (`backend="svg"` forces it).
    #[pyo3(signature = (ax=None, backend=None))]
    fn plot<'py>(
        slf: &Bound<'py, Self>,
        ax: Option<Bound<'py, PyAny>>,
        backend: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        Self::renderer(slf.py(), "game_plot")?.call1((slf.clone(), ax, backend))
    }
}

impl Game {
    fn incentives(&self, py: Python<'_>, left: bool) -> PyResult<Vec<Game>> {
        let ids = private(py, &[self.id], move |arena, ids| {
            let found = if left {
                arena.left_incentives(ids[0])
            } else {
                arena.right_incentives(ids[0])
            }
            .map_err(|e| e.to_string())?;
            let mut shared = store();
            found
                .into_iter()
                .map(|g| shared.arena.import(arena, g).map_err(|e| e.to_string()))
                .collect::<Result<Vec<_>, _>>()
        })?;
        Ok(ids.into_iter().map(|id| Game { id }).collect())
    }
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
