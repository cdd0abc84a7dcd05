//! Comparison modulo infinitesimals and reduced canonical forms of stoppers.
//!
//! G ≥_Inf H ("G ≥ H modulo infinitesimals") when G + x ≥ H for every positive number x
//! (Grossman and Siegel, "Reductions of partizan games", Games of No Chance 3; Siegel,
//! "Reduced canonical forms of stoppers", Electronic Journal of Combinatorics 13 (2006) R57).
//!
//! # Deciding G + x ≥ H for every x > 0 exactly
//!
//! By the survival criterion (Siegel, *CGT* ch. VI), G + x ≥ H iff Left survives
//! G − H + x moving second. Take x = 2^-k in canonical form: Left's only move in it goes to 0
//! (one tempo for Left, after which the component is gone); Right's moves raise it,
//! 2^-j → 2^-(j-1), k times in all, until it is 1 = {0|}, where Right has none. So the survival
//! game of G − H + 2^-k is the survival game of G − H with a *token*: while the token is there,
//! Left may spend it (a move that changes nothing else) and Right may pass, at most k times.
//!
//! Smaller x is harder for Left, so "for every x > 0" means "for every k". Let M be the number
//! of states (a, b, player to move, token) of the game in which Right may pass without limit
//! while the token lasts. If Right wins that game, he wins it by a strategy of finite rank
//! (Right's wins are the least fixed point, reached after at most M rounds), so every play
//! under it lasts at most M moves and Right passes at most M times: he wins with k = M.
//! Conversely a win with k passes is a win with unlimited passes. Hence G ≥_Inf H iff Left
//! survives the unlimited-pass token game — which [`inf_table`] decides by a fixed point, with
//! no bound on k to choose.
//!
//! # The reduced canonical form
//!
//! [`reduced`]: positions infinitesimally close to a number become that number; then, with
//! the ≥_Inf table (valid throughout, as every step changes a position by an infinitesimal
//! only, and ≥_Inf does not see infinitesimals), Inf-reversible options are bypassed and
//! Inf-dominated ones removed until nothing changes, and the result is put in canonical
//! stopper form; this repeats until the graph is unchanged.

use super::graph::{Graph, LoopyGame};
use super::stopper::{simplify_options, survival_table, Stopper, MAX_PAIRS};
use super::stops::vertex_stops;
use super::LoopyError;
use crate::partizan::game::{Arena, GameId};
use crate::partizan::Player;
use crate::StopFlag;

