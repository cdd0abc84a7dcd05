//! Storage and interning of canonical games, accessors, and the constructors of numbers,
//! nimbers and `number + ups + star`.

use super::cache::Cache;
use super::hash::{hash_words, FxHashMap};
use super::{Arena, GameError, GameId, Node};
use crate::partizan::dyadic::Dyadic;
use crate::partizan::Player;

const NONE: u32 = u32::MAX;

/// Largest |integer| the arena builds: the canonical form of n is a chain of n games.
pub(super) const MAX_INTEGER: i64 = 1 << 20;
/// Largest nimber (its canonical form has n options on each side, n² in all).
pub(super) const MAX_NIMBER: u32 = 1 << 10;
/// Largest |multiple of ↑|.
pub(super) const MAX_UPS: i64 = 1 << 10;

/// log2 of the most slots of the ≤ cache (16 bytes each: 256 MB), of the sum cache (16 MB)
/// and of the option-set cache (40 bytes each: 160 MB). On T9□4F9 (1.8 M games) these
/// take 12 % less CPU than 2^22 / 2^20 slots for 0.3 GB more (docs/benchmarks-history.md, "T10□4F10 in bounded memory").
const LE_CACHE_BITS: u32 = 24;
const SUM_CACHE_BITS: u32 = 20;
const OPTIONS_CACHE_BITS: u32 = 22;

/// Option sets of more than 8 words kept before that memo is emptied.
pub(super) const MAX_LONG_OPTION_SETS: usize = 1 << 18;

impl Arena {
    /// An arena holding only the game 0 = { | }.
    pub fn new() -> Arena {
        let mut arena = Arena {
            nodes: Vec::new(),
            options: Vec::new(),
            index: FxHashMap::default(),
            chain: Vec::new(),
            le_memo: Cache::new(LE_CACHE_BITS),
            sum_memo: Cache::new(SUM_CACHE_BITS),
            numbers: FxHashMap::default(),
            nus_ids: FxHashMap::default(),
            options_memo: FxHashMap::default(),
            small_options_memo: Cache::new(OPTIONS_CACHE_BITS),
            scratch: Vec::new(),
            ops: Default::default(),
            stop: None,
        };
        // cannot fail: the empty game is always internable
        let zero = arena.intern(Vec::new(), Vec::new()).unwrap_or(GameId(0));
        debug_assert_eq!(zero, GameId(0));
        arena
    }

    /// An arena whose ≤, sum and option-set caches hold at most 2^`bits` entries each (at
    /// least 2^10): the same games under the same ids as [`Arena::new`], only recomputed
    /// more often (the tests compare the two).
    #[doc(hidden)]
    pub fn with_cache_bits(bits: u32) -> Arena {
        let mut arena = Arena::new();
        arena.le_memo = Cache::new(bits.min(LE_CACHE_BITS));
        arena.sum_memo = Cache::new(bits.min(SUM_CACHE_BITS));
        arena.small_options_memo = Cache::new(bits.min(OPTIONS_CACHE_BITS));
        arena
    }

