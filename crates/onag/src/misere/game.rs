//! Misère play of any impartial game of the registry: the misère canonical form of a
//! position, its outcome, genus and phylum, and every move marked winning or not.

use std::collections::HashMap;

use super::genus::Genus;
use super::phylum::{Classifier, Phylum};
use super::store::{MisereError, MisereId, MisereStore};
use crate::games::registry::{engine, game as game_info, GAMES};
use crate::games::{
    analysis::{GameKind, Strength},
    ImpartialGame,
};
use crate::partizan::Outcome;
use crate::stop::StopFlag;

/// The longest printed form a report carries (a longer one is left out: `form` is `None`).
pub const MAX_FORM_TEXT: usize = 4096;

/// The longest form printed for each move of a report (a page lists every move; a longer one
/// is left out, its genus still given).
pub const MAX_MOVE_FORM_TEXT: usize = 160;

/// Misère canonical forms of the positions of one impartial game, memoised by position.
///
/// Positions split into [`ImpartialGame::misere_components`] (a real disjunctive sum of
/// game trees; never the normal-play shortcuts such as coin-turning's one game per head).
#[derive(Debug)]
pub struct MisereSolver<G> {
    store: MisereStore,
    memo: HashMap<G, MisereId>,
}

impl<G: ImpartialGame> Default for MisereSolver<G> {
    fn default() -> Self {
        MisereSolver::new()
    }
}

impl<G: ImpartialGame> MisereSolver<G> {
    /// A solver with an empty store.
    pub fn new() -> Self {
        MisereSolver::with_store(MisereStore::new())
    }

    /// A solver over `store`.
    pub fn with_store(store: MisereStore) -> Self {
        MisereSolver {
            store,
            memo: HashMap::new(),
        }
    }

    /// The store of forms.
    pub fn store(&self) -> &MisereStore {
        &self.store
    }

    /// The store of forms, to add, print or classify them.
    pub fn store_mut(&mut self) -> &mut MisereStore {
        &mut self.store
    }

    /// The misère canonical form of `position`.
    ///
    /// # Examples
    /// ```
    /// use onag::games::cram::Cram;
    /// use onag::misere::MisereSolver;
    ///
    /// let board: Cram = "...|...".parse().unwrap();
    /// let mut solver = MisereSolver::new();
    /// let g = solver.canonical(&board, &onag::StopFlag::new()).unwrap();
    /// assert_eq!(solver.store().genus(g).to_string(), "1^031"); // 2×3 Cram is * in misère too
    /// ```
    pub fn canonical(&mut self, position: &G, stop: &StopFlag) -> Result<MisereId, MisereError> {
        self.store.set_stop(stop);
        let r = self.form(position, stop);
        self.store.clear_stop();
        r
    }

    fn form(&mut self, position: &G, stop: &StopFlag) -> Result<MisereId, MisereError> {
        let key = position.symmetric_key();
        if let Some(&g) = self.memo.get(&key) {
            return Ok(g);
        }
        stop.check()?;
        let parts = position.misere_components();
        let g = if parts.len() > 1 {
            let mut ids = Vec::with_capacity(parts.len());
            for p in &parts {
                ids.push(self.form(p, stop)?);
            }
            self.store.sum_all(&ids)?
        } else {
            let mut ids = Vec::new();
            for o in position.options() {
                ids.push(self.form(&o, stop)?);
            }
            self.store.from_options(&ids)?
        };
        self.memo.insert(key, g);
        Ok(g)
    }
}

/// One move of a [`MisereReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MisereMove {
    /// The move in the game's words.
    pub label: String,
    /// The position after it.
    pub position: String,
    /// Its misère Grundy value (0: a misère P-position).
    pub misere_grundy: u32,
    /// Whether it wins (moves to a misère P-position).
    pub winning: bool,
    /// The genus of the position after it, e.g. `0^120`.
    pub genus: String,
    /// The misère canonical form of the position after it in CGSuite's notation (`None` when
    /// longer than [`MAX_MOVE_FORM_TEXT`]).
    pub form: Option<String>,
}

