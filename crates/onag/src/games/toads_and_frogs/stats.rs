//! Statistics of the values of all boards of each length: whole or in shards, the shards'
//! values as arena-independent fingerprints, and their merge.

use super::board::Board;
use super::enumerate::{board_at, board_count};
use super::solver::Solver;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::game::{FxHashMap, GameError, GameId};
use crate::partizan::thermograph::Thermographs;
use crate::StopFlag;

/// Statistics of the values of all boards of one length.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{length_stats, Solver};
/// use onag::partizan::name::{name, NameStyle};
/// use onag::partizan::thermograph::Thermographs;
/// use onag::StopFlag;
///
/// let (mut solver, mut thermographs) = (Solver::new(), Thermographs::new());
/// let stats = length_stats(&mut solver, &mut thermographs, 4, &StopFlag::new(), |_| {}).unwrap();
/// let distinct: Vec<u64> = stats.iter().map(|s| s.distinct).collect();
/// assert_eq!(distinct, [1, 3, 6, 14]);
/// let four = &stats[3];
/// assert_eq!((four.boards, four.numbers, four.infinitesimals, four.hot), (81, 77, 2, 2));
/// let (board, value, temperature) = four.hottest.clone().unwrap();
/// assert_eq!(board.to_string(), "T.FF");
/// assert_eq!(name(solver.arena(), value, NameStyle::Ascii), "{0|-1/2}");
/// assert_eq!(temperature.to_string(), "1/4");
/// ```
#[derive(Clone, Debug)]
pub struct LengthStats {
    /// The board length.
    pub length: usize,
    /// Number of boards (3^length).
    pub boards: u64,
    /// Number of distinct values among them.
    pub distinct: u64,
    /// Boards whose value is a number.
    pub numbers: u64,
    /// Boards whose value is infinitesimal: not a number, but −x < G < x for every positive
    /// number x (equivalently, both stops are 0).
    pub infinitesimals: u64,
    /// Boards whose temperature is positive (left stop > right stop).
    pub hot: u64,
    /// The hottest board (the first in enumeration order among ties), its value and
    /// temperature; `None` when no board of this length is hot.
    pub hottest: Option<(Board, GameId, Dyadic)>,
}

/// Per-length statistics for lengths `1..=max_len`, polling `stop`.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{length_stats, Solver};
/// use onag::partizan::thermograph::Thermographs;
/// use onag::StopFlag;
///
/// let (mut solver, mut thermographs) = (Solver::new(), Thermographs::new());
/// let mut done = Vec::new();
/// let stats = length_stats(&mut solver, &mut thermographs, 3, &StopFlag::new(), |len| done.push(len));
/// let boards: Vec<u64> = stats.unwrap().iter().map(|s| s.boards).collect();
/// assert_eq!((boards, done), (vec![3, 9, 27], vec![1, 2, 3]));
/// ```
pub fn length_stats(
    solver: &mut Solver,
    thermographs: &mut Thermographs,
    max_len: usize,
    stop: &StopFlag,
    mut progress: impl FnMut(usize),
) -> Result<Vec<LengthStats>, GameError> {
    let mut out = Vec::new();
    for length in 1..=max_len {
        let total = board_count(length);
        let shard = shard_stats(solver, thermographs, length, 0..total, stop)?;
        progress(length);
        out.push(LengthStats {
            length,
            boards: shard.boards,
            distinct: shard.distinct.len() as u64,
            numbers: shard.numbers,
            infinitesimals: shard.infinitesimals,
            hot: shard.hot,
            hottest: shard.hottest.map(|(_, b, g, t)| (b, g, t)),
        });
    }
    Ok(out)
}

/// Statistics of the boards `range` of one length (indices in [`all_boards`] order): one
/// shard of a long statistics run, kept with what a merge needs (the distinct values, the
/// index of the hottest board).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{shard_range, shard_stats, Solver};
/// use onag::partizan::thermograph::Thermographs;
/// use onag::StopFlag;
///
/// let (mut solver, mut thermographs) = (Solver::new(), Thermographs::new());
/// let mut boards = 0;
/// for i in 0..3 {
///     let range = shard_range(4, i, 3).unwrap();
///     let shard = shard_stats(&mut solver, &mut thermographs, 4, range.clone(), &StopFlag::new());
///     let shard = shard.unwrap();
///     assert_eq!((shard.range, shard.boards), (range.clone(), range.end - range.start));
///     boards += shard.boards;
/// }
/// assert_eq!(boards, 81);
/// ```
#[derive(Clone, Debug)]
pub struct ShardStats {
    /// The board length.
    pub length: usize,
    /// The board indices covered.
    pub range: std::ops::Range<u64>,
    /// Number of boards.
    pub boards: u64,
    /// The distinct values, in increasing id order.
    pub distinct: Vec<GameId>,
    /// Boards whose value is a number.
    pub numbers: u64,
    /// Boards whose value is infinitesimal (see [`LengthStats::infinitesimals`]).
    pub infinitesimals: u64,
    /// Boards whose temperature is positive.
    pub hot: u64,
    /// The hottest board (the first among ties): its index, the board, value, temperature.
    pub hottest: Option<(u64, Board, GameId, Dyadic)>,
}

