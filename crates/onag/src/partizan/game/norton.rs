//! Incentives and Norton multiplication.
//!
//! The **incentives** of G are its Left incentives G^L − G and its Right incentives G − G^R
//! (*Winning Ways* ch. 6; Siegel, *CGT* §II.4): what a move gains.
//!
//! The **Norton product** G.U of G by a positive unit U (*Winning Ways* ch. 8 "Norton
//! multiplication"; Siegel, *CGT* §II.4): n.U is n copies of U for an integer n, and otherwise
//! G.U = {G^L.U + U + I | G^R.U − U − I}, I ranging over the incentives of U (so U + I is
//! U^L or 2U − U^R). For canonical G it is additive in G and order-preserving.
//!
//! # Examples
//! ```
//! use onag::partizan::{game::Arena, parse::parse, name::{name, NameStyle}};
//! let mut arena = Arena::new();
//! let half = parse(&mut arena, "1/2").unwrap();
//! let up = parse(&mut arena, "^").unwrap();
//! let p = arena.norton_product(half, up).unwrap();
//! let twice = arena.add(p, p).unwrap();
//! assert_eq!(twice, up);
//! ```

use super::{Arena, GameError, GameId};
use crate::partizan::Player;

impl Arena {
    /// The Left incentives G^L − G of `g`.
    pub fn left_incentives(&mut self, g: GameId) -> Result<Vec<GameId>, GameError> {
        let options = self.left_options(g).to_vec();
        options.into_iter().map(|o| self.sub(o, g)).collect()
    }

    /// The Right incentives G − G^R of `g`.
    pub fn right_incentives(&mut self, g: GameId) -> Result<Vec<GameId>, GameError> {
        let options = self.right_options(g).to_vec();
        options.into_iter().map(|o| self.sub(g, o)).collect()
    }

    /// The incentives of `g` for `player`.
    pub fn incentives(&mut self, g: GameId, player: Player) -> Result<Vec<GameId>, GameError> {
        match player {
            Player::Left => self.left_incentives(g),
            Player::Right => self.right_incentives(g),
        }
    }

    /// The Norton product G.U for a positive unit `u` (see the module docs); a typed
    /// [`GameError::Undefined`] unless U > 0.
    pub fn norton_product(&mut self, g: GameId, u: GameId) -> Result<GameId, GameError> {
        let zero = self.zero();
        if !self.try_le(zero, u)? || self.try_le(u, zero)? {
            return Err(GameError::Undefined(
                "the Norton product G.U needs a positive unit U".into(),
            ));
        }
        if let Some(x) = self.as_number(g).filter(|x| x.is_integer()) {
            return self.integer_multiple(u, x.numerator());
        }
        if let Some(&p) = self.ops.norton.get(&(g.0, u.0)) {
            return Ok(GameId(p));
        }
        // U + I over the incentives I of U: the U^L, and 2U − U^R.
        let double = self.add(u, u)?;
        let mut steps = self.left_options(u).to_vec();
        for ur in self.right_options(u).to_vec() {
            steps.push(self.sub(double, ur)?);
        }
        let mut left = Vec::new();
        for gl in self.left_options(g).to_vec() {
            let p = self.norton_product(gl, u)?;
            for &s in &steps {
                left.push(self.add(p, s)?);
            }
        }
        let mut right = Vec::new();
        for gr in self.right_options(g).to_vec() {
            let p = self.norton_product(gr, u)?;
            for &s in &steps {
                right.push(self.sub(p, s)?);
            }
        }
        let product = self.from_options(&left, &right)?;
        self.ops.norton.insert((g.0, u.0), product.0);
        Ok(product)
    }
}
