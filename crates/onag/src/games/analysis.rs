//! The playing services of every game, generic over the traits: the one analysis report
//! ([`AnalysisReport`]: value, outcome, mean, temperature, stops, thermograph, atomic weight,
//! reduced canonical form, every move with its value and ✓/✗, the computer's choice and the
//! remoteness), the computer's move at a strength ([`computer_move`]) and Steinhaus'
//! remoteness ([`remoteness`]).
//!
//! The report is what `onag game`, `POST /api/game/analyze`, the pages and Python show for any
//! game of the [registry](super::registry); a game only says its moves.
//!
//! # Examples
//! ```
//! use onag::games::analysis::{analyze_partizan, Budget};
//! use onag::games::domineering::Domineering;
//! use onag::games::PartizanSolver;
//! use onag::partizan::Outcome;
//!
//! let board: Domineering = "..|..".parse().unwrap();
//! let mut solver = PartizanSolver::new();
//! let r = analyze_partizan(&mut solver, "domineering", &board, Budget::default(),
//!     &onag::StopFlag::new()).unwrap();
//! assert_eq!((r.value.as_str(), r.report.outcome), ("±1", Outcome::N));
//! assert_eq!(r.moves.len(), 4); // two vertical places, two horizontal
//! assert!(r.moves.iter().all(|m| m.winning)); // every move of ±1 wins
//! let left = &r.moves[r.computer.left.unwrap()];
//! assert_eq!(left.value, "1");
//! assert_eq!(r.remoteness.unwrap().position.left, 1); // Left wins in one move
//! ```

use std::hash::Hash;

use super::solver::{ImpartialSolver, PartizanSolver, SolverUsage};
use super::traits::{ImpartialGame, PartizanGame};
pub use crate::games::toads_and_frogs::remoteness::RemotenessReport;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::game::{Arena, FxHashMap, GameError, GameId};
use crate::partizan::name::{name, NameStyle};
use crate::partizan::report::{game_report, GameReport};
use crate::partizan::{ByPlayer, Outcome, Player};
use crate::splitmix::SplitMix64;
use crate::StopFlag;

/// Partizan or impartial.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum GameKind {
    /// Left and Right have their own moves ([`super::PartizanGame`]).
    Partizan,
    /// Both players have the same moves ([`super::ImpartialGame`]); values are nimbers.
    Impartial,
}

/// One component of the position and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ComponentReport {
    /// The component in the game's notation.
    pub position: String,
    /// Its canonical value (Unicode names).
    pub value: String,
}

/// One legal move: who makes it, the position after it and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// Who moves; `None` in an impartial game (either player).
    pub player: Option<Player>,
    /// The game's name for the move ([`PartizanGame::move_label`]).
    pub label: String,
    /// The position after the move, in the game's notation (play it by analysing this).
    pub position: String,
    /// Its canonical value (Unicode names).
    pub value: String,
    /// Its mean.
    pub mean: Dyadic,
    /// Its temperature.
    pub temperature: Dyadic,
    /// ✓: the move wins (the opponent, moving next, loses).
    pub winning: bool,
}

/// The analysis of one position of any game (see the [module documentation](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AnalysisReport {
    /// The game's name in the registry (`"domineering"`).
    pub game: String,
    /// Partizan or impartial.
    pub kind: GameKind,
    /// The position in the game's notation.
    pub position: String,
    /// The canonical value, Unicode names (`↑*`, `±1`).
    pub value: String,
    /// The Grundy value of an impartial game (the value is `*grundy`).
    pub grundy: Option<u64>,
    /// The outcome in words.
    pub outcome_words: String,
    /// Value, outcome, mean, temperature, stops, birthday, atomic weight, reduced canonical
    /// form and thermograph (names in CGSuite's ASCII: `canonical` is `value` in ASCII).
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub report: GameReport,
    /// The independent components and their values (one when the position does not split).
    pub components: Vec<ComponentReport>,
    /// Every legal move: Left's then Right's (an impartial game's once), each in the game's
    /// order.
    pub moves: Vec<MoveReport>,
    /// The computer's choice for each player (a winning move with the best mean for the
    /// mover, else the slowest loss by remoteness where known, else the best mean): an index
    /// into `moves`; `None` if the player cannot move.
    pub computer: ByPlayer<Option<usize>>,
    /// Steinhaus' remoteness, when the game tree is within the budget.
    pub remoteness: Option<RemotenessReport>,
    /// What the solver held (table entries and bytes, arena games and bytes).
    pub usage: SolverUsage,
}

