//! P-positions of Wythoff's game: `(⌊nφ⌋, ⌊nφ²⌋)` (Wythoff 1907), in exact integer arithmetic.
//!
//! With `φ = (1 + √5)/2`, `⌊nφ⌋ = ⌊(n + √(5n²))/2⌋`. For `n > 0`, `√(5n²)` is irrational, so
//! with `s = isqrt(5n²)` we have `s < √(5n²) < s + 1`, and `⌊(n + √(5n²))/2⌋ = ⌊(n + s)/2⌋`
//! (an integer lies strictly between `n + s` and `n + s + 1` only if it is one of them).
//! Then `⌊nφ²⌋ = ⌊nφ⌋ + n` because `φ² = φ + 1`. No floating point is involved.

/// The integer square root `⌊√v⌋` (Newton's method on `u128`).
fn isqrt(v: u128) -> u128 {
    if v < 2 {
        return v;
    }
    // Start above the root: 2^(⌈bits/2⌉) ≥ √v.
    let bits = 128 - v.leading_zeros();
    let mut x = 1u128 << bits.div_ceil(2);
    loop {
        let next = (x + v / x) / 2;
        if next >= x {
            return x;
        }
        x = next;
    }
}

/// The `n`-th P-position `(a_n, b_n) = (⌊nφ⌋, ⌊nφ²⌋)`, `n ≥ 0`, exactly.
///
/// Valid for every `n < 2^62` (the results then fit in `u64`).
///
/// # Examples
/// ```
/// assert_eq!(onag::wythoff::p_position(0), (0, 0));
/// assert_eq!(onag::wythoff::p_position(1), (1, 2));
/// assert_eq!(onag::wythoff::p_position(10), (16, 26));
/// ```
pub fn p_position(n: u64) -> (u64, u64) {
    let n128 = u128::from(n);
    let s = isqrt(5 * n128 * n128);
    let a = (n128 + s) / 2;
    // cannot fail: a < 2n ≤ 2^63 for the documented range; saturate beyond it.
    let a = u64::try_from(a).unwrap_or(u64::MAX);
    (a, a.saturating_add(n))
}

/// The first `count` P-positions `(a_n, b_n)`, `n = 0..count`, by the exact formula.
///
/// # Examples
/// ```
/// use onag::wythoff::{p_positions, p_positions_greedy};
///
/// assert_eq!(p_positions(4), [(0, 0), (1, 2), (3, 5), (4, 7)]);
/// assert_eq!(p_positions(1000), p_positions_greedy(1000));
/// ```
pub fn p_positions(count: usize) -> Vec<(u64, u64)> {
    (0..count as u64).map(p_position).collect()
}

/// The first `count` P-positions by the greedy construction: `a_n` is the smallest number not
/// yet in any earlier pair, and `b_n = a_n + n`. Slow reference for [`p_positions`].
///
/// # Examples
/// ```
/// assert_eq!(onag::wythoff::p_positions_greedy(3), [(0, 0), (1, 2), (3, 5)]);
/// ```
pub fn p_positions_greedy(count: usize) -> Vec<(u64, u64)> {
    let mut used = vec![false; 3 * count + 3];
    let mut out = Vec::with_capacity(count);
    let mut a = 0usize;
    for n in 0..count {
        while used[a] {
            a += 1;
        }
        let b = a + n;
        used[a] = true;
        used[b] = true;
        out.push((a as u64, b as u64));
    }
    out
}

/// Whether `(x, y)` is a P-position (Grundy value 0), in either orientation.
///
/// # Examples
/// ```
/// use onag::wythoff::pairs::is_p_position;
///
/// assert!(is_p_position(3, 5) && is_p_position(5, 3));
/// assert!(!is_p_position(3, 4));
/// assert_eq!(is_p_position(16, 26), onag::wythoff::g(16, 26).unwrap() == 0);
/// ```
pub fn is_p_position(x: u64, y: u64) -> bool {
    let (a, b) = if x <= y { (x, y) } else { (y, x) };
    let n = b - a;
    p_position(n) == (a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isqrt_exact_near_squares() {
        for v in 0u128..10_000 {
            let r = isqrt(v);
            assert!(r * r <= v && (r + 1) * (r + 1) > v, "{v}");
        }
        let big = (1u128 << 64) - 1;
        assert_eq!(isqrt(big * big), big);
        assert_eq!(isqrt(big * big - 1), big - 1);
    }
}
