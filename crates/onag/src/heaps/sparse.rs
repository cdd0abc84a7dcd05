//! The fast engine for long nim sequences: the sparse-space (rare-value) method of Gangolli
//! and Plambeck (*A note on periodicity in some octal games*, Int. J. Game Theory 18 (1989)
//! 311–320), as Flammenkamp uses it for his tables of octal games.
//!
//! With a mask splitting values into rare and common ([`super::mask`]), the options of heap
//! `n` are computed in two passes:
//!
//! 1. every move leaving one heap, and every split with a **rare** part (the rare heaps are a
//!    short list): this gives every common option (common = rare ⊕ common), so the least
//!    common value `c` that is no option is known;
//! 2. the rare values below `c` not yet seen can only come from splits into two common parts:
//!    first the splits `(a, s − a)` with `a` a *witness* are tried (the first heaps of each
//!    value, taken value by value, so that `G(a) ⊕ G(s − a)` runs over all the rare values
//!    at once), then every split is scanned from the small part up, stopping as soon as all
//!    of them are seen. `G(n)` is the least rare value left unseen, or `c`.
//!
//! A split whose rare heaps are many (one in 32 of the heaps or more: the codes whose values
//! have no sparse split, or a poor one) is scanned whole in pass 1 instead, and needs no
//! pass 2. Option values from splits are stored a byte each (stores without a
//! read-modify-write chain, through a fixed 2^16-byte array while the values fit in it) and
//! folded into a bitset for the mex.
//!
//! The result is exact for every mask; the mask is chosen from the values (the one leaving
//! the fewest rare heaps in the later half, among plain masks and — when every split removes
//! tokens of one parity — masks that read the heap's parity too, [`mask::best_classes`]),
//! re-chosen at every power of two, and never assumed. The reports name the best plain mask
//! ([`mask::best`]) whatever the engine uses. Memory: the values (4 bytes a heap) and the rare heaps. Codes with three-heap
//! moves (hexadecimal digits ≥ 8) are computed by the definition, heap by heap.

use super::mask::{self, Classes};
use super::moves::Moves;
use super::ruleset::Ruleset;
use crate::{StopFlag, Stopped};

/// How many values [`Sequence::from_values`] handles between two polls of its stop flag: each
/// costs a few nanoseconds, so a raised flag is seen within well under a millisecond.
pub const POLL_EVERY: usize = 1 << 14;

/// How many first heaps of each value are kept as witnesses.
const FIRST_KEPT: usize = 16;

/// Witness heaps are below this (so that `G(a)` and `G(s − a)` are read from the two ends
/// of the values, both in cache).
const WITNESS_REACH: usize = 1 << 16;

/// How often (in heaps) the witness list is rebuilt from the first heaps of each value.
const WITNESS_EVERY: usize = 4096;

/// A split is scanned whole once its rare heaps are at least one in `WHOLE_SHARE` of its
/// heaps: measured on codes whose rare heaps are 0.6–5 % of them (.064, .04, .114, .126 to
/// 2^18), the whole scan (about 0.35 ns a pair) beats the pairs with rare heaps and the
/// search for the missing rare values from about 3 % on; sparse codes (Grundy's game, .6)
/// stay far below.
const WHOLE_SHARE: usize = 32;

/// The heap count before which the engine works by the definition (no mask yet).
const FIRST_MASK_AT: usize = 1 << 10;