    /// The game 0 = { | }.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// Number of distinct games stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena holds only 0 (never true: 0 is always there; for clippy's sake).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub(super) fn node(&self, g: GameId) -> &Node {
        &self.nodes[g.0 as usize]
    }

    /// The canonical Left options of `g`, in increasing id order.
    pub fn left_options(&self, g: GameId) -> &[GameId] {
        let n = self.node(g);
        let s = n.start as usize;
        &self.options[s..s + n.n_left as usize]
    }

    /// The canonical Right options of `g`, in increasing id order.
    pub fn right_options(&self, g: GameId) -> &[GameId] {
        let n = self.node(g);
        let s = (n.start + n.n_left) as usize;
        &self.options[s..s + n.n_right as usize]
    }

    /// The canonical options of `g` for `player`.
    pub fn options(&self, g: GameId, player: Player) -> &[GameId] {
        match player {
            Player::Left => self.left_options(g),
            Player::Right => self.right_options(g),
        }
    }

    /// `Some(x)` when `g` is the number x.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.node(g).number()
    }

    /// `Some((number, ups, star))` when `g` = number + ups·↑ + *star.
    pub fn as_nus(&self, g: GameId) -> Option<(Dyadic, i64, u32)> {
        self.node(g).nus()
    }

    /// Left stop of `g`: where the game ends when Left starts and both play optimally in the
    /// "stop" sense (ONAG ch. 9); for a number, the number itself.
    pub fn left_stop(&self, g: GameId) -> Dyadic {
        self.node(g).left_stop()
    }

    /// Right stop of `g`: the minimum over Right options of their left stops.
    pub fn right_stop(&self, g: GameId) -> Dyadic {
        self.node(g).right_stop()
    }

    /// Makes sums, simplifications, comparisons ([`Arena::try_le`]) and thermographs poll
    /// `stop` (once per sum, option set or comparison not found in a memo) and fail with
    /// [`GameError::Stopped`] once it is raised, so a front end can interrupt a long
    /// construction (`tiny-2 + *1023`); `None` turns polling off. What was built before the
    /// stop stays valid. Returns the flag it replaces, for a caller that sets one for the
    /// length of a call and puts the old one back.
    pub fn set_stop(&mut self, stop: Option<crate::StopFlag>) -> Option<crate::StopFlag> {
        std::mem::replace(&mut self.stop, stop)
    }

    /// [`GameError::Stopped`] once the flag of [`Arena::set_stop`] is raised.
    #[inline]
    pub(super) fn poll_stop(&self) -> Result<(), GameError> {
        match &self.stop {
            Some(flag) if flag.is_stopped() => Err(GameError::Stopped),
            _ => Ok(()),
        }
    }

    /// The game `g` of arena `from`, built in this arena (children before parents, without
    /// recursion): what a computation in a private arena hands back to a shared one.
    ///
    /// # Examples
    /// ```
    /// use onag::partizan::game::Arena;
    /// use onag::partizan::parse::parse;
    ///
    /// let (mut private, mut shared) = (Arena::new(), Arena::new());
    /// let g = parse(&mut private, "{3||2|1} + ^*").unwrap();
    /// let h = shared.import(&private, g).unwrap();
    /// assert_eq!(h, parse(&mut shared, "{3||2|1} + ^*").unwrap());
    /// ```
    pub fn import(&mut self, from: &Arena, g: GameId) -> Result<GameId, GameError> {
        let mut done: FxHashMap<u32, GameId> = FxHashMap::default();
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            if done.contains_key(&top.0) {
                stack.pop();
                continue;
            }
            let before = stack.len();
            for side in [from.left_options(top), from.right_options(top)] {
                stack.extend(side.iter().filter(|o| !done.contains_key(&o.0)));
            }
            if stack.len() > before {
                continue;
            }
            let map = |side: &[GameId]| side.iter().map(|o| done[&o.0]).collect::<Vec<_>>();
            let (left, right) = (map(from.left_options(top)), map(from.right_options(top)));
            // the options of a canonical game are canonical and its option sets simplified
            let id = self.intern(left, right)?;
            done.insert(top.0, id);
            stack.pop();
        }
        Ok(done[&g.0])
    }

    /// Birthday of `g`: the height of its canonical game tree.
    pub fn birthday(&self, g: GameId) -> u32 {
        self.node(g).birthday
    }

    /// Interns the canonical game {left | right}. The caller guarantees both lists are the
    /// canonical option sets (no dominated or reversible options); order and repeats are free.
    pub(super) fn intern(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> Result<GameId, GameError> {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let hash = hash_words(
            std::iter::once(left.len() as u32)
                .chain(left.iter().map(|g| g.0))
                .chain(right.iter().map(|g| g.0)),
        );
        if let Some(&first) = self.index.get(&hash) {
            let mut at = first;
            while at != NONE {
                let g = GameId(at);
                if self.left_options(g) == left.as_slice()
                    && self.right_options(g) == right.as_slice()
                {
                    return Ok(g);
                }
                at = self.chain[at as usize];
            }
        }
        let id = u32::try_from(self.nodes.len())
            .ok()
            .filter(|&i| i != NONE)
            .ok_or_else(|| GameError::TooLarge("more than 2^32 games".into()))?;
        let node = self.describe(&left, &right)?;
        let start = u32::try_from(self.options.len())
            .map_err(|_| GameError::TooLarge("more than 2^32 options".into()))?;
        self.options.extend_from_slice(&left);
        self.options.extend_from_slice(&right);
        self.nodes.push(Node {
            start,
            n_left: left.len() as u32,
            n_right: right.len() as u32,
            ..node
        });
        let previous = self.index.insert(hash, id).unwrap_or(NONE);
        self.chain.push(previous);
        if id.is_power_of_two() {
            // the caches grow with the arena (a few slots a game), up to their bound
            self.le_memo.fit(self.nodes.len(), 8);
            self.sum_memo.fit(self.nodes.len(), 2);
            self.small_options_memo.fit(self.nodes.len(), 4);
        }
        if let Some(x) = self.nodes[id as usize].number() {
            self.numbers.insert(x, id);
        }
        if let Some(t) = self.nodes[id as usize].nus() {
            self.nus_ids.insert(t, id);
        }
        Ok(GameId(id))
    }

    /// The cached facts of a new canonical game {left | right}.
    fn describe(&self, left: &[GameId], right: &[GameId]) -> Result<Node, GameError> {
        let birthday = left
            .iter()
            .chain(right)
            .map(|&g| self.node(g).birthday + 1)
            .max()
            .unwrap_or(0);
        let number = self.number_pattern(left, right)?;
        let (left_stop, right_stop) = match number {
            Some(x) => (x, x),
            None => {
                // a canonical non-number has options on both sides
                let ls = left.iter().map(|&g| self.node(g).right_stop()).max();
                let rs = right.iter().map(|&g| self.node(g).left_stop()).min();
                (ls.unwrap_or(Dyadic::ZERO), rs.unwrap_or(Dyadic::ZERO))
            }
        };
        let nus = match number {
            Some(x) => Some((x, 0, 0)),
            None => self.nus_pattern(left, right),
        };
        // x + u·↑ + *s has both stops x; a u or s beyond the node's fields (never: ±2^31 ups
        // take 2^31 games) is only not recognised, which the fast paths do not need
        let nus = nus.and_then(|(x, u, s)| i32::try_from(u).ok().map(|u| (x, u, s)));
        debug_assert!(nus.is_none_or(|t| t.0 == left_stop && t.0 == right_stop));
        let mut flags = 0;
        if number.is_some() {
            flags |= Node::NUMBER;
        }
        if nus.is_some() {
            flags |= Node::NUS;
        }
        let (ups, star) = nus.map_or((0, 0), |t| (t.1, t.2));
        Ok(Node {
            start: 0,
            n_left: 0,
            n_right: 0,
            neg: NONE,
            birthday,
            ups,
            star,
            left_num: left_stop.numerator(),
            right_num: right_stop.numerator(),
            left_exp: left_stop.exponent() as u8,
            right_exp: right_stop.exponent() as u8,
            flags,
        })
    }

    /// The number a canonical game is, read off its form: canonical numbers are { | } = 0,
    /// {n−1 | } = n, { | n+1} = n, and {a | b} with numbers a < b (Conway's simplicity rule).
    fn number_pattern(
        &self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<Option<Dyadic>, GameError> {
        let side = |opts: &[GameId]| -> Option<Option<Dyadic>> {
            match opts {
                [] => Some(None),
                [g] => self.node(*g).number().map(Some),
                _ => None,
            }
        };
        let (Some(a), Some(b)) = (side(left), side(right)) else {
            return Ok(None);
        };
        Ok(Some(match (a, b) {
            (None, None) => Dyadic::ZERO,
            (Some(a), None) => {
                if a < Dyadic::ZERO {
                    Dyadic::ZERO
                } else {
                    Dyadic::from_int(a.floor().checked_add(1).ok_or(GameError::Overflow)?)
                }
            }
            (None, Some(b)) => {
                if b > Dyadic::ZERO {
                    Dyadic::ZERO
                } else {
                    Dyadic::from_int(b.ceil().checked_sub(1).ok_or(GameError::Overflow)?)
                }
            }
            (Some(a), Some(b)) => {
                if a >= b {
                    return Ok(None);
                }
                Dyadic::simplest_between(a, b)?
            }
        }))
    }

    /// Recognises x + u·↑ + *s from the canonical options, when all of them are of that kind
    /// with one number part x. The canonical forms (Siegel, *CGT*, §II.4; checked against
    /// sums in the tests): x + *s = {x + *k (k < s) | same}; for u ≥ 1,
    /// u↑*s = {0 | (u−1)↑*(s⊕1)} except ↑* = {0, * | 0}; u ≤ −1 by negation (all shifted
    /// by x, by number translation).
    fn nus_pattern(&self, left: &[GameId], right: &[GameId]) -> Option<(Dyadic, i64, u32)> {
        let tags = |opts: &[GameId]| -> Option<Vec<(Dyadic, i64, u32)>> {
            opts.iter().map(|&g| self.node(g).nus()).collect()
        };
        let (lt, rt) = (tags(left)?, tags(right)?);
        let x = lt.first()?.0;
        if lt.iter().chain(&rt).any(|t| t.0 != x) {
            return None;
        }
        let mut candidates = Vec::with_capacity(4);
        if lt.len() == rt.len() && lt.iter().all(|t| t.1 == 0) {
            candidates.push((x, 0, lt.len() as u32));
        }
        for &(_, u, s) in &rt {
            candidates.push((x, u.checked_add(1)?, s ^ 1));
        }
        for &(_, u, s) in &lt {
            candidates.push((x, u.checked_sub(1)?, s ^ 1));
        }
        candidates.into_iter().find(|&(x, u, s)| {
            let (cl, cr) = Self::nus_form(x, u, s);
            same_tags(&lt, &cl) && same_tags(&rt, &cr)
        })
    }

    /// The canonical option tags of x + u·↑ + *s (see [`Arena::nus_pattern`]).
    #[allow(clippy::type_complexity)]
    pub(super) fn nus_form(
        x: Dyadic,
        u: i64,
        s: u32,
    ) -> (Vec<(Dyadic, i64, u32)>, Vec<(Dyadic, i64, u32)>) {
        if u == 0 {
            let opts: Vec<_> = (0..s).map(|k| (x, 0, k)).collect();
            return (opts.clone(), opts);
        }
        if u < 0 {
            let (l, r) = Self::nus_form(x, -u, s);
            return (
                r.iter().map(|t| (t.0, -t.1, t.2)).collect(),
                l.iter().map(|t| (t.0, -t.1, t.2)).collect(),
            );
        }
        match (u, s) {
            (1, 1) => (vec![(x, 0, 0), (x, 0, 1)], vec![(x, 0, 0)]),
            _ => (vec![(x, 0, 0)], vec![(x, u - 1, s ^ 1)]),
        }
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> Result<GameId, GameError> {
        self.number(Dyadic::from_int(n))
    }

    /// The number `d` in canonical form: n = {n−1 | }, −n = { | −n+1}, and
    /// m/2^k = {(m−1)/2^k | (m+1)/2^k} for odd m.
    pub fn number(&mut self, d: Dyadic) -> Result<GameId, GameError> {
        if let Some(&id) = self.numbers.get(&d) {
            return Ok(GameId(id));
        }
        if d.is_integer() {
            let n = d.numerator();
            if !(-MAX_INTEGER..=MAX_INTEGER).contains(&n) {
                return Err(GameError::TooLarge(format!(
                    "the integer {n} (limit ±{MAX_INTEGER})"
                )));
            }
            // build the chain from 0 outwards without recursion
            let step = n.signum();
            let mut k = 0i64;
            let mut g = GameId(0);
            while k != n {
                k += step;
                if let Some(&id) = self.numbers.get(&Dyadic::from_int(k)) {
                    g = GameId(id);
                    continue;
                }
                g = if step > 0 {
                    self.intern(vec![g], Vec::new())?
                } else {
                    self.intern(Vec::new(), vec![g])?
                };
            }
            return Ok(g);
        }
        // d ± 2^-k in exact (i128-backed) arithmetic: m ± 1 overflows i64 for m near 2^63,
        // and a wrapped numerator would silently build a different game
        let step = Dyadic::new(1, d.exponent())?;
        let lo = self.number(d.checked_sub(step)?)?;
        let hi = self.number(d.checked_add(step)?)?;
        self.intern(vec![lo], vec![hi])
    }

    /// The nimber *n = {0, *, …, *(n−1) | 0, *, …, *(n−1)}.
    pub fn nimber(&mut self, n: u32) -> Result<GameId, GameError> {
        self.nus(Dyadic::ZERO, 0, n)
    }

    /// number + ups·↑ + *star (`ups` may be negative: downs), built from its known canonical
    /// form.
    pub fn nus(&mut self, number: Dyadic, ups: i64, star: u32) -> Result<GameId, GameError> {
        if let Some(&id) = self.nus_ids.get(&(number, ups, star)) {
            return Ok(GameId(id));
        }
        if star > MAX_NIMBER {
            return Err(GameError::TooLarge(format!(
                "*{star} (limit *{MAX_NIMBER})"
            )));
        }
        if !(-MAX_UPS..=MAX_UPS).contains(&ups) {
            return Err(GameError::TooLarge(format!("{ups}·↑ (limit ±{MAX_UPS})")));
        }
        if ups == 0 && star == 0 {
            return self.number(number);
        }
        let (cl, cr) = Self::nus_form(number, ups, star);
        let mut left = Vec::with_capacity(cl.len());
        for (x, u, s) in cl {
            left.push(self.nus(x, u, s)?);
        }
        let mut right = Vec::with_capacity(cr.len());
        for (x, u, s) in cr {
            right.push(self.nus(x, u, s)?);
        }
        self.intern(left, right)
    }

    pub(super) fn cached_neg(&self, g: GameId) -> Option<GameId> {
        let n = self.node(g).neg;
        (n != NONE).then_some(GameId(n))
    }

    pub(super) fn set_neg(&mut self, g: GameId, h: GameId) {
        self.nodes[g.0 as usize].neg = h.0;
        self.nodes[h.0 as usize].neg = g.0;
    }

    /// What the arena holds and roughly how many bytes it takes (capacities, not lengths):
    /// the counters of a memory profile.
    pub fn footprint(&self) -> Footprint {
        // a hash map slot: the entry plus one control byte
        fn map<K, V>(m: &FxHashMap<K, V>) -> usize {
            m.capacity() * (std::mem::size_of::<(K, V)>() + 1)
        }
        let boxed: usize = self.options_memo.keys().map(|k| 4 * k.len()).sum();
        Footprint {
            games: self.nodes.len(),
            option_ids: self.options.len(),
            memo_entries: self.le_memo.len()
                + self.sum_memo.len()
                + self.options_memo.len()
                + self.small_options_memo.len(),
            node_bytes: self.nodes.capacity() * std::mem::size_of::<Node>()
                + self.chain.capacity() * 4
                + map(&self.index)
                + map(&self.numbers)
                + map(&self.nus_ids),
            option_bytes: self.options.capacity() * 4,
            memo_bytes: self.le_memo.bytes()
                + self.sum_memo.bytes()
                + map(&self.options_memo)
                + boxed
                + self.small_options_memo.bytes(),
        }
    }
}

impl Arena {
    /// Every table of the arena with its entries and bytes (capacities, as
    /// [`Arena::footprint`]): the rows of a memory profile.
    #[doc(hidden)]
    pub fn table_profile(&self) -> Vec<(&'static str, usize, usize)> {
        fn map<K, V>(m: &FxHashMap<K, V>) -> usize {
            m.capacity() * (std::mem::size_of::<(K, V)>() + 1)
        }
        let boxed: usize = self.options_memo.keys().map(|k| 4 * k.len()).sum();
        vec![
            (
                "nodes",
                self.nodes.len(),
                self.nodes.capacity() * std::mem::size_of::<Node>(),
            ),
            ("chain", self.chain.len(), self.chain.capacity() * 4),
            ("index", self.index.len(), map(&self.index)),
            (
                "numbers+nus",
                self.numbers.len() + self.nus_ids.len(),
                map(&self.numbers) + map(&self.nus_ids),
            ),
            ("options", self.options.len(), self.options.capacity() * 4),
            ("le_memo", self.le_memo.len(), self.le_memo.bytes()),
            ("sum_memo", self.sum_memo.len(), self.sum_memo.bytes()),
            (
                "options_memo",
                self.options_memo.len(),
                map(&self.options_memo) + boxed,
            ),
            (
                "small_options_memo",
                self.small_options_memo.len(),
                self.small_options_memo.bytes(),
            ),
        ]
    }
}

/// The counters of [`Arena::footprint`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Footprint {
    /// Distinct canonical games stored.
    pub games: usize,
    /// Option ids stored (the canonical option lists of all games).
    pub option_ids: usize,
    /// Entries of the ≤, sum and option-set memos.
    pub memo_entries: usize,
    /// Bytes of the games' records and their hash-consing index.
    pub node_bytes: usize,
    /// Bytes of the option lists.
    pub option_bytes: usize,
    /// Bytes of the ≤, sum and option-set memos.
    pub memo_bytes: usize,
}

/// Whether two tag lists are the same set.
fn same_tags(a: &[(Dyadic, i64, u32)], b: &[(Dyadic, i64, u32)]) -> bool {
    a.len() == b.len() && a.iter().all(|t| b.contains(t))
}
