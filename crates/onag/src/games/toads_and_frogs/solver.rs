//! Exact values of Toads-and-Frogs boards: Erickson's reductions, then canonical forms of the
//! irreducible parts, memoised under packed keys in an arena shared by every board solved.

use super::bits::{Bits, Word, U256, WIDE_LEN};
use super::board::{moves_of, Board, Square, MAX_LEN};
use super::memo::{Memo, Packed, VALUE_BITS};
use super::reduce::PackedKey;
use super::sweep::{placements, Sweep};
use crate::partizan::game::{Arena, Footprint, FxHashMap, GameError, GameId};
use crate::partizan::Player;
use crate::StopFlag;

/// Longest part keyed by one word: its toads with a sentinel bit above the last square, and
/// its frogs, 32 bits each.
const SMALL_LEN: u32 = 31;

/// Longest part keyed by two words.
const MEDIUM_LEN: u32 = 63;

/// Longest part with a [`Key::Ternary`] key: (3^25 − 1)/2 < 2^39.
const TERNARY_LEN: u32 = 24;

/// Bits of a [`Key::Ternary`] slot holding the value for parts of at most 23 squares (their
/// keys are below [`TERNARY_WIDE_FROM`] < 2^38): ids below 2^26, 67 M games.
const TERNARY_VALUE_BITS: u32 = 26;

/// The first [`Key::Ternary`] key of a 24-square part, 1 + (3^24 − 1)/2; the keys of 24
/// squares reach (3^25 − 1)/2 < 2^39 and share their slot with a 25-bit id
/// ([`TERNARY_WIDE_VALUE_BITS`]).
const TERNARY_WIDE_FROM: u64 = 1 + (3u64.pow(TERNARY_LEN) - 1) / 2;

/// Bits of a [`Key::Ternary`] slot holding the value for parts of 24 squares (64 − 39).
const TERNARY_WIDE_VALUE_BITS: u32 = 25;

/// Which of [`Solver`]'s two crowded tables holds the key `k`: 0 for parts of at most 23
/// squares (26-bit ids), 1 for those of 24 (25-bit ids).
#[inline]
fn ternary_table(k: u64) -> usize {
    usize::from(k >= TERNARY_WIDE_FROM)
}

/// `TERNARY_DIGITS[m]` = Σ 3^i over the bits i of the byte m.
const TERNARY_DIGITS: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        let (mut v, mut p, mut i) = (0u16, 1u16, 0);
        while i < 8 {
            if m >> i & 1 == 1 {
                v += p;
            }
            p *= 3;
            i += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
};

/// Σ 3^i over the bits i of `mask` (below 2^24).
#[inline(always)]
fn ternary_digits(mask: u32) -> u64 {
    const B: u64 = 6561; // 3^8
    let d = |k: u32| TERNARY_DIGITS[(mask >> (8 * k) & 0xff) as usize] as u64;
    d(0) + B * (d(1) + B * d(2))
}

/// The key of a part of n ≤ [`TERNARY_LEN`] squares: 1 + (3^n − 1)/2 (the keys of the
/// shorter lengths come first) + Σ dᵢ 3^i, the digit of square i being 0 empty, 1 toad,
/// 2 frog. A bijection from parts onto [1, (3^25 + 1)/2), which [`ternary_decode`] inverts.
#[inline]
fn ternary_key(b: Bits) -> u64 {
    debug_assert!(b.n <= TERNARY_LEN);
    let offset = (3u64.pow(b.n) - 1) / 2;
    1 + offset + ternary_digits(b.t as u32) + 2 * ternary_digits(b.f as u32)
}

/// (pieces, length) of the part with [`ternary_key`] `k`.
fn ternary_decode(k: u64) -> (u32, u32) {
    let mut rest = k - 1;
    let mut n = 0;
    while rest >= 3u64.pow(n) {
        rest -= 3u64.pow(n);
        n += 1;
    }
    let mut pieces = 0;
    for _ in 0..n {
        pieces += !rest.is_multiple_of(3) as u32;
        rest /= 3;
    }
    (pieces, n)
}

/// The memo key of a part, by its shape: few pieces on a long part list the pieces
/// (`Sparse`, `Compact`, `Long`), crowded short parts number the squares in base 3
/// (`Ternary`), and the rest keep the toad mask with a sentinel bit at the length (so lengths
/// are distinguished) and the frog mask, in one, two or four words (`Small`, `Medium`,
/// `Large`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    /// Parts longer than [`SMALL_LEN`] with few pieces (every part of the T2□^bF2 and
    /// T3□^bF3 families): each piece's square and kind, then the length, under a sentinel
    /// bit; with at most 4 pieces it fits a [`Packed`] slot with its value.
    Sparse(u64),
    /// Parts of at most [`SMALL_LEN`] squares with at most [`SPARSE_PIECES`] pieces: the
    /// same with 6 bits per piece and 5 for the length (≤ 42 bits, so always packed with its
    /// value when the id fits).
    Compact(u64),
    /// Parts of at most [`TERNARY_LEN`] squares with more than [`SPARSE_PIECES`] pieces:
    /// the squares as base-3 digits (see [`ternary_key`]), < 2^39, so packed with its value
    /// (25 bits) into one 8-byte slot.
    Ternary(u64),
    /// Crowded parts of more than [`TERNARY_LEN`] and at most [`SMALL_LEN`] squares: the toad
    /// mask with its sentinel over the frog mask, in one word.
    Small(u64),
    /// Crowded parts of at most [`MEDIUM_LEN`] squares: the two masks, one word each.
    Medium((u64, u64)),
    /// Longer crowded parts: the two 128-bit masks, two words each.
    Large((u64, u64, u64, u64)),
    /// Parts of the wide boards (longer than the board type holds, at most
    /// [`SPARSE_PIECES`] pieces): the sparse key with 9 bits a piece and 8 for the length.
    Long(u64),
}

