//! Names of canonical stoppers, as CGSuite prints them.
//!
//! - a position whose value is short prints as its short canonical form
//!   ([`crate::partizan::name`]);
//! - `on` = {pass|}, `off` = {|pass}; the pseudonumbers x + over = {x|pass} print `xover`
//!   (`over` for x = 0) and x + under = {pass|x} print `xunder` (so {pass|3/2} is `3/2under`);
//!   upon forms print as CGSuite's `CanonicalStopper` prints them: {pass|x*n} is x + upon +
//!   *(n⊕1) and prints `x^[on]*m` with m = n⊕1 (`^[on]` for upon = {pass|*}, `1^[on]` for
//!   1 + upon), {pass, x|x} prints `x^[on]*`, and their negatives print with `v[on]`
//!   ({*|pass} is `v[on]`);
//! - an edge from a position to itself prints `pass`; any other position met again along a
//!   cycle gets a name (`a`, `b`, …) at its first appearance, written `a{…}`, and the name
//!   afterwards: `a{0|{1|a}}`.
//!
//! Every name parses back to an equal stopper (`super::parse`).

use std::collections::HashMap;

use super::graph::Graph;
use super::stopper::Stopper;
use crate::partizan::game::{Arena, GameError, GameId};
use crate::partizan::name::{name as short_name, NameStyle};
use crate::partizan::Player;

/// The short value of every loop-free vertex of `graph` (`None` where a cycle is reachable).
pub fn short_values(arena: &mut Arena, graph: &Graph) -> Result<Vec<Option<GameId>>, GameError> {
    let free = graph.loopfree_vertices();
    let mut values: Vec<Option<GameId>> = vec![None; graph.len()];
    // Options of a loop-free vertex are loop-free; resolve them in rounds (depth-first with an
    // explicit stack, so deep short games do not recurse).
    for root in 0..graph.len() as u32 {
        if !free[root as usize] || values[root as usize].is_some() {
            continue;
        }
        let mut stack = vec![root];
        while let Some(&v) = stack.last() {
            let pending: Vec<u32> = graph
                .left(v)
                .iter()
                .chain(graph.right(v))
                .copied()
                .filter(|&w| values[w as usize].is_none())
                .collect();
            if pending.is_empty() {
                stack.pop();
                if values[v as usize].is_some() {
                    continue;
                }
                let get = |ws: &[u32]| ws.iter().filter_map(|&w| values[w as usize]).collect();
                let (l, r): (Vec<GameId>, Vec<GameId>) = (get(graph.left(v)), get(graph.right(v)));
                values[v as usize] = Some(arena.from_options(&l, &r)?);
            } else {
                stack.extend(pending);
            }
        }
    }
    Ok(values)
}

/// The name of a canonical stopper.
///
/// # Examples
/// ```
/// use onag::loopy::{name::name, parse::parse_loopy, stopper::Stopper};
///
/// let s = Stopper::new(&parse_loopy("{pass|3/2}").unwrap()).unwrap();
/// assert_eq!(name(&s), "3/2under");
/// let s = Stopper::new(&parse_loopy("{1|0}").unwrap()).unwrap();
/// assert_eq!(name(&s), "{1|0}");
/// ```
pub fn name(s: &Stopper) -> String {
    let mut arena = Arena::new();
    name_in(&mut arena, s)
}

/// [`name`] with the short parts built in `arena`.
pub fn name_in(arena: &mut Arena, s: &Stopper) -> String {
    let graph = &s.game().graph;
    let shorts = match short_values(arena, graph) {
        Ok(v) => v,
        Err(e) => return format!("<{e}>"),
    };
    let mut namer = Namer {
        arena,
        graph,
        shorts,
        labels: HashMap::new(),
        next_label: 0,
        needs_label: vec![false; graph.len()],
        on_stack: vec![false; graph.len()],
        done: vec![false; graph.len()],
    };
    namer.find_back_edges(s.game().start);
    namer.on_stack.iter_mut().for_each(|b| *b = false);
    namer.done.iter_mut().for_each(|b| *b = false);
    namer.write(s.game().start)
}

struct Namer<'a> {
    arena: &'a Arena,
    graph: &'a Graph,
    shorts: Vec<Option<GameId>>,
    labels: HashMap<u32, String>,
    next_label: usize,
    needs_label: Vec<bool>,
    on_stack: Vec<bool>,
    done: Vec<bool>,
}

