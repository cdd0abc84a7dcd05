//! Outcome search by game name and notation — what `onag solve` calls: every game of the
//! [registry](crate::games::registry) through its engine (impartial games as partizan ones
//! whose two players have the same moves), Domineering and Clobber (boards up to 8×8) through
//! their fast solvers. A new game
//! needs nothing here: its line in [`engine`](crate::games::registry::engine) serves both.

use super::clobber::ClobberSolver;
use super::domineering::{DomineeringSolver, TableSize};
use super::frame::{self, FrameSolver};
use super::konane::KonaneSolver;
use super::strong::{StrongChooser, StrongOptions, StrongReport};
use super::{OutcomeLimits, OutcomeReport, OutcomeSolver, SearchProgress};
use crate::games::registry::{engine, game, parse, AnalyzeError};
use crate::games::traits::PartizanGame;
use crate::games::{clobber, domineering, konane};
use crate::StopFlag;

/// The bounds of [`solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// The generic solver's bounds.
    pub limits: OutcomeLimits,
    /// The fast solvers' tables (Domineering, Clobber, Konane): 2^bits entries of 32 bytes.
    pub domineering_table_bits: u32,
    /// The threads of the Domineering, Clobber and Konane solvers' searches (1 on targets
    /// without threads).
    pub threads: usize,
}

impl Default for SolveOptions {
    /// The default limits; a Domineering table of 2^22 entries (128 MiB).
    fn default() -> Self {
        SolveOptions {
            limits: OutcomeLimits::default(),
            domineering_table_bits: 22,
            threads: 1,
        }
    }
}

/// The generic outcome search of a parsed position (the registry's engines call it for every
/// game; an impartial one is searched as a partizan game).
pub(crate) fn search_outcome<G: PartizanGame>(
    position: &G,
    options: &SolveOptions,
    stop: &StopFlag,
    hook: impl FnMut(&SearchProgress) + 'static,
) -> Result<OutcomeReport, AnalyzeError> {
    let mut solver = OutcomeSolver::with_limits(options.limits).on_progress(hook);
    Ok(solver.solve(position, stop)?)
}

/// The strong computer's move in a parsed position (the registry's engines call it for every
/// game; an impartial one is searched as a partizan game).
pub(crate) fn search_move<G: PartizanGame>(
    position: &G,
    player: crate::partizan::Player,
    options: &StrongOptions,
    stop: &StopFlag,
    hook: impl FnMut(&SearchProgress) + 'static,
) -> Result<StrongReport, AnalyzeError> {
    let mut chooser = StrongChooser::new(*options).on_progress(hook);
    let chosen = chooser.choose(position, player, stop)?;
    Ok(StrongReport::new(position, player, chosen))
}

/// The strong computer's move for `player` in the position `text` of the game `name`, by
/// iterative-deepening search until proven, the depth limit, or `stop` (a raised flag ends
/// the search with the deepest completed iteration's move: the caller's time budget);
/// `hook` hears the progress every few thousand nodes.
///
/// Errors: an unknown game or a position not in its notation ([`AnalyzeError`]).
///
/// # Examples
/// ```
/// use onag::games::outcome::named::best_move;
/// use onag::games::outcome::strong::StrongOptions;
/// use onag::partizan::Player;
///
/// let stop = onag::StopFlag::new();
/// let r = best_move("clobber", "xo", Player::Left, &StrongOptions::default(), &stop, |_| {}).unwrap();
/// assert_eq!((r.proven, r.mover_wins, r.index), (true, Some(true), Some(0)));
/// ```
pub fn best_move(
    name: &str,
    text: &str,
    player: crate::partizan::Player,
    options: &StrongOptions,
    stop: &StopFlag,
    hook: impl FnMut(&SearchProgress) + 'static,
) -> Result<StrongReport, AnalyzeError> {
    let info = game(name).ok_or_else(|| AnalyzeError::UnknownGame(name.to_string()))?;
    let engine = engine(info.name).ok_or_else(|| AnalyzeError::UnknownGame(name.to_string()))?;
    // Clobber and Konane up to 8×8: a proof by the fast solver first, within a bound of
    // nodes (a small share of a page's time per move); past it, or when the proof is a loss
    // (every move loses: the heuristic picks the most stubborn), the strong chooser
    let proof = match info.name {
        "clobber" => bounded_proof("clobber", text, player, stop, || {
            ClobberSolver::new(TableSize::Bits(FAST_MOVE_TABLE_BITS))
                .with_node_limit(FAST_MOVE_NODES)
        })?,
        "konane" => bounded_proof("konane", text, player, stop, || {
            KonaneSolver::new(TableSize::Bits(FAST_MOVE_TABLE_BITS))
                .with_node_limit(FAST_MOVE_NODES)
        })?,
        _ => FastProof::Unknown,
    };
    let proven_loss = match proof {
        FastProof::Win(report) => return Ok(report),
        FastProof::Loss => true,
        FastProof::Unknown => false,
    };
    let mut report = engine.strong(info.name, text, player, options, stop, Box::new(hook))?;
    if proven_loss {
        report.proven = true;
        report.mover_wins = Some(false);
        for m in &mut report.moves {
            m.winning = Some(false);
        }
    }
    Ok(report)
}

