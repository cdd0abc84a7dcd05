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
use super::quotient::{quotient_reached, MisereQuotient, QuotientError, QuotientLimits};
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
    /// The genus of the heaps after it (of their sum), e.g. `0^120` (`None` when a misère
    /// quotient answered: it knows outcomes, not genera).
    pub genus_after: Option<String>,
    /// The image of the heaps after it in the misère quotient that answered, as a normal
    /// form of its presentation (`a b^2`; `None` when the genus answered).
    pub image_after: Option<String>,
}

/// The misère analysis of a sum of heaps (`onag heaps play … --misere`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MiserePositionReport {
    /// The ruleset, printed.
    pub ruleset: String,
    /// The heaps.
    pub heaps: Vec<u64>,
    /// Which method answered.
    pub method: MisereMethod,
    /// Each heap's genus (`None` when a misère quotient answered).
    pub genera: Option<Vec<String>>,
    /// `P` or `N` in misère play.
    pub outcome: Outcome,
    /// The misère Grundy value of the sum (`None` when a misère quotient answered).
    pub misere_grundy: Option<u32>,
    /// The genus of the sum (`None` when a misère quotient answered).
    pub genus: Option<String>,
    /// The image of the sum in the misère quotient that answered, as a normal form of its
    /// presentation (`None` when the genus answered).
    pub image: Option<String>,
    /// Every move, marked winning or not.
    pub moves: Vec<MisereHeapMove>,
    /// The first winning move (`None` in a P-position, or with no move left — then the
    /// player to move has won).
    pub winning_move: Option<String>,
}

/// The exact misère outcome and every move of the sum `heaps`, by misère canonical forms
/// (the genus method), with at most `form_limit` forms ([`MisereError::TooManyForms`]
/// beyond). [`misere_position_with`] falls back on a misère quotient where the forms grow
/// too many.
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
            genus_after: Some(h.store.genus(a).to_string()),
            image_after: None,
        });
    }
    Ok(MiserePositionReport {
        ruleset: ruleset.to_string(),
        heaps: position.heaps().to_vec(),
        method: MisereMethod::Genus {
            forms: h.store.len(),
        },
        genera: Some(
            position
                .heaps()
                .iter()
                .map(|&n| h.store.genus(h.forms[n as usize]).to_string())
                .collect(),
        ),
        outcome: h.store.outcome(g),
        misere_grundy: Some(h.store.misere_grundy(g)),
        genus: Some(h.store.genus(g).to_string()),
        image: None,
        winning_move: moves.iter().find(|m| m.winning).map(|m| m.text.clone()),
        moves,
    })
}

/// Which method answered a misère position ([`MiserePositionReport::method`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum MisereMethod {
    /// The misère canonical form of the sum and its genus (Conway, *On Numbers and Games*,
    /// ch. 12).
    Genus {
        /// Canonical forms created.
        forms: usize,
    },
    /// The misère quotient Q_n of the positions with heaps ≤ n (Plambeck and Siegel,
    /// *Misère quotients for impartial games*): Φ of each position, one table look-up per
    /// heap.
    Quotient {
        /// n.
        max_heap: usize,
        /// |Q_n|.
        order: usize,
        /// The size of its P-portion.
        p_size: usize,
        /// Whether Q_n came from a checked certificate (else it was computed for the
        /// question).
        certificate: bool,
    },
}

impl std::fmt::Display for MisereMethod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MisereMethod::Genus { forms } => {
                write!(f, "genus (misère canonical forms, {forms} forms)")
            }
            MisereMethod::Quotient {
                max_heap,
                order,
                p_size,
                certificate,
            } => {
                let from = if *certificate {
                    "from a checked certificate"
                } else {
                    "computed"
                };
                write!(
                    f,
                    "misère quotient Q_{max_heap} of order {order}, |P| = {p_size} ({from})"
                )
            }
        }
    }
}

/// The bounds and the means of [`misere_position_with`].
#[derive(Clone, Copy, Debug)]
pub struct MiserePlay<'a> {
    /// The most canonical forms the genus method may create.
    pub form_limit: usize,
    /// The forms the genus method tries first, before a quotient is used or computed (at most
    /// `form_limit`): small, tame positions keep their genus; wild ones go on to a quotient.
    pub quick_forms: usize,
    /// The bounds on a quotient computed for the question.
    pub quotient_limits: QuotientLimits,
    /// A quotient known beforehand (a checked certificate, [`MisereQuotient::from_certificate`]):
    /// used when it is of the same ruleset and every heap is at most its n.
    pub quotient: Option<&'a MisereQuotient>,
}

impl MiserePlay<'_> {
    /// `form_limit` forms; at most 2,000 (a tenth of a second) before trying a quotient of at most 2,048
    /// elements (candidates of at most 200,000).
    pub fn new(form_limit: usize) -> MiserePlay<'static> {
        MiserePlay {
            form_limit,
            quick_forms: form_limit.min(2_000),
            quotient_limits: QuotientLimits {
                max_order: 2_048,
                max_candidate: 200_000,
            },
            quotient: None,
        }
    }
}

/// Why [`misere_position_with`] has no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MiserePlayError {
    /// The caller's [`StopFlag`] was raised.
    #[error("{}", crate::Stopped)]
    Stopped,
    /// Neither the genus nor a misère quotient answered within the limits.
    #[error(
        "the misère canonical forms exceed the limit of {form_limit} forms, and the misère \
         quotient Q_{max_heap} was not reached: {quotient}"
    )]
    TooLarge {
        /// The bound on forms.
        form_limit: usize,
        /// The quotient's n (the largest heap).
        max_heap: usize,
        /// Why the quotient was not reached.
        quotient: QuotientError,
    },
}

