//! Who wins: outcome search for any [`PartizanGame`], with what combinatorial game theory
//! knows about sums, and a fast specialised solver for Domineering rectangles
//! ([`domineering`]).
//!
//! The canonical form of a big position is out of reach long before its *outcome* is: the
//! outcome asks one bit per player ("does the player to move win?"), which a search answers by
//! proving one winning move and refuting every move of the opponent, without ever naming a
//! value. [`OutcomeSolver`] searches on a **sum of components**:
//!
//! - the position splits into independent components ([`PartizanGame::components`]), each
//!   reduced to its symmetry class ([`PartizanGame::symmetric_key`], a class whose symmetry
//!   swaps the players is kept with a sign);
//! - each **small** component — one whose canonical form the [`PartizanSolver`] finds within a
//!   work budget — is replaced by its exact canonical value, and the small values are added
//!   into one canonical game `S`; components whose value cannot be found within the budget are
//!   **big** and stay as positions;
//! - with no big component left the outcome is `S`'s outcome, exactly (a comparison with 0);
//! - otherwise the search moves in a big component (its option splits again, and its small
//!   parts join `S`) or in `S` itself (to a canonical option of `S`). Moving in the canonical
//!   form of `S` instead of in the small components is exact: a sum's outcome depends only on
//!   its summands' values (Conway, *On Numbers and Games*, ch. 7; Siegel, *Combinatorial Game
//!   Theory*, §II.1), so replacing a summand by an equal game never changes who wins. No
//!   shortcut adds a number or infinitesimal of `S` to the outcome of the big part: a number
//!   changes who wins only through the big part's *value*, which the search does not know.
//!
//! The search is the plain definition of the outcome classes (the player to move wins iff
//! some move leads to a position the opponent, moving first, loses; *Winning Ways* ch. 2),
//! with a bounded transposition table over (big components, `S`, player to move), an
//! enhanced transposition cut-off (a child already known lost for the opponent is tried
//! first), and [`StopFlag`] polls with progress reports every few thousand nodes.
//!
//! # Examples
//! ```
//! use onag::games::domineering::Domineering;
//! use onag::games::outcome::OutcomeSolver;
//! use onag::partizan::Outcome;
//!
//! let mut solver = OutcomeSolver::new();
//! let board: Domineering = "....|....|....|....".parse().unwrap(); // 4×4: first player wins
//! let report = solver.solve(&board, &onag::StopFlag::new()).unwrap();
//! assert_eq!(report.outcome, Outcome::N);
//! assert!(report.left_move.is_some() && report.right_move.is_some());
//! ```
pub mod clobber;
pub mod domineering;
mod frame;
pub mod konane;
pub mod named;
pub mod strong;
mod table;

use std::hash::Hash;

use super::solver::PartizanSolver;
use super::traits::{Keyed, PartizanGame};
use crate::partizan::game::{FxHashMap, GameError, GameId};
use crate::partizan::{Outcome, Player};
use crate::StopFlag;

/// How many nodes pass between two polls of the [`StopFlag`] (and two progress reports).
const POLL_EVERY: u64 = 1 << 12;

/// The bounds and knobs of an [`OutcomeSolver`].
///
/// # Examples
/// ```
/// use onag::games::outcome::OutcomeLimits;
/// let limits = OutcomeLimits { small_budget: 0, ..OutcomeLimits::default() }; // pure search
/// assert!(limits.max_table_entries > 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutcomeLimits {
    /// Most entries of the transposition table (two generations of half this size: when the
    /// young one is full the old one is dropped — the table never holds more).
    pub max_table_entries: usize,
    /// The work budget (new entries of the canonical-form solver's table) within which a
    /// component's canonical value must be found for the component to count as small; 0: no
    /// component is small, the search is plain.
    pub small_budget: usize,
    /// Most entries of the canonical-form solver's table before it is renewed (the values
    /// found stay in the arena).
    pub max_value_entries: usize,
}

impl Default for OutcomeLimits {
    /// 2^22 positions in the table, components of up to 2,000 solved classes are small,
    /// 2^21 entries for the values.
    fn default() -> Self {
        OutcomeLimits {
            max_table_entries: 1 << 22,
            small_budget: 2000,
            max_value_entries: 1 << 21,
        }
    }
}

/// Where a search is: reported to the progress callback every few thousand nodes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchProgress {
    /// Nodes (positions expanded) so far.
    pub nodes: u64,
    /// The depth (moves from the root) of the node being searched.
    pub depth: u32,
    /// The deepest node so far.
    pub max_depth: u32,
    /// Entries of the transposition table.
    pub table_entries: usize,
}

