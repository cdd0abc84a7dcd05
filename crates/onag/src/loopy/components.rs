//! Canonical stoppers of large games, one strongly connected component at a time.
//!
//! The canonical form of [`super::stopper`] compares every pair of positions at once, which is
//! out of reach for games of a million positions such as Fox and Geese (*Winning Ways* ch. 20).
//! Here the game graph is cut into strongly connected components (Tarjan's algorithm), taken
//! sinks first: when a component is reached, every position outside it that it can move to
//! already has its value, a canonical stopper kept in a shared graph of values (the *arena*).
//! The component's positions are copied into the arena with their options, simplified as in
//! Siegel, *Combinatorial Game Theory* ch. VI.3 (dominated options removed, reversible options
//! bypassed; every vertex keeps its value, so the questions asked remain true), fused where
//! equal, and matched against the values already there. Every comparison is asked of
//! [`OnDemand`], which explores only the pairs reachable from the pair asked — a few thousand
//! when the values are small, whatever the size of the game.
//!
//! Matching a new value with an old one: canonical stoppers are unique up to isomorphism
//! (Siegel, *CGT* ch. VI.3), so a position whose options are all old values (or itself) equals
//! an old value exactly when their options are the same; a hash table finds it. A group of new
//! positions that lead to one another is kept as new even if equal to an old group: that only
//! costs space, and the final extraction ([`Values::stopper`]) fuses any such duplicates.

use std::collections::HashMap;

use super::graph::{Graph, LoopyGame};
use super::ondemand::{at_least_as_good, OnDemand};
use super::stopper::{alternating_acyclic, Stopper};
use super::LoopyError;
use crate::partizan::Player;
use crate::StopFlag;

/// The values of every position of a stopper graph, as vertices of a graph of canonical values.
#[derive(Clone, Debug)]
pub struct Values {
    arena: Graph,
    /// For every position of the game graph, its value's vertex in the arena.
    value: Vec<u32>,
    cmp: OnDemand,
    /// Distinct values found (vertices of the arena still in use).
    pub distinct: usize,
    /// Strongly connected components of the game graph.
    pub components: usize,
}

type Key = (Vec<u32>, Vec<u32>, bool, bool);

impl Values {
    /// The values of every position of `graph`, which must be a stopper from every position
    /// ([`LoopyError::NotStopper`] otherwise). Reports progress in positions through `stop`.
    ///
    /// # Examples
    /// ```
    /// use onag::loopy::{components::Values, name::name, parse::parse_loopy};
    ///
    /// let g = parse_loopy("{pass|3/2}").unwrap();
    /// let v = Values::of(&g.graph, &onag::StopFlag::new()).unwrap();
    /// assert_eq!(name(&v.stopper(g.start, &onag::StopFlag::new()).unwrap()), "3/2under");
    /// ```
    pub fn of(graph: &Graph, stop: &StopFlag) -> Result<Values, LoopyError> {
        let n = graph.len();
        let all: Vec<u32> = (0..n as u32).collect();
        if !alternating_acyclic(graph, &all) {
            return Err(LoopyError::NotStopper);
        }
        stop.set_total(n as f64);
        let mut v = Values {
            arena: Graph::new(),
            value: vec![u32::MAX; n],
            cmp: OnDemand::new(),
            distinct: 0,
            components: 0,
        };
        let mut intern: HashMap<Key, u32> = HashMap::new();
        let mut err = None;
        tarjan(graph, |component| {
            if err.is_some() {
                return;
            }
            if let Err(e) = v.add_component(graph, component, &mut intern, stop) {
                err = Some(e);
            }
        });
        if let Some(e) = err {
            return Err(e);
        }
        Ok(v)
    }

    /// The value's vertex of position `v` in the arena (equal positions may share one).
    pub fn vertex(&self, v: u32) -> u32 {
        self.value[v as usize]
    }

    /// Questions answered by the on-demand comparison, and states it explored.
    pub fn comparisons(&self) -> (u64, u64) {
        (self.cmp.questions, self.cmp.explored)
    }

    /// The canonical stopper of position `v`: its value's part of the arena, with equal
    /// vertices fused.
    pub fn stopper(&self, v: u32, stop: &StopFlag) -> Result<Stopper, LoopyError> {
        let root = self.value[v as usize];
        let (sub, _) = self.arena.pack(root);
        // Fuse equal vertices (new groups kept apart from equal old ones), comparing only
        // vertices with as many options: equal canonical positions have as many.
        let k = sub.len();
        let mut cmp = OnDemand::new();
        let mut rep: Vec<u32> = (0..k as u32).collect();
        for i in 0..k as u32 {
            if rep[i as usize] != i {
                continue;
            }
            for j in i + 1..k as u32 {
                if rep[j as usize] == j
                    && sub.left(i).len() == sub.left(j).len()
                    && sub.right(i).len() == sub.right(j).len()
                    && cmp.equal(&sub, i, j, stop)?
                {
                    rep[j as usize] = i;
                }
            }
        }
        let mut fused = Graph::new();
        for _ in 0..k {
            fused.add_vertex();
        }
        for i in 0..k as u32 {
            if rep[i as usize] == i {
                for p in [Player::Left, Player::Right] {
                    let opts = sub.options(i, p).iter().map(|&w| rep[w as usize]).collect();
                    fused.set_options(i, p, opts);
                }
            }
        }
        let (packed, _) = fused.pack(0);
        Ok(Stopper::from_canonical(LoopyGame {
            graph: packed,
            start: 0,
        }))
    }