/// The memo of part values: one table per kind of [`Key`], named after it — for the kinds
/// whose key fits beside a value in 8 bytes a packed table and a spill table for the values
/// whose id does not fit the slot, for the others a plain table. The one list of the tables
/// is [`PartMemo::tables`].
struct PartMemo {
    sparse: Packed,
    sparse_spill: Memo<u64>,
    compact: Packed,
    compact_spill: Memo<u64>,
    /// `[0]`: parts of at most 23 squares (26-bit ids), `[1]`: of 24 squares (25-bit ids);
    /// [`ternary_table`] picks one.
    ternary: [Packed; 2],
    ternary_spill: Memo<u64>,
    small: Memo<u64>,
    medium: Memo<(u64, u64)>,
    large: Memo<(u64, u64, u64, u64)>,
    long: Packed,
    long_spill: Memo<u64>,
}

impl PartMemo {
    /// Empty tables; the packed ones of sparse, compact and long keys hold `value_bits` bits of
    /// value.
    fn new(value_bits: u32) -> PartMemo {
        PartMemo {
            sparse: Packed::new(value_bits),
            sparse_spill: Memo::new(),
            compact: Packed::new(value_bits),
            compact_spill: Memo::new(),
            ternary: [
                Packed::new(TERNARY_VALUE_BITS),
                Packed::new(TERNARY_WIDE_VALUE_BITS),
            ],
            ternary_spill: Memo::new(),
            small: Memo::new(),
            medium: Memo::new(),
            large: Memo::new(),
            long: Packed::new(value_bits),
            long_spill: Memo::new(),
        }
    }

    /// Every table as (entries, bytes).
    fn tables(&self) -> [(usize, usize); 12] {
        let p = |t: &Packed| (t.len(), t.bytes());
        [
            p(&self.sparse),
            (self.sparse_spill.len(), self.sparse_spill.bytes()),
            p(&self.compact),
            (self.compact_spill.len(), self.compact_spill.bytes()),
            p(&self.ternary[0]),
            p(&self.ternary[1]),
            (self.ternary_spill.len(), self.ternary_spill.bytes()),
            (self.small.len(), self.small.bytes()),
            (self.medium.len(), self.medium.bytes()),
            (self.large.len(), self.large.bytes()),
            p(&self.long),
            (self.long_spill.len(), self.long_spill.bytes()),
        ]
    }

    /// The memoised value of the part with key `k`.
    #[inline]
    fn get(&self, k: Key) -> Option<GameId> {
        match k {
            Key::Sparse(k) => self.sparse.get(k).or_else(|| self.sparse_spill.get(&k)),
            Key::Compact(k) => self.compact.get(k).or_else(|| self.compact_spill.get(&k)),
            Key::Ternary(k) => {
                (self.ternary[ternary_table(k)].get(k)).or_else(|| self.ternary_spill.get(&k))
            }
            Key::Small(k) => self.small.get(&k),
            Key::Medium(k) => self.medium.get(&k),
            Key::Large(k) => self.large.get(&k),
            Key::Long(k) => self.long.get(k).or_else(|| self.long_spill.get(&k)),
        }
    }

    /// Memoises `v` as the value of the part with key `k`.
    #[inline]
    fn insert(&mut self, k: Key, v: GameId) {
        match k {
            Key::Sparse(k) => {
                if !self.sparse.insert(k, v) {
                    self.sparse_spill.insert(k, v)
                }
            }
            Key::Compact(k) => {
                if !self.compact.insert(k, v) {
                    self.compact_spill.insert(k, v)
                }
            }
            Key::Ternary(k) => {
                if !self.ternary[ternary_table(k)].insert(k, v) {
                    self.ternary_spill.insert(k, v)
                }
            }
            Key::Small(k) => self.small.insert(k, v),
            Key::Medium(k) => self.medium.insert(k, v),
            Key::Large(k) => self.large.insert(k, v),
            Key::Long(k) => {
                if !self.long.insert(k, v) {
                    self.long_spill.insert(k, v)
                }
            }
        }
    }

    /// Calls `count(length)` for every memoised part.
    fn lengths(&self, mut count: impl FnMut(u32)) {
        let top = |w: u64| 63 - w.leading_zeros();
        (self.sparse.keys().chain(self.sparse_spill.keys())).for_each(|k| count((k & 0x7f) as u32));
        (self.compact.keys().chain(self.compact_spill.keys()))
            .for_each(|k| count((k & 0x1f) as u32));
        (self.long.keys().chain(self.long_spill.keys())).for_each(|k| count((k & 0xff) as u32));
        (self.ternary.iter().flat_map(Packed::keys))
            .chain(self.ternary_spill.keys())
            .for_each(|k| count(ternary_decode(k).1));
        self.small.keys().for_each(|k| count(top(k >> 32)));
        self.medium.keys().for_each(|k| count(top(k.0)));
        self.large
            .keys()
            .for_each(|k| count(if k.1 != 0 { 64 + top(k.1) } else { top(k.0) }));
    }

