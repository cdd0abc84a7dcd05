//! The part memo: an open-addressing table (linear probing) with key and value side by side.
//!
//! A family run probes a table of millions of parts once per move, far beyond the caches; a
//! general hash map touches its control bytes and then its slot (two cache misses per probe),
//! this table touches one slot, usually one cache line.

use crate::partizan::game::GameId;

/// A memo key: a few words hashed by multiply-and-fold.
pub(crate) trait MemoKey: Copy + Eq + Default {
    /// A well-mixed 64-bit hash (the table takes its high bits).
    fn hash(&self) -> u64;
}

const K1: u64 = 0x9e37_79b9_7f4a_7c15;
const K2: u64 = 0xbf58_476d_1ce4_e5b9;

#[inline]
fn mix(h: u64, w: u64) -> u64 {
    (h ^ w).wrapping_mul(K1).rotate_left(29)
}

impl MemoKey for u64 {
    #[inline]
    fn hash(&self) -> u64 {
        let x = self.wrapping_mul(K1);
        (x ^ (x >> 31)).wrapping_mul(K2)
    }
}

impl MemoKey for (u64, u64) {
    #[inline]
    fn hash(&self) -> u64 {
        mix(self.0, self.1).wrapping_mul(K2)
    }
}

impl MemoKey for (u64, u64, u64, u64) {
    #[inline]
    fn hash(&self) -> u64 {
        mix(mix(mix(self.0, self.1), self.2), self.3).wrapping_mul(K2)
    }
}

/// log2 of the smallest table (as [`Memo::insert`] grows it: 0 when empty, else at least
/// 2^10 slots) holding `len` entries at most 3/4 full.
fn fit_bits(len: usize) -> u32 {
    let mut bits = 0;
    while 4 * len > 3 * (1usize << bits) || (len > 0 && bits < 10) {
        bits += 1;
    }
    bits
}

/// Key → game id, open addressing; an empty slot holds `None`.
pub(crate) struct Memo<K: MemoKey> {
    slots: Vec<(K, Option<GameId>)>,
    len: usize,
    /// log2 of the slot count.
    bits: u32,
}

impl<K: MemoKey> Memo<K> {
    pub(crate) fn new() -> Memo<K> {
        Memo {
            slots: Vec::new(),
            len: 0,
            bits: 0,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Bytes of the slots.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<(K, Option<GameId>)>()
    }

    /// The stored keys, in slot order.
    pub(crate) fn keys(&self) -> impl Iterator<Item = K> + '_ {
        self.slots.iter().filter(|s| s.1.is_some()).map(|s| s.0)
    }

    #[inline]
    fn home(&self, key: &K) -> usize {
        (key.hash() >> (64 - self.bits)) as usize
    }

