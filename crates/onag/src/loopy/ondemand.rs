//! Comparison of stoppers on demand: the survival game of G − H explored only from the pair
//! asked about, with every result remembered for later questions.
//!
//! [`super::stopper::survival_table`] solves the survival game (Siegel, *Combinatorial Game
//! Theory* ch. VI.2; *Winning Ways* ch. 11: G ≥ H iff Left, moving second in G − H, survives)
//! for every pair of positions at once, so it needs |G|·|H| entries. Here a question x ≤ y
//! explores the states (a, b, player to move) of b − a reachable from (x, y, Right to move),
//! runs the same retrograde analysis on that closed set, and stores the result of every state
//! it settled. The set is closed under moves (a remembered state ends the exploration with its
//! result), so each result is the exact least fixed point restricted to it.
//!
//! Results are facts about *values*: whether Left survives b − a moving first or second
//! depends only on the outcomes of b − a, which equal games share. So a remembered result stays
//! true when the options of a vertex are later replaced by an equal set (dominated options
//! removed, reversible ones bypassed), which is what the canonical form by components
//! ([`super::components`]) does between questions.

use std::collections::HashMap;

use super::graph::Graph;
use super::LoopyError;
use crate::partizan::Player;
use crate::StopFlag;

/// States one question may explore before answering [`LoopyError::TooLarge`].
pub const MAX_STATES: usize = 1 << 25;

/// Remembered results past which the memo is emptied (it is only a cache).
const MAX_MEMO: usize = 1 << 22;

// Memo bits per pair (a, b): bit 0 Right-to-move known, bit 1 Left survives it; bit 2
// Left-to-move known, bit 3 Left survives it.
const R_KNOWN: u8 = 1;
const R_SURVIVES: u8 = 2;
const L_KNOWN: u8 = 4;
const L_SURVIVES: u8 = 8;

/// Comparisons between positions of one graph, each explored on demand and remembered.
///
/// # Examples
/// ```
/// use onag::loopy::{graph::Graph, ondemand::OnDemand};
/// use onag::partizan::Player;
///
/// // on = {pass|} and 0 = {|}: 0 ≤ on, not on ≤ 0.
/// let mut g = Graph::new();
/// let (on, zero) = (g.add_vertex(), g.add_vertex());
/// g.add_edge(Player::Left, on, on);
/// let mut cmp = OnDemand::new();
/// let stop = onag::StopFlag::new();
/// assert!(cmp.le(&g, zero, on, &stop).unwrap());
/// assert!(!cmp.le(&g, on, zero, &stop).unwrap());
/// ```
#[derive(Clone, Debug, Default)]
pub struct OnDemand {
    memo: HashMap<u64, u8>,
    /// States explored by all questions so far.
    pub explored: u64,
    /// Questions asked so far.
    pub questions: u64,
}

#[derive(Clone, Copy)]
struct State {
    a: u32,
    b: u32,
    left_to_move: bool,
}

impl OnDemand {
    /// An empty memo.
    pub fn new() -> OnDemand {
        OnDemand::default()
    }

    /// Results remembered.
    pub fn remembered(&self) -> usize {
        self.memo.len()
    }

    fn key(a: u32, b: u32) -> u64 {
        (a as u64) << 32 | b as u64
    }

    fn known(&self, s: State) -> Option<bool> {
        let bits = *self.memo.get(&Self::key(s.a, s.b))?;
        if s.left_to_move {
            (bits & L_KNOWN != 0).then_some(bits & L_SURVIVES != 0)
        } else {
            (bits & R_KNOWN != 0).then_some(bits & R_SURVIVES != 0)
        }
    }

    /// Whether the stopper at `x` ≤ the stopper at `y` (vertices of `graph`, which must be
    /// stoppers for this to mean ≤): Left survives y − x moving second.
    pub fn le(
        &mut self,
        graph: &Graph,
        x: u32,
        y: u32,
        stop: &StopFlag,
    ) -> Result<bool, LoopyError> {
        if x == y {
            return Ok(true);
        }
        self.survives(graph, x, y, false, stop)
    }

    /// Whether x = y as stoppers.
    pub fn equal(
        &mut self,
        graph: &Graph,
        x: u32,
        y: u32,
        stop: &StopFlag,
    ) -> Result<bool, LoopyError> {
        Ok(self.le(graph, x, y, stop)? && self.le(graph, y, x, stop)?)
    }