    /// Forgets every part whose piece count and length fail `keep`.
    fn retain(&mut self, keep: impl Fn(u32, u32) -> bool) {
        let bits = |w: u64| 64 - w.leading_zeros();
        // sparse: sentinel, 8 bits a piece, 7 for the length; compact: 6 a piece, 5
        let sparse = |k: u64| keep((bits(k) - 8) / 8, (k & 0x7f) as u32);
        let compact = |k: u64| keep((bits(k) - 6) / 6, (k & 0x1f) as u32);
        self.sparse.retain(sparse);
        self.sparse_spill.retain(|&k| sparse(k));
        self.compact.retain(compact);
        self.compact_spill.retain(|&k| compact(k));
        let long = |k: u64| keep((bits(k) - 9) / 9, (k & 0xff) as u32);
        self.long.retain(long);
        self.long_spill.retain(|&k| long(k));
        let ternary = |k: u64| {
            let (pieces, len) = ternary_decode(k);
            keep(pieces, len)
        };
        self.ternary.iter_mut().for_each(|t| t.retain(ternary));
        self.ternary_spill.retain(|&k| ternary(k));
        // dense: the toads under a sentinel bit at the length, and the frogs
        self.small.retain(|&k| {
            let (ts, f) = (k >> 32, k & 0xffff_ffff);
            keep(ts.count_ones() - 1 + f.count_ones(), bits(ts) - 1)
        });
        self.medium
            .retain(|&(ts, f)| keep(ts.count_ones() - 1 + f.count_ones(), bits(ts) - 1));
        self.large.retain(|&(t0, t1, f0, f1)| {
            let pieces = t0.count_ones() + t1.count_ones() - 1 + f0.count_ones() + f1.count_ones();
            let len = if t1 != 0 { 64 + bits(t1) } else { bits(t0) } - 1;
            keep(pieces, len)
        });
    }
}

/// Most pieces a [`Key::Sparse`] holds (8 bits each, 7 for the length, 1 sentinel).
const SPARSE_PIECES: u32 = 6;

/// The pieces of a part from the left, `piece_bits` each (position, then 1 for a frog), after
/// a sentinel 1 bit, then the length in `len_bits`: the key of [`Key::Sparse`] and
/// [`Key::Compact`].
#[inline(always)]
fn piece_list<W: Word>(b: Bits<W>, piece_bits: u32, len_bits: u32) -> u64 {
    let mut occ = b.t | b.f;
    let mut k = 1u64;
    while occ != W::ZERO {
        let i = occ.trailing_zeros();
        occ = occ & occ.dec();
        k = k << piece_bits | (i as u64) << 1 | b.f.bit(i) as u64;
    }
    k << len_bits | b.n as u64
}

/// [`piece_list`] of the mirror image, read off `b` from the right (square i is square
/// n − 1 − i of the image, toads and frogs swapped): no bit reversal.
#[inline(always)]
fn mirror_piece_list<W: Word>(b: Bits<W>, piece_bits: u32, len_bits: u32) -> u64 {
    let mut occ = b.t | b.f;
    let mut k = 1u64;
    while occ != W::ZERO {
        let i = W::BITS - 1 - occ.leading_zeros();
        occ = occ ^ (W::small(1) << i);
        k = k << piece_bits | ((b.n - 1 - i) as u64) << 1 | b.t.bit(i) as u64;
    }
    k << len_bits | b.n as u64
}

/// A board word the solver recurses on: the memo key of its parts and its stack of parts
/// waiting for their values (a recursion never mixes words: the children of a wide part are
/// wide).
trait Width: Word {
    /// The key of the pair {`b`, mirror of `b`}, and whether it is the mirror's (the pair's
    /// entry is under one image, chosen by a rule symmetric in the two).
    fn oriented_key(b: Bits<Self>) -> (Key, bool);
    fn stack(stacks: &mut Stacks) -> &mut Vec<Pending<Self>>;
}

impl Width for u128 {
    #[inline]
    fn oriented_key(b: Bits) -> (Key, bool) {
        oriented_key(b)
    }
    #[inline]
    fn stack(stacks: &mut Stacks) -> &mut Vec<Pending<u128>> {
        &mut stacks.narrow
    }
}

impl Width for U256 {
    /// Only boards of at most [`SPARSE_PIECES`] pieces are solved wide (checked on entry).
    #[inline]
    fn oriented_key(b: Bits<U256>) -> (Key, bool) {
        let (k, m) = (piece_list(b, 9, 8), mirror_piece_list(b, 9, 8));
        (Key::Long(k.min(m)), m < k)
    }
    #[inline]
    fn stack(stacks: &mut Stacks) -> &mut Vec<Pending<U256>> {
        &mut stacks.wide
    }
}

/// The stacks of [`Width::stack`].
#[derive(Default)]
struct Stacks {
    narrow: Vec<Pending<u128>>,
    wide: Vec<Pending<U256>>,
}

/// [`Width::oriented_key`] of one-word boards: a sparse part is keyed by the smaller of its
/// two piece lists (read from either end, no bit reversal); a crowded one by the image with
/// the smaller (toads, frogs) masks.
#[inline]
fn oriented_key(b: Bits) -> (Key, bool) {
    if (b.t | b.f).count_ones() <= SPARSE_PIECES {
        let (bits, len) = if b.n > SMALL_LEN { (8, 7) } else { (6, 5) };
        let (k, m) = (piece_list(b, bits, len), mirror_piece_list(b, bits, len));
        let key = if b.n > SMALL_LEN {
            Key::Sparse(k.min(m))
        } else {
            Key::Compact(k.min(m))
        };
        return (key, m < k);
    }
    let mirror = b.mirror();
    let negate = (mirror.t, mirror.f) < (b.t, b.f);
    (dense_key(if negate { mirror } else { b }), negate)
}

/// The key of a part with more than [`SPARSE_PIECES`] pieces.
fn dense_key(b: Bits) -> Key {
    let ts = b.t | 1u128 << b.n;
    if b.n <= TERNARY_LEN {
        Key::Ternary(ternary_key(b))
    } else if b.n <= SMALL_LEN {
        Key::Small(((ts as u64) << 32) | b.f as u64)
    } else if b.n <= MEDIUM_LEN {
        Key::Medium((ts as u64, b.f as u64))
    } else {
        Key::Large((ts as u64, (ts >> 64) as u64, b.f as u64, (b.f >> 64) as u64))
    }
}