/// For every vertex a of `a` and b of `b`: whether a ≤_Inf b (b − a + x ≥ 0 for every number
/// x > 0). `table[a * b.len() + b]`. Both graphs must be stoppers.
///
/// Right's wins in the token game are found by one retrograde pass over the pairs, as
/// [`super::outcome`] finds wins and losses: a pair's state is looked at again only when one
/// of its options is decided, through predecessor lists of both graphs. So the work is linear
/// in the number of (pair, move) edges, where settling the table by repeated sweeps over all
/// pairs costs a sweep per round of the fixed point.
pub fn inf_table(a: &Graph, b: &Graph, stop: &StopFlag) -> Result<Vec<bool>, LoopyError> {
    let (na, nb) = (a.len(), b.len());
    if na.saturating_mul(nb) > MAX_PAIRS {
        return Err(LoopyError::TooLarge(format!(
            "comparing {na} by {nb} positions modulo infinitesimals (more than {MAX_PAIRS} pairs)"
        )));
    }
    // Without the token: the ordinary survival game; Right wins with Right to move iff a ≰ b.
    let plain = survival_table(a, b, stop)?;
    let (a_rev_l, a_rev_r) = (
        predecessors(a, Player::Left),
        predecessors(a, Player::Right),
    );
    let (b_rev_l, b_rev_r) = (
        predecessors(b, Player::Left),
        predecessors(b, Player::Right),
    );
    // With the token. Left to move at (x, y) wins for Right iff spending the token loses for
    // Left — it leads to (x, y, Right to move, no token), which Right wins iff x ≰ y — and so
    // does every move of Left's (x^R or y^L). Right to move wins iff he may pass (to Left to
    // move with the token) or move (x^L or y^R) to a state Right wins with Left to move.
    let mut pending = vec![0u32; na * nb]; // Left's moves not yet known to lose
    let mut rw_l = vec![false; na * nb];
    let mut rw_r = vec![false; na * nb];
    // The worklist: 2 × pair + 1 for Right to move (pairs ≤ MAX_PAIRS = 2^24 fit in u32).
    let mut queue: Vec<u32> = Vec::new();
    for x in 0..na {
        for y in 0..nb {
            let s = x * nb + y;
            let moves = b.left(y as u32).len() + a.right(x as u32).len();
            pending[s] = moves as u32;
            if moves == 0 && !plain[s] {
                rw_l[s] = true;
                queue.push(2 * s as u32);
            }
        }
    }
    let mut work = 0usize;
    while let Some(item) = queue.pop() {
        let (s, right) = ((item >> 1) as usize, item & 1 == 1);
        let (x, y) = (s / nb, s % nb);
        // poll by work: one for the state and one for each predecessor looked at
        work += 1 + if !right {
            b_rev_r[y].len() + a_rev_l[x].len()
        } else {
            b_rev_l[y].len() + a_rev_r[x].len()
        };
        if work >= 1 << 16 {
            work = 0;
            if stop.is_stopped() {
                return Err(LoopyError::Stopped);
            }
        }
        if !right {
            // Right wins (x, y) with Left to move: so with Right to move at (x, y) (by the
            // pass), at (x, y') with y'^R = y, and at (x', y) with x'^L = x.
            let preds = std::iter::once(s)
                .chain(b_rev_r[y].iter().map(|&y2| x * nb + y2 as usize))
                .chain(a_rev_l[x].iter().map(|&x2| x2 as usize * nb + y));
            for p in preds {
                if !rw_r[p] {
                    rw_r[p] = true;
                    queue.push(2 * p as u32 + 1);
                }
            }
        } else {
            // Right wins (x, y) with Right to move: one more of Left's moves loses at
            // (x, y') with y'^L = y and at (x', y) with x'^R = x.
            let preds = b_rev_l[y]
                .iter()
                .map(|&y2| x * nb + y2 as usize)
                .chain(a_rev_r[x].iter().map(|&x2| x2 as usize * nb + y));
            for p in preds {
                if rw_l[p] {
                    continue;
                }
                pending[p] -= 1;
                if pending[p] == 0 && !plain[p] {
                    rw_l[p] = true;
                    queue.push(2 * p as u32);
                }
            }
        }
    }
    Ok(rw_r.into_iter().map(|w| !w).collect())
}

/// For each vertex w of `g`: the vertices v with w among v's options for `player` (once per
/// edge, so that counting down a position's pending moves meets each of its moves once).
fn predecessors(g: &Graph, player: Player) -> Vec<Vec<u32>> {
    let mut r: Vec<Vec<u32>> = vec![Vec::new(); g.len()];
    for v in 0..g.len() as u32 {
        for &w in g.options(v, player) {
            r[w as usize].push(v);
        }
    }
    r
}

/// Whether the stopper `g` ≤_Inf the stopper `h`: g ≤ h + x for every number x > 0.
///
/// # Examples
/// ```
/// use onag::loopy::{parse::parse_loopy, reduced::le_inf};
///
/// let s = StopFlag::new();
/// # use onag::StopFlag;
/// let (up, zero) = (parse_loopy("^").unwrap(), parse_loopy("0").unwrap());
/// assert!(le_inf(&up, &zero, &s).unwrap() && le_inf(&zero, &up, &s).unwrap());
/// let over = parse_loopy("over").unwrap();
/// assert!(le_inf(&over, &zero, &s).unwrap());
/// assert!(!le_inf(&parse_loopy("1").unwrap(), &over, &s).unwrap());
/// ```
pub fn le_inf(g: &LoopyGame, h: &LoopyGame, stop: &StopFlag) -> Result<bool, LoopyError> {
    if !g.is_stopper() || !h.is_stopper() {
        return Err(LoopyError::NotStopper);
    }
    let t = inf_table(&g.graph, &h.graph, stop)?;
    Ok(t[g.start as usize * h.graph.len() + h.start as usize])
}

