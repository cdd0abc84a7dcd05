//! Dense tables for the parts with few pieces on one length: every placement of the pieces,
//! solved bottom-up in an order where each move's result comes first, instead of a hashed
//! memo filled by recursion.
//!
//! A *class* is (toads, frogs, length) with at most [`SWEEP_PIECES`] pieces. A part of it is
//! its *pattern* (the kinds of its pieces from the left, bit i set when piece i is a frog)
//! and its *placement* p₀ < p₁ < … (the squares), ranked by the combinatorial number system
//! Σ C(pᵢ, i + 1), so each pattern's values fill one array of C(length, pieces) slots.
//!
//! The order: a toad steps or jumps right, a frog left, so a move that keeps the pattern
//! raises one toad's square or lowers one frog's; visiting toad squares from the right and
//! frog squares from the left, loop inside loop, meets the result of such a move first. A
//! jump moves a toad past a frog: one more (frog, toad) pair in left-to-right order (an
//! *inversion*), so patterns are swept by decreasing inversions. A move whose result reduces
//! (a piece stripped, a dead run cut) leaves the class: its parts are shorter or have fewer
//! pieces and are solved by the solver's memoised recursion.
//!
//! The mirror image (reversed, toads and frogs swapped, value −G) keeps the inversions and
//! swaps the numbers of toads and frogs: in a class with as many toads as frogs, of two
//! mirror patterns only one is stored, and a pattern that is its own mirror is stored whole,
//! each pair of placements solved once (the first one solved fills its image's slot with the
//! negative).

use super::bits::{Bits, Word};

/// Most pieces of a swept class.
pub(crate) const SWEEP_PIECES: u32 = 4;

/// An empty slot.
const EMPTY: u32 = u32::MAX;

