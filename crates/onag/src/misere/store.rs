//! The hash-consed store of misère canonical forms of impartial games.
//!
//! Conway, *On Numbers and Games*, ch. 12 (and Siegel, *Combinatorial Game Theory*, ch. V.1):
//! two impartial games are misère-equal, G = H, when o⁻(G + X) = o⁻(H + X) for every
//! impartial X. Conway's test: G = H if and only if
//! 1. every option G′ equals some H′, or has an option G″ = H;
//! 2. every option H′ equals some G′, or has an option H″ = G;
//! 3. G and H have the same misère outcome (this matters only when one of them is 0, the game
//!    with no move: the game {\*2} has the option \*2, whose option 0 "reverses" it, yet it is a
//!    P-position while 0 is an N-position — Conway's exception for the game 0).
//!
//! An option G′ is *reversible* when it has an option G″ equal to G. A game with distinct
//! options none of which is reversible is in its *simplest form*, unique up to identity
//! (Conway's simplest form theorem). So the store keeps one node per misère value, with the
//! options of its simplest form, and equality of values is equality of [`MisereId`]s: when
//! an option of G reverses through G″, that G″ — already a stored form — is G's form.

use std::collections::HashMap;

use super::genus::Genus;
use crate::partizan::Outcome;
use crate::stop::{StopFlag, Stopped};

/// A misère canonical form in a [`MisereStore`]; two ids of one store are equal exactly when
/// the games are misère-equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereId(u32);

impl MisereId {
    /// The game 0 (no move), the same id in every store.
    pub const ZERO: MisereId = MisereId(0);

    /// The index of this form in its store (0 is the game 0).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a misère computation has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MisereError {
    /// The caller's [`StopFlag`] was raised.
    #[error("{}", Stopped)]
    Stopped,
    /// The store would hold more than its limit of canonical forms.
    #[error("the misère canonical forms needed exceed the limit of {limit} forms")]
    TooManyForms {
        /// The limit ([`MisereStore::with_limit`]).
        limit: usize,
    },
}

impl From<Stopped> for MisereError {
    fn from(_: Stopped) -> Self {
        MisereError::Stopped
    }
}

#[derive(Clone, Debug)]
struct Node {
    options: Box<[MisereId]>,
    birthday: u32,
    genus: Genus,
}

/// The default limit of forms in a store ([`MisereStore::new`]).
pub const DEFAULT_FORM_LIMIT: usize = 4_000_000;

/// A hash-consed store of misère canonical forms: every id names one misère value.
///
/// # Examples
/// ```
/// use onag::misere::MisereStore;
/// use onag::partizan::Outcome;
///
/// let mut store = MisereStore::new();
/// let two = store.nimber(2);
/// let star = store.nimber(1);
/// // {*} = 0 in misère play (the option * reverses through 0) ...
/// let g = store.from_options(&[star]).unwrap();
/// assert_eq!(g, onag::misere::MisereId::ZERO);
/// // ... but {*2} is not (Conway's exception for 0): it is the P-position *[2#]
/// let h = store.from_options(&[two]).unwrap();
/// assert_eq!(store.outcome(h), Outcome::P);
/// assert_eq!(store.to_string(h), "*[2#]");
/// let sum = store.sum(two, two).unwrap();
/// assert_eq!(store.to_string(sum), "*[2[2]]");
/// assert_eq!(store.genus(sum).to_string(), "0^02");
/// ```
#[derive(Clone, Debug)]
pub struct MisereStore {
    nodes: Vec<Node>,
    index: HashMap<Box<[MisereId]>, MisereId>,
    sums: HashMap<(MisereId, MisereId), MisereId>,
    nimbers: Vec<MisereId>,
    limit: usize,
    stop: Option<StopFlag>,
}

impl Default for MisereStore {
    fn default() -> Self {
        MisereStore::new()
    }
}

/// The game being simplified: its (canonical) options, and what an equality test against it
/// has already found.
struct Pending<'a> {
    options: &'a [MisereId],
    grundy: u32,
    misere: u32,
    memo: HashMap<MisereId, bool>,
}

fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