/// The bounds of one analysis: the solver's table and the remoteness search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Most components in the solver's transposition table.
    pub max_table_entries: usize,
    /// Most (position, player) pairs the remoteness search visits before giving up (then the
    /// report's remoteness is `None`).
    pub remoteness_positions: usize,
}

impl Default for Budget {
    /// 2^26 table entries; 2^18 remoteness positions (as the pages' Toads-and-Frogs budget).
    fn default() -> Self {
        Budget {
            max_table_entries: 1 << 26,
            remoteness_positions: 1 << 18,
        }
    }
}

/// The outcome in words, for games whose players are Left and Right.
///
/// # Examples
/// ```
/// use onag::games::analysis::outcome_words;
/// use onag::partizan::Outcome;
/// assert_eq!(outcome_words(Outcome::N), "the first player wins");
/// ```
pub fn outcome_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::L => "Left wins whoever starts",
        Outcome::R => "Right wins whoever starts",
        Outcome::P => "the second player wins",
        Outcome::N => "the first player wins",
    }
}

/// Whether moving to a position of value `after` wins for `player` (the opponent, moving
/// first there, loses: `after ≥ 0` for Left, `≤ 0` for Right).
fn wins(arena: &mut Arena, player: Player, after: GameId) -> Result<bool, GameError> {
    let zero = arena.zero();
    match player {
        Player::Left => arena.try_le(zero, after),
        Player::Right => arena.try_le(after, zero),
    }
}

/// The computer's choice among `moves` for `player` (see [`AnalysisReport::computer`]).
fn best_move(
    moves: &[MoveReport],
    player: Option<Player>,
    mover: Player,
    after_remoteness: Option<&[u32]>,
) -> Option<usize> {
    // the mover's order of means: larger is better for Left, smaller for Right
    let better = |a: usize, b: usize| match mover {
        Player::Left => moves[a].mean.cmp(&moves[b].mean),
        Player::Right => moves[b].mean.cmp(&moves[a].mean),
    };
    let mine: Vec<usize> = (0..moves.len())
        .filter(|&i| moves[i].player == player)
        .collect();
    let winning: Vec<usize> = mine.iter().copied().filter(|&i| moves[i].winning).collect();
    if !winning.is_empty() {
        // best mean; among equal means the quickest win where known
        return winning.into_iter().max_by(|&a, &b| {
            better(a, b).then_with(|| match after_remoteness {
                Some(r) => r[b].cmp(&r[a]),
                None => std::cmp::Ordering::Equal,
            })
        });
    }
    if let Some(r) = after_remoteness {
        return mine.into_iter().max_by_key(|&i| r[i]);
    }
    mine.into_iter().max_by(|&a, &b| better(a, b))
}

fn move_report(
    arena: &mut Arena,
    player: Option<Player>,
    label: String,
    position: String,
    g: GameId,
    winning: bool,
) -> Result<MoveReport, GameError> {
    let (mean, temperature) = arena.mean_and_temperature(g)?;
    Ok(MoveReport {
        player,
        label,
        position,
        value: name(arena, g, NameStyle::Unicode),
        mean,
        temperature,
        winning,
    })
}

fn report_error(e: crate::partizan::report::ReportError) -> GameError {
    e.error
}

