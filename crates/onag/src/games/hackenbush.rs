//! Hackenbush (*Winning Ways* ch. 1–2 and 7; *Lessons in Play* §2.1 and ch. 7): a picture of
//! edges coloured blue (`b`, only Left cuts), red (`r`, only Right cuts) or green (`g`,
//! either cuts), some of them standing on the ground. A move cuts one edge of your colour (or
//! a green one); every edge no longer connected to the ground falls away. Who cannot cut
//! loses. Blue-red pictures are numbers; green pictures are nimbers (an impartial game).
//!
//! Notation, two forms (letters in either case):
//! - **strings**: stalks standing on the ground, each written from the ground up, joined by
//!   `+` or spaces: `"bbr + g3 + r"` — `g3` is three green edges (a count after a letter repeats
//!   it);
//! - **graph**: edges `U-V:C` separated by spaces or commas, vertices numbered, `0` the
//!   ground: `"0-1:b 1-2:r 1-3:g 2-3:g"` (a triangle on a blue trunk). `U-U:C` is a loop.
//!
//! A position prints as strings when it is a set of stalks, else as a graph (vertices renumbered
//! 1, 2, … in order). At most [`MAX_EDGES`] edges.
//!
//! Components: the edges connected to one another through vertices other than the ground
//! (the ground joins nothing); each is its own game. Symmetry: swapping blue and red swaps
//! the players, so the swapped picture is worth the negative; pictures are keyed by
//! renumbering their vertices in order of distance from the ground.
//!
//! # Examples
//! ```
//! use onag::games::{hackenbush::Hackenbush, PartizanSolver};
//! use onag::partizan::name::name;
//!
//! let mut solver = PartizanSolver::new();
//! let mut value = |t: &str| {
//!     let g = solver.canonical(&t.parse::<Hackenbush>().unwrap(), &onag::StopFlag::new()).unwrap();
//!     name(solver.arena(), g, Default::default())
//! };
//! assert_eq!(value("bbr"), "3/2"); // Berlekamp's rule: 1 + 1 − 1/2
//! assert_eq!(value("g3"), "*3");
//! assert_eq!(value("b + r"), "0");
//! assert_eq!(value("0-1:g 1-2:g 2-0:g"), "*"); // a green triangle on the ground fuses to *
//! ```

use std::fmt;
use std::str::FromStr;

use super::traits::{Keyed, PartizanGame};
use crate::partizan::Player;
use crate::Span;

/// Most edges of a picture.
pub const MAX_EDGES: usize = 64;

/// The colour of an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Left's (blue, `b`).
    Blue,
    /// Right's (red, `r`).
    Red,
    /// Either player's (green, `g`).
    Green,
}

impl Colour {
    fn letter(self) -> char {
        match self {
            Colour::Blue => 'b',
            Colour::Red => 'r',
            Colour::Green => 'g',
        }
    }

    fn from_letter(c: char) -> Option<Colour> {
        match c.to_ascii_lowercase() {
            'b' | 'l' => Some(Colour::Blue),
            'r' => Some(Colour::Red),
            'g' => Some(Colour::Green),
            _ => None,
        }
    }

    /// Whether `player` may cut an edge of this colour.
    pub fn cuttable_by(self, player: Player) -> bool {
        matches!(
            (self, player),
            (Colour::Green, _) | (Colour::Blue, Player::Left) | (Colour::Red, Player::Right)
        )
    }

    fn swapped(self) -> Colour {
        match self {
            Colour::Blue => Colour::Red,
            Colour::Red => Colour::Blue,
            Colour::Green => Colour::Green,
        }
    }
}

/// One edge: its two ends (vertex 0 is the ground) and its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// One end (the smaller number).
    pub u: u8,
    /// The other end.
    pub v: u8,
    /// The colour.
    pub colour: Colour,
}

/// A Hackenbush picture: its edges, every one connected to the ground, vertices numbered
/// 0 (the ground), 1, 2, … without gaps, edges sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hackenbush {
    edges: Vec<Edge>,
}

