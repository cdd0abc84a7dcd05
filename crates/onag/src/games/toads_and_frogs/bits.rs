//! The solver's board representation: one bit per square for the toads and one for the frogs
//! (square i is bit i), so that moves, Erickson's reductions, memo keys and the mirror image
//! are a handful of word operations instead of scans over the squares. The word is a `u128`
//! for boards of the board type (≤ [`MAX_LEN`] squares) and a two-word [`U256`] for the long
//! family boards with few pieces (up to [`WIDE_LEN`] squares).
//!
//! [`super::reduce`] keeps the square-by-square reduction (it produces the displayed parts);
//! the exhaustive verification compares the two through the values they produce.

use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

use super::board::{Square, MAX_LEN};

/// Longest strip of a [`U256`] board (the wide memo keys give the length 8 bits).
pub(crate) const WIDE_LEN: usize = 255;

/// A bit mask of the squares: the operations [`Bits`] needs.
pub(crate) trait Word:
    Copy
    + Ord
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const BITS: u32;
    const ZERO: Self;
    /// The number `v` (< 2^64).
    fn small(v: u64) -> Self;
    fn trailing_zeros(self) -> u32;
    fn leading_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    fn reverse_bits(self) -> Self;
    fn wrapping_add(self, other: Self) -> Self;
    /// `self − 1` (wrapping).
    fn dec(self) -> Self;
    /// Bit `i` (< `BITS`).
    #[inline]
    fn bit(self, i: u32) -> bool {
        self >> i & Self::small(1) != Self::ZERO
    }
    /// The squares 0..n.
    #[inline]
    fn low(n: u32) -> Self {
        if n >= Self::BITS {
            !Self::ZERO
        } else {
            (Self::small(1) << n).dec()
        }
    }
}

impl Word for u128 {
    const BITS: u32 = 128;
    const ZERO: u128 = 0;
    #[inline]
    fn small(v: u64) -> u128 {
        v as u128
    }
    #[inline]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline]
    fn leading_zeros(self) -> u32 {
        u128::leading_zeros(self)
    }
    #[inline]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline]
    fn reverse_bits(self) -> u128 {
        u128::reverse_bits(self)
    }
    #[inline]
    fn wrapping_add(self, other: u128) -> u128 {
        u128::wrapping_add(self, other)
    }
    #[inline]
    fn dec(self) -> u128 {
        self.wrapping_sub(1)
    }
}

/// A 256-bit mask: `lo` holds bits 0..128, `hi` bits 128..256 (declared first, so that the
/// derived order is the numeric one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct U256 {
    hi: u128,
    lo: u128,
}

impl BitAnd for U256 {
    type Output = U256;
    #[inline]
    fn bitand(self, o: U256) -> U256 {
        U256 {
            lo: self.lo & o.lo,
            hi: self.hi & o.hi,
        }
    }
}

impl BitOr for U256 {
    type Output = U256;
    #[inline]
    fn bitor(self, o: U256) -> U256 {
        U256 {
            lo: self.lo | o.lo,
            hi: self.hi | o.hi,
        }
    }
}

impl BitXor for U256 {
    type Output = U256;
    #[inline]
    fn bitxor(self, o: U256) -> U256 {
        U256 {
            lo: self.lo ^ o.lo,
            hi: self.hi ^ o.hi,
        }
    }
}

impl Not for U256 {
    type Output = U256;
    #[inline]
    fn not(self) -> U256 {
        U256 {
            lo: !self.lo,
            hi: !self.hi,
        }
    }
}

impl Shl<u32> for U256 {
    type Output = U256;
    #[inline]
    fn shl(self, s: u32) -> U256 {
        match s {
            0 => self,
            1..=127 => U256 {
                lo: self.lo << s,
                hi: self.hi << s | self.lo >> (128 - s),
            },
            128..=255 => U256 {
                lo: 0,
                hi: self.lo << (s - 128),
            },
            _ => U256::ZERO,
        }
    }
}

impl Shr<u32> for U256 {
    type Output = U256;
    #[inline]
    fn shr(self, s: u32) -> U256 {
        match s {
            0 => self,
            1..=127 => U256 {
                lo: self.lo >> s | self.hi << (128 - s),
                hi: self.hi >> s,
            },
            128..=255 => U256 {
                lo: self.hi >> (s - 128),
                hi: 0,
            },
            _ => U256::ZERO,
        }
    }
}