/// The analysis of a position of a partizan game, with `solver`'s table (reused across
/// calls), bounded by `budget`, polling `stop`.
///
/// Errors: [`GameError::Stopped`] when stopped, [`GameError::TooLarge`] past the budget or
/// the arena's limits.
pub fn analyze_partizan<G: PartizanGame>(
    solver: &mut PartizanSolver<G>,
    game: &str,
    position: &G,
    budget: Budget,
    stop: &StopFlag,
) -> Result<AnalysisReport, GameError> {
    // The arena polls `stop` too: one simplification or comparison can take long.
    let previous = solver.arena_mut().set_stop(Some(stop.clone()));
    let report = partizan_report(solver, game, position, budget, stop);
    solver.arena_mut().set_stop(previous);
    report
}

fn partizan_report<G: PartizanGame>(
    solver: &mut PartizanSolver<G>,
    game: &str,
    position: &G,
    budget: Budget,
    stop: &StopFlag,
) -> Result<AnalysisReport, GameError> {
    solver.set_max_table_entries(budget.max_table_entries);
    let value = solver.canonical(position, stop)?;
    let mut components = Vec::new();
    for c in position.components() {
        let v = solver.canonical(&c, stop)?;
        components.push(ComponentReport {
            position: c.to_string(),
            value: name(solver.arena(), v, NameStyle::Unicode),
        });
    }
    let mut moves = Vec::new();
    for player in [Player::Left, Player::Right] {
        for after in position.options(player) {
            let g = solver.canonical(&after, stop)?;
            let arena = solver.arena_mut();
            let winning = wins(arena, player, g)?;
            moves.push(move_report(
                arena,
                Some(player),
                position.move_label(player, &after),
                after.to_string(),
                g,
                winning,
            )?);
        }
    }
    let findings = Findings {
        kind: GameKind::Partizan,
        value,
        grundy: None,
        components,
        moves,
        remoteness: remoteness(position, budget.remoteness_positions, stop)?,
    };
    let mut report = findings.report(solver.arena_mut(), game, position.to_string())?;
    // read after the report: its thermograph and atomic weight grow the arena
    report.usage = solver.usage();
    Ok(report)
}

/// The analysis of a position of an impartial game: Grundy values by `solver`, shown as
/// nimbers in a fresh arena (so the report has the same fields as a partizan one).
pub fn analyze_impartial<G: ImpartialGame>(
    solver: &mut ImpartialSolver<G>,
    game: &str,
    position: &G,
    budget: Budget,
    stop: &StopFlag,
) -> Result<AnalysisReport, GameError> {
    solver.set_max_table_entries(budget.max_table_entries);
    let mut arena = Arena::new();
    let grundy = solver.grundy(position, stop)?;
    let value = nimber(&mut arena, grundy.0)?;
    let mut components = Vec::new();
    for c in position.components() {
        let v = solver.grundy(&c, stop)?;
        let g = nimber(&mut arena, v.0)?;
        components.push(ComponentReport {
            position: c.to_string(),
            value: name(&arena, g, NameStyle::Unicode),
        });
    }
    let mut moves = Vec::new();
    for after in position.options() {
        let v = solver.grundy(&after, stop)?;
        let g = nimber(&mut arena, v.0)?;
        moves.push(move_report(
            &mut arena,
            None,
            position.move_label(&after),
            after.to_string(),
            g,
            v.0 == 0,
        )?);
    }
    let findings = Findings {
        kind: GameKind::Impartial,
        value,
        grundy: Some(grundy.0),
        components,
        moves,
        remoteness: impartial_remoteness(position, budget.remoteness_positions, stop)?,
    };
    let mut report = findings.report(&mut arena, game, position.to_string())?;
    report.usage = solver.usage();
    Ok(report)
}

/// What an analysis found before its report: the value (in the arena the report is built
/// from), the components, the moves and the remoteness. [`Findings::report`] is the one place
/// an [`AnalysisReport`] is assembled, for partizan and impartial games alike.
struct Findings {
    kind: GameKind,
    value: GameId,
    grundy: Option<u64>,
    components: Vec<ComponentReport>,
    moves: Vec<MoveReport>,
    remoteness: Option<RemotenessReport>,
}