/// What a fast solver's bounded proof tells the strong computer.
enum FastProof {
    /// The mover wins: the report of the proven move.
    Win(StrongReport),
    /// The mover loses whatever it plays.
    Loss,
    /// Past the bound.
    Unknown,
}

/// A fast solver's bounded proof of the position `text` of the game `name`, when the solver
/// takes the board, as a [`FastProof`].
fn bounded_proof<S: FrameSolver>(
    name: &'static str,
    text: &str,
    player: crate::partizan::Player,
    stop: &StopFlag,
    solver: impl FnOnce() -> S,
) -> Result<FastProof, AnalyzeError>
where
    S::Board: std::str::FromStr,
    <S::Board as std::str::FromStr>::Err: crate::games::registry::NotationError,
{
    let board: S::Board = parse(name, text)?;
    if !S::fits(&board) {
        return Ok(FastProof::Unknown);
    }
    let mut solver = solver();
    let answer = frame::prove(&mut solver, &board, player, stop);
    match answer {
        Ok((true, Some(label))) => Ok(FastProof::Win(proven_win(
            &board,
            player,
            &label,
            solver.nodes(),
        ))),
        Ok((true, None)) => Ok(FastProof::Unknown),
        Ok((false, _)) => Ok(FastProof::Loss),
        Err(crate::partizan::game::GameError::TooLarge(_)) => Ok(FastProof::Unknown),
        Err(e) => Err(e.into()),
    }
}

/// The fast Clobber and Konane solvers' bound when they prove a move for the strong computer: about
/// 0.1 s natively (a few times that in the browser's wasm).
const FAST_MOVE_NODES: u64 = 1 << 17;
/// Its table: 2^16 entries of 32 bytes (2 MiB), allocated per move.
const FAST_MOVE_TABLE_BITS: u32 = 16;

/// The strong computer's report of a move the fast solver proved winning.
fn proven_win<G: PartizanGame>(
    board: &G,
    player: crate::partizan::Player,
    label: &str,
    nodes: u64,
) -> StrongReport {
    let options = board.options(player);
    let index = options
        .iter()
        .position(|a| board.move_label(player, a) == label)
        .unwrap_or(0);
    let mut winning = vec![None; options.len()];
    if let Some(w) = winning.get_mut(index) {
        *w = Some(true);
    }
    let chosen = options
        .get(index)
        .cloned()
        .map(|after| super::strong::StrongMove {
            index,
            after,
            mover_wins: Some(true),
            winning,
            depth: 0,
            score: super::strong::WIN,
            nodes,
        });
    StrongReport::new(board, player, chosen)
}

fn fast_domineering(
    text: &str,
    options: &SolveOptions,
    stop: &StopFlag,
    hook: impl FnMut(&SearchProgress) + 'static,
) -> Result<OutcomeReport, AnalyzeError> {
    let board: domineering::Domineering = parse("domineering", text)?;
    let mut solver = DomineeringSolver::new(TableSize::Bits(options.domineering_table_bits))
        .with_threads(options.threads)
        .on_progress(hook);
    solve_domineering(&mut solver, &board, stop)
}

/// Who wins `board` by Domineering's fast solver, as [`solve`] reports it: the solver is the
/// caller's, so that a long solve can be stopped, checkpointed
/// ([`DomineeringSolver::checkpoint`]) and resumed with its table.
///
/// Errors: the search stopped by `stop` ([`AnalyzeError::Game`]).
///
/// # Examples
/// ```
/// use onag::games::domineering::Domineering;
/// use onag::games::outcome::domineering::{DomineeringSolver, TableSize};
/// use onag::games::outcome::named::solve_domineering;
/// use onag::partizan::Outcome;
///
/// let board: Domineering = "...|...|...".parse().unwrap();
/// let mut solver = DomineeringSolver::new(TableSize::Bits(12));
/// let r = solve_domineering(&mut solver, &board, &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.outcome, Outcome::N); // 3×3: the first player wins
/// ```
pub fn solve_domineering(
    solver: &mut DomineeringSolver,
    board: &domineering::Domineering,
    stop: &StopFlag,
) -> Result<OutcomeReport, AnalyzeError> {
    let r = solver.solve(board, stop)?;
    Ok(fast_report(board, r, solver.nodes()))
}