impl Word for U256 {
    const BITS: u32 = 256;
    const ZERO: U256 = U256 { lo: 0, hi: 0 };
    #[inline]
    fn small(v: u64) -> U256 {
        U256 {
            lo: v as u128,
            hi: 0,
        }
    }
    #[inline]
    fn trailing_zeros(self) -> u32 {
        if self.lo != 0 {
            self.lo.trailing_zeros()
        } else {
            128 + self.hi.trailing_zeros()
        }
    }
    #[inline]
    fn leading_zeros(self) -> u32 {
        if self.hi != 0 {
            self.hi.leading_zeros()
        } else {
            128 + self.lo.leading_zeros()
        }
    }
    #[inline]
    fn count_ones(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }
    #[inline]
    fn reverse_bits(self) -> U256 {
        U256 {
            lo: self.hi.reverse_bits(),
            hi: self.lo.reverse_bits(),
        }
    }
    #[inline]
    fn wrapping_add(self, o: U256) -> U256 {
        let (lo, carry) = self.lo.overflowing_add(o.lo);
        U256 {
            lo,
            hi: self.hi.wrapping_add(o.hi).wrapping_add(carry as u128),
        }
    }
    #[inline]
    fn dec(self) -> U256 {
        let (lo, borrow) = self.lo.overflowing_sub(1);
        U256 {
            lo,
            hi: self.hi.wrapping_sub(borrow as u128),
        }
    }
}

/// A strip of `n` squares (`n` < `W::BITS`): bit i of `t` (`f`) is set when square i holds
/// a toad (frog); no bit at or above `n` is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bits<W = u128> {
    pub(crate) t: W,
    pub(crate) f: W,
    pub(crate) n: u32,
}

/// The squares 0..n.
#[inline]
fn low<W: Word>(n: u32) -> W {
    W::low(n)
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
}

impl<W: Word> Bits<W> {
    /// T^toads □^blanks F^frogs (`toads + blanks + frogs` < `W::BITS`).
    pub(crate) fn standard(toads: u32, blanks: u32, frogs: u32) -> Bits<W> {
        let n = toads + blanks + frogs;
        Bits {
            t: low(toads),
            f: low::<W>(frogs) << (toads + blanks),
            n,
        }
    }

    #[inline]
    fn empty(self) -> W {
        !(self.t | self.f) & low(self.n)
    }

    /// The mirror image: reversed, toads and frogs swapped (value −G).
    #[inline]
    pub(crate) fn mirror(self) -> Bits<W> {
        if self.n == 0 {
            return self;
        }
        let shift = W::BITS - self.n;
        Bits::<W> {
            t: self.f.reverse_bits() >> shift,
            f: self.t.reverse_bits() >> shift,
            n: self.n,
        }
    }

    /// Every legal move of Left (`left`) or Right as a mask of the two squares that change:
    /// a toad steps right into an empty square or jumps one frog; frogs mirror that.
    #[inline]
    pub(crate) fn moves(self, left: bool, mut visit: impl FnMut(W)) {
        let e = self.empty();
        if left {
            let mut steps = self.t & (e >> 1);
            while steps != W::ZERO {
                let i = steps.trailing_zeros();
                steps = steps & steps.dec();
                visit(W::small(3) << i);
            }
            let mut jumps = self.t & (self.f >> 1) & (e >> 2);
            while jumps != W::ZERO {
                let i = jumps.trailing_zeros();
                jumps = jumps & jumps.dec();
                visit(W::small(5) << i);
            }
        } else {
            let mut steps = self.f & (e << 1);
            while steps != W::ZERO {
                let i = steps.trailing_zeros();
                steps = steps & steps.dec();
                visit(W::small(3) << (i - 1));
            }
            let mut jumps = self.f & (self.t << 1) & (e << 2);
            while jumps != W::ZERO {
                let i = jumps.trailing_zeros();
                jumps = jumps & jumps.dec();
                visit(W::small(5) << (i - 2));
            }
        }
    }

