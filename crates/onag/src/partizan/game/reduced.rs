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

/// The tempered class of a canonical game (Siegel, *CGT* §II.6 on even- and odd-tempered
/// games; as CGSuite's `isEvenTempered`/`isOddTempered` compute it on canonical forms): a
/// number-up-star x + n·↑ + *k is even-tempered when it is a number (n = 0, k = 0) and
/// odd-tempered when it is x + * (n = 0, k = 1); any other game is even-tempered when every
/// option is odd-tempered and odd-tempered when every option is even-tempered.
///
/// # Examples
/// ```
/// use onag::partizan::{game::{Arena, Tempered}, parse::parse};
/// let mut arena = Arena::new();
/// let class = |arena: &mut Arena, text: &str| {
///     let g = parse(arena, text).unwrap();
///     arena.tempered(g)
/// };
/// assert_eq!(class(&mut arena, "3/2"), Tempered::Even);
/// assert_eq!(class(&mut arena, "+-1"), Tempered::Odd); // options 1 and −1 are even
/// assert_eq!(class(&mut arena, "{2|0}+{1|0}"), Tempered::Even);
/// assert_eq!(class(&mut arena, "^"), Tempered::Neither);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Tempered {
    /// Even-tempered (numbers, and games whose options are all odd-tempered).
    Even,
    /// Odd-tempered (x + *, and games whose options are all even-tempered).
    Odd,
    /// Neither.
    Neither,
}

impl std::fmt::Display for Tempered {
    /// `even`, `odd` or `neither`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Tempered::Even => "even",
            Tempered::Odd => "odd",
            Tempered::Neither => "neither",
        })
    }
}

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

    /// The tempered class of `g` ([`Tempered`]).
    pub fn tempered(&mut self, g: GameId) -> Tempered {
        if let Some((_, ups, star)) = self.as_nus(g) {
            return match (ups, star) {
                (0, 0) => Tempered::Even,
                (0, 1) => Tempered::Odd,
                _ => Tempered::Neither,
            };
        }
        if let Some(&t) = self.ops.tempered.get(&g.0) {
            return t;
        }
        let s = self.node(g).start as usize;
        let total = self.left_options(g).len() + self.right_options(g).len();
        let (mut all_odd, mut all_even) = (true, true);
        for i in s..s + total {
            let o = self.options[i];
            match self.tempered(o) {
                Tempered::Even => all_odd = false,
                Tempered::Odd => all_even = false,
                Tempered::Neither => (all_odd, all_even) = (false, false),
            }
            if !all_odd && !all_even {
                break;
            }
        }
        let t = match (all_odd, all_even) {
            (true, _) => Tempered::Even,
            (_, true) => Tempered::Odd,
            _ => Tempered::Neither,
        };
        self.ops.tempered.insert(g.0, t);
        t
    }

    /// Whether `g` is even-tempered ([`Tempered`]).
    pub fn is_even_tempered(&mut self, g: GameId) -> bool {
        self.tempered(g) == Tempered::Even
    }

    /// Whether `g` is odd-tempered ([`Tempered`]).
    pub fn is_odd_tempered(&mut self, g: GameId) -> bool {
        self.tempered(g) == Tempered::Odd
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