/// The statistics of the boards `range` of `len` squares, polling `stop`.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{length_stats, shard_stats, Solver};
/// use onag::partizan::thermograph::Thermographs;
/// use onag::StopFlag;
///
/// let (mut solver, mut thermographs) = (Solver::new(), Thermographs::new());
/// let whole = shard_stats(&mut solver, &mut thermographs, 3, 0..27, &StopFlag::new()).unwrap();
/// let stats = length_stats(&mut solver, &mut thermographs, 3, &StopFlag::new(), |_| {}).unwrap();
/// assert_eq!(whole.distinct.len() as u64, stats[2].distinct);
/// assert_eq!((whole.numbers, whole.infinitesimals), (26, 1));
/// ```
pub fn shard_stats(
    solver: &mut Solver,
    thermographs: &mut Thermographs,
    length: usize,
    range: std::ops::Range<u64>,
    stop: &StopFlag,
) -> Result<ShardStats, GameError> {
    let mut seen: FxHashMap<GameId, ()> = FxHashMap::default();
    let mut st = ShardStats {
        length,
        range: range.clone(),
        boards: 0,
        distinct: Vec::new(),
        numbers: 0,
        infinitesimals: 0,
        hot: 0,
        hottest: None,
    };
    for code in range {
        let board = board_at(length, code);
        let g = solver.value_with_stop(&board, stop)?;
        st.boards += 1;
        seen.insert(g, ());
        let arena = solver.arena();
        let (ls, rs) = (arena.left_stop(g), arena.right_stop(g));
        if arena.as_number(g).is_some() {
            st.numbers += 1;
        } else if ls == Dyadic::ZERO && rs == Dyadic::ZERO {
            st.infinitesimals += 1;
        }
        if ls > rs {
            st.hot += 1;
            let t = thermographs.get(arena, g)?.temperature();
            if st.hottest.as_ref().is_none_or(|h| t > h.3) {
                st.hottest = Some((code, board, g, t));
            }
        }
    }
    st.distinct = seen.into_keys().collect();
    st.distinct.sort_unstable();
    Ok(st)
}

/// Arena-independent 128-bit fingerprints of canonical games: equal games get equal
/// fingerprints in every arena (options are combined as sorted sets), different games differ
/// but for a collision of probability about n²/2¹²⁹ among n games. Shards of a statistics run
/// (separate processes, separate arenas) name their distinct values by them.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::Fingerprints;
/// use onag::partizan::{game::Arena, parse::parse};
///
/// let (mut a, mut b) = (Arena::new(), Arena::new());
/// let _ = parse(&mut b, "{3|-7} + ↑").unwrap(); // b's ids differ from a's
/// let ga = parse(&mut a, "{1|0} + *").unwrap();
/// let gb = parse(&mut b, "* + {1|0}").unwrap();
/// let (mut fa, mut fb) = (Fingerprints::new(), Fingerprints::new());
/// assert_eq!(fa.get(&a, ga), fb.get(&b, gb));
/// let other = parse(&mut a, "{1|0}").unwrap();
/// assert_ne!(fa.get(&a, other), fa.get(&a, ga));
/// ```
#[derive(Default)]
pub struct Fingerprints {
    memo: FxHashMap<GameId, u128>,
}

impl Fingerprints {
    /// An empty cache.
    pub fn new() -> Fingerprints {
        Fingerprints::default()
    }

    /// The fingerprint of `g` (memoised; recursion depth = the birthday of `g`).
    pub fn get(&mut self, arena: &crate::partizan::game::Arena, g: GameId) -> u128 {
        if let Some(&f) = self.memo.get(&g) {
            return f;
        }
        let mut side = |opts: &[GameId], salt: u64| {
            let mut fs: Vec<u128> = opts.iter().map(|&o| self.get(arena, o)).collect();
            fs.sort_unstable();
            let mut h = (u128::from(salt) << 64) | fs.len() as u128;
            for f in fs {
                h = mix128(h ^ f);
            }
            h
        };
        let l = side(arena.left_options(g), 0x4c45_4654);
        let r = side(arena.right_options(g), 0x5249_4748);
        let f = mix128(l ^ mix128(r).rotate_left(64));
        self.memo.insert(g, f);
        f
    }
}

