//! Outcomes with draws by retrograde analysis: the ground truth every value is tested against.
//!
//! Normal play: a player with no move loses; play that never ends is a draw (*Winning Ways*
//! ch. 11; Siegel, *CGT* ch. VI.1). A state is a position and the player to move. Wins and
//! losses are the least fixed point: a state with no move is lost; a state with a move to a lost
//! state is won; a state all of whose moves go to won states is lost. Every other state is a
//! draw.

use std::collections::VecDeque;
use std::fmt;

use super::graph::Graph;
use crate::partizan::Player;
use crate::{StopFlag, Stopped};

/// The result for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Result3 {
    /// The mover loses.
    Loss,
    /// Play goes on for ever.
    Draw,
    /// The mover wins.
    Win,
}

impl fmt::Display for Result3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Result3::Loss => "loss",
            Result3::Draw => "draw",
            Result3::Win => "win",
        })
    }
}

/// The outcome of a loopy game: the result for the mover when Left starts and when Right starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LoopyOutcome {
    /// For Left, when Left moves first.
    pub left_first: Result3,
    /// For Right, when Right moves first.
    pub right_first: Result3,
}

impl LoopyOutcome {
    /// Left's result in both cases, as a pair ordered Left's way (Loss < Draw < Win): (Left
    /// first, Right first). Siegel's order on outcomes (*CGT* VI.1) compares these pairs.
    pub fn for_left(&self) -> (Result3, Result3) {
        let flip = |r| match r {
            Result3::Win => Result3::Loss,
            Result3::Loss => Result3::Win,
            Result3::Draw => Result3::Draw,
        };
        (self.left_first, flip(self.right_first))
    }
}

impl fmt::Display for LoopyOutcome {
    /// The short outcome class (L, R, P, N) when there is no draw, else
    /// `Left first: draw, Right first: loss`-style.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Result3::*;
        match (self.left_first, self.right_first) {
            (Win, Loss) => f.write_str("L"),
            (Loss, Win) => f.write_str("R"),
            (Loss, Loss) => f.write_str("P"),
            (Win, Win) => f.write_str("N"),
            (l, r) => write!(f, "Left first: {l}, Right first: {r}"),
        }
    }
}

/// The state index of `v` with `mover` to move: `2v` for Left, `2v + 1` for Right.
pub(crate) fn state(v: u32, mover: Player) -> usize {
    2 * v as usize + usize::from(mover == Player::Right)
}

/// The one retrograde pass that [`Outcomes`] and [`super::remoteness::Retrograde`] share: the
/// result of every state (`2v` Left to move, `2v + 1` Right), and, when `with_remoteness`,
/// every decided state's remoteness (0 for draws).
///
/// States are decided in order of remoteness (first in, first out): a state with no move is
/// lost at remoteness 0; a state with a move to a lost state of remoteness r is won at r + 1,
/// the first such r being the least; a state all of whose moves go to won states is lost at one
/// more than the last of them to be decided, the greatest (Steinhaus' rule). Results alone do
/// not depend on the order; remoteness does, and the queue gives it for free.
pub(crate) fn retrograde(
    graph: &Graph,
    stop: &StopFlag,
    with_remoteness: bool,
) -> Result<(Vec<Result3>, Option<Vec<u32>>), Stopped> {
    let n = graph.len();
    // Predecessors of each state in one flat array (offsets by state): a million-position
    // game costs a few words per edge rather than a vector per state.
    let mut count = vec![0u32; 2 * n + 1];
    let mut pending = vec![0u32; 2 * n];
    for v in 0..n as u32 {
        for p in [Player::Left, Player::Right] {
            let opts = graph.options(v, p);
            pending[state(v, p)] = opts.len() as u32;
            for &w in opts {
                count[state(w, p.opposite()) + 1] += 1;
            }
        }
    }
    for s in 0..2 * n {
        count[s + 1] += count[s];
    }
    let mut fill = count.clone();
    let mut preds = vec![0u32; count[2 * n] as usize];
    for v in 0..n as u32 {
        for p in [Player::Left, Player::Right] {
            for &w in graph.options(v, p) {
                let t = state(w, p.opposite());
                preds[fill[t] as usize] = state(v, p) as u32;
                fill[t] += 1;
            }
        }
    }
    drop(fill);
    let mut results = vec![Result3::Draw; 2 * n];
    let mut remoteness = if with_remoteness {
        vec![0u32; 2 * n]
    } else {
        Vec::new()
    };
    let mut decided = vec![false; 2 * n];
    let mut queue: VecDeque<usize> = (0..2 * n).filter(|&s| pending[s] == 0).collect();
    for &s in &queue {
        results[s] = Result3::Loss;
        decided[s] = true;
    }
    let mut work = 0u32;
    while let Some(s) = queue.pop_front() {
        work = work.wrapping_add(1);
        if work.is_multiple_of(65_536) {
            stop.check()?;
        }
        for &p in &preds[count[s] as usize..count[s + 1] as usize] {
            let p = p as usize;
            if decided[p] {
                continue;
            }
            let result = if results[s] == Result3::Loss {
                Result3::Win
            } else {
                pending[p] -= 1;
                if pending[p] != 0 {
                    continue;
                }
                Result3::Loss
            };
            results[p] = result;
            if with_remoteness {
                remoteness[p] = remoteness[s] + 1;
            }
            decided[p] = true;
            queue.push_back(p);
        }
    }
    Ok((results, with_remoteness.then_some(remoteness)))
}

