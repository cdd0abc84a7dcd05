//! The moves of a ruleset on one heap: the one move generator behind the reference values,
//! the fast engine's move lists and the playing services.
//!
//! The dependency goes one way: a [`Ruleset`] is the rules as written (a code, a subtraction
//! set), and this module turns it into moves; `ruleset.rs` knows nothing of moves
//! ([`Ruleset::moves`] is defined here, next to [`Moves::of`]).

use super::ruleset::Ruleset;

/// What a move leaves of a heap: the number of tokens taken and the heaps left (0 to 3 of
/// them, each non-empty, in ascending order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Leave {
    /// Tokens removed.
    pub take: u64,
    parts: [u64; 3],
    len: u8,
}

impl Leave {
    pub(crate) fn new(take: u64, parts: &[u64]) -> Leave {
        let mut p = [0; 3];
        p[..parts.len()].copy_from_slice(parts);
        p[..parts.len()].sort_unstable();
        Leave {
            take,
            parts: p,
            len: parts.len() as u8,
        }
    }

    /// The heaps left, ascending (empty when the heap vanished).
    pub fn parts(&self) -> &[u64] {
        &self.parts[..usize::from(self.len)]
    }
}

/// The moves of a ruleset on one heap, by the number of tokens removed.
///
/// # Examples
/// ```
/// use onag::heaps::Ruleset;
///
/// let kayles: Ruleset = "kayles".parse().unwrap();
/// let moves = kayles.moves();
/// let mut leaves = Vec::new();
/// moves.for_each_leave(3, |l| leaves.push((l.take, l.parts().to_vec())));
/// assert_eq!(
///     leaves,
///     [(1, vec![2]), (1, vec![1, 1]), (2, vec![1])]
/// );
/// assert_eq!(moves.max_heaps(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moves {
    /// `digits[i]`: the take-and-break digit for removing `i` tokens.
    pub(crate) digits: Vec<u8>,
    /// Splits must leave heaps of different sizes (Grundy's game).
    pub(crate) unequal: bool,
    /// Every `i ≥ tail` may be removed, leaving no heap or one (the all-but games).
    pub(crate) tail: Option<usize>,
}

impl Ruleset {
    /// The moves the ruleset allows, in the form the engines use ([`Moves::of`]).
    pub fn moves(&self) -> Moves {
        Moves::of(self)
    }
}

impl Moves {
    /// The moves of `ruleset`.
    pub fn of(ruleset: &Ruleset) -> Moves {
        match ruleset {
            Ruleset::Code(code) => Moves {
                digits: code.digits().to_vec(),
                unequal: false,
                tail: None,
            },
            Ruleset::Grundy => Moves {
                digits: vec![4],
                unequal: true,
                tail: None,
            },
            Ruleset::Subtraction(set) => {
                let max = set.last().map_or(0, |&s| s as usize);
                let mut digits = vec![0; max + 1];
                for &s in set {
                    digits[s as usize] = 3;
                }
                Moves {
                    digits,
                    unequal: false,
                    tail: None,
                }
            }
            Ruleset::AllBut(set) => {
                let max = set.last().map_or(0, |&s| s as usize);
                let mut digits = vec![0; max + 1];
                for (i, d) in digits.iter_mut().enumerate().skip(1) {
                    if set.binary_search(&(i as u32)).is_err() {
                        *d = 3;
                    }
                }
                Moves {
                    digits,
                    unequal: false,
                    tail: Some(max + 1),
                }
            }
        }
    }

    /// `t`: the largest number of tokens a finite code removes (the `t` of the periodicity
    /// theorem); `None` for all-but games, which remove any number.
    pub fn last_index(&self) -> Option<usize> {
        match self.tail {
            Some(_) => None,
            None => Some(self.digits.len() - 1),
        }
    }

    /// The most heaps one move leaves: 1, 2 or 3 (1 also for the game with no move).
    pub fn max_heaps(&self) -> usize {
        if self.digits.iter().any(|d| d & 8 != 0) {
            3
        } else if self.digits.iter().any(|d| d & 4 != 0) {
            2
        } else {
            1
        }
    }

    /// Whether splits must leave different sizes (Grundy's game).
    pub fn unequal(&self) -> bool {
        self.unequal
    }

    /// The `i` whose digit has bit `bit`.
    pub(crate) fn with_bit(&self, bit: u8) -> Vec<usize> {
        (0..self.digits.len())
            .filter(|&i| self.digits[i] & bit != 0)
            .collect()
    }

    /// Calls `f` with every way a move changes a heap of `n` tokens (each once).
    pub fn for_each_leave(&self, n: u64, mut f: impl FnMut(Leave)) {
        let top = (self.digits.len() as u64 - 1).min(n);
        for i in 0..=top {
            let d = self.digits[i as usize];
            let rest = n - i;
            if d & 1 != 0 && rest == 0 && i > 0 {
                f(Leave::new(i, &[]));
            }
            if d & 2 != 0 && rest >= 1 && i > 0 {
                f(Leave::new(i, &[rest]));
            }
            if d & 4 != 0 && rest >= 2 {
                for a in 1..=rest / 2 {
                    if !(self.unequal && 2 * a == rest) {
                        f(Leave::new(i, &[a, rest - a]));
                    }
                }
            }
            if d & 8 != 0 && rest >= 3 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        f(Leave::new(i, &[a, b, rest - a - b]));
                    }
                }
            }
        }
        if let Some(tail) = self.tail {
            for i in tail as u64..=n {
                let rest = n - i;
                let one = [rest];
                f(Leave::new(i, if rest == 0 { &[] } else { &one }));
            }
        }
    }

    /// The number of moves from a heap of `n` tokens (what [`Moves::for_each_leave`] visits),
    /// in closed form.
    pub fn count_leaves(&self, n: u64) -> u64 {
        let top = (self.digits.len() as u64 - 1).min(n);
        let mut count = 0u64;
        for i in 0..=top {
            let d = self.digits[i as usize];
            let rest = n - i;
            count += u64::from(d & 1 != 0 && rest == 0 && i > 0);
            count += u64::from(d & 2 != 0 && rest >= 1 && i > 0);
            if d & 4 != 0 && rest >= 2 {
                count += rest / 2 - u64::from(self.unequal && rest.is_multiple_of(2));
            }
            if d & 8 != 0 && rest >= 3 {
                // the partitions of `rest` into three positive parts: round(rest² / 12)
                count += (rest * rest + 6) / 12;
            }
        }
        if let Some(tail) = self.tail {
            count += (n + 1).saturating_sub(tail as u64);
        }
        count
    }
}