/// The figures of a solve of one board with one player first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FirstPlayerResult {
    /// Whether the player moving first wins.
    pub wins: bool,
    /// Nodes searched for this answer.
    pub nodes: u64,
}

/// Who wins a board, and what it took: the report of the fast solvers
/// ([`domineering::DomineeringSolver`], [`clobber::ClobberSolver`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FastOutcome {
    /// The outcome class.
    pub outcome: Outcome,
    /// Left moving first.
    pub left_first: FirstPlayerResult,
    /// Right moving first.
    pub right_first: FirstPlayerResult,
    /// A winning first move of Left, as the board's move labels name it, if she wins
    /// moving first.
    pub left_move: Option<String>,
    /// A winning first move of Right, if he wins moving first.
    pub right_move: Option<String>,
}

/// The framing of a fast solver's checkpoint: `magic`, two u32 of the board's size (little
/// endian), then entries of 20 bytes. Writes the header to `out`.
pub(crate) fn checkpoint_header(out: &mut Vec<u8>, magic: &[u8], size: (u32, u32)) {
    out.extend_from_slice(magic);
    out.extend_from_slice(&size.0.to_le_bytes());
    out.extend_from_slice(&size.1.to_le_bytes());
}

/// The entries of a checkpoint framed by [`checkpoint_header`], 20 bytes each, once its
/// header is `magic` and `size`.
///
/// Errors: [`GameError::Undefined`] naming `what` for a missing header, another size or a
/// truncated entry.
pub(crate) fn checkpoint_entries<'a>(
    bytes: &'a [u8],
    magic: &[u8],
    size: (u32, u32),
    what: &str,
) -> Result<std::slice::ChunksExact<'a, u8>, GameError> {
    let bad = |why: &str| GameError::Undefined(format!("not a {what} checkpoint: {why}"));
    let head = magic.len();
    if bytes.len() < head + 8 || &bytes[..head] != magic {
        return Err(bad("no header"));
    }
    let word = |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    if (word(head), word(head + 4)) != size {
        return Err(bad("another board size"));
    }
    let body = &bytes[head + 8..];
    if !body.len().is_multiple_of(20) {
        return Err(bad("truncated"));
    }
    Ok(body.chunks_exact(20))
}

/// The work a fast solver's table entry records in bits 8.. of its data: the bit length of
/// the nodes the answer took (so the replacement policy keeps the costlier answers).
pub(crate) fn work_log(work: u64) -> u32 {
    64 - work.leading_zeros()
}

/// The least node count whose [`work_log`] is that of the entry data `data`: what a
/// checkpoint's entry is stored back with.
pub(crate) fn work_from_data(data: u32) -> u64 {
    1u64 << ((data >> 8).min(63)).saturating_sub(1)
}

/// The fast solvers' polls of the stop flag and progress reports, every `every` nodes.
pub(crate) struct Poll {
    every: u64,
    next: u64,
    progress: SearchProgress,
    hook: Option<ProgressHook>,
}

impl Poll {
    pub(crate) fn new(every: u64) -> Poll {
        Poll {
            every,
            next: every,
            progress: SearchProgress::default(),
            hook: None,
        }
    }

    pub(crate) fn set_hook(&mut self, hook: ProgressHook) {
        self.hook = Some(hook);
    }

    /// Restarts the count: the next poll comes `every` nodes after `nodes`.
    pub(crate) fn restart(&mut self, nodes: u64) {
        self.next = nodes.saturating_add(self.every);
    }

    /// Notes a node at `depth`; once the count passes the next poll (a parent's check of
    /// its children counts nodes too, so it may step over one), reports the progress and
    /// returns whether `stop` is raised. `None` between polls.
    pub(crate) fn node(&mut self, nodes: u64, depth: u32, stop: &StopFlag) -> Option<bool> {
        self.progress.max_depth = self.progress.max_depth.max(depth);
        if nodes < self.next {
            return None;
        }
        self.next = (nodes / self.every + 1) * self.every;
        self.progress.nodes = nodes;
        self.progress.depth = depth;
        let p = self.progress;
        if let Some(hook) = self.hook.as_mut() {
            hook(&p);
        }
        Some(stop.check().is_err())
    }
}