    /// Whether Left survives y − x with Left (`left_to_move`) or Right to move.
    pub fn survives(
        &mut self,
        graph: &Graph,
        x: u32,
        y: u32,
        left_to_move: bool,
        stop: &StopFlag,
    ) -> Result<bool, LoopyError> {
        let root = State {
            a: x,
            b: y,
            left_to_move,
        };
        if let Some(r) = self.known(root) {
            return Ok(r);
        }
        self.questions += 1;
        // Explore: local ids for the states reached; edges as (from, to) local ids.
        let mut index: HashMap<u64, u32> = HashMap::new();
        let mut states: Vec<State> = Vec::new();
        // Some(r) for a remembered state (a leaf), None for one explored here.
        let mut fixed: Vec<Option<bool>> = Vec::new();
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut out_degree: Vec<u32> = Vec::new();
        let local_key = |s: State| Self::key(s.a, s.b) << 1 | u64::from(s.left_to_move);
        let mut todo = 0usize;
        index.insert(local_key(root), 0);
        states.push(root);
        fixed.push(None);
        out_degree.push(0);
        while todo < states.len() {
            if states.len() > MAX_STATES {
                return Err(LoopyError::TooLarge(format!(
                    "a comparison reached more than {MAX_STATES} states"
                )));
            }
            if todo % 65_536 == 65_535 && stop.is_stopped() {
                return Err(LoopyError::Stopped);
            }
            let s = states[todo];
            let from = todo as u32;
            todo += 1;
            if fixed[from as usize].is_some() {
                continue;
            }
            // Left moves b → b^L or a → a^R; Right moves b → b^R or a → a^L (in b − a).
            let (b_moves, a_moves) = if s.left_to_move {
                (graph.left(s.b), graph.right(s.a))
            } else {
                (graph.right(s.b), graph.left(s.a))
            };
            let next = b_moves
                .iter()
                .map(|&b2| (s.a, b2))
                .chain(a_moves.iter().map(|&a2| (a2, s.b)));
            for (a2, b2) in next {
                let t = State {
                    a: a2,
                    b: b2,
                    left_to_move: !s.left_to_move,
                };
                let id = match index.get(&local_key(t)) {
                    Some(&id) => id,
                    None => {
                        let id = states.len() as u32;
                        index.insert(local_key(t), id);
                        states.push(t);
                        fixed.push(self.known(t));
                        out_degree.push(0);
                        id
                    }
                };
                edges.push((from, id));
                out_degree[from as usize] += 1;
            }
        }
        drop(index);
        self.explored += states.len() as u64;
        let n = states.len();
        // Predecessors, compressed.
        let mut start = vec![0u32; n + 1];
        for &(_, to) in &edges {
            start[to as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut preds = vec![0u32; edges.len()];
        for &(from, to) in &edges {
            preds[fill[to as usize] as usize] = from;
            fill[to as usize] += 1;
        }
        drop(edges);
        // "Right wins" (Left is left without a move) is the least fixed point: a Left-to-move
        // state whose every move reaches a Right win, a Right-to-move state with one move to
        // a Right win.
        let mut right_wins = vec![false; n];
        let mut pending = out_degree;
        let mut queue: Vec<u32> = Vec::new();
        for i in 0..n {
            match fixed[i] {
                Some(survives) => {
                    if !survives {
                        right_wins[i] = true;
                        queue.push(i as u32);
                    }
                }
                None => {
                    if states[i].left_to_move && pending[i] == 0 {
                        right_wins[i] = true;
                        queue.push(i as u32);
                    }
                }
            }
        }
        let mut work = 0u32;
        while let Some(s) = queue.pop() {
            work = work.wrapping_add(1);
            if work.is_multiple_of(65_536) && stop.is_stopped() {
                return Err(LoopyError::Stopped);
            }
            for &p in &preds[start[s as usize] as usize..start[s as usize + 1] as usize] {
                let p = p as usize;
                if right_wins[p] || fixed[p].is_some() {
                    continue;
                }
                if states[p].left_to_move {
                    pending[p] -= 1;
                    if pending[p] == 0 {
                        right_wins[p] = true;
                        queue.push(p as u32);
                    }
                } else {
                    right_wins[p] = true;
                    queue.push(p as u32);
                }
            }
        }
        if self.memo.len() + n > MAX_MEMO {
            self.memo.clear();
        }
        for i in 0..n {
            if fixed[i].is_some() {
                continue;
            }
            let s = states[i];
            let bits = self.memo.entry(Self::key(s.a, s.b)).or_insert(0);
            *bits |= match (s.left_to_move, right_wins[i]) {
                (true, false) => L_KNOWN | L_SURVIVES,
                (true, true) => L_KNOWN,
                (false, false) => R_KNOWN | R_SURVIVES,
                (false, true) => R_KNOWN,
            };
        }
        Ok(!right_wins[0])
    }
}

/// Whether `player` prefers option `x` to option `y` or finds them equal (for Left x ≥ y, for
/// Right x ≤ y).
pub(crate) fn at_least_as_good(
    cmp: &mut OnDemand,
    graph: &Graph,
    player: Player,
    x: u32,
    y: u32,
    stop: &StopFlag,
) -> Result<bool, LoopyError> {
    match player {
        Player::Left => cmp.le(graph, y, x, stop),
        Player::Right => cmp.le(graph, x, y, stop),
    }
}
