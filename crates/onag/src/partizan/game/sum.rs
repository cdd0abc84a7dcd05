//! Disjunctive sum and negation (ONAG ch. 1), memoised, with fast paths for numbers and
//! `number + ups + star`.

use super::{Arena, GameError, GameId};

impl Arena {
    /// G + H in canonical form.
    pub fn add(&mut self, a: GameId, b: GameId) -> Result<GameId, GameError> {
        let zero = self.zero();
        if a == zero {
            return Ok(b);
        }
        if b == zero {
            return Ok(a);
        }
        if let (Some(x), Some(y)) = (self.as_nus(a), self.as_nus(b)) {
            let ups = x.1.checked_add(y.1).ok_or(GameError::Overflow)?;
            return self.nus(x.0.checked_add(y.0)?, ups, x.2 ^ y.2);
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        let key = ((a.0 as u64) << 32) | b.0 as u64;
        if let Some(s) = self.sum_memo.get(&key) {
            return Ok(GameId(s));
        }
        let sum = self.add_general(a, b)?;
        self.sum_memo.insert(key, sum.0);
        Ok(sum)
    }

    fn add_general(&mut self, a: GameId, b: GameId) -> Result<GameId, GameError> {
        self.poll_stop()?;
        let (a, b) = match (self.as_number(a), self.as_number(b)) {
            (Some(_), None) => (a, b),
            (None, Some(_)) => (b, a),
            _ => (a, b),
        };
        let mut left = Vec::new();
        let mut right = Vec::new();
        // Number translation (ONAG Thm 90 corollary): x + H = {x + H^L | x + H^R} when H is
        // not a number, so a number's own options never need to be added.
        if self.as_number(a).is_none() || self.as_number(b).is_some() {
            for i in 0..self.left_options(a).len() {
                let al = self.left_options(a)[i];
                left.push(self.add(al, b)?);
            }
            for i in 0..self.right_options(a).len() {
                let ar = self.right_options(a)[i];
                right.push(self.add(ar, b)?);
            }
        }
        for i in 0..self.left_options(b).len() {
            let bl = self.left_options(b)[i];
            left.push(self.add(a, bl)?);
        }
        for i in 0..self.right_options(b).len() {
            let br = self.right_options(b)[i];
            right.push(self.add(a, br)?);
        }
        self.from_options(&left, &right)
    }

    /// −G = {−G^R | −G^L}; the negative of a canonical form is canonical.
    ///
    /// Iterative (an explicit stack, children before parents), so a deep game — the chain
    /// of the integer 10^6, or a long sum — cannot overflow the call stack.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(h) = self.cached_neg(g) {
            return h;
        }
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            if self.cached_neg(top).is_some() {
                stack.pop();
                continue;
            }
            if let Some((x, u, s)) = self.as_nus(top) {
                // −(x + u·↑ + *s) = −x − u·↑ + *s, built without recursion on the chain
                if let Ok(h) = x.checked_neg().map_err(GameError::from).and_then(|nx| {
                    let nu = u.checked_neg().ok_or(GameError::Overflow)?;
                    self.nus(nx, nu, s)
                }) {
                    self.set_neg(top, h);
                    stack.pop();
                    continue;
                }
            }
            let before = stack.len();
            let (s, n) = (
                self.node(top).start as usize,
                (self.node(top).n_left + self.node(top).n_right) as usize,
            );
            for k in s..s + n {
                let o = self.options[k];
                if self.cached_neg(o).is_none() {
                    stack.push(o);
                }
            }
            if stack.len() > before {
                continue;
            }
            let left: Vec<GameId> = self
                .right_options(top)
                .iter()
                .filter_map(|&x| self.cached_neg(x))
                .collect();
            let right: Vec<GameId> = self
                .left_options(top)
                .iter()
                .filter_map(|&x| self.cached_neg(x))
                .collect();
            // cannot fail: interning only fails beyond 2^32 games (no memory holds that many)
            // or on a number overflow, and the negative of an arena number is an arena number
            let h = match self.intern(left, right) {
                Ok(h) => h,
                Err(e) => panic!("negation of a canonical game failed: {e}"),
            };
            self.set_neg(top, h);
            stack.pop();
        }
        self.cached_neg(g).unwrap_or(g)
    }

    /// G − H in canonical form.
    pub fn sub(&mut self, a: GameId, b: GameId) -> Result<GameId, GameError> {
        let nb = self.neg(b);
        self.add(a, nb)
    }
}
