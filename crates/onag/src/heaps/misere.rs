//! Heap games under misère play (the player who takes the last token **loses**): each heap's
//! misère canonical form and genus (Conway, *On Numbers and Games*, ch. 12; *Winning Ways*,
//! ch. 13), whether the code is tame up to a heap, and the exact outcome and a winning move of
//! any sum of heaps — by the canonical form of the sum, within a bound on the forms.
//!
//! A heap is *wild* here when its genus is not a tame genus (`0^120`, `1^031`, `0^02`,
//! `1^13`, `n^{n,n⊕2}`): such a heap does not behave like a nim heap in misère sums. A code
//! is *tame up to n* when no heap of at most n tokens is wild. (Misère quotients describe
//! wild codes further: Plambeck, "Taming the wild in impartial combinatorial games".)

use std::collections::HashMap;

use super::moves::Moves;
use super::position::{HeapMove, Heaps, Strategy};
use super::ruleset::Ruleset;
use crate::misere::{Classifier, MisereError, MisereId, MisereStore, Phylum};
use crate::partizan::Outcome;
use crate::stop::StopFlag;

/// The default bound on the canonical forms one heap analysis may create.
pub const DEFAULT_MISERE_FORMS: usize = 2_000_000;

/// Misère canonical forms of the heaps of one ruleset, computed heap by heap.
#[derive(Debug)]
pub struct MisereHeaps {
    moves: Moves,
    store: MisereStore,
    forms: Vec<MisereId>,
}

impl MisereHeaps {
    /// No heap computed yet; at most `form_limit` canonical forms in the store.
    pub fn new(ruleset: &Ruleset, form_limit: usize) -> Self {
        MisereHeaps {
            moves: ruleset.moves(),
            store: MisereStore::with_limit(form_limit),
            forms: vec![MisereId::ZERO],
        }
    }

    /// Computes the forms of heaps 0 to `n`.
    pub fn extend_to(&mut self, n: u64, stop: &StopFlag) -> Result<(), MisereError> {
        self.store.set_stop(stop);
        let r = self.extend(n, stop);
        self.store.clear_stop();
        r
    }

    fn extend(&mut self, n: u64, stop: &StopFlag) -> Result<(), MisereError> {
        while (self.forms.len() as u64) <= n {
            stop.check()?;
            let h = self.forms.len() as u64;
            let mut leaves = Vec::new();
            self.moves.for_each_leave(h, |l| leaves.push(l));
            let mut options = Vec::with_capacity(leaves.len());
            for l in leaves {
                let parts: Vec<MisereId> =
                    l.parts().iter().map(|&p| self.forms[p as usize]).collect();
                options.push(self.store.sum_all(&parts)?);
            }
            let g = self.store.from_options(&options)?;
            self.forms.push(g);
        }
        Ok(())
    }

    /// The form of a heap of `n` tokens (computed).
    pub fn form(&self, n: u64) -> Option<MisereId> {
        self.forms.get(n as usize).copied()
    }

    /// The store of forms.
    pub fn store(&self) -> &MisereStore {
        &self.store
    }

    /// The store of forms, to add or print them.
    pub fn store_mut(&mut self) -> &mut MisereStore {
        &mut self.store
    }

    /// The form of the sum of `heaps` (computing the heaps' forms as needed).
    pub fn sum(&mut self, heaps: &[u64], stop: &StopFlag) -> Result<MisereId, MisereError> {
        let top = heaps.iter().copied().max().unwrap_or(0);
        self.extend_to(top, stop)?;
        self.store.set_stop(stop);
        let parts: Vec<MisereId> = heaps.iter().map(|&h| self.forms[h as usize]).collect();
        let r = self.store.sum_all(&parts);
        self.store.clear_stop();
        r
    }
}

