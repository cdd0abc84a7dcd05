//! Whole-board analyses: enumeration of all boards of a length, per-length statistics, the
//! exhaustive verification, the research families and the computer player.

use super::board::{Board, Move, Square};
use super::solver::Solver;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::game::{Arena, FxHashMap, GameError, GameId};
use crate::partizan::search::Searcher;
use crate::partizan::thermograph::Thermographs;
use crate::partizan::Player;
use crate::{Play, StopFlag};

/// Every board of `len` squares (3^len of them), in lexicographic order of `.` < `T` < `F`.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{all_boards, board_at, board_count};
///
/// let boards: Vec<String> = all_boards(2).map(|b| b.to_string()).collect();
/// assert_eq!(boards, ["..", ".T", ".F", "T.", "TT", "TF", "F.", "FT", "FF"]);
/// assert_eq!(board_count(2), 9);
/// assert_eq!(board_at(2, 5).to_string(), "TF");
/// ```
pub fn all_boards(len: usize) -> impl Iterator<Item = Board> {
    (0..board_count(len)).map(move |code| board_at(len, code))
}

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

/// Number of boards of `len` squares (3^len), saturating.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::board_count;
///
/// assert_eq!(board_count(3), 27);
/// assert_eq!(board_count(200), u64::MAX);
/// ```
pub fn board_count(len: usize) -> u64 {
    3u64.checked_pow(len as u32).unwrap_or(u64::MAX)
}

/// The board with index `code` in [`all_boards`] order (base 3, `.` = 0, `T` = 1, `F` = 2,
/// the last square least significant).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::board_at;
///
/// assert_eq!(board_at(3, 0).to_string(), "...");
/// assert_eq!(board_at(3, 1 * 9 + 0 * 3 + 2).to_string(), "T.F");
/// ```
pub fn board_at(len: usize, code: u64) -> Board {
    let mut c = code;
    let mut squares = vec![Square::Empty; len];
    for s in squares.iter_mut().rev() {
        *s = [Square::Empty, Square::Toad, Square::Frog][(c % 3) as usize];
        c /= 3;
    }
    Board::from_squares(squares)
}

/// The board indices of shard `index` of `count` (0-based) of the boards of `len` squares:
/// consecutive ranges of [`all_boards`] order covering all 3^len boards, sizes differing by
/// at most one. `None` when `index ≥ count`.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::shard_range;
///
/// let shards: Vec<_> = (0..4).map(|i| shard_range(3, i, 4).unwrap()).collect();
/// assert_eq!(shards, [0..6, 6..13, 13..20, 20..27]);
/// assert_eq!(shard_range(3, 4, 4), None);
/// ```
pub fn shard_range(len: usize, index: u64, count: u64) -> Option<std::ops::Range<u64>> {
    if index >= count {
        return None;
    }
    let total = u128::from(board_count(len));
    let at = |i: u64| (total * u128::from(i) / u128::from(count)) as u64;
    Some(at(index)..at(index + 1))
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    /// The shards of a length do not cover its boards exactly once (the first board index
    /// missing or covered twice).
    Coverage {
        /// The length.
        length: usize,
        /// The first board index not covered exactly once.
        at: u64,
    },
}

impl std::fmt::Display for MergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MergeError::Coverage { length, at } => write!(
                f,
                "the shards of length {length} do not cover each board once (board {at})"
            ),
        }
    }
}

impl std::error::Error for MergeError {}

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

/// The result of the exhaustive verification.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::verify_all;
///
/// let v = verify_all(4, &onag::StopFlag::new(), |_| {}).unwrap();
/// assert_eq!(v.boards, 3 + 9 + 27 + 81);
/// assert_eq!((v.mismatches, v.first_mismatch), (0, None));
/// ```
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Verification {
    /// Boards checked.
    pub boards: u64,
    /// Boards where some check failed.
    pub mismatches: u64,
    /// The first failing board and what failed.
    pub first_mismatch: Option<String>,
}

