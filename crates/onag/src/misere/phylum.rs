//! Tame, restive and restless games (Conway, *On Numbers and Games*, ch. 12; *Winning Ways*,
//! ch. 13; Siegel, *Combinatorial Game Theory*, ch. V.3), decided on misère canonical forms.
//!
//! With g⁺ the normal and g⁻ the misère Grundy value:
//! - a game is *(hereditarily) tame* when every option is and (g⁺, g⁻) is a tame pair:
//!   g⁺ = g⁻, or both are 0 or 1 — tame games add like nim heaps, by the misère nim rule;
//! - *generally tame* (tame in *Winning Ways*' wider sense) when, besides, a wild option may
//!   be present if it *reverts*: it has tame options of the game's g⁺ and of its g⁻, and the
//!   tame options alone give the game's g⁺ and g⁻ as mexes;
//! - *restive*: not tame, every option hereditarily tame, g⁺ ∈ {0, 1} (the genus is then
//!   `a^{b, b⊕2, …}`-like, e.g. `1^20` of {{\*2}, 0});
//! - *generally restive*: restive, or a game of restive pair whose non-tame options revert
//!   to restive-or-tame games of its values (CGSuite's "reversibly restive");
//! - *restless*: every option generally tame, g⁻ ∈ {0, 1}, g⁺ ≥ 2 (e.g. `2^1420` of
//!   {{\*2}, \*});
//! - *half-tame* (CGSuite): not generally tame, and G + G generally tame of genus `0^02`.
//!
//! The names and the reverting conditions follow the classification of CGSuite (Dan Hoey's
//! "phyla"); CGSuite's own outputs are the fixture `tests/data/misere_cgsuite.txt`.

use std::collections::HashMap;

use super::store::{MisereError, MisereId, MisereStore};

/// The classification of one canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Phylum {
    /// A nim heap \*n.
    pub nim_heap: bool,
    /// Hereditarily tame.
    pub tame: bool,
    /// Tame, or of tame pair with every wild option reverting.
    pub generally_tame: bool,
    /// Restive (options hereditarily tame, g⁺ ≤ 1, not tame).
    pub restive: bool,
    /// Restive, or reversibly restive.
    pub generally_restive: bool,
    /// Restless (options generally tame, g⁻ ≤ 1 < g⁺).
    pub restless: bool,
}

fn tame_pair(p: u32, m: u32) -> bool {
    p == m || (p <= 1 && m <= 1)
}

fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let v: Vec<u32> = values.collect();
    (0..).find(|m| !v.contains(m)).unwrap_or(0)
}

/// Memoised classification over a store.
#[derive(Default, Debug, Clone)]
pub struct Classifier {
    known: HashMap<MisereId, Phylum>,
}

impl Classifier {
    /// An empty memo.
    pub fn new() -> Self {
        Classifier::default()
    }

    /// The phylum of `g`.
    pub fn phylum(&mut self, store: &MisereStore, g: MisereId) -> Phylum {
        if let Some(&p) = self.known.get(&g) {
            return p;
        }
        let opts = store.options(g).to_vec();
        let op: Vec<Phylum> = opts.iter().map(|&o| self.phylum(store, o)).collect();
        let (p, m) = (store.grundy(g), store.misere_grundy(g));
        let mut ph = Phylum {
            nim_heap: store.as_nimber(g).is_some(),
            ..Phylum::default()
        };
        let all_ht = op.iter().all(|o| o.tame);
        let all_gt = op.iter().all(|o| o.generally_tame);
        let tp = tame_pair(p, m);
        ph.tame = ph.nim_heap || (all_ht && tp);
        ph.generally_tame =
            ph.tame || (tp && (all_gt || self.reverts(store, &opts, &op, p, m, false)));
        ph.restive = !tp && all_ht && p <= 1;
        ph.generally_restive = ph.restive
            || (!tp && p <= 1 && (all_gt || self.reverts(store, &opts, &op, p, m, true)));
        ph.restless = all_gt && m <= 1 && p >= 2;
        self.known.insert(g, ph);
        ph
    }

    /// Whether every option that is not generally tame reverts (to generally tame games of
    /// the values `p`, `m`; for a restive pair, to restive-or-tame games with CGSuite's
    /// conditions), and the tame options alone give `p` and `m`.
    fn reverts(
        &mut self,
        store: &MisereStore,
        opts: &[MisereId],
        op: &[Phylum],
        p: u32,
        m: u32,
        restive: bool,
    ) -> bool {
        for (&o, ph) in opts.iter().zip(op) {
            if ph.generally_tame {
                continue;
            }
            let (mut found_m, mut found_p) = (false, false);
            for &oo in store.options(o) {
                let q = self.phylum(store, oo);
                let (sp, sm) = (store.grundy(oo), store.misere_grundy(oo));
                if !restive && q.generally_tame {
                    found_m |= sm == m;
                    found_p |= sp == p;
                } else if restive && (q.generally_tame || q.generally_restive) {
                    found_m |= sm == m && (sp <= 1 || (sp ^ m) <= 1);
                    found_p |= sp == p && (sm <= 1 || (sm ^ m) <= 1);
                }
            }
            if !(found_m && found_p) {
                return false;
            }
        }
        let tame: Vec<MisereId> = opts
            .iter()
            .zip(op)
            .filter(|(_, ph)| ph.generally_tame)
            .map(|(&o, _)| o)
            .collect();
        mex(tame.iter().map(|&o| store.grundy(o))) == p
            && mex(tame.iter().map(|&o| store.misere_grundy(o))) == m
    }

    /// Whether `g` is half-tame: not generally tame, and G + G generally tame of genus
    /// `0^02`.
    pub fn half_tame(&mut self, store: &mut MisereStore, g: MisereId) -> Result<bool, MisereError> {
        if self.phylum(store, g).generally_tame {
            return Ok(false);
        }
        let d = store.sum(g, g)?;
        let ph = self.phylum(store, d);
        Ok(ph.generally_tame && store.grundy(d) == 0 && store.misere_grundy(d) == 0)
    }
}
