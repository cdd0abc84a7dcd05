//! A loopy game as a finite graph of positions with Left and Right edges (Siegel, *Combinatorial
//! Game Theory*, ch. VI.1: a loopy game is a finite directed "bigraph" with a start vertex).
//! Cycles are allowed; an edge from a vertex to itself is a `pass`.

use std::collections::HashMap;

use super::LoopyError;
use crate::partizan::game::{Arena, GameId};
use crate::partizan::Player;

/// Largest graph the library builds (sums multiply sizes; every vertex costs a few words).
pub const MAX_VERTICES: usize = 1 << 22;

/// A finite game graph: for every vertex, its Left options and its Right options (vertex
/// indices). Options are kept sorted and without repeats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Graph {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl Graph {
    /// An empty graph.
    pub fn new() -> Graph {
        Graph::default()
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// Adds a vertex with no options and returns it.
    pub fn add_vertex(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as u32
    }

    /// Adds the edge `from → to` for `player` (no effect if it is already there).
    ///
    /// # Panics
    /// If `from` or `to` is not a vertex of the graph.
    pub fn add_edge(&mut self, player: Player, from: u32, to: u32) {
        assert!((to as usize) < self.len(), "edge to a missing vertex");
        let list = match player {
            Player::Left => &mut self.left[from as usize],
            Player::Right => &mut self.right[from as usize],
        };
        if let Err(at) = list.binary_search(&to) {
            list.insert(at, to);
        }
    }

    /// The options of `v` for `player`.
    pub fn options(&self, v: u32, player: Player) -> &[u32] {
        match player {
            Player::Left => &self.left[v as usize],
            Player::Right => &self.right[v as usize],
        }
    }

    /// The Left options of `v`.
    pub fn left(&self, v: u32) -> &[u32] {
        &self.left[v as usize]
    }

    /// The Right options of `v`.
    pub fn right(&self, v: u32) -> &[u32] {
        &self.right[v as usize]
    }

    /// Replaces the options of `v` for `player`.
    pub(crate) fn set_options(&mut self, v: u32, player: Player, mut to: Vec<u32>) {
        to.sort_unstable();
        to.dedup();
        match player {
            Player::Left => self.left[v as usize] = to,
            Player::Right => self.right[v as usize] = to,
        }
    }

    /// The same graph with Left and Right exchanged: vertex v of the result is −v.
    pub fn negated(&self) -> Graph {
        Graph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// The vertices reachable from `start` (by either player's edges), `start` first, in
    /// breadth-first order.
    pub fn reachable(&self, start: u32) -> Vec<u32> {
        let mut seen = vec![false; self.len()];
        let mut order = vec![start];
        seen[start as usize] = true;
        let mut i = 0;
        while i < order.len() {
            let v = order[i];
            i += 1;
            for &w in self.left(v).iter().chain(self.right(v)) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    order.push(w);
                }
            }
        }
        order
    }

    /// The subgraph reachable from `start`, renumbered in breadth-first order (`start` is 0),
    /// and for each old vertex its new index (`u32::MAX` if unreachable).
    pub fn pack(&self, start: u32) -> (Graph, Vec<u32>) {
        let order = self.reachable(start);
        let mut index = vec![u32::MAX; self.len()];
        for (i, &v) in order.iter().enumerate() {
            index[v as usize] = i as u32;
        }
        let map = |list: &[u32]| list.iter().map(|&w| index[w as usize]).collect::<Vec<_>>();
        let mut g = Graph::new();
        for &v in &order {
            g.add_vertex();
            let n = g.len() as u32 - 1;
            g.set_options(n, Player::Left, map(self.left(v)));
            g.set_options(n, Player::Right, map(self.right(v)));
        }
        (g, index)
    }

    /// Appends a copy of `other`; returns the offset of its vertices in `self`.
    pub fn append(&mut self, other: &Graph) -> u32 {
        let offset = self.len() as u32;
        for v in 0..other.len() as u32 {
            self.left
                .push(other.left(v).iter().map(|&w| w + offset).collect());
            self.right
                .push(other.right(v).iter().map(|&w| w + offset).collect());
        }
        offset
    }

    /// Appends the short games `games` of `arena` as loop-free positions, each subposition
    /// once however many of the games share it (numbers share their whole chains); returns
    /// each game's vertex.
    pub fn append_short(&mut self, arena: &Arena, games: &[GameId]) -> Vec<u32> {
        let mut index = HashMap::new();
        games
            .iter()
            .map(|&g| short_vertex(arena, g, self, &mut index))
            .collect()
    }

    /// Whether a cycle (of any edges) is reachable from `v`: if not, `v` is a short game.
    pub fn loopfree_vertices(&self) -> Vec<bool> {
        // Kahn's algorithm on the reversed graph: a vertex is loop-free once all its options are.
        let n = self.len();
        let mut pending: Vec<u32> = (0..n)
            .map(|v| (self.left[v].len() + self.right[v].len()) as u32)
            .collect();
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for v in 0..n {
            for &w in self.left[v].iter().chain(&self.right[v]) {
                preds[w as usize].push(v as u32);
            }
        }
        let mut free = vec![false; n];
        let mut queue: Vec<u32> = (0..n as u32)
            .filter(|&v| pending[v as usize] == 0)
            .collect();
        while let Some(v) = queue.pop() {
            free[v as usize] = true;
            for &p in &preds[v as usize] {
                pending[p as usize] -= 1;
                if pending[p as usize] == 0 {
                    queue.push(p);
                }
            }
        }
        free
    }
}