/// Checks every board of length `1..=max_len`: the value with reductions equals the value
/// with none; its outcome class equals the outcome of a value-free win/loss search with each
/// player first; the mirror image has the negative value.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::verify_all;
/// use onag::StopFlag;
///
/// let mut lengths = Vec::new();
/// let v = verify_all(5, &StopFlag::new(), |len| lengths.push(len)).unwrap();
/// assert_eq!((v.boards, v.mismatches), (363, 0));
/// assert_eq!(lengths, [1, 2, 3, 4, 5]);
/// ```
pub fn verify_all(
    max_len: usize,
    stop: &StopFlag,
    mut progress: impl FnMut(usize),
) -> Result<Verification, GameError> {
    let mut solver = Solver::new();
    let mut searcher: Searcher<Board> = Searcher::new();
    let mut v = Verification::default();
    for length in 1..=max_len {
        for board in all_boards(length) {
            let g = solver.value_with_stop(&board, stop)?;
            let plain = solver.value_unreduced(&board)?;
            let outcome = solver.arena_mut().outcome(g);
            let searched = searcher.outcome_with_stop(&board, stop)?;
            let mirror = solver.value(&board.mirror())?;
            let neg = solver.arena_mut().neg(g);
            v.boards += 1;
            let problem = if plain != g {
                Some("value with reductions ≠ value without")
            } else if outcome != searched {
                Some("outcome ≠ value-free search")
            } else if mirror != neg {
                Some("mirror ≠ negation")
            } else {
                None
            };
            if let Some(p) = problem {
                v.mismatches += 1;
                v.first_mismatch
                    .get_or_insert_with(|| format!("{board}: {p}"));
            }
        }
        progress(length);
    }
    Ok(v)
}

/// Values of T^toads □^b F^frogs for b in `blanks`, sharing the solver's memo across b (the
/// boards may be longer than [`super::MAX_LEN`]: see [`Solver::standard_value`]).
///
/// After each board the memo drops the parts no later board can reach. Pieces only leave a
/// part by Erickson's reductions: stripping a terminal toad or finished frog removes one piece
/// and one square; a dead run that cuts a part leaves a non-empty side only if it holds at
/// least 3 pieces (`TT…FF`, `TF…F` from the left end, `T…TF` to the right end: a piece at
/// either end of a reduced part is a toad on the left, a frog on the right). So a part with
/// `p` of the family's `P` pieces, `p ≥ P − 2`, was never cut: its length is the board's
/// minus `P − p`, and only the board of that length reaches it. Parts with fewer pieces are
/// kept (a longer board reaches them through a cut).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{family, Solver};
/// use onag::partizan::name::{name, NameStyle};
///
/// let mut solver = Solver::new();
/// let values = family(&mut solver, 2, 2, 0..=3, &onag::StopFlag::new(), |_, _| {}).unwrap();
/// let names: Vec<String> = values
///     .iter()
///     .map(|&(_, g)| name(solver.arena(), g, NameStyle::Ascii))
///     .collect();
/// assert_eq!(names, ["0", "*", "*", "*"]); // TTFF, TT□FF, TT□□FF, TT□□□FF
/// ```
pub fn family(
    solver: &mut Solver,
    toads: usize,
    frogs: usize,
    blanks: std::ops::RangeInclusive<usize>,
    stop: &StopFlag,
    mut progress: impl FnMut(usize, GameId),
) -> Result<Vec<(usize, GameId)>, GameError> {
    let mut out = Vec::new();
    for b in blanks {
        let g = solver.standard_value(toads, b, frogs, stop)?;
        let (pieces, len) = ((toads + frogs) as u32, (toads + b + frogs) as u32);
        solver.retain_parts(|p, m| p + 3 <= pieces || m + pieces.saturating_sub(p) > len);
        progress(b, g);
        out.push((b, g));
    }
    Ok(out)
}

/// A game of one arena as options lists over its earlier entries (children first, the game
/// last): what a family worker thread sends back, rebuilt by [`import_game`].
type Exported = Vec<(Vec<usize>, Vec<usize>)>;

/// `g` and every game below it, children first (an explicit stack: no recursion on deep games).
fn export_game(arena: &Arena, g: GameId) -> Exported {
    let mut index: FxHashMap<GameId, usize> = FxHashMap::default();
    let mut out: Exported = Vec::new();
    let mut stack = vec![g];
    while let Some(&top) = stack.last() {
        if index.contains_key(&top) {
            stack.pop();
            continue;
        }
        let options = arena
            .left_options(top)
            .iter()
            .chain(arena.right_options(top));
        let missing: Vec<GameId> = options
            .filter(|h| !index.contains_key(h))
            .copied()
            .collect();
        if !missing.is_empty() {
            stack.extend(missing);
            continue;
        }
        let ids = |side: &[GameId]| side.iter().map(|h| index[h]).collect::<Vec<_>>();
        out.push((ids(arena.left_options(top)), ids(arena.right_options(top))));
        index.insert(top, out.len() - 1);
        stack.pop();
    }
    out
}