    /// The position after the move `mask` of Left (`left`) or Right (see [`Bits::moves`]).
    #[inline]
    pub(crate) fn play(self, left: bool, mask: W) -> Bits<W> {
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
        mut part: impl FnMut(Bits<W>) -> Result<(), E>,
    ) -> Result<(), E> {
        self.reduce_into(integer, &mut part)
    }

    /// [`Bits::reduce`] by recursion over the dead runs (left part first): no segment stack to
    /// initialise on the hot path.
    fn reduce_into<E, P: FnMut(Bits<W>) -> Result<(), E>>(
        self,
        integer: &mut i64,
        part: &mut P,
    ) -> Result<(), E> {
        if self.plainly_irreducible() {
            return part(self);
        }
        self.reduce_steps(integer, part)
    }

    /// [`Bits::reduce`] without the quick test (the tests check the quick test with it).
    #[cfg(test)]
    pub(crate) fn reduce_slowly<E>(
        self,
        integer: &mut i64,
        mut part: impl FnMut(Bits<W>) -> Result<(), E>,
    ) -> Result<(), E> {
        self.reduce_steps(integer, &mut part)
    }

    /// The reductions one by one: strip the ends, cut at the first dead run (solving the
    /// left side by [`Bits::reduce_into`]), until a part is left.
    fn reduce_steps<E, P: FnMut(Bits<W>) -> Result<(), E>>(
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

    /// A quick sufficient test that no reduction applies: the leftmost piece is a toad and the
    /// rightmost a frog (nothing to strip), and no two pieces stand side by side, so every
    /// run of pieces is one piece, which is no dead run (that needs a `TT`, an `FF`, or a run
    /// from one end of the strip to the other), and the square after the leftmost toad is
    /// empty and inside the strip (`T□`: a live pattern).
    #[inline]
    pub(crate) fn plainly_irreducible(self) -> bool {
        let occ = self.t | self.f;
        occ != W::ZERO
            && occ & (occ >> 1) == W::ZERO
            && self.t.bit(occ.trailing_zeros())
            && self.f.bit(W::BITS - 1 - occ.leading_zeros())
    }

    /// Removes terminal toads (adding the empty squares ahead of each; the square count drops
    /// by one) and finished frogs (subtracting the empty squares behind each), until the
    /// rightmost piece is a frog and the leftmost a toad.
    #[inline]
    fn strip_ends(&mut self, integer: &mut i64) {
        loop {
            let occ = self.t | self.f;
            if occ == W::ZERO {
                return;
            }
            let mut changed = false;
            let hi = W::BITS - 1 - occ.leading_zeros();
            if self.t.bit(hi) {
                *integer += (self.n - 1 - hi) as i64;
                self.t = self.t & !(W::small(1) << hi);
                self.n -= 1;
                changed = true;
            }
            let occ = self.t | self.f;
            if occ == W::ZERO {
                return;
            }
            let lo = occ.trailing_zeros();
            if self.f.bit(lo) {
                *integer -= lo as i64;
                self.f = self.f & !(W::small(1) << lo);
                self.t = self.t >> 1;
                self.f = self.f >> 1;
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
        let starts = tt | (occ & W::small(1));
        let ends = ff | (occ & (W::small(1) << (self.n.max(1) - 1)));
        let reach = occ & !occ.wrapping_add(starts);
        if reach & ends == W::ZERO {
            return None;
        }
        let mut runs = occ & !(occ << 1);
        while runs != W::ZERO {
            let s = runs.trailing_zeros();
            runs = runs & runs.dec();
            // the run is s..=e
            let above = !occ & !low::<W>(s);
            let e = if above == W::ZERO {
                W::BITS - 1
            } else {
                above.trailing_zeros() - 1
            };
            let run = low::<W>(e + 1) & !low::<W>(s);
            let k = if s == 0 {
                Some(0)
            } else {
                let x = tt & run;
                (x != W::ZERO).then(|| x.trailing_zeros())
            };
            let m = if e + 1 == self.n {
                Some(e)
            } else {
                let x = ff & run;
                (x != W::ZERO).then(|| W::BITS - 1 - x.leading_zeros())
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
        t & (e >> 1) != W::ZERO
            || f & (e << 1) != W::ZERO
            || t & (f >> 1) & (e >> 2) & (e >> 3) != W::ZERO
            || e & (e >> 1) & (t >> 2) & (f >> 3) != W::ZERO
    }
}