/// Why a text is not a Hackenbush picture.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HackenbushError {
    /// Something that is neither a stalk nor an edge `U-V:C`.
    #[error("{span}: '{found}' is not {expected}")]
    Bad {
        /// What was found.
        found: String,
        /// Where it starts.
        span: Span,
        /// What was expected.
        expected: &'static str,
    },
    /// More than [`MAX_EDGES`] edges, or a vertex number above 255.
    #[error("{0}")]
    TooLarge(String),
}

impl HackenbushError {
    /// Where the error is, if at one place.
    pub fn span(&self) -> Option<Span> {
        match self {
            HackenbushError::Bad { span, .. } => Some(*span),
            HackenbushError::TooLarge(_) => None,
        }
    }
}

impl Hackenbush {
    /// The picture of these edges `(u, v, colour)` (vertex 0 the ground), with the edges not
    /// connected to the ground removed and the vertices renumbered in order.
    pub fn new(edges: impl IntoIterator<Item = (u8, u8, Colour)>) -> Hackenbush {
        let edges = edges
            .into_iter()
            .map(|(u, v, colour)| Edge {
                u: u.min(v),
                v: u.max(v),
                colour,
            })
            .collect();
        Hackenbush::grounded(edges)
    }

    /// Stalks standing on the ground, each given from the ground up.
    ///
    /// # Examples
    /// ```
    /// use onag::games::hackenbush::{Colour::*, Hackenbush};
    /// assert_eq!(Hackenbush::strings(&[vec![Blue, Red], vec![Green]]).to_string(), "br + g");
    /// ```
    pub fn strings(stalks: &[Vec<Colour>]) -> Hackenbush {
        let mut edges = Vec::new();
        let mut next = 1u16;
        for stalk in stalks {
            let mut below = 0u16;
            for &colour in stalk {
                edges.push((below.min(255) as u8, next.min(255) as u8, colour));
                below = next;
                next += 1;
            }
        }
        Hackenbush::new(edges)
    }

