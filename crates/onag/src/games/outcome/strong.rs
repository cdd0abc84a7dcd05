//! A strong computer player for positions too big for canonical forms: iterative-deepening
//! alpha-beta (negamax) over the [`OutcomeSolver`]'s sums, with its knowledge.
//!
//! Each node is a sum of big components and one canonical value of the small ones, as in the
//! outcome search (see the [parent module](super)): a node whose components are all small
//! is decided exactly by its value's outcome, and a node the outcome table already knows is
//! decided by it. Every other leaf at the depth limit gets a heuristic score: the
//! **mobility** difference (moves Left has minus moves Right has in the big components), plus
//! the small part's stops (the mean of its left and right stops, in moves). Scores lie
//! strictly between a loss and a win, so a root score that is a win or a loss is a *proof*:
//! alpha-beta over a tree whose leaves are exact where they say "win" or "loss" is the
//! minimax of those leaves (Knuth and Moore, "An analysis of alpha-beta pruning", Artificial
//! Intelligence 6, 1975), and a win or loss found by fail-soft bounds is exact because
//! nothing lies beyond it.
//!
//! The search deepens one move at a time (iterative deepening with a transposition table and
//! the previous iteration's best move first: Slate and Atkin, "CHESS 4.5", in *Chess Skill in
//! Man and Machine*, 1977) until the position is proven, the depth limit is reached or the
//! [`StopFlag`] is raised. The library reads no clock: a caller with a time budget raises
//! the flag when the time is spent, and [`StrongChooser::choose`] then answers with the
//! deepest completed iteration's move (or a move proven winning in the unfinished one).
//!
//! # Examples
//! ```
//! use onag::games::domineering::Domineering;
//! use onag::games::outcome::strong::{StrongChooser, StrongOptions};
//! use onag::partizan::Player;
//!
//! let mut chooser = StrongChooser::new(StrongOptions::default());
//! let board: Domineering = "....|....|....|....".parse().unwrap(); // 4×4: first player wins
//! let m = chooser.choose(&board, Player::Left, &onag::StopFlag::new()).unwrap().unwrap();
//! assert_eq!(m.mover_wins, Some(true)); // proven: the move wins for Left
//! assert!(board.options(Player::Left).contains(&m.after));
//! # use onag::games::PartizanGame;
//! ```

use super::{OutcomeLimits, OutcomeSolver, SearchProgress, Sum, TwoGenerations};
use crate::games::traits::PartizanGame;
use crate::partizan::game::{FxHashMap, GameError};
use crate::partizan::Player;
use crate::StopFlag;

/// The score of a proven win for the player to move (a loss is its negation); heuristic
/// scores lie strictly between.
pub(crate) const WIN: i32 = 1 << 28;
/// Above every score.
const INF: i32 = WIN + 1;
/// The heuristic's bound, below a win.
const MAX_HEURISTIC: i32 = WIN - 1;

/// The default weight of a safe move in the heuristic (a move of mobility weighs 4).
pub const SAFE_WEIGHT: i32 = 8;

/// The bounds of a [`StrongChooser`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrongOptions {
    /// The deepest iteration (moves from the root).
    pub max_depth: u32,
    /// The outcome solver's bounds: its tables, and the work within which a component's
    /// canonical value must be found for it to count as small.
    pub limits: OutcomeLimits,
    /// Components with more moves than this (both players' together) are big without trying
    /// their canonical value (the attempt would fail, and costs work at every new component).
    pub max_small_moves: usize,
    /// Most entries of the alpha-beta table (two generations, as the outcome table).
    pub max_table_entries: usize,
    /// The heuristic's weight of a safe move ([`PartizanGame::safe_moves`]), where a move of
    /// mobility weighs 4.
    pub safe_weight: i32,
}

impl Default for StrongOptions {
    /// Depth up to 64; tables of 2^20 entries; a component is tried as small within 256
    /// table entries of the canonical-form solver when it has at most 24 moves.
    fn default() -> Self {
        StrongOptions {
            max_depth: 64,
            limits: OutcomeLimits {
                max_table_entries: 1 << 20,
                small_budget: 256,
                max_value_entries: 1 << 20,
            },
            max_small_moves: 24,
            max_table_entries: 1 << 20,
            safe_weight: SAFE_WEIGHT,
        }
    }
}

