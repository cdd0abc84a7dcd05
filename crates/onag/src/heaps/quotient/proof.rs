//! The proof that a map Φ from heap positions to a finite commutative monoid respects misère
//! outcomes — "Φ(G) ∈ P exactly when G is a misère P-position" — for *every* position whose
//! heaps are at most n, by a finite search.
//!
//! The local condition (Plambeck and Siegel, *Misère quotients for impartial games*, J.
//! Combin. Theory A 115 (2008), §6, the verification behind MisereSolver): Φ respects outcomes
//! on a closed set exactly when for every position G
//!
//! > Φ(G) ∈ P ⟺ G has an option and no option G′ has Φ(G′) ∈ P.
//!
//! (Outcomes follow by induction on G: a position with no move is an N-position in misère
//! play.) A violation is a *P-failure* (Φ(G) ∈ P but some option is in P) or an *N-failure*
//! (Φ(G) ∉ P, G has options, none in P). Positions are words over the heaps, compared in
//! colex order (the largest heap first), in which every option of a word comes before it;
//! the least failure is then a position where the map is wrong while it is right on every
//! option.
//!
//! - P-failures: G = X + h with Φ(X) = x; one exists for (x, h) exactly when x·φ(h) ∈ P and
//!   x·t ∈ P for an image t of an option of h. The least is the least word of x plus h.
//! - N-failures: the option images of G + h are `S·φ(h) ∪ Φ(G)·T(h)`, so the pair
//!   (Φ(G), S(G)) of a word is a function of the word's pair and the heap added. If two words
//!   have the same image and S(G′) ⊆ S(G), every extension of G′ is an N-failure whenever the
//!   same extension of G is: the search keeps, per element, the antichain of minimal option
//!   sets met so far and prunes a word whose set contains one of them. The search ends as the
//!   pairs are finitely many.

use std::cmp::Ordering;

use crate::{StopFlag, Stopped};

/// A position as a word: `word[h]` copies of heap `h` (index 0 unused).
pub type Word = Vec<u32>;

/// Colex order of words of one length: the largest heap first. Options of a word (a heap
/// replaced by smaller heaps) always come before it.
pub fn colex(a: &[u32], b: &[u32]) -> Ordering {
    for i in (0..a.len().max(b.len())).rev() {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        match x.cmp(&y) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    Ordering::Equal
}

/// A set of monoid elements, kept as its elements ascending: the option-image sets of the
/// proof hold tens of elements of monoids of thousands (Q_34 of Dawson's Kayles is tried at
/// 19,050), so a list beats a bit per element in memory, copying and subset tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bits(Vec<u32>);

impl Bits {
    /// The empty set over `n` elements (`n` bounds the elements; the list does not need it).
    pub fn new(n: usize) -> Bits {
        let _ = n;
        Bits(Vec::new())
    }

    /// The set of `elements` (any order, repeats allowed).
    pub fn from_elements(mut elements: Vec<u32>) -> Bits {
        elements.sort_unstable();
        elements.dedup();
        Bits(elements)
    }

    /// Adds `x`.
    pub fn insert(&mut self, x: u32) {
        if let Err(i) = self.0.binary_search(&x) {
            self.0.insert(i, x);
        }
    }

    /// The elements, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().copied()
    }

    /// Whether every element of `self` is in `other`.
    pub fn is_subset(&self, other: &Bits) -> bool {
        if self.0.len() > other.0.len() {
            return false;
        }
        let mut rest = other.0.iter();
        'outer: for x in &self.0 {
            for y in rest.by_ref() {
                match y.cmp(x) {
                    Ordering::Less => {}
                    Ordering::Equal => continue 'outer,
                    Ordering::Greater => return false,
                }
            }
            return false;
        }
        true
    }

    /// Whether the sets meet.
    pub fn meets(&self, other: &Bits) -> bool {
        let (mut a, mut b) = (self.0.iter().peekable(), other.0.iter().peekable());
        while let (Some(&x), Some(&y)) = (a.peek(), b.peek()) {
            match x.cmp(y) {
                Ordering::Less => {
                    a.next();
                }
                Ordering::Greater => {
                    b.next();
                }
                Ordering::Equal => return true,
            }
        }
        false
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// What the proof needs of a pretension: a finite commutative monoid (identity 0) with a
/// P-portion, the image of each heap and the images of each heap's options.
pub struct Pretension<'a> {
    /// The number of elements.
    pub order: usize,
    /// `table[x * order + y]` = x·y.
    pub table: &'a [u32],
    /// The P-portion.
    pub p: &'a [bool],
    /// `phi[h]`: the image of heap `h` (index 0 unused).
    pub phi: &'a [u32],
    /// `trans[h]`: the images of the options of heap `h` (empty: the heap has no move).
    pub trans: &'a [Vec<u32>],
}