/// Rebuilds an [`export_game`] list in `arena` (each entry is canonical with canonical
/// options, so `from_options` gives back the same game): the last entry's id.
fn import_game(arena: &mut Arena, nodes: &Exported) -> Result<GameId, GameError> {
    let mut ids: Vec<GameId> = Vec::with_capacity(nodes.len());
    for (l, r) in nodes {
        let l: Vec<GameId> = l.iter().map(|&i| ids[i]).collect();
        let r: Vec<GameId> = r.iter().map(|&i| ids[i]).collect();
        ids.push(arena.from_options(&l, &r)?);
    }
    Ok(*ids.last().expect("an exported game has an entry"))
}

/// [`family`] on `threads` threads (1: [`family`] itself): the boards are dealt round-robin
/// to workers, each with its own [`Solver`] and the family's trimming, and their values are
/// moved into `solver`'s arena and reported to `progress` in order of b. The same values;
/// the memory is one solver's per thread (the boards of T2□^bF2 are independent after the
/// trimming, so nothing is solved twice there; for T3□^bF3 each worker solves the ≤ 3-piece
/// parts its boards need itself).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{family, family_threads, Solver};
/// use onag::StopFlag;
/// let mut solver = Solver::new();
/// let two = family_threads(&mut solver, 2, 2, 1..=12, 2, &StopFlag::new(), |_, _| {}).unwrap();
/// let one = family(&mut solver, 2, 2, 1..=12, &StopFlag::new(), |_, _| {}).unwrap();
/// assert_eq!(one, two);
/// ```
pub fn family_threads(
    solver: &mut Solver,
    toads: usize,
    frogs: usize,
    blanks: std::ops::RangeInclusive<usize>,
    threads: usize,
    stop: &StopFlag,
    mut progress: impl FnMut(usize, GameId),
) -> Result<Vec<(usize, GameId)>, GameError> {
    if threads <= 1 {
        return family(solver, toads, frogs, blanks, stop, progress);
    }
    let boards: Vec<usize> = blanks.collect();
    let (tx, rx) = std::sync::mpsc::channel::<(usize, Result<Exported, GameError>)>();
    std::thread::scope(|scope| {
        for w in 0..threads.min(boards.len()) {
            let (tx, stop) = (tx.clone(), stop.clone());
            let mine: Vec<usize> = boards.iter().copied().skip(w).step_by(threads).collect();
            let spawned = crate::deep_stack::spawn_deep(scope, "family", move || {
                let mut own = Solver::new();
                for b in mine {
                    let r = family(&mut own, toads, frogs, b..=b, &stop, |_, _| {})
                        .map(|v| export_game(own.arena(), v[0].1));
                    let failed = r.is_err();
                    if tx.send((b, r)).is_err() || failed {
                        return;
                    }
                }
            });
            if let Err(e) = spawned {
                return Err(GameError::TooLarge(format!(
                    "cannot start a family thread: {e}"
                )));
            }
        }
        drop(tx);
        // values arrive out of order: keep them until their turn
        let mut waiting: std::collections::BTreeMap<usize, Exported> = Default::default();
        let mut out = Vec::with_capacity(boards.len());
        for (b, r) in rx {
            waiting.insert(b, r?);
            while let Some(nodes) = boards.get(out.len()).and_then(|b| waiting.remove(b)) {
                let b = boards[out.len()];
                let g = import_game(solver.arena_mut(), &nodes)?;
                progress(b, g);
                out.push((b, g));
            }
        }
        Ok(out)
    })
}

/// The computer's choice for `player` on `board`.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{best_move, Board, Move, Solver};
/// use onag::partizan::thermograph::Thermographs;
/// use onag::partizan::Player;
///
/// let (mut solver, mut thermographs) = (Solver::new(), Thermographs::new());
/// let board: Board = "T.TF.F".parse().unwrap();
/// let c = best_move(&mut solver, &mut thermographs, &board, Player::Left).unwrap().unwrap();
/// assert_eq!(c.mv, Move { from: 2, to: 4 }); // the jump wins
/// assert!(c.winning);
/// assert_eq!(c.mean.to_string(), "0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Whether it wins (the position after it is a loss for the opponent moving first).
    pub winning: bool,
    /// The mean value of the position after it.
    pub mean: Dyadic,
}