/// The reduced canonical form of the stopper `s`: the simplest stopper equal to it modulo
/// infinitesimals (Siegel, "Reduced canonical forms of stoppers", 2006).
///
/// # Examples
/// ```
/// use onag::loopy::{name::name, parse::parse_loopy, reduced::reduced, stopper::Stopper};
///
/// let rcf = |t: &str| {
///     let s = Stopper::new(&parse_loopy(t).unwrap()).unwrap();
///     name(&reduced(&s, &onag::StopFlag::new()).unwrap())
/// };
/// assert_eq!(rcf("over"), "0");
/// assert_eq!(rcf("2over"), "2");
/// assert_eq!(rcf("^"), "0");
/// assert_eq!(rcf("on"), "on");
/// ```
pub fn reduced(s: &Stopper, stop: &StopFlag) -> Result<Stopper, LoopyError> {
    let mut current = s.clone();
    for _ in 0..64 {
        let next = reduce_once(&current, stop)?;
        if next == current {
            return Ok(next);
        }
        current = next;
    }
    Err(LoopyError::Invalid(
        "the reduction modulo infinitesimals did not settle".into(),
    ))
}

/// One round: numbers, then Inf-reversible and Inf-dominated options, then canonical form.
fn reduce_once(s: &Stopper, stop: &StopFlag) -> Result<Stopper, LoopyError> {
    let game = s.game();
    let mut graph = game.graph.clone();
    let n = graph.len();
    // Candidate numbers: a position infinitesimally close to the number x has both strong
    // stops x; the candidate is then checked exactly by ≤_Inf both ways.
    let st = vertex_stops(s, stop)?;
    // Every number once (its positions shared with the other numbers'), so the table below
    // grows by the distinct numbers' positions, not by a copy per position that is close to
    // one.
    let mut arena = Arena::new();
    let mut close: Vec<(u32, GameId)> = Vec::new(); // (vertex, its number)
    for v in 0..n as u32 {
        let (l, r) = st[v as usize];
        if let (Some(x), Some(y)) = (l.strong().number(), r.strong().number()) {
            if x == y {
                let id = arena
                    .number(x)
                    .map_err(|e| LoopyError::TooLarge(format!("the number {x}: {e}")))?;
                close.push((v, id));
            }
        }
    }
    let ids: Vec<GameId> = close.iter().map(|&(_, id)| id).collect();
    let vertices = graph.append_short(&arena, &ids);
    let numbers: Vec<(u32, u32)> = close
        .iter()
        .zip(vertices)
        .map(|(&(v, _), w)| (v, w))
        .collect(); // (vertex, vertex of its number)
    let total = graph.len();
    let t = inf_table(&graph, &graph, stop)?;
    let le = |x: u32, y: u32| t[x as usize * total + y as usize];
    for &(v, w) in &numbers {
        if le(v, w) && le(w, v) && v != w {
            for p in [Player::Left, Player::Right] {
                let opts = graph.options(w, p).to_vec();
                graph.set_options(v, p, opts);
            }
        }
    }
    let mut changed = true;
    let mut guard = 0usize;
    while changed {
        changed = false;
        if stop.is_stopped() {
            return Err(LoopyError::Stopped);
        }
        for v in 0..total as u32 {
            for player in [Player::Left, Player::Right] {
                changed |=
                    simplify_options(&mut graph, v, player, le, &mut guard, "Inf-reversible")?;
            }
        }
    }
    let (packed, _) = graph.pack(game.start);
    Stopper::new_with_stop(
        &LoopyGame {
            graph: packed,
            start: 0,
        },
        stop,
    )
}
