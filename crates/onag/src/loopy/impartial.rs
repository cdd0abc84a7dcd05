//! Loopy impartial games: the loopy nim-values of C. A. B. Smith ("Graphs and composite
//! games", *J. Combinatorial Theory* 1 (1966)), the generalised Sprague–Grundy function of
//! Fraenkel and Yesha ("Theory of annihilation games", 1982; "The generalized Sprague–Grundy
//! function and its invariance under certain mappings", *JCT A* 43 (1986)); *Winning Ways*
//! vol. 2 ch. 12 ("Games Eternal — Games Entailed").
//!
//! An impartial game is a finite digraph: both players have the same moves. Every position
//! gets a **loopy nim-value**: a finite `n`, or `∞_K` where `K` is the set of the finite
//! values of its options (printed `∞` when `K` is empty, else `∞{0,1}`; *Winning Ways* writes
//! the subscript, `∞₀₁`). The value decides the outcome (0 → P, finite ≠ 0 → N, `∞_K` with
//! 0 ∈ K → N, every other `∞_K` → a draw) and the value of a sum: finite values add as nim
//! sums, `n + ∞_K = ∞_{K⊕n}`, and two infinities add to `∞` (a draw).
//!
//! The values are computed by Smith's labelling, one stage per finite value `m = 0, 1, …`:
//! an unlabelled position is labelled `m` when none of its options is labelled `m` and each
//! of its options that is unlabelled (or `∞`) has an option labelled `m` (it "reverses out"
//! through `m`); the labelling is repeated until nothing changes, then every unlabelled
//! position with no option labelled `m` is labelled `∞` — it can never be labelled more than
//! `m`. Positions still unlabelled have an option labelled `m` and go on to stage `m + 1`.
//! Each stage costs O(V + E); there are at most (largest number of options) + 1 stages.

use std::fmt;
use std::ops::Add;

use super::graph::{Graph, LoopyGame};
use super::LoopyError;
use crate::partizan::Player;
use crate::StopFlag;

/// The loopy nim-value of a position of a loopy impartial game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum LoopyNimValue {
    /// A finite value: the position behaves as the nim heap of that size.
    Finite(u32),
    /// `∞_K`: play may go on for ever; `K` (sorted, without repeats) is the set of the finite
    /// values of the position's options.
    Infinite(Vec<u32>),
}

/// The outcome of a position of an impartial game (the same for either player to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ImpartialOutcome {
    /// The previous player wins: the player to move loses.
    P,
    /// The next player (the player to move) wins.
    N,
    /// Neither player can force a win: play goes on for ever.
    D,
}

impl fmt::Display for ImpartialOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ImpartialOutcome::P => "P",
            ImpartialOutcome::N => "N",
            ImpartialOutcome::D => "D",
        })
    }
}

impl LoopyNimValue {
    /// `∞` with no finite option values: a draw whatever it is added to.
    pub fn infinity() -> LoopyNimValue {
        LoopyNimValue::Infinite(Vec::new())
    }

    /// Whether the value is finite.
    pub fn is_finite(&self) -> bool {
        matches!(self, LoopyNimValue::Finite(_))
    }

    /// The outcome the value decides (Smith; *Winning Ways* ch. 12).
    pub fn outcome(&self) -> ImpartialOutcome {
        match self {
            LoopyNimValue::Finite(0) => ImpartialOutcome::P,
            LoopyNimValue::Finite(_) => ImpartialOutcome::N,
            LoopyNimValue::Infinite(k) if k.first() == Some(&0) => ImpartialOutcome::N,
            LoopyNimValue::Infinite(_) => ImpartialOutcome::D,
        }
    }
}

impl Add for &LoopyNimValue {
    type Output = LoopyNimValue;

    /// The value of a sum: nim sum of finite values, `n + ∞_K = ∞_{K⊕n}`, `∞_K + ∞_L = ∞`
    /// (Smith 1966; *Winning Ways* ch. 12).
    #[allow(clippy::suspicious_arithmetic_impl)] // addition of nim-values is XOR
    fn add(self, other: &LoopyNimValue) -> LoopyNimValue {
        use LoopyNimValue::*;
        match (self, other) {
            (Finite(a), Finite(b)) => Finite(a ^ b),
            (Finite(n), Infinite(k)) | (Infinite(k), Finite(n)) => {
                let mut k: Vec<u32> = k.iter().map(|x| x ^ n).collect();
                k.sort_unstable();
                Infinite(k)
            }
            (Infinite(_), Infinite(_)) => LoopyNimValue::infinity(),
        }
    }
}