/// The counters of [`Solver::footprint`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverFootprint {
    /// Parts memoised.
    pub parts: usize,
    /// Bytes of the part memo's tables.
    pub part_bytes: usize,
    /// The arena's counters.
    pub arena: Footprint,
    /// Parts held by the swept classes' dense tables (their bytes are in `part_bytes`).
    pub swept: usize,
}

/// Shortest board part solved by sweeping its class (see [`Solver::set_sweep_min_len`]):
/// beyond the one-word keys, where the family boards T2□^bF2 live.
const SWEEP_MIN_LEN: u32 = 32;

/// log2 of the slots of [`Solver::options_value`]'s cache (24 bytes each: 96 KB).
const OPTIONS_CACHE_BITS: u32 = 12;

/// How often (in parts solved) the solver polls its [`StopFlag`].
const POLL_EVERY: u32 = 1 << 8;

/// A solver holding one [`Arena`] and the memo of part values; reuse it across many boards
/// (a whole family T2□^bF2 shares subpositions across b).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{Board, Solver};
/// use onag::partizan::name::{name, NameStyle};
/// let mut solver = Solver::new();
/// let g = solver.value(&"TT.FF".parse::<Board>().unwrap()).unwrap();
/// assert_eq!(name(solver.arena(), g, NameStyle::Ascii), "*");
/// ```
pub struct Solver {
    arena: Arena,
    parts: PartMemo,
    plain: FxHashMap<PackedKey, GameId>,
    reductions: bool,
    /// The swept classes (see [`super::sweep`]).
    sweeps: Vec<Sweep>,
    /// Shortest board part swept; `None`: never.
    sweep_min_len: Option<u32>,
    /// The cache of [`Solver::options_value`]: (key, game index); empty until first used.
    options_cache: Vec<(u128, u32)>,
    /// Parts of the children being solved, a stack shared by the recursion levels.
    pending: Stacks,
    /// The children being solved: (end of their parts in `pending`, integer).
    children: Vec<(usize, i64)>,
    /// Values of the children being solved.
    values: Vec<GameId>,
    stop: Option<StopFlag>,
    polls: u32,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver that applies Erickson's reductions before searching.
    pub fn new() -> Solver {
        Solver::with_arena(Arena::new())
    }

    /// A solver over an existing arena (to compare its values with other games there).
    pub fn with_arena(arena: Arena) -> Solver {
        Solver {
            arena,
            parts: PartMemo::new(VALUE_BITS),
            plain: FxHashMap::default(),
            reductions: true,
            sweeps: Vec::new(),
            sweep_min_len: Some(SWEEP_MIN_LEN),
            options_cache: Vec::new(),
            pending: Stacks::default(),
            children: Vec::new(),
            values: Vec::new(),
            stop: None,
            polls: 0,
        }
    }

    /// A solver that applies no reduction at all: every board is searched move by move (the
    /// slow reference of the verification).
    pub fn without_reductions() -> Solver {
        Solver {
            reductions: false,
            ..Solver::new()
        }
    }

    /// The arena holding the values.
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// The arena, mutably (to build or compare other games).
    pub fn arena_mut(&mut self) -> &mut Arena {
        &mut self.arena
    }

    /// Gives the arena back.
    pub fn into_arena(self) -> Arena {
        self.arena
    }

    /// Number of parts memoised.
    pub fn memo_len(&self) -> usize {
        self.parts.tables().iter().map(|t| t.0).sum()
    }

    /// Memory counters: parts memoised, the bytes of their tables, and the arena's
    /// [`Footprint`].
    pub fn footprint(&self) -> SolverFootprint {
        SolverFootprint {
            parts: self.memo_len(),
            part_bytes: self.parts.tables().iter().map(|t| t.1).sum::<usize>()
                + self.sweeps.iter().map(Sweep::bytes).sum::<usize>(),
            arena: self.arena.footprint(),
            swept: self.sweeps.iter().map(Sweep::len).sum(),
        }
    }

    /// Board parts with at most 4 pieces and at least `min_len` squares are solved by
    /// sweeping their whole class bottom-up into dense tables (see [`super::sweep`]; the
    /// default from 32 squares); `None` solves every part by the memoised recursion alone
    /// (the tests compare the two).
    pub fn set_sweep_min_len(&mut self, min_len: Option<u32>) {
        self.sweep_min_len = min_len;
    }

    /// Sizes the table of crowded parts (more than 6 pieces, at most 23 squares) for `parts`
    /// entries up front: a long run on one board (T8□8F7: ≈ 0.7·10⁹ parts) then never
    /// doubles it, which holds the old and the new slots at once. A sizing hint only: the
    /// values and ids are the same with or without it.
    pub fn reserve_crowded_parts(&mut self, parts: usize) {
        self.parts.ternary[0].reserve(parts);
    }

    /// A solver whose packed slots hold only `bits` bits of value, so that ids from 2^bits
    /// on take the spill tables (the tests' way to reach them without 2^26 games).
    #[cfg(test)]
    fn with_value_bits(bits: u32) -> Solver {
        let mut s = Solver::new();
        s.parts = PartMemo::new(bits);
        s.parts.ternary = [Packed::new(bits), Packed::new(bits)];
        s
    }

    /// How many memoised parts have each length (index = length in squares).
    pub fn parts_by_length(&self) -> Vec<usize> {
        let mut counts = Vec::new();
        let mut count = |n: u32| {
            let n = n as usize;
            if counts.len() <= n {
                counts.resize(n + 1, 0);
            }
            counts[n] += 1;
        };
        self.parts.lengths(&mut count);
        counts
    }