/// A nim sequence being computed: the values so far and the engine's state.
///
/// # Examples
/// ```
/// use onag::heaps::{Ruleset, Sequence};
/// use onag::StopFlag;
///
/// let grundy = Ruleset::Grundy;
/// let mut seq = Sequence::new(&grundy);
/// seq.extend_to(20, &StopFlag::new()).unwrap();
/// assert_eq!(
///     seq.values(),
///     [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3]
/// );
/// ```
#[derive(Clone, Debug)]
pub struct Sequence {
    ruleset: Ruleset,
    moves: Moves,
    /// `i` with digit bit 1 (`i ≥ 1`): a heap of exactly `i` may vanish.
    vanish: Vec<usize>,
    /// `i` with digit bit 2 (`i ≥ 1`): remove `i`, one heap left.
    reduce: Vec<usize>,
    /// `i` with digit bit 4: remove `i`, two heaps left.
    split: Vec<usize>,
    /// Some move leaves three heaps: computed by the definition.
    three: bool,
    values: Vec<u32>,
    /// The mask the reports name ([`mask::best`]; the rare heaps under it are listed from
    /// the values on demand).
    mask: u32,
    /// How the engine classes heaps ([`mask::best_classes`]): it may read the heap's parity
    /// too, and may look past the reports' value range.
    classes: Classes,
    /// The parity of the tokens every split removes, when it is one (masks that read the
    /// heap's parity are exact only then).
    split_parity: Option<usize>,
    /// Heaps `n ≥ 1` rare under the engine's classes, ascending.
    rare: Vec<usize>,
    /// Their values, in the same order (read beside `rare` without a gather from `values`).
    rare_values: Vec<u32>,
    /// Option values of the current heap from the splits, one byte each (a store per option
    /// with no read-modify-write chain; folded into `present` afterwards).
    seen: Vec<u8>,
    /// The option values `G(a) ⊕ G(s − a)` of every split of `s` tokens (bitset), for the
    /// `s` scanned whole lately: slot `s % len`, tagged with `s` (`usize::MAX`: empty).
    /// Heap `s + i` splits `s` tokens for every digit `i` with a split, so a code with
    /// several such digits scans each `s` once (one slot per `s` still ahead).
    split_sets: Vec<(usize, Vec<u64>)>,
    /// Values seen as options of the current heap (bitset, `words` words used).
    present: Vec<u64>,
    /// The values of each class under the engine's mask (bitsets over the same range): at
    /// heap `n` the rare values are `rare_bits[classes.rare_class(n)]`.
    rare_bits: [Vec<u64>; 2],
    /// Rare values below `c` still to be found (bitset).
    missing: Vec<u64>,
    /// Values of heaps `0 ..= n − tail` (all-but games; bitset).
    prefix: Vec<u64>,
    /// Words in use: the values reach less than `64 * (words − 1)`, a power of two.
    words: usize,
    max_value: u32,
    /// The witness heaps: the first heaps of each value below [`WITNESS_REACH`], the first
    /// of every value, then the second of every value, and so on.
    witness: Vec<u32>,
    /// For each value `v`, the first [`FIRST_KEPT`] heaps `a ≥ 1` with `G(a) = v` (0: none).
    first_at: Vec<u64>,
    /// The mask was given ([`Sequence::with_mask`]), never re-chosen.
    fixed_mask: bool,
    /// Values known beforehand ([`Sequence::with_known`]): heap `n` below its length takes
    /// `known[n]` instead of a computation.
    known: Vec<u32>,
}

impl Sequence {
    /// An empty sequence of `ruleset`.
    pub fn new(ruleset: &Ruleset) -> Sequence {
        let moves = ruleset.moves();
        let positive =
            |bit| -> Vec<usize> { moves.with_bit(bit).into_iter().filter(|&i| i > 0).collect() };
        let split = moves.with_bit(4);
        let three = moves.max_heaps() == 3;
        let split_parity = match split.first() {
            Some(&i) if !three && split.iter().all(|&j| j % 2 == i % 2) => Some(i % 2),
            _ => None,
        };
        let mut seq = Sequence {
            vanish: positive(1),
            reduce: positive(2),
            split,
            three,
            moves,
            ruleset: ruleset.clone(),
            values: Vec::new(),
            mask: 0,
            classes: Classes::plain(0),
            split_parity,
            rare: Vec::new(),
            rare_values: Vec::new(),
            seen: Vec::new(),
            split_sets: Vec::new(),
            present: Vec::new(),
            rare_bits: [Vec::new(), Vec::new()],
            missing: Vec::new(),
            prefix: Vec::new(),
            words: 0,
            max_value: 0,
            fixed_mask: false,
            first_at: Vec::new(),
            witness: Vec::new(),
            known: Vec::new(),
        };
        let ahead = match (seq.split.first(), seq.split.last()) {
            (Some(&lo), Some(&hi)) => hi - lo + 1,
            _ => 1,
        };
        seq.split_sets = vec![(usize::MAX, Vec::new()); ahead];
        seq.fit_range(0);
        seq
    }

