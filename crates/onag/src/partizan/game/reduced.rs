//! Values modulo infinitesimals: numbers, infinitesimals, number-ish games and the reduced
//! canonical form.
//!
//! A short game is **infinitesimal** when it lies strictly between −x and x for every positive
//! number x, which is when both its stops are 0; it is **number-ish** when it is a number plus
//! an infinitesimal, which is when its two stops agree (Siegel, *CGT* §II.4–II.6).
//!
//! The **reduced canonical form** rcf(G) (Grossman and Siegel, "Reductions of partizan games",
//! *Games of No Chance 3*, 2009; Siegel, *CGT* §II.6) is the simplest game infinitely close to
//! G: rcf(G) = rcf(H) exactly when G − H is infinitesimal. It is computed as the star
//! projection of ∫^* G, G heated by * (as in CGSuite and the `cgt` crate: heating by * turns each
//! infinitesimal difference into a nimber difference, and the projection x*, x ↦ x removes it).
//!
//! # Examples
//! ```
//! use onag::partizan::{game::Arena, parse::parse, name::{name, NameStyle}};
//! let mut arena = Arena::new();
//! let g = parse(&mut arena, "1^*").unwrap();
//! let r = arena.reduced_canonical_form(g).unwrap();
//! assert_eq!(name(&arena, r, NameStyle::Ascii), "1");
//! let h = parse(&mut arena, "{2|1*}").unwrap();
//! let r = arena.reduced_canonical_form(h).unwrap();
//! assert_eq!(name(&arena, r, NameStyle::Ascii), "{2|1}");
//! ```

use super::{Arena, GameError, GameId};
use crate::partizan::dyadic::Dyadic;

impl Arena {
    /// Whether `g` is a number.
    pub fn is_number(&self, g: GameId) -> bool {
        self.as_number(g).is_some()
    }

    /// Whether `g` is infinitesimal: both stops are 0 (0 itself included).
    pub fn is_infinitesimal(&self, g: GameId) -> bool {
        self.left_stop(g) == Dyadic::ZERO && self.right_stop(g) == Dyadic::ZERO
    }

    /// Whether `g` is a number plus an infinitesimal: its stops agree.
    pub fn is_numberish(&self, g: GameId) -> bool {
        self.left_stop(g) == self.right_stop(g)
    }

    /// Whether `g − h` is infinitesimal.
    pub fn infinitely_close(&mut self, g: GameId, h: GameId) -> Result<bool, GameError> {
        let d = self.sub(g, h)?;
        Ok(self.is_infinitesimal(d))
    }

    /// The star projection: every follower x or x* (x a number) replaced by x, the others
    /// rebuilt from their projected options.
    pub fn star_projection(&mut self, g: GameId) -> Result<GameId, GameError> {
        if let Some((x, 0, s)) = self.as_nus(g) {
            if s <= 1 {
                return self.number(x);
            }
        }
        if let Some(&p) = self.ops.star_projection.get(&g.0) {
            return Ok(GameId(p));
        }
        let mut left = Vec::with_capacity(self.left_options(g).len());
        for i in 0..self.left_options(g).len() {
            left.push(self.star_projection(self.left_options(g)[i])?);
        }
        let mut right = Vec::with_capacity(self.right_options(g).len());
        for i in 0..self.right_options(g).len() {
            right.push(self.star_projection(self.right_options(g)[i])?);
        }
        let p = self.from_options(&left, &right)?;
        self.ops.star_projection.insert(g.0, p.0);
        Ok(p)
    }

    /// The reduced canonical form of `g` (see the module docs).
    pub fn reduced_canonical_form(&mut self, g: GameId) -> Result<GameId, GameError> {
        if let Some(x) = self.as_number(g) {
            return self.number(x);
        }
        if let Some(&r) = self.ops.reduced.get(&g.0) {
            return Ok(GameId(r));
        }
        let star = self.nimber(1)?;
        let heated = self.heat(g, star)?;
        let r = self.star_projection(heated)?;
        self.ops.reduced.insert(g.0, r.0);
        Ok(r)
    }
}