    #[inline]
    pub(crate) fn get(&self, key: &K) -> Option<GameId> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let (k, v) = &self.slots[i];
            match v {
                None => return None,
                Some(g) if k == key => return Some(*g),
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    /// Stores `value` under `key` (which the caller has just found missing).
    pub(crate) fn insert(&mut self, key: K, value: GameId) {
        // at most 3/4 full, so probe runs stay short
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        self.place(key, value);
        self.len += 1;
    }

    fn place(&mut self, key: K, value: GameId) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(&key);
        loop {
            match &self.slots[i] {
                (_, None) => {
                    self.slots[i] = (key, Some(value));
                    return;
                }
                (k, Some(_)) if *k == key => {
                    self.slots[i].1 = Some(value);
                    self.len -= 1;
                    return;
                }
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Keeps only the entries whose key passes `keep`, in a table sized for them (so the
    /// memory of the dropped ones is given back).
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&K) -> bool) {
        let old = std::mem::take(&mut self.slots);
        let kept: Vec<(K, GameId)> = old
            .into_iter()
            .filter_map(|(k, v)| v.filter(|_| keep(&k)).map(|g| (k, g)))
            .collect();
        self.len = 0;
        self.bits = fit_bits(kept.len());
        if self.bits > 0 {
            self.slots = vec![(K::default(), None); 1 << self.bits];
        }
        for (k, g) in kept {
            self.place(k, g);
            self.len += 1;
        }
    }

    fn grow(&mut self) {
        let bits = (self.bits + 1).max(10);
        let old = std::mem::replace(&mut self.slots, vec![(K::default(), None); 1 << bits]);
        self.bits = bits;
        for (k, v) in old {
            if let Some(g) = v {
                self.place(k, g);
            }
        }
    }
}

/// Bits of a [`Packed`] slot holding the value (the default).
pub(crate) const VALUE_BITS: u32 = 22;

/// Key → game id for keys below 2^(64 − vb) and ids below 2^vb, both in one 8-byte slot (0 is
/// an empty slot; a stored slot is never 0 because the key is never 0). Half the size of a
/// [`Memo`] slot, so twice as much of a family's table stays in the cache. An entry that does
/// not fit is refused by [`Packed::insert`] and kept by the caller in a [`Memo`] (the spill
/// table).
pub(crate) struct Packed {
    slots: Vec<u64>,
    len: usize,
    bits: u32,
    /// Bits of a slot holding the value.
    vb: u32,
}

impl Packed {
    /// An empty table whose slots hold `vb` bits of value (1 ≤ `vb` ≤ 63).
    pub(crate) fn new(vb: u32) -> Packed {
        debug_assert!((1..64).contains(&vb));
        Packed {
            slots: Vec::new(),
            len: 0,
            bits: 0,
            vb,
        }
    }

    /// Largest key (exclusive) a slot holds.
    pub(crate) fn key_limit(&self) -> u64 {
        1 << (64 - self.vb)
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Bytes of the slots.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.capacity() * 8
    }

    /// The stored keys, in slot order.
    pub(crate) fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        let vb = self.vb;
        self.slots
            .iter()
            .filter(|&&s| s != 0)
            .map(move |&s| s >> vb)
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        (MemoKey::hash(&key) >> (64 - self.bits)) as usize
    }

    /// The id stored under `key` (not 0).
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<GameId> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let s = self.slots[i];
            if s == 0 {
                return None;
            }
            if s >> self.vb == key {
                return Some(GameId::from_index((s & ((1 << self.vb) - 1)) as u32));
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `value` under `key` (just found missing) when both fit a slot; `false` when
    /// they do not (the caller keeps the entry elsewhere).
    pub(crate) fn insert(&mut self, key: u64, value: GameId) -> bool {
        let v = value.index() as u64;
        if v >> self.vb != 0 || key >= self.key_limit() || key == 0 {
            return false;
        }
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.resize((self.bits + 1).max(10));
        }
        self.place(key << self.vb | v);
        self.len += 1;
        true
    }

    /// Sizes the table for `entries` at most 3/4 full at once, so that filling it does not
    /// double it (a doubling holds the old and the new slots together: 1.5 times the final
    /// table's bytes). Never shrinks.
    pub(crate) fn reserve(&mut self, entries: usize) {
        let bits = fit_bits(entries);
        if bits > self.bits {
            self.resize(bits);
        }
    }

    fn resize(&mut self, bits: u32) {
        let old = std::mem::replace(&mut self.slots, vec![0; 1 << bits]);
        self.bits = bits;
        for s in old {
            if s != 0 {
                self.place(s);
            }
        }
    }

    /// Keeps only the entries whose key passes `keep`, in a table sized for them.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(u64) -> bool) {
        let old = std::mem::take(&mut self.slots);
        let vb = self.vb;
        let kept: Vec<u64> = old
            .into_iter()
            .filter(|&s| s != 0 && keep(s >> vb))
            .collect();
        self.len = kept.len();
        self.bits = fit_bits(kept.len());
        if self.bits > 0 {
            self.slots = vec![0; 1 << self.bits];
        }
        for s in kept {
            self.place(s);
        }
    }

    fn place(&mut self, slot: u64) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(slot >> self.vb);
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reserved_table_does_not_grow_and_finds_everything() {
        let mut t = Packed::new(VALUE_BITS);
        t.reserve(3000);
        let bytes = t.bytes();
        assert_eq!(bytes, 4096 * 8);
        for k in 1..=3000u64 {
            assert!(t.insert(k * 7919, GameId::from_index(k as u32)));
        }
        assert_eq!(t.bytes(), bytes);
        assert!((1..=3000u64).all(|k| t.get(k * 7919) == Some(GameId::from_index(k as u32))));
        assert_eq!(t.get(5), None);
        // a smaller reservation never shrinks it; ids or keys too wide are refused
        t.reserve(10);
        assert_eq!(t.bytes(), bytes);
        assert!(!t.insert(1, GameId::from_index(1 << VALUE_BITS)));
        assert!(!t.insert(t.key_limit(), GameId::from_index(1)));
        assert_eq!(t.len(), 3000);
    }
}
