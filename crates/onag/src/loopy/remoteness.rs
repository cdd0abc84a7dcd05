//! Outcomes with draws and remoteness: how many moves a won or lost state lasts under best
//! play, the winner hurrying and the loser stalling (Steinhaus' rule, as in [`crate::remoteness`],
//! extended to games with cycles: a state that is neither won nor lost is a draw and has no
//! remoteness). This is what a computer opponent of a loopy game needs: the quickest win, the
//! slowest loss, else a move that keeps the draw.
//!
//! The analysis is the one retrograde pass of [`super::outcome`] (which [`super::outcome::Outcomes`]
//! shares), processed in order of remoteness (first in, first out): a state with no move is lost at remoteness 0; a state with a move to
//! a lost state of remoteness r is won at r + 1, the first such r being the least; a state all
//! of whose moves go to won states is lost at one more than the last of them to be decided, the
//! greatest. Every state still undecided is a draw (*Winning Ways* ch. 11; Siegel,
//! *Combinatorial Game Theory* ch. VI.1).

use super::graph::Graph;
use super::outcome::{retrograde, state, Result3};
use crate::partizan::Player;
use crate::{StopFlag, Stopped};

/// The result and remoteness of every state (a position and the player to move) of a graph.
#[derive(Clone, Debug)]
pub struct Retrograde {
    results: Vec<Result3>,
    remoteness: Vec<u32>,
}

impl Retrograde {
    /// Retrograde analysis of every state of `graph`, polling `stop` by work done.
    ///
    /// # Examples
    /// ```
    /// use onag::loopy::{graph::Graph, outcome::Result3, remoteness::Retrograde};
    /// use onag::partizan::Player;
    ///
    /// // a = {b | a}, b = { | }: Left moves to b, where Right cannot move (a win in 1).
    /// let mut g = Graph::new();
    /// let (a, b) = (g.add_vertex(), g.add_vertex());
    /// g.add_edge(Player::Left, a, b);
    /// g.add_edge(Player::Right, a, a);
    /// let r = Retrograde::of(&g, &onag::StopFlag::new()).unwrap();
    /// assert_eq!((r.result(a, Player::Left), r.remoteness(a, Player::Left)), (Result3::Win, Some(1)));
    /// // Right can only pass, and then Left wins: Right loses in 2.
    /// assert_eq!((r.result(a, Player::Right), r.remoteness(a, Player::Right)), (Result3::Loss, Some(2)));
    /// ```
    pub fn of(graph: &Graph, stop: &StopFlag) -> Result<Retrograde, Stopped> {
        let (results, remoteness) = retrograde(graph, stop, true)?;
        Ok(Retrograde {
            results,
            remoteness: remoteness.unwrap_or_default(),
        })
    }

    /// The result for `mover` moving first at `v`.
    pub fn result(&self, v: u32, mover: Player) -> Result3 {
        self.results[state(v, mover)]
    }

    /// The moves left under best play from `v` with `mover` to move (the winner hurrying, the
    /// loser stalling); `None` for a draw.
    pub fn remoteness(&self, v: u32, mover: Player) -> Option<u32> {
        let s = state(v, mover);
        (self.results[s] != Result3::Draw).then_some(self.remoteness[s])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::outcome::Outcomes;
    use crate::splitmix::SplitMix64;

    /// Remoteness by its definition, iterated to a fixed point over every state: a won state's
    /// remoteness is 1 + the least remoteness of a lost option, a lost state's 1 + the greatest
    /// remoteness of its (won) options; starting from "unknown" everywhere and improving until
    /// nothing changes.
    fn by_definition(graph: &Graph) -> Vec<Option<(Result3, u32)>> {
        let n = graph.len();
        let mut known: Vec<Option<(Result3, u32)>> = vec![None; 2 * n];
        loop {
            let mut changed = false;
            for v in 0..n as u32 {
                for p in [Player::Left, Player::Right] {
                    let opts: Vec<Option<(Result3, u32)>> = graph
                        .options(v, p)
                        .iter()
                        .map(|&w| known[state(w, p.opposite())])
                        .collect();
                    let wins = opts
                        .iter()
                        .filter_map(|o| match o {
                            Some((Result3::Loss, r)) => Some(r + 1),
                            _ => None,
                        })
                        .min();
                    let new = if let Some(r) = wins {
                        Some((Result3::Win, r))
                    } else if opts.iter().all(|o| matches!(o, Some((Result3::Win, _)))) {
                        let r = opts.iter().map(|o| o.unwrap().1 + 1).max().unwrap_or(0);
                        Some((Result3::Loss, r))
                    } else {
                        None
                    };
                    if new != known[state(v, p)] && new.is_some() {
                        known[state(v, p)] = new;
                        changed = true;
                    }
                }
            }
            if !changed {
                return known;
            }
        }
    }

    #[test]
    fn agrees_with_the_definition_and_the_outcomes_on_random_graphs() {
        let mut rng = SplitMix64::new(34);
        for _ in 0..300 {
            let n = 1 + (rng.next_u64() % 9) as u32;
            let mut g = Graph::new();
            for _ in 0..n {
                g.add_vertex();
            }
            for v in 0..n {
                for p in [Player::Left, Player::Right] {
                    for _ in 0..rng.next_u64() % 3 {
                        g.add_edge(p, v, (rng.next_u64() % n as u64) as u32);
                    }
                }
            }
            let r = Retrograde::of(&g, &StopFlag::new()).unwrap();
            let o = Outcomes::of(&g);
            let d = by_definition(&g);
            for v in 0..n {
                for p in [Player::Left, Player::Right] {
                    assert_eq!(r.result(v, p), o.result(v, p));
                    let want = d[state(v, p)];
                    let got = r.remoteness(v, p).map(|k| (r.result(v, p), k));
                    assert_eq!(got, want, "vertex {v}, {p:?} to move");
                }
            }
        }
    }
}
