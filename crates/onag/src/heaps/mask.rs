//! The sparse-space mask: a split of the values into a *rare* class (even parity of
//! `popcount(v & m)`, a subgroup under ⊕ that holds 0) and a *common* class (odd parity).
//!
//! Gangolli and Plambeck (*A note on periodicity in some octal games*, Int. J. Game Theory 18
//! (1989) 311–320) observed that for many codes some mask leaves only finitely many heaps
//! with rare values; rare ⊕ common is common and common ⊕ common is rare, which is what the
//! fast engine exploits. The mask is found from the values computed so far: the one that
//! leaves the fewest rare heaps in the later half. The engine is exact for every mask (the
//! mask only decides what is cheap), so a poor choice costs time, never correctness.
//!
//! **Masks that read the heap's parity** ([`Classes`]). For many codes no mask of the values
//! alone is sparse, but one that also reads the parity of the heap is: class the heap `n` by
//! `popcount(G(n) & m) + n` instead. The parity argument still holds when every digit that
//! splits removes a number of tokens of the same parity `p`: a split of heap `n` removing `i`
//! tokens leaves two heaps `a + b = n − i`, so two parts of the same class give an option
//! whose value class is fixed by the parity of `n − i`, hence of `n` — a class no common heap
//! `n` has. This is Flammenkamp's sparse set "in the domain" (A. Flammenkamp, *Sparse- and
//! Common-Positions of Sprague-Grundy Values of Octal-Games*: heap `n` is sparse when
//! `popcount(G(n) & m)` has the parity of `n − t`, `t` the splitting digit); the C++ solver of
//! tczajka/octal-games has such masks too. The search below scores every mask at once by
//! the Walsh–Hadamard transform of the histogram of (value, heap parity): the number of heaps
//! of even class under the mask `m` is `(N + W(m)) / 2`.

/// Whether `v` is rare under `mask`: `popcount(v & mask)` is even.
#[inline]
pub fn is_rare(v: u32, mask: u32) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// The largest value range (a power of two) the reported mask ([`best`]) is looked for in;
/// past it the reports keep no mask (the committed reports were made with this bound).
pub const MAX_MASK_RANGE: u32 = 1 << 12;

/// The largest value range (a power of two) the engine's classes ([`best_classes`]) are
/// looked for in; past it the engine keeps no mask (every value rare: then it works as the
/// definition does).
pub const MAX_ENGINE_RANGE: u32 = 1 << 16;

/// How the engine classes heaps: heap `n ≥ 1` with value `v` is **rare** when the parity of
/// `popcount(v & mask)` is [`Classes::rare_class`]`(n)` — a constant for a plain mask, the
/// heap's parity (or its opposite) for a mask that reads it. At heap `n`, two common parts of
/// a split give an option of class `rare_class(n)`: the rare values *for that heap*.
///
/// # Examples
/// ```
/// use onag::heaps::mask::Classes;
///
/// // a plain mask: rare values are those with an even popcount(v & 3), at every heap
/// let plain = Classes::plain(3);
/// assert!(plain.is_rare_heap(5, 3) && !plain.is_rare_heap(5, 1));
/// // the heap's parity read too (splits removing an even number of tokens)
/// let odd_even = Classes::with_heap_parity(3, 0);
/// assert!(odd_even.is_rare_heap(4, 3) && !odd_even.is_rare_heap(5, 3));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Classes {
    /// The value bits read.
    pub mask: u32,
    /// Whether the heap's parity is read too.
    pub heap_parity: bool,
    /// The parity of the tokens every split removes (meaningful with `heap_parity`).
    flip: bool,
}

impl Classes {
    /// A plain mask (0: every value rare, no split at all).
    pub fn plain(mask: u32) -> Classes {
        Classes {
            mask,
            heap_parity: false,
            flip: false,
        }
    }

    /// A mask that reads the heap's parity too, for a code whose splits all remove a number
    /// of tokens of parity `split_parity` (0 or 1): the engine is exact only then.
    pub fn with_heap_parity(mask: u32, split_parity: usize) -> Classes {
        Classes {
            mask,
            heap_parity: true,
            flip: split_parity % 2 == 1,
        }
    }

    /// The parity of `popcount(v & mask)` that is rare at heap `n` (0 or 1).
    #[inline]
    pub fn rare_class(&self, n: usize) -> usize {
        ((usize::from(self.heap_parity) & n) ^ usize::from(self.flip)) & 1
    }

    /// The parity of `popcount(v & mask)` (0 or 1).
    #[inline]
    pub fn class(&self, v: u32) -> usize {
        (v & self.mask).count_ones() as usize & 1
    }

    /// Whether heap `n` with value `v` is rare.
    #[inline]
    pub fn is_rare_heap(&self, n: usize, v: u32) -> bool {
        self.class(v) == self.rare_class(n)
    }

    /// Whether every value is rare at every heap (no split of the values at all).
    pub fn is_none(&self) -> bool {
        self.mask == 0 && !self.heap_parity
    }
}

/// The best mask for `values`: the fewest heaps `n ≥ from` with a rare value, ties broken by
/// the fewest rare heaps overall and then the smallest mask. 0 (every value rare) when the
/// values reach [`MAX_MASK_RANGE`]. This is the mask the reports name.
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
    let (late, early) = even_counts(values, from, range as usize, false);
    (0..range as usize)
        .map(|m| (late[m], late[m] + early[m], m))
        .min()
        .map_or(0, |(_, _, m)| m as u32)
}