    /// An empty sequence of `ruleset` computed with `mask` throughout (never re-chosen): the
    /// values are the same for every mask, only the time differs — which the tests check.
    pub fn with_mask(ruleset: &Ruleset, mask: u32) -> Sequence {
        Sequence::fixed(ruleset, Classes::plain(mask))
    }

    /// As [`Sequence::with_mask`], with the engine's classes given (they may read the heap's
    /// parity: then only for a code whose splits all remove tokens of one parity — `None`
    /// otherwise). The reports name `classes.mask`.
    pub fn with_classes(ruleset: &Ruleset, classes: Classes) -> Option<Sequence> {
        let seq = Sequence::new(ruleset);
        if classes.heap_parity
            && seq
                .split_parity
                .is_none_or(|p| Classes::with_heap_parity(classes.mask, p) != classes)
        {
            return None;
        }
        Some(Sequence::fixed(ruleset, classes))
    }

    /// An empty sequence of `ruleset` whose first values are `known`: extending it takes them
    /// in order instead of computing them (with the same bookkeeping, so that it goes on past
    /// them, and decides every mask, exactly as a sequence that computed them). The values
    /// are trusted: they must be proven to be `ruleset`'s — e.g. by
    /// [`census::shared_prefix`](super::census::shared_prefix), which the census uses to
    /// compute codes with equal values once.
    pub fn with_known(ruleset: &Ruleset, known: Vec<u32>) -> Sequence {
        let mut seq = Sequence::new(ruleset);
        seq.known = known;
        seq
    }

    fn fixed(ruleset: &Ruleset, classes: Classes) -> Sequence {
        let mut seq = Sequence::new(ruleset);
        seq.mask = classes.mask;
        seq.classes = classes;
        seq.fixed_mask = true;
        seq.fill_rare_bits();
        seq
    }