impl Findings {
    /// The report of the game `game` at `position`: the value's name, outcome and
    /// [`GameReport`] from `arena`, the computer's choices from the moves and the remoteness.
    /// Its `usage` is left for the caller, who knows its solver.
    fn report(
        self,
        arena: &mut Arena,
        game: &str,
        position: String,
    ) -> Result<AnalysisReport, GameError> {
        let report = game_report(arena, self.value, NameStyle::Ascii).map_err(report_error)?;
        let after = self.remoteness.as_ref().map(|r| r.moves.as_slice());
        let computer = match self.kind {
            GameKind::Partizan => ByPlayer {
                left: best_move(&self.moves, Some(Player::Left), Player::Left, after),
                right: best_move(&self.moves, Some(Player::Right), Player::Right, after),
            },
            // either player makes the same moves: one choice, Left's order of means
            GameKind::Impartial => {
                let choice = best_move(&self.moves, None, Player::Left, after);
                ByPlayer {
                    left: choice,
                    right: choice,
                }
            }
        };
        Ok(AnalysisReport {
            game: game.to_string(),
            kind: self.kind,
            position,
            value: name(arena, self.value, NameStyle::Unicode),
            grundy: self.grundy,
            outcome_words: outcome_words(report.outcome).to_string(),
            report,
            components: self.components,
            moves: self.moves,
            computer,
            remoteness: self.remoteness,
            usage: SolverUsage::default(),
        })
    }
}

fn nimber(arena: &mut Arena, n: u64) -> Result<GameId, GameError> {
    let n = u32::try_from(n).map_err(|_| GameError::TooLarge(format!("the nimber *{n}")))?;
    arena.nimber(n)
}

/// How strongly the computer plays.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Strength {
    /// The report's choice: a winning move with the best mean, else the slowest loss.
    Perfect,
    /// A move chosen uniformly at random.
    Random,
    /// Perfect with probability `p` (0 ≤ p ≤ 1) at each move, random otherwise.
    Skill(f64),
}

/// The computer's move for `player` in an analysed position at `strength`: an index into
/// `report.moves`, or `None` when the player cannot move. `seed` makes the random choices
/// reproducible (the same seed, the same move).
///
/// # Examples
/// ```
/// use onag::games::analysis::{computer_move, Strength};
/// use onag::games::registry::{analyze, Options};
/// use onag::partizan::Player;
///
/// let r = analyze("domineering", "...|...", &Options::default(), &onag::StopFlag::new()).unwrap();
/// let perfect = computer_move(&r, Player::Left, Strength::Perfect, 1).unwrap();
/// assert_eq!(Some(perfect), r.computer.left);
/// let random = computer_move(&r, Player::Left, Strength::Random, 7).unwrap();
/// assert_eq!(r.moves[random].player, Some(Player::Left));
/// ```
pub fn computer_move(
    report: &AnalysisReport,
    player: Player,
    strength: Strength,
    seed: u64,
) -> Option<usize> {
    let perfect = *report.computer.get(player);
    let mine: Vec<usize> = (0..report.moves.len())
        .filter(|&i| report.moves[i].player.is_none_or(|p| p == player))
        .collect();
    if mine.is_empty() {
        return None;
    }
    let mut rng = SplitMix64::new(seed);
    let random = mine[rng.below(mine.len() as u64) as usize];
    match strength {
        Strength::Perfect => perfect,
        Strength::Random => Some(random),
        Strength::Skill(p) => {
            if rng.unit() < p {
                perfect
            } else {
                Some(random)
            }
        }
    }
}

/// Steinhaus' remoteness over a move graph given by `options(position, player)`, memoised per
/// (position, player to move), `None` past `budget` pairs.
struct Remoteness<P, F> {
    memo: FxHashMap<(P, Player), u32>,
    options: F,
    budget: usize,
}

