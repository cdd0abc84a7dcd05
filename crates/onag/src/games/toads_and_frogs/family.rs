//! The research families T^a □^b F^c: one memo across the boards, or boards dealt to several
//! solvers on their own threads, their values carried back into the caller's arena.

use super::solver::Solver;
use crate::partizan::game::{Arena, FxHashMap, GameError, GameId};
use crate::StopFlag;

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
    // `export_game` ends every list with the game itself; the lists never leave the process.
    Ok(*ids
        .last()
        .expect("export_game lists at least the exported game (last)"))
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