    /// Forgets every memoised part whose piece count and length (in squares) fail `keep`
    /// (the values already returned stay valid: they live in the arena). A family run uses it
    /// to drop the parts no later board can reach (see [`super::family`]).
    pub fn retain_parts(&mut self, keep: impl Fn(u32, u32) -> bool) {
        self.sweeps.retain(|s| keep(s.toads + s.frogs, s.len));
        self.parts.retain(keep);
    }

    /// The canonical value of `board`.
    ///
    /// The solver recurses once per move along the longest line of play (a few kilobytes per
    /// level): boards up to the web app's 24 squares fit a default 2 MB thread stack, long
    /// family boards (T2□^bF2 with b ≈ 100) want a thread with a few hundred megabytes.
    pub fn value(&mut self, board: &Board) -> Result<GameId, GameError> {
        self.stop = None;
        self.board_value(Bits::new(board.squares()))
    }

    /// [`Solver::value`], giving up with [`GameError::Stopped`] soon after `stop` is raised
    /// (what was solved so far stays memoised).
    pub fn value_with_stop(&mut self, board: &Board, stop: &StopFlag) -> Result<GameId, GameError> {
        self.stopping(stop, |solver| {
            solver.board_value(Bits::new(board.squares()))
        })
    }

    /// Runs `work` with `stop` polled by the solver and by its arena (one simplification can
    /// take long), then puts the arena's previous flag back.
    pub(crate) fn stopping<T>(&mut self, stop: &StopFlag, work: impl FnOnce(&mut Self) -> T) -> T {
        self.stop = Some(stop.clone());
        let previous = self.arena.set_stop(Some(stop.clone()));
        let result = work(self);
        self.arena.set_stop(previous);
        self.stop = None;
        result
    }

    /// The value of T^toads □^blanks F^frogs, also beyond the board type's [`MAX_LEN`]
    /// squares: up to 255 squares when the board has at most 6 pieces (the long boards of
    /// the T2□^bF2 and T3□^bF3 families), solved on two-word bitboards. Gives up like
    /// [`Solver::value_with_stop`]; `Err(GameError::TooLarge)` for a longer or more crowded
    /// board.
    pub fn standard_value(
        &mut self,
        toads: usize,
        blanks: usize,
        frogs: usize,
        stop: &StopFlag,
    ) -> Result<GameId, GameError> {
        let n = toads + blanks + frogs;
        if n <= MAX_LEN {
            let board = Board::standard(toads, blanks, frogs)
                .map_err(|e| GameError::TooLarge(e.to_string()))?;
            return self.value_with_stop(&board, stop);
        }
        self.wide_value(toads, blanks, frogs, stop)
    }

    /// Whether [`Solver::standard_value`] takes T^toads □^blanks F^frogs: a board of the board
    /// type (at most [`MAX_LEN`] squares), or a sparse long one for the two-word bitboards;
    /// the same `Err` it gives otherwise, before any work.
    ///
    /// # Examples
    /// ```
    /// use onag::games::toads_and_frogs::Solver;
    /// assert!(Solver::check_standard(2, 150, 2).is_ok());
    /// assert!(Solver::check_standard(3, 130, 4).is_err()); // 7 pieces on 137 squares
    /// ```
    pub fn check_standard(toads: usize, blanks: usize, frogs: usize) -> Result<(), GameError> {
        if toads + blanks + frogs <= MAX_LEN {
            return Board::standard(toads, blanks, frogs)
                .map(|_| ())
                .map_err(|e| GameError::TooLarge(e.to_string()));
        }
        wide_fits(toads, blanks, frogs)
    }

    /// [`Solver::standard_value`] on two-word bitboards whatever the length (the tests
    /// compare it with the one-word solver on the boards both can do).
    #[doc(hidden)]
    pub fn wide_value(
        &mut self,
        toads: usize,
        blanks: usize,
        frogs: usize,
        stop: &StopFlag,
    ) -> Result<GameId, GameError> {
        wide_fits(toads, blanks, frogs)?;
        let (t, b, f) = (toads as u32, blanks as u32, frogs as u32);
        self.stopping(stop, |solver| {
            solver.board_value(Bits::<U256>::standard(t, b, f))
        })
    }

    /// The value of `board` searched move by move with no reduction at all, in the same arena
    /// (so it can be compared with [`Solver::value`] by id): the slow reference.
    pub fn value_unreduced(&mut self, board: &Board) -> Result<GameId, GameError> {
        self.stop = None;
        self.plain_value(board.squares())
    }

    fn plain_value(&mut self, squares: &[Square]) -> Result<GameId, GameError> {
        let key = PackedKey::new(squares);
        if let Some(&g) = self.plain.get(&key) {
            return Ok(g);
        }
        let mut options = [Vec::new(), Vec::new()];
        for (k, player) in [Player::Left, Player::Right].into_iter().enumerate() {
            let mut moves = Vec::new();
            moves_of(squares, player, |from, to| moves.push((from, to)));
            let mut child = squares.to_vec();
            for (from, to) in moves {
                child.swap(from, to);
                options[k].push(self.plain_value(&child)?);
                child.swap(from, to);
            }
        }
        let v = self.arena.from_options(&options[0], &options[1])?;
        self.plain.insert(key, v);
        Ok(v)
    }

    /// The value of one irreducible `part` of a board's reduced form (the board's value is
    /// its integer plus the values of its parts), for displaying the reduced form.
    pub fn part_value(&mut self, part: &Board) -> Result<GameId, GameError> {
        self.part(Bits::new(part.squares()))
    }

