//! A fast non-cryptographic hasher for the arena's integer keys (the Fx hash of rustc: one
//! rotate, xor and multiply per word). Keys are our own ids, so no flooding defence is needed.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The Fx hasher: `h = (h.rotl(5) ^ word) · K`.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn finish(&self) -> u64 {
        // The multiply leaves the low bits depending only on low input bits, and hashbrown
        // picks buckets from the low bits: fold the high half down (as rustc-hash 2 does).
        let x = self.0;
        x ^ (x >> 32) ^ (x >> 47)
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_u128(&mut self, i: u128) {
        self.add(i as u64);
        self.add((i >> 64) as u64);
    }

    #[inline]
    fn write_i64(&mut self, i: i64) {
        self.add(i as u64);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
}

/// A `HashMap` with the Fx hasher.
pub(crate) type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// Hashes a slice of words (for option lists).
pub(crate) fn hash_words(words: impl Iterator<Item = u32>) -> u64 {
    let mut h = FxHasher(0x9e37_79b9_7f4a_7c15);
    for w in words {
        h.add(w as u64);
    }
    // finalise so nearby lists spread over the high bits as well
    let x = h.0;
    (x ^ (x >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ (x >> 32)
}
