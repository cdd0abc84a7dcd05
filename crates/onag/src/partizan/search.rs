//! Value-free search: outcomes by plain win/loss recursion, without canonical forms or ≤.
//!
//! This is the independent witness for the canonical-form engine. Under normal play a player
//! who moves first wins iff some move leads to a position the opponent, moving first, loses
//! (the definition of the outcome classes, Winning Ways ch. 2; Siegel, *Combinatorial Game
//! Theory*, §I.1). Two games are equal iff their difference is a second-player win
//! (Conway, *On Numbers and Games*, ch. 1), which gives [`equal_by_search`]: an equality proved
//! by exploring the game tree only, never by comparing values.
//!
//! The recursion runs on an explicit stack so deep games (long Toads-and-Frogs boards) cannot
//! overflow the thread's stack, and every result is memoised per (position, player to move).

use std::hash::Hash;

use super::game::{Arena, FxHashMap, GameId};
use super::{Outcome, Player};
use crate::{StopFlag, Stopped};

/// A position of a short partizan game, known only through its moves.
///
/// Positions must be finite and loop-free (every sequence of moves ends), as for every short
/// game; equal positions (`Eq` + `Hash`) share one memo entry.
pub trait Position: Clone + Eq + Hash {
    /// The positions `player` can move to.
    fn options(&self, player: Player) -> Vec<Self>;
}

/// A memo of "the player to move wins" for positions of type `P`, reusable across searches
/// (Toads-and-Frogs verification asks about millions of related boards).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::Board;
/// use onag::partizan::search::Searcher;
/// use onag::partizan::Outcome;
///
/// let mut searcher: Searcher<Board> = Searcher::new();
/// for (text, outcome) in [("T.F", Outcome::N), ("T..F", Outcome::P), ("TT..F", Outcome::L)] {
///     assert_eq!(searcher.outcome(&text.parse().unwrap()), outcome);
/// }
/// assert!(searcher.len() > 0); // the memo is kept for the next search
/// ```
pub struct Searcher<P: Position> {
    memo: FxHashMap<(P, Player), bool>,
}

impl<P: Position> Default for Searcher<P> {
    fn default() -> Self {
        Self::new()
    }
}

/// How often (in expanded positions) the search polls its [`StopFlag`].
const POLL_EVERY: u32 = 1 << 12;

struct Frame<P> {
    key: (P, Player),
    options: Vec<P>,
    next: usize,
}

impl<P: Position> Searcher<P> {
    /// An empty memo.
    pub fn new() -> Self {
        Searcher {
            memo: FxHashMap::default(),
        }
    }

    /// Number of (position, player) pairs solved so far.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether nothing has been solved yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// Whether `player`, moving first in `pos`, wins with perfect play.
    pub fn wins_moving_first(&mut self, pos: &P, player: Player) -> bool {
        match self.wins_with_stop(pos, player, &StopFlag::new()) {
            Ok(wins) => wins,
            // cannot fail: a fresh flag is never raised.
            Err(Stopped) => unreachable!("a fresh StopFlag was raised"),
        }
    }

    /// [`Searcher::wins_moving_first`], polling `stop` and giving up with [`Stopped`] once it
    /// is raised (the memo keeps every position solved so far).
    pub fn wins_with_stop(
        &mut self,
        pos: &P,
        player: Player,
        stop: &StopFlag,
    ) -> Result<bool, Stopped> {
        let root = (pos.clone(), player);
        if let Some(&wins) = self.memo.get(&root) {
            return Ok(wins);
        }
        let mut stack = vec![Frame {
            options: pos.options(player),
            key: root,
            next: 0,
        }];
        let mut polls = 0u32;
        // `finished` carries the result of the frame just popped to its parent.
        let mut finished: Option<bool> = None;
        loop {
            if let Some(child_wins) = finished.take() {
                let Some(top) = stack.last_mut() else {
                    return Ok(child_wins);
                };
                if !child_wins {
                    // A move to a position the opponent loses: the mover wins.
                    if let Some(frame) = stack.pop() {
                        self.memo.insert(frame.key, true);
                    }
                    finished = Some(true);
                    continue;
                }
                top.next += 1;
            }
            polls = polls.wrapping_add(1);
            if polls.is_multiple_of(POLL_EVERY) {
                stop.check()?;
            }
            let Some(top) = stack.last_mut() else {
                // cannot happen: an empty stack always carries a finished result.
                return Ok(false);
            };
            if top.next == top.options.len() {
                // Every move loses (or there is none): the mover loses.
                if let Some(frame) = stack.pop() {
                    self.memo.insert(frame.key, false);
                }
                finished = Some(false);
                continue;
            }
            let mover = top.key.1;
            let child = (top.options[top.next].clone(), mover.opposite());
            match self.memo.get(&child) {
                Some(&child_wins) => finished = Some(child_wins),
                None => {
                    let options = child.0.options(child.1);
                    stack.push(Frame {
                        key: child,
                        options,
                        next: 0,
                    });
                }
            }
        }
    }

    /// The outcome class of `pos` (both players tried first).
    pub fn outcome(&mut self, pos: &P) -> Outcome {
        let left = self.wins_moving_first(pos, Player::Left);
        let right = self.wins_moving_first(pos, Player::Right);
        Outcome::from_first_player_wins(left, right)
    }

    /// [`Searcher::outcome`] polling `stop`.
    pub fn outcome_with_stop(&mut self, pos: &P, stop: &StopFlag) -> Result<Outcome, Stopped> {
        let left = self.wins_with_stop(pos, Player::Left, stop)?;
        let right = self.wins_with_stop(pos, Player::Right, stop)?;
        Ok(Outcome::from_first_player_wins(left, right))
    }
}