impl FastOutcome {
    /// The report of two searches, Left first then Right first: their results and winning
    /// moves.
    pub(crate) fn new(firsts: Vec<FirstPlayerResult>, moves: Vec<Option<String>>) -> FastOutcome {
        let (l, r) = (firsts[0], firsts[1]);
        let mut moves = moves.into_iter();
        let left_move = moves.next().flatten();
        FastOutcome {
            outcome: Outcome::from_first_player_wins(l.wins, r.wins),
            left_first: l,
            right_first: r,
            left_move,
            right_move: moves.next().flatten(),
        }
    }
}

/// Who wins a position, with a winning move for each player who wins moving first.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OutcomeReport {
    /// The outcome class: L, R, P (second player wins) or N (first player wins).
    pub outcome: Outcome,
    /// Whether Left wins moving first.
    pub left_first_wins: bool,
    /// Whether Right wins moving first.
    pub right_first_wins: bool,
    /// A winning move for Left moving first (the game's label of the move), if she wins.
    pub left_move: Option<String>,
    /// The position after `left_move`, in the game's notation.
    pub left_after: Option<String>,
    /// A winning move for Right moving first, if he wins.
    pub right_move: Option<String>,
    /// The position after `right_move`.
    pub right_after: Option<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Components replaced by their canonical values (distinct classes).
    pub small_components: usize,
    /// Entries of the transposition table at the end.
    pub table_entries: usize,
}

/// A sum being searched: the big components (symmetry keys with a sign: `true` when the
/// component is worth minus its key), sorted, and the canonical sum of the small ones.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Sum<G> {
    big: Vec<(G, bool)>,
    small: GameId,
}

/// A transposition table of two generations: a look-up reads both, an entry goes into the
/// young one, and when the young one is full it becomes the old one (the old is dropped).
struct TwoGenerations<K, V> {
    young: FxHashMap<K, V>,
    old: FxHashMap<K, V>,
    half: usize,
}

impl<K: Hash + Eq, V: Copy> TwoGenerations<K, V> {
    fn new(max_entries: usize) -> Self {
        TwoGenerations {
            young: FxHashMap::default(),
            old: FxHashMap::default(),
            half: (max_entries / 2).max(1),
        }
    }

    fn get(&self, k: &K) -> Option<V> {
        self.young.get(k).or_else(|| self.old.get(k)).copied()
    }

    fn insert(&mut self, k: K, v: V) {
        if self.young.len() >= self.half {
            self.old = std::mem::take(&mut self.young);
        }
        self.young.insert(k, v);
    }

    fn len(&self) -> usize {
        self.young.len() + self.old.len()
    }
}

/// Puts the big components of a sum in one order, so that the same multiset is one key: by
/// a fixed hash (a game need not be `Ord`); two different components with equal hashes may
/// come in either order, which costs a table miss, never a wrong answer.
fn sort_components<G: Hash>(big: &mut [(G, bool)]) {
    use std::hash::{BuildHasher, BuildHasherDefault};
    let h = BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default();
    big.sort_by_cached_key(|c| h.hash_one(c));
}

/// The progress callback.
type ProgressHook = Box<dyn FnMut(&SearchProgress)>;

/// The outcome solver for positions of `G` (see the [module documentation](self)).
pub struct OutcomeSolver<G: PartizanGame> {
    values: PartizanSolver<G>,
    /// Canonical values of small component classes; `None`: big (past the budget).
    small: FxHashMap<G, Option<GameId>>,
    table: TwoGenerations<(Sum<G>, Player), bool>,
    limits: OutcomeLimits,
    progress: SearchProgress,
    hook: Option<ProgressHook>,
    /// Components with more moves than this (both players') are big without an attempt at
    /// their value ([`strong`] sets it; the outcome search learns it, see `small_value`).
    max_small_moves: usize,
    /// The fewest moves (both players') of a component whose value the budget did not reach.
    failed_moves: usize,
}

impl<G: PartizanGame> Default for OutcomeSolver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: PartizanGame> OutcomeSolver<G> {
    /// A solver with the default limits.
    pub fn new() -> Self {
        Self::with_limits(OutcomeLimits::default())
    }

    /// A solver with the given limits.
    pub fn with_limits(limits: OutcomeLimits) -> Self {
        OutcomeSolver {
            values: PartizanSolver::new(),
            small: FxHashMap::default(),
            table: TwoGenerations::new(limits.max_table_entries),
            limits,
            progress: SearchProgress::default(),
            hook: None,
            max_small_moves: usize::MAX,
            failed_moves: usize::MAX,
        }
    }

    /// Calls `hook` with the search's progress every few thousand nodes (on the searching
    /// thread: it should be cheap).
    pub fn on_progress(mut self, hook: impl FnMut(&SearchProgress) + 'static) -> Self {
        self.hook = Some(Box::new(hook));
        self
    }