    fn board_value<W: Width>(&mut self, board: Bits<W>) -> Result<GameId, GameError> {
        if !self.reductions {
            return self.part(board);
        }
        let mut integer = 0i64;
        let mut total = self.arena.zero();
        board.reduce(&mut integer, |p| {
            let v = match self.swept_part(p)? {
                Some(v) => v,
                None => self.part(p)?,
            };
            total = self.arena.add(total, v)?;
            Ok::<(), GameError>(())
        })?;
        if integer == 0 {
            return Ok(total);
        }
        let n = self.arena.integer(integer)?;
        self.arena.add(total, n)
    }

    /// The value of a board part from its class's sweep (swept now if it is not yet), or
    /// `None` when the part is not swept (too many pieces, too short).
    fn swept_part<W: Width>(&mut self, p: Bits<W>) -> Result<Option<GameId>, GameError> {
        let Some(min_len) = self.sweep_min_len else {
            return Ok(None);
        };
        let Some((t, f, n)) = Sweep::class_of(p).filter(|c| c.2 >= min_len) else {
            return Ok(None);
        };
        let i = match self.sweeps.iter().position(|s| s.holds(p)) {
            Some(i) => i,
            None => {
                let sweep = self.sweep_class::<W>(t, f, n)?;
                self.sweeps.push(sweep);
                self.sweeps.len() - 1
            }
        };
        Ok(self.sweeps[i].get(p).map(|v| self.swept_id(v)))
    }

    /// The game of a swept slot: (index, negate).
    #[inline]
    fn swept_id(&mut self, (v, negate): (u32, bool)) -> GameId {
        let g = GameId::from_index(v);
        if negate {
            self.arena.neg(g)
        } else {
            g
        }
    }

    /// Solves every part of the class (toads, frogs, len) bottom-up (see [`super::sweep`]).
    fn sweep_class<W: Width>(
        &mut self,
        toads: u32,
        frogs: u32,
        len: u32,
    ) -> Result<Sweep, GameError> {
        let (mut sweep, patterns) = Sweep::new(toads, frogs, len);
        for mask in patterns {
            placements::<W, GameError>(toads + frogs, len, mask, |b| {
                // a pattern that is its own mirror: the pair is solved once, the image
                // filled with the negative when the first one is
                let (mask, rank) = sweep.slot(b);
                if sweep.at(mask, rank).is_some() || !irreducible(b) {
                    return Ok(());
                }
                let g = self.sweep_solve(&sweep, b)?;
                sweep.set(mask, rank, g.index() as u32);
                if let Some(m) = sweep.mirror_rank(b, mask) {
                    let h = self.arena.neg(g);
                    sweep.set(mask, m, h.index() as u32);
                }
                Ok(())
            })?;
        }
        Ok(sweep)
    }

    /// The canonical form of a part of the class being swept, from its options: those in
    /// the class are in `sweep` already, the others are solved by the recursion.
    fn sweep_solve<W: Width>(&mut self, sweep: &Sweep, b: Bits<W>) -> Result<GameId, GameError> {
        self.polls += 1;
        if self.polls.is_multiple_of(POLL_EVERY) {
            if let Some(stop) = &self.stop {
                // Parts solved are the solver's unit of progress (see `estimate_work`).
                stop.advance(u64::from(POLL_EVERY))?;
            }
        }
        let base = self.values.len();
        let mut n_left = 0;
        for left in [true, false] {
            // at most one move a piece
            let mut moves = [W::ZERO; 2 * super::sweep::SWEEP_PIECES as usize];
            let mut count = 0;
            b.moves(left, |m| {
                moves[count] = m;
                count += 1;
            });
            for &m in &moves[..count] {
                let v = self.sweep_child(sweep, b.play(left, m));
                let v = match v {
                    Ok(v) => v,
                    Err(e) => {
                        self.values.truncate(base);
                        return Err(e);
                    }
                };
                self.values.push(v);
            }
            if left {
                n_left = self.values.len() - base;
            }
        }
        let result = self.options_value(base, n_left);
        self.values.truncate(base);
        result
    }

    /// `from_options` of the values from `base` on (the first `n_left` are Left's), through
    /// a small direct-mapped cache keyed by the option lists as they come (up to four ids
    /// of at most 30 bits): a swept class repeats a few thousand option lists millions of
    /// times, and the cache answers without sorting or hashing them.
    #[inline]
    fn options_value(&mut self, base: usize, n_left: usize) -> Result<GameId, GameError> {
        let values = &self.values[base..];
        let fits = values.len() <= 4 && values.iter().all(|g| g.index() + 1 < 1 << 30);
        if !fits {
            return self
                .arena
                .from_options(&values[..n_left], &values[n_left..]);
        }
        // the ids plus one (0: no option), 30 bits each, and the count of Left's
        let mut key = n_left as u128;
        for g in values {
            key = key << 30 | (g.index() as u128 + 1);
        }
        key = key << 3 | values.len() as u128;
        let h = ((key as u64) ^ ((key >> 64) as u64).rotate_left(17))
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let slot = (h >> (64 - OPTIONS_CACHE_BITS)) as usize;
        if self.options_cache.is_empty() {
            self.options_cache = vec![(u128::MAX, 0); 1 << OPTIONS_CACHE_BITS];
        }
        if self.options_cache[slot].0 == key {
            return Ok(GameId::from_index(self.options_cache[slot].1));
        }
        let g = self
            .arena
            .from_options(&values[..n_left], &values[n_left..])?;
        self.options_cache[slot] = (key, g.index() as u32);
        Ok(g)
    }