/// A 128-bit mixer: two rounds of multiply-xorshift on both halves, crossing them.
fn mix128(x: u128) -> u128 {
    let mut a = x as u64;
    let mut b = (x >> 64) as u64;
    for _ in 0..2 {
        a = (a ^ (a >> 31) ^ b.rotate_left(17)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        b = (b ^ (b >> 29) ^ a.rotate_left(23)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        a ^= a >> 32;
        b ^= b >> 32;
    }
    (u128::from(b) << 64) | u128::from(a)
}

/// A shard's statistics without its arena (values by canonical name): what shard files hold
/// and [`merge_shards`] combines.
///
/// # Examples
/// See [`merge_shards`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedShard {
    /// The board length.
    pub length: usize,
    /// The board indices covered.
    pub range: std::ops::Range<u64>,
    /// Number of boards.
    pub boards: u64,
    /// The distinct values by [`Fingerprints`].
    pub distinct: Vec<u128>,
    /// Boards whose value is a number.
    pub numbers: u64,
    /// Boards whose value is infinitesimal.
    pub infinitesimals: u64,
    /// Boards whose temperature is positive.
    pub hot: u64,
    /// The hottest board: its index, the board, its value's name and its temperature.
    pub hottest: Option<(u64, String, String, Dyadic)>,
}

/// Why shards could not be merged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// The shards of a length do not cover its boards exactly once (the first board index
    /// missing or covered twice).
    #[error("the shards of length {length} do not cover each board once (board {at})")]
    Coverage {
        /// The length.
        length: usize,
        /// The first board index not covered exactly once.
        at: u64,
    },
}

/// Merges shards (any order, any lengths) into one [`NamedShard`] per length, in increasing
/// length: the same figures as one run over every board, provided each length's shards cover
/// its 3^length boards exactly once ([`MergeError::Coverage`] otherwise).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{merge_shards, MergeError, NamedShard};
///
/// let shard = |range: std::ops::Range<u64>, distinct: Vec<u128>| NamedShard {
///     length: 1,
///     boards: range.end - range.start,
///     range,
///     distinct,
///     numbers: 0,
///     infinitesimals: 0,
///     hot: 0,
///     hottest: None,
/// };
/// // The three boards of length 1 in two shards, given in any order.
/// let merged = merge_shards(vec![shard(1..3, vec![7]), shard(0..1, vec![7])]).unwrap();
/// assert_eq!((merged[0].range.clone(), merged[0].boards), (0..3, 3));
/// assert_eq!(merged[0].distinct, vec![7]); // the same value counted once
/// // A board left out is an error.
/// assert_eq!(
///     merge_shards(vec![shard(0..1, vec![])]),
///     Err(MergeError::Coverage { length: 1, at: 1 })
/// );
/// ```
pub fn merge_shards(mut shards: Vec<NamedShard>) -> Result<Vec<NamedShard>, MergeError> {
    shards.sort_by_key(|s| (s.length, s.range.start, s.range.end));
    let mut out: Vec<NamedShard> = Vec::new();
    for s in shards {
        match out.last_mut() {
            Some(m) if m.length == s.length => {
                if s.range.start != m.range.end {
                    return Err(MergeError::Coverage {
                        length: s.length,
                        at: s.range.start.min(m.range.end),
                    });
                }
                m.range.end = s.range.end;
                m.boards += s.boards;
                m.distinct.extend(s.distinct);
                m.numbers += s.numbers;
                m.infinitesimals += s.infinitesimals;
                m.hot += s.hot;
                if let Some(h) = s.hottest {
                    // shards come in board order: a later board wins only when hotter
                    if m.hottest.as_ref().is_none_or(|old| h.3 > old.3) {
                        m.hottest = Some(h);
                    }
                }
            }
            _ => {
                if let Some(m) = out.last() {
                    let end = board_count(m.length);
                    if m.range.end != end {
                        return Err(MergeError::Coverage {
                            length: m.length,
                            at: m.range.end,
                        });
                    }
                }
                if s.range.start != 0 {
                    return Err(MergeError::Coverage {
                        length: s.length,
                        at: 0,
                    });
                }
                out.push(s);
            }
        }
        if let Some(m) = out.last_mut() {
            m.distinct.sort_unstable();
            m.distinct.dedup();
        }
    }
    if let Some(m) = out.last() {
        if m.range.end != board_count(m.length) {
            return Err(MergeError::Coverage {
                length: m.length,
                at: m.range.end,
            });
        }
    }
    Ok(out)
}