/// The chooser's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrongMove<G> {
    /// Index of the move in `position.options(player)`.
    pub index: usize,
    /// The position after the move.
    pub after: G,
    /// `Some(true)`: proven, the mover wins with perfect play (and this move wins);
    /// `Some(false)`: proven, the mover loses against perfect play; `None`: not proven, the
    /// move is the search's best by the heuristic.
    pub mover_wins: Option<bool>,
    /// For each move of `position.options(player)`: `Some(true)` proven winning,
    /// `Some(false)` proven losing, `None` unknown.
    pub winning: Vec<Option<bool>>,
    /// The deepest completed iteration (0: not even one move deep).
    pub depth: u32,
    /// The score from the mover's side (a heuristic unless proven).
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// What the alpha-beta table keeps of a node.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The depth it was searched to (`u32::MAX` for a proven win or loss).
    depth: u32,
    value: i32,
    bound: Bound,
    /// The best child's index, tried first next time.
    best: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// The strong move chooser for positions of `G` (see the [module documentation](self)).
pub struct StrongChooser<G: PartizanGame> {
    solver: OutcomeSolver<G>,
    table: TwoGenerations<(Sum<G>, Player), Entry>,
    /// Each big component's heuristic counts, Left's and Right's: 4 a move plus the safe
    /// moves' weight.
    mobility: FxHashMap<G, (i32, i32)>,
    options: StrongOptions,
    /// Calls of the search (interior nodes and leaves): the flag is polled by this count,
    /// since one node of a big board generates many positions.
    work: u64,
}

/// How many calls of the search pass between two polls of the flag (and progress reports).
const TICK_EVERY: u64 = 32;

impl<G: PartizanGame> StrongChooser<G> {
    /// A chooser within `options`.
    pub fn new(options: StrongOptions) -> Self {
        let mut solver = OutcomeSolver::with_limits(options.limits);
        solver.max_small_moves = options.max_small_moves;
        StrongChooser {
            solver,
            table: TwoGenerations::new(options.max_table_entries),
            mobility: FxHashMap::default(),
            options,
            work: 0,
        }
    }

    /// Calls `hook` with the search's progress every few thousand nodes (a caller with a
    /// clock raises the [`StopFlag`] from here when its time is spent).
    pub fn on_progress(mut self, hook: impl FnMut(&SearchProgress) + 'static) -> Self {
        self.solver = self.solver.on_progress(hook);
        self
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.solver.progress.nodes
    }

