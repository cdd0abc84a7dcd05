//! Random loopy game graphs for the loopy property tests.

use onag::loopy::graph::Graph;
use onag::partizan::Player;
use proptest::prelude::*;

/// Graphs of 1 to `n` positions with up to `edges` Left or Right moves between any two
/// positions (cycles and passes included).
pub fn graph_strategy(n: usize, edges: usize) -> impl Strategy<Value = Graph> {
    graph_strategy_with(n, edges, false)
}

/// As [`graph_strategy`]; with `dag`, only moves to a lower-numbered position are kept, so
/// every position is a short game.
pub fn graph_strategy_with(n: usize, edges: usize, dag: bool) -> impl Strategy<Value = Graph> {
    (1..=n).prop_flat_map(move |n| {
        prop::collection::vec((0..n as u32, 0..n as u32, any::<bool>()), 0..=edges).prop_map(
            move |es| {
                let mut g = Graph::new();
                for _ in 0..n {
                    g.add_vertex();
                }
                for (a, b, left) in es {
                    if dag && b >= a {
                        continue;
                    }
                    let p = if left { Player::Left } else { Player::Right };
                    g.add_edge(p, a, b);
                }
                g
            },
        )
    })
}