/// A winning move if there is one, and among those (or among all moves, when none wins) the
/// one whose result has the best mean for `player`; `None` when `player` cannot move.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{best_move, Board, Move, Solver};
/// use onag::partizan::thermograph::Thermographs;
/// use onag::partizan::Player;
///
/// let (mut solver, mut thermographs) = (Solver::new(), Thermographs::new());
/// // No move of Left wins on T□2F (value 0): the better mean, −1/2, is all there is.
/// let board: Board = "T..F".parse().unwrap();
/// let c = best_move(&mut solver, &mut thermographs, &board, Player::Left).unwrap().unwrap();
/// assert_eq!((c.mv, c.winning), (Move { from: 0, to: 1 }, false));
/// let stuck: Board = "TTFF".parse().unwrap();
/// assert_eq!(best_move(&mut solver, &mut thermographs, &stuck, Player::Left).unwrap(), None);
/// ```
pub fn best_move(
    solver: &mut Solver,
    thermographs: &mut Thermographs,
    board: &Board,
    player: Player,
) -> Result<Option<Choice>, GameError> {
    let zero = solver.arena().zero();
    let mut best: Option<Choice> = None;
    for mv in board.moves(player) {
        let g = solver.value(&board.play_unchecked(mv))?;
        let winning = match player {
            Player::Left => solver.arena_mut().le(zero, g),
            Player::Right => solver.arena_mut().le(g, zero),
        };
        let mean = thermographs.get(solver.arena(), g)?.mean();
        let better = match &best {
            None => true,
            Some(b) if winning != b.winning => winning,
            Some(b) => match player {
                Player::Left => mean > b.mean,
                Player::Right => mean < b.mean,
            },
        };
        if better {
            best = Some(Choice { mv, winning, mean });
        }
    }
    Ok(best)
}

/// One legal move and what it leads to.
///
/// # Examples
/// See [`analyse`].
#[derive(Clone, Debug)]
pub struct MoveInfo {
    /// Who moves.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// The value of the position after it.
    pub value: GameId,
    /// Whether it keeps a win: the position after it is a loss for the opponent moving first.
    pub winning: bool,
}

/// Everything the Play page shows about a board.
///
/// # Examples
/// See [`analyse`]; [`board_report`](super::board_report) is the printable form.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The board's value.
    pub value: GameId,
    /// Its outcome class.
    pub outcome: crate::partizan::Outcome,
    /// Mean, temperature, left and right stop (from the thermograph).
    pub mean: Dyadic,
    /// Temperature.
    pub temperature: Dyadic,
    /// Left stop.
    pub left_stop: Dyadic,
    /// Right stop.
    pub right_stop: Dyadic,
    /// The reduced form: integer and the parts with their values.
    pub integer: i64,
    /// Irreducible parts and their values.
    pub parts: Vec<(Board, GameId)>,
    /// Every legal move of both players with the value after it.
    pub moves: Vec<MoveInfo>,
    /// The computer's choice for each player (see [`best_move`]).
    pub best: crate::partizan::ByPlayer<Option<Choice>>,
}

