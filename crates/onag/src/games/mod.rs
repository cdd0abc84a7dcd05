//! Playable games built on the theory modules: Turning Corners (impartial, a product of
//! coin-turning games) and Toads and Frogs (partizan).

pub mod toads_and_frogs;
pub mod turning_corners;