/// The misère analysis of a position of an impartial game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MisereReport {
    /// The game's name.
    pub game: String,
    /// The position, printed back.
    pub position: String,
    /// `P` (the previous player wins) or `N` (the player to move wins), in misère play.
    pub outcome: Outcome,
    /// The misère Grundy value g0 (the misère nim value when the form is a nim heap).
    pub misere_grundy: u32,
    /// The normal-play Grundy value.
    pub grundy: u32,
    /// The genus, e.g. `0^120`.
    pub genus: String,
    /// The misère canonical form in CGSuite's notation (`None` when longer than
    /// [`MAX_FORM_TEXT`]).
    pub form: Option<String>,
    /// `Some(n)` when the position is misère-equal to the nim heap \*n.
    pub nim_heap: Option<u32>,
    /// The birthday of the canonical form.
    pub birthday: u32,
    /// Tame, restive, restless, …
    pub phylum: Phylum,
    /// Every move, marked winning or not.
    pub moves: Vec<MisereMove>,
    /// The first winning move's label (`None` in a P-position, or with no move — then the
    /// player to move has already won).
    pub winning_move: Option<String>,
}

/// The misère report of `position` (named `game` in the report), creating at most
/// `max_forms` canonical forms ([`MisereError::TooManyForms`] past it).
///
/// # Examples
/// ```
/// use onag::games::cram::Cram;
/// use onag::misere::misere_report;
/// use onag::partizan::Outcome;
///
/// let board: Cram = "..|..".parse().unwrap();
/// let r = misere_report("cram", &board, 10_000, &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.outcome, Outcome::N);
/// assert_eq!(r.form.as_deref(), Some("*[0]")); // 2×2 Cram: either move leaves a domino, *
/// ```
pub fn misere_report<G: ImpartialGame>(
    game: &str,
    position: &G,
    max_forms: usize,
    stop: &StopFlag,
) -> Result<MisereReport, MisereError> {
    let mut solver = MisereSolver::with_store(MisereStore::with_limit(max_forms));
    let g = solver.canonical(position, stop)?;
    let mut moves = Vec::new();
    for after in position.options() {
        let a = solver.canonical(&after, stop)?;
        let mg = solver.store().misere_grundy(a);
        let genus = solver.store().genus(a).to_string();
        let form = solver.store_mut().name_within(a, MAX_MOVE_FORM_TEXT);
        moves.push(MisereMove {
            label: position.move_label(&after),
            position: after.to_string(),
            misere_grundy: mg,
            winning: mg == 0,
            genus,
            form,
        });
    }
    let store = solver.store_mut();
    let genus: Genus = store.genus(g).clone();
    let form = store.name_within(g, MAX_FORM_TEXT);
    let phylum = Classifier::new().phylum(store, g);
    Ok(MisereReport {
        game: game.to_string(),
        position: position.to_string(),
        outcome: store.outcome(g),
        misere_grundy: store.misere_grundy(g),
        grundy: store.grundy(g),
        genus: genus.to_string(),
        form,
        nim_heap: store.as_nimber(g),
        birthday: store.birthday(g),
        phylum,
        winning_move: moves.iter().find(|m| m.winning).map(|m| m.label.clone()),
        moves,
    })
}

/// The computer's misère move in `report` (an index into `report.moves`; `None` with no
/// move): at [`Strength::Perfect`] a winning move when there is one, else the first move; at
/// [`Strength::Random`] any move, uniformly from `seed`; at [`Strength::Skill`]`(p)` the
/// perfect move with probability `p`, else a random one.
///
/// # Examples
/// ```
/// use onag::games::analysis::Strength;
/// use onag::misere::{analyze_misere, misere_computer_move};
///
/// let r = analyze_misere("cram", "..|..", 1000, &onag::StopFlag::new()).unwrap();
/// let i = misere_computer_move(&r, Strength::Perfect, 0).unwrap();
/// assert!(r.moves[i].winning);
/// ```
pub fn misere_computer_move(report: &MisereReport, strength: Strength, seed: u64) -> Option<usize> {
    choose_index(
        report.moves.len(),
        report.moves.iter().position(|m| m.winning),
        strength,
        seed,
    )
}

