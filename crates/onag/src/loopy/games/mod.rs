//! Loopy rulesets: a position type that says its moves ([`LoopyRules`]), explored into a
//! [`LoopyGame`] graph. Unlike [`crate::games::traits::PartizanGame`], positions may repeat.

pub mod backsliding_toads;
pub mod fox_and_geese;
pub mod hare_and_hounds;
pub mod registry;
pub mod wind_up;

use std::collections::HashMap;
use std::hash::Hash;

use super::graph::{Graph, LoopyGame};
use super::LoopyError;
use crate::partizan::Player;

/// A loopy ruleset: a position and the positions each player can move to. Play may come back
/// to a position (the game graph may have cycles).
pub trait LoopyRules: Clone + Eq + Hash {
    /// The positions `player` can move to.
    fn options(&self, player: Player) -> Vec<Self>;

    /// The move to `after` in words, when the ruleset names its moves itself (the faces
    /// otherwise name a move by the square a piece leaves and the square it reaches).
    fn move_label(&self, _after: &Self) -> Option<String> {
        None
    }

    /// Whether both players always have the same moves (an impartial game, valued by Smith's
    /// loopy nim-values rather than as a partizan game).
    fn impartial() -> bool {
        false
    }
}

/// The game graph of every position reachable from `start` (at most `max_positions`).
///
/// # Examples
/// ```
/// use onag::loopy::games::{explore, backsliding_toads::Board};
///
/// let g = explore(&"T.F".parse::<Board>().unwrap(), 1000).unwrap();
/// assert!(g.graph.len() > 1);
/// ```
pub fn explore<G: LoopyRules>(start: &G, max_positions: usize) -> Result<LoopyGame, LoopyError> {
    // an unraised flag: the same exploration as `explore_indexed`, without its index
    explore_indexed(start, max_positions, &crate::StopFlag::new()).map(|(game, _)| game)
}

/// [`explore`] polling `stop`, also returning the vertex of every position.
pub fn explore_indexed<G: LoopyRules>(
    start: &G,
    max_positions: usize,
    stop: &crate::StopFlag,
) -> Result<(LoopyGame, HashMap<G, u32>), LoopyError> {
    let mut index: HashMap<G, u32> = HashMap::new();
    let mut graph = Graph::new();
    let mut todo: Vec<(u32, G)> = Vec::new();
    let root = graph.add_vertex();
    index.insert(start.clone(), root);
    todo.push((root, start.clone()));
    let mut work = 0u32;
    while let Some((v, pos)) = todo.pop() {
        work = work.wrapping_add(1);
        if work.is_multiple_of(16_384) && stop.is_stopped() {
            return Err(LoopyError::Stopped);
        }
        for player in [Player::Left, Player::Right] {
            let mut opts = Vec::new();
            for o in pos.options(player) {
                let w = match index.get(&o) {
                    Some(&w) => w,
                    None => {
                        if graph.len() >= max_positions {
                            return Err(LoopyError::TooLarge(format!(
                                "more than {max_positions} positions"
                            )));
                        }
                        let w = graph.add_vertex();
                        index.insert(o.clone(), w);
                        todo.push((w, o));
                        w
                    }
                };
                opts.push(w);
            }
            graph.set_options(v, player, opts);
        }
    }
    Ok((LoopyGame { graph, start: root }, index))
}
