//! The memo tables of the operations on canonical games beyond ≤ and + (cooling, heating,
//! overheating, atomic weight, reduced canonical form, Norton product), kept in the arena so
//! that they live as long as the ids they store.

use super::thermograph::Thermographs;
use super::FxHashMap;
use crate::partizan::dyadic::Dyadic;

#[derive(Clone, Debug, Default)]
pub(super) struct OpsMemo {
    /// Thermographs of arena games (for means and temperatures while cooling).
    pub(super) thermographs: Thermographs,
    /// (G, t) → G cooled by t.
    pub(super) cool: FxHashMap<(u32, Dyadic), u32>,
    /// (G, T) → ∫^T G.
    pub(super) heat: FxHashMap<(u32, u32), u32>,
    /// (G, S, T) → ∫_S^T G.
    pub(super) overheat: FxHashMap<(u32, u32, u32), u32>,
    /// G → the atomic weight calculus's value for G (its atomic weight when G is atomic).
    pub(super) atomic_weight: FxHashMap<u32, u32>,
    /// G → N, the least N with *N a remote star of G (no follower of G is *k for k ≥ N).
    pub(super) far_star: FxHashMap<u32, u32>,
    /// G → whether G is all-small.
    pub(super) all_small: FxHashMap<u32, bool>,
    /// G → its tempered class.
    pub(super) tempered: FxHashMap<u32, super::Tempered>,
    /// G → star projection (x and x* ↦ x at every follower).
    pub(super) star_projection: FxHashMap<u32, u32>,
    /// G → reduced canonical form.
    pub(super) reduced: FxHashMap<u32, u32>,
    /// (G, U) → G.U.
    pub(super) norton: FxHashMap<(u32, u32), u32>,
}