    fn add_component(
        &mut self,
        graph: &Graph,
        component: &[u32],
        intern: &mut HashMap<Key, u32>,
        stop: &StopFlag,
    ) -> Result<(), LoopyError> {
        self.components += 1;
        stop.advance(component.len() as u64)?;
        let base = self.arena.len() as u32;
        for &v in component {
            self.value[v as usize] = self.arena.add_vertex();
        }
        for &v in component {
            for p in [Player::Left, Player::Right] {
                let opts = graph
                    .options(v, p)
                    .iter()
                    .map(|&w| self.value[w as usize])
                    .collect();
                self.arena.set_options(self.value[v as usize], p, opts);
            }
        }
        let end = self.arena.len() as u32;
        self.simplify(base, end, stop)?;
        // Fuse equal new vertices.
        let mut rep: Vec<u32> = (base..end).collect();
        for i in base..end {
            if rep[(i - base) as usize] != i {
                continue;
            }
            for j in i + 1..end {
                if rep[(j - base) as usize] == j
                    && self.arena.left(i).len() == self.arena.left(j).len()
                    && self.arena.right(i).len() == self.arena.right(j).len()
                    && self.cmp.equal(&self.arena, i, j, stop)?
                {
                    rep[(j - base) as usize] = i;
                }
            }
        }
        // final_of[i - base]: the vertex that stands for i once matched (u32::MAX: not yet).
        let mut final_of = vec![u32::MAX; (end - base) as usize];
        let map = |w: u32, rep: &[u32], final_of: &[u32]| -> u32 {
            if w < base {
                return w;
            }
            let r = rep[(w - base) as usize];
            match final_of[(r - base) as usize] {
                u32::MAX => r,
                f => f,
            }
        };
        let mut changed = true;
        while changed {
            changed = false;
            for i in base..end {
                if rep[(i - base) as usize] != i || final_of[(i - base) as usize] != u32::MAX {
                    continue;
                }
                let mut key: Key = (Vec::new(), Vec::new(), false, false);
                let mut resolved = true;
                for p in [Player::Left, Player::Right] {
                    for &w in self.arena.options(i, p) {
                        let m = map(w, &rep, &final_of);
                        if m == i {
                            match p {
                                Player::Left => key.2 = true,
                                Player::Right => key.3 = true,
                            }
                        } else if m >= base {
                            resolved = false;
                        } else {
                            match p {
                                Player::Left => key.0.push(m),
                                Player::Right => key.1.push(m),
                            }
                        }
                    }
                }
                if !resolved {
                    continue;
                }
                key.0.sort_unstable();
                key.1.sort_unstable();
                changed = true;
                final_of[(i - base) as usize] = match intern.get(&key) {
                    Some(&old) => old,
                    None => {
                        intern.insert(key, i);
                        self.distinct += 1;
                        i
                    }
                };
            }
        }
        // Whatever is left leads to another new vertex: new values.
        for i in base..end {
            if rep[(i - base) as usize] == i && final_of[(i - base) as usize] == u32::MAX {
                final_of[(i - base) as usize] = i;
                self.distinct += 1;
            }
        }
        for i in base..end {
            let f = map(i, &rep, &final_of);
            if f == i {
                for p in [Player::Left, Player::Right] {
                    let opts = self
                        .arena
                        .options(i, p)
                        .iter()
                        .map(|&w| map(w, &rep, &final_of))
                        .collect();
                    self.arena.set_options(i, p, opts);
                }
            }
        }
        for i in base..end {
            if map(i, &rep, &final_of) != i {
                // Unreachable from now on: free its options.
                self.arena.set_options(i, Player::Left, Vec::new());
                self.arena.set_options(i, Player::Right, Vec::new());
            }
        }
        for &v in component {
            let t = self.value[v as usize];
            self.value[v as usize] = map(t, &rep, &final_of);
        }
        Ok(())
    }

