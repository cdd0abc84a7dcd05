//! All-small games and their atomic weights.
//!
//! A game is **all-small** (dicotic) when every follower with a move for one player has a
//! move for the other (Siegel, *CGT* §II.7; *Winning Ways* ch. 8): in canonical form, every
//! number among its followers is 0.
//!
//! The **atomic weight** aw(G) is the game W with G ∼ W·↑ under the atomic-weight relation
//! (G ∼ H iff o(G + X + *m) = o(H + X + *m) for all X and all large m). It is computed by the
//! *atomic weight calculus* (Siegel, *CGT* §II.7, the atomic weight calculus; *Winning
//! Ways* ch. 8 "the atomic weight of G is {G^L'' − 2 | G^R'' + 2} unless …"):
//! G'' = {aw(G^L) − 2 | aw(G^R) + 2}; if G'' is not an integer, aw(G) = G''; if it is an
//! integer, compare G with a remote star *N (N above every nimber among G's followers): if
//! G > *N, aw(G) is the greatest integer n with n ⧏ aw(G^R) + 2 for every G^R; if G < *N, the
//! least integer n with n ⧐ aw(G^L) − 2 for every G^L; otherwise G''. Atomic weight is
//! additive on all-small games, and aw(n·↑ + *m) = n.
//!
//! Beyond all-small games onag follows CGSuite (`CanonicalShortGame.atomicWeight`): an
//! infinitesimal G is *atomic* when the calculus's value W satisfies −ε ≤ G − W·↑ ≤ ε for
//! ε = ↑* + (*N : −1), *N the least power-of-two star (N ≥ 2) at or beyond G's remote star
//! (the "red kite" bound), and then aw(G) = W; so Tiny(x) and Miny(x) have atomic weight 0
//! and {1|↑↑||↑} has 2. Any other game (not infinitesimal, or infinitesimal but not atomic,
//! e.g. {1|↑↑↑||↑}) is a typed [`GameError::Undefined`].
//!
//! # Examples
//! ```
//! use onag::partizan::{game::Arena, parse::parse, name::{name, NameStyle}};
//! let mut arena = Arena::new();
//! let g = parse(&mut arena, "^^*").unwrap();
//! let w = arena.atomic_weight(g).unwrap();
//! assert_eq!(name(&arena, w, NameStyle::Ascii), "2");
//! let hot = parse(&mut arena, "{1|-1}").unwrap();
//! assert!(arena.atomic_weight(hot).is_err());
//! ```

use super::{Arena, GameError, GameId};
use crate::partizan::dyadic::Dyadic;

