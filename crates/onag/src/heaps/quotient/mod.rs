//! Misère quotients of heap games: Q_n, the misère quotient of the positions whose heaps are
//! at most n, computed heap by heap.
//!
//! Two positions G, H of a closed set A are *indistinguishable* when o⁻(G + X) = o⁻(H + X)
//! for every X in A; the classes form a finite or infinite commutative monoid, the **misère
//! quotient** Q(A), with its **P-portion** (the classes of the misère P-positions) and the
//! quotient map Φ (Plambeck, *Taming the wild in impartial combinatorial games*, INTEGERS 5
//! (2005) G05; Plambeck and Siegel, *Misère quotients for impartial games*, J. Combin. Theory
//! A 115 (2008) 593–622). A position is a misère P-position exactly when Φ of it lies in the
//! P-portion, and a winning move is one to a position whose image does.
//!
//! - [`quotient`] computes Q_n ([`MisereQuotient`]): the table, the P-portion, each heap's
//!   image, a presentation ([`Presentation`]) and what each heap did ([`HeapStep`]).
//! - [`MisereQuotient::image`], [`MisereQuotient::is_p_position`],
//!   [`MisereQuotient::winning_moves`]: Φ of any position with heaps ≤ n, and perfect play.
//! - [`certificate::Certificate`]: the quotient as data, and its checker
//!   ([`certificate::Certificate::verify`]), which knows nothing of the construction.
//! - [`brute`]: misère outcomes by the definition.
//! - [`census::quotient_census_entry`]: one code's line of a census of quotients.
//!
//! The construction ([`build`]) and the proof it rests on ([`proof`]) are described in
//! `docs/misere-quotients.md`.
//!
//! # Examples
//! ```
//! use onag::heaps::quotient::{quotient, QuotientLimits};
//! use onag::StopFlag;
//!
//! // Misère Nim with heaps of at most 3: Plambeck–Siegel's T2, of order 6.
//! let nim = "nim".parse().unwrap();
//! let q = quotient(&nim, 3, QuotientLimits::default(), &StopFlag::new(), &mut |_| {}).unwrap();
//! assert_eq!(q.order(), 6);
//! assert_eq!(q.p_portion().len(), 2);
//! assert!(q.is_p_position(&[1]).unwrap()); // the mover must take the last token
//! assert!(!q.is_p_position(&[2, 3]).unwrap());
//! let wins = q.winning_moves(&[2, 3]).unwrap();
//! assert!(wins.iter().all(|m| m.leave.parts() == [2]));
//! ```

pub mod brute;
mod build;
pub mod census;
pub mod certificate;
mod presentation;
pub mod proof;

pub use certificate::{Certificate, CertificateError, CheckReport};
pub use presentation::{Generator, Presentation};

use super::position::HeapMove;
use super::ruleset::Ruleset;
use crate::{StopFlag, Stopped};

/// Bounds on a computation of Q_n.
#[derive(Clone, Copy, Debug)]
pub struct QuotientLimits {
    /// The largest quotient accepted.
    pub max_order: usize,
    /// The largest candidate monoid (before reduction) built.
    pub max_candidate: usize,
}

impl Default for QuotientLimits {
    fn default() -> Self {
        QuotientLimits {
            max_order: 20_000,
            max_candidate: 4_000_000,
        }
    }
}