    /// The move `player` makes in `position`, or `None` when `player` has no move. Searches
    /// until the position is proven, the depth limit is reached or `stop` is raised; a
    /// raised flag is not an error: the answer is then the deepest completed iteration's.
    ///
    /// Errors: the arena's bounds ([`GameError::TooLarge`], [`GameError::Overflow`]).
    pub fn choose(
        &mut self,
        position: &G,
        player: Player,
        stop: &StopFlag,
    ) -> Result<Option<StrongMove<G>>, GameError> {
        let options = position.options(player);
        if options.is_empty() {
            return Ok(None);
        }
        let opponent = player.opposite();
        let mut winning: Vec<Option<bool>> = vec![None; options.len()];
        // the best so far: (index, score, depth)
        let mut best = (0usize, -INF, 0u32);
        let mut children = Vec::with_capacity(options.len());
        for o in &options {
            match self.solver.sum_of(o.components(), false, stop) {
                Ok(s) => children.push(s),
                Err(GameError::Stopped) => {
                    return Ok(Some(self.answer(&options, 0, -INF, 0, winning)))
                }
                Err(e) => return Err(e),
            }
        }
        // the order to try the moves: the previous iteration's scores, best first
        let mut order: Vec<usize> = (0..options.len()).collect();
        let mut scores = vec![0i32; options.len()];
        'deepen: for depth in 1..=self.options.max_depth {
            let mut alpha = -INF;
            let mut iteration_best = order[0];
            for &i in &order {
                if winning[i] == Some(false) && alpha > -WIN {
                    continue; // proven losing: never better than a move already scored
                }
                let v = match self.negamax(&children[i], opponent, depth - 1, 1, -INF, -alpha, stop)
                {
                    Ok(v) => -v,
                    Err(GameError::Stopped) => break 'deepen,
                    Err(e) => return Err(e),
                };
                scores[i] = v;
                if v >= WIN {
                    winning[i] = Some(true);
                } else if v <= -WIN {
                    winning[i] = Some(false);
                }
                if v > alpha {
                    alpha = v;
                    iteration_best = i;
                }
                if v >= WIN {
                    best = (i, v, depth);
                    break 'deepen; // proven win
                }
            }
            best = (iteration_best, alpha, depth);
            if winning.iter().all(|w| *w == Some(false)) {
                break; // proven loss
            }
            order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
        }
        if let Some(i) = winning.iter().position(|w| *w == Some(true)) {
            // a win proven in an unfinished iteration beats a heuristic choice
            best = (i, WIN, best.2);
        }
        let (index, score, depth) = best;
        Ok(Some(self.answer(&options, index, score, depth, winning)))
    }

    fn answer(
        &self,
        options: &[G],
        index: usize,
        score: i32,
        depth: u32,
        winning: Vec<Option<bool>>,
    ) -> StrongMove<G> {
        let mover_wins = if score >= WIN || winning.contains(&Some(true)) {
            Some(true)
        } else if winning.iter().all(|w| *w == Some(false)) {
            Some(false)
        } else {
            None
        };
        StrongMove {
            index,
            after: options[index].clone(),
            mover_wins,
            winning,
            depth,
            score: score.clamp(-WIN, WIN),
            nodes: self.nodes(),
        }
    }

    /// Counts one call of the search; every [`TICK_EVERY`] calls polls `stop` and reports
    /// the progress.
    fn tick(&mut self, stop: &StopFlag) -> Result<(), GameError> {
        self.work += 1;
        if self.work.is_multiple_of(TICK_EVERY) {
            stop.check()?;
            let report = self.solver.progress();
            if let Some(hook) = self.solver.hook.as_mut() {
                hook(&report);
            }
        }
        Ok(())
    }

    /// The heuristic score of `sum` for `player` to move: the mobility difference in the big
    /// components (4 per move), their safe moves' difference (`safe_weight` each: moves the
    /// opponent cannot take away count more than moves it can), plus the small part's stops
    /// (2 per move of its mean stop).
    fn evaluate(&mut self, sum: &Sum<G>, player: Player) -> i32 {
        let mut left = 0i32;
        let mut right = 0i32;
        for (key, negated) in &sum.big {
            let (l, r) = match self.mobility.get(key) {
                Some(&m) => m,
                None => {
                    let weight = |p: Player| {
                        4 * key.options(p).len() as i32
                            + self.options.safe_weight * key.safe_moves(p) as i32
                    };
                    let m = (weight(Player::Left), weight(Player::Right));
                    if self.mobility.len() >= self.options.max_table_entries {
                        self.mobility.clear();
                    }
                    self.mobility.insert(key.clone(), m);
                    m
                }
            };
            // in −K Left's moves are K's Right moves
            if *negated {
                left += r;
                right += l;
            } else {
                left += l;
                right += r;
            }
        }
        let arena = self.solver.values.arena();
        let stops = arena.left_stop(sum.small).to_f64() + arena.right_stop(sum.small).to_f64();
        let small = (stops.clamp(-1e6, 1e6)) as i32; // 2 × the mean stop
        let score = (left - right + small).clamp(-MAX_HEURISTIC, MAX_HEURISTIC);
        match player {
            Player::Left => score,
            Player::Right => -score,
        }
    }

    /// Fail-soft negamax: the score of `sum` for `player` to move, searched `depth` more
    /// moves, within the window (`alpha`, `beta`).
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        sum: &Sum<G>,
        player: Player,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        stop: &StopFlag,
    ) -> Result<i32, GameError> {
        if sum.big.is_empty() {
            // every component is small: the value decides, exactly
            let wins = self.solver.small_part_wins(sum.small, player);
            return Ok(if wins { WIN } else { -WIN });
        }
        let key = (sum.clone(), player);
        if let Some(w) = self.solver.table.get(&key) {
            return Ok(if w { WIN } else { -WIN });
        }
        let mut first = None;
        if let Some(e) = self.table.get(&key) {
            if e.depth >= depth {
                match e.bound {
                    Bound::Exact => return Ok(e.value),
                    Bound::Lower if e.value >= beta => return Ok(e.value),
                    Bound::Upper if e.value <= alpha => return Ok(e.value),
                    _ => {}
                }
            }
            first = Some(e.best as usize);
        }
        self.tick(stop)?;
        if depth == 0 {
            return Ok(self.evaluate(sum, player));
        }
        self.solver.count_node(ply, stop)?;
        let children = self.solver.children(sum, player, stop)?;
        if children.is_empty() {
            self.solver.table.insert(key, false);
            return Ok(-WIN);
        }
        let opponent = player.opposite();
        let mut order: Vec<usize> = (0..children.len()).collect();
        if depth >= 2 {
            // the opponent's worst first (a cheap look one move ahead)
            let mut keyed: Vec<(i32, usize)> = order
                .iter()
                .map(|&i| (self.evaluate(&children[i], opponent), i))
                .collect();
            keyed.sort_unstable();
            order = keyed.into_iter().map(|(_, i)| i).collect();
        }
        if let Some(f) = first.filter(|&f| f < children.len()) {
            order.retain(|&i| i != f);
            order.insert(0, f);
        }
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_index = order[0];
        for i in order {
            let v = -self.negamax(
                &children[i],
                opponent,
                depth - 1,
                ply + 1,
                -beta,
                -alpha,
                stop,
            )?;
            if v > best {
                best = v;
                best_index = i;
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        if best >= WIN || best <= -WIN {
            // a win or a loss is exact whatever the window: nothing lies beyond it
            self.solver.table.insert(key, best >= WIN);
            return Ok(best);
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(
            key,
            Entry {
                depth,
                value: best,
                bound,
                best: best_index as u32,
            },
        );
        Ok(best)
    }
}

/// One move of a [`StrongReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StrongMoveReport {
    /// The game's label of the move.
    pub label: String,
    /// The position after it, in the game's notation.
    pub position: String,
    /// `true` proven winning, `false` proven losing, `null` not known.
    pub winning: Option<bool>,
}

/// What the strong computer says about a position: the mover's moves, its choice, and
/// what it proved.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StrongReport {
    /// Who moves.
    pub player: Player,
    /// The chosen move's index in `moves` (`null`: the player cannot move).
    pub index: Option<usize>,
    /// Every move of the player, in the order of the game's options.
    pub moves: Vec<StrongMoveReport>,
    /// Whether the search proved who wins (the player to move moving first).
    pub proven: bool,
    /// When proven: whether the player to move wins with perfect play.
    pub mover_wins: Option<bool>,
    /// The deepest completed iteration, in moves.
    pub depth: u32,
    /// The chosen move's score for the mover (mobility units; ±2^28 for a proven win/loss).
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
}

impl StrongReport {
    /// The report of `chosen`, the chooser's answer for `player` in `position`.
    pub fn new<G: PartizanGame>(
        position: &G,
        player: Player,
        chosen: Option<StrongMove<G>>,
    ) -> StrongReport {
        let options = position.options(player);
        let winning = chosen
            .as_ref()
            .map(|m| m.winning.clone())
            .unwrap_or_default();
        let moves = options
            .iter()
            .enumerate()
            .map(|(i, o)| StrongMoveReport {
                label: position.move_label(player, o),
                position: o.to_string(),
                winning: winning.get(i).copied().flatten(),
            })
            .collect();
        match chosen {
            None => StrongReport {
                player,
                index: None,
                moves,
                proven: true,
                mover_wins: Some(false),
                depth: 0,
                score: -WIN,
                nodes: 0,
            },
            Some(m) => StrongReport {
                player,
                index: Some(m.index),
                moves,
                proven: m.mover_wins.is_some(),
                mover_wins: m.mover_wins,
                depth: m.depth,
                score: m.score,
                nodes: m.nodes,
            },
        }
    }
}

#[cfg(test)]
mod tests;