impl<P: Clone + Eq + Hash, F: Fn(&P, Player) -> Vec<P>> Remoteness<P, F> {
    fn get(&mut self, p: &P, player: Player, stop: &StopFlag) -> Result<Option<u32>, GameError> {
        // every look-up polls (a relaxed load, cheap beside the hash): polling by positions
        // stored let the hits between two stores — thousands a position in Wythoff's game —
        // run on unpolled
        stop.check()?;
        if let Some(&r) = self.memo.get(&(p.clone(), player)) {
            return Ok(Some(r));
        }
        if self.memo.len() >= self.budget {
            return Ok(None);
        }
        let mut rule = crate::remoteness::Steinhaus::default();
        for o in (self.options)(p, player) {
            match self.get(&o, player.opposite(), stop)? {
                Some(r) => rule.see(r),
                None => return Ok(None),
            }
        }
        let r = rule.remoteness();
        self.memo.insert((p.clone(), player), r);
        Ok(Some(r))
    }

    /// The report for `root`, moves listed Left's then Right's (or once, when `players` is
    /// one player: impartial games).
    fn report(
        &mut self,
        root: &P,
        players: &[Player],
        stop: &StopFlag,
    ) -> Result<Option<RemotenessReport>, GameError> {
        let (Some(left), Some(right)) = (
            self.get(root, Player::Left, stop)?,
            self.get(root, Player::Right, stop)?,
        ) else {
            return Ok(None);
        };
        let mut moves = Vec::new();
        let mut best = ByPlayer {
            left: None,
            right: None,
        };
        for &player in players {
            let start = moves.len();
            for o in (self.options)(root, player) {
                match self.get(&o, player.opposite(), stop)? {
                    Some(r) => moves.push(r),
                    None => return Ok(None),
                }
            }
            // Steinhaus' rule: the quickest win (least even), else the slowest loss
            let mine = start..moves.len();
            let quick = mine
                .clone()
                .filter(|&i| moves[i] % 2 == 0)
                .min_by_key(|&i| moves[i]);
            *best.get_mut(player) = quick.or_else(|| mine.max_by_key(|&i| moves[i]));
        }
        if players.len() == 1 {
            best.right = best.left;
        }
        Ok(Some(RemotenessReport {
            position: ByPlayer { left, right },
            wins: ByPlayer {
                left: left % 2 == 1,
                right: right % 2 == 1,
            },
            moves,
            best,
        }))
    }
}

/// Steinhaus' remoteness of `position` for each player to move (*Winning Ways* ch. 9), after
/// each move (Left's then Right's) and the move the rule plays, or `None` when more than
/// `budget` (position, player) pairs are reachable. Polls `stop`.
///
/// # Examples
/// ```
/// use onag::games::analysis::remoteness;
/// use onag::games::domineering::Domineering;
///
/// let r = remoteness(&"...".parse::<Domineering>().unwrap(), 100, &onag::StopFlag::new())
///     .unwrap().unwrap();
/// assert_eq!((r.position.left, r.position.right), (0, 1)); // Left has no move; Right wins in 1
/// ```
pub fn remoteness<G: PartizanGame>(
    position: &G,
    budget: usize,
    stop: &StopFlag,
) -> Result<Option<RemotenessReport>, GameError> {
    let mut search = Remoteness {
        memo: FxHashMap::default(),
        options: |p: &G, player| p.options(player),
        budget,
    };
    search.report(position, &[Player::Left, Player::Right], stop)
}

/// [`remoteness`] of an impartial game (the same for both players; moves listed once).
pub fn impartial_remoteness<G: ImpartialGame>(
    position: &G,
    budget: usize,
    stop: &StopFlag,
) -> Result<Option<RemotenessReport>, GameError> {
    let mut search = Remoteness {
        memo: FxHashMap::default(),
        options: |p: &G, _player| p.options(),
        budget,
    };
    search.report(position, &[Player::Left], stop)
}