/// Why Q_n was not computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuotientError {
    /// The stop flag was raised.
    #[error("{}", Stopped)]
    Stopped,
    /// A quotient or candidate above the limits.
    #[error(
        "at heap {heap} the quotient (or a candidate for it) has {size} elements, above the limit {limit}"
    )]
    TooLarge {
        /// The heap being added.
        heap: usize,
        /// Its size.
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// No refinement of the candidate classified a failing position correctly.
    #[error("at heap {heap} no refined candidate classified the position {word} correctly")]
    Refinement {
        /// The heap being added.
        heap: usize,
        /// The failing position (heap sizes).
        word: String,
    },
    /// A position has a heap above n.
    #[error("heap {heap} is above the quotient's largest heap {max_heap}")]
    HeapTooLarge {
        /// The heap.
        heap: u64,
        /// n.
        max_heap: usize,
    },
    /// A broken invariant of the construction (a bug).
    #[error("internal error: {0}")]
    Internal(&'static str),
}

impl From<Stopped> for QuotientError {
    fn from(_: Stopped) -> Self {
        QuotientError::Stopped
    }
}

/// What adding one heap did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HeapStep {
    /// The heap.
    pub heap: usize,
    /// |Q_heap|.
    pub order: usize,
    /// The size of its P-portion.
    pub p_size: usize,
    /// Whether the heap acts as an element already there (the quotient is unchanged).
    pub conservative: bool,
    /// Candidate monoids built for the heap (0 for a conservative extension).
    pub candidates: usize,
}

/// One trial monoid of a heap whose quotient changes, once the proof has looked at it: the
/// progress inside a heap that can take hours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trial {
    /// The heap being added.
    pub heap: usize,
    /// The trial's order (reduced).
    pub order: usize,
    /// The size of its P-portion.
    pub p_size: usize,
    /// Candidates built for the heap so far.
    pub candidates: usize,
    /// The least position it classifies wrongly (heap sizes), or `None`: the trial is Q_heap.
    pub failure: Option<String>,
}

/// Q_n of a heap ruleset: a finite commutative monoid (element 0 the identity) with its
/// P-portion and the image of each heap.
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    ruleset: Ruleset,
    max_heap: usize,
    order: usize,
    table: Vec<u32>,
    p: Vec<bool>,
    phi: Vec<u32>,
    steps: Vec<HeapStep>,
}

/// Computes Q_n, the misère quotient of the positions of `ruleset` with heaps at most
/// `max_heap`, heap by heap; `progress` hears each heap as it is added.
///
/// # Examples
/// ```
/// use onag::heaps::quotient::{quotient, QuotientLimits};
/// use onag::StopFlag;
///
/// let kayles = "kayles".parse().unwrap();
/// let q = quotient(&kayles, 10, QuotientLimits::default(), &StopFlag::new(), &mut |_| {}).unwrap();
/// assert_eq!(q.steps().len(), 10);
/// // one heap of 1 is a misère P-position: the mover must take the last pin
/// assert!(q.is_p_position(&[1]).unwrap());
/// ```
pub fn quotient(
    ruleset: &Ruleset,
    max_heap: usize,
    limits: QuotientLimits,
    stop: &StopFlag,
    progress: &mut dyn FnMut(&HeapStep),
) -> Result<MisereQuotient, QuotientError> {
    match quotient_reached(ruleset, max_heap, limits, stop, progress) {
        (q, None) => Ok(q),
        (_, Some(e)) => Err(e),
    }
}

/// Like [`quotient`], but a run that ends before heap `max_heap` (stopped, or above the
/// limits) keeps what it proved: Q_k of the last heap k it completed (k = 0: the trivial
/// quotient), with the reason it ended. A long run stopped by time still gives a quotient
/// and its certificate.
///
/// # Examples
/// ```
/// use onag::heaps::quotient::{quotient_reached, QuotientError, QuotientLimits};
/// use onag::StopFlag;
///
/// // Dawson's Kayles with at most 30 elements: Q_24 (order 24) is the last one within it
/// let limits = QuotientLimits { max_order: 30, ..QuotientLimits::default() };
/// let (q, why) = quotient_reached(&"0.07".parse().unwrap(), 40, limits, &StopFlag::new(), &mut |_| {});
/// assert_eq!((q.max_heap(), q.order()), (24, 24));
/// assert!(matches!(why, Some(QuotientError::TooLarge { heap: 25, .. })));
/// ```
pub fn quotient_reached(
    ruleset: &Ruleset,
    max_heap: usize,
    limits: QuotientLimits,
    stop: &StopFlag,
    progress: &mut dyn FnMut(&HeapStep),
) -> (MisereQuotient, Option<QuotientError>) {
    let builder = build::Builder::new(ruleset.moves(), limits.max_order, limits.max_candidate);
    extend_to(
        ruleset,
        builder,
        Vec::new(),
        max_heap,
        stop,
        progress,
        &mut |_| {},
    )
}