/// Analyses `board` for the Play page, polling `stop` (the web server's time budget).
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{analyse, Board, Solver};
/// use onag::partizan::name::{name, NameStyle};
/// use onag::partizan::thermograph::Thermographs;
/// use onag::partizan::{Outcome, Player};
///
/// let (mut solver, mut thermographs) = (Solver::new(), Thermographs::new());
/// let board: Board = "TT..F".parse().unwrap();
/// let a = analyse(&mut solver, &mut thermographs, &board, &onag::StopFlag::new()).unwrap();
/// assert_eq!(name(solver.arena(), a.value, NameStyle::Ascii), "1");
/// assert_eq!(a.outcome, Outcome::L);
/// assert_eq!((a.mean.to_string(), a.temperature.to_string()), ("1".into(), "-1".into()));
/// assert_eq!((a.left_stop, a.right_stop), (a.mean, a.mean)); // a number
/// assert_eq!((a.integer, a.parts.len()), (0, 1));
/// assert_eq!(a.moves.len(), 2);
/// assert!(a.moves[0].player == Player::Left && a.moves[0].winning);
/// assert_eq!(a.best.left.unwrap().mv, a.moves[0].mv);
/// ```
pub fn analyse(
    solver: &mut Solver,
    thermographs: &mut Thermographs,
    board: &Board,
    stop: &StopFlag,
) -> Result<Analysis, GameError> {
    let value = solver.value_with_stop(board, stop)?;
    let zero = solver.arena().zero();
    let mut moves = Vec::new();
    for player in [Player::Left, Player::Right] {
        for mv in board.moves(player) {
            let g = solver.value_with_stop(&board.play_unchecked(mv), stop)?;
            let winning = match player {
                Player::Left => solver.arena_mut().le(zero, g),
                Player::Right => solver.arena_mut().le(g, zero),
            };
            moves.push(MoveInfo {
                player,
                mv,
                value: g,
                winning,
            });
        }
    }
    let reduced = super::reduce::reduce(board);
    let mut parts = Vec::with_capacity(reduced.parts.len());
    for p in reduced.parts {
        let g = solver.part_value(&p)?;
        parts.push((p, g));
    }
    let best = crate::partizan::ByPlayer {
        left: best_move(solver, thermographs, board, Player::Left)?,
        right: best_move(solver, thermographs, board, Player::Right)?,
    };
    let outcome = solver.arena_mut().outcome(value);
    let th = thermographs.get(solver.arena(), value)?;
    Ok(Analysis {
        value,
        outcome,
        mean: th.mean(),
        temperature: th.temperature(),
        left_stop: th.left_stop(),
        right_stop: th.right_stop(),
        integer: reduced.integer,
        parts,
        moves,
        best,
    })
}

/// Parts the solver solves per unit of [`estimate_work`], to turn the estimate into a
/// progress bar (the solver reports parts solved through its [`crate::StopFlag`]): the median
/// of the ratio over the boards measured in BENCHMARKS.md ("Progress of slow analyses"). The
/// ratio ranges from about 0.04 (T8□4F8) to 0.34 (T5□4F3), so a time left from it is rough.
pub const PARTS_PER_WORK: f64 = 0.14;

/// A work estimate for solving `board`: the number of placements of its pieces that play
/// could reach if pieces never blocked each other — toads keep their order and only move
/// right, frogs keep theirs and only move left (a toad may pass a frog), no two share a
/// square. It bounds the
/// positions the solver visits from above (reductions and blocking make it visit fewer), grows
/// like the real work, and costs O(squares · toads · frogs): the web app states its limit by
/// it instead of by a square count. Calibration on the 2-core machine (BENCHMARKS.md): the
/// solver takes ≈ 0.3 µs per unit for the long family boards, more per unit where many pieces
/// interact; boards with an estimate below 10⁷ are solved within about a second.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{estimate_work, Board};
/// // T.F: the toad on 0 or 1 left of the frog on 1 or 2 (3 ways), or past it (3 ways)
/// assert_eq!(estimate_work(&"T.F".parse::<Board>().unwrap()), 6.0);
/// assert!(estimate_work(&"TT..FF".parse().unwrap()) < estimate_work(&"TT...FF".parse().unwrap()));
/// ```
pub fn estimate_work(board: &Board) -> f64 {
    let squares = board.squares();
    let toads: Vec<usize> = (0..squares.len())
        .filter(|&i| squares[i] == Square::Toad)
        .collect();
    let frogs: Vec<usize> = (0..squares.len())
        .filter(|&i| squares[i] == Square::Frog)
        .collect();
    let (t, f) = (toads.len(), frogs.len());
    // ways[i][j]: fillings of the squares so far holding the first i toads and j frogs
    let mut ways = vec![vec![0f64; f + 1]; t + 1];
    ways[0][0] = 1.0;
    for s in 0..squares.len() {
        for i in (0..=t).rev() {
            for j in (0..=f).rev() {
                let mut w = ways[i][j];
                if i > 0 && s >= toads[i - 1] {
                    w += ways[i - 1][j];
                }
                if j > 0 && s <= frogs[j - 1] {
                    w += ways[i][j - 1];
                }
                ways[i][j] = w;
            }
        }
    }
    ways[t][f]
}
