//! The generic solvers: canonical forms of any [`PartizanGame`], Grundy values of any
//! [`ImpartialGame`].
//!
//! [`PartizanSolver`] computes the canonical form of a position bottom-up — the value of
//! `{ L | R }` from the canonical values of its options (Conway's simplification,
//! [`Arena::from_options`]) — into its [`Arena`], with a transposition table over
//! *components*: a position splits into independent components ([`PartizanGame::components`]),
//! each component is reduced to its symmetry class ([`PartizanGame::symmetric_key`]), looked up
//! or solved once, and the components' values are added ([`Arena::add`]). A component found
//! again — directly, as a part of another position, or as a reflection — costs one hash look-up.
//!
//! [`ImpartialSolver`] does the same for Grundy values: the mex of the options' values
//! (Sprague–Grundy, *Winning Ways* ch. 3), nim-sums over components.
//!
//! Both poll a [`StopFlag`] and bound their table ([`SolverLimits`]); [`PartizanSolver::usage`]
//! reports what they hold (table entries and bytes, the arena's games and bytes).
//!
//! # Examples
//! ```
//! use onag::games::domineering::Domineering;
//! use onag::games::PartizanSolver;
//! use onag::partizan::name::name;
//!
//! let mut solver = PartizanSolver::new();
//! let board: Domineering = "..|..".parse().unwrap(); // 2×2: ±1
//! let g = solver.canonical(&board, &onag::StopFlag::new()).unwrap();
//! assert_eq!(name(solver.arena(), g, Default::default()), "+-1");
//! assert!(solver.usage().table_entries > 0);
//! ```

use std::mem::size_of;

use super::traits::{ImpartialGame, Keyed, PartizanGame};
use crate::nimber::Nimber;
use crate::partizan::game::{Arena, FxHashMap, GameError, GameId};
use crate::partizan::Player;
use crate::StopFlag;

/// The bounds of a solver's work.
///
/// # Examples
/// ```
/// use onag::games::SolverLimits;
/// let limits = SolverLimits { max_table_entries: 1 << 20 };
/// assert!(limits.max_table_entries < SolverLimits::default().max_table_entries);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverLimits {
    /// Most components the transposition table holds; solving more fails with
    /// [`GameError::TooLarge`] (the table is the solver's own memory; the arena's is bounded
    /// by the arena).
    pub max_table_entries: usize,
}

impl Default for SolverLimits {
    /// 2^28 components (several GB on the largest keys): beyond any game the web pages ask.
    fn default() -> Self {
        SolverLimits {
            max_table_entries: 1 << 28,
        }
    }
}

/// What a solver holds and did: the counters of a memory profile.
///
/// # Examples
/// ```
/// use onag::games::{domineering::Domineering, PartizanSolver};
///
/// let mut solver = PartizanSolver::new();
/// solver.canonical(&"...|...|...".parse::<Domineering>().unwrap(), &onag::StopFlag::new()).unwrap();
/// let u = solver.usage();
/// assert!(u.table_entries > 1 && u.table_bytes > 0 && u.arena_games > 1);
/// assert!(u.solved as usize <= u.table_entries); // symmetric images are entered too
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SolverUsage {
    /// Symmetry classes of components solved (each once).
    pub solved: u64,
    /// Look-ups answered by the table.
    pub hits: u64,
    /// Entries of the transposition table: the classes solved, and the components found
    /// through their class's key (entered under themselves too).
    pub table_entries: usize,
    /// Bytes of the transposition table (its capacity: slot = key + value + control byte).
    pub table_bytes: usize,
    /// Canonical games in the arena.
    pub arena_games: usize,
    /// Bytes of the arena (games, options and the arena's own memos).
    pub arena_bytes: usize,
}

/// The transposition table both solvers keep: values of components by position, bounded by
/// [`SolverLimits`], with the counters of [`SolverUsage`].
struct Table<K, V> {
    entries: FxHashMap<K, V>,
    limits: SolverLimits,
    solved: u64,
    hits: u64,
}

impl<K: std::hash::Hash + Eq, V: Copy> Table<K, V> {
    fn new() -> Self {
        Table {
            entries: FxHashMap::default(),
            limits: SolverLimits::default(),
            solved: 0,
            hits: 0,
        }
    }

