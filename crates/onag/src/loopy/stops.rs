//! Left and right stops of stoppers, which are *pseudonumbers*: numbers, `on`, `off`, and
//! x + over = {x|pass}, x + under = {pass|x}.
//!
//! In a stopper no play alternates for ever (Siegel, *Combinatorial Game Theory* ch. VI.2), so
//! the stops are defined as for short games, by alternating play that ends at a pseudonumber
//! (Siegel, *CGT* ch. VI; *Winning Ways* ch. 11 "stoppers have stops"; CGSuite computes them
//! the same way):
//!
//! - a pseudonumber p has L(p) = R(p) = p;
//! - otherwise L(G) = max over Left options of R(G^L), R(G) = min over Right options of L(G^R).
//!
//! Pseudonumbers are totally ordered: off < x under < x < x over < y under < … < on for
//! numbers x < y. The *strong* stop forgets over and under (CGSuite's `strongStop`). Where the
//! strong stops are one number x (G is x plus an infinitesimal stopper), the mean is x; a short
//! stopper's mean is its short mean; other means are not defined here (`docs/loopy.md`).

use std::cmp::Ordering;
use std::fmt;

use super::graph::Graph;
use super::name::short_values;
use super::stopper::Stopper;
use super::LoopyError;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::game::Arena;
use crate::partizan::Player;
use crate::StopFlag;

/// A pseudonumber: the value a stop of a stopper takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pseudonumber {
    /// off = {|pass}, below everything.
    Off,
    /// x + under = {pass|x}, just below x.
    Under(Dyadic),
    /// The number x.
    Number(Dyadic),
    /// x + over = {x|pass}, just above x.
    Over(Dyadic),
    /// on = {pass|}, above everything.
    On,
}

impl Pseudonumber {
    /// The number part (`None` for on and off): CGSuite's strong stop.
    pub fn number(self) -> Option<Dyadic> {
        match self {
            Pseudonumber::Under(x) | Pseudonumber::Number(x) | Pseudonumber::Over(x) => Some(x),
            Pseudonumber::On | Pseudonumber::Off => None,
        }
    }

    /// Without over or under: x for x over and x under, else itself.
    pub fn strong(self) -> Pseudonumber {
        match self {
            Pseudonumber::Under(x) | Pseudonumber::Over(x) => Pseudonumber::Number(x),
            p => p,
        }
    }

    fn key(self) -> (u8, Option<Dyadic>, i8) {
        match self {
            Pseudonumber::Off => (0, None, 0),
            Pseudonumber::Under(x) => (1, Some(x), -1),
            Pseudonumber::Number(x) => (1, Some(x), 0),
            Pseudonumber::Over(x) => (1, Some(x), 1),
            Pseudonumber::On => (2, None, 0),
        }
    }
}

impl Ord for Pseudonumber {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Pseudonumber {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Pseudonumber {
    /// As the loopy notation writes them (`3/2over`, `under`, `on`), so they parse back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = |x: &Dyadic| {
            if x.numerator() == 0 {
                String::new()
            } else {
                x.to_string()
            }
        };
        match self {
            Pseudonumber::Off => f.write_str("off"),
            Pseudonumber::On => f.write_str("on"),
            Pseudonumber::Number(x) => write!(f, "{x}"),
            Pseudonumber::Over(x) => write!(f, "{}over", prefix(x)),
            Pseudonumber::Under(x) => write!(f, "{}under", prefix(x)),
        }
    }
}

/// The stops of a stopper and, where defined, its mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stops {
    /// L(G).
    pub left: Pseudonumber,
    /// R(G).
    pub right: Pseudonumber,
    /// The mean where it is defined: the short mean of a short stopper, x where both strong
    /// stops are the number x.
    pub mean: Option<Dyadic>,
}

/// The pseudonumber a vertex of a canonical graph is, if it is one.
fn pseudonumber_at(graph: &Graph, shorts: &[Option<Dyadic>], v: u32) -> Option<Pseudonumber> {
    if let Some(x) = shorts[v as usize] {
        return Some(Pseudonumber::Number(x));
    }
    let number = |w: u32| shorts[w as usize];
    match (graph.left(v), graph.right(v)) {
        ([a], []) if *a == v => Some(Pseudonumber::On),
        ([], [a]) if *a == v => Some(Pseudonumber::Off),
        ([a], [x]) if *a == v => number(*x).map(Pseudonumber::Under),
        ([x], [a]) if *a == v => number(*x).map(Pseudonumber::Over),
        _ => None,
    }
}

