//! Conway's ≤ (ONAG ch. 1): G ≤ H unless some G^L ≥ H or some H^R ≤ G, memoised, with fast
//! paths for `number + ups + star`, stops and number avoidance.

use super::{Arena, FxHashMap, GameId};
use crate::partizan::dyadic::Dyadic;
use crate::partizan::Outcome;

impl Arena {
    /// Conway's G ≤ H, memoised.
    pub fn le(&mut self, a: GameId, b: GameId) -> bool {
        if a == b {
            return true;
        }
        let (na, nb) = (self.node(a), self.node(b));
        if let (Some(x), Some(y)) = (na.nus(), nb.nus()) {
            return nus_le(x, y);
        }
        // G ≤ H implies L(G) ≤ L(H) and R(G) ≤ R(H) (stops are order-preserving).
        if na.left_stop() > nb.left_stop() || na.right_stop() > nb.right_stop() {
            return false;
        }
        if na.is_number() {
            // Number avoidance (ONAG Thm 90): for a number x and a non-number H,
            // x ≤ H iff no H^R ≤ x; the options of x never matter.
            let (s, n) = self.right_range(b);
            return (s..s + n).all(|i| {
                let br = self.options[i];
                !self.le(br, a)
            });
        }
        if nb.is_number() {
            let (s, n) = self.left_range(a);
            return (s..s + n).all(|i| {
                let al = self.options[i];
                !self.le(b, al)
            });
        }
        let key = ((a.0 as u64) << 32) | b.0 as u64;
        if let Some(r) = self.le_memo.get(&key) {
            return r;
        }
        let result = self.le_general(a, b);
        self.le_memo.insert(key, result);
        result
    }

    fn le_general(&mut self, a: GameId, b: GameId) -> bool {
        let (s, n) = self.right_range(b);
        for i in s..s + n {
            let br = self.options[i];
            if self.le(br, a) {
                return false;
            }
        }
        let (s, n) = self.left_range(a);
        for i in s..s + n {
            let al = self.options[i];
            if self.le(b, al) {
                return false;
            }
        }
        true
    }

    /// G ≥ H.
    pub fn ge(&mut self, a: GameId, b: GameId) -> bool {
        self.le(b, a)
    }

    /// Outcome class: L (G > 0), R (G < 0), P (G = 0), N (G ‖ 0).
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let zero = self.zero();
        let ge0 = self.le(zero, g);
        let le0 = self.le(g, zero);
        match (ge0, le0) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        }
    }

    pub(super) fn left_range(&self, g: GameId) -> (usize, usize) {
        let n = self.node(g);
        (n.start as usize, n.n_left as usize)
    }

    pub(super) fn right_range(&self, g: GameId) -> (usize, usize) {
        let n = self.node(g);
        ((n.start + n.n_left) as usize, n.n_right as usize)
    }
}

/// x + u↑ + *s ≤ y + v↑ + *t: the difference is (x−y) + (u−v)↑ + *(s⊕t), which is ≤ 0 iff
/// x < y, or x = y and it is 0 or negative: n↑*m < 0 for n ≤ −1 except ↓* ‖ 0.
fn nus_le(a: (Dyadic, i64, u32), b: (Dyadic, i64, u32)) -> bool {
    if a.0 != b.0 {
        return a.0 < b.0;
    }
    let n = a.1 as i128 - b.1 as i128;
    let m = a.2 ^ b.2;
    match n {
        0 => m == 0,
        n if n > 0 => false,
        -1 => m != 1,
        _ => true,
    }
}

/// Comparisons between arena games and one game G = {left | right} not yet in the arena (the
/// game being simplified), memoised for the lifetime of one simplification: G's value never
/// changes while its options are simplified.
pub(super) struct Pending {
    pub(super) left: Vec<GameId>,
    pub(super) right: Vec<GameId>,
    memo: FxHashMap<(u32, bool), bool>,
}

impl Pending {
    pub(super) fn new(left: Vec<GameId>, right: Vec<GameId>) -> Pending {
        Pending {
            left,
            right,
            memo: FxHashMap::default(),
        }
    }

    /// X ≤ G: no X^L ≥ G and no G^R ≤ X.
    pub(super) fn x_le_g(&mut self, arena: &mut Arena, x: GameId) -> bool {
        if let Some(&r) = self.memo.get(&(x.0, true)) {
            return r;
        }
        let mut result = true;
        for i in 0..self.right.len() {
            let gr = self.right[i];
            if arena.le(gr, x) {
                result = false;
                break;
            }
        }
        if result {
            let (s, n) = arena.left_range(x);
            for i in s..s + n {
                let xl = arena.options[i];
                if self.g_le_x(arena, xl) {
                    result = false;
                    break;
                }
            }
        }
        self.memo.insert((x.0, true), result);
        result
    }

    /// G ≤ Y: no G^L ≥ Y and no Y^R ≤ G.
    pub(super) fn g_le_x(&mut self, arena: &mut Arena, y: GameId) -> bool {
        if let Some(&r) = self.memo.get(&(y.0, false)) {
            return r;
        }
        let mut result = true;
        for i in 0..self.left.len() {
            let gl = self.left[i];
            if arena.le(y, gl) {
                result = false;
                break;
            }
        }
        if result {
            let (s, n) = arena.right_range(y);
            for i in s..s + n {
                let yr = arena.options[i];
                if self.x_le_g(arena, yr) {
                    result = false;
                    break;
                }
            }
        }
        self.memo.insert((y.0, false), result);
        result
    }
}