    /// The sequence of `ruleset` with the given first values (from a checkpoint): the mask
    /// and the rare heaps are derived from them again. The values are trusted: check them
    /// first ([`Sequence::verify_tail`]) when they come from outside. The work is linear in
    /// the values (a checkpoint holds up to hundreds of millions), so `stop` is polled every
    /// [`POLL_EVERY`] values: `Err(Stopped)` once it is raised.
    pub fn from_values(
        ruleset: &Ruleset,
        values: Vec<u32>,
        stop: &StopFlag,
    ) -> Result<Sequence, Stopped> {
        let mut seq = Sequence::new(ruleset);
        let mut max = 0;
        for chunk in values.chunks(POLL_EVERY) {
            stop.check()?;
            max = chunk.iter().copied().fold(max, u32::max);
        }
        seq.fit_range(max);
        seq.max_value = max;
        for (n, &v) in values.iter().enumerate() {
            if n.is_multiple_of(POLL_EVERY) {
                stop.check()?;
            }
            seq.note_first(n, v);
        }
        seq.values = values;
        if let Some(tail) = seq.moves.tail {
            let n = seq.values.len();
            for j in 0..(n + 1).saturating_sub(tail) {
                if j.is_multiple_of(POLL_EVERY) {
                    stop.check()?;
                }
                let v = seq.values[j];
                set(&mut seq.prefix, v);
            }
        }
        stop.check()?;
        // the masks an uninterrupted run chose last: at the last power of two below the length
        let len = seq.values.len();
        let at = if len > FIRST_MASK_AT {
            1 << (len - 1).ilog2()
        } else {
            0
        };
        seq.choose_mask(at);
        stop.check()?;
        Ok(seq)
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The values computed: `G(0), G(1), …`.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The values, consuming the sequence.
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    /// The number of values computed.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The mask the reports name (0 until the first [`FIRST_MASK_AT`] values, or when no
    /// mask helps): the best plain mask for the values ([`mask::best`]).
    pub fn mask(&self) -> u32 {
        self.mask
    }

    /// The heaps `n ≥ 1` whose value is rare under [`Sequence::mask`], ascending (listed
    /// from the values: one pass).
    pub fn rare_heaps(&self) -> Vec<usize> {
        (1..self.values.len())
            .filter(|&n| mask::is_rare(self.values[n], self.mask))
            .collect()
    }

    /// How the engine classes heaps now (it may read the heap's parity; it decides only the
    /// time taken, never a value).
    pub fn classes(&self) -> Classes {
        self.classes
    }

    /// The heaps `n ≥ 1` rare under the engine's classes, ascending.
    pub fn engine_rare_heaps(&self) -> &[usize] {
        &self.rare
    }

    /// The largest value so far.
    pub fn max_value(&self) -> u32 {
        self.max_value
    }

    /// Computes values until there are `count` of them, polling `stop`.
    pub fn extend_to(&mut self, count: usize, stop: &StopFlag) -> Result<(), Stopped> {
        self.extend_with(count, stop, &mut |_| {})
    }

    /// As [`Sequence::extend_to`], calling `progress(len)` every 2^16 values.
    pub fn extend_with(
        &mut self,
        count: usize,
        stop: &StopFlag,
        progress: &mut dyn FnMut(usize),
    ) -> Result<(), Stopped> {
        self.values.reserve(count.saturating_sub(self.values.len()));
        while self.values.len() < count {
            let n = self.values.len();
            if n.is_multiple_of(1024) {
                stop.check()?;
                if n.is_multiple_of(1 << 16) {
                    progress(n);
                }
            }
            let v = self.next_value(n);
            self.push(v);
        }
        progress(self.values.len());
        Ok(())
    }

    /// Recomputes the values of heaps `from..len` from the ones before them, polling `stop`
    /// at every heap; `Err(Some(n))` names the first heap whose stored value is wrong,
    /// `Err(None)` says `stop` was raised. Checks a resumed checkpoint's last values.
    pub fn verify_tail(&self, from: usize, stop: &crate::StopFlag) -> Result<(), Option<usize>> {
        let from = from.min(self.values.len());
        let mut head = Sequence::from_values(&self.ruleset, self.values[..from].to_vec(), stop)
            .map_err(|_| None)?;
        for n in from..self.values.len() {
            if stop.is_stopped() {
                return Err(None);
            }
            let v = head.next_value(n);
            if v != self.values[n] {
                return Err(Some(n));
            }
            head.push(v);
        }
        Ok(())
    }

    fn next_value(&mut self, n: usize) -> u32 {
        if n.is_multiple_of(WITNESS_EVERY) && n > 0 {
            self.list_witnesses();
        }
        if n >= FIRST_MASK_AT && n.is_power_of_two() && !self.fixed_mask {
            self.choose_mask(n);
        }
        if let Some(&v) = self.known.get(n) {
            v
        } else if self.three {
            self.by_definition(n)
        } else {
            self.step(n)
        }
    }

    fn push(&mut self, v: u32) {
        let n = self.values.len();
        if v > self.max_value {
            self.max_value = v;
            self.fit_range(v);
        }
        self.values.push(v);
        if !self.known.is_empty() && self.values.len() >= self.known.len() {
            self.known = Vec::new(); // all taken: the values hold them now
        }
        if n >= 1 && self.classes.is_rare_heap(n, v) {
            self.rare.push(n);
            self.rare_values.push(v);
        }
        self.note_first(n, v);
    }

    /// Rebuilds the witness list from the first heaps of each value.
    /// Only common heaps are kept (under a mask): the other part of a split is almost always
    /// common, and common ⊕ common is rare — the rare values the witnesses are for — while
    /// rare ⊕ common is common (Gangolli and Plambeck's parity argument).
    fn list_witnesses(&mut self) {
        self.witness.clear();
        let classes = self.classes;
        for k in 0..FIRST_KEPT {
            for (v, slots) in self.first_at.chunks_exact(FIRST_KEPT).enumerate() {
                let a = slots[k] as usize;
                if !classes.is_none() && classes.is_rare_heap(a, v as u32) {
                    continue;
                }
                if a != 0 && a < WITNESS_REACH {
                    self.witness.push(a as u32);
                }
            }
        }
    }

    /// Keeps `n` among the first heaps with value `v`.
    fn note_first(&mut self, n: usize, v: u32) {
        if n == 0 {
            return;
        }
        let v = v as usize;
        if self.first_at.len() < (v + 1) * FIRST_KEPT {
            self.first_at.resize((v + 1) * FIRST_KEPT, 0);
        }
        let slots = &mut self.first_at[v * FIRST_KEPT..(v + 1) * FIRST_KEPT];
        if let Some(slot) = slots.iter_mut().find(|a| **a == 0) {
            *slot = n as u64;
        }
    }

    /// Chooses the masks from the first `at` values (none below [`FIRST_MASK_AT`]; kept
    /// when given) and rebuilds the rare list over all of them.
    fn choose_mask(&mut self, at: usize) {
        let n = self.values.len();
        if !self.fixed_mask {
            (self.mask, self.classes) = if at >= FIRST_MASK_AT {
                let head = &self.values[..at];
                (
                    mask::best(head, at / 2),
                    mask::best_classes(head, at / 2, self.split_parity),
                )
            } else {
                (0, Classes::plain(0))
            };
        }
        let classes = self.classes;
        self.rare = (1..n)
            .filter(|&j| classes.is_rare_heap(j, self.values[j]))
            .collect();
        self.rare_values = self.rare.iter().map(|&j| self.values[j]).collect();
        self.fill_rare_bits();
        self.list_witnesses();
    }

    /// Sizes the bitsets for values up to `max` (and their ⊕ and mex).
    fn fit_range(&mut self, max: u32) {
        let range = (u64::from(max) + 1).next_power_of_two();
        let words = (range / 64) as usize + 1;
        if words > self.words {
            self.words = words;
            self.seen.resize((words * 64).max(NARROW), 0);
            let [even, odd] = &mut self.rare_bits;
            for b in [
                &mut self.present,
                even,
                odd,
                &mut self.missing,
                &mut self.prefix,
            ] {
                b.resize(words, 0);
            }
            self.fill_rare_bits();
        }
    }

    fn fill_rare_bits(&mut self) {
        let [even, odd] = &mut self.rare_bits;
        for (w, (e, o)) in even.iter_mut().zip(odd.iter_mut()).enumerate() {
            *e = (0..64).fold(0, |acc, b| {
                let v = (w * 64 + b) as u32;
                acc | (u64::from(self.classes.class(v) == 0) << b)
            });
            *o = !*e;
        }
    }

    /// `G(n)` for a code with at most two heaps left per move (see the module doc).
    fn step(&mut self, n: usize) -> u32 {
        let g = &self.values;
        let rare_bits = &self.rare_bits[self.classes.rare_class(n)];
        let present = &mut self.present[..self.words];
        present.fill(0);
        for &i in &self.vanish {
            if n == i {
                set(present, 0);
            }
        }
        for &i in &self.reduce {
            if n > i {
                set(present, g[n - i]);
            }
        }
        if let Some(tail) = self.moves.tail {
            if n >= tail {
                set(&mut self.prefix, g[n - tail]);
            }
            for (p, q) in present.iter_mut().zip(&self.prefix) {
                *p |= q;
            }
        }
        let unequal = self.moves.unequal;
        // Splits whose rare heaps are many are scanned whole (about s/2 pairs, then nothing
        // is left to find for them); the others pair each rare heap with the rest.
        let used = self.words * 64;
        let seen = &mut self.seen;
        // values below 2^16: stores into a 2^16-byte array indexed by a u16 (no bounds checks)
        let narrow = self.max_value < NARROW as u32;
        let mut whole: u128 = 0;
        for (k, &i) in self.split.iter().enumerate() {
            if n < i + 2 {
                continue;
            }
            let s = n - i;
            let below = self.rare.partition_point(|&r| r < s);
            if WHOLE_SHARE * below < s {
                continue;
            }
            whole |= 1 << k;
            // The splits of `s` tokens are the same for every digit that splits: scanned
            // once, at the first heap that needs them, and kept for the others.
            let ahead = self.split_sets.len();
            let slot = &mut self.split_sets[s % ahead];
            if slot.0 != s {
                seen[..used].fill(0);
                let half = if unequal { (s - 1) / 2 } else { s / 2 };
                mark_pairs(seen, &g[1..=half], &g[s - half..s], narrow);
                slot.0 = s;
                slot.1.clear();
                slot.1.extend(seen[..used].chunks_exact(64).map(fold_bytes));
            }
            for (p, q) in present.iter_mut().zip(&slot.1) {
                *p |= q;
            }
        }
        seen[..used].fill(0);
        let mut complete = true;
        for (k, &i) in self.split.iter().enumerate() {
            if n < i + 2 || whole & (1 << k) != 0 {
                continue;
            }
            let s = n - i;
            let below = self.rare.partition_point(|&r| r < s);
            complete = false;
            // the rare heaps r < s, less r = s/2 when equal parts are not allowed
            let rare = &self.rare[..below];
            let mid = rare.partition_point(|&r| 2 * r < s);
            let skip = usize::from(unequal && rare.get(mid).is_some_and(|&r| 2 * r == s));
            let g = &g[..s];
            for range in [0..mid, mid + skip..below] {
                let values = &self.rare_values[range.clone()];
                let pairs = rare[range].iter().zip(values).map(|(&r, &x)| x ^ g[s - r]);
                match narrow_array(seen, narrow) {
                    Some(seen) => pairs.for_each(|v| seen[v as u16 as usize] = 1),
                    None => pairs.for_each(|v| seen[v as usize] = 1),
                }
            }
        }
        for (p, chunk) in present.iter_mut().zip(seen[..used].chunks_exact(64)) {
            *p |= fold_bytes(chunk);
        }
        // c: the least common value that is no option (past the bitsets when every value
        // is rare, mask 0: then the rare values settle it alone)
        let mut c = self.words * 64;
        for (w, (&p, &r)) in present.iter().zip(rare_bits).enumerate() {
            let seen = p | r;
            if seen != u64::MAX {
                c = w * 64 + seen.trailing_ones() as usize;
                break;
            }
        }
        // the rare values below c that are no option yet
        let mut left = 0;
        for (w, m) in self.missing[..self.words].iter_mut().enumerate() {
            let below = if (w + 1) * 64 <= c {
                u64::MAX
            } else if w * 64 >= c {
                0
            } else {
                (1u64 << (c - w * 64)) - 1
            };
            *m = !present[w] & rare_bits[w] & below;
            left += m.count_ones();
        }
        if left == 0 {
            return c as u32;
        }
        let missing = &mut self.missing;
        if complete {
            // every split was seen above
            let w = missing.iter().position(|&m| m != 0).unwrap_or(0);
            return (w * 64) as u32 + missing[w].trailing_zeros();
        }
        // Witnesses: heaps `a` below WITNESS_REACH, the first few of every value taken in
        // turn, so that G(a) runs through all the values at once: G(a) ⊕ G(s − a) then falls
        // on each rare value about equally often and the missing ones are found within a few
        // hundred pairs, all near heap s (in cache), before any scan from the small part up.
        for (k, &i) in self.split.iter().enumerate() {
            if n < i + 2 || whole & (1 << k) != 0 {
                continue;
            }
            let s = n - i;
            for &a in &self.witness {
                let a = a as usize;
                if a >= s || (unequal && 2 * a == s) {
                    continue;
                }
                let v = g[a] ^ g[s - a];
                let (w, bit) = (v as usize / 64, 1u64 << (v % 64));
                if missing[w] & bit != 0 {
                    missing[w] &= !bit;
                    left -= 1;
                    if left == 0 {
                        return c as u32;
                    }
                }
            }
        }
        'scan: for (k, &i) in self.split.iter().enumerate() {
            if n < i + 2 || whole & (1 << k) != 0 {
                continue;
            }
            let s = n - i;
            for a in 1..=s / 2 {
                let v = g[a] ^ g[s - a];
                let (w, bit) = (v as usize / 64, 1u64 << (v % 64));
                if missing[w] & bit != 0 && !(unequal && 2 * a == s) {
                    missing[w] &= !bit;
                    left -= 1;
                    if left == 0 {
                        break 'scan;
                    }
                }
            }
        }
        if left == 0 {
            return c as u32;
        }
        let w = missing.iter().position(|&m| m != 0).unwrap_or(0);
        (w * 64) as u32 + missing[w].trailing_zeros()
    }

