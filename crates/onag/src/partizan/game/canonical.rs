//! Simplification to canonical form (Conway, ONAG Thm 68; Siegel, *CGT* §II.2): delete
//! dominated options and bypass reversible ones until neither applies.

use super::compare::Pending;
use super::{Arena, GameError, GameId};
use crate::partizan::dyadic::Dyadic;
use crate::Stopped;

impl Arena {
    /// Canonical form of {left | right} (the options are games of this arena, hence already
    /// canonical): removes dominated options and bypasses reversible ones, to a fixed point.
    #[allow(clippy::wrong_self_convention)] // the contract's name: builds a game from options
    pub fn from_options(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, GameError> {
        // Option sets recur constantly (a Toads-and-Frogs family has millions of positions
        // but only thousands of values), so the simplification itself is memoised under the
        // key (number of Left options, sorted Left ids, sorted Right ids).
        let mut key = std::mem::take(&mut self.scratch);
        key.clear();
        key.push(0);
        key.extend(left.iter().map(|g| g.0));
        key[1..].sort_unstable();
        let mut nl = 0;
        for i in 1..key.len() {
            if nl == 0 || key[i] != key[nl] {
                nl += 1;
                key[nl] = key[i];
            }
        }
        key.truncate(nl + 1);
        key[0] = nl as u32;
        let r0 = key.len();
        key.extend(right.iter().map(|g| g.0));
        key[r0..].sort_unstable();
        let mut end = r0;
        for i in r0..key.len() {
            if end == r0 || key[i] != key[end - 1] {
                key[end] = key[i];
                end += 1;
            }
        }
        key.truncate(end);
        let small = (key.len() <= 8).then(|| {
            let mut words = [u64::MAX; 4];
            for (i, &w) in key.iter().enumerate() {
                let shift = 32 * (i % 2);
                words[i / 2] = (words[i / 2] & !(0xffff_ffffu64 << shift)) | (w as u64) << shift;
            }
            words
        });
        let found = match &small {
            Some(words) => self.small_options_memo.get(words),
            None => self.options_memo.get(key.as_slice()).copied(),
        };
        if let Some(g) = found {
            self.scratch = key;
            return Ok(GameId(g));
        }
        let l: Vec<GameId> = key[1..r0].iter().map(|&i| GameId(i)).collect();
        let r: Vec<GameId> = key[r0..].iter().map(|&i| GameId(i)).collect();
        let result = self.simplify(l, r);
        if let Ok(g) = result {
            match small {
                Some(words) => self.small_options_memo.insert(words, g.0),
                None => {
                    if self.options_memo.len() >= super::arena::MAX_LONG_OPTION_SETS {
                        self.options_memo.clear();
                    }
                    self.options_memo.insert(key.as_slice().into(), g.0);
                }
            }
        }
        self.scratch = key;
        result
    }

    fn simplify(&mut self, l: Vec<GameId>, r: Vec<GameId>) -> Result<GameId, GameError> {
        self.poll_stop()?;
        if let Some(g) = self.number_options(&l, &r)? {
            return Ok(g);
        }
        let mut pending = Pending::new(l, r);
        loop {
            self.remove_dominated(&mut pending)?;
            if !self.bypass_reversible(&mut pending)? {
                break;
            }
        }
        self.intern(pending.left, pending.right)
    }

    /// The fast path when every option is a number: {a | b} with max a < min b is the
    /// simplest number between; otherwise the switch {max a | min b}.
    fn number_options(&mut self, l: &[GameId], r: &[GameId]) -> Result<Option<GameId>, GameError> {
        let nums = |arena: &Arena, side: &[GameId]| -> Option<Vec<(Dyadic, GameId)>> {
            side.iter()
                .map(|&g| arena.as_number(g).map(|x| (x, g)))
                .collect()
        };
        let (Some(ln), Some(rn)) = (nums(self, l), nums(self, r)) else {
            return Ok(None);
        };
        let max_l = ln.iter().copied().max();
        let min_r = rn.iter().copied().min();
        let value = match (max_l, min_r) {
            (None, None) => Dyadic::ZERO,
            (Some((a, _)), None) => {
                if a < Dyadic::ZERO {
                    Dyadic::ZERO
                } else {
                    Dyadic::from_int(a.floor().checked_add(1).ok_or(GameError::Overflow)?)
                }
            }
            (None, Some((b, _))) => {
                if b > Dyadic::ZERO {
                    Dyadic::ZERO
                } else {
                    Dyadic::from_int(b.ceil().checked_sub(1).ok_or(GameError::Overflow)?)
                }
            }
            (Some((a, ga)), Some((b, gb))) => {
                if a >= b {
                    // a hot switch: only the best option on each side survives, and none
                    // is reversible (a^R > a ≥ b is never ≤ {a | b})
                    return self.intern(vec![ga], vec![gb]).map(Some);
                }
                Dyadic::simplest_between(a, b)?
            }
        };
        self.number(value).map(Some)
    }

    /// Drops every Left option ≤ another Left option, every Right option ≥ another.
    fn remove_dominated(&mut self, p: &mut Pending) -> Result<(), Stopped> {
        p.left = self.maximal(&p.left, true)?;
        p.right = self.maximal(&p.right, false)?;
        Ok(())
    }

    /// The undominated options: for Left the maximal ones, for Right the minimal ones.
    fn maximal(&mut self, opts: &[GameId], left: bool) -> Result<Vec<GameId>, Stopped> {
        if opts.len() < 2 {
            return Ok(opts.to_vec());
        }
        // One pass against the undominated so far (usually one or two): the options are
        // distinct ids, hence distinct values, so a ≤ b here means a < b, and an option
        // dominated by a dropped one is dominated by the one that dropped it (transitivity).
        let mut keep: Vec<GameId> = Vec::with_capacity(opts.len());
        'outer: for &a in opts {
            let mut i = 0;
            while i < keep.len() {
                let k = keep[i];
                if self.dominated(a, k, left)? {
                    continue 'outer;
                }
                if self.dominated(k, a, left)? {
                    keep.swap_remove(i);
                } else {
                    i += 1;
                }
            }
            keep.push(a);
        }
        Ok(keep)
    }