impl Arena {
    /// Whether `g` is all-small: every follower is 0 or has options for both players.
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        if g == self.zero() {
            return true;
        }
        if self.as_number(g).is_some() {
            return false;
        }
        if let Some(&b) = self.ops.all_small.get(&g.0) {
            return b;
        }
        let (s, n) = (self.node(g).start as usize, self.left_options(g).len());
        let total = n + self.right_options(g).len();
        let mut result = true;
        for i in s..s + total {
            let o = self.options[i];
            if !self.is_all_small(o) {
                result = false;
                break;
            }
        }
        self.ops.all_small.insert(g.0, result);
        result
    }

    /// The least N such that no follower of `g` (g included) is a nimber *k with k ≥ N: *N is
    /// then a remote star of g.
    pub fn far_star(&mut self, g: GameId) -> u32 {
        if let Some((x, 0, s)) = self.as_nus(g) {
            if x == Dyadic::ZERO {
                return s + 1;
            }
        }
        if let Some(&n) = self.ops.far_star.get(&g.0) {
            return n;
        }
        let s = self.node(g).start as usize;
        let total = self.left_options(g).len() + self.right_options(g).len();
        let mut far = 1;
        for i in s..s + total {
            let o = self.options[i];
            far = far.max(self.far_star(o));
        }
        self.ops.far_star.insert(g.0, far);
        far
    }

    /// The atomic weight of an all-small or other atomic game (see the module docs); a typed
    /// [`GameError::Undefined`] for any other game.
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId, GameError> {
        if self.is_all_small(g) {
            return self.atomic_weight_calculus(g);
        }
        if !self.is_infinitesimal(g) {
            return Err(GameError::Undefined(format!(
                "the atomic weight is defined for infinitesimal games only; this game's stops \
                 are {} and {}",
                self.left_stop(g),
                self.right_stop(g)
            )));
        }
        let w = self.atomic_weight_calculus(g)?;
        let up = self.nus(Dyadic::ZERO, 1, 0)?;
        let multiple = self.norton_product(w, up)?;
        let difference = self.sub(g, multiple)?;
        let n = self.far_star(g).next_power_of_two().max(2);
        let stars: Vec<GameId> = (0..n).map(|k| self.nimber(k)).collect::<Result<_, _>>()?;
        let mut right = stars.clone();
        right.push(self.nimber(n)?);
        let kite = self.from_options(&stars, &right)?; // *N : −1
        let up_star = self.nus(Dyadic::ZERO, 1, 1)?;
        let epsilon = self.add(up_star, kite)?;
        let minus_epsilon = self.neg(epsilon);
        if self.try_le(difference, epsilon)? && self.try_le(minus_epsilon, difference)? {
            Ok(w)
        } else {
            Err(GameError::Undefined(
                "this infinitesimal game is not atomic: it differs from every multiple of ↑ by \
                 more than ↑* + (*N : −1)"
                    .into(),
            ))
        }
    }

    /// The atomic weight calculus (module docs) on any game, with aw(x + n·↑ + *m) = n.
    fn atomic_weight_calculus(&mut self, g: GameId) -> Result<GameId, GameError> {
        if let Some((_, ups, _)) = self.as_nus(g) {
            return self.integer(ups);
        }
        if let Some(&w) = self.ops.atomic_weight.get(&g.0) {
            return Ok(GameId(w));
        }
        let two = self.integer(2)?;
        let minus_two = self.integer(-2)?;
        let mut left = Vec::with_capacity(self.left_options(g).len());
        for i in 0..self.left_options(g).len() {
            let w = self.atomic_weight_calculus(self.left_options(g)[i])?;
            left.push(self.add(w, minus_two)?);
        }
        let mut right = Vec::with_capacity(self.right_options(g).len());
        for i in 0..self.right_options(g).len() {
            let w = self.atomic_weight_calculus(self.right_options(g)[i])?;
            right.push(self.add(w, two)?);
        }
        let candidate = self.from_options(&left, &right)?;
        let weight = match self.as_number(candidate) {
            Some(x) if x.is_integer() => {
                let far = self.far_star(g);
                let remote = self.nimber(far)?;
                let above = self.try_le(remote, g)?;
                let below = self.try_le(g, remote)?;
                match (above, below) {
                    (true, false) => {
                        // the greatest integer n with n ⧏ H for every Right H
                        let mut best: Option<i64> = None;
                        for &h in &right {
                            let n = self.least_integer_at_least(h)? - 1;
                            best = Some(best.map_or(n, |b| b.min(n)));
                        }
                        self.integer(best.unwrap_or(x.numerator()))?
                    }
                    (false, true) => {
                        // the least integer n with n ⧐ H for every Left H
                        let mut best: Option<i64> = None;
                        for &h in &left {
                            let n = self.greatest_integer_at_most(h)? + 1;
                            best = Some(best.map_or(n, |b| b.max(n)));
                        }
                        self.integer(best.unwrap_or(x.numerator()))?
                    }
                    _ => candidate,
                }
            }
            _ => candidate,
        };
        self.ops.atomic_weight.insert(g.0, weight.0);
        Ok(weight)
    }

    /// The least integer m with H ≤ m (m > L(H) always qualifies, m < L(H) never does).
    fn least_integer_at_least(&mut self, h: GameId) -> Result<i64, GameError> {
        let mut m = self
            .left_stop(h)
            .floor()
            .checked_add(1)
            .ok_or(GameError::Overflow)?;
        loop {
            let below = self.integer(m - 1)?;
            if !self.try_le(h, below)? {
                return Ok(m);
            }
            m -= 1;
        }
    }

    /// The greatest integer m with m ≤ H (m < R(H) always qualifies, m > R(H) never does).
    fn greatest_integer_at_most(&mut self, h: GameId) -> Result<i64, GameError> {
        let mut m = self
            .right_stop(h)
            .ceil()
            .checked_sub(1)
            .ok_or(GameError::Overflow)?;
        loop {
            let above = self.integer(m + 1)?;
            if !self.try_le(above, h)? {
                return Ok(m);
            }
            m += 1;
        }
    }
}