    /// `G(n)` by the definition (codes with three-heap moves).
    fn by_definition(&mut self, n: usize) -> u32 {
        let g = &self.values;
        let present = &mut self.present;
        present.fill(0);
        let mut extra: Vec<u32> = Vec::new();
        self.moves.for_each_leave(n as u64, |leave| {
            let v = leave.parts().iter().fold(0, |x, &p| x ^ g[p as usize]);
            if (v as usize) < present.len() * 64 {
                set(present, v);
            } else {
                extra.push(v);
            }
        });
        for (w, &p) in present.iter().enumerate() {
            if p != u64::MAX {
                return (w * 64) as u32 + p.trailing_ones();
            }
        }
        // every value the bitsets cover is an option: the mex lies above them
        let mut v = (present.len() * 64) as u32;
        extra.sort_unstable();
        for x in extra {
            if x == v {
                v += 1;
            } else if x > v {
                break;
            }
        }
        v
    }
}

/// The byte array of option values is at least this long: values below it are stored
/// through a `[u8; NARROW]` indexed by a `u16`, which needs no bounds check.
const NARROW: usize = 1 << 16;

/// `seen` as a `[u8; NARROW]` when every value is below [`NARROW`] (`narrow`).
#[inline]
fn narrow_array(seen: &mut [u8], narrow: bool) -> Option<&mut [u8; NARROW]> {
    if narrow {
        seen.get_mut(..NARROW)?.try_into().ok()
    } else {
        None
    }
}

