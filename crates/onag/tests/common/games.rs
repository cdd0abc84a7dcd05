//! Random partizan games for property tests: trees of options over `number + ups + star` leaves.

use std::ops::Range;

use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::{Arena, GameId};
use proptest::prelude::*;

/// A random game: a leaf `n/2^e + u·↑ + *s`, or `{left | right}` of subtrees.
#[derive(Clone, Debug)]
pub enum Tree {
    /// `n / 2^e + u·↑ + *s`.
    Leaf(i64, u32, i64, u32),
    /// `{left | right}`.
    Node(Vec<Tree>, Vec<Tree>),
}

/// The shape of random trees: leaf ranges (`|n| ≤ number`, `e ≤ exp`, `|u| ≤ ups`,
/// `s ≤ star`), then proptest's recursion `depth`, desired `size` and expected `branch` size,
/// and how many options each side of a node has.
pub struct Shape {
    pub number: i64,
    pub exp: u32,
    pub ups: i64,
    pub star: u32,
    pub depth: u32,
    pub size: u32,
    pub branch: u32,
    pub options: Range<usize>,
}

/// Random trees of the given shape.
pub fn trees(shape: Shape) -> impl Strategy<Value = Tree> {
    let Shape {
        number,
        exp,
        ups,
        star,
        depth,
        size,
        branch,
        options,
    } = shape;
    let leaf = (-number..=number, 0..=exp, -ups..=ups, 0..=star)
        .prop_map(|(n, e, u, s)| Tree::Leaf(n, e, u, s));
    leaf.prop_recursive(depth, size, branch, move |inner| {
        (
            prop::collection::vec(inner.clone(), options.clone()),
            prop::collection::vec(inner, options.clone()),
        )
            .prop_map(|(l, r)| Tree::Node(l, r))
    })
}

/// The game of a tree, built (and canonicalised) in `arena`.
pub fn build(arena: &mut Arena, tree: &Tree) -> GameId {
    match tree {
        Tree::Leaf(n, e, u, s) => {
            let number = Dyadic::new(*n, *e).expect("small leaves are dyadic");
            arena.nus(number, *u, *s).expect("small leaves fit")
        }
        Tree::Node(l, r) => {
            let l: Vec<_> = l.iter().map(|t| build(arena, t)).collect();
            let r: Vec<_> = r.iter().map(|t| build(arena, t)).collect();
            arena.from_options(&l, &r).expect("small games fit")
        }
    }
}

/// The deeper trees of the `ci_*` property tests (20,000 pairs each): leaves up to ±6 with
/// denominators up to 8, ±2·↑ and *3, five levels, up to four options a side.
pub fn deep_trees() -> impl Strategy<Value = Tree> {
    trees(Shape {
        number: 6,
        exp: 3,
        ups: 2,
        star: 3,
        depth: 5,
        size: 64,
        branch: 4,
        options: 0..4,
    })
}
