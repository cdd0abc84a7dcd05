//! Whole-board analyses: enumeration of all boards of a length, per-length statistics, the
//! exhaustive verification, the research families and the computer player.

use super::board::{Board, Move, Square};
use super::solver::Solver;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::game::{FxHashMap, GameError, GameId};
use crate::partizan::search::Searcher;
use crate::partizan::thermograph::Thermographs;
use crate::partizan::Player;
use crate::StopFlag;

/// Every board of `len` squares (3^len of them), in lexicographic order of `.` < `T` < `F`.
pub fn all_boards(len: usize) -> impl Iterator<Item = Board> {
    let total = 3usize.checked_pow(len as u32).unwrap_or(0);
    (0..total).map(move |code| {
        let mut c = code;
        let mut squares = vec![Square::Empty; len];
        for s in squares.iter_mut().rev() {
            *s = [Square::Empty, Square::Toad, Square::Frog][c % 3];
            c /= 3;
        }
        Board::from_squares(squares)
    })
}

/// Statistics of the values of all boards of one length.
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
pub fn length_stats(
    solver: &mut Solver,
    thermographs: &mut Thermographs,
    max_len: usize,
    stop: &StopFlag,
    mut progress: impl FnMut(usize),
) -> Result<Vec<LengthStats>, GameError> {
    let mut out = Vec::new();
    for length in 1..=max_len {
        let mut seen: FxHashMap<GameId, ()> = FxHashMap::default();
        let mut st = LengthStats {
            length,
            boards: 0,
            distinct: 0,
            numbers: 0,
            infinitesimals: 0,
            hot: 0,
            hottest: None,
        };
        for board in all_boards(length) {
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
                if st.hottest.as_ref().is_none_or(|h| t > h.2) {
                    st.hottest = Some((board, g, t));
                }
            }
        }
        st.distinct = seen.len() as u64;
        progress(length);
        out.push(st);
    }
    Ok(out)
}

/// The result of the exhaustive verification.
#[derive(Clone, Debug, Default)]
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

/// Values of T^toads □^b F^frogs for b in `blanks`, sharing the solver's memo across b.
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
        let board =
            Board::standard(toads, b, frogs).map_err(|e| GameError::TooLarge(e.to_string()))?;
        let g = solver.value_with_stop(&board, stop)?;
        progress(b, g);
        out.push((b, g));
    }
    Ok(out)
}

/// The computer's choice for `player` on `board`.
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
pub fn best_move(
    solver: &mut Solver,
    thermographs: &mut Thermographs,
    board: &Board,
    player: Player,
) -> Result<Option<Choice>, GameError> {
    let zero = solver.arena().zero();
    let mut best: Option<Choice> = None;
    for mv in board.moves(player) {
        let g = solver.value(&board.play(mv))?;
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

/// The largest board the web app analyses.
pub const WEB_MAX_LEN: usize = 24;

/// One legal move and what it leads to.
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
            let g = solver.value_with_stop(&board.play(mv), stop)?;
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