/// The results of every state of a graph.
#[derive(Clone, Debug)]
pub struct Outcomes {
    /// `results[2v]`: Left to move at v; `results[2v+1]`: Right to move.
    results: Vec<Result3>,
}

impl Outcomes {
    /// Retrograde analysis of every state of `graph`.
    ///
    /// # Examples
    /// ```
    /// use onag::loopy::{graph::Graph, outcome::{Outcomes, Result3}};
    /// use onag::partizan::Player;
    ///
    /// // a = {0 | a}: Left moves to 0 and wins; Right can only pass back to a.
    /// let mut g = Graph::new();
    /// let (a, zero) = (g.add_vertex(), g.add_vertex());
    /// g.add_edge(Player::Left, a, zero);
    /// g.add_edge(Player::Right, a, a);
    /// let o = Outcomes::of(&g).at(a);
    /// assert_eq!((o.left_first, o.right_first), (Result3::Win, Result3::Loss));
    /// ```
    pub fn of(graph: &Graph) -> Outcomes {
        // a flag nobody else holds is never raised
        Outcomes::of_with_stop(graph, &StopFlag::new()).unwrap_or_else(|_| Outcomes {
            results: vec![Result3::Draw; 2 * graph.len()],
        })
    }

    /// [`Outcomes::of`], polling `stop` as the analysis goes (by work done).
    pub fn of_with_stop(graph: &Graph, stop: &StopFlag) -> Result<Outcomes, Stopped> {
        let (results, _) = retrograde(graph, stop, false)?;
        Ok(Outcomes { results })
    }

    /// The result for `mover` moving first at `v`.
    pub fn result(&self, v: u32, mover: Player) -> Result3 {
        self.results[state(v, mover)]
    }

    /// The outcome at `v`.
    pub fn at(&self, v: u32) -> LoopyOutcome {
        LoopyOutcome {
            left_first: self.result(v, Player::Left),
            right_first: self.result(v, Player::Right),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::remoteness::Retrograde;
    use crate::splitmix::SplitMix64;

    /// Both modes of the one pass give the same results (the remoteness itself is checked
    /// against its definition in `remoteness.rs`).
    #[test]
    fn results_do_not_depend_on_recording_remoteness() {
        let mut rng = SplitMix64::new(3434);
        for _ in 0..2000 {
            let n = 1 + (rng.next_u64() % 12) as u32;
            let mut g = Graph::new();
            for _ in 0..n {
                g.add_vertex();
            }
            for v in 0..n {
                for p in [Player::Left, Player::Right] {
                    for _ in 0..rng.next_u64() % 4 {
                        g.add_edge(p, v, (rng.next_u64() % n as u64) as u32);
                    }
                }
            }
            let stop = StopFlag::new();
            let (o, r) = (Outcomes::of(&g), Retrograde::of(&g, &stop).unwrap());
            for v in 0..n {
                for p in [Player::Left, Player::Right] {
                    assert_eq!(o.result(v, p), r.result(v, p));
                }
            }
        }
    }
}