/// C(n, k) for n ≤ 256, k ≤ [`SWEEP_PIECES`] (C(256, 4) < 2^32).
const BINOM: [[u32; 5]; 257] = {
    let mut t = [[0u32; 5]; 257];
    let mut n = 0;
    while n <= 256 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= 4 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The mirror of pattern `mask` of `k` pieces: reversed, kinds swapped.
fn mirror_pattern(mask: usize, k: u32) -> usize {
    (0..k)
        .filter(|&i| mask >> i & 1 == 0)
        .fold(0, |m, i| m | 1 << (k - 1 - i))
}

/// (frog, toad) pairs in left-to-right order.
fn inversions(mask: usize, k: u32) -> u32 {
    (0..k)
        .map(|i| {
            if mask >> i & 1 == 1 {
                (i + 1..k).filter(|&j| mask >> j & 1 == 0).count() as u32
            } else {
                0
            }
        })
        .sum()
}

/// The pattern and rank of `b`'s pieces read from the left, or of its mirror image's
/// (`mirror`: read from the right, kinds swapped, square i counted as n − 1 − i).
#[inline]
fn shape<W: Word>(b: Bits<W>, mirror: bool) -> (usize, usize) {
    let mut occ = b.t | b.f;
    let (mut mask, mut rank, mut i) = (0usize, 0usize, 0usize);
    while occ != W::ZERO {
        let (p, frog) = if mirror {
            let q = W::BITS - 1 - occ.leading_zeros();
            occ = occ ^ (W::small(1) << q);
            (b.n - 1 - q, b.t.bit(q))
        } else {
            let q = occ.trailing_zeros();
            occ = occ & occ.dec();
            (q, b.f.bit(q))
        };
        mask |= (frog as usize) << i;
        i += 1;
        rank += BINOM[p as usize][i] as usize;
    }
    (mask, rank)
}

/// The swept values of one class.
pub(crate) struct Sweep {
    pub(crate) toads: u32,
    pub(crate) frogs: u32,
    pub(crate) len: u32,
    /// Per pattern: its values by rank (game indices, [`EMPTY`] for a placement that reduces),
    /// or no slots when the pattern's values are its mirror's.
    tables: Vec<Vec<u32>>,
}

impl Sweep {
    /// The class of a part, when it is swept: at most [`SWEEP_PIECES`] pieces.
    pub(crate) fn class_of<W: Word>(b: Bits<W>) -> Option<(u32, u32, u32)> {
        let (t, f) = (b.t.count_ones(), b.f.count_ones());
        (t >= 1 && f >= 1 && t + f <= SWEEP_PIECES && (b.n as usize) < BINOM.len())
            .then_some((t, f, b.n))
    }

    /// The empty tables of a class, and its stored patterns in sweep order.
    pub(crate) fn new(toads: u32, frogs: u32, len: u32) -> (Sweep, Vec<usize>) {
        let k = toads + frogs;
        let size = BINOM[len as usize][k as usize] as usize;
        // a pattern whose first piece is a frog or last a toad is stripped at once
        let mut patterns: Vec<usize> = (0..1usize << k)
            .filter(|&m| m.count_ones() == frogs && m & 1 == 0 && (k == 0 || m >> (k - 1) & 1 == 1))
            // of two mirror patterns of the class (as many toads as frogs) the smaller
            .filter(|&m| {
                let image = mirror_pattern(m, k);
                image >= m || image.count_ones() != frogs
            })
            .collect();
        patterns.sort_by_key(|&m| std::cmp::Reverse(inversions(m, k)));
        let mut tables = vec![Vec::new(); 1 << k];
        for &m in &patterns {
            tables[m] = vec![EMPTY; size];
        }
        let sweep = Sweep {
            toads,
            frogs,
            len,
            tables,
        };
        (sweep, patterns)
    }

    /// Whether `b` belongs to this class.
    #[inline]
    pub(crate) fn holds<W: Word>(&self, b: Bits<W>) -> bool {
        b.n == self.len && b.t.count_ones() == self.toads && b.f.count_ones() == self.frogs
    }

    /// The stored value of `b` (a part of this class): (game index, negate) when `b` or its
    /// mirror image is solved.
    #[inline]
    pub(crate) fn get<W: Word>(&self, b: Bits<W>) -> Option<(u32, bool)> {
        let (mask, rank) = shape(b, false);
        let (v, negate) = if self.tables[mask].is_empty() {
            let (mask, rank) = shape(b, true);
            (self.tables[mask][rank], true)
        } else {
            (self.tables[mask][rank], false)
        };
        (v != EMPTY).then_some((v, negate))
    }

    /// The slot of `b` in its pattern's table: (pattern, rank).
    #[inline]
    pub(crate) fn slot<W: Word>(&self, b: Bits<W>) -> (usize, usize) {
        shape(b, false)
    }

    /// The rank of `b`'s mirror image when `b`'s pattern is its own mirror.
    #[inline]
    pub(crate) fn mirror_rank<W: Word>(&self, b: Bits<W>, mask: usize) -> Option<usize> {
        let k = self.toads + self.frogs;
        (mirror_pattern(mask, k) == mask).then(|| shape(b, true).1)
    }

    /// The value in a slot (from [`Sweep::slot`]).
    #[inline]
    pub(crate) fn at(&self, mask: usize, rank: usize) -> Option<u32> {
        let v = self.tables[mask][rank];
        (v != EMPTY).then_some(v)
    }

    /// Fills a slot.
    #[inline]
    pub(crate) fn set(&mut self, mask: usize, rank: usize, v: u32) {
        self.tables[mask][rank] = v;
    }

    /// Slots filled.
    pub(crate) fn len(&self) -> usize {
        self.tables
            .iter()
            .flatten()
            .filter(|&&v| v != EMPTY)
            .count()
    }

    /// Bytes of the tables.
    pub(crate) fn bytes(&self) -> usize {
        self.tables.iter().map(|t| t.capacity() * 4).sum()
    }
}

/// Calls `visit` with every placement of pattern `mask` of `pieces` pieces on `len` squares
/// in sweep order: toad squares from the right, frog squares from the left, the last
/// piece's loop outermost (so the first piece's square, rank step 1, moves fastest and the
/// tables are walked nearly in order); stops at the first error.
pub(crate) fn placements<W: Word, E>(
    pieces: u32,
    len: u32,
    mask: usize,
    mut visit: impl FnMut(Bits<W>) -> Result<(), E>,
) -> Result<(), E> {
    let (k, n) = (pieces as usize, len as usize);
    if k == 0 || k > n || k > SWEEP_PIECES as usize {
        return Ok(());
    }
    let frog = |i: usize| mask >> i & 1 == 1;
    // piece i stands on i..=hi (at least i pieces to its left, below the next piece)
    let hi = |pos: &[usize], i: usize| if i + 1 == k { n - 1 } else { pos[i + 1] - 1 };
    let mut pos = [0usize; SWEEP_PIECES as usize];
    // the first value of the coordinates below `to`, given the ones above
    let reset = |pos: &mut [usize; SWEEP_PIECES as usize], to: usize| {
        for i in (0..to).rev() {
            pos[i] = if frog(i) { i } else { hi(&pos[..], i) };
        }
    };
    reset(&mut pos, k);
    loop {
        let (mut t, mut f) = (W::ZERO, W::ZERO);
        for (i, &p) in pos[..k].iter().enumerate() {
            if frog(i) {
                f = f | W::small(1) << p as u32;
            } else {
                t = t | W::small(1) << p as u32;
            }
        }
        visit(Bits { t, f, n: len })?;
        // advance the innermost coordinate that can move, then restart the ones inside it
        let mut i = 0;
        loop {
            if i == k {
                return Ok(());
            }
            if frog(i) && pos[i] < hi(&pos[..], i) {
                pos[i] += 1;
                break;
            }
            if !frog(i) && pos[i] > i {
                pos[i] -= 1;
                break;
            }
            i += 1;
        }
        reset(&mut pos, i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_number_the_placements() {
        // every placement of every stored pattern of 4 pieces on 9 squares has a distinct
        // rank below C(9, 4), and the mirror rank is the rank of the mirror image
        let (_, patterns) = Sweep::new(2, 2, 9);
        assert_eq!(patterns, vec![0b1010, 0b1100]); // T F T F (one inversion) before T T F F
        for mask in patterns {
            let mut seen = vec![false; BINOM[9][4] as usize];
            let _ = placements::<u128, ()>(4, 9, mask, |b| {
                let (m, r) = shape(b, false);
                assert_eq!(m, mask);
                assert!(!seen[r]);
                seen[r] = true;
                assert_eq!(shape(b, true), shape(b.mirror(), false));
                Ok(())
            });
            assert!(seen.iter().all(|&s| s), "pattern {mask:b}");
        }
        assert_eq!(inversions(0b1010, 4), 1); // T F T F: the frog before the last toad
        assert_eq!(mirror_pattern(0b1100, 4), 0b1100); // T T F F is its own mirror
        assert_eq!(mirror_pattern(0b110, 3), 0b100); // T F F ↔ T T F (another class)
        assert_eq!(BINOM[256][4], 174_792_640);
    }

    /// The order lemma: every move from a placement that stays in the class (same length,
    /// no reduction) leads to a placement visited before, or to the mirror of one.
    #[test]
    fn every_move_in_the_class_leads_to_a_placement_visited_before() {
        for (t, f, n) in [
            (2, 2, 10),
            (1, 3, 9),
            (3, 1, 9),
            (1, 2, 9),
            (2, 1, 9),
            (1, 1, 8),
        ] {
            let (sweep, patterns) = Sweep::new(t, f, n);
            let mut visited = std::collections::HashSet::new();
            for mask in patterns {
                let _ = placements::<u128, ()>(t + f, n, mask, |b| {
                    for left in [true, false] {
                        b.moves(left, |m| {
                            let c = b.play(left, m);
                            let mut parts = Vec::new();
                            let mut integer = 0;
                            let _ = c.reduce::<()>(&mut integer, |p| {
                                parts.push(p);
                                Ok(())
                            });
                            if parts == [c] && sweep.holds(c) {
                                let stored = !sweep.tables[shape(c, false).0].is_empty();
                                let image = if stored { c } else { c.mirror() };
                                assert!(
                                    visited.contains(&(image.t, image.f)),
                                    "{b:?} → {c:?} (T{t} F{f}, {n} squares)"
                                );
                            }
                        });
                    }
                    visited.insert((b.t, b.f));
                    Ok(())
                });
            }
            assert_eq!(
                visited.len(),
                sweep.tables.iter().map(Vec::len).sum::<usize>()
            );
        }
    }

    /// The reduction's quick test is sound: a board it passes is one part that no reduction
    /// changes (every board of at most 10 squares).
    #[test]
    fn plainly_irreducible_boards_reduce_to_themselves() {
        let mut passed = 0;
        for n in 1..=10u32 {
            for code in 0..3usize.pow(n) {
                let (mut t, mut f) = (0u128, 0u128);
                for i in 0..n {
                    match code / 3usize.pow(i) % 3 {
                        1 => t |= 1 << i,
                        2 => f |= 1 << i,
                        _ => {}
                    }
                }
                let b = Bits { t, f, n };
                if b.plainly_irreducible() {
                    passed += 1;
                    let (mut parts, mut integer) = (Vec::new(), 0);
                    // the reduction's steps without the quick test
                    let _ = b.reduce_slowly::<()>(&mut integer, |p| {
                        parts.push(p);
                        Ok(())
                    });
                    assert_eq!((parts, integer), (vec![b], 0), "{b:?}");
                }
            }
        }
        assert_eq!(passed, 652); // counted independently (isolated pieces, T first, F last)
    }
}