    /// The edges.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Keeps the edges connected to the ground, numbers their vertices 1, 2, … in the order
    /// of their old numbers, sorts them.
    fn grounded(mut edges: Vec<Edge>) -> Hackenbush {
        let mut reached = [false; 256];
        reached[0] = true;
        let mut kept = vec![false; edges.len()];
        loop {
            let mut grew = false;
            for (i, e) in edges.iter().enumerate() {
                if !kept[i] && (reached[e.u as usize] || reached[e.v as usize]) {
                    kept[i] = true;
                    reached[e.u as usize] = true;
                    reached[e.v as usize] = true;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        let mut i = 0;
        edges.retain(|_| {
            i += 1;
            kept[i - 1]
        });
        let mut number = [0u8; 256];
        let mut n = 0u8;
        for (v, _) in reached.iter().enumerate().skip(1).filter(|(_, &r)| r) {
            n += 1;
            number[v] = n;
        }
        for e in &mut edges {
            let (u, v) = (number[e.u as usize], number[e.v as usize]);
            (e.u, e.v) = (u.min(v), u.max(v));
        }
        edges.sort_unstable();
        Hackenbush { edges }
    }

    /// The stalks, when the picture is exactly what [`Hackenbush::strings`] makes of them.
    fn as_strings(&self) -> Option<Vec<Vec<Colour>>> {
        let mut by_top = self.edges.clone();
        by_top.sort_unstable_by_key(|e| (e.v, e.u));
        let mut stalks: Vec<Vec<Colour>> = Vec::new();
        for (i, e) in by_top.iter().enumerate() {
            // the i-th edge must end at vertex i + 1 and start on the ground or at vertex i
            if e.v as usize != i + 1 {
                return None;
            }
            if e.u == 0 {
                stalks.push(vec![e.colour]);
            } else if e.u as usize == i && !stalks.is_empty() {
                stalks.last_mut()?.push(e.colour);
            } else {
                return None;
            }
        }
        (Hackenbush::strings(&stalks) == *self).then_some(stalks)
    }

    /// Whether every edge is green (the picture is an impartial game, a nimber).
    pub fn is_green(&self) -> bool {
        self.edges.iter().all(|e| e.colour == Colour::Green)
    }

    /// The picture with blue and red swapped (worth the negative).
    pub fn swapped(&self) -> Hackenbush {
        let mut edges: Vec<Edge> = self
            .edges
            .iter()
            .map(|e| Edge {
                colour: e.colour.swapped(),
                ..*e
            })
            .collect();
        edges.sort_unstable();
        Hackenbush { edges }
    }

    /// The picture with its vertices numbered in breadth-first order from the ground (ties by
    /// the edges' colours): one picture for many numberings of the same drawing.
    fn breadth_first(&self) -> Hackenbush {
        let n = self.edges.iter().map(|e| e.v as usize).max().unwrap_or(0) + 1;
        let mut number = vec![u8::MAX; n];
        number[0] = 0;
        let mut order = vec![0usize];
        let mut head = 0;
        let mut next = 1u8;
        while head < order.len() {
            let x = order[head];
            head += 1;
            let mut around: Vec<(Colour, usize)> = self
                .edges
                .iter()
                .filter_map(|e| {
                    let (a, b) = (e.u as usize, e.v as usize);
                    match (a == x, b == x) {
                        (true, false) => Some((e.colour, b)),
                        (false, true) => Some((e.colour, a)),
                        _ => None,
                    }
                })
                .collect();
            around.sort_unstable();
            for (_, y) in around {
                if number[y] == u8::MAX {
                    number[y] = next;
                    next += 1;
                    order.push(y);
                }
            }
        }
        let mut edges: Vec<Edge> = self
            .edges
            .iter()
            .map(|e| {
                let (u, v) = (number[e.u as usize], number[e.v as usize]);
                Edge {
                    u: u.min(v),
                    v: u.max(v),
                    colour: e.colour,
                }
            })
            .collect();
        edges.sort_unstable();
        Hackenbush { edges }
    }
}

impl fmt::Display for Hackenbush {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.edges.is_empty() {
            return f.write_str("0");
        }
        if let Some(stalks) = self.as_strings() {
            for (i, stalk) in stalks.iter().enumerate() {
                if i > 0 {
                    f.write_str(" + ")?;
                }
                for c in stalk {
                    write!(f, "{}", c.letter())?;
                }
            }
            return Ok(());
        }
        for (i, e) in self.edges.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}-{}:{}", e.u, e.v, e.colour.letter())?;
        }
        Ok(())
    }
}