/// The outcome class of `pos` by memoised win/loss recursion, with no use of values.
///
/// # Examples
/// ```
/// use onag::partizan::search::{outcome_by_search, Position};
/// use onag::partizan::{Outcome, Player};
///
/// /// A heap of n counters where either player removes one or two: impartial, so P or N.
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// struct Heap(u32);
/// impl Position for Heap {
///     fn options(&self, _: Player) -> Vec<Heap> {
///         (1..=2).filter(|&k| k <= self.0).map(|k| Heap(self.0 - k)).collect()
///     }
/// }
/// assert_eq!(outcome_by_search(&Heap(9)), Outcome::P);
/// assert_eq!(outcome_by_search(&Heap(10)), Outcome::N);
/// ```
pub fn outcome_by_search<P: Position>(pos: &P) -> Outcome {
    Searcher::new().outcome(pos)
}

/// Whether `a = b` as games, decided by searching `a − b` only: equal iff the difference is a
/// second-player win (Conway, ONAG ch. 1). No comparison of values is used.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::Board;
/// use onag::partizan::game::Arena;
/// use onag::partizan::parse::parse;
/// use onag::partizan::search::{equal_by_search, ArenaPosition};
///
/// let mut arena = Arena::new();
/// let star = parse(&mut arena, "*").unwrap();
/// let board: Board = "T.F".parse().unwrap();
/// assert!(equal_by_search(&board, &ArenaPosition::new(&arena, star)));
/// let zero: Board = "T..F".parse().unwrap();
/// assert!(!equal_by_search(&board, &zero));
/// ```
pub fn equal_by_search<A: Position, B: Position>(a: &A, b: &B) -> bool {
    outcome_by_search(&difference(a.clone(), b.clone())) == Outcome::P
}

/// Whether two positions are equal, proved by search (`onag toads equals --json`).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::Board;
/// use onag::partizan::search::{equal_by_search, EqualsReport};
///
/// let (a, b): (Board, Board) = ("T.F".parse().unwrap(), "F.T".parse().unwrap());
/// let r = EqualsReport { equal: equal_by_search(&a, &b) };
/// assert!(!r.equal); // * and −* are equal, but T.F = * and F.T = 0
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EqualsReport {
    /// Whether the second player wins the difference whoever starts.
    pub equal: bool,
}

/// [`equal_by_search`] polling `stop`.
pub fn equal_by_search_with_stop<A: Position, B: Position>(
    a: &A,
    b: &B,
    stop: &StopFlag,
) -> Result<bool, Stopped> {
    let diff = difference(a.clone(), b.clone());
    Ok(Searcher::new().outcome_with_stop(&diff, stop)? == Outcome::P)
}

/// `a − b` as a position: the disjunctive sum of `a` and the negation of `b`.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::Board;
/// use onag::partizan::search::{difference, outcome_by_search};
/// use onag::partizan::Outcome;
///
/// let a: Board = "TT..F".parse().unwrap(); // 1
/// let b: Board = "T..F".parse().unwrap(); // 0
/// assert_eq!(outcome_by_search(&difference(a, b)), Outcome::L); // 1 − 0 > 0
/// ```
pub fn difference<A: Position, B: Position>(a: A, b: B) -> Sum<A, Neg<B>> {
    Sum(a, Neg(b))
}

/// The disjunctive sum of two positions: a move is a move in exactly one component.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sum<A, B>(pub A, pub B);

impl<A: Position, B: Position> Position for Sum<A, B> {
    fn options(&self, player: Player) -> Vec<Self> {
        let mut out: Vec<Self> = self
            .0
            .options(player)
            .into_iter()
            .map(|a| Sum(a, self.1.clone()))
            .collect();
        out.extend(
            self.1
                .options(player)
                .into_iter()
                .map(|b| Sum(self.0.clone(), b)),
        );
        out
    }
}

/// The negation of a position: the players' roles are swapped.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Neg<A>(pub A);

impl<A: Position> Position for Neg<A> {
    fn options(&self, player: Player) -> Vec<Self> {
        self.0
            .options(player.opposite())
            .into_iter()
            .map(Neg)
            .collect()
    }
}

/// A finite sum of positions of one type (a Toads-and-Frogs board's independent parts).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SumOf<P>(pub Vec<P>);

impl<P: Position> Position for SumOf<P> {
    fn options(&self, player: Player) -> Vec<Self> {
        let mut out = Vec::new();
        for (i, part) in self.0.iter().enumerate() {
            for option in part.options(player) {
                let mut parts = self.0.clone();
                parts[i] = option;
                out.push(SumOf(parts));
            }
        }
        out
    }
}

/// A game of an [`Arena`] seen as a position: its moves are its canonical options.
///
/// Searching canonical forms is still value-free: only the option lists are used, so the
/// search checks the arena's ≤ and outcome independently.
#[derive(Clone, Copy, Debug)]
pub struct ArenaPosition<'a> {
    /// The arena holding the game.
    pub arena: &'a Arena,
    /// The game.
    pub id: GameId,
}

impl<'a> ArenaPosition<'a> {
    /// The position of game `id` in `arena`.
    pub fn new(arena: &'a Arena, id: GameId) -> Self {
        ArenaPosition { arena, id }
    }
}

impl PartialEq for ArenaPosition<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id && std::ptr::eq(self.arena, other.arena)
    }
}

impl Eq for ArenaPosition<'_> {}

impl Hash for ArenaPosition<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl Position for ArenaPosition<'_> {
    fn options(&self, player: Player) -> Vec<Self> {
        self.arena
            .options(self.id, player)
            .iter()
            .map(|&id| ArenaPosition::new(self.arena, id))
            .collect()
    }
}
