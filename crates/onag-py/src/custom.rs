//! Games written in Python: `canonical(position)` and `grundy(position)`.
//!
//! A position is any hashable Python object whose class says its moves: `left_options()` and
//! `right_options()` (a partizan game) or `options()` (an impartial one), and optionally
//! `components()` (independent parts whose sum it is). The engine's generic solvers do the
//! rest, in two phases:
//!
//! 1. **Explore** (on the calling thread, holding the GIL: every step is a call into Python):
//!    each position reached is interned — `(type(p), p)` → a `u32` — and its parts and options
//!    are recorded in a graph of indices. Only what the solver will ask is explored: a position's
//!    parts, then the options of each part (never the options of a position that splits).
//!    Exploration is iterative (no recursion limit), finds cycles (a loopy game is refused with
//!    the positions of the cycle, and the error names `loopy_value`), polls Ctrl-C and stops
//!    at `max_positions`.
//! 2. **Solve** (on a worker thread, the GIL released, Ctrl-C raising its `StopFlag`): the
//!    generic [`PartizanSolver`] / [`ImpartialSolver`] run over [`Node`]s, the indices, with no
//!    call into Python — so a callback can never run while the process-wide arena is locked.
//!    The components the solver does not know yet are handed to it bottom-up (post-order,
//!    an explicit stack: [`solve_bottom_up`]), so each finds its options known and the
//!    solver's recursion stays one level deep however long the lines of play (a chain of
//!    2,500,000 positions overflowed the stack when the solver recursed down it).
//!
//! `memo_clear()` may run on another thread during a call: it bumps a generation, and every
//! index is read fallibly, so a call that sees the generation change fails with a clear error
//! ("call again") instead of reading a cleared graph; the solvers' tables are reset by the
//! next call that takes them (they carry the generation they were filled in).
//!
//! Both the interning table, the graph and the solvers' transposition tables live as long as
//! the process (until `memo_clear()`): a position met again, in any later call, costs one
//! dictionary look-up. The partizan solver puts its games into the arena of every `Game`
//! (its own arena is swapped with the store's for the solve), so the values add and compare
//! with `game("…")` and with the built-in games' values.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{
    LazyLock, Mutex, MutexGuard, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard,
};

use onag::games::{ImpartialGame, ImpartialSolver, PartizanGame, PartizanSolver};
use onag::partizan::game::GameError;
use onag::partizan::Player;
use pyo3::exceptions::{PyRecursionError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple};

use crate::partizan::{store, Game};
use crate::{bad, run_stoppable};

/// The most positions one process interns unless a call asks for more (each costs a Python
/// object kept alive, a dictionary slot and a graph node: a few hundred bytes).
const DEFAULT_MAX_POSITIONS: usize = 1 << 22;

/// How often (in positions explored) exploration looks for Ctrl-C.
const POLL_EVERY: usize = 1 << 10;

/// Left's and Right's options, as indices (the same list twice for an impartial game).
type Moves = (Box<[u32]>, Box<[u32]>);

/// What the graph knows of one interned position.
struct Entry {
    /// The position itself (to call its methods when the graph needs more of it).
    object: Py<PyAny>,
    /// Its independent parts (`Some(empty)`: it does not split); `None` until asked.
    parts: Option<Box<[u32]>>,
    /// Left's and Right's options (the same list twice for an impartial game); `None` until
    /// asked.
    moves: Option<Moves>,
    /// Whether the class gave `options()` (an impartial game).
    impartial: bool,
    /// Everything the solver can ask below this position (as a component) is explored.
    complete: bool,
}

/// The explored graph: entry `i` is the position interned as `i`.
static GRAPH: RwLock<Vec<Entry>> = RwLock::new(Vec::new());

/// `(type(p), p)` → its index in [`GRAPH`] (a dict: Python's own hashing and equality).
static INTERN: PyOnceLock<Py<PyDict>> = PyOnceLock::new();

