//! Stoppers: detection, comparison by survival, and canonical forms.
//!
//! A *stopper* is a loopy game in which no play from any position alternates for ever (a
//! player may still pass for ever, as in on = {pass|}): Siegel, *Combinatorial Game Theory*
//! ch. VI.2; *Winning Ways* ch. 11. For stoppers G and H, G ≥ H exactly when Left, playing
//! second in G − H, *survives* (never finds herself without a move; infinite play counts as
//! survival) — Siegel, *CGT* ch. VI (the survival criterion), *Winning Ways* ch. 11.
//!
//! Canonical stoppers (Siegel, *CGT* ch. VI.3; Siegel, "Coping with cycles", Games of No
//! Chance 3): remove dominated options and bypass reversible options at every position (values
//! never change, so one table of all pairwise comparisons, computed once, stays valid), then
//! fuse equal positions. In a stopper no option can be reversed through a path that comes back
//! to it (that would be an alternating cycle), so bypassing terminates; the result is the
//! unique simplest form (Siegel's uniqueness theorem for stoppers).

use super::graph::{Graph, LoopyGame};
use super::LoopyError;
use crate::partizan::Player;
use crate::{StopFlag, Stopped};

/// Largest number of (position, position) pairs a comparison table holds.
pub const MAX_PAIRS: usize = 1 << 24;

/// Whether no play from any position reachable from `start`, whoever moves first, alternates
/// for ever: the graph of (position, player to move) states, where a move passes the turn, has
/// no cycle reachable from them.
pub fn is_stopper(graph: &Graph, start: u32) -> bool {
    alternating_acyclic(graph, &graph.reachable(start))
}

/// Whether the alternating state graph reachable from any of `starts` (both players to move)
/// is acyclic (iterative three-colour depth-first search).
pub(crate) fn alternating_acyclic(graph: &Graph, starts: &[u32]) -> bool {
    let n = graph.len();
    // 0 = unseen, 1 = on the stack, 2 = done
    let mut colour = vec![0u8; 2 * n];
    let state = |v: u32, p: Player| 2 * v as usize + usize::from(p == Player::Right);
    for &s in starts {
        for p in [Player::Left, Player::Right] {
            if colour[state(s, p)] != 0 {
                continue;
            }
            let mut stack: Vec<(u32, Player, usize)> = vec![(s, p, 0)];
            colour[state(s, p)] = 1;
            while let Some(&mut (v, p, ref mut i)) = stack.last_mut() {
                let opts = graph.options(v, p);
                if *i < opts.len() {
                    let w = opts[*i];
                    *i += 1;
                    let q = p.opposite();
                    match colour[state(w, q)] {
                        1 => return false,
                        0 => {
                            colour[state(w, q)] = 1;
                            stack.push((w, q, 0));
                        }
                        _ => {}
                    }
                } else {
                    colour[state(v, p)] = 2;
                    stack.pop();
                }
            }
        }
    }
    true
}

/// For every vertex a of `a` and b of `b`: whether Left survives b − a with Right to move —
/// for stoppers, whether a ≤ b. `table[a * b.len() + b]`.
///
/// States are (a, b, player to move) in the game b − a: Left moves b → b^L or a → a^R, Right
/// moves b → b^R or a → a^L. "Right wins" (Left runs out of moves) is a least fixed point,
/// computed by retrograde analysis; every other state is survived by Left.
pub fn survival_table(a: &Graph, b: &Graph, stop: &StopFlag) -> Result<Vec<bool>, LoopyError> {
    let (na, nb) = (a.len(), b.len());
    if na.saturating_mul(nb) > MAX_PAIRS {
        return Err(LoopyError::TooLarge(format!(
            "comparing {na} by {nb} positions (more than {MAX_PAIRS} pairs)"
        )));
    }
    let rev = |g: &Graph, p: Player| {
        let mut r: Vec<Vec<u32>> = vec![Vec::new(); g.len()];
        for v in 0..g.len() as u32 {
            for &w in g.options(v, p) {
                r[w as usize].push(v);
            }
        }
        r
    };
    let (a_rev_l, a_rev_r, b_rev_l, b_rev_r) = (
        rev(a, Player::Left),
        rev(a, Player::Right),
        rev(b, Player::Left),
        rev(b, Player::Right),
    );
    let pair = |x: usize, y: usize| x * nb + y;
    // pending Left moves of (a, b, Left to move) not yet known to lose
    let mut pending = vec![0u32; na * nb];
    let mut right_wins_l = vec![false; na * nb]; // Left to move
    let mut right_wins_r = vec![false; na * nb]; // Right to move
    let mut queue: Vec<(usize, bool)> = Vec::new(); // (pair, Left to move?)
    for x in 0..na {
        for y in 0..nb {
            let moves = b.left(y as u32).len() + a.right(x as u32).len();
            pending[pair(x, y)] = moves as u32;
            if moves == 0 {
                right_wins_l[pair(x, y)] = true;
                queue.push((pair(x, y), true));
            }
        }
    }
    let mut work = 0u32;
    while let Some((s, left_to_move)) = queue.pop() {
        work = work.wrapping_add(1);
        if work.is_multiple_of(65_536) && stop.is_stopped() {
            return Err(LoopyError::Stopped);
        }
        let (x, y) = (s / nb, s % nb);
        if left_to_move {
            // Right-to-move predecessors: Right moved y' → y or x' → x (x'^L = x).
            for &y2 in &b_rev_r[y] {
                let p = pair(x, y2 as usize);
                if !right_wins_r[p] {
                    right_wins_r[p] = true;
                    queue.push((p, false));
                }
            }
            for &x2 in &a_rev_l[x] {
                let p = pair(x2 as usize, y);
                if !right_wins_r[p] {
                    right_wins_r[p] = true;
                    queue.push((p, false));
                }
            }
        } else {
            // Left-to-move predecessors: Left moved y' → y or x' → x (x'^R = x).
            for (p, _) in b_rev_l[y]
                .iter()
                .map(|&y2| (pair(x, y2 as usize), ()))
                .chain(a_rev_r[x].iter().map(|&x2| (pair(x2 as usize, y), ())))
            {
                if right_wins_l[p] {
                    continue;
                }
                pending[p] -= 1;
                if pending[p] == 0 {
                    right_wins_l[p] = true;
                    queue.push((p, true));
                }
            }
        }
    }
    Ok(right_wins_r.into_iter().map(|w| !w).collect())
}