/// Like [`quotient_reached`], but from a quotient already computed (Q_k, for instance read
/// back from its certificate with [`MisereQuotient::from_certificate`]): heaps k + 1 to
/// `max_heap` are added to it, so a long computation resumes where its last certificate
/// left it. Each added heap is proved as in a run from heap 1 (the proof does not trust
/// `from` beyond its own heaps: `from` must be right, which `from_certificate` checks), and
/// the quotient is the same, element for element. `from`'s steps, if it has them, are kept.
/// `trial` hears each trial monoid of a heap whose quotient changes
/// ([`MisereQuotient::trivial`] starts from heap 1 with this progress).
///
/// # Examples
/// ```
/// use onag::heaps::quotient::{quotient, quotient_resumed, QuotientLimits};
/// use onag::StopFlag;
///
/// let r = "0.07".parse().unwrap();
/// let (limits, stop) = (QuotientLimits::default(), StopFlag::new());
/// let q12 = quotient(&r, 12, limits, &stop, &mut |_| {}).unwrap();
/// let mut trials = 0;
/// let (q20, why) = quotient_resumed(q12, 20, limits, &stop, &mut |_| {}, &mut |_| trials += 1);
/// assert!(why.is_none());
/// assert!(trials > 0); // the quotient changes at heap 14
/// let direct = quotient(&r, 20, limits, &stop, &mut |_| {}).unwrap();
/// assert_eq!(q20.certificate(), direct.certificate());
/// ```
pub fn quotient_resumed(
    from: MisereQuotient,
    max_heap: usize,
    limits: QuotientLimits,
    stop: &StopFlag,
    progress: &mut dyn FnMut(&HeapStep),
    trial: &mut dyn FnMut(&Trial),
) -> (MisereQuotient, Option<QuotientError>) {
    let builder = build::Builder::resume(
        from.ruleset.moves(),
        build::Stage::from_parts(from.order, from.table, from.p, from.phi),
        limits.max_order,
        limits.max_candidate,
    );
    extend_to(
        &from.ruleset,
        builder,
        from.steps,
        max_heap,
        stop,
        progress,
        trial,
    )
}

/// Adds heaps to `builder`'s quotient up to `max_heap`, or until a heap fails.
fn extend_to(
    ruleset: &Ruleset,
    mut builder: build::Builder,
    mut steps: Vec<HeapStep>,
    max_heap: usize,
    stop: &StopFlag,
    progress: &mut dyn FnMut(&HeapStep),
    trial: &mut dyn FnMut(&Trial),
) -> (MisereQuotient, Option<QuotientError>) {
    let first = builder.stage.phi.len();
    stop.set_total(max_heap.saturating_sub(first - 1) as f64);
    let mut ended = None;
    for heap in first..=max_heap {
        // a failed step leaves the builder's stage at Q_{heap−1}: it is replaced only by a
        // proved extension
        let info = match stop
            .check()
            .map_err(QuotientError::from)
            .and_then(|()| builder.step(stop, trial))
        {
            Ok(info) => info,
            Err(e) => {
                ended = Some(e);
                break;
            }
        };
        let s = &builder.stage;
        let step = HeapStep {
            heap,
            order: s.order,
            p_size: s.p.iter().filter(|&&b| b).count(),
            conservative: info.conservative,
            candidates: info.candidates,
        };
        progress(&step);
        steps.push(step);
        if let Err(e) = stop.advance(1) {
            if heap < max_heap {
                ended = Some(e.into());
                break;
            }
        }
    }
    let s = builder.stage;
    let q = MisereQuotient {
        ruleset: ruleset.clone(),
        max_heap: s.phi.len() - 1,
        order: s.order,
        table: s.table,
        p: s.p,
        phi: s.phi,
        steps,
    };
    (q, ended)
}

