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

/// The most words [`lexicode_report`] marks (about a minute of work).
pub const MAX_WORK: f64 = 8_589_934_592.0; // 2^33

/// An upper estimate of the words `lexicode(n, d)` marks: the code has at most
/// `2^n / ball(⌊(d−1)/2⌋)` words (sphere packing) and each marks `ball(d−1)` words, where
/// `ball(r)` is the size of a Hamming ball of radius `r` in `n` bits.
///
/// # Examples
/// ```
/// use onag::impartial::lexicode::work_estimate;
/// assert_eq!(work_estimate(3, 1), 8.0); // every word, balls of radius 0
/// assert!(work_estimate(24, 8) < 2f64.powi(33)); // the Golay code is cheap
/// assert!(work_estimate(28, 13) > 2f64.powi(33));
/// ```
pub fn work_estimate(n: u32, d: u32) -> f64 {
    let n = n as usize;
    let ball = |r: usize| -> f64 {
        let (mut total, mut binom) = (0f64, 1f64);
        for i in 0..=r.min(n) {
            total += binom;
            binom = binom * (n - i) as f64 / (i + 1) as f64;
        }
        total
    };
    let r = d.saturating_sub(1) as usize;
    2f64.powi(n as i32) * ball(r) / ball(r / 2)
}

/// What `onag coins lexicode N D` reports.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LexicodeReport {
    /// Word length.
    pub n: u32,
    /// Minimum distance.
    pub d: u32,
    /// Number of code words.
    pub words: usize,
    /// The least nonzero weight (the minimum distance of the linear code), if any.
    pub min_weight: Option<u32>,
    /// How many words have each weight `0..=n`.
    pub weights: Vec<u64>,
    /// The coin game compared with (`at-most:D−1`), when asked.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub game: Option<String>,
    /// Whether the code equals that game's P-positions (Conway–Sloane), when asked.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub equals_game_p_positions: Option<bool>,
}

/// Why a lexicode is not computed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LexicodeError {
    /// `n` is 0 or above [`MAX_LENGTH`].
    #[error("N must be between 1 and {MAX_LENGTH}, not {0}")]
    Length(u32),
    /// `d` is outside `1..=n+1` (`2..=n+1` with the game comparison).
    #[error("D must be between {min} and N+1, not {d}")]
    Distance {
        /// The distance asked for.
        d: u32,
        /// The least allowed.
        min: u32,
    },
    /// More than [`MAX_WORK`] words would be marked.
    #[error("it would mark about {0:.1e} words; choose a smaller N")]
    TooMuchWork(f64),
}

/// `lexicode(n, d)` with its weights, and with `compare_game` the check against the
/// P-positions of "turn at most d − 1 coins"; bounds checked first.
///
/// # Examples
/// ```
/// use onag::impartial::lexicode::lexicode_report;
/// let r = lexicode_report(16, 4, true).unwrap(); // Mock Turtles: extended Hamming code
/// assert_eq!((r.words, r.min_weight), (2048, Some(4)));
/// assert_eq!(r.equals_game_p_positions, Some(true));
/// assert!(lexicode_report(0, 1, false).is_err());
/// ```
pub fn lexicode_report(
    n: u32,
    d: u32,
    compare_game: bool,
) -> Result<LexicodeReport, LexicodeError> {
    let words = checked_words(n, d, if compare_game { 2 } else { 1 })?;
    let equal = compare_game.then(|| words == p_positions_at_most(n, d - 1));
    Ok(LexicodeReport {
        n,
        d,
        words: words.len(),
        min_weight: min_weight(&words),
        weights: weight_distribution(&words, n),
        game: compare_game.then(|| Rule::AtMost(d - 1).to_string()),
        equals_game_p_positions: equal,
    })
}

/// [`lexicode`] with the bounds of [`lexicode_report`] checked first: the code words
/// themselves (bit `i` of a word = coin `i`), for a front end that hands them out.
///
/// # Examples
/// ```
/// use onag::impartial::lexicode::{lexicode_words, LexicodeError};
/// assert_eq!(lexicode_words(3, 3).unwrap(), vec![0b000, 0b111]);
/// assert_eq!(lexicode_words(29, 2), Err(LexicodeError::Length(29)));
/// assert_eq!(lexicode_words(8, 10), Err(LexicodeError::Distance { d: 10, min: 1 }));
/// ```
pub fn lexicode_words(n: u32, d: u32) -> Result<Vec<u32>, LexicodeError> {
    checked_words(n, d, 1)
}

/// The words of `lexicode(n, d)` once `n`, `d ≥ min` and the work are within bounds.
fn checked_words(n: u32, d: u32, min: u32) -> Result<Vec<u32>, LexicodeError> {
    if n == 0 || n > MAX_LENGTH {
        return Err(LexicodeError::Length(n));
    }
    if d < min || d > n + 1 {
        return Err(LexicodeError::Distance { d, min });
    }
    let work = work_estimate(n, d);
    if work > MAX_WORK {
        return Err(LexicodeError::TooMuchWork(work));
    }
    Ok(lexicode(n, d))
}

/// `lexicode(n, d)` in increasing order, by marking the Hamming ball of radius `d − 1` around
/// each kept word in a bitmap of all `2^n` words (a word is kept iff no ball covers it).
/// `d = 0` or `1` keeps every word. Time is about `|code| · Σ_{i<d} C(n, i)`.
///
/// # Panics
/// If `n > MAX_LENGTH`.
///
/// # Examples
/// ```
/// use onag::impartial::lexicode::{lexicode, min_weight, weight_distribution};
///
/// let hamming = lexicode(7, 3); // the [7, 4, 3] Hamming code
/// assert_eq!(hamming.len(), 16);
/// assert_eq!(&hamming[..4], &[0b0000000, 0b0000111, 0b0011001, 0b0011110]);
/// assert_eq!(min_weight(&hamming), Some(3));
/// assert_eq!(weight_distribution(&hamming, 7), vec![1, 0, 0, 7, 7, 0, 0, 1]);
/// ```
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
///
/// # Examples
/// ```
/// use onag::impartial::lexicode::{lexicode, p_positions_at_most};
///
/// // Turning at most 2 coins: the P-positions are the lexicode of distance 3.
/// assert_eq!(p_positions_at_most(7, 2), lexicode(7, 3));
/// assert_eq!(p_positions_at_most(10, 4).len().count_ones(), 1); // a power of two
/// ```
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
///
/// # Examples
/// ```
/// use onag::impartial::lexicode::weight_distribution;
///
/// assert_eq!(weight_distribution(&[0b000, 0b011, 0b101, 0b110], 3), vec![1, 0, 3, 0]);
/// ```
pub fn weight_distribution(words: &[u32], n: u32) -> Vec<u64> {
    let mut dist = vec![0u64; n as usize + 1];
    for &w in words {
        dist[w.count_ones() as usize] += 1;
    }
    dist
}

/// The smallest nonzero weight (the minimum distance of a linear code), `None` for `{0}`.
///
/// # Examples
/// ```
/// use onag::impartial::lexicode::min_weight;
///
/// assert_eq!(min_weight(&[0, 0b1110, 0b0111]), Some(3));
/// assert_eq!(min_weight(&[0]), None);
/// ```
pub fn min_weight(words: &[u32]) -> Option<u32> {
    words
        .iter()
        .filter(|&&w| w != 0)
        .map(|w| w.count_ones())
        .min()
}