impl MisereStore {
    /// An empty store (holding 0) with the default limit of forms.
    pub fn new() -> Self {
        MisereStore::with_limit(DEFAULT_FORM_LIMIT)
    }

    /// An empty store that refuses to hold more than `limit` forms
    /// ([`MisereError::TooManyForms`]).
    pub fn with_limit(limit: usize) -> Self {
        let zero = Node {
            options: Box::new([]),
            birthday: 0,
            genus: Genus::of_options(&[]),
        };
        let mut index = HashMap::new();
        index.insert(Box::from([]) as Box<[MisereId]>, MisereId::ZERO);
        MisereStore {
            nodes: vec![zero],
            index,
            sums: HashMap::new(),
            nimbers: vec![MisereId::ZERO],
            limit: limit.max(1),
            stop: None,
        }
    }

    /// Polls `stop` in long computations from now on (until [`MisereStore::clear_stop`]).
    pub fn set_stop(&mut self, stop: &StopFlag) {
        self.stop = Some(stop.clone());
    }

    /// Stops polling a flag.
    pub fn clear_stop(&mut self) {
        self.stop = None;
    }

    fn check(&self) -> Result<(), MisereError> {
        match &self.stop {
            Some(s) if s.is_stopped() => Err(MisereError::Stopped),
            _ => Ok(()),
        }
    }

    /// The number of canonical forms held.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the store holds only 0.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The options of the canonical form `g` (misère-distinct, none reversible), in the
    /// store's order.
    pub fn options(&self, g: MisereId) -> &[MisereId] {
        &self.nodes[g.index()].options
    }

    /// The birthday of the canonical form (the height of its game tree).
    pub fn birthday(&self, g: MisereId) -> u32 {
        self.nodes[g.index()].birthday
    }

    /// The genus of `g` (ONAG ch. 12).
    pub fn genus(&self, g: MisereId) -> &Genus {
        &self.nodes[g.index()].genus
    }

    /// The normal-play Grundy value of `g`.
    pub fn grundy(&self, g: MisereId) -> u32 {
        self.nodes[g.index()].genus.normal
    }

    /// The misère Grundy value of `g` (1 for 0, else the mex of its options'): 0 exactly for
    /// misère P-positions.
    pub fn misere_grundy(&self, g: MisereId) -> u32 {
        self.nodes[g.index()].genus.digit(0)
    }