/// A fast solver's answer as [`solve`] reports it: the positions after the winning moves.
fn fast_report<G: PartizanGame>(board: &G, r: super::FastOutcome, nodes: u64) -> OutcomeReport {
    let after = |m: &Option<String>, player| {
        m.as_ref().and_then(|label| {
            board
                .options(player)
                .into_iter()
                .find(|a| board.move_label(player, a) == *label)
                .map(|a| a.to_string())
        })
    };
    OutcomeReport {
        outcome: r.outcome,
        left_first_wins: r.left_first.wins,
        right_first_wins: r.right_first.wins,
        left_after: after(&r.left_move, crate::partizan::Player::Left),
        right_after: after(&r.right_move, crate::partizan::Player::Right),
        left_move: r.left_move,
        right_move: r.right_move,
        nodes,
        small_components: 0,
        table_entries: 0,
    }
}

/// Who wins `board` by Clobber's fast solver (a board that fits its 8×8 frame), as
/// [`solve`] reports it: the solver is the caller's, so that a long solve can be stopped,
/// checkpointed ([`ClobberSolver::checkpoint`]) and resumed with its table.
///
/// Errors: a board past the frame; the search stopped by `stop` ([`AnalyzeError::Game`]).
///
/// # Examples
/// ```
/// use onag::games::clobber::Clobber;
/// use onag::games::outcome::clobber::ClobberSolver;
/// use onag::games::outcome::domineering::TableSize;
/// use onag::games::outcome::named::solve_clobber;
/// use onag::partizan::Outcome;
///
/// let board = Clobber::checkered(2, 3).unwrap();
/// let mut solver = ClobberSolver::new(TableSize::Bits(12));
/// let r = solve_clobber(&mut solver, &board, &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.outcome, Outcome::P); // 2×3 filled: the second player wins
/// ```
pub fn solve_clobber(
    solver: &mut ClobberSolver,
    board: &clobber::Clobber,
    stop: &StopFlag,
) -> Result<OutcomeReport, AnalyzeError> {
    let r = solver.solve(board, stop)?;
    Ok(fast_report(board, r, solver.nodes()))
}

/// Clobber by its fast solver (a board that fits its 8×8 frame).
fn fast_clobber(
    board: &clobber::Clobber,
    options: &SolveOptions,
    stop: &StopFlag,
    hook: impl FnMut(&SearchProgress) + 'static,
) -> Result<OutcomeReport, AnalyzeError> {
    let mut solver = ClobberSolver::new(TableSize::Bits(options.domineering_table_bits))
        .with_threads(options.threads)
        .on_progress(hook);
    solve_clobber(&mut solver, board, stop)
}