/// The engine's classes for `values`: plain masks, and — when `split_parity` is given (every
/// split removes tokens of that parity) — masks that read the heap's parity too, scored as
/// [`best`] scores masks (the fewest rare heaps `n ≥ from`, then overall); a plain mask wins
/// ties, then the smallest. Values up to [`MAX_ENGINE_RANGE`]; past it: no mask.
///
/// # Examples
/// ```
/// use onag::heaps::mask::{self, Classes};
///
/// // 0 at odd heaps, 1 at even ones: 0 is rare under every plain mask, but reading the
/// // heap's parity (splits removing an even number of tokens) no heap is rare
/// let values: Vec<u32> = (0..64).map(|n| if n % 2 == 1 { 0 } else { 1 }).collect();
/// let c = mask::best_classes(&values, 32, Some(0));
/// assert!(c.heap_parity);
/// assert!((1..64).all(|n| !c.is_rare_heap(n, values[n])));
/// assert_eq!(mask::best_classes(&values, 32, None), Classes::plain(1));
/// ```
pub fn best_classes(values: &[u32], from: usize, split_parity: Option<usize>) -> Classes {
    let max = values.iter().copied().max().unwrap_or(0);
    let range = (max + 1).next_power_of_two();
    if range > MAX_ENGINE_RANGE {
        return Classes::plain(0);
    }
    let range = range as usize;
    let (late, early) = even_counts(values, from, range, true);
    let (n_late, n_early) = counts(values.len(), from);
    // the score: late rare heaps, all rare heaps, a heap-parity mask, the mask
    let mut best = ((u64::MAX, u64::MAX, false, 0), Classes::plain(0));
    let mut consider = |key: (u64, u64, bool, usize), classes| {
        if key < best.0 {
            best = (key, classes);
        }
    };
    for m in 0..range {
        consider(
            (late[m], late[m] + early[m], false, m),
            Classes::plain(m as u32),
        );
        let Some(p) = split_parity else { continue };
        if m == 0 {
            continue;
        }
        // with the heap bit: rare when popcount((v | parity·range) & (m | range)) has the
        // parity of the split digits
        let (l, e) = if p % 2 == 0 {
            (late[range + m], early[range + m])
        } else {
            (n_late - late[range + m], n_early - early[range + m])
        };
        consider((l, l + e, true, m), Classes::with_heap_parity(m as u32, p));
    }
    best.1
}

/// The heaps `n ≥ 1` before and from `from`.
fn counts(len: usize, from: usize) -> (u64, u64) {
    let early = from.clamp(1, len.max(1)) - 1;
    ((len.saturating_sub(1) - early) as u64, early as u64)
}

/// For every mask `m` below `range` (or `2 · range` with the heap's parity as the bit
/// `range`), the heaps `n ≥ 1` with an even `popcount(x(n) & m)`, late (`n ≥ from`) and
/// early, where `x(n)` is the value (and the heap's parity): `(N + W(m)) / 2` with `W` the
/// Walsh–Hadamard transform of the histogram of `x`.
fn even_counts(values: &[u32], from: usize, range: usize, heap: bool) -> (Vec<u64>, Vec<u64>) {
    let size = if heap { 2 * range } else { range };
    let mut late = vec![0i64; size];
    let mut early = vec![0i64; size];
    for (n, &v) in values.iter().enumerate().skip(1) {
        let x = v as usize | if heap { (n & 1) * range } else { 0 };
        if n >= from {
            late[x] += 1;
        } else {
            early[x] += 1;
        }
    }
    let (n_late, n_early) = counts(values.len(), from);
    let even = |mut h: Vec<i64>, total: u64| -> Vec<u64> {
        walsh_hadamard(&mut h);
        h.into_iter()
            .map(|w| ((total as i64 + w) / 2) as u64)
            .collect()
    };
    (even(late, n_late), even(early, n_early))
}

/// The Walsh–Hadamard transform in place: `a[m] ← Σ_x a[x] · (−1)^popcount(x & m)`
/// (length a power of two).
fn walsh_hadamard(a: &mut [i64]) {
    let mut h = 1;
    while h < a.len() {
        for block in a.chunks_exact_mut(2 * h) {
            let (lo, hi) = block.split_at_mut(h);
            for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                (*x, *y) = (*x + *y, *x - *y);
            }
        }
        h *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search by the transform agrees with counting mask by mask.
    #[test]
    fn transform_counts_equal_direct_counts() {
        let values: Vec<u32> = (0..3000u32).map(|n| (n * 7919 + n / 3) % 53).collect();
        for heap in [false, true] {
            let range = 64usize;
            let (late, early) = even_counts(&values, 1000, range, heap);
            for m in 0..late.len() {
                let even = |n: usize| {
                    let x = values[n] as usize | if heap { (n & 1) * range } else { 0 };
                    (x & m).count_ones().is_multiple_of(2)
                };
                let l = (1000..3000).filter(|&n| even(n)).count() as u64;
                let e = (1..1000).filter(|&n| even(n)).count() as u64;
                assert_eq!((late[m], early[m]), (l, e), "mask {m} heap {heap}");
            }
        }
    }

    /// Heap-parity classes count the rare heaps as the predicate says.
    #[test]
    fn best_classes_minimises_the_rare_heaps() {
        let values: Vec<u32> = (0..4096u32)
            .map(|n| (n.wrapping_mul(2654435761) >> 7) % 29)
            .collect();
        for p in [None, Some(0), Some(1)] {
            let c = best_classes(&values, 2048, p);
            let rare = |c: &Classes| {
                (2048..4096)
                    .filter(|&n| c.is_rare_heap(n, values[n]))
                    .count()
            };
            let got = rare(&c);
            for m in 0..32 {
                assert!(got <= rare(&Classes::plain(m)), "{p:?} {m}");
                if let Some(p) = p {
                    if m > 0 {
                        assert!(got <= rare(&Classes::with_heap_parity(m, p)), "{p} {m}");
                    }
                }
            }
        }
    }
}