    /// The misère outcome: `P` (the previous player wins) or `N` (the next player wins).
    pub fn outcome(&self, g: MisereId) -> Outcome {
        if self.misere_grundy(g) == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The nim heap \*n in misère canonical form: {0, \*, …, \*(n−1)} (no option of a nim
    /// heap is reversible).
    pub fn nimber(&mut self, n: u32) -> MisereId {
        while self.nimbers.len() <= n as usize {
            let opts: Vec<MisereId> = self.nimbers.clone();
            let id = self.intern(opts);
            self.nimbers.push(id);
        }
        self.nimbers[n as usize]
    }

    /// `Some(n)` when `g` is the nim heap \*n.
    pub fn as_nimber(&self, g: MisereId) -> Option<u32> {
        let n = self.birthday(g);
        if let Some(&heap) = self.nimbers.get(n as usize) {
            return (heap == g).then_some(n);
        }
        // *n not built by `nimber` yet, but perhaps reached from options: {0, *, …, *(n−1)}
        // (the options are distinct forms, so n of them with values 0..n are exactly those).
        let options = self.options(g);
        let mut seen = vec![false; n as usize];
        for &o in options {
            match self.as_nimber(o) {
                Some(k) if k < n && !seen[k as usize] => seen[k as usize] = true,
                _ => return None,
            }
        }
        (options.len() == n as usize).then_some(n)
    }

    /// The canonical form of the game whose options are `options` (each already canonical).
    pub fn from_options(&mut self, options: &[MisereId]) -> Result<MisereId, MisereError> {
        let mut opts: Vec<MisereId> = options.to_vec();
        opts.sort_unstable();
        opts.dedup();
        if let Some(&id) = self.index.get(opts.as_slice()) {
            return Ok(id);
        }
        self.check()?;
        // An option G′ is reversible when it has an option G″ = G. Then G″, already in
        // canonical form, *is* the canonical form of G (equal games share one form).
        let grundy = mex(opts.iter().map(|&o| self.grundy(o)));
        let misere = if opts.is_empty() {
            1
        } else {
            mex(opts.iter().map(|&o| self.misere_grundy(o)))
        };
        let mut pending = Pending {
            options: &opts,
            grundy,
            misere,
            memo: HashMap::new(),
        };
        for &o in &opts {
            for &oo in self.options(o) {
                if self.equals_pending(oo, &mut pending) {
                    return Ok(oo);
                }
            }
        }
        // No option reverses: the options, distinct and canonical, are the simplest form.
        if self.nodes.len() >= self.limit {
            return Err(MisereError::TooManyForms { limit: self.limit });
        }
        Ok(self.intern(opts))
    }

    /// Conway's equality test of the canonical form `x` against the pending game.
    fn equals_pending(&self, x: MisereId, g: &mut Pending<'_>) -> bool {
        if let Some(&known) = g.memo.get(&x) {
            return known;
        }
        let node = &self.nodes[x.index()];
        // Equal games have equal genus, so in particular equal g⁺ and g⁻.
        let mut equal = node.genus.normal == g.grundy && node.genus.digit(0) == g.misere;
        if equal {
            // 1. every G′ is an option of x, or has an option equal to x
            equal = g
                .options
                .iter()
                .all(|&o| node.options.binary_search(&o).is_ok() || self.options(o).contains(&x));
        }
        if equal {
            // 2. every x′ is an option of G, or has an option equal to G
            let xs = node.options.clone();
            equal = xs.iter().all(|&o| {
                g.options.binary_search(&o).is_ok()
                    || self
                        .options(o)
                        .to_vec()
                        .into_iter()
                        .any(|oo| self.equals_pending(oo, g))
            });
        }
        // 3. (the outcomes) holds when the misère Grundy values agree
        g.memo.insert(x, equal);
        equal
    }

    fn intern(&mut self, opts: Vec<MisereId>) -> MisereId {
        if let Some(&id) = self.index.get(opts.as_slice()) {
            return id;
        }
        let birthday = opts
            .iter()
            .map(|&o| self.birthday(o) + 1)
            .max()
            .unwrap_or(0);
        let genera: Vec<&Genus> = opts.iter().map(|&o| self.genus(o)).collect();
        let genus = Genus::of_options(&genera);
        let id = MisereId(self.nodes.len() as u32);
        let options: Box<[MisereId]> = opts.into_boxed_slice();
        self.index.insert(options.clone(), id);
        self.nodes.push(Node {
            options,
            birthday,
            genus,
        });
        id
    }

    /// The canonical form of the disjunctive sum `a + b`.
    pub fn sum(&mut self, a: MisereId, b: MisereId) -> Result<MisereId, MisereError> {
        if a == MisereId::ZERO {
            return Ok(b);
        }
        if b == MisereId::ZERO {
            return Ok(a);
        }
        let key = (a.min(b), a.max(b));
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        self.check()?;
        let mut opts = Vec::new();
        for ao in self.options(a).to_vec() {
            opts.push(self.sum(ao, b)?);
        }
        for bo in self.options(b).to_vec() {
            opts.push(self.sum(a, bo)?);
        }
        let s = self.from_options(&opts)?;
        self.sums.insert(key, s);
        Ok(s)
    }

    /// The canonical form of the sum of all of `parts` (0 for none).
    pub fn sum_all(&mut self, parts: &[MisereId]) -> Result<MisereId, MisereError> {
        let mut acc = MisereId::ZERO;
        for &p in parts {
            acc = self.sum(acc, p)?;
        }
        Ok(acc)
    }

    /// A winning misère move of `g`: an option that is a misère P-position (`None` when `g`
    /// is a P-position, or is 0, where the player to move wins by having no move).
    pub fn winning_option(&self, g: MisereId) -> Option<MisereId> {
        self.options(g)
            .iter()
            .copied()
            .find(|&o| self.outcome(o) == Outcome::P)
    }
}