impl Add for LoopyNimValue {
    type Output = LoopyNimValue;
    fn add(self, other: LoopyNimValue) -> LoopyNimValue {
        &self + &other
    }
}

impl fmt::Display for LoopyNimValue {
    /// `3`, `∞`, `∞{0,2}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyNimValue::Finite(n) => write!(f, "{n}"),
            LoopyNimValue::Infinite(k) if k.is_empty() => f.write_str("∞"),
            LoopyNimValue::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u32::to_string).collect();
                write!(f, "∞{{{}}}", k.join(","))
            }
        }
    }
}

/// The graph of an impartial game given by its options: the same moves for Left and Right.
/// [`LoopyError::Invalid`] when an option is not a vertex.
pub fn impartial_graph(options: &[Vec<u32>]) -> Result<Graph, LoopyError> {
    let mut g = Graph::new();
    for _ in options {
        g.add_vertex();
    }
    for (v, list) in options.iter().enumerate() {
        if let Some(&w) = list.iter().find(|&&w| w as usize >= options.len()) {
            return Err(LoopyError::Invalid(format!(
                "position {v} has an option {w} outside the {} positions",
                options.len()
            )));
        }
        g.set_options(v as u32, Player::Left, list.clone());
        g.set_options(v as u32, Player::Right, list.clone());
    }
    Ok(g)
}

/// Whether Left and Right have the same options at every vertex.
pub fn is_impartial(graph: &Graph) -> bool {
    (0..graph.len() as u32).all(|v| graph.left(v) == graph.right(v))
}

/// The loopy nim-value of every vertex of an impartial `graph` (Smith's labelling; see the
/// module documentation), polling `stop` by work done. [`LoopyError::Invalid`] when Left and
/// Right have different options somewhere.
///
/// # Examples
/// ```
/// use onag::loopy::impartial::{impartial_graph, nim_values, LoopyNimValue, ImpartialOutcome};
///
/// // 0: no move; 1 → 0; 2 → 2 (a pass) or 0; 3 → 2 only; 4 → 4 or 1.
/// let g = impartial_graph(&[vec![], vec![0], vec![2, 0], vec![2], vec![4, 1]]).unwrap();
/// let v = nim_values(&g, &onag::StopFlag::new()).unwrap();
/// assert_eq!(v[1], LoopyNimValue::Finite(1));
/// assert_eq!(v[2].to_string(), "∞{0}"); // a win: move to 0
/// assert_eq!(v[3], LoopyNimValue::Finite(0)); // its one move, to ∞{0}, reverses out through 0
/// assert_eq!(v[4].to_string(), "∞{1}"); // a draw: pass for ever
/// assert_eq!(v[4].outcome(), ImpartialOutcome::D);
/// assert_eq!((&v[1] + &v[2]).to_string(), "∞{1}");
/// ```
pub fn nim_values(graph: &Graph, stop: &StopFlag) -> Result<Vec<LoopyNimValue>, LoopyError> {
    if !is_impartial(graph) {
        return Err(LoopyError::Invalid(
            "not an impartial game: Left and Right have different options".into(),
        ));
    }
    let n = graph.len();
    let opts = |v: usize| graph.left(v as u32);
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for v in 0..n {
        for &w in opts(v) {
            preds[w as usize].push(v as u32);
        }
    }
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Label {
        Open,
        Finite(u32),
        Infinite,
    }
    let mut label = vec![Label::Open; n];
    let mut open: Vec<u32> = (0..n as u32).collect();
    let mut has_m = vec![false; n];
    let mut bad = vec![0u32; n];
    let mut work = 0u64;
    let mut tick = |amount: usize| -> Result<(), LoopyError> {
        let before = work >> 16;
        work += amount as u64 + 1;
        if work >> 16 != before {
            stop.check()?;
        }
        Ok(())
    };
    let mut m = 0u32;
    while !open.is_empty() {
        // bad[u]: options of u that are open or ∞ and have no option labelled m yet.
        has_m.iter_mut().for_each(|h| *h = false);
        let mut queue = Vec::new();
        for &u in &open {
            let u = u as usize;
            bad[u] = opts(u)
                .iter()
                .filter(|&&w| !matches!(label[w as usize], Label::Finite(_)))
                .count() as u32;
            if bad[u] == 0 {
                queue.push(u as u32);
            }
            tick(opts(u).len())?;
        }
        while let Some(u) = queue.pop() {
            let u = u as usize;
            if label[u] != Label::Open || has_m[u] || bad[u] != 0 {
                continue;
            }
            label[u] = Label::Finite(m);
            tick(preds[u].len())?;
            for &p in &preds[u] {
                let p = p as usize;
                if has_m[p] {
                    continue;
                }
                has_m[p] = true;
                // p now reverses out through m: it no longer blocks its predecessors.
                if matches!(label[p], Label::Open | Label::Infinite) {
                    tick(preds[p].len())?;
                    for &q in &preds[p] {
                        let q = q as usize;
                        if label[q] == Label::Open {
                            bad[q] -= 1;
                            if bad[q] == 0 && !has_m[q] {
                                queue.push(q as u32);
                            }
                        }
                    }
                }
            }
        }
        // No option labelled m: never labelled m, nor above (that needs an option m).
        for &u in &open {
            let u = u as usize;
            if label[u] == Label::Open && !has_m[u] {
                label[u] = Label::Infinite;
            }
        }
        open.retain(|&u| label[u as usize] == Label::Open);
        m += 1;
    }
    Ok((0..n)
        .map(|v| match label[v] {
            Label::Finite(x) => LoopyNimValue::Finite(x),
            _ => {
                let mut k: Vec<u32> = opts(v)
                    .iter()
                    .filter_map(|&w| match label[w as usize] {
                        Label::Finite(x) => Some(x),
                        _ => None,
                    })
                    .collect();
                k.sort_unstable();
                k.dedup();
                LoopyNimValue::Infinite(k)
            }
        })
        .collect())
}

