//! The sparse-space mask: a split of the values into a *rare* class (even parity of
//! `popcount(v & m)`, a subgroup under ⊕ that holds 0) and a *common* class (odd parity).
//!
//! Gangolli and Plambeck (*A note on periodicity in some octal games*, Int. J. Game Theory 18
//! (1989) 311–320) observed that for many codes some mask leaves only finitely many heaps
//! with rare values; rare ⊕ common is common and common ⊕ common is rare, which is what the
//! fast engine exploits. The mask is found from the values computed so far: the one that
//! leaves the fewest rare heaps in the later half. The engine is exact for every mask (the
//! mask only decides what is cheap), so a poor choice costs time, never correctness.

/// Whether `v` is rare under `mask`: `popcount(v & mask)` is even.
#[inline]
pub fn is_rare(v: u32, mask: u32) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// The largest value range (a power of two) the search tries every mask of; past it the
/// search keeps no mask (every value rare: the engine then works as the definition does).
pub const MAX_MASK_RANGE: u32 = 1 << 12;

/// The best mask for `values`: the fewest heaps `n ≥ from` with a rare value, ties broken by
/// the fewest rare heaps overall and then the smallest mask. 0 (every value rare) when the
/// values reach [`MAX_MASK_RANGE`].
///
/// # Examples
/// ```
/// use onag::heaps::mask;
///
/// // values alternating 1, 2: mask 1 makes the 2s rare, mask 2 the 1s, mask 3 both common
/// let values = [0, 1, 2, 1, 2, 1, 2, 1, 2];
/// assert_eq!(mask::best(&values, 1), 3);
/// ```
pub fn best(values: &[u32], from: usize) -> u32 {
    let max = values.iter().copied().max().unwrap_or(0);
    let range = (max + 1).next_power_of_two();
    if range > MAX_MASK_RANGE {
        return 0;
    }
    let mut late = vec![0u64; range as usize];
    let mut early = vec![0u64; range as usize];
    for (n, &v) in values.iter().enumerate().skip(1) {
        if n >= from {
            late[v as usize] += 1;
        } else {
            early[v as usize] += 1;
        }
    }
    let mut best = (u64::MAX, u64::MAX, 0);
    for mask in 0..range {
        let (mut l, mut e) = (0, 0);
        for v in 0..range {
            if is_rare(v, mask) {
                l += late[v as usize];
                e += early[v as usize];
            }
        }
        if (l, l + e, mask) < best {
            best = (l, l + e, mask);
        }
    }
    best.2
}
