//! Lexicodes and the P-positions of turn-at-most-(d−1) coin games.
//!
//! The lexicode of length `n` and minimum distance `d` keeps, scanning the words
//! `0, 1, …, 2^n − 1` in order, every word at Hamming distance at least `d` from all words
//! kept before. Conway and Sloane (*Lexicographic codes: error-correcting codes from game
//! theory*, IEEE Trans. IT 32, 1986) proved that lexicodes are linear and are exactly the
//! P-positions of "turn at most d − 1 coins" on `n` coins: Mock Turtles on 16 coins gives the
//! [16, 11, 4] extended Hamming code, Moebius on 18 the [18, 9, 6] code, Mogul on 24 the
//! extended Golay code [24, 12, 8].

use super::coins::Rule;

/// The longest word length accepted (a bitmap of 2^n bits is kept).
pub const MAX_LENGTH: u32 = 28;

/// `lexicode(n, d)` in increasing order, by marking the Hamming ball of radius `d − 1` around
/// each kept word in a bitmap of all `2^n` words (a word is kept iff no ball covers it).
/// `d = 0` or `1` keeps every word. Time is about `|code| · Σ_{i<d} C(n, i)`.
///
/// # Panics
/// If `n > MAX_LENGTH`.
pub fn lexicode(n: u32, d: u32) -> Vec<u32> {
    assert!(n <= MAX_LENGTH, "lexicode length {n} above {MAX_LENGTH}");
    let size = 1usize << n;
    let ball = ball_masks(n, d.saturating_sub(1));
    let mut covered = vec![0u64; size.div_ceil(64)];
    let mut words = Vec::new();
    for w in 0..size {
        if covered[w >> 6] >> (w & 63) & 1 == 1 {
            continue;
        }
        words.push(w as u32);
        for &m in &ball {
            let x = w ^ m as usize;
            covered[x >> 6] |= 1 << (x & 63);
        }
    }
    words
}

/// All masks of `n` bits with at most `r` bits set.
fn ball_masks(n: u32, r: u32) -> Vec<u32> {
    fn rec(from: u32, n: u32, left: u32, acc: u32, out: &mut Vec<u32>) {
        out.push(acc);
        if left == 0 {
            return;
        }
        for i in from..n {
            rec(i + 1, n, left - 1, acc | 1 << i, out);
        }
    }
    let mut out = Vec::new();
    rec(0, n, r, 0, &mut out);
    out
}

/// The P-positions of "turn at most `k` coins" on `n` coins (coins 0..n, bit i = coin i), in
/// increasing order. A position is a P-position iff the XOR of its coins' values is 0, so
/// the P-positions are the kernel of a GF(2)-linear map: Gaussian elimination finds a basis,
/// and a Gray code walks all `2^dim` kernel words with one XOR each.
///
/// # Panics
/// If `n > 32`.
pub fn p_positions_at_most(n: u32, k: u32) -> Vec<u32> {
    assert!(n <= 32, "at most 32 coins");
    let values = Rule::AtMost(k).values(n as usize);
    // Rows (value, coins): reduce the values to echelon form; rows reduced to value 0 carry
    // kernel vectors.
    let mut pivots: Vec<(u64, u32)> = Vec::new();
    let mut kernel: Vec<u32> = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        let (mut value, mut coins) = (v, 1u32 << i);
        for &(pv, pc) in &pivots {
            if value ^ pv < value {
                value ^= pv;
                coins ^= pc;
            }
        }
        if value == 0 {
            kernel.push(coins);
        } else {
            pivots.push((value, coins));
            // Keep pivots sorted by decreasing top bit so one pass reduces fully.
            pivots.sort_by_key(|&(pv, _)| std::cmp::Reverse(63 - pv.leading_zeros()));
        }
    }
    let mut words = Vec::with_capacity(1 << kernel.len());
    let mut w = 0u32;
    words.push(w);
    for i in 1u64..1 << kernel.len() {
        w ^= kernel[i.trailing_zeros() as usize];
        words.push(w);
    }
    words.sort_unstable();
    words
}

/// The number of words of each Hamming weight `0..=n`.
pub fn weight_distribution(words: &[u32], n: u32) -> Vec<u64> {
    let mut dist = vec![0u64; n as usize + 1];
    for &w in words {
        dist[w.count_ones() as usize] += 1;
    }
    dist
}

/// The smallest nonzero weight (the minimum distance of a linear code), `None` for `{0}`.
pub fn min_weight(words: &[u32]) -> Option<u32> {
    words
        .iter()
        .filter(|&&w| w != 0)
        .map(|w| w.count_ones())
        .min()
}
