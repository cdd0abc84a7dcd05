//! The solver's board representation: one bit per square for the toads and one for the frogs
//! (square i is bit i), so that moves, Erickson's reductions, memo keys and the mirror image
//! are a handful of word operations instead of scans over the squares.
//!
//! [`super::reduce`] keeps the square-by-square reduction (it produces the displayed parts);
//! the exhaustive verification compares the two through the values they produce.

use super::board::{Square, MAX_LEN};

/// A strip of `n` ≤ [`MAX_LEN`] squares: bit i of `t` (`f`) is set when square i holds a toad
/// (frog); no bit at or above `n` is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bits {
    pub(crate) t: u128,
    pub(crate) f: u128,
    pub(crate) n: u32,
}

/// The squares 0..n.
#[inline]
fn low(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

impl Bits {
    /// Packs `squares` (at most [`MAX_LEN`]; longer input is cut there, as the board type
    /// never holds more).
    pub(crate) fn new(squares: &[Square]) -> Bits {
        let mut b = Bits { t: 0, f: 0, n: 0 };
        for (i, &s) in squares.iter().take(MAX_LEN).enumerate() {
            match s {
                Square::Toad => b.t |= 1 << i,
                Square::Frog => b.f |= 1 << i,
                Square::Empty => {}
            }
            b.n = i as u32 + 1;
        }
        b
    }

    #[inline]
    fn empty(self) -> u128 {
        !(self.t | self.f) & low(self.n)
    }

    /// The mirror image: reversed, toads and frogs swapped (value −G).
    #[inline]
    pub(crate) fn mirror(self) -> Bits {
        if self.n == 0 {
            return self;
        }
        let shift = 128 - self.n;
        Bits {
            t: self.f.reverse_bits() >> shift,
            f: self.t.reverse_bits() >> shift,
            n: self.n,
        }
    }

    /// Every legal move of Left (`left`) or Right as a mask of the two squares that change:
    /// a toad steps right into an empty square or jumps one frog; frogs mirror that.
    #[inline]
    pub(crate) fn moves(self, left: bool, mut visit: impl FnMut(u128)) {
        let e = self.empty();
        if left {
            let mut steps = self.t & (e >> 1);
            while steps != 0 {
                let i = steps.trailing_zeros();
                steps &= steps - 1;
                visit(3u128 << i);
            }
            let mut jumps = self.t & (self.f >> 1) & (e >> 2);
            while jumps != 0 {
                let i = jumps.trailing_zeros();
                jumps &= jumps - 1;
                visit(5u128 << i);
            }
        } else {
            let mut steps = self.f & (e << 1);
            while steps != 0 {
                let i = steps.trailing_zeros();
                steps &= steps - 1;
                visit(3u128 << (i - 1));
            }
            let mut jumps = self.f & (self.t << 1) & (e << 2);
            while jumps != 0 {
                let i = jumps.trailing_zeros();
                jumps &= jumps - 1;
                visit(5u128 << (i - 2));
            }
        }
    }

    /// The position after the move `mask` of Left (`left`) or Right (see [`Bits::moves`]).
    #[inline]
    pub(crate) fn play(self, left: bool, mask: u128) -> Bits {
        if left {
            Bits {
                t: self.t ^ mask,
                ..self
            }
        } else {
            Bits {
                f: self.f ^ mask,
                ..self
            }
        }
    }

    /// Erickson's reductions (the same as [`super::reduce::reduce`]): adds the integer of
    /// terminal toads and finished frogs to `integer` and calls `part` with each irreducible
    /// part that still has a live pattern.
    pub(crate) fn reduce<E>(
        self,
        integer: &mut i64,
        mut part: impl FnMut(Bits) -> Result<(), E>,
    ) -> Result<(), E> {
        self.reduce_into(integer, &mut part)
    }

    /// [`Bits::reduce`] by recursion over the dead runs (left part first): no segment stack to
    /// initialise on the hot path.
    fn reduce_into<E, P: FnMut(Bits) -> Result<(), E>>(
        mut self,
        integer: &mut i64,
        part: &mut P,
    ) -> Result<(), E> {
        loop {
            self.strip_ends(integer);
            let Some((k, m)) = self.dead_run() else {
                break;
            };
            let left = Bits {
                t: self.t & low(k),
                f: self.f & low(k),
                n: k,
            };
            left.reduce_into(integer, part)?;
            self = Bits {
                t: self.t >> (m + 1),
                f: self.f >> (m + 1),
                n: self.n - m - 1,
            };
        }
        if self.n == 0 || !self.has_live_pattern() {
            return Ok(());
        }
        part(self)
    }

    /// Removes terminal toads (adding the empty squares ahead of each; the square count drops
    /// by one) and finished frogs (subtracting the empty squares behind each), until the
    /// rightmost piece is a frog and the leftmost a toad.
    #[inline]
    fn strip_ends(&mut self, integer: &mut i64) {
        loop {
            let occ = self.t | self.f;
            if occ == 0 {
                return;
            }
            let mut changed = false;
            let hi = 127 - occ.leading_zeros();
            if self.t >> hi & 1 == 1 {
                *integer += (self.n - 1 - hi) as i64;
                self.t &= !(1u128 << hi);
                self.n -= 1;
                changed = true;
            }
            let occ = self.t | self.f;
            if occ == 0 {
                return;
            }
            let lo = occ.trailing_zeros();
            if self.f >> lo & 1 == 1 {
                *integer -= lo as i64;
                self.f &= !(1u128 << lo);
                self.t >>= 1;
                self.f >>= 1;
                self.n -= 1;
                changed = true;
            }
            if !changed {
                return;
            }
        }
    }

    /// The first dead run `[k, m]`: within a maximal run of pieces, from the run's first `TT`
    /// (or the left end) to its last `FF` (or the right end), when that span is not empty.
    #[inline]
    fn dead_run(self) -> Option<(u32, u32)> {
        let occ = self.t | self.f;
        let tt = self.t & (self.t >> 1);
        let ff = self.f & (self.f << 1);
        // Quick test first: a dead span starts at a TT (or a piece on square 0) and ends at
        // a later FF (or a piece on the last square) of the same run. Adding the start
        // candidates to the occupied mask carries through each run from its first
        // candidate, which clears exactly the squares from there to the run's end.
        let starts = tt | (occ & 1);
        let ends = ff | (occ & (1u128 << (self.n.max(1) - 1)));
        let reach = occ & !occ.wrapping_add(starts);
        if reach & ends == 0 {
            return None;
        }
        let mut runs = occ & !(occ << 1);
        while runs != 0 {
            let s = runs.trailing_zeros();
            runs &= runs - 1;
            // the run is s..=e
            let above = !occ & !low(s);
            let e = if above == 0 {
                127
            } else {
                above.trailing_zeros() - 1
            };
            let run = low(e + 1) & !low(s);
            let k = if s == 0 {
                Some(0)
            } else {
                let x = tt & run;
                (x != 0).then(|| x.trailing_zeros())
            };
            let m = if e + 1 == self.n {
                Some(e)
            } else {
                let x = ff & run;
                (x != 0).then(|| 127 - x.leading_zeros())
            };
            if let (Some(k), Some(m)) = (k, m) {
                if k <= m {
                    return Some((k, m));
                }
            }
        }
        None
    }

    /// Whether the part holds one of `T□`, `□F`, `TF□□`, `□□TF` (otherwise its value is 0 by
    /// the Death Leap Principle).
    #[inline]
    fn has_live_pattern(self) -> bool {
        let (t, f, e) = (self.t, self.f, self.empty());
        t & (e >> 1) != 0
            || f & (e << 1) != 0
            || t & (f >> 1) & (e >> 2) & (e >> 3) != 0
            || e & (e >> 1) & (t >> 2) & (f >> 3) != 0
    }
}