/// How many times `memo_clear()` ran: indices and tables of another generation are stale.
static GENERATION: AtomicU64 = AtomicU64::new(0);

fn generation() -> u64 {
    GENERATION.load(Ordering::SeqCst)
}

/// A solver and the generation its table was filled in.
struct Memo<S> {
    generation: u64,
    solver: S,
}

impl<S: Default> Memo<S> {
    /// The solver, reset first if its table is of an older generation; `Err` when the
    /// generation is no longer `expected` (the memo was cleared during the call).
    fn current(&mut self, expected: u64) -> Result<&mut S, String> {
        let now = generation();
        if self.generation != now {
            self.solver = S::default();
            self.generation = now;
        }
        if now != expected {
            return Err(cleared());
        }
        Ok(&mut self.solver)
    }
}

/// The partizan solver, with its table and its own arena (the table's values live there, so
/// they are remembered across calls); each result is copied into the arena of every `Game`.
static PARTIZAN: LazyLock<Mutex<Memo<PartizanSolver<Node>>>> = LazyLock::new(|| {
    Mutex::new(Memo {
        generation: 0,
        solver: PartizanSolver::new(),
    })
});
static IMPARTIAL: LazyLock<Mutex<Memo<ImpartialSolver<Node>>>> = LazyLock::new(|| {
    Mutex::new(Memo {
        generation: 0,
        solver: ImpartialSolver::new(),
    })
});

/// The error of a call during which `memo_clear()` ran.
fn cleared() -> String {
    "memo_clear() ran during this call (on another thread): call again".to_string()
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic in a solve leaves the solver's table consistent (entries are whole): keep it.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

fn graph() -> RwLockReadGuard<'static, Vec<Entry>> {
    GRAPH.read().unwrap_or_else(PoisonError::into_inner)
}

fn graph_mut() -> RwLockWriteGuard<'static, Vec<Entry>> {
    GRAPH.write().unwrap_or_else(PoisonError::into_inner)
}

/// A position of a Python-defined game, by its index in the explored graph: what the generic
/// solvers see. Its moves are read from the graph, so they must have been explored first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Node(u32);

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "position #{}", self.0)
    }
}

impl Node {
    /// The options exploration recorded. A node it has not recorded (only when `memo_clear()`
    /// emptied the graph during the solve) has none: that solve's result is thrown away, as
    /// the generation changed.
    fn moves(&self, player: Player) -> Vec<Node> {
        let g = graph();
        let Some((left, right)) = g.get(self.0 as usize).and_then(|e| e.moves.as_ref()) else {
            return Vec::new();
        };
        let list = if player == Player::Left { left } else { right };
        list.iter().map(|&i| Node(i)).collect()
    }

    fn parts(&self) -> Vec<Node> {
        match graph()
            .get(self.0 as usize)
            .and_then(|e| e.parts.as_deref())
        {
            Some(parts) if !parts.is_empty() => parts.iter().map(|&i| Node(i)).collect(),
            _ => vec![*self],
        }
    }

    /// The positions after every move (Left's and Right's).
    fn all_moves(&self) -> Vec<Node> {
        let mut all = self.moves(Player::Left);
        all.extend(self.moves(Player::Right));
        all
    }
}

/// Solves the components below `root` that `knows` does not know, bottom-up: an iterative
/// post-order walk of the explored graph hands each component to `solve` after all the
/// components of its options, so the solver's own recursion finds them in its table and
/// goes one level deep. Polls `stop` at every component.
fn solve_bottom_up<S>(
    root: Node,
    solver: &mut S,
    knows: impl Fn(&S, &Node) -> bool,
    mut solve: impl FnMut(&mut S, &Node) -> Result<(), GameError>,
    stop: &onag::StopFlag,
) -> Result<(), GameError> {
    let mut seen = std::collections::HashSet::new();
    let mut stack: Vec<(Node, bool)> = root.parts().into_iter().map(|c| (c, false)).collect();
    while let Some((c, closing)) = stack.pop() {
        if closing {
            solve(solver, &c)?;
            continue;
        }
        if knows(solver, &c) || !seen.insert(c) {
            continue;
        }
        stop.check()?;
        stack.push((c, true));
        for o in c.all_moves() {
            for p in o.parts() {
                if !seen.contains(&p) && !knows(solver, &p) {
                    stack.push((p, false));
                }
            }
        }
    }
    Ok(())
}

