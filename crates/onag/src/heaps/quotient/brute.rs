//! Misère outcomes of heap positions by the definition: a position is a P-position when it
//! has a move and every move leads to an N-position (a position with no move is an
//! N-position: the player to move cannot move and wins). Memoised over sorted multisets of
//! heap sizes; knows nothing of quotients.

use std::collections::HashMap;

use crate::heaps::Moves;

/// The misère outcomes of the positions of one ruleset, memoised.
///
/// # Examples
/// ```
/// use onag::heaps::quotient::brute::Outcomes;
///
/// let mut nim = Outcomes::new(&"nim".parse().unwrap());
/// assert!(nim.is_p(&[1]));       // take the last token and lose
/// assert!(!nim.is_p(&[]));       // no move: the mover wins
/// assert!(nim.is_p(&[2, 2]));    // nim-sum 0 with a heap above 1
/// assert!(nim.is_p(&[1, 1, 1]));
/// ```
pub struct Outcomes {
    moves: Moves,
    memo: HashMap<Vec<u64>, bool>,
}

impl Outcomes {
    /// The outcomes under `ruleset`.
    pub fn new(ruleset: &crate::heaps::Ruleset) -> Outcomes {
        Outcomes {
            moves: ruleset.moves(),
            memo: HashMap::new(),
        }
    }

    /// Positions computed so far.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether nothing was computed yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// Whether the position (heap sizes, any order, zeros allowed) is a misère P-position.
    pub fn is_p(&mut self, heaps: &[u64]) -> bool {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        self.eval(key)
    }

    fn eval(&mut self, key: Vec<u64>) -> bool {
        if let Some(&p) = self.memo.get(&key) {
            return p;
        }
        let mut options: Vec<Vec<u64>> = Vec::new();
        for (i, &h) in key.iter().enumerate() {
            if i > 0 && key[i - 1] == h {
                continue;
            }
            self.moves.for_each_leave(h, |leave| {
                let mut next: Vec<u64> = key.clone();
                next.remove(i);
                next.extend_from_slice(leave.parts());
                next.sort_unstable();
                options.push(next);
            });
        }
        let mut p = !options.is_empty();
        for o in options {
            if self.eval(o) {
                p = false;
                break;
            }
        }
        self.memo.insert(key, p);
        p
    }
}

/// Every position (ascending heap sizes, each in `1..=max_heap`) with total size at most
/// `total`, the empty position first.
pub fn positions(max_heap: usize, total: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    fn go(min: u64, max: u64, left: u64, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.push(cur.clone());
        for h in min..=max.min(left) {
            cur.push(h);
            go(h, max, left - h, cur, out);
            cur.pop();
        }
    }
    go(1, max_heap as u64, total as u64, &mut cur, &mut out);
    out
}