/// A move among `count`: the `perfect` one (else the first) or a random one, by `strength`.
pub(crate) fn choose_index(
    count: usize,
    perfect: Option<usize>,
    strength: Strength,
    seed: u64,
) -> Option<usize> {
    if count == 0 {
        return None;
    }
    let random = (splitmix(seed) % count as u64) as usize;
    let perfect = perfect.unwrap_or(0);
    Some(match strength {
        Strength::Perfect => perfect,
        Strength::Random => random,
        Strength::Skill(p) => {
            let u = (splitmix(seed ^ 0x5eed) >> 11) as f64 / (1u64 << 53) as f64;
            if u < p {
                perfect
            } else {
                random
            }
        }
    })
}

/// SplitMix64 (Steele, Lea and Flood, *Fast splittable pseudorandom number generators*,
/// OOPSLA 2014): one well-mixed word from a seed.
fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Why [`analyze_misere`] gave no report.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MisereAnalyzeError {
    /// No game of that name.
    #[error("no game '{0}' (games: {names})", names = game_names())]
    UnknownGame(String),
    /// The game is partizan: misère canonical forms here are for impartial games.
    #[error(
        "{0} is partizan: misère analysis is for impartial games (cram, turning-corners, wythoff)"
    )]
    NotImpartial(&'static str),
    /// The position is not in the game's notation.
    #[error("{game} position: {message}")]
    Position {
        /// The game.
        game: &'static str,
        /// The parser's message.
        message: String,
    },
    /// The computation stopped or went past its bound.
    #[error("{0}")]
    Misere(MisereError),
}

/// The registered games' names, for the unknown-game message.
fn game_names() -> String {
    GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
}

impl From<MisereError> for MisereAnalyzeError {
    fn from(e: MisereError) -> Self {
        MisereAnalyzeError::Misere(e)
    }
}

/// The misère analysis of the position `text` of the registered impartial game `name`
/// (`onag game NAME POSITION --misere`), creating at most `max_forms` canonical forms.
///
/// Positions split into their components where the game's rules make them a disjunctive
/// sum (Cram's separate regions; [`ImpartialGame::misere_components`]): the sum's form is the
/// canonical form of the sum of the parts' forms, which is sound in misère play because
/// Conway's simplification respects sums (*On Numbers and Games*, ch. 12). Nothing
/// nim-sum-like is used: misère outcomes are not component-wise.
///
/// # Examples
/// ```
/// use onag::misere::analyze_misere;
///
/// let stop = onag::StopFlag::new();
/// let r = analyze_misere("cram", "...", 10_000, &stop).unwrap();
/// assert_eq!(r.genus, "1^031");
/// assert!(analyze_misere("domineering", "..", 10_000, &stop).is_err());
/// ```
pub fn analyze_misere(
    name: &str,
    text: &str,
    max_forms: usize,
    stop: &StopFlag,
) -> Result<MisereReport, MisereAnalyzeError> {
    let info = game_info(name).ok_or_else(|| MisereAnalyzeError::UnknownGame(name.to_string()))?;
    if info.kind != GameKind::Impartial {
        return Err(MisereAnalyzeError::NotImpartial(info.name));
    }
    // the registry's engine of the game serves its misère analysis too (one line a game)
    let engine =
        engine(info.name).ok_or_else(|| MisereAnalyzeError::UnknownGame(name.to_string()))?;
    engine.misere(info.name, text, max_forms, stop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partizan_games_are_refused_and_cram_is_analysed() {
        for info in GAMES.iter().filter(|g| g.kind == GameKind::Partizan) {
            let r = analyze_misere(info.name, info.example, 1000, &StopFlag::new());
            assert!(matches!(r, Err(MisereAnalyzeError::NotImpartial(_))));
        }
        let r = analyze_misere("cram", "..|..", 1000, &StopFlag::new()).unwrap();
        assert_eq!((r.outcome, r.form.as_deref()), (Outcome::N, Some("*[0]")));
    }
}