impl PartizanGame for Node {
    fn options(&self, player: Player) -> Vec<Node> {
        self.moves(player)
    }

    fn components(&self) -> Vec<Node> {
        self.parts()
    }
}

impl ImpartialGame for Node {
    fn options(&self) -> Vec<Node> {
        self.moves(Player::Left)
    }

    fn components(&self) -> Vec<Node> {
        self.parts()
    }
}

/// Which methods the exploration calls.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `left_options()` / `right_options()`, or `options()` for both.
    Partizan,
    /// `options()` only.
    Impartial,
}

/// The interning table, made on first use.
fn intern_table(py: Python<'_>) -> &Bound<'_, PyDict> {
    INTERN.get_or_init(py, || PyDict::new(py).unbind()).bind(py)
}

fn type_name(position: &Bound<'_, PyAny>) -> String {
    position
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default()
}

/// The index of `position`, interning it (with an empty graph entry) when new.
fn intern(py: Python<'_>, position: &Bound<'_, PyAny>, max: usize) -> PyResult<u32> {
    let key = PyTuple::new(py, [position.get_type().into_any(), position.clone()])?;
    let table = intern_table(py);
    let found = table.get_item(&key).map_err(|e| {
        if e.is_instance_of::<PyTypeError>(py) {
            PyTypeError::new_err(format!(
                "positions must be hashable, equal positions equal ({}: {e})",
                type_name(position)
            ))
        } else {
            e
        }
    })?;
    if let Some(i) = found {
        return i.extract();
    }
    let mut g = graph_mut();
    if g.len() >= max {
        return Err(bad(format!(
            "the game reaches more than {max} positions (raise max_positions=, or give the class \
             components() so that independent parts are solved apart)"
        )));
    }
    let i = u32::try_from(g.len()).map_err(|_| bad("more than 2^32 positions"))?;
    g.push(Entry {
        object: position.clone().unbind(),
        parts: None,
        moves: None,
        impartial: false,
        complete: false,
    });
    drop(g);
    table.set_item(key, i)?;
    Ok(i)
}

/// The position interned as `i` (an error when `memo_clear()` emptied the graph meanwhile).
fn object(py: Python<'_>, i: u32) -> PyResult<Bound<'_, PyAny>> {
    graph()
        .get(i as usize)
        .map(|e| e.object.bind(py).clone())
        .ok_or_else(|| bad(cleared()))
}

/// Runs `f` on entry `i` of the graph (an error when `memo_clear()` emptied it meanwhile).
fn with_entry<T>(i: u32, f: impl FnOnce(&mut Entry) -> T) -> PyResult<T> {
    graph_mut()
        .get_mut(i as usize)
        .map(f)
        .ok_or_else(|| bad(cleared()))
}

/// Calls `position.name()` and interns every position of the iterable it returns.
fn call_list(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    name: &str,
    max: usize,
) -> PyResult<Box<[u32]>> {
    let items = position.call_method0(name)?;
    let iter = items.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{}.{name}() must return an iterable of positions",
            type_name(position)
        ))
    })?;
    let mut out = Vec::new();
    for item in iter {
        out.push(intern(py, &item?, max)?);
    }
    Ok(out.into_boxed_slice())
}