/// Whether the stopper `g` ≤ the stopper `h` (both must be stoppers for this to mean ≤).
pub fn le(g: &LoopyGame, h: &LoopyGame, stop: &StopFlag) -> Result<bool, LoopyError> {
    let t = survival_table(&g.graph, &h.graph, stop)?;
    Ok(t[g.start as usize * h.graph.len() + h.start as usize])
}

/// A stopper in canonical form: no dominated or reversible option anywhere, no two positions
/// equal (Siegel, *CGT* ch. VI.3). Equal stoppers have isomorphic canonical graphs.
///
/// # Examples
/// ```
/// use onag::loopy::{graph::Graph, stopper::Stopper, LoopyGame};
/// use onag::partizan::Player;
///
/// // {0, pass | } is on: the pass dominates the move to 0.
/// let mut g = Graph::new();
/// let (v, zero) = (g.add_vertex(), g.add_vertex());
/// g.add_edge(Player::Left, v, v);
/// g.add_edge(Player::Left, v, zero);
/// let s = Stopper::new(&LoopyGame::new(&g, v).unwrap()).unwrap();
/// assert_eq!(s.game().graph.len(), 1);
/// assert!(s.equals(&Stopper::new(&LoopyGame::on()).unwrap()).unwrap());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stopper {
    game: LoopyGame,
}

impl Stopper {
    /// The canonical form of `g`, or [`LoopyError::NotStopper`].
    pub fn new(g: &LoopyGame) -> Result<Stopper, LoopyError> {
        Stopper::new_with_stop(g, &StopFlag::new())
    }

    /// [`Stopper::new`], polling `stop`.
    pub fn new_with_stop(g: &LoopyGame, stop: &StopFlag) -> Result<Stopper, LoopyError> {
        if !g.is_stopper() {
            return Err(LoopyError::NotStopper);
        }
        let game = canonicalize(g, stop)?;
        Ok(Stopper { game })
    }

    /// A graph already in canonical form (built by [`super::components`]).
    pub(crate) fn from_canonical(game: LoopyGame) -> Stopper {
        Stopper { game }
    }

    /// The canonical graph (start vertex 0, every vertex reachable).
    pub fn game(&self) -> &LoopyGame {
        &self.game
    }

    /// Whether self ≤ other.
    pub fn le(&self, other: &Stopper) -> Result<bool, LoopyError> {
        le(&self.game, &other.game, &StopFlag::new())
    }

    /// Whether self = other (as values).
    pub fn equals(&self, other: &Stopper) -> Result<bool, LoopyError> {
        Ok(self.le(other)? && other.le(self)?)
    }

    /// −G.
    pub fn neg(&self) -> Stopper {
        Stopper {
            game: self.game.neg(),
        }
    }

    /// G + H when the sum is a stopper (else [`LoopyError::NotStopper`]: on + off = dud).
    pub fn add(&self, other: &Stopper) -> Result<Stopper, LoopyError> {
        Stopper::new(&self.game.try_sum(&other.game)?)
    }