/// A best move from `v` given the values of every vertex: to a position of value 0 when `v`
/// is an N-position (a winning move), to a drawn position (`∞_K` with 0 ∉ K) when `v` is a
/// draw (a drawing move), `None` from a P-position (every move loses) or with no move.
pub fn best_move(graph: &Graph, values: &[LoopyNimValue], v: u32) -> Option<u32> {
    let options = graph.left(v);
    match values[v as usize].outcome() {
        ImpartialOutcome::P => None,
        ImpartialOutcome::N => options
            .iter()
            .copied()
            .find(|&w| values[w as usize] == LoopyNimValue::Finite(0)),
        ImpartialOutcome::D => options
            .iter()
            .copied()
            .find(|&w| values[w as usize].outcome() == ImpartialOutcome::D),
    }
}

/// What `onag loopy` and Python show of a loopy impartial game: its value, outcome and best
/// move, and the value of every move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ImpartialReport {
    /// The loopy nim-value (`3`, `∞`, `∞{0,2}`).
    pub value: String,
    /// `P`, `N` or `D` (a draw).
    pub outcome: ImpartialOutcome,
    /// Positions explored.
    pub positions: usize,
    /// The value of each move from the start (the options' vertex order).
    pub move_values: Vec<String>,
    /// The index (into `move_values`) of a winning move (N) or a drawing move (D).
    pub best_move: Option<usize>,
}

/// The report of the impartial game `g` (Left's and Right's options equal).
///
/// # Examples
/// ```
/// use onag::loopy::impartial::{impartial_graph, impartial_report, ImpartialOutcome};
/// use onag::loopy::LoopyGame;
///
/// // 0 → 0 (a pass) or 1; 1 has no move.
/// let g = impartial_graph(&[vec![0, 1], vec![]]).unwrap();
/// let r = impartial_report(&LoopyGame::new(&g, 0).unwrap(), &onag::StopFlag::new()).unwrap();
/// assert_eq!((r.value.as_str(), r.outcome), ("∞{0}", ImpartialOutcome::N));
/// assert_eq!(r.move_values, ["∞{0}", "0"]);
/// assert_eq!(r.best_move, Some(1));
/// ```
pub fn impartial_report(g: &LoopyGame, stop: &StopFlag) -> Result<ImpartialReport, LoopyError> {
    let values = nim_values(&g.graph, stop)?;
    let options = g.graph.left(g.start);
    let best = best_move(&g.graph, &values, g.start);
    Ok(ImpartialReport {
        value: values[g.start as usize].to_string(),
        outcome: values[g.start as usize].outcome(),
        positions: g.graph.len(),
        move_values: options
            .iter()
            .map(|&w| values[w as usize].to_string())
            .collect(),
        best_move: best.and_then(|b| options.iter().position(|&w| w == b)),
    })
}
