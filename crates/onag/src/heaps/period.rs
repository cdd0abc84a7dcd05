//! Periodicity of nim sequences: found from the values, proven by the periodicity theorem,
//! reduced to the least period and preperiod; arithmetic periodicity only observed.
//!
//! **The theorem** (Guy and Smith, *The G-values of various games*, Proc. Cambridge Philos.
//! Soc. 52 (1956); *Winning Ways*, ch. 4), in the form proven here for a finite code whose
//! moves remove at most `t` tokens and leave at most `k` heaps: if `G(n + p) = G(n)` for all
//! `n0 ≤ n < B` with `B = max(k·n0' + (k − 1)·p + t, t + 1)` and `n0' = max(n0, 1)` (for
//! `k = 2`, the classic `2n0 + p + t`), then `G(n + p) = G(n)` for every `n ≥ n0`. Proof, by
//! induction on `n ≥ B`: a move from `n + p` leaves heaps summing to `n + p − i`, the largest
//! at least `(n + p − i)/k ≥ n0' + p`; taking `p` from it gives a move from `n` with the
//! same value (that heap lies in `[n0, n)`), and adding `p` to the largest heap left by a
//! move from `n` (at least `(n − i)/k ≥ n0`) gives back a move from `n + p`. The argument
//! needs every split allowed whatever the sizes, so it does not cover Grundy's game (unequal
//! heaps), nor codes that remove any number (all-but games).

use super::moves::Moves;

/// `G(n + p) = G(n)` for all `n ≥ preperiod`, proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Proof {
    /// The least `n0` with `G(n + p) = G(n)` for all `n ≥ n0`.
    pub preperiod: usize,
    /// The least period.
    pub period: usize,
    /// The theorem's range: `G(n + p) = G(n)` was checked for every `n` in `from..to`
    /// (`from` the preperiod, `to` the bound `B`), which needs the values of heaps below
    /// `to + period`.
    pub certificate: (usize, usize),
}

/// `G(n + p) = G(n) + s` observed for `preperiod ≤ n < len − p`: arithmetic periodicity, never
/// claimed proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Arithmetic {
    /// The least `n0` from which the observed relation holds.
    pub preperiod: usize,
    /// The period `p`.
    pub period: usize,
    /// The saltus `s` (positive).
    pub saltus: u32,
}

/// The theorem's bound `B` for a proof of `(n0, p)`, or `None` when the theorem does not
/// apply to the moves (see the module doc).
///
/// # Examples
/// ```
/// use onag::heaps::{period, Ruleset};
///
/// let kayles: Ruleset = "0.77".parse().unwrap();
/// // Kayles: preperiod 71, period 12, t = 2: check 71 ≤ n < 2·71 + 12 + 2
/// assert_eq!(period::bound(&kayles.moves(), 71, 12), Some(156));
/// assert_eq!(period::bound(&Ruleset::Grundy.moves(), 0, 1), None);
/// ```
pub fn bound(moves: &Moves, n0: usize, p: usize) -> Option<usize> {
    if moves.unequal() {
        return None;
    }
    let t = moves.last_index()?;
    let k = moves.max_heaps();
    let n0 = if k >= 2 { n0.max(1) } else { n0 };
    Some((k * n0 + (k - 1) * p + t).max(t + 1))
}

/// The last values a candidate period is looked for with.
const WINDOW: usize = 256;

/// The periods the tail of `values` repeats with, smallest first (at most `max`), each with
/// the least `n0` such that `values[n + p] == values[n]` for all `n0 ≤ n < len − p`.
///
/// The last `min(256, len/4)` values are looked for earlier in the sequence; each earlier
/// occurrence at distance `p` is a candidate, checked backwards to its preperiod.
pub fn candidates(values: &[u32], max: usize) -> Vec<(usize, usize)> {
    let len = values.len();
    let w = WINDOW.min(len / 4);
    let mut out = Vec::new();
    if w == 0 {
        return out;
    }
    let pattern = &values[len - w..];
    let last = pattern[w - 1];
    for p in 1..=len - w {
        if values[len - 1 - p] != last || values[len - w - p..len - p] != *pattern {
            continue;
        }
        let mut m = len - p;
        while m > 0 && values[m - 1] == values[m - 1 + p] {
            m -= 1;
        }
        out.push((m, p));
        if out.len() >= max {
            break;
        }
    }
    out
}