    /// The outcome the value predicts (the comparisons with 0 of Siegel, *CGT* VI.2): Left
    /// moving first wins iff G ≰ 0, and draws iff G ≤ 0 while some Left option is ≥ 0; Right
    /// likewise.
    pub fn predicted_outcome(&self) -> Result<super::outcome::LoopyOutcome, LoopyError> {
        use super::outcome::Result3;
        let mut z = Graph::new();
        z.add_vertex();
        let stop = StopFlag::new();
        // t[v]: v ≤ 0 (Left survives 0 − v); u[v]: 0 ≤ v.
        let le_zero = survival_table(&self.game.graph, &z, &stop)?;
        let ge_zero = survival_table(&z, &self.game.graph, &stop)?;
        let v = self.game.start;
        let left_first = if !le_zero[v as usize] {
            Result3::Win
        } else if self.game.graph.left(v).iter().any(|&w| ge_zero[w as usize]) {
            Result3::Draw
        } else {
            Result3::Loss
        };
        let right_first = if !ge_zero[v as usize] {
            Result3::Win
        } else if self
            .game
            .graph
            .right(v)
            .iter()
            .any(|&w| le_zero[w as usize])
        {
            Result3::Draw
        } else {
            Result3::Loss
        };
        Ok(super::outcome::LoopyOutcome {
            left_first,
            right_first,
        })
    }
}

/// Simplest form of a stopper (the caller checked that it is one).
fn canonicalize(g: &LoopyGame, stop: &StopFlag) -> Result<LoopyGame, LoopyError> {
    let mut graph = g.graph.clone();
    let n = graph.len();
    let t = survival_table(&graph, &graph, stop)?;
    let le = |x: u32, y: u32| t[x as usize * n + y as usize];
    let mut changed = true;
    while changed {
        changed = false;
        if stop.is_stopped() {
            return Err(Stopped.into());
        }
        for v in 0..n as u32 {
            for player in [Player::Left, Player::Right] {
                let mut guard = 0usize;
                changed |= simplify_options(&mut graph, v, player, le, &mut guard, "reversible")?;
            }
        }
    }
    // Fuse equal positions: each vertex maps to the first vertex of its value among those
    // reachable from the start.
    let reach = graph.reachable(g.start);
    let mut rep = vec![u32::MAX; n];
    for (i, &v) in reach.iter().enumerate() {
        if rep[v as usize] != u32::MAX {
            continue;
        }
        for &w in &reach[i..] {
            if rep[w as usize] == u32::MAX && le(v, w) && le(w, v) {
                rep[w as usize] = v;
            }
        }
    }
    let mut fused = Graph::new();
    for _ in 0..n {
        fused.add_vertex();
    }
    for &v in &reach {
        if rep[v as usize] != v {
            continue;
        }
        for p in [Player::Left, Player::Right] {
            let opts = graph
                .options(v, p)
                .iter()
                .map(|&w| rep[w as usize])
                .collect();
            fused.set_options(v, p, opts);
        }
    }
    let (packed, _) = fused.pack(rep[g.start as usize]);
    Ok(LoopyGame {
        graph: packed,
        start: 0,
    })
}

/// One step of the simplification of a stopper's position `v` for `player`, under an order `le`
/// (x ≤ y, or x ≤ y modulo infinitesimals for the reduced form): bypass the options reversible
/// through an opponent's option y of x with y ≤ v (Left; Right mirrors), then remove dominated
/// options and all but one of equal ones. Returns whether the options changed. `guard` counts
/// the bypasses (the caller chooses its scope); past 4n² + 16 the bypassing is reported as not
/// terminating rather than looping.
pub(super) fn simplify_options(
    graph: &mut Graph,
    v: u32,
    player: Player,
    le: impl Fn(u32, u32) -> bool,
    guard: &mut usize,
    what: &str,
) -> Result<bool, LoopyError> {
    let n = graph.len();
    let mut changed = false;
    // Bypass reversible options: x (a Left option) is reversible through a Right
    // option y of x with y ≤ v; replace x by y's Left options. (Right: mirror.)
    let mut opts: Vec<u32> = graph.options(v, player).to_vec();
    let mut i = 0;
    while i < opts.len() {
        let x = opts[i];
        let reverse = graph
            .options(x, player.opposite())
            .iter()
            .copied()
            .find(|&y| match player {
                Player::Left => le(y, v),
                Player::Right => le(v, y),
            });
        match reverse {
            Some(y) => {
                opts.swap_remove(i);
                for &z in graph.options(y, player) {
                    if !opts.contains(&z) {
                        opts.push(z);
                    }
                }
                changed = true;
                *guard += 1;
                if *guard > 4 * n * n + 16 {
                    return Err(LoopyError::Invalid(format!(
                        "bypassing {what} options did not terminate"
                    )));
                }
            }
            None => i += 1,
        }
    }
    // Remove dominated options (and all but one of equal ones).
    let mut keep: Vec<u32> = Vec::new();
    for (i, &x) in opts.iter().enumerate() {
        let dominated = opts.iter().enumerate().any(|(j, &y)| {
            if i == j {
                return false;
            }
            let (x_le_y, y_le_x) = match player {
                Player::Left => (le(x, y), le(y, x)),
                Player::Right => (le(y, x), le(x, y)),
            };
            // x worse than y for the mover, or equal and later in the list
            x_le_y && (!y_le_x || j < i)
        });
        if !dominated {
            keep.push(x);
        }
    }
    keep.sort_unstable();
    if keep.as_slice() != graph.options(v, player) {
        graph.set_options(v, player, keep);
        changed = true;
    }
    Ok(changed)
}