/// The parts of position `i`, asked once (empty: it does not split).
fn explore_parts(py: Python<'_>, i: u32, max: usize) -> PyResult<Box<[u32]>> {
    if let Some(parts) = with_entry(i, |e| e.parts.clone())? {
        return Ok(parts);
    }
    let position = object(py, i)?;
    let mut parts = if position.hasattr("components")? {
        call_list(py, &position, "components", max)?.into_vec()
    } else {
        Vec::new()
    };
    // One part that is the position itself: it does not split.
    if parts.len() == 1 && parts[0] == i {
        parts.clear();
    }
    if parts.contains(&i) {
        return Err(bad(format!(
            "{}.components() lists the position itself beside other parts",
            type_name(&position)
        )));
    }
    let parts = parts.into_boxed_slice();
    with_entry(i, |e| e.parts = Some(parts.clone()))?;
    Ok(parts)
}

/// Left's and Right's options of position `i`, asked once, and whether it is impartial.
fn explore_moves(py: Python<'_>, i: u32, max: usize) -> PyResult<(Vec<u32>, bool)> {
    let known = with_entry(i, |e| {
        e.moves
            .as_ref()
            .map(|(l, r)| (l.iter().chain(r.iter()).copied().collect(), e.impartial))
    })?;
    if let Some(known) = known {
        return Ok(known);
    }
    let position = object(py, i)?;
    let has = |name: &str| position.hasattr(name);
    let (left, right, impartial) = if has("left_options")? && has("right_options")? {
        let left = call_list(py, &position, "left_options", max)?;
        let right = call_list(py, &position, "right_options", max)?;
        (left, right, false)
    } else if has("options")? {
        let both = call_list(py, &position, "options", max)?;
        (both.clone(), both, true)
    } else {
        return Err(PyTypeError::new_err(format!(
            "{} has neither left_options() and right_options() (a partizan game) nor options() \
             (an impartial game)",
            type_name(&position)
        )));
    };
    let all = left.iter().chain(right.iter()).copied().collect();
    with_entry(i, |e| {
        e.moves = Some((left, right));
        e.impartial = impartial;
    })?;
    Ok((all, impartial))
}

/// What the exploration still has to do.
#[derive(Clone, Copy)]
enum Task {
    /// The value of a position: its parts (or itself), each as a component.
    Value(u32),
    /// A component: its options, each as a value; `Close` follows once they are done.
    Component(u32),
    /// The component's options are done: it leaves the path and is complete.
    Close(u32),
}

/// Explores everything the solver will ask about `root` (see the module documentation), in
/// the memo's generation `generation`.
fn explore(
    py: Python<'_>,
    root: &Bound<'_, PyAny>,
    kind: Kind,
    max: usize,
    generation: u64,
) -> PyResult<u32> {
    let root_id = intern(py, root, max)?;
    // The components on the current path, by depth: a move back onto the path is a cycle.
    let mut on_path = std::collections::HashSet::<u32>::new();
    let mut path: Vec<u32> = Vec::new();
    let mut stack = vec![Task::Value(root_id)];
    let mut steps = 0usize;
    while let Some(task) = stack.pop() {
        steps += 1;
        if steps.is_multiple_of(POLL_EVERY) {
            py.check_signals()?;
        }
        // a callback may have let another thread clear the memo
        if self::generation() != generation {
            return Err(bad(cleared()));
        }
        match task {
            Task::Value(i) => {
                let parts = explore_parts(py, i, max)?;
                if parts.is_empty() {
                    stack.push(Task::Component(i));
                } else {
                    stack.extend(parts.iter().map(|&p| Task::Component(p)));
                }
            }
            Task::Component(i) => {
                if on_path.contains(&i) {
                    return Err(cycle(py, &path, i));
                }
                let (complete, impartial) = with_entry(i, |e| (e.complete, e.impartial))?;
                let options = if complete {
                    Vec::new()
                } else {
                    let (options, impartial) = explore_moves(py, i, max)?;
                    if kind == Kind::Impartial && !impartial {
                        return Err(not_impartial(&object(py, i)?));
                    }
                    options
                };
                if complete {
                    if kind == Kind::Impartial && !impartial {
                        return Err(not_impartial(&object(py, i)?));
                    }
                    continue;
                }
                on_path.insert(i);
                path.push(i);
                stack.push(Task::Close(i));
                stack.extend(options.into_iter().map(Task::Value));
            }
            Task::Close(i) => {
                on_path.remove(&i);
                path.pop();
                with_entry(i, |e| e.complete = true)?;
            }
        }
    }
    Ok(root_id)
}