/// What the values show about periodicity, for a ruleset with the theorem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finding {
    /// Proven periodic.
    Proven(Proof),
    /// A period is seen but more values are needed for the proof: `needs` of them.
    Pending {
        /// The candidate `(n0, p)`.
        candidate: (usize, usize),
        /// The number of values the proof needs.
        needs: usize,
    },
    /// No period seen.
    None,
}

/// Looks for a period of `values` (the first values of a sequence with `moves`) and proves
/// it where the theorem applies and the values suffice.
///
/// # Examples
/// ```
/// use onag::heaps::{period, reference, Ruleset};
/// use onag::heaps::period::Finding;
///
/// let kayles: Ruleset = "kayles".parse().unwrap();
/// let moves = kayles.moves();
/// let g = reference::values(&moves, 200, &onag::StopFlag::new()).unwrap();
/// let Finding::Proven(proof) = period::find(&g, &moves) else { panic!() };
/// assert_eq!((proof.preperiod, proof.period), (71, 12));
/// ```
pub fn find(values: &[u32], moves: &Moves) -> Finding {
    let mut pending: Option<((usize, usize), usize)> = None;
    for (n0, p) in candidates(values, 16) {
        let Some(b) = bound(moves, n0, p) else {
            return Finding::None;
        };
        if b + p <= values.len() {
            return Finding::Proven(least(values, n0, p, b));
        }
        if pending.is_none_or(|(_, needs)| b + p < needs) {
            pending = Some(((n0, p), b + p));
        }
    }
    match pending {
        Some((candidate, needs)) => Finding::Pending { candidate, needs },
        None => Finding::None,
    }
}

/// The least period and preperiod, given `G(n + p) = G(n)` for all `n ≥ n0` (proven with
/// bound `b`): a divisor `d` of `p` is a period from `n0` on exactly when it is one over the
/// `p` values from `n0`.
fn least(values: &[u32], n0: usize, p: usize, b: usize) -> Proof {
    let mut d = p;
    for q in prime_factors(p) {
        while d.is_multiple_of(q) {
            let e = d / q;
            if (n0..n0 + d - e).all(|n| values[n] == values[n + e]) {
                d = e;
            } else {
                break;
            }
        }
    }
    let mut m = n0;
    while m > 0 && values[m - 1] == values[m - 1 + d] {
        m -= 1;
    }
    Proof {
        preperiod: m,
        period: d,
        certificate: (n0, b),
    }
}

fn prime_factors(mut n: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut q = 2;
    while q * q <= n {
        if n.is_multiple_of(q) {
            out.push(q);
            while n.is_multiple_of(q) {
                n /= q;
            }
        }
        q += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

/// The longest-standing arithmetic periodicity of the last half of `values` with period at
/// most `max_period` and positive saltus, if any: observed only.
pub fn arithmetic(values: &[u32], max_period: usize) -> Option<Arithmetic> {
    let len = values.len();
    if len < 16 {
        return None;
    }
    let half = len / 2;
    for p in 1..=max_period.min(half / 2) {
        let s = i64::from(values[len - 1]) - i64::from(values[len - 1 - p]);
        if s <= 0 {
            continue;
        }
        let holds = |n: usize| i64::from(values[n + p]) - i64::from(values[n]) == s;
        if (half..len - p).all(holds) {
            let mut m = half;
            while m > 0 && holds(m - 1) {
                m -= 1;
            }
            return Some(Arithmetic {
                preperiod: m,
                period: p,
                saltus: s as u32,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_period_divides_the_found_one() {
        // 0 0 0 then (1 2) repeating: found with any multiple of 2, reduced to 2
        let mut v = vec![0, 0, 0];
        for i in 0..400 {
            v.push(1 + i % 2);
        }
        let c = candidates(&v, 4);
        assert_eq!(c[0], (3, 2));
        let proof = least(&v, 3, 4, 10);
        assert_eq!((proof.preperiod, proof.period), (3, 2));
        assert_eq!(prime_factors(60), vec![2, 3, 5]);
    }
}