/// The exact misère outcome and every move (✓/✗) of the sum `heaps`, by whichever method
/// answers within `play`'s bounds, said in [`MiserePositionReport::method`]:
///
/// 1. the genus, within `play.quick_forms` canonical forms (small positions keep their
///    genera, which a quotient does not give);
/// 2. a quotient given in `play` that covers the position;
/// 3. the misère quotient Q_n, n the largest heap, computed heap by heap
///    ([`quotient_reached`]) within `play.quotient_limits`;
/// 4. the genus again, within `play.form_limit` forms.
///
/// Wild codes (Kayles, Dawson's Kayles, …) grow canonical forms past any bound within a few
/// heaps, but their quotients are small (Plambeck, *Taming the wild in impartial
/// combinatorial games*): Kayles's Q_n has 40 elements for every n ≥ 27, so a position of
/// heaps up to 100 is one table look-up per heap and per move.
///
/// # Examples
/// ```
/// use onag::heaps::misere::{misere_position_with, MisereMethod, MiserePlay};
/// use onag::partizan::Outcome;
///
/// let kayles = "kayles".parse().unwrap();
/// let r = misere_position_with(&kayles, &[40, 37, 29], &MiserePlay::new(1 << 18), &onag::StopFlag::new()).unwrap();
/// assert!(matches!(r.method, MisereMethod::Quotient { order: 40, .. }));
/// assert_eq!(r.outcome, Outcome::N);
/// assert!(r.winning_move.is_some());
/// // a small tame position keeps its genus
/// let r = misere_position_with(&kayles, &[1, 2], &MiserePlay::new(1 << 18), &onag::StopFlag::new()).unwrap();
/// assert!(matches!(r.method, MisereMethod::Genus { .. }));
/// ```
pub fn misere_position_with(
    ruleset: &Ruleset,
    heaps: &[u64],
    play: &MiserePlay<'_>,
    stop: &StopFlag,
) -> Result<MiserePositionReport, MiserePlayError> {
    let top = heaps.iter().copied().max().unwrap_or(0);
    let quick = play.quick_forms.min(play.form_limit);
    match misere_position(ruleset, heaps, quick, stop) {
        Ok(r) => return Ok(r),
        Err(MisereError::Stopped) => return Err(MiserePlayError::Stopped),
        Err(MisereError::TooManyForms { .. }) => {}
    }
    if let Some(q) = play.quotient {
        if q.ruleset() == ruleset && top <= q.max_heap() as u64 {
            return quotient_position(q, heaps, true).map_err(|e| quotient_error(e, play, q));
        }
    }
    let n = usize::try_from(top).unwrap_or(usize::MAX);
    let why = match quotient_reached(ruleset, n, play.quotient_limits, stop, &mut |_| {}) {
        (q, None) => {
            return quotient_position(&q, heaps, false).map_err(|e| quotient_error(e, play, &q))
        }
        (_, Some(QuotientError::Stopped)) => return Err(MiserePlayError::Stopped),
        (_, Some(e)) => e,
    };
    if play.form_limit > quick {
        match misere_position(ruleset, heaps, play.form_limit, stop) {
            Ok(r) => return Ok(r),
            Err(MisereError::Stopped) => return Err(MiserePlayError::Stopped),
            Err(MisereError::TooManyForms { .. }) => {}
        }
    }
    Err(MiserePlayError::TooLarge {
        form_limit: play.form_limit,
        max_heap: n,
        quotient: why,
    })
}

fn quotient_error(e: QuotientError, play: &MiserePlay<'_>, q: &MisereQuotient) -> MiserePlayError {
    match e {
        QuotientError::Stopped => MiserePlayError::Stopped,
        e => MiserePlayError::TooLarge {
            form_limit: play.form_limit,
            max_heap: q.max_heap(),
            quotient: e,
        },
    }
}

/// The misère report of `heaps` from the quotient `q` (every heap at most its n): the
/// outcome and each move's ✓ by Φ and the P-portion.
fn quotient_position(
    q: &MisereQuotient,
    heaps: &[u64],
    certificate: bool,
) -> Result<MiserePositionReport, QuotientError> {
    let position = Heaps::new(q.ruleset().clone(), heaps.to_vec());
    let pres = q.presentation();
    let name = |x: u32| pres.normal_forms[x as usize].clone();
    let x = q.image(position.heaps())?;
    let mut moves = Vec::new();
    for mv in position.moves() {
        let after = play(&position, mv);
        let a = q.image(&after)?;
        moves.push(MisereHeapMove {
            text: mv.to_string(),
            heap: mv.heap,
            take: mv.leave.take,
            leave: mv.leave.parts().to_vec(),
            heaps_after: after,
            winning: q.is_p(a),
            genus_after: None,
            image_after: Some(name(a)),
        });
    }
    let outcome = if q.is_p(x) { Outcome::P } else { Outcome::N };
    Ok(MiserePositionReport {
        ruleset: q.ruleset().to_string(),
        heaps: position.heaps().to_vec(),
        method: MisereMethod::Quotient {
            max_heap: q.max_heap(),
            order: q.order(),
            p_size: q.p_portion().len(),
            certificate,
        },
        genera: None,
        outcome,
        misere_grundy: None,
        genus: None,
        image: Some(name(x)),
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
