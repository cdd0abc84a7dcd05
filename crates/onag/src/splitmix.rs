//! SplitMix64 (G. L. Steele Jr., D. Lea, C. H. Flood, *Fast splittable pseudorandom number
//! generators*, OOPSLA 2014): the one small seeded generator of the library, its examples and
//! its tests — the computer players' random moves, sampled boards, random pictures. The same
//! seed gives the same numbers on every platform, so a seeded move or a failing sample can be
//! reproduced.
//!
//! # Examples
//! ```
//! use onag::splitmix::{mix, SplitMix64};
//!
//! let mut rng = SplitMix64::new(0);
//! assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf); // the published first output of seed 0
//! assert_eq!(mix(0), 0xe220_a839_7b1d_cdaf); // one word: the first output of a fresh stream
//! assert!(rng.below(6) < 6);
//! let u = rng.unit();
//! assert!((0.0..1.0).contains(&u));
//! ```

/// The state step: the golden ratio's fraction, `⌊2^64 / φ⌋` made odd.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// A SplitMix64 stream (see the [module documentation](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The stream of `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next word: the state advances by the golden-ratio step, then the finaliser mixes
    /// it (two xor-shift-multiply rounds and a last xor-shift).
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The next word reduced modulo `n` (`n > 0`; the slight bias of the modulo is no matter
    /// for sampling games).
    ///
    /// # Panics
    /// If `n` is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// The next word as a number in `[0, 1)`: its top 53 bits over 2^53.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// One well-mixed word from `seed`: the first word of the stream of `seed`.
pub fn mix(seed: u64) -> u64 {
    SplitMix64::new(seed).next_u64()
}
