//! Conway's ≤ (ONAG ch. 1): G ≤ H unless some G^L ≥ H or some H^R ≤ G, memoised, with fast
//! paths for `number + ups + star`, stops and number avoidance.

use super::{Arena, FxHashMap, GameError, GameId};
use crate::partizan::dyadic::Dyadic;
use crate::partizan::Outcome;
use crate::Stopped;

impl Arena {
    /// Conway's G ≤ H, memoised. Ignores the flag of [`Arena::set_stop`] (use
    /// [`Arena::try_le`] where a comparison may have to be interrupted).
    pub fn le(&mut self, a: GameId, b: GameId) -> bool {
        // With no flag nothing can interrupt the comparison, so it answers exactly.
        let stop = self.stop.take();
        let result = self.le_polling(a, b);
        self.stop = stop;
        matches!(result, Ok(true))
    }

    /// Conway's G ≤ H like [`Arena::le`], polling the flag of [`Arena::set_stop`] once per
    /// comparison not answered by a fast path or the memo: [`GameError::Stopped`] soon after
    /// it is raised (comparisons of deep games take exponential time). Comparisons finished
    /// before the stop stay memoised; an interrupted one leaves nothing behind.
    ///
    /// # Examples
    /// ```
    /// use onag::partizan::game::{Arena, GameError};
    /// use onag::partizan::parse::parse;
    ///
    /// let mut arena = Arena::new();
    /// let h = parse(&mut arena, "{1|0}").unwrap();
    /// let g = parse(&mut arena, "{2|0}").unwrap();
    /// let k = parse(&mut arena, "{2|{0|-1}}").unwrap();
    /// let stop = onag::StopFlag::new();
    /// arena.set_stop(Some(stop.clone()));
    /// assert_eq!(arena.try_le(h, g), Ok(true));
    /// stop.stop();
    /// assert_eq!(arena.try_le(h, g), Ok(true)); // answered before the stop: memoised
    /// assert_eq!(arena.try_le(h, k), Err(GameError::Stopped));
    /// assert!(!arena.le(h, k)); // `le` ignores the flag
    /// ```
    pub fn try_le(&mut self, a: GameId, b: GameId) -> Result<bool, GameError> {
        self.le_polling(a, b).map_err(GameError::from)
    }

    /// ≤ with a one-byte error, for the hot recursion (the Toads-and-Frogs solver compares
    /// millions of times).
    pub(super) fn le_polling(&mut self, a: GameId, b: GameId) -> Result<bool, Stopped> {
        if a == b {
            return Ok(true);
        }
        let (na, nb) = (self.node(a), self.node(b));
        if let (Some(x), Some(y)) = (na.nus(), nb.nus()) {
            return Ok(nus_le(x, y));
        }
        // G ≤ H implies L(G) ≤ L(H) and R(G) ≤ R(H) (stops are order-preserving).
        if na.left_stop() > nb.left_stop() || na.right_stop() > nb.right_stop() {
            return Ok(false);
        }
        let key = ((a.0 as u64) << 32) | b.0 as u64;
        let (a_number, b_number) = (na.is_number(), nb.is_number());
        if !a_number && !b_number {
            if let Some(r) = self.le_memo.get(&key) {
                return Ok(r);
            }
        }
        // Everything below recurses: this is where a comparison can take long.
        if let Some(flag) = &self.stop {
            flag.check()?;
        }
        if a_number {
            // Number avoidance (ONAG Thm 90): for a number x and a non-number H,
            // x ≤ H iff no H^R ≤ x; the options of x never matter.
            let (s, n) = self.right_range(b);
            for i in s..s + n {
                if self.le_polling(self.options[i], a)? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        if b_number {
            let (s, n) = self.left_range(a);
            for i in s..s + n {
                if self.le_polling(b, self.options[i])? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        let result = self.le_general(a, b)?;
        self.le_memo.insert(key, result);
        Ok(result)
    }

    fn le_general(&mut self, a: GameId, b: GameId) -> Result<bool, Stopped> {
        let (s, n) = self.right_range(b);
        for i in s..s + n {
            let br = self.options[i];
            if self.le_polling(br, a)? {
                return Ok(false);
            }
        }
        let (s, n) = self.left_range(a);
        for i in s..s + n {
            let al = self.options[i];
            if self.le_polling(b, al)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// G ≥ H.
    pub fn ge(&mut self, a: GameId, b: GameId) -> bool {
        self.le(b, a)
    }

    /// Outcome class: L (G > 0), R (G < 0), P (G = 0), N (G ‖ 0). Ignores the flag of
    /// [`Arena::set_stop`], like [`Arena::le`].
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let zero = self.zero();
        let ge0 = self.le(zero, g);
        let le0 = self.le(g, zero);
        outcome_of(ge0, le0)
    }

    /// [`Arena::outcome`], polling the flag of [`Arena::set_stop`] like [`Arena::try_le`].
    pub fn try_outcome(&mut self, g: GameId) -> Result<Outcome, GameError> {
        let zero = self.zero();
        let ge0 = self.try_le(zero, g)?;
        let le0 = self.try_le(g, zero)?;
        Ok(outcome_of(ge0, le0))
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

/// The outcome class from G ≥ 0 and G ≤ 0.
fn outcome_of(ge0: bool, le0: bool) -> Outcome {
    match (ge0, le0) {
        (true, true) => Outcome::P,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::N,
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
    pub(super) fn x_le_g(&mut self, arena: &mut Arena, x: GameId) -> Result<bool, Stopped> {
        if let Some(&r) = self.memo.get(&(x.0, true)) {
            return Ok(r);
        }
        let mut result = true;
        for i in 0..self.right.len() {
            let gr = self.right[i];
            if arena.le_polling(gr, x)? {
                result = false;
                break;
            }
        }
        if result {
            let (s, n) = arena.left_range(x);
            for i in s..s + n {
                let xl = arena.options[i];
                if self.g_le_x(arena, xl)? {
                    result = false;
                    break;
                }
            }
        }
        self.memo.insert((x.0, true), result);
        Ok(result)
    }

    /// G ≤ Y: no G^L ≥ Y and no Y^R ≤ G.
    pub(super) fn g_le_x(&mut self, arena: &mut Arena, y: GameId) -> Result<bool, Stopped> {
        if let Some(&r) = self.memo.get(&(y.0, false)) {
            return Ok(r);
        }
        let mut result = true;
        for i in 0..self.left.len() {
            let gl = self.left[i];
            if arena.le_polling(y, gl)? {
                result = false;
                break;
            }
        }
        if result {
            let (s, n) = arena.right_range(y);
            for i in s..s + n {
                let yr = arena.options[i];
                if self.x_le_g(arena, yr)? {
                    result = false;
                    break;
                }
            }
        }
        self.memo.insert((y.0, false), result);
        Ok(result)
    }
}