fn not_impartial(position: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!(
        "grundy() needs an impartial game: {} has left_options() and right_options() (use \
         canonical() for a partizan game, or give the class options())",
        type_name(position)
    ))
}

/// The error for a move back onto the path: the positions of the cycle.
fn cycle(py: Python<'_>, path: &[u32], back_to: u32) -> PyErr {
    let start = path.iter().position(|&p| p == back_to).unwrap_or(0);
    let shown: Vec<String> = path[start..]
        .iter()
        .chain(std::iter::once(&back_to))
        .take(8)
        .map(|&p| {
            object(py, p)
                .and_then(|o| o.repr())
                .map(|r| r.to_string())
                .unwrap_or_else(|_| format!("#{p}"))
        })
        .collect();
    PyRecursionError::new_err(format!(
        "the game has a cycle ({}{}): canonical(), grundy() and misere() solve short games, where \
         every sequence of moves ends; onag.loopy_value(position) solves loopy games (outcomes \
         with draws, stoppers and sides, loopy nim-values)",
        shown.join(" → "),
        if path.len() - start > 7 {
            " → …"
        } else {
            ""
        }
    ))
}

fn engine_error(e: GameError) -> String {
    match e {
        GameError::Stopped => "stopped".to_string(),
        e => e.to_string(),
    }
}

/// `canonical(position, max_positions=…)`: the exact canonical value of a position of a game
/// written in Python, as a `Game`.
///
/// >>> class Strip:   # Left takes 1 token, Right 1 or 2
/// ...     def __init__(self, n): self.n = n
/// ...     def __hash__(self): return self.n
/// ...     def __eq__(self, o): return self.n == o.n
/// ...     def left_options(self): return [Strip(self.n - 1)] if self.n else []
/// ...     def right_options(self): return [Strip(self.n - t) for t in (1, 2) if t <= self.n]
/// >>> canonical(Strip(2)).unicode
/// '↓'
#[pyfunction]
#[pyo3(signature = (position, max_positions=DEFAULT_MAX_POSITIONS))]
fn canonical(py: Python<'_>, position: &Bound<'_, PyAny>, max_positions: usize) -> PyResult<Game> {
    let generation = generation();
    let root = explore(py, position, Kind::Partizan, max_positions, generation)?;
    let id = run_stoppable(py, None, move |stop, _| {
        let mut memo = lock(&PARTIZAN);
        let solver = memo.current(generation)?;
        solver.set_max_table_entries(max_positions);
        // Simplifications and comparisons poll `stop` too.
        let previous = solver.arena_mut().set_stop(Some(stop.clone()));
        let value = solve_bottom_up(
            Node(root),
            solver,
            |s, c| s.knows(c),
            |s, c| s.canonical(c, stop).map(drop),
            stop,
        )
        .and_then(|()| solver.canonical(&Node(root), stop));
        solver.arena_mut().set_stop(previous);
        let value = value.map_err(engine_error)?;
        if self::generation() != generation {
            return Err(cleared());
        }
        store()
            .arena
            .import(solver.arena(), value)
            .map_err(engine_error)
    })?;
    Ok(Game { id })
}