    /// The value of a move's result while sweeping (an integer plus parts).
    fn sweep_child<W: Width>(&mut self, sweep: &Sweep, c: Bits<W>) -> Result<GameId, GameError> {
        // most moves keep the part in the class (the reduction's first test)
        if c.plainly_irreducible() && sweep.holds(c) {
            if let Some(v) = sweep.get(c) {
                return Ok(self.swept_id(v));
            }
        }
        let mut integer = 0i64;
        let mut total = self.arena.zero();
        c.reduce(&mut integer, |p| {
            // a part of the class is the move's result itself, which the order has solved
            let v = match sweep.holds(p).then(|| sweep.get(p)).flatten() {
                Some(v) => self.swept_id(v),
                None => self.part(p)?,
            };
            total = self.arena.add(total, v)?;
            Ok::<(), GameError>(())
        })?;
        if integer != 0 {
            let n = self.arena.integer(integer)?;
            total = self.arena.add(total, n)?;
        }
        Ok(total)
    }

    /// The canonical value of one part, by its options; memoised, with the mirror image
    /// sharing the entry (value(mirror) = −value).
    fn part<W: Width>(&mut self, squares: Bits<W>) -> Result<GameId, GameError> {
        // One memo entry per mirror pair (see [`Pending::new`]): one probe per lookup, and
        // half the table (the table is the memory-bound part of a family run). Parts with
        // few pieces get a sparse key listing the pieces (packed with the value into 8 bytes
        // when it fits 42 bits); others a one-word key up to 31 squares, two words up to
        // 63, four beyond (see [`Key`]).
        let p = Pending::new(squares);
        let g = self.keyed_part(p.entry(), p.key)?;
        Ok(if p.negate { self.arena.neg(g) } else { g })
    }

    fn keyed_part<W: Width>(&mut self, squares: Bits<W>, k: Key) -> Result<GameId, GameError> {
        if let Some(g) = self.parts.get(k) {
            return Ok(g);
        }
        let v = self.solve_part(squares)?;
        self.parts.insert(k, v);
        Ok(v)
    }

    /// The canonical form of a part from the values of its options.
    fn solve_part<W: Width>(&mut self, squares: Bits<W>) -> Result<GameId, GameError> {
        self.polls += 1;
        if self.polls.is_multiple_of(POLL_EVERY) {
            if let Some(stop) = &self.stop {
                // Parts solved are the solver's unit of progress (see `estimate_work`).
                stop.advance(u64::from(POLL_EVERY))?;
            }
        }
        // Reduce every child first and probe the memo for all their parts before solving
        // any: the probes are independent, so their cache misses overlap instead of
        // queueing one behind another. The children live on stacks shared by all levels
        // of the recursion (small frames keep the deep recursion in cache).
        let (part_base, child_base) = (W::stack(&mut self.pending).len(), self.children.len());
        let mut n_left = 0;
        for left in [true, false] {
            let (pending, children) = (W::stack(&mut self.pending), &mut self.children);
            let reductions = self.reductions;
            squares.moves(left, |mask| {
                let child = squares.play(left, mask);
                let mut integer = 0i64;
                if reductions {
                    let Ok(()) = child.reduce(&mut integer, |p| {
                        pending.push(Pending::new(p));
                        Ok::<(), std::convert::Infallible>(())
                    });
                } else {
                    pending.push(Pending::new(child));
                }
                children.push((pending.len(), integer));
            });
            if left {
                n_left = self.children.len() - child_base;
            }
        }
        for i in part_base..W::stack(&mut self.pending).len() {
            let key = W::stack(&mut self.pending)[i].key;
            let found = self.parts.get(key);
            W::stack(&mut self.pending)[i].found = found;
        }
        let value_base = self.values.len();
        let mut at = part_base;
        for c in child_base..self.children.len() {
            let (end, integer) = self.children[c];
            let mut total = self.arena.zero();
            while at < end {
                let p = W::stack(&mut self.pending)[at];
                at += 1;
                let mut g = match p.found {
                    Some(g) => g,
                    None => self.keyed_part(p.entry(), p.key)?,
                };
                if p.negate {
                    g = self.arena.neg(g);
                }
                total = self.arena.add(total, g)?;
            }
            if integer != 0 {
                let n = self.arena.integer(integer)?;
                total = self.arena.add(total, n)?;
            }
            self.values.push(total);
        }
        W::stack(&mut self.pending).truncate(part_base);
        self.children.truncate(child_base);
        let values = &self.values[value_base..];
        let result = self
            .arena
            .from_options(&values[..n_left], &values[n_left..]);
        self.values.truncate(value_base);
        result
    }
}

/// A child's part waiting for its value: as the child has it, with the key of its memo
/// entry, whether that entry is the mirror image's (value(mirror) = −value: `negate`), and
/// the result of the first probe.
#[derive(Clone, Copy)]
struct Pending<W> {
    bits: Bits<W>,
    key: Key,
    negate: bool,
    found: Option<GameId>,
}

impl<W: Width> Pending<W> {
    #[inline]
    fn new(p: Bits<W>) -> Pending<W> {
        let (key, negate) = W::oriented_key(p);
        Pending {
            bits: p,
            key,
            negate,
            found: None,
        }
    }

    /// The image the memo entry is about (computed only for a part to solve).
    #[inline]
    fn entry(&self) -> Bits<W> {
        if self.negate {
            self.bits.mirror()
        } else {
            self.bits
        }
    }
}

/// Whether `b` is one part that no reduction changes.
fn irreducible<W: Word>(b: Bits<W>) -> bool {
    let (mut integer, mut parts, mut same) = (0i64, 0, false);
    let Ok(()) = b.reduce(&mut integer, |p| {
        parts += 1;
        same = p == b;
        Ok::<(), std::convert::Infallible>(())
    });
    parts == 1 && same
}

