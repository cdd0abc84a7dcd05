//! Cooling, freezing, heating and overheating of canonical games: the operations thermography
//! is built on.
//!
//! - **Cooling** by a tax t ≥ 0 (Conway, ONAG ch. 9; Berlekamp–Conway–Guy, *Winning Ways*
//!   ch. 6; Siegel, *CGT* Def. II.5.9): a number cools to itself; otherwise
//!   G_t = {G^L_t − t | G^R_t + t}, unless some G_{t'} with t' < t is already infinitely close to
//!   a number x, and then G_t = x. With the thermograph that reads: G_t is the formula for
//!   t ≤ temperature(G), and the mean of G above it. Cooling is additive,
//!   (G + H)_t = G_t + H_t (Siegel, Thm. II.5.12).
//! - **Freezing**: G cooled by its own temperature, a number plus an infinitesimal.
//! - **Heating** by any game T (Siegel, Def. II.5.20; *Winning Ways* ch. 6 "heating"):
//!   ∫^T x = x for a number x, otherwise ∫^T G = {T + ∫^T G^L | ∫^T G^R − T}.
//! - **Overheating** from S to T (Berlekamp, "Blockbusting and Domineering", 1988; Siegel
//!   §II.5): ∫_S^T n = n·S for an integer n, otherwise ∫_S^T G = {T + ∫_S^T G^L | ∫_S^T G^R − T}.
//!
//! Heating and overheating depend on the form; as in CGSuite they are applied to the
//! canonical form.
//!
//! # Examples
//! ```
//! use onag::partizan::{game::Arena, parse::parse, name::{name, NameStyle}};
//! use onag::partizan::dyadic::Dyadic;
//! let mut arena = Arena::new();
//! let g = parse(&mut arena, "{5|1}").unwrap();
//! let cooled = arena.cool(g, Dyadic::ONE).unwrap();
//! assert_eq!(name(&arena, cooled, NameStyle::Ascii), "{4|2}");
//! let frozen = arena.freeze(g).unwrap();
//! assert_eq!(name(&arena, frozen, NameStyle::Ascii), "3*");
//! let star = parse(&mut arena, "*").unwrap();
//! let one = arena.integer(1).unwrap();
//! let heated = arena.heat(star, one).unwrap();
//! assert_eq!(name(&arena, heated, NameStyle::Ascii), "+-1");
//! ```

use super::{Arena, GameError, GameId};
use crate::partizan::dyadic::Dyadic;

impl Arena {
    /// (mean, temperature) of `g`, from its thermograph (memoised in the arena).
    pub fn mean_and_temperature(&mut self, g: GameId) -> Result<(Dyadic, Dyadic), GameError> {
        let mut memo = std::mem::take(&mut self.ops.thermographs);
        let result = memo.get(self, g).map(|th| (th.mean(), th.temperature()));
        self.ops.thermographs = memo;
        result
    }

    /// G cooled by `t ≥ 0` (see the module docs); a typed error for negative `t`.
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId, GameError> {
        if t < Dyadic::ZERO {
            return Err(GameError::Undefined(format!(
                "cooling by the negative temperature {t} (onag cools by t ≥ 0)"
            )));
        }
        if t == Dyadic::ZERO || self.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&c) = self.ops.cool.get(&(g.0, t)) {
            return Ok(GameId(c));
        }
        let (mean, temperature) = self.mean_and_temperature(g)?;
        let cooled = if t > temperature {
            self.number(mean)?
        } else {
            let minus_t = self.number(t.checked_neg()?)?;
            let plus_t = self.number(t)?;
            let mut left = Vec::with_capacity(self.left_options(g).len());
            for i in 0..self.left_options(g).len() {
                let c = self.cool(self.left_options(g)[i], t)?;
                left.push(self.add(c, minus_t)?);
            }
            let mut right = Vec::with_capacity(self.right_options(g).len());
            for i in 0..self.right_options(g).len() {
                let c = self.cool(self.right_options(g)[i], t)?;
                right.push(self.add(c, plus_t)?);
            }
            self.from_options(&left, &right)?
        };
        self.ops.cool.insert((g.0, t), cooled.0);
        Ok(cooled)
    }

    /// G cooled by its temperature (a number cools to itself): a number plus an
    /// infinitesimal, infinitely close to the mean.
    pub fn freeze(&mut self, g: GameId) -> Result<GameId, GameError> {
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        let (_, temperature) = self.mean_and_temperature(g)?;
        self.cool(g, temperature)
    }

    /// ∫^T G: G heated by the game `t` (see the module docs).
    pub fn heat(&mut self, g: GameId, t: GameId) -> Result<GameId, GameError> {
        if self.as_number(g).is_some() || t == self.zero() {
            return Ok(g);
        }
        if let Some(&h) = self.ops.heat.get(&(g.0, t.0)) {
            return Ok(GameId(h));
        }
        let mut left = Vec::with_capacity(self.left_options(g).len());
        for i in 0..self.left_options(g).len() {
            let h = self.heat(self.left_options(g)[i], t)?;
            left.push(self.add(t, h)?);
        }
        let mut right = Vec::with_capacity(self.right_options(g).len());
        for i in 0..self.right_options(g).len() {
            let h = self.heat(self.right_options(g)[i], t)?;
            right.push(self.sub(h, t)?);
        }
        let heated = self.from_options(&left, &right)?;
        self.ops.heat.insert((g.0, t.0), heated.0);
        Ok(heated)
    }

    /// ∫_S^T G: G overheated from `s` to `t` (see the module docs).
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> Result<GameId, GameError> {
        if let Some(x) = self.as_number(g).filter(|x| x.is_integer()) {
            return self.integer_multiple(s, x.numerator());
        }
        if let Some(&h) = self.ops.overheat.get(&(g.0, s.0, t.0)) {
            return Ok(GameId(h));
        }
        let mut left = Vec::with_capacity(self.left_options(g).len());
        for i in 0..self.left_options(g).len() {
            let h = self.overheat(self.left_options(g)[i], s, t)?;
            left.push(self.add(t, h)?);
        }
        let mut right = Vec::with_capacity(self.right_options(g).len());
        for i in 0..self.right_options(g).len() {
            let h = self.overheat(self.right_options(g)[i], s, t)?;
            right.push(self.sub(h, t)?);
        }
        let heated = self.from_options(&left, &right)?;
        self.ops.overheat.insert((g.0, s.0, t.0), heated.0);
        Ok(heated)
    }

    /// n·G (n copies of G, or of −G for n < 0), by doubling.
    pub fn integer_multiple(&mut self, g: GameId, n: i64) -> Result<GameId, GameError> {
        let base = if n < 0 { self.neg(g) } else { g };
        let mut k = n.unsigned_abs();
        let mut acc = self.zero();
        let mut power = base;
        while k > 0 {
            if k & 1 == 1 {
                acc = self.add(acc, power)?;
            }
            k >>= 1;
            if k > 0 {
                power = self.add(power, power)?;
            }
        }
        Ok(acc)
    }
}