    /// The progress so far (nodes, depths, table entries).
    pub fn progress(&self) -> SearchProgress {
        SearchProgress {
            table_entries: self.table.len(),
            ..self.progress
        }
    }

    /// Whether `player`, moving first in `position`, wins with perfect play.
    ///
    /// Errors: [`GameError::Stopped`] once `stop` is raised; the errors of the arena's sums
    /// ([`GameError::TooLarge`], [`GameError::Overflow`]).
    pub fn wins_moving_first(
        &mut self,
        position: &G,
        player: Player,
        stop: &StopFlag,
    ) -> Result<bool, GameError> {
        let sum = self.sum_of(position.components(), false, stop)?;
        self.wins(&sum, player, 0, stop)
    }

    /// A winning move of `player` moving first in `position` (an option of `position`), or
    /// `None` when `player` loses moving first.
    pub fn winning_move(
        &mut self,
        position: &G,
        player: Player,
        stop: &StopFlag,
    ) -> Result<Option<G>, GameError> {
        if !self.wins_moving_first(position, player, stop)? {
            return Ok(None);
        }
        for option in position.options(player) {
            if !self.wins_moving_first(&option, player.opposite(), stop)? {
                return Ok(Some(option));
            }
        }
        // cannot happen: a player who wins moving first has a move to a lost position.
        Err(GameError::Undefined(
            "the search found a win without a winning move".into(),
        ))
    }

    /// Who wins `position`, with a winning move for each player who wins moving first.
    ///
    /// Errors: as [`OutcomeSolver::wins_moving_first`].
    pub fn solve(&mut self, position: &G, stop: &StopFlag) -> Result<OutcomeReport, GameError> {
        let left = self.winning_move(position, Player::Left, stop)?;
        let right = self.winning_move(position, Player::Right, stop)?;
        let label = |p: Player, m: &Option<G>| m.as_ref().map(|a| position.move_label(p, a));
        Ok(OutcomeReport {
            outcome: Outcome::from_first_player_wins(left.is_some(), right.is_some()),
            left_first_wins: left.is_some(),
            right_first_wins: right.is_some(),
            left_move: label(Player::Left, &left),
            left_after: left.as_ref().map(|g| g.to_string()),
            right_move: label(Player::Right, &right),
            right_after: right.as_ref().map(|g| g.to_string()),
            nodes: self.progress.nodes,
            small_components: self.small.values().filter(|v| v.is_some()).count(),
            table_entries: self.table.len(),
        })
    }

    /// The canonical value of a component class, if it is found within the budget.
    fn small_value(&mut self, key: &G, stop: &StopFlag) -> Result<Option<GameId>, GameError> {
        if self.limits.small_budget == 0 {
            return Ok(None);
        }
        if let Some(&v) = self.small.get(key) {
            return Ok(v);
        }
        // A failed attempt costs the whole budget, and on a board that stays one region
        // (Konane: stones jump into the empty cells, so the empty cells join everything) every
        // node would pay it (a 6×6 Konane opening ran at 32 nodes/s; with no attempts the
        // search makes about 135,000 a second). So a component with at least as many moves as
        // one that failed is taken as big without an attempt. Only which components get values
        // changes, never an answer: big components are searched. The moves are counted only
        // once there is a bound to compare them with, or a failure to remember.
        let count = |key: &G| key.options(Player::Left).len() + key.options(Player::Right).len();
        let bounded = self.max_small_moves < usize::MAX || self.failed_moves < usize::MAX;
        let moves = bounded.then(|| count(key));
        if moves.is_some_and(|m| m > self.max_small_moves || m >= self.failed_moves) {
            if self.small.len() >= self.limits.max_table_entries {
                self.small.clear();
            }
            self.small.insert(key.clone(), None);
            return Ok(None);
        }
        if self.values.usage().table_entries >= self.limits.max_value_entries {
            // renew the table, keep the arena: the values already found stay valid
            let arena = std::mem::take(&mut self.values).into_arena();
            self.values = PartizanSolver::with_arena(arena);
            self.small.clear();
        }
        let used = self.values.usage().table_entries;
        self.values
            .set_max_table_entries(used.saturating_add(self.limits.small_budget));
        let v = match self.values.canonical(key, stop) {
            Ok(v) => Some(v),
            Err(GameError::TooLarge(_) | GameError::Overflow) => {
                let moves = moves.unwrap_or_else(|| count(key));
                self.failed_moves = self.failed_moves.min(moves);
                None
            }
            Err(e) => return Err(e),
        };
        if self.small.len() >= self.limits.max_table_entries {
            self.small.clear();
        }
        self.small.insert(key.clone(), v);
        Ok(v)
    }

