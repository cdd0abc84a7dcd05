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
//! A split whose rare heaps are many (a quarter of the heaps or more: the codes whose values
//! have no sparse split) is scanned whole in pass 1 instead, and needs no pass 2. Option
//! values from splits are stored a byte each (stores without a read-modify-write chain) and
//! folded into a bitset for the mex.
//!
//! The result is exact for every mask; the mask is chosen from the values (the one leaving
//! the fewest rare heaps in the later half), re-chosen at every power of two, and never
//! assumed. Memory: the values (4 bytes a heap) and the rare heaps. Codes with three-heap
//! moves (hexadecimal digits ≥ 8) are computed by the definition, heap by heap.

use super::mask;
use super::moves::Moves;
use super::ruleset::Ruleset;
use crate::{StopFlag, Stopped};

/// How many first heaps of each value are kept as witnesses.
const FIRST_KEPT: usize = 16;

/// Witness heaps are below this (so that `G(a)` and `G(s − a)` are read from the two ends
/// of the values, both in cache).
const WITNESS_REACH: usize = 1 << 16;

/// How often (in heaps) the witness list is rebuilt from the first heaps of each value.
const WITNESS_EVERY: usize = 4096;

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
    mask: u32,
    /// Heaps `n ≥ 1` with a rare value, ascending.
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
    /// Rare values (bitset over the same range).
    rare_bits: Vec<u64>,
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
}