/// One heap of a [`MisereGeneraReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HeapGenus {
    /// The heap size.
    pub heap: u64,
    /// Its genus, e.g. `4^146`.
    pub genus: String,
    /// Whether the genus is tame.
    pub tame_genus: bool,
    /// The misère Grundy value (0: a misère P-position).
    pub misere_grundy: u32,
    /// Its classification.
    pub phylum: Phylum,
    /// The birthday of its canonical form.
    pub birthday: u32,
}

/// The genus of every heap of a ruleset up to a bound (`onag heaps values --misere`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MisereGeneraReport {
    /// The ruleset, printed.
    pub ruleset: String,
    /// Its classic name, if any.
    pub name: Option<String>,
    /// Heaps 0 to `heaps.len() − 1`.
    pub heaps: Vec<HeapGenus>,
    /// The first heap whose genus is not tame (`None`: tame up to the bound).
    pub first_wild: Option<u64>,
    /// Canonical forms created.
    pub forms: usize,
}

/// The genus of heaps 0 to `max_heap` of `ruleset`, with at most `form_limit` forms.
///
/// # Examples
/// ```
/// use onag::heaps::misere::misere_genera;
/// use onag::heaps::Ruleset;
///
/// let nim: Ruleset = "nim".parse().unwrap();
/// let r = misere_genera(&nim, 4, 10_000, &onag::StopFlag::new()).unwrap();
/// let genera: Vec<&str> = r.heaps.iter().map(|h| h.genus.as_str()).collect();
/// assert_eq!(genera, ["0^120", "1^031", "2^20", "3^31", "4^46"]);
/// assert_eq!(r.first_wild, None);
/// ```
pub fn misere_genera(
    ruleset: &Ruleset,
    max_heap: u64,
    form_limit: usize,
    stop: &StopFlag,
) -> Result<MisereGeneraReport, MisereError> {
    let mut h = MisereHeaps::new(ruleset, form_limit);
    h.extend_to(max_heap, stop)?;
    let mut classes = Classifier::new();
    let mut heaps = Vec::new();
    for n in 0..=max_heap {
        let g = h.forms[n as usize];
        let genus = h.store.genus(g);
        heaps.push(HeapGenus {
            heap: n,
            genus: genus.to_string(),
            tame_genus: genus.is_tame(),
            misere_grundy: h.store.misere_grundy(g),
            phylum: classes.phylum(&h.store, g),
            birthday: h.store.birthday(g),
        });
    }
    Ok(MisereGeneraReport {
        ruleset: ruleset.to_string(),
        name: ruleset.name().map(str::to_string),
        first_wild: heaps.iter().find(|x| !x.tame_genus).map(|x| x.heap),
        heaps,
        forms: h.store.len(),
    })
}

/// One move of a [`MiserePositionReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MisereHeapMove {
    /// `heap 2: take 1, leave 3+4`.
    pub text: String,
    /// The index of the heap moved in.
    pub heap: usize,
    /// Tokens taken.
    pub take: u64,
    /// The heaps left of it (ascending; empty when it vanished).
    pub leave: Vec<u64>,
    /// The heaps after it.
    pub heaps_after: Vec<u64>,
    /// Whether it wins in misère play (leaves a misère P-position).
    pub winning: bool,
    /// The genus of the heaps after it (of their sum), e.g. `0^120`.
    pub genus_after: String,
}

/// The misère analysis of a sum of heaps (`onag heaps play … --misere`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MiserePositionReport {
    /// The ruleset, printed.
    pub ruleset: String,
    /// The heaps.
    pub heaps: Vec<u64>,
    /// Each heap's genus.
    pub genera: Vec<String>,
    /// `P` or `N` in misère play.
    pub outcome: Outcome,
    /// The misère Grundy value of the sum.
    pub misere_grundy: u32,
    /// The genus of the sum.
    pub genus: String,
    /// Every move, marked winning or not.
    pub moves: Vec<MisereHeapMove>,
    /// The first winning move (`None` in a P-position, or with no move left — then the
    /// player to move has won).
    pub winning_move: Option<String>,
}