    /// The sum of `components` (each worth minus itself when `negated`), big components
    /// kept as signed keys, small ones added into one canonical value.
    fn sum_of(
        &mut self,
        components: Vec<G>,
        negated: bool,
        stop: &StopFlag,
    ) -> Result<Sum<G>, GameError> {
        let mut sum = Sum {
            big: Vec::with_capacity(components.len()),
            small: self.values.arena().zero(),
        };
        self.add_components(&mut sum, components, negated, stop)?;
        sort_components(&mut sum.big);
        Ok(sum)
    }

    fn add_components(
        &mut self,
        sum: &mut Sum<G>,
        components: Vec<G>,
        negated: bool,
        stop: &StopFlag,
    ) -> Result<(), GameError> {
        for c in components {
            let Keyed { key, negated: n } = c.symmetric_key();
            let sign = n ^ negated;
            match self.small_value(&key, stop)? {
                Some(v) => {
                    let arena = self.values.arena_mut();
                    let v = if sign { arena.neg(v) } else { v };
                    sum.small = arena.add(sum.small, v)?;
                }
                None => sum.big.push((key, sign)),
            }
        }
        Ok(())
    }

    /// The sums `player` can move to from `sum`: moves in each big component, then moves in
    /// the small part's canonical form.
    fn children(
        &mut self,
        sum: &Sum<G>,
        player: Player,
        stop: &StopFlag,
    ) -> Result<Vec<Sum<G>>, GameError> {
        let mut out = Vec::new();
        for (i, (key, sign)) in sum.big.iter().enumerate() {
            // in −K, Left's moves are Right's moves of K, negated
            let mover = if *sign { player.opposite() } else { player };
            for option in key.options(mover) {
                let mut child = Sum {
                    big: sum
                        .big
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, c)| c.clone())
                        .collect(),
                    small: sum.small,
                };
                self.add_components(&mut child, option.components(), *sign, stop)?;
                sort_components(&mut child.big);
                out.push(child);
            }
        }
        let small_options = self.values.arena().options(sum.small, player).to_vec();
        for s in small_options {
            out.push(Sum {
                big: sum.big.clone(),
                small: s,
            });
        }
        Ok(out)
    }

    /// Whether `player`, moving first in the canonical game `small`, wins.
    fn small_part_wins(&mut self, small: GameId, player: Player) -> bool {
        let o = self.values.arena_mut().outcome(small);
        match player {
            Player::Left => matches!(o, Outcome::L | Outcome::N),
            Player::Right => matches!(o, Outcome::R | Outcome::N),
        }
    }

    /// Whether `player`, moving first in `sum`, wins.
    fn wins(
        &mut self,
        sum: &Sum<G>,
        player: Player,
        depth: u32,
        stop: &StopFlag,
    ) -> Result<bool, GameError> {
        if sum.big.is_empty() {
            // every component is small: the value decides, exactly
            let o = self.values.arena_mut().outcome(sum.small);
            return Ok(match player {
                Player::Left => matches!(o, Outcome::L | Outcome::N),
                Player::Right => matches!(o, Outcome::R | Outcome::N),
            });
        }
        let key = (sum.clone(), player);
        if let Some(w) = self.table.get(&key) {
            return Ok(w);
        }
        self.count_node(depth, stop)?;
        let children = self.children(sum, player, stop)?;
        let opponent = player.opposite();
        // enhanced transposition cut-off: a child already known lost for the opponent wins
        let known_win = children
            .iter()
            .any(|c| self.table.get(&(c.clone(), opponent)) == Some(false));
        let mut wins = known_win;
        if !wins {
            for child in &children {
                if !self.wins(child, opponent, depth + 1, stop)? {
                    wins = true;
                    break;
                }
            }
        }
        self.table.insert(key, wins);
        Ok(wins)
    }

    fn count_node(&mut self, depth: u32, stop: &StopFlag) -> Result<(), GameError> {
        let p = &mut self.progress;
        p.nodes += 1;
        p.depth = depth;
        p.max_depth = p.max_depth.max(depth);
        if p.nodes.is_multiple_of(POLL_EVERY) {
            stop.check()?;
            let report = self.progress();
            if let Some(hook) = self.hook.as_mut() {
                hook(&report);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