impl Sequence {
    /// An empty sequence of `ruleset`.
    pub fn new(ruleset: &Ruleset) -> Sequence {
        let moves = ruleset.moves();
        let positive =
            |bit| -> Vec<usize> { moves.with_bit(bit).into_iter().filter(|&i| i > 0).collect() };
        let mut seq = Sequence {
            vanish: positive(1),
            reduce: positive(2),
            split: moves.with_bit(4),
            three: moves.max_heaps() == 3,
            moves,
            ruleset: ruleset.clone(),
            values: Vec::new(),
            mask: 0,
            rare: Vec::new(),
            rare_values: Vec::new(),
            seen: Vec::new(),
            split_sets: Vec::new(),
            present: Vec::new(),
            rare_bits: Vec::new(),
            missing: Vec::new(),
            prefix: Vec::new(),
            words: 0,
            max_value: 0,
            fixed_mask: false,
            first_at: Vec::new(),
            witness: Vec::new(),
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
        let mut seq = Sequence::new(ruleset);
        seq.mask = mask;
        seq.fixed_mask = true;
        seq.fill_rare_bits();
        seq
    }

    /// The sequence of `ruleset` with the given first values (from a checkpoint): the mask
    /// and the rare heaps are derived from them again. The values are trusted: check them
    /// first ([`Sequence::verify_tail`]) when they come from outside.
    pub fn from_values(ruleset: &Ruleset, values: Vec<u32>) -> Sequence {
        let mut seq = Sequence::new(ruleset);
        let max = values.iter().copied().max().unwrap_or(0);
        seq.fit_range(max);
        seq.max_value = max;
        for (n, &v) in values.iter().enumerate() {
            seq.note_first(n, v);
        }
        seq.values = values;
        if let Some(tail) = seq.moves.tail {
            let n = seq.values.len();
            for j in 0..(n + 1).saturating_sub(tail) {
                let v = seq.values[j];
                set(&mut seq.prefix, v);
            }
        }
        if seq.values.len() >= FIRST_MASK_AT {
            seq.choose_mask();
        } else {
            seq.rare = (1..seq.values.len()).collect();
            seq.rare_values = seq.values.iter().skip(1).copied().collect();
        }
        seq.list_witnesses();
        seq
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

    /// The mask in use (0 until the first [`FIRST_MASK_AT`] values, or when no mask helps).
    pub fn mask(&self) -> u32 {
        self.mask
    }

    /// The heaps `n ≥ 1` whose value is rare under [`Sequence::mask`], ascending.
    pub fn rare_heaps(&self) -> &[usize] {
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

    /// Recomputes the values of heaps `from..len` from the ones before them; `Err(n)` names
    /// the first heap whose stored value is wrong. Checks a resumed checkpoint's last values.
    pub fn verify_tail(&self, from: usize) -> Result<(), usize> {
        let from = from.min(self.values.len());
        let mut head = Sequence::from_values(&self.ruleset, self.values[..from].to_vec());
        for n in from..self.values.len() {
            let v = head.next_value(n);
            if v != self.values[n] {
                return Err(n);
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
            self.choose_mask();
        }
        if self.three {
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
        if n >= 1 && mask::is_rare(v, self.mask) {
            self.rare.push(n);
            self.rare_values.push(v);
        }
        self.note_first(n, v);
    }

    /// Rebuilds the witness list from the first heaps of each value.
    /// Only heaps with a common value are kept (under a mask): the other part of a split is
    /// almost always common, and common ⊕ common is rare — the rare values the witnesses are
    /// for — while rare ⊕ common is common (Gangolli and Plambeck's parity argument).
    fn list_witnesses(&mut self) {
        self.witness.clear();
        for k in 0..FIRST_KEPT {
            for (v, slots) in self.first_at.chunks_exact(FIRST_KEPT).enumerate() {
                if self.mask != 0 && mask::is_rare(v as u32, self.mask) {
                    continue;
                }
                let a = slots[k] as usize;
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

    /// Re-chooses the mask from the values so far and rebuilds the rare list.
    fn choose_mask(&mut self) {
        let n = self.values.len();
        self.mask = mask::best(&self.values, n / 2);
        self.rare = (1..n)
            .filter(|&j| mask::is_rare(self.values[j], self.mask))
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
            self.seen.resize(words * 64, 0);
            for b in [
                &mut self.present,
                &mut self.rare_bits,
                &mut self.missing,
                &mut self.prefix,
            ] {
                b.resize(words, 0);
            }
            self.fill_rare_bits();
        }
    }

    fn fill_rare_bits(&mut self) {
        for (w, word) in self.rare_bits.iter_mut().enumerate() {
            *word = (0..64).fold(0, |acc, b| {
                let v = (w * 64 + b) as u32;
                acc | (u64::from(mask::is_rare(v, self.mask)) << b)
            });
        }
    }

    /// `G(n)` for a code with at most two heaps left per move (see the module doc).
    fn step(&mut self, n: usize) -> u32 {
        let g = &self.values;
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
        let seen = &mut self.seen[..self.words * 64];
        let mut whole: u128 = 0;
        for (k, &i) in self.split.iter().enumerate() {
            if n < i + 2 {
                continue;
            }
            let s = n - i;
            let below = self.rare.partition_point(|&r| r < s);
            if 4 * below < s {
                continue;
            }
            whole |= 1 << k;
            // The splits of `s` tokens are the same for every digit that splits: scanned
            // once, at the first heap that needs them, and kept for the others.
            let ahead = self.split_sets.len();
            let slot = &mut self.split_sets[s % ahead];
            if slot.0 != s {
                seen.fill(0);
                let half = if unequal { (s - 1) / 2 } else { s / 2 };
                let small = &g[1..=half];
                let large = &g[s - half..s];
                for (&x, &y) in small.iter().zip(large.iter().rev()) {
                    seen[(x ^ y) as usize] = 1;
                }
                slot.0 = s;
                slot.1.clear();
                slot.1.extend(seen.chunks_exact(64).map(fold_bytes));
            }
            for (p, q) in present.iter_mut().zip(&slot.1) {
                *p |= q;
            }
        }
        seen.fill(0);
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
                for (&r, &x) in rare[range].iter().zip(values) {
                    seen[(x ^ g[s - r]) as usize] = 1;
                }
            }
        }
        for (p, chunk) in present.iter_mut().zip(seen.chunks_exact(64)) {
            *p |= fold_bytes(chunk);
        }
        // c: the least common value that is no option (past the bitsets when every value
        // is rare, mask 0: then the rare values settle it alone)
        let mut c = self.words * 64;
        for (w, (&p, &r)) in present.iter().zip(&self.rare_bits).enumerate() {
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
            *m = !present[w] & self.rare_bits[w] & below;
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
