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
    for _ in 0..rounds {
        if stop.is_stopped() {
            return Err(LoopyError::Stopped);
        }
        let mut next = approx.clone();
        let mut changed = false;
        for v in 0..n as u32 {
            if fixed[v as usize] {
                continue;
            }
            let s = from_options(
                graph.left(v).iter().map(|&w| &approx[w as usize]),
                graph.right(v).iter().map(|&w| &approx[w as usize]),
                stop,
            )?;
            if !s.equals(&approx[v as usize])? {
                changed = true;
            }
            next[v as usize] = s;
        }
        approx = next;
        if !changed {
            return Ok(Some(approx.swap_remove(g.start as usize)));
        }
    }
    Ok(None)
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
/// [`MAX_ROUNDS`] rounds (no stopper sides found).
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
    let Some(onside) = onside(g, MAX_ROUNDS, stop)? else {
        return Ok(None);
    };
    let Some(neg) = onside_of_negative(g, stop)? else {
        return Ok(None);
    };
    Ok(Some(Sides {
        onside,
        offside: neg.neg(),
    }))
}

fn onside_of_negative(g: &LoopyGame, stop: &StopFlag) -> Result<Option<Stopper>, LoopyError> {
    onside(&g.neg(), MAX_ROUNDS, stop)
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