/// A loopy game: a [`Graph`] and its start vertex.
///
/// # Examples
/// ```
/// use onag::loopy::LoopyGame;
/// use onag::loopy::outcome::Result3;
///
/// let on = LoopyGame::on();
/// // on = {pass|}: Left passes for ever, Right can never move.
/// let o = on.outcome();
/// assert_eq!((o.left_first, o.right_first), (Result3::Win, Result3::Loss));
/// assert!(on.is_stopper());
/// assert!(!on.try_sum(&LoopyGame::off()).unwrap().is_stopper()); // on + off = dud
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LoopyGame {
    /// The positions.
    pub graph: Graph,
    /// The position the game starts from.
    pub start: u32,
}

impl LoopyGame {
    /// The game of `graph` from `start`, keeping only the positions reachable from it.
    pub fn new(graph: &Graph, start: u32) -> Result<LoopyGame, LoopyError> {
        if start as usize >= graph.len() {
            return Err(LoopyError::Invalid(format!(
                "start vertex {start} is not in a graph of {} vertices",
                graph.len()
            )));
        }
        let (graph, _) = graph.pack(start);
        Ok(LoopyGame { graph, start: 0 })
    }

    fn single(left_pass: bool, right_pass: bool) -> LoopyGame {
        let mut graph = Graph::new();
        let v = graph.add_vertex();
        if left_pass {
            graph.add_edge(Player::Left, v, v);
        }
        if right_pass {
            graph.add_edge(Player::Right, v, v);
        }
        LoopyGame { graph, start: v }
    }

    /// 0 = { | }.
    pub fn zero() -> LoopyGame {
        LoopyGame::single(false, false)
    }

    /// on = {pass | }.
    pub fn on() -> LoopyGame {
        LoopyGame::single(true, false)
    }

    /// off = { | pass}.
    pub fn off() -> LoopyGame {
        LoopyGame::single(false, true)
    }

    /// dud = {pass | pass} (deathless universal draw).
    pub fn dud() -> LoopyGame {
        LoopyGame::single(true, true)
    }

    /// The short game `g` of `arena` as a loop-free graph (one vertex per subposition).
    pub fn from_short(arena: &Arena, g: GameId) -> LoopyGame {
        let mut graph = Graph::new();
        let mut index = HashMap::new();
        let start = short_vertex(arena, g, &mut graph, &mut index);
        LoopyGame { graph, start }
    }

    /// −G: Left and Right exchanged.
    pub fn neg(&self) -> LoopyGame {
        LoopyGame {
            graph: self.graph.negated(),
            start: self.start,
        }
    }

    /// The disjunctive sum G + H: the product graph, a move is a move in one component
    /// (*Winning Ways* ch. 11); only the positions reachable from (G, H) are built.
    /// [`LoopyError::TooLarge`] past [`MAX_VERTICES`] positions.
    pub fn try_sum(&self, other: &LoopyGame) -> Result<LoopyGame, LoopyError> {
        let (a, b) = (&self.graph, &other.graph);
        let nb = b.len() as u64;
        let mut index: HashMap<u64, u32> = HashMap::new();
        let mut graph = Graph::new();
        let mut todo = Vec::new();
        let key = |x: u32, y: u32| x as u64 * nb + y as u64;
        let mut vertex = |x: u32, y: u32, graph: &mut Graph, todo: &mut Vec<(u32, u32, u32)>| {
            *index.entry(key(x, y)).or_insert_with(|| {
                let v = graph.add_vertex();
                todo.push((v, x, y));
                v
            })
        };
        let start = vertex(self.start, other.start, &mut graph, &mut todo);
        while let Some((v, x, y)) = todo.pop() {
            if graph.len() > MAX_VERTICES {
                return Err(LoopyError::TooLarge(format!(
                    "the sum has more than {MAX_VERTICES} positions"
                )));
            }
            for player in [Player::Left, Player::Right] {
                let mut opts = Vec::new();
                for &x2 in a.options(x, player) {
                    opts.push(vertex(x2, y, &mut graph, &mut todo));
                }
                for &y2 in b.options(y, player) {
                    opts.push(vertex(x, y2, &mut graph, &mut todo));
                }
                graph.set_options(v, player, opts);
            }
        }
        Ok(LoopyGame { graph, start })
    }

    /// The outcome with Left and with Right moving first (retrograde analysis, draws included).
    pub fn outcome(&self) -> super::outcome::LoopyOutcome {
        super::outcome::Outcomes::of(&self.graph).at(self.start)
    }

    /// Whether the game is a stopper: no play from any position alternates for ever (Siegel,
    /// *CGT* ch. VI; *Winning Ways* ch. 11 "stoppers").
    pub fn is_stopper(&self) -> bool {
        super::stopper::is_stopper(&self.graph, self.start)
    }

    /// Whether no cycle is reachable: the game is a short game.
    pub fn is_loopfree(&self) -> bool {
        self.graph.loopfree_vertices()[self.start as usize]
    }
}

fn short_vertex(
    arena: &Arena,
    g: GameId,
    graph: &mut Graph,
    index: &mut HashMap<GameId, u32>,
) -> u32 {
    if let Some(&v) = index.get(&g) {
        return v;
    }
    // The arena's games are canonical and finite; recursion depth is the birthday.
    let left: Vec<u32> = arena
        .left_options(g)
        .to_vec()
        .into_iter()
        .map(|o| short_vertex(arena, o, graph, index))
        .collect();
    let right: Vec<u32> = arena
        .right_options(g)
        .to_vec()
        .into_iter()
        .map(|o| short_vertex(arena, o, graph, index))
        .collect();
    let v = graph.add_vertex();
    graph.set_options(v, Player::Left, left);
    graph.set_options(v, Player::Right, right);
    index.insert(g, v);
    v
}
