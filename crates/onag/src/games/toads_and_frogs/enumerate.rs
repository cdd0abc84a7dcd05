//! Every board of a length as a numbered sequence (3^len boards, `.` < `T` < `F`), its shards,
//! and the work estimate of one board.

use super::board::{Board, Square};

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