impl Namer<'_> {
    /// Whether `v` prints as a word, with no options written.
    fn word(&self, v: u32) -> Option<String> {
        if let Some(g) = self.shorts[v as usize] {
            return Some(short_name(self.arena, g, NameStyle::Ascii));
        }
        let (l, r) = (self.graph.left(v), self.graph.right(v));
        let number = |w: u32| self.shorts[w as usize].and_then(|g| self.arena.as_number(g));
        let prefix = |x: crate::partizan::dyadic::Dyadic| {
            if x.numerator() == 0 {
                String::new()
            } else {
                x.to_string()
            }
        };
        // x*n with n ≥ 1 (a number plus a nonzero nimber)
        let number_star = |w: u32| {
            let (x, ups, star) = self.shorts[w as usize].and_then(|g| self.arena.as_nus(g))?;
            (ups == 0 && star >= 1).then_some((x, star))
        };
        let star_text = |m: u32| match m {
            0 => String::new(),
            1 => "*".into(),
            m => format!("*{m}"),
        };
        // {pass, x | x}: x + upon + * (left = {v, x} in either order)
        let pass_and = |opts: &[u32]| match opts {
            [a, b] if *a == v => Some(*b),
            [a, b] if *b == v => Some(*a),
            _ => None,
        };
        match (l, r) {
            ([a], []) if *a == v => Some("on".into()),
            ([], [a]) if *a == v => Some("off".into()),
            ([a], [x]) if *a == v => {
                if let Some(x) = number(*x) {
                    return Some(format!("{}under", prefix(x)));
                }
                let (x, n) = number_star(*x)?;
                Some(format!("{}^[on]{}", prefix(x), star_text(n ^ 1)))
            }
            ([x], [a]) if *a == v => {
                if let Some(x) = number(*x) {
                    return Some(format!("{}over", prefix(x)));
                }
                let (x, n) = number_star(*x)?;
                Some(format!("{}v[on]{}", prefix(x), star_text(n ^ 1)))
            }
            (ls, [x]) if pass_and(ls).is_some() => {
                let y = pass_and(ls)?;
                let (x, y) = (number(*x)?, number(y)?);
                (x == y).then(|| format!("{}^[on]*", prefix(x)))
            }
            ([x], rs) if pass_and(rs).is_some() => {
                let y = pass_and(rs)?;
                let (x, y) = (number(*x)?, number(y)?);
                (x == y).then(|| format!("{}v[on]*", prefix(x)))
            }
            _ => None,
        }
    }

    /// First pass: which vertices are met again while being written (they need a label).
    fn find_back_edges(&mut self, root: u32) {
        let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
        self.on_stack[root as usize] = true;
        while let Some(&mut (v, ref mut i)) = stack.last_mut() {
            let opts: Vec<u32> = if self.word(v).is_some() {
                Vec::new()
            } else {
                self.graph
                    .left(v)
                    .iter()
                    .chain(self.graph.right(v))
                    .copied()
                    .collect()
            };
            if *i < opts.len() {
                let w = opts[*i];
                *i += 1;
                if w == v {
                    continue; // pass
                }
                if self.on_stack[w as usize] {
                    self.needs_label[w as usize] = true;
                } else if !self.done[w as usize] {
                    self.on_stack[w as usize] = true;
                    stack.push((w, 0));
                } else if self.word(w).is_none() {
                    // written twice: label it so that it is written once
                    self.needs_label[w as usize] = true;
                }
            } else {
                self.on_stack[v as usize] = false;
                self.done[v as usize] = true;
                stack.pop();
            }
        }
    }

    fn write(&mut self, v: u32) -> String {
        if let Some(w) = self.word(v) {
            return w;
        }
        if let Some(label) = self.labels.get(&v) {
            return label.clone();
        }
        let mut out = String::new();
        if self.needs_label[v as usize] {
            let label = label_name(self.next_label);
            self.next_label += 1;
            self.labels.insert(v, label.clone());
            out.push_str(&label);
        }
        out.push('{');
        for (k, player) in [Player::Left, Player::Right].into_iter().enumerate() {
            if k == 1 {
                out.push('|');
            }
            let mut parts: Vec<(bool, String)> = Vec::new();
            for &w in self.graph.options(v, player) {
                let text = if w == v {
                    "pass".to_string()
                } else {
                    self.write(w)
                };
                parts.push((self.shorts[w as usize].is_none(), text));
            }
            // short options first, in name order; loopy ones after, in graph order
            parts.sort_by(|a, b| {
                a.0.cmp(&b.0).then_with(|| {
                    if a.0 {
                        std::cmp::Ordering::Equal
                    } else {
                        a.1.cmp(&b.1)
                    }
                })
            });
            out.push_str(&parts.into_iter().map(|p| p.1).collect::<Vec<_>>().join(","));
        }
        out.push('}');
        out
    }
}

/// The n-th cycle label: `a` … `z` without `v` (a down arrow), then `ax` … `zx`, `axx`, …
/// (no label is a word of the notation).
fn label_name(n: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuwxyz";
    let letter = LETTERS[n % LETTERS.len()] as char;
    format!("{letter}{}", "x".repeat(n / LETTERS.len()))
}