/// Who wins the position `text` of the game `name`, with a winning move for each player
/// who wins moving first; `hook` hears the progress every few thousand nodes.
///
/// Errors: an unknown game or a position not in its notation ([`AnalyzeError`]); the
/// search stopped by `stop` ([`AnalyzeError::Game`]).
///
/// # Examples
/// ```
/// use onag::games::outcome::named::{solve, SolveOptions};
/// use onag::partizan::Outcome;
///
/// let r = solve("clobber", "xo", &SolveOptions::default(), &onag::StopFlag::new(), |_| {}).unwrap();
/// assert_eq!(r.outcome, Outcome::N); // xo = *
/// assert!(solve("chess", "", &SolveOptions::default(), &onag::StopFlag::new(), |_| {}).is_err());
/// ```
pub fn solve(
    name: &str,
    text: &str,
    options: &SolveOptions,
    stop: &StopFlag,
    hook: impl FnMut(&SearchProgress) + 'static,
) -> Result<OutcomeReport, AnalyzeError> {
    let info = game(name).ok_or_else(|| AnalyzeError::UnknownGame(name.to_string()))?;
    // the games with solvers of their own (bitboards: docs/outcome-search.md)
    if info.name == "domineering" {
        return fast_domineering(text, options, stop, hook);
    }
    if info.name == "clobber" {
        let board: clobber::Clobber = parse("clobber", text)?;
        if ClobberSolver::fits(&board) {
            return fast_clobber(&board, options, stop, hook);
        }
    }
    if info.name == "konane" {
        let board: konane::Konane = parse("konane", text)?;
        if KonaneSolver::fits(&board) {
            let mut solver = KonaneSolver::new(TableSize::Bits(options.domineering_table_bits))
                .with_threads(options.threads)
                .on_progress(hook);
            let r = solver.solve(&board, stop)?;
            return Ok(fast_report(&board, r, solver.nodes()));
        }
    }
    let engine = engine(info.name).ok_or_else(|| AnalyzeError::UnknownGame(name.to_string()))?;
    engine.outcome(info.name, text, options, stop, Box::new(hook))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::registry::{analyze, Options, GAMES};

    #[test]
    fn every_registered_game_solves_its_example_as_the_analysis_says() {
        for g in GAMES {
            let r = solve(
                g.name,
                g.example,
                &SolveOptions::default(),
                &StopFlag::new(),
                |_| {},
            )
            .unwrap_or_else(|e| panic!("{}: {e}", g.name));
            let a = analyze(g.name, g.example, &Options::default(), &StopFlag::new()).unwrap();
            assert_eq!(r.outcome, a.report.outcome, "{}", g.name);
            assert_eq!(r.left_move.is_some(), r.left_first_wins, "{}", g.name);
            assert_eq!(r.left_after.is_some(), r.left_first_wins, "{}", g.name);
        }
    }

    #[test]
    fn the_clobber_computer_plays_what_the_fast_solver_proves() {
        use crate::games::PartizanSolver;
        use crate::partizan::{Outcome, Player};
        let outcome = |t: &str| {
            let mut s = PartizanSolver::new();
            let g = s
                .canonical(
                    &parse::<clobber::Clobber>("clobber", t).unwrap(),
                    &StopFlag::new(),
                )
                .unwrap();
            s.arena_mut().outcome(g)
        };
        let options = StrongOptions::default();
        // 4×4 (N): a proven winning move for each player, checked by the canonical forms
        let board = "xoxo|oxox|xoxo|oxox";
        for player in [Player::Left, Player::Right] {
            let r =
                best_move("clobber", board, player, &options, &StopFlag::new(), |_| {}).unwrap();
            assert!(r.proven && r.mover_wins == Some(true), "{player:?}");
            let after = &r.moves[r.index.unwrap()].position;
            let left_wins_after = matches!(outcome(after), Outcome::L | Outcome::P);
            assert_eq!(
                left_wins_after,
                player == Player::Left,
                "{player:?}: {after}"
            );
        }
        // 3×4 (P): the mover loses, proven, and every move is marked losing
        let r = best_move(
            "clobber",
            "xoxo|oxox|xoxo",
            Player::Left,
            &options,
            &StopFlag::new(),
            |_| {},
        )
        .unwrap();
        assert!(r.proven && r.mover_wins == Some(false));
        assert!(r.index.is_some() && r.moves.iter().all(|m| m.winning == Some(false)));
        // the 6×6 opening is past the node bound: the strong chooser answers, unproven
        let stop = StopFlag::new();
        let s = stop.clone();
        let t = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(1500));
            s.stop();
        });
        let open = "xoxoxo|oxoxox|xoxoxo|oxoxox|xoxoxo|oxoxox";
        let r = best_move("clobber", open, Player::Left, &options, &stop, |_| {}).unwrap();
        t.join().unwrap();
        assert!(r.index.is_some() && !r.proven);
    }

    #[test]
    fn the_konane_computer_plays_what_the_fast_solver_proves() {
        use crate::games::konane::{Konane, KonaneGap};
        use crate::games::PartizanSolver;
        use crate::partizan::{Outcome, Player};
        // the 4×5 opening with the middle gap side by side is R: Right's move is a proven
        // win, checked by the canonical forms; Left's is a proven loss, every move ✗
        let board = Konane::opening(4, 5, KonaneGap::MiddleHorizontal)
            .unwrap()
            .to_string();
        let options = StrongOptions::default();
        let r = best_move(
            "konane",
            &board,
            Player::Right,
            &options,
            &StopFlag::new(),
            |_| {},
        )
        .unwrap();
        assert!(r.proven && r.mover_wins == Some(true));
        let after: Konane = r.moves[r.index.unwrap()].position.parse().unwrap();
        let mut s = PartizanSolver::new();
        let g = s.canonical(&after, &StopFlag::new()).unwrap();
        assert!(matches!(s.arena_mut().outcome(g), Outcome::R | Outcome::P));
        let r = best_move(
            "konane",
            &board,
            Player::Left,
            &options,
            &StopFlag::new(),
            |_| {},
        )
        .unwrap();
        assert!(r.proven && r.mover_wins == Some(false));
        assert!(!r.moves.is_empty() && r.moves.iter().all(|m| m.winning == Some(false)));
    }

    #[test]
    fn bad_positions_say_where() {
        let e = solve(
            "domineering",
            "..|.x",
            &SolveOptions::default(),
            &StopFlag::new(),
            |_| {},
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("domineering position:"), "{e}");
    }
}