impl Pretension<'_> {
    fn mul(&self, x: u32, y: u32) -> u32 {
        self.table[x as usize * self.order + y as usize]
    }

    /// The heaps with a move, ascending (a heap with no move is the game 0).
    fn heaps(&self) -> Vec<usize> {
        (1..self.trans.len())
            .filter(|&h| !self.trans[h].is_empty())
            .collect()
    }

    /// The image of a word.
    pub fn image(&self, word: &[u32]) -> u32 {
        let mut x = 0;
        for (h, &k) in word.iter().enumerate().skip(1) {
            if self.trans[h].is_empty() {
                continue;
            }
            for _ in 0..k {
                x = self.mul(x, self.phi[h]);
            }
        }
        x
    }
}

/// The result of a search: the least failure, and the antichains of minimal option sets per
/// element (complete when no failure was found).
pub struct Search {
    /// The least failure in colex order, if any.
    pub failure: Option<Word>,
    /// Per element, the minimal option-image sets of the words met with that image.
    pub antichains: Vec<Vec<Bits>>,
    /// Search nodes visited.
    pub nodes: u64,
}

/// The colex-least word of each element reachable from the identity by the heap images
/// (`None` for an element no word reaches).
pub fn least_words(pre: &Pretension<'_>) -> Vec<Option<Word>> {
    let n = pre.phi.len();
    let mut words: Vec<Option<Word>> = vec![None; pre.order];
    words[0] = Some(vec![0; n]);
    let mut order: Vec<u32> = vec![0];
    for h in pre.heaps() {
        let g = pre.phi[h];
        let mut alive: Vec<(u32, u32)> = order.iter().map(|&y| (y, y)).collect();
        let mut k = 0;
        while !alive.is_empty() {
            k += 1;
            let mut next = Vec::new();
            for (y, pw) in alive {
                let e = pre.mul(pw, g);
                if words[e as usize].is_none() {
                    let mut w = words[y as usize].clone().unwrap_or_default();
                    w[h] += k;
                    words[e as usize] = Some(w);
                    order.push(e);
                    next.push((y, e));
                }
            }
            alive = next;
        }
    }
    words
}

/// Searches for the least failure of `pre` (see the module documentation).
pub fn search(pre: &Pretension<'_>, stop: &StopFlag) -> Result<Search, Stopped> {
    let n = pre.phi.len();
    let words = least_words(pre);
    let mut best: Option<Word> = None;
    let offer = |w: Word, best: &mut Option<Word>| {
        if best.as_ref().is_none_or(|b| colex(&w, b) == Ordering::Less) {
            *best = Some(w);
        }
    };
    if pre.p[0] {
        // the empty position is an N-position in misère play
        offer(vec![0; n], &mut best);
    }
    let heaps = pre.heaps();
    for (x, word) in words.iter().enumerate() {
        let Some(word) = word else { continue };
        for &h in &heaps {
            let xh = pre.mul(x as u32, pre.phi[h]);
            if pre.p[xh as usize]
                && pre.trans[h]
                    .iter()
                    .any(|&t| pre.p[pre.mul(x as u32, t) as usize])
            {
                let mut w = word.clone();
                w[h] += 1;
                offer(w, &mut best);
            }
        }
    }
    let mut dfs = Dfs {
        pre,
        heaps: &heaps,
        antichains: vec![Vec::new(); pre.order],
        word: vec![0; n],
        bound: best.clone(),
        nodes: 0,
        stop,
    };
    let n_failure = dfs.run(heaps.len(), 0, &Bits::new(pre.order))?;
    if let Some(w) = n_failure {
        offer(w, &mut best);
    }
    Ok(Search {
        failure: best,
        nodes: dfs.nodes,
        antichains: dfs.antichains,
    })
}