/// Marks `seen[x ⊕ y]` for the pairs `(small[k], large[len − 1 − k])` (slices of one
/// length: the splits `(a, s − a)` with `a` from the small end). With every value below
/// [`NARROW`], eight pairs a step through the fixed array: about 1.6× faster than indexing
/// the slice (the scan of a code without a sparse split is these stores and nothing else).
fn mark_pairs(seen: &mut [u8], small: &[u32], large: &[u32], narrow: bool) {
    let Some(seen) = narrow_array(seen, narrow) else {
        for (&x, &y) in small.iter().zip(large.iter().rev()) {
            seen[(x ^ y) as usize] = 1;
        }
        return;
    };
    let len = small.len();
    let k = len / 8 * 8;
    for (xs, ys) in small[..k]
        .chunks_exact(8)
        .zip(large[len - k..].rchunks_exact(8))
    {
        for j in 0..8 {
            seen[(xs[j] ^ ys[7 - j]) as u16 as usize] = 1;
        }
    }
    for (&x, &y) in small[k..].iter().zip(large[..len - k].iter().rev()) {
        seen[(x ^ y) as u16 as usize] = 1;
    }
}

/// The bits of 64 bytes that are 0 or 1.
#[inline]
fn fold_bytes(chunk: &[u8]) -> u64 {
    chunk
        .iter()
        .enumerate()
        .fold(0u64, |bits, (b, &x)| bits | (u64::from(x) << b))
}

#[inline]
fn set(bits: &mut [u64], v: u32) {
    bits[v as usize / 64] |= 1 << (v % 64);
}