impl MisereQuotient {
    /// The quotient a certificate states, once [`Certificate::verify`] has checked it (with
    /// `total` bounding its brute-force checks): a quotient computed once (Dawson's Kayles
    /// Q_33 took minutes) answers positions at once. Its steps are not known (empty).
    ///
    /// # Examples
    /// ```
    /// use onag::heaps::quotient::{quotient, MisereQuotient, QuotientLimits};
    /// use onag::StopFlag;
    ///
    /// let r = "0.07".parse().unwrap();
    /// let q = quotient(&r, 12, QuotientLimits::default(), &StopFlag::new(), &mut |_| {}).unwrap();
    /// let back = MisereQuotient::from_certificate(&q.certificate(), 10, &StopFlag::new()).unwrap();
    /// assert_eq!((back.max_heap(), back.order()), (12, q.order()));
    /// assert_eq!(back.is_p_position(&[5, 7]), q.is_p_position(&[5, 7]));
    /// ```
    pub fn from_certificate(
        cert: &Certificate,
        total: usize,
        stop: &StopFlag,
    ) -> Result<MisereQuotient, CertificateError> {
        cert.verify(total, stop)?;
        let ruleset: Ruleset = cert
            .ruleset
            .parse()
            .map_err(|e| CertificateError::Malformed(format!("the ruleset: {e}")))?;
        let mut p = vec![false; cert.order];
        for &x in &cert.p_portion {
            p[x as usize] = true;
        }
        Ok(MisereQuotient {
            ruleset,
            max_heap: cert.max_heap,
            order: cert.order,
            table: cert.table.iter().flatten().copied().collect(),
            p,
            phi: cert.heap_images.clone(),
            steps: Vec::new(),
        })
    }

    /// Q_0 of `ruleset`: the trivial quotient {1}, P empty, the start of every computation
    /// (for [`quotient_resumed`]).
    ///
    /// # Examples
    /// ```
    /// use onag::heaps::quotient::{quotient, quotient_resumed, MisereQuotient, QuotientLimits};
    /// use onag::StopFlag;
    ///
    /// let r = "0.54".parse().unwrap();
    /// let (limits, stop) = (QuotientLimits::default(), StopFlag::new());
    /// let (q, _) = quotient_resumed(MisereQuotient::trivial(&r), 20, limits, &stop, &mut |_| {}, &mut |_| {});
    /// assert_eq!(q.certificate(), quotient(&r, 20, limits, &stop, &mut |_| {}).unwrap().certificate());
    /// ```
    pub fn trivial(ruleset: &Ruleset) -> MisereQuotient {
        MisereQuotient {
            ruleset: ruleset.clone(),
            max_heap: 0,
            order: 1,
            table: vec![0],
            p: vec![false],
            phi: vec![0],
            steps: Vec::new(),
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// n: the largest heap.
    pub fn max_heap(&self) -> usize {
        self.max_heap
    }

    /// |Q_n|.
    pub fn order(&self) -> usize {
        self.order
    }

    /// x·y.
    pub fn product(&self, x: u32, y: u32) -> u32 {
        self.table[x as usize * self.order + y as usize]
    }

    /// Whether `x` is in the P-portion.
    pub fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    /// The P-portion, ascending.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.order as u32)
            .filter(|&x| self.p[x as usize])
            .collect()
    }

    /// The image of heap `h` (0 ≤ h ≤ n).
    pub fn heap_image(&self, h: usize) -> Option<u32> {
        self.phi.get(h).copied()
    }

    /// The heaps as they were added.
    pub fn steps(&self) -> &[HeapStep] {
        &self.steps
    }

    /// Φ of a position (a list of heap sizes).
    pub fn image(&self, heaps: &[u64]) -> Result<u32, QuotientError> {
        let mut x = 0;
        for &h in heaps {
            let Some(&g) = usize::try_from(h).ok().and_then(|i| self.phi.get(i)) else {
                return Err(QuotientError::HeapTooLarge {
                    heap: h,
                    max_heap: self.max_heap,
                });
            };
            x = self.product(x, g);
        }
        Ok(x)
    }

    /// Whether a position is a misère P-position (the player to move loses).
    pub fn is_p_position(&self, heaps: &[u64]) -> Result<bool, QuotientError> {
        Ok(self.is_p(self.image(heaps)?))
    }

    /// The winning moves of a position: the moves to a position whose image is in the
    /// P-portion (none when the position is a P-position).
    pub fn winning_moves(&self, heaps: &[u64]) -> Result<Vec<HeapMove>, QuotientError> {
        self.image(heaps)?;
        let moves = self.ruleset.moves();
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let mut rest: Vec<u64> = heaps.to_vec();
            rest.remove(i);
            let base = self.image(&rest)?;
            moves.for_each_leave(h, |leave| {
                let x = leave
                    .parts()
                    .iter()
                    .fold(base, |x, &part| self.product(x, self.phi[part as usize]));
                if self.is_p(x) {
                    out.push(HeapMove { heap: i, leave });
                }
            });
        }
        Ok(out)
    }

