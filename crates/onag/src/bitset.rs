//! The crate's one bitset: a growable `Vec<u64>` of bits, used by the Grundy tables by
//! definition (`wythoff::table`, `wythoff::variants::table`) and the first g-point
//! sweep (`wythoff::gpoints::reference`; the fast one keeps its values' sets interleaved).
//!
//! Bit `i` lives in word `i / 64` at position `i % 64`. Reads past the end are 0; [`Bits::set`]
//! grows the vector (keeping one spare word, so that [`Bits::window`] near the top takes its
//! two-word fast path).

/// A growable set of small non-negative integers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bits(Vec<u64>);

impl Bits {
    /// An empty set with room for bits `0..len` (and one spare word) without growing.
    pub(crate) fn with_len(len: usize) -> Self {
        Self(vec![0; len / 64 + 2])
    }

    /// Whether bit `i` is set.
    #[inline]
    pub(crate) fn get(&self, i: u64) -> bool {
        self.0
            .get((i / 64) as usize)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// Sets bit `i`, growing the set when needed.
    #[inline]
    pub(crate) fn set(&mut self, i: u64) {
        let w = self.word(i);
        self.0[w] |= 1 << (i % 64);
    }

    /// Word index of bit `i`, growing the set so that it and the next word exist (windows near
    /// the top then take the two-word fast path).
    #[inline]
    fn word(&mut self, i: u64) -> usize {
        let w = (i / 64) as usize;
        if w + 1 >= self.0.len() {
            self.grow(w);
        }
        w
    }

    #[cold]
    fn grow(&mut self, w: usize) {
        // Keep a spare word so that windows near the top take the fast path.
        self.0.resize((w + 2).next_power_of_two(), 0);
    }

    /// Clears bit `i` (a no-op past the end).
    #[inline]
    pub(crate) fn clear(&mut self, i: u64) {
        if let Some(w) = self.0.get_mut((i / 64) as usize) {
            *w &= !(1 << (i % 64));
        }
    }

    /// Clears every bit, keeping the capacity.
    #[inline]
    pub(crate) fn clear_all(&mut self) {
        self.0.fill(0);
    }

    /// `self |= other` on the common words (`other` must not be longer than `self` where it
    /// has bits set; the tables size all their sets alike).
    #[inline]
    pub(crate) fn union_with(&mut self, other: &Self) {
        for (s, o) in self.0.iter_mut().zip(&other.0) {
            *s |= o;
        }
    }

    /// Bits `i .. i + 64` as one word (bit 0 = bit `i`); bits past the end read as 0.
    #[inline]
    pub(crate) fn window(&self, i: u64) -> u64 {
        let (w, s) = ((i / 64) as usize, i % 64);
        match self.0.get(w..w + 2) {
            // Two words always fetched; the shift pair is branch-free (s = 0 shifts by 64 as
            // a 128-bit value).
            Some(&[lo, hi]) => ((u128::from(hi) << 64 | u128::from(lo)) >> s) as u64,
            _ => {
                let lo = self.0.get(w).copied().unwrap_or(0) >> s;
                let hi = self.0.get(w + 1).copied().unwrap_or(0);
                if s == 0 {
                    lo
                } else {
                    lo | hi << (64 - s)
                }
            }
        }
    }

    /// The first clear bit at or after `i`.
    #[inline]
    pub(crate) fn next_clear(&self, mut i: u64) -> u64 {
        loop {
            let w = !self.window(i);
            if w != 0 {
                return i + u64::from(w.trailing_zeros());
            }
            i += 64;
        }
    }

    /// The smallest element not in the set: the mex.
    #[inline]
    pub(crate) fn mex(&self) -> u64 {
        mex_of_union(&[self])
    }
}

/// The smallest integer in none of `sets` (the mex of their union), without building it.
#[inline]
pub(crate) fn mex_of_union(sets: &[&Bits]) -> u64 {
    let common = sets.iter().map(|b| b.0.len()).min().unwrap_or(0);
    let len = sets.iter().map(|b| b.0.len()).max().unwrap_or(0);
    // Words every set has (all of them, for the tables), then the longer sets' tails.
    let word = |w: usize| -> u64 {
        if w < common {
            sets.iter().fold(0, |acc, b| acc | b.0[w])
        } else {
            sets.iter()
                .fold(0, |acc, b| acc | b.0.get(w).copied().unwrap_or(0))
        }
    };
    for w in 0..len {
        let used = word(w);
        if used != u64::MAX {
            return (w * 64) as u64 + u64::from(used.trailing_ones());
        }
    }
    (len * 64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_get_clear_and_mex_agree_with_a_bool_vector() {
        let mut b = Bits::default();
        let mut plain = vec![false; 300];
        for i in [0u64, 1, 2, 63, 64, 65, 127, 128, 200, 3, 4, 5] {
            b.set(i);
            plain[i as usize] = true;
        }
        b.clear(2);
        plain[2] = false;
        for i in 0..300u64 {
            assert_eq!(b.get(i), plain[i as usize], "bit {i}");
            let next = (i..).find(|&j| !plain.get(j as usize).copied().unwrap_or(false));
            assert_eq!(b.next_clear(i), next.unwrap(), "next clear from {i}");
            let win = (0..64).fold(0u64, |w, k| {
                w | (u64::from(plain.get((i + k) as usize).copied().unwrap_or(false)) << k)
            });
            assert_eq!(b.window(i), win, "window at {i}");
        }
        assert_eq!(b.mex(), 2);
        let mut full = Bits::with_len(128);
        (0..128).for_each(|i| full.set(i));
        assert_eq!(full.mex(), 128);
        let mut other = Bits::with_len(128);
        other.set(128);
        assert_eq!(mex_of_union(&[&full, &other]), 129);
        full.union_with(&other);
        assert!(full.get(128));
        full.clear_all();
        assert_eq!(full.mex(), 0);
    }
}