/// Whether the two-word bitboards hold T^toads □^blanks F^frogs.
fn wide_fits(toads: usize, blanks: usize, frogs: usize) -> Result<(), GameError> {
    let n = toads + blanks + frogs;
    if n > WIDE_LEN || toads + frogs > SPARSE_PIECES as usize || n == 0 {
        return Err(GameError::TooLarge(format!(
            "T{toads}□{blanks}F{frogs}: boards of more than {MAX_LEN} squares are solved \
             up to {WIDE_LEN} squares and {SPARSE_PIECES} pieces"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every part of `n` squares, as digits 0 empty, 1 toad, 2 frog.
    fn parts(n: u32) -> impl Iterator<Item = Bits> {
        (0..3u64.pow(n)).map(move |code| {
            let (mut t, mut f) = (0u128, 0u128);
            for i in 0..n {
                match code / 3u64.pow(i) % 3 {
                    1 => t |= 1 << i,
                    2 => f |= 1 << i,
                    _ => {}
                }
            }
            Bits { t, f, n }
        })
    }

    #[test]
    fn ternary_keys_number_the_parts_and_decode() {
        // all parts of up to 9 squares: distinct keys, consecutive from 1, decoded
        let mut keys = Vec::new();
        for n in 0..=9 {
            for b in parts(n) {
                let k = ternary_key(b);
                let pieces = (b.t | b.f).count_ones();
                assert_eq!(ternary_decode(k), (pieces, n));
                keys.push(k);
            }
        }
        keys.sort_unstable();
        assert!(keys.iter().enumerate().all(|(i, &k)| k == i as u64 + 1));
        // the longest: the last key fits the packed slot beside a 25-bit value
        let full = Bits {
            t: 0,
            f: (1 << TERNARY_LEN) - 1,
            n: TERNARY_LEN,
        };
        let top = ternary_key(full);
        assert_eq!(top, (3u64.pow(TERNARY_LEN + 1) - 1) / 2);
        assert!(top < Packed::new(TERNARY_WIDE_VALUE_BITS).key_limit());
        // the keys of up to 23 squares fit beside a 26-bit value, those of 24 squares not all
        assert!(TERNARY_WIDE_FROM - 1 < Packed::new(TERNARY_VALUE_BITS).key_limit());
        assert!(top >= Packed::new(TERNARY_VALUE_BITS).key_limit());
        let first_wide = Bits {
            t: 0,
            f: 0,
            n: TERNARY_LEN,
        };
        assert_eq!(ternary_key(first_wide), TERNARY_WIDE_FROM);
        assert_eq!(ternary_table(TERNARY_WIDE_FROM - 1), 0);
        assert_eq!(ternary_table(TERNARY_WIDE_FROM), 1);
        assert_eq!(
            ternary_decode(TERNARY_WIDE_FROM - 1),
            (TERNARY_LEN - 1, TERNARY_LEN - 1)
        );
        assert_eq!(ternary_decode(top), (TERNARY_LEN, TERNARY_LEN));
        let t = 0b1011_0000_0000_0001_0110;
        let some = Bits {
            t,
            f: !t & 0x55_aa55 & ((1 << 23) - 1),
            n: 23,
        };
        assert_eq!(
            ternary_decode(ternary_key(some)).0,
            (some.t | some.f).count_ones()
        );
    }

    /// Every table of parts and its spill table hold the same values: with 4-bit packed
    /// slots every id from 16 on spills, and the ids come out the same as with the default
    /// slots (the order of interning does not depend on where a part's id is kept).
    #[test]
    fn spilled_ids_are_the_packed_ones() {
        let mut packed = Solver::new();
        let mut spilled = Solver::with_value_bits(4);
        let mut boards: Vec<Board> = Vec::new();
        // crowded (ternary) and compact parts: every board of up to 8 squares
        for n in 1..=8 {
            for b in parts(n) {
                let squares: Vec<Square> = (0..n)
                    .map(|i| match (b.t >> i & 1, b.f >> i & 1) {
                        (1, _) => Square::Toad,
                        (_, 1) => Square::Frog,
                        _ => Square::Empty,
                    })
                    .collect();
                boards.push(Board::from_squares(squares));
            }
        }
        // crowded parts of 24 squares (the 25-bit table), sparse ones beyond 31 squares
        for (t, b, f) in [(11, 1, 12), (10, 2, 12), (2, 30, 2), (3, 27, 2)] {
            boards.push(Board::standard(t, b, f).unwrap());
        }
        for s in [&mut packed, &mut spilled] {
            s.set_sweep_min_len(None);
        }
        for board in &boards {
            let (a, b) = (packed.value(board).unwrap(), spilled.value(board).unwrap());
            assert_eq!(a, b, "{board}");
        }
        // wide boards (two-word bitboards, `Key::Long`)
        let stop = StopFlag::new();
        for (t, b, f) in [(1, 130, 1), (2, 127, 1)] {
            let a = packed.wide_value(t, b, f, &stop).unwrap();
            assert_eq!(a, spilled.wide_value(t, b, f, &stop).unwrap());
        }
        assert_eq!(packed.arena().len(), spilled.arena().len());
        assert_eq!(packed.memo_len(), spilled.memo_len());
        assert!(packed.arena().len() > 1 << 10);
        // every packed table was used, and the small slots spilled from each
        let (p, s) = (&packed.parts, &spilled.parts);
        for t in [&p.ternary[0], &p.ternary[1], &p.sparse, &p.compact, &p.long] {
            assert!(t.len() > 0);
        }
        for n in [
            s.ternary_spill.len(),
            s.compact_spill.len(),
            s.sparse_spill.len(),
            s.long_spill.len(),
        ] {
            assert!(n > 0);
        }
        assert_eq!(p.ternary_spill.len() + p.compact_spill.len(), 0);
    }
}