/// `grundy(position, max_positions=…)`: the Grundy value of a position of an impartial game
/// written in Python (a class with `options()`), as an `int`.
#[pyfunction]
#[pyo3(signature = (position, max_positions=DEFAULT_MAX_POSITIONS))]
fn grundy(py: Python<'_>, position: &Bound<'_, PyAny>, max_positions: usize) -> PyResult<u64> {
    let generation = generation();
    let root = explore(py, position, Kind::Impartial, max_positions, generation)?;
    let n = run_stoppable(py, None, move |stop, _| {
        let mut memo = lock(&IMPARTIAL);
        let solver = memo.current(generation)?;
        solver.set_max_table_entries(max_positions);
        let n = solve_bottom_up(
            Node(root),
            solver,
            |s, c| s.knows(c),
            |s, c| s.grundy(c, stop).map(drop),
            stop,
        )
        .and_then(|()| solver.grundy(&Node(root), stop))
        .map_err(engine_error)?;
        if self::generation() != generation {
            return Err(cleared());
        }
        Ok(n)
    })?;
    Ok(n.0)
}

/// `misere(position, max_positions=…, max_forms=…)`: the misère analysis of a position of an
/// impartial game written in Python (a class with `options()`): the library's `MisereReport`
/// (misère outcome, genus, misère canonical form in CGSuite's notation, phylum, every move
/// with its ✓/✗). The whole game tree is explored; `components()` is not used (misère play
/// is not decided component by component).
#[pyfunction]
#[pyo3(signature = (position, max_positions=DEFAULT_MAX_POSITIONS, max_forms=onag::heaps::misere::DEFAULT_MISERE_FORMS))]
fn misere<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    max_positions: usize,
    max_forms: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let generation = generation();
    let root = explore(py, position, Kind::Impartial, max_positions, generation)?;
    let (mut r, options) = run_stoppable(py, None, move |stop, _| {
        let r = onag::misere::misere_report("python", &Node(root), max_forms, stop)
            .map_err(|e| e.to_string())?;
        if self::generation() != generation {
            return Err(cleared());
        }
        Ok((r, ImpartialGame::options(&Node(root))))
    })?;
    // The positions as Python shows them (their `repr`), not the graph's indices.
    let shown = |i: u32| -> PyResult<String> { Ok(object(py, i)?.repr()?.to_string()) };
    r.position = shown(root)?;
    for (m, o) in r.moves.iter_mut().zip(&options) {
        m.position = shown(o.0)?;
        m.label = m.position.clone();
    }
    r.winning_move = r.moves.iter().find(|m| m.winning).map(|m| m.label.clone());
    crate::report(py, &r)
}

/// `memo_usage()`: what the memo of Python-defined games holds — `positions` interned, and
/// the solvers' `partizan_entries` / `impartial_entries` with their table bytes.
#[pyfunction]
fn memo_usage(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let positions = graph().len();
    let (p, i) = py.detach(|| {
        (
            lock(&PARTIZAN).solver.usage(),
            lock(&IMPARTIAL).solver.usage(),
        )
    });
    let out = PyDict::new(py);
    out.set_item("positions", positions)?;
    out.set_item("partizan_entries", p.table_entries)?;
    out.set_item("partizan_table_bytes", p.table_bytes)?;
    out.set_item("impartial_entries", i.table_entries)?;
    out.set_item("impartial_table_bytes", i.table_bytes)?;
    Ok(out)
}

/// `memo_clear()`: forgets every Python-defined position and value (the `Game`s already made
/// stay valid: they live in the arena of every game).
#[pyfunction]
fn memo_clear(py: Python<'_>) -> PyResult<()> {
    // All with the GIL held, so no exploration runs in between; a call in flight sees the new
    // generation and fails ("call again"), and the solvers' tables are reset by the next call
    // that takes them (waiting here for a running solve could take as long as the solve).
    GENERATION.fetch_add(1, Ordering::SeqCst);
    intern_table(py).clear();
    // The positions are dropped here, with the GIL held.
    let positions = std::mem::take(&mut *graph_mut());
    drop(positions);
    Ok(())
}