    /// A presentation: generators (heaps whose images the earlier ones do not generate),
    /// relations and each element's normal form.
    pub fn presentation(&self) -> Presentation {
        Presentation::of(self.order, &self.table, &self.phi)
    }

    /// The quotient as a certificate for [`Certificate::verify`].
    pub fn certificate(&self) -> Certificate {
        Certificate {
            format: certificate::FORMAT.to_string(),
            ruleset: self.ruleset.to_string(),
            max_heap: self.max_heap,
            order: self.order,
            table: self
                .table
                .chunks(self.order)
                .map(|row| row.to_vec())
                .collect(),
            p_portion: self.p_portion(),
            heap_images: self.phi.clone(),
        }
    }

    /// The report of the quotient (what `onag heaps quotient --json` prints).
    pub fn report(&self) -> QuotientReport {
        let pres = self.presentation();
        QuotientReport {
            ruleset: self.ruleset.to_string(),
            max_heap: self.max_heap,
            order: self.order,
            p_size: self.p.iter().filter(|&&b| b).count(),
            generators: pres
                .generators
                .iter()
                .map(|g| format!("{} = heap {}", g.name, g.heap))
                .collect(),
            relations: pres.relations.clone(),
            p_portion: self
                .p_portion()
                .iter()
                .map(|&x| pres.normal_forms[x as usize].clone())
                .collect(),
            heap_images: self
                .phi
                .iter()
                .map(|&x| pres.normal_forms[x as usize].clone())
                .collect(),
            steps: self.steps.clone(),
        }
    }
}

/// Q_n as a report: the presentation, the P-portion and heap images as normal forms, and
/// the order after each heap.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct QuotientReport {
    /// The ruleset.
    pub ruleset: String,
    /// n.
    pub max_heap: usize,
    /// |Q_n|.
    pub order: usize,
    /// |P|.
    pub p_size: usize,
    /// `a = heap 2`, …
    pub generators: Vec<String>,
    /// `a^2 = 1`, …
    pub relations: Vec<String>,
    /// The P-portion, as normal forms.
    pub p_portion: Vec<String>,
    /// The image of each heap 0..=n, as normal forms.
    pub heap_images: Vec<String>,
    /// The order after each heap.
    pub steps: Vec<HeapStep>,
}
