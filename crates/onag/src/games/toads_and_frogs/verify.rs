//! The exhaustive verification: with reductions = without = value-free outcome, and
//! mirror = negation, for every board up to a length.

use super::board::Board;
use super::enumerate::all_boards;
use super::solver::Solver;
use crate::partizan::game::GameError;
use crate::partizan::search::Searcher;
use crate::StopFlag;

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