    /// Whether the option `a` is dominated by `b`: a ≤ b for Left, a ≥ b for Right.
    #[inline]
    fn dominated(&mut self, a: GameId, b: GameId, left: bool) -> Result<bool, Stopped> {
        if left {
            self.le_polling(a, b)
        } else {
            self.le_polling(b, a)
        }
    }

    /// Replaces each reversible option by the options it reverses through: a Left option
    /// A with some A^R ≤ G is replaced by the Left options of A^R; dually for Right.
    /// Returns whether anything changed.
    fn bypass_reversible(&mut self, p: &mut Pending) -> Result<bool, Stopped> {
        let mut changed = false;
        let mut new_left = Vec::with_capacity(p.left.len());
        for i in 0..p.left.len() {
            let a = p.left[i];
            let mut reversed = None;
            let (s, n) = self.right_range(a);
            for k in s..s + n {
                let ar = self.options[k];
                if p.x_le_g(self, ar)? {
                    reversed = Some(ar);
                    break;
                }
            }
            match reversed {
                Some(ar) => {
                    changed = true;
                    new_left.extend_from_slice(self.left_options(ar));
                }
                None => new_left.push(a),
            }
        }
        let mut new_right = Vec::with_capacity(p.right.len());
        for i in 0..p.right.len() {
            let b = p.right[i];
            let mut reversed = None;
            let (s, n) = self.left_range(b);
            for k in s..s + n {
                let bl = self.options[k];
                if p.g_le_x(self, bl)? {
                    reversed = Some(bl);
                    break;
                }
            }
            match reversed {
                Some(bl) => {
                    changed = true;
                    new_right.extend_from_slice(self.right_options(bl));
                }
                None => new_right.push(b),
            }
        }
        if changed {
            new_left.sort_unstable();
            new_left.dedup();
            new_right.sort_unstable();
            new_right.dedup();
            p.left = new_left;
            p.right = new_right;
        }
        Ok(changed)
    }
}