impl FromStr for Hackenbush {
    type Err = HackenbushError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let too_many = || {
            HackenbushError::TooLarge(format!("more than {MAX_EDGES} edges; at most {MAX_EDGES}"))
        };
        // tokens with their byte offsets, split at spaces, commas and '+'
        let mut tokens = Vec::new();
        let mut start = None;
        for (i, ch) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
            if ch.is_whitespace() || ch == ',' || ch == '+' {
                if let Some(st) = start.take() {
                    tokens.push((st, &s[st..i]));
                }
            } else if start.is_none() {
                start = Some(i);
            }
        }
        if tokens.len() == 1 && tokens[0].1 == "0" {
            return Ok(Hackenbush { edges: Vec::new() });
        }
        if tokens.is_empty() {
            return Err(HackenbushError::Bad {
                found: String::new(),
                span: Span::at(s, 0),
                expected: "a picture (stalks such as 'bbr + g3', or edges such as '0-1:b 1-2:r')",
            });
        }
        let graph = tokens.iter().any(|(_, t)| t.contains('-'));
        if graph {
            let mut edges = Vec::new();
            for &(at, t) in &tokens {
                let bad = || HackenbushError::Bad {
                    found: t.to_string(),
                    span: Span::at(s, at),
                    expected: "an edge U-V:C (vertices 0–255, 0 the ground; colour b, r or g)",
                };
                let (ends, colour) = t.split_once(':').ok_or_else(bad)?;
                let (u, v) = ends.split_once('-').ok_or_else(bad)?;
                let mut chars = colour.chars();
                let colour = chars.next().and_then(Colour::from_letter).ok_or_else(bad)?;
                if chars.next().is_some() {
                    return Err(bad());
                }
                let u: u8 = u.parse().map_err(|_| bad())?;
                let v: u8 = v.parse().map_err(|_| bad())?;
                edges.push((u, v, colour));
                if edges.len() > MAX_EDGES {
                    return Err(too_many());
                }
            }
            return Ok(Hackenbush::new(edges));
        }
        let mut stalks = Vec::new();
        let mut count = 0usize;
        for &(at, t) in &tokens {
            let mut stalk = Vec::new();
            let mut chars = t.char_indices().peekable();
            while let Some((i, ch)) = chars.next() {
                let colour = Colour::from_letter(ch).ok_or_else(|| HackenbushError::Bad {
                    found: ch.to_string(),
                    span: Span::at(s, at + i),
                    expected: "a colour (b, r or g) in a stalk",
                })?;
                let mut digits = String::new();
                while let Some(&(_, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    digits.push(d);
                    chars.next();
                }
                let times = if digits.is_empty() {
                    1
                } else {
                    digits.parse::<usize>().unwrap_or(usize::MAX)
                };
                count = count.saturating_add(times);
                if count > MAX_EDGES {
                    return Err(too_many());
                }
                stalk.extend(std::iter::repeat_n(colour, times));
            }
            stalks.push(stalk);
        }
        Ok(Hackenbush::strings(&stalks))
    }
}

impl PartizanGame for Hackenbush {
    fn options(&self, player: Player) -> Vec<Self> {
        let mut out = Vec::new();
        for (i, e) in self.edges.iter().enumerate() {
            if !e.colour.cuttable_by(player) || (i > 0 && self.edges[i - 1] == *e) {
                continue; // a parallel edge of the same colour is the same move
            }
            let mut rest = self.edges.clone();
            rest.remove(i);
            out.push(Hackenbush::grounded(rest));
        }
        out
    }

    fn components(&self) -> Vec<Self> {
        // union the non-ground ends of each edge; the ground joins nothing
        let n = self.edges.iter().map(|e| e.v as usize).max().unwrap_or(0) + 1;
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for e in &self.edges {
            if e.u != 0 {
                let (a, b) = (
                    find(&mut parent, e.u as usize),
                    find(&mut parent, e.v as usize),
                );
                parent[a] = b;
            }
        }
        let mut groups: Vec<(usize, Vec<Edge>)> = Vec::new();
        for e in &self.edges {
            let root = find(&mut parent, e.v as usize);
            match groups.iter_mut().find(|(r, _)| *r == root) {
                Some((_, g)) => g.push(*e),
                None => groups.push((root, vec![*e])),
            }
        }
        if groups.len() <= 1 {
            return vec![self.clone()];
        }
        groups
            .into_iter()
            .map(|(_, g)| Hackenbush::grounded(g))
            .collect()
    }

    fn symmetric_key(&self) -> Keyed<Self> {
        let a = self.breadth_first();
        let b = self.swapped().breadth_first();
        if b < a {
            Keyed {
                key: b,
                negated: true,
            }
        } else {
            Keyed {
                key: a,
                negated: false,
            }
        }
    }

    fn move_label(&self, player: Player, after: &Self) -> String {
        // the first edge of `self` (in order) whose removal is this option
        for (i, e) in self.edges.iter().enumerate() {
            if e.colour.cuttable_by(player) {
                let mut rest = self.edges.clone();
                rest.remove(i);
                if Hackenbush::grounded(rest) == *after {
                    return format!("cut {}-{}:{}", e.u, e.v, e.colour.letter());
                }
            }
        }
        after.to_string()
    }
}
