//! Onsides and offsides by sidling (*Winning Ways* ch. 11 "sidling"; Siegel, *CGT* ch. VI.4).
//!
//! The onside G⁺ is the value of G when infinite play counts as a win for Left, the offside G⁻
//! when it counts for Right; G = G⁺ & G⁻ when both are stoppers. Sidling computes G⁺ as the
//! limit of approximations S₀ ≥ S₁ ≥ … with S_{n+1}(v) = {S_n(v^L) | S_n(v^R)} at every
//! position v, starting from on. Here every position whose own game is a stopper starts at its
//! value instead (a stopper is its own onside, and it is a fixed point of the step), which
//! keeps the sequence between the true onside and WW's; when it settles (S_{n+1} = S_n at every
//! position) it has reached the onside. The offside is −(−G)⁺.
//!
//! Sidling may only converge in the limit (as for games like Bach's Carousel, which have no
//! stopper sides at all): after a bounded number of rounds [`sides`] answers that it found no
//! stopper sides, never a value it has not proven.

use super::graph::{Graph, LoopyGame};
use super::stopper::Stopper;
use super::LoopyError;
use crate::partizan::Player;
use crate::StopFlag;

/// The onside and offside of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sides {
    /// G⁺.
    pub onside: Stopper,
    /// G⁻.
    pub offside: Stopper,
}

/// Rounds of sidling tried before answering that no stopper side was found.
pub const MAX_ROUNDS: usize = 64;

/// The onside of `g`, or `None` if sidling did not settle within `rounds` rounds.
pub fn onside(
    g: &LoopyGame,
    rounds: usize,
    stop: &StopFlag,
) -> Result<Option<Stopper>, LoopyError> {
    Ok(sidle(g, rounds, stop)?.ok())
}

/// Sidling towards the onside: the onside when the approximations settle, else the sizes of
/// the start's last approximations (how they were still moving).
fn sidle(
    g: &LoopyGame,
    rounds: usize,
    stop: &StopFlag,
) -> Result<Result<Stopper, Vec<usize>>, LoopyError> {
    let graph = &g.graph;
    let n = graph.len();
    let on = Stopper::new(&LoopyGame::on())?;
    // The start: each position's value if its game is a stopper, else on.
    let mut approx: Vec<Stopper> = Vec::with_capacity(n);
    let mut fixed = vec![false; n];
    for v in 0..n as u32 {
        let sub = LoopyGame::new(graph, v)?;
        if sub.is_stopper() {
            approx.push(Stopper::new_with_stop(&sub, stop)?);
            fixed[v as usize] = true;
        } else {
            approx.push(on.clone());
        }
    }
    let mut sizes = vec![approx[g.start as usize].game().graph.len()];
    // S_{n+1}(v) depends only on the S_n of v's options, so a position none of whose options
    // changed in the last round keeps its approximation: only the others are recomputed (the
    // first round recomputes all).
    let mut moved = vec![true; n];
    for _ in 0..rounds {
        if stop.is_stopped() {
            return Err(LoopyError::Stopped);
        }
        let mut next = approx.clone();
        let mut next_moved = vec![false; n];
        for v in 0..n as u32 {
            if fixed[v as usize] {
                continue;
            }
            let (left, right) = (graph.left(v), graph.right(v));
            if !left.iter().chain(right).any(|&w| moved[w as usize]) {
                continue;
            }
            let s = from_options(
                left.iter().map(|&w| &approx[w as usize]),
                right.iter().map(|&w| &approx[w as usize]),
                stop,
            )?;
            if !s.equals(&approx[v as usize])? {
                next_moved[v as usize] = true;
            }
            next[v as usize] = s;
        }
        approx = next;
        moved = next_moved;
        if !moved.contains(&true) {
            return Ok(Ok(approx.swap_remove(g.start as usize)));
        }
        sizes.push(approx[g.start as usize].game().graph.len());
    }
    Ok(Err(sizes))
}

/// Which side of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// G⁺, infinite play counted for Left.
    Onside,
    /// G⁻, infinite play counted for Right.
    Offside,
}

/// Why sidling gave no sided value: a side whose approximations had not settled after
/// [`Unsettled::rounds`] rounds. This is not a proof that the side is not a stopper — only
/// that sidling did not reach one: a side may be a stopper that the approximations reach only
/// in the limit (over + upon's offside is not reached here), or no stopper at all, as for
/// Bach's Carousel (*Winning Ways* ch. 11; CGSuite's loopy tutorial), whose sidling never
/// settles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsettled {
    /// The side that did not settle (the onside is sidled first).
    pub side: Side,
    /// Rounds tried.
    pub rounds: usize,
    /// Positions of the start's canonical approximation before the first round and after
    /// every round (a side that keeps growing has no finite stopper in sight).
    pub sizes: Vec<usize>,
}