    /// Removes dominated options and bypasses reversible ones at the vertices `base..end`
    /// (Siegel, *CGT* ch. VI.3), until none is left.
    fn simplify(&mut self, base: u32, end: u32, stop: &StopFlag) -> Result<(), LoopyError> {
        let mut changed = true;
        let mut rounds = 0usize;
        while changed {
            changed = false;
            rounds += 1;
            if rounds > 4 * (end - base) as usize + 64 {
                return Err(LoopyError::Invalid(
                    "simplifying a component did not terminate".into(),
                ));
            }
            for v in base..end {
                for player in [Player::Left, Player::Right] {
                    let mut opts: Vec<u32> = self.arena.options(v, player).to_vec();
                    let mut i = 0;
                    let mut guard = 0usize;
                    while i < opts.len() {
                        let x = opts[i];
                        // x (a Left option) is reversible through a Right option y ≤ v of x:
                        // replace x by y's Left options. Right: mirror.
                        let mut reverse = None;
                        for &y in self.arena.options(x, player.opposite()) {
                            if at_least_as_good(&mut self.cmp, &self.arena, player, v, y, stop)? {
                                reverse = Some(y);
                                break;
                            }
                        }
                        match reverse {
                            Some(y) => {
                                opts.swap_remove(i);
                                for &z in self.arena.options(y, player) {
                                    if !opts.contains(&z) {
                                        opts.push(z);
                                    }
                                }
                                changed = true;
                                guard += 1;
                                if guard > 1 << 20 {
                                    return Err(LoopyError::Invalid(
                                        "bypassing reversible options did not terminate".into(),
                                    ));
                                }
                            }
                            None => i += 1,
                        }
                    }
                    let mut keep: Vec<u32> = Vec::new();
                    for (i, &x) in opts.iter().enumerate() {
                        let mut dominated = false;
                        for (j, &y) in opts.iter().enumerate() {
                            if i == j {
                                continue;
                            }
                            // x no better than y for the mover, and worse or later in the list
                            if at_least_as_good(&mut self.cmp, &self.arena, player, y, x, stop)?
                                && (j < i
                                    || !at_least_as_good(
                                        &mut self.cmp,
                                        &self.arena,
                                        player,
                                        x,
                                        y,
                                        stop,
                                    )?)
                            {
                                dominated = true;
                                break;
                            }
                        }
                        if !dominated {
                            keep.push(x);
                        }
                    }
                    keep.sort_unstable();
                    if keep.as_slice() != self.arena.options(v, player) {
                        self.arena.set_options(v, player, keep);
                        changed = true;
                    }
                }
            }
        }
        Ok(())
    }
}

/// The canonical stopper of a game that is a stopper from every position, by components.
///
/// # Examples
/// ```
/// use onag::loopy::{components::stopper_by_components, name::name, parse::parse_loopy};
///
/// let g = parse_loopy("a{0|{1|a}}").unwrap();
/// let s = stopper_by_components(&g, &onag::StopFlag::new()).unwrap();
/// assert_eq!(name(&s), name(&onag::loopy::stopper::Stopper::new(&g).unwrap()));
/// ```
pub fn stopper_by_components(g: &LoopyGame, stop: &StopFlag) -> Result<Stopper, LoopyError> {
    Values::of(&g.graph, stop)?.stopper(g.start, stop)
}

/// Tarjan's strongly connected components (iterative), each handed to `emit` as soon as it is
/// complete: sinks first, so every option outside a component was emitted before it.
fn tarjan(graph: &Graph, mut emit: impl FnMut(&[u32])) {
    let n = graph.len();
    let mut index = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut next = 0u32;
    // (vertex, position in its combined option list)
    let mut call: Vec<(u32, usize)> = Vec::new();
    let option = |v: u32, i: usize| -> Option<u32> {
        let l = graph.left(v);
        if i < l.len() {
            Some(l[i])
        } else {
            graph.right(v).get(i - l.len()).copied()
        }
    };
    for root in 0..n as u32 {
        if index[root as usize] != u32::MAX {
            continue;
        }
        call.push((root, 0));
        index[root as usize] = next;
        low[root as usize] = next;
        next += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        while let Some(&mut (v, ref mut i)) = call.last_mut() {
            if let Some(w) = option(v, *i) {
                *i += 1;
                if index[w as usize] == u32::MAX {
                    index[w as usize] = next;
                    low[w as usize] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w as usize] = true;
                    call.push((w, 0));
                } else if on_stack[w as usize] {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
            } else {
                call.pop();
                if let Some(&(u, _)) = call.last() {
                    low[u as usize] = low[u as usize].min(low[v as usize]);
                }
                if low[v as usize] == index[v as usize] {
                    let mut component = Vec::new();
                    loop {
                        let w = stack.pop().expect("v is on the stack");
                        on_stack[w as usize] = false;
                        component.push(w);
                        if w == v {
                            break;
                        }
                    }
                    emit(&component);
                }
            }
        }
    }
}