struct Dfs<'a, 'b> {
    pre: &'a Pretension<'b>,
    heaps: &'a [usize],
    antichains: Vec<Vec<Bits>>,
    word: Word,
    /// A failure already known: words after it need no search.
    bound: Option<Word>,
    nodes: u64,
    stop: &'a StopFlag,
}

impl Dfs<'_, '_> {
    /// Every word that adds heaps `heaps[..level]` to the current word, in colex order; the
    /// current word's own state (x, s) was checked by the caller.
    fn run(&mut self, level: usize, x: u32, s: &Bits) -> Result<Option<Word>, Stopped> {
        if level == 0 {
            return Ok(None);
        }
        if let Some(f) = self.run(level - 1, x, s)? {
            return Ok(Some(f));
        }
        let h = self.heaps[level - 1];
        let g = self.pre.phi[h];
        let (mut x, mut s) = (x, s.clone());
        let found = loop {
            self.nodes += 1;
            if self.nodes.is_multiple_of(4096) {
                self.stop.check()?;
            }
            let mut next: Vec<u32> = s.iter().map(|y| self.pre.mul(y, g)).collect();
            next.extend(self.pre.trans[h].iter().map(|&t| self.pre.mul(x, t)));
            x = self.pre.mul(x, g);
            s = Bits::from_elements(next);
            self.word[h] += 1;
            if let Some(b) = &self.bound {
                if colex(&self.word, b) != Ordering::Less {
                    break None;
                }
            }
            if !incorporate(&mut self.antichains[x as usize], &s) {
                break None;
            }
            if !self.pre.p[x as usize] && !s.iter().any(|y| self.pre.p[y as usize]) {
                break Some(self.word.clone());
            }
            if let Some(f) = self.run(level - 1, x, &s)? {
                break Some(f);
            }
        };
        self.word[h] = 0;
        Ok(found)
    }
}

/// Adds `s` to an antichain of minimal sets; false (and no change) when a member is already
/// a subset of `s`.
fn incorporate(list: &mut Vec<Bits>, s: &Bits) -> bool {
    if list.iter().any(|old| old.is_subset(s)) {
        return false;
    }
    list.retain(|old| !s.is_subset(old));
    list.push(s.clone());
    true
}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn sets_agree_with_a_naive_model() {
        // every pair of subsets of 0..7, against std's BTreeSet
        use std::collections::BTreeSet;
        let sets: Vec<BTreeSet<u32>> = (0u32..128)
            .map(|m| (0..7).filter(|i| m >> i & 1 == 1).collect())
            .collect();
        let bits: Vec<Bits> = sets
            .iter()
            .map(|s| {
                let mut b = Bits::new(7);
                for &x in s.iter().rev() {
                    b.insert(x);
                    b.insert(x);
                }
                assert_eq!(b, Bits::from_elements(s.iter().chain(s).copied().collect()));
                b
            })
            .collect();
        for (a, ba) in sets.iter().zip(&bits) {
            assert_eq!(
                ba.iter().collect::<Vec<_>>(),
                a.iter().copied().collect::<Vec<_>>()
            );
            assert_eq!(ba.is_empty(), a.is_empty());
            for (b, bb) in sets.iter().zip(&bits) {
                assert_eq!(ba.is_subset(bb), a.is_subset(b), "{a:?} ⊆ {b:?}");
                assert_eq!(ba.meets(bb), !a.is_disjoint(b), "{a:?} ∩ {b:?}");
            }
        }
    }
}