impl std::fmt::Display for Unsettled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = match self.side {
            Side::Onside => "onside",
            Side::Offside => "offside",
        };
        let (first, last) = (
            self.sizes.first().copied().unwrap_or(0),
            self.sizes.last().copied().unwrap_or(0),
        );
        write!(
            f,
            "no sided value: sidling did not settle — the {side}'s approximations still changed \
             at round {} (the start's approximation went from {first} to {last} positions), so \
             no stopper side was reached and no value is claimed (a side may be a stopper that \
             sidling reaches only in the limit, or no stopper at all, as for Bach's Carousel, \
             Winning Ways ch. 11)",
            self.rounds
        )
    }
}

/// The stopper {L₁, L₂, … | R₁, …} of stopper options.
fn from_options<'a>(
    left: impl Iterator<Item = &'a Stopper>,
    right: impl Iterator<Item = &'a Stopper>,
    stop: &StopFlag,
) -> Result<Stopper, LoopyError> {
    let mut graph = Graph::new();
    let root = graph.add_vertex();
    for (player, opts) in [
        (Player::Left, left.collect::<Vec<_>>()),
        (Player::Right, right.collect()),
    ] {
        for o in opts {
            let offset = graph.append(&o.game().graph);
            graph.add_edge(player, root, offset + o.game().start);
        }
    }
    Stopper::new_with_stop(&LoopyGame::new(&graph, root)?, stop)
}

/// Both sides of `g` by sidling, or `None` when either did not settle within
/// [`MAX_ROUNDS`] rounds (no stopper sides found; [`sidling`] says why).
///
/// # Examples
/// ```
/// use onag::loopy::{name::name, parse::parse_loopy, sides::sides};
///
/// let s = sides(&parse_loopy("dud").unwrap(), &onag::StopFlag::new()).unwrap().unwrap();
/// assert_eq!((name(&s.onside), name(&s.offside)), ("on".into(), "off".into()));
/// let s = sides(&parse_loopy("tis").unwrap(), &onag::StopFlag::new()).unwrap().unwrap();
/// assert_eq!((name(&s.onside), name(&s.offside)), ("1".into(), "0".into()));
/// ```
pub fn sides(g: &LoopyGame, stop: &StopFlag) -> Result<Option<Sides>, LoopyError> {
    Ok(sidling(g, stop)?.ok())
}

/// Both sides of `g` by sidling ([`MAX_ROUNDS`] rounds each), or why none was reached.
///
/// # Examples
/// ```
/// use onag::loopy::{parse::parse_loopy, sides::{sidling, Side}};
///
/// // Bach's Carousel as CGSuite's loopy tutorial writes it (Winning Ways ch. 11)
/// let bach = parse_loopy("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}").unwrap();
/// let why = sidling(&bach, &onag::StopFlag::new()).unwrap().unwrap_err();
/// assert!(why.to_string().starts_with("no sided value: sidling did not settle"));
/// ```
pub fn sidling(g: &LoopyGame, stop: &StopFlag) -> Result<Result<Sides, Unsettled>, LoopyError> {
    let unsettled = |side, sizes| Unsettled {
        side,
        rounds: MAX_ROUNDS,
        sizes,
    };
    let onside = match sidle(g, MAX_ROUNDS, stop)? {
        Ok(s) => s,
        Err(sizes) => return Ok(Err(unsettled(Side::Onside, sizes))),
    };
    let neg = match sidle(&g.neg(), MAX_ROUNDS, stop)? {
        Ok(s) => s,
        Err(sizes) => return Ok(Err(unsettled(Side::Offside, sizes))),
    };
    Ok(Ok(Sides {
        onside,
        offside: neg.neg(),
    }))
}

impl Sides {
    /// The outcome the sides predict: Left moving first wins iff G⁻ ≰ 0 and survives (wins
    /// or draws) iff G⁺ ≰ 0; Right likewise with G⁺ ≱ 0 and G⁻ ≱ 0.
    pub fn predicted_outcome(&self) -> Result<super::outcome::LoopyOutcome, LoopyError> {
        use super::outcome::Result3;
        let zero = Stopper::new(&LoopyGame::zero())?;
        let left_first = if !self.offside.le(&zero)? {
            Result3::Win
        } else if !self.onside.le(&zero)? {
            Result3::Draw
        } else {
            Result3::Loss
        };
        let right_first = if !zero.le(&self.onside)? {
            Result3::Win
        } else if !zero.le(&self.offside)? {
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