    /// The value kept under `key`, counted as a hit.
    fn get(&mut self, key: &K) -> Option<V> {
        let v = self.entries.get(key).copied();
        self.hits += u64::from(v.is_some());
        v
    }

    /// Polls `stop` at every look-up, hit or miss: the unit of the solvers' work is one
    /// option looked up, not one class solved — a class of Wythoff's game on a 512 board has
    /// 1,533 options, so a poll every so many classes solved let a stopped solve run on for
    /// minutes. One relaxed atomic load costs far less than the hash look-up beside it.
    fn poll(&self, stop: &StopFlag) -> Result<(), GameError> {
        Ok(stop.check()?)
    }

    /// Keeps `v` under `key`, or fails past [`SolverLimits::max_table_entries`].
    fn insert(&mut self, key: K, v: V) -> Result<(), GameError> {
        if self.entries.len() >= self.limits.max_table_entries {
            return Err(GameError::TooLarge(format!(
                "more than {} components in the solver's table",
                self.limits.max_table_entries
            )));
        }
        self.entries.insert(key, v);
        Ok(())
    }

    /// The counters, with the arena's figures (0 for a solver without an arena).
    fn usage(&self, arena_games: usize, arena_bytes: usize) -> SolverUsage {
        SolverUsage {
            solved: self.solved,
            hits: self.hits,
            table_entries: self.entries.len(),
            // capacity: slot = key + value + control byte
            table_bytes: self.entries.capacity() * (size_of::<(K, V)>() + 1),
            arena_games,
            arena_bytes,
        }
    }
}

/// The generic partizan solver: canonical forms of positions of `G` in its own [`Arena`]
/// (see the [module documentation](self)).
pub struct PartizanSolver<G: PartizanGame> {
    arena: Arena,
    table: Table<G, GameId>,
}

impl<G: PartizanGame> Default for PartizanSolver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: PartizanGame> PartizanSolver<G> {
    /// A solver with a fresh arena and the default limits.
    pub fn new() -> Self {
        Self::with_arena(Arena::new())
    }

    /// A solver that puts its games into `arena` (e.g. a process-wide one, so that values of
    /// different games add and compare).
    pub fn with_arena(arena: Arena) -> Self {
        PartizanSolver {
            arena,
            table: Table::new(),
        }
    }

    /// Sets the limits.
    pub fn with_limits(mut self, limits: SolverLimits) -> Self {
        self.table.limits = limits;
        self
    }

    /// Sets the most components the table may hold (see [`SolverLimits`]).
    pub fn set_max_table_entries(&mut self, entries: usize) {
        self.table.limits.max_table_entries = entries;
    }

    /// The arena the values live in.
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// The arena, mutably (for sums, comparisons, thermographs of the values).
    pub fn arena_mut(&mut self) -> &mut Arena {
        &mut self.arena
    }

    /// The arena, giving up the table.
    pub fn into_arena(self) -> Arena {
        self.arena
    }

    /// What the solver holds and did.
    pub fn usage(&self) -> SolverUsage {
        let f = self.arena.footprint();
        self.table
            .usage(f.games, f.node_bytes + f.option_bytes + f.memo_bytes)
    }

    /// Whether the table holds the value of the component `component` (under itself or its
    /// symmetry class): a caller that feeds the solver bottom-up skips what it knows.
    pub fn knows(&self, component: &G) -> bool {
        self.table.entries.contains_key(component)
            || self
                .table
                .entries
                .contains_key(&component.symmetric_key().key)
    }

    /// The canonical value of `position`: the sum of its components' values.
    ///
    /// Errors: [`GameError::Stopped`] when `stop` is raised, [`GameError::TooLarge`] past the
    /// table's limit or the arena's, [`GameError::Overflow`] on numbers beyond the arena's
    /// precision.
    pub fn canonical(&mut self, position: &G, stop: &StopFlag) -> Result<GameId, GameError> {
        let mut sum = self.arena.zero();
        for component in position.components() {
            let v = self.component(&component, stop)?;
            sum = self.arena.add(sum, v)?;
        }
        Ok(sum)
    }