/// `loopy_solve(position, max_positions=…)` (Python's `onag.loopy_value`): a game written in
/// Python whose moves may cycle, solved as a loopy game. Every position reachable is explored
/// (breadth first, on the calling thread: each step calls into Python; `components()` is not
/// used), then solved on a worker thread that Ctrl-C stops: an impartial game (every class
/// gives `options()`) gets Smith's loopy nim-values (`onag::loopy::impartial`), a partizan one
/// the loopy report of `onag value` (outcome with draws, canonical stopper or sides).
#[pyfunction]
#[pyo3(signature = (position, max_positions=DEFAULT_MAX_POSITIONS))]
fn loopy_solve<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    max_positions: usize,
) -> PyResult<Bound<'py, PyAny>> {
    use onag::loopy::graph::{Graph, LoopyGame};
    let generation = generation();
    let root = intern(py, position, max_positions)?;
    let mut local = std::collections::HashMap::<u32, u32>::new();
    let mut order = vec![root];
    local.insert(root, 0);
    let mut moves: Vec<Moves> = Vec::new();
    let mut impartial = true;
    while moves.len() < order.len() {
        if moves.len().is_multiple_of(POLL_EVERY) {
            py.check_signals()?;
        }
        let p = order[moves.len()];
        let (_, this_impartial) = explore_moves(py, p, max_positions)?;
        impartial &= this_impartial;
        let (left, right) = with_entry(p, |e| e.moves.clone())?.ok_or_else(|| bad(cleared()))?;
        for &q in left.iter().chain(right.iter()) {
            if let std::collections::hash_map::Entry::Vacant(slot) = local.entry(q) {
                if order.len() >= max_positions {
                    return Err(bad(format!(
                        "the game reaches more than {max_positions} positions (raise \
                         max_positions=)"
                    )));
                }
                slot.insert(order.len() as u32);
                order.push(q);
            }
        }
        moves.push((left, right));
    }
    if self::generation() != generation {
        return Err(bad(cleared()));
    }
    let mut graph = Graph::new();
    for _ in &order {
        graph.add_vertex();
    }
    for (v, (left, right)) in moves.iter().enumerate() {
        for (player, list) in [(Player::Left, left), (Player::Right, right)] {
            for q in list.iter() {
                graph.add_edge(player, v as u32, local[q]);
            }
        }
    }
    let game = LoopyGame { graph, start: 0 };
    let options: Vec<u32> = game.graph.left(0).to_vec();
    let out = if impartial {
        let r = run_stoppable(py, None, move |stop, _| {
            onag::loopy::impartial::impartial_report(&game, stop).map_err(|e| e.to_string())
        })?;
        let best = r.best_move;
        let out = crate::report(py, &r)?;
        // The moves as Python shows them (their `repr`), in the order of `move_values`.
        let shown = options
            .iter()
            .map(|&w| Ok(object(py, order[w as usize])?.repr()?.to_string()))
            .collect::<PyResult<Vec<String>>>()?;
        out.set_item("best", best.map(|b| shown[b].clone()))?;
        out.set_item("moves", shown)?;
        out.set_item("kind", "impartial")?;
        out
    } else {
        let r = run_stoppable(py, None, move |stop, _| {
            onag::loopy::report::loopy_report(&game, stop).map_err(|e| e.to_string())
        })?;
        let out = crate::report(py, &r)?;
        out.set_item("kind", "partizan")?;
        out
    };
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(loopy_solve, m)?)?;
    m.add_function(wrap_pyfunction!(canonical, m)?)?;
    m.add_function(wrap_pyfunction!(grundy, m)?)?;
    m.add_function(wrap_pyfunction!(misere, m)?)?;
    m.add_function(wrap_pyfunction!(memo_usage, m)?)?;
    m.add_function(wrap_pyfunction!(memo_clear, m)?)?;
    Ok(())
}
