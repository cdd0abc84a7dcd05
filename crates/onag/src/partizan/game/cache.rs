//! Bounded caches for the arena's memos of ≤, sums and option sets.
//!
//! Each memo maps a key to a value that the arena could recompute at any time (Conway's ≤ of
//! two canonical games, the canonical form of a sum or of an option set: unique by ONAG
//! Thm 68, and interned once, so a recomputation finds the same id). Unbounded hash maps
//! grew to gigabytes on one 24-square Toads-and-Frogs board (≈ 1 KB per arena game), so
//! they are direct-mapped tables instead: a slot per hash, a new entry overwrites the old
//! one, and the table grows with the arena up to a fixed size. A miss costs only the
//! recomputation; values never depend on what the cache holds.

/// A cache key: a few words, with one value no real key takes (the empty slot).
pub(super) trait CacheKey: Copy + Eq {
    /// The empty slot's key.
    const EMPTY: Self;
    /// A well-mixed 64-bit hash (the table takes its high bits).
    fn hash(&self) -> u64;
}

const K1: u64 = 0x9e37_79b9_7f4a_7c15;
const K2: u64 = 0xbf58_476d_1ce4_e5b9;

impl CacheKey for u64 {
    /// Pairs (a, b) of ids as `a << 32 | b` with a ≠ b, or a ≤ b < `u32::MAX`: never all ones.
    const EMPTY: u64 = u64::MAX;

    #[inline]
    fn hash(&self) -> u64 {
        let x = self.wrapping_mul(K1);
        (x ^ (x >> 31)).wrapping_mul(K2)
    }
}

impl CacheKey for [u64; 4] {
    /// Option-set keys start with the number of Left options, never `u32::MAX`.
    const EMPTY: [u64; 4] = [u64::MAX; 4];

    #[inline]
    fn hash(&self) -> u64 {
        let mut h = 0u64;
        for &w in self {
            h = (h ^ w).wrapping_mul(K1).rotate_left(29);
        }
        h.wrapping_mul(K2)
    }
}

/// log2 of the smallest table.
const MIN_BITS: u32 = 10;

/// A direct-mapped cache of `2^bits` slots, `bits` growing with [`Cache::fit`] up to
/// `max_bits`.
#[derive(Clone, Debug)]
pub(super) struct Cache<K, V> {
    slots: Vec<(K, V)>,
    bits: u32,
    max_bits: u32,
    len: usize,
}

impl<K: CacheKey, V: Copy + Default> Cache<K, V> {
    pub(super) fn new(max_bits: u32) -> Cache<K, V> {
        Cache {
            slots: Vec::new(),
            bits: 0,
            max_bits: max_bits.max(MIN_BITS),
            len: 0,
        }
    }

    /// Entries held (at most the slot count).
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Bytes of the slots.
    pub(super) fn bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<(K, V)>()
    }

    #[inline]
    fn slot(&self, key: &K) -> usize {
        (key.hash() >> (64 - self.bits)) as usize
    }

    #[inline]
    pub(super) fn get(&self, key: &K) -> Option<V> {
        debug_assert!(*key != K::EMPTY);
        if self.slots.is_empty() {
            return None;
        }
        let (k, v) = &self.slots[self.slot(key)];
        (k == key).then_some(*v)
    }

    /// Stores `value` under `key`, replacing whatever held its slot.
    #[inline]
    pub(super) fn insert(&mut self, key: K, value: V) {
        if self.slots.is_empty() {
            self.resize(MIN_BITS);
        }
        let i = self.slot(&key);
        if self.slots[i].0 == K::EMPTY {
            self.len += 1;
        }
        self.slots[i] = (key, value);
    }

    /// Grows the table to about `per_game` slots a game of an arena of `games` (a power of
    /// two, at most `2^max_bits`), keeping the entries.
    pub(super) fn fit(&mut self, games: usize, per_game: usize) {
        let want = games.saturating_mul(per_game).max(1);
        let bits = (usize::BITS - (want - 1).leading_zeros()).clamp(MIN_BITS, self.max_bits);
        if bits > self.bits {
            self.resize(bits);
        }
    }

    fn resize(&mut self, bits: u32) {
        let old = std::mem::replace(&mut self.slots, vec![(K::EMPTY, V::default()); 1 << bits]);
        self.bits = bits;
        self.len = 0;
        for (k, v) in old {
            if k != K::EMPTY {
                self.insert(k, v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cache_answers_what_it_holds_and_only_that() {
        let mut c: Cache<u64, u32> = Cache::new(12);
        for k in 0..10_000u64 {
            c.insert(k * 7, k as u32);
        }
        assert!(c.len() <= 1 << 12);
        let mut held = 0;
        for k in 0..10_000u64 {
            if let Some(v) = c.get(&(k * 7)) {
                assert_eq!(v, k as u32);
                held += 1;
            }
            assert_eq!(c.get(&(k * 7 + 1)), None);
        }
        assert_eq!(held, c.len());
        // growing keeps the entries
        let mut d: Cache<u64, u32> = Cache::new(20);
        for k in 0..500u64 {
            d.insert(k, k as u32 + 1);
        }
        let before: Vec<_> = (0..500u64).map(|k| d.get(&k)).collect();
        d.fit(100_000, 4);
        assert_eq!(d.bytes(), (1 << 19) * 16);
        for (k, b) in before.into_iter().enumerate() {
            if b.is_some() {
                assert_eq!(d.get(&(k as u64)), b);
            }
        }
    }
}