    /// The canonical values of `player`'s options of `position`, in the order the game lists
    /// them.
    pub fn option_values(
        &mut self,
        position: &G,
        player: Player,
        stop: &StopFlag,
    ) -> Result<Vec<GameId>, GameError> {
        position
            .options(player)
            .iter()
            .map(|o| self.canonical(o, stop))
            .collect()
    }

    /// The value of one component, through the table: first under the component itself
    /// (one hash), then under its symmetry class's key; a component found through its key is
    /// entered under itself too, so that the next look-up skips the symmetries.
    fn component(&mut self, component: &G, stop: &StopFlag) -> Result<GameId, GameError> {
        self.table.poll(stop)?;
        if let Some(v) = self.table.get(component) {
            return Ok(v);
        }
        let Keyed { key, negated } = component.symmetric_key();
        let v = match self.table.get(&key) {
            Some(v) => v,
            None => {
                let left = self.option_values(&key, Player::Left, stop)?;
                let right = self.option_values(&key, Player::Right, stop)?;
                let v = self.arena.from_options(&left, &right)?;
                self.table.insert(key.clone(), v)?;
                self.table.solved += 1;
                v
            }
        };
        let v = if negated { self.arena.neg(v) } else { v };
        if key != *component {
            self.table.insert(component.clone(), v)?;
        }
        Ok(v)
    }
}

/// The generic impartial solver: Grundy values by mex, nim-sums over components, with a
/// transposition table over symmetry classes of components.
///
/// # Examples
/// ```
/// use onag::games::{cram::Cram, ImpartialSolver};
/// use onag::nimber::Nimber;
///
/// let mut solver = ImpartialSolver::new();
/// // Cram on 2×2 is a second-player win (each move leaves a 1×2 gap the opponent fills).
/// let g = solver.grundy(&"..|..".parse::<Cram>().unwrap(), &onag::StopFlag::new()).unwrap();
/// assert_eq!(g, Nimber(0));
/// ```
pub struct ImpartialSolver<G: ImpartialGame> {
    table: Table<G, Nimber>,
}

impl<G: ImpartialGame> Default for ImpartialSolver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: ImpartialGame> ImpartialSolver<G> {
    /// A solver with an empty table and the default limits.
    pub fn new() -> Self {
        ImpartialSolver {
            table: Table::new(),
        }
    }

    /// Sets the limits.
    pub fn with_limits(mut self, limits: SolverLimits) -> Self {
        self.table.limits = limits;
        self
    }

    /// Sets the most components the table may hold (see [`SolverLimits`]).
    pub fn set_max_table_entries(&mut self, entries: usize) {
        self.table.limits.max_table_entries = entries;
    }

    /// What the solver holds and did (no arena: the arena fields are 0).
    pub fn usage(&self) -> SolverUsage {
        self.table.usage(0, 0)
    }

    /// Whether the table holds the value of the component `component`'s symmetry class: a
    /// caller that feeds the solver bottom-up skips what it knows.
    pub fn knows(&self, component: &G) -> bool {
        self.table.entries.contains_key(&component.symmetric_key())
    }

    /// The Grundy value of `position`: the nim-sum of its components' values.
    ///
    /// Errors: [`GameError::Stopped`] when `stop` is raised, [`GameError::TooLarge`] past
    /// the table's limit.
    pub fn grundy(&mut self, position: &G, stop: &StopFlag) -> Result<Nimber, GameError> {
        let mut sum = Nimber(0);
        for component in position.components() {
            sum += self.component(&component, stop)?;
        }
        Ok(sum)
    }

    fn component(&mut self, component: &G, stop: &StopFlag) -> Result<Nimber, GameError> {
        self.table.poll(stop)?;
        let key = component.symmetric_key();
        if let Some(v) = self.table.get(&key) {
            return Ok(v);
        }
        let options = key.options();
        let after = options
            .iter()
            .map(|o| self.grundy(o, stop).map(|n| n.0))
            .collect::<Result<Vec<u64>, GameError>>()?;
        // values above the number of options cannot be the mex
        let n = options.len() as u64;
        let v = Nimber(crate::impartial::mex::mex(
            after.into_iter().filter(|&v| v <= n),
        ));
        self.table.insert(key, v)?;
        self.table.solved += 1;
        Ok(v)
    }
}