/// The left and right stops of the stopper `s` (and its mean where defined).
///
/// # Examples
/// ```
/// use onag::loopy::{parse::parse_loopy, stopper::Stopper, stops::{stops, Pseudonumber}};
///
/// let s = Stopper::new(&parse_loopy("{on|3/2under}").unwrap()).unwrap();
/// let st = stops(&s, &onag::StopFlag::new()).unwrap();
/// assert_eq!((st.left.to_string(), st.right.to_string()), ("on".into(), "3/2under".into()));
/// // upon = {pass|*} is infinitesimal: both stops are 0, and so is its mean.
/// let st = stops(&Stopper::new(&parse_loopy("upon").unwrap()).unwrap(), &onag::StopFlag::new()).unwrap();
/// assert_eq!((st.left, st.right), (Pseudonumber::Number(0.into()), Pseudonumber::Number(0.into())));
/// assert_eq!(st.mean, Some(0.into()));
/// ```
pub fn stops(s: &Stopper, stop: &StopFlag) -> Result<Stops, LoopyError> {
    stops_from(s, &[s.game().start], stop).map(|(st, _)| st)
}

/// The left and right stops of every position of the canonical graph of `s` (indexed by
/// vertex), used by [`super::thermo`] to choose the leaves of the unrolling.
pub fn vertex_stops(
    s: &Stopper,
    stop: &StopFlag,
) -> Result<Vec<(Pseudonumber, Pseudonumber)>, LoopyError> {
    let roots: Vec<u32> = (0..s.game().graph.len() as u32).collect();
    stops_from(s, &roots, stop).map(|(_, all)| all)
}

/// The stops of the start (with its mean) and of every vertex reached from `roots`.
fn stops_from(
    s: &Stopper,
    roots: &[u32],
    stop: &StopFlag,
) -> Result<(Stops, Vec<(Pseudonumber, Pseudonumber)>), LoopyError> {
    let game = s.game();
    let graph = &game.graph;
    let mut arena = Arena::new();
    let short_ids = short_values(&mut arena, graph)
        .map_err(|e| LoopyError::TooLarge(format!("a short position: {e}")))?;
    let shorts: Vec<Option<Dyadic>> = short_ids
        .iter()
        .map(|g| g.and_then(|g| arena.as_number(g)))
        .collect();
    let n = graph.len();
    let state = |v: u32, p: Player| 2 * v as usize + usize::from(p == Player::Right);
    let mut value: Vec<Option<Pseudonumber>> = vec![None; 2 * n];
    let mut on_stack = vec![false; 2 * n];
    // Depth-first over (position, player to move); alternating play in a stopper is finite,
    // so the states form a directed acyclic graph and every state is finished once.
    let starts = std::iter::once(game.start).chain(roots.iter().copied());
    for root in starts.flat_map(|v| [(v, Player::Left), (v, Player::Right)]) {
        if value[state(root.0, root.1)].is_some() {
            continue;
        }
        let mut stack: Vec<(u32, Player)> = vec![root];
        let mut work = 0u32;
        while let Some(&(v, p)) = stack.last() {
            work = work.wrapping_add(1);
            if work.is_multiple_of(4096) && stop.is_stopped() {
                return Err(LoopyError::Stopped);
            }
            let sv = state(v, p);
            if value[sv].is_some() {
                stack.pop();
                continue;
            }
            if let Some(x) = pseudonumber_at(graph, &shorts, v) {
                value[sv] = Some(x);
                on_stack[sv] = false;
                stack.pop();
                continue;
            }
            let opts = graph.options(v, p);
            if opts.is_empty() {
                // A canonical stopper with no move for one side is a pseudonumber; anything
                // else is not a canonical stopper.
                return Err(LoopyError::Invalid(
                    "a position with no move that is not a pseudonumber".into(),
                ));
            }
            let q = p.opposite();
            let pending: Vec<u32> = opts
                .iter()
                .copied()
                .filter(|&w| value[state(w, q)].is_none())
                .collect();
            if pending.is_empty() {
                let vals = opts.iter().filter_map(|&w| value[state(w, q)]);
                value[sv] = match p {
                    Player::Left => vals.max(),
                    Player::Right => vals.min(),
                };
                on_stack[sv] = false;
                stack.pop();
            } else {
                on_stack[sv] = true;
                for w in pending {
                    if on_stack[state(w, q)] {
                        return Err(LoopyError::NotStopper);
                    }
                    stack.push((w, q));
                }
            }
        }
    }
    let (left, right) = match (
        value[state(game.start, Player::Left)],
        value[state(game.start, Player::Right)],
    ) {
        (Some(l), Some(r)) => (l, r),
        _ => return Err(LoopyError::Invalid("stops not found".into())),
    };
    let mean = if let Some(g) = short_ids[game.start as usize] {
        arena.mean_and_temperature(g).ok().map(|(m, _)| m)
    } else {
        match (left.strong(), right.strong()) {
            (Pseudonumber::Number(a), Pseudonumber::Number(b)) if a == b => Some(a),
            _ => None,
        }
    };
    let all = (0..n as u32)
        .map(|v| {
            match (
                value[state(v, Player::Left)],
                value[state(v, Player::Right)],
            ) {
                (Some(l), Some(r)) => (l, r),
                // not reached from the roots asked
                _ => (Pseudonumber::Off, Pseudonumber::On),
            }
        })
        .collect();
    Ok((Stops { left, right, mean }, all))
}