/// The exact misère outcome and every move of the sum `heaps`, by misère canonical forms,
/// with at most `form_limit` forms ([`MisereError::TooManyForms`] beyond).
///
/// # Examples
/// ```
/// use onag::heaps::misere::misere_position;
/// use onag::heaps::Ruleset;
/// use onag::partizan::Outcome;
///
/// let kayles: Ruleset = "kayles".parse().unwrap();
/// // one pin: the player to move must take it, and loses
/// let r = misere_position(&kayles, &[1], 100_000, &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.outcome, Outcome::P);
/// let r = misere_position(&kayles, &[1, 1], 100_000, &onag::StopFlag::new()).unwrap();
/// assert_eq!(r.winning_move.as_deref(), Some("heap 1: take 1, leave nothing"));
/// ```
pub fn misere_position(
    ruleset: &Ruleset,
    heaps: &[u64],
    form_limit: usize,
    stop: &StopFlag,
) -> Result<MiserePositionReport, MisereError> {
    let mut h = MisereHeaps::new(ruleset, form_limit);
    let position = Heaps::new(ruleset.clone(), heaps.to_vec());
    let g = h.sum(position.heaps(), stop)?;
    let mut after_cache: HashMap<Vec<u64>, MisereId> = HashMap::new();
    let mut moves = Vec::new();
    for mv in position.moves() {
        let after = play(&position, mv);
        let mut key = after.clone();
        key.sort_unstable();
        let a = match after_cache.get(&key) {
            Some(&a) => a,
            None => {
                let a = h.sum(&key, stop)?;
                after_cache.insert(key, a);
                a
            }
        };
        moves.push(MisereHeapMove {
            text: mv.to_string(),
            heap: mv.heap,
            take: mv.leave.take,
            leave: mv.leave.parts().to_vec(),
            heaps_after: after,
            winning: h.store.outcome(a) == Outcome::P,
            genus_after: h.store.genus(a).to_string(),
        });
    }
    Ok(MiserePositionReport {
        ruleset: ruleset.to_string(),
        heaps: position.heaps().to_vec(),
        genera: position
            .heaps()
            .iter()
            .map(|&n| h.store.genus(h.forms[n as usize]).to_string())
            .collect(),
        outcome: h.store.outcome(g),
        misere_grundy: h.store.misere_grundy(g),
        genus: h.store.genus(g).to_string(),
        winning_move: moves.iter().find(|m| m.winning).map(|m| m.text.clone()),
        moves,
    })
}

fn play(position: &Heaps, mv: HeapMove) -> Vec<u64> {
    let mut heaps = position.heaps().to_vec();
    heaps.splice(mv.heap..=mv.heap, mv.leave.parts().iter().copied());
    heaps
}

/// The computer's misère move in `report` (an index into `report.moves`; `None` with no
/// move), by the same strategies as normal play ([`Strategy`]): a winning move when there is
/// one (else the first), a uniformly random one, or the perfect one `level`% of the time.
///
/// # Examples
/// ```
/// use onag::heaps::misere::{misere_computer, misere_position};
/// use onag::heaps::{Ruleset, Strategy};
///
/// let kayles: Ruleset = "kayles".parse().unwrap();
/// let r = misere_position(&kayles, &[1, 1], 1000, &onag::StopFlag::new()).unwrap();
/// let i = misere_computer(&r, Strategy::Perfect).unwrap();
/// assert!(r.moves[i].winning);
/// ```
pub fn misere_computer(report: &MiserePositionReport, strategy: Strategy) -> Option<usize> {
    use crate::games::analysis::Strength;
    let perfect = report.moves.iter().position(|m| m.winning);
    let (strength, seed) = match strategy {
        Strategy::Perfect => (Strength::Perfect, 0),
        Strategy::Random { seed } => (Strength::Random, seed),
        Strategy::Skill { level, seed } => {
            (Strength::Skill(f64::from(level.min(100)) / 100.0), seed)
        }
    };
    crate::misere::game::choose_index(report.moves.len(), perfect, strength, seed)
}
